// evaluator_test.cc: the graph model's exact evaluator on hand-built
// periodic schedules: valid ones (one tree, two weighted trees reaching
// what no single tree reaches, split messages) and one invalid schedule per
// violation, each rejected with its reason.
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "tests/graph/graph_test_util.h"
#include "tools/graph/platform.h"

namespace hetcast {
namespace {

// s=0 -> a=1 (cost 3) -> b=2 (cost 2); s -> c=3 (cost 4). Targets a, b, c.
GraphInstance Chain() {
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 3}, {1, 2, 2}, {0, 3, 4}, {2, 1, 5}};
  g.source = 0;
  g.targets = {1, 2, 3};
  return g;
}

// The tree {s->a, a->b, s->c}, one message every 7 ticks: s sends to a in
// [0, 3) and to c in [3, 7); a forwards to b in [0, 2) (the message of the
// period before).
GraphScheduleData ChainTree() {
  GraphScheduleData d;
  d.period = 7;
  d.routes = {{0, 1}};
  d.route_edges = {{0, 0, 1}, {0, 1, 2}, {0, 0, 3}};
  d.slots = {{0, 3, 0, 1, 0, 1}, {0, 2, 1, 2, 0, 1}, {3, 4, 0, 3, 0, 1}};
  return d;
}

hetcast_graph_evaluation Evaluation(const GraphInstance& g,
                                    const GraphScheduleData& d,
                                    hetcast_status* status,
                                    const char** why = nullptr) {
  hetcast_graph_evaluation e;
  *status = EvaluateGraphSchedule(g, d, &e, why);
  return e;
}

// Expects `d` rejected for `violation` at `item` and `node`.
void ExpectRejected(const GraphInstance& g, const GraphScheduleData& d,
                    hetcast_graph_violation violation, size_t item,
                    uint32_t node) {
  hetcast_status status;
  const char* why = nullptr;
  const hetcast_graph_evaluation e = Evaluation(g, d, &status, &why);
  EXPECT_EQ(status, HETCAST_INVALID_SCHEDULE);
  EXPECT_EQ(e.violation, violation) << "got: " << e.violation;
  // The why is the violation's own sentence, not the status's.
  ASSERT_NE(why, nullptr);
  EXPECT_STRNE(why, "the schedule breaks a rule of the model");
  EXPECT_STRNE(why, "the schedule breaks a rule of the graph model");
  EXPECT_EQ(e.item, item);
  EXPECT_EQ(e.node, node);
  EXPECT_EQ(e.throughput_numerator, 0u);
}

TEST(GraphEvaluator, AcceptsOneTree) {
  hetcast_status status;
  const hetcast_graph_evaluation e = Evaluation(Chain(), ChainTree(), &status);
  ASSERT_EQ(status, HETCAST_OK) << e.violation;
  EXPECT_EQ(e.violation, HETCAST_GRAPH_VALID);
  EXPECT_EQ(e.throughput_numerator, 1u);
  EXPECT_EQ(e.throughput_denominator, 7u);
  EXPECT_EQ(e.period_numerator, 7u);
  EXPECT_EQ(e.period_denominator, 1u);
  EXPECT_EQ(e.busy_period, 7u);
  EXPECT_EQ(e.warmup_periods, 2u);
}

TEST(GraphEvaluator, ReducesTheThroughput) {
  // Two messages every 14 ticks, one slot per message and edge.
  GraphScheduleData d = ChainTree();
  d.period = 14;
  d.messages = 2;
  d.routes = {{0, 2}};
  for (hetcast_graph_slot& s : d.slots) s.amount = 2;
  d.slots[0].duration = 6;
  d.slots[1].duration = 4;
  d.slots[2] = {6, 8, 0, 3, 0, 2};
  hetcast_status status;
  const hetcast_graph_evaluation e = Evaluation(Chain(), d, &status);
  ASSERT_EQ(status, HETCAST_OK) << e.violation;
  EXPECT_EQ(e.throughput_numerator, 1u);
  EXPECT_EQ(e.throughput_denominator, 7u);
  EXPECT_EQ(e.busy_period, 14u);
}

