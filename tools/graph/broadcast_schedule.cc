// broadcast_schedule.cc: Broadcast-EB's loads -> integer capacities ->
// weighted arborescences -> a periodic schedule.
#include "tools/graph/broadcast_schedule.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/graph/arborescence_packing.h"

namespace hetcast {
namespace {

// The edges the program loads (inside the kept set) with n_e > 0, as arcs
// of capacity min(ceil(N n_e), N), and the request edge of each arc.
struct Capacities {
  mpz_class scale;  // N
  bool exact = true;
  std::vector<CapacitatedArc> arcs;
  std::vector<size_t> edge;
};

// The scale N and whether it is exact: the least common multiple of the
// loads' denominators when N times the edge count fits in 62 bits (the
// packing's integers, with room to spare), else the largest power of two
// that does.
std::pair<mpz_class, bool> ScaleOf(const hetcast_graph_request& r,
                                   const LpBound& eb) {
  mpz_class scale = 1;
  const std::vector<size_t>& load = eb.program.load_column;
  for (size_t e = 0; e < r.edge_count; ++e) {
    if (load[e] == MulticastProgram::kNoColumn) continue;
    scale = Lcm(scale, eb.solution.x[load[e]].get_den());
  }
  const mpz_class most = mpz_class(1) << 62;
  if (scale * (r.edge_count + 1) < most) return {scale, true};
  mpz_class power = 1;
  while (power * 2 * (r.edge_count + 1) < most) power *= 2;
  return {power, false};
}

Capacities CapacitiesOf(const hetcast_graph_request& r, const LpBound& eb) {
  Capacities c;
  std::tie(c.scale, c.exact) = ScaleOf(r, eb);
  const std::vector<size_t>& load = eb.program.load_column;
  for (size_t e = 0; e < r.edge_count; ++e) {
    if (load[e] == MulticastProgram::kNoColumn) continue;
    const mpq_class scaled = eb.solution.x[load[e]] * c.scale;
    mpz_class capacity;  // Rounded up: N n_e when N is exact.
    mpz_cdiv_q(capacity.get_mpz_t(), scaled.get_num_mpz_t(),
               scaled.get_den_mpz_t());
    capacity = std::min(capacity, c.scale);
    if (sgn(capacity) == 0) continue;
    c.arcs.push_back({r.edges[e].from, r.edges[e].to,
                      static_cast<uint64_t>(mpz_get_ui(capacity.get_mpz_t()))});
    c.edge.push_back(e);
  }
  return c;
}

}  // namespace

absl::StatusOr<std::vector<WeightedRoute>> BroadcastRoutes(
    const hetcast_graph_request& request, const std::vector<bool>& kept,
    const LpBound& eb) {
  if (!eb.finite) {
    return absl::InvalidArgumentError("Broadcast-EB is +infinity: no schedule");
  }
  const Capacities c = CapacitiesOf(request, eb);
  const uint64_t n = static_cast<uint64_t>(mpz_get_ui(c.scale.get_mpz_t()));
  absl::StatusOr<std::vector<Arborescence>> trees =
      PackArborescences(request.node_count, c.arcs, request.source, kept, n);
  if (!trees.ok()) {
    return absl::InternalError(absl::StrCat(
        "Broadcast-EB's loads hold no packing: ", trees.status().message()));
  }
  std::vector<WeightedRoute> routes;
  mpq_class start = 0;
  for (const Arborescence& tree : *trees) {
    WeightedRoute& route = routes.emplace_back();
    for (size_t a : tree.arcs) route.edges.push_back(c.edge[a]);
    route.start = start;
    route.weight =
        mpq_class(mpz_class(absl::StrCat(tree.multiplicity)), c.scale);
    route.weight.canonicalize();
    start += route.weight;
  }
  return routes;
}

absl::StatusOr<PeriodicSchedule> BroadcastSchedule(
    const hetcast_graph_request& request, const std::vector<bool>& kept,
    const LpBound& eb, uint64_t max_period) {
  absl::StatusOr<std::vector<WeightedRoute>> routes =
      BroadcastRoutes(request, kept, eb);
  if (!routes.ok()) return routes.status();
  return BuildSchedule(request, *routes, max_period, "the broadcast");
}

}  // namespace hetcast
