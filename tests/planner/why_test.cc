// why_test.cc: the C API's one error channel (hetcast.h, "Conventions":
// `const char** why`). Each case breaks one documented rule of one public
// function and expects the status the header documents and a reason that
// names what is wrong (the argument, the field or the limit). Together the
// cases reach every reason the runtime's sources hold (EveryReasonIsReached,
// why_reasons.py, why_exempt.txt); a failure no check explains would get its
// status's name, which no case gets. api_null_test.c reaches every public
// function with NULL and zeroed arguments and checks that each says why.
#include <cstdint>
#include <cstring>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tables/hetcast_table_generated.h"

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

// The node model's refusals beyond one per field: outputs, the evaluator's
// rules, the planner's profile choice.
hetcast_node_request Huge() {
  static const uint64_t kHuge[2] = {uint64_t{1} << 31, 1};
  return {kCosts, 2, 0, kHuge, nullptr};
}

hetcast_status EvaluateNode(const hetcast_node_request& r,
                            std::vector<hetcast_send> sends, const char** why) {
  hetcast_answer answer;
  return hetcast_node_evaluate(&r, sends.data(), sends.size(), g_workspace,
                               sizeof(g_workspace), g_nodes, 64, g_transfers,
                               64, &answer, why);
}

// The default table's first profile, opened.
const hetcast_profile* DefaultProfile() {
  static hetcast_table table;
  static hetcast_profile profile;
  hetcast_table_open(hetcast_default_table, hetcast_default_table_size, &table,
                     nullptr);
  hetcast_profile_open(&table, 0, &profile, nullptr);
  return &profile;
}

std::vector<WhyCase> MoreNodeCases() {
  return {
      {"node too many nodes", HETCAST_TOO_LARGE, "HETCAST_MAX_NODES",
       [](const char** why) {
         hetcast_node_sizes sizes;
         const hetcast_node_request r = Huge();
         return hetcast_node_plan_sizes(&r, &sizes, why);
       }},
      {"node nodes NULL", HETCAST_INVALID_ARGUMENT, "nodes is NULL",
       [](const char** why) {
         const hetcast_node_request r = Node();
         hetcast_answer answer;
         return hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, g_workspace,
                                  sizeof(g_workspace), nullptr, 64, g_transfers,
                                  64, &answer, why);
       }},
      {"node transfers NULL", HETCAST_INVALID_ARGUMENT, "transfers is NULL",
       [](const char** why) {
         const hetcast_node_request r = Node();
         hetcast_answer answer;
         return hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, g_workspace,
                                  sizeof(g_workspace), g_nodes, 64, nullptr, 3,
                                  &answer, why);
       }},
      {"node transfers too few", HETCAST_OUTPUT_TOO_SMALL, "transfer_capacity",
       [](const char** why) {
         const hetcast_node_request r = Node();
         hetcast_answer answer;
         return hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, g_workspace,
                                  sizeof(g_workspace), g_nodes, 64, g_transfers,
                                  1, &answer, why);
       }},
      {"node workspace NULL", HETCAST_INVALID_ARGUMENT, "workspace is NULL",
       [](const char** why) {
         const hetcast_node_request r = Node();
         hetcast_answer answer;
         return hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, nullptr, 0,
                                  g_nodes, 64, g_transfers, 64, &answer, why);
       }},
      {"node lower bound NULL", HETCAST_INVALID_ARGUMENT, "lower_bound",
       [](const char** why) {
         const hetcast_node_request r = Node();
         return hetcast_node_lower_bound(&r, nullptr, why);
       }},
      {"node evaluate bytes overflow", HETCAST_TOO_LARGE, "send_count",
       [](const char** why) {
         const hetcast_node_request r = Node();
         size_t bytes;
         return hetcast_node_evaluate_workspace_size(&r, SIZE_MAX / 2, &bytes,
                                                     why);
       }},
      {"node evaluate workspace", HETCAST_WORKSPACE_TOO_SMALL,
       "hetcast_node_evaluate_workspace_size",
       [](const char** why) {
         const hetcast_node_request r = Node();
         const hetcast_send send = {0, 1};
         hetcast_answer answer;
         return hetcast_node_evaluate(&r, &send, 1, g_workspace, 8, g_nodes, 64,
                                      g_transfers, 64, &answer, why);
       }},
      {"node evaluate receives twice", HETCAST_INVALID_SCHEDULE,
       "receives twice",
       [](const char** why) {
         return EvaluateNode(Node(), {{0, 1}, {0, 1}}, why);
       }},
      {"node evaluate more sends than nodes", HETCAST_INVALID_SCHEDULE,
       "more sends than nodes",
       [](const char** why) {
         return EvaluateNode(Node(), std::vector<hetcast_send>(12, {0, 1}),
                             why);
       }},
      {"node evaluate id out of range", HETCAST_INVALID_SCHEDULE,
       "out of range",
       [](const char** why) {
         return EvaluateNode(Node(), {{0, 99}}, why);
       }},
      {"node evaluate unreached sender", HETCAST_INVALID_SCHEDULE,
       "never reach",
       [](const char** why) {
         return EvaluateNode(Node(), {{1, 2}, {2, 1}}, why);
       }},
      {"node evaluate destination left out", HETCAST_INVALID_SCHEDULE,
       "never receives",
       [](const char** why) {
         return EvaluateNode(Node(), {{0, 1}}, why);
       }},
      {"node evaluate past NEVER", HETCAST_OVERFLOW, "HETCAST_NEVER",
       [](const char** why) {
         static const uint64_t kSlow[1] = {uint64_t{1} << 63};
         static const uint64_t kTwo[1] = {2};
         const hetcast_node_request r = {kSlow, 1, 0, kTwo, nullptr};
         return EvaluateNode(r, {{0, 1}, {0, 2}}, why);
       }},
      {"planner node pin", HETCAST_INVALID_ARGUMENT, "FNF or TABLE",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.algorithm = HETCAST_ALGORITHM_LCF;
         r.node = &node;
         return Planner(r, why);
       }},
      {"planner profiles NULL", HETCAST_INVALID_ARGUMENT, "profiles is NULL",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         r.profile_count = 1;
         return Planner(r, why);
       }},
      {"planner costs from no profile", HETCAST_INVALID_ARGUMENT,
       "no profile of the same type count",
       [](const char** why) {
         hetcast_profile_info info;
         hetcast_profile_get_info(DefaultProfile(), &info, nullptr);
         static const uint64_t kMany[HETCAST_MAX_TYPES] = {1};
         const hetcast_node_request node = {nullptr, info.type_count + 1, 0,
                                            kMany, nullptr};
         hetcast_request r = {};
         r.node = &node;
         r.profiles = DefaultProfile();
         r.profile_count = 1;
         return Planner(r, why);
       }},
      {"planner TABLE pinned past the limits", HETCAST_NOT_IN_TABLE,
       "exceeds the limits",
       [](const char** why) {
         hetcast_profile_info info;
         hetcast_profile_get_info(DefaultProfile(), &info, nullptr);
         static uint64_t counts[HETCAST_MAX_TYPES];
         for (size_t j = 0; j < info.type_count; ++j) {
           uint64_t limit = 0;
           hetcast_profile_type(DefaultProfile(), j, nullptr, nullptr, &limit,
                                nullptr);
           counts[j] = limit + 1;
         }
         const hetcast_node_request node = {nullptr, info.type_count, 0, counts,
                                            nullptr};
         hetcast_request r = {};
         r.algorithm = HETCAST_ALGORITHM_TABLE;
         r.node = &node;
         r.profiles = DefaultProfile();
         r.profile_count = 1;
         return Planner(r, why);
       }},
  };
}

