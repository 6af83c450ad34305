// plan_cluster.h: `hetcast plan --model cluster`: two-level clusters
// (Khuller, Kim & Wan), planned by the runtime's LCF family.
//
//   hetcast plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4
//                [--algorithm lcf|flat|interleaved|bounded-degree|
//                 bounded-size] [--degrees ...] [--matching B] [--postal]
//                [--members ...]
//   hetcast plan --model cluster --input REQUEST.json
#ifndef HETCAST_TOOLS_CLI_PLAN_CLUSTER_H_
#define HETCAST_TOOLS_CLI_PLAN_CLUSTER_H_

#include <string>

#include "absl/status/statusor.h"
#include "tools/cli/model_request.h"
#include "tools/cli/plan_output.h"

namespace hetcast {

// PlanClusterRequest()
//
// Plans the request `fields` describe (from the flags or a request file)
// with hetcast_plan(), pinned by `algorithm` (--algorithm: "" or lcf, eager,
// flat, interleaved, bounded-degree, bounded-size). Checks what only the CLI
// can see (list lengths, field combinations, its node limit), naming the
// field as `fields.name` does; which combinations of bounds, postal model
// and multicast can be planned is the runtime's to say, in its own words.
absl::StatusOr<NodePlan> PlanClusterRequest(const ClusterFields& fields,
                                            const std::string& algorithm);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_CLUSTER_H_
