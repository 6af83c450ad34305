// broadcast_schedule.cc: Broadcast-EB's loads -> integer capacities ->
// weighted arborescences -> a periodic schedule.
#include "tools/graph/broadcast_schedule.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/graph/arborescence_packing.h"

namespace hetcast {
namespace {

// The edges the program loads (inside the kept set) with n_e > 0, as arcs
// of capacity min(N n_e, N), and the request edge of each arc.
struct Capacities {
  mpz_class scale;  // N
  std::vector<CapacitatedArc> arcs;
  std::vector<size_t> edge;
};

absl::StatusOr<Capacities> CapacitiesOf(const hetcast_graph_request& r,
                                        const LpBound& eb) {
  Capacities c;
  c.scale = 1;
  const std::vector<size_t>& load = eb.program.load_column;
  for (size_t e = 0; e < r.edge_count; ++e) {
    if (load[e] == MulticastProgram::kNoColumn) continue;
    c.scale = Lcm(c.scale, eb.solution.x[load[e]].get_den());
  }
  const mpz_class total = c.scale * (r.edge_count + 1);
  if (!mpz_fits_slong_p(total.get_mpz_t())) {
    return absl::OutOfRangeError(absl::StrCat(
        "the broadcast's schedule needs ", c.scale.get_str(),
        " arborescences, more than 63 bits with the edges' capacities"));
  }
  for (size_t e = 0; e < r.edge_count; ++e) {
    if (load[e] == MulticastProgram::kNoColumn) continue;
    const mpq_class scaled = eb.solution.x[load[e]] * c.scale;  // Integer.
    const mpz_class capacity = std::min(mpz_class(scaled.get_num()), c.scale);
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
  absl::StatusOr<Capacities> c = CapacitiesOf(request, eb);
  if (!c.ok()) return c.status();
  const uint64_t n = static_cast<uint64_t>(mpz_get_ui(c->scale.get_mpz_t()));
  absl::StatusOr<std::vector<Arborescence>> trees =
      PackArborescences(request.node_count, c->arcs, request.source, kept, n);
  if (!trees.ok()) {
    return absl::InternalError(absl::StrCat(
        "Broadcast-EB's loads hold no packing: ", trees.status().message()));
  }
  std::vector<WeightedRoute> routes;
  mpq_class start = 0;
  for (const Arborescence& tree : *trees) {
    WeightedRoute& route = routes.emplace_back();
    for (size_t a : tree.arcs) route.edges.push_back(c->edge[a]);
    route.start = start;
    route.weight =
        mpq_class(mpz_class(absl::StrCat(tree.multiplicity)), c->scale);
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
