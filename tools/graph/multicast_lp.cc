// multicast_lp.cc: the flow programs of §4 (proof of Theorem 4), §5.1 and
// §5.2.3, built column by column and solved exactly.
//
// Variables and names (node ids in the LP file): x_O_D_J_K is the fraction
// of the message for destination D, sent by origin O, that crosses edge
// (J, K); n_J_K the edge's load in messages; T the time per message.
//
// Decisions on what the paper leaves open (notes A8):
//  - "x_i^{j,k}" is never declared non-negative (A8.1); every column is
//    >= 0 here, as a fraction of a message must be.
//  - (4) "t_{j,k} = n_{j,k} c_{j,k}", (5) "t_j^(in) = sum t_{k,j}" and (6)
//    define variables by equalities; they are substituted into (8) and (9),
//    so the program has the x, n and T columns only (the sizes in notes
//    A4). (7) "T* >= t_{j,k}" is implied by (8) and (9) and is left out.
//  - (10') "n_{j,k} = max_i x_i^{j,k}" is written n_{j,k} >= x_i^{j,k} for
//    every i (A8.1): T* is minimised and n only raises loads, so some
//    optimum has n equal to the largest x.
//  - (1) "sum_{P_j in N^out(P_source)} x_i^{source,j} = 1" and (2) "sum_{P_j
//    in N^in(P_i)} x_i^{j,i} = 1" bound the gross flow out of the source and
//    into the target (A8.2). As printed they let flow re-enter the source
//    and leave the target, and that is not only a matter of which vertex
//    the solver returns: with s <-> a and t <-> b two cheap cycles, the
//    circulation s -> a -> s satisfies (1), t -> b -> t satisfies (2) and
//    (3) holds everywhere else, so no flow need travel from s to t and T*
//    drops below every schedule's period. Decision: x_i is fixed at 0 on
//    edges into its origin and out of its destination (no column). Any
//    s -> t flow minus its cycles through s or t is still an s -> t flow
//    of value 1 with no more on any edge, so the optimum of the intended
//    program (net flows) is unchanged.
//  - (13): costs include start-up but apply linearly to fractions of a
//    message (A8.13); that is the paper's model and a limit of it.
#include "tools/graph/multicast_lp.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/graph/carried_optimum.h"
#include "tools/graph/dual_bound.h"
#include "tools/graph/grouped_flow.h"

