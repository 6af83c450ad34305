// exact_profile.h: the ProfileSpec the exact DP (tools/gen/exact_dp.h) takes
// for given costs and limits, and every state's optimum, for the node tests
// that judge against it.
#ifndef HETCAST_TESTS_NODE_EXACT_PROFILE_H_
#define HETCAST_TESTS_NODE_EXACT_PROFILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/table/table_test_util.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"

namespace hetcast {
namespace testing {

// Types "t0", "t1", ... with costs[j] and limits[j].
inline ProfileSpec MakeProfile(const std::vector<uint64_t>& costs,
                               const std::vector<uint64_t>& limits) {
  ProfileSpec p;
  p.name = "exact";
  for (size_t j = 0; j < costs.size(); ++j) {
    p.types.push_back(NodeTypeSpec{"t" + std::to_string(j), costs[j],
                                   static_cast<uint32_t>(limits[j])});
  }
  return p;
}

// Solves the profile with the exact DP and calls fn(instance, opt) for
// every source type and every count vector within the limits.
template <typename Fn>
void ForEachExactState(const std::vector<uint64_t>& costs,
                       const std::vector<uint64_t>& limits, Fn fn) {
  DpOptions options;
  options.threads = 1;
  absl::StatusOr<ExactTable> table =
      SolveExact(MakeProfile(costs, limits), options);
  ASSERT_TRUE(table.ok()) << table.status();
  ForEachCounts(limits, [&](const std::vector<uint64_t>& counts) {
    for (uint32_t s = 0; s < costs.size(); ++s) {
      SCOPED_TRACE(::testing::Message()
                   << ::testing::PrintToString(costs) << " source " << s
                   << " counts " << ::testing::PrintToString(counts));
      fn(TinyInstance{costs, s, counts, {}},
         table->time[s * table->state_count + table->StateOf(counts)]);
    }
  });
}

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_NODE_EXACT_PROFILE_H_
