// broadcast_schedule.h: the periodic schedule of Broadcast-EB (Beaumont et
// al. 2004, §5.1.3: achievable for broadcast by "weighted Edmonds +
// König"), and so of REDUCED_BROADCAST and AUGMENTED_MULTICAST, which
// answer with Broadcast-EB of a node set. The LP's edge loads n, scaled by
// the least common multiple N of their denominators, are integer
// capacities under which every kept node gets N units from the source (its
// flow x_v, times N), so N spanning arborescences fit
// (arborescence_packing.h); arborescence i with multiplicity m_i carries
// the fraction m_i / N of every message, and periodic_schedule.h turns the
// weighted trees into one-port slots.
#ifndef HETCAST_TOOLS_GRAPH_BROADCAST_SCHEDULE_H_
#define HETCAST_TOOLS_GRAPH_BROADCAST_SCHEDULE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/multicast_lp.h"
#include "tools/graph/periodic_schedule.h"

namespace hetcast {

// BroadcastRoutes(), BroadcastSchedule()
//
// `eb` must be BroadcastEb(request, kept)'s finite answer. Capacities are
// min(N n_e, N) (no arborescence uses an edge twice; N x_v^e is below
// both), so every edge carries at most n_e of each message and every node
// is busy at most T* per message (exactly T* at the busiest: the trees are
// a broadcast). When N times the edge count would not fit in 62 bits (the
// packing's integers), N is the largest power of two that does and the
// capacities min(ceil(N n_e), N) (still at least N x_v^e): the routes then
// need a little more than T* per message (RoutesPeriod(): less than T*
// plus the largest node's cost sum over N). The routes are the
// arborescences, in the order they were packed, over consecutive
// fractions of [0, 1). The schedule is BuildSchedule()'s of those routes
// (`max_period` there).
absl::StatusOr<std::vector<WeightedRoute>> BroadcastRoutes(
    const hetcast_graph_request& request, const std::vector<bool>& kept,
    const LpBound& eb);
absl::StatusOr<PeriodicSchedule> BroadcastSchedule(
    const hetcast_graph_request& request, const std::vector<bool>& kept,
    const LpBound& eb, uint64_t max_period = 0);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_BROADCAST_SCHEDULE_H_
