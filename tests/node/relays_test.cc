// relays_test.cc: the useful-relay rule of Khuller & Kim Theorem 7.1
// (runtime/node/relays.h), shared by FNF, the table reader and the PTAS.
#include "runtime/node/relays.h"

#include <cstdint>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace hetcast {
namespace internal {
namespace {

using ::testing::ElementsAre;

std::vector<uint32_t> Types(const UsefulRelays& useful) {
  return std::vector<uint32_t>(useful.types, useful.types + useful.type_count);
}

TEST(UsefulRelays, OnlyRelaysCheaperThanTheSlowestDestinationHelp) {
  const uint64_t costs[] = {2, 3, 5};
  const uint64_t destinations[] = {0, 0, 2};
  const uint64_t relays[] = {1, 1, 1};
  UsefulRelays useful;
  FindUsefulRelays(3, costs, destinations, relays, &useful);
  EXPECT_THAT(Types(useful), ElementsAre(0, 1));
  EXPECT_EQ(useful.max_relays, 2u);
}

TEST(UsefulRelays, CheapestFirstTiesByTypeIndex) {
  const uint64_t costs[] = {4, 2, 9, 2, 3};
  const uint64_t destinations[] = {0, 0, 1, 0, 0};
  const uint64_t relays[] = {1, 1, 1, 1, 1};
  UsefulRelays useful;
  FindUsefulRelays(5, costs, destinations, relays, &useful);
  EXPECT_THAT(Types(useful), ElementsAre(1, 3, 4, 0));
  EXPECT_EQ(useful.max_relays, 1u);  // m <= D.
}

TEST(UsefulRelays, TypesWithoutRelaysAreLeftOut) {
  const uint64_t costs[] = {1, 2, 7};
  const uint64_t destinations[] = {3, 0, 4};
  const uint64_t relays[] = {0, 2, 0};
  UsefulRelays useful;
  FindUsefulRelays(3, costs, destinations, relays, &useful);
  EXPECT_THAT(Types(useful), ElementsAre(1));
  EXPECT_EQ(useful.max_relays, 2u);
}

TEST(UsefulRelays, NoDestinationsNoRelays) {
  const uint64_t costs[] = {1, 2};
  const uint64_t destinations[] = {0, 0};
  const uint64_t relays[] = {5, 5};
  UsefulRelays useful;
  FindUsefulRelays(2, costs, destinations, relays, &useful);
  EXPECT_EQ(useful.type_count, 0u);
  EXPECT_EQ(useful.max_relays, 0u);
}

TEST(UsefulRelays, HugeCountsAreCappedWithoutOverflow) {
  const uint64_t costs[] = {1, 2, 3};
  const uint64_t destinations[] = {0, 0, UINT64_MAX};
  const uint64_t relays[] = {UINT64_MAX, UINT64_MAX, 1};
  UsefulRelays useful;
  FindUsefulRelays(3, costs, destinations, relays, &useful);
  EXPECT_THAT(Types(useful), ElementsAre(0, 1));
  EXPECT_EQ(useful.max_relays, UINT64_MAX);
}

}  // namespace
}  // namespace internal
}  // namespace hetcast
