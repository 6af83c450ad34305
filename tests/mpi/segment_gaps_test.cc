// Per-segment overheads from measured gaps (tools/mpi/segment_gaps.h):
// the formula on values worked by hand, the plan's prediction reproducing
// the gap it was calibrated on, the relays' times in the fill of a chain
// worked by hand, and every refusal of a damaged gaps text.

#include "tools/mpi/segment_gaps.h"

#include <gmpxx.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tools/mpi/large_plan.h"

namespace hetcast {
namespace mpi {
namespace {

// Ranks on a switch, a byte from i to j costing cost[i][j] ps.
LargePlatform Switch(const std::vector<std::vector<uint64_t>>& cost) {
  LargePlatform platform;
  platform.ps_per_byte = cost;
  platform.overhead_ps.assign(cost.size(), 0);
  return platform;
}

constexpr char kThree[] =
    "hetcast-segment-gaps 1\n3 16\nreceivers 1 0 0\n"
    "100 1000 50 700\n"
    "200 1300 1200 9000\n";

TEST(SegmentGaps, OverheadIsTheGapLessTheSegmentAtThePairsRate) {
  absl::StatusOr<SegmentGaps> gaps = ParseSegmentGaps(kThree, 3);
  ASSERT_TRUE(gaps.ok()) << gaps.status();
  EXPECT_EQ(gaps->receivers, (std::vector<int>{1, 0, 0}));
  LargePlatform platform = Switch({{0, 3, 9}, {4, 0, 9}, {5, 1, 0}});
  // Rank 0 to rank 1: 3 ps per byte; rank 1 to 0: 4; rank 2 to 0: 5.
  ASSERT_TRUE(ApplySegmentGaps(*gaps, 100, &platform).ok());
  // 1000 - 100 x 3; 50 < 100 x 4: none; 700 - 100 x 5.
  EXPECT_EQ(platform.overhead_ps, (std::vector<uint64_t>{700, 0, 200}));
  ASSERT_TRUE(ApplySegmentGaps(*gaps, 200, &platform).ok());
  EXPECT_EQ(platform.overhead_ps, (std::vector<uint64_t>{700, 400, 8000}));
}

TEST(SegmentGaps, ProductPastTwoToThe64IsNoOverhead) {
  absl::StatusOr<SegmentGaps> gaps = ParseSegmentGaps(
      "hetcast-segment-gaps 1\n2 2\nreceivers 1 0\n"
      "16777216 1099511627776 5\n",
      2);
  ASSERT_TRUE(gaps.ok()) << gaps.status();
  const uint64_t max = kMaxLinkValue;
  LargePlatform platform = Switch({{0, max}, {1, 0}});
  ASSERT_TRUE(ApplySegmentGaps(*gaps, 16777216, &platform).ok());
  EXPECT_EQ(platform.overhead_ps, (std::vector<uint64_t>{0, 0}));
}

// On two ranks the plan is one hop, whose pipeline moves a segment per
// overhead + S c: with the overhead from a gap at least S c, each further
// segment adds exactly the measured gap to the prediction.
TEST(SegmentGaps, PredictionAddsTheMeasuredGapPerSegment) {
  for (const uint64_t gap : {uint64_t{5000}, uint64_t{12345}, uint64_t{99}}) {
    const std::string text =
        "hetcast-segment-gaps 1\n2 16\nreceivers 1 0\n"
        "32 " +
        std::to_string(gap) + " 1\n";
    absl::StatusOr<SegmentGaps> gaps = ParseSegmentGaps(text, 2);
    ASSERT_TRUE(gaps.ok()) << gaps.status();
    LargePlatform platform = Switch({{0, 3}, {3, 0}});
    ASSERT_TRUE(ApplySegmentGaps(*gaps, 32, &platform).ok());
    absl::StatusOr<LargePlan> plan =
        PlanLargeBroadcast(platform, 0, 32, LargeModel::kMultiPort);
    ASSERT_TRUE(plan.ok()) << plan.status();
    plan->plan.segment_bytes = 32;
    const mpq_class one =
        PredictedPs(platform, plan->plan, 32, LargeModel::kMultiPort);
    const mpq_class ten =
        PredictedPs(platform, plan->plan, 320, LargeModel::kMultiPort);
    const uint64_t per_segment = std::max<uint64_t>(gap, 32 * 3);
    EXPECT_EQ(ten - one, mpq_class(9 * per_segment)) << "gap " << gap;
  }
}

constexpr char kRelayed[] =
    "hetcast-segment-gaps 2\n3 16\nreceivers 1 2 0\nrelays 2 0 1\n"
    "32 96 96 96 7 1000 9\n"
    "64 192 192 192 0 50 0\n";

TEST(SegmentGaps, RelayTimesAreReadPerSize) {
  absl::StatusOr<SegmentGaps> gaps = ParseSegmentGaps(kRelayed, 3);
  ASSERT_TRUE(gaps.ok()) << gaps.status();
  EXPECT_EQ(gaps->relays, (std::vector<int>{2, 0, 1}));
  EXPECT_EQ(gaps->gap_ps[0], (std::vector<uint64_t>{96, 96, 96}));
  LargePlatform platform = Switch({{0, 3, 3}, {3, 0, 3}, {3, 3, 0}});
  ASSERT_TRUE(ApplySegmentGaps(*gaps, 32, &platform).ok());
  EXPECT_EQ(platform.relay_ps, (std::vector<uint64_t>{7, 1000, 9}));
  EXPECT_EQ(platform.overhead_ps, (std::vector<uint64_t>{0, 0, 0}));
  ASSERT_TRUE(ApplySegmentGaps(*gaps, 64, &platform).ok());
  EXPECT_EQ(platform.relay_ps, (std::vector<uint64_t>{0, 50, 0}));
  // Version 1 has none.
  ASSERT_TRUE(
      ApplySegmentGaps(*ParseSegmentGaps(kThree, 3), 100, &platform).ok());
  EXPECT_TRUE(platform.relay_ps.empty());
}

// The chain 0 -> 1 -> 2 at 3 ps per byte everywhere, 10 segments of 32
// bytes, no overheads. By hand: a segment takes 32 x 3 = 96 ps per hop and
// the chain's period is 96 ps per segment, so with no relay times the
// broadcast takes 96 + 96 + 9 x 96 = 1056 ps. Rank 1's relay time of 1000
// ps replaces its hop (96 + 1000 + 9 x 96 = 1960); a relay time below the
// hop (50) changes nothing, and the root's (7 at 32 bytes; here 5000) is
// never charged: it relays nothing.
TEST(SegmentGaps, ARelayTimeReplacesAShorterHopOutOfARelayOnly) {
  const MultiTreePlan plan = [] {
    MultiTreePlan p;
    p.trees.resize(1);
    p.trees[0].children = {{1}, {2}, {}};
    p.segment_bytes = 32;
    return p;
  }();
  const struct {
    std::vector<uint64_t> relay_ps;
    uint64_t predicted;
  } cases[] = {
      {{}, 1056},           {{0, 1000, 0}, 1960},          {{0, 50, 0}, 1056},
      {{5000, 0, 0}, 1056}, {{5000, 1000, 1000000}, 1960},
  };
  for (const auto& c : cases) {
    LargePlatform platform = Switch({{0, 3, 3}, {3, 0, 3}, {3, 3, 0}});
    platform.relay_ps = c.relay_ps;
    EXPECT_EQ(PredictedPs(platform, plan, 320, LargeModel::kMultiPort),
              mpq_class(static_cast<unsigned long>(c.predicted)))
        << c.relay_ps.size();
  }
}

// 0 -> 1 -> {2, 3} at 3 ps per byte everywhere, 10 segments of 32 bytes.
// By hand: the root's hop 32 x 3 = 96 ps; rank 1 shares its up rate
// between two children, 32 x 2 x 3 = 192 ps per hop and per segment (the
// period). A relay time of 1000 ps counts once per child, 2000 ps: 96 +
// 2000 + 9 x 192 = 3824 ps; one of 50 ps (100 for two) stays below the hop:
// 96 + 192 + 9 x 192 = 2016 ps.
TEST(SegmentGaps, ARelayTimeCountsOncePerChild) {
  MultiTreePlan plan;
  plan.trees.resize(1);
  plan.trees[0].children = {{1}, {2, 3}, {}, {}};
  plan.segment_bytes = 32;
  for (const auto& [relay, predicted] :
       {std::pair<uint64_t, uint64_t>{1000, 3824}, {50, 2016}}) {
    LargePlatform platform =
        Switch({{0, 3, 3, 3}, {3, 0, 3, 3}, {3, 3, 0, 3}, {3, 3, 3, 0}});
    platform.relay_ps = {0, relay, 0, 0};
    EXPECT_EQ(PredictedPs(platform, plan, 320, LargeModel::kMultiPort),
              mpq_class(static_cast<unsigned long>(predicted)))
        << relay;
  }
}

TEST(SegmentGaps, DamagedTextsAreRefusedWithTheReason) {
  const struct {
    const char* text;
    const char* reason;
  } cases[] = {
      {"", "start with 'hetcast-segment-gaps 1'"},
      {"hetcast-segment-gaps 3\n3 16\n", "start with"},
      {"hetcast-segment-gaps 1\n4 16\n", "the rank count (3)"},
      {"hetcast-segment-gaps 1\n3 1\n", "at least 2"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0\n", "'receivers' with 3"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0 3\n", "below 3"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 1 0\n",
       "rank 1's receiver is itself"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0 0\n", "lines of a size"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0 0\n0 1 2 3\n",
       "of 0 bytes"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0 0\n8 1 2\n", "3 times"},
      {"hetcast-segment-gaps 2\n3 16\nreceivers 1 0 0\n8 1 2 3\n",
       "'relays' with 3"},
      {"hetcast-segment-gaps 2\n3 16\nreceivers 1 0 0\nrelays 2 2 2\n",
       "rank 2's relay is itself"},
      {"hetcast-segment-gaps 2\n3 16\nreceivers 1 0 0\nrelays 2 0 1\n",
       "rank 1's relay is itself or its receiver"},
      {"hetcast-segment-gaps 2\n3 16\nreceivers 1 0 0\nrelays 2 2 1\n"
       "8 1 2 3\n",
       "6 times"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0 0\n8 1 2 1099511627777\n",
       "at most 2^40"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0 0\n8 1 2 3\n8 1 2 3\n",
       "a new size"},
      {"hetcast-segment-gaps 1\n3 16\nreceivers 1 0 0\n8 1 2 3\nx\n",
       "lines of a size"},
  };
  for (const auto& c : cases) {
    absl::StatusOr<SegmentGaps> gaps = ParseSegmentGaps(c.text, 3);
    ASSERT_FALSE(gaps.ok()) << c.text;
    EXPECT_NE(gaps.status().message().find(c.reason), std::string::npos)
        << c.text << " -> " << gaps.status().message();
  }
}

TEST(SegmentGaps, AnUnmeasuredSizeOrOtherRanksAreRefused) {
  absl::StatusOr<SegmentGaps> gaps = ParseSegmentGaps(kThree, 3);
  ASSERT_TRUE(gaps.ok());
  LargePlatform platform = Switch({{0, 3, 9}, {4, 0, 9}, {5, 1, 0}});
  absl::Status status = ApplySegmentGaps(*gaps, 150, &platform);
  EXPECT_NE(status.message().find("at 100, 200 bytes, not for 3 ranks at 150"),
            std::string::npos)
      << status;
  LargePlatform two = Switch({{0, 1}, {1, 0}});
  EXPECT_FALSE(ApplySegmentGaps(*gaps, 100, &two).ok());
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
