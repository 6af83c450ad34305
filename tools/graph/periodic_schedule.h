// periodic_schedule.h: a periodic schedule of the graph model built from
// weighted routes (Beaumont et al. 2004, §2: "a superposition of weighted
// multicast trees"), exact rationals in, integer ticks out: the scaling to
// K messages per period in D parts each, then the König step
// (bipartite_colouring.h) for one-port slots. The scatter
// (scatter_schedule.h) and the broadcast's arborescence packing
// (broadcast_schedule.h) both end here; hetcast_graph_evaluate judges the
// result.
#ifndef HETCAST_TOOLS_GRAPH_PERIODIC_SCHEDULE_H_
#define HETCAST_TOOLS_GRAPH_PERIODIC_SCHEDULE_H_

#include <gmpxx.h>

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// A periodic schedule with the arrays hetcast_graph_schedule points into.
struct PeriodicSchedule {
  uint64_t period = 0;    // T ticks
  uint64_t messages = 0;  // K per period
  uint64_t parts = 0;     // D per message
  // The exact schedule of its routes (K R ticks for K messages, R their
  // RoutesPeriod()), not a rounding of them.
  bool exact = true;
  std::vector<hetcast_graph_route> routes;
  std::vector<hetcast_graph_route_edge> route_edges;
  std::vector<hetcast_graph_slot> slots;

  // Valid while *this lives and is not modified.
  hetcast_graph_schedule View() const;
};

// A route of the stream: a tree (or path) rooted at the source, as request
// edge indices with every edge after the one into its tail, carrying the
// fraction [start, start + weight) of every message. Routes come in groups
// (consecutive, by `group`) that each tile [0, 1) in order: one group per
// target for the scatter (its paths), one for trees.
struct WeightedRoute {
  std::vector<size_t> edges;
  mpq_class start;
  mpq_class weight;
  uint32_t group = 0;
};

// RoutesPeriod()
//
// R, the routes' ticks per message: the busiest node's load when route r
// carries the fraction w_r of every message (its sum of w_r cost over
// its out-edges in the routes, or over its in-edges). The routes of a
// program's optimum need at most its T* (they use no edge more than the
// optimum does), and exactly T* when they are themselves a solution of
// that program (the scatter's paths, the broadcast's arborescences); the
// multi-source scatter's trees share edges that its program counts once
// per flow, so they can need less.
mpq_class RoutesPeriod(const hetcast_graph_request& request,
                       const std::vector<WeightedRoute>& routes);

// BalancedRoutes()
//
// The same routes with the weights that make RoutesPeriod() least (each
// group still summing to 1; an exact LP over the weights and the busiest
// node's load), routes left with no weight dropped and starts laid anew
// in order; `routes` unchanged when their own weights are already least.
// Any rounding of the weights to whole messages is such a weighting, so
// after this no rounding beats the exact schedule's throughput.
absl::StatusOr<std::vector<WeightedRoute>> BalancedRoutes(
    const hetcast_graph_request& request, std::vector<WeightedRoute> routes);

// BuildSchedule()
//
// The periodic schedule of `routes`: whole messages, K per period, route
// r carrying m_r of them (each group K in all); the period T is the
// busiest node's ticks (so K / T messages per tick); each message in D
// parts, D the least that lets every slot of the König step carry whole
// parts (a slot of t ticks on an edge of cost c carries t D / c of them;
// D divides the least common multiple of the costs). Route r carries
// parts [first_r, first_r + m_r D) of each period's K D. When K D would
// not fit in 64 bits, D = 1 instead: the König step's rounds stretched so
// that every slot carries whole messages (T then exceeds the busiest
// node's by less than the rounds times the largest cost).
//
// The candidates: the exact one (K the least common multiple of the
// denominators of R and of the weights, m_r = K w_r, T = K R: 1 / R
// messages per tick), and two roundings to whole messages at every K of
// a fixed grid up to floor(max_period / R) (1 .. 15, then 16 per octave,
// each within 1/16 of the next): (a) m_r = floor(K w_r), each group
// trimmed to the least group's total (loads only fall: T <= K R); (b)
// largest remainders, every group exactly K (loads may pass K R a
// little). `max_period` 0: the exact schedule in parts when it fits 64
// bits, else the candidates of a bound of 2^64 - 1. Of the candidates'
// schedules within the bound, the one of highest throughput (ties: the
// exact one, then fewer messages). So a larger bound never gives a lower
// throughput, nor none where a smaller gives one: it has every schedule
// of the smaller. InvalidArgument when no whole message fits in
// `max_period`; OutOfRange when no schedule fits in it and 64 bits
// (`what` names the schedule in the message).
absl::StatusOr<PeriodicSchedule> BuildSchedule(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes, uint64_t max_period,
    const char* what);

// EvaluateSchedule()
//
// hetcast_graph_evaluate on `schedule` with an allocated workspace: the
// evaluation of a valid schedule, an InternalError naming the violation
// otherwise (our schedules are meant to be valid).
absl::StatusOr<hetcast_graph_evaluation> EvaluateSchedule(
    const hetcast_graph_request& request, const PeriodicSchedule& schedule);

// CheckScheduleAt()
//
// EvaluateSchedule, then an InternalError unless the evaluator's period
// per message is exactly `period_per_message`: how every LP answer's
// schedule is accepted.
absl::Status CheckScheduleAt(const hetcast_graph_request& request,
                             const PeriodicSchedule& schedule,
                             const mpq_class& period_per_message);

// Least common multiple, and a cost in ticks as a GMP integer: shared by
// the schedule builders.
mpz_class Lcm(const mpz_class& a, const mpz_class& b);
mpz_class EdgeCost(const hetcast_graph_request& request, size_t edge);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_PERIODIC_SCHEDULE_H_
