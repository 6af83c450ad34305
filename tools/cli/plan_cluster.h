// plan_cluster.h: `hetcast plan --model cluster`: two-level clusters
// (Khuller, Kim & Wan), planned by the runtime's LCF family.
//
//   hetcast plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4
//                [--algorithm lcf|flat|interleaved|bounded-degree|
//                 bounded-size] [--degrees ...] [--matching B] [--postal]
//                [--members ...]
#ifndef HETCAST_TOOLS_CLI_PLAN_CLUSTER_H_
#define HETCAST_TOOLS_CLI_PLAN_CLUSTER_H_

#include "absl/status/statusor.h"
#include "tools/cli/plan_output.h"

namespace hetcast {

// PlanClusterFromFlags()
//
// Reads the request from the flags (tools/cli/flags.h) and plans it with
// hetcast_plan(). The CLI checks what only it can see (list lengths, flag
// combinations, its node limit); which combinations of bounds, postal model
// and multicast can be planned is the runtime's to say, in its own words.
absl::StatusOr<NodePlan> PlanClusterFromFlags();

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_CLUSTER_H_
