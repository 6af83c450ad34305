// periodic_schedule.cc: weighted routes -> K, D, T -> route edges,
// transfers -> one-port slots.
#include "tools/graph/periodic_schedule.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/graph/bipartite_colouring.h"
#include "tools/graph/exact_lp.h"

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

mpq_class RoutesPeriod(const hetcast_graph_request& request,
                       const std::vector<WeightedRoute>& routes) {
  std::vector<mpq_class> send(request.node_count, 0);
  std::vector<mpq_class> receive(request.node_count, 0);
  for (const WeightedRoute& route : routes) {
    for (size_t e : route.edges) {
      const mpq_class ticks = route.weight * EdgeCost(request, e);
      send[request.edges[e].from] += ticks;
      receive[request.edges[e].to] += ticks;
    }
  }
  mpq_class busiest = 0;
  for (uint32_t v = 0; v < request.node_count; ++v) {
    busiest = std::max({busiest, send[v], receive[v]});
  }
  return busiest;
}

absl::StatusOr<std::vector<WeightedRoute>> BalancedRoutes(
    const hetcast_graph_request& request, std::vector<WeightedRoute> routes) {
  LinearProgram lp;
  for (size_t r = 0; r < routes.size(); ++r) {
    lp.AddColumn(absl::StrCat("w_", r), 0);
  }
  const size_t period = lp.AddColumn("T", 1);
  // Per node, each route's ticks per message sending and receiving (one
  // term per route and row: a tree may use several edges of one node).
  for (const bool sending : {true, false}) {
    for (uint32_t v = 0; v < request.node_count; ++v) {
      std::vector<std::pair<size_t, mpq_class>> terms;
      for (size_t r = 0; r < routes.size(); ++r) {
        mpq_class ticks = 0;
        for (size_t e : routes[r].edges) {
          const hetcast_graph_edge& edge = request.edges[e];
          if ((sending ? edge.from : edge.to) == v) {
            ticks += mpq_class(EdgeCost(request, e));
          }
        }
        if (sgn(ticks) != 0) terms.emplace_back(r, -ticks);
      }
      if (terms.empty()) continue;
      terms.emplace_back(period, 1);
      lp.AddRow(absl::StrCat(sending ? "send_" : "receive_", v),
                std::move(terms), RowSense::kGreaterEqual, 0);
    }
  }
  for (size_t begin = 0, end = 0; begin < routes.size(); begin = end) {
    std::vector<std::pair<size_t, mpq_class>> group;
    for (end = begin;
         end < routes.size() && routes[end].group == routes[begin].group;
         ++end) {
      group.emplace_back(end, 1);
    }
    lp.AddRow(absl::StrCat("group_", begin), std::move(group), RowSense::kEqual,
              1);
  }
  absl::StatusOr<LpSolution> best = SolveExactLp(lp);
  if (!best.ok()) return best.status();
  if (best->objective >= RoutesPeriod(request, routes)) return routes;
  std::vector<WeightedRoute> balanced;
  mpq_class start = 0;
  for (size_t r = 0; r < routes.size(); ++r) {
    if (r > 0 && routes[r].group != routes[r - 1].group) start = 0;
    if (sgn(best->x[r]) == 0) continue;
    routes[r].start = start;
    routes[r].weight = best->x[r];
    start += best->x[r];
    balanced.push_back(std::move(routes[r]));
  }
  return balanced;
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

mpz_class Z(uint64_t v) { return mpz_class(absl::StrCat(v)); }

// A choice of whole messages: per route the messages it carries per
// period (every group the same total, `messages`), and the busiest node's
// ticks per period, which is the period.
struct Rounding {
  std::vector<mpz_class> carried;
  mpz_class messages = 0;
  mpz_class busiest = 0;
  bool exact = false;
};

// The busiest node's ticks per period (sending or receiving).
mpz_class BusiestNode(const hetcast_graph_request& r,
                      const std::vector<WeightedRoute>& routes,
                      const std::vector<mpz_class>& carried) {
  std::vector<mpz_class> send(r.node_count, 0);
  std::vector<mpz_class> receive(r.node_count, 0);
  for (size_t i = 0; i < routes.size(); ++i) {
    if (sgn(carried[i]) == 0) continue;
    for (size_t e : routes[i].edges) {
      send[r.edges[e].from] += carried[i] * EdgeCost(r, e);
      receive[r.edges[e].to] += carried[i] * EdgeCost(r, e);
    }
  }
  return std::max(*std::max_element(send.begin(), send.end()),
                  *std::max_element(receive.begin(), receive.end()));
}

// The routes' exact weights: K = the least common multiple of the
// denominators of the weights and of the routes' period R, route r
// carries K w_r, the period is K R.
Rounding ExactRounding(const std::vector<WeightedRoute>& routes,
                       const mpq_class& period_per_message) {
  Rounding exact;
  exact.exact = true;
  exact.messages = period_per_message.get_den();
  for (const WeightedRoute& route : routes) {
    exact.messages = Lcm(exact.messages, route.weight.get_den());
  }
  for (const WeightedRoute& route : routes) {
    exact.carried.push_back(mpq_class(route.weight * exact.messages).get_num());
  }
  exact.busiest = mpq_class(period_per_message * exact.messages).get_num();
  return exact;
}

// floor(K w) messages per route, each group then trimmed to the least
// group's total (from its last routes). Loads only fall: at most K R.
Rounding RoundDown(const hetcast_graph_request& r,
                   const std::vector<WeightedRoute>& routes,
                   const mpz_class& k) {
  Rounding down;
  std::vector<mpz_class> totals;
  for (size_t i = 0; i < routes.size(); ++i) {
    const mpq_class exact = routes[i].weight * k;
    down.carried.push_back(exact.get_num() / exact.get_den());  // Floor.
    if (i == 0 || routes[i].group != routes[i - 1].group)
      totals.emplace_back(0);
    totals.back() += down.carried.back();
  }
  down.messages = *std::min_element(totals.begin(), totals.end());
  mpz_class excess = 0;
  for (size_t i = routes.size(); i-- > 0;) {
    if (i + 1 == routes.size() || routes[i].group != routes[i + 1].group) {
      excess = totals.back() - down.messages;
      totals.pop_back();
    }
    const mpz_class take = std::min(excess, down.carried[i]);
    down.carried[i] -= take;
    excess -= take;
  }
  down.busiest = BusiestNode(r, routes, down.carried);
  return down;
}

// Largest remainders: floor(K w) messages per route, then each group's
// shortfall to K one message each to its routes of largest fractional
// part (ties: the earlier route). Loads may pass K R by a little.
Rounding RoundNearest(const hetcast_graph_request& r,
                      const std::vector<WeightedRoute>& routes,
                      const mpz_class& k) {
  Rounding nearest;
  nearest.messages = k;
  std::vector<mpq_class> fraction;
  for (const WeightedRoute& route : routes) {
    const mpq_class exact = route.weight * k;
    nearest.carried.push_back(exact.get_num() / exact.get_den());
    fraction.push_back(exact - nearest.carried.back());
  }
  for (size_t begin = 0, end = 0; begin < routes.size(); begin = end) {
    mpz_class shortfall = k;
    for (end = begin;
         end < routes.size() && routes[end].group == routes[begin].group;
         ++end) {
      shortfall -= nearest.carried[end];
    }
    std::vector<size_t> order;
    for (size_t i = begin; i < end; ++i) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
      return fraction[x] > fraction[y];
    });
    for (size_t i = 0; sgn(shortfall) > 0 && i < order.size(); ++i) {
      nearest.carried[order[i]] += 1;
      shortfall -= 1;
    }
  }
  nearest.busiest = BusiestNode(r, routes, nearest.carried);
  return nearest;
}

