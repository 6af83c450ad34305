// why_cluster_cases.cc: the cluster model's refusals (why_cases.h), by the
// public function that gives them.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tests/planner/why_cases.h"

namespace hetcast {
namespace testing {
namespace {

const uint64_t kOne[3] = {1, 1, 1};
const uint64_t kTwoOneOne[3] = {2, 1, 1};

// hetcast_cluster_plan_sizes of Cluster() changed by a case.
struct ClusterSizesArgs {
  hetcast_cluster_request request = Cluster();

  hetcast_status Call(const char** why) const {
    hetcast_node_sizes sizes;
    return hetcast_cluster_plan_sizes(&request, &sizes, why);
  }
};

// hetcast_cluster_plan's arguments, all valid: Cluster(), LCF, the whole
// workspace, room for 64 nodes and 64 transfers, an answer.
struct ClusterPlanArgs {
  hetcast_cluster_request request = Cluster();
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_LCF;
  size_t workspace_size = sizeof(g_workspace);
  hetcast_node* nodes = g_nodes;
  size_t node_capacity = 64;
  bool answer = true;  // False: answer is NULL.

  hetcast_status Call(const char** why) const {
    hetcast_answer out;
    return hetcast_cluster_plan(&request, algorithm, g_workspace,
                                workspace_size, nodes, node_capacity,
                                g_transfers, 64, answer ? &out : nullptr, why);
  }
};

// hetcast_cluster_evaluate's arguments: Cluster(), one transfer (0 to 1,
// starting at 0, arriving at 1), the whole workspace, room for 64 nodes.
struct ClusterEvaluateArgs {
  hetcast_cluster_request request = Cluster();
  std::vector<hetcast_transfer> schedule = {{0, 1, 0, 1}};
  size_t workspace_size = sizeof(g_workspace);
  size_t node_capacity = 64;

  hetcast_status Call(const char** why) const {
    hetcast_answer answer;
    return hetcast_cluster_evaluate(
        &request, schedule.data(), schedule.size(), g_workspace, workspace_size,
        g_nodes, node_capacity, g_transfers, 64, &answer, why);
  }
};

// hetcast_cluster_lower_bound of the smallest request whose bound reaches
// HETCAST_NEVER. Only the bounded-size matching bound grows with the
// cluster count k (bounds.cc, MatchingLowerBound: p C with p = p_B +
// ceil((k - 1 - served) / B)); the others count O(log N) global steps, C +
// 64 ticks, or under 2^31 postal ticks plus C. With B = 1, cluster 0's one
// processor already is LCF(1)'s copy (p_B = 0, nothing served), so p =
// k - 1, and p C >= 2^64 - 1 with C <= HETCAST_MAX_COST = 2^40 needs
// k - 1 >= 2^24: (2^24 - 1) 2^40 = 2^64 - 2^40. So k = 2^24 + 1 clusters of
// one processor, C = 2^40, B = 1: a sizes array of 128 MiB, which the call
// reads in O(k); it leaves its workspace untouched (B <= n_0: LCF(1) takes
// no step, so no sort; the entry bound is off above C = 128).
hetcast_status LowerBoundAtNever(const char** why) {
  constexpr size_t kClusters = (size_t{1} << 24) + 1;
  static const std::vector<uint64_t> sizes(kClusters, 1);
  // order: k uint32; sorted and reduced: k uint64 each; with padding.
  constexpr size_t kBytes = 24 * kClusters;
  static const std::unique_ptr<unsigned char[]> workspace(
      new unsigned char[kBytes]);
  const hetcast_cluster_request r = {
      sizes.data(), kClusters, HETCAST_MAX_COST, 0, nullptr, 1, nullptr};
  uint64_t bound;
  hetcast_bound kind;
  return hetcast_cluster_lower_bound(&r, workspace.get(), kBytes, &bound, &kind,
                                     why);
}

}  // namespace

// hetcast_cluster_plan_sizes and hetcast_cluster_lower_bound: the
// request's rules, their outputs.
std::vector<WhyCase> ClusterSizeCases() {
  return {
      Broken("cluster no clusters", HETCAST_INVALID_ARGUMENT, "no clusters",
             [](ClusterSizesArgs* a) { a->request.cluster_count = 0; }),
      Broken("cluster postal degrees", HETCAST_INVALID_ARGUMENT,
             "blocking model",
             [](ClusterSizesArgs* a) {
               a->request.postal = 1;
               a->request.degrees = kOne;
             }),
      Broken("cluster empty cluster", HETCAST_INVALID_ARGUMENT, "no processors",
             [](ClusterSizesArgs* a) {
               static const uint64_t kEmpty[3] = {4, 0, 2};
               a->request.sizes = kEmpty;
             }),
      Broken("cluster zero degree", HETCAST_INVALID_ARGUMENT, "a degree",
             [](ClusterSizesArgs* a) {
               static const uint64_t kZero[3] = {0, 1, 1};
               a->request.degrees = kZero;
             }),
      Broken("cluster members", HETCAST_INVALID_ARGUMENT, "more members",
             [](ClusterSizesArgs* a) {
               static const uint64_t kMany[3] = {1, 9, 1};
               a->request.members = kMany;
             }),
      Broken("cluster too many processors", HETCAST_TOO_LARGE,
             "HETCAST_MAX_NODES",
             [](ClusterSizesArgs* a) {
               static const uint64_t kHuge[3] = {uint64_t{1} << 31, 1, 1};
               a->request.sizes = kHuge;
             }),
      {"cluster sizes NULL", HETCAST_INVALID_ARGUMENT, "sizes is NULL",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         return hetcast_cluster_plan_sizes(&r, nullptr, why);
       }},
      {"cluster postal", HETCAST_INVALID_ARGUMENT, "postal",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.postal = 2;
         uint64_t bound;
         hetcast_bound kind;
         return hetcast_cluster_lower_bound(
             &r, g_workspace, sizeof(g_workspace), &bound, &kind, why);
       }},
      {"cluster lower bound NULL", HETCAST_INVALID_ARGUMENT, "lower_bound or",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         return hetcast_cluster_lower_bound(
             &r, g_workspace, sizeof(g_workspace), nullptr, nullptr, why);
       }},
      {"cluster lower bound at NEVER", HETCAST_OVERFLOW, "HETCAST_NEVER",
       LowerBoundAtNever},
  };
}

