// graph_tree_search.cc: TEST-ONLY. Every parent assignment, checked and
// measured directly; the only pruning is that a partial assignment whose
// largest load already reaches the best period found cannot improve it
// (loads only grow as parents are added).
#include "tests/oracles/graph_tree_search.h"

#include <algorithm>

namespace hetcast {
namespace oracle {
namespace {

struct Search {
  const hetcast_graph_request& r;
  std::vector<std::vector<uint32_t>> in_edges;  // per node
  std::vector<uint32_t> parent;                 // HETCAST_NO_NODE = none
  std::vector<uint64_t> load;
  uint64_t best = UINT64_MAX;
  std::vector<uint32_t> best_parent;

  void Visit(uint32_t v, uint64_t max_load) {
    if (max_load >= best) return;
    if (v == r.node_count) {
      const uint64_t period = TreePeriod(r, parent);
      if (period < best) {
        best = period;
        best_parent = parent;
      }
      return;
    }
    if (v == r.source) return Visit(v + 1, max_load);
    parent[v] = HETCAST_NO_NODE;
    Visit(v + 1, max_load);
    for (uint32_t e : in_edges[v]) {
      const hetcast_graph_edge& edge = r.edges[e];
      parent[v] = edge.from;
      load[edge.from] += edge.cost;
      Visit(v + 1, std::max(max_load, load[edge.from]));
      load[edge.from] -= edge.cost;
    }
    parent[v] = HETCAST_NO_NODE;
  }
};

}  // namespace

uint64_t TreePeriod(const hetcast_graph_request& r,
                    const std::vector<uint32_t>& parents) {
  const size_t n = r.node_count;
  if (parents.size() != n || parents[r.source] != HETCAST_NO_NODE) {
    return UINT64_MAX;
  }
  for (size_t i = 0; i < r.target_count; ++i) {
    if (parents[r.targets[i]] == HETCAST_NO_NODE) return UINT64_MAX;
  }
  std::vector<uint64_t> load(n, 0);
  for (uint32_t v = 0; v < n; ++v) {
    if (parents[v] == HETCAST_NO_NODE) continue;
    // Walk up: the source must come within n steps (else a cycle or a
    // parent outside the tree).
    uint32_t at = v;
    size_t steps = 0;
    while (at != r.source && parents[at] != HETCAST_NO_NODE && steps <= n) {
      at = parents[at];
      ++steps;
    }
    if (at != r.source) return UINT64_MAX;
    const hetcast_graph_edge* edge = nullptr;
    for (size_t e = 0; e < r.edge_count; ++e) {
      if (r.edges[e].from == parents[v] && r.edges[e].to == v) {
        edge = &r.edges[e];
      }
    }
    if (edge == nullptr) return UINT64_MAX;
    load[parents[v]] += edge->cost;
  }
  return *std::max_element(load.begin(), load.end());
}

uint64_t BestSingleTreePeriod(const hetcast_graph_request& r,
                              std::vector<uint32_t>* parents) {
  Search search{r,
                std::vector<std::vector<uint32_t>>(r.node_count),
                std::vector<uint32_t>(r.node_count, HETCAST_NO_NODE),
                std::vector<uint64_t>(r.node_count, 0),
                UINT64_MAX,
                {}};
  for (uint32_t e = 0; e < r.edge_count; ++e) {
    search.in_edges[r.edges[e].to].push_back(e);
  }
  search.Visit(0, 0);
  if (parents != nullptr) *parents = search.best_parent;
  return search.best;
}

}  // namespace oracle
}  // namespace hetcast