// The message counts that roundings are tried at: 1 to 15, then every
// m 2^e with 16 <= m <= 31 (16 per octave, each within 1/16 of the next),
// up to `most`. The same list for every bound below `most`'s, so a larger
// --max-period tries every rounding a smaller one does.
std::vector<mpz_class> MessageGrid(const mpz_class& most) {
  std::vector<mpz_class> grid;
  for (long k = 1; k < 16 && k <= most; ++k) grid.emplace_back(k);
  for (mpz_class scale = 1;; scale *= 2) {
    if (16 * scale > most) break;
    for (long m = 16; m < 32 && m * scale <= most; ++m) {
      grid.push_back(m * scale);
    }
  }
  return grid;
}

// Every candidate within `bound` ticks (0: the exact one only), best
// first: higher throughput (messages / busiest), then the exact one, then
// fewer messages, then rounded down before nearest.
std::vector<Rounding> Candidates(const hetcast_graph_request& r,
                                 const std::vector<WeightedRoute>& routes,
                                 const mpq_class& period_per_message,
                                 uint64_t bound) {
  std::vector<Rounding> candidates;
  Rounding exact = ExactRounding(routes, period_per_message);
  const mpz_class limit(absl::StrCat(bound));
  if (bound == 0 || exact.busiest <= limit) {
    candidates.push_back(std::move(exact));
  }
  if (bound == 0) return candidates;
  const mpq_class k_exact = limit / period_per_message;
  for (const mpz_class& k :
       MessageGrid(k_exact.get_num() / k_exact.get_den())) {
    for (Rounding rounding :
         {RoundDown(r, routes, k), RoundNearest(r, routes, k)}) {
      if (sgn(rounding.messages) > 0 && rounding.busiest <= limit) {
        candidates.push_back(std::move(rounding));
      }
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Rounding& a, const Rounding& b) {
                     const mpz_class left = a.messages * b.busiest;
                     const mpz_class right = b.messages * a.busiest;
                     if (left != right) return left > right;
                     if (a.exact != b.exact) return a.exact;
                     return a.messages < b.messages;
                   });
  return candidates;
}

