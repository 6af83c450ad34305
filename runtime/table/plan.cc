// plan.cc: a whole schedule from a table profile (hetcast_profile_plan):
// which reconstruction path runs, its workspace, and the answer.
#include <string.h>

#include "runtime/arena.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/internal.h"
#include "runtime/table/node_role.h"
#include "runtime/table/ptas_entries.h"
#include "runtime/table/reconstruct_depth_first.h"
#include "runtime/table/reconstruct_queues.h"
#include "runtime/table/reconstruct_steps.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// The size-optimized build (config.h) has the queue path only.
bool UseStepPath(PlanPath path, const ProfileView& v, const Resolved& resolved,
                 const TableLayout& layout) {
  if (kOptimizeSize || path == PlanPath::kQueues ||
      !StepPathFits(resolved, layout)) {
    return false;
  }
  return path == PlanPath::kSteps || StepPathPays(v, resolved, layout);
}

// Carves the scratch of the chosen path (measuring when `arena` measures).
bool CarveTablePlan(bool steps, const StepPlan& step_plan,
                    const TableLayout& layout, bool with_transfers,
                    Arena* arena, QueueScratch* queues,
                    StepScratch* step_scratch) {
  if (steps) {
    CarveStepScratch(layout.participants, step_plan, with_transfers, arena,
                     step_scratch);
    return !arena->failed();
  }
  return CarveQueueScratch(layout.participants, with_transfers, arena, queues);
}

// The source and the relays the schedule leaves out; the paths write every
// other node exactly once.
void WriteSourceAndUnusedRelays(const ProfileView& v, const Resolved& resolved,
                                const TableLayout& layout,
                                hetcast_node* nodes) {
  nodes[0] = hetcast_node{0, HETCAST_NO_NODE, resolved.source, 0, 0};
  for (uint32_t j = 0; j < v.type_count; ++j) {
    for (uint64_t r = resolved.relays_used[j]; r < layout.relay_count[j]; ++r) {
      nodes[layout.relay_base[j] + r] =
          hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, j, 0, 1};
    }
  }
}

#if !defined(HETCAST_OPTIMIZE_SIZE)
// Whether the depth-first prototype runs (internal.h; not in the size
// build, runtime/config.h).
bool UseDepthFirst(PlanPath path, const ProfileView& v) {
  return path == PlanPath::kDepthFirst && !v.IsPtas();
}
#endif

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

}  // namespace

hetcast_status PlanTableSizes(const hetcast_profile* profile,
                              const hetcast_node_request* request,
                              PlanPath path, hetcast_node_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  Resolved resolved;
  TableLayout layout;
  hetcast_status status =
      PrepareTableRequest(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  const ProfileView& v = ProfileViewOf(profile);
  Arena measure;
  QueueScratch scratch;
  StepScratch step_scratch;
  StepPlan step_plan;
  const bool steps = UseStepPath(path, v, resolved, layout);
  if (steps) MakeStepPlan(v, resolved, &step_plan);
#if !defined(HETCAST_OPTIMIZE_SIZE)
  if (UseDepthFirst(path, v)) {
    DepthFirstScratch depth_first;
    CarveDepthFirst(resolved, layout, /*with_transfers=*/true, &measure,
                    &depth_first);
  } else
#endif
  {
    CarveTablePlan(steps, step_plan, layout, /*with_transfers=*/true, &measure,
                   &scratch, &step_scratch);
  }
  sizes->node_count = layout.node_count;
  sizes->transfer_count = layout.participants - 1;
  // The node-role query has a workspace of its own; ask for the larger.
  Arena measure_role;
  NodeRoleScratch role_scratch;
  CarveNodeRole(v, resolved, layout, RolePath::kAuto, &measure_role,
                &role_scratch);
  sizes->workspace_bytes = measure.used() > measure_role.used()
                               ? measure.used()
                               : measure_role.used();
  sizes->fnf_runs = 0;
  return HETCAST_OK;
}

hetcast_status PlanTable(const hetcast_profile* profile,
                         const hetcast_node_request* request, PlanPath path,
                         void* workspace, size_t workspace_size,
                         hetcast_node* nodes, size_t node_capacity,
                         hetcast_transfer* transfers, size_t transfer_capacity,
                         hetcast_answer* answer) {
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
  const bool steps = UseStepPath(path, v, resolved, layout);
  StepPlan step_plan;
  if (steps) MakeStepPlan(v, resolved, &step_plan);
  Arena arena(workspace, workspace_size);
#if !defined(HETCAST_OPTIMIZE_SIZE)
  if (UseDepthFirst(path, v)) {
    DepthFirstScratch depth_first;
    if (!CarveDepthFirst(resolved, layout, transfers != nullptr, &arena,
                         &depth_first)) {
      return HETCAST_WORKSPACE_TOO_SMALL;
    }
    WriteSourceAndUnusedRelays(v, resolved, layout, nodes);
    ReconstructDepthFirst(v, resolved, layout, depth_first, nodes, transfers);
    FillTableAnswer(resolved, layout, answer);
    return HETCAST_OK;
  }
#endif
  QueueScratch scratch;
  StepScratch step_scratch;
  if (!CarveTablePlan(steps, step_plan, layout, transfers != nullptr, &arena,
                      &scratch, &step_scratch)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  WriteSourceAndUnusedRelays(v, resolved, layout, nodes);
  if (v.IsPtas()) {
    PlanPtasEntry(v, resolved, layout, nodes, transfers);
  } else if (steps) {
    ReconstructBySteps(v, resolved, layout, step_plan, step_scratch, nodes,
                       transfers);
  } else {
    ReconstructByQueues(v, resolved, layout, scratch, nodes, transfers);
  }
  FillTableAnswer(resolved, layout, answer);
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
