// table_test_util.h: C++ conveniences over the table C API for tests.
#ifndef HETCAST_TESTS_TABLE_TABLE_TEST_UTIL_H_
#define HETCAST_TESTS_TABLE_TABLE_TEST_UTIL_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/internal.h"
#include "runtime/table/node_role.h"
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
  hetcast_profile_get_info(&profile, &info);
  std::vector<uint64_t> costs(info.type_count);
  for (size_t j = 0; j < costs.size(); ++j) {
    hetcast_profile_type(&profile, j, nullptr, &costs[j], nullptr);
  }
  return costs;
}

// hetcast_profile_plan with allocated outputs.
inline PlanResult PlanFromTable(const hetcast_profile& profile,
                                const TinyInstance& instance) {
  PlanResult result;
  const hetcast_node_request request = RequestOf(instance);
  hetcast_node_sizes sizes;
  result.status = hetcast_profile_plan_sizes(&profile, &request, &sizes);
  if (result.status != HETCAST_OK) return result;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  result.nodes.resize(sizes.node_count);
  result.transfers.resize(sizes.transfer_count);
  result.status = hetcast_profile_plan(
      &profile, &request, workspace.data(), workspace.size(),
      result.nodes.data(), result.nodes.size(), result.transfers.data(),
      result.transfers.size(), &result.answer);
  if (result.status == HETCAST_OK) {
    result.transfers.resize(result.answer.transfer_count);
  }
  return result;
}

// One node's role, through the C API (internal::RolePath::kAuto, with the
// workspace hetcast_profile_plan_sizes asks for) or with the queue walk
// forced (room enough for it).
inline hetcast_status RoleOf(const hetcast_profile& profile,
                             const hetcast_node_request& request, uint32_t id,
                             internal::RolePath path,
                             std::vector<unsigned char>* workspace,
                             hetcast_node* node,
                             std::vector<hetcast_transfer>* children,
                             size_t* count) {
  if (path == internal::RolePath::kAuto) {
    return hetcast_profile_node_role(&profile, &request, id, workspace->data(),
                                     workspace->size(), node, children->data(),
                                     children->size(), count);
  }
  std::vector<unsigned char> room(workspace->size() + 64 * children->size() +
                                  256);
  return internal::TableNodeRole(&profile, &request, id, room.data(),
                                 room.size(), node, children->data(),
                                 children->size(), count, path);
}