// The cluster model's refusals beyond one per field.
hetcast_status EvaluateCluster(const hetcast_cluster_request& r,
                               std::vector<hetcast_transfer> schedule,
                               const char** why) {
  hetcast_answer answer;
  return hetcast_cluster_evaluate(&r, schedule.data(), schedule.size(),
                                  g_workspace, sizeof(g_workspace), g_nodes, 64,
                                  g_transfers, 64, &answer, why);
}

const uint64_t kOne[3] = {1, 1, 1};
const uint64_t kTwoOneOne[3] = {2, 1, 1};

std::vector<WhyCase> MoreClusterCases() {
  return {
      {"cluster degrees and matching", HETCAST_INVALID_ARGUMENT,
       "degrees and matching together",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.degrees = kOne;
         r.matching = 1;
         return PlanCluster(r, HETCAST_ALGORITHM_LCF, sizeof(g_workspace), why);
       }},
      {"cluster postal multicast", HETCAST_INVALID_ARGUMENT, "multicast",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.postal = 1;
         r.members = kOne;
         return PlanCluster(r, HETCAST_ALGORITHM_LCF, sizeof(g_workspace), why);
       }},
      {"cluster eager with degrees", HETCAST_INVALID_ARGUMENT, "EAGER_LCF",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.degrees = kOne;
         return PlanCluster(r, HETCAST_ALGORITHM_EAGER_LCF, sizeof(g_workspace),
                            why);
       }},
      {"cluster flat postal", HETCAST_INVALID_ARGUMENT, "FLAT_BINOMIAL",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.postal = 1;
         return PlanCluster(r, HETCAST_ALGORITHM_FLAT_BINOMIAL,
                            sizeof(g_workspace), why);
       }},
      {"cluster interleaved blocking", HETCAST_INVALID_ARGUMENT,
       "INTERLEAVED_LCF",
       [](const char** why) {
         return PlanCluster(Cluster(), HETCAST_ALGORITHM_INTERLEAVED_LCF,
                            sizeof(g_workspace), why);
       }},
      {"cluster postal degrees", HETCAST_INVALID_ARGUMENT, "blocking model",
       [](const char** why) {
         hetcast_cluster_request r = Cluster();
         r.postal = 1;
         r.degrees = kOne;
         hetcast_node_sizes sizes;
         return hetcast_cluster_plan_sizes(&r, &sizes, why);
       }},
      {"cluster empty cluster", HETCAST_INVALID_ARGUMENT, "no processors",
       [](const char** why) {
         static const uint64_t kEmpty[3] = {4, 0, 2};
         hetcast_cluster_request r = Cluster();
         r.sizes = kEmpty;
         hetcast_node_sizes sizes;
         return hetcast_cluster_plan_sizes(&r, &sizes, why);
       }},
      {"cluster zero degree", HETCAST_INVALID_ARGUMENT, "a degree",
       [](const char** why) {
         static const uint64_t kZero[3] = {0, 1, 1};
         hetcast_cluster_request r = Cluster();
         r.degrees = kZero;
         hetcast_node_sizes sizes;
         return hetcast_cluster_plan_sizes(&r, &sizes, why);
       }},
      {"cluster members", HETCAST_INVALID_ARGUMENT, "more members",
       [](const char** why) {
         static const uint64_t kMany[3] = {1, 9, 1};
         hetcast_cluster_request r = Cluster();
         r.members = kMany;
         hetcast_node_sizes sizes;
         return hetcast_cluster_plan_sizes(&r, &sizes, why);
       }},
      {"cluster too many processors", HETCAST_TOO_LARGE, "HETCAST_MAX_NODES",
       [](const char** why) {
         static const uint64_t kHuge[3] = {uint64_t{1} << 31, 1, 1};
         hetcast_cluster_request r = Cluster();
         r.sizes = kHuge;
         hetcast_node_sizes sizes;
         return hetcast_cluster_plan_sizes(&r, &sizes, why);
       }},
      {"cluster sizes NULL", HETCAST_INVALID_ARGUMENT, "sizes is NULL",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         return hetcast_cluster_plan_sizes(&r, nullptr, why);
       }},
      {"cluster lower bound NULL", HETCAST_INVALID_ARGUMENT, "lower_bound or",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         return hetcast_cluster_lower_bound(
             &r, g_workspace, sizeof(g_workspace), nullptr, nullptr, why);
       }},
      {"cluster answer NULL", HETCAST_INVALID_ARGUMENT, "answer is NULL",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         return hetcast_cluster_plan(&r, HETCAST_ALGORITHM_LCF, g_workspace,
                                     sizeof(g_workspace), g_nodes, 64,
                                     g_transfers, 64, nullptr, why);
       }},
      {"cluster nodes NULL", HETCAST_INVALID_ARGUMENT, "nodes is NULL, or",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         hetcast_answer answer;
         return hetcast_cluster_plan(&r, HETCAST_ALGORITHM_LCF, g_workspace,
                                     sizeof(g_workspace), nullptr, 64,
                                     g_transfers, 64, &answer, why);
       }},
      {"cluster nodes too few", HETCAST_OUTPUT_TOO_SMALL, "node_capacity or",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         hetcast_answer answer;
         return hetcast_cluster_plan(&r, HETCAST_ALGORITHM_LCF, g_workspace,
                                     sizeof(g_workspace), g_nodes, 2,
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
      {"cluster evaluate nodes too few", HETCAST_OUTPUT_TOO_SMALL,
       "processor count",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         const hetcast_transfer t = {0, 1, 0, 1};
         hetcast_answer answer;
         return hetcast_cluster_evaluate(&r, &t, 1, g_workspace,
                                         sizeof(g_workspace), g_nodes, 2,
                                         g_transfers, 64, &answer, why);
       }},
      {"cluster evaluate workspace", HETCAST_WORKSPACE_TOO_SMALL,
       "hetcast_cluster_evaluate_workspace_size",
       [](const char** why) {
         const hetcast_cluster_request r = Cluster();
         const hetcast_transfer t = {0, 1, 0, 1};
         hetcast_answer answer;
         return hetcast_cluster_evaluate(&r, &t, 1, g_workspace, 8, g_nodes, 64,
                                         g_transfers, 64, &answer, why);
       }},
      {"cluster evaluate id out of range", HETCAST_INVALID_SCHEDULE,
       "out of range",
       [](const char** why) {
         return EvaluateCluster(Cluster(), {{0, 99, 0, 0}}, why);
       }},
      {"cluster evaluate receives twice", HETCAST_INVALID_SCHEDULE,
       "receives twice",
       [](const char** why) {
         return EvaluateCluster(Cluster(), {{0, 1, 0, 1}, {0, 1, 1, 2}}, why);
       }},
      {"cluster evaluate past NEVER", HETCAST_OVERFLOW, "HETCAST_NEVER",
       [](const char** why) {
         return EvaluateCluster(Cluster(), {{0, 1, HETCAST_NEVER - 1, 0}}, why);
       }},
      {"cluster evaluate early start", HETCAST_INVALID_SCHEDULE,
       "before its sender",
       [](const char** why) {
         return EvaluateCluster(Cluster(), {{1, 2, 0, 1}}, why);
       }},
      {"cluster evaluate member left out", HETCAST_INVALID_SCHEDULE,
       "never receives",
       [](const char** why) {
         return EvaluateCluster(Cluster(), {{0, 1, 0, 1}}, why);
       }},
      {"cluster evaluate one-port", HETCAST_INVALID_SCHEDULE, "one-port",
       [](const char** why) {
         static const uint64_t kThree[1] = {3};
         const hetcast_cluster_request r = {kThree,  1, 5,      0,
                                            nullptr, 0, nullptr};
         return EvaluateCluster(r, {{0, 1, 0, 1}, {0, 2, 0, 1}}, why);
       }},
      {"cluster evaluate degree", HETCAST_INVALID_SCHEDULE, "its degree",
       [](const char** why) {
         const hetcast_cluster_request r = {kTwoOneOne, 3, 5,      0,
                                            kOne,       0, nullptr};
         return EvaluateCluster(r, {{0, 1, 0, 1}, {0, 2, 1, 6}, {1, 3, 1, 6}},
                                why);
       }},
      {"cluster evaluate matching", HETCAST_INVALID_SCHEDULE, "matching bound",
       [](const char** why) {
         const hetcast_cluster_request r = {kTwoOneOne, 3, 5,      0,
                                            nullptr,    1, nullptr};
         return EvaluateCluster(r, {{0, 1, 0, 1}, {0, 2, 1, 6}, {1, 3, 1, 6}},
                                why);
       }},
  };
}

