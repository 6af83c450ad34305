// gantt_lanes_test.cc: render's lane assignment (tools/cli/gantt_svg.h,
// BarLanes) against a test-only reference that scans every lane per bar,
// the rule read literally: never for production (quadratic in the lanes).
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tools/cli/gantt_svg.h"

namespace hetcast {
namespace {

// The first lane of the bar's row whose bars all ended by its start, bars
// taken by start (ties in chart order).
std::vector<size_t> ScanLanes(const Chart& chart) {
  std::vector<size_t> order(chart.bars.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return chart.bars[a].start < chart.bars[b].start;
  });
  std::vector<std::vector<uint64_t>> lane_end(chart.rows.size());
  std::vector<size_t> lanes(chart.bars.size(), 0);
  for (size_t i : order) {
    const ChartBar& bar = chart.bars[i];
    std::vector<uint64_t>& ends = lane_end[bar.row];
    size_t lane = 0;
    while (lane < ends.size() && ends[lane] > bar.start) ++lane;
    if (lane == ends.size()) ends.push_back(0);
    ends[lane] = std::max(ends[lane], bar.end);
    lanes[i] = lane;
  }
  return lanes;
}

Chart RandomChart(std::mt19937_64* random, size_t rows, size_t bars,
                  uint64_t horizon) {
  Chart chart;
  chart.groups = {"g"};
  for (size_t r = 0; r < rows; ++r) chart.rows.push_back({"r", 0});
  for (size_t i = 0; i < bars; ++i) {
    ChartBar bar;
    bar.row = (*random)() % rows;
    bar.to_row = (*random)() % rows;
    bar.start = (*random)() % horizon;
    // Mostly forward bars, some of length 0 and some ending before they
    // start (the lanes stay defined on any chart).
    const uint64_t kind = (*random)() % 10;
    bar.end = kind == 0   ? bar.start
              : kind == 1 ? bar.start / 2
                          : bar.start + 1 + (*random)() % horizon;
    chart.bars.push_back(bar);
  }
  return chart;
}

TEST(BarLanes, SameAsScanningEveryLane) {
  std::mt19937_64 random(34);
  for (int trial = 0; trial < 300; ++trial) {
    const size_t rows = 1 + random() % 4;
    const Chart chart =
        RandomChart(&random, rows, random() % 200, 1 + random() % 50);
    ASSERT_EQ(BarLanes(chart), ScanLanes(chart)) << "trial " << trial;
  }
}

// Bars that all overlap: one lane each, in order of start.
TEST(BarLanes, OverlappingBarsTakeOneLaneEach) {
  Chart chart;
  chart.groups = {"g"};
  chart.rows = {{"a", 0}, {"b", 0}};
  for (uint64_t i = 0; i < 5; ++i) {
    chart.bars.push_back({0, 4 - i, 100, 1, "x", 0});
  }
  chart.bars.push_back({0, 100, 101, 1, "x", 0});  // After every other.
  EXPECT_THAT(BarLanes(chart), ::testing::ElementsAre(4, 3, 2, 1, 0, 0));
}

}  // namespace
}  // namespace hetcast
