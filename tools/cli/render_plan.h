// render_plan.h: a planned schedule, as `hetcast plan --format json`
// printed it, drawn as an SVG Gantt chart or a Graphviz DOT graph (no
// flags: `hetcast render` and the render fuzzer call it).
#ifndef HETCAST_TOOLS_CLI_RENDER_PLAN_H_
#define HETCAST_TOOLS_CLI_RENDER_PLAN_H_

#include <string>

#include "absl/status/statusor.h"

namespace hetcast {

// The graph model's LP answers (plan_graph_lp.h) are throughputs of many
// trees or routes, not one tree: render draws MCPH's.
inline constexpr char kLpNotDrawn[] =
    "render draws the graph model's MCPH tree (--algorithm mcph); the answers "
    "of --algorithm lb, ub, broadcast and the LP heuristics are not drawn";

// RenderPlanJson()
//
// Reads `json` (untrusted: it is read back through tables/cli_output.fbs
// and checked) as a node, cluster, non-blocking or graph plan and draws it:
// `to` "dot" gives DOT, anything else SVG (gantt_svg.h). Errors are
// InvalidArgument naming what is wrong.
absl::StatusOr<std::string> RenderPlanJson(const std::string& json,
                                           const std::string& to);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_RENDER_PLAN_H_
