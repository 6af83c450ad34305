// deadline_fnf_test.cc: FNF improved by deadline-aware receive orders
// (tools/gen/deadline_fnf.h) judged by the evaluator, the exhaustive search
// and the exact DP; and the wide prefix search (runtime/node/lower_bound.h)
// never above the exact DP past hetcast_node_plan's search limit.
#include "tools/gen/deadline_fnf.h"

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"
#include "runtime/node/lower_bound.h"
#include "tests/node/exact_profile.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/table/table_test_util.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"

namespace hetcast {
namespace testing {
namespace {

// min_types to min_types + type_spread - 1 types of costs 1 to max_cost
// and destinations spread over them at random: `destinations` of them if
// it is large (> 8), else 1 to `destinations`.
TinyInstance RandomInstance(std::mt19937_64& rng, int min_types,
                            int type_spread, uint64_t max_cost,
                            int destinations) {
  TinyInstance instance;
  const int k = min_types + static_cast<int>(rng() % type_spread);
  for (int j = 0; j < k; ++j) instance.costs.push_back(1 + rng() % max_cost);
  instance.source_type = static_cast<uint32_t>(rng() % k);
  instance.destinations.assign(k, 0);
  const int d = destinations > 8 ? destinations
                                 : 1 + static_cast<int>(rng() % destinations);
  for (int i = 0; i < d; ++i) ++instance.destinations[rng() % k];
  return instance;
}

// The improved schedule's completion, checked through the evaluator (the
// test's own call), between `opt` and FNF's completion.
uint64_t ImprovedAndChecked(
    const TinyInstance& instance, uint64_t opt,
    const DeadlineFnfOptions& options = DeadlineFnfOptions()) {
  const hetcast_node_request request = RequestOf(instance);
  absl::StatusOr<DeadlineFnfResult> result =
      ImproveFnfByDeadlines(request, options);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return 0;
  const uint64_t fnf = PlanFnf(instance).answer.completion_time;
  EXPECT_EQ(result->fnf_completion, fnf);
  EXPECT_LE(result->completion, fnf);
  EXPECT_GE(result->completion, opt);
  if (result->sends.empty()) {
    EXPECT_EQ(result->completion, fnf);
  } else {
    const PlanResult evaluated = Evaluate(instance, result->sends);
    EXPECT_EQ(evaluated.status, HETCAST_OK);
    EXPECT_EQ(evaluated.answer.completion_time, result->completion);
    EXPECT_LT(result->completion, fnf);
  }
  return result->completion;
}

TEST(DeadlineFnf, BetweenTheExhaustiveOptimumAndFnfOnTinyInstances) {
  std::mt19937_64 rng(1818);
  int fnf_late = 0, closed = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const TinyInstance instance = RandomInstance(rng, 2, 3, 11, 8);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    const uint64_t opt = ExhaustiveOptimum(instance);
    const uint64_t fnf = PlanFnf(instance).answer.completion_time;
    const uint64_t improved = ImprovedAndChecked(instance, opt);
    if (fnf > opt) ++fnf_late;
    if (fnf > opt && improved == opt) ++closed;
  }
  std::printf("FNF above the optimum on %d tiny instances, %d closed\n",
              fnf_late, closed);
  // The sample must exercise the improvement, and it closes most gaps.
  EXPECT_GT(fnf_late, 0);
  EXPECT_GE(2 * closed, fnf_late);
}

TEST(DeadlineFnf, Figure1ReachesTheOptimum) {
  // Libeskind-Hadas et al. Figure 1: FNF misses the optimum by a tick.
  const TinyInstance instance{{2, 3}, 1, {4, 7}, {}};
  const uint64_t opt = ExhaustiveOptimum(instance);
  ASSERT_GT(PlanFnf(instance).answer.completion_time, opt);
  EXPECT_EQ(ImprovedAndChecked(instance, opt), opt);
}

// Every state and source of the profile: OPT <= improved <= FNF, and the
// improvement helps somewhere FNF is late.
void ExpectBetweenExactDpAndFnf(const std::vector<uint64_t>& costs,
                                const std::vector<uint64_t>& limits) {
  uint64_t late = 0, improved_states = 0;
  ForEachExactState(
      costs, limits, [&](const TinyInstance& instance, uint64_t opt) {
        const uint64_t fnf = PlanFnf(instance).answer.completion_time;
        const uint64_t improved = ImprovedAndChecked(instance, opt);
        if (fnf > opt) ++late;
        if (improved < fnf) ++improved_states;
      });
  std::printf("costs %s: FNF late on %llu states, improved on %llu\n",
              ::testing::PrintToString(costs).c_str(),
              static_cast<unsigned long long>(late),
              static_cast<unsigned long long>(improved_states));
  EXPECT_GT(improved_states, 0u);
}

TEST(DeadlineFnf, BetweenTheExactDpAndFnfOnEveryState) {
  ExpectBetweenExactDpAndFnf({2, 3}, {12, 12});
  ExpectBetweenExactDpAndFnf({2, 3, 7}, {6, 6, 6});
  ExpectBetweenExactDpAndFnf({4, 7, 10, 13}, {3, 3, 3, 2});
}

// Two runs with `options` give the same schedule, the evaluator's
// completion, no later than `no_later_than` and no earlier than the plan's
// lower bound.
void ExpectDeterministicAndNoLaterThan(const TinyInstance& instance,
                                       const DeadlineFnfOptions& options,
                                       uint64_t no_later_than) {
  const hetcast_node_request request = RequestOf(instance);
  absl::StatusOr<DeadlineFnfResult> first =
      ImproveFnfByDeadlines(request, options);
  absl::StatusOr<DeadlineFnfResult> second =
      ImproveFnfByDeadlines(request, options);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_LE(first->completion, no_later_than);
  EXPECT_EQ(first->completion, second->completion);
  ASSERT_EQ(first->sends.size(), second->sends.size());
  for (size_t i = 0; i < first->sends.size(); ++i) {
    EXPECT_EQ(first->sends[i].from, second->sends[i].from);
    EXPECT_EQ(first->sends[i].to, second->sends[i].to);
  }
  // The answer's bound is a lower bound: nothing can beat it.
  EXPECT_GE(first->completion, PlanFnf(instance).answer.lower_bound);
  if (!first->sends.empty()) {
    const PlanResult evaluated = Evaluate(instance, first->sends);
    ASSERT_EQ(evaluated.status, HETCAST_OK);
    EXPECT_EQ(evaluated.answer.completion_time, first->completion);
  }
}

TEST(DeadlineFnf, DeterministicAndNoLaterThanFnfOnLargeInstances) {
  std::mt19937_64 rng(18);
  for (int trial = 0; trial < 20; ++trial) {
    const TinyInstance instance = RandomInstance(rng, 3, 30, 64, 3000);
    ExpectDeterministicAndNoLaterThan(instance, DeadlineFnfOptions(),
                                      PlanFnf(instance).answer.completion_time);
  }
}

TEST(DeadlineFnf, RelaysKeepFnfAndBadRequestsAreRefused) {
  const TinyInstance with_relays{{2, 3}, 1, {4, 7}, {1, 0}};
  const hetcast_node_request request = RequestOf(with_relays);
  absl::StatusOr<DeadlineFnfResult> result =
      ImproveFnfByDeadlines(request, DeadlineFnfOptions());
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_TRUE(result->relays_skipped);
  EXPECT_TRUE(result->sends.empty());
  EXPECT_EQ(result->completion, PlanFnf(with_relays).answer.completion_time);

  const TinyInstance zero_cost{{0, 3}, 1, {4, 7}, {}};
  const hetcast_node_request bad = RequestOf(zero_cost);
  absl::StatusOr<DeadlineFnfResult> refused =
      ImproveFnfByDeadlines(bad, DeadlineFnfOptions());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
}

// The local search over receive orders: between the exhaustive optimum and
// the deadline rule's result, through the evaluator, and it closes more
// gaps than the rule alone.
TEST(OrderSearch, BetweenTheExhaustiveOptimumAndTheRuleOnTinyInstances) {
  std::mt19937_64 rng(1819);
  DeadlineFnfOptions search;
  search.search_moves = 400;
  int late = 0, rule_closed = 0, search_closed = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const TinyInstance instance = RandomInstance(rng, 2, 3, 11, 8);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    const uint64_t opt = ExhaustiveOptimum(instance);
    const uint64_t rule = ImprovedAndChecked(instance, opt);
    const uint64_t searched = ImprovedAndChecked(instance, opt, search);
    EXPECT_LE(searched, rule);
    if (PlanFnf(instance).answer.completion_time > opt) ++late;
    if (rule == opt) ++rule_closed;
    if (searched == opt) ++search_closed;
  }
  std::printf(
      "tiny instances: FNF late on %d; rule = OPT on %d, search on %d\n", late,
      rule_closed, search_closed);
  EXPECT_GT(late, 0);
  EXPECT_GE(search_closed, rule_closed);
}

TEST(OrderSearch, BetweenTheExactDpAndTheRuleOnEveryState) {
  DeadlineFnfOptions search;
  search.search_moves = 300;
  ForEachExactState({2, 3, 7}, {5, 5, 5},
                    [&](const TinyInstance& instance, uint64_t opt) {
                      EXPECT_LE(ImprovedAndChecked(instance, opt, search),
                                ImprovedAndChecked(instance, opt));
                    });
}

TEST(OrderSearch, DeterministicEvaluatedAndNoLaterThanTheRuleOnLargeInstances) {
  std::mt19937_64 rng(1820);
  DeadlineFnfOptions search;
  search.search_moves = 300;
  for (int trial = 0; trial < 6; ++trial) {
    const TinyInstance instance = RandomInstance(rng, 3, 8, 64, 1000);
    absl::StatusOr<DeadlineFnfResult> rule =
        ImproveFnfByDeadlines(RequestOf(instance), DeadlineFnfOptions());
    ASSERT_TRUE(rule.ok());
    ExpectDeterministicAndNoLaterThan(instance, search, rule->completion);
  }
}

// The wide prefix search (any size) never above the exact DP, on states
// past kPrefixSearchMaxDestinations where hetcast_node_plan does not search.
TEST(WidePrefixSearch, NeverAboveTheExactDpPastThePlanLimit) {
  const std::vector<uint64_t> costs = {2, 3};
  const std::vector<uint64_t> limits = {140, 140};
  DpOptions options;
  options.threads = 1;
  absl::StatusOr<ExactTable> table =
      SolveExact(MakeProfile(costs, limits), options);
  ASSERT_TRUE(table.ok()) << table.status();
  std::mt19937_64 rng(256);
  int checked = 0, raised = 0;
  while (checked < 40) {
    std::vector<uint64_t> counts(2);
    for (auto& c : counts) c = rng() % 141;
    if (counts[0] + counts[1] <= internal::kPrefixSearchMaxDestinations) {
      continue;
    }
    const uint32_t s = static_cast<uint32_t>(rng() % 2);
    const uint64_t opt =
        table->time[s * table->state_count + table->StateOf(counts)];
    const hetcast_node_request request{costs.data(), 2, s, counts.data(),
                                       nullptr};
    internal::NodeLayout layout;
    ASSERT_EQ(internal::BuildNodeLayout(&request, &layout), HETCAST_OK);
    const uint32_t nodes = 256;
    std::vector<unsigned char> workspace(
        internal::PrefixSearchWorkspaceBytes(layout, nodes));
    internal::Arena arena(workspace.data(), workspace.size());
    uint64_t wide = 0, nested = 0;
    ASSERT_EQ(internal::LowerBoundWidePrefixSearch(layout, nodes, HETCAST_NEVER,
                                                   &arena, &wide),
              HETCAST_OK);
    internal::Arena again(workspace.data(), workspace.size());
    ASSERT_EQ(internal::LowerBoundNestedSlots(layout, &again, &nested),
              HETCAST_OK);
    ASSERT_LE(wide, opt) << ::testing::PrintToString(counts) << " source " << s;
    ASSERT_GE(wide, nested);
    if (wide > nested) ++raised;
    ++checked;
  }
  std::printf("wide search above the nested-slots bound on %d of %d\n", raised,
              checked);
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
