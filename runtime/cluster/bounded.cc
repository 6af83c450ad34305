// bounded.cc: LCF under a bound on inter-cluster transfers (Khuller, Kim &
// Wan §5): Bounded Degree Broadcast and Multicast (§5.1, §5.2, Theorems 5.1
// and 5.2; at most d_i transfers with an endpoint in cluster i at once) and
// BoundedSizeBroadcast and its multicast (§5.3, §5.4, Theorems 5.5 and 5.6;
// at most B transfers at once).
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

// Maps the `count` phase-1 transfers of I(d_i, d_i) (ids over s.base, the
// reduced bases) onto the full clusters (s.full_base): K'_i is the first
// d_i ids of cluster i. Counts every cluster's holders into s.received and
// returns when the last transfer lands.
uint64_t WidenDegreePhaseOne(const ClusterLayout& r, const LcfScratch& s,
                             size_t count) {
  uint32_t* holders = s.received;
  for (uint32_t c = 0; c < r.k; ++c) holders[c] = c == 0 ? 1 : 0;
  uint64_t t1 = 0;
  for (size_t i = 0; i < count; ++i) {
    hetcast_transfer& x = s.raw[i];
    const uint32_t cf = ClusterOf(s.base, r.k, x.from);
    const uint32_t ct = ClusterOf(s.base, r.k, x.to);
    x.from = s.full_base[cf] + (x.from - s.base[cf]);
    x.to = s.full_base[ct] + (x.to - s.base[ct]);
    ++holders[ct];
    if (x.arrival > t1) t1 = x.arrival;
  }
  return t1;
}

// B as the planners use it: capped at floor(N / 2), and at least 1.
uint64_t PlannedMatching(const ClusterLayout& l) {
  const uint64_t b = CappedMatching(l);
  return b == 0 ? 1 : b;
}

// The clusters phase 2 of §5.3 / §5.4 still has to reach, in LCF order
// from order[next]: all of them (broadcast), or those with members and no
// copy yet (multicast).
struct RoundTargets {
  const ClusterLayout& l;
  const LcfScratch& s;
  uint32_t next;

  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t Next() {
    const uint64_t* members = l.request->members;
    while (next < l.k - 1) {
      const uint32_t c = s.order[next++];
      if (members == nullptr || (members[c] > 0 && s.informed[c] == 0)) {
        return c;
      }
    }
    return kNone;
  }
};

// The holders of every cluster at a round's start, as a Fenwick tree over
// the clusters in index order (`tree`, k entries; counts stay below 2^31),
// so that a round finds its senders in O(log k) each instead of scanning
// the k clusters (k - 1 rounds of k steps when B = 1).
class RoundHolders {
 public:
  RoundHolders(uint32_t* tree, uint32_t k, const uint32_t* counts)
      : tree_(tree), k_(k) {
    for (uint32_t i = 0; i < k; ++i) tree_[i] = counts[i];
    for (uint32_t i = 1; i <= k; ++i) {
      const uint32_t up = i + (i & (0u - i));
      if (up <= k) tree_[up - 1] += tree_[i - 1];
    }
    while (top_ * 2 <= k) top_ *= 2;
  }
  // One more holder in cluster `c` (from the next round on).
  void Add(uint32_t c) {
    for (uint32_t i = c + 1; i <= k_; i += i & (0u - i)) ++tree_[i - 1];
  }
  // The cluster of holder `j` (0-based, clusters and positions in index
  // order) and the holders of the clusters before it.
  uint32_t Find(uint64_t j, uint64_t* before) const {
    uint32_t at = 0;
    uint64_t sum = 0;
    for (uint32_t step = top_; step != 0; step /= 2) {
      if (at + step <= k_ && sum + tree_[at + step - 1] <= j) {
        at += step;
        sum += tree_[at - 1];
      }
    }
    *before = sum;
    return at;
  }

 private:
  uint32_t* tree_;
  uint32_t k_;
  uint32_t top_ = 1;  // The largest power of two <= k.
};

// Phase 2 of §5.3 / §5.4: "every C time units we make B more copies by
// inter-cluster transfers" until no target is left. Each round starts with
// all earlier transfers landed; its senders are the first B holders at its
// start, clusters and positions in index order (its targets hold no copy
// before it, so they join the holders when it ends). Returns when the last
// round ends. O(k + T log k) for T transfers.
uint64_t ServeInRounds(const ClusterLayout& l, const LcfScratch& s, uint64_t b,
                       uint64_t t, RoundTargets* targets, size_t* written) {
  uint32_t* informed = s.informed;
  RoundHolders holders(s.received, l.k, informed);
  uint64_t holder_count = 0;
  for (uint32_t c = 0; c < l.k; ++c) holder_count += informed[c];
  uint32_t target = targets->Next();
  while (target != RoundTargets::kNone) {
    const size_t first = *written;
    for (uint64_t j = 0;
         j < b && j < holder_count && target != RoundTargets::kNone; ++j) {
      uint64_t before = 0;
      const uint32_t c = holders.Find(j, &before);
      const uint32_t to = s.base[target] + informed[target]++;
      s.raw[(*written)++] =
          hetcast_transfer{s.base[c] + static_cast<uint32_t>(j - before), to, t,
                           TimeAdd(t, l.cost)};
      target = targets->Next();
    }
    for (size_t i = first; i < *written; ++i) {
      holders.Add(ClusterOf(s.base, l.k, s.raw[i].to));
    }
    holder_count += *written - first;
    t = TimeAdd(t, l.cost);  // Up to k rounds: k C may pass 64 bits.
  }
  return t;
}

}  // namespace

