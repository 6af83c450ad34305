// lower_bound.cc: the lower bound of Wu, Yeh & Liu §3.1 (Definition 1,
// Eq. 2) in the idealised model where a node sends and receives at once,
// and the choice among the model's bounds (lower_bound.h).
//
// Receives at a destination are taken in order of arrival (L[k, i] -
// R(i, l_k)), the optimal order for one machine with release dates. The
// paper orders by L itself ("earliest-reach-first"), which with unequal
// lengths can exceed the optimum (arrival 0 with R 10, arrival 1 with R 1:
// by L 12, by arrival 11), so it is not used.
#include "runtime/nonblocking/lower_bound.h"

#include <algorithm>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {
namespace {

// Per message: Dijkstra from the source over source + destinations. dist[]
// holds the earliest time a node holds m (after its receive); `arrival`
// ([k * n + v]) gets L - R at each destination, the idealised arrival.
void NonblockingIdealArrivals(const NonblockingProblem& nb,
                              const NonblockingScratch& s, uint64_t* arrival) {
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  for (size_t c = 0; c < cells; ++c) arrival[c] = HETCAST_NEVER;
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nonblocking_message& msg = nb.r->messages[m];
    const size_t count = msg.destination_count + 1;
    auto node = [&](size_t a) {
      return a == 0 ? msg.source : msg.destinations[a - 1];
    };
    for (size_t a = 0; a < count; ++a) {
      s.dist[a] = a == 0 ? 0 : HETCAST_NEVER;
      s.done[a] = 0;
    }
    for (size_t round = 0; round < count; ++round) {
      size_t u = count;
      for (size_t a = 0; a < count; ++a) {
        if (!s.done[a] && (u == count || s.dist[a] < s.dist[u])) u = a;
      }
      if (u == count || s.dist[u] == HETCAST_NEVER) break;
      s.done[u] = 1;
      const uint32_t from = node(u);
      for (size_t b = 1; b < count; ++b) {
        if (s.done[b]) continue;
        const uint32_t to = node(b);
        const uint64_t at =
            TimeAdd(TimeAdd(s.dist[u], nb.S(from, m)), nb.X(from, to, m));
        arrival[static_cast<size_t>(m) * nb.n + to] =
            std::min(arrival[static_cast<size_t>(m) * nb.n + to], at);
        s.dist[b] = std::min(s.dist[b], TimeAdd(at, nb.R(to, m)));
      }
    }
  }
}

// Eq. 2 at destination v: its receives in order of arrival (release dates).
uint64_t NonblockingReceiveFinish(const NonblockingProblem& nb,
                                  const NonblockingScratch& s,
                                  const uint64_t* arrival, uint32_t v) {
  size_t jobs = 0;
  for (uint32_t m = 0; m < nb.k; ++m) {
    if (!nb.Dest(m, v)) continue;
    s.release[2 * jobs] = arrival[static_cast<size_t>(m) * nb.n + v];
    s.release[2 * jobs + 1] = nb.R(v, m);
    ++jobs;
  }
  return NonblockingReleaseMakespan(s.release, jobs);
}

}  // namespace

uint64_t NonblockingReleaseMakespan(uint64_t* jobs, size_t count) {
  // Insertion sort of (release, length) pairs by release.
  for (size_t a = 1; a < count; ++a) {
    const uint64_t r = jobs[2 * a], p = jobs[2 * a + 1];
    size_t b = a;
    for (; b > 0 && jobs[2 * (b - 1)] > r; --b) {
      jobs[2 * b] = jobs[2 * (b - 1)];
      jobs[2 * b + 1] = jobs[2 * (b - 1) + 1];
    }
    jobs[2 * b] = r;
    jobs[2 * b + 1] = p;
  }
  uint64_t t = 0;
  for (size_t a = 0; a < count; ++a) {
    t = TimeAdd(std::max(t, jobs[2 * a]), jobs[2 * a + 1]);
  }
  return t;
}

uint64_t NonblockingEarliestReachBound(const NonblockingProblem& nb,
                                       const NonblockingScratch& s) {
  uint64_t* arrival = s.vwork;  // Reused: [k * n + v] idealised arrival.
  NonblockingIdealArrivals(nb, s, arrival);
  uint64_t bound = 0;
  for (uint32_t v = 0; v < nb.n; ++v) {
    bound = std::max(bound, NonblockingReceiveFinish(nb, s, arrival, v));
  }
  return bound;
}

uint64_t NonblockingLowerBound(const NonblockingProblem& nb,
                               const NonblockingScratch& s,
                               hetcast_bound* kind) {
  uint64_t bound =
      NonblockingEarliestReachBound(nb, s);  // First: fills s.vwork.
  *kind = HETCAST_BOUND_EARLIEST_REACH;
  const uint64_t work = NonblockingSerialWorkBound(nb, s);
  if (work > bound) {
    bound = work;
    *kind = HETCAST_BOUND_NONBLOCKING_SERIAL_WORK;
  }
  const uint64_t growth = NonblockingGrowthBound(nb, s);
  if (growth > bound) {
    bound = growth;
    *kind = HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH;
  }
  return bound;
}

}  // namespace internal
}  // namespace hetcast