// D, the parts per message: the least that makes every slot carry whole
// parts (a slot of t ticks on an edge of cost c carries t D / c of them).
mpz_class PartsOf(const std::vector<TransferPiece>& pieces,
                  const std::vector<uint64_t>& costs) {
  mpz_class parts = 1;
  for (const TransferPiece& piece : pieces) {
    const uint64_t cost = costs[piece.transfer];
    const uint64_t common = std::gcd(cost, piece.ticks);
    parts = Lcm(parts, mpz_class(absl::StrCat(cost / common)));
  }
  return parts;
}

// The transfers of `rounding` over `routes` (in route-edge order; routes
// carrying nothing left out, `used` the others) and the König step's
// pieces of them. OutOfRange when the period would not fit in 64 bits.
struct Coloured {
  uint64_t period = 0;
  std::vector<size_t> used;
  std::vector<Transfer> transfers;
  std::vector<uint64_t> costs;
  std::vector<uint32_t> route;  // Per transfer, its index in `used`.
  std::vector<TransferPiece> pieces;
};

absl::StatusOr<Coloured> Colour(const hetcast_graph_request& r,
                                const std::vector<WeightedRoute>& routes,
                                const Rounding& rounding, const char* what) {
  Coloured c;
  absl::StatusOr<uint64_t> period = ToU64(rounding.busiest, what, "a period");
  if (!period.ok()) return period.status();
  c.period = *period;
  for (size_t i = 0; i < routes.size(); ++i) {
    if (sgn(rounding.carried[i]) == 0) continue;
    for (size_t e : routes[i].edges) {
      c.transfers.push_back({r.edges[e].from, r.edges[e].to,
                             U64(rounding.carried[i] * EdgeCost(r, e))});
      c.costs.push_back(r.edges[e].cost);
      c.route.push_back(static_cast<uint32_t>(c.used.size()));
    }
    c.used.push_back(i);
  }
  absl::StatusOr<std::vector<TransferPiece>> pieces =
      ColourTransfers(r.node_count, c.transfers, c.period);
  if (!pieces.ok()) return pieces.status();
  c.pieces = *std::move(pieces);
  return c;
}

// The schedule's K, D, routes and route edges: route k of `used` carries
// parts [first_k, first_k + m_k D), first_k D times what its group's
// earlier routes carry.
PeriodicSchedule RoutesOf(const hetcast_graph_request& r,
                          const std::vector<WeightedRoute>& routes,
                          const Rounding& rounding, const Coloured& c,
                          const mpz_class& parts) {
  PeriodicSchedule schedule;
  schedule.messages = U64(rounding.messages);
  schedule.parts = U64(parts);
  mpz_class first = 0;
  for (size_t k = 0; k < c.used.size(); ++k) {
    const size_t i = c.used[k];
    if (k > 0 && routes[i].group != routes[c.used[k - 1]].group) first = 0;
    const mpz_class count = rounding.carried[i] * parts;
    schedule.routes.push_back({U64(first), U64(count)});
    first += count;
    for (size_t e : routes[i].edges) {
      schedule.route_edges.push_back(
          {static_cast<uint32_t>(k), r.edges[e].from, r.edges[e].to});
    }
  }
  return schedule;
}

