// why_test.cc: the C API's one error channel (hetcast.h, "Conventions":
// `const char** why`). Each case breaks one documented rule of one public
// function and expects the status the header documents and a reason that
// names what is wrong (the argument, the field or the limit); a failure
// that no check explains more closely gets its status's own sentence, which
// differs from every specific reason. api_null_test.c reaches every public
// function with NULL and zeroed arguments and checks that each says why.
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"

namespace hetcast {
namespace testing {
namespace {

using ::testing::HasSubstr;

struct WhyCase {
  const char* name;
  hetcast_status status;
  const char* names;  // What the reason must mention.
  std::function<hetcast_status(const char** why)> call;
};

unsigned char g_workspace[1 << 16];
hetcast_node g_nodes[64];
hetcast_transfer g_transfers[64];
hetcast_nonblocking_task g_tasks[64];
size_t g_list_begin[64];
hetcast_graph_route_edge g_edges[64];
hetcast_graph_slot g_slots[64];

// A valid node request of two types, and one broken field at a time.
const uint64_t kCosts[2] = {2, 3};
const uint64_t kCounts[2] = {4, 7};
const uint64_t kZeroCost[2] = {0, 3};
hetcast_node_request Node() { return {kCosts, 2, 1, kCounts, nullptr}; }

const uint64_t kClusterSizes[3] = {4, 3, 2};
hetcast_cluster_request Cluster() {
  return {kClusterSizes, 3, 5, 0, nullptr, 0, nullptr};
}

// Two nodes, one message from 0 to 1.
const uint64_t kOnes[2] = {1, 1};
const uint64_t kLinks[4] = {0, 1, 1, 0};
const uint32_t kToOne[1] = {1};
const hetcast_nonblocking_message kMessage = {0, 8, kToOne, 1};
hetcast_nonblocking_request Nonblocking() {
  return {2, kOnes, kOnes, kOnes, kOnes, kLinks, &kMessage, 1};
}

// 0 -> 1 -> 2, targets 1 and 2.
const hetcast_graph_edge kGraphEdges[2] = {{0, 1, 3}, {1, 2, 2}};
const uint32_t kTargets[2] = {1, 2};
hetcast_graph_request Graph() { return {3, kGraphEdges, 2, 0, kTargets, 2, 0}; }

hetcast_status PlanNode(const hetcast_node_request& r, size_t workspace,
                        size_t node_capacity, const char** why) {
  hetcast_answer answer;
  return hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, g_workspace, workspace,
                           g_nodes, node_capacity, g_transfers, 64, &answer,
                           why);
}

hetcast_status PlanCluster(const hetcast_cluster_request& r,
                           hetcast_algorithm algorithm, size_t workspace,
                           const char** why) {
  hetcast_answer answer;
  return hetcast_cluster_plan(&r, algorithm, g_workspace, workspace, g_nodes,
                              64, g_transfers, 64, &answer, why);
}

hetcast_status PlanNonblocking(const hetcast_nonblocking_request& r,
                               hetcast_algorithm algorithm, size_t workspace,
                               size_t task_capacity, const char** why) {
  hetcast_answer answer;
  return hetcast_nonblocking_plan(&r, algorithm, g_workspace, workspace,
                                  g_tasks, task_capacity, g_list_begin, &answer,
                                  why);
}

hetcast_status PlanGraph(const hetcast_graph_request& r, size_t workspace,
                         size_t capacity, const char** why) {
  hetcast_graph_answer answer;
  return hetcast_graph_plan(&r, HETCAST_ALGORITHM_MCPH, g_workspace, workspace,
                            g_edges, capacity, g_slots, capacity, &answer, why);
}

hetcast_status Planner(const hetcast_request& r, const char** why) {
  hetcast_sizes sizes;
  return hetcast_plan_sizes(&r, &sizes, why);
}

// Node model's refusals.
std::vector<WhyCase> NodeCases() {
  return {
      {"node costs NULL", HETCAST_INVALID_ARGUMENT, "costs",
       [](const char** why) {
         hetcast_node_request r = Node();
         r.costs = nullptr;
         return PlanNode(r, sizeof(g_workspace), 64, why);
       }},
      {"node no types", HETCAST_INVALID_ARGUMENT, "no types",
       [](const char** why) {
         hetcast_node_request r = Node();
         r.type_count = 0;
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
      {"node source type", HETCAST_INVALID_ARGUMENT, "source_type",
       [](const char** why) {
         hetcast_node_request r = Node();
         r.source_type = 2;
         size_t bytes;
         return hetcast_node_evaluate_workspace_size(&r, 3, &bytes, why);
       }},
      {"node zero cost", HETCAST_INVALID_ARGUMENT, "cost",
       [](const char** why) {
         hetcast_node_request r = Node();
         r.costs = kZeroCost;
         return PlanNode(r, sizeof(g_workspace), 64, why);
       }},
      {"node pin", HETCAST_INVALID_ARGUMENT, "HETCAST_ALGORITHM_FNF",
       [](const char** why) {
         const hetcast_node_request r = Node();
         hetcast_answer answer;
         return hetcast_node_plan(&r, HETCAST_ALGORITHM_LCF, g_workspace,
                                  sizeof(g_workspace), g_nodes, 64, g_transfers,
                                  64, &answer, why);
       }},
      {"node nodes too few", HETCAST_OUTPUT_TOO_SMALL, "node_capacity",
       [](const char** why) {
         return PlanNode(Node(), sizeof(g_workspace), 3, why);
       }},
      {"node workspace", HETCAST_WORKSPACE_TOO_SMALL, "workspace",
       [](const char** why) { return PlanNode(Node(), 8, 64, why); }},
      {"node sends NULL", HETCAST_INVALID_ARGUMENT, "sends",
       [](const char** why) {
         const hetcast_node_request r = Node();
         hetcast_answer answer;
         return hetcast_node_evaluate(&r, nullptr, 2, g_workspace,
                                      sizeof(g_workspace), g_nodes, 64,
                                      g_transfers, 64, &answer, why);
       }},
  };
}

// Cluster model's refusals.
std::vector<WhyCase> ClusterCases() {
  return {
      {"cluster no clusters", HETCAST_INVALID_ARGUMENT, "no clusters",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.cluster_count = 0;
         hetcast_node_sizes sizes;
         return hetcast_cluster_plan_sizes(&r, &sizes, why);
       }},
      {"cluster inter cost", HETCAST_INVALID_ARGUMENT, "inter_cost",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.inter_cost = 0;
         return PlanCluster(r, HETCAST_ALGORITHM_LCF, sizeof(g_workspace), why);
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
      {"cluster unknown algorithm", HETCAST_INVALID_ARGUMENT,
       "the cluster model has no such algorithm (hetcast_model_algorithm "
       "lists its algorithms)",
       [](const char** why) {
         return PlanCluster(Cluster(), HETCAST_ALGORITHM_WRP,
                            sizeof(g_workspace), why);
       }},
      {"cluster workspace", HETCAST_WORKSPACE_TOO_SMALL, "workspace",
       [](const char** why) {
         return PlanCluster(Cluster(), HETCAST_ALGORITHM_LCF, 8, why);
       }},
      {"cluster evaluate schedule NULL", HETCAST_INVALID_ARGUMENT, "schedule",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         hetcast_answer answer;
         return hetcast_cluster_evaluate(&r, nullptr, 3, g_workspace,
                                         sizeof(g_workspace), g_nodes, 64,
                                         g_transfers, 64, &answer, why);
       }},
  };
}

// Non-blocking model's refusals.
std::vector<WhyCase> NonblockingCases() {
  return {
      {"non-blocking one node", HETCAST_INVALID_ARGUMENT, "two nodes",
       [](const char** why) {
         hetcast_nonblocking_request r = Nonblocking();
         r.node_count = 1;
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(&r, &sizes, why);
       }},
      {"non-blocking source", HETCAST_INVALID_ARGUMENT, "source",
       [](const char** why) {
         hetcast_nonblocking_request r = Nonblocking();
         static const hetcast_nonblocking_message kBad = {5, 8, kToOne, 1};
         r.messages = &kBad;
         return PlanNonblocking(r, HETCAST_ALGORITHM_WRP, sizeof(g_workspace),
                                64, why);
       }},
      {"non-blocking unknown algorithm", HETCAST_INVALID_ARGUMENT,
       "the non-blocking model has no such algorithm",
       [](const char** why) {
         return PlanNonblocking(Nonblocking(), HETCAST_ALGORITHM_LCF,
                                sizeof(g_workspace), 64, why);
       }},
      {"non-blocking tasks too few", HETCAST_OUTPUT_TOO_SMALL, "task_capacity",
       [](const char** why) {
         return PlanNonblocking(Nonblocking(), HETCAST_ALGORITHM_WRP,
                                sizeof(g_workspace), 1, why);
       }},
      {"non-blocking check", HETCAST_INVALID_ARGUMENT, "at least one byte",
       [](const char** why) {
         hetcast_nonblocking_request r = Nonblocking();
         static const hetcast_nonblocking_message kEmpty = {0, 0, kToOne, 1};
         r.messages = &kEmpty;
         hetcast_nonblocking_rejection where;
         return hetcast_nonblocking_check(&r, nullptr, 0, &where, why);
       }},
  };
}

// Graph model's refusals.
std::vector<WhyCase> GraphCases() {
  return {
      {"graph self-loop", HETCAST_INVALID_ARGUMENT, "self-loop",
       [](const char** why) {
         hetcast_graph_request r = Graph();
         static const hetcast_graph_edge kLoop[2] = {{0, 1, 3}, {1, 1, 2}};
         r.edges = kLoop;
         hetcast_graph_sizes sizes;
         return hetcast_graph_plan_sizes(&r, &sizes, why);
       }},
      {"graph unreachable", HETCAST_INVALID_ARGUMENT, "reached",
       [](const char** why) {
         hetcast_graph_request r = Graph();
         r.edge_count = 1;
         return PlanGraph(r, sizeof(g_workspace), 64, why);
       }},
      {"graph output", HETCAST_OUTPUT_TOO_SMALL, "node_count - 1",
       [](const char** why) {
         return PlanGraph(Graph(), sizeof(g_workspace), 1, why);
       }},
      {"graph workspace", HETCAST_WORKSPACE_TOO_SMALL, "workspace",
       [](const char** why) { return PlanGraph(Graph(), 8, 64, why); }},
      {"graph evaluate schedule NULL", HETCAST_INVALID_ARGUMENT, "schedule",
       [](const char** why) {
         const hetcast_graph_request r = Graph();
         size_t bytes;
         return hetcast_graph_evaluate_workspace_size(&r, nullptr, &bytes, why);
       }},
  };
}

// The tables' refusals.
std::vector<WhyCase> TableCases() {
  return {
      {"table misaligned", HETCAST_INVALID_ARGUMENT, "aligned",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(hetcast_default_table + 1,
                                   hetcast_default_table_size - 1, &table, why);
       }},
      {"table no such profile", HETCAST_INVALID_ARGUMENT, "no profile",
       [](const char** why) {
         hetcast_table table;
         hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                            &table, nullptr);
         size_t index;
         return hetcast_table_find_profile(&table, "no such profile", &index,
                                           why);
       }},
      {"profile index", HETCAST_INVALID_ARGUMENT, "index",
       [](const char** why) {
         hetcast_table table;
         hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                            &table, nullptr);
         hetcast_profile profile;
         return hetcast_profile_open(&table, 1000, &profile, why);
       }},
  };
}

