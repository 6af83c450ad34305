// carried_optimum.h: a solution of one multicast program (multicast_lp.h)
// carried over to the next program of a local search that adds one
// destination (Fig. 7's ranking program grows P_target by the node just
// added; Fig. 8's adds a secondary source, whose commodity is new).
//
// Every flow of `previous` is kept as it is (matched by destinations: a
// flow whose origins grew is still a flow); the new destination's flow is
// a maximum flow that avoids node `avoid`, within what each edge's load
// may grow by while every port stays within the old T (its idle time,
// shared evenly by the node's edges: SpareLoad()); loads follow the
// program's rule (largest or summed) and T is unchanged. When that flow
// does not fit, summed programs with no node avoided (Fig. 8's candidate
// programs) get one more try: the new flow and the flows whose origins
// grew re-routed together by a small exact LP within the time the other
// flows leave at every port. The result is then checked row by row,
// exactly, against `next`: returned only when it is feasible there. When
// `next` has the same optimum T* as `previous`, it is an optimum of
// `next` with the old flows into every node but what the new flow adds.
#ifndef HETCAST_TOOLS_GRAPH_CARRIED_OPTIMUM_H_
#define HETCAST_TOOLS_GRAPH_CARRIED_OPTIMUM_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/exact_lp.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {

// Flow c's destinations and origins (a commodity's, or a group's).
std::vector<uint32_t> FlowDestinations(const MulticastProgram& p, size_t c);
std::vector<uint32_t> FlowOrigins(const MulticastProgram& p, size_t c);

// What each edge's load may grow by in the solution `x` of `program` with
// T unchanged: each node's idle send (receive) time, T minus (8)'s (9)'s
// sum, shared evenly by its out- (in-) edges, the least of the two ends,
// over c_e, divided by `shares` (the flows that may use it at once).
std::vector<mpq_class> SpareLoad(const hetcast_graph_request& request,
                                 const MulticastProgram& program,
                                 const std::vector<mpq_class>& x,
                                 size_t shares);

// Whether `x` satisfies every row of `lp` and x >= 0, exactly.
bool Feasible(const LinearProgram& lp, const std::vector<mpq_class>& x);

// The carried solution (columns of `next`), or nullopt when the programs
// do not differ by one new destination's flow, that flow does not fit, or
// the result is not feasible for `next`.
std::optional<std::vector<mpq_class>> CarryOptimum(
    const hetcast_graph_request& request, const MulticastProgram& previous,
    const std::vector<mpq_class>& x, const MulticastProgram& next,
    uint32_t avoid);

// RerouteFlows()
//
// The solution `x` of the summed program `program` (groups set) with the
// flows marked `free` re-routed by a small exact LP (one column per free
// flow and edge, their conservation rows, one row per port) within the
// time the other flows, kept, leave at every port under x's T: when
// `into` is a node, so that as little of the free flows as possible
// enters it; else at least cost. nullopt when they do not fit. The
// result has x's T and is checked row by row against `program`.
std::optional<std::vector<mpq_class>> RerouteFlows(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const std::vector<mpq_class>& x, const std::vector<bool>& free,
    uint32_t into);

// A starting basis for `next` from the optimal basis `basis` of
// `previous`, when they differ as above (one new flow; flows matched by
// destinations): every column and row keeps its status, the new flow's
// columns start at 0 and its rows' slacks basic, so the basis stays dual
// feasible (the new columns' reduced costs are the old duals of the
// loads' rows). Rows of `previous` that `next` drops (a flow whose
// origins grew needs no row at its new origin) leave one basic slack too
// many per nonbasic one dropped: as many new slacks are made nonbasic.
// nullopt when the programs do not differ so or the count cannot be
// balanced. Only a starting point: SolveExactLp() ignores a basis that
// does not fit.
std::optional<LpBasis> GrownBasis(const MulticastProgram& previous,
                                  const LpBasis& basis,
                                  const MulticastProgram& next);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_CARRIED_OPTIMUM_H_
