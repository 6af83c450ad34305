// multicast_lp.h: the linear programs of Beaumont, Legrand, Marchal &
// Robert (2004) for pipelined multicast on a platform graph, solved exactly
// (exact_lp.h): Multicast-LB, Multicast-UB, Broadcast-EB (§5.1) and
// MulticastMultiSource-UB (§5.2.3). Each optimum is T*, the time in ticks
// to multicast one message (throughput 1 / T*), and is reported only after
// its certificate passed. Equation numbers are the paper's; the decisions
// on its ambiguities (shared/notes/pipelined-multicast.md A8) are in
// multicast_lp.cc, each quoting the paper.
#ifndef HETCAST_TOOLS_GRAPH_MULTICAST_LP_H_
#define HETCAST_TOOLS_GRAPH_MULTICAST_LP_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/exact_lp.h"

namespace hetcast {

// How an edge's load n_{j,k} counts the commodities crossing it.
enum class LoadRule {
  kLargest,  // (10'): n_{j,k} >= x_i^{j,k} for every commodity (LB, EB)
  kSum,      // (10):  n_{j,k} = sum of x^{j,k} over commodities (UB, MMS)
};

// One flow of the program: from `origin` to `destination`.
struct Commodity {
  uint32_t origin;
  uint32_t destination;
};

// The destinations that receive the message from the same origins: under
// (10) their commodities add up on every edge, so one flow serves them all
// (multicast_lp.cc, "Grouped flows").
struct FlowGroup {
  std::vector<uint32_t> origins;
  std::vector<uint32_t> destinations;
};

// MulticastProgram
//
// A built program and where its variables are: x_c^{e} is column
// flow_column[c][e] (kNoColumn where the flow is fixed at 0: on edges into
// the commodity's origin or out of its destination), n_e is
// load_column[e], T* is period_column. Edges are the request's, in its
// order; node ids are the request's. In a grouped program `groups` is set
// instead of `commodities` and flow_column[g][e] is group g's flow: the
// sum of its commodities' x on e.
struct MulticastProgram {
  static constexpr size_t kNoColumn = SIZE_MAX;
  LinearProgram lp;
  std::vector<Commodity> commodities;
  std::vector<FlowGroup> groups;
  std::vector<std::vector<size_t>> flow_column;
  // Grouped only: group g's conservation row at node v (kNoColumn where
  // there is none: at its origins and nodes without edges).
  std::vector<std::vector<size_t>> group_row;
  std::vector<size_t> load_column;
  size_t period_column = 0;
  // (8) and (9) at node v, T* >= its send / receive time: rows
  // send_row[v], receive_row[v] (kNoColumn where v has no such edge).
  std::vector<size_t> send_row;
  std::vector<size_t> receive_row;
  // Under (10): edge e's row n_e = sum of x (kNoColumn where unusable).
  std::vector<size_t> sum_row;
};

// An exact bound: T* ticks per message, +infinity when no multicast exists
// (Broadcast-EB of a node set the source does not reach entirely).
//
// Programs with (10) (UB, MMS-UB) are solved grouped: `grouped` is the
// program the solver saw, `grouped_solution` its optimum (certified too);
// `solution`, the paper's program's, is built from it by path
// decomposition and certified on `program`. Otherwise `grouped` is empty.
struct LpBound {
  bool finite = false;
  mpq_class period;  // T*, when finite.
  MulticastProgram program;
  LpSolution solution;  // When finite; certified.
  MulticastProgram grouped;
  LpSolution grouped_solution;
  // The solver's optimal basis (of `grouped` when that is set), when
  // finite.
  LpBasis basis;
  // When carried (no `basis`: MultiSourceUbGrown()), the last solved
  // program's optimal basis grown to this one (carried_optimum.h,
  // GrownBasis()): where the program grown from this one starts the
  // dual simplex.
  LpBasis grown_basis;
};

// Multicast-LB(P, P_target): minimise T* s.t. (1)-(9), (10'). No schedule
// multicasts a message in fewer than T* ticks on average.
absl::StatusOr<LpBound> MulticastLb(const hetcast_graph_request& request);

// MulticastLb(request) when `previous` is MulticastLb() (or this) of the
// same request with one target fewer, solved only when previous' optimum
// cannot be carried over (carried_optimum.h, no node avoided): otherwise
// that optimum plus a unit flow to the new target within idle port time,
// certified, the same T*; no basis (LpBound::basis empty). Fig. 7's
// ranking program grows so.
absl::StatusOr<LpBound> MulticastLbGrown(const hetcast_graph_request& request,
                                         const LpBound& previous);

// Multicast-UB(P, P_target): minimise T* s.t. (1)-(10): the scatter, which
// a periodic schedule achieves.
absl::StatusOr<LpBound> MulticastUb(const hetcast_graph_request& request);

// Broadcast-EB(P) for the nodes with kept[v] set (the source among them):
// Multicast-LB on the subgraph they induce with every kept node but the
// source a target. +infinity when the source does not reach every kept
// node inside that subgraph. `kept` has node_count entries.
absl::StatusOr<LpBound> BroadcastEb(const hetcast_graph_request& request,
                                    const std::vector<bool>& kept);

// MulticastMultiSource-UB(P, P_target, P_source) for the ordered sources
// `sources` (sources[0] the request's source; the others distinct nodes):
// source s_i (i >= 1) receives the message from s_0 .. s_{i-1}, every
// target not among the sources from any of them; loads are summed over
// every commodity (10). With sources = {source} it is Multicast-UB.
absl::StatusOr<LpBound> MultiSourceUb(const hetcast_graph_request& request,
                                      const std::vector<uint32_t>& sources);

// MultiSourceUb(request, sources) when `previous` is MultiSourceUb() (or
// this) of the same request with the last source left out and its
// optimum carries over (carried_optimum.h, no node avoided) at a T* that
// the port duals of `previous` prove optimal (dual_bound.h): then the
// carried solution with those duals, certified, and no LP (no basis);
// otherwise solved, from previous' optimal basis grown to this program
// (carried_optimum.h, GrownBasis()). Fig. 8's candidates.
//
// With `paper` false, the paper's program is neither built nor solved
// (`program` and `solution` empty): the grouped optimum, certified, is the
// bound, the same optimum ("Grouped flows" in multicast_lp.cc). Fig. 8's
// candidates reach 60 sources at 65 nodes, where the paper's program has
// one flow per (origin, destination): 2000 flows, half a million columns.
absl::StatusOr<LpBound> MultiSourceUbGrown(const hetcast_graph_request& request,
                                           const std::vector<uint32_t>& sources,
                                           const LpBound& previous,
                                           bool paper = true);

// The flows of MultiSourceUb(request, sources) (unchecked: the sources
// are taken as MultiSourceUb() accepts them): one per set of origins.
std::vector<FlowGroup> MultiSourceGroups(const hetcast_graph_request& request,
                                         const std::vector<uint32_t>& sources);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_MULTICAST_LP_H_
