// evaluator.cc: the non-blocking model's rules applied to given task lists
// (Wu, Yeh & Liu §2-3): static checks, then a replay in which sends never
// wait and a receive waits for its message (docs/wu-yeh-liu-notes.md §2).
// Tests judge every heuristic through it, never through its own times.
#include <algorithm>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// Checks each task on its own and indexes it in s.send_task / s.recv_task
// by (message, receiver); a transfer listed twice is rejected.
hetcast_status NonblockingIndexTasks(const NonblockingProblem& nb,
                                     const NonblockingScratch& s,
                                     const hetcast_nonblocking_task* tasks,
                                     const size_t* list_begin,
                                     const char** why) {
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  for (size_t c = 0; c < cells; ++c) {
    s.send_task[c] = kNonblockingNone;
    s.recv_task[c] = kNonblockingNone;
  }
  for (uint32_t v = 0; v < nb.n; ++v) {
    for (size_t t = list_begin[v]; t < list_begin[v + 1]; ++t) {
      const hetcast_nonblocking_task& x = tasks[t];
      if (x.node != v || x.partner >= nb.n || x.partner == v ||
          x.message >= nb.k || x.op > HETCAST_NONBLOCKING_RECV) {
        return Reject(HETCAST_INVALID_SCHEDULE,
                      "a task is in another node's list, or its partner, "
                      "message or op is out of range",
                      why);
      }
      const uint32_t sender = x.op == HETCAST_NONBLOCKING_SEND ? v : x.partner;
      const uint32_t receiver =
          x.op == HETCAST_NONBLOCKING_SEND ? x.partner : v;
      if (!nb.Holds(x.message, sender) || !nb.Dest(x.message, receiver)) {
        return Reject(HETCAST_INVALID_SCHEDULE,
                      "a task moves a message from a node that never holds "
                      "it, or to a node that is not its destination",
                      why);
      }
      uint32_t& slot =
          (x.op == HETCAST_NONBLOCKING_SEND
               ? s.send_task
               : s.recv_task)[static_cast<size_t>(x.message) * nb.n + receiver];
      if (slot != kNonblockingNone) {
        return Reject(HETCAST_INVALID_SCHEDULE,
                      "a send or receive of one message to one node is "
                      "listed twice",
                      why);
      }
      slot = static_cast<uint32_t>(t);
    }
  }
  return HETCAST_OK;
}

// Every destination receives once, from the sender whose send matches; a
// relay's send comes after its own receive of the message.
hetcast_status NonblockingCheckPairs(const NonblockingProblem& nb,
                                     const NonblockingScratch& s,
                                     const hetcast_nonblocking_task* tasks,
                                     const size_t* list_begin,
                                     const char** why) {
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nonblocking_message& msg = nb.r->messages[m];
    for (size_t d = 0; d < msg.destination_count; ++d) {
      const size_t c = static_cast<size_t>(m) * nb.n + msg.destinations[d];
      if (s.send_task[c] == kNonblockingNone ||
          s.recv_task[c] == kNonblockingNone ||
          tasks[s.send_task[c]].node != tasks[s.recv_task[c]].partner) {
        return Reject(HETCAST_INVALID_SCHEDULE,
                      "a destination lacks the send or the receive of a "
                      "message, or they name different senders",
                      why);
      }
    }
  }
  for (uint32_t v = 0; v < nb.n; ++v) {
    for (size_t t = list_begin[v]; t < list_begin[v + 1]; ++t) {
      const hetcast_nonblocking_task& x = tasks[t];
      if (x.op != HETCAST_NONBLOCKING_SEND ||
          v == nb.r->messages[x.message].source) {
        continue;
      }
      const uint32_t own =
          s.recv_task[static_cast<size_t>(x.message) * nb.n + v];
      if (own == kNonblockingNone || own > t) {
        return Reject(HETCAST_INVALID_SCHEDULE,
                      "a relay sends a message before its own receive of it",
                      why);
      }
    }
  }
  return HETCAST_OK;
}

// Runs every node as far as it can; a receive waits for its send, and the
// send wakes its receiver. Lists that deadlock leave tasks unexecuted.
hetcast_status NonblockingReplay(const NonblockingProblem& nb,
                                 const NonblockingScratch& s,
                                 hetcast_nonblocking_task* tasks,
                                 size_t task_count, const size_t* list_begin,
                                 uint64_t* completion, const char** why) {
  for (uint32_t v = 0; v < nb.n; ++v) {
    s.cursor[v] = static_cast<uint32_t>(list_begin[v]);
    s.avail[v] = 0;
  }
  for (size_t t = 0; t < task_count; ++t) s.executed[t] = 0;
  size_t executed = 0, depth = 0;
  for (uint32_t v = 0; v < nb.n; ++v) s.stack[depth++] = v;
  *completion = 0;
  while (depth > 0) {
    const uint32_t v = s.stack[--depth];
    while (s.cursor[v] < list_begin[v + 1]) {
      const uint32_t t = s.cursor[v];
      hetcast_nonblocking_task& x = tasks[t];
      if (x.op == HETCAST_NONBLOCKING_SEND) {
        x.start = s.avail[v];
        x.end = TimeAdd(x.start, nb.S(v, x.message));
        x.arrival = TimeAdd(x.end, nb.X(v, x.partner, x.message));
        s.avail[v] = x.end;
        // Wake the receiver if it is blocked on exactly this receive.
        const uint32_t r =
            s.recv_task[static_cast<size_t>(x.message) * nb.n + x.partner];
        if (s.cursor[x.partner] == r) s.stack[depth++] = x.partner;
      } else {
        const uint32_t from =
            s.send_task[static_cast<size_t>(x.message) * nb.n + v];
        if (!s.executed[from]) break;  // Blocked.
        x.start = s.avail[v];
        x.arrival = tasks[from].arrival;
        x.end = TimeAdd(std::max(x.start, x.arrival), nb.R(v, x.message));
        s.avail[v] = x.end;
        *completion = std::max(*completion, x.end);
      }
      s.executed[t] = 1;
      ++executed;
      ++s.cursor[v];
    }
  }
  if (executed != task_count) {
    return Reject(HETCAST_INVALID_SCHEDULE,
                  "the task lists deadlock: a receive waits for a send that "
                  "never runs",
                  why);
  }
  return HETCAST_OK;
}

}  // namespace

hetcast_status NonblockingEvaluate(const NonblockingProblem& nb,
                                   const NonblockingScratch& s,
                                   hetcast_nonblocking_task* tasks,
                                   size_t task_count, const size_t* list_begin,
                                   uint64_t* completion, const char** why) {
  bool rises = list_begin[0] == 0 && list_begin[nb.n] == task_count;
  for (uint32_t v = 0; v < nb.n; ++v) {
    rises = rises && list_begin[v] <= list_begin[v + 1];
  }
  if (task_count != 2 * nb.total || !rises) {
    return Reject(HETCAST_INVALID_SCHEDULE,
                  "task_count is not two tasks per destination of each "
                  "message, or list_begin does not rise from 0 to it",
                  why);
  }
  hetcast_status status = NonblockingIndexTasks(nb, s, tasks, list_begin, why);
  if (status != HETCAST_OK) return status;
  status = NonblockingCheckPairs(nb, s, tasks, list_begin, why);
  if (status != HETCAST_OK) return status;
  return NonblockingReplay(nb, s, tasks, task_count, list_begin, completion,
                           why);
}

}  // namespace internal
}  // namespace hetcast