namespace hetcast {
namespace {

// A destination and the origins it may receive the message from: the
// request's source for LB, UB and EB, the earlier sources for MMS-UB.
struct Demand {
  uint32_t destination;
  std::vector<uint32_t> origins;
};

// The edges a program may use (the request's, or those inside a node set).
std::vector<bool> AllEdges(const hetcast_graph_request& request) {
  return std::vector<bool>(request.edge_count, true);
}

std::string EdgeName(const hetcast_graph_edge& e) {
  return absl::StrCat(e.from, "_", e.to);
}

// The x columns: commodity (o, d) on every usable edge, except into o and
// out of d (the A8.2 decision above).
void AddFlowColumns(const hetcast_graph_request& request,
                    const std::vector<bool>& usable,
                    const std::vector<Demand>& demands,
                    MulticastProgram* program) {
  for (const Demand& demand : demands) {
    for (uint32_t origin : demand.origins) {
      const Commodity c = {origin, demand.destination};
      program->commodities.push_back(c);
      std::vector<size_t>& column = program->flow_column.emplace_back(
          request.edge_count, MulticastProgram::kNoColumn);
      for (size_t e = 0; e < request.edge_count; ++e) {
        const hetcast_graph_edge& edge = request.edges[e];
        if (!usable[e] || edge.to == c.origin || edge.from == c.destination) {
          continue;
        }
        column[e] = program->lp.AddColumn(
            absl::StrCat("x_", c.origin, "_", c.destination, "_",
                         EdgeName(edge)),
            0);
      }
    }
  }
}

// (1) and (2): per destination d, what its origins send out on commodity
// (o, d), summed over o, is 1, and so is what d receives.
void AddDemandRows(const hetcast_graph_request& request,
                   const std::vector<Demand>& demands,
                   MulticastProgram* program) {
  size_t c = 0;
  for (const Demand& demand : demands) {
    std::vector<std::pair<size_t, mpq_class>> out;
    std::vector<std::pair<size_t, mpq_class>> in;
    for (size_t k = 0; k < demand.origins.size(); ++k, ++c) {
      for (size_t e = 0; e < request.edge_count; ++e) {
        const size_t column = program->flow_column[c][e];
        if (column == MulticastProgram::kNoColumn) continue;
        if (request.edges[e].from == demand.origins[k]) {
          out.emplace_back(column, 1);
        }
        if (request.edges[e].to == demand.destination) {
          in.emplace_back(column, 1);
        }
      }
    }
    program->lp.AddRow(absl::StrCat("leave_", demand.destination),
                       std::move(out), RowSense::kEqual, 1);
    program->lp.AddRow(ReachRowName(demand.destination), std::move(in),
                       RowSense::kEqual, 1);
  }
}

// (3): commodity (o, d) is conserved at every node but o and d.
void AddConservationRows(const hetcast_graph_request& request,
                         MulticastProgram* program) {
  for (size_t c = 0; c < program->commodities.size(); ++c) {
    const Commodity commodity = program->commodities[c];
    std::vector<std::vector<std::pair<size_t, mpq_class>>> balance(
        request.node_count);
    for (size_t e = 0; e < request.edge_count; ++e) {
      const size_t column = program->flow_column[c][e];
      if (column == MulticastProgram::kNoColumn) continue;
      balance[request.edges[e].from].emplace_back(column, 1);
      balance[request.edges[e].to].emplace_back(column, -1);
    }
    for (uint32_t v = 0; v < request.node_count; ++v) {
      if (v == commodity.origin || v == commodity.destination ||
          balance[v].empty()) {
        continue;
      }
      program->lp.AddRow(ConserveRowName(commodity, v), std::move(balance[v]),
                         RowSense::kEqual, 0);
    }
  }
}

// The n columns and (10) or (10').
void AddLoadRows(const hetcast_graph_request& request,
                 const std::vector<bool>& usable, LoadRule rule,
                 MulticastProgram* program) {
  program->load_column.assign(request.edge_count, MulticastProgram::kNoColumn);
  program->sum_row.assign(request.edge_count, MulticastProgram::kNoColumn);
  for (size_t e = 0; e < request.edge_count; ++e) {
    if (!usable[e]) continue;
    const std::string edge = EdgeName(request.edges[e]);
    const size_t n = program->lp.AddColumn(absl::StrCat("n_", edge), 0);
    program->load_column[e] = n;
    std::vector<std::pair<size_t, mpq_class>> sum = {{n, 1}};
    for (size_t c = 0; c < program->flow_column.size(); ++c) {
      const size_t x = program->flow_column[c][e];
      if (x == MulticastProgram::kNoColumn) continue;
      if (rule == LoadRule::kSum) {
        sum.emplace_back(x, -1);
        continue;
      }
      const Commodity commodity = program->commodities[c];
      program->lp.AddRow(absl::StrCat("largest_", commodity.origin, "_",
                                      commodity.destination, "_", edge),
                         {{n, 1}, {x, -1}}, RowSense::kGreaterEqual, 0);
    }
    if (rule == LoadRule::kSum) {
      program->sum_row[e] = program->lp.AddRow(
          absl::StrCat("sum_", edge), std::move(sum), RowSense::kEqual, 0);
    }
  }
}

// T* and (8), (9) with (4)-(6) substituted: T* >= sum of c_e n_e over the
// node's in-edges, and over its out-edges. The objective is T*.
void AddPortRows(const hetcast_graph_request& request,
                 MulticastProgram* program) {
  program->period_column = program->lp.AddColumn("T", 1);
  const size_t t = program->period_column;
  std::vector<std::vector<std::pair<size_t, mpq_class>>> in(request.node_count);
  std::vector<std::vector<std::pair<size_t, mpq_class>>> out(
      request.node_count);
  for (size_t e = 0; e < request.edge_count; ++e) {
    const size_t n = program->load_column[e];
    if (n == MulticastProgram::kNoColumn) continue;
    const mpq_class cost(mpz_class(absl::StrCat(request.edges[e].cost)));
    in[request.edges[e].to].emplace_back(n, -cost);
    out[request.edges[e].from].emplace_back(n, -cost);
  }
  const auto add = [&](const char* name, uint32_t v,
                       std::vector<std::pair<size_t, mpq_class>> terms) {
    if (terms.empty()) return MulticastProgram::kNoColumn;
    terms.insert(terms.begin(), {t, 1});
    return program->lp.AddRow(absl::StrCat(name, v), std::move(terms),
                              RowSense::kGreaterEqual, 0);
  };
  program->send_row.assign(request.node_count, MulticastProgram::kNoColumn);
  program->receive_row = program->send_row;
  for (uint32_t v = 0; v < request.node_count; ++v) {
    program->receive_row[v] = add("receive_", v, std::move(in[v]));
    program->send_row[v] = add("send_", v, std::move(out[v]));
  }
}

// The nodes the source reaches over usable edges.
std::vector<bool> Reached(const hetcast_graph_request& request,
                          const std::vector<bool>& usable) {
  std::vector<std::vector<uint32_t>> out(request.node_count);
  for (size_t e = 0; e < request.edge_count; ++e) {
    if (usable[e]) out[request.edges[e].from].push_back(request.edges[e].to);
  }
  std::vector<bool> reached(request.node_count, false);
  std::vector<uint32_t> stack = {request.source};
  reached[request.source] = true;
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    for (uint32_t w : out[v]) {
      if (!reached[w]) {
        reached[w] = true;
        stack.push_back(w);
      }
    }
  }
  return reached;
}

// Ids in range, costs >= 1, targets distinct and not the source, and every
// target reached: what the platform parser guarantees, rechecked because
// these functions are also called on hand-built requests.
absl::Status CheckRequest(const hetcast_graph_request& request) {
  if (request.source >= request.node_count) {
    return absl::InvalidArgumentError("source out of range");
  }
  for (size_t e = 0; e < request.edge_count; ++e) {
    const hetcast_graph_edge& edge = request.edges[e];
    if (edge.from >= request.node_count || edge.to >= request.node_count ||
        edge.from == edge.to || edge.cost == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "edge %d (%d -> %d) is invalid", e, edge.from, edge.to));
    }
  }
  if (request.target_count == 0) {
    return absl::InvalidArgumentError("no targets");
  }
  const std::vector<bool> reached = Reached(request, AllEdges(request));
  std::vector<bool> seen(request.node_count, false);
  for (size_t i = 0; i < request.target_count; ++i) {
    const uint32_t t = request.targets[i];
    if (t >= request.node_count || t == request.source || seen[t] ||
        !reached[t]) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "target %d is out of range, the source, repeated or unreachable", t));
    }
    seen[t] = true;
  }
  return absl::OkStatus();
}