// The non-blocking model's refusals beyond one per field, and its
// evaluator's rules.
const uint64_t kThreeOnes[3] = {1, 1, 1};
const uint64_t kLinks3[9] = {0, 1, 1, 1, 0, 1, 1, 1, 0};
hetcast_nonblocking_request Nonblocking3(const hetcast_nonblocking_message* m,
                                         size_t count) {
  return {3, kThreeOnes, kThreeOnes, kThreeOnes, kThreeOnes, kLinks3, m, count};
}

hetcast_status EvaluateNonblocking(const hetcast_nonblocking_request& r,
                                   std::vector<hetcast_nonblocking_task> tasks,
                                   std::vector<size_t> list_begin,
                                   const char** why) {
  hetcast_answer answer;
  return hetcast_nonblocking_evaluate(&r, tasks.data(), tasks.size(),
                                      list_begin.data(), g_workspace,
                                      sizeof(g_workspace), &answer, why);
}

constexpr uint32_t kSend = HETCAST_NONBLOCKING_SEND;
constexpr uint32_t kRecv = HETCAST_NONBLOCKING_RECV;
const uint32_t kToOneTwo[2] = {1, 2};
const hetcast_nonblocking_message kToBoth = {0, 8, kToOneTwo, 2};

hetcast_status NonblockingMessage(hetcast_nonblocking_message m,
                                  const char** why) {
  return PlanNonblocking(Nonblocking3(&m, 1), HETCAST_ALGORITHM_WRP,
                         sizeof(g_workspace), 64, why);
}

