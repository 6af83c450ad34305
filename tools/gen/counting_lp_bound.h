// counting_lp_bound.h: the counting LP lower bound of the node model
// (node model; tools only: it solves exact LPs with QSopt_ex, so
// every binary that links it is GPL-3, like the graph model's LP tools).
//
// The counting program. Fix a deadline T. For a schedule, let y(c, t) be
// the number of nodes of class c (a type's destinations or its relays)
// whose message arrives at tick t. Every node informed by t received it
// through a distinct send that completed by t, from the source or from a
// node informed strictly earlier (costs are >= 1), and a node of cost C
// informed at u completes at most floor((t - u) / C) sends by t. So
//   (1)  sum_{c, u <= t} y(c, u)
//          <= floor(t / C_s) + sum_{c, u < t} y(c, u) floor((t - u) / C(c))
// for every t, sum_u y(c, u) <= (nodes of class c), y >= 0, and if the
// schedule informs every destination by T, sum over destination classes
// of y(c, u), u <= T, equals D. These are the nested-slots bound's
// inequalities (runtime/node/lower_bound.h) with the true floors, none
// relaxed. Hence:
//
// Theorem. If the linear program "maximise the destinations informed by T
// subject to (1) and the class counts" (y real) has an optimum below D, no
// schedule (with or without idling, with any relays) informs every
// destination by T: OPT > T.
//
// Monotone in T: a solution for T, extended by zeros, is one for T + 1
// ((1) at T + 1 has the same left side as at T and a right side no
// smaller), so the LP's optimum never decreases with T and the least T
// whose optimum reaches D is found by bisection. Every such T is <= any
// completion time a schedule achieves (its y is feasible there).
//
// The LP is written sparsely, with the sends completing at each tick:
// s(c, t) = y(c, t - C(c)) + s(c, t - C(c)) (the nodes informed at t - C(c)
// send their first message, those that sent at t - C(c) their next), and
// the unused sends w(t) = w(t - 1) + [C_s divides t] + sum_c s(c, t) -
// sum_c y(c, t) >= 0, which is (1) summed up to t. Nothing arrives before
// the source's first send C_s, so the ticks start there.
//
// Strength: (1) with integer y and no relays is exact (a solution becomes
// a schedule by giving the k-th arrival the k-th earliest send, which
// arrives no later; deadline_fnf.h), so the LP only relaxes integrality.
// On the report's random 8-cost instances it closes most of the gap that
// the nested-slots relaxation leaves (tools/experiments/node_bound_report,
// Part 4).
//
// Cost: columns 2 x classes x (T - C_s + 1) plus T; a few LPs per request
// (bisection between the bounds given). Requests whose LP would pass
// kCountingLpMaxColumns keep the caller's bound.
#ifndef HETCAST_TOOLS_GEN_COUNTING_LP_BOUND_H_
#define HETCAST_TOOLS_GEN_COUNTING_LP_BOUND_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

constexpr uint64_t kCountingLpMaxColumns = 200000;

// The LP's optimum at `deadline` reaches the request's destination count
// (false: OPT > deadline). InvalidArgument for a request hetcast_node_plan
// refuses; ResourceExhausted past kCountingLpMaxColumns.
absl::StatusOr<bool> CountingLpReaches(const hetcast_node_request& request,
                                       uint64_t deadline);

// The least T in [lower, upper] whose LP reaches D, given `lower`, a lower
// bound on OPT, and `upper`, the completion time of a schedule (so the LP
// reaches D there). Returns `lower` unchanged when the LP would be too
// large. Errors as CountingLpReaches (InvalidArgument also for lower >
// upper).
absl::StatusOr<uint64_t> CountingLpBound(const hetcast_node_request& request,
                                         uint64_t lower, uint64_t upper);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_COUNTING_LP_BOUND_H_
