// mcph_test.cc: MCPH (Beaumont et al. §6, Fig. 9) judged through the graph
// evaluator and against the exhaustive single-tree oracle, on the paper's
// instances and on seeded random graphs.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/graph/graph_files.h"
#include "tests/graph/graph_test_util.h"
#include "tests/oracles/graph_mcph_reference.h"
#include "tests/oracles/graph_tree_search.h"
#include "tools/graph/platform.h"

namespace hetcast {
namespace {

std::vector<uint32_t> ParentsOf(const GraphInstance& g,
                                const GraphScheduleData& s) {
  std::vector<uint32_t> parents(g.node_count, HETCAST_NO_NODE);
  for (const hetcast_graph_route_edge& e : s.route_edges) {
    parents[e.to] = e.from;
  }
  return parents;
}

// Everything MCPH's answer must satisfy, whatever the instance: the
// evaluator accepts its schedule with exactly the claimed throughput, the
// tree's load (recomputed by the oracle's own code) is the period, every
// leaf is a target, the bound is below the best tree, and a tree never
// beats the best tree.
void CheckMcph(const GraphInstance& g, const McphResult& m,
               uint64_t best_tree) {
  ASSERT_EQ(m.status, HETCAST_OK);
  EXPECT_EQ(m.answer.algorithm, HETCAST_ALGORITHM_MCPH);
  hetcast_graph_evaluation e;
  ASSERT_EQ(EvaluateGraphSchedule(g, m.schedule, &e), HETCAST_OK)
      << e.violation << " at " << e.item;
  EXPECT_EQ(e.throughput_numerator, m.answer.throughput_numerator);
  EXPECT_EQ(e.throughput_denominator, m.answer.throughput_denominator);
  EXPECT_EQ(e.throughput_numerator, 1u);
  EXPECT_EQ(e.throughput_denominator, m.answer.period);
  EXPECT_EQ(e.busy_period, m.answer.period);
  const std::vector<uint32_t> parents = ParentsOf(g, m.schedule);
  EXPECT_EQ(oracle::TreePeriod(g.Request(), parents), m.answer.period);
  std::vector<bool> has_child(g.node_count, false);
  for (uint32_t p : parents) {
    if (p != HETCAST_NO_NODE) has_child[p] = true;
  }
  const std::set<uint32_t> targets(g.targets.begin(), g.targets.end());
  for (uint32_t v = 0; v < g.node_count; ++v) {
    if (parents[v] != HETCAST_NO_NODE && !has_child[v]) {
      EXPECT_TRUE(targets.count(v)) << "leaf " << v << " is not a target";
    }
  }
  EXPECT_EQ(m.answer.tree_node_count, m.answer.tree_edge_count + 1);
  EXPECT_EQ(m.answer.lower_bound_denominator, 1u);
  EXPECT_LE(m.answer.lower_bound_numerator, best_tree);
  EXPECT_GE(m.answer.period, best_tree);
  if (m.answer.exact) {
    EXPECT_EQ(m.answer.period, best_tree);
  }
}

TEST(Mcph, RandomTinyGraphsPassTheEvaluatorAndNeverBeatTheBestTree) {
  std::mt19937_64 rng(20040426);
  int exact = 0;
  int above_best = 0;
  int variants_differ = 0;
  for (int round = 0; round < 300; ++round) {
    const uint32_t n = 2 + round % 6;  // 2 .. 7 nodes
    const double density = round % 3 == 0 ? 0.3 : 0.6;
    const uint64_t max_cost = round % 2 == 0 ? 3 : 20;  // many ties, or few
    GraphInstance g = RandomGraphInstance(rng, n, density, max_cost);
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const uint64_t best = oracle::BestSingleTreePeriod(g.Request());
    ASSERT_NE(best, UINT64_MAX);
    const McphResult prose = RunMcph(g);
    CheckMcph(g, prose, best);
    exact += prose.answer.exact;
    above_best += prose.answer.period > best;
    g.flags = HETCAST_GRAPH_MCPH_LITERAL_UPDATE;
    const McphResult literal = RunMcph(g);
    CheckMcph(g, literal, best);
    variants_differ += literal.answer.period != prose.answer.period;
  }
  // The test must exercise both outcomes.
  EXPECT_GT(exact, 0);
  EXPECT_GT(above_best, 0);
  RecordProperty("exact", exact);
  RecordProperty("above_best_tree", above_best);
  RecordProperty("variants_differ", variants_differ);
}

TEST(Mcph, LargerRandomGraphsPassTheEvaluator) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 40; ++round) {
    const uint32_t n = 20 + 7 * round;
    GraphInstance g = RandomGraphInstance(rng, n, 4.0 / n, uint64_t{1} << 40);
    SCOPED_TRACE(::testing::Message() << "round " << round);
    for (uint32_t flags : {0u, HETCAST_GRAPH_MCPH_LITERAL_UPDATE}) {
      g.flags = flags;
      const McphResult m = RunMcph(g);
      ASSERT_EQ(m.status, HETCAST_OK);
      hetcast_graph_evaluation e;
      ASSERT_EQ(EvaluateGraphSchedule(g, m.schedule, &e), HETCAST_OK)
          << e.violation;
      EXPECT_EQ(e.throughput_denominator, m.answer.period);
      EXPECT_LE(m.answer.lower_bound_numerator, m.answer.period);
    }
  }
}

