#include "tools/plan.h"

#include "absl/strings/str_format.h"

namespace hetcast {
namespace {

absl::Status FromRuntime(hetcast_status status, const char* error) {
  switch (status) {
    case HETCAST_OK:
      return absl::OkStatus();
    case HETCAST_OVERFLOW:
      return absl::OutOfRangeError(
          "the completion time overflows 64-bit ticks; use smaller costs");
    case HETCAST_INVALID_ARGUMENT:
    case HETCAST_TOO_LARGE:
    case HETCAST_NOT_IN_TABLE:
      return absl::InvalidArgumentError(
          absl::StrFormat("cannot plan this request: %s", error));
    default:
      return absl::InternalError(absl::StrFormat(
          "planning failed: %s (%s)", error, hetcast_status_str(status)));
  }
}

// Sizes `array` for `count` elements but never leaves it without storage:
// the planner reads a NULL array as a missing one, also when none of its
// elements is needed (a non-blocking request with no destination at all).
template <typename T>
T* Storage(size_t count, std::vector<T>* array) {
  array->resize(count == 0 ? 1 : count);
  return array->data();
}

}  // namespace

absl::StatusOr<Planned> PlanRequest(
    const hetcast_request& request,
    const std::function<absl::Status(const hetcast_sizes&)>& check) {
  Planned plan;
  const char* error = "";
  hetcast_status status = hetcast_plan_sizes(&request, &plan.sizes, &error);
  if (status != HETCAST_OK) return FromRuntime(status, error);
  if (check) {
    absl::Status refused = check(plan.sizes);
    if (!refused.ok()) return refused;
  }
  // hetcast_plan's own share (the participant query's copy of the plan in
  // workspace_bytes would double the memory of a large plan).
  std::vector<unsigned char> workspace(plan.sizes.plan_workspace_bytes);
  const hetcast_sizes& n = plan.sizes;
  const hetcast_plan_output output = {
      Storage(n.node_count, &plan.nodes),
      n.node_count,
      Storage(n.transfer_count, &plan.transfers),
      n.transfer_count,
      Storage(n.task_count, &plan.tasks),
      n.task_count,
      Storage(n.list_begin_count, &plan.list_begin),
      n.list_begin_count,
      Storage(n.tree_edge_count, &plan.tree_edges),
      n.tree_edge_count,
      Storage(n.slot_count, &plan.slots),
      n.slot_count};
  status = hetcast_plan(&request, workspace.data(), workspace.size(), &output,
                        &plan.info, &error);
  if (status != HETCAST_OK) return FromRuntime(status, error);
  plan.nodes.resize(n.node_count);
  plan.transfers.resize(n.transfer_count);
  plan.tasks.resize(n.task_count);
  plan.list_begin.resize(n.list_begin_count);
  if (request.model == HETCAST_MODEL_GRAPH) {
    plan.transfers.clear();
    plan.tree_edges.resize(plan.info.graph.tree_edge_count);
    plan.slots.resize(plan.info.graph.slot_count);
  } else if (plan.sizes.task_count == 0) {
    plan.transfers.resize(plan.info.answer.transfer_count);
  }
  return plan;
}

}  // namespace hetcast
