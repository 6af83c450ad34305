// cluster_api.cc: the C entry points of the two-level cluster model
// (hetcast.h, "Two-level clusters"): argument checks, workspace, and the
// choice of algorithm family; the families live in the files named after
// them.
#include <stddef.h>
#include <stdint.h>

#include "runtime/answer.h"
#include "runtime/arena.h"
#include "runtime/cluster/internal.h"
#include "runtime/include/hetcast/hetcast.h"

using hetcast::internal::Arena;
using hetcast::internal::CanonicalizeCluster;
using hetcast::internal::CarveLcf;
using hetcast::internal::ClusterBoundArray;
using hetcast::internal::ClusterEvaluationBytes;
using hetcast::internal::ClusterLayout;
using hetcast::internal::ClusterLowerBound;
using hetcast::internal::EvaluateClusterSchedule;
using hetcast::internal::FillClusterBases;
using hetcast::internal::LcfScratch;
using hetcast::internal::RunBoundedDegree;
using hetcast::internal::RunBoundedDegreeMulticast;
using hetcast::internal::RunBoundedSize;
using hetcast::internal::RunBoundedSizeMulticast;
using hetcast::internal::RunEagerLcf;
using hetcast::internal::RunFlatBinomial;
using hetcast::internal::RunInterleavedLcf;
using hetcast::internal::RunLcf;
using hetcast::internal::RunLcfMulticast;
using hetcast::internal::RunPostalLcf;
using hetcast::internal::SortOtherClusters;
using hetcast::internal::ValidateClusterRequest;