std::vector<WhyCase> MoreNonblockingCases() {
  return {
      {"non-blocking overhead", HETCAST_INVALID_ARGUMENT, "overhead",
       [](const char** why) {
         static const uint64_t kBig[2] = {uint64_t{1} << 41, 1};
         hetcast_nonblocking_request r = Nonblocking();
         r.send_fixed = kBig;
         hetcast_nonblocking_rejection where;
         return hetcast_nonblocking_check(&r, nullptr, 0, &where, why);
       }},
      {"non-blocking link", HETCAST_INVALID_ARGUMENT, "link time",
       [](const char** why) {
         static const uint64_t kBig[4] = {0, uint64_t{1} << 41, 1, 0};
         hetcast_nonblocking_request r = Nonblocking();
         r.link_per_byte = kBig;
         hetcast_nonblocking_rejection where;
         return hetcast_nonblocking_check(&r, nullptr, 0, &where, why);
       }},
      {"non-blocking destinations NULL", HETCAST_INVALID_ARGUMENT,
       "destinations NULL",
       [](const char** why) {
         return NonblockingMessage({0, 8, nullptr, 1}, why);
       }},
      {"non-blocking no such destination", HETCAST_INVALID_ARGUMENT,
       "does not exist",
       [](const char** why) {
         static const uint32_t kFive[1] = {5};
         return NonblockingMessage({0, 8, kFive, 1}, why);
       }},
      {"non-blocking destination is source", HETCAST_INVALID_ARGUMENT,
       "message's source",
       [](const char** why) {
         static const uint32_t kZero[1] = {0};
         return NonblockingMessage({0, 8, kZero, 1}, why);
       }},
      {"non-blocking destination twice", HETCAST_INVALID_ARGUMENT,
       "listed twice",
       [](const char** why) {
         static const uint32_t kTwice[2] = {1, 1};
         return NonblockingMessage({0, 8, kTwice, 2}, why);
       }},
      {"non-blocking request NULL", HETCAST_INVALID_ARGUMENT, "request is NULL",
       [](const char** why) {
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(nullptr, &sizes, why);
       }},
      {"non-blocking no message", HETCAST_INVALID_ARGUMENT, "one message",
       [](const char** why) {
         hetcast_nonblocking_request r = Nonblocking();
         r.message_count = 0;
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(&r, &sizes, why);
       }},
      {"non-blocking array NULL", HETCAST_INVALID_ARGUMENT, "an array is NULL",
       [](const char** why) {
         hetcast_nonblocking_request r = Nonblocking();
         r.recv_fixed = nullptr;
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(&r, &sizes, why);
       }},
      {"non-blocking too many nodes", HETCAST_TOO_LARGE,
       "HETCAST_NONBLOCKING_MAX_NODES",
       [](const char** why) {
         hetcast_nonblocking_request r = Nonblocking();
         r.node_count = 16385;
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(&r, &sizes, why);
       }},
      {"non-blocking too many cells", HETCAST_TOO_LARGE,
       "HETCAST_NONBLOCKING_MAX_CELLS",
       [](const char** why) {
         hetcast_nonblocking_request r = Nonblocking();
         r.node_count = 16384;
         r.message_count = 1025;
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(&r, &sizes, why);
       }},
      {"non-blocking work", HETCAST_TOO_LARGE, "HETCAST_NONBLOCKING_MAX_WORK",
       [](const char** why) {
         // 12,000 nodes, one message to all others: T (T + K + N) is about
         // 2.9e8 > 2^28. hetcast_nonblocking_plan_sizes reads no cost and
         // no destination, so one-entry arrays stand in.
         static const hetcast_nonblocking_message kAll = {0, 8, kToOne, 11999};
         hetcast_nonblocking_request r = Nonblocking();
         r.node_count = 12000;
         r.messages = &kAll;
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(&r, &sizes, why);
       }},
      {"non-blocking bound past NEVER", HETCAST_OVERFLOW, "HETCAST_NEVER",
       [](const char** why) {
         static const hetcast_nonblocking_message kLong = {0, UINT64_MAX,
                                                           kToOne, 1};
         hetcast_nonblocking_request r = Nonblocking();
         r.messages = &kLong;
         uint64_t bound;
         return hetcast_nonblocking_lower_bound(
             &r, g_workspace, sizeof(g_workspace), &bound, why);
       }},
      {"non-blocking workspace", HETCAST_WORKSPACE_TOO_SMALL,
       "hetcast_nonblocking_plan_sizes",
       [](const char** why) {
         return PlanNonblocking(Nonblocking(), HETCAST_ALGORITHM_WRP, 8, 64,
                                why);
       }},
      {"non-blocking plan answer NULL", HETCAST_INVALID_ARGUMENT,
       "answer, tasks or list_begin",
       [](const char** why) {
         const hetcast_nonblocking_request r = Nonblocking();
         return hetcast_nonblocking_plan(&r, HETCAST_ALGORITHM_WRP, g_workspace,
                                         sizeof(g_workspace), g_tasks, 64,
                                         g_list_begin, nullptr, why);
       }},
      {"non-blocking evaluate answer NULL", HETCAST_INVALID_ARGUMENT,
       "answer or list_begin",
       [](const char** why) {
         const hetcast_nonblocking_request r = Nonblocking();
         return hetcast_nonblocking_evaluate(&r, g_tasks, 0, g_list_begin,
                                             g_workspace, sizeof(g_workspace),
                                             nullptr, why);
       }},
      {"non-blocking lower bound NULL", HETCAST_INVALID_ARGUMENT,
       "lower_bound is NULL",
       [](const char** why) {
         const hetcast_nonblocking_request r = Nonblocking();
         return hetcast_nonblocking_lower_bound(
             &r, g_workspace, sizeof(g_workspace), nullptr, why);
       }},
      {"non-blocking evaluate count", HETCAST_INVALID_SCHEDULE, "task_count",
       [](const char** why) {
         return EvaluateNonblocking(Nonblocking(), {{kSend, 0, 1, 0, 0, 0, 0}},
                                    {0, 1, 1}, why);
       }},
      {"non-blocking evaluate partner", HETCAST_INVALID_SCHEDULE,
       "another node's list",
       [](const char** why) {
         return EvaluateNonblocking(
             Nonblocking(),
             {{kSend, 0, 5, 0, 0, 0, 0}, {kRecv, 1, 0, 0, 0, 0, 0}}, {0, 1, 2},
             why);
       }},
      {"non-blocking evaluate not a destination", HETCAST_INVALID_SCHEDULE,
       "not its destination",
       [](const char** why) {
         return EvaluateNonblocking(
             Nonblocking3(&kMessage, 1),
             {{kSend, 0, 2, 0, 0, 0, 0}, {kRecv, 1, 0, 0, 0, 0, 0}},
             {0, 1, 2, 2}, why);
       }},
      {"non-blocking evaluate twice", HETCAST_INVALID_SCHEDULE, "listed twice",
       [](const char** why) {
         return EvaluateNonblocking(Nonblocking3(&kToBoth, 1),
                                    {{kSend, 0, 1, 0, 0, 0, 0},
                                     {kSend, 0, 1, 0, 0, 0, 0},
                                     {kRecv, 1, 0, 0, 0, 0, 0},
                                     {kRecv, 2, 0, 0, 0, 0, 0}},
                                    {0, 2, 3, 4}, why);
       }},
      {"non-blocking evaluate mismatched pair", HETCAST_INVALID_SCHEDULE,
       "different senders",
       [](const char** why) {
         return EvaluateNonblocking(Nonblocking3(&kToBoth, 1),
                                    {{kSend, 0, 1, 0, 0, 0, 0},
                                     {kSend, 0, 2, 0, 0, 0, 0},
                                     {kRecv, 1, 0, 0, 0, 0, 0},
                                     {kRecv, 2, 1, 0, 0, 0, 0}},
                                    {0, 2, 3, 4}, why);
       }},
      {"non-blocking evaluate relay too early", HETCAST_INVALID_SCHEDULE,
       "before its own receive",
       [](const char** why) {
         return EvaluateNonblocking(Nonblocking3(&kToBoth, 1),
                                    {{kSend, 0, 1, 0, 0, 0, 0},
                                     {kSend, 1, 2, 0, 0, 0, 0},
                                     {kRecv, 1, 0, 0, 0, 0, 0},
                                     {kRecv, 2, 1, 0, 0, 0, 0}},
                                    {0, 1, 3, 4}, why);
       }},
      {"non-blocking evaluate deadlock", HETCAST_INVALID_SCHEDULE, "deadlock",
       [](const char** why) {
         static const uint32_t kToZero[1] = {0};
         static const hetcast_nonblocking_message kTwo[2] = {
             {0, 8, kToOne, 1}, {1, 8, kToZero, 1}};
         hetcast_nonblocking_request r = Nonblocking();
         r.messages = kTwo;
         r.message_count = 2;
         return EvaluateNonblocking(r,
                                    {{kRecv, 0, 1, 1, 0, 0, 0},
                                     {kSend, 0, 1, 0, 0, 0, 0},
                                     {kRecv, 1, 0, 0, 0, 0, 0},
                                     {kSend, 1, 0, 1, 0, 0, 0}},
                                    {0, 2, 4}, why);
       }},
  };
}

// The graph model's refusals beyond one per field.
hetcast_status GraphSizes(const hetcast_graph_request& r, const char** why) {
  hetcast_graph_sizes sizes;
  return hetcast_graph_plan_sizes(&r, &sizes, why);
}

hetcast_status EvaluateGraph(const hetcast_graph_schedule& schedule,
                             size_t workspace, const char** why) {
  const hetcast_graph_request r = Graph();
  hetcast_graph_evaluation evaluation;
  return hetcast_graph_evaluate(&r, &schedule, g_workspace, workspace,
                                &evaluation, why);
}

