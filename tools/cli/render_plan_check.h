// render_plan_check.h: what `hetcast render --plan` checks of a plan before
// drawing it. A plan's JSON is untrusted: render draws only what an
// evaluator of its model accepts, so that a drawing never shows a schedule
// that cannot run (a transfer ending before it starts, parents in a cycle,
// a period of 0, a node not declared) with bars off the canvas.
//
// Node plans are re-timed by the node model's evaluator
// (hetcast_node_evaluate, with the plan's type costs) and graph plans are
// judged by the graph model's (hetcast_graph_evaluate, on the platform of
// the plan's tree edges, each edge's cost read from its slots). Cluster and
// non-blocking plans do not carry their costs (the inter-cluster cost, the
// per-node send and receive costs), so their evaluators cannot run; their
// plans get every check those evaluators make that needs no cost: declared
// nodes, one tree (cluster) or one receive per message and destination
// (multi-source), times in order, no send before its sender has the
// message, and a completion time equal to the last arrival.
#ifndef HETCAST_TOOLS_CLI_RENDER_PLAN_CHECK_H_
#define HETCAST_TOOLS_CLI_RENDER_PLAN_CHECK_H_

#include "absl/status/status.h"
#include "tables/cli_output_generated.h"

namespace hetcast {

// Each returns OK, or InvalidArgument starting "plan JSON: " that names
// the node, transfer or slot at fault and the rule it breaks.
absl::Status CheckNodePlan(const out::NodePlan& plan);  // Node and cluster.
absl::Status CheckNonblockingPlan(const out::NonblockingPlan& plan);
absl::Status CheckGraphPlan(const out::GraphPlan& plan);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_RENDER_PLAN_CHECK_H_