// The paper's program, unsolved.
void BuildProgram(const hetcast_graph_request& request,
                  const std::vector<bool>& usable,
                  const std::vector<Demand>& demands, LoadRule rule,
                  MulticastProgram* program) {
  AddFlowColumns(request, usable, demands, program);
  AddDemandRows(request, demands, program);
  AddConservationRows(request, program);
  AddLoadRows(request, usable, rule, program);
  AddPortRows(request, program);
}

// Grouped flows. Under (10) the x of a commodity enter the rest of the
// program only through n_e = sum of x, so the commodities of destinations
// with the same origins can share one flow: it leaves any origin, leaves
// one unit at each destination, is conserved at every other node, and may
// cross destinations and end in origins. Summing a group's x maps every
// solution of the paper's program to one of the grouped program with the
// same n and T; conversely a grouped flow splits into paths, each from one
// origin to one destination, plus cycles and flow into origins that only
// add load (ExpandGroupedSolution()). So the optima are equal; and the
// flow into a non-origin node (the LP heuristics' score) is the same sum
// in both, and dropping cycles only lowers it, so its least value over
// the optimal face is equal too. UB then has one flow instead of one per
// target, MMS-UB one per origin set instead of one per (origin,
// destination).
std::vector<FlowGroup> GroupDemands(const std::vector<Demand>& demands) {
  std::vector<FlowGroup> groups;
  for (const Demand& demand : demands) {
    auto group = std::find_if(
        groups.begin(), groups.end(),
        [&](const FlowGroup& g) { return g.origins == demand.origins; });
    if (group == groups.end()) {
      group = groups.insert(groups.end(), FlowGroup{demand.origins, {}});
    }
    group->destinations.push_back(demand.destination);
  }
  return groups;
}