TEST(GraphEvaluator, AcceptsMessagesSplitIntoParts) {
  // s -> a -> t and s -> b -> t, each path carrying half of every message
  // (D = 2 parts): t gets one message per 2 ticks over edges of cost 2.
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 2}, {0, 2, 2}, {1, 3, 2}, {2, 3, 2}};
  g.targets = {3};
  GraphScheduleData d;
  d.period = 2;
  d.parts = 2;
  d.routes = {{0, 1}, {1, 1}};
  d.route_edges = {{0, 0, 1}, {0, 1, 3}, {1, 0, 2}, {1, 2, 3}};
  d.slots = {{0, 1, 0, 1, 0, 1},
             {1, 1, 0, 2, 1, 1},
             {0, 1, 1, 3, 0, 1},
             {1, 1, 2, 3, 1, 1}};
  hetcast_status status;
  const hetcast_graph_evaluation e = Evaluation(g, d, &status);
  ASSERT_EQ(status, HETCAST_OK) << e.violation;
  EXPECT_EQ(e.throughput_numerator, 1u);
  EXPECT_EQ(e.throughput_denominator, 2u);
  // A part that takes half a tick cannot be written: duration * D must be
  // amount * cost exactly.
  g.edges[0].cost = 1;
  d.slots[0].duration = 1;
  ExpectRejected(g, d, HETCAST_GRAPH_SLOT_DURATION, 0, 0);
}

