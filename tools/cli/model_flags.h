// model_flags.h: `hetcast plan --model node|cluster` (and `render`): the
// request from the flags, or from the file --input names
// (tables/model_request.fbs); a request flag beside --input is refused.
#ifndef HETCAST_TOOLS_CLI_MODEL_FLAGS_H_
#define HETCAST_TOOLS_CLI_MODEL_FLAGS_H_

#include "absl/status/statusor.h"
#include "tools/cli/plan_output.h"

namespace hetcast {

// PlanNodeFromFlags(), PlanClusterFromFlags()
//
// Read the request (tools/cli/flags.h, or --input) and plan it with
// PlanNodeRequest() or PlanClusterRequest(): the same fields give the same
// answer, byte for byte, whichever way they came.
absl::StatusOr<NodePlan> PlanNodeFromFlags();
absl::StatusOr<NodePlan> PlanClusterFromFlags();

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_MODEL_FLAGS_H_
