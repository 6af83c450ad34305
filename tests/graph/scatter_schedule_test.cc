// scatter_schedule_test.cc: the König step on its own, and Multicast-UB's
// periodic schedule judged by the exact evaluator (hetcast_graph_evaluate):
// valid, and exactly 1 / UB messages per tick.
#include "tools/graph/scatter_schedule.h"

#include <algorithm>
#include <random>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/graph/graph_files.h"
#include "tests/graph/graph_test_util.h"
#include "tools/graph/bipartite_colouring.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {
namespace {

// Per node, its sending pieces are disjoint in time, and so are its
// receiving ones; each transfer gets exactly its ticks; all in the period.
void CheckPieces(const std::vector<Transfer>& transfers, uint64_t period,
                 const std::vector<TransferPiece>& pieces) {
  std::vector<uint64_t> ticks(transfers.size(), 0);
  for (size_t a = 0; a < pieces.size(); ++a) {
    const TransferPiece& p = pieces[a];
    ASSERT_LT(p.transfer, transfers.size());
    EXPECT_LE(p.start + p.ticks, period);
    ticks[p.transfer] += p.ticks;
    for (size_t b = a + 1; b < pieces.size(); ++b) {
      const TransferPiece& q = pieces[b];
      const bool overlap =
          p.start < q.start + q.ticks && q.start < p.start + p.ticks;
      if (!overlap) continue;
      EXPECT_NE(transfers[p.transfer].from, transfers[q.transfer].from);
      EXPECT_NE(transfers[p.transfer].to, transfers[q.transfer].to);
    }
  }
  for (size_t t = 0; t < transfers.size(); ++t) {
    EXPECT_EQ(ticks[t], transfers[t].ticks) << "transfer " << t;
  }
}

// 0 sends 3 to 1 and 2 to 2; 1 sends 2 to 2; 2 sends 3 to 0: every load
// is at most 5 (0 sends 5, 2 receives 4), so the period 5 suffices.
TEST(BipartiteColouring, FitsLoadsIntoThePeriod) {
  const std::vector<Transfer> transfers = {
      {0, 1, 3}, {0, 2, 2}, {1, 2, 2}, {2, 0, 3}};
  absl::StatusOr<std::vector<TransferPiece>> pieces =
      ColourTransfers(3, transfers, 5);
  ASSERT_TRUE(pieces.ok()) << pieces.status();
  CheckPieces(transfers, 5, *pieces);
  EXPECT_FALSE(ColourTransfers(3, transfers, 4).ok());
}

TEST(BipartiteColouring, RandomLoads) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 100; ++round) {
    const uint32_t n = 2 + round % 7;
    std::vector<Transfer> transfers;
    std::vector<uint64_t> send(n, 0), receive(n, 0);
    for (int i = 0; i < 3 * static_cast<int>(n); ++i) {
      const uint32_t a = rng() % n, b = rng() % n;
      if (a == b) continue;
      const uint64_t ticks = 1 + rng() % 20;
      transfers.push_back({a, b, ticks});
      send[a] += ticks;
      receive[b] += ticks;
    }
    const uint64_t period =
        std::max(*std::max_element(send.begin(), send.end()),
                 *std::max_element(receive.begin(), receive.end()));
    absl::StatusOr<std::vector<TransferPiece>> pieces =
        ColourTransfers(n, transfers, period);
    ASSERT_TRUE(pieces.ok()) << pieces.status();
    CheckPieces(transfers, period, *pieces);
  }
}

// Multicast-UB's schedule passes the evaluator with period per message UB.
void CheckScatter(const GraphInstance& g) {
  absl::StatusOr<LpBound> ub = MulticastUb(g.Request());
  ASSERT_TRUE(ub.ok()) << ub.status();
  absl::StatusOr<PeriodicSchedule> schedule = ScatterSchedule(g.Request(), *ub);
  ASSERT_TRUE(schedule.ok()) << schedule.status();
  absl::StatusOr<hetcast_graph_evaluation> evaluation =
      EvaluateSchedule(g.Request(), *schedule);
  ASSERT_TRUE(evaluation.ok()) << evaluation.status();
  const hetcast_graph_evaluation& e = *evaluation;
  EXPECT_EQ(mpq_class(mpz_class(std::to_string(e.period_numerator)),
                      mpz_class(std::to_string(e.period_denominator))),
            ub->period);
}

TEST(ScatterSchedule, PaperInstancesPassTheEvaluator) {
  for (const char* file : {"fig1_example.json", "fig2_set_cover.json",
                           "fig4_triangle.json", "fig5_star.json"}) {
    SCOPED_TRACE(file);
    CheckScatter(GraphInstanceFromFile(file));
  }
}

TEST(ScatterSchedule, RandomGraphsPassTheEvaluatorAtExactlyUb) {
  std::mt19937_64 rng(1984);
  for (int round = 0; round < 200; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const GraphInstance g = RandomLpInstance(rng, round);
    CheckScatter(g);
  }
}

}  // namespace
}  // namespace hetcast
