// scatter_schedule.h: the periodic schedule of Multicast-UB (Beaumont et
// al. 2004, §5.1: "achievable via the scatter reconstruction"), built from
// the exact LP values: each target's flow decomposed into weighted paths,
// each path a route of its own parts of the stream, then the König step
// (bipartite_colouring.h) for one-port slots. The result is the input of
// hetcast_graph_evaluate and achieves exactly 1 / UB messages per tick.
#ifndef HETCAST_TOOLS_GRAPH_SCATTER_SCHEDULE_H_
#define HETCAST_TOOLS_GRAPH_SCATTER_SCHEDULE_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {

// A periodic schedule with the arrays hetcast_graph_schedule points into.
struct PeriodicSchedule {
  uint64_t period = 0;    // T ticks
  uint64_t messages = 0;  // K per period
  uint64_t parts = 0;     // D per message
  std::vector<hetcast_graph_route> routes;
  std::vector<hetcast_graph_route_edge> route_edges;
  std::vector<hetcast_graph_slot> slots;

  // Valid while *this lives and is not modified.
  hetcast_graph_schedule View() const;
};

// ScatterSchedule()
//
// `ub` must be MulticastUb(request)'s answer. Paths: from the source,
// follow the out-edge of least index with flow left; a node met twice
// closes a cycle, which is cancelled (it carries nothing to the target);
// reaching the target gives a path of the least flow along it. K is the
// least common multiple of the paths' weights' denominators (so each path
// carries K w whole messages per period), D the least common multiple of
// the costs of the edges used (so that every slot the König step cuts
// carries whole parts), T = K T*. OutOfRange when K, K D or T would not
// fit in 64 bits.
absl::StatusOr<PeriodicSchedule> ScatterSchedule(
    const hetcast_graph_request& request, const LpBound& ub);

// EvaluateSchedule()
//
// hetcast_graph_evaluate on `schedule` with an allocated workspace: the
// evaluation of a valid schedule, an InternalError naming the violation
// otherwise (our schedules are meant to be valid).
absl::StatusOr<hetcast_graph_evaluation> EvaluateSchedule(
    const hetcast_graph_request& request, const PeriodicSchedule& schedule);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_SCATTER_SCHEDULE_H_
