// cluster_api.cc: the C entry points of the two-level cluster model
// (hetcast.h, "Two-level clusters"): argument checks, workspace, and the
// run of the algorithm table's row (algorithms.h) that plans the request;
// the families live in the files named after them.
#include <stddef.h>
#include <stdint.h>

#include "runtime/answer.h"
#include "runtime/arena.h"
#include "runtime/cluster/algorithms.h"
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {

extern "C" {

HETCAST_API hetcast_status
hetcast_cluster_plan_sizes(const hetcast_cluster_request* request,
                           hetcast_node_sizes* sizes, const char** why) {
  return ExplainedInto(sizes, "sizes is NULL", why, [&](const char** why) {
    ClusterLayout l;
    hetcast_status status = ValidateClusterRequest(request, &l, why);
    if (status != HETCAST_OK) return status;
    return ClusterPlanSizes(l, sizes, why);
  });
}

HETCAST_API hetcast_status hetcast_cluster_lower_bound(
    const hetcast_cluster_request* request, void* workspace,
    size_t workspace_size, uint64_t* lower_bound, hetcast_bound* kind,
    const char** why) {
  return Explained(why, [&](const char** why) -> hetcast_status {
    if (lower_bound == nullptr || kind == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT, "lower_bound or kind is NULL",
                    why);
    }
    ClusterLayout l;
    hetcast_status status = ValidateClusterRequest(request, &l, why);
    if (status != HETCAST_OK) return status;
    Arena arena(workspace, workspace_size);
    uint32_t* order = arena.Allocate<uint32_t>(l.k);
    uint64_t* sorted = arena.Allocate<uint64_t>(ClusterBoundArray(l));
    uint64_t* reduced = arena.Allocate<uint64_t>(ClusterBoundArray(l));
    if (arena.failed()) {
      return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                    "workspace smaller than hetcast_cluster_plan_sizes says",
                    why);
    }
    ClusterLowerBound(l, order, sorted, reduced, lower_bound, kind);
    // No schedule fits below HETCAST_NEVER (bounded-size matching, p C).
    return *lower_bound == HETCAST_NEVER
               ? Reject(HETCAST_OVERFLOW,
                        "cluster request: no schedule ends before "
                        "HETCAST_NEVER (2^64 - 1)",
                        why)
               : HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_cluster_plan(
    const hetcast_cluster_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why) {
  return ExplainedInto(answer, "answer is NULL", why, [&](const char** why) {
    ClusterLayout l;
    const ClusterAlgorithm* row = nullptr;
    const hetcast_status status =
        PrepareClusterPlan(request, algorithm, &l, &row, why);
    if (status != HETCAST_OK) return status;
    return PlanPreparedCluster(l, *row, /*with_default=*/false, workspace,
                               workspace_size, nodes, node_capacity, transfers,
                               transfer_capacity, answer, why);
  });
}

}  // extern "C"

namespace {

// The workspace carved for `l`, ids and cluster order ready for a run.
bool PrepareLcfScratch(const ClusterLayout& l, void* workspace,
                       size_t workspace_size, LcfScratch* s) {
  Arena arena(workspace, workspace_size);
  if (!CarveLcf(l, &arena, s)) return false;
  FillClusterBases(l, s->base);
  SortOtherClusters(l, s->order);
  return true;
}

// Runs `row` and writes its schedule and answer.
hetcast_status RunClusterRow(const ClusterLayout& l,
                             const ClusterAlgorithm& row, void* workspace,
                             size_t workspace_size, hetcast_node* nodes,
                             hetcast_transfer* transfers,
                             hetcast_answer* answer, const char** why) {
  LcfScratch s;
  if (!PrepareLcfScratch(l, workspace, workspace_size, &s)) {
    return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                  "workspace smaller than hetcast_cluster_plan_sizes says",
                  why);
  }
  const size_t count = row.run(l, s);
  if (count > l.n - 1) return HETCAST_INVALID_SCHEDULE;  // Defensive.
  // Times saturate at HETCAST_NEVER (bounded-size matching's rounds).
  if (LcfAllLanded(s, count, 0) == HETCAST_NEVER) {
    return Reject(HETCAST_OVERFLOW,
                  "cluster plan: a time would reach HETCAST_NEVER (2^64 - 1)",
                  why);
  }
  CanonicalizeCluster(l, s, count, nodes, transfers);
  uint64_t completion = 0;
  for (uint32_t v = 0; v < l.n; ++v) {
    if (nodes[v].arrival != HETCAST_NEVER && nodes[v].is_relay == 0 &&
        nodes[v].arrival > completion) {
      completion = nodes[v].arrival;
    }
  }
  answer->algorithm = row.algorithm;
  answer->completion_time = completion;
  ClusterLowerBound(l, s.order, s.sorted, s.reduced, &answer->lower_bound,
                    &answer->lower_bound_kind);
  answer->exact = answer->lower_bound == completion;
  answer->node_count = l.n;
  answer->participant_count = count + 1;
  answer->transfer_count = count;
  return HETCAST_OK;
}

// The default's other algorithms (algorithms.h), each in the workspace
// `answer`'s run used: one that informs every processor answers instead
// when its last landing is strictly earlier.
void TryOtherDefaults(const ClusterLayout& l, void* workspace,
                      size_t workspace_size, hetcast_node* nodes,
                      hetcast_transfer* transfers, hetcast_answer* answer) {
  size_t row_count = 0;
  const ClusterAlgorithm* rows = ClusterAlgorithms(&row_count);
  for (size_t i = 1; i < row_count; ++i) {
    if (!rows[i].in_default) continue;
    const ClusterAlgorithm* row =
        FindClusterAlgorithm(*l.request, rows[i].algorithm, nullptr);
    if (row == nullptr) continue;
    LcfScratch s;
    PrepareLcfScratch(l, workspace, workspace_size, &s);  // Fits: one ran.
    const size_t count = row->run(l, s);
    const uint64_t completion = LcfAllLanded(s, count, 0);
    if (count == l.n - 1 && TakeIfEarlier(row->algorithm, completion, answer)) {
      CanonicalizeCluster(l, s, count, nodes, transfers);
    }
  }
}

}  // namespace

hetcast_status PrepareClusterPlan(const hetcast_cluster_request* request,
                                  hetcast_algorithm algorithm,
                                  ClusterLayout* layout,
                                  const ClusterAlgorithm** row,
                                  const char** why) {
  if (ClusterAlgorithmName(algorithm) == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "the cluster model has no such algorithm "
                  "(hetcast_model_algorithm lists its algorithms)",
                  why);
  }
  const hetcast_status status = ValidateClusterRequest(request, layout, why);
  if (status != HETCAST_OK) return status;
  *row = FindClusterAlgorithm(*request, algorithm, why);
  return *row == nullptr ? HETCAST_INVALID_ARGUMENT : HETCAST_OK;
}

