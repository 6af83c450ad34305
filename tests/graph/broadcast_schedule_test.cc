// broadcast_schedule_test.cc: the weighted arborescence packing (Edmonds'
// branching theorem) against cut enumeration, and the periodic schedules of
// every achievable LP answer judged by the exact evaluator
// (hetcast_graph_evaluate): Broadcast-EB, REDUCED_BROADCAST and
// AUGMENTED_MULTICAST (broadcasts of a node set), MulticastMultiSource-UB
// and AUGMENTED_SOURCES: the broadcasts valid at exactly the LP's period,
// the multi-source scatter at what its trees need (at most its LP's
// period, never below the Theorem 4 optimum); and --max-period's roundings.
#include "tools/graph/broadcast_schedule.h"

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "tests/graph/graph_files.h"
#include "tests/graph/graph_test_util.h"
#include "tests/oracles/graph_tree_packing.h"
#include "tools/graph/arborescence_packing.h"
#include "tools/graph/lp_heuristics.h"
#include "tools/graph/max_flow.h"
#include "tools/graph/multicast_lp.h"
#include "tools/graph/scatter_schedule.h"

namespace hetcast {
namespace {

// Menger by enumeration: the least capacity entering a node set that holds
// v and not the root (every such set of n <= 10 nodes).
uint64_t CutOracle(size_t n, const std::vector<CapacitatedArc>& arcs,
                   uint32_t root, uint32_t v) {
  uint64_t best = UINT64_MAX;
  for (uint32_t set = 0; set < (1u << n); ++set) {
    if (!(set >> v & 1) || (set >> root & 1)) continue;
    uint64_t in = 0;
    for (const CapacitatedArc& a : arcs) {
      if ((set >> a.to & 1) && !(set >> a.from & 1)) in += a.capacity;
    }
    best = std::min(best, in);
  }
  return best;
}

std::vector<CapacitatedArc> RandomArcs(std::mt19937_64& rng, uint32_t n) {
  std::vector<CapacitatedArc> arcs;
  for (uint32_t u = 0; u < n; ++u) {
    for (uint32_t w = 0; w < n; ++w) {
      if (u != w && rng() % 2) arcs.push_back({u, w, 1 + rng() % 12});
    }
  }
  return arcs;
}

TEST(MaxFlow, EqualsTheLeastCut) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 200; ++round) {
    const uint32_t n = 2 + round % 7;
    const std::vector<CapacitatedArc> arcs = RandomArcs(rng, n);
    const uint32_t v = 1 + rng() % (n - 1);
    const uint64_t cut = CutOracle(n, arcs, 0, v);
    EXPECT_EQ(MaxFlow(n, arcs, 0, v, UINT64_MAX).value, cut);
    EXPECT_EQ(MaxFlow(n, arcs, 0, v, cut / 2).value, cut / 2);
  }
}

// Rational capacities: the integer graph's capacities divided by 7 carry
// a seventh of its flow (the cut oracle's value), and the flows reported
// on the arcs respect the capacities and are conserved.
TEST(MaxFlow, RationalCapacitiesScaleTheCut) {
  std::mt19937_64 rng(8);
  for (int round = 0; round < 100; ++round) {
    const uint32_t n = 2 + round % 7;
    const std::vector<CapacitatedArc> arcs = RandomArcs(rng, n);
    std::vector<RationalArc> scaled;
    for (const CapacitatedArc& a : arcs) {
      mpq_class capacity(a.capacity, 7);
      capacity.canonicalize();
      scaled.push_back({a.from, a.to, capacity});
    }
    const uint32_t v = 1 + rng() % (n - 1);
    mpq_class cut(CutOracle(n, arcs, 0, v), 7);
    cut.canonicalize();
    const RationalFlowResult flow = MaxFlow(n, scaled, 0, v, cut + 1);
    EXPECT_EQ(flow.value, cut);
    ASSERT_EQ(flow.flow.size(), scaled.size());
    std::vector<mpq_class> net(n, 0);
    for (size_t i = 0; i < scaled.size(); ++i) {
      EXPECT_GE(flow.flow[i], 0);
      EXPECT_LE(flow.flow[i], scaled[i].capacity);
      net[scaled[i].from] -= flow.flow[i];
      net[scaled[i].to] += flow.flow[i];
    }
    for (uint32_t w = 0; w < n; ++w) {
      EXPECT_EQ(net[w], w == 0 ? -cut : w == v ? cut : 0) << "node " << w;
    }
  }
}

