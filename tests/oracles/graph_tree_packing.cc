// graph_tree_packing.cc: TEST-ONLY. Parent assignments node by node, each
// complete one kept if it is a minimal Steiner arborescence; then the
// Theorem 4 LP over them.
#include "tests/oracles/graph_tree_packing.h"

#include "absl/strings/str_cat.h"
#include "tools/graph/exact_lp.h"

namespace hetcast {
namespace oracle {
namespace {

// Whether `parent` is a tree from the source holding every target with
// only targets as leaves.
bool IsMinimalTree(const hetcast_graph_request& r,
                   const std::vector<uint32_t>& parent,
                   const std::vector<bool>& target) {
  const size_t n = r.node_count;
  std::vector<int> children(n, 0);
  for (uint32_t v = 0; v < n; ++v) {
    if (target[v] && parent[v] == HETCAST_NO_NODE) return false;
    if (parent[v] == HETCAST_NO_NODE) continue;
    uint32_t u = v;
    size_t steps = 0;
    while (u != r.source && parent[u] != HETCAST_NO_NODE && steps++ <= n) {
      u = parent[u];
    }
    if (u != r.source) return false;  // A cycle or a detached chain.
    ++children[parent[v]];
  }
  for (uint32_t v = 0; v < n; ++v) {
    const bool in_tree = parent[v] != HETCAST_NO_NODE;
    if (in_tree && children[v] == 0 && !target[v]) return false;
  }
  return true;
}

struct Enumeration {
  const hetcast_graph_request& r;
  std::vector<bool> target;
  std::vector<std::vector<uint32_t>> in_from;  // In-neighbours per node.
  std::vector<uint32_t> parent;
  std::vector<std::vector<uint32_t>> trees;

  void Visit(uint32_t v) {
    if (v == r.node_count) {
      if (IsMinimalTree(r, parent, target)) trees.push_back(parent);
      return;
    }
    if (v == r.source) return Visit(v + 1);
    if (!target[v]) {
      parent[v] = HETCAST_NO_NODE;
      Visit(v + 1);
    }
    for (uint32_t u : in_from[v]) {
      parent[v] = u;
      Visit(v + 1);
    }
    parent[v] = HETCAST_NO_NODE;
  }
};

}  // namespace

std::vector<std::vector<uint32_t>> SteinerArborescences(
    const hetcast_graph_request& r, size_t limit) {
  Enumeration en{r,
                 std::vector<bool>(r.node_count, false),
                 std::vector<std::vector<uint32_t>>(r.node_count),
                 std::vector<uint32_t>(r.node_count, HETCAST_NO_NODE),
                 {}};
  for (size_t i = 0; i < r.target_count; ++i) en.target[r.targets[i]] = true;
  for (size_t e = 0; e < r.edge_count; ++e) {
    en.in_from[r.edges[e].to].push_back(r.edges[e].from);
  }
  double assignments = 1;
  for (uint32_t v = 0; v < r.node_count; ++v) {
    if (v != r.source) assignments *= en.in_from[v].size() + 1.0;
  }
  if (assignments > static_cast<double>(limit)) return {};
  en.Visit(0);
  return en.trees;
}

absl::StatusOr<mpq_class> OptimalPeriod(const hetcast_graph_request& r,
                                        size_t limit) {
  const std::vector<std::vector<uint32_t>> trees =
      SteinerArborescences(r, limit);
  if (trees.empty()) {
    return absl::FailedPreconditionError("too many trees (or none)");
  }
  std::vector<std::vector<uint64_t>> cost(
      r.node_count, std::vector<uint64_t>(r.node_count, 0));
  for (size_t e = 0; e < r.edge_count; ++e) {
    cost[r.edges[e].from][r.edges[e].to] = r.edges[e].cost;
  }
  LinearProgram lp;
  std::vector<std::vector<std::pair<size_t, mpq_class>>> receive(r.node_count);
  std::vector<std::vector<std::pair<size_t, mpq_class>>> send(r.node_count);
  for (size_t k = 0; k < trees.size(); ++k) {
    const size_t y = lp.AddColumn(absl::StrCat("y", k), -1);  // max sum y
    std::vector<uint64_t> out(r.node_count, 0);
    for (uint32_t v = 0; v < r.node_count; ++v) {
      const uint32_t p = trees[k][v];
      if (p == HETCAST_NO_NODE) continue;
      receive[v].emplace_back(y, mpz_class(absl::StrCat(cost[p][v])));
      out[p] += cost[p][v];
    }
    for (uint32_t v = 0; v < r.node_count; ++v) {
      if (out[v] != 0) send[v].emplace_back(y, mpz_class(absl::StrCat(out[v])));
    }
  }
  for (uint32_t v = 0; v < r.node_count; ++v) {
    lp.AddRow(absl::StrCat("in", v), receive[v], RowSense::kLessEqual, 1);
    lp.AddRow(absl::StrCat("out", v), send[v], RowSense::kLessEqual, 1);
  }
  absl::StatusOr<LpSolution> solution = SolveExactLp(lp);
  if (!solution.ok()) return solution.status();
  const mpq_class rho = -solution->objective;
  return mpq_class(1 / rho);
}

}  // namespace oracle
}  // namespace hetcast