// The König step's slots as they are, each message in D parts (PartsOf):
// the period is the busiest node's. OutOfRange when K D would not fit in
// 64 bits.
absl::StatusOr<PeriodicSchedule> InParts(
    const hetcast_graph_request& r, const std::vector<WeightedRoute>& routes,
    const Rounding& rounding, const Coloured& c, const char* what) {
  const mpz_class parts = PartsOf(c.pieces, c.costs);
  absl::StatusOr<uint64_t> product =
      ToU64(rounding.messages * parts, what, "messages x parts per period");
  if (!product.ok()) return product.status();
  PeriodicSchedule schedule = RoutesOf(r, routes, rounding, c, parts);
  schedule.period = c.period;
  schedule.exact = rounding.exact;
  for (const TransferPiece& piece : c.pieces) {
    const Transfer& t = c.transfers[piece.transfer];
    const mpz_class amount =
        mpz_class(absl::StrCat(piece.ticks)) * parts / c.costs[piece.transfer];
    schedule.slots.push_back({piece.start, piece.ticks, t.from, t.to,
                              c.route[piece.transfer], U64(amount)});
  }
  return schedule;
}

// Whole messages in every slot (D = 1): the König step's rounds (each a
// matching, its pieces all of one length) in order, each transfer moving
// in a round the messages its ticks so far complete (floor(ticks so far /
// cost), less what it moved before), each round as long as its longest
// move. A round grows by less than the largest cost, so the period is
// below the busiest node's plus rounds x the largest cost. OutOfRange
// when it would not fit in 64 bits.
absl::StatusOr<PeriodicSchedule> InWholeMessages(
    const hetcast_graph_request& r, const std::vector<WeightedRoute>& routes,
    const Rounding& rounding, const Coloured& c, const char* what) {
  PeriodicSchedule schedule = RoutesOf(r, routes, rounding, c, 1);
  std::vector<uint64_t> ticks(c.transfers.size(), 0);
  std::vector<uint64_t> moved(c.transfers.size(), 0);
  uint64_t now = 0;
  for (size_t begin = 0, end = 0; begin < c.pieces.size(); begin = end) {
    uint64_t longest = 0;
    for (end = begin;
         end < c.pieces.size() && c.pieces[end].start == c.pieces[begin].start;
         ++end) {
      const size_t t = c.pieces[end].transfer;
      ticks[t] += c.pieces[end].ticks;
      const uint64_t amount = ticks[t] / c.costs[t] - moved[t];
      if (amount == 0) continue;
      moved[t] += amount;
      const uint64_t duration = amount * c.costs[t];
      schedule.slots.push_back({now, duration, c.transfers[t].from,
                                c.transfers[t].to, c.route[t], amount});
      longest = std::max(longest, duration);
    }
    if (longest > UINT64_MAX - now) {
      return absl::OutOfRangeError(absl::StrCat(
          what, "'s schedule in whole messages needs more than 64 bits"));
    }
    now += longest;
  }
  schedule.period = now;
  schedule.exact = rounding.exact && Z(now) == rounding.busiest;
  return schedule;
}

// Whole messages, each transfer in one block (D = 1): the transfers,
// longest first (ties: route-edge order), each as early as its sender's
// sending and its receiver's receiving are free after their blocks so far.
// For few messages per period this can beat the stretched rounds above.
absl::StatusOr<PeriodicSchedule> InBlocks(
    const hetcast_graph_request& r, const std::vector<WeightedRoute>& routes,
    const Rounding& rounding, const Coloured& c, const char* what) {
  PeriodicSchedule schedule = RoutesOf(r, routes, rounding, c, 1);
  std::vector<size_t> order(c.transfers.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return c.transfers[a].ticks > c.transfers[b].ticks;
  });
  std::vector<uint64_t> sending(r.node_count, 0);
  std::vector<uint64_t> receiving(r.node_count, 0);
  uint64_t period = 0;
  for (size_t t : order) {
    const Transfer& transfer = c.transfers[t];
    const uint64_t start =
        std::max(sending[transfer.from], receiving[transfer.to]);
    if (transfer.ticks > UINT64_MAX - start) {
      return absl::OutOfRangeError(absl::StrCat(
          what, "'s schedule in whole messages needs more than 64 bits"));
    }
    sending[transfer.from] = receiving[transfer.to] = start + transfer.ticks;
    period = std::max(period, start + transfer.ticks);
    schedule.slots.push_back({start, transfer.ticks, transfer.from, transfer.to,
                              c.route[t], transfer.ticks / c.costs[t]});
  }
  schedule.period = period;
  schedule.exact = rounding.exact && Z(period) == rounding.busiest;
  return schedule;
}

