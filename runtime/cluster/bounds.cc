// bounds.cc: the lower bounds of Khuller, Kim & Wan on any schedule of a
// cluster request: broadcast (Lemma 3.3, Theorem 3.2), bounded degree
// (Lemma 5.1), bounded-size matching (Lemma 5.2, Theorem 5.4), multicast
// (Lemma 4.2, Theorem 4.2) and postal (Lemma 6.4), and the cluster-fill
// bound of layout.h. Each holds for every schedule, so the largest one
// that applies is reported.
#include <algorithm>

#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

uint64_t CeilLog2(uint64_t x) {  // x >= 1
  uint64_t bits = 0;
  while ((uint64_t{1} << bits) < x) ++bits;
  return bits;
}

void RaiseClusterBound(uint64_t value, hetcast_bound value_kind,
                       uint64_t* bound, hetcast_bound* kind) {
  if (value > *bound) {
    *bound = value;
    *kind = value_kind;
  }
}

// Steps of LCF(m) with free local transfers (Lemma 3.3): S holders (all of
// cluster 0 at first) serve the S largest waiting clusters per step until
// S >= m or no cluster waits. Sets the number of clusters served, and
// `order` (SortOtherClusters) when a step is taken: when cluster 0 alone
// holds m copies (bounded-size matching with B <= n_0), no sort.
uint64_t FreeLocalSteps(const ClusterLayout& l, uint64_t m, uint32_t* order,
                        size_t* served) {
  uint64_t holders = l.size[0], steps = 0;
  size_t next = 0;
  if (holders < m && l.k > 1) SortOtherClusters(l, order);
  while (holders < m && next + 1 < l.k) {
    const uint64_t take = holders < l.k - 1 - next ? holders : l.k - 1 - next;
    for (uint64_t i = 0; i < take; ++i) holders += l.size[order[next + i]];
    next += take;
    ++steps;
  }
  *served = next;
  return steps;
}

// Broadcast, blocking model: ceil(log2 N), p C (every global step takes C)
// and Theorem 3.2's (p - 1)(C - 1) + ceil(log2(N / 2)), p the global steps
// of LCF with free local transfers.
void BroadcastLowerBound(const ClusterLayout& l, uint32_t* order,
                         uint64_t* bound, hetcast_bound* kind) {
  *bound = CeilLog2(l.n);
  *kind = HETCAST_BOUND_LOG2;
  if (l.k == 1) return;
  size_t served = 0;
  const uint64_t p = FreeLocalSteps(l, UINT64_MAX, order, &served);
  // The holders at least double per step: p <= 32, C <= 2^40, no overflow.
  RaiseClusterBound(p * l.cost, HETCAST_BOUND_GLOBAL_STEPS, bound, kind);
  if (p >= 1 && l.n >= 2) {
    // ceil(log2(N / 2)) = ceil(log2 N) - 1 for N >= 2.
    RaiseClusterBound((p - 1) * (l.cost - 1) + (CeilLog2(l.n) - 1),
                      HETCAST_BOUND_KKW_THEOREM_3_2, bound, kind);
  }
}

// Multicast: the source and every member hold the message at the end, and
// copies at most double per tick; a member outside cluster 0 needs an
// inter-cluster transfer. Lemma 4.2 / Theorem 4.2: p' C and (p' - 1)(C - 1)
// + ceil(log2(k' / 2)), p' the global steps of LCF(k') with free local
// transfers, k' the member clusters besides cluster 0.
void MulticastLowerBound(const ClusterLayout& l, uint32_t* order,
                         uint64_t* bound, hetcast_bound* kind) {
  uint64_t holders = l.request->members[0] > 0 ? 0 : 1;
  for (uint32_t c = 0; c < l.k; ++c) holders += l.request->members[c];
  const uint64_t k_prime = OtherMemberClusters(l);
  *bound = CeilLog2(holders);
  *kind = HETCAST_BOUND_LOG2;
  if (k_prime > 0) {
    RaiseClusterBound(l.cost, HETCAST_BOUND_GLOBAL_STEPS, bound, kind);
  }
  // Lemma 4.2 and Theorem 4.2 count blocking global steps; in the postal
  // model a sender is free after one tick, so only the two bounds above
  // hold (a postal multicast witness in tests/cluster/cluster_test.cc).
  if (l.request->postal) return;
  size_t served = 0;
  const uint64_t p_prime = FreeLocalSteps(l, k_prime, order, &served);
  if (p_prime >= 1) {
    RaiseClusterBound(p_prime * l.cost, HETCAST_BOUND_GLOBAL_STEPS, bound,
                      kind);
    const uint64_t half = k_prime >= 2 ? CeilLog2(k_prime) - 1 : 0;
    RaiseClusterBound((p_prime - 1) * (l.cost - 1) + half,
                      HETCAST_BOUND_KKW_THEOREM_3_2, bound, kind);
  }
}