// Each arborescence spans every node from the root with one arc into each
// other node (its tail reached first); the arcs' uses stay within their
// capacities; the multiplicities sum to k.
void CheckPacking(size_t n, const std::vector<CapacitatedArc>& arcs,
                  const std::vector<Arborescence>& trees, uint64_t k) {
  std::vector<uint64_t> used(arcs.size(), 0);
  uint64_t total = 0;
  for (const Arborescence& t : trees) {
    std::vector<bool> reached(n, false);
    reached[0] = true;
    for (size_t a : t.arcs) {
      ASSERT_LT(a, arcs.size());
      EXPECT_TRUE(reached[arcs[a].from]);
      EXPECT_FALSE(reached[arcs[a].to]);
      reached[arcs[a].to] = true;
      used[a] += t.multiplicity;
    }
    EXPECT_EQ(std::count(reached.begin(), reached.end(), true), n);
    EXPECT_GE(t.multiplicity, 1u);
    total += t.multiplicity;
  }
  EXPECT_EQ(total, k);
  for (size_t a = 0; a < arcs.size(); ++a) EXPECT_LE(used[a], arcs[a].capacity);
}

// Edmonds: k = min over v of the root-v cut admits a packing of k; k + 1
// does not (some node gets less).
TEST(ArborescencePacking, PacksTheLeastCutExactly) {
  std::mt19937_64 rng(11);
  int several = 0;
  for (int round = 0; round < 200; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const uint32_t n = 2 + round % 6;
    const std::vector<CapacitatedArc> arcs = RandomArcs(rng, n);
    uint64_t k = UINT64_MAX;
    for (uint32_t v = 1; v < n; ++v) k = std::min(k, CutOracle(n, arcs, 0, v));
    if (k == 0) continue;
    const std::vector<bool> span(n, true);
    absl::StatusOr<std::vector<Arborescence>> trees =
        PackArborescences(n, arcs, 0, span, k);
    ASSERT_TRUE(trees.ok()) << trees.status();
    CheckPacking(n, arcs, *trees, k);
    several += trees->size() > 1;
    EXPECT_FALSE(PackArborescences(n, arcs, 0, span, k + 1).ok());
  }
  EXPECT_GT(several, 20);  // Not only single trees.
}

// The schedule is valid and needs exactly `period` ticks per message.
void ExpectSchedule(const GraphInstance& g,
                    const absl::StatusOr<PeriodicSchedule>& schedule,
                    const mpq_class& period) {
  ASSERT_TRUE(schedule.ok()) << schedule.status();
  EXPECT_TRUE(CheckScheduleAt(g.Request(), *schedule, period).ok())
      << CheckScheduleAt(g.Request(), *schedule, period);
}

std::vector<bool> Kept(const GraphInstance& g,
                       const std::vector<uint32_t>& nodes) {
  std::vector<bool> kept(g.node_count, false);
  for (uint32_t v : nodes) kept[v] = true;
  return kept;
}

// Broadcast-EB of the whole platform through its packing.
size_t CheckWholeBroadcast(const GraphInstance& g) {
  const std::vector<bool> all(g.node_count, true);
  absl::StatusOr<LpBound> eb = BroadcastEb(g.Request(), all);
  EXPECT_TRUE(eb.ok()) << eb.status();
  if (!eb.ok() || !eb->finite) return 0;  // +infinity: nothing to schedule.
  absl::StatusOr<PeriodicSchedule> s = BroadcastSchedule(g.Request(), all, *eb);
  ExpectSchedule(g, s, eb->period);
  return s.ok() ? s->routes.size() : 0;
}

