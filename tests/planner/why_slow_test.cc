// why_slow_test.cc: the one reason of the runtime that no request small
// enough for why_test reaches, reached (why_exempt.txt has the bound
// argument): hetcast_cluster_plan of 2^24 + 1 clusters of one processor,
// C = HETCAST_MAX_COST = 2^40 and bounded-size matching B = 1, whose last
// round lands at 2^24 2^40 = 2^64. It needs about 0.9 GB of memory and
// tens of seconds, so it is tagged manual and runs only when named.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace testing {
namespace {

TEST(WhySlow, ClusterPlanReachesNever) {
  constexpr size_t kClusters = (size_t{1} << 24) + 1;
  const std::vector<uint64_t> sizes(kClusters, 1);
  const hetcast_cluster_request r = {
      sizes.data(), kClusters, HETCAST_MAX_COST, 0, nullptr, 1, nullptr};
  hetcast_node_sizes need;
  ASSERT_EQ(hetcast_cluster_plan_sizes(&r, &need, nullptr), HETCAST_OK);
  // Neither array is initialised: the run writes what it uses.
  std::unique_ptr<unsigned char[]> workspace(
      new unsigned char[need.workspace_bytes]);
  std::unique_ptr<hetcast_node[]> nodes(new hetcast_node[need.node_count]);
  hetcast_answer answer;
  const char* why = nullptr;
  EXPECT_EQ(hetcast_cluster_plan(&r, HETCAST_ALGORITHM_LCF, workspace.get(),
                                 need.workspace_bytes, nodes.get(),
                                 need.node_count, nullptr, 0, &answer, &why),
            HETCAST_OVERFLOW);
  ASSERT_NE(why, nullptr);
  EXPECT_STREQ(why,
               "cluster plan: a time would reach HETCAST_NEVER (2^64 - 1)");
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