// The planner's refusals.
std::vector<WhyCase> PlannerCases() {
  return {
      {"planner request NULL", HETCAST_INVALID_ARGUMENT, "request is NULL",
       [](const char** why) {
         hetcast_sizes sizes;
         return hetcast_plan_sizes(nullptr, &sizes, why);
       }},
      {"planner two models", HETCAST_INVALID_ARGUMENT, "exactly one",
       [](const char** why) {
         const hetcast_node_request node = Node();
         const hetcast_cluster_request cluster = Cluster();
         hetcast_request r = {};
         r.node = &node;
         r.cluster = &cluster;
         return Planner(r, why);
       }},
      {"planner unknown non-blocking pin", HETCAST_INVALID_ARGUMENT,
       "the non-blocking model has no such algorithm (hetcast_model_algorithm "
       "lists its algorithms)",
       [](const char** why) {
         const hetcast_nonblocking_request nb = Nonblocking();
         hetcast_request r = {};
         r.model = HETCAST_MODEL_NONBLOCKING;
         r.algorithm = HETCAST_ALGORITHM_LCF;
         r.nonblocking = &nb;
         return Planner(r, why);
       }},
      {"planner TABLE pinned", HETCAST_NOT_IN_TABLE, "pinned TABLE",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.algorithm = HETCAST_ALGORITHM_TABLE;
         r.node = &node;
         return Planner(r, why);
       }},
      {"planner output NULL", HETCAST_INVALID_ARGUMENT, "output is NULL",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         hetcast_plan_info info;
         return hetcast_plan(&r, g_workspace, sizeof(g_workspace), nullptr,
                             &info, why);
       }},
      {"planner participant", HETCAST_INVALID_ARGUMENT, "participant",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         hetcast_participant out = {};
         return hetcast_plan_participant(&r, 1000, g_workspace,
                                         sizeof(g_workspace), &out, why);
       }},
  };
}

