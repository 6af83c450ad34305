// task_lists.cc: the heuristics' results written as the task lists of Wu,
// Yeh & Liu §3 (one ordered list per node), in hetcast_nonblocking_plan's
// layout: node 0's tasks, then node 1's, ..., delimited by list_begin.
#include <algorithm>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {

uint64_t NonblockingListsFromDecisions(const NonblockingProblem& nb,
                                       const NonblockingScratch& s,
                                       size_t count,
                                       hetcast_nonblocking_task* tasks,
                                       size_t* list_begin) {
  // Count each node's tasks, then place them through per-node cursors.
  for (uint32_t v = 0; v <= nb.n; ++v) list_begin[v] = 0;
  for (size_t d = 0; d < count; ++d) {
    ++list_begin[s.decisions[d].sender + 1];
    ++list_begin[s.decisions[d].receiver + 1];
  }
  for (uint32_t v = 0; v < nb.n; ++v) list_begin[v + 1] += list_begin[v];
  for (uint32_t v = 0; v < nb.n; ++v) {
    s.cursor[v] = static_cast<uint32_t>(list_begin[v]);
  }
  uint64_t completion = 0;
  for (size_t d = 0; d < count; ++d) {
    const NonblockingDecision& x = s.decisions[d];
    tasks[s.cursor[x.sender]++] =
        hetcast_nonblocking_task{HETCAST_NONBLOCKING_SEND,
                                 x.sender,
                                 x.receiver,
                                 x.message,
                                 x.send_start,
                                 x.arrival,
                                 x.send_end};
    tasks[s.cursor[x.receiver]++] =
        hetcast_nonblocking_task{HETCAST_NONBLOCKING_RECV,
                                 x.receiver,
                                 x.sender,
                                 x.message,
                                 x.recv_start,
                                 x.arrival,
                                 x.recv_end};
    completion = std::max(completion, x.recv_end);
  }
  return completion;
}

uint64_t NonblockingListsFromWrp(const NonblockingProblem& nb,
                                 const NonblockingScratch& s,
                                 hetcast_nonblocking_task* tasks,
                                 size_t* list_begin) {
  uint64_t completion = 0;
  size_t w = 0;
  for (uint32_t v = 0; v < nb.n; ++v) {
    if (tasks != nullptr) list_begin[v] = w;
    for (uint32_t t = s.head[v]; t != kNonblockingNone; t = s.next[t]) {
      if (tasks != nullptr) tasks[w++] = s.pool[t];
      if (s.pool[t].op == HETCAST_NONBLOCKING_RECV) {
        completion = std::max(completion, s.pool[t].end);
      }
    }
  }
  if (tasks != nullptr) list_begin[nb.n] = w;
  return completion;
}

}  // namespace internal
}  // namespace hetcast
