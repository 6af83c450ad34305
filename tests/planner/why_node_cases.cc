// why_node_cases.cc: the node model's refusals (why_cases.h), by the
// public function that gives them.
#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tests/planner/why_cases.h"

namespace hetcast {
namespace testing {
namespace {

// hetcast_node_plan's arguments, all valid: Node(), FNF, the whole
// workspace, room for 64 nodes and 64 transfers, an answer.
struct NodePlanArgs {
  hetcast_node_request request = Node();
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_FNF;
  void* workspace = g_workspace;
  size_t workspace_size = sizeof(g_workspace);
  hetcast_node* nodes = g_nodes;
  size_t node_capacity = 64;
  hetcast_transfer* transfers = g_transfers;
  size_t transfer_capacity = 64;

  hetcast_status Call(const char** why) const {
    hetcast_answer answer;
    return hetcast_node_plan(&request, algorithm, workspace, workspace_size,
                             nodes, node_capacity, transfers, transfer_capacity,
                             &answer, why);
  }
};

// hetcast_node_evaluate's arguments: Node(), one send (0 to 1), the whole
// workspace, room for 64 nodes and 64 transfers.
struct NodeEvaluateArgs {
  hetcast_node_request request = Node();
  std::vector<hetcast_send> sends = {{0, 1}};
  size_t workspace_size = sizeof(g_workspace);

