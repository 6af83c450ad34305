// periodic_schedule.cc: weighted routes -> K, D, T -> route edges,
// transfers -> one-port slots.
#include "tools/graph/periodic_schedule.h"

#include <algorithm>
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

mpz_class Lcm(const mpz_class& a, const mpz_class& b) {
  mpz_class l;
  mpz_lcm(l.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
  return l;
}

mpz_class EdgeCost(const hetcast_graph_request& request, size_t edge) {
  return mpz_class(absl::StrCat(request.edges[edge].cost));
}

namespace {

absl::StatusOr<uint64_t> ToU64(const mpz_class& v, const char* schedule,
                               const char* what) {
  if (sgn(v) < 0 || !mpz_fits_ulong_p(v.get_mpz_t())) {
    return absl::OutOfRangeError(absl::StrCat(schedule, "'s schedule needs ",
                                              what, " = ", v.get_str(),
                                              ", more than 64 bits"));
  }
  return static_cast<uint64_t>(mpz_get_ui(v.get_mpz_t()));
}

uint64_t U64(const mpz_class& v) {
  return static_cast<uint64_t>(mpz_get_ui(v.get_mpz_t()));
}

// K (messages per period), D (parts per message), T (ticks per period)
// and the whole messages each route carries per period.
struct Scale {
  mpz_class messages = 1;
  mpz_class parts = 1;
  uint64_t period = 0;
  std::vector<mpz_class> carried;
};

// D: the least common multiple of the costs of the edges used.
mpz_class PartsOf(const hetcast_graph_request& r,
                  const std::vector<WeightedRoute>& routes) {
  mpz_class parts = 1;
  for (const WeightedRoute& route : routes) {
    for (size_t e : route.edges) parts = Lcm(parts, EdgeCost(r, e));
  }
  return parts;
}

absl::StatusOr<Scale> ExactScale(const hetcast_graph_request& r,
                                 const std::vector<WeightedRoute>& routes,
                                 const mpq_class& period_per_message,
                                 const char* what) {
  Scale scale;
  scale.messages = period_per_message.get_den();
  for (const WeightedRoute& route : routes) {
    scale.messages = Lcm(scale.messages, route.start.get_den());
    scale.messages = Lcm(scale.messages, route.weight.get_den());
  }
  scale.parts = PartsOf(r, routes);
  absl::StatusOr<uint64_t> product =
      ToU64(scale.messages * scale.parts, what, "messages x parts per period");
  if (!product.ok()) return product.status();
  const mpq_class period = period_per_message * scale.messages;  // Integer.
  absl::StatusOr<uint64_t> ticks = ToU64(period.get_num(), what, "a period");
  if (!ticks.ok()) return ticks.status();
  scale.period = *ticks;
  for (const WeightedRoute& route : routes) {
    scale.carried.push_back(mpq_class(route.weight * scale.messages).get_num());
  }
  return scale;
}

// Routes and route edges, and the transfers each route edge needs per
// period (messages carried x cost ticks), in route-edge order, with the
// edges' costs. A route's first part is D times what its group's earlier
// routes carry.
void Routes(const hetcast_graph_request& r,
            const std::vector<WeightedRoute>& routes, const Scale& scale,
            PeriodicSchedule* schedule, std::vector<Transfer>* transfers,
            std::vector<uint64_t>* costs) {
  mpz_class first = 0;
  for (size_t i = 0; i < routes.size(); ++i) {
    const WeightedRoute& route = routes[i];
    if (i > 0 && route.group != routes[i - 1].group) first = 0;
    const mpz_class count = scale.carried[i] * scale.parts;
    schedule->routes.push_back({U64(first), U64(count)});
    first += count;
    for (size_t e : route.edges) {
      const hetcast_graph_edge& edge = r.edges[e];
      schedule->route_edges.push_back(
          {static_cast<uint32_t>(i), edge.from, edge.to});
      transfers->push_back(
          {edge.from, edge.to, U64(scale.carried[i] * EdgeCost(r, e))});
      costs->push_back(edge.cost);
    }
  }
}

// The schedule of `scale` over `routes`: route edges, then the König step.
absl::StatusOr<PeriodicSchedule> Assemble(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes, const Scale& scale) {
  PeriodicSchedule schedule;
  schedule.period = scale.period;
  schedule.messages = U64(scale.messages);
  schedule.parts = U64(scale.parts);
  std::vector<Transfer> transfers;
  std::vector<uint64_t> costs;
  Routes(request, routes, scale, &schedule, &transfers, &costs);
  absl::StatusOr<std::vector<TransferPiece>> pieces =
      ColourTransfers(request.node_count, transfers, schedule.period);
  if (!pieces.ok()) return pieces.status();
  // A piece of t ticks on an edge of cost c carries t D / c parts (an
  // integer: c divides D); transfers are in route-edge order.
  for (const TransferPiece& piece : *pieces) {
    const Transfer& t = transfers[piece.transfer];
    const mpz_class amount = mpz_class(absl::StrCat(piece.ticks)) *
                             scale.parts / costs[piece.transfer];
    schedule.slots.push_back({piece.start, piece.ticks, t.from, t.to,
                              schedule.route_edges[piece.transfer].route,
                              U64(amount)});
  }
  return schedule;
}

// floor(K w) messages per route, each group then trimmed to `least`
// (from its last routes).
std::vector<mpz_class> RoundDown(const std::vector<WeightedRoute>& routes,
                                 const mpz_class& k, mpz_class* least) {
  std::vector<mpz_class> carried;
  std::vector<mpz_class> totals;
  for (size_t i = 0; i < routes.size(); ++i) {
    const mpq_class exact = routes[i].weight * k;
    carried.push_back(exact.get_num() / exact.get_den());  // Floor (>= 0).
    if (i == 0 || routes[i].group != routes[i - 1].group)
      totals.emplace_back(0);
    totals.back() += carried.back();
  }
  *least = *std::min_element(totals.begin(), totals.end());
  mpz_class excess = 0;
  for (size_t i = routes.size(); i-- > 0;) {
    if (i + 1 == routes.size() || routes[i].group != routes[i + 1].group) {
      excess = totals.back() - *least;
      totals.pop_back();
    }
    const mpz_class take = std::min(excess, carried[i]);
    carried[i] -= take;
    excess -= take;
  }
  return carried;
}

// The busiest node's ticks per period (sending or receiving).
mpz_class BusiestNode(const hetcast_graph_request& r,
                      const std::vector<WeightedRoute>& routes,
                      const std::vector<mpz_class>& carried) {
  std::vector<mpz_class> send(r.node_count, 0);
  std::vector<mpz_class> receive(r.node_count, 0);
  for (size_t i = 0; i < routes.size(); ++i) {
    for (size_t e : routes[i].edges) {
      send[r.edges[e].from] += carried[i] * EdgeCost(r, e);
      receive[r.edges[e].to] += carried[i] * EdgeCost(r, e);
    }
  }
  return std::max(*std::max_element(send.begin(), send.end()),
                  *std::max_element(receive.begin(), receive.end()));
}

// Largest remainders: floor(K w) messages per route, then each group's
// shortfall to K one message each to its routes of largest fractional
// part (ties: the earlier route). Loads may pass K T* by a little.
std::vector<mpz_class> RoundNearest(const std::vector<WeightedRoute>& routes,
                                    const mpz_class& k) {
  std::vector<mpz_class> carried;
  std::vector<mpq_class> fraction;
  for (const WeightedRoute& route : routes) {
    const mpq_class exact = route.weight * k;
    carried.push_back(exact.get_num() / exact.get_den());
    fraction.push_back(exact - carried.back());
  }
  for (size_t begin = 0, end = 0; begin < routes.size(); begin = end) {
    mpz_class shortfall = k;
    for (end = begin;
         end < routes.size() && routes[end].group == routes[begin].group;
         ++end) {
      shortfall -= carried[end];
    }
    std::vector<size_t> order;
    for (size_t i = begin; i < end; ++i) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
      return fraction[x] > fraction[y];
    });
    for (size_t i = 0; sgn(shortfall) > 0 && i < order.size(); ++i) {
      carried[order[i]] += 1;
      shortfall -= 1;
    }
  }
  return carried;
}

