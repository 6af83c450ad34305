// fef_ecf.cc: Fastest-Edge-First and Earliest-Completion-First (Wu, Yeh &
// Liu §4.1-4.2, after Bhat et al.), adapted to several sources: each step
// takes, over every message, the informed sender and uninformed destination
// with the cheapest edge (FEF, Eq. 1) or the earliest completion (ECF,
// Eq. 4), ties by (value, message, sender, receiver) as NonblockingBest.
//
// Scanning every (message, sender, receiver) triple at every step costs
// O(total * sum of d_m^2): a 4096-node broadcast took about 100 s. Instead
// each row (message m, sender j holding m) keeps its best receiver in a
// binary heap ordered as NonblockingBest. A row's true best never improves:
// FEF's values are fixed, ECF's only grow (Avail only grows), and receivers
// only leave a row as they become informed. So a row's stored entry is a lower
// bound of its true best: the heap's top, recomputed, is the step's choice
// when it is unchanged (every other row is at least its stored entry, which
// is at least the top); otherwise it goes back with its true best. The
// choices are those of the full scan (tests/oracles/nonblocking_full_scan.cc).
#include <algorithm>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {
namespace {

// Heap order: the greater entry sinks; the top is NonblockingBest's choice.
bool NonblockingRowAfter(const NonblockingRow& a, const NonblockingRow& b) {
  if (a.value != b.value) return a.value > b.value;
  if (a.m != b.m) return a.m > b.m;
  if (a.j != b.j) return a.j > b.j;
  return a.i > b.i;
}

// Row (m, j)'s best uninformed destination now; i = kNonblockingNone when none
// is left.
NonblockingRow NonblockingRowBest(const NonblockingProblem& nb,
                                  const NonblockingScratch& s, bool fef,
                                  uint32_t m, uint32_t j) {
  const hetcast_nonblocking_message& msg = nb.r->messages[m];
  const uint8_t* informed = s.informed + static_cast<size_t>(m) * nb.n;
  NonblockingBest best;
  for (size_t b = 0; b < msg.destination_count; ++b) {
    const uint32_t i = msg.destinations[b];
    if (informed[i]) continue;
    const uint64_t value =
        fef ? TimeAdd(TimeAdd(nb.S(j, m), nb.X(j, i, m)), nb.R(i, m))
            : NonblockingCompleteTime(nb, s, m, j, i);
    best.Offer(value, m, j, i);
  }
  return NonblockingRow{best.value, m, j, best.i};
}

void NonblockingRowPush(const NonblockingScratch& s, size_t* size,
                        const NonblockingRow& row) {
  if (row.i == kNonblockingNone) return;  // Nothing left to send on this row.
  s.rows[(*size)++] = row;
  std::push_heap(s.rows, s.rows + *size, NonblockingRowAfter);
}

}  // namespace

size_t RunFefOrEcf(const NonblockingProblem& nb, const NonblockingScratch& s,
                   bool fef) {
  size_t count = 0, size = 0;
  for (uint32_t m = 0; m < nb.k; ++m) {
    NonblockingRowPush(
        s, &size, NonblockingRowBest(nb, s, fef, m, nb.r->messages[m].source));
  }
  // Each row is in the heap at most once: at most k + total entries.
  while (count < nb.total && size > 0) {
    std::pop_heap(s.rows, s.rows + size, NonblockingRowAfter);
    const NonblockingRow stored = s.rows[--size];
    const NonblockingRow now =
        NonblockingRowBest(nb, s, fef, stored.m, stored.j);
    if (now.i != stored.i || now.value != stored.value) {
      NonblockingRowPush(s, &size, now);  // Stale: back with its true best.
      continue;
    }
    NonblockingCommit(nb, s, &count, now.m, now.j, now.i);
    // The stored entry still bounds the row from below; the receiver now
    // holds the message and opens a row of its own.
    NonblockingRowPush(s, &size, stored);
    NonblockingRowPush(s, &size, NonblockingRowBest(nb, s, fef, now.m, now.i));
  }
  return count;
}

}  // namespace internal
}  // namespace hetcast
