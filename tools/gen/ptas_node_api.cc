// ptas_node_api.cc: see ptas_node_api.h.
#include "tools/gen/ptas_node_api.h"

#include "absl/strings/str_format.h"

namespace hetcast {
namespace ptas_internal {

hetcast_node_request MakeRequest(const std::vector<uint64_t>& costs,
                                 uint32_t source_type,
                                 const std::vector<uint64_t>& counts,
                                 const std::vector<uint64_t>* relays) {
  return hetcast_node_request{costs.data(), costs.size(), source_type,
                              counts.data(),
                              relays == nullptr ? nullptr : relays->data()};
}

absl::StatusOr<Plan> RunFnf(const hetcast_node_request& r) {
  hetcast_node_sizes sizes;
  if (hetcast_node_plan_sizes(&r, &sizes, nullptr) != HETCAST_OK) {
    return absl::InvalidArgumentError("PTAS: invalid request");
  }
  Plan f;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  f.nodes.resize(sizes.node_count);
  f.transfers.resize(sizes.transfer_count);
  if (hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, workspace.data(),
                        workspace.size(), f.nodes.data(), f.nodes.size(),
                        f.transfers.data(), f.transfers.size(), &f.answer,
                        nullptr) != HETCAST_OK) {
    return absl::OutOfRangeError("PTAS: FNF failed (a time overflows)");
  }
  f.transfers.resize(f.answer.transfer_count);
  return f;
}

absl::StatusOr<Plan> Evaluate(const hetcast_node_request& r,
                              const std::vector<hetcast_send>& sends,
                              bool canonical) {
  size_t bytes = 0;
  hetcast_node_sizes sizes;
  if (hetcast_node_plan_sizes(&r, &sizes, nullptr) != HETCAST_OK ||
      hetcast_node_evaluate_workspace_size(&r, sends.size(), &bytes, nullptr) !=
          HETCAST_OK) {
    return absl::InternalError("PTAS: cannot size the evaluation");
  }
  Plan plan;
  std::vector<unsigned char> workspace(bytes);
  plan.nodes.resize(sizes.node_count);
  plan.transfers.resize(sizes.node_count);
  const char* why = "";
  const hetcast_status status =
      (canonical ? hetcast_node_evaluate_canonical : hetcast_node_evaluate)(
          &r, sends.data(), sends.size(), workspace.data(), workspace.size(),
          plan.nodes.data(), plan.nodes.size(), plan.transfers.data(),
          plan.transfers.size(), &plan.answer, &why);
  if (status != HETCAST_OK) {
    return absl::InternalError(absl::StrFormat(
        "PTAS built a schedule the evaluator rejects (%s)", why));
  }
  plan.transfers.resize(plan.answer.transfer_count);
  return plan;
}

}  // namespace ptas_internal
}  // namespace hetcast
