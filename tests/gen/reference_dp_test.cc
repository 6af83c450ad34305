// reference_dp_test.cc: the test-only Lemma 5 DP against the exhaustive
// search on every state of small profiles, and against Fig. 1.
#include "tests/oracles/reference_dp.h"

#include <cstdint>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"

namespace hetcast {
namespace testing {
namespace {

TEST(ReferenceDp, Figure1OptimumIsNine) {
  const ReferenceDp dp({2, 3}, {4, 7});
  EXPECT_EQ(dp.Optimum(1, {4, 7}), 9u);
}

// Every state (s, i) of a profile with at most `total` destinations.
void ExpectMatchesSearchEverywhere(const std::vector<uint64_t>& costs,
                                   const std::vector<uint64_t>& limits,
                                   uint64_t total) {
  const ReferenceDp dp(costs, limits);
  const size_t k = costs.size();
  std::vector<uint64_t> i(k, 0);
  while (true) {
    uint64_t sum = 0;
    for (uint64_t c : i) sum += c;
    if (sum <= total) {
      for (uint32_t s = 0; s < k; ++s) {
        const TinyInstance instance{costs, s, i, {}};
        const uint64_t opt = ExhaustiveOptimum(instance);
        ASSERT_EQ(dp.Optimum(s, i), opt)
            << "source type " << s << " counts " << ::testing::PrintToString(i);
        // FNF is never better than the optimum.
        EXPECT_GE(PlanFnf(instance).answer.completion_time, opt);
      }
    }
    size_t j = 0;
    while (j < k && i[j] == limits[j]) i[j++] = 0;
    if (j == k) break;
    ++i[j];
  }
}

TEST(ReferenceDp, EqualsExhaustiveSearchOnSmallProfiles) {
  ExpectMatchesSearchEverywhere({1}, {7}, 7);
  ExpectMatchesSearchEverywhere({2, 3}, {7, 7}, 7);
  ExpectMatchesSearchEverywhere({1, 4}, {7, 7}, 7);
  ExpectMatchesSearchEverywhere({2, 3, 5}, {7, 7, 7}, 7);
  ExpectMatchesSearchEverywhere({3, 4, 9}, {7, 7, 7}, 7);
}

TEST(ReferenceDp, EqualsExhaustiveSearchOnRandomProfiles) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    const size_t k = 1 + rng() % 3;
    std::vector<uint64_t> costs;
    for (size_t j = 0; j < k; ++j) costs.push_back(1 + rng() % 9);
    ExpectMatchesSearchEverywhere(costs, std::vector<uint64_t>(k, 5), 6);
  }
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
