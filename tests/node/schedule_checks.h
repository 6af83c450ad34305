// schedule_checks.h: gtest assertions shared by the node-model tests.
#ifndef HETCAST_TESTS_NODE_SCHEDULE_CHECKS_H_
#define HETCAST_TESTS_NODE_SCHEDULE_CHECKS_H_

#include <algorithm>
#include <functional>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"

namespace hetcast {
namespace testing {

// The preorder rank of every node of `nodes`' tree (a node, then its first
// child's whole subtree, then its second child's, ..., children in send
// order), by recursion over explicit child lists; nodes the tree leaves out
// get nodes.size().
inline std::vector<size_t> PreorderRanks(
    const std::vector<hetcast_node>& nodes) {
  std::vector<std::vector<uint32_t>> kids(nodes.size());
  for (uint32_t id = 1; id < nodes.size(); ++id) {
    if (nodes[id].parent != HETCAST_NO_NODE) {
      kids[nodes[id].parent].push_back(id);
    }
  }
  std::vector<size_t> rank(nodes.size(), nodes.size());
  size_t next = 0;
  std::function<void(uint32_t)> visit = [&](uint32_t v) {
    rank[v] = next++;
    std::sort(kids[v].begin(), kids[v].end(), [&](uint32_t a, uint32_t b) {
      return nodes[a].send_index < nodes[b].send_index;
    });
    for (uint32_t c : kids[v]) visit(c);
  };
  visit(0);
  return rank;
}

// Checks that `plan` is what the evaluator makes of its own structure, and
// that ids are canonical (hetcast.h): per group (type and relay flag), the
// informed nodes in depth-first preorder, the unused ones last.
inline void ExpectConsistent(const TinyInstance& instance,
                             const PlanResult& plan) {
  ASSERT_EQ(plan.status, HETCAST_OK);
  const PlanResult evaluated = Evaluate(instance, StructureOf(plan));
  ASSERT_EQ(evaluated.status, HETCAST_OK);
  EXPECT_EQ(evaluated.answer.completion_time, plan.answer.completion_time);
  ASSERT_EQ(evaluated.nodes.size(), plan.nodes.size());
  for (size_t id = 0; id < plan.nodes.size(); ++id) {
    EXPECT_EQ(evaluated.nodes[id].arrival, plan.nodes[id].arrival) << id;
    EXPECT_EQ(evaluated.nodes[id].parent, plan.nodes[id].parent) << id;
    EXPECT_EQ(evaluated.nodes[id].send_index, plan.nodes[id].send_index);
  }
  const std::vector<size_t> rank = PreorderRanks(plan.nodes);
  for (size_t id = 2; id < plan.nodes.size(); ++id) {
    const hetcast_node& a = plan.nodes[id - 1];
    const hetcast_node& b = plan.nodes[id];
    if (a.type != b.type || a.is_relay != b.is_relay) continue;
    if (b.arrival == HETCAST_NEVER) continue;
    ASSERT_NE(a.arrival, HETCAST_NEVER) << "unused relay before a used one";
    EXPECT_LT(rank[id - 1], rank[id]) << id;
  }
  // Transfers sorted by (start, from) and start = arrival - C(from).
  for (size_t i = 0; i < plan.transfers.size(); ++i) {
    const hetcast_transfer& t = plan.transfers[i];
    EXPECT_EQ(t.start + instance.costs[plan.nodes[t.from].type], t.arrival);
    if (i > 0) {
      const hetcast_transfer& p = plan.transfers[i - 1];
      EXPECT_TRUE(p.start < t.start || (p.start == t.start && p.from < t.from));
    }
  }
}

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_NODE_SCHEDULE_CHECKS_H_