// hetcast_cluster_plan: the request, which algorithm may answer it, the
// workspace and the outputs.
std::vector<WhyCase> ClusterPlanCases() {
  return {
      Broken("cluster inter cost", HETCAST_INVALID_ARGUMENT, "inter_cost",
             [](ClusterPlanArgs* a) { a->request.inter_cost = 0; }),
      Broken("cluster degrees and matching", HETCAST_INVALID_ARGUMENT,
             "degrees and matching together",
             [](ClusterPlanArgs* a) {
               a->request.degrees = kOne;
               a->request.matching = 1;
             }),
      Broken("cluster postal multicast", HETCAST_INVALID_ARGUMENT, "multicast",
             [](ClusterPlanArgs* a) {
               a->request.postal = 1;
               a->request.members = kOne;
             }),
      Broken("cluster unknown algorithm", HETCAST_INVALID_ARGUMENT,
             "the cluster model has no such algorithm "
             "(hetcast_model_algorithm lists its algorithms)",
             [](ClusterPlanArgs* a) { a->algorithm = HETCAST_ALGORITHM_WRP; }),
      Broken("cluster eager with degrees", HETCAST_INVALID_ARGUMENT,
             "EAGER_LCF",
             [](ClusterPlanArgs* a) {
               a->request.degrees = kOne;
               a->algorithm = HETCAST_ALGORITHM_EAGER_LCF;
             }),
      Broken("cluster flat postal", HETCAST_INVALID_ARGUMENT, "FLAT_BINOMIAL",
             [](ClusterPlanArgs* a) {
               a->request.postal = 1;
               a->algorithm = HETCAST_ALGORITHM_FLAT_BINOMIAL;
             }),
      Broken("cluster interleaved blocking", HETCAST_INVALID_ARGUMENT,
             "INTERLEAVED_LCF",
             [](ClusterPlanArgs* a) {
               a->algorithm = HETCAST_ALGORITHM_INTERLEAVED_LCF;
             }),
      Broken("cluster workspace", HETCAST_WORKSPACE_TOO_SMALL, "workspace",
             [](ClusterPlanArgs* a) { a->workspace_size = 8; }),
      Broken("cluster answer NULL", HETCAST_INVALID_ARGUMENT, "answer is NULL",
             [](ClusterPlanArgs* a) { a->answer = false; }),
      Broken("cluster nodes NULL", HETCAST_INVALID_ARGUMENT,
             "nodes is NULL, or",
             [](ClusterPlanArgs* a) { a->nodes = nullptr; }),
      Broken("cluster nodes too few", HETCAST_OUTPUT_TOO_SMALL,
             "node_capacity or",
             [](ClusterPlanArgs* a) { a->node_capacity = 2; }),
  };
}