// §3, costs x10 (one paper time unit = 10 ticks): "Hence a throughput of
// one message every time-unit is not achievable with a single multicast
// tree". The best single tree needs more than 10 ticks per message, while
// two trees reach 10 (evaluator_test.cc, AcceptsTheTwoTreesOfSection3).
TEST(Mcph, Section3NoSingleTreeReachesThroughputOne) {
  const GraphInstance g = GraphInstanceFromFile("fig1_example.json");
  const uint64_t best = oracle::BestSingleTreePeriod(g.Request());
  EXPECT_GT(best, 10u);
  // s -> {P1, P3} makes the source send 15 ticks per message; reaching P1
  // through P2 instead makes P3 or P2 send 20.
  EXPECT_EQ(best, 15u);
  const McphResult m = RunMcph(g);
  CheckMcph(g, m, best);
  // The port bound is weak here: the cliques give every target a cheap
  // in-edge, so only the source's cheapest edge (5) counts.
  EXPECT_EQ(m.answer.lower_bound_numerator, 5u);
  EXPECT_FALSE(m.answer.exact);
}

// Fig. 2 (Theorem 1), B = 2, costs x8: a cover of size K gives a tree of
// throughput B/K; the cover {C1, C4} of size B gives throughput 1, i.e.
// one message per 8 ticks, the best any single tree does.
TEST(Mcph, Figure2SetCoverTrees) {
  const GraphInstance g = GraphInstanceFromFile("fig2_set_cover.json");
  std::vector<uint32_t> parents;
  const uint64_t best = oracle::BestSingleTreePeriod(g.Request(), &parents);
  EXPECT_EQ(best, 8u);
  EXPECT_EQ(parents[1], 0u);  // C1
  EXPECT_EQ(parents[4], 0u);  // C4
  const McphResult m = RunMcph(g);
  CheckMcph(g, m, best);
}

// Fig. 4 reconstructed (triangle set cover), costs x2: any tree uses two
// of the three sets, so the source sends two copies: 4 ticks.
TEST(Mcph, Figure4TriangleCover) {
  const GraphInstance g = GraphInstanceFromFile("fig4_triangle.json");
  const uint64_t best = oracle::BestSingleTreePeriod(g.Request());
  EXPECT_EQ(best, 4u);
  const McphResult m = RunMcph(g);
  CheckMcph(g, m, best);
  EXPECT_EQ(m.answer.period, 4u);
}

// Fig. 5 reconstructed, costs x4: s -> r (4), r -> t_i (1) for 4 targets.
// The tree is optimal, and the port bound (s's only edge) proves it.
TEST(Mcph, Figure5StarIsExact) {
  const GraphInstance g = GraphInstanceFromFile("fig5_star.json");
  const McphResult m = RunMcph(g);
  CheckMcph(g, m, oracle::BestSingleTreePeriod(g.Request()));
  EXPECT_EQ(m.answer.period, 4u);
  EXPECT_TRUE(m.answer.exact);
  EXPECT_EQ(m.answer.bottleneck_node, 0u);
}

// Where the two readings of Fig. 9's update part: s = 0 reaches a, b, c
// (1, 2, 3) over edges of cost 2, and a -> c costs 7. After a and b, s
// sends 4 ticks per message. As the prose intends, c costs 4 + 2 = 6 from
// s, less than 7 from a: period 6. The literal update has raised s's edges
// by 2 and then by the already raised 4: c costs 8 from s, so it goes
// through a: period 7.
TEST(Mcph, LiteralUpdateDoubleCounts) {
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 2}, {0, 2, 2}, {0, 3, 2}, {1, 3, 7}};
  g.targets = {1, 2, 3};
  const McphResult prose = RunMcph(g);
  CheckMcph(g, prose, 6);
  EXPECT_EQ(prose.answer.period, 6u);
  EXPECT_EQ(prose.answer.bottleneck_node, 0u);
  g.flags = HETCAST_GRAPH_MCPH_LITERAL_UPDATE;
  const McphResult literal = RunMcph(g);
  CheckMcph(g, literal, 6);
  EXPECT_EQ(literal.answer.period, 7u);
  EXPECT_EQ(literal.answer.bottleneck_node, 1u);
}