std::vector<WhyCase> MoreGraphCases() {
  return {
      {"graph endpoint", HETCAST_INVALID_ARGUMENT, "endpoint",
       [](const char** why) {
         static const hetcast_graph_edge kBad[2] = {{0, 1, 3}, {1, 7, 2}};
         hetcast_graph_request r = Graph();
         r.edges = kBad;
         return GraphSizes(r, why);
       }},
      {"graph edge cost", HETCAST_INVALID_ARGUMENT, "HETCAST_MAX_COST",
       [](const char** why) {
         static const hetcast_graph_edge kBad[2] = {{0, 1, 0}, {1, 2, 2}};
         hetcast_graph_request r = Graph();
         r.edges = kBad;
         return GraphSizes(r, why);
       }},
      {"graph target is source", HETCAST_INVALID_ARGUMENT,
       "the target is the source",
       [](const char** why) {
         static const uint32_t kSource[1] = {0};
         hetcast_graph_request r = Graph();
         r.targets = kSource;
         r.target_count = 1;
         return GraphSizes(r, why);
       }},
      {"graph target not a node", HETCAST_INVALID_ARGUMENT,
       "the target is not a node",
       [](const char** why) {
         static const uint32_t kNine[1] = {9};
         hetcast_graph_request r = Graph();
         r.targets = kNine;
         r.target_count = 1;
         return GraphSizes(r, why);
       }},
      {"graph too many targets", HETCAST_INVALID_ARGUMENT, "more targets",
       [](const char** why) {
         static const uint32_t kThree[3] = {1, 2, 1};
         hetcast_graph_request r = Graph();
         r.targets = kThree;
         r.target_count = 3;
         return GraphSizes(r, why);
       }},
      {"graph request NULL", HETCAST_INVALID_ARGUMENT, "request is NULL",
       [](const char** why) {
         hetcast_graph_sizes sizes;
         return hetcast_graph_plan_sizes(nullptr, &sizes, why);
       }},
      {"graph too many nodes", HETCAST_TOO_LARGE, "HETCAST_GRAPH_MAX_NODES",
       [](const char** why) {
         hetcast_graph_request r = Graph();
         r.node_count = HETCAST_GRAPH_MAX_NODES + 1;
         return GraphSizes(r, why);
       }},
      {"graph too many edges", HETCAST_TOO_LARGE, "HETCAST_GRAPH_MAX_EDGES",
       [](const char** why) {
         hetcast_graph_request r = Graph();
         r.edge_count = HETCAST_GRAPH_MAX_EDGES + 1;
         return GraphSizes(r, why);
       }},
      {"graph source", HETCAST_INVALID_ARGUMENT, "the source is not a node",
       [](const char** why) {
         hetcast_graph_request r = Graph();
         r.source = 5;
         return GraphSizes(r, why);
       }},
      {"graph no target", HETCAST_INVALID_ARGUMENT, "no target",
       [](const char** why) {
         hetcast_graph_request r = Graph();
         r.target_count = 0;
         return GraphSizes(r, why);
       }},
      {"graph flag", HETCAST_INVALID_ARGUMENT, "flag",
       [](const char** why) {
         hetcast_graph_request r = Graph();
         r.flags = 0x80000000u;
         return GraphSizes(r, why);
       }},
      {"graph edge twice", HETCAST_INVALID_ARGUMENT, "given twice",
       [](const char** why) {
         static const hetcast_graph_edge kTwice[3] = {
             {0, 1, 3}, {1, 2, 2}, {0, 1, 4}};
         hetcast_graph_request r = Graph();
         r.edges = kTwice;
         r.edge_count = 3;
         return PlanGraph(r, sizeof(g_workspace), 64, why);
       }},
      {"graph target twice", HETCAST_INVALID_ARGUMENT, "target is given twice",
       [](const char** why) {
         static const uint32_t kTwice[2] = {1, 1};
         hetcast_graph_request r = Graph();
         r.targets = kTwice;
         return PlanGraph(r, sizeof(g_workspace), 64, why);
       }},
      {"graph work", HETCAST_TOO_LARGE, "HETCAST_GRAPH_MAX_WORK",
       [](const char** why) {
         static std::vector<uint32_t> targets;
         targets.clear();
         for (uint32_t t = 1; t <= 600; ++t) targets.push_back(t);
         hetcast_graph_request r = Graph();
         r.node_count = size_t{1} << 19;
         r.targets = targets.data();
         r.target_count = targets.size();
         return GraphSizes(r, why);
       }},
      {"graph pin", HETCAST_INVALID_ARGUMENT, "MCPH only",
       [](const char** why) {
         const hetcast_graph_request r = Graph();
         hetcast_graph_answer answer;
         return hetcast_graph_plan(&r, HETCAST_ALGORITHM_LCF, g_workspace,
                                   sizeof(g_workspace), g_edges, 64, g_slots,
                                   64, &answer, why);
       }},
      {"graph outputs NULL", HETCAST_INVALID_ARGUMENT,
       "tree_edges or slots is NULL",
       [](const char** why) {
         const hetcast_graph_request r = Graph();
         hetcast_graph_answer answer;
         return hetcast_graph_plan(&r, HETCAST_ALGORITHM_MCPH, g_workspace,
                                   sizeof(g_workspace), nullptr, 64, g_slots,
                                   64, &answer, why);
       }},
      {"graph schedule arrays NULL", HETCAST_INVALID_ARGUMENT,
       "with a nonzero count",
       [](const char** why) {
         const hetcast_graph_schedule s = {1,       1, 1,       nullptr, 1,
                                           g_edges, 0, g_slots, 0};
         return EvaluateGraph(s, sizeof(g_workspace), why);
       }},
      {"graph evaluation NULL", HETCAST_INVALID_ARGUMENT, "evaluation is NULL",
       [](const char** why) {
         const hetcast_graph_request r = Graph();
         const hetcast_graph_schedule s = {};
         return hetcast_graph_evaluate(&r, &s, g_workspace, sizeof(g_workspace),
                                       nullptr, why);
       }},
      {"graph evaluate workspace", HETCAST_WORKSPACE_TOO_SMALL,
       "hetcast_graph_evaluate_workspace_size",
       [](const char** why) {
         static const hetcast_graph_route route = {0, 1};
         const hetcast_graph_schedule s = {1,       1, 1,       &route, 1,
                                           g_edges, 0, g_slots, 0};
         return EvaluateGraph(s, 8, why);
       }},
  };
}

// The planner's and the tables' refusals beyond the first ones.
hetcast_status PlanWith(const hetcast_request& r, hetcast_plan_output out,
                        const char** why) {
  hetcast_plan_info info;
  return hetcast_plan(&r, g_workspace, sizeof(g_workspace), &out, &info, why);
}

hetcast_plan_output FullOutput() {
  return {g_nodes,      64, g_transfers, 64, g_tasks, 64,
          g_list_begin, 64, g_edges,     64, g_slots, 64};
}

// hetcast_plan of `model`'s small request into FullOutput() changed by
// `damage`.
hetcast_status PlanDamaged(hetcast_model model,
                           void (*damage)(hetcast_plan_output*),
                           const char** why) {
  const hetcast_node_request node = Node();
  const hetcast_nonblocking_request nonblocking = Nonblocking();
  const hetcast_graph_request graph = Graph();
  hetcast_request r = {};
  r.model = model;
  if (model == HETCAST_MODEL_NODE) r.node = &node;
  if (model == HETCAST_MODEL_NONBLOCKING) r.nonblocking = &nonblocking;
  if (model == HETCAST_MODEL_GRAPH) r.graph = &graph;
  hetcast_plan_output out = FullOutput();
  damage(&out);
  return PlanWith(r, out, why);
}

std::vector<WhyCase> MorePlannerCases() {
  return {
      {"planner graph output NULL", HETCAST_INVALID_ARGUMENT,
       "graph plan: output",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_GRAPH,
             [](hetcast_plan_output* o) { o->slots = nullptr; }, why);
       }},
      {"planner graph output too small", HETCAST_OUTPUT_TOO_SMALL,
       "graph plan: output tree_edges or slots holds fewer",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_GRAPH,
             [](hetcast_plan_output* o) { o->slot_capacity = 0; }, why);
       }},
      {"planner non-blocking output NULL", HETCAST_INVALID_ARGUMENT,
       "non-blocking plan: output tasks or list_begin is NULL",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_NONBLOCKING,
             [](hetcast_plan_output* o) { o->tasks = nullptr; }, why);
       }},
      {"planner non-blocking output too small", HETCAST_OUTPUT_TOO_SMALL,
       "holds fewer entries",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_NONBLOCKING,
             [](hetcast_plan_output* o) { o->task_capacity = 1; }, why);
       }},
      {"planner output nodes NULL", HETCAST_INVALID_ARGUMENT,
       "output nodes is NULL",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_NODE,
             [](hetcast_plan_output* o) { o->nodes = nullptr; }, why);
       }},
      {"planner info NULL", HETCAST_INVALID_ARGUMENT, "info is NULL",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         const hetcast_plan_output out = FullOutput();
         return hetcast_plan(&r, g_workspace, sizeof(g_workspace), &out,
                             nullptr, why);
       }},
      {"planner sizes NULL", HETCAST_INVALID_ARGUMENT, "sizes is NULL",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         return hetcast_plan_sizes(&r, nullptr, why);
       }},
      {"planner participant out NULL", HETCAST_INVALID_ARGUMENT, "out is NULL",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         return hetcast_plan_participant(&r, 0, g_workspace,
                                         sizeof(g_workspace), nullptr, why);
       }},
      {"planner participant workspace", HETCAST_WORKSPACE_TOO_SMALL,
       "asked for",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         hetcast_participant out = {};
         return hetcast_plan_participant(&r, 0, g_workspace, 8, &out, why);
       }},
      {"planner participant capacity", HETCAST_OUTPUT_TOO_SMALL,
       "out's capacity",
       [](const char** why) {
         const hetcast_node_request node = Node();
         hetcast_request r = {};
         r.node = &node;
         hetcast_participant out = {};
         return hetcast_plan_participant(&r, 0, g_workspace,
                                         sizeof(g_workspace), &out, why);
       }},
      {"table NULL", HETCAST_INVALID_ARGUMENT, "NULL table buffer",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(nullptr, 0, &table, why);
       }},
      {"table find NULL name", HETCAST_INVALID_ARGUMENT,
       "table, name or index is NULL",
       [](const char** why) {
         hetcast_table table;
         hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                            &table, nullptr);
         size_t index;
         return hetcast_table_find_profile(&table, nullptr, &index, why);
       }},
  };
}

