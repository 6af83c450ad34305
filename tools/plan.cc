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
  std::vector<unsigned char> workspace(plan.sizes.workspace_bytes);
  plan.nodes.resize(plan.sizes.node_count);
  plan.transfers.resize(plan.sizes.transfer_count);
  plan.tasks.resize(plan.sizes.task_count);
  plan.list_begin.resize(plan.sizes.list_begin_count);
  plan.tree_edges.resize(plan.sizes.tree_edge_count);
  plan.slots.resize(plan.sizes.slot_count);
  const hetcast_plan_output output = {
      plan.nodes.data(),      plan.nodes.size(),      plan.transfers.data(),
      plan.transfers.size(),  plan.tasks.data(),      plan.tasks.size(),
      plan.list_begin.data(), plan.list_begin.size(), plan.tree_edges.data(),
      plan.tree_edges.size(), plan.slots.data(),      plan.slots.size()};
  status = hetcast_plan(&request, workspace.data(), workspace.size(), &output,
                        &plan.info, &error);
  if (status != HETCAST_OK) return FromRuntime(status, error);
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