  hetcast_status Call(const char** why) const {
    hetcast_answer answer;
    return hetcast_node_evaluate(&request, sends.data(), sends.size(),
                                 g_workspace, workspace_size, g_nodes, 64,
                                 g_transfers, 64, &answer, why);
  }
};

}  // namespace

// hetcast_node_plan_sizes, hetcast_node_lower_bound and
// hetcast_node_evaluate_workspace_size: the request's rules, their outputs.
std::vector<WhyCase> NodeSizeCases() {
  return {
      {"node no types", HETCAST_INVALID_ARGUMENT, "no types",
       [](const char** why) {
         hetcast_node_request r = Node();
         r.type_count = 0;
         hetcast_node_sizes sizes;
         return hetcast_node_plan_sizes(&r, &sizes, why);
       }},
      {"node too many nodes", HETCAST_TOO_LARGE, "HETCAST_MAX_NODES",
       [](const char** why) {
         static const uint64_t kHuge[2] = {uint64_t{1} << 31, 1};
         const hetcast_node_request r = {kCosts, 2, 0, kHuge, nullptr};
         hetcast_node_sizes sizes;
         return hetcast_node_plan_sizes(&r, &sizes, why);
       }},
      {"node too many types", HETCAST_TOO_LARGE, "HETCAST_MAX_TYPES",
       [](const char** why) {
         hetcast_node_request r = Node();
         r.type_count = HETCAST_MAX_TYPES + 1;
         uint64_t bound;
         return hetcast_node_lower_bound(&r, &bound, why);
       }},
      {"node lower bound NULL", HETCAST_INVALID_ARGUMENT, "lower_bound",
       [](const char** why) {
         const hetcast_node_request r = Node();
         return hetcast_node_lower_bound(&r, nullptr, why);
       }},
      {"node source type", HETCAST_INVALID_ARGUMENT, "source_type",
       [](const char** why) {
         hetcast_node_request r = Node();
         r.source_type = 2;
         size_t bytes;
         return hetcast_node_evaluate_workspace_size(&r, 3, &bytes, why);
       }},
      {"node evaluate bytes overflow", HETCAST_TOO_LARGE, "send_count",
       [](const char** why) {
         const hetcast_node_request r = Node();
         size_t bytes;
         return hetcast_node_evaluate_workspace_size(&r, SIZE_MAX / 2, &bytes,
                                                     why);
       }},
  };
}

// hetcast_node_plan: the request, the pin, the workspace and the outputs.
std::vector<WhyCase> NodePlanCases() {
  static const uint64_t kZeroCost[2] = {0, 3};
  return {
      Broken("node costs NULL", HETCAST_INVALID_ARGUMENT, "costs",
             [](NodePlanArgs* a) { a->request.costs = nullptr; }),
      Broken("node zero cost", HETCAST_INVALID_ARGUMENT, "cost",
             [](NodePlanArgs* a) { a->request.costs = kZeroCost; }),
      Broken("node pin", HETCAST_INVALID_ARGUMENT, "HETCAST_ALGORITHM_FNF",
             [](NodePlanArgs* a) { a->algorithm = HETCAST_ALGORITHM_LCF; }),
      Broken("node workspace NULL", HETCAST_INVALID_ARGUMENT,
             "workspace is NULL",
             [](NodePlanArgs* a) {
               a->workspace = nullptr;
               a->workspace_size = 0;
             }),
      Broken("node workspace", HETCAST_WORKSPACE_TOO_SMALL, "workspace",
             [](NodePlanArgs* a) { a->workspace_size = 8; }),
      Broken("node nodes NULL", HETCAST_INVALID_ARGUMENT, "nodes is NULL",
             [](NodePlanArgs* a) { a->nodes = nullptr; }),
      Broken("node nodes too few", HETCAST_OUTPUT_TOO_SMALL, "node_capacity",
             [](NodePlanArgs* a) { a->node_capacity = 3; }),
      Broken("node transfers NULL", HETCAST_INVALID_ARGUMENT,
             "transfers is NULL",
             [](NodePlanArgs* a) {
               a->transfers = nullptr;
               a->transfer_capacity = 3;
             }),
      Broken("node transfers too few", HETCAST_OUTPUT_TOO_SMALL,
             "transfer_capacity",
             [](NodePlanArgs* a) { a->transfer_capacity = 1; }),
  };
}

// hetcast_node_evaluate: its arguments, then the schedule's rules.
std::vector<WhyCase> NodeEvaluateCases() {
  return {
      {"node sends NULL", HETCAST_INVALID_ARGUMENT, "sends",
       [](const char** why) {
         const hetcast_node_request r = Node();
         hetcast_answer answer;
         return hetcast_node_evaluate(&r, nullptr, 2, g_workspace,
                                      sizeof(g_workspace), g_nodes, 64,
                                      g_transfers, 64, &answer, why);
       }},
      Broken("node evaluate workspace", HETCAST_WORKSPACE_TOO_SMALL,
             "hetcast_node_evaluate_workspace_size",
             [](NodeEvaluateArgs* a) { a->workspace_size = 8; }),
      Broken("node evaluate receives twice", HETCAST_INVALID_SCHEDULE,
             "receives twice",
             [](NodeEvaluateArgs* a) {
               a->sends = {{0, 1}, {0, 1}};
             }),
      Broken("node evaluate more sends than nodes", HETCAST_INVALID_SCHEDULE,
             "more sends than nodes",
             [](NodeEvaluateArgs* a) {
               a->sends = std::vector<hetcast_send>(12, {0, 1});
             }),
      Broken("node evaluate id out of range", HETCAST_INVALID_SCHEDULE,
             "out of range",
             [](NodeEvaluateArgs* a) {
               a->sends = {{0, 99}};
             }),
      Broken("node evaluate unreached sender", HETCAST_INVALID_SCHEDULE,
             "never reach",
             [](NodeEvaluateArgs* a) {
               a->sends = {{1, 2}, {2, 1}};
             }),
      // The one send reaches one destination of the eleven.
      Broken("node evaluate destination left out", HETCAST_INVALID_SCHEDULE,
             "never receives", [](NodeEvaluateArgs*) {}),
      Broken("node evaluate past NEVER", HETCAST_OVERFLOW, "HETCAST_NEVER",
             [](NodeEvaluateArgs* a) {
               static const uint64_t kSlow[1] = {uint64_t{1} << 63};
               static const uint64_t kTwo[1] = {2};
               a->request = {kSlow, 1, 0, kTwo, nullptr};
               a->sends = {{0, 1}, {0, 2}};
             }),
  };
}

}  // namespace testing
}  // namespace hetcast