// The multi-source scatter from `sources`: valid at exactly what its
// routes need per message, which is at most MMS-UB's T* and, when the
// tree-packing oracle can tell, at least the optimum of every schedule.
// Returns that period.
mpq_class ExpectMultiSourceSchedule(const GraphInstance& g,
                                    const std::vector<uint32_t>& sources,
                                    const LpBound& mms) {
  absl::StatusOr<std::vector<WeightedRoute>> routes =
      MultiSourceRoutes(g.Request(), sources, mms);
  EXPECT_TRUE(routes.ok()) << routes.status();
  if (!routes.ok()) return 0;
  const mpq_class period = RoutesPeriod(g.Request(), *routes);
  EXPECT_LE(period, mms.period);
  ExpectSchedule(g, MultiSourceSchedule(g.Request(), sources, mms), period);
  absl::StatusOr<mpq_class> opt = oracle::OptimalPeriod(g.Request(), 20000);
  if (opt.ok()) {
    EXPECT_GE(period, *opt);
  }
  return period;
}

// The heuristics' answers: a broadcast of their node set at the
// heuristic's period, or the multi-source scatter from their sources.
void CheckHeuristicSchedules(const GraphInstance& g) {
  for (auto heuristic : {&ReducedBroadcast, &AugmentedMulticast}) {
    absl::StatusOr<HeuristicResult> r = heuristic(g.Request());
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_TRUE(r->period.has_value());
    const std::vector<bool> kept = Kept(g, r->nodes);
    absl::StatusOr<LpBound> eb = BroadcastEb(g.Request(), kept);
    ASSERT_TRUE(eb.ok()) << eb.status();
    ASSERT_EQ(eb->period, *r->period);
    ExpectSchedule(g, BroadcastSchedule(g.Request(), kept, *eb), *r->period);
  }
  absl::StatusOr<HeuristicResult> r = AugmentedSources(g.Request());
  ASSERT_TRUE(r.ok()) << r.status();
  absl::StatusOr<LpBound> mms = MultiSourceUb(g.Request(), r->nodes);
  ASSERT_TRUE(mms.ok()) << mms.status();
  ASSERT_EQ(mms->period, *r->period);
  ExpectMultiSourceSchedule(g, r->nodes, *mms);
}

TEST(BroadcastSchedule, PaperInstancesPassTheEvaluator) {
  for (const char* file : {"fig1_example.json", "fig2_set_cover.json",
                           "fig4_triangle.json", "fig5_star.json"}) {
    SCOPED_TRACE(file);
    const GraphInstance g = GraphInstanceFromFile(file);
    CheckWholeBroadcast(g);
    CheckHeuristicSchedules(g);
  }
}

TEST(BroadcastSchedule, RandomGraphsPassTheEvaluatorAtExactlyEb) {
  std::mt19937_64 rng(2004);
  int several = 0;
  for (int round = 0; round < 200; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    several += CheckWholeBroadcast(RandomLpInstance(rng, round)) > 1;
  }
  EXPECT_GT(several, 10);  // Some broadcasts need several trees.
}

// MulticastMultiSource-UB from the source and up to three random other
// nodes, in random order.
TEST(MultiSourceSchedule, RandomSourcesPassTheEvaluator) {
  std::mt19937_64 rng(2005);
  for (int round = 0; round < 200; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const GraphInstance g = RandomLpInstance(rng, round);
    std::vector<uint32_t> others;
    for (uint32_t v = 0; v < g.node_count; ++v) {
      if (v != g.source) others.push_back(v);
    }
    std::shuffle(others.begin(), others.end(), rng);
    std::vector<uint32_t> sources = {g.source};
    sources.insert(sources.end(), others.begin(),
                   others.begin() + std::min<size_t>(rng() % 4, others.size()));
    absl::StatusOr<LpBound> mms = MultiSourceUb(g.Request(), sources);
    if (!mms.ok()) continue;  // A source the source cannot reach.
    ExpectMultiSourceSchedule(g, sources, *mms);
  }
}

