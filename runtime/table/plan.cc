// plan.cc: a whole schedule from a table profile (hetcast_profile_plan):
// exact profiles rebuild the tree depth-first (depth_first.h),
// PTAS profiles read their stored schedule (ptas_entries.h); the workspace
// and the answer.
#include "runtime/table/plan.h"

#include <string.h>

#include "runtime/arena.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"
#include "runtime/table/depth_first.h"
#include "runtime/table/ptas_entries.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

void FillTableAnswer(const Resolved& resolved, const TableLayout& layout,
                     hetcast_answer* answer) {
  const size_t participants = layout.participants;
  answer->algorithm = HETCAST_ALGORITHM_TABLE;
  answer->completion_time = resolved.completion;
  answer->lower_bound = resolved.bound;
  answer->lower_bound_kind = static_cast<hetcast_bound>(resolved.bound_kind);
  answer->exact = resolved.bound == resolved.completion;
  answer->node_count = layout.node_count;
  answer->participant_count = participants;
  answer->transfer_count = participants - 1;
}

// The size build's plan of an exact profile (runtime/config.h): every
// node's record by descent, O(n (depth + sends on the path)) table reads
// instead of the reconstruction's O(n), and no workspace; the transfers
// sorted. maybe_unused: the default build names it only in a discarded
// `if constexpr` branch (clang's -Wunneeded-internal-declaration).
[[maybe_unused]] void PlanByDescent(const ProfileView& v,
                                    const Resolved& resolved,
                                    const TableLayout& layout,
                                    hetcast_node* nodes,
                                    hetcast_transfer* transfers) {
  for (uint32_t id = 0; id < layout.node_count; ++id) {
    RoleOutput out{&nodes[id], nullptr, 0, 0};
    RoleByDescent(v, resolved, layout, id, &out);
  }
  if (transfers != nullptr) {
    CollectTransfers(v.cost, layout.node_count, nodes, transfers);
  }
}

}  // namespace

hetcast_status PlanTableSizes(const hetcast_profile* profile,
                              const hetcast_node_request* request,
                              hetcast_node_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  Resolved resolved;
  TableLayout layout;
  hetcast_status status =
      PrepareTableRequest(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  const ProfileView& v = ProfileViewOf(profile);
  // The node-role query needs no workspace on an exact profile; on a PTAS
  // profile it needs more than the plan (ptas_entries.h).
  Arena measure;
  if (v.IsPtas()) {
    PtasScratch ptas;
    CarvePtasEntry(v, layout, /*role=*/true, &measure, &ptas);
  } else if constexpr (!kOptimizeSize) {
    DepthFirstScratch depth_first;
    CarveDepthFirst(resolved, layout, /*with_transfers=*/true, &measure,
                    &depth_first);
  }
  sizes->node_count = layout.node_count;
  sizes->transfer_count = layout.participants - 1;
  sizes->workspace_bytes = measure.used();
  sizes->fnf_runs = 0;
  return HETCAST_OK;
}

hetcast_status PlanTable(const hetcast_profile* profile,
                         const hetcast_node_request* request, void* workspace,
                         size_t workspace_size, hetcast_node* nodes,
                         size_t node_capacity, hetcast_transfer* transfers,
                         size_t transfer_capacity, hetcast_answer* answer) {
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  memset(answer, 0, sizeof(*answer));
  if (nodes == nullptr || (transfers == nullptr && transfer_capacity != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  Resolved resolved;
  TableLayout layout;
  hetcast_status status =
      PrepareTableRequest(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  const ProfileView& v = ProfileViewOf(profile);
  if (node_capacity < layout.node_count) return HETCAST_OUTPUT_TOO_SMALL;
  if (transfers != nullptr && transfer_capacity < layout.participants - 1) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  Arena arena(workspace, workspace_size);
  if (v.IsPtas()) {
    PtasScratch ptas;
    if (!CarvePtasEntry(v, layout, /*role=*/false, &arena, &ptas)) {
      return HETCAST_WORKSPACE_TOO_SMALL;
    }
    status = PlanPtasEntry(v, resolved, layout, ptas, nodes, transfers);
    if (status != HETCAST_OK) return status;
  } else if constexpr (kOptimizeSize) {
    PlanByDescent(v, resolved, layout, nodes, transfers);
  } else {
    DepthFirstScratch depth_first;
    if (!CarveDepthFirst(resolved, layout, transfers != nullptr, &arena,
                         &depth_first)) {
      return HETCAST_WORKSPACE_TOO_SMALL;
    }
    WriteSourceAndUnusedRelays(v, resolved, layout, nodes);
    ReconstructDepthFirst(v, resolved, layout, depth_first, nodes, transfers);
  }
  FillTableAnswer(resolved, layout, answer);
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
