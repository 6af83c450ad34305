// schedule_checks.h: gtest assertions shared by the node-model tests.
#ifndef HETCAST_TESTS_NODE_SCHEDULE_CHECKS_H_
#define HETCAST_TESTS_NODE_SCHEDULE_CHECKS_H_

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"

namespace hetcast {
namespace testing {

// Checks that `plan` is what the evaluator makes of its own structure, and
// that ids are canonical: per class, arrivals non-decreasing and ties
// ordered by parent id.
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
  for (size_t id = 2; id < plan.nodes.size(); ++id) {
    const hetcast_node& a = plan.nodes[id - 1];
    const hetcast_node& b = plan.nodes[id];
    if (a.type != b.type || a.is_relay != b.is_relay) continue;
    if (b.arrival == HETCAST_NEVER) continue;
    ASSERT_NE(a.arrival, HETCAST_NEVER) << "unused relay before a used one";
    EXPECT_LE(a.arrival, b.arrival) << id;
    if (a.arrival == b.arrival) {
      EXPECT_LT(a.parent, b.parent) << id;
    }
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
