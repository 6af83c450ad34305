// dual_bound.h: exact lower bounds on the summed-load programs
// (Multicast-UB, MulticastMultiSource-UB: multicast_lp.h, rule (10)) from
// port weights alone, without an LP.
//
// Weak duality: the grouped program (one flow per set of origins) has,
// for any alpha_v, beta_v >= 0 on the send and receive rows (8), (9) with
// sum alpha + sum beta <= 1 (the dual row of T), the dual solution w_e =
// c_e (alpha_from + beta_to) on the sum rows (10) and, on each flow's
// conservation rows, minus the distance from its origins over lengths w.
// It is feasible (the distances satisfy the triangle inequality and are 0
// at the origins), so its objective, the sum over every destination of
// its distance from its origins, is <= the program's optimum T*. The
// weights of another program's optimal duals on the same edges (the rows
// (8), (9) do not depend on the flows) give a bound that is often close:
// the LP heuristic of Fig. 8 rejects candidates with it.
#ifndef HETCAST_TOOLS_GRAPH_DUAL_BOUND_H_
#define HETCAST_TOOLS_GRAPH_DUAL_BOUND_H_

#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/exact_lp.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {

// alpha_v, beta_v: the duals of rows (8), (9) of `program` in `optimum`.
struct PortWeights {
  std::vector<mpq_class> send;
  std::vector<mpq_class> receive;
};

PortWeights PortDuals(const MulticastProgram& program,
                      const LpSolution& optimum);

// The bound above for the program with flows `groups` on every edge of
// `request`. InvalidArgument when the weights are negative or sum above 1
// (not a dual solution), or a destination cannot be reached.
absl::StatusOr<mpq_class> SummedLoadDualBound(
    const hetcast_graph_request& request, const PortWeights& weights,
    const std::vector<FlowGroup>& groups);

// The whole dual solution behind that bound, on the rows of the grouped
// program `program` (MulticastProgram::groups set): alpha, beta on (8),
// (9), w_e on (10), minus each group's distances on its conservation rows,
// 0 elsewhere. Its objective is the bound; CheckLpCertificate() judges it.
absl::StatusOr<std::vector<mpq_class>> SummedLoadDualSolution(
    const hetcast_graph_request& request, const PortWeights& weights,
    const MulticastProgram& program);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_DUAL_BOUND_H_
