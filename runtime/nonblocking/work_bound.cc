// work_bound.cc: the serial-work lower bound of the non-blocking model
// (HETCAST_BOUND_NONBLOCKING_SERIAL_WORK; proof in lower_bound.h, item 3): each
// node's own jobs one at a time, and everybody's work between the time each
// node can start and the completion.
#include <algorithm>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/lower_bound.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {
namespace {

// Node v's receives (released at their earliest-reach arrivals) and one
// send of each message it is the source of, on one machine.
uint64_t NonblockingNodeMakespan(const NonblockingProblem& nb,
                                 const NonblockingScratch& s, uint32_t v) {
  size_t jobs = 0;
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nonblocking_message& msg = nb.r->messages[m];
    if (nb.Dest(m, v)) {
      s.release[2 * jobs] = s.vwork[static_cast<size_t>(m) * nb.n + v];
      s.release[2 * jobs + 1] = nb.R(v, m);
      ++jobs;
    } else if (msg.source == v && msg.destination_count > 0) {
      s.release[2 * jobs] = 0;
      s.release[2 * jobs + 1] = nb.S(v, m);
      ++jobs;
    }
  }
  return NonblockingReleaseMakespan(s.release, jobs);
}

// W and what is left of it while the nodes fill it: hi 2^64 + lo, since W
// may pass 64 bits while T fits (up to HETCAST_NONBLOCKING_MAX_NODES nodes
// share it). Multipliers and divisors are node or destination counts, below
// 2^32, which keeps each partial product within 64 bits.
struct NonblockingWide {
  uint64_t hi = 0, lo = 0;
  void Add(uint64_t x) {
    lo += x;
    hi += lo < x ? 1 : 0;
  }
  void Add(const NonblockingWide& x) {
    Add(x.lo);
    hi += x.hi;
  }
  void Sub(const NonblockingWide& x) {  // x <= *this.
    hi -= x.hi + (lo < x.lo ? 1 : 0);
    lo -= x.lo;
  }
  bool AtMost(const NonblockingWide& x) const {
    return hi != x.hi ? hi < x.hi : lo <= x.lo;
  }
};

// x k, k < 2^32.
NonblockingWide NonblockingWideTimes(uint64_t x, uint64_t k) {
  const uint64_t upper = (x >> 32) * k, lower = (x & 0xffffffffu) * k;
  NonblockingWide w{upper >> 32, upper << 32};
  w.Add(lower);
  return w;
}

// ceil(w / k), 1 <= k < 2^32, by 32-bit digits; HETCAST_NEVER when it is
// 2^64 - 1 or more.
uint64_t NonblockingWideCeilDiv(const NonblockingWide& w, uint64_t k) {
  if (w.hi >= k) return HETCAST_NEVER;
  uint64_t quotient = 0, rest = w.hi;  // rest < k: each digit < 2^32.
  for (const int shift : {32, 0}) {
    const uint64_t part = (rest << 32) | ((w.lo >> shift) & 0xffffffffu);
    quotient = (quotient << 32) | (part / k);
    rest = part % k;
  }
  return TimeAdd(quotient, rest != 0 ? 1 : 0);
}

// W: every message's receives, the source's send and d - 1 more sends at
// the least send cost of its holders. A cost clamped at HETCAST_NEVER
// makes some node's own makespan HETCAST_NEVER, so the bound is then
// HETCAST_NEVER whatever W is.
NonblockingWide NonblockingLeastWork(const NonblockingProblem& nb) {
  NonblockingWide work;
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nonblocking_message& msg = nb.r->messages[m];
    if (msg.destination_count == 0) continue;
    uint64_t cheapest = nb.S(msg.source, m);
    work.Add(cheapest);
    for (size_t a = 0; a < msg.destination_count; ++a) {
      work.Add(nb.R(msg.destinations[a], m));
      cheapest = std::min(cheapest, nb.S(msg.destinations[a], m));
    }
    work.Add(NonblockingWideTimes(cheapest, msg.destination_count - 1));
  }
  return work;
}

// b_v for every node that takes part (lower_bound.h), into `begin`;
// returns how many.
size_t NonblockingWorkBegins(const NonblockingProblem& nb,
                             const NonblockingScratch& s, uint64_t* begin) {
  size_t count = 0;
  for (uint32_t v = 0; v < nb.n; ++v) {
    uint64_t b = HETCAST_NEVER;
    bool takes_part = false;
    for (uint32_t m = 0; m < nb.k; ++m) {
      const hetcast_nonblocking_message& msg = nb.r->messages[m];
      if (msg.source == v && msg.destination_count > 0) {
        b = 0;
        takes_part = true;
      } else if (nb.Dest(m, v)) {
        b = std::min(b, s.vwork[static_cast<size_t>(m) * nb.n + v]);
        takes_part = true;
      }
    }
    if (takes_part) begin[count++] = b;
  }
  return count;
}

// The least integer T >= the earliest begin with sum_v max(0, T - begin[v])
// >= work, exactly: between consecutive begins b_k <= b_{k+1}, the k nodes
// that have begun fill k (b_{k+1} - b_k) ticks of work.
uint64_t NonblockingFillTime(uint64_t* begin, size_t count,
                             NonblockingWide work) {
  if (count == 0) return 0;  // No node takes part: no work either.
  std::make_heap(begin, begin + count);
  std::sort_heap(begin, begin + count);
  for (size_t k = 1;; ++k) {
    if (k == count)
      return TimeAdd(begin[k - 1], NonblockingWideCeilDiv(work, k));
    const NonblockingWide filled =
        NonblockingWideTimes(begin[k] - begin[k - 1], k);
    if (work.AtMost(filled)) {
      return begin[k - 1] + NonblockingWideCeilDiv(work, k);  // <= begin[k].
    }
    work.Sub(filled);
  }
}

}  // namespace

uint64_t NonblockingSerialWorkBound(const NonblockingProblem& nb,
                                    const NonblockingScratch& s) {
  uint64_t bound = 0;
  for (uint32_t v = 0; v < nb.n; ++v) {
    bound = std::max(bound, NonblockingNodeMakespan(nb, s, v));
  }
  const size_t count = NonblockingWorkBegins(nb, s, s.work);
  return std::max(bound,
                  NonblockingFillTime(s.work, count, NonblockingLeastWork(nb)));
}

}  // namespace internal
}  // namespace hetcast
