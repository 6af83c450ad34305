// periodic_schedule.cc: weighted routes -> K, D, T -> route edges,
// transfers -> one-port slots.
#include "tools/graph/periodic_schedule.h"

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

// K (messages per period), D (parts per message) and T (ticks per
// period), each fitting in 64 bits with K D too.
struct Scale {
  mpz_class messages = 1;
  mpz_class parts = 1;
  uint64_t period = 0;
};

absl::StatusOr<Scale> ScaleOf(const hetcast_graph_request& r,
                              const std::vector<WeightedRoute>& routes,
                              const mpq_class& period_per_message,
                              const char* what) {
  Scale scale;
  scale.messages = period_per_message.get_den();
  for (const WeightedRoute& route : routes) {
    scale.messages = Lcm(scale.messages, route.start.get_den());
    scale.messages = Lcm(scale.messages, route.weight.get_den());
    for (size_t e : route.edges) scale.parts = Lcm(scale.parts, EdgeCost(r, e));
  }
  absl::StatusOr<uint64_t> product =
      ToU64(scale.messages * scale.parts, what, "messages x parts per period");
  if (!product.ok()) return product.status();
  const mpq_class period = period_per_message * scale.messages;  // Integer.
  absl::StatusOr<uint64_t> ticks = ToU64(period.get_num(), what, "a period");
  if (!ticks.ok()) return ticks.status();
  scale.period = *ticks;
  return scale;
}

// Routes and route edges, and the transfers each route edge needs per
// period (K w c ticks), in route-edge order, with the edges' costs.
void Routes(const hetcast_graph_request& r,
            const std::vector<WeightedRoute>& routes, const Scale& scale,
            PeriodicSchedule* schedule, std::vector<Transfer>* transfers,
            std::vector<uint64_t>* costs) {
  const mpz_class parts_per_period = scale.messages * scale.parts;
  for (size_t i = 0; i < routes.size(); ++i) {
    const WeightedRoute& route = routes[i];
    const mpq_class first = route.start * parts_per_period;   // Integers.
    const mpq_class count = route.weight * parts_per_period;  //
    const mpq_class messages = route.weight * scale.messages;  //
    schedule->routes.push_back({U64(first.get_num()), U64(count.get_num())});
    for (size_t e : route.edges) {
      const hetcast_graph_edge& edge = r.edges[e];
      schedule->route_edges.push_back(
          {static_cast<uint32_t>(i), edge.from, edge.to});
      transfers->push_back(
          {edge.from, edge.to, U64(messages.get_num() * EdgeCost(r, e))});
      costs->push_back(edge.cost);
    }
  }
}

}  // namespace

absl::StatusOr<PeriodicSchedule> BuildPeriodicSchedule(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes,
    const mpq_class& period_per_message, const char* what) {
  absl::StatusOr<Scale> scale =
      ScaleOf(request, routes, period_per_message, what);
  if (!scale.ok()) return scale.status();
  PeriodicSchedule schedule;
  schedule.period = scale->period;
  schedule.messages = U64(scale->messages);
  schedule.parts = U64(scale->parts);
  std::vector<Transfer> transfers;
  std::vector<uint64_t> costs;
  Routes(request, routes, *scale, &schedule, &transfers, &costs);
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
                              U64(amount)});
  }
  return schedule;
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
    return absl::InternalError(absl::StrCat(
        "the schedule needs ", evaluated.get_str(),
        " ticks per message, not ", period_per_message.get_str()));
  }
  return absl::OkStatus();
}

}  // namespace hetcast