// Lemma 5.2 / Theorem 5.4: (p_B + p_L) C and (p_B + p_L - 1)(C - 1) +
// ceil(log2 B), p_B the global steps of LCF(B) with free local transfers
// and p_L = ceil(U / B) for the U clusters still waiting.
void MatchingLowerBound(const ClusterLayout& l, uint32_t* order,
                        uint64_t* bound, hetcast_bound* kind) {
  *bound = CeilLog2(l.n);
  *kind = HETCAST_BOUND_LOG2;
  const uint64_t b = CappedMatching(l);
  if (b == 0 || l.k == 1) return;
  size_t served = 0;
  const uint64_t p_b = FreeLocalSteps(l, b, order, &served);
  const uint64_t waiting = l.k - 1 - served;
  const uint64_t p = p_b + (waiting + b - 1) / b;
  if (p >= 1) {  // p is up to k: p C may pass 64 bits.
    RaiseClusterBound(TimeMul(p, l.cost), HETCAST_BOUND_GLOBAL_STEPS, bound,
                      kind);
    RaiseClusterBound(TimeAdd(TimeMul(p - 1, l.cost - 1), CeilLog2(b)),
                      HETCAST_BOUND_KKW_THEOREM_3_2, bound, kind);
  }
}

// The postal bound of Lemma 6.4: the makespan (p C + c') of LCF with free
// local transfers, where a cluster is full the moment its message arrives
// and every processor of a full cluster sends one inter-cluster message per
// tick, largest clusters first. `order` is sorted; arrivals[i] is when
// cluster order[i] is informed.
uint64_t PostalGlobalBound(const ClusterLayout& l, const uint32_t* order,
                           uint64_t* arrivals) {
  uint64_t holders = l.size[0];
  uint64_t t = 0, last = 0;
  size_t next = 0, landed = 0;
  const size_t waiting = l.k - 1;
  while (next < waiting) {
    while (landed < next && arrivals[landed] <= t) {
      holders += l.size[order[landed]];
      ++landed;
    }
    for (uint64_t h = 0; h < holders && next < waiting; ++h) {
      arrivals[next++] = t + l.cost;
      last = t + l.cost;
    }
    ++t;
  }
  return last;
}

void PostalLowerBound(const ClusterLayout& l, uint32_t* order,
                      uint64_t* arrivals, uint64_t* bound,
                      hetcast_bound* kind) {
  *bound = CeilLog2(l.n);
  *kind = HETCAST_BOUND_LOG2;
  if (l.k == 1) return;
  SortOtherClusters(l, order);
  RaiseClusterBound(PostalGlobalBound(l, order, arrivals),
                    HETCAST_BOUND_POSTAL_GLOBAL, bound, kind);
}

}  // namespace

// One family per request shape, checked in this order (a multicast with a
// bound still gets the multicast bounds). Bounded degree: an optimal
// schedule of I(d_i, d_i) is no slower than one of I(n_i, d_i) (Lemma 5.1),
// so the broadcast bounds of the reduced instance apply, and ceil(log2 N)
// still does.
void ClusterPaperLowerBound(const ClusterLayout& l, uint32_t* order,
                            uint64_t* sorted, uint64_t* reduced,
                            uint64_t* bound, hetcast_bound* kind) {
  if (l.request->members != nullptr) {
    MulticastLowerBound(l, order, bound, kind);
  } else if (l.request->matching != 0 && !l.request->postal) {
    MatchingLowerBound(l, order, bound, kind);
  } else if (l.request->postal) {
    PostalLowerBound(l, order, sorted, bound, kind);
  } else if (l.request->degrees == nullptr) {
    BroadcastLowerBound(l, order, bound, kind);
  } else {
    BroadcastLowerBound(DegreeReducedLayout(l, reduced), order, bound, kind);
    RaiseClusterBound(CeilLog2(l.n), HETCAST_BOUND_LOG2, bound, kind);
  }
}

