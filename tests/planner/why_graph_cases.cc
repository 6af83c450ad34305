// why_graph_cases.cc: the graph model's refusals (why_cases.h), by the
// public function that gives them, and the evaluator's sentence per
// violation.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tests/planner/why_cases.h"

namespace hetcast {
namespace testing {
namespace {

// hetcast_graph_plan_sizes of Graph() changed by a case.
struct SizesArgs {
  hetcast_graph_request request = Graph();

  hetcast_status Call(const char** why) const {
    hetcast_graph_sizes sizes;
    return hetcast_graph_plan_sizes(&request, &sizes, why);
  }
};

// hetcast_graph_plan's arguments, all valid: Graph(), MCPH, the whole
// workspace, room for 64 tree edges and 64 slots.
struct PlanArgs {
  hetcast_graph_request request = Graph();
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_MCPH;
  size_t workspace_size = sizeof(g_workspace);
  hetcast_graph_route_edge* tree_edges = g_edges;
  size_t capacity = 64;  // Of the tree edges and of the slots.

  hetcast_status Call(const char** why) const {
    hetcast_graph_answer answer;
    return hetcast_graph_plan(&request, algorithm, g_workspace, workspace_size,
                              tree_edges, capacity, g_slots, capacity, &answer,
                              why);
  }
};

hetcast_status EvaluateGraph(const hetcast_graph_schedule& schedule,
                             size_t workspace, const char** why) {
  const hetcast_graph_request r = Graph();
  hetcast_graph_evaluation evaluation;
  return hetcast_graph_evaluate(&r, &schedule, g_workspace, workspace,
                                &evaluation, why);
}

// A schedule on the chain of tests/graph/evaluator_test.cc: s=0 -> a=1
// (cost 3) -> b=2 (cost 2), s -> c=3 (cost 4), a -> b's reverse b -> a
// (cost 5); targets a, b, c. Valid as built: one message every 7 ticks over
// the tree {s->a, a->b, s->c}. Call evaluates it.
struct ChainSchedule {
  uint64_t period = 7, messages = 1, parts = 1;
  std::vector<hetcast_graph_route> routes = {{0, 1}};
  std::vector<hetcast_graph_route_edge> route_edges = {
      {0, 0, 1}, {0, 1, 2}, {0, 0, 3}};
  std::vector<hetcast_graph_slot> slots = {
      {0, 3, 0, 1, 0, 1}, {0, 2, 1, 2, 0, 1}, {3, 4, 0, 3, 0, 1}};

