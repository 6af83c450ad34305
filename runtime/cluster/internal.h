// internal.h: what the files of the two-level cluster model (Khuller, Kim &
// Wan) share: the validated request, the planners' workspace, the event
// queue of LCF and the entry point of each algorithm family.
//
// Everything here lives in hetcast::internal next to the other models'
// internals, so every name says it is about clusters (or LCF).
#ifndef HETCAST_RUNTIME_CLUSTER_INTERNAL_H_
#define HETCAST_RUNTIME_CLUSTER_INTERNAL_H_

#include <stddef.h>
#include <stdint.h>

#include <algorithm>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// A validated hetcast_cluster_request. Algorithms run on instances derived
// from it too (§5.1's I(d_i, d_i)), so `size` may point elsewhere than
// request->sizes.
struct ClusterLayout {
  const hetcast_cluster_request* request;
  uint32_t k;  // Clusters.
  uint32_t n;  // Processors.
  uint64_t cost;
  const uint64_t* size;
};

// The cluster of processor `id`, given the first id of every cluster
// (`base`, k + 1 entries, see FillClusterBases).
inline uint32_t ClusterOf(const uint32_t* base, uint32_t k, uint32_t id) {
  return static_cast<uint32_t>(std::upper_bound(base, base + k + 1, id) -
                               base) -
         1;
}

// One event of a simulation: a transfer lands at `time`.
struct ClusterEvent {
  uint64_t time;
  uint32_t id;
  uint32_t arrival;  // 1: the processor receives; 0: a sender is free.
};

// A FIFO of events whose times never decrease (all pushed with now + d for
// a fixed d), stored linearly.
struct ClusterEventQueue {
  ClusterEvent* items;
  size_t head, tail;
  bool Due(uint64_t t) const { return head < tail && items[head].time == t; }
  uint64_t Next() const {
    return head < tail ? items[head].time : HETCAST_NEVER;
  }
};

// Work done by one plan, for tests that bound it (the simulations must not
// grow with C, the canonical ordering must stay O(N log N)); production
// calls leave LcfScratch::work null.
struct ClusterWork {
  uint64_t steps = 0;        // Simulated instants (ticks the loop visits).
  uint64_t comparisons = 0;  // Key comparisons of the canonical ordering.
};

// The planners' workspace. Algorithms write transfers with provisional ids
// (cluster-major, but in no particular order within a cluster) to `raw`;
// CanonicalizeCluster renames them.
struct LcfScratch {
  uint32_t* order;
  uint64_t* sorted;
  uint64_t* reduced;
  uint32_t* full_base;  // k + 1
  uint32_t* base;       // k + 1
  uint32_t* informed;
  uint32_t* received;
  uint32_t* idle_count;
  uint32_t* idle;  // Per cluster stacks, cluster c at base[c].
  ClusterEvent* local_events;
  ClusterEvent* global_events;
  hetcast_transfer* raw;  // Transfers with provisional ids.
  uint64_t* arrival;      // Provisional ids.
  uint32_t* parent;
  uint32_t* send_index;
  uint32_t* sends;
  uint32_t* by_arrival;
  uint32_t* new_id;
  uint64_t* group_key;
  ClusterWork* work = nullptr;  // Test hook: counts work when set.
};

// Where LCF(m) stopped (see RunLcf).
struct LcfStop {
  uint64_t time = 0;
  uint32_t next_target = 0;  // Clusters order[0, next_target) are served.
};

// layout.cc: the request, its ids and the canonical relabelling.

hetcast_status ValidateClusterRequest(const hetcast_cluster_request* r,
                                      ClusterLayout* out,
                                      const char** why = nullptr);
// base[c] = first id of cluster c, base[k] = N.
void FillClusterBases(const ClusterLayout& l, uint32_t* base);
// Cluster indices 1..k-1, largest first, ties by index.
void SortOtherClusters(const ClusterLayout& l, uint32_t* order);
// The instance I(d_i, d_i) of §5.1 (sizes written to `reduced`).
ClusterLayout DegreeReducedLayout(const ClusterLayout& l, uint64_t* reduced);
// The matching bound B capped at floor(N / 2), as §5.3 assumes.
uint64_t CappedMatching(const ClusterLayout& l);
// k': clusters other than cluster 0 with at least one member (§4).
uint32_t OtherMemberClusters(const ClusterLayout& l);
// Members take the first m_i ids of their cluster (hetcast.h).
bool IsClusterMember(const ClusterLayout& l, const uint32_t* base,
                     uint32_t cluster, uint32_t id);
// Sorts by (start, from), the order of every schedule in hetcast.h.
void SortClusterTransfers(hetcast_transfer* transfers, size_t count);
// Renames the `count` provisional transfers of s.raw to canonical ids and
// writes nodes and (optional) transfers.
void CanonicalizeCluster(const ClusterLayout& l, const LcfScratch& s,
                         size_t count, hetcast_node* nodes,
                         hetcast_transfer* transfers);

