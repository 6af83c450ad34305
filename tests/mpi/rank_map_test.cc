// rank_map_test.cc: the rank <-> canonical id rules of tools/mpi/hetcast_mpi.h.

#include "tools/mpi/rank_map.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace hetcast {
namespace mpi {
namespace {

using ::testing::ElementsAre;

TEST(MapNodeRanks, RootFirstThenDestinationsThenRelaysByTypeAndRank) {
  // Ranks 0..5 of types 1,0,1,0,0,1; root 2; destinations 0, 3, 5.
  const std::vector<int> types = {1, 0, 1, 0, 0, 1};
  const std::vector<char> dest = {1, 0, 0, 1, 0, 1};
  const RankMap map = MapNodeRanks(types, 2, 2, dest, true);
  EXPECT_THAT(map.rank_of_canonical, ElementsAre(2, 3, 0, 5, 1, 4));
  EXPECT_THAT(map.destination_counts, ElementsAre(1, 2));
  EXPECT_THAT(map.relay_counts, ElementsAre(2, 0));
  EXPECT_THAT(map.canonical_of_rank, ElementsAre(2, 4, 0, 1, 5, 3));
}

TEST(MapNodeRanks, WithoutRelaysOtherRanksAreLeftOut) {
  const std::vector<int> types = {0, 0, 1};
  const std::vector<char> dest = {0, 0, 1};
  const RankMap map = MapNodeRanks(types, 2, 0, dest, false);
  EXPECT_THAT(map.rank_of_canonical, ElementsAre(0, 2));
  EXPECT_EQ(map.canonical_of_rank[1], HETCAST_NO_NODE);
  EXPECT_THAT(map.relay_counts, ElementsAre(0, 0));
}

TEST(MapClusterRanks, RootClusterFirstThenLabelsInOrderSkippingEmpty) {
  // Labels of ranks 0..5: 2,0,2,3,0,2 (label 1 empty); root 5.
  const std::vector<int> labels = {2, 0, 2, 3, 0, 2};
  const std::vector<char> all(6, 1);
  const RankMap map = MapClusterRanks(labels, 4, 5, all, false, {});
  EXPECT_THAT(map.rank_of_canonical, ElementsAre(5, 0, 2, 1, 4, 3));
  EXPECT_THAT(map.cluster_sizes, ElementsAre(3, 2, 1));
  EXPECT_TRUE(map.members.empty());
}

TEST(MapClusterRanks, MulticastMembersBeforeHelpersDegreesFollowLabels) {
  const std::vector<int> labels = {1, 1, 0, 0, 1};
  const std::vector<char> dest = {0, 0, 0, 1, 1};
  const RankMap map = MapClusterRanks(labels, 2, 0, dest, true, {2, 3});
  // Cluster of the root (label 1): root 0, member 4, helper 1.
  EXPECT_THAT(map.rank_of_canonical, ElementsAre(0, 4, 1, 3, 2));
  EXPECT_THAT(map.members, ElementsAre(2, 1));
  EXPECT_THAT(map.degrees, ElementsAre(3, 2));
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
