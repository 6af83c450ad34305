// carried_optimum.cc: one program's solution carried to the next
// (carried_optimum.h).
#include "tools/graph/carried_optimum.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/graph/max_flow.h"

namespace hetcast {
namespace {

mpq_class Cost(const hetcast_graph_edge& edge) {
  return mpq_class(mpz_class(absl::StrCat(edge.cost)));
}

// next's flow for each of previous' flows, and the one flow of next that
// has none (a single destination a); nullopt unless that is how they
// differ. A previous flow matches the next flow with the same
// destinations, or with the same but a (a destination that became a
// secondary source, Fig. 8: the old flow still serves the rest).
std::optional<std::pair<std::vector<size_t>, size_t>> MatchFlows(
    const MulticastProgram& previous, const MulticastProgram& next) {
  if (previous.groups.empty() != next.groups.empty() ||
      next.flow_column.size() != previous.flow_column.size() + 1) {
    return std::nullopt;
  }
  std::vector<size_t> match(previous.flow_column.size(), SIZE_MAX);
  std::vector<bool> matched(next.flow_column.size(), false);
  for (size_t c = 0; c < match.size(); ++c) {
    for (size_t k = 0; k < next.flow_column.size() && match[c] == SIZE_MAX;
         ++k) {
      if (!matched[k] &&
          FlowDestinations(next, k) == FlowDestinations(previous, c)) {
        match[c] = k;
        matched[k] = true;
      }
    }
  }
  std::vector<size_t> single;  // unmatched next flows of one destination
  for (size_t k = 0; k < matched.size(); ++k) {
    if (!matched[k] && FlowDestinations(next, k).size() == 1)
      single.push_back(k);
  }
  for (size_t added : single) {
    const uint32_t a = FlowDestinations(next, added)[0];
    std::vector<size_t> tried = match;
    std::vector<bool> taken = matched;
    taken[added] = true;
    bool all = true;
    for (size_t c = 0; c < tried.size() && all; ++c) {
      if (tried[c] != SIZE_MAX) continue;
      std::vector<uint32_t> rest = FlowDestinations(previous, c);
      rest.erase(std::remove(rest.begin(), rest.end(), a), rest.end());
      all = false;
      for (size_t k = 0; k < taken.size() && !all; ++k) {
        if (!taken[k] && FlowDestinations(next, k) == rest) {
          tried[c] = k;
          taken[k] = all = true;
        }
      }
    }
    if (all) return std::make_pair(tried, added);
  }
  return std::nullopt;
}

// The new flow `added` of `next`: a unit from its origins to its
// destination around `avoid`, within `room` (per edge); per-edge amounts.
std::optional<std::vector<mpq_class>> NewFlow(
    const hetcast_graph_request& request, const MulticastProgram& next,
    size_t added, const std::vector<mpq_class>& room, uint32_t avoid) {
  const uint32_t source = request.node_count;  // joined to the origins
  std::vector<RationalArc> arcs;
  std::vector<size_t> edge_of;
  for (size_t e = 0; e < request.edge_count; ++e) {
    const hetcast_graph_edge& edge = request.edges[e];
    if (next.flow_column[added][e] == MulticastProgram::kNoColumn ||
        edge.from == avoid || edge.to == avoid) {
      continue;
    }
    arcs.push_back({edge.from, edge.to, room[e]});
    edge_of.push_back(e);
  }
  for (uint32_t o : FlowOrigins(next, added)) arcs.push_back({source, o, 1});
  const uint32_t sink = FlowDestinations(next, added)[0];
  const RationalFlowResult flow =
      MaxFlow(request.node_count + 1, arcs, source, sink, 1);
  if (flow.value < 1) return std::nullopt;
  std::vector<mpq_class> amount(request.edge_count, 0);
  for (size_t i = 0; i < edge_of.size(); ++i) amount[edge_of[i]] = flow.flow[i];
  return amount;
}

// Each node's idle send and receive time in `x`: T minus (8)'s, (9)'s sum;
// and how many out- and in-edges it has in the program.
struct Idle {
  std::vector<mpq_class> send, receive;
  std::vector<int> out, in;
};

Idle IdleTimes(const hetcast_graph_request& request,
               const MulticastProgram& program,
               const std::vector<mpq_class>& x) {
  const mpq_class& period = x[program.period_column];
  Idle idle = {std::vector<mpq_class>(request.node_count, period),
               std::vector<mpq_class>(request.node_count, period),
               std::vector<int>(request.node_count, 0),
               std::vector<int>(request.node_count, 0)};
  for (size_t e = 0; e < request.edge_count; ++e) {
    const size_t n = program.load_column[e];
    if (n == MulticastProgram::kNoColumn) continue;
    const hetcast_graph_edge& edge = request.edges[e];
    idle.send[edge.from] -= Cost(edge) * x[n];
    idle.receive[edge.to] -= Cost(edge) * x[n];
    ++idle.out[edge.from];
    ++idle.in[edge.to];
  }
  return idle;
}

// Else one path of the whole unit: a simple path sends once from each
// node on it and receives once, so an edge may carry the unit when what
// it adds to its load (beyond `base`) fits in both ends' idle time.
std::optional<std::vector<mpq_class>> NewPath(
    const hetcast_graph_request& request, const MulticastProgram& next,
    size_t added, const std::vector<mpq_class>& base, const Idle& idle,
    uint32_t avoid) {
  std::vector<size_t> via(request.node_count, SIZE_MAX);
  std::vector<bool> reached(request.node_count, false);
  std::vector<uint32_t> queue = FlowOrigins(next, added);
  for (uint32_t o : queue) reached[o] = true;
  for (size_t i = 0; i < queue.size(); ++i) {
    for (size_t e = 0; e < request.edge_count; ++e) {
      const hetcast_graph_edge& edge = request.edges[e];
      if (edge.from != queue[i] || reached[edge.to] || edge.to == avoid ||
          next.flow_column[added][e] == MulticastProgram::kNoColumn) {
        continue;
      }
      const mpq_class grow = base[e] >= 1 ? mpq_class(0) : 1 - base[e];
      const mpq_class time = grow * Cost(edge);
      if (time > idle.send[edge.from] || time > idle.receive[edge.to]) continue;
      reached[edge.to] = true;
      via[edge.to] = e;
      queue.push_back(edge.to);
    }
  }
  const uint32_t sink = FlowDestinations(next, added)[0];
  if (!reached[sink]) return std::nullopt;
  std::vector<mpq_class> amount(request.edge_count, 0);
  for (uint32_t v = sink; via[v] != SIZE_MAX; v = request.edges[via[v]].from) {
    amount[via[v]] = 1;
  }
  return amount;
}

}  // namespace

std::vector<uint32_t> FlowDestinations(const MulticastProgram& p, size_t c) {
  return p.groups.empty() ? std::vector<uint32_t>{p.commodities[c].destination}
                          : p.groups[c].destinations;
}

std::vector<uint32_t> FlowOrigins(const MulticastProgram& p, size_t c) {
  return p.groups.empty() ? std::vector<uint32_t>{p.commodities[c].origin}
                          : p.groups[c].origins;
}

std::vector<mpq_class> SpareLoad(const hetcast_graph_request& request,
                                 const MulticastProgram& program,
                                 const std::vector<mpq_class>& x,
                                 size_t shares) {
  const Idle idle = IdleTimes(request, program, x);
  std::vector<mpq_class> spare(request.edge_count, 0);
  for (size_t e = 0; e < request.edge_count; ++e) {
    if (program.load_column[e] == MulticastProgram::kNoColumn) continue;
    const hetcast_graph_edge& edge = request.edges[e];
    const mpq_class a = idle.send[edge.from] / idle.out[edge.from];
    const mpq_class b = idle.receive[edge.to] / idle.in[edge.to];
    spare[e] =
        (a < b ? a : b) / (Cost(edge) * static_cast<unsigned long>(shares));
  }
  return spare;
}

bool Feasible(const LinearProgram& lp, const std::vector<mpq_class>& x) {
  if (x.size() != lp.columns.size()) return false;
  for (const mpq_class& v : x) {
    if (sgn(v) < 0) return false;
  }
  for (const LinearProgram::Row& row : lp.rows) {
    mpq_class sum = 0;
    for (const auto& [j, a] : row.terms) sum += a * x[j];
    const int c = cmp(sum, row.rhs);
    if ((row.sense == RowSense::kEqual && c != 0) ||
        (row.sense == RowSense::kLessEqual && c > 0) ||
        (row.sense == RowSense::kGreaterEqual && c < 0)) {
      return false;
    }
  }
  return true;
}

namespace {

// When the new destination a was served by a summed flow of `previous`
// (Fig. 8: a target that became a source), that flow c's part that
// reaches a: a unit from the origins within c's own amounts (one exists:
// c delivers a unit to a). Moved to a's flow it adds no load, and the
// rest of c still serves c's other destinations.
std::optional<std::pair<size_t, std::vector<mpq_class>>> SplitOff(
    const hetcast_graph_request& request, const MulticastProgram& previous,
    const std::vector<mpq_class>& x, const MulticastProgram& next,
    size_t added) {
  const uint32_t a = FlowDestinations(next, added)[0];
  for (size_t c = 0; c < previous.flow_column.size() && !next.groups.empty();
       ++c) {
    const std::vector<uint32_t> served = FlowDestinations(previous, c);
    if (std::find(served.begin(), served.end(), a) == served.end()) continue;
    std::vector<mpq_class> amount(request.edge_count, 0);
    for (size_t e = 0; e < request.edge_count; ++e) {
      const size_t column = previous.flow_column[c][e];
      if (column != MulticastProgram::kNoColumn &&
          next.flow_column[added][e] != MulticastProgram::kNoColumn) {
        amount[e] = x[column];
      }
    }
    std::optional<std::vector<mpq_class>> part =
        NewFlow(request, next, added, amount, UINT32_MAX);
    if (part.has_value()) return std::make_pair(c, *std::move(part));
  }
  return std::nullopt;
}

// The new flow: split off an old one, else within idle port time.
std::optional<std::pair<size_t, std::vector<mpq_class>>> AddedFlow(
    const hetcast_graph_request& request, const MulticastProgram& previous,
    const std::vector<mpq_class>& x, const MulticastProgram& next, size_t added,
    uint32_t avoid) {
  auto split = SplitOff(request, previous, x, next, added);
  if (split.has_value()) return split;
  const bool summed = !next.groups.empty();
  std::vector<mpq_class> base(request.edge_count, 0);  // free load
  for (size_t e = 0; e < request.edge_count && !summed; ++e) {
    if (previous.load_column[e] != MulticastProgram::kNoColumn) {
      base[e] = x[previous.load_column[e]];
    }
  }
  std::vector<mpq_class> room = SpareLoad(request, previous, x, 1);
  for (size_t e = 0; e < request.edge_count; ++e) room[e] += base[e];
  std::optional<std::vector<mpq_class>> flow =
      NewFlow(request, next, added, room, avoid);
  if (!flow.has_value()) {
    flow = NewPath(request, next, added, base, IdleTimes(request, previous, x),
                   avoid);
  }
  if (!flow.has_value()) return std::nullopt;
  return std::make_pair(SIZE_MAX, *std::move(flow));
}

// The flows of `next` that RerouteByLp() re-routes: the new one and
// those whose origins grew (Fig. 8: the targets' flow, which may now
// start at the new source and need not carry what it forwarded to it).
std::vector<bool> FreeFlows(const MulticastProgram& previous,
                            const MulticastProgram& next,
                            const std::vector<size_t>& match, size_t added) {
  std::vector<bool> free(next.flow_column.size(), false);
  free[added] = true;
  for (size_t c = 0; c < match.size(); ++c) {
    if (FlowOrigins(next, match[c]) != FlowOrigins(previous, c)) {
      free[match[c]] = true;
    }
  }
  return free;
}

// Else, under summed loads (10) and with no node avoided: the other flows
// kept, the free ones (above) re-routed by RerouteFlows(), at least cost.
std::optional<std::vector<mpq_class>> RerouteByLp(
    const hetcast_graph_request& request, const MulticastProgram& previous,
    const std::vector<mpq_class>& x, const MulticastProgram& next,
    const std::vector<size_t>& match, size_t added) {
  const std::vector<bool> free = FreeFlows(previous, next, match, added);
  std::vector<mpq_class> kept(next.lp.columns.size(), 0);
  for (size_t c = 0; c < match.size(); ++c) {
    if (free[match[c]]) continue;
    for (size_t e = 0; e < request.edge_count; ++e) {
      const size_t from = previous.flow_column[c][e];
      if (from == MulticastProgram::kNoColumn || sgn(x[from]) == 0) continue;
      const size_t to = next.flow_column[match[c]][e];
      if (to == MulticastProgram::kNoColumn) return std::nullopt;
      kept[to] = x[from];
    }
  }
  kept[next.period_column] = x[previous.period_column];
  return RerouteFlows(request, next, kept, free, UINT32_MAX);
}

}  // namespace

std::optional<std::vector<mpq_class>> CarryOptimum(
    const hetcast_graph_request& request, const MulticastProgram& previous,
    const std::vector<mpq_class>& x, const MulticastProgram& next,
    uint32_t avoid) {
  const auto flows = MatchFlows(previous, next);
  if (!flows.has_value()) return std::nullopt;
  const auto added =
      AddedFlow(request, previous, x, next, flows->second, avoid);
  if (!added.has_value()) {
    if (next.groups.empty() || avoid != UINT32_MAX) return std::nullopt;
    return RerouteByLp(request, previous, x, next, flows->first, flows->second);
  }
  const auto& [donor, amount] = *added;
  std::vector<mpq_class> carried(next.lp.columns.size(), 0);
  for (size_t c = 0; c < previous.flow_column.size(); ++c) {
    for (size_t e = 0; e < request.edge_count; ++e) {
      const size_t from = previous.flow_column[c][e];
      const size_t to = next.flow_column[flows->first[c]][e];
      if (from == MulticastProgram::kNoColumn) continue;
      const mpq_class kept = c == donor ? x[from] - amount[e] : x[from];
      if (sgn(kept) == 0) continue;
      if (to == MulticastProgram::kNoColumn) return std::nullopt;
      carried[to] = kept;
    }
  }
  const bool summed = !next.groups.empty();
  for (size_t e = 0; e < request.edge_count; ++e) {
    const size_t to = next.flow_column[flows->second][e];
    if (to != MulticastProgram::kNoColumn) carried[to] = amount[e];
    const size_t n = next.load_column[e];
    if (n == MulticastProgram::kNoColumn) continue;
    const size_t old = previous.load_column[e];
    const mpq_class load = old == MulticastProgram::kNoColumn ? 0 : x[old];
    const mpq_class& extra = donor == SIZE_MAX ? amount[e] : mpq_class(0);
    carried[n] = summed ? load + extra : std::max(load, amount[e]);
  }
  carried[next.period_column] = x[previous.period_column];
  if (!Feasible(next.lp, carried)) return std::nullopt;
  return carried;
}

namespace {

// RerouteFlows()'s LP: one column per free flow and edge (`column`: the
// program's column -> the LP's), the free flows' conservation rows, one
// row per port bounding what the free flows may use of what the kept
// ones (copied into `solution`) leave under x's T.
struct Reroute {
  LinearProgram lp;
  std::vector<size_t> column;
  std::vector<mpq_class> solution;
};

// Each port's time left by the kept flows, and the free flows' terms on it.
struct Ports {
  using Terms = std::vector<std::pair<size_t, mpq_class>>;
  std::vector<mpq_class> room_send, room_receive;
  std::vector<Terms> send, receive;
};

// Columns and port terms of the free flows; the kept flows copied into
// r->solution and their time taken from the ports' room.
void AddRerouteColumns(const hetcast_graph_request& request,
                       const MulticastProgram& program,
                       const std::vector<mpq_class>& x,
                       const std::vector<bool>& free, uint32_t into, Reroute* r,
                       Ports* ports) {
  for (size_t e = 0; e < request.edge_count; ++e) {
    const hetcast_graph_edge& edge = request.edges[e];
    for (size_t k = 0; k < free.size(); ++k) {
      const size_t j = program.flow_column[k][e];
      if (j == MulticastProgram::kNoColumn) continue;
      if (!free[k]) {
        r->solution[j] = x[j];
        ports->room_send[edge.from] -= Cost(edge) * x[j];
        ports->room_receive[edge.to] -= Cost(edge) * x[j];
        continue;
      }
      const bool counted = into == UINT32_MAX || edge.to == into;
      r->column[j] = r->lp.AddColumn(
          program.lp.columns[j].name,
          into == UINT32_MAX ? Cost(edge) : mpq_class(counted ? 1 : 0));
      ports->send[edge.from].emplace_back(r->column[j], Cost(edge));
      ports->receive[edge.to].emplace_back(r->column[j], Cost(edge));
    }
  }
}

// The LP above; nullopt when the kept flows alone overrun a port.
std::optional<Reroute> BuildReroute(const hetcast_graph_request& request,
                                    const MulticastProgram& program,
                                    const std::vector<mpq_class>& x,
                                    const std::vector<bool>& free,
                                    uint32_t into) {
  Reroute r = {LinearProgram(),
               std::vector<size_t>(program.lp.columns.size(), SIZE_MAX),
               std::vector<mpq_class>(program.lp.columns.size(), 0)};
  const std::vector<mpq_class> period(request.node_count,
                                      x[program.period_column]);
  Ports ports = {period, period, std::vector<Ports::Terms>(request.node_count),
                 std::vector<Ports::Terms>(request.node_count)};
  AddRerouteColumns(request, program, x, free, into, &r, &ports);
  for (size_t k = 0; k < free.size(); ++k) {
    for (size_t row : program.group_row[k]) {
      if (!free[k] || row == MulticastProgram::kNoColumn) continue;
      const LinearProgram::Row& original = program.lp.rows[row];
      std::vector<std::pair<size_t, mpq_class>> terms;
      for (const auto& [j, a] : original.terms) {
        terms.emplace_back(r.column[j], a);
      }
      r.lp.AddRow(original.name, std::move(terms), original.sense,
                  original.rhs);
    }
  }
  for (uint32_t v = 0; v < request.node_count; ++v) {
    if (sgn(ports.room_send[v]) < 0 || sgn(ports.room_receive[v]) < 0) {
      return std::nullopt;
    }
    if (!ports.send[v].empty()) {
      r.lp.AddRow(absl::StrCat("send_", v), std::move(ports.send[v]),
                  RowSense::kLessEqual, ports.room_send[v]);
    }
    if (!ports.receive[v].empty()) {
      r.lp.AddRow(absl::StrCat("receive_", v), std::move(ports.receive[v]),
                  RowSense::kLessEqual, ports.room_receive[v]);
    }
  }
  return r;
}

}  // namespace

std::optional<std::vector<mpq_class>> RerouteFlows(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const std::vector<mpq_class>& x, const std::vector<bool>& free,
    uint32_t into) {
  std::optional<Reroute> r = BuildReroute(request, program, x, free, into);
  if (!r.has_value()) return std::nullopt;
  const absl::StatusOr<LpSolution> flows = SolveExactLp(r->lp);
  if (!flows.ok()) return std::nullopt;  // infeasible: they do not fit
  std::vector<mpq_class>& solution = r->solution;
  for (size_t j = 0; j < r->column.size(); ++j) {
    if (r->column[j] != SIZE_MAX) solution[j] = flows->x[r->column[j]];
  }
  for (size_t e = 0; e < request.edge_count; ++e) {
    const size_t n = program.load_column[e];
    if (n == MulticastProgram::kNoColumn) continue;
    for (size_t k = 0; k < free.size(); ++k) {
      const size_t j = program.flow_column[k][e];
      if (j != MulticastProgram::kNoColumn) solution[n] += solution[j];
    }
  }
  solution[program.period_column] = x[program.period_column];
  if (!Feasible(program.lp, solution)) return std::nullopt;
  return std::move(solution);
}

namespace {

// Where each row of `previous` is in `next` (SIZE_MAX: dropped), flows
// mapped by `match`.
std::vector<size_t> RowMap(const MulticastProgram& previous,
                           const MulticastProgram& next,
                           const std::vector<size_t>& match) {
  std::vector<size_t> to(previous.lp.rows.size(), SIZE_MAX);
  const auto map = [&](const std::vector<size_t>& from,
                       const std::vector<size_t>& into) {
    for (size_t i = 0; i < from.size() && i < into.size(); ++i) {
      if (from[i] != MulticastProgram::kNoColumn) to[from[i]] = into[i];
    }
  };
  for (size_t c = 0; c < match.size(); ++c) {
    map(previous.group_row[c], next.group_row[match[c]]);
  }
  map(previous.send_row, next.send_row);
  map(previous.receive_row, next.receive_row);
  map(previous.sum_row, next.sum_row);
  for (size_t& r : to) {
    if (r == MulticastProgram::kNoColumn) r = SIZE_MAX;
  }
  return to;
}

}  // namespace

std::optional<LpBasis> GrownBasis(const MulticastProgram& previous,
                                  const LpBasis& basis,
                                  const MulticastProgram& next) {
  const auto flows = MatchFlows(previous, next);
  if (!flows.has_value() || next.groups.empty() ||
      basis.column_status.size() != previous.lp.columns.size() ||
      basis.row_status.size() != previous.lp.rows.size()) {
    return std::nullopt;
  }
  const std::vector<size_t>& match = flows->first;
  LpBasis grown = {std::string(next.lp.columns.size(), '0'),
                   std::string(next.lp.rows.size(), '1')};
  std::vector<bool> old_row(next.lp.rows.size(), false);
  const std::vector<size_t> rows = RowMap(previous, next, match);
  int surplus = 0;  // basic slacks too many
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r] == SIZE_MAX) {
      surplus += basis.row_status[r] == '1' ? 0 : 1;
      continue;
    }
    grown.row_status[rows[r]] = basis.row_status[r];
    old_row[rows[r]] = true;
  }
  const auto copy = [&](size_t from, size_t to) {
    if (from != MulticastProgram::kNoColumn &&
        to != MulticastProgram::kNoColumn)
      grown.column_status[to] = basis.column_status[from];
  };
  for (size_t c = 0; c < match.size(); ++c) {
    for (size_t e = 0; e < previous.flow_column[c].size(); ++e) {
      copy(previous.flow_column[c][e], next.flow_column[match[c]][e]);
    }
  }
  for (size_t e = 0; e < previous.load_column.size(); ++e) {
    copy(previous.load_column[e], next.load_column[e]);
  }
  copy(previous.period_column, next.period_column);
  for (size_t r : next.group_row[flows->second]) {
    if (surplus == 0) break;
    if (r == MulticastProgram::kNoColumn || old_row[r]) continue;
    grown.row_status[r] = '0';
    --surplus;
  }
  if (surplus != 0) return std::nullopt;
  return grown;
}

}  // namespace hetcast
