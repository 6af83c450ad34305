// lp_heuristics.h: the three LP-based heuristics of Beaumont, Legrand,
// Marchal & Robert (2004, §5.2, Figs. 6-8): REDUCED_BROADCAST,
// AUGMENTED_MULTICAST and AUGMENTED_SOURCES, over the exact programs of
// multicast_lp.h. Each is a local search: rank the candidate nodes by a
// score read from an LP solution, accept the first whose program's value
// is <= the best so far, re-rank, stop when no candidate is accepted.
//
// A node's score is the flow to the targets that it carries in every
// optimal solution of the ranking program (the least over the optimal
// face, one LP per candidate), so that it does not depend on which optimal
// vertex the solver returns; ties go to the smaller node id.
#ifndef HETCAST_TOOLS_GRAPH_LP_HEURISTICS_H_
#define HETCAST_TOOLS_GRAPH_LP_HEURISTICS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/exact_lp.h"

namespace hetcast {

// An LP value in ticks per message; nullopt is +infinity (Fig. 6: "we set
// Broadcast-EB(P setminus P_m) = +infinity").
using LpValue = std::optional<mpq_class>;

// One accepted move: the node removed (REDUCED_BROADCAST) or added, and
// the program's value after it.
struct HeuristicMove {
  uint32_t node;
  LpValue value;
};

struct HeuristicResult {
  LpValue period;  // BestSol at the end.
  // REDUCED_BROADCAST: the nodes kept; AUGMENTED_MULTICAST: the broadcast
  // set (source, targets, added nodes); AUGMENTED_SOURCES: the sources in
  // order. Increasing ids except the sources.
  std::vector<uint32_t> nodes;
  std::vector<HeuristicMove> trace;
  int lp_solves = 0;  // the programs of Figs. 6-8 and the ranking LPs
  // The smaller LPs solved for lower bounds that reject a candidate
  // without its program (kBoundsFirst, Figs. 6 and 7).
  int bound_solves = 0;
};

// How a node's score is found: always by its LP (one per candidate, as
// before), or first from bounds that often meet -- the solver's optimum
// (above) and the destinations that cannot be reached without the node
// (below) -- and by the LP only when they do not and the ranked order
// reaches the node (lp_heuristics.cc, Ranking). kBoundsFirst also rejects
// a candidate of Figs. 6-7 whose program an exact lower bound (a smaller
// LP) puts above BestSol without solving it, tightens scores' upper
// bounds from every optimum met, from flows rerouted around the
// candidate and from the last ranking's optima carried over
// (carried_optimum.h), and answers Fig. 7's ranking program and Fig. 8's
// candidate programs with carried, certified optima where they prove
// optimal (multicast_lp.h, ...Grown()). For Fig. 8 it also settles
// scores by re-routing the flows into a node with a small exact LP and by
// one face LP over every unsettled candidate, screens a candidate with
// the duals of its last rejected program, and solves candidate programs
// from the current optimal basis, grouped only (lp_heuristics.cc,
// Ranking; README.md). Both give the same exact scores
// and decisions, hence the same moves; kAlwaysLp, the figures read
// literally, is for tests that show it.
enum class ScoreMethod { kBoundsFirst, kAlwaysLp };

// Fig. 6: from Broadcast-EB(P), remove non-target nodes while the
// broadcast on the rest is not slower. The answer is a broadcast of the
// kept nodes: achievable.
absl::StatusOr<HeuristicResult> ReducedBroadcast(
    const hetcast_graph_request& request);
absl::StatusOr<HeuristicResult> ReducedBroadcastScoredBy(
    const hetcast_graph_request& request, ScoreMethod scores);

// Fig. 7: from Broadcast-EB(P_target + source) (often +infinity), add the
// non-target nodes that carry the most flow in Multicast-LB while the
// broadcast on the set is not slower.
absl::StatusOr<HeuristicResult> AugmentedMulticast(
    const hetcast_graph_request& request);
absl::StatusOr<HeuristicResult> AugmentedMulticastScoredBy(
    const hetcast_graph_request& request, ScoreMethod scores);

// Fig. 8: from MulticastMultiSource-UB with the source alone (= UB), add
// secondary sources while the program's value is not larger. Never above
// Multicast-UB.
absl::StatusOr<HeuristicResult> AugmentedSources(
    const hetcast_graph_request& request);
absl::StatusOr<HeuristicResult> AugmentedSourcesScoredBy(
    const hetcast_graph_request& request, ScoreMethod scores);

// The value of each heuristic's program for its state `nodes` plus the
// candidate `node` (REDUCED_BROADCAST: minus it), as the heuristic
// computes it: for tests that re-solve every candidate of a final state.
absl::StatusOr<LpValue> ReducedBroadcastValue(
    const hetcast_graph_request& request, const std::vector<uint32_t>& nodes,
    uint32_t node);
absl::StatusOr<LpValue> AugmentedMulticastValue(
    const hetcast_graph_request& request, const std::vector<uint32_t>& nodes,
    uint32_t node);
absl::StatusOr<LpValue> AugmentedSourcesValue(
    const hetcast_graph_request& request, const std::vector<uint32_t>& nodes,
    uint32_t node);

// Whether a <= b with +infinity the largest value ("<= BestSol" of Figs.
// 6-8; +infinity <= +infinity holds, which is how Fig. 7 starts).
bool NotWorse(const LpValue& a, const LpValue& b);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_LP_HEURISTICS_H_