// A rounding: messages per route, per period (K') and the busiest node.
struct Rounding {
  std::vector<mpz_class> carried;
  mpz_class messages = 0;
  mpz_class busiest = 0;
};

// The better (throughput K' / busiest) of RoundDown at K = floor(bound /
// T*), which always fits, and RoundNearest at the largest K in [K - 32, K]
// that fits `bound` (ties: RoundDown).
Rounding BestRounding(const hetcast_graph_request& r,
                      const std::vector<WeightedRoute>& routes,
                      const mpq_class& period_per_message, uint64_t bound) {
  const mpz_class limit(absl::StrCat(bound));
  const mpq_class k_exact = limit / period_per_message;
  const mpz_class k = k_exact.get_num() / k_exact.get_den();
  Rounding best;
  best.carried = RoundDown(routes, k, &best.messages);
  best.busiest = BusiestNode(r, routes, best.carried);
  for (mpz_class j = k; sgn(j) > 0 && j + 32 >= k; --j) {
    Rounding nearest;
    nearest.carried = RoundNearest(routes, j);
    nearest.messages = j;
    nearest.busiest = BusiestNode(r, routes, nearest.carried);
    if (nearest.busiest > limit) continue;
    if (sgn(best.messages) == 0 ||
        nearest.messages * best.busiest > best.messages * nearest.busiest) {
      best = std::move(nearest);
    }
    break;
  }
  return best;
}