// Bounded Degree Broadcast (§5.1): "arbitrarily select a subset K'_i of
// d_i nodes in each cluster [...] In phase 1, run Algorithm LCF [...] on
// I(d_i, d_i). In phase 2, since there are d_i informed nodes in each
// cluster, we do local broadcasting to send the message to the remaining
// n_i - d_i nodes." K'_i = the first d_i provisional ids of cluster i (the
// source is one of them); only they transfer globally, so the degree bound
// holds; phase 2 starts when phase 1 has ended everywhere.
size_t RunBoundedDegree(const ClusterLayout& l, const LcfScratch& s) {
  const ClusterLayout r = DegreeReducedLayout(l, s.reduced);
  FillClusterBases(r, s.base);
  SortOtherClusters(r, s.order);
  const size_t phase1 = RunLcf(r, s);
  FillClusterBases(l, s.full_base);
  const uint64_t t1 = WidenDegreePhaseOne(r, s, phase1);
  size_t written = phase1;
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendLocalDoubling(s.full_base[c], r.size[c], l.size[c], t1, s.raw,
                        &written);
  }
  FillClusterBases(l, s.base);
  return written;
}

// Bounded Degree Multicast (§5.2). The paper shrinks cluster i to
// min(d_i, n_i) processors after capping n_i (to d_i when n'_i < d_i, else
// to n'_i), "with priority given to nodes in M_i", runs LCF Multicast on
// them, and then broadcasts locally to the remaining members. Since d_i <=
// n_i here, the selected set has d_i processors in both cases, min(d_i,
// n'_i) of them members: LCF Multicast on I(d_i, d_i) with those member
// counts, then local doubling in every cluster up to n'_i holders.
size_t RunBoundedDegreeMulticast(const ClusterLayout& l, const LcfScratch& s) {
  hetcast_cluster_request reduced_request = *l.request;
  uint64_t* reduced_members = s.sorted;  // k entries, free here.
  for (uint32_t c = 0; c < l.k; ++c) {
    const uint64_t d = l.request->degrees[c];
    reduced_members[c] = l.request->members[c] < d ? l.request->members[c] : d;
  }
  reduced_request.degrees = nullptr;
  reduced_request.members = reduced_members;
  ClusterLayout r = DegreeReducedLayout(l, s.reduced);
  r.request = &reduced_request;
  FillClusterBases(r, s.base);
  SortOtherClusters(r, s.order);
  const size_t phase1 = RunLcfMulticast(r, s);
  FillClusterBases(l, s.full_base);
  const uint64_t t1 = WidenDegreePhaseOne(r, s, phase1);
  const uint32_t* holders = s.received;
  size_t written = phase1;
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendLocalDoubling(s.full_base[c], holders[c], l.request->members[c], t1,
                        s.raw, &written);
  }
  FillClusterBases(l, s.base);
  return written;
}

// BoundedSizeBroadcast (§5.3): "Phase 1: We run LCF(B) to make B copies of
// the message. Phase 2: Every C time units we make B more copies by
// inter-cluster transfers until all clusters have at least one copy of the
// message. Phase 3: Do local broadcast to inform all the processors in each
// cluster." B is capped at floor(N / 2), as the paper assumes. Phase 2
// starts once every phase-1 transfer has landed (so all holders are idle
// and no inter-cluster transfer is under way); it serves the remaining
// clusters largest first; phase 3 starts when phase 2 has ended.
size_t RunBoundedSize(const ClusterLayout& l, const LcfScratch& s) {
  const uint64_t b = PlannedMatching(l);
  LcfStop stop;
  size_t written = RunLcf(l, s, static_cast<uint32_t>(b), &stop);
  if (written == l.n - 1) return written;  // LCF(B) already reached everyone.
  RoundTargets targets{l, s, stop.next_target};
  const uint64_t t = ServeInRounds(l, s, b, LcfAllLanded(s, written, stop.time),
                                   &targets, &written);
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendLocalDoubling(s.base[c], s.informed[c], l.size[c], t, s.raw,
                        &written);
  }
  return written;
}

// Bounded-size matching multicast (§5.4): "We assume k' > B or otherwise we
// can use the LCF Multicast algorithm. We run LCF(B) by using any processor
// available. Then every C time units we make B more copies by inter-cluster
// transfers until all clusters in M have at least one copy of the message.
// Lastly do local broadcast to inform all the processors in each cluster in
// M." (All members, as in §4's phase 3; cluster 0's members too.)
size_t RunBoundedSizeMulticast(const ClusterLayout& l, const LcfScratch& s) {
  const uint64_t b = PlannedMatching(l);
  if (OtherMemberClusters(l) <= b) return RunLcfMulticast(l, s);
  LcfStop stop;
  size_t written = RunLcf(l, s, static_cast<uint32_t>(b), &stop);
  RoundTargets targets{l, s, 0};  // Member clusters LCF(B) missed.
  const uint64_t t = ServeInRounds(l, s, b, LcfAllLanded(s, written, stop.time),
                                   &targets, &written);
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendLocalDoubling(s.base[c], s.informed[c], l.request->members[c], t,
                        s.raw, &written);
  }
  return written;
}

}  // namespace internal
}  // namespace hetcast