// hetcast_cluster_evaluate_workspace_size and hetcast_cluster_evaluate:
// their arguments, then the schedule's rules.
std::vector<WhyCase> ClusterEvaluateCases() {
  return {
      {"cluster evaluate schedule NULL", HETCAST_INVALID_ARGUMENT, "schedule",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         hetcast_answer answer;
         return hetcast_cluster_evaluate(&r, nullptr, 3, g_workspace,
                                         sizeof(g_workspace), g_nodes, 64,
                                         g_transfers, 64, &answer, why);
       }},
      {"cluster evaluate bytes NULL", HETCAST_INVALID_ARGUMENT, "bytes is NULL",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         return hetcast_cluster_evaluate_workspace_size(&r, 3, nullptr, why);
       }},
      {"cluster evaluate bytes overflow", HETCAST_TOO_LARGE, "transfer_count",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         size_t bytes;
         return hetcast_cluster_evaluate_workspace_size(&r, SIZE_MAX / 2,
                                                        &bytes, why);
       }},
      Broken("cluster evaluate nodes too few", HETCAST_OUTPUT_TOO_SMALL,
             "processor count",
             [](ClusterEvaluateArgs* a) { a->node_capacity = 2; }),
      Broken("cluster evaluate workspace", HETCAST_WORKSPACE_TOO_SMALL,
             "hetcast_cluster_evaluate_workspace_size",
             [](ClusterEvaluateArgs* a) { a->workspace_size = 8; }),
      Broken("cluster evaluate id out of range", HETCAST_INVALID_SCHEDULE,
             "out of range",
             [](ClusterEvaluateArgs* a) {
               a->schedule = {{0, 99, 0, 0}};
             }),
      Broken("cluster evaluate receives twice", HETCAST_INVALID_SCHEDULE,
             "receives twice",
             [](ClusterEvaluateArgs* a) {
               a->schedule = {{0, 1, 0, 1}, {0, 1, 1, 2}};
             }),
      Broken("cluster evaluate past NEVER", HETCAST_OVERFLOW, "HETCAST_NEVER",
             [](ClusterEvaluateArgs* a) {
               a->schedule = {{0, 1, HETCAST_NEVER - 1, 0}};
             }),
      Broken("cluster evaluate early start", HETCAST_INVALID_SCHEDULE,
             "before its sender",
             [](ClusterEvaluateArgs* a) {
               a->schedule = {{1, 2, 0, 1}};
             }),
      // The one transfer reaches one processor of the nine.
      Broken("cluster evaluate member left out", HETCAST_INVALID_SCHEDULE,
             "never receives", [](ClusterEvaluateArgs*) {}),
      Broken("cluster evaluate one-port", HETCAST_INVALID_SCHEDULE, "one-port",
             [](ClusterEvaluateArgs* a) {
               static const uint64_t kThree[1] = {3};
               a->request = {kThree, 1, 5, 0, nullptr, 0, nullptr};
               a->schedule = {{0, 1, 0, 1}, {0, 2, 0, 1}};
             }),
      Broken("cluster evaluate degree", HETCAST_INVALID_SCHEDULE, "its degree",
             [](ClusterEvaluateArgs* a) {
               a->request = {kTwoOneOne, 3, 5, 0, kOne, 0, nullptr};
               a->schedule = {{0, 1, 0, 1}, {0, 2, 1, 6}, {1, 3, 1, 6}};
             }),
      Broken("cluster evaluate matching", HETCAST_INVALID_SCHEDULE,
             "matching bound",
             [](ClusterEvaluateArgs* a) {
               a->request = {kTwoOneOne, 3, 5, 0, nullptr, 1, nullptr};
               a->schedule = {{0, 1, 0, 1}, {0, 2, 1, 6}, {1, 3, 1, 6}};
             }),
  };
}

}  // namespace testing
}  // namespace hetcast
