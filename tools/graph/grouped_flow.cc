// grouped_flow.cc: a grouped optimum -> the paper's program's optimum
// (path decomposition for x, potentials for y).
#include "tools/graph/grouped_flow.h"

#include <map>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

namespace hetcast {

std::string ReachRowName(uint32_t destination) {
  return absl::StrCat("reach_", destination);
}

std::string ConserveRowName(const Commodity& commodity, uint32_t node) {
  return absl::StrCat("conserve_", commodity.origin, "_", commodity.destination,
                      "_", node);
}

namespace {

// One group's flow left to decompose, by request edge.
struct Residual {
  const hetcast_graph_request* request;
  std::vector<std::vector<size_t>> in;  // in-edges with flow left, by node
  std::vector<mpq_class> flow;
};

Residual GroupResidual(const hetcast_graph_request& request,
                       const MulticastProgram& grouped, const LpSolution& s,
                       size_t g) {
  Residual r{&request, std::vector<std::vector<size_t>>(request.node_count),
             std::vector<mpq_class>(request.edge_count)};
  for (size_t e = 0; e < request.edge_count; ++e) {
    const size_t column = grouped.flow_column[g][e];
    if (column == MulticastProgram::kNoColumn || sgn(s.x[column]) == 0) {
      continue;
    }
    r.flow[e] = s.x[column];
    r.in[request.edges[e].to].push_back(e);
  }
  return r;
}

// A path with flow left from an origin to `destination` (edges, origin
// first), found backwards by breadth-first search and stopped at the first
// origin met, so that it holds one origin; empty when there is none.
std::vector<size_t> PathFromAnOrigin(const Residual& r,
                                     const std::vector<bool>& is_origin,
                                     uint32_t destination) {
  const size_t none = SIZE_MAX;
  std::vector<size_t> via(r.request->node_count, none);  // edge to target
  std::vector<bool> seen(r.request->node_count, false);
  std::vector<uint32_t> queue = {destination};
  seen[destination] = true;
  for (size_t head = 0; head < queue.size(); ++head) {
    for (size_t e : r.in[queue[head]]) {
      const uint32_t u = r.request->edges[e].from;
      if (seen[u] || sgn(r.flow[e]) == 0) continue;
      seen[u] = true;
      via[u] = e;
      if (!is_origin[u]) {
        queue.push_back(u);
        continue;
      }
      std::vector<size_t> path;
      for (uint32_t v = u; v != destination; v = r.request->edges[via[v]].to) {
        path.push_back(via[v]);
      }
      return path;
    }
  }
  return {};
}

// Group g's flow as commodity flows, added into `x`.
absl::Status DecomposeGroup(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const MulticastProgram& grouped, const LpSolution& s, size_t g,
    const std::map<std::pair<uint32_t, uint32_t>, size_t>& commodity_of,
    std::vector<mpq_class>* x) {
  const FlowGroup& group = grouped.groups[g];
  Residual r = GroupResidual(request, grouped, s, g);
  std::vector<bool> is_origin(request.node_count, false);
  for (uint32_t o : group.origins) is_origin[o] = true;
  for (uint32_t d : group.destinations) {
    for (mpq_class lacking = 1; sgn(lacking) > 0;) {
      const std::vector<size_t> path = PathFromAnOrigin(r, is_origin, d);
      if (path.empty()) {
        return absl::InternalError(absl::StrCat(
            "grouped flow ", g, " does not decompose at node ", d));
      }
      mpq_class amount = lacking;
      for (size_t e : path) amount = std::min(amount, r.flow[e]);
      const uint32_t origin = request.edges[path.front()].from;
      const size_t c = commodity_of.at({origin, d});
      for (size_t e : path) {
        r.flow[e] -= amount;
        (*x)[program.flow_column[c][e]] += amount;
      }
      lacking -= amount;
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<mpq_class>> PrimalOf(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const MulticastProgram& grouped, const LpSolution& s) {
  std::map<std::pair<uint32_t, uint32_t>, size_t> commodity_of;
  for (size_t c = 0; c < program.commodities.size(); ++c) {
    commodity_of[{program.commodities[c].origin,
                  program.commodities[c].destination}] = c;
  }
  std::vector<mpq_class> x(program.lp.columns.size());
  for (size_t g = 0; g < grouped.groups.size(); ++g) {
    absl::Status status =
        DecomposeGroup(request, program, grouped, s, g, commodity_of, &x);
    if (!status.ok()) return status;
  }
  for (size_t e = 0; e < request.edge_count; ++e) {
    const size_t n = program.load_column[e];
    if (n == MulticastProgram::kNoColumn) continue;
    for (const std::vector<size_t>& columns : program.flow_column) {
      if (columns[e] != MulticastProgram::kNoColumn) x[n] += x[columns[e]];
    }
  }
  x[program.period_column] = s.x[grouped.period_column];
  return x;
}

// The paper's rows' duals by name (rows not named here get 0).
absl::flat_hash_map<std::string, mpq_class> DualsByName(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const MulticastProgram& grouped, const LpSolution& s) {
  absl::flat_hash_map<std::string, mpq_class> dual;
  for (size_t r = 0; r < grouped.lp.rows.size(); ++r) {
    dual[grouped.lp.rows[r].name] = s.y[r];  // sum and port rows
  }
  std::vector<size_t> group_of(request.node_count, 0);
  for (size_t g = 0; g < grouped.groups.size(); ++g) {
    for (uint32_t d : grouped.groups[g].destinations) group_of[d] = g;
  }
  const auto mu = [&](uint32_t d, uint32_t v) {
    const size_t row = grouped.group_row[group_of[d]][v];
    return row == MulticastProgram::kNoColumn ? mpq_class(0) : s.y[row];
  };
  for (const Commodity& c : program.commodities) {
    dual[ReachRowName(c.destination)] = -mu(c.destination, c.destination);
    for (uint32_t v = 0; v < request.node_count; ++v) {
      if (v != c.origin && v != c.destination) {
        dual[ConserveRowName(c, v)] = mu(c.destination, v);
      }
    }
  }
  return dual;
}

}  // namespace

absl::StatusOr<LpSolution> ExpandGroupedSolution(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const MulticastProgram& grouped, const LpSolution& grouped_solution) {
  absl::StatusOr<std::vector<mpq_class>> x =
      PrimalOf(request, program, grouped, grouped_solution);
  if (!x.ok()) return x.status();
  LpSolution solution;
  solution.x = *std::move(x);
  solution.objective = grouped_solution.objective;
  const absl::flat_hash_map<std::string, mpq_class> dual =
      DualsByName(request, program, grouped, grouped_solution);
  for (const LinearProgram::Row& row : program.lp.rows) {
    const auto it = dual.find(row.name);
    solution.y.push_back(it == dual.end() ? mpq_class(0) : it->second);
  }
  return solution;
}

}  // namespace hetcast
