// dual_bound.cc: shortest paths over port-weighted lengths (dual_bound.h).
#include "tools/graph/dual_bound.h"

#include <optional>

#include "absl/strings/str_format.h"

namespace hetcast {
namespace {

absl::Status CheckWeights(const hetcast_graph_request& request,
                          const PortWeights& weights) {
  if (weights.send.size() != request.node_count ||
      weights.receive.size() != request.node_count) {
    return absl::InvalidArgumentError("port weights: one per node expected");
  }
  mpq_class sum = 0;
  for (uint32_t v = 0; v < request.node_count; ++v) {
    if (sgn(weights.send[v]) < 0 || sgn(weights.receive[v]) < 0) {
      return absl::InvalidArgumentError("port weights: a negative weight");
    }
    sum += weights.send[v] + weights.receive[v];
  }
  if (sum > 1) return absl::InvalidArgumentError("port weights: sum above 1");
  return absl::OkStatus();
}

// Distances from `origins` over `lengths` (Dijkstra, O(V^2): V <= a few
// hundred); nullopt where unreachable.
std::vector<std::optional<mpq_class>> Distances(
    const hetcast_graph_request& request, const std::vector<mpq_class>& lengths,
    const std::vector<uint32_t>& origins) {
  std::vector<std::optional<mpq_class>> dist(request.node_count);
  std::vector<bool> done(request.node_count, false);
  for (uint32_t o : origins) dist[o] = 0;
  for (;;) {
    std::optional<uint32_t> next;
    for (uint32_t v = 0; v < request.node_count; ++v) {
      if (!done[v] && dist[v].has_value() &&
          (!next.has_value() || *dist[v] < *dist[*next])) {
        next = v;
      }
    }
    if (!next.has_value()) return dist;
    done[*next] = true;
    for (size_t e = 0; e < request.edge_count; ++e) {
      const hetcast_graph_edge& edge = request.edges[e];
      if (edge.from != *next) continue;
      const mpq_class through = *dist[*next] + lengths[e];
      if (!dist[edge.to].has_value() || through < *dist[edge.to]) {
        dist[edge.to] = through;
      }
    }
  }
}

// w_e = c_e (alpha_from + beta_to).
std::vector<mpq_class> Lengths(const hetcast_graph_request& request,
                               const PortWeights& weights) {
  std::vector<mpq_class> lengths(request.edge_count);
  for (size_t e = 0; e < request.edge_count; ++e) {
    const hetcast_graph_edge& edge = request.edges[e];
    const mpq_class cost(mpz_class(absl::StrFormat("%d", edge.cost)));
    lengths[e] = cost * (weights.send[edge.from] + weights.receive[edge.to]);
  }
  return lengths;
}

}  // namespace

PortWeights PortDuals(const MulticastProgram& program,
                      const LpSolution& optimum) {
  PortWeights weights;
  const auto dual = [&](size_t row) {
    return row == MulticastProgram::kNoColumn ? mpq_class(0) : optimum.y[row];
  };
  for (size_t v = 0; v < program.send_row.size(); ++v) {
    weights.send.push_back(dual(program.send_row[v]));
    weights.receive.push_back(dual(program.receive_row[v]));
  }
  return weights;
}

absl::StatusOr<mpq_class> SummedLoadDualBound(
    const hetcast_graph_request& request, const PortWeights& weights,
    const std::vector<FlowGroup>& groups) {
  absl::Status valid = CheckWeights(request, weights);
  if (!valid.ok()) return valid;
  const std::vector<mpq_class> lengths = Lengths(request, weights);
  mpq_class bound = 0;
  for (const FlowGroup& group : groups) {
    const std::vector<std::optional<mpq_class>> dist =
        Distances(request, lengths, group.origins);
    for (uint32_t d : group.destinations) {
      if (!dist[d].has_value()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("node %d cannot be reached", d));
      }
      bound += *dist[d];
    }
  }
  return bound;
}

absl::StatusOr<std::vector<mpq_class>> SummedLoadDualSolution(
    const hetcast_graph_request& request, const PortWeights& weights,
    const MulticastProgram& program) {
  absl::Status valid = CheckWeights(request, weights);
  if (!valid.ok()) return valid;
  const std::vector<mpq_class> lengths = Lengths(request, weights);
  std::vector<mpq_class> y(program.lp.rows.size(), 0);
  for (uint32_t v = 0; v < request.node_count; ++v) {
    if (program.send_row[v] != MulticastProgram::kNoColumn) {
      y[program.send_row[v]] = weights.send[v];
    }
    if (program.receive_row[v] != MulticastProgram::kNoColumn) {
      y[program.receive_row[v]] = weights.receive[v];
    }
  }
  for (size_t e = 0; e < request.edge_count; ++e) {
    if (program.sum_row[e] != MulticastProgram::kNoColumn) {
      y[program.sum_row[e]] = lengths[e];
    }
  }
  for (size_t g = 0; g < program.groups.size(); ++g) {
    const std::vector<std::optional<mpq_class>> dist =
        Distances(request, lengths, program.groups[g].origins);
    for (uint32_t v = 0; v < request.node_count; ++v) {
      const size_t row = program.group_row[g][v];
      if (row == MulticastProgram::kNoColumn) continue;
      if (!dist[v].has_value()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("node %d cannot be reached", v));
      }
      y[row] = -*dist[v];
    }
  }
  return y;
}

}  // namespace hetcast