TEST(Mcph, TiesGoToTheSmallerId) {
  // Three targets at cost 5 from the source: added in id order 1, 2, 3,
  // and sent in that order.
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 3, 5}, {0, 2, 5}, {0, 1, 5}};
  g.targets = {3, 1, 2};
  const McphResult m = RunMcph(g);
  ASSERT_EQ(m.status, HETCAST_OK);
  ASSERT_EQ(m.schedule.route_edges.size(), 3u);
  EXPECT_EQ(m.schedule.route_edges[0].to, 1u);
  EXPECT_EQ(m.schedule.route_edges[1].to, 2u);
  EXPECT_EQ(m.schedule.route_edges[2].to, 3u);
  EXPECT_EQ(m.schedule.slots[0].to, 1u);
  EXPECT_EQ(m.schedule.slots[1].start, 5u);
  EXPECT_EQ(m.schedule.slots[2].start, 10u);
  EXPECT_EQ(m.answer.period, 15u);
}

TEST(Mcph, LiteralCostsSaturateOnLargeStars) {
  // 200 leaves at the largest cost: the literal update doubles the
  // source's edge costs with every child and would pass 2^64.
  GraphInstance g;
  g.node_count = 201;
  for (uint32_t v = 1; v <= 200; ++v) {
    g.edges.push_back({0, v, HETCAST_MAX_COST});
    g.targets.push_back(v);
  }
  for (uint32_t flags : {0u, HETCAST_GRAPH_MCPH_LITERAL_UPDATE}) {
    g.flags = flags;
    const McphResult m = RunMcph(g);
    ASSERT_EQ(m.status, HETCAST_OK);
    EXPECT_EQ(m.answer.period, 200 * HETCAST_MAX_COST);
    hetcast_graph_evaluation e;
    EXPECT_EQ(EvaluateGraphSchedule(g, m.schedule, &e), HETCAST_OK);
  }
}

// The runtime's loop against the loop it replaced (one bottleneck Dijkstra
// from the whole tree per path; tests/oracles/graph_mcph_reference.h): the
// same tree, edge for edge and in the same order, in both readings of the
// cost update, on 3000 seeded graphs from 2 to 300 nodes, sparse and
// dense, with many cost ties and with few. Everything else MCPH answers
// (period, bottleneck, slots) is computed from the tree by unchanged code.
TEST(Mcph, BuildsTheSameTreesAsTheReferenceLoop) {
  std::mt19937_64 rng(648459);
  int compared = 0;
  for (int round = 0; round < 1500; ++round) {
    const bool tiny = round % 3 != 0;
    const uint32_t n = tiny ? 2 + round % 11 : 20 + (round * 7) % 281;
    const double density = tiny ? (round % 2 ? 0.3 : 0.7) : 3.0 / n;
    const uint64_t max_cost = round % 4 == 0 ? 2 : round % 4 == 1 ? 9 : 1000;
    GraphInstance g = RandomGraphInstance(rng, n, density, max_cost);
    for (uint32_t flags : {0u, HETCAST_GRAPH_MCPH_LITERAL_UPDATE}) {
      g.flags = flags;
      SCOPED_TRACE(::testing::Message()
                   << "round " << round << " flags " << flags);
      const McphResult m = RunMcph(g);
      ASSERT_EQ(m.status, HETCAST_OK);
      const std::vector<hetcast_graph_route_edge> reference =
          oracle::ReferenceMcphTree(g.Request());
      ASSERT_EQ(m.schedule.route_edges.size(), reference.size());
      ASSERT_EQ(0, memcmp(m.schedule.route_edges.data(), reference.data(),
                          reference.size() * sizeof(hetcast_graph_route_edge)));
      ++compared;
    }
  }
  EXPECT_EQ(compared, 3000);
}

