// why_cases.h: what why_test.cc's case lists share. A case breaks one
// documented rule of one public function and names the status the header
// documents and what the reason must mention; each model's cases are in
// why_<model>_cases.cc, grouped by the public function they call, and
// why_test.cc runs them all.
#ifndef HETCAST_TESTS_PLANNER_WHY_CASES_H_
#define HETCAST_TESTS_PLANNER_WHY_CASES_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace testing {

struct WhyCase {
  const char* name;
  hetcast_status status;
  const char* names;  // What the reason must mention.
  std::function<hetcast_status(const char** why)> call;
};

// The Args of a case's change: a lambda `[](Args* args) { ... }` or a
// function of an Args*.
template <typename Change>
struct ChangedArgs : ChangedArgs<decltype(&Change::operator())> {};
template <typename Lambda, typename Args>
struct ChangedArgs<void (Lambda::*)(Args*) const> {
  using type = Args;
};
template <typename Args>
struct ChangedArgs<void (*)(Args*)> {
  using type = Args;
};

// A case of the valid call `Args()` changed by `change`: Args holds a
// public function's arguments and calls it with `Call(why)`.
template <typename Change>
WhyCase Broken(const char* name, hetcast_status status, const char* names,
               Change change) {
  return {name, status, names, [change](const char** why) {
            typename ChangedArgs<Change>::type args;
            change(&args);
            return args.Call(why);
          }};
}

// Room for every small request's plan.
inline unsigned char g_workspace[1 << 16];
inline hetcast_node g_nodes[64];
inline hetcast_transfer g_transfers[64];
inline hetcast_nonblocking_task g_tasks[64];
inline size_t g_list_begin[64];
inline hetcast_graph_route_edge g_edges[64];
inline hetcast_graph_slot g_slots[64];

// A valid node request of two types.
inline const uint64_t kCosts[2] = {2, 3};
inline const uint64_t kCounts[2] = {4, 7};
inline hetcast_node_request Node() { return {kCosts, 2, 1, kCounts, nullptr}; }

// A valid cluster request of three clusters.
inline const uint64_t kClusterSizes[3] = {4, 3, 2};
inline hetcast_cluster_request Cluster() {
  return {kClusterSizes, 3, 5, 0, nullptr, 0, nullptr};
}

// Two nodes, one message from 0 to 1.
inline const uint64_t kOnes[2] = {1, 1};
inline const uint64_t kLinks[4] = {0, 1, 1, 0};
inline const uint32_t kToOne[1] = {1};
inline const hetcast_nonblocking_message kMessage = {0, 8, kToOne, 1};
inline hetcast_nonblocking_request Nonblocking() {
  return {2, kOnes, kOnes, kOnes, kOnes, kLinks, &kMessage, 1};
}

// 0 -> 1 -> 2, targets 1 and 2.
inline const hetcast_graph_edge kGraphEdges[2] = {{0, 1, 3}, {1, 2, 2}};
inline const uint32_t kTargets[2] = {1, 2};
inline hetcast_graph_request Graph() {
  return {3, kGraphEdges, 2, 0, kTargets, 2, 0};
}

// The case lists, one per public function or group of them.
std::vector<WhyCase> NodeSizeCases();
std::vector<WhyCase> NodePlanCases();
std::vector<WhyCase> NodeEvaluateCases();
std::vector<WhyCase> ClusterSizeCases();
std::vector<WhyCase> ClusterPlanCases();
std::vector<WhyCase> ClusterEvaluateCases();
std::vector<WhyCase> NonblockingSizeCases();
std::vector<WhyCase> NonblockingCheckCases();
std::vector<WhyCase> NonblockingPlanCases();
std::vector<WhyCase> NonblockingEvaluateCases();
std::vector<WhyCase> GraphSizeCases();
std::vector<WhyCase> GraphPlanCases();
std::vector<WhyCase> GraphEvaluateCases();
std::vector<WhyCase> GraphViolationCases();
std::vector<WhyCase> PlannerSizeCases();
std::vector<WhyCase> PlannerPlanCases();
std::vector<WhyCase> PlannerParticipantCases();
std::vector<WhyCase> TableLookupCases();
std::vector<WhyCase> TableBufferCases();
std::vector<WhyCase> TableProfileCases();
std::vector<WhyCase> TableEntryCases();
std::vector<WhyCase> PtasFaultCases();

// The default table, opened.
const hetcast_table* DefaultTable();

// hetcast_table_open of the valid tables the table faults start from.
hetcast_status OpenExactTable(const char** why);
hetcast_status OpenPtasTable(const char** why);

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_PLANNER_WHY_CASES_H_
