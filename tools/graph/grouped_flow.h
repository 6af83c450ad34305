// grouped_flow.h: from the optimum of a grouped program (multicast_lp.h,
// MulticastProgram::groups: one flow per set of destinations with the same
// origins) back to an optimum of the paper's program, one flow per
// commodity, with the duals that prove it. Internal to multicast_lp.cc.
#ifndef HETCAST_TOOLS_GRAPH_GROUPED_FLOW_H_
#define HETCAST_TOOLS_GRAPH_GROUPED_FLOW_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/exact_lp.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {

// The names of the paper's rows (2) "reach_D" and (3) "conserve_O_D_V"
// (multicast_lp.cc), which the dual below is matched to by name.
std::string ReachRowName(uint32_t destination);
std::string ConserveRowName(const Commodity& commodity, uint32_t node);

// ExpandGroupedSolution()
//
// `program` is the paper's program and `grouped` the grouped program of the
// same request and edges, with its optimum `grouped_solution`. Primal:
// each group's flow is decomposed into paths, each from one of its origins
// to one of its destinations, carrying what that destination still lacks;
// a path from o to d is commodity (o, d)'s flow (cycles are left out: they
// only add load), n_e the sum of x on e and T the grouped T. Dual: the
// sum and port rows keep the grouped duals; with mu_v the dual of the
// group's conservation row at v (0 at its origins and where it has none),
// (3) of (o, d) at v gets mu_v, (2) of d gets -mu_d and (1) gets 0; every
// constraint of the paper's dual is then one of the grouped dual's. The
// caller certifies the result on `program` (CheckLpCertificate); an
// InternalError here means a flow that does not decompose.
absl::StatusOr<LpSolution> ExpandGroupedSolution(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const MulticastProgram& grouped, const LpSolution& grouped_solution);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_GROUPED_FLOW_H_