// The same on the benchmark's larger platforms (graph_test_util.h,
// RandomSparsePlatform), where each search settles many nodes and the
// frontier is long.
TEST(Mcph, BuildsTheSameTreesAsTheReferenceLoopOnLargerPlatforms) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const uint32_t n = 500 + 300 * static_cast<uint32_t>(seed);
    GraphInstance g = RandomSparsePlatform(n, seed, seed % 2 ? 100 : 7);
    for (uint32_t flags : {0u, HETCAST_GRAPH_MCPH_LITERAL_UPDATE}) {
      g.flags = flags;
      SCOPED_TRACE(::testing::Message() << "n " << n << " flags " << flags);
      const McphResult m = RunMcph(g);
      ASSERT_EQ(m.status, HETCAST_OK);
      const std::vector<hetcast_graph_route_edge> reference =
          oracle::ReferenceMcphTree(g.Request());
      ASSERT_EQ(m.schedule.route_edges.size(), reference.size());
      EXPECT_EQ(0, memcmp(m.schedule.route_edges.data(), reference.data(),
                          reference.size() * sizeof(hetcast_graph_route_edge)));
    }
  }
}

TEST(Mcph, IsDeterministic) {
  std::mt19937_64 rng(99);
  const GraphInstance g = RandomGraphInstance(rng, 40, 0.15, 9);
  const McphResult a = RunMcph(g);
  const McphResult b = RunMcph(g);
  ASSERT_EQ(a.status, HETCAST_OK);
  ASSERT_EQ(a.schedule.slots.size(), b.schedule.slots.size());
  EXPECT_EQ(0, memcmp(a.schedule.slots.data(), b.schedule.slots.data(),
                      a.schedule.slots.size() * sizeof(hetcast_graph_slot)));
  EXPECT_EQ(
      0,
      memcmp(a.schedule.route_edges.data(), b.schedule.route_edges.data(),
             a.schedule.route_edges.size() * sizeof(hetcast_graph_route_edge)));
}

// Caller-owned arrays of one MCPH call, sized for `request` and filled
// with `fill` bytes; Plan offers them `short_by` entries short.
struct McphArrays {
  McphArrays(const hetcast_graph_request& request, unsigned char fill) {
    hetcast_graph_sizes sizes;
    EXPECT_EQ(hetcast_graph_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
    workspace.resize(sizes.workspace_bytes);
    tree.resize(sizes.tree_edge_count);
    slots.resize(sizes.slot_count);
    memset(tree.data(), fill, tree.size() * sizeof(tree[0]));
    memset(slots.data(), fill, slots.size() * sizeof(slots[0]));
  }
  hetcast_status Plan(const hetcast_graph_request& request,
                      size_t workspace_short_by = 0, size_t tree_short_by = 0) {
    return hetcast_graph_plan(&request, HETCAST_ALGORITHM_MCPH,
                              workspace.data(),
                              workspace.size() - workspace_short_by,
                              tree.data(), tree.size() - tree_short_by,
                              slots.data(), slots.size(), &answer, nullptr);
  }
  std::vector<unsigned char> workspace;
  std::vector<hetcast_graph_route_edge> tree;
  std::vector<hetcast_graph_slot> slots;
  hetcast_graph_answer answer;
};

TEST(Mcph, RefusesBadRequests) {
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 2}, {1, 2, 2}, {3, 2, 1}};
  g.targets = {2, 3};  // 3 cannot be reached.
  EXPECT_EQ(RunMcph(g).status, HETCAST_INVALID_ARGUMENT);
  g.targets = {2, 2};
  EXPECT_EQ(RunMcph(g).status, HETCAST_INVALID_ARGUMENT);
  g.targets = {2};
  g.edges.push_back({1, 2, 5});  // 1 -> 2 twice.
  EXPECT_EQ(RunMcph(g).status, HETCAST_INVALID_ARGUMENT);
  g.edges.pop_back();
  g.flags = 8;  // Unknown flag.
  EXPECT_EQ(RunMcph(g).status, HETCAST_INVALID_ARGUMENT);
  g.flags = 0;
  g.edges[0].cost = 0;
  EXPECT_EQ(RunMcph(g).status, HETCAST_INVALID_ARGUMENT);
  g.edges[0].cost = 2;
  g.node_count = size_t{HETCAST_GRAPH_MAX_NODES} + 1;
  EXPECT_EQ(RunMcph(g).status, HETCAST_TOO_LARGE);
  g.node_count = 4;
  ASSERT_EQ(RunMcph(g).status, HETCAST_OK);

  const hetcast_graph_request request = g.Request();
  McphArrays arrays(request, 0);
  EXPECT_EQ(arrays.Plan(request, 1, 0), HETCAST_WORKSPACE_TOO_SMALL);
  EXPECT_EQ(arrays.Plan(request, 0, 1), HETCAST_OUTPUT_TOO_SMALL);
  EXPECT_EQ(arrays.Plan(request), HETCAST_OK);
  EXPECT_EQ(arrays.answer.period, 2u);
}

