// graph_test_util.h: test helpers for the graph model: requests and
// schedules held in vectors, seeded random platforms, and the evaluator with
// an allocated workspace.
#ifndef HETCAST_TESTS_GRAPH_GRAPH_TEST_UTIL_H_
#define HETCAST_TESTS_GRAPH_GRAPH_TEST_UTIL_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// A request with the arrays it points into.
struct GraphInstance {
  size_t node_count = 0;
  std::vector<hetcast_graph_edge> edges;
  uint32_t source = 0;
  std::vector<uint32_t> targets;
  uint32_t flags = 0;

  hetcast_graph_request Request() const {
    hetcast_graph_request r = {};
    r.node_count = node_count;
    r.edges = edges.data();
    r.edge_count = edges.size();
    r.source = source;
    r.targets = targets.data();
    r.target_count = targets.size();
    r.flags = flags;
    return r;
  }
};

// A schedule with the arrays it points into.
struct GraphScheduleData {
  uint64_t period = 0;
  uint64_t messages = 1;
  uint64_t parts = 1;
  std::vector<hetcast_graph_route> routes;
  std::vector<hetcast_graph_route_edge> route_edges;
  std::vector<hetcast_graph_slot> slots;

  hetcast_graph_schedule Schedule() const {
    hetcast_graph_schedule s = {};
    s.period = period;
    s.messages = messages;
    s.parts = parts;
    s.routes = routes.data();
    s.route_count = routes.size();
    s.route_edges = route_edges.data();
    s.route_edge_count = route_edges.size();
    s.slots = slots.data();
    s.slot_count = slots.size();
    return s;
  }
};

// A random platform: n nodes, each ordered pair an edge with probability
// `density` (edges shuffled), costs 1..max_cost, a random source and 1..
// reachable targets. For small n: it is O(n^2) and its reachability search
// O(n * edges).
inline GraphInstance RandomGraphInstance(std::mt19937_64& rng, uint32_t n,
                                         double density, uint64_t max_cost) {
  for (;;) {
    GraphInstance g;
    g.node_count = n;
    std::uniform_real_distribution<double> coin(0, 1);
    std::uniform_int_distribution<uint64_t> cost(1, max_cost);
    for (uint32_t a = 0; a < n; ++a) {
      for (uint32_t b = 0; b < n; ++b) {
        if (a != b && coin(rng) < density) g.edges.push_back({a, b, cost(rng)});
      }
    }
    std::shuffle(g.edges.begin(), g.edges.end(), rng);
    g.source = std::uniform_int_distribution<uint32_t>(0, n - 1)(rng);
    std::vector<bool> reached(n, false);
    std::vector<uint32_t> queue = {g.source};
    reached[g.source] = true;
    for (size_t i = 0; i < queue.size(); ++i) {
      for (const hetcast_graph_edge& e : g.edges) {
        if (e.from == queue[i] && !reached[e.to]) {
          reached[e.to] = true;
          queue.push_back(e.to);
        }
      }
    }
    std::vector<uint32_t> candidates(queue.begin() + 1, queue.end());
    if (candidates.empty()) continue;
    std::shuffle(candidates.begin(), candidates.end(), rng);
    const size_t count =
        std::uniform_int_distribution<size_t>(1, candidates.size())(rng);
    g.targets.assign(candidates.begin(), candidates.begin() + count);
    return g;
  }
}

// A random set system in Fig. 2's shape: the source (0) -> `sets` set
// nodes (costs 1 .. max_cost), each set -> 1 .. all of the `elements`
// element nodes (costs 1 .. max_cost), the elements the targets (each in
// at least one set). On uniformly random digraphs of <= 8 nodes LB = OPT
// nearly always (0 to 2 in 200 measured); shared relays are where (10')
// undercounts (Fig. 4).
inline GraphInstance RandomSetSystem(std::mt19937_64& rng, uint32_t sets,
                                     uint32_t elements, uint64_t max_cost) {
  std::uniform_int_distribution<uint64_t> cost(1, max_cost);
  GraphInstance g;
  g.node_count = 1 + sets + elements;
  for (uint32_t s = 1; s <= sets; ++s) g.edges.push_back({0, s, cost(rng)});
  for (uint32_t e = 0; e < elements; ++e) {
    const uint32_t element = 1 + sets + e;
    g.targets.push_back(element);
    const uint32_t first = 1 + rng() % sets;
    for (uint32_t s = 1; s <= sets; ++s) {
      if (s == first || rng() % 2 == 0) {
        g.edges.push_back({s, element, cost(rng)});
      }
    }
  }
  return g;
}