// A group's flow on every usable edge ("f_G_J_K"), and its conservation
// rows: out minus in is -1 at a destination, 0 at other nodes but the
// origins.
void AddGroupedFlows(const hetcast_graph_request& request,
                     const std::vector<bool>& usable,
                     MulticastProgram* program) {
  for (size_t g = 0; g < program->groups.size(); ++g) {
    const FlowGroup& group = program->groups[g];
    std::vector<size_t>& column = program->flow_column.emplace_back(
        request.edge_count, MulticastProgram::kNoColumn);
    std::vector<std::vector<std::pair<size_t, mpq_class>>> balance(
        request.node_count);
    for (size_t e = 0; e < request.edge_count; ++e) {
      if (!usable[e]) continue;
      const hetcast_graph_edge& edge = request.edges[e];
      column[e] =
          program->lp.AddColumn(absl::StrCat("f_", g, "_", EdgeName(edge)), 0);
      balance[edge.from].emplace_back(column[e], 1);
      balance[edge.to].emplace_back(column[e], -1);
    }
    std::vector<int> need(request.node_count, 0);
    for (uint32_t o : group.origins) need[o] = 1;  // no row
    for (uint32_t d : group.destinations) need[d] = -1;
    std::vector<size_t>& row = program->group_row.emplace_back(
        request.node_count, MulticastProgram::kNoColumn);
    for (uint32_t v = 0; v < request.node_count; ++v) {
      if (need[v] == 1 || (need[v] == 0 && balance[v].empty())) continue;
      row[v] =
          program->lp.AddRow(absl::StrCat("group_", g, "_", v),
                             std::move(balance[v]), RowSense::kEqual, need[v]);
    }
  }
}

// The paper's program (unless `paper` is false) and the grouped one,
// unsolved.
void BuildGrouped(const hetcast_graph_request& request,
                  const std::vector<bool>& usable,
                  const std::vector<Demand>& demands, LpBound* bound,
                  bool paper = true) {
  if (paper) {
    BuildProgram(request, usable, demands, LoadRule::kSum, &bound->program);
  }
  MulticastProgram& grouped = bound->grouped;
  grouped.groups = GroupDemands(demands);
  AddGroupedFlows(request, usable, &grouped);
  AddLoadRows(request, usable, LoadRule::kSum, &grouped);
  AddPortRows(request, &grouped);
}

// `bound` completed from an optimum of its grouped program (certified by
// SolveExactLp() or the caller): the paper's program's, certified.
absl::Status FinishGrouped(const hetcast_graph_request& request,
                           LpSolution solution, LpBound* bound) {
  if (bound->program.lp.columns.empty()) {  // grouped only
    bound->finite = true;
    bound->period = solution.objective;
    bound->grouped_solution = std::move(solution);
    return absl::OkStatus();
  }
  absl::StatusOr<LpSolution> expanded =
      ExpandGroupedSolution(request, bound->program, bound->grouped, solution);
  if (!expanded.ok()) return expanded.status();
  absl::Status proof = CheckLpCertificate(bound->program.lp, *expanded);
  if (!proof.ok()) return proof;
  bound->finite = true;
  bound->period = expanded->objective;
  bound->solution = *std::move(expanded);
  bound->grouped_solution = std::move(solution);
  return absl::OkStatus();
}