std::string ReadTestdata(const std::string& name) {
  std::ifstream in("tests/testdata/graph/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// §3 (Fig. 1), costs x10: "we outline an optimal schedule which reaches
// such a throughput, using two multicast trees. These trees, whose
// throughputs are both 1/2 [...] the two multicast trees are not
// edge-disjoint, but all the communications induced by each of them can be
// orchestrated so as to take place within one time-unit". Our two trees
// (the figures are lost; these satisfy every saturation the text lists for
// Psource, P1, P2, P3, P6 in emission and P1, P6, P7, P11 in reception):
//   tree 0: s->P1->P11->{P12,P13};  s->P3->P4->P5->P6->P7->{P8,P9,P10}
//   tree 1: s->P3->P2->P1->P11->{P12,P13};  P2->P6->P7->{P8,P9,P10}
// Period 20 ticks, two messages (one per tree): throughput 1 message per
// time unit of 10 ticks, which §3 proves no single tree reaches.
GraphScheduleData Fig1TwoTrees() {
  GraphScheduleData d;
  d.period = 20;
  d.messages = 2;
  d.routes = {{0, 1}, {1, 1}};
  struct E {
    uint32_t route, from, to;
    uint64_t start, duration;
  };
  const E sends[] = {
      // tree 0
      {0, 0, 1, 10, 10},
      {0, 0, 3, 0, 5},
      {0, 1, 11, 0, 10},
      {0, 11, 12, 0, 1},
      {0, 11, 13, 1, 1},
      {0, 3, 4, 0, 10},
      {0, 4, 5, 10, 10},
      {0, 5, 6, 0, 10},
      {0, 6, 7, 0, 10},
      {0, 7, 8, 0, 2},
      {0, 7, 9, 2, 2},
      {0, 7, 10, 4, 2},
      // tree 1
      {1, 0, 3, 5, 5},
      {1, 3, 2, 10, 10},
      {1, 2, 1, 0, 10},
      {1, 1, 11, 10, 10},
      {1, 11, 12, 2, 1},
      {1, 11, 13, 3, 1},
      {1, 2, 6, 10, 10},
      {1, 6, 7, 10, 10},
      {1, 7, 8, 6, 2},
      {1, 7, 9, 8, 2},
      {1, 7, 10, 10, 2},
  };
  for (const E& e : sends) {
    d.route_edges.push_back({e.route, e.from, e.to});
    d.slots.push_back({e.start, e.duration, e.from, e.to, e.route, 1});
  }
  return d;
}

TEST(GraphEvaluator, AcceptsTheTwoTreesOfSection3) {
  absl::StatusOr<GraphPlatform> p =
      ParseGraphPlatform(ReadTestdata("fig1_example.json"));
  ASSERT_TRUE(p.ok()) << p.status();
  GraphInstance g;
  g.node_count = p->names.size();
  g.edges = p->edges;
  g.source = p->source;
  g.targets = p->targets;
  hetcast_status status;
  const hetcast_graph_evaluation e = Evaluation(g, Fig1TwoTrees(), &status);
  ASSERT_EQ(status, HETCAST_OK) << e.violation << " at " << e.item;
  // One message per 10 ticks (the paper's time unit).
  EXPECT_EQ(e.throughput_numerator, 1u);
  EXPECT_EQ(e.throughput_denominator, 10u);
  EXPECT_EQ(e.busy_period, 20u);
  EXPECT_EQ(e.warmup_periods, 6u);  // s P3 P4 P5 P6 P7 P8: six edges

  // Without tree 1's copy to P12, P12 misses the period's second message.
  GraphScheduleData d = Fig1TwoTrees();
  d.route_edges.erase(d.route_edges.begin() + 16);
  d.slots.erase(d.slots.begin() + 16);
  ExpectRejected(g, d, HETCAST_GRAPH_TARGET_MISSING_PARTS, 5, 12);
  // Both trees' P1 -> P11 in the same ten ticks: P1 would send two at once.
  d = Fig1TwoTrees();
  d.slots[15].start = 0;
  ExpectRejected(g, d, HETCAST_GRAPH_SEND_OVERLAP, 15, 1);
}

TEST(GraphEvaluator, RejectsBadPeriods) {
  GraphScheduleData d = ChainTree();
  d.period = 0;
  ExpectRejected(Chain(), d, HETCAST_GRAPH_BAD_PERIOD, SIZE_MAX,
                 HETCAST_NO_NODE);
  d = ChainTree();
  d.messages = uint64_t{1} << 40;
  d.parts = uint64_t{1} << 30;
  ExpectRejected(Chain(), d, HETCAST_GRAPH_BAD_PERIOD, SIZE_MAX,
                 HETCAST_NO_NODE);
}

TEST(GraphEvaluator, RejectsBadRoutes) {
  GraphScheduleData d = ChainTree();
  d.routes[0].part_count = 0;
  ExpectRejected(Chain(), d, HETCAST_GRAPH_BAD_ROUTE, 0, HETCAST_NO_NODE);
  d = ChainTree();
  d.routes[0].first_part = 1;  // Parts [1, 2) of a period of one part.
  ExpectRejected(Chain(), d, HETCAST_GRAPH_BAD_ROUTE, 0, HETCAST_NO_NODE);
}

TEST(GraphEvaluator, RejectsRouteEdgesNotInThePlatform) {
  GraphScheduleData d = ChainTree();
  d.route_edges.push_back({0, 3, 2});  // No edge c -> b.
  ExpectRejected(Chain(), d, HETCAST_GRAPH_ROUTE_EDGE_UNKNOWN, 3, 3);
  d = ChainTree();
  d.route_edges[1].route = 1;  // No route 1.
  ExpectRejected(Chain(), d, HETCAST_GRAPH_ROUTE_EDGE_UNKNOWN, 1, 1);
}

TEST(GraphEvaluator, RejectsTwoParents) {
  GraphScheduleData d = ChainTree();
  d.route_edges.push_back({0, 2, 1});  // a gets the route from s and b.
  ExpectRejected(Chain(), d, HETCAST_GRAPH_ROUTE_TWO_PARENTS, 3, 1);
  GraphInstance g = Chain();
  g.edges.push_back({1, 0, 1});
  d = ChainTree();
  d.route_edges.push_back({0, 1, 0});  // The source gets its own route.
  ExpectRejected(g, d, HETCAST_GRAPH_ROUTE_TWO_PARENTS, 3, 0);
}

TEST(GraphEvaluator, RejectsDetachedRoutes) {
  GraphScheduleData d = ChainTree();
  d.route_edges.erase(d.route_edges.begin());  // a -> b without s -> a.
  d.slots.erase(d.slots.begin());
  ExpectRejected(Chain(), d, HETCAST_GRAPH_ROUTE_DETACHED, 0, 1);
  // A cycle a -> b -> a that the source never feeds.
  d = ChainTree();
  d.route_edges = {{0, 1, 2}, {0, 2, 1}, {0, 0, 3}};
  d.slots.clear();
  ExpectRejected(Chain(), d, HETCAST_GRAPH_ROUTE_DETACHED, 0, 1);
}

TEST(GraphEvaluator, RejectsSlotsOffTheirRoute) {
  GraphScheduleData d = ChainTree();
  d.slots[1].stream = 4;
  ExpectRejected(Chain(), d, HETCAST_GRAPH_SLOT_NOT_IN_ROUTE, 1, 1);
  d = ChainTree();
  d.slots.push_back({3, 5, 2, 1, 0, 1});  // b -> a exists, not in the route.
  ExpectRejected(Chain(), d, HETCAST_GRAPH_SLOT_NOT_IN_ROUTE, 3, 2);
}

TEST(GraphEvaluator, RejectsSlotsOutsideThePeriod) {
  GraphScheduleData d = ChainTree();
  d.slots[2].start = 4;  // [4, 8) in a period of 7.
  ExpectRejected(Chain(), d, HETCAST_GRAPH_SLOT_OUTSIDE_PERIOD, 2, 0);
  d.slots[2].start = UINT64_MAX - 1;
  ExpectRejected(Chain(), d, HETCAST_GRAPH_SLOT_OUTSIDE_PERIOD, 2, 0);
}

TEST(GraphEvaluator, RejectsWrongDurations) {
  GraphScheduleData d = ChainTree();
  d.slots[0].duration = 2;  // s -> a costs 3.
  ExpectRejected(Chain(), d, HETCAST_GRAPH_SLOT_DURATION, 0, 0);
  d = ChainTree();
  d.slots[1].amount = 0;
  d.slots[1].duration = 0;
  ExpectRejected(Chain(), d, HETCAST_GRAPH_SLOT_DURATION, 1, 1);
}

TEST(GraphEvaluator, RejectsTwoSendsAtOnce) {
  GraphScheduleData d = ChainTree();
  d.slots[2].start = 2;  // s -> c in [2, 6) overlaps s -> a in [0, 3).
  ExpectRejected(Chain(), d, HETCAST_GRAPH_SEND_OVERLAP, 2, 0);
}

TEST(GraphEvaluator, RejectsTwoReceivesAtOnce) {
  // Two messages per period to t, one over each of s -> a -> t and
  // s -> b -> t; t must take them one at a time.
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 1}, {0, 2, 1}, {1, 3, 2}, {2, 3, 2}};
  g.targets = {3};
  GraphScheduleData d;
  d.period = 4;
  d.messages = 2;
  d.routes = {{0, 1}, {1, 1}};
  d.route_edges = {{0, 0, 1}, {0, 1, 3}, {1, 0, 2}, {1, 2, 3}};
  d.slots = {{0, 1, 0, 1, 0, 1},
             {1, 1, 0, 2, 1, 1},
             {0, 2, 1, 3, 0, 1},
             {2, 2, 2, 3, 1, 1}};
  hetcast_status status;
  hetcast_graph_evaluation e = Evaluation(g, d, &status);
  ASSERT_EQ(status, HETCAST_OK) << e.violation;
  EXPECT_EQ(e.throughput_numerator, 1u);
  EXPECT_EQ(e.throughput_denominator, 2u);
  d.slots[3].start = 1;  // b -> t in [1, 3) while a -> t is in [0, 2).
  ExpectRejected(g, d, HETCAST_GRAPH_RECEIVE_OVERLAP, 3, 3);
}