// Fig. 4's triangle with every target a source in turn (AUGMENTED_SOURCES'
// final state): MMS-UB counts s -> C3 once for X1's flow and once for
// X3's, 6 ticks at s; the single tree s -> C1 -> X2, s -> C3 -> {X1, X3}
// carries each message once over each edge: s sends 2 + 2 = 4 ticks, the
// Theorem 4 optimum (multicast_lp_test.cc, Figure4NoBoundIsTight).
TEST(MultiSourceSchedule, TreesNeedLessThanTheProgramCounts) {
  const GraphInstance g = GraphInstanceFromFile("fig4_triangle.json");
  const std::vector<uint32_t> sources = {0, 4, 5, 6};
  absl::StatusOr<LpBound> mms = MultiSourceUb(g.Request(), sources);
  ASSERT_TRUE(mms.ok()) << mms.status();
  EXPECT_EQ(mms->period, 6);
  EXPECT_EQ(ExpectMultiSourceSchedule(g, sources, *mms), 4);
}

mpq_class Ratio(uint64_t num, uint64_t den) {
  mpq_class q(mpz_class(std::to_string(num)), mpz_class(std::to_string(den)));
  q.canonicalize();
  return q;
}

// A rounded schedule: valid, period <= bound, throughput at most the
// exact 1 / T* and at least (K - routes) / bound, K the largest message
// count of BuildSchedule()'s grid up to floor(bound / T*) (more than 16/17
// of it from 16 on), which the rounding down at K guarantees (each route
// loses less than one message, and the period is at most K T* <= bound).
// Returns how many bounds below the exact period it rounded to.
int CheckRounded(
    const GraphInstance& g, const absl::StatusOr<PeriodicSchedule>& exact,
    const mpq_class& period_per_message,
    const std::function<absl::StatusOr<PeriodicSchedule>(uint64_t)>& rounded) {
  EXPECT_TRUE(exact.ok()) << exact.status();
  if (!exact.ok()) return 0;
  int rounded_below = 0;
  for (uint64_t bound : {exact->period, exact->period / 2, exact->period / 5,
                         static_cast<uint64_t>(7)}) {
    SCOPED_TRACE(::testing::Message() << "bound " << bound);
    if (bound == 0) continue;
    absl::StatusOr<PeriodicSchedule> r = rounded(bound);
    if (!r.ok()) {  // Only when not even one whole message fits.
      EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
      continue;
    }
    absl::StatusOr<hetcast_graph_evaluation> e =
        EvaluateSchedule(g.Request(), *r);
    EXPECT_TRUE(e.ok()) << e.status();
    if (!e.ok()) continue;
    rounded_below += bound < exact->period;
    EXPECT_LE(r->period, bound);
    const mpq_class throughput = Ratio(r->messages, r->period);
    EXPECT_EQ(throughput,
              Ratio(e->throughput_numerator, e->throughput_denominator));
    EXPECT_LE(throughput, 1 / period_per_message);
    const mpq_class k = Ratio(bound, 1) / period_per_message;
    const mpz_class floor_k = k.get_num() / k.get_den();
    const mpz_class grid_k = floor_k < 16 ? floor_k : floor_k * 16 / 17;
    EXPECT_GE(throughput,
              mpq_class(grid_k - exact->routes.size()) / Ratio(bound, 1));
    if (bound == exact->period) {
      EXPECT_EQ(throughput, 1 / period_per_message);
    }
  }
  return rounded_below;
}

TEST(RoundedSchedule, BoundedPeriodsPassTheEvaluator) {
  std::mt19937_64 rng(2007);
  int rounded_below = 0;
  for (int round = 0; round < 100; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const GraphInstance g = RandomLpInstance(rng, round);
    const hetcast_graph_request request = g.Request();
    absl::StatusOr<LpBound> ub = MulticastUb(request);
    ASSERT_TRUE(ub.ok()) << ub.status();
    rounded_below += CheckRounded(
        g, ScatterSchedule(request, *ub), ub->period,
        [&](uint64_t bound) { return ScatterSchedule(request, *ub, bound); });
    const std::vector<bool> all(g.node_count, true);
    absl::StatusOr<LpBound> eb = BroadcastEb(request, all);
    ASSERT_TRUE(eb.ok()) << eb.status();
    if (!eb->finite) continue;
    rounded_below +=
        CheckRounded(g, BroadcastSchedule(request, all, *eb), eb->period,
                     [&](uint64_t bound) {
                       return BroadcastSchedule(request, all, *eb, bound);
                     });
  }
  // Small exact periods leave no whole message below them.
  EXPECT_GT(rounded_below, 20);
}

