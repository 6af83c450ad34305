// scatter_schedule.h: the periodic schedules of Multicast-UB (Beaumont et
// al. 2004, §5.1: "achievable via the scatter reconstruction") and of
// MulticastMultiSource-UB (§5.2.3, the answer of AUGMENTED_SOURCES), built
// from the exact LP values: each commodity's flow decomposed into weighted
// paths, the paths turned into routes, then periodic_schedule.h (scaling,
// König step). The results are the input of hetcast_graph_evaluate: the
// scatter's achieves exactly 1 / T* messages per tick, the multi-source
// scatter's at least that.
#ifndef HETCAST_TOOLS_GRAPH_SCATTER_SCHEDULE_H_
#define HETCAST_TOOLS_GRAPH_SCATTER_SCHEDULE_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/multicast_lp.h"
#include "tools/graph/periodic_schedule.h"

namespace hetcast {

// ScatterRoutes(), ScatterSchedule()
//
// `ub` must be MulticastUb(request)'s answer. Paths: from the source,
// follow the out-edge of least index with flow left; a node met twice
// closes a cycle, which is cancelled (it carries nothing to the target);
// reaching the target gives a path of the least flow along it. Each path
// is a route of its own: target t's paths carry [0, 1) of the message in
// turn (a group each); they need T* ticks per message (RoutesPeriod()).
// The schedule is BuildSchedule()'s of those routes (`max_period` there).
std::vector<WeightedRoute> ScatterRoutes(const hetcast_graph_request& request,
                                         const LpBound& ub);
absl::StatusOr<PeriodicSchedule> ScatterSchedule(
    const hetcast_graph_request& request, const LpBound& ub,
    uint64_t max_period = 0);

// MultiSourceRoutes(), MultiSourceSchedule()
//
// `mms` must be MultiSourceUb(request, sources)'s answer. Each
// destination's commodities (from the sources before it) are decomposed
// into paths as above and laid end to end over [0, 1) of the message, in
// program order. Cut [0, 1) at every path's ends; on each piece, one route
// tree: the destinations in turn (the secondary sources in order, then the
// targets) each take the path that carries the piece to it, from the last
// node of that path already in the tree (its origin, an earlier source,
// is). A node so gets the piece once, from one parent, and a secondary
// source forwards only what it received: the evaluator's rules. Every
// route edge is an edge of a path carrying the piece, so loads are at most
// the program's (10) sums: the routes need at most T* ticks per message,
// less where a tree carries one piece over an edge to several
// destinations whose flows the program counts apart. Consecutive pieces
// with the same tree are one route; the trees then get the weights that
// need the fewest ticks per message (BalancedRoutes()). The schedule as
// above.
absl::StatusOr<std::vector<WeightedRoute>> MultiSourceRoutes(
    const hetcast_graph_request& request, const std::vector<uint32_t>& sources,
    const LpBound& mms);
absl::StatusOr<PeriodicSchedule> MultiSourceSchedule(
    const hetcast_graph_request& request, const std::vector<uint32_t>& sources,
    const LpBound& mms, uint64_t max_period = 0);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_SCATTER_SCHEDULE_H_