// The graph evaluator's sentence per violation, on the chain of
// tests/graph/evaluator_test.cc: s=0 -> a=1 (cost 3) -> b=2 (cost 2),
// s -> c=3 (cost 4), a -> b's reverse b -> a (cost 5); targets a, b, c.
// Its valid schedule: one message every 7 ticks over the tree
// {s->a, a->b, s->c}.
struct ChainSchedule {
  uint64_t period = 7, messages = 1, parts = 1;
  std::vector<hetcast_graph_route> routes = {{0, 1}};
  std::vector<hetcast_graph_route_edge> route_edges = {
      {0, 0, 1}, {0, 1, 2}, {0, 0, 3}};
  std::vector<hetcast_graph_slot> slots = {
      {0, 3, 0, 1, 0, 1}, {0, 2, 1, 2, 0, 1}, {3, 4, 0, 3, 0, 1}};
};

hetcast_status EvaluateChain(const ChainSchedule& d, const char** why) {
  static const hetcast_graph_edge kChain[4] = {
      {0, 1, 3}, {1, 2, 2}, {0, 3, 4}, {2, 1, 5}};
  static const uint32_t kChainTargets[3] = {1, 2, 3};
  const hetcast_graph_request r = {4, kChain, 4, 0, kChainTargets, 3, 0};
  const hetcast_graph_schedule s = {d.period,
                                    d.messages,
                                    d.parts,
                                    d.routes.data(),
                                    d.routes.size(),
                                    d.route_edges.data(),
                                    d.route_edges.size(),
                                    d.slots.data(),
                                    d.slots.size()};
  hetcast_graph_evaluation evaluation;
  return hetcast_graph_evaluate(&r, &s, g_workspace, sizeof(g_workspace),
                                &evaluation, why);
}

// A case of the chain's schedule changed by `change`.
WhyCase ChainCase(const char* name, const char* names,
                  void (*change)(ChainSchedule*)) {
  return {name, HETCAST_INVALID_SCHEDULE, names, [change](const char** why) {
            ChainSchedule d;
            change(&d);
            return EvaluateChain(d, why);
          }};
}

std::vector<WhyCase> GraphViolationCases() {
  return {
      ChainCase("graph bad period", "period",
                [](ChainSchedule* d) { d->period = 0; }),
      ChainCase("graph bad route", "carries no part",
                [](ChainSchedule* d) { d->routes[0].part_count = 0; }),
      ChainCase("graph unknown route edge", "not in the platform",
                [](ChainSchedule* d) {
                  d->route_edges.push_back({0, 3, 2});
                }),
      ChainCase("graph two parents", "over two edges",
                [](ChainSchedule* d) {
                  d->route_edges.push_back({0, 2, 1});
                }),
      ChainCase("graph detached", "does not reach",
                [](ChainSchedule* d) {
                  d->route_edges.erase(d->route_edges.begin());
                  d->slots.erase(d->slots.begin());
                }),
      ChainCase("graph slot off route", "not on an edge",
                [](ChainSchedule* d) { d->slots[1].stream = 4; }),
      ChainCase("graph slot outside period", "after the period",
                [](ChainSchedule* d) { d->slots[2].start = 4; }),
      ChainCase("graph slot duration", "duration",
                [](ChainSchedule* d) { d->slots[0].duration = 2; }),
      ChainCase("graph send overlap", "one sender",
                [](ChainSchedule* d) { d->slots[2].start = 2; }),
      ChainCase("graph forwards unreceived", "forwards more",
                [](ChainSchedule* d) {
                  d->period = 14;
                  d->messages = 2;
                  d->routes = {{0, 2}};
                  d->slots = {{0, 3, 0, 1, 0, 1},
                              {0, 4, 1, 2, 0, 2},
                              {3, 8, 0, 3, 0, 2}};
                }),
      ChainCase("graph edge amount", "exactly the route's parts",
                [](ChainSchedule* d) {
                  d->period = 14;
                  d->messages = 2;
                  d->routes = {{0, 2}};
                  d->slots = {{0, 6, 0, 1, 0, 2},
                              {0, 4, 1, 2, 0, 2},
                              {6, 4, 0, 3, 0, 1}};
                }),
      ChainCase("graph target missing", "every part",
                [](ChainSchedule* d) {
                  d->route_edges.pop_back();
                  d->slots.pop_back();
                }),
      {"graph receive overlap", HETCAST_INVALID_SCHEDULE, "one receiver",
       [](const char** why) {
         // Two messages per period to t=3, over s -> a -> t and
         // s -> b -> t, the second arriving while the first does.
         static const hetcast_graph_edge kDiamond[4] = {
             {0, 1, 1}, {0, 2, 1}, {1, 3, 2}, {2, 3, 2}};
         static const uint32_t kT[1] = {3};
         static const hetcast_graph_route kRoutes[2] = {{0, 1}, {1, 1}};
         static const hetcast_graph_route_edge kEdges[4] = {
             {0, 0, 1}, {0, 1, 3}, {1, 0, 2}, {1, 2, 3}};
         static const hetcast_graph_slot kSlots[4] = {{0, 1, 0, 1, 0, 1},
                                                      {1, 1, 0, 2, 1, 1},
                                                      {0, 2, 1, 3, 0, 1},
                                                      {1, 2, 2, 3, 1, 1}};
         const hetcast_graph_request r = {4, kDiamond, 4, 0, kT, 1, 0};
         const hetcast_graph_schedule s = {4,      2, 1,      kRoutes, 2,
                                           kEdges, 4, kSlots, 4};
         hetcast_graph_evaluation evaluation;
         return hetcast_graph_evaluate(&r, &s, g_workspace, sizeof(g_workspace),
                                       &evaluation, why);
       }},
      {"graph too many routes", HETCAST_TOO_LARGE, "2^32 - 1 or more",
       [](const char** why) {
         static const hetcast_graph_route route = {0, 1};
         const hetcast_graph_schedule s = {
             1, 1, 1, &route, UINT32_MAX, g_edges, 0, g_slots, 0};
         return EvaluateGraph(s, sizeof(g_workspace), why);
       }},
  };
}

