// scatter_schedule.cc: UB's and MMS-UB's flows -> weighted paths ->
// routes (periodic_schedule.h does the rest).
#include "tools/graph/scatter_schedule.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"

namespace hetcast {

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

// Commodity c's paths as routes laid end to end from `*start` on.
void AddPaths(const hetcast_graph_request& r, const LpBound& bound, size_t c,
              mpq_class* start, std::vector<WeightedRoute>* routes) {
  for (WeightedPath& p : Decompose(r, bound.program, bound.solution.x, c)) {
    routes->push_back(
        {std::move(p.edges), *start, p.weight, static_cast<uint32_t>(c)});
    *start += p.weight;
  }
}

// Per destination, in program order (consecutive commodities share one),
// its paths over [0, 1). InternalError when some destination's do not sum
// to 1 (an LP answer that is not a multicast).
absl::StatusOr<std::vector<std::vector<WeightedRoute>>> PathsByDestination(
    const hetcast_graph_request& r, const LpBound& bound) {
  std::vector<std::vector<WeightedRoute>> by_destination;
  std::vector<mpq_class> ends;
  const std::vector<Commodity>& commodities = bound.program.commodities;
  for (size_t c = 0; c < commodities.size(); ++c) {
    if (c == 0 ||
        commodities[c].destination != commodities[c - 1].destination) {
      by_destination.emplace_back();
      ends.emplace_back(0);
    }
    AddPaths(r, bound, c, &ends.back(), &by_destination.back());
  }
  for (const mpq_class& end : ends) {
    if (end != 1) {
      return absl::InternalError(absl::StrCat(
          "a destination's flow paths carry ", end.get_str(), ", not 1"));
    }
  }
  return by_destination;
}

// Every path end, sorted, distinct: the pieces are between consecutive ones.
std::vector<mpq_class> Cuts(
    const std::vector<std::vector<WeightedRoute>>& by_destination) {
  std::vector<mpq_class> cuts = {0};
  for (const auto& paths : by_destination) {
    for (const WeightedRoute& p : paths) cuts.push_back(p.start + p.weight);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return cuts;
}

// Appends to `tree` the part of `path` after its last node already in the
// tree (the origin at least), marking the nodes it adds.
void Graft(const hetcast_graph_request& r, const std::vector<size_t>& path,
           std::vector<bool>* in_tree, std::vector<size_t>* tree) {
  size_t first = 0;
  for (size_t i = path.size(); i-- > 0;) {
    if ((*in_tree)[r.edges[path[i]].to]) {
      first = i + 1;
      break;
    }
  }
  for (size_t i = first; i < path.size(); ++i) {
    (*in_tree)[r.edges[path[i]].to] = true;
    tree->push_back(path[i]);
  }
}

// The route tree of the piece starting at `at`: each destination grafts
// its path covering `at` (`cursor` per destination, advanced).
std::vector<size_t> PieceTree(
    const hetcast_graph_request& r,
    const std::vector<std::vector<WeightedRoute>>& by_destination,
    const mpq_class& at, std::vector<size_t>* cursor) {
  std::vector<bool> in_tree(r.node_count, false);
  in_tree[r.source] = true;
  std::vector<size_t> tree;
  for (size_t d = 0; d < by_destination.size(); ++d) {
    const std::vector<WeightedRoute>& paths = by_destination[d];
    size_t& i = (*cursor)[d];
    while (paths[i].start + paths[i].weight <= at) ++i;
    Graft(r, paths[i].edges, &in_tree, &tree);
  }
  return tree;
}

}  // namespace

std::vector<WeightedRoute> ScatterRoutes(const hetcast_graph_request& request,
                                         const LpBound& ub) {
  std::vector<WeightedRoute> routes;
  for (size_t c = 0; c < ub.program.commodities.size(); ++c) {
    mpq_class start = 0;  // Each target's own parts.
    AddPaths(request, ub, c, &start, &routes);
  }
  return routes;
}

absl::StatusOr<PeriodicSchedule> ScatterSchedule(
    const hetcast_graph_request& request, const LpBound& ub,
    uint64_t max_period) {
  return BuildSchedule(request, ScatterRoutes(request, ub), max_period,
                       "the scatter");
}

absl::StatusOr<std::vector<WeightedRoute>> MultiSourceRoutes(
    const hetcast_graph_request& request, const std::vector<uint32_t>& sources,
    const LpBound& mms) {
  if (sources.empty() || sources[0] != request.source) {
    return absl::InvalidArgumentError("sources[0] must be the source");
  }
  absl::StatusOr<std::vector<std::vector<WeightedRoute>>> by_destination =
      PathsByDestination(request, mms);
  if (!by_destination.ok()) return by_destination.status();
  const std::vector<mpq_class> cuts = Cuts(*by_destination);
  std::vector<size_t> cursor(by_destination->size(), 0);
  std::vector<WeightedRoute> routes;
  for (size_t i = 0; i + 1 < cuts.size(); ++i) {
    std::vector<size_t> tree =
        PieceTree(request, *by_destination, cuts[i], &cursor);
    const mpq_class weight = cuts[i + 1] - cuts[i];
    if (!routes.empty() && routes.back().edges == tree) {
      routes.back().weight += weight;
    } else {
      routes.push_back({std::move(tree), cuts[i], weight});
    }
  }
  return BalancedRoutes(request, std::move(routes));
}

absl::StatusOr<PeriodicSchedule> MultiSourceSchedule(
    const hetcast_graph_request& request, const std::vector<uint32_t>& sources,
    const LpBound& mms, uint64_t max_period) {
  absl::StatusOr<std::vector<WeightedRoute>> routes =
      MultiSourceRoutes(request, sources, mms);
  if (!routes.ok()) return routes.status();
  return BuildSchedule(request, *routes, max_period,
                       "the multi-source scatter");
}

}  // namespace hetcast