hetcast_status ClusterPlanSizes(const ClusterLayout& l,
                                hetcast_node_sizes* sizes, const char** why) {
  Arena measure;
  LcfScratch scratch;
  if (!CarveLcf(l, &measure, &scratch)) {
    return Reject(HETCAST_TOO_LARGE,
                  "cluster request: the workspace it needs overflows size_t",
                  why);
  }
  sizes->node_count = l.n;
  sizes->transfer_count = l.n - 1;
  sizes->fnf_runs = 0;
  sizes->workspace_bytes = measure.used();
  return HETCAST_OK;
}

hetcast_status PlanPreparedCluster(
    const ClusterLayout& l, const ClusterAlgorithm& row, bool with_default,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why) {
  if (nodes == nullptr || (transfers == nullptr && transfer_capacity != 0)) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "nodes is NULL, or transfers is NULL with a nonzero "
                  "transfer_capacity",
                  why);
  }
  if (node_capacity < l.n ||
      (transfers != nullptr && transfer_capacity < l.n - 1)) {
    return Reject(HETCAST_OUTPUT_TOO_SMALL,
                  "node_capacity or transfer_capacity is below the sizes' "
                  "node_count or transfer_count",
                  why);
  }
  const hetcast_status status = RunClusterRow(l, row, workspace, workspace_size,
                                              nodes, transfers, answer, why);
  if (status == HETCAST_OK && with_default) {
    TryOtherDefaults(l, workspace, workspace_size, nodes, transfers, answer);
  }
  return status;
}

hetcast_status PlanClusterEarliest(const hetcast_cluster_request* request,
                                   void* workspace, size_t workspace_size,
                                   hetcast_node* nodes, size_t node_capacity,
                                   hetcast_transfer* transfers,
                                   size_t transfer_capacity,
                                   hetcast_answer* answer) {
  *answer = hetcast_answer();
  ClusterLayout l;
  const ClusterAlgorithm* row = nullptr;
  const hetcast_status status =
      PrepareClusterPlan(request, ClusterDefaultAlgorithm(), &l, &row, nullptr);
  if (status != HETCAST_OK) return status;
  return PlanPreparedCluster(l, *row, /*with_default=*/true, workspace,
                             workspace_size, nodes, node_capacity, transfers,
                             transfer_capacity, answer, nullptr);
}

extern "C" {

HETCAST_API hetcast_status hetcast_cluster_evaluate_workspace_size(
    const hetcast_cluster_request* request, size_t transfer_count,
    size_t* bytes, const char** why) {
  return Explained(why, [&](const char** why) -> hetcast_status {
    if (bytes == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT, "bytes is NULL", why);
    }
    ClusterLayout l;
    hetcast_status status = ValidateClusterRequest(request, &l, why);
    if (status != HETCAST_OK) return status;
    return ClusterEvaluationBytes(l, transfer_count, bytes)
               ? HETCAST_OK
               : Reject(HETCAST_TOO_LARGE,
                        "the evaluator's workspace for transfer_count "
                        "transfers overflows size_t",
                        why);
  });
}

HETCAST_API hetcast_status hetcast_cluster_evaluate(
    const hetcast_cluster_request* request, const hetcast_transfer* schedule,
    size_t transfer_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer, const char** why) {
  return ExplainedInto(answer, "answer is NULL", why, [&](const char** why) {
    if (nodes == nullptr || (schedule == nullptr && transfer_count != 0) ||
        (transfers == nullptr && transfer_capacity != 0)) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "nodes is NULL, or schedule or transfers is NULL with a "
                    "nonzero count",
                    why);
    }
    ClusterLayout l;
    hetcast_status status = ValidateClusterRequest(request, &l, why);
    if (status != HETCAST_OK) return status;
    if (node_capacity < l.n ||
        (transfers != nullptr && transfer_capacity < transfer_count)) {
      return Reject(HETCAST_OUTPUT_TOO_SMALL,
                    "node_capacity is below the processor count, or "
                    "transfer_capacity below transfer_count",
                    why);
    }
    Arena arena(workspace, workspace_size);
    return EvaluateClusterSchedule(l, schedule, transfer_count, &arena, nodes,
                                   transfers, answer, why);
  });
}

}  // extern "C"

}  // namespace internal
}  // namespace hetcast
