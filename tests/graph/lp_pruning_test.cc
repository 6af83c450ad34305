// lp_pruning_test.cc: the shortcuts that let the LP heuristics (Figs. 6-8)
// solve fewer LPs change none of their choices. Each shortcut against an
// independent judge: the port-dual bound (dual_bound.h) against the
// solved program it bounds; a carried optimum (carried_optimum.h) against
// the next program's own certificate (its exact optimal duals prove the
// carried solution optimal); a face minimum by a penalised objective
// (face_minimum.h) against the same LP with T fixed; and the whole heuristics,
// kBoundsFirst against the figures read literally (kAlwaysLp: every score LP,
// every candidate's program), on a 30-node platform of the benchmark's kind.
#include <algorithm>
#include <cstdlib>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "tests/graph/graph_test_util.h"
#include "tests/graph/same_moves.h"
#include "tests/sanitizer_run.h"
#include "tools/graph/carried_optimum.h"
#include "tools/graph/dual_bound.h"
#include "tools/graph/face_minimum.h"
#include "tools/graph/lp_heuristics.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {
namespace {

std::vector<uint32_t> NonTargets(const GraphInstance& g) {
  std::vector<bool> target(g.node_count, false);
  for (uint32_t t : g.targets) target[t] = true;
  std::vector<uint32_t> others;
  for (uint32_t v = 0; v < g.node_count; ++v) {
    if (v != g.source && !target[v]) others.push_back(v);
  }
  return others;
}

// The weights of a program's own optimal duals give its optimum exactly
// (strong duality); those of sources S bound MMS-UB(S + m) from below for
// every m, and so do arbitrary weights scaled to sum 1.
TEST(DualBound, NeverAboveTheProgramItBounds) {
  std::mt19937_64 rng(99);
  int rounds = 0;
  for (int round = 0; round < 40; ++round) {
    const GraphInstance g = RandomSparsePlatform(6 + round % 5, 500 + round);
    const hetcast_graph_request r = g.Request();
    const std::vector<uint32_t> others = NonTargets(g);
    if (others.empty()) continue;
    std::vector<uint32_t> sources = {g.source};
    absl::StatusOr<LpBound> base = MultiSourceUb(r, sources);
    ASSERT_TRUE(base.ok()) << base.status();
    const PortWeights own = PortDuals(base->grouped, base->grouped_solution);
    absl::StatusOr<mpq_class> exact =
        SummedLoadDualBound(r, own, MultiSourceGroups(r, sources));
    ASSERT_TRUE(exact.ok()) << exact.status();
    EXPECT_EQ(*exact, base->period);
    PortWeights random;
    mpq_class sum = 0;
    for (uint32_t v = 0; v < g.node_count; ++v) {
      random.send.emplace_back(static_cast<unsigned long>(rng() % 5));
      random.receive.emplace_back(static_cast<unsigned long>(rng() % 5));
      sum += random.send.back() + random.receive.back();
    }
    for (uint32_t v = 0; v < g.node_count && sum > 0; ++v) {
      random.send[v] /= sum;
      random.receive[v] /= sum;
    }
    for (uint32_t m : others) {
      std::vector<uint32_t> with = {g.source, m};
      absl::StatusOr<LpBound> value = MultiSourceUb(r, with);
      ASSERT_TRUE(value.ok()) << value.status();
      for (const PortWeights& w : {own, random}) {
        absl::StatusOr<mpq_class> bound =
            SummedLoadDualBound(r, w, MultiSourceGroups(r, with));
        ASSERT_TRUE(bound.ok()) << bound.status();
        EXPECT_LE(*bound, value->period) << "m = " << m;
      }
    }
    ++rounds;
  }
  EXPECT_GT(rounds, 20);
  PortWeights too_heavy = {std::vector<mpq_class>(3, 1),
                           std::vector<mpq_class>(3, 0)};
  const GraphInstance g = RandomSparsePlatform(3, 1);
  EXPECT_FALSE(SummedLoadDualBound(g.Request(), too_heavy,
                                   MultiSourceGroups(g.Request(), {g.source}))
                   .ok());
}

// An optimum carried to the program with one more destination, when both
// have the same T*, passes that program's certificate with its own exact
// optimal duals: it is an optimum there. MulticastLbGrown() and
// MultiSourceUbGrown(), which answer with carried optima when they can,
// give the optimum of the program solved from scratch, certified.
void ExpectCarriedOptimal(const hetcast_graph_request& r, const LpBound& before,
                          const LpBound& after, uint32_t avoid, int* carried) {
  const bool grouped = !after.grouped.groups.empty();
  const MulticastProgram& from = grouped ? before.grouped : before.program;
  const MulticastProgram& to = grouped ? after.grouped : after.program;
  const LpSolution& x = grouped ? before.grouped_solution : before.solution;
  const LpSolution& y = grouped ? after.grouped_solution : after.solution;
  std::optional<std::vector<mpq_class>> next =
      CarryOptimum(r, from, x.x, to, avoid);
  if (!next.has_value()) return;
  ++*carried;
  EXPECT_TRUE(Feasible(to.lp, *next));
  if (before.period != after.period) return;  // feasible, not optimal
  const LpSolution proof = {*next, y.y, after.period};
  EXPECT_TRUE(CheckLpCertificate(to.lp, proof).ok())
      << CheckLpCertificate(to.lp, proof);
}

TEST(CarriedOptimum, IsAnOptimumOfTheNextProgram) {
  int carried = 0;
  int grown_carried = 0;  // ...Grown() answers without an LP
  for (int round = 0; round < 30; ++round) {
    const GraphInstance g = RandomSparsePlatform(6 + round % 4, 700 + round);
    const hetcast_graph_request r = g.Request();
    const std::vector<uint32_t> others = NonTargets(g);
    if (others.size() < 2) continue;
    const uint32_t added = others[0];
    const uint32_t avoid = others[1];
    // Fig. 7's ranking program, P_target grown by `added`.
    GraphInstance grown = g;
    grown.targets.push_back(added);
    absl::StatusOr<LpBound> lb = MulticastLb(r);
    absl::StatusOr<LpBound> lb_grown = MulticastLb(grown.Request());
    ASSERT_TRUE(lb.ok() && lb_grown.ok());
    ExpectCarriedOptimal(r, *lb, *lb_grown, avoid, &carried);
    absl::StatusOr<LpBound> carried_lb = MulticastLbGrown(grown.Request(), *lb);
    ASSERT_TRUE(carried_lb.ok()) << carried_lb.status();
    EXPECT_EQ(carried_lb->period, lb_grown->period);
    EXPECT_TRUE(
        CheckLpCertificate(carried_lb->program.lp, carried_lb->solution).ok());
    grown_carried += carried_lb->basis.column_status.empty() ? 1 : 0;
    // Fig. 8's, a secondary source added.
    absl::StatusOr<LpBound> one = MultiSourceUb(r, {g.source});
    absl::StatusOr<LpBound> two = MultiSourceUb(r, {g.source, added});
    ASSERT_TRUE(one.ok() && two.ok());
    ExpectCarriedOptimal(r, *one, *two, avoid, &carried);
    absl::StatusOr<LpBound> carried_two =
        MultiSourceUbGrown(r, {g.source, added}, *one);
    ASSERT_TRUE(carried_two.ok()) << carried_two.status();
    EXPECT_EQ(carried_two->period, two->period);
    EXPECT_TRUE(
        CheckLpCertificate(carried_two->program.lp, carried_two->solution)
            .ok());
    EXPECT_TRUE(CheckLpCertificate(carried_two->grouped.lp,
                                   carried_two->grouped_solution)
                    .ok());
    grown_carried += carried_two->basis.column_status.empty() ? 1 : 0;
    // Without the paper's program: the same optimum, certified grouped.
    absl::StatusOr<LpBound> grouped_two =
        MultiSourceUbGrown(r, {g.source, added}, *one, /*paper=*/false);
    ASSERT_TRUE(grouped_two.ok()) << grouped_two.status();
    EXPECT_EQ(grouped_two->period, two->period);
    EXPECT_TRUE(grouped_two->program.lp.columns.empty());
    EXPECT_TRUE(CheckLpCertificate(grouped_two->grouped.lp,
                                   grouped_two->grouped_solution)
                    .ok());
    // The optimal basis of `one`, grown, starts the dual simplex of `two`:
    // the optimum solved from scratch.
    const std::optional<LpBasis> start =
        GrownBasis(one->grouped, one->basis, two->grouped);
    ASSERT_TRUE(start.has_value());
    absl::StatusOr<LpSolution> warm =
        SolveExactLp(two->grouped.lp, &*start, nullptr, Simplex::kDual);
    ASSERT_TRUE(warm.ok()) << warm.status();
    EXPECT_EQ(warm->objective, two->period);
    EXPECT_FALSE(MultiSourceUbGrown(r, {g.source, added, added}, *two).ok());
  }
  EXPECT_GT(carried, 0);
  EXPECT_GT(grown_carried, 0);
}

// The face minimum of the flow into m over `bound`'s (ungrouped) program,
// penalised (when it stays on the face) against T fixed by a row, the
// definition: the same minimum, reached by an optimum of the program.
void ExpectSameFaceMinimum(const hetcast_graph_request& r, const LpBound& bound,
                           uint32_t m, int* on_face, int* nonzero) {
  const MulticastProgram& program = bound.program;
  std::vector<size_t> columns;
  for (const std::vector<size_t>& flow : program.flow_column) {
    for (size_t e = 0; e < r.edge_count; ++e) {
      if (r.edges[e].to == m && flow[e] != MulticastProgram::kNoColumn) {
        columns.push_back(flow[e]);
      }
    }
  }
  absl::StatusOr<LpSolution> fixed =
      FixedPeriodFaceMinimum(program, bound.period, columns, nullptr, nullptr);
  ASSERT_TRUE(fixed.ok()) << fixed.status();
  mpq_class solver_inflow = 0;
  for (size_t j : columns) solver_inflow += bound.solution.x[j];
  EXPECT_LE(fixed->objective, solver_inflow);
  EXPECT_EQ(fixed->x[program.period_column], bound.period);
  EXPECT_TRUE(Feasible(program.lp, fixed->x));
  absl::StatusOr<std::optional<LpSolution>> penalised =
      PenalisedFaceMinimum(program, bound.period, columns);
  ASSERT_TRUE(penalised.ok()) << penalised.status();
  if (!penalised->has_value()) return;
  const LpSolution& p = **penalised;
  EXPECT_EQ(p.objective, fixed->objective);
  EXPECT_EQ(p.x[program.period_column], bound.period);
  EXPECT_TRUE(Feasible(program.lp, p.x));
  ++*on_face;
  *nonzero += sgn(fixed->objective) != 0 ? 1 : 0;
}

TEST(FaceMinimum, PenalisedIsTheFixedPeriodMinimum) {
  int on_face = 0;
  int nonzero = 0;
  for (int round = 0; round < 12; ++round) {
    const GraphInstance g = RandomSparsePlatform(6 + round % 5, 900 + round);
    const hetcast_graph_request r = g.Request();
    absl::StatusOr<LpBound> lb = MulticastLb(r);
    absl::StatusOr<LpBound> eb =
        BroadcastEb(r, std::vector<bool>(g.node_count, true));
    ASSERT_TRUE(lb.ok() && eb.ok());
    for (uint32_t m = 0; m < g.node_count; ++m) {
      if (m == g.source) continue;
      SCOPED_TRACE(::testing::Message() << "round " << round << " node " << m);
      ExpectSameFaceMinimum(r, *lb, m, &on_face, &nonzero);
      if (eb->finite) ExpectSameFaceMinimum(r, *eb, m, &on_face, &nonzero);
    }
  }
  EXPECT_GT(on_face, 0);
  EXPECT_GT(nonzero, 0);
}

// Every heuristic, with its shortcuts and read literally, on a 30-node
// platform (RandomSparsePlatform, the benchmark's kind): the same moves,
// the same exact values, the same final state, with fewer LPs. The literal
// figures take most of the time (about half a minute at -O2), so the
// suite's sanitizer rerun (HETCAST_SANITIZER_RUN set) takes a 16-node
// platform of the same kind; HETCAST_LP_TRACE_SEEDS=N checks N platforms.
TEST(LpPruning, SameTraceAsTheLiteralFigures) {
  const char* seeds_text = std::getenv("HETCAST_LP_TRACE_SEEDS");
  const int seeds = seeds_text != nullptr ? std::atoi(seeds_text) : 1;
  int fewer = 0;
  int bounded = 0;
  for (uint64_t seed = 30; seed < 30 + uint64_t(std::max(seeds, 1)); ++seed) {
    const GraphInstance g =
        RandomSparsePlatform(SanitizerRun() ? 16 : 30, seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    for (Scored h : {&ReducedBroadcastScoredBy, &AugmentedMulticastScoredBy,
                     &AugmentedSourcesScoredBy}) {
      ExpectSameMoves(h, g, &fewer, &bounded);
    }
  }
  EXPECT_EQ(fewer, 3 * std::max(seeds, 1));
}

}  // namespace
}  // namespace hetcast