TEST(GraphEvaluator, RejectsForwardingWhatWasNotReceived) {
  // Two messages per period; a gets one and forwards two.
  GraphScheduleData d = ChainTree();
  d.period = 14;
  d.messages = 2;
  d.routes = {{0, 2}};
  d.slots = {{0, 3, 0, 1, 0, 1}, {0, 4, 1, 2, 0, 2}, {3, 8, 0, 3, 0, 2}};
  ExpectRejected(Chain(), d, HETCAST_GRAPH_FORWARDS_UNRECEIVED, 1, 1);
}

TEST(GraphEvaluator, RejectsRouteEdgesCarryingTooLittle) {
  GraphScheduleData d = ChainTree();
  d.period = 14;
  d.messages = 2;
  d.routes = {{0, 2}};
  d.slots = {{0, 6, 0, 1, 0, 2}, {0, 4, 1, 2, 0, 2}, {6, 4, 0, 3, 0, 1}};
  ExpectRejected(Chain(), d, HETCAST_GRAPH_EDGE_AMOUNT, 2, 0);
}

// Parts carried per period may pass 64 bits while each slot's amount fits.
// Three parts per message and UINT64_MAX / 3 messages per period make
// K D = 2^64 - 1 parts, every one a route's; at cost 1 per message a slot of
// d ticks carries 3 d parts. A route edge whose slots carry exactly
// 2^64 - 1 parts is accepted; 2^64 + 2 (three more) is refused, not taken
// for 2^64 - 1 (saturated) or for 2 (wrapped).
constexpr uint64_t kThird = UINT64_MAX / 3;  // 2^64 - 1 = 3 kThird.

