// textbook_fnf.cc: std::priority_queue FNF (test-only reference).
#include "tests/oracles/textbook_fnf.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

namespace hetcast {
namespace testing {

TextbookFnfResult TextbookFnf(const std::vector<uint64_t>& costs,
                              uint32_t source_type,
                              const std::vector<uint64_t>& destinations) {
  std::vector<uint64_t> receiver_cost;
  for (size_t j = 0; j < costs.size(); ++j) {
    receiver_cost.insert(receiver_cost.end(), destinations[j], costs[j]);
  }
  std::sort(receiver_cost.begin(), receiver_cost.end());
  TextbookFnfResult result;
  result.parent.resize(receiver_cost.size());
  result.arrival.resize(receiver_cost.size());
  std::vector<uint64_t> node_cost;  // Node 0 is the source.
  node_cost.reserve(receiver_cost.size() + 1);
  node_cost.push_back(costs[source_type]);
  using Entry = std::pair<uint64_t, uint32_t>;  // (send completes, node)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  heap.push({costs[source_type], 0});
  for (size_t i = 0; i < receiver_cost.size(); ++i) {
    const auto [time, sender] = heap.top();
    heap.pop();
    const uint32_t receiver = static_cast<uint32_t>(i + 1);
    result.parent[i] = sender;
    result.arrival[i] = time;
    result.completion = std::max(result.completion, time);
    node_cost.push_back(receiver_cost[i]);
    heap.push({time + receiver_cost[i], receiver});
    heap.push({time + node_cost[sender], sender});
  }
  return result;
}

}  // namespace testing
}  // namespace hetcast