// --max-period is monotone: on seeded platforms, for the scatter and the
// broadcast, a larger bound never gives no schedule where a smaller one
// gives one, nor a lower throughput (every schedule judged by the
// evaluator).
TEST(RoundedSchedule, LargerBoundsNeverLoseThroughput) {
  std::mt19937_64 rng(2008);
  for (int round = 0; round < 40; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const GraphInstance g = RandomLpInstance(rng, round);
    const hetcast_graph_request request = g.Request();
    absl::StatusOr<LpBound> ub = MulticastUb(request);
    ASSERT_TRUE(ub.ok()) << ub.status();
    absl::StatusOr<PeriodicSchedule> exact = ScatterSchedule(request, *ub);
    ASSERT_TRUE(exact.ok()) << exact.status();
    mpq_class best = 0;  // Throughput of the smaller bounds' schedules.
    for (uint64_t bound = 1; bound <= 2 * exact->period + 2;
         bound += 1 + bound / 7) {
      SCOPED_TRACE(::testing::Message() << "bound " << bound);
      absl::StatusOr<PeriodicSchedule> r = ScatterSchedule(request, *ub, bound);
      if (!r.ok()) {
        EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
        EXPECT_EQ(best, 0) << "a smaller bound had a schedule";
        continue;
      }
      absl::StatusOr<hetcast_graph_evaluation> e =
          EvaluateSchedule(request, *r);
      ASSERT_TRUE(e.ok()) << e.status();
      EXPECT_LE(r->period, bound);
      const mpq_class throughput =
          Ratio(e->throughput_numerator, e->throughput_denominator);
      EXPECT_GE(throughput, best);
      best = std::max(best, throughput);
    }
    EXPECT_EQ(best, 1 / ub->period);  // The exact one, from its period on.
  }
}

// s -> a 146629, s -> t 810144, t -> a 941943, broadcast: t gets every
// message over s -> t, a a fraction f over s -> a and the rest from t;
// s and a are busiest when 810144 + 146629 f = 146629 f + 941943 (1 - f),
// so T* = 810144 + 146629 * 131799 / 941943 = 260811675121 / 313981. Its
// exact schedule, 313981 messages in 260811675121 ticks, fits 64 bits
// once a message is cut into no more parts than its slots need (the
// least common multiple of the three costs, 3.7 * 10^16, did not with
// K); a larger --max-period keeps it, a smaller one rounds.
TEST(RoundedSchedule, WideCostsKeepTheirExactSchedule) {
  GraphInstance g;
  g.node_count = 3;  // s, a, t
  g.edges = {{0, 1, 146629}, {0, 2, 810144}, {2, 1, 941943}};
  g.targets = {1, 2};
  const std::vector<bool> all(3, true);
  absl::StatusOr<LpBound> eb = BroadcastEb(g.Request(), all);
  ASSERT_TRUE(eb.ok()) << eb.status();
  const mpq_class period(mpz_class("260811675121"), mpz_class("313981"));
  ASSERT_EQ(eb->period, period);
  for (uint64_t bound :
       {uint64_t{0}, uint64_t{1000000000000}, uint64_t{260811675121}}) {
    SCOPED_TRACE(bound);
    absl::StatusOr<PeriodicSchedule> s =
        BroadcastSchedule(g.Request(), all, *eb, bound);
    ExpectSchedule(g, s, period);
    if (s.ok()) {
      EXPECT_EQ(s->messages, 313981u);
    }
  }
  absl::StatusOr<PeriodicSchedule> rounded =
      BroadcastSchedule(g.Request(), all, *eb, 10000000);
  ASSERT_TRUE(rounded.ok()) << rounded.status();
  EXPECT_LE(rounded->period, 10000000u);
  EXPECT_LT(Ratio(rounded->messages, rounded->period), 1 / period);
  EXPECT_TRUE(EvaluateSchedule(g.Request(), *rounded).ok());
}

