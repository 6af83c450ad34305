// table_test_util.h: C++ conveniences over the table C API for tests.
#ifndef HETCAST_TESTS_TABLE_TABLE_TEST_UTIL_H_
#define HETCAST_TESTS_TABLE_TABLE_TEST_UTIL_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"

namespace hetcast {
namespace testing {

// A table in 8-byte-aligned memory of its own.
struct OwnedTable {
  std::vector<uint64_t> words;
  size_t size = 0;
  hetcast_table table = {};
  hetcast_status status = HETCAST_OK;
  const char* error = "";

  const void* data() const { return words.data(); }
};

inline OwnedTable OpenTableBytes(const std::string& bytes) {
  OwnedTable t;
  t.words.resize((bytes.size() + 7) / 8 + 1);
  std::memcpy(t.words.data(), bytes.data(), bytes.size());
  t.size = bytes.size();
  t.status = hetcast_table_open(t.words.data(), t.size, &t.table, &t.error);
  return t;
}

inline std::vector<uint64_t> ProfileCosts(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  std::vector<uint64_t> costs(info.type_count);
  for (size_t j = 0; j < costs.size(); ++j) {
    hetcast_profile_type(&profile, j, nullptr, &costs[j], nullptr, nullptr);
  }
  return costs;
}

// hetcast_profile_plan with allocated outputs.
inline PlanResult PlanFromTable(const hetcast_profile& profile,
                                const TinyInstance& instance) {
  PlanResult result;
  const hetcast_node_request request = RequestOf(instance);
  hetcast_node_sizes sizes;
  result.status =
      hetcast_profile_plan_sizes(&profile, &request, &sizes, nullptr);
  if (result.status != HETCAST_OK) return result;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  result.nodes.resize(sizes.node_count);
  result.transfers.resize(sizes.transfer_count);
  result.status = hetcast_profile_plan(
      &profile, &request, workspace.data(), workspace.size(),
      result.nodes.data(), result.nodes.size(), result.transfers.data(),
      result.transfers.size(), &result.answer, nullptr);
  if (result.status == HETCAST_OK) {
    result.transfers.resize(result.answer.transfer_count);
  }
  return result;
}

// Per-node roles of every id, through hetcast_profile_node_role with the
// workspace hetcast_profile_plan_sizes asks for, equal the full schedule
// (exact profiles by descent, PTAS profiles from the stored schedule).
inline void ExpectRolesMatchPlan(const hetcast_profile& profile,
                                 const TinyInstance& instance,
                                 const PlanResult& plan) {
  const hetcast_node_request request = RequestOf(instance);
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_profile_plan_sizes(&profile, &request, &sizes, nullptr),
            HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_transfer> children(plan.nodes.size());
  for (uint32_t id = 0; id < plan.nodes.size(); ++id) {
    hetcast_node node;
    size_t count = 0;
    ASSERT_EQ(hetcast_profile_node_role(
                  &profile, &request, id, workspace.data(), workspace.size(),
                  &node, children.data(), children.size(), &count, nullptr),
              HETCAST_OK)
        << id;
    const hetcast_node& want = plan.nodes[id];
    EXPECT_EQ(node.arrival, want.arrival) << id;
    EXPECT_EQ(node.parent, want.parent) << id;
    EXPECT_EQ(node.type, want.type) << id;
    EXPECT_EQ(node.send_index, want.send_index) << id;
    EXPECT_EQ(node.is_relay, want.is_relay) << id;
    std::vector<hetcast_transfer> expected;
    for (const hetcast_transfer& t : plan.transfers) {
      if (t.from == id) expected.push_back(t);
    }
    ASSERT_EQ(count, expected.size()) << id;
    for (size_t c = 0; c < count; ++c) {
      EXPECT_EQ(children[c].from, id) << id;
      EXPECT_EQ(children[c].to, expected[c].to) << id;
      EXPECT_EQ(children[c].start, expected[c].start) << id;
      EXPECT_EQ(children[c].arrival, expected[c].arrival) << id;
    }
  }
}

// Test-only reference for the depth-first canonical order: `plan`'s tree
// renumbered by a recursive walk (a node, then its first child's whole
// subtree, then its second child's, ...): per type, the nodes met in that
// order take the type's destination ids first, then its relay ids. Ids the
// plan leaves blank (unused relays, the last of their group) stay blank.
inline std::vector<hetcast_node> DepthFirstRelabel(
    const TinyInstance& instance, const std::vector<hetcast_node>& nodes) {
  const size_t n = nodes.size();
  const size_t k = instance.costs.size();
  std::vector<std::vector<uint32_t>> kids(n);
  for (uint32_t id = 1; id < n; ++id) {
    if (nodes[id].parent != HETCAST_NO_NODE)
      kids[nodes[id].parent].push_back(id);
  }
  for (std::vector<uint32_t>& list : kids) {
    std::sort(list.begin(), list.end(), [&](uint32_t a, uint32_t b) {
      return nodes[a].send_index < nodes[b].send_index;
    });
  }
  std::vector<uint32_t> preorder;
  std::vector<uint32_t> stack{0};
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    preorder.push_back(v);
    stack.insert(stack.end(), kids[v].rbegin(), kids[v].rend());
  }
  std::vector<uint32_t> destination_base(k), relay_base(k);
  uint32_t next = 1;
  for (size_t j = 0; j < k; ++j) {
    destination_base[j] = next;
    next += static_cast<uint32_t>(instance.destinations[j]);
  }
  for (size_t j = 0; j < k; ++j) {
    relay_base[j] = next;
    next +=
        instance.relays.empty() ? 0 : static_cast<uint32_t>(instance.relays[j]);
  }
  std::vector<uint32_t> new_id(n, 0);
  std::vector<uint64_t> seen(k, 0);
  for (size_t i = 1; i < preorder.size(); ++i) {
    const uint32_t j = nodes[preorder[i]].type;
    const uint64_t p = seen[j]++;
    const uint64_t d = instance.destinations[j];
    new_id[preorder[i]] = static_cast<uint32_t>(
        p < d ? destination_base[j] + p : relay_base[j] + (p - d));
  }
  std::vector<hetcast_node> out(nodes);  // Keeps the blanks.
  for (uint32_t v : preorder) {
    hetcast_node node = nodes[v];
    if (v != 0) node.parent = new_id[node.parent];
    node.is_relay = new_id[v] >= relay_base[0] ? 1 : 0;
    out[new_id[v]] = node;
  }
  return out;
}

// An exact profile's plan is in canonical order: it is exactly what
// DepthFirstRelabel makes of its own tree (the node records byte for byte),
// with the transfers in (start, from) order.
inline void ExpectPlanDepthFirst(const TinyInstance& instance,
                                 const PlanResult& plan) {
  const std::vector<hetcast_node> want =
      DepthFirstRelabel(instance, plan.nodes);
  ASSERT_EQ(plan.nodes.size(), want.size());
  std::vector<hetcast_transfer> expected;
  for (uint32_t id = 0; id < want.size(); ++id) {
    EXPECT_EQ(std::memcmp(&plan.nodes[id], &want[id], sizeof(hetcast_node)), 0)
        << id;
    if (id == 0 || want[id].parent == HETCAST_NO_NODE) continue;
    const uint64_t cost = instance.costs[want[want[id].parent].type];
    expected.push_back(hetcast_transfer{
        want[id].parent, id, want[id].arrival - cost, want[id].arrival});
  }
  std::sort(expected.begin(), expected.end(),
            [](const hetcast_transfer& a, const hetcast_transfer& b) {
              return a.start != b.start ? a.start < b.start : a.from < b.from;
            });
  ASSERT_EQ(plan.transfers.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(
        std::memcmp(&plan.transfers[i], &expected[i], sizeof(expected[i])), 0)
        << i;
  }
}

// Every count vector 0 <= i <= limits, in mixed-radix order.
template <typename Fn>
void ForEachCounts(const std::vector<uint64_t>& limits, Fn fn) {
  std::vector<uint64_t> i(limits.size(), 0);
  while (true) {
    fn(i);
    size_t j = 0;
    while (j < i.size() && i[j] == limits[j]) i[j++] = 0;
    if (j == i.size()) break;
    ++i[j];
  }
}

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_TABLE_TABLE_TEST_UTIL_H_
