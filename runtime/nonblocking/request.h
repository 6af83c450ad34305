// request.h: the validated request of Wu, Yeh & Liu's multi-source
// multicast with non-blocking sends (request.cc), with what the model's
// files share on it: the scratch arrays, the timing of one transfer (§2,
// Eqs. 3-4) and the tie rule, and each phase's entry.
// docs/wu-yeh-liu-notes.md records how the paper was read.
//
// Names here live in hetcast::internal next to the other models' helpers, so
// they carry an NonblockingProblem (or algorithm) prefix: the runtime may be
// compiled as one translation unit.
#ifndef HETCAST_RUNTIME_NONBLOCKING_REQUEST_H_
#define HETCAST_RUNTIME_NONBLOCKING_REQUEST_H_

#include <stddef.h>
#include <stdint.h>

#include <algorithm>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/saturating.h"

namespace hetcast {
namespace internal {

constexpr uint32_t kNonblockingNone = UINT32_MAX;

// A validated request with the model's costs (Eq. 1) for message m.
struct NonblockingProblem {
  const hetcast_nonblocking_request* r;
  uint32_t n, k;
  size_t total;      // Destinations over all messages.
  uint32_t* member;  // [k * n + v]: index of v in D_k, or kNonblockingNone.
  uint64_t S(uint32_t i, uint32_t m) const {
    return TimeAdd(r->send_fixed[i],
                   TimeMul(r->send_per_byte[i], r->messages[m].length));
  }
  uint64_t R(uint32_t i, uint32_t m) const {
    return TimeAdd(r->recv_fixed[i],
                   TimeMul(r->recv_per_byte[i], r->messages[m].length));
  }
  uint64_t X(uint32_t i, uint32_t j, uint32_t m) const {
    return TimeMul(r->link_per_byte[static_cast<size_t>(i) * n + j],
                   r->messages[m].length);
  }
  bool Dest(uint32_t m, uint32_t v) const {
    return member[static_cast<size_t>(m) * n + v] != kNonblockingNone;
  }
  bool Holds(uint32_t m, uint32_t v) const {  // May hold m: source or dest.
    return v == r->messages[m].source || Dest(m, v);
  }
};

// FEF/ECF: a row (message m, sender j) with its best receiver i and that
// transfer's value (fef_ecf.cc).
struct NonblockingRow {
  uint64_t value;
  uint32_t m, j, i;
};

// One transfer chosen by FEF, ECF or WR, with its times.
struct NonblockingDecision {
  uint32_t message, sender, receiver;
  uint64_t send_start, send_end, arrival, recv_start, recv_end;
};

struct NonblockingScratch {
  uint32_t* member;
  uint8_t* informed;    // [k * n + v]: v holds (or is scheduled to hold) m.
  uint64_t* avail;      // n
  uint64_t* work;       // n: WR's virtual time W.
  uint64_t* vwork;      // [k * n + v]: W of v right after it received m.
  uint32_t* remaining;  // n: messages v still has to receive (WR).
  NonblockingDecision* decisions;  // total
  uint64_t* dist;                  // n (lower bound)
  uint8_t* done;                   // n (lower bound)
  uint64_t* release;  // 2 * k per destination at a time (lower bound)
  uint32_t* cursor;   // n + 1 (evaluator)
  uint32_t*
      send_task;  // [k * n + v]: index of the send into v, or kNonblockingNone
  uint32_t* recv_task;  // [k * n + v]
  uint8_t* executed;    // tasks
  uint32_t* stack;      // n + total
  // WRP: per-node task lists as linked lists of pool entries.
  hetcast_nonblocking_task* pool;  // 2 * total
  uint32_t* next;                  // 2 * total
  uint32_t* head;                  // n
  uint32_t* tail;                  // n
  uint32_t* last_send;             // n
  NonblockingRow* rows;            // k + total (FEF/ECF heap)
};

// The timing of a transfer j -> i of message m (the paper leaves the order
// open): it is timed from the state before it, arrival = Avail[j] + S(j, l)
// + X(j, i) l (Eq. 3), completion = max(arrival, Avail[i]) + R(i, l)
// (Eq. 4); then Avail[j] += S(j, l), Avail[i] = completion. WR's pseudo-code
// updates Avail[j] first, which would count S twice.
inline uint64_t NonblockingCompleteTime(const NonblockingProblem& nb,
                                        const NonblockingScratch& s, uint32_t m,
                                        uint32_t j, uint32_t i) {
  const uint64_t arrival =
      TimeAdd(TimeAdd(s.avail[j], nb.S(j, m)), nb.X(j, i, m));
  return TimeAdd(std::max(arrival, s.avail[i]), nb.R(i, m));
}

// Records the transfer j -> i of message m at the current availabilities;
// tasks reach the lists in the order of these calls.
inline void NonblockingCommit(const NonblockingProblem& nb,
                              const NonblockingScratch& s, size_t* count,
                              uint32_t m, uint32_t j, uint32_t i) {
  NonblockingDecision& d = s.decisions[(*count)++];
  d.message = m;
  d.sender = j;
  d.receiver = i;
  d.send_start = s.avail[j];
  d.send_end = TimeAdd(s.avail[j], nb.S(j, m));
  d.arrival = TimeAdd(d.send_end, nb.X(j, i, m));
  d.recv_start = s.avail[i];
  d.recv_end = TimeAdd(std::max(d.arrival, s.avail[i]), nb.R(i, m));
  s.avail[j] = d.send_end;
  s.avail[i] = d.recv_end;
  s.informed[static_cast<size_t>(m) * nb.n + i] = 1;
}

// Ties, which the paper does not break: by (value, message index, sender,
// receiver), smallest first.
struct NonblockingBest {
  uint64_t value = ~uint64_t{0};
  uint32_t m = kNonblockingNone, j = kNonblockingNone, i = kNonblockingNone;
  void Offer(uint64_t v, uint32_t mm, uint32_t jj, uint32_t ii) {
    if (v < value ||
        (v == value &&
         (mm < m || (mm == m && (jj < j || (jj == j && ii < i)))))) {
      value = v;
      m = mm;
      j = jj;
      i = ii;
    }
  }
};

// What a check of a non-blocking request found wrong: the part of the
// request (hetcast_nonblocking_check's `*rejection`) and the reason (its
// `*why`).
struct NonblockingRejection {
  hetcast_nonblocking_rejection where;
  const char* reason;
};

// request.cc: checks the request's shape and sizes, reading no per-node
// array (hetcast_nonblocking_plan_sizes); `rejection` (optional) says what
// failed (hetcast_nonblocking_check).
hetcast_status NonblockingShape(const hetcast_nonblocking_request* r,
                                NonblockingProblem* nb,
                                NonblockingRejection* rejection = nullptr);
// request.cc: NonblockingShape, then every overhead and link time at most
// HETCAST_MAX_COST (no membership yet).
hetcast_status NonblockingChecked(const hetcast_nonblocking_request* r,
                                  NonblockingProblem* nb,
                                  NonblockingRejection* rejection = nullptr);
// request.cc: carves the scratch arrays; false when the arena is too small.
bool NonblockingCarve(const NonblockingProblem& nb, Arena* a,
                      NonblockingScratch* s);
// request.cc: NonblockingChecked, NonblockingCarve from `workspace`, then the
// membership table.
hetcast_status NonblockingPrepare(const hetcast_nonblocking_request* r,
                                  void* workspace, size_t size,
                                  NonblockingProblem* nb, NonblockingScratch* s,
                                  NonblockingRejection* rejection = nullptr);
// request.cc: the start state of every heuristic: only sources informed.
void NonblockingResetState(const NonblockingProblem& nb,
                           const NonblockingScratch& s);

// fef_ecf.cc: FEF (§4.1) or ECF (§4.2) into s.decisions; returns the count.
size_t RunFefOrEcf(const NonblockingProblem& nb, const NonblockingScratch& s,
                   bool fef);
// work_racing.cc: WR (§4.3) into s.decisions; returns the count.
size_t RunWr(const NonblockingProblem& nb, const NonblockingScratch& s);
// work_racing.cc: WRP (§4.4) into the linked lists s.pool, s.head, s.next;
// recv_of[k * n + v] is set to v's receive of m. Returns the transfer count.
// With `critical_first`, the receivers come in critical_first.cc's order
// instead of Step 1's (HETCAST_ALGORITHM_CRITICAL_FIRST).
size_t RunWrp(const NonblockingProblem& nb, const NonblockingScratch& s,
              uint32_t* recv_of, bool critical_first = false);
// critical_first.cc: the receiver order of the critical-first run, which
// keeps each node's remaining receive work in s.dist.
void CriticalFirstStart(const NonblockingProblem& nb,
                        const NonblockingScratch& s);
uint32_t CriticalFirstReceiver(const NonblockingProblem& nb,
                               const NonblockingScratch& s);
void CriticalFirstServed(const NonblockingProblem& nb,
                         const NonblockingScratch& s, uint32_t m, uint32_t i);

// task_lists.cc: writes FEF/ECF/WR's decisions as node lists (each node's
// tasks in decision order); returns the last receive's end.
uint64_t NonblockingListsFromDecisions(const NonblockingProblem& nb,
                                       const NonblockingScratch& s,
                                       size_t count,
                                       hetcast_nonblocking_task* tasks,
                                       size_t* list_begin);
// task_lists.cc: writes WRP's linked lists as node lists (none when `tasks`
// is null); returns the last receive's end.
uint64_t NonblockingListsFromWrp(const NonblockingProblem& nb,
                                 const NonblockingScratch& s,
                                 hetcast_nonblocking_task* tasks,
                                 size_t* list_begin);

// nonblocking_api.cc: hetcast_nonblocking_plan_sizes of a shaped request
// (NonblockingShape).
void NonblockingPlanSizes(const NonblockingProblem& nb,
                          hetcast_nonblocking_sizes* sizes);

// nonblocking_api.cc: the planner's default (hetcast.h, "The planner"),
// arguments as hetcast_nonblocking_plan's, for tools that compare it with the
// pinned algorithms: the algorithm table's first row, then its other
// default rows in the same workspace, each of which answers instead when
// it completes strictly earlier (answer->algorithm says which answered;
// algorithms.h).
hetcast_status NonblockingPlanEarliest(
    const hetcast_nonblocking_request* request, void* workspace,
    size_t workspace_size, hetcast_nonblocking_task* tasks,
    size_t task_capacity, size_t* list_begin, hetcast_answer* answer);

// evaluator.cc: checks and replays task lists (see
// hetcast_nonblocking_evaluate), rewriting their times; on success
// `*completion` is the last receive's end, else the rule the lists break is
// in `*why` (optional).
hetcast_status NonblockingEvaluate(const NonblockingProblem& nb,
                                   const NonblockingScratch& s,
                                   hetcast_nonblocking_task* tasks,
                                   size_t task_count, const size_t* list_begin,
                                   uint64_t* completion, const char** why);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NONBLOCKING_REQUEST_H_
