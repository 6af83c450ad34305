// scatter_schedule.cc: UB's flows -> weighted paths -> routes, parts and
// one-port slots.
#include "tools/graph/scatter_schedule.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/graph/bipartite_colouring.h"

namespace hetcast {

hetcast_graph_schedule PeriodicSchedule::View() const {
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

namespace {

struct WeightedPath {
  std::vector<size_t> edges;  // Request edge indices, source first.
  mpq_class weight;
};

// One walk from `origin` along the out-edges of least index with flow left:
// a path to `destination` (returned), or a cycle (cancelled in `flow`, and
// an empty path returned). `out` lists each node's out-edges by index.
// False when the origin has no flow left.
bool Walk(const hetcast_graph_request& r,
          const std::vector<std::vector<size_t>>& out, const Commodity& c,
          std::vector<mpq_class>* flow, WeightedPath* path) {
  std::vector<size_t> walk;
  std::vector<size_t> position(r.node_count, SIZE_MAX);
  uint32_t v = c.origin;
  position[v] = 0;
  while (v != c.destination) {
    size_t next = SIZE_MAX;
    for (size_t e : out[v]) {
      if (sgn((*flow)[e]) > 0) {
        next = e;
        break;
      }
    }
    if (next == SIZE_MAX) return false;  // Only at the origin (conservation).
    walk.push_back(next);
    v = r.edges[next].to;
    if (position[v] != SIZE_MAX) {  // A cycle: walk[position[v] ..].
      walk.erase(walk.begin(), walk.begin() + position[v]);
      break;
    }
    position[v] = walk.size();
  }
  mpq_class least = (*flow)[walk[0]];
  for (size_t e : walk) least = std::min(least, (*flow)[e]);
  for (size_t e : walk) (*flow)[e] -= least;
  path->edges.clear();
  if (v == c.destination && r.edges[walk[0]].from == c.origin) {
    path->edges = std::move(walk);
    path->weight = least;
  }
  return true;
}

// The weighted paths of commodity `c`'s flow in `x` (cycles dropped).
std::vector<WeightedPath> Decompose(const hetcast_graph_request& r,
                                    const MulticastProgram& program,
                                    const std::vector<mpq_class>& x, size_t c) {
  std::vector<std::vector<size_t>> out(r.node_count);
  std::vector<mpq_class> flow(r.edge_count);
  for (size_t e = 0; e < r.edge_count; ++e) {
    const size_t column = program.flow_column[c][e];
    if (column != MulticastProgram::kNoColumn) flow[e] = x[column];
    out[r.edges[e].from].push_back(e);
  }
  std::vector<WeightedPath> paths;
  WeightedPath path;
  while (Walk(r, out, program.commodities[c], &flow, &path)) {
    if (!path.edges.empty()) paths.push_back(path);
  }
  return paths;
}

mpz_class Lcm(const mpz_class& a, const mpz_class& b) {
  mpz_class l;
  mpz_lcm(l.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
  return l;
}

absl::StatusOr<uint64_t> ToU64(const mpz_class& v, const char* what) {
  if (sgn(v) < 0 || !mpz_fits_ulong_p(v.get_mpz_t())) {
    return absl::OutOfRangeError(absl::StrCat("the scatter's schedule needs ",
                                              what, " = ", v.get_str(),
                                              ", more than 64 bits"));
  }
  return static_cast<uint64_t>(mpz_get_ui(v.get_mpz_t()));
}

mpz_class Cost(const hetcast_graph_request& r, size_t e) {
  return mpz_class(absl::StrCat(r.edges[e].cost));
}

// K (messages per period), D (parts per message) and T (ticks per
// period) for `paths`, each fitting in 64 bits with K D too.
struct Scale {
  mpz_class messages;
  mpz_class parts;
  uint64_t period = 0;
};

absl::StatusOr<Scale> ScaleOf(
    const hetcast_graph_request& r,
    const std::vector<std::pair<uint32_t, WeightedPath>>& paths,
    const mpq_class& period_per_message) {
  Scale scale{1, 1, 0};
  for (const auto& [target, p] : paths) {
    scale.messages = Lcm(scale.messages, p.weight.get_den());
    for (size_t e : p.edges) scale.parts = Lcm(scale.parts, Cost(r, e));
  }
  absl::StatusOr<uint64_t> product =
      ToU64(scale.messages * scale.parts, "messages x parts per period");
  if (!product.ok()) return product.status();
  const mpq_class period = period_per_message * scale.messages;
  if (period.get_den() != 1) {
    return absl::InternalError("K T* is not an integer");
  }
  absl::StatusOr<uint64_t> ticks = ToU64(period.get_num(), "a period");
  if (!ticks.ok()) return ticks.status();
  scale.period = *ticks;
  return scale;
}

// Routes (each path its own parts of its target's K D per period) and the
// transfers each route edge needs per period (K w c ticks), in path order.
void Routes(const hetcast_graph_request& r,
            const std::vector<std::pair<uint32_t, WeightedPath>>& paths,
            const Scale& scale, PeriodicSchedule* schedule,
            std::vector<Transfer>* transfers, std::vector<uint64_t>* costs) {
  std::vector<mpz_class> next_part(r.node_count, 0);
  for (size_t i = 0; i < paths.size(); ++i) {
    const auto& [target, path] = paths[i];
    const mpq_class messages = path.weight * scale.messages;  // An integer.
    const mpz_class parts = messages.get_num() * scale.parts;
    schedule->routes.push_back({mpz_get_ui(next_part[target].get_mpz_t()),
                                mpz_get_ui(parts.get_mpz_t())});
    next_part[target] += parts;
    for (size_t e : path.edges) {
      const hetcast_graph_edge& edge = r.edges[e];
      schedule->route_edges.push_back(
          {static_cast<uint32_t>(i), edge.from, edge.to});
      const mpz_class ticks = messages.get_num() * Cost(r, e);
      transfers->push_back({edge.from, edge.to, mpz_get_ui(ticks.get_mpz_t())});
      costs->push_back(edge.cost);
    }
  }
}

}  // namespace

absl::StatusOr<PeriodicSchedule> ScatterSchedule(
    const hetcast_graph_request& request, const LpBound& ub) {
  std::vector<std::pair<uint32_t, WeightedPath>> paths;
  for (size_t c = 0; c < ub.program.commodities.size(); ++c) {
    for (WeightedPath& p : Decompose(request, ub.program, ub.solution.x, c)) {
      paths.emplace_back(ub.program.commodities[c].destination, std::move(p));
    }
  }
  absl::StatusOr<Scale> scale = ScaleOf(request, paths, ub.period);
  if (!scale.ok()) return scale.status();
  PeriodicSchedule schedule;
  schedule.period = scale->period;
  schedule.messages = mpz_get_ui(scale->messages.get_mpz_t());
  schedule.parts = mpz_get_ui(scale->parts.get_mpz_t());
  std::vector<Transfer> transfers;
  std::vector<uint64_t> costs;
  Routes(request, paths, *scale, &schedule, &transfers, &costs);
  absl::StatusOr<std::vector<TransferPiece>> pieces =
      ColourTransfers(request.node_count, transfers, schedule.period);
  if (!pieces.ok()) return pieces.status();
  // A piece of t ticks on an edge of cost c carries t D / c parts (an
  // integer: c divides D); transfers are in route-edge order.
  for (const TransferPiece& piece : *pieces) {
    const Transfer& t = transfers[piece.transfer];
    const mpz_class amount = mpz_class(absl::StrCat(piece.ticks)) *
                             scale->parts / costs[piece.transfer];
    schedule.slots.push_back({piece.start, piece.ticks, t.from, t.to,
                              schedule.route_edges[piece.transfer].route,
                              mpz_get_ui(amount.get_mpz_t())});
  }
  return schedule;
}

}  // namespace hetcast

namespace hetcast {

absl::StatusOr<hetcast_graph_evaluation> EvaluateSchedule(
    const hetcast_graph_request& request, const PeriodicSchedule& schedule) {
  const hetcast_graph_schedule view = schedule.View();
  size_t bytes = 0;
  hetcast_status status =
      hetcast_graph_evaluate_workspace_size(&request, &view, &bytes);
  std::vector<unsigned char> workspace(bytes);
  hetcast_graph_evaluation evaluation = {};
  if (status == HETCAST_OK) {
    status = hetcast_graph_evaluate(&request, &view, workspace.data(), bytes,
                                    &evaluation);
  }
  if (status != HETCAST_OK) {
    return absl::InternalError(absl::StrCat(
        "the evaluator rejects the schedule: ", hetcast_status_str(status),
        status == HETCAST_INVALID_SCHEDULE
            ? absl::StrCat(
                  " (", hetcast_graph_violation_str(evaluation.violation), ")")
            : ""));
  }
  return evaluation;
}

}  // namespace hetcast
