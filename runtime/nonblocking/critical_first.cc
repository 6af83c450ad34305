// critical_first.cc: the receiver order of the critical-first run
// (HETCAST_ALGORITHM_CRITICAL_FIRST), the one change it makes to WRP (Wu,
// Yeh & Liu §4.4). Not from the paper. The planner answers a multi-source
// request with the earlier of WRP and this run (WRP on ties); pinned, each
// gives its own schedule.
//
// WR and WRP serve next the destination with the least virtual work W
// (Eqs. 5-6): they race to keep every node equally busy. But a node's
// receives run one at a time, so a destination with much receive work
// still ahead (the serial-work bound of lower_bound.h counts exactly that)
// finishes late unless it starts early. The critical-first run serves next
// the destination v with the least W(v) - Rem(v) / 2, Rem(v) the receive
// work R(v, m) summed over the messages v still waits for: destinations
// with long chains of receives ahead come first, and W still spreads the
// work. (The weight 1/2 was the best of 1/4, 1/2, 1 and 2 on the §5
// experiment, tools/experiments/nonblocking_experiment.cc.) Ties: the lower
// index. Everything else (the message and sender by earliest completion, WRP's
// preemptive send slots under its three rules, Eqs. 5-6) is WRP's, in
// work_racing.cc, so the schedule is valid for the same reasons, and the
// tests replay it with the evaluator (hetcast_nonblocking_evaluate) and compare
// it with the exhaustive optimum on tiny requests.
//
// Rem lives in s.dist (n entries), which the lower bounds use only after
// the plan is written.
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {

void CriticalFirstStart(const NonblockingProblem& nb,
                        const NonblockingScratch& s) {
  for (uint32_t v = 0; v < nb.n; ++v) s.dist[v] = 0;
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nonblocking_message& msg = nb.r->messages[m];
    for (size_t d = 0; d < msg.destination_count; ++d) {
      const uint32_t v = msg.destinations[d];
      s.dist[v] = TimeAdd(s.dist[v], nb.R(v, m));
    }
  }
}

// The least W(v) - Rem(v) / 2 over destinations still waiting, compared as
// 2 W(v) + Rem(u) < 2 W(u) + Rem(v) (no signs; sums clamp at
// HETCAST_NEVER, which only makes more ties).
uint32_t CriticalFirstReceiver(const NonblockingProblem& nb,
                               const NonblockingScratch& s) {
  uint32_t best = kNonblockingNone;
  for (uint32_t v = 0; v < nb.n; ++v) {
    if (s.remaining[v] == 0) continue;
    if (best == kNonblockingNone ||
        TimeAdd(TimeAdd(s.work[v], s.work[v]), s.dist[best]) <
            TimeAdd(TimeAdd(s.work[best], s.work[best]), s.dist[v])) {
      best = v;
    }
  }
  return best;
}

void CriticalFirstServed(const NonblockingProblem& nb,
                         const NonblockingScratch& s, uint32_t m, uint32_t i) {
  const uint64_t r = nb.R(i, m);
  s.dist[i] = s.dist[i] >= r ? s.dist[i] - r : 0;
}

}  // namespace internal
}  // namespace hetcast
