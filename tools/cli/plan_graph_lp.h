// plan_graph_lp.h: `hetcast plan --model graph` with the exact linear
// programs of Beaumont et al. (tools/graph/multicast_lp.h):
//
//   hetcast plan --model graph --platform P.json [--source S --targets a,b]
//       --algorithm lb|ub|broadcast|reduced-broadcast|augmented-multicast|
//                   augmented-sources|best
//       [--format text|json] [--trace] [--emit-lp FILE] [--emit-solution FILE]
//       [--max-period TICKS]
//
// lb: Multicast-LB, a lower bound (not a schedule); ub: Multicast-UB, the
// scatter; broadcast: Broadcast-EB of the whole (pruned) platform; the
// three LP heuristics of §5.2 (tools/graph/lp_heuristics.h; --trace lists
// their accepted moves); best: the smallest period among MCPH, the
// broadcast, the scatter and the heuristics (ties: that order). Every
// answer carries LB and UB as exact fractions ("p/q"), every optimum was
// checked by its certificate. --emit-lp writes the algorithm's program in
// CPLEX LP format, --emit-solution its exact optimum as JSON (lb, ub and
// broadcast only). An LP the solver finds infeasible or unbounded, or a
// certificate that fails, is an InternalError (exit status 1). Every
// answer but lb carries its periodic schedule, accepted by the exact
// evaluator at exactly its period, or, when the exact schedule needs more
// than 64 bits, at the best rounding of its flows to whole messages that
// fits them (the throughput lost reported exactly); --max-period bounds
// the period the same way. An answer left without a schedule (no whole
// message within --max-period) lists its flows and what they need.
//
// This part of the command line links QSopt_ex (GPL-3+).
#ifndef HETCAST_TOOLS_CLI_PLAN_GRAPH_LP_H_
#define HETCAST_TOOLS_CLI_PLAN_GRAPH_LP_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "tools/graph/platform.h"

namespace hetcast {

// InvalidArgument naming the limit when `platform` is past `algorithm`'s:
// kGraphLpMaxNodeEdges for lb, ub and broadcast,
// kGraphLpHeuristicMaxNodeEdges for the LP heuristics and best, and
// kGraphLpMaxEdgesPerNode* for all (platform.h).
absl::Status CheckGraphLpSize(const GraphPlatform& platform,
                              const std::string& algorithm);

// Whether `algorithm` (--algorithm) is answered here.
bool IsGraphLpAlgorithm(const std::string& algorithm);

// InvalidArgument when --emit-lp or --emit-solution is set but `algorithm`
// has no single program to write.
absl::Status CheckGraphLpFlags(const std::string& algorithm);

// The flags of this file that are set ("emit-lp", "emit-solution",
// "trace"), for the other models to refuse.
std::vector<const char*> GivenGraphLpFlags();

// Solves, writes the requested files and renders the answer in `format`
// ("text" or "json").
absl::StatusOr<std::string> PlanGraphLp(const GraphPlatform& platform,
                                        const std::string& algorithm,
                                        const std::string& format);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_GRAPH_LP_H_