// The schedule of `rounding` over `routes`: in parts if K D fits 64 bits,
// else in whole messages (the shorter of the stretched rounds and the
// blocks).
absl::StatusOr<PeriodicSchedule> Assemble(
    const hetcast_graph_request& r, const std::vector<WeightedRoute>& routes,
    const Rounding& rounding, const char* what) {
  absl::StatusOr<Coloured> c = Colour(r, routes, rounding, what);
  if (!c.ok()) return c.status();
  absl::StatusOr<PeriodicSchedule> parts =
      InParts(r, routes, rounding, *c, what);
  if (parts.status().code() != absl::StatusCode::kOutOfRange) return parts;
  absl::StatusOr<PeriodicSchedule> rounds =
      InWholeMessages(r, routes, rounding, *c, what);
  absl::StatusOr<PeriodicSchedule> blocks =
      InBlocks(r, routes, rounding, *c, what);
  if (!rounds.ok() || (blocks.ok() && blocks->period < rounds->period)) {
    return blocks;
  }
  return rounds;
}

// Of `candidates` (best first by their busiest node), the schedule of
// highest throughput within `bound` ticks (ties: the earlier candidate).
// A schedule in whole messages can be longer than its candidate's
// busiest node, so candidates are built until none left can beat the best
// built. OutOfRange when none fits in 64 bits and `bound`.
absl::StatusOr<PeriodicSchedule> BestOf(
    const hetcast_graph_request& r, const std::vector<WeightedRoute>& routes,
    const std::vector<Rounding>& candidates, uint64_t bound, const char* what) {
  std::optional<PeriodicSchedule> best;
  absl::Status first_error;
  for (const Rounding& rounding : candidates) {
    if (best && rounding.messages * Z(best->period) <=
                    Z(best->messages) * rounding.busiest) {
      break;
    }
    absl::StatusOr<PeriodicSchedule> schedule =
        Assemble(r, routes, rounding, what);
    if (!schedule.ok()) {
      if (schedule.status().code() != absl::StatusCode::kOutOfRange) {
        return schedule.status();
      }
      if (first_error.ok()) first_error = schedule.status();
      continue;
    }
    if (schedule->period > bound) continue;
    if (!best || Z(schedule->messages) * Z(best->period) >
                     Z(best->messages) * Z(schedule->period)) {
      best = *std::move(schedule);
    }
  }
  if (best) return *std::move(best);
  if (!first_error.ok()) return first_error;
  return absl::OutOfRangeError(absl::StrCat(
      what, "'s schedule in whole messages needs more than ", bound, " ticks"));
}

}  // namespace

absl::StatusOr<PeriodicSchedule> BuildSchedule(
    const hetcast_graph_request& request,
    const std::vector<WeightedRoute>& routes, uint64_t max_period,
    const char* what) {
  if (routes.empty()) return absl::InvalidArgumentError("no routes");
  const mpq_class period_per_message = RoutesPeriod(request, routes);
  if (max_period == 0) {
    const Rounding exact = ExactRounding(routes, period_per_message);
    absl::StatusOr<Coloured> c = Colour(request, routes, exact, what);
    absl::StatusOr<PeriodicSchedule> schedule =
        c.ok() ? InParts(request, routes, exact, *c, what)
               : absl::StatusOr<PeriodicSchedule>(c.status());
    if (schedule.status().code() != absl::StatusCode::kOutOfRange) {
      return schedule;
    }
    max_period = UINT64_MAX;  // The best of the roundings that fit.
  }
  const std::vector<Rounding> candidates =
      Candidates(request, routes, period_per_message, max_period);
  if (candidates.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--max-period ", max_period, ": rounded down, ", what,
                     " carries no whole message in so few ticks; raise it"));
  }
  return BestOf(request, routes, candidates, max_period, what);
}

absl::StatusOr<hetcast_graph_evaluation> EvaluateSchedule(
    const hetcast_graph_request& request, const PeriodicSchedule& schedule) {
  const hetcast_graph_schedule view = schedule.View();
  size_t bytes = 0;
  hetcast_status status =
      hetcast_graph_evaluate_workspace_size(&request, &view, &bytes, nullptr);
  std::vector<unsigned char> workspace(bytes);
  hetcast_graph_evaluation evaluation = {};
  const char* why = "";
  if (status == HETCAST_OK) {
    status = hetcast_graph_evaluate(&request, &view, workspace.data(), bytes,
                                    &evaluation, &why);
  }
  if (status != HETCAST_OK) {
    return absl::InternalError(absl::StrCat(
        "the evaluator rejects the schedule: ", hetcast_status_str(status),
        status == HETCAST_INVALID_SCHEDULE ? absl::StrCat(" (", why, ")")
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