std::vector<WhyCase> Cases() {
  std::vector<WhyCase> cases;
  for (auto part : {NodeCases, ClusterCases, NonblockingCases, GraphCases,
                    TableCases, PlannerCases}) {
    for (WhyCase& c : part()) cases.push_back(std::move(c));
  }
  return cases;
}

TEST(Why, EveryCaseSaysWhatIsWrong) {
  for (const WhyCase& c : Cases()) {
    const char* why = nullptr;
    EXPECT_EQ(c.call(&why), c.status) << c.name;
    ASSERT_NE(why, nullptr) << c.name;
    EXPECT_THAT(why, HasSubstr(c.names)) << c.name;
    // NULL is allowed and changes nothing but the reason.
    EXPECT_EQ(c.call(nullptr), c.status) << c.name;
  }
}

TEST(Why, SuccessLeavesWhyAlone) {
  const char* const kUnset = "unset";
  const char* why = kUnset;
  const hetcast_node_request r = Node();
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_node_plan_sizes(&r, &sizes, &why), HETCAST_OK);
  EXPECT_EQ(why, kUnset);
  hetcast_table table;
  ASSERT_EQ(hetcast_table_open(hetcast_default_table,
                               hetcast_default_table_size, &table, &why),
            HETCAST_OK);
  EXPECT_EQ(why, kUnset);
}