  hetcast_status Call(const char** why) const {
    static const hetcast_graph_edge kChain[4] = {
        {0, 1, 3}, {1, 2, 2}, {0, 3, 4}, {2, 1, 5}};
    static const uint32_t kChainTargets[3] = {1, 2, 3};
    const hetcast_graph_request r = {4, kChain, 4, 0, kChainTargets, 3, 0};
    const hetcast_graph_schedule s = {period,
                                      messages,
                                      parts,
                                      routes.data(),
                                      routes.size(),
                                      route_edges.data(),
                                      route_edges.size(),
                                      slots.data(),
                                      slots.size()};
    hetcast_graph_evaluation evaluation;
    return hetcast_graph_evaluate(&r, &s, g_workspace, sizeof(g_workspace),
                                  &evaluation, why);
  }
};

WhyCase ChainCase(const char* name, const char* names,
                  void (*change)(ChainSchedule*)) {
  return Broken(name, HETCAST_INVALID_SCHEDULE, names, change);
}

// Two messages per period to t=3, over s -> a -> t and s -> b -> t, the
// second arriving while the first does.
hetcast_status EvaluateReceiveOverlap(const char** why) {
  static const hetcast_graph_edge kDiamond[4] = {
      {0, 1, 1}, {0, 2, 1}, {1, 3, 2}, {2, 3, 2}};
  static const uint32_t kT[1] = {3};
  static const hetcast_graph_route kRoutes[2] = {{0, 1}, {1, 1}};
  static const hetcast_graph_route_edge kEdges[4] = {
      {0, 0, 1}, {0, 1, 3}, {1, 0, 2}, {1, 2, 3}};
  static const hetcast_graph_slot kSlots[4] = {{0, 1, 0, 1, 0, 1},
                                               {1, 1, 0, 2, 1, 1},
                                               {0, 2, 1, 3, 0, 1},
                                               {1, 2, 2, 3, 1, 1}};
  const hetcast_graph_request r = {4, kDiamond, 4, 0, kT, 1, 0};
  const hetcast_graph_schedule s = {4, 2, 1, kRoutes, 2, kEdges, 4, kSlots, 4};
  hetcast_graph_evaluation evaluation;
  return hetcast_graph_evaluate(&r, &s, g_workspace, sizeof(g_workspace),
                                &evaluation, why);
}

}  // namespace

// hetcast_graph_plan_sizes: the request's edges, source, targets, flags
// and limits.
std::vector<WhyCase> GraphSizeCases() {
  return {
      {"graph request NULL", HETCAST_INVALID_ARGUMENT, "request is NULL",
       [](const char** why) {
         hetcast_graph_sizes sizes;
         return hetcast_graph_plan_sizes(nullptr, &sizes, why);
       }},
      Broken(
          "graph self-loop", HETCAST_INVALID_ARGUMENT, "self-loop",
          [](SizesArgs* a) {
            static const hetcast_graph_edge kLoop[2] = {{0, 1, 3}, {1, 1, 2}};
            a->request.edges = kLoop;
          }),
      Broken("graph endpoint", HETCAST_INVALID_ARGUMENT, "endpoint",
             [](SizesArgs* a) {
               static const hetcast_graph_edge kBad[2] = {{0, 1, 3}, {1, 7, 2}};
               a->request.edges = kBad;
             }),
      Broken("graph edge cost", HETCAST_INVALID_ARGUMENT, "HETCAST_MAX_COST",
             [](SizesArgs* a) {
               static const hetcast_graph_edge kBad[2] = {{0, 1, 0}, {1, 2, 2}};
               a->request.edges = kBad;
             }),
      Broken("graph target is source", HETCAST_INVALID_ARGUMENT,
             "the target is the source",
             [](SizesArgs* a) {
               static const uint32_t kSource[1] = {0};
               a->request.targets = kSource;
               a->request.target_count = 1;
             }),
      Broken("graph target not a node", HETCAST_INVALID_ARGUMENT,
             "the target is not a node",
             [](SizesArgs* a) {
               static const uint32_t kNine[1] = {9};
               a->request.targets = kNine;
               a->request.target_count = 1;
             }),
      Broken("graph too many targets", HETCAST_INVALID_ARGUMENT, "more targets",
             [](SizesArgs* a) {
               static const uint32_t kThree[3] = {1, 2, 1};
               a->request.targets = kThree;
               a->request.target_count = 3;
             }),
      Broken("graph too many nodes", HETCAST_TOO_LARGE,
             "HETCAST_GRAPH_MAX_NODES",
             [](SizesArgs* a) {
               a->request.node_count = HETCAST_GRAPH_MAX_NODES + 1;
             }),
      Broken("graph too many edges", HETCAST_TOO_LARGE,
             "HETCAST_GRAPH_MAX_EDGES",
             [](SizesArgs* a) {
               a->request.edge_count = HETCAST_GRAPH_MAX_EDGES + 1;
             }),
      Broken("graph source", HETCAST_INVALID_ARGUMENT,
             "the source is not a node",
             [](SizesArgs* a) { a->request.source = 5; }),
      Broken("graph no target", HETCAST_INVALID_ARGUMENT, "no target",
             [](SizesArgs* a) { a->request.target_count = 0; }),
      Broken("graph flag", HETCAST_INVALID_ARGUMENT, "flag",
             [](SizesArgs* a) { a->request.flags = 0x80000000u; }),
      Broken("graph work", HETCAST_TOO_LARGE, "HETCAST_GRAPH_MAX_WORK",
             [](SizesArgs* a) {
               static std::vector<uint32_t> targets;
               targets.clear();
               for (uint32_t t = 1; t <= 600; ++t) targets.push_back(t);
               a->request.node_count = size_t{1} << 19;
               a->request.targets = targets.data();
               a->request.target_count = targets.size();
             }),
  };
}

// hetcast_graph_plan: the request's reach, the pin, the workspace and the
// outputs.
std::vector<WhyCase> GraphPlanCases() {
  return {
      Broken("graph unreachable", HETCAST_INVALID_ARGUMENT, "reached",
             [](PlanArgs* a) { a->request.edge_count = 1; }),
      Broken("graph edge twice", HETCAST_INVALID_ARGUMENT, "given twice",
             [](PlanArgs* a) {
               static const hetcast_graph_edge kTwice[3] = {
                   {0, 1, 3}, {1, 2, 2}, {0, 1, 4}};
               a->request.edges = kTwice;
               a->request.edge_count = 3;
             }),
      Broken("graph target twice", HETCAST_INVALID_ARGUMENT,
             "target is given twice",
             [](PlanArgs* a) {
               static const uint32_t kTwice[2] = {1, 1};
               a->request.targets = kTwice;
             }),
      Broken("graph pin", HETCAST_INVALID_ARGUMENT, "MCPH only",
             [](PlanArgs* a) { a->algorithm = HETCAST_ALGORITHM_LCF; }),
      Broken("graph workspace", HETCAST_WORKSPACE_TOO_SMALL, "workspace",
             [](PlanArgs* a) { a->workspace_size = 8; }),
      Broken("graph outputs NULL", HETCAST_INVALID_ARGUMENT,
             "tree_edges or slots is NULL",
             [](PlanArgs* a) { a->tree_edges = nullptr; }),
      Broken("graph output", HETCAST_OUTPUT_TOO_SMALL, "node_count - 1",
             [](PlanArgs* a) { a->capacity = 1; }),
  };
}

// hetcast_graph_evaluate_workspace_size and hetcast_graph_evaluate: their
// arguments and limits.
std::vector<WhyCase> GraphEvaluateCases() {
  return {
      {"graph evaluate schedule NULL", HETCAST_INVALID_ARGUMENT, "schedule",
       [](const char** why) {
         const hetcast_graph_request r = Graph();
         size_t bytes;
         return hetcast_graph_evaluate_workspace_size(&r, nullptr, &bytes, why);
       }},
      {"graph evaluation NULL", HETCAST_INVALID_ARGUMENT, "evaluation is NULL",
       [](const char** why) {
         const hetcast_graph_request r = Graph();
         const hetcast_graph_schedule s = {};
         return hetcast_graph_evaluate(&r, &s, g_workspace, sizeof(g_workspace),
                                       nullptr, why);
       }},
      {"graph schedule arrays NULL", HETCAST_INVALID_ARGUMENT,
       "with a nonzero count",
       [](const char** why) {
         const hetcast_graph_schedule s = {1,       1, 1,       nullptr, 1,
                                           g_edges, 0, g_slots, 0};
         return EvaluateGraph(s, sizeof(g_workspace), why);
       }},
      {"graph too many routes", HETCAST_TOO_LARGE, "2^32 - 1 or more",
       [](const char** why) {
         static const hetcast_graph_route route = {0, 1};
         const hetcast_graph_schedule s = {
             1, 1, 1, &route, UINT32_MAX, g_edges, 0, g_slots, 0};
         return EvaluateGraph(s, sizeof(g_workspace), why);
       }},
      {"graph evaluate workspace", HETCAST_WORKSPACE_TOO_SMALL,
       "hetcast_graph_evaluate_workspace_size",
       [](const char** why) {
         static const hetcast_graph_route route = {0, 1};
         const hetcast_graph_schedule s = {1,       1, 1,       &route, 1,
                                           g_edges, 0, g_slots, 0};
         return EvaluateGraph(s, 8, why);
       }},
  };
}

// hetcast_graph_evaluate's rules of a schedule, each broken once.
std::vector<WhyCase> GraphViolationCases() {
  return {
      ChainCase("graph bad period", "period",
                [](ChainSchedule* d) { d->period = 0; }),
      ChainCase("graph bad route", "carries no part",
                [](ChainSchedule* d) { d->routes[0].part_count = 0; }),
      ChainCase("graph unknown route edge", "not in the platform",
                [](ChainSchedule* d) {
                  d->route_edges.push_back({0, 3, 2});
                }),
      ChainCase("graph two parents", "over two edges",
                [](ChainSchedule* d) {
                  d->route_edges.push_back({0, 2, 1});
                }),
      ChainCase("graph detached", "does not reach",
                [](ChainSchedule* d) {
                  d->route_edges.erase(d->route_edges.begin());
                  d->slots.erase(d->slots.begin());
                }),
      ChainCase("graph slot off route", "not on an edge",
                [](ChainSchedule* d) { d->slots[1].stream = 4; }),
      ChainCase("graph slot outside period", "after the period",
                [](ChainSchedule* d) { d->slots[2].start = 4; }),
      ChainCase("graph slot duration", "duration",
                [](ChainSchedule* d) { d->slots[0].duration = 2; }),
      ChainCase("graph send overlap", "one sender",
                [](ChainSchedule* d) { d->slots[2].start = 2; }),
      ChainCase("graph forwards unreceived", "forwards more",
                [](ChainSchedule* d) {
                  d->period = 14;
                  d->messages = 2;
                  d->routes = {{0, 2}};
                  d->slots = {{0, 3, 0, 1, 0, 1},
                              {0, 4, 1, 2, 0, 2},
                              {3, 8, 0, 3, 0, 2}};
                }),
      ChainCase("graph edge amount", "exactly the route's parts",
                [](ChainSchedule* d) {
                  d->period = 14;
                  d->messages = 2;
                  d->routes = {{0, 2}};
                  d->slots = {{0, 6, 0, 1, 0, 2},
                              {0, 4, 1, 2, 0, 2},
                              {6, 4, 0, 3, 0, 1}};
                }),
      ChainCase("graph target missing", "every part",
                [](ChainSchedule* d) {
                  d->route_edges.pop_back();
                  d->slots.pop_back();
                }),
      {"graph receive overlap", HETCAST_INVALID_SCHEDULE, "one receiver",
       EvaluateReceiveOverlap},
  };
}

}  // namespace testing
}  // namespace hetcast
