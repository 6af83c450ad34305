// call_rules_test.cc: the executor's per-call rules (tools/mpi/call_rules.h),
// on instances small enough to plan by hand.

#include "tools/mpi/call_rules.h"

#include <vector>

#include "gtest/gtest.h"
#include "tools/mpi/rank_map.h"

namespace hetcast {
namespace mpi {
namespace {

HETCAST_MPI_Params NodeParams(const std::vector<uint64_t>& costs) {
  HETCAST_MPI_Params params = {};
  params.model = HETCAST_MODEL_NODE;
  params.costs = costs.data();
  params.type_count = costs.size();
  return params;
}

// HandToMpiBcast for a broadcast from rank 0.
bool Hands(const HETCAST_MPI_Params& params, const std::vector<int>& types) {
  PlannerRequest request;
  BuildPlannerRequest(params, types, 0, std::vector<char>(types.size(), 1),
                      false, false, &request);
  return HandToMpiBcast(params, types, request.request);
}

TEST(HomogeneousForModel, EqualCostsOrOneCluster) {
  const std::vector<uint64_t> costs = {4, 4, 7};
  const HETCAST_MPI_Params node = NodeParams(costs);
  EXPECT_TRUE(HomogeneousForModel(node, {0, 1, 0, 1}));  // both cost 4
  EXPECT_FALSE(HomogeneousForModel(node, {0, 1, 2}));
  HETCAST_MPI_Params cluster = {};
  cluster.model = HETCAST_MODEL_CLUSTER;
  cluster.cluster_count = 2;
  cluster.inter_cost = 3;
  EXPECT_TRUE(HomogeneousForModel(cluster, {1, 1, 1}));
  EXPECT_FALSE(HomogeneousForModel(cluster, {1, 0, 1}));
}

TEST(HandToMpiBcast, HomogeneousUnlessTheAlgorithmIsPinned) {
  const std::vector<uint64_t> costs = {5};
  HETCAST_MPI_Params params = NodeParams(costs);
  EXPECT_TRUE(Hands(params, {0, 0, 0, 0}));
  params.algorithm = HETCAST_ALGORITHM_FNF;
  EXPECT_FALSE(Hands(params, {0, 0, 0, 0}));
}

TEST(HandToMpiBcast, CalibratedTicksAgainstThePlannedCompletion) {
  // Root of type 0 (cost 2), two ranks of type 1 (cost 3): the root sends
  // to both, at 2 and 4; a type-1 rank would need 2 + 3 = 5. Completion 4.
  const std::vector<uint64_t> costs = {2, 3};
  HETCAST_MPI_Params params = NodeParams(costs);
  const std::vector<int> types = {0, 1, 1};
  EXPECT_FALSE(Hands(params, types));  // mpi_bcast_ticks 0: unknown
  params.mpi_bcast_ticks = 5;
  EXPECT_FALSE(Hands(params, types));
  params.mpi_bcast_ticks = 4;
  EXPECT_TRUE(Hands(params, types));
  params.algorithm = HETCAST_ALGORITHM_FNF;
  EXPECT_FALSE(Hands(params, types));
}

TEST(SegmentElements, WholeMessageBelowTwoSegments) {
  HETCAST_MPI_Params params = {};
  EXPECT_EQ(SegmentElements(params, 1000, 1), 1000);  // 0: never
  params.segment_bytes = 400;
  EXPECT_EQ(SegmentElements(params, 799, 1), 799);
  EXPECT_EQ(SegmentElements(params, 800, 1), 400);
  // 4-byte elements: 400 bytes hold 100; 150 elements are 600 bytes < 800.
  EXPECT_EQ(SegmentElements(params, 200, 4), 100);
  EXPECT_EQ(SegmentElements(params, 150, 4), 150);
  // Elements larger than a segment: one element per segment.
  EXPECT_EQ(SegmentElements(params, 3, 1000), 1);
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
