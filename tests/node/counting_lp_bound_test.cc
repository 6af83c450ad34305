// counting_lp_bound_test.cc: the counting LP bound (tools/gen/
// counting_lp_bound.h) against the exact DP on every state of small
// profiles and against the exhaustive search with relays: a bound above the
// optimum would be a wrong answer.
#include "tools/gen/counting_lp_bound.h"

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/node/exact_profile.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"

namespace hetcast {
namespace testing {
namespace {

// The LP must reach D at the optimum (an optimal schedule is a solution),
// and the bound searched up to FNF's completion (>= OPT) must stay <= OPT.
// Returns whether the bound meets OPT.
bool ExpectValidAt(const TinyInstance& instance, uint64_t opt) {
  const hetcast_node_request request = RequestOf(instance);
  absl::StatusOr<bool> reaches = CountingLpReaches(request, opt);
  EXPECT_TRUE(reaches.ok()) << reaches.status();
  EXPECT_TRUE(reaches.ok() && *reaches) << "the LP misses D at OPT " << opt;
  const PlanResult plan = PlanFnf(instance);
  EXPECT_EQ(plan.status, HETCAST_OK);
  EXPECT_GE(plan.answer.completion_time, opt);
  absl::StatusOr<uint64_t> bound =
      CountingLpBound(request, 0, plan.answer.completion_time);
  EXPECT_TRUE(bound.ok()) << bound.status();
  if (!bound.ok()) return false;
  EXPECT_LE(*bound, opt);
  return *bound == opt;
}

void ExpectBelowExactDpOnEveryState(const std::vector<uint64_t>& costs,
                                    const std::vector<uint64_t>& limits) {
  uint64_t states = 0, exact = 0;
  ForEachExactState(costs, limits,
                    [&](const TinyInstance& instance, uint64_t opt) {
                      ++states;
                      if (ExpectValidAt(instance, opt)) ++exact;
                    });
  std::printf("costs %s limits %s: counting LP bound = OPT on %llu of %llu\n",
              ::testing::PrintToString(costs).c_str(),
              ::testing::PrintToString(limits).c_str(),
              static_cast<unsigned long long>(exact),
              static_cast<unsigned long long>(states));
}

TEST(CountingLpBound, NeverAboveTheExactDpOnEveryState) {
  ExpectBelowExactDpOnEveryState({2, 3}, {8, 8});
  ExpectBelowExactDpOnEveryState({2, 3, 7}, {4, 4, 4});
  ExpectBelowExactDpOnEveryState({3, 5, 7}, {3, 3, 3});
  ExpectBelowExactDpOnEveryState({1, 3, 4, 9}, {2, 2, 2, 2});
}

TEST(CountingLpBound, NeverAboveTheExhaustiveOptimumWithRelaysAndEqualCosts) {
  std::mt19937_64 rng(1818);
  for (int trial = 0; trial < 150; ++trial) {
    const TinyInstance instance = RandomTinyInstance(rng, 6, trial % 2 == 0);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    ExpectValidAt(instance, ExhaustiveOptimum(instance));
  }
}

TEST(CountingLpBound, FigureOneOfLibeskindHadas) {
  // Libeskind-Hadas et al. Figure 1: source cost 3, four of cost 2, seven
  // of cost 3; FNF 10, the optimum 9 (the paper's numbers). The LP, which
  // counts with the true floors, proves 9: it reaches D at 9, not at 8.
  const TinyInstance instance{{2, 3}, 1, {4, 7}, {}};
  const PlanResult plan = PlanFnf(instance);
  ASSERT_EQ(plan.answer.completion_time, 10u);
  absl::StatusOr<uint64_t> bound =
      CountingLpBound(RequestOf(instance), 0, plan.answer.completion_time);
  ASSERT_TRUE(bound.ok()) << bound.status();
  EXPECT_EQ(*bound, 9u);
}

TEST(CountingLpBound, RejectsBadInputAndKeepsTheBoundWhenTooLarge) {
  const TinyInstance instance{{2, 3}, 0, {3, 3}, {}};
  const hetcast_node_request request = RequestOf(instance);
  EXPECT_EQ(CountingLpBound(request, 5, 4).status().code(),
            absl::StatusCode::kInvalidArgument);
  hetcast_node_request bad = request;
  bad.source_type = 7;
  EXPECT_EQ(CountingLpReaches(bad, 10).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CountingLpReaches(request, uint64_t{1} << 40).status().code(),
            absl::StatusCode::kResourceExhausted);
  absl::StatusOr<uint64_t> kept =
      CountingLpBound(request, 3, uint64_t{1} << 40);
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(*kept, 3u);
  // Nothing arrives before the source's first send.
  absl::StatusOr<bool> early = CountingLpReaches(request, 1);
  ASSERT_TRUE(early.ok());
  EXPECT_FALSE(*early);
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
