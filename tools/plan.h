// plan.h: the runtime's planner (hetcast_plan) with allocated outputs, for
// the tools. It decides nothing: the runtime chooses the algorithm and says
// why; this only sizes, allocates and maps statuses to absl::Status with the
// runtime's own reason.
#ifndef HETCAST_TOOLS_PLAN_H_
#define HETCAST_TOOLS_PLAN_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

struct Planned {
  hetcast_sizes sizes = {};
  hetcast_plan_info info = {};
  std::vector<hetcast_node> nodes;              // Node and cluster models.
  std::vector<hetcast_transfer> transfers;      // Sorted by (start, from).
  std::vector<hetcast_nonblocking_task> tasks;  // Non-blocking model.
  std::vector<size_t> list_begin;
  // Graph model: info.graph has the answer; trimmed to what was written.
  std::vector<hetcast_graph_route_edge> tree_edges;
  std::vector<hetcast_graph_slot> slots;  // Sorted by (start, from).
};

// Runs `check` (optional) on the sizes before planning, so a caller can
// refuse work it does not want (a CLI's limits); its error is returned as is.
absl::StatusOr<Planned> PlanRequest(
    const hetcast_request& request,
    const std::function<absl::Status(const hetcast_sizes&)>& check = nullptr);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_PLAN_H_
