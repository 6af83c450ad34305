// plan_node.h: `hetcast plan` for the heterogeneous node model (--model
// node, the default).
//
//   hetcast plan --costs 2,3 --source-type 1 --counts 4,7 [--relays 0,2]
//   hetcast plan --node-costs 3,2,2,2,2,3,3,3,3,3,3,3
//   hetcast plan --table T.hct|@default [--profile NAME] --source-type 1
//                --counts 4,7
//   hetcast plan --algorithm ptas [--epsilon 0.1] [--search grid] ...
//   hetcast plan --input REQUEST.json (tables/model_request.fbs)
#ifndef HETCAST_TOOLS_CLI_PLAN_NODE_H_
#define HETCAST_TOOLS_CLI_PLAN_NODE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/model_request.h"
#include "tools/cli/plan_output.h"

namespace hetcast {

// A step after planning that improves and certifies the runtime's answer:
// `--certify`, plan_node_certify.h's kNodeCertifier. Handed in rather than
// called from here, so that programs that plan without it (the fuzz
// targets) do not link the tools' LP solver.
struct NodeCertifier {
  // OK when the step handles `request`; else one line naming the field.
  absl::Status (*check)(const hetcast_node_request& request,
                        const FieldNames& name);
  // `plan`, the runtime's answer for `request`, improved and certified.
  absl::StatusOr<NodePlan> (*improve)(const hetcast_node_request& request,
                                      NodePlan plan);
};

// How to plan: --algorithm ("", "fnf", "table", "ptas"), the PTAS's
// --epsilon and --search, and --certify (a certifier; null without it).
struct NodeOptions {
  std::string algorithm;
  std::string epsilon = "0.1";
  std::string search = "bisection";
  const NodeCertifier* certifier = nullptr;
};

// PlanNodeRequest()
//
// Plans the request `fields` describe (from the flags or a request file).
// Table and FNF answers are the runtime planner's: hetcast_plan() decides
// which answers (the profile when it covers the request, else FNF) and says
// why, which the plan's note and label repeat. `--algorithm ptas` runs the
// offline PTAS (tools/gen/ptas.h) instead; `certifier` improves and
// certifies the runtime's answer. Errors are InvalidArgument (or
// OutOfRange) with one line naming the field at fault (as `fields.name`
// names it) and the limit.
absl::StatusOr<NodePlan> PlanNodeRequest(const NodeFields& fields,
                                         const NodeOptions& options);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_NODE_H_
