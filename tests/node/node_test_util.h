// node_test_util.h: C++ conveniences over the C API for tests (allocating).
#ifndef HETCAST_TESTS_NODE_NODE_TEST_UTIL_H_
#define HETCAST_TESTS_NODE_NODE_TEST_UTIL_H_

#include <cstdint>
#include <random>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tests/oracles/exhaustive_search.h"

namespace hetcast {
namespace testing {

struct PlanResult {
  hetcast_status status = HETCAST_OK;
  hetcast_answer answer = {};
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;
};

inline hetcast_node_request RequestOf(const TinyInstance& instance) {
  hetcast_node_request request;
  request.costs = instance.costs.data();
  request.type_count = instance.costs.size();
  request.source_type = instance.source_type;
  request.destination_counts = instance.destinations.data();
  request.relay_counts =
      instance.relays.empty() ? nullptr : instance.relays.data();
  return request;
}

// 1 to 4 types of costs 1 to 7 (repeats allowed), 1 to max_destinations
// destinations and, with relays, 0 to 2 relays of each type.
inline TinyInstance RandomTinyInstance(std::mt19937_64& rng,
                                       uint64_t max_destinations,
                                       bool with_relays) {
  TinyInstance instance;
  const int k = 1 + static_cast<int>(rng() % 4);
  for (int j = 0; j < k; ++j) instance.costs.push_back(1 + rng() % 7);
  instance.source_type = static_cast<uint32_t>(rng() % k);
  uint64_t budget = 1 + rng() % max_destinations;
  for (int j = 0; j < k; ++j) {
    const uint64_t n = j + 1 == k ? budget : rng() % (budget + 1);
    instance.destinations.push_back(n);
    budget -= n;
  }
  if (with_relays) {
    for (int j = 0; j < k; ++j) instance.relays.push_back(rng() % 3);
  }
  return instance;
}

inline PlanResult PlanFnf(const TinyInstance& instance) {
  PlanResult result;
  const hetcast_node_request request = RequestOf(instance);
  hetcast_node_sizes sizes;
  result.status = hetcast_node_plan_sizes(&request, &sizes, nullptr);
  if (result.status != HETCAST_OK) return result;
  std::vector<unsigned char> workspace(sizes.workspace_bytes + 1);
  result.nodes.resize(sizes.node_count);
  result.transfers.resize(sizes.transfer_count);
  result.status = hetcast_node_plan(
      &request, HETCAST_ALGORITHM_FNF, workspace.data(), sizes.workspace_bytes,
      result.nodes.data(), result.nodes.size(), result.transfers.data(),
      result.transfers.size(), &result.answer, nullptr);
  if (result.status == HETCAST_OK) {
    result.transfers.resize(result.answer.transfer_count);
  }
  return result;
}

// Hands `sends` to the evaluator.
inline PlanResult Evaluate(const TinyInstance& instance,
                           const std::vector<hetcast_send>& sends) {
  PlanResult result;
  const hetcast_node_request request = RequestOf(instance);
  size_t bytes = 0;
  result.status = hetcast_node_evaluate_workspace_size(&request, sends.size(),
                                                       &bytes, nullptr);
  if (result.status != HETCAST_OK) return result;
  hetcast_node_sizes sizes;
  result.status = hetcast_node_plan_sizes(&request, &sizes, nullptr);
  if (result.status != HETCAST_OK) return result;
  std::vector<unsigned char> workspace(bytes);
  result.nodes.resize(sizes.node_count);
  result.transfers.resize(sizes.transfer_count);
  result.status = hetcast_node_evaluate(
      &request, sends.data(), sends.size(), workspace.data(), bytes,
      result.nodes.data(), result.nodes.size(), result.transfers.data(),
      result.transfers.size(), &result.answer, nullptr);
  if (result.status == HETCAST_OK) {
    result.transfers.resize(result.answer.transfer_count);
  }
  return result;
}

// The structure of a planned schedule (who sends to whom, in send order),
// taken from its transfers sorted by start, so the evaluator can re-time it.
inline std::vector<hetcast_send> StructureOf(const PlanResult& plan) {
  std::vector<hetcast_send> sends;
  for (const hetcast_transfer& t : plan.transfers) {
    sends.push_back(hetcast_send{t.from, t.to});
  }
  return sends;
}

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_NODE_NODE_TEST_UTIL_H_