bool SameFlows(const std::vector<FlowGroup>& a,
               const std::vector<FlowGroup>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const FlowGroup& x, const FlowGroup& y) {
                      return x.origins == y.origins &&
                             x.destinations == y.destinations;
                    });
}

// The basis a program grown from `bound` starts from: its optimal one,
// else (a carried optimum) the one it was grown with.
const LpBasis& StartOf(const LpBound& bound) {
  return bound.basis.column_status.empty() ? bound.grown_basis : bound.basis;
}

// `bound` as BuildGrouped() left it, solved and finished. `grown`, when
// set, is the bound of the program it extends by one flow
// (MultiSourceUbGrown()): its optimal basis, grown, starts the dual
// simplex.
absl::StatusOr<LpBound> SolveBuilt(const hetcast_graph_request& request,
                                   LpBound bound,
                                   const LpBound* grown = nullptr) {
  const std::optional<LpBasis> start =
      grown != nullptr && grown->finite && !grown->grouped.groups.empty()
          ? GrownBasis(grown->grouped, StartOf(*grown), bound.grouped)
          : std::nullopt;
  absl::StatusOr<LpSolution> solution =
      SolveExactLp(bound.grouped.lp, start.has_value() ? &*start : nullptr,
                   &bound.basis, Simplex::kDual);
  if (!solution.ok()) return solution.status();
  absl::Status done = FinishGrouped(request, *std::move(solution), &bound);
  if (!done.ok()) return done;
  return bound;
}

absl::StatusOr<LpBound> SolveGrouped(const hetcast_graph_request& request,
                                     const std::vector<bool>& usable,
                                     const std::vector<Demand>& demands) {
  LpBound bound;
  BuildGrouped(request, usable, demands, &bound);
  return SolveBuilt(request, std::move(bound));
}

absl::StatusOr<LpBound> Solve(const hetcast_graph_request& request,
                              const std::vector<bool>& usable,
                              const std::vector<Demand>& demands,
                              LoadRule rule) {
  if (rule == LoadRule::kSum) return SolveGrouped(request, usable, demands);
  LpBound bound;
  MulticastProgram& program = bound.program;
  BuildProgram(request, usable, demands, rule, &program);
  absl::StatusOr<LpSolution> solution =
      SolveExactLp(program.lp, nullptr, &bound.basis);
  if (!solution.ok()) return solution.status();
  bound.finite = true;
  bound.period = solution->objective;
  bound.solution = *std::move(solution);
  return bound;
}

// Every target from the request's source.
std::vector<Demand> SingleSourceDemands(const hetcast_graph_request& request) {
  std::vector<Demand> demands;
  for (size_t i = 0; i < request.target_count; ++i) {
    demands.push_back({request.targets[i], {request.source}});
  }
  return demands;
}

absl::StatusOr<LpBound> SingleSource(const hetcast_graph_request& request,
                                     LoadRule rule) {
  absl::Status status = CheckRequest(request);
  if (!status.ok()) return status;
  return Solve(request, AllEdges(request), SingleSourceDemands(request), rule);
}

// MulticastMultiSource-UB's demands (below): source s_i (i >= 1) from
// s_0 .. s_{i-1}, every target not among the sources from all of them.
std::vector<Demand> MultiSourceDemands(const hetcast_graph_request& request,
                                       const std::vector<uint32_t>& sources) {
  std::vector<bool> is_source(request.node_count, false);
  std::vector<Demand> demands;
  for (size_t i = 0; i < sources.size(); ++i) {
    is_source[sources[i]] = true;
    if (i > 0) {
      demands.push_back({sources[i], {sources.begin(), sources.begin() + i}});
    }
  }
  for (size_t i = 0; i < request.target_count; ++i) {
    if (is_source[request.targets[i]]) continue;
    demands.push_back({request.targets[i], sources});
  }
  return demands;
}

}  // namespace

