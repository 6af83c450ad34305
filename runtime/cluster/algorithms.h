// algorithms.h: the cluster model's algorithm table (algorithms.cc). Each
// row is one algorithm in one variant: the request shapes it plans, why it
// refuses the others, the function that runs it and what it guarantees.
// The planner, hetcast_cluster_plan, hetcast_plan_info and the algorithm
// names (hetcast_algorithm_name, hetcast_model_algorithm) all read it, so
// that adding a variant is adding a row.
#ifndef HETCAST_RUNTIME_CLUSTER_ALGORITHMS_H_
#define HETCAST_RUNTIME_CLUSTER_ALGORITHMS_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/algorithm_table.h"
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// The fields of a cluster request that choose among the rows.
enum ClusterFeature : uint8_t {
  kClusterPostal = 1,    // postal
  kClusterDegrees = 2,   // degrees
  kClusterMatching = 4,  // matching
  kClusterMembers = 8,   // members (a multicast)
  kClusterConstraints = kClusterDegrees | kClusterMatching | kClusterMembers,
};

// The features `r` has.
uint8_t ClusterFeatures(const hetcast_cluster_request& r);

// Runs an algorithm on a prepared workspace (s.base filled, s.order
// sorted), writes s.raw and returns how many transfers it wrote.
using ClusterRun = size_t (*)(const ClusterLayout& l, const LcfScratch& s);

struct ClusterAlgorithm {
  hetcast_algorithm algorithm;
  // The first row of an algorithm names it (hetcast_algorithm_name), says
  // why it refuses a request none of its rows plans, and whether the
  // planner's default runs it (below); the rows after it, of the same
  // algorithm, leave these empty.
  const char* name;
  const char* refusal;
  bool in_default;
  // The row plans a request with every feature of `needs` and none of
  // `refuses`; an algorithm's first such row answers.
  uint8_t needs;
  uint8_t refuses;
  ClusterRun run;
  Guarantee guarantee;
};

// The rows, `*count` of them.
const ClusterAlgorithm* ClusterAlgorithms(size_t* count);

// The row of `algorithm` that plans `r` (a validated request), or nullptr
// with `*why` (optional) saying why: no algorithm plans the request's
// combination of fields, the algorithm's refusal, or no row has it.
const ClusterAlgorithm* FindClusterAlgorithm(const hetcast_cluster_request& r,
                                             hetcast_algorithm algorithm,
                                             const char** why);

// The planner's default: the first row's algorithm answers, unless a later
// algorithm marked in_default plans the request too and completes strictly
// earlier. Those later ones refuse members (they plan broadcasts, whose
// completion is the last landing).
hetcast_algorithm ClusterDefaultAlgorithm();

// The i-th distinct algorithm of the rows, HETCAST_ALGORITHM_NONE past the
// last; and an algorithm's name, nullptr when no row has it.
hetcast_algorithm ClusterAlgorithmAt(size_t i);
const char* ClusterAlgorithmName(hetcast_algorithm algorithm);

// cluster_api.cc: the request checked once for `algorithm` (a row of the
// table that plans it, and its layout), the reason in `*why` (optional).
hetcast_status PrepareClusterPlan(const hetcast_cluster_request* request,
                                  hetcast_algorithm algorithm,
                                  ClusterLayout* layout,
                                  const ClusterAlgorithm** row,
                                  const char** why);
// hetcast_cluster_plan_sizes of a checked request: HETCAST_TOO_LARGE when
// the workspace overflows size_t (88 bytes a processor: a 32-bit size_t
// holds it for fewer than HETCAST_MAX_NODES), the reason in `*why`
// (optional).
hetcast_status ClusterPlanSizes(const ClusterLayout& l,
                                hetcast_node_sizes* sizes, const char** why);
// hetcast_cluster_plan of a prepared request, arguments as there. With
// `with_default`, `row` is the default's (ClusterDefaultAlgorithm) and the
// other default algorithms that plan the request run in the same
// workspace too; the earliest answers (answer->algorithm says which).
hetcast_status PlanPreparedCluster(
    const ClusterLayout& l, const ClusterAlgorithm& row, bool with_default,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why);
// The planner's default for `request` (hetcast.h, "The planner"), for
// tools that compare it with the pinned algorithms; arguments as
// hetcast_cluster_plan's.
hetcast_status PlanClusterEarliest(const hetcast_cluster_request* request,
                                   void* workspace, size_t workspace_size,
                                   hetcast_node* nodes, size_t node_capacity,
                                   hetcast_transfer* transfers,
                                   size_t transfer_capacity,
                                   hetcast_answer* answer);

// The algorithm of the row a test build adds (HETCAST_TEST_FAKE_ROW;
// tests/cluster/fake_row_test.cc).
inline constexpr hetcast_algorithm kClusterFakeAlgorithm =
    static_cast<hetcast_algorithm>(100);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_CLUSTER_ALGORITHMS_H_
