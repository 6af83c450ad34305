// plan_node_certify.h: `hetcast plan --certify` for the node model: the
// runtime's answer improved and certified by the tools' pipeline
// (tools/gen/certified_node_answer.h: the deadline rule and a local search
// for the schedule, the wide prefix search and the counting LP for the
// bound).
//
//   hetcast plan --costs 2,3,7 --source-type 1 --counts 40,30,30 --certify
//
// What it accepts is decided from the request alone, before planning:
// no relays, at most kCertifyMaxDestinations destinations and
// kCertifyMaxTypes types with destinations; anything else is refused with
// one line naming the reason (exit 2). An answer already proven optimal
// (a table's exact entry, or FNF that the runtime's bound meets) is kept
// as it is.
#ifndef HETCAST_TOOLS_CLI_PLAN_NODE_CERTIFY_H_
#define HETCAST_TOOLS_CLI_PLAN_NODE_CERTIFY_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/model_request.h"
#include "tools/cli/plan_node.h"
#include "tools/cli/plan_output.h"

namespace hetcast {

// The largest request --certify accepts. Measured (README, "Certified
// answers"): the slowest of the report's random requests at these sizes
// takes about a second.
inline constexpr uint64_t kCertifyMaxDestinations = 10000;
inline constexpr uint64_t kCertifyMaxTypes = 32;

// CheckCertifiable()
//
// OK when --certify handles `request`; else InvalidArgument with one line
// naming the field (as `name` names it) and the limit.
absl::Status CheckCertifiable(const hetcast_node_request& request,
                              const FieldNames& name);

// CertifyPlan()
//
// `plan` (the runtime's answer for `request`) with the better of its
// schedule and the pipeline's, the larger bound and its kind
// ("counting_lp" when the LP won), the explanation following both, and a
// note saying what --certify did.
absl::StatusOr<NodePlan> CertifyPlan(const hetcast_node_request& request,
                                     NodePlan plan);

// The two as PlanNodeRequest's certifier (NodeOptions::certifier).
extern const NodeCertifier kNodeCertifier;

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_NODE_CERTIFY_H_