// solver_fallback.json: costs near 10^11, whose exact schedules need
// periods and part counts far beyond 64 bits (the broadcast's exact
// packing alone 4 x 10^23 arborescences). Every answer still gets a
// schedule, judged by the evaluator: without --max-period the best of
// those that fit 64 bits, never faster than the program's optimum and
// within a thousandth of it (at K near 2^64 / T* messages a rounding loses
// less than a message per route plus, in whole messages, one largest cost
// per round of the König step: about 10^-6 of K T* here). Over bounds
// from below one message to 2^64 - 1, a larger bound never has none where
// a smaller has one, nor a lower throughput, and none beats the unbounded.
TEST(RoundedSchedule, BeyondSixtyFourBitsStillSchedules) {
  const GraphInstance g = GraphInstanceFromFile("solver_fallback.json");
  const hetcast_graph_request request = g.Request();
  absl::StatusOr<LpBound> ub = MulticastUb(request);
  ASSERT_TRUE(ub.ok()) << ub.status();
  const std::vector<bool> all(g.node_count, true);
  absl::StatusOr<LpBound> eb = BroadcastEb(request, all);
  ASSERT_TRUE(eb.ok()) << eb.status();
  absl::StatusOr<HeuristicResult> sources = AugmentedSources(request);
  ASSERT_TRUE(sources.ok()) << sources.status();
  absl::StatusOr<LpBound> mms = MultiSourceUb(request, sources->nodes);
  ASSERT_TRUE(mms.ok()) << mms.status();
  using Build = std::function<absl::StatusOr<PeriodicSchedule>(uint64_t)>;
  const std::vector<std::pair<Build, mpq_class>> answers = {
      {[&](uint64_t bound) { return ScatterSchedule(request, *ub, bound); },
       ub->period},
      {[&](uint64_t bound) {
         return BroadcastSchedule(request, all, *eb, bound);
       },
       eb->period},
      {[&](uint64_t bound) {
         return MultiSourceSchedule(request, sources->nodes, *mms, bound);
       },
       mms->period},
  };
  for (size_t i = 0; i < answers.size(); ++i) {
    SCOPED_TRACE(::testing::Message() << "answer " << i);
    const auto& [build, period] = answers[i];
    // The throughput of a valid schedule within `bound`, 0 for none.
    const auto throughput = [&](uint64_t bound) -> mpq_class {
      absl::StatusOr<PeriodicSchedule> s = build(bound);
      if (!s.ok()) {
        EXPECT_NE(bound, 0u) << s.status();
        return 0;
      }
      absl::StatusOr<hetcast_graph_evaluation> e =
          EvaluateSchedule(request, *s);
      EXPECT_TRUE(e.ok()) << e.status();
      if (!e.ok()) return 0;
      if (bound != 0) {
        EXPECT_LE(s->period, bound);
      }
      const mpq_class q =
          Ratio(e->throughput_numerator, e->throughput_denominator);
      EXPECT_EQ(q, Ratio(s->messages, s->period));
      // The multi-source scatter's trees may need less than its program.
      if (i != 2) {
        EXPECT_LE(q, 1 / period);
      }
      return q;
    };
    const mpq_class unbounded = throughput(0);
    EXPECT_GE(unbounded, mpq_class(999, 1000) / period);
    mpq_class best = 0;
    for (uint64_t bound = 100000000000;; bound += bound / 2) {
      SCOPED_TRACE(::testing::Message() << "bound " << bound);
      const mpq_class q = throughput(bound);
      EXPECT_GE(q, best);
      EXPECT_LE(q, unbounded);
      best = std::max(best, q);
      if (bound > UINT64_MAX / 3 * 2) break;
    }
    EXPECT_EQ(throughput(UINT64_MAX), unbounded);
  }
}

TEST(HeuristicSchedules, RandomGraphsPassTheEvaluator) {
  std::mt19937_64 rng(2006);
  for (int round = 0; round < 40; ++round) {
    SCOPED_TRACE(::testing::Message() << "round " << round);
    CheckHeuristicSchedules(RandomLpInstance(rng, round));
  }
}

}  // namespace
}  // namespace hetcast