// The open-time checks of a table, each on a small table built here with
// one fault. The valid table: one exact profile of types A (cost 1, limit
// 2) and B (cost 2, limit 1), 6 states (index d_A + 3 d_B); each state's
// decision sends to the first present type with nothing else (split 0),
// so a state's time is its destination count times the source's cost.
// Entries: time (8 bits) | first child type << 8 | split << 9.
struct TypeFields {
  const char* name;
  uint64_t cost;
  uint32_t limit;
};

struct TableFields {
  uint32_t schema_version = HETCAST_TABLE_SCHEMA_VERSION;
  bool profiles = true;  // False: an empty profile vector.
  const char* name = "p";
  std::vector<TypeFields> types = {{"A", 1, 2}, {"B", 2, 1}};
  uint8_t method = 0;  // ExactDp.
  uint64_t state_count = 6;
  uint8_t time_bits = 8, type_bits = 1, split_bits = 3;
  bool entries = true;
  std::vector<uint32_t> entries32 = {0, 1, 2, 1 | 1 << 8, 2, 3,
                                     0, 2, 4, 2 | 1 << 8, 4, 6};
  uint64_t epsilon_numerator = 0, epsilon_denominator = 0;
  // Method Ptas's vectors, written when ptas_vectors is set.
  bool ptas_vectors = false;
  std::vector<uint64_t> ptas_bound;
  std::vector<uint8_t> ptas_bound_kind;
  std::vector<uint32_t> ptas_offsets, ptas_nodes;
  // Bytes the builder does not write: ptas_bound's elements at 4 mod 8;
  // the profile vector's one offset 0 (which points at itself).
  bool misaligned_bound = false;
  bool zero_profile_offset = false;
};

// The valid PTAS table: one type A (cost 1, limit 2), states of 0, 1 and 2
// destinations, times 0, 1 and 2. Each schedule has the source send to
// destination v as its v-th send (record: parent | send index << 16), so v
// arrives at v; every lower bound is the exact time.
TableFields PtasTable() {
  TableFields f;
  f.types = {{"A", 1, 2}};
  f.method = 1;  // Ptas.
  f.state_count = 3;
  f.type_bits = f.split_bits = 0;
  f.entries32 = {0, 1, 2};
  f.epsilon_numerator = 1;
  f.epsilon_denominator = 4;
  f.ptas_vectors = true;
  f.ptas_bound = {0, 1, 2};
  f.ptas_bound_kind.assign(3, HETCAST_BOUND_EXACT);
  f.ptas_offsets = {0, 0, 1, 3};
  f.ptas_nodes = {1u << 16, 1u << 16, 2u << 16};
  return f;
}

TableFields ExactTable() { return TableFields(); }

// A vector of `count` 8-byte elements written as 4-byte words, placed so
// that its elements start at 4 mod 8 in the finished buffer (whose size is
// a multiple of 8: an object at offset o from its end is at -o mod 8).
flatbuffers::Offset<flatbuffers::Vector<uint64_t>> MisalignedVector(
    flatbuffers::FlatBufferBuilder* b, const std::vector<uint64_t>& values) {
  if (b->GetSize() % 8 == 0) b->PushElement<uint32_t>(0);
  b->StartVector(values.size() * 2, sizeof(uint32_t));
  for (size_t i = values.size(); i-- > 0;) {
    b->PushElement(static_cast<uint32_t>(values[i] >> 32));
    b->PushElement(static_cast<uint32_t>(values[i]));
  }
  return flatbuffers::Offset<flatbuffers::Vector<uint64_t>>(
      b->EndVector(values.size()));
}

// A vector of one table offset whose value is 0.
flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::Profile>>>
ZeroOffsetVector(flatbuffers::FlatBufferBuilder* b) {
  b->StartVector(1, sizeof(uint32_t));
  b->PushElement<uint32_t>(0);
  return flatbuffers::Offset<
      flatbuffers::Vector<flatbuffers::Offset<fb::Profile>>>(b->EndVector(1));
}

// The table of `f`, size-prefixed as hetcast_table_open reads it, in
// 8-byte aligned storage.
std::vector<uint64_t> BuildTable(const TableFields& f, size_t* size) {
  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<fb::NodeType>> types;
  for (const TypeFields& t : f.types) {
    types.push_back(fb::CreateNodeType(
        b, t.name != nullptr ? b.CreateString(t.name) : 0, t.cost, t.limit));
  }
  const auto name = f.name != nullptr ? b.CreateString(f.name) : 0;
  const auto type_vector = b.CreateVector(types);
  const auto entries = f.entries ? b.CreateVector(f.entries32) : 0;
  flatbuffers::Offset<flatbuffers::Vector<uint64_t>> bound;
  if (f.ptas_vectors) {
    bound = f.misaligned_bound ? MisalignedVector(&b, f.ptas_bound)
                               : b.CreateVector(f.ptas_bound);
  }
  const auto kind = f.ptas_vectors ? b.CreateVector(f.ptas_bound_kind) : 0;
  const auto offsets = f.ptas_vectors ? b.CreateVector(f.ptas_offsets) : 0;
  const auto nodes = f.ptas_vectors ? b.CreateVector(f.ptas_nodes) : 0;
  fb::ProfileBuilder p(b);
  if (f.name != nullptr) p.add_name(name);
  p.add_types(type_vector);
  p.add_method(static_cast<fb::Method>(f.method));
  p.add_state_count(f.state_count);
  p.add_time_bits(f.time_bits);
  p.add_type_bits(f.type_bits);
  p.add_split_bits(f.split_bits);
  if (f.entries) p.add_entries32(entries);
  p.add_epsilon_numerator(f.epsilon_numerator);
  p.add_epsilon_denominator(f.epsilon_denominator);
  if (f.ptas_vectors) {
    p.add_ptas_bound(bound);
    p.add_ptas_bound_kind(kind);
    p.add_ptas_offsets(offsets);
    p.add_ptas_nodes(nodes);
  }
  const auto profile = p.Finish();
  std::vector<flatbuffers::Offset<fb::Profile>> profiles;
  if (f.profiles) profiles.push_back(profile);
  const auto profile_vector =
      f.zero_profile_offset ? ZeroOffsetVector(&b) : b.CreateVector(profiles);
  const auto root =
      fb::CreateHetcastTable(b, f.schema_version, 0, profile_vector);
  fb::FinishSizePrefixedHetcastTableBuffer(b, root);
  *size = b.GetSize();
  std::vector<uint64_t> storage(*size / 8 + 1);
  memcpy(storage.data(), b.GetBufferPointer(), *size);
  return storage;
}

hetcast_status OpenTable(const TableFields& f, const char** why) {
  size_t size;
  const std::vector<uint64_t> bytes = BuildTable(f, &size);
  hetcast_table table;
  return hetcast_table_open(bytes.data(), size, &table, why);
}

// A case of the valid table `valid()` changed by `change`.
WhyCase Fault(TableFields (*valid)(), const char* name, const char* names,
              void (*change)(TableFields*)) {
  return {name, HETCAST_INVALID_TABLE, names,
          [valid, change](const char** why) {
            TableFields f = valid();
            change(&f);
            return OpenTable(f, why);
          }};
}

WhyCase TableFault(const char* name, const char* names,
                   void (*change)(TableFields*)) {
  return Fault(ExactTable, name, names, change);
}

WhyCase PtasFault(const char* name, const char* names,
                  void (*change)(TableFields*)) {
  return Fault(PtasTable, name, names, change);
}