// Per-node roles of every id equal the full schedule, from both walks of
// an exact profile (the step pass where the tree fits it, and the queue
// walk); PTAS profiles read the stored schedule either way.
inline void ExpectRolesMatchPlan(const hetcast_profile& profile,
                                 const TinyInstance& instance,
                                 const PlanResult& plan) {
  const hetcast_node_request request = RequestOf(instance);
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_profile_plan_sizes(&profile, &request, &sizes), HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_transfer> children(plan.nodes.size());
  for (const internal::RolePath path :
       {internal::RolePath::kAuto, internal::RolePath::kQueues}) {
    const int walk = static_cast<int>(path);
    for (uint32_t id = 0; id < plan.nodes.size(); ++id) {
      hetcast_node node;
      size_t count = 0;
      ASSERT_EQ(RoleOf(profile, request, id, path, &workspace, &node, &children,
                       &count),
                HETCAST_OK)
          << id << " walk " << walk;
      const hetcast_node& want = plan.nodes[id];
      EXPECT_EQ(node.arrival, want.arrival) << id << " walk " << walk;
      EXPECT_EQ(node.parent, want.parent) << id << " walk " << walk;
      EXPECT_EQ(node.type, want.type) << id << " walk " << walk;
      EXPECT_EQ(node.send_index, want.send_index) << id << " walk " << walk;
      EXPECT_EQ(node.is_relay, want.is_relay) << id << " walk " << walk;
      std::vector<hetcast_transfer> expected;
      for (const hetcast_transfer& t : plan.transfers) {
        if (t.from == id) expected.push_back(t);
      }
      ASSERT_EQ(count, expected.size()) << id << " walk " << walk;
      for (size_t c = 0; c < count; ++c) {
        EXPECT_EQ(children[c].from, id) << id << " walk " << walk;
        EXPECT_EQ(children[c].to, expected[c].to) << id << " walk " << walk;
        EXPECT_EQ(children[c].start, expected[c].start)
            << id << " walk " << walk;
        EXPECT_EQ(children[c].arrival, expected[c].arrival)
            << id << " walk " << walk;
      }
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

// The depth-first reconstruction (internal::PlanPath::kDepthFirst) writes
// exactly `want` (DepthFirstRelabel of a plan), with the transfers in
// (start, from) order.
inline void ExpectDepthFirstPlanMatches(const hetcast_profile& profile,
                                        const TinyInstance& instance,
                                        const std::vector<hetcast_node>& want) {
  const hetcast_node_request request = RequestOf(instance);
  hetcast_node_sizes sizes;
  ASSERT_EQ(internal::PlanTableSizes(&profile, &request,
                                     internal::PlanPath::kDepthFirst, &sizes),
            HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  std::vector<hetcast_transfer> transfers(sizes.transfer_count);
  hetcast_answer answer;
  ASSERT_EQ(internal::PlanTable(
                &profile, &request, internal::PlanPath::kDepthFirst,
                workspace.data(), workspace.size(), nodes.data(), nodes.size(),
                transfers.data(), transfers.size(), &answer),
            HETCAST_OK);
  ASSERT_EQ(nodes.size(), want.size());
  std::vector<hetcast_transfer> expected;
  for (uint32_t id = 0; id < want.size(); ++id) {
    EXPECT_EQ(std::memcmp(&nodes[id], &want[id], sizeof(hetcast_node)), 0)
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
  ASSERT_EQ(answer.transfer_count, expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(std::memcmp(&transfers[i], &expected[i], sizeof(expected[i])), 0)
        << i;
  }
}

// The descent (internal::RolePath::kDescent, depth-first ids) answers, for
// every id, exactly what DepthFirstRelabel makes of `plan`: the node and its
// sends in order with their times; and the depth-first reconstruction
// writes that relabelled plan. Both are prototypes that the size build
// leaves out (runtime/config.h): nothing to check there.
inline void ExpectDescentMatchesDepthFirstPlan(const hetcast_profile& profile,
                                               const TinyInstance& instance,
                                               const PlanResult& plan) {
  if (internal::kOptimizeSize) return;
  const hetcast_node_request request = RequestOf(instance);
  const std::vector<hetcast_node> want =
      DepthFirstRelabel(instance, plan.nodes);
  ExpectDepthFirstPlanMatches(profile, instance, want);
  std::vector<hetcast_transfer> children(want.size());
  for (uint32_t id = 0; id < want.size(); ++id) {
    hetcast_node node;
    size_t count = 0;
    ASSERT_EQ(internal::TableNodeRole(&profile, &request, id, nullptr, 0, &node,
                                      children.data(), children.size(), &count,
                                      internal::RolePath::kDescent),
              HETCAST_OK)
        << id;
    EXPECT_EQ(node.arrival, want[id].arrival) << id;
    EXPECT_EQ(node.parent, want[id].parent) << id;
    EXPECT_EQ(node.type, want[id].type) << id;
    EXPECT_EQ(node.send_index, want[id].send_index) << id;
    EXPECT_EQ(node.is_relay, want[id].is_relay) << id;
    std::vector<hetcast_transfer> expected;
    for (uint32_t c = 1; c < want.size(); ++c) {
      if (want[c].parent != id) continue;
      const uint64_t arrival = want[c].arrival;
      expected.push_back(hetcast_transfer{
          id, c, arrival - instance.costs[want[id].type], arrival});
    }
    std::sort(expected.begin(), expected.end(),
              [](const hetcast_transfer& a, const hetcast_transfer& b) {
                return a.start < b.start;
              });
    ASSERT_EQ(count, expected.size()) << id;
    for (size_t c = 0; c < count; ++c) {
      EXPECT_EQ(children[c].from, expected[c].from) << id;
      EXPECT_EQ(children[c].to, expected[c].to) << id;
      EXPECT_EQ(children[c].start, expected[c].start) << id;
      EXPECT_EQ(children[c].arrival, expected[c].arrival) << id;
    }
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
