// plan_graph.h: `hetcast plan --model graph`: pipelined multicast on a
// platform graph (Beaumont, Legrand, Marchal & Robert 2004). A platform JSON
// (tools/graph/platform.h) planned by the runtime planner (MCPH), rendered
// with node names and exact fractions.
//
//   hetcast plan --model graph --platform P.json [--source S --targets a,b]
//                [--algorithm mcph] [--mcph-update prose|literal]
//                [--format text|json]
//
// --algorithm lb|ub|broadcast|reduced-broadcast|augmented-multicast|
// augmented-sources|best: the exact LPs (plan_graph_lp.h).
#ifndef HETCAST_TOOLS_CLI_PLAN_GRAPH_H_
#define HETCAST_TOOLS_CLI_PLAN_GRAPH_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/cli/json_output.h"
#include "tools/graph/platform.h"
#include "tools/plan.h"

namespace hetcast {

// PlanGraphFromFlags()
//
// Reads --platform (and --source, --targets, which replace the file's),
// plans it with hetcast_plan() and renders it in `format` ("text" or
// "json"). `*note` receives what the caller should print on stderr on
// success (the nodes pruned because the source cannot reach them; empty
// when none were). Errors are InvalidArgument with one line naming the flag
// or the platform's item at fault.
absl::StatusOr<std::string> PlanGraphFromFlags(const std::string& format,
                                               std::string* note);

// The plan of `platform` with MCPH's `update` ("prose" or "literal"), as
// JSON when `json`, else as text (plan_writer.h): the answer, the tree with
// names and the slots of the period; --explain when `explain`.
absl::StatusOr<std::string> RenderGraphPlan(const GraphPlatform& platform,
                                            const Planned& planned,
                                            const std::string& update,
                                            bool explain, bool json);

// One slot as a JSON object, its stream under `stream_key` ("tree" for
// MCPH's one tree, "route" for the scatter's paths): {"start":0,
// "duration":4,"from":"s","to":"r","tree":0,"amount":1}.
void WriteGraphSlot(const std::vector<std::string>& names,
                    const hetcast_graph_slot& slot, const char* stream_key,
                    JsonWriter* json);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_GRAPH_H_
