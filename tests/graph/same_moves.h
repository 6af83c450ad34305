// same_moves.h: a heuristic of Figs. 6-8 with its shortcuts against the
// same heuristic read literally (ScoreMethod::kAlwaysLp), for the tests.
#ifndef HETCAST_TESTS_GRAPH_SAME_MOVES_H_
#define HETCAST_TESTS_GRAPH_SAME_MOVES_H_

#include "gtest/gtest.h"
#include "tests/graph/graph_test_util.h"
#include "tools/graph/lp_heuristics.h"

namespace hetcast {

using Scored = absl::StatusOr<HeuristicResult> (*)(const hetcast_graph_request&,
                                                   ScoreMethod);

// Runs `h` with kBoundsFirst and with kAlwaysLp (the figures read
// literally) and expects the same moves with the same exact values and no
// more LPs of the figures' size; counts in `fewer` the runs with fewer,
// in `bounded` those that solved lower-bound LPs.
inline void ExpectSameMoves(Scored h, const GraphInstance& g, int* fewer,
                            int* bounded) {
  absl::StatusOr<HeuristicResult> fast =
      h(g.Request(), ScoreMethod::kBoundsFirst);
  absl::StatusOr<HeuristicResult> literal =
      h(g.Request(), ScoreMethod::kAlwaysLp);
  ASSERT_TRUE(fast.ok()) << fast.status();
  ASSERT_TRUE(literal.ok()) << literal.status();
  EXPECT_EQ(fast->period, literal->period);
  EXPECT_EQ(fast->nodes, literal->nodes);
  ASSERT_EQ(fast->trace.size(), literal->trace.size());
  for (size_t i = 0; i < literal->trace.size(); ++i) {
    EXPECT_EQ(fast->trace[i].node, literal->trace[i].node);
    EXPECT_EQ(fast->trace[i].value, literal->trace[i].value);
  }
  EXPECT_EQ(literal->bound_solves, 0);
  EXPECT_LE(fast->lp_solves, literal->lp_solves);
  if (fast->lp_solves < literal->lp_solves) ++*fewer;
  if (fast->bound_solves > 0) ++*bounded;
}

}  // namespace hetcast

#endif  // HETCAST_TESTS_GRAPH_SAME_MOVES_H_
