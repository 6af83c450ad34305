// layout.h: the two-level cluster model's (Khuller, Kim & Wan) validated
// request and its cluster-major layout (layout.cc), with what the model's
// files share on it: the planners' workspace, the event queue of LCF, the
// bounds and the entry point of each algorithm family.
//
// Everything here lives in hetcast::internal next to the other models'
// internals, so every name says it is about clusters (or LCF).
#ifndef HETCAST_RUNTIME_CLUSTER_LAYOUT_H_
#define HETCAST_RUNTIME_CLUSTER_LAYOUT_H_

#include <stddef.h>
#include <stdint.h>

#include <algorithm>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/saturating.h"

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

// One event of a simulation: the transfer from -> to lands at `time`; the
// receiver holds the message and, unless `from` is kClusterNoSender (postal
// senders are free after one tick), the sender is free again. A postal
// sender's return is an event of its own, with `to` kClusterNoReceiver. At
// most one event per transfer in each queue: a queue never holds more
// than N.
constexpr uint32_t kClusterNoSender = UINT32_MAX;
constexpr uint32_t kClusterNoReceiver = UINT32_MAX;
struct ClusterEvent {
  uint64_t time;
  uint32_t from;
  uint32_t to;
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
// CanonicalizeCluster renames them. Per processor: 4 (idle) + 2 x 16
// (events) + 24 (raw) + 8 (arrival) + 5 x 4 = 88 bytes.
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
  uint32_t* sends;  // The same array as `idle`, free once a run is over.
  uint32_t* by_arrival;
  uint32_t* new_id;
  ClusterWork* work = nullptr;  // Test hook: counts work when set.
};

// The state of a simulation of LCF (lcf.cc) or Eager LCF (eager.cc): the
// targeted and landed processors of every cluster, its idle holders (a
// stack each) and the transfers in flight, local and global apart so that
// each queue's times never decrease. With `postal`, an inter-cluster send
// holds its sender for one tick (Khuller, Kim & Wan §6), so the sender
// comes back through the local queue; otherwise both ends are busy until
// the transfer lands. Transfers are written to s.raw.
class ClusterHolders {
 public:
  ClusterHolders(const ClusterLayout& l, const LcfScratch& s, bool postal);

  // Lands the transfers due at `t`: receivers count, and both ends idle.
  void Land(uint64_t t);
  // A transfer from idle processor `from` (popped from cluster
  // `from_cluster`) to the next untargeted processor of `to_cluster`.
  void Send(uint32_t from, uint32_t from_cluster, uint32_t to_cluster,
            uint64_t t);
  uint32_t PopIdle(uint32_t c);
  uint64_t NextEventTime() const {
    return local_.Next() < global_.Next() ? local_.Next() : global_.Next();
  }
  uint64_t idle_total() const { return idle_total_; }
  uint32_t total_received() const { return total_received_; }
  size_t written() const { return written_; }

 private:
  void PushIdle(uint32_t c, uint32_t id);

  const ClusterLayout& l_;
  const LcfScratch& s_;
  ClusterEventQueue local_, global_;
  const bool postal_;
  uint32_t total_received_ = 1;
  uint64_t idle_total_ = 0;
  size_t written_ = 0;
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

// bounds.cc: the lower bounds; `order` holds k entries, `sorted` and
// `reduced` ClusterBoundArray(l) each (below). Besides the paper's, for every
// request shape (blocking, bounded degree or matching, postal, multicast), the
// cluster-fill bound (HETCAST_BOUND_CLUSTER_FILL):
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
//
// And the cluster-entry bound (HETCAST_BOUND_CLUSTER_ENTRY), for C <=
// kClusterEntryMaxCost: every cluster i != 0 that needs a copy needs a
// global arrival, and the informed processors are capped by the sizes of
// the clusters entered so far. With A(t) the informed processors by tick t,
// I_0(t) <= min(n_0, 2^t) those of cluster 0, I_out(t) the others, g(t) the
// global transfers landed by t and Cap(t) the processors of the clusters
// other than 0 that hold a copy at t:
//   (a) g(t) <= g(t - C) + A(t - C) (blocking: a processor informed at
//       tau starts globals at least C apart, so at most floor((t - C -
//       tau) / C) + 1 of its globals land by t; summing over processors
//       gives sum_{j >= 0} A(t - C - jC)), and g(t) <= g(t - 1) + A(t - C)
//       (postal: one start per processor and tick);
//   (b) Cap(t) <= the g(t) largest clusters other than 0 together (each
//       such cluster got its first copy by a global transfer);
//   (c) I_out(t) <= min(2 I_out(t - 1), Cap(t - 1)) + I_out(t - C) +
//       I_0(t - C): a processor outside cluster 0 informed at t got its
//       copy locally, from one of the I_out(t - 1) of its own cluster, into
//       one of the Cap(t - 1) - I_out(t - 1) processors of a cluster that
//       already holds a copy, or globally from a processor informed by
//       t - C (one start per processor and tick: distinct senders);
//   (d) A(t) <= min(2^t, I_0(t) + I_out(t)) (2^t: see the fill bound).
// Each right side is nondecreasing in the quantities it uses, so running
// (a)-(d) forward from g = I_out = 0 for t < C gives upper bounds at every
// tick. The completion T has g(T) >= the clusters needing a copy (distinct
// clusters, distinct first arrivals) and A(T) >= the processors that must
// end informed; T is at least the first tick where both bounds allow it.
// The rings of (a) and (c) take `sorted` and `reduced`, which therefore
// hold ClusterBoundArray(l) entries.
constexpr uint64_t kClusterEntryMaxCost = 128;
inline size_t ClusterBoundArray(const ClusterLayout& l) {
  return l.k > kClusterEntryMaxCost ? l.k : kClusterEntryMaxCost;
}
// The cluster-entry bound alone (0 when k = 1 or C > kClusterEntryMaxCost);
// `order` holds k entries, `outside_at` and `entered_at` C each.
uint64_t ClusterEntryBound(const ClusterLayout& l, uint32_t* order,
                           uint64_t* outside_at, uint64_t* entered_at);
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

// eager.cc: Eager LCF, blocking (l.request->postal 0) or postal broadcast.
size_t RunEagerLcf(const ClusterLayout& l, const LcfScratch& s);

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
// `nodes` holds N entries, `transfers` (optional) `transfer_count`; the
// rule a schedule breaks in `*why` (optional).
hetcast_status EvaluateClusterSchedule(
    const ClusterLayout& l, const hetcast_transfer* schedule,
    size_t transfer_count, Arena* arena, hetcast_node* nodes,
    hetcast_transfer* transfers, hetcast_answer* answer, const char** why);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_CLUSTER_LAYOUT_H_
