// cluster_work_test.cc: the work of the cluster planners, counted through
// LcfScratch::work (issue 15, items 4 and 5). Tests assert on counted work,
// never on wall time: the postal simulations must visit a number of instants
// that does not grow with C, and the canonical ordering must stay
// O(N log N) when one cluster's processors arrive in large groups.
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/arena.h"
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace testing {
namespace {

using internal::Arena;
using internal::ClusterLayout;
using internal::ClusterWork;
using internal::LcfScratch;

enum class Planner { kLcf, kPostalLcf, kInterleavedLcf, kPostalEagerLcf };

struct CountedPlan {
  ClusterWork work;
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;
};

// The planner's internals run on their own, with the work counter set.
CountedPlan PlanCounted(const std::vector<uint64_t>& sizes, uint64_t cost,
                        Planner planner) {
  hetcast_cluster_request r = {};
  r.sizes = sizes.data();
  r.cluster_count = sizes.size();
  r.inter_cost = cost;
  r.postal = planner == Planner::kLcf ? 0 : 1;
  CountedPlan plan;
  ClusterLayout l;
  EXPECT_EQ(internal::ValidateClusterRequest(&r, &l), HETCAST_OK);
  Arena measure;
  LcfScratch measured;
  internal::CarveLcf(l, &measure, &measured);
  std::vector<unsigned char> workspace(measure.used());
  Arena arena(workspace.data(), workspace.size());
  LcfScratch s;
  EXPECT_TRUE(internal::CarveLcf(l, &arena, &s));
  s.work = &plan.work;
  internal::FillClusterBases(l, s.base);
  internal::SortOtherClusters(l, s.order);
  const size_t count =
      planner == Planner::kLcf              ? internal::RunLcf(l, s)
      : planner == Planner::kPostalLcf      ? internal::RunPostalLcf(l, s)
      : planner == Planner::kPostalEagerLcf ? internal::RunEagerLcf(l, s)
                                            : internal::RunInterleavedLcf(l, s);
  plan.nodes.resize(l.n);
  plan.transfers.resize(count);
  internal::CanonicalizeCluster(l, s, count, plan.nodes.data(),
                                plan.transfers.data());
  return plan;
}

// The issue's request: 8,5,5,3,1 processors.
const std::vector<uint64_t> kIssueSizes = {8, 5, 5, 3, 1};

// Each instant the loop visits sends something or lands something, so the
// count is bounded by the transfers (N - 1), twice over for Interleaved
// LCF's alternating steps, plus the landings; never by C.
TEST(ClusterWork, PostalLcfStepsDoNotGrowWithCost) {
  for (const uint64_t cost : {uint64_t{1000000}, HETCAST_MAX_COST}) {
    const CountedPlan plan =
        PlanCounted(kIssueSizes, cost, Planner::kPostalLcf);
    ASSERT_LE(plan.work.steps, 4u * 22) << "C = " << cost;
  }
}

TEST(ClusterWork, PostalEagerLcfStepsDoNotGrowWithCost) {
  for (const uint64_t cost : {uint64_t{1000000}, HETCAST_MAX_COST}) {
    const CountedPlan plan =
        PlanCounted(kIssueSizes, cost, Planner::kPostalEagerLcf);
    ASSERT_LE(plan.work.steps, 4u * 22) << "C = " << cost;
  }
}

TEST(ClusterWork, InterleavedLcfStepsDoNotGrowWithCost) {
  for (const uint64_t cost : {uint64_t{1000000}, HETCAST_MAX_COST}) {
    const CountedPlan plan =
        PlanCounted(kIssueSizes, cost, Planner::kInterleavedLcf);
    ASSERT_LE(plan.work.steps, 4u * 22) << "C = " << cost;
  }
}

// Once C exceeds every local broadcast (here C >= 2^20 > N), the postal
// schedules keep one structure and every time is a + b * C (Khuller, Kim &
// Wan §6: local phases of ceil(log2 n_i) ticks between global hops of C).
// So the plan for C = 2^40 follows from the plans for 2^20 and 2^21.
void ExpectAffineInCost(Planner planner) {
  const uint64_t c0 = uint64_t{1} << 20, c1 = uint64_t{1} << 21;
  const CountedPlan p0 = PlanCounted(kIssueSizes, c0, planner);
  const CountedPlan p1 = PlanCounted(kIssueSizes, c1, planner);
  const CountedPlan big = PlanCounted(kIssueSizes, HETCAST_MAX_COST, planner);
  ASSERT_EQ(p0.transfers.size(), big.transfers.size());
  ASSERT_EQ(p1.transfers.size(), big.transfers.size());
  auto scaled = [&](uint64_t t0, uint64_t t1) {
    const uint64_t slope = (t1 - t0) / (c1 - c0);
    EXPECT_EQ((t1 - t0) % (c1 - c0), 0u);
    return t0 - slope * c0 + slope * HETCAST_MAX_COST;
  };
  for (size_t i = 0; i < big.transfers.size(); ++i) {
    const hetcast_transfer& a = p0.transfers[i];
    const hetcast_transfer& b = p1.transfers[i];
    const hetcast_transfer& x = big.transfers[i];
    EXPECT_EQ(x.from, a.from);
    EXPECT_EQ(x.to, a.to);
    EXPECT_EQ(x.start, scaled(a.start, b.start)) << "transfer " << i;
    EXPECT_EQ(x.arrival, scaled(a.arrival, b.arrival)) << "transfer " << i;
  }
}

TEST(ClusterWork, PostalLcfAtMaxCostScalesFromSmallerCosts) {
  ExpectAffineInCost(Planner::kPostalLcf);
}

TEST(ClusterWork, InterleavedLcfAtMaxCostScalesFromSmallerCosts) {
  ExpectAffineInCost(Planner::kInterleavedLcf);
}

// One cluster: binomial doubling lands 2^(t-1) processors together at tick
// t, the groups the canonical ordering sorts by (parent, send order).
TEST(ClusterWork, CanonicalOrderingIsNotQuadratic) {
  const uint64_t n = uint64_t{1} << 14;
  for (const Planner planner :
       {Planner::kLcf, Planner::kPostalLcf, Planner::kInterleavedLcf}) {
    const CountedPlan plan = PlanCounted({n}, 4, planner);
    EXPECT_LE(plan.work.comparisons, 2 * n * 14);
    EXPECT_EQ(plan.transfers.size(), n - 1);
  }
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