// bounds.cc: the lower bounds; `order`, `sorted` and `reduced` hold k
// entries each. Besides the paper's, for every request shape (blocking,
// bounded degree or matching, postal, multicast), the cluster-fill bound
// (HETCAST_BOUND_CLUSTER_FILL):
//   Let I_i(t) be the processors of cluster i != 0 informed by tick t (their
//   transfer has ended), need_i the processors of i that must end informed
//   (all, or the members of a multicast), H(s) = min(2^s, n_0) for s < C
//   and min(2^s, N - n_i) for s >= C, and G(t) = 0 for t < C, G(t) =
//   2 G(t - 1) + H(t - C) for t >= C. Then I_i(t) <= G(t), so the
//   completion is at least the least t with G(t) >= need_i.
//   Proof. Times are integers and every transfer takes 1 tick (inside a
//   cluster) or C >= 1 ticks (across). A processor starts at most one
//   transfer per tick (blocking: one at a time; postal: busy for the
//   tick of the send) and each transfer informs at most one new one, so
//   A(s), the informed processors by tick s, obeys A(s) <= 1 + sum_{u < s}
//   A(u), hence A(s) <= 2^s. No processor outside cluster 0 is informed
//   before tick C (its first copy crosses clusters). So H(s) bounds the
//   processors outside cluster i informed by tick s. A processor of i that
//   is informed at tick t >= 1 got its copy locally, from a processor of i
//   informed by t - 1, or across, from one outside i informed by t - C;
//   distinct processors informed at t have distinct senders (one start per
//   tick). Hence I_i(t) <= I_i(t - 1) + I_i(t - 1) + H(t - C), and
//   I_i(t) = 0 for t < C; induction gives I_i(t) <= G(t).
void ClusterLowerBound(const ClusterLayout& l, uint32_t* order,
                       uint64_t* sorted, uint64_t* reduced, uint64_t* bound,
                       hetcast_bound* kind);
// The paper's bounds alone (ClusterLowerBound without the cluster fill).
void ClusterPaperLowerBound(const ClusterLayout& l, uint32_t* order,
                            uint64_t* sorted, uint64_t* reduced,
                            uint64_t* bound, hetcast_bound* kind);
// The cluster-fill bound alone (0 when k = 1).
uint64_t ClusterFillBound(const ClusterLayout& l);

// lcf.cc: LCF (§3) and LCF Multicast (§4). Each Run* function needs
// s.base filled and s.order sorted for `l`, writes s.raw and returns how
// many transfers it wrote.

bool CarveLcf(const ClusterLayout& l, Arena* arena, LcfScratch* s);
size_t RunLcf(const ClusterLayout& l, const LcfScratch& s,
              uint32_t stop_copies = 0, LcfStop* stop = nullptr);
size_t RunLcfMulticast(const ClusterLayout& l, const LcfScratch& s);
// When the last of the `count` transfers of s.raw lands (`not_before` if
// later).
uint64_t LcfAllLanded(const LcfScratch& s, size_t count, uint64_t not_before);
// Local binomial doubling inside the cluster starting at id `base`.
uint64_t AppendLocalDoubling(uint32_t base, uint64_t holders, uint64_t goal,
                             uint64_t start, hetcast_transfer* out,
                             size_t* written);

// bounded.cc: bounded degree (§5.1, §5.2) and bounded-size matching (§5.3,
// §5.4).
size_t RunBoundedDegree(const ClusterLayout& l, const LcfScratch& s);
size_t RunBoundedDegreeMulticast(const ClusterLayout& l, const LcfScratch& s);
size_t RunBoundedSize(const ClusterLayout& l, const LcfScratch& s);
size_t RunBoundedSizeMulticast(const ClusterLayout& l, const LcfScratch& s);

// postal.cc: the postal model (§6.1, §6.2).
size_t RunPostalLcf(const ClusterLayout& l, const LcfScratch& s);
size_t RunInterleavedLcf(const ClusterLayout& l, const LcfScratch& s);

// flat.cc: the cluster-unaware baseline.
size_t RunFlatBinomial(const ClusterLayout& l, const LcfScratch& s);

// evaluator.cc: hetcast_cluster_evaluate without its argument checks.

// Workspace for `transfer_count` transfers; false when it overflows.
bool ClusterEvaluationBytes(const ClusterLayout& l, size_t transfer_count,
                            size_t* bytes);
// `nodes` holds N entries, `transfers` (optional) `transfer_count`.
hetcast_status EvaluateClusterSchedule(const ClusterLayout& l,
                                       const hetcast_transfer* schedule,
                                       size_t transfer_count, Arena* arena,
                                       hetcast_node* nodes,
                                       hetcast_transfer* transfers,
                                       hetcast_answer* answer);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_CLUSTER_INTERNAL_H_