// Cluster fill (layout.h, above ClusterLowerBound): the least t with
// G_i(t) >= need_i, the largest over clusters i != 0.
uint64_t ClusterFillBound(const ClusterLayout& l) {
  uint64_t bound = 0;
  for (uint32_t i = 1; i < l.k; ++i) {
    const uint64_t need =
        l.request->members != nullptr ? l.request->members[i] : l.size[i];
    if (need == 0) continue;
    // H(s): informed outside cluster i by tick s; 2^s saturates at N.
    auto outside = [&](uint64_t s) {
      const uint64_t doubling = s < 40 ? uint64_t{1} << s : l.n;
      const uint64_t room = s < l.cost ? l.size[0] : l.n - l.size[i];
      return std::min(doubling, room);
    };
    uint64_t informed = 0, t = l.cost;  // G(t) = 0 for t < C.
    for (;; ++t) {
      informed = 2 * informed + outside(t - l.cost);  // <= 3N: no overflow.
      if (informed >= need) break;
    }
    bound = std::max(bound, t);
  }
  return bound;
}

namespace {

uint64_t Pow2AtMost(uint64_t exponent, uint64_t cap) {
  return exponent < 63 && (uint64_t{1} << exponent) < cap
             ? uint64_t{1} << exponent
             : cap;
}

// What must end informed: clusters besides cluster 0 that need a copy, and
// processors in all (the source counts).
struct ClusterNeeds {
  uint64_t clusters, processors;
};

ClusterNeeds NeedsOf(const ClusterLayout& l) {
  if (l.request->members == nullptr) return {l.k - 1u, l.n};
  uint64_t holders = l.request->members[0] > 0 ? 0 : 1;
  for (uint32_t c = 0; c < l.k; ++c) holders += l.request->members[c];
  return {OtherMemberClusters(l), holders};
}

// The upper-bound process of the cluster-entry bound (layout.h), one
// tick at a time; `outside_at` and `entered_at` are rings of C entries
// holding I_out and g at the last C ticks.
struct ClusterEntryProcess {
  const ClusterLayout& l;
  const uint32_t* order;
  uint64_t* outside_at;
  uint64_t* entered_at;
  uint64_t outside = 0, entered = 0, room = 0;  // I_out, g, Cap at t - 1.
  uint32_t counted = 0;  // Clusters order[0, counted) are in `room`.

  // Advances to tick t; returns A(t).
  uint64_t Step(uint64_t t) {
    const uint64_t c = l.cost, slot = t % c;
    uint64_t outside_now = 0, entered_now = 0;
    if (t >= c) {
      const uint64_t source_side = Pow2AtMost(t - c, l.size[0]);
      const uint64_t lagged =
          std::min(Pow2AtMost(t - c, l.n), source_side + outside_at[slot]);
      const uint64_t before = l.request->postal ? entered : entered_at[slot];
      entered_now = std::min<uint64_t>(before + lagged, l.k);
      outside_now =
          std::min(std::min(2 * outside, room) + outside_at[slot] + source_side,
                   l.n - l.size[0]);
    }
    outside_at[slot] = outside_now;
    entered_at[slot] = entered_now;
    outside = outside_now;
    entered = entered_now;
    while (counted < entered && counted + 1 < l.k) {
      room += l.size[order[counted++]];
    }
    return std::min(Pow2AtMost(t, l.n), Pow2AtMost(t, l.size[0]) + outside_now);
  }
};

}  // namespace

uint64_t ClusterEntryBound(const ClusterLayout& l, uint32_t* order,
                           uint64_t* outside_at, uint64_t* entered_at) {
  if (l.k == 1 || l.cost > kClusterEntryMaxCost) return 0;
  const ClusterNeeds need = NeedsOf(l);
  SortOtherClusters(l, order);
  ClusterEntryProcess process{l, order, outside_at, entered_at};
  const uint64_t last = 64 * (l.cost + 1);  // Far past any real answer.
  uint64_t entry_time = last, count_time = last;
  for (uint64_t t = 0; t < last; ++t) {
    const uint64_t informed = process.Step(t);
    if (entry_time == last && process.entered >= need.clusters) {
      entry_time = t;
    }
    if (count_time == last && informed >= need.processors) count_time = t;
    if (entry_time < last && count_time < last) break;
  }
  return std::max(entry_time, count_time);
}

void ClusterLowerBound(const ClusterLayout& l, uint32_t* order,
                       uint64_t* sorted, uint64_t* reduced, uint64_t* bound,
                       hetcast_bound* kind) {
  ClusterPaperLowerBound(l, order, sorted, reduced, bound, kind);
  RaiseClusterBound(ClusterFillBound(l), HETCAST_BOUND_CLUSTER_FILL, bound,
                    kind);
  RaiseClusterBound(ClusterEntryBound(l, order, sorted, reduced),
                    HETCAST_BOUND_CLUSTER_ENTRY, bound, kind);
}

}  // namespace internal
}  // namespace hetcast