absl::StatusOr<Scale> RoundedScale(const hetcast_graph_request& r,
                                   std::vector<WeightedRoute>* routes,
                                   const mpq_class& period_per_message,
                                   uint64_t bound, const char* what) {
  if (routes->empty()) return absl::InvalidArgumentError("no routes");
  Rounding rounding = BestRounding(r, *routes, period_per_message, bound);
  if (sgn(rounding.messages) == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--max-period ", bound, ": rounded down, ", what,
                     " carries no whole message in so few ticks; raise it"));
  }
  Scale scale;
  scale.messages = rounding.messages;
  std::vector<WeightedRoute> kept;
  for (size_t i = 0; i < routes->size(); ++i) {
    if (sgn(rounding.carried[i]) == 0) continue;
    kept.push_back(std::move((*routes)[i]));
    scale.carried.push_back(rounding.carried[i]);
  }
  *routes = std::move(kept);
  scale.parts = PartsOf(r, *routes);
  absl::StatusOr<uint64_t> product =
      ToU64(scale.messages * scale.parts, what, "messages x parts per period");
  if (!product.ok()) return product.status();
  absl::StatusOr<uint64_t> period = ToU64(rounding.busiest, what, "a period");
  if (!period.ok()) return period.status();
  scale.period = *period;
  return scale;
}

}  // namespace

absl::StatusOr<PeriodicSchedule> BuildPeriodicSchedule(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes,
    const mpq_class& period_per_message, const char* what) {
  absl::StatusOr<Scale> scale =
      ExactScale(request, routes, period_per_message, what);
  if (!scale.ok()) return scale.status();
  return Assemble(request, routes, *scale);
}

absl::StatusOr<PeriodicSchedule> BuildRoundedSchedule(
    const hetcast_graph_request& request, std::vector<WeightedRoute> routes,
    const mpq_class& period_per_message, uint64_t max_period,
    const char* what) {
  absl::StatusOr<Scale> scale =
      RoundedScale(request, &routes, period_per_message, max_period, what);
  if (!scale.ok()) return scale.status();
  return Assemble(request, routes, *scale);
}

absl::StatusOr<PeriodicSchedule> BuildSchedule(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes,
    const mpq_class& period_per_message, uint64_t max_period,
    const char* what) {
  absl::StatusOr<PeriodicSchedule> exact =
      BuildPeriodicSchedule(request, routes, period_per_message, what);
  if (max_period == 0 || (exact.ok() && exact->period <= max_period)) {
    return exact;
  }
  if (!exact.ok() && exact.status().code() != absl::StatusCode::kOutOfRange) {
    return exact.status();
  }
  return BuildRoundedSchedule(request, routes, period_per_message, max_period,
                              what);
}

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

absl::Status CheckScheduleAt(const hetcast_graph_request& request,
                             const PeriodicSchedule& schedule,
                             const mpq_class& period_per_message) {
  absl::StatusOr<hetcast_graph_evaluation> e =
      EvaluateSchedule(request, schedule);
  if (!e.ok()) return e.status();
  const mpq_class evaluated(mpz_class(absl::StrCat(e->period_numerator)),
                            mpz_class(absl::StrCat(e->period_denominator)));
  if (evaluated != period_per_message) {
    return absl::InternalError(
        absl::StrCat("the schedule needs ", evaluated.get_str(),
                     " ticks per message, not ", period_per_message.get_str()));
  }
  return absl::OkStatus();
}

}  // namespace hetcast