absl::StatusOr<LpBound> MulticastLb(const hetcast_graph_request& request) {
  return SingleSource(request, LoadRule::kLargest);
}

// The carried solution, when there is one, has T* of `previous`, which
// is <= this program's optimum (each solution of it, less the new
// commodity, is one of `previous`): so it is optimal, and the certificate
// checks it with `previous`' duals, 0 on the rows of the new commodity
// (which is all the new rows: they hold only its x and the loads n, on
// which they put no weight).
absl::StatusOr<LpBound> MulticastLbGrown(const hetcast_graph_request& request,
                                         const LpBound& previous) {
  absl::Status status = CheckRequest(request);
  if (!status.ok()) return status;
  LpBound bound;
  BuildProgram(request, AllEdges(request), SingleSourceDemands(request),
               LoadRule::kLargest, &bound.program);
  const std::optional<std::vector<mpq_class>> carried =
      previous.finite && previous.grouped.groups.empty()
          ? CarryOptimum(request, previous.program, previous.solution.x,
                         bound.program, UINT32_MAX)
          : std::nullopt;
  if (!carried.has_value()) return MulticastLb(request);
  absl::flat_hash_map<std::string, size_t> row;
  for (size_t r = 0; r < previous.program.lp.rows.size(); ++r) {
    row[previous.program.lp.rows[r].name] = r;
  }
  LpSolution solution = {*carried, {}, previous.period};
  for (const LinearProgram::Row& r : bound.program.lp.rows) {
    const auto it = row.find(r.name);
    solution.y.push_back(it == row.end() ? mpq_class(0)
                                         : previous.solution.y[it->second]);
  }
  if (!CheckLpCertificate(bound.program.lp, solution).ok()) {
    return MulticastLb(request);
  }
  bound.finite = true;
  bound.period = previous.period;
  bound.solution = std::move(solution);
  return bound;
}

absl::StatusOr<LpBound> MulticastUb(const hetcast_graph_request& request) {
  return SingleSource(request, LoadRule::kSum);
}

// "Broadcast-EB(P) = Multicast-LB(P, P)" (§5.1.3) read as the notes' A8.4
// decides: the targets are P minus the source, on the subgraph P induces
// ("P setminus P_m" in Fig. 6 is the subgraph without P_m). The paper sets
// "Broadcast-EB(P setminus P_m) = +infinity" when "there may be possibly no
// path from P_source to a node in P_target"; every kept node is a target of the
// broadcast, so any kept node the source cannot reach inside the subgraph
// makes it +infinity.
absl::StatusOr<LpBound> BroadcastEb(const hetcast_graph_request& request,
                                    const std::vector<bool>& kept) {
  if (kept.size() != request.node_count || !kept[request.source]) {
    return absl::InvalidArgumentError(
        "Broadcast-EB: the kept nodes must include the source");
  }
  std::vector<bool> usable(request.edge_count);
  for (size_t e = 0; e < request.edge_count; ++e) {
    usable[e] = kept[request.edges[e].from] && kept[request.edges[e].to];
  }
  const std::vector<bool> reached = Reached(request, usable);
  std::vector<Demand> demands;
  for (uint32_t v = 0; v < request.node_count; ++v) {
    if (!kept[v] || v == request.source) continue;
    if (!reached[v]) return LpBound();  // +infinity
    demands.push_back({v, {request.source}});
  }
  if (demands.empty()) {
    return absl::InvalidArgumentError(
        "Broadcast-EB: no node besides the source");
  }
  return Solve(request, usable, demands, LoadRule::kLargest);
}