// The checks of a PTAS profile: its fields, then each stored schedule.
std::vector<WhyCase> PtasFaultCases() {
  return {
      PtasFault("PTAS epsilon", "epsilon",
                [](TableFields* f) { f->epsilon_numerator = 0; }),
      PtasFault("PTAS destinations", "65534",
                [](TableFields* f) {
                  f->types = {{"A", 1, 70000}};
                  f->state_count = 70001;
                }),
      PtasFault("PTAS vectors", "schedule vectors",
                [](TableFields* f) { f->ptas_vectors = false; }),
      PtasFault("PTAS bound misaligned", "not 8-byte aligned",
                [](TableFields* f) { f->misaligned_bound = true; }),
      PtasFault("PTAS schedule length", "length",
                [](TableFields* f) { f->ptas_offsets = {0, 1, 1, 3}; }),
      PtasFault("PTAS schedule cycle", "cycle",
                [](TableFields* f) { f->ptas_nodes[2] = 2 | 1u << 16; }),
      PtasFault("PTAS send index past the sender's sends", "send index",
                [](TableFields* f) { f->ptas_nodes[2] = 3u << 16; }),
      PtasFault("PTAS two receivers of one send", "two receivers",
                [](TableFields* f) { f->ptas_nodes[2] = 1u << 16; }),
      PtasFault("PTAS completion time", "completion time disagrees",
                [](TableFields* f) { f->entries32[2] = 3; }),
      PtasFault("PTAS bound above the time", "lower bound exceeds",
                [](TableFields* f) { f->ptas_bound[2] = 3; }),
      PtasFault("PTAS bound kind", "wrong kind",
                [](TableFields* f) { f->ptas_bound_kind[1] = 200; }),
      PtasFault("PTAS exact bound below the time", "wrong kind",
                [](TableFields* f) { f->ptas_bound[2] = 1; }),
  };
}

std::vector<WhyCase> TableFaultCases() {
  return {
      TableFault("table empty state", "empty state",
                 [](TableFields* f) { f->entries32[0] = 1; }),
      TableFault("table child type", "first child type",
                 [](TableFields* f) { f->entries32[1] = 1 | 1 << 8; }),
      TableFault("table split range", "split is out of range",
                 [](TableFields* f) { f->entries32[1] = 1 | 6 << 9; }),
      TableFault("table split exceeds", "split exceeds",
                 [](TableFields* f) { f->entries32[1] = 1 | 1 << 9; }),
      TableFault("table time", "completion time disagrees",
                 [](TableFields* f) { f->entries32[1] = 5; }),
      TableFault("table schema missing", "schema_version is missing",
                 [](TableFields* f) { f->schema_version = 0; }),
      TableFault("table schema newer", "newer",
                 [](TableFields* f) { f->schema_version = 99; }),
      TableFault("table no profiles", "no profiles",
                 [](TableFields* f) { f->profiles = false; }),
      // FlatBuffers reads a table offset of 0 as a table with no fields.
      TableFault("table profile offset 0", "profile has no name",
                 [](TableFields* f) { f->zero_profile_offset = true; }),
      TableFault("profile no name", "no name",
                 [](TableFields* f) { f->name = nullptr; }),
      TableFault("profile no types", "no types",
                 [](TableFields* f) { f->types.clear(); }),
      TableFault("profile too many types", "HETCAST_TABLE_MAX_TYPES",
                 [](TableFields* f) {
                   f->types.assign(HETCAST_TABLE_MAX_TYPES + 1, {"A", 1, 0});
                 }),
      TableFault("type no name", "type has no name",
                 [](TableFields* f) { f->types[1].name = nullptr; }),
      TableFault("type cost", "cost is 0",
                 [](TableFields* f) { f->types[1].cost = 0; }),
      TableFault("profile too many states", "too many states",
                 [](TableFields* f) {
                   f->types[0].limit = HETCAST_TABLE_MAX_ENTRIES;
                 }),
      TableFault("profile too many entries", "HETCAST_TABLE_MAX_ENTRIES",
                 [](TableFields* f) {
                   f->types[0].limit = HETCAST_TABLE_MAX_ENTRIES / 2;
                   f->types[1].limit = 0;
                 }),
      TableFault("profile state count", "state_count",
                 [](TableFields* f) { f->state_count = 7; }),
      TableFault("profile method", "unknown profile method",
                 [](TableFields* f) { f->method = 5; }),
      TableFault("profile bit widths", "bit widths",
                 [](TableFields* f) { f->time_bits = 0; }),
      TableFault("exact profile with PTAS vectors", "carries PTAS",
                 [](TableFields* f) { f->ptas_vectors = true; }),
      TableFault("entries missing", "missing or mis-sized",
                 [](TableFields* f) { f->entries = false; }),
      {"table truncated", HETCAST_INVALID_TABLE, "shorter than a table header",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(hetcast_default_table, 8, &table, why);
       }},
      {"table too large", HETCAST_INVALID_TABLE, "2 GiB",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(hetcast_default_table, size_t{1} << 31,
                                   &table, why);
       }},
      {"table identifier", HETCAST_INVALID_TABLE, "HCT1",
       [](const char** why) {
         size_t size;
         std::vector<uint64_t> bytes = BuildTable(TableFields(), &size);
         reinterpret_cast<unsigned char*>(bytes.data())[8] ^= 0xff;
         hetcast_table table;
         return hetcast_table_open(bytes.data(), size, &table, why);
       }},
      {"table cut short", HETCAST_INVALID_TABLE, "FlatBuffers verification",
       [](const char** why) {
         size_t size;
         const std::vector<uint64_t> bytes = BuildTable(TableFields(), &size);
         hetcast_table table;
         return hetcast_table_open(bytes.data(), 16, &table, why);
       }},
  };
}

std::vector<WhyCase> Cases() {
  std::vector<WhyCase> cases;
  for (auto part : {NodeCases, ClusterCases, NonblockingCases, GraphCases,
                    TableCases, PlannerCases, MoreNodeCases, MoreClusterCases,
                    MoreNonblockingCases, MoreGraphCases, GraphViolationCases,
                    MorePlannerCases, TableFaultCases, PtasFaultCases}) {
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

// The reasons the runtime can give (why_reasons.py): its sources' string
// literals but names and citations (why_exempt.txt).
struct Reason {
  const char* where;
  const char* text;
};
constexpr Reason kReasons[] = {
#include "tests/planner/why_reasons.inc"
};

// The cases together reach every reason, and each gets one of them: none
// gets its status's name, the reason of a failure no check explains.
TEST(Why, EveryReasonIsReached) {
  std::set<std::string> reached;
  for (const WhyCase& c : Cases()) {
    const char* why = nullptr;
    c.call(&why);
    if (why != nullptr) reached.insert(why);
  }
  std::set<std::string> known;
  for (const Reason& reason : kReasons) {
    known.insert(reason.text);
    EXPECT_EQ(reached.count(reason.text), 1u)
        << reason.where << ": no case reaches \"" << reason.text << "\"";
  }
  for (const std::string& why : reached) {
    EXPECT_EQ(known.count(why), 1u)
        << "a case got \"" << why << "\", which is no reason of runtime/";
  }
}

// The tables the table faults start from open.
TEST(Why, TheFaultCasesStartFromAValidTable) {
  const char* why = nullptr;
  EXPECT_EQ(OpenTable(ExactTable(), &why), HETCAST_OK) << why;
  EXPECT_EQ(OpenTable(PtasTable(), &why), HETCAST_OK) << why;
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

// The graph evaluator's violations each have a sentence of their own.
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
