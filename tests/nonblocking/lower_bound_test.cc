// nonblocking_lower_bound_test.cc: the non-blocking model's lower bounds
// (runtime/nonblocking/lower_bound.h) on hand-derived instances and against
// the exhaustive optimum (tests/oracles/nonblocking_search.h) on tiny
// seeded ones: each bound on its own must stay at or below the optimum.
// Prints how close the bounds are: optimum / bound for the paper's §3.1
// bound and for the best one, and WRP / optimum.
#include "runtime/nonblocking/lower_bound.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"
#include "tests/nonblocking/nonblocking_test_util.h"
#include "tests/oracles/nonblocking_search.h"
#include "tools/cli/plan_nonblocking.h"

namespace hetcast {
namespace testing {
namespace {

using Instance = NonblockingRequest;

// The three bounds of lower_bound.h, each on its own, and the chosen one.
struct Bounds {
  uint64_t earliest_reach = 0, serial_work = 0, growth = 0, best = 0;
  hetcast_bound kind = HETCAST_BOUND_NONE;
};

Bounds BoundsOf(const Instance& in) {
  hetcast_nonblocking_sizes sizes;
  EXPECT_EQ(hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr),
            HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  internal::NonblockingProblem nb;
  internal::NonblockingScratch s;
  Bounds b;
  EXPECT_EQ(internal::NonblockingPrepare(&in.request, workspace.data(),
                                         workspace.size(), &nb, &s),
            HETCAST_OK);
  b.earliest_reach = internal::NonblockingEarliestReachBound(nb, s);
  b.serial_work = internal::NonblockingSerialWorkBound(nb, s);
  b.growth = internal::NonblockingGrowthBound(nb, s);
  b.best = internal::NonblockingLowerBound(nb, s, &b.kind);
  return b;
}

TEST(NonblockingLowerBound, GrowthOnAHandDerivedBroadcast) {
  // 0 sends a 10-byte message to 1 and 2: S = 5, X = 10, R = 3. Slots of
  // the source: 15, 20; a holder's first slot 15 + (3 + 5 + 10) = 33. So
  // max(15 + 3, 20 + 3) = 23, which the star schedule attains
  // (nonblocking_test.cc, TimesAHandDerivedSchedule); §3.1 gives 18.
  Instance in = UniformNonblockingRequest(3, 5, 3, 1);
  in.destinations = {{1, 2}};
  in.messages = {hetcast_nonblocking_message{0, 10, nullptr, 0}};
  in.Finish();
  const Bounds b = BoundsOf(in);
  EXPECT_EQ(b.earliest_reach, 18u);
  EXPECT_EQ(b.growth, 23u);
  EXPECT_EQ(b.best, 23u);
  EXPECT_EQ(b.kind, HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH);
}

TEST(NonblockingLowerBound, GrowthServesTheSlowestReceiverFirst) {
  // S = 1, X = 0, R = 1 except node 3 with R = 10; three destinations.
  // Source slots 1, 2, 3; a holder's first slot 1 + (1 + 1 + 0) = 3.
  // Slots 1, 2, 3 paired with R 10, 1, 1: max(11, 3, 4) = 11.
  Instance in = UniformNonblockingRequest(4, 1, 1, 0);
  in.recv_fixed[3] = 10;
  in.destinations = {{1, 2, 3}};
  in.messages = {hetcast_nonblocking_message{0, 1, nullptr, 0}};
  in.Finish();
  EXPECT_EQ(BoundsOf(in).growth, 11u);
  EXPECT_EQ(NonblockingExhaustiveOptimum(in.request), 11u);
}

TEST(NonblockingLowerBound, SerialWorkOnAHandDerivedExchange) {
  // All-to-all of 3 nodes, S = 4, R = 6, X = 0: 6 transfers, work
  // 6 * (4 + 6) = 60 over 3 nodes that all start at 0: T >= 20. Per node:
  // its own send (release 0, 4) and two receives (released at 4 + 0, 6
  // each): 4 + 6 + 6 = 16. §3.1: 10 + 6 = 16.
  Instance in = UniformNonblockingRequest(3, 4, 6, 0);
  in.destinations = {{1, 2}, {0, 2}, {0, 1}};
  in.messages = {hetcast_nonblocking_message{0, 1, nullptr, 0},
                 hetcast_nonblocking_message{1, 1, nullptr, 0},
                 hetcast_nonblocking_message{2, 1, nullptr, 0}};
  in.Finish();
  const Bounds b = BoundsOf(in);
  EXPECT_EQ(b.earliest_reach, 16u);
  EXPECT_EQ(b.serial_work, 20u);
  EXPECT_EQ(b.kind, HETCAST_BOUND_NONBLOCKING_SERIAL_WORK);
  EXPECT_LE(b.best, NonblockingExhaustiveOptimum(in.request));
}

// Node 0 sends to d destinations with S(0) = s = send_fixed + 2^40 L,
// R = X = 0, and relays' sends dearer than s (2^40 (L + 1)): the serial
// work is W = d s (the source's send and d - 1 more at the least send cost,
// s). Node 0 begins at 0, the destinations at s: node 0 alone fills s ticks
// by time s, then d + 1 nodes share the other (d - 1) s, so the bound is
// T = s + ceil((d - 1) s / (d + 1)), above each node's own makespan (s).
uint64_t SerialWorkOfBroadcast(uint32_t d, uint64_t s) {
  Instance in = UniformNonblockingRequest(d + 1, HETCAST_MAX_COST, 0, 0);
  for (uint64_t& x : in.send_per_byte) x = HETCAST_MAX_COST;
  in.send_fixed[0] = s & (HETCAST_MAX_COST - 1);
  std::vector<uint32_t> all;
  for (uint32_t v = 1; v <= d; ++v) all.push_back(v);
  in.destinations = {all};
  in.messages = {hetcast_nonblocking_message{0, s >> 40, nullptr, 0}};
  in.Finish();
  return BoundsOf(in).serial_work;
}

TEST(NonblockingLowerBound, SerialWorkIsExactAtTwoToTheSixtyFour) {
  // d = 2: T = s + ceil(s / 3). s = 3 (2^62 - 1) + 1 gives 4 (2^62 - 1) +
  // 2 = 2^64 - 2, accepted; s one more gives 2^64 - 1 = HETCAST_NEVER (no
  // schedule fits). W = 2 s passes 64 bits in both.
  const uint64_t s2 = 3 * ((uint64_t{1} << 62) - 1) + 1;
  EXPECT_EQ(SerialWorkOfBroadcast(2, s2), HETCAST_NEVER - 1);
  EXPECT_EQ(SerialWorkOfBroadcast(2, s2 + 1), HETCAST_NEVER);
  // d = 3: T = s + ceil(s / 2), the 2 s shared by four nodes itself past
  // 64 bits. s = (2^65 - 5) / 3 = 2 (2^64 - 1) / 3 - 1 (odd) gives
  // (3 s + 1) / 2 = 2^64 - 2; s + 1 gives 3 (s + 1) / 2 = 2^64 - 1.
  const uint64_t s3 = 2 * (HETCAST_NEVER / 3) - 1;
  EXPECT_EQ(SerialWorkOfBroadcast(3, s3), HETCAST_NEVER - 1);
  EXPECT_EQ(SerialWorkOfBroadcast(3, s3 + 1), HETCAST_NEVER);
}

// Tiny random instances of three shapes: receive-heavy, send-heavy and
// link-heavy costs; one to three messages.
Instance Tiny(std::mt19937_64& rng, int shape) {
  const uint32_t n = 3 + static_cast<uint32_t>(rng() % 3);
  Instance in;
  for (uint32_t v = 0; v < n; ++v) {
    const uint64_t fast = 1 + rng() % 20, slow = 40 + rng() % 200;
    in.send_fixed.push_back(shape == 1 ? slow : fast);
    in.recv_fixed.push_back(shape == 0 ? slow : fast);
    in.send_per_byte.push_back(rng() % 3);
    in.recv_per_byte.push_back(rng() % 3);
  }
  for (size_t c = 0; c < static_cast<size_t>(n) * n; ++c) {
    in.link.push_back(shape == 2 ? 5 + rng() % 20 : rng() % 3);
  }
  const uint32_t messages = 1 + static_cast<uint32_t>(rng() % 3);
  size_t total = 0;
  for (uint32_t m = 0; m < messages; ++m) {
    const uint32_t source = static_cast<uint32_t>(rng() % n);
    std::vector<uint32_t> dests;
    for (uint32_t v = 0; v < n; ++v) {
      if (v != source && rng() % 4 != 0) dests.push_back(v);
    }
    if (dests.empty()) dests.push_back(source == 0 ? 1 : 0);
    std::shuffle(dests.begin(), dests.end(), rng);
    dests.resize(std::min<size_t>(dests.size(), messages == 1 ? 4 : 2));
    total += dests.size();
    in.destinations.push_back(dests);
    in.messages.push_back(
        hetcast_nonblocking_message{source, 1 + rng() % 30, nullptr, 0});
  }
  if (total > 5) return Tiny(rng, shape);  // Keep the search small.
  in.Finish();
  return in;
}

uint64_t WrpCompletion(const Instance& in) {
  hetcast_nonblocking_sizes sizes;
  hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_nonblocking_task> tasks(sizes.task_count);
  std::vector<size_t> begin(in.request.node_count + 1);
  hetcast_answer answer;
  EXPECT_EQ(
      hetcast_nonblocking_plan(&in.request, HETCAST_ALGORITHM_WRP,
                               workspace.data(), workspace.size(), tasks.data(),
                               tasks.size(), begin.data(), &answer, nullptr),
      HETCAST_OK);
  return answer.completion_time;
}

TEST(NonblockingLowerBound, EveryBoundAtMostTheExhaustiveOptimum) {
  std::mt19937_64 rng(18);
  const int kPerShape = 100;
  for (int shape = 0; shape < 3; ++shape) {
    double old_ratio = 0, new_ratio = 0, wrp_ratio = 0, worst = 1;
    for (int trial = 0; trial < kPerShape; ++trial) {
      const Instance in = Tiny(rng, shape);
      const uint64_t opt = NonblockingExhaustiveOptimum(in.request);
      const Bounds b = BoundsOf(in);
      ASSERT_LE(b.earliest_reach, opt) << shape << " " << trial;
      ASSERT_LE(b.serial_work, opt) << shape << " " << trial;
      ASSERT_LE(b.growth, opt) << shape << " " << trial;
      ASSERT_EQ(b.best, std::max({b.earliest_reach, b.serial_work, b.growth}));
      old_ratio += static_cast<double>(opt) / b.earliest_reach;
      new_ratio += static_cast<double>(opt) / b.best;
      worst = std::max(worst, static_cast<double>(opt) / b.best);
      wrp_ratio += static_cast<double>(WrpCompletion(in)) / opt;
    }
    std::printf(
        "shape %d (%s-heavy), %d instances: optimum / bound mean %.4f "
        "(§3.1) -> %.4f (best; max %.4f); WRP / optimum mean %.4f\n",
        shape,
        shape == 0   ? "receive"
        : shape == 1 ? "send"
                     : "link",
        kPerShape, old_ratio / kPerShape, new_ratio / kPerShape, worst,
        wrp_ratio / kPerShape);
  }
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