// §5.2.3 as printed, with the index fixes of notes A8.10-11:
//  - (1) "for all s_i: sum_{j<i} ... x_{s_j,s_i} = 1" is an empty sum for
//    s_0, the source itself, so it applies to i >= 1 only.
//  - (1b), (2b), (3b) write "j < l" over the sources s_0 .. s_l, which
//    would leave the last source out of the targets' origins: read j <= l.
//  - (3) writes "j <= i" for the flows into s_i; a source does not feed
//    itself: read j < i, as in (1).
//  - (10) sums "x_{s_j,i}^{k,l}" over i in P_target only, so feeding the
//    secondary sources would cost nothing; the text calls (10) "summing up
//    the different messages", so every commodity, source to source
//    included, is summed.
namespace {

// CheckRequest() and the sources as MultiSourceUb() takes them.
absl::Status CheckSources(const hetcast_graph_request& request,
                          const std::vector<uint32_t>& sources) {
  absl::Status status = CheckRequest(request);
  if (!status.ok()) return status;
  if (sources.empty() || sources[0] != request.source) {
    return absl::InvalidArgumentError(
        "MulticastMultiSource-UB: sources[0] must be the source");
  }
  std::vector<bool> is_source(request.node_count, false);
  for (uint32_t s : sources) {
    if (s >= request.node_count || is_source[s]) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "MulticastMultiSource-UB: source %d out of range or repeated", s));
    }
    is_source[s] = true;
  }
  const std::vector<bool> reached = Reached(request, AllEdges(request));
  for (uint32_t s : sources) {
    if (!reached[s]) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "MulticastMultiSource-UB: source %d cannot be reached", s));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<LpBound> MultiSourceUb(const hetcast_graph_request& request,
                                      const std::vector<uint32_t>& sources) {
  absl::Status status = CheckSources(request, sources);
  if (!status.ok()) return status;
  return Solve(request, AllEdges(request), MultiSourceDemands(request, sources),
               LoadRule::kSum);
}

absl::StatusOr<LpBound> MultiSourceUbGrown(const hetcast_graph_request& request,
                                           const std::vector<uint32_t>& sources,
                                           const LpBound& previous,
                                           bool paper) {
  absl::Status status = CheckSources(request, sources);
  if (!status.ok()) return status;
  if (!previous.finite || previous.grouped.groups.empty()) {
    return MultiSourceUb(request, sources);
  }
  LpBound bound;
  BuildGrouped(request, AllEdges(request), MultiSourceDemands(request, sources),
               &bound, paper);
  const auto solved = [&] {
    return SolveBuilt(request, std::move(bound), &previous);
  };
  // The last target made a source: its flow, from the same origins, is
  // now the new source's, and the program is previous' (no LP, no basis).
  if (SameFlows(previous.grouped.groups, bound.grouped.groups) &&
      CheckLpCertificate(bound.grouped.lp, previous.grouped_solution).ok() &&
      FinishGrouped(request, previous.grouped_solution, &bound).ok()) {
    bound.grown_basis = StartOf(previous);
    return bound;
  }
  const std::optional<std::vector<mpq_class>> carried =
      CarryOptimum(request, previous.grouped, previous.grouped_solution.x,
                   bound.grouped, UINT32_MAX);
  if (!carried.has_value()) return solved();
  absl::StatusOr<std::vector<mpq_class>> dual = SummedLoadDualSolution(
      request, PortDuals(previous.grouped, previous.grouped_solution),
      bound.grouped);
  if (!dual.ok()) return solved();
  LpSolution solution = {*carried, *std::move(dual), previous.period};
  if (!CheckLpCertificate(bound.grouped.lp, solution).ok() ||
      !FinishGrouped(request, std::move(solution), &bound).ok()) {
    return solved();
  }
  bound.grown_basis =
      GrownBasis(previous.grouped, StartOf(previous), bound.grouped)
          .value_or(LpBasis());
  return bound;
}

std::vector<FlowGroup> MultiSourceGroups(const hetcast_graph_request& request,
                                         const std::vector<uint32_t>& sources) {
  return GroupDemands(MultiSourceDemands(request, sources));
}

}  // namespace hetcast