GraphScheduleData HugeRoute(uint64_t period) {
  GraphScheduleData d;
  d.period = period;
  d.messages = kThird;
  d.parts = 3;
  d.routes = {{0, UINT64_MAX}};
  return d;
}

TEST(GraphEvaluator, CountsPartsPastSixtyFourBitsExactly) {
  GraphInstance g;
  g.node_count = 2;
  g.edges = {{0, 1, 1}};
  g.targets = {1};
  GraphScheduleData d = HugeRoute(kThird);
  d.route_edges = {{0, 0, 1}};
  // [0, 5) and [5, kThird): 15 + 3 (kThird - 5) = 2^64 - 1 parts.
  d.slots = {{0, 5, 0, 1, 0, 15}, {5, kThird - 5, 0, 1, 0, 3 * (kThird - 5)}};
  hetcast_status status;
  const hetcast_graph_evaluation e = Evaluation(g, d, &status);
  ASSERT_EQ(status, HETCAST_OK) << e.violation;
  EXPECT_EQ(e.throughput_numerator, 1u);  // kThird messages per kThird ticks.
  EXPECT_EQ(e.throughput_denominator, 1u);
  // One tick (three parts) more on the edge: 2^64 + 2 parts.
  d.period = kThird + 1;
  d.slots[1].duration += 1;
  d.slots[1].amount += 3;
  ExpectRejected(g, d, HETCAST_GRAPH_EDGE_AMOUNT, 0, 0);
}

