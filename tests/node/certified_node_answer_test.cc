// certified_node_answer_test.cc: the certified answer of `hetcast plan
// --certify` (tools/gen/certified_node_answer.h) judged by the oracles: its
// bound never above the exhaustive optimum or the exact DP's, its schedule
// never below them, never later than FNF, and re-timed by the evaluator to
// exactly the completion it reports.
#include "tools/gen/certified_node_answer.h"

#include <cstdint>
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

// Checks the certified answer of `instance` against `opt`; returns whether
// it is proven optimal (bound = completion).
bool ExpectCertifiedAgainst(const TinyInstance& instance, uint64_t opt) {
  const PlanResult fnf = PlanFnf(instance);
  EXPECT_EQ(fnf.status, HETCAST_OK);
  absl::StatusOr<CertifiedNodeAnswer> c =
      CertifyNodeAnswer(RequestOf(instance), fnf.answer, CertifyOptions());
  EXPECT_TRUE(c.ok()) << c.status();
  if (!c.ok()) return false;
  EXPECT_LE(c->lower_bound, opt) << "a bound above the optimum";
  EXPECT_GE(c->lower_bound, fnf.answer.lower_bound);
  EXPECT_GE(c->completion, opt);
  EXPECT_LE(c->completion, fnf.answer.completion_time);
  EXPECT_EQ(c->fnf_completion, fnf.answer.completion_time);
  if (c->sends.empty()) {
    EXPECT_EQ(c->completion, fnf.answer.completion_time);
  } else {
    const PlanResult evaluated = Evaluate(instance, c->sends);
    EXPECT_EQ(evaluated.status, HETCAST_OK);
    EXPECT_EQ(evaluated.answer.completion_time, c->completion);
  }
  if (c->lower_bound_kind == HETCAST_BOUND_COUNTING_LP) {
    EXPECT_GT(c->lower_bound, c->wide_bound);
  }
  return c->lower_bound == c->completion;
}

TEST(CertifiedNodeAnswer, NeverAboveTheExhaustiveOptimum) {
  std::mt19937_64 rng(1818);
  int proven = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const TinyInstance instance = RandomTinyInstance(rng, 7, false);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    proven += ExpectCertifiedAgainst(instance, ExhaustiveOptimum(instance));
  }
  std::printf("proven optimal on %d of 200 tiny instances\n", proven);
}

TEST(CertifiedNodeAnswer, NeverAboveTheExactDpOnEveryState) {
  const std::vector<std::vector<std::vector<uint64_t>>> profiles = {
      {{2, 3}, {8, 8}},
      {{2, 3, 7}, {4, 4, 4}},
      {{1, 3, 4, 9}, {2, 2, 2, 2}},
      {{3, 5, 7}, {7, 7, 7}},
      {{4, 7, 10, 13}, {3, 3, 3, 3}}};
  for (const auto& profile : profiles) {
    uint64_t states = 0, proven = 0;
    ForEachExactState(profile[0], profile[1],
                      [&](const TinyInstance& instance, uint64_t opt) {
                        ++states;
                        proven += ExpectCertifiedAgainst(instance, opt);
                      });
    std::printf("costs %s: proven optimal on %llu of %llu states\n",
                ::testing::PrintToString(profile[0]).c_str(),
                static_cast<unsigned long long>(proven),
                static_cast<unsigned long long>(states));
  }
}

TEST(CertifiedNodeAnswer, SameAnswerTwice) {
  const TinyInstance instance{{3, 5, 8, 13}, 1, {30, 20, 25, 25}, {}};
  const PlanResult fnf = PlanFnf(instance);
  absl::StatusOr<CertifiedNodeAnswer> first =
      CertifyNodeAnswer(RequestOf(instance), fnf.answer, CertifyOptions());
  absl::StatusOr<CertifiedNodeAnswer> second =
      CertifyNodeAnswer(RequestOf(instance), fnf.answer, CertifyOptions());
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first->completion, second->completion);
  EXPECT_EQ(first->lower_bound, second->lower_bound);
  ASSERT_EQ(first->sends.size(), second->sends.size());
  for (size_t i = 0; i < first->sends.size(); ++i) {
    EXPECT_EQ(first->sends[i].from, second->sends[i].from);
    EXPECT_EQ(first->sends[i].to, second->sends[i].to);
  }
}

TEST(CertifiedNodeAnswer, RefusesRelaysAndSkipsALargeLp) {
  const TinyInstance relays{{2, 3}, 0, {3, 3}, {1, 0}};
  const PlanResult plan = PlanFnf(relays);
  EXPECT_EQ(CertifyNodeAnswer(RequestOf(relays), plan.answer, CertifyOptions())
                .status()
                .code(),
            absl::StatusCode::kInvalidArgument);
  // No LP tick allowed: the LP is skipped and the bound is the others'.
  const TinyInstance instance{{2, 3}, 1, {4, 7}, {}};
  CertifyOptions options;
  options.max_lp_columns = 0;
  options.lp_ticks_always = 0;
  absl::StatusOr<CertifiedNodeAnswer> c =
      CertifyNodeAnswer(RequestOf(instance), PlanFnf(instance).answer, options);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(c->lp_skipped);
  EXPECT_GT(c->lp_ticks, 0u);
  EXPECT_EQ(c->lower_bound, c->wide_bound);
  EXPECT_NE(c->lower_bound_kind, HETCAST_BOUND_COUNTING_LP);
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
