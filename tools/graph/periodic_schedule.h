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

// BuildPeriodicSchedule()
//
// K is the least common multiple of the denominators of the routes'
// starts and weights and of `period_per_message` (T*), D that of the
// costs of the edges used (so every slot the König step cuts carries whole
// parts), T = K T*. Route r carries parts [K D start, K D (start +
// weight)); each of its edges needs K weight cost ticks per period. The
// routes' loads must fit in T (each node's sum of K weight cost over its
// in-edges, and over its out-edges, at most K T*): InvalidArgument
// otherwise. OutOfRange when K, K D or T would not fit in 64 bits; `what`
// names the schedule in that message.
absl::StatusOr<PeriodicSchedule> BuildPeriodicSchedule(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes,
    const mpq_class& period_per_message, const char* what);

// BuildRoundedSchedule()
//
// A schedule of period at most `max_period` ticks from the same routes,
// for when the exact one's period is too long (or beyond 64 bits). Two
// roundings to whole messages, the one of higher throughput kept (ties:
// the first): (a) K = floor(max_period / T*), route r carries floor(K w_r)
// messages per period, each group trimmed to the least group's total K'
// (from its last routes); loads only fall, so the busiest node needs at
// most K T* <= max_period ticks; (b) largest remainders, every group
// exactly K messages, at the largest K in [K - 32, K] whose busiest node
// fits. The period is the busiest node's load; routes left with nothing
// are dropped. Throughput K' / period <= 1 / T* (the rounded flows are a
// feasible solution of the same program) and >= (K - routes) / max_period
// by (a). InvalidArgument when no whole message fits (max_period too
// small); OutOfRange as above.
absl::StatusOr<PeriodicSchedule> BuildRoundedSchedule(
    const hetcast_graph_request& request, std::vector<WeightedRoute> routes,
    const mpq_class& period_per_message, uint64_t max_period, const char* what);

// BuildSchedule()
//
// What every LP answer's schedule goes through: with max_period 0, the
// exact schedule; otherwise the exact one if its period is at most
// max_period ticks, else the rounded one.
absl::StatusOr<PeriodicSchedule> BuildSchedule(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes,
    const mpq_class& period_per_message, uint64_t max_period, const char* what);

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