TEST(GraphEvaluator, ComparesForwardedPartsPastSixtyFourBitsExactly) {
  // s -> a carries 2^64 - 1 parts; a -> b forwards 2^64 + 2.
  GraphInstance g;
  g.node_count = 3;
  g.edges = {{0, 1, 1}, {1, 2, 1}};
  g.targets = {2};
  GraphScheduleData d = HugeRoute(kThird + 1);
  d.route_edges = {{0, 0, 1}, {0, 1, 2}};
  d.slots = {{0, 5, 0, 1, 0, 15},
             {5, kThird - 5, 0, 1, 0, 3 * (kThird - 5)},
             {0, 5, 1, 2, 0, 15},
             {5, kThird - 4, 1, 2, 0, 3 * (kThird - 4)}};
  ExpectRejected(g, d, HETCAST_GRAPH_FORWARDS_UNRECEIVED, 1, 1);
  // Forwarding exactly what it receives is accepted.
  d.slots[3].duration -= 1;
  d.slots[3].amount -= 3;
  hetcast_status status;
  const hetcast_graph_evaluation e = Evaluation(g, d, &status);
  EXPECT_EQ(status, HETCAST_OK) << e.violation;
}

TEST(GraphEvaluator, RejectsTargetsLeftOut) {
  GraphScheduleData d = ChainTree();
  d.route_edges.pop_back();  // Nobody sends to c.
  d.slots.pop_back();
  ExpectRejected(Chain(), d, HETCAST_GRAPH_TARGET_MISSING_PARTS, 2, 3);
}

TEST(GraphEvaluator, RefusesMalformedCalls) {
  GraphInstance g = Chain();
  GraphScheduleData d = ChainTree();
  hetcast_graph_evaluation e;
  g.edges.push_back({0, 1, 9});  // Edge s -> a twice.
  EXPECT_EQ(EvaluateGraphSchedule(g, d, &e), HETCAST_INVALID_ARGUMENT);
  g = Chain();
  g.targets = {1, 2, 1};
  EXPECT_EQ(EvaluateGraphSchedule(g, d, &e), HETCAST_INVALID_ARGUMENT);
  g = Chain();
  g.edges[0].cost = HETCAST_MAX_COST + 1;
  EXPECT_EQ(EvaluateGraphSchedule(g, d, &e), HETCAST_INVALID_ARGUMENT);
  g = Chain();
  g.edges[1].to = 1;  // Self-loop.
  EXPECT_EQ(EvaluateGraphSchedule(g, d, &e), HETCAST_INVALID_ARGUMENT);
  g = Chain();
  g.targets = {0};
  EXPECT_EQ(EvaluateGraphSchedule(g, d, &e), HETCAST_INVALID_ARGUMENT);
  // Workspace one byte short.
  g = Chain();
  const hetcast_graph_request request = g.Request();
  const hetcast_graph_schedule schedule = d.Schedule();
  size_t bytes = 0;
  ASSERT_EQ(hetcast_graph_evaluate_workspace_size(&request, &schedule, &bytes,
                                                  nullptr),
            HETCAST_OK);
  std::vector<unsigned char> workspace(bytes);
  EXPECT_EQ(hetcast_graph_evaluate(&request, &schedule, workspace.data(),
                                   bytes - 1, &e, nullptr),
            HETCAST_WORKSPACE_TOO_SMALL);
  EXPECT_EQ(hetcast_graph_evaluate(&request, &schedule, workspace.data(), bytes,
                                   &e, nullptr),
            HETCAST_OK);
  // Positions are kept as uint32_t: 2^32 - 1 slots (or routes, or route
  // edges) are HETCAST_TOO_LARGE, one fewer is sized. The sizes read only
  // the counts, so the short arrays are never read.
  for (int field = 0; field < 3; ++field) {
    for (const size_t count : {size_t{UINT32_MAX} - 1, size_t{UINT32_MAX}}) {
      hetcast_graph_schedule huge = schedule;
      (field == 0   ? huge.route_count
       : field == 1 ? huge.route_edge_count
                    : huge.slot_count) = count;
      EXPECT_EQ(hetcast_graph_evaluate_workspace_size(&request, &huge, &bytes,
                                                      nullptr),
                count == UINT32_MAX ? HETCAST_TOO_LARGE : HETCAST_OK)
          << "field " << field << ", count " << count;
    }
  }
}

}  // namespace
}  // namespace hetcast