extern "C" {

hetcast_status hetcast_cluster_plan_sizes(
    const hetcast_cluster_request* request, hetcast_node_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  *sizes = hetcast_node_sizes();
  ClusterLayout l;
  hetcast_status status = ValidateClusterRequest(request, &l);
  if (status != HETCAST_OK) return status;
  Arena measure;
  LcfScratch scratch;
  CarveLcf(l, &measure, &scratch);
  sizes->node_count = l.n;
  sizes->transfer_count = l.n - 1;
  sizes->workspace_bytes = measure.used();
  return HETCAST_OK;
}

hetcast_status hetcast_cluster_lower_bound(
    const hetcast_cluster_request* request, void* workspace,
    size_t workspace_size, uint64_t* lower_bound, hetcast_bound* kind) {
  if (lower_bound == nullptr || kind == nullptr)
    return HETCAST_INVALID_ARGUMENT;
  ClusterLayout l;
  hetcast_status status = ValidateClusterRequest(request, &l);
  if (status != HETCAST_OK) return status;
  Arena arena(workspace, workspace_size);
  uint32_t* order = arena.Allocate<uint32_t>(l.k);
  uint64_t* sorted = arena.Allocate<uint64_t>(ClusterBoundArray(l));
  uint64_t* reduced = arena.Allocate<uint64_t>(ClusterBoundArray(l));
  if (arena.failed()) return HETCAST_WORKSPACE_TOO_SMALL;
  ClusterLowerBound(l, order, sorted, reduced, lower_bound, kind);
  // No schedule fits below HETCAST_NEVER (bounded-size matching, p C).
  return *lower_bound == HETCAST_NEVER ? HETCAST_OVERFLOW : HETCAST_OK;
}

hetcast_status hetcast_cluster_plan(const hetcast_cluster_request* request,
                                    hetcast_algorithm algorithm,
                                    void* workspace, size_t workspace_size,
                                    hetcast_node* nodes, size_t node_capacity,
                                    hetcast_transfer* transfers,
                                    size_t transfer_capacity,
                                    hetcast_answer* answer) {
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  *answer = hetcast_answer();
  if (nodes == nullptr || (transfers == nullptr && transfer_capacity != 0) ||
      (algorithm != HETCAST_ALGORITHM_LCF &&
       algorithm != HETCAST_ALGORITHM_FLAT_BINOMIAL &&
       algorithm != HETCAST_ALGORITHM_INTERLEAVED_LCF &&
       algorithm != HETCAST_ALGORITHM_EAGER_LCF)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  ClusterLayout l;
  hetcast_status status = ValidateClusterRequest(request, &l);
  if (status != HETCAST_OK) return status;
  // Planned here: the basic model (LCF, flat), bounded degree (LCF on
  // I(d_i, d_i), §5.1), bounded-size matching (§5.3), one bound at a time,
  // multicast (§4, §5.2, §5.4) and the postal model (LCF, Interleaved LCF).
  const bool bounded = request->degrees != nullptr || request->matching != 0;
  if ((request->degrees != nullptr && request->matching != 0) ||
      ((bounded || request->members != nullptr) &&
       (algorithm != HETCAST_ALGORITHM_LCF || request->postal)) ||
      (request->postal && algorithm == HETCAST_ALGORITHM_FLAT_BINOMIAL) ||
      (!request->postal && algorithm == HETCAST_ALGORITHM_INTERLEAVED_LCF)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  if (node_capacity < l.n) return HETCAST_OUTPUT_TOO_SMALL;
  if (transfers != nullptr && transfer_capacity < l.n - 1) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  Arena arena(workspace, workspace_size);
  LcfScratch s;
  if (!CarveLcf(l, &arena, &s)) return HETCAST_WORKSPACE_TOO_SMALL;
  FillClusterBases(l, s.base);
  SortOtherClusters(l, s.order);
  const size_t count =
      algorithm == HETCAST_ALGORITHM_INTERLEAVED_LCF ? RunInterleavedLcf(l, s)
      : algorithm == HETCAST_ALGORITHM_EAGER_LCF     ? RunEagerLcf(l, s)
      : request->postal                              ? RunPostalLcf(l, s)
      : request->degrees != nullptr && request->members != nullptr
          ? RunBoundedDegreeMulticast(l, s)
      : request->matching != 0 && request->members != nullptr
          ? RunBoundedSizeMulticast(l, s)
      : request->degrees != nullptr        ? RunBoundedDegree(l, s)
      : request->matching != 0             ? RunBoundedSize(l, s)
      : request->members != nullptr        ? RunLcfMulticast(l, s)
      : algorithm == HETCAST_ALGORITHM_LCF ? RunLcf(l, s)
                                           : RunFlatBinomial(l, s);
  if (count > l.n - 1) return HETCAST_INVALID_SCHEDULE;  // Defensive.
  // Times saturate at HETCAST_NEVER (bounded-size matching's rounds).
  if (LcfAllLanded(s, count, 0) == HETCAST_NEVER) return HETCAST_OVERFLOW;
  CanonicalizeCluster(l, s, count, nodes, transfers);
  uint64_t completion = 0;
  for (uint32_t v = 0; v < l.n; ++v) {
    if (nodes[v].arrival != HETCAST_NEVER && nodes[v].is_relay == 0 &&
        nodes[v].arrival > completion) {
      completion = nodes[v].arrival;
    }
  }
  answer->algorithm = algorithm;
  answer->completion_time = completion;
  ClusterLowerBound(l, s.order, s.sorted, s.reduced, &answer->lower_bound,
                    &answer->lower_bound_kind);
  answer->exact = answer->lower_bound == completion;
  answer->node_count = l.n;
  answer->participant_count = count + 1;
  answer->transfer_count = count;
  return HETCAST_OK;
}

}  // extern "C"

namespace hetcast {
namespace internal {

hetcast_status PlanClusterEarliest(const hetcast_cluster_request* request,
                                   void* workspace, size_t workspace_size,
                                   hetcast_node* nodes, size_t node_capacity,
                                   hetcast_transfer* transfers,
                                   size_t transfer_capacity,
                                   hetcast_answer* answer) {
  const hetcast_status status = hetcast_cluster_plan(
      request, HETCAST_ALGORITHM_LCF, workspace, workspace_size, nodes,
      node_capacity, transfers, transfer_capacity, answer);
  // One cluster: no cluster waits, so Eager LCF's schedule is LCF's.
  if (status != HETCAST_OK || request->degrees != nullptr ||
      request->matching != 0 || request->members != nullptr ||
      request->cluster_count == 1) {
    return status;
  }
  ClusterLayout l;
  ValidateClusterRequest(request, &l);  // Checked by hetcast_cluster_plan.
  Arena arena(workspace, workspace_size);
  LcfScratch s;
  CarveLcf(l, &arena, &s);  // Fits: LCF ran in it.
  FillClusterBases(l, s.base);
  SortOtherClusters(l, s.order);
  const size_t count = RunEagerLcf(l, s);
  // A broadcast: every processor receives, so the last landing completes.
  const uint64_t completion = LcfAllLanded(s, count, 0);
  if (count == l.n - 1 &&
      TakeIfEarlier(HETCAST_ALGORITHM_EAGER_LCF, completion, answer)) {
    CanonicalizeCluster(l, s, count, nodes, transfers);
  }
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast

extern "C" {

hetcast_status hetcast_cluster_evaluate_workspace_size(
    const hetcast_cluster_request* request, size_t transfer_count,
    size_t* bytes) {
  if (bytes == nullptr) return HETCAST_INVALID_ARGUMENT;
  ClusterLayout l;
  hetcast_status status = ValidateClusterRequest(request, &l);
  if (status != HETCAST_OK) return status;
  return ClusterEvaluationBytes(l, transfer_count, bytes) ? HETCAST_OK
                                                          : HETCAST_TOO_LARGE;
}

hetcast_status hetcast_cluster_evaluate(
    const hetcast_cluster_request* request, const hetcast_transfer* schedule,
    size_t transfer_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer) {
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  *answer = hetcast_answer();
  if (nodes == nullptr || (schedule == nullptr && transfer_count != 0) ||
      (transfers == nullptr && transfer_capacity != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  ClusterLayout l;
  hetcast_status status = ValidateClusterRequest(request, &l);
  if (status != HETCAST_OK) return status;
  if (node_capacity < l.n) return HETCAST_OUTPUT_TOO_SMALL;
  if (transfers != nullptr && transfer_capacity < transfer_count) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  Arena arena(workspace, workspace_size);
  return EvaluateClusterSchedule(l, schedule, transfer_count, &arena, nodes,
                                 transfers, answer);
}

}  // extern "C"