// A failure whose reason is its status alone gets the status's sentence;
// the evaluator's violations get their own, one per violation.
TEST(Why, GraphViolationsHaveTheirOwnSentence) {
  const hetcast_graph_request r = Graph();
  hetcast_graph_answer answer;
  ASSERT_EQ(hetcast_graph_plan(&r, HETCAST_ALGORITHM_MCPH, g_workspace,
                               sizeof(g_workspace), g_edges, 64, g_slots, 64,
                               &answer, nullptr),
            HETCAST_OK);
  const hetcast_graph_route route = {0, 1};
  hetcast_graph_schedule schedule = {answer.period,
                                     1,
                                     1,
                                     &route,
                                     1,
                                     g_edges,
                                     answer.tree_edge_count,
                                     g_slots,
                                     answer.slot_count};
  schedule.period = 0;  // HETCAST_GRAPH_BAD_PERIOD.
  hetcast_graph_evaluation evaluation;
  const char* why = nullptr;
  EXPECT_EQ(hetcast_graph_evaluate(&r, &schedule, g_workspace,
                                   sizeof(g_workspace), &evaluation, &why),
            HETCAST_INVALID_SCHEDULE);
  EXPECT_EQ(evaluation.violation, HETCAST_GRAPH_BAD_PERIOD);
  ASSERT_NE(why, nullptr);
  EXPECT_THAT(why, HasSubstr("period"));
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