// The LP tests' random instance of round `round`: one in three a set
// system (2 or 3 sets, 2 to 5 elements, costs 1..4), the others uniformly
// random digraphs of 3 + round % 6 nodes (density 0.3 or 0.5, costs 1..4
// or 1..9).
inline GraphInstance RandomLpInstance(std::mt19937_64& rng, int round) {
  if (round % 3 == 2) {
    return RandomSetSystem(rng, 2 + round % 2, 2 + round % 4, 4);
  }
  return RandomGraphInstance(rng, 3 + round % 6, round % 2 ? 0.3 : 0.5,
                             round % 3 ? 4 : 9);
}

// A sparse connected platform of any size (the MCPH benchmark's): node 0 is
// the source; every node v > 0 is linked both ways to a uniformly chosen
// earlier node (so the source reaches everything), then n more links both
// ways between uniformly chosen pairs (a pair already linked is skipped):
// about 4n directed edges, out-degree 4 on average. Each directed edge
// costs 1..max_cost ticks, uniformly and independently. Targets: n / 3
// distinct nodes other than the source, uniformly chosen.
inline GraphInstance RandomSparsePlatform(uint32_t n, uint64_t seed,
                                          uint64_t max_cost = 100) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint64_t> cost(1, max_cost);
  GraphInstance g;
  g.node_count = n;
  g.source = 0;
  std::set<std::pair<uint32_t, uint32_t>> linked;
  const auto link = [&](uint32_t a, uint32_t b) {
    if (a == b || !linked.insert({std::min(a, b), std::max(a, b)}).second) {
      return;
    }
    g.edges.push_back({a, b, cost(rng)});
    g.edges.push_back({b, a, cost(rng)});
  };
  for (uint32_t v = 1; v < n; ++v) {
    link(std::uniform_int_distribution<uint32_t>(0, v - 1)(rng), v);
  }
  std::uniform_int_distribution<uint32_t> any(0, n - 1);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t a = any(rng);
    link(a, any(rng));
  }
  std::vector<uint32_t> others(n - 1);
  for (uint32_t v = 1; v < n; ++v) others[v - 1] = v;
  std::shuffle(others.begin(), others.end(), rng);
  g.targets.assign(others.begin(), others.begin() + n / 3);
  return g;
}

// RandomSparsePlatform(n, seed = n), made once per size (the benchmarks').
inline const GraphInstance& CachedSparsePlatform(uint32_t n) {
  static std::map<uint32_t, GraphInstance>* cache =
      new std::map<uint32_t, GraphInstance>();
  auto it = cache->find(n);
  if (it == cache->end()) {
    it = cache->emplace(n, RandomSparsePlatform(n, n)).first;
  }
  return it->second;
}

// hetcast_graph_evaluate with a workspace of exactly the size asked for.
// `why` (optional) as hetcast_graph_evaluate's.
inline hetcast_status EvaluateGraphSchedule(const GraphInstance& instance,
                                            const GraphScheduleData& data,
                                            hetcast_graph_evaluation* out,
                                            const char** why = nullptr) {
  const hetcast_graph_request request = instance.Request();
  const hetcast_graph_schedule schedule = data.Schedule();
  size_t bytes = 0;
  hetcast_status status = hetcast_graph_evaluate_workspace_size(
      &request, &schedule, &bytes, nullptr);
  if (status != HETCAST_OK) return status;
  std::vector<unsigned char> workspace(bytes);
  return hetcast_graph_evaluate(&request, &schedule, workspace.data(), bytes,
                                out, why);
}

// MCPH's answer with allocated outputs; the schedule is the one hetcast.h
// describes: {period, 1 message, 1 part, route {0, 1}, tree, slots}.
struct McphResult {
  hetcast_status status = HETCAST_OK;
  hetcast_graph_answer answer = {};
  GraphScheduleData schedule;
};

inline McphResult RunMcph(const GraphInstance& g) {
  McphResult out;
  const hetcast_graph_request request = g.Request();
  hetcast_graph_sizes sizes;
  out.status = hetcast_graph_plan_sizes(&request, &sizes, nullptr);
  if (out.status != HETCAST_OK) return out;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_graph_route_edge> tree(sizes.tree_edge_count);
  std::vector<hetcast_graph_slot> slots(sizes.slot_count);
  out.status =
      hetcast_graph_plan(&request, HETCAST_ALGORITHM_MCPH, workspace.data(),
                         workspace.size(), tree.data(), tree.size(),
                         slots.data(), slots.size(), &out.answer, nullptr);
  if (out.status != HETCAST_OK) return out;
  tree.resize(out.answer.tree_edge_count);
  slots.resize(out.answer.slot_count);
  out.schedule.period = out.answer.period;
  out.schedule.messages = out.answer.messages;
  out.schedule.parts = 1;
  out.schedule.routes = {{0, 1}};
  out.schedule.route_edges = tree;
  out.schedule.slots = slots;
  return out;
}

}  // namespace hetcast

#endif  // HETCAST_TESTS_GRAPH_GRAPH_TEST_UTIL_H_