// A request refused for a target it cannot reach writes nothing to the
// caller's arrays, though MCPH would have grown the tree to the reachable
// target 1 first (found by nonblocking_graph_api_fuzzer:
// corpus/nonblocking_graph_api/ graph_unreachable_target).
TEST(Mcph, RefusedRequestsWriteNothing) {
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 2}, {1, 2, 2}, {3, 2, 1}};
  g.targets = {1, 3};  // 1 is reached first; 3 cannot be reached.
  const hetcast_graph_request request = g.Request();
  McphArrays arrays(request, 0xA5);
  const McphArrays untouched = arrays;
  EXPECT_EQ(arrays.Plan(request), HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(memcmp(arrays.tree.data(), untouched.tree.data(),
                   arrays.tree.size() * sizeof(arrays.tree[0])),
            0);
  EXPECT_EQ(memcmp(arrays.slots.data(), untouched.slots.data(),
                   arrays.slots.size() * sizeof(arrays.slots[0])),
            0);
  // With 3 reachable the same arrays take the tree.
  g.edges.push_back({2, 3, 1});
  const hetcast_graph_request reachable = g.Request();
  arrays.workspace.resize(McphArrays(reachable, 0).workspace.size());
  EXPECT_EQ(arrays.Plan(reachable), HETCAST_OK);
  EXPECT_EQ(arrays.answer.tree_edge_count, 3u);
}

// MCPH's work limit: targets x (nodes + edges) = HETCAST_GRAPH_MAX_WORK is
// sized and checked, one edge more is HETCAST_TOO_LARGE naming the targets
// and the limit, from the sizes, the check and the plan alike.
TEST(Mcph, WorkLimitIsExact) {
  GraphInstance g;
  g.node_count = 1u << 13;
  const size_t targets = 1u << 12;
  const size_t edges = (size_t{1} << 16) - g.node_count;  // 2^12 * 2^16
  ASSERT_EQ(targets * (g.node_count + edges), HETCAST_GRAPH_MAX_WORK);
  for (size_t e = 0; e <= edges; ++e) {  // One edge past the limit.
    const uint32_t from = static_cast<uint32_t>(e % g.node_count);
    const uint32_t step = static_cast<uint32_t>(1 + e / g.node_count);
    const uint32_t to = static_cast<uint32_t>((from + step) % g.node_count);
    g.edges.push_back({from, to, 1 + e % 7});
  }
  for (uint32_t t = 1; t <= targets; ++t) g.targets.push_back(t);
  hetcast_graph_request request = g.Request();
  hetcast_graph_sizes sizes;
  hetcast_graph_rejection rejection;
  const char* why = "";
  EXPECT_EQ(hetcast_graph_plan_sizes(&request, &sizes, nullptr),
            HETCAST_TOO_LARGE);
  EXPECT_EQ(hetcast_graph_check(&request, nullptr, 0, &rejection, &why),
            HETCAST_TOO_LARGE);
  EXPECT_EQ(rejection.field, HETCAST_GRAPH_FIELD_TARGETS);
  EXPECT_NE(std::string(why).find("HETCAST_GRAPH_MAX_WORK (2^28)"),
            std::string::npos)
      << why;
  std::vector<hetcast_graph_route_edge> tree(g.node_count);
  std::vector<hetcast_graph_slot> slots(g.node_count);
  hetcast_graph_answer answer;
  EXPECT_EQ(hetcast_graph_plan(&request, HETCAST_ALGORITHM_MCPH, nullptr, 0,
                               tree.data(), tree.size(), slots.data(),
                               slots.size(), &answer, nullptr),
            HETCAST_TOO_LARGE);
  // At the limit: accepted, and the plan passes the evaluator.
  g.edges.pop_back();
  request = g.Request();
  ASSERT_EQ(hetcast_graph_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
  EXPECT_EQ(hetcast_graph_check(&request, nullptr, 0, &rejection, nullptr),
            HETCAST_OK);
  const McphResult m = RunMcph(g);
  ASSERT_EQ(m.status, HETCAST_OK);
  hetcast_graph_evaluation e;
  ASSERT_EQ(EvaluateGraphSchedule(g, m.schedule, &e), HETCAST_OK)
      << e.violation;
  EXPECT_EQ(e.throughput_denominator, m.answer.period);
}

}  // namespace
}  // namespace hetcast
