// lp_heuristics.cc: Figs. 6-8 as one local search with three sets of
// moves. The figures' misprints (notes A8.5-A8.7) are read as follows:
//  - "sort the nodes from P setminus P_target": the source is not a target
//    but can be neither removed (Fig. 6) nor added (Fig. 7); it is left
//    out of the candidates.
//  - "while Improvement = NO and m <= k_l" with "P setminus P_m" and m never
//    incremented: candidates are tried in ranked order, P_{k_1}, P_{k_2},
//    ..., the first accepted ends the pass; ties in the ranking go to the
//    smaller node id.
//  - Fig. 7 ranks by "Multicast-LB(P, P_target)" and line 11 grows
//    P_target: the ranking LP and its score use the grown P_target, as the
//    figure is written.
//  - Fig. 8 names "MulticastMultiSource-LB" on every line, but no LB
//    version exists and §5.2.3 and §7 call it "based on the linear program
//    MulticastMultiSource-UB": MultiSourceUb. Its score sums, over every
//    commodity whose destination is a target, the flow into P_m ("x_i" of
//    the single-source programs has one commodity per target).
//  - Nodes the source cannot reach are left out first (a broadcast that
//    must reach them is +infinity; the platform parser prunes them anyway).
#include "tools/graph/lp_heuristics.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "tools/graph/carried_optimum.h"
#include "tools/graph/dual_bound.h"
#include "tools/graph/face_minimum.h"
#include "tools/graph/grouped_flow.h"
#include "tools/graph/max_flow.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {
namespace {

LpValue ValueOf(const LpBound& bound) {
  if (!bound.finite) return std::nullopt;
  return bound.period;
}

// The program the solver saw (the grouped one when there is one) and its
// optimum: scores are read and minimised there (multicast_lp.cc, "Grouped
// flows").
const MulticastProgram& SolvedProgram(const LpBound& bound) {
  return bound.grouped.groups.empty() ? bound.program : bound.grouped;
}

const LpSolution& SolvedOptimum(const LpBound& bound) {
  return bound.grouped.groups.empty() ? bound.solution : bound.grouped_solution;
}

// The score of node m (Figs. 6-8: "sum_{i in P_target} sum_{P_j in
// N^in(P_m)} x_i^{j,m} in the solution of" the ranking program), made
// independent of the optimal vertex the solver returns (notes A8.2: a
// vertex may carry circulations and, under (10'), flow that costs nothing
// where another commodity is larger, and distinct optima route the same
// flow through different relays): the least value that sum takes over
// every optimum, i.e. the flow to the counted destinations that m carries
// in every optimal solution: the program with T fixed at T* and that sum
// minimised, at most one LP per candidate (FaceMinimumInflow() below).

// Whether flow c of `program` (a commodity, or a group of them) goes to
// counted destinations. A group's flow is counted whole, so a group must
// not mix counted and other destinations (MMS-UB's groups: the targets,
// and each secondary source alone).
absl::StatusOr<bool> FlowCounted(const MulticastProgram& program,
                                 const std::vector<bool>& counted, size_t c) {
  if (program.groups.empty()) {
    return counted[program.commodities[c].destination];
  }
  const std::vector<uint32_t>& destinations = program.groups[c].destinations;
  size_t in = 0;
  for (uint32_t d : destinations) in += counted[d] ? 1 : 0;
  if (in != 0 && in != destinations.size()) {
    return absl::InternalError("a flow group mixes counted destinations");
  }
  return in != 0;
}

// The columns of that sum: the counted flows into m.
absl::StatusOr<std::vector<size_t>> InflowColumns(
    const hetcast_graph_request& request, const MulticastProgram& program,
    const std::vector<bool>& counted, uint32_t m) {
  std::vector<size_t> columns;
  for (size_t c = 0; c < program.flow_column.size(); ++c) {
    absl::StatusOr<bool> in = FlowCounted(program, counted, c);
    if (!in.ok()) return in.status();
    if (!*in) continue;
    for (size_t e = 0; e < request.edge_count; ++e) {
      const size_t column = program.flow_column[c][e];
      if (column != MulticastProgram::kNoColumn && request.edges[e].to == m) {
        columns.push_back(column);
      }
    }
  }
  return columns;
}

// The nodes `origin` reaches over the program's edges (those with a load
// column) that do not touch m.
std::vector<bool> ReachedAvoiding(const hetcast_graph_request& request,
                                  const MulticastProgram& program,
                                  uint32_t origin, uint32_t m) {
  std::vector<bool> reached(request.node_count, false);
  reached[origin] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t e = 0; e < request.edge_count; ++e) {
      const hetcast_graph_edge& edge = request.edges[e];
      if (program.load_column[e] == MulticastProgram::kNoColumn ||
          edge.from == m || edge.to == m) {
        continue;
      }
      if (reached[edge.from] && !reached[edge.to])
        reached[edge.to] = grew = true;
    }
  }
  return reached;
}

// A lower bound on the face minimum: every counted destination that is m,
// or that none of its origins reaches without m, receives its whole
// message, 1 by (2), through m. (m is a candidate: never an origin.) The
// flows of `program`: commodities, or groups (the same origins and
// destinations).
mpq_class ForcedInflow(const hetcast_graph_request& request,
                       const MulticastProgram& program,
                       const std::vector<bool>& counted, uint32_t m) {
  std::vector<std::vector<bool>> reached(request.node_count);
  std::vector<bool> bypassed(request.node_count, false);
  std::vector<bool> destination(request.node_count, false);
  for (size_t c = 0; c < program.flow_column.size(); ++c) {
    const std::vector<uint32_t> origins = FlowOrigins(program, c);
    for (uint32_t d : FlowDestinations(program, c)) {
      destination[d] = true;
      for (uint32_t o : origins) {
        if (reached[o].empty()) {
          reached[o] = ReachedAvoiding(request, program, o, m);
        }
        if (d != m && reached[o][d]) bypassed[d] = true;
      }
    }
  }
  mpq_class forced = 0;
  for (uint32_t d = 0; d < request.node_count; ++d) {
    if (destination[d] && counted[d] && !bypassed[d]) forced += 1;
  }
  return forced;
}

// An upper bound on the face minimum from the optimum `bound` holds:
// keep T*, and reroute each counted flow, alone, so that as little of it
// as possible enters m. Whatever goes around m is a maximum flow F in the
// graph without m (capacities: n_e plus SpareLoad(), less what the other
// flows of a grouped program use on e); completing it to the whole flow
// by augmenting paths enters m at most once per path, so at most (its
// demand - F) enters m. The rerouted solution keeps every port within
// T* (the spare loads add at most each node's idle time): an optimum,
// whose inflow bounds the face minimum.
RationalFlowResult AroundNode(const hetcast_graph_request& request,
                              const MulticastProgram& program,
                              const LpSolution& optimum,
                              const std::vector<mpq_class>& spare, size_t c,
                              uint32_t m, const std::vector<uint32_t>& origins,
                              const std::vector<uint32_t>& destinations) {
  const uint32_t source = request.node_count;    // joined to the origins
  const uint32_t sink = request.node_count + 1;  // from the destinations
  std::vector<RationalArc> arcs;
  for (size_t e = 0; e < request.edge_count; ++e) {
    const hetcast_graph_edge& edge = request.edges[e];
    if (program.flow_column[c][e] == MulticastProgram::kNoColumn ||
        edge.from == m || edge.to == m) {
      continue;
    }
    mpq_class free = optimum.x[program.load_column[e]] + spare[e];
    for (size_t other = 0;
         !program.groups.empty() && other < program.flow_column.size();
         ++other) {
      if (other != c) free -= optimum.x[program.flow_column[other][e]];
    }
    arcs.push_back({edge.from, edge.to, free});
  }
  const mpq_class demand(static_cast<unsigned long>(destinations.size()));
  for (uint32_t o : origins) arcs.push_back({source, o, demand});
  for (uint32_t d : destinations) arcs.push_back({d, sink, 1});
  return MaxFlow(request.node_count + 2, arcs, source, sink, demand);
}

absl::StatusOr<mpq_class> ReroutedInflow(const hetcast_graph_request& request,
                                         const LpBound& bound,
                                         const std::vector<bool>& counted,
                                         uint32_t m) {
  const MulticastProgram& program = SolvedProgram(bound);
  const LpSolution& optimum = SolvedOptimum(bound);
  std::vector<bool> rerouted(program.flow_column.size());
  for (size_t c = 0; c < rerouted.size(); ++c) {
    absl::StatusOr<bool> in = FlowCounted(program, counted, c);
    if (!in.ok()) return in.status();
    rerouted[c] = *in;
  }
  // Summed loads: the rerouted flows share the spare load.
  const std::vector<mpq_class> spare =
      SpareLoad(request, program, optimum.x,
                !program.groups.empty()
                    ? std::max<size_t>(
                          1, std::count(rerouted.begin(), rerouted.end(), true))
                    : 1);
  mpq_class high = 0;
  for (size_t c = 0; c < program.flow_column.size(); ++c) {
    if (!rerouted[c]) continue;
    const std::vector<uint32_t> origins = FlowOrigins(program, c);
    const std::vector<uint32_t> destinations = FlowDestinations(program, c);
    const mpq_class demand(static_cast<unsigned long>(destinations.size()));
    if (std::find(destinations.begin(), destinations.end(), m) !=
        destinations.end()) {
      high += demand;  // never: m is a candidate, not a counted destination
      continue;
    }
    high += demand - AroundNode(request, program, optimum, spare, c, m, origins,
                                destinations)
                         .value;
  }
  return high;
}

// Bounds on a candidate's score: `low` <= the face minimum <= `high`,
// the score itself once `exact`.
struct ScoreBounds {
  uint32_t node;
  mpq_class low;
  mpq_class high;
  bool exact;
  std::optional<LpBound> tried;  // its program's, once tried and accepted
  std::vector<size_t> inflow;    // InflowColumns() of m
  bool screened = false;         // offered to FirstAccepted()'s `rejected`
  bool rerouted = false;         // high tightened by ReroutedInflow()
  bool rerouted_lp = false;      // ... and by Ranking::RerouteAround()

  // Every optimum of the ranking program is on its optimal face, so the
  // inflow into m in any of them bounds the face minimum from above.
  void TightenHigh(const std::vector<mpq_class>& optimum) {
    if (exact) return;
    mpq_class sum = 0;
    for (size_t column : inflow) sum += optimum[column];
    if (sum < high) high = sum;
    exact = low == high;
  }
};

// The face minimum's bounds without an LP. The solver's optimum is on the
// face, so its inflow bounds the minimum from above; ForcedInflow() from
// below; when they meet, that is the minimum.
absl::StatusOr<ScoreBounds> InflowBounds(const hetcast_graph_request& request,
                                         const LpBound& bound,
                                         const std::vector<bool>& counted,
                                         uint32_t m) {
  const MulticastProgram& program = SolvedProgram(bound);
  const LpSolution& optimum = SolvedOptimum(bound);
  const absl::StatusOr<std::vector<size_t>> inflow =
      InflowColumns(request, program, counted, m);
  if (!inflow.ok()) return inflow.status();
  ScoreBounds b = {m,
                   ForcedInflow(request, program, counted, m),
                   0,
                   false,
                   std::nullopt,
                   *std::move(inflow),
                   false,
                   false};
  for (size_t column : b.inflow) b.high += optimum.x[column];
  b.exact = b.low == b.high;
  return b;
}

// The face minimum by its LP (the minimising optimum: its objective is
// the minimum; its x, on the ranking program's columns, is an optimum of
// that program; face_minimum.h). Grouped programs are minimised grouped
// (the same minimum: multicast_lp.cc, "Grouped flows") with T fixed, by
// the primal simplex from `face_start`, an optimal basis of another face
// LP of the same ranking program (Fig. 8: the pooled one's, Ranking::
// SolvePooled(), which has little inflow into every candidate, so fewer
// pivots than from the program's own optimal basis: BM_Heuristic<
// AugmentedSources>/65 in tests/graph), else from the program's optimal
// basis; `face_final`, if set, gets the optimal basis.
// Ungrouped ones (Broadcast-EB, Multicast-LB) by PenalisedFaceMinimum()
// when it stays on the face, else with T fixed from scratch, which is
// faster than the primal simplex from the optimal vertex on large
// Broadcast-EB programs (face_minimum.cc). `inflow`: InflowColumns().
absl::StatusOr<LpSolution> FaceMinimumInflow(const LpBound& bound,
                                             const std::vector<size_t>& inflow,
                                             const LpBasis& face_start,
                                             LpBasis* face_final) {
  const MulticastProgram& program = SolvedProgram(bound);
  if (bound.grouped.groups.empty()) {
    absl::StatusOr<std::optional<LpSolution>> penalised =
        PenalisedFaceMinimum(program, bound.period, inflow);
    if (!penalised.ok()) return penalised.status();
    if (penalised->has_value()) return std::move(**penalised);
    return FixedPeriodFaceMinimum(program, bound.period, inflow, nullptr,
                                  nullptr);
  }
  LpBasis start = face_start;
  if (start.column_status.empty()) {
    start = bound.basis;
    start.row_status.push_back('1');  // fix_T basic: its slack is 0
  }
  return FixedPeriodFaceMinimum(program, bound.period, inflow, &start,
                                face_final);
}

// The candidates by score, increasing or decreasing, ties by node id,
// handed out one at a time, each score found only when the order needs it.
// Next() picks the candidate whose bound is best in the order (the least
// `low`, increasing; the largest `high`, decreasing; ties by id); if its
// score is exact it is next: every other candidate's score is no better
// than its bound, which is no better than this score, and on a tie the
// bound ties too and the id decides. Otherwise its LP is solved and the
// pick repeated. So the order is that of sorting every exact score, but a
// local search that accepts the k-th candidate solves the face LPs of at
// most the first k (and of none whose bounds meet). kAlwaysLp solves every
// candidate's LP up front.
//
// FirstAccepted() with `rejected` drops, before anything is solved for
// it, a candidate that a cheap proof shows `attempt` would reject: for the
// same reason as below, the candidate returned does not change.
//
// FirstAccepted() with `attempt_first` goes further: what Figs. 6-8 want
// from the order is the first candidate whose program is <= BestSol, and
// a candidate whose program is worse is never that one, wherever it
// ranks. So before solving a face LP, the candidate is tried (its program,
// which a candidate ranked after the accepted one would not need: worth it
// where programs are rejected cheaply, Fig. 6's lower bounds); if it is
// rejected it leaves
// the ranking with no score; otherwise its program's bound is kept and
// its score solved. The candidate returned is then the first acceptable
// one in the order of every exact score (the rejected ones removed cannot
// precede it as acceptable), and the last pass, where every candidate is
// rejected, solves no face LP.
class Ranking {
 public:
  Ranking(const hetcast_graph_request& request,
          std::shared_ptr<const LpBound> bound, std::vector<bool> counted,
          bool increasing, int* lp_solves)
      : request_(request),
        bound_(std::move(bound)),
        counted_(std::move(counted)),
        increasing_(increasing),
        lp_solves_(lp_solves) {}

  absl::Status Init(const std::vector<uint32_t>& candidates,
                    ScoreMethod method) {
    for (uint32_t m : candidates) {
      absl::StatusOr<ScoreBounds> b =
          InflowBounds(request_, *bound_, counted_, m);
      if (!b.ok()) return b.status();
      left_.push_back(*std::move(b));
      if (method == ScoreMethod::kAlwaysLp) {
        absl::Status solved = SolveScore(&left_.back());
        if (!solved.ok()) return solved;
      }
    }
    return absl::OkStatus();
  }

  const LpBound& Bound() const { return *bound_; }

  // Whether FirstAccepted() solves SolvePooled() first (Fig. 8).
  void PoolFaceLps() { pool_ = true; }

  // When the previous ranking program had the same optimum T* and this
  // one adds a destination to it (Figs. 7, 8 after an accepted move with
  // no change of T*), its face LPs' optima, carried over
  // (carried_optimum.h), are optima here: they tighten every candidate's
  // upper bound, and each keeps the inflow into its node nearly as low.
  void CarryFrom(const Ranking& previous) {
    if (previous.bound_->period != bound_->period) return;
    for (const auto& [node, x] : previous.optima_) {
      const auto at = std::find_if(
          left_.begin(), left_.end(),
          [node = node](const ScoreBounds& b) { return b.node == node; });
      if (at == left_.end() || at->exact) continue;
      std::optional<std::vector<mpq_class>> carried =
          CarryOptimum(request_, previous.Program(), x, Program(), node);
      if (!carried.has_value()) continue;
      for (ScoreBounds& other : left_) other.TightenHigh(*carried);
      optima_.emplace_back(node, *std::move(carried));
    }
  }

  // The next candidate; nullopt after the last.
  // `attempt(m)`: candidate m's program's bound when it is accepted
  // (<= BestSol), nullopt when it is rejected.
  using Attempt =
      std::function<absl::StatusOr<std::optional<LpBound>>(uint32_t)>;

  // `rejected(m)`: true only when `attempt(m)` would reject m, proved
  // without its program (cheap); may be null.
  using Rejected = std::function<absl::StatusOr<bool>(uint32_t)>;

  // The first candidate in the order that `attempt` accepts, with its
  // bound; nullopt when it accepts none.
  absl::StatusOr<std::optional<std::pair<uint32_t, LpBound>>> FirstAccepted(
      const Attempt& attempt, bool attempt_first, const Rejected& rejected) {
    while (!left_.empty()) {
      auto best =
          std::min_element(left_.begin(), left_.end(),
                           [&](const ScoreBounds& a, const ScoreBounds& b) {
                             return Before(a, b);
                           });
      if (rejected && !best->screened) {
        best->screened = true;
        absl::StatusOr<bool> out = rejected(best->node);
        if (!out.ok()) return out.status();
        if (*out) {
          left_.erase(best);
          continue;
        }
      }
      if (!best->tried && (best->exact || attempt_first)) {
        absl::StatusOr<std::optional<LpBound>> tried = attempt(best->node);
        if (!tried.ok()) return tried.status();
        if (!tried->has_value()) {
          left_.erase(best);
          continue;
        }
        best->tried = std::move(*tried);
      }
      if (best->exact) {
        return std::make_pair(best->node, *std::move(best->tried));
      }
      if (!best->rerouted) {
        best->rerouted = true;
        absl::StatusOr<mpq_class> high =
            ReroutedInflow(request_, *bound_, counted_, best->node);
        if (!high.ok()) return high.status();
        if (*high < best->high) {
          best->high = *high;
          best->exact = best->low == best->high;
          continue;  // its place may have changed
        }
      }
      if (!best->rerouted_lp && !Program().groups.empty()) {
        best->rerouted_lp = true;
        absl::Status around = RerouteAround(best->node);
        if (!around.ok()) return around;
        continue;  // its place may have changed
      }
      if (pool_ && !pooled_) {
        pooled_ = true;
        absl::Status pooled = SolvePooled();
        if (!pooled.ok()) return pooled;
        continue;  // the order may have changed
      }
      absl::Status solved = SolveScore(&*best);  // tried or not
      if (!solved.ok()) return solved;
    }
    return std::nullopt;
  }

 private:
  bool Before(const ScoreBounds& a, const ScoreBounds& b) const {
    const mpq_class& ka = increasing_ ? a.low : a.high;
    const mpq_class& kb = increasing_ ? b.low : b.high;
    if (ka != kb) return increasing_ ? ka < kb : ka > kb;
    return a.node < b.node;
  }

  // b's face minimum by its LP; that LP's optimum tightens every other
  // candidate's upper bound, and is kept for the next ranking.
  absl::Status SolveScore(ScoreBounds* b) {
    absl::StatusOr<LpSolution> face =
        FaceMinimumInflow(*bound_, b->inflow, face_start_, nullptr);
    if (!face.ok()) return face.status();
    b->low = b->high = face->objective;
    b->exact = true;
    ++*lp_solves_;
    for (ScoreBounds& other : left_) other.TightenHigh(face->x);
    optima_.emplace_back(b->node, std::move(face->x));
    return absl::OkStatus();
  }

  // One LP, before the first face LP: the least summed inflow into every
  // candidate whose score is not exact yet, over the optimal face. Its
  // optimum tightens every upper bound at once; where Fig. 8's scores are
  // mostly 0 (the flow can avoid most nodes at once) it settles them all.
  absl::Status SolvePooled() {
    std::vector<size_t> inflow;
    for (const ScoreBounds& b : left_) {
      if (!b.exact)
        inflow.insert(inflow.end(), b.inflow.begin(), b.inflow.end());
    }
    LpBasis final_basis;
    absl::StatusOr<LpSolution> face =
        FaceMinimumInflow(*bound_, inflow, face_start_, &final_basis);
    if (!face.ok()) return face.status();
    face_start_ = std::move(final_basis);
    ++*lp_solves_;
    for (ScoreBounds& other : left_) other.TightenHigh(face->x);
    return absl::OkStatus();
  }

  const MulticastProgram& Program() const { return SolvedProgram(*bound_); }

  // Summed programs (Fig. 8): the counted flows that enter m in the
  // solver's optimum re-routed, the others kept, so that as little as
  // possible enters m (carried_optimum.h, RerouteFlows(): a small exact
  // LP, T* kept, so an optimum): it tightens every upper bound, and often
  // settles m's score at its lower bound (0) without a face LP.
  absl::Status RerouteAround(uint32_t m) {
    const MulticastProgram& program = Program();
    const std::vector<mpq_class>& x = SolvedOptimum(*bound_).x;
    std::vector<bool> free(program.flow_column.size(), false);
    bool any = false;
    for (size_t c = 0; c < free.size(); ++c) {
      absl::StatusOr<bool> counted = FlowCounted(program, counted_, c);
      if (!counted.ok()) return counted.status();
      for (size_t e = 0; e < request_.edge_count && *counted; ++e) {
        const size_t j = program.flow_column[c][e];
        if (j != MulticastProgram::kNoColumn && request_.edges[e].to == m &&
            sgn(x[j]) != 0) {
          free[c] = any = true;
        }
      }
    }
    if (!any) return absl::OkStatus();
    const std::optional<std::vector<mpq_class>> around =
        RerouteFlows(request_, program, x, free, m);
    if (!around.has_value()) return absl::OkStatus();
    for (ScoreBounds& other : left_) other.TightenHigh(*around);
    return absl::OkStatus();
  }

  const hetcast_graph_request& request_;
  std::shared_ptr<const LpBound> bound_;
  // Optima of the ranking program, each with the candidate whose inflow
  // it minimises (face LPs, and those carried from the previous ranking).
  std::vector<std::pair<uint32_t, std::vector<mpq_class>>> optima_;
  std::vector<bool> counted_;
  bool increasing_;
  int* lp_solves_;
  std::vector<ScoreBounds> left_;
  bool pool_ = false;    // SolvePooled() before the first face LP
  bool pooled_ = false;  // done
  LpBasis face_start_;   // SolvePooled()'s optimal basis, once solved
};

// `previous`: the last pass's ranking, if any.
absl::StatusOr<std::unique_ptr<Ranking>> RankBy(
    const hetcast_graph_request& request, std::shared_ptr<const LpBound> bound,
    std::vector<bool> counted, const std::vector<uint32_t>& candidates,
    bool increasing, ScoreMethod method, int* lp_solves,
    const Ranking* previous) {
  auto ranking = std::make_unique<Ranking>(
      request, std::move(bound), std::move(counted), increasing, lp_solves);
  absl::Status status = ranking->Init(candidates, method);
  if (!status.ok()) return status;
  if (previous != nullptr && method == ScoreMethod::kBoundsFirst) {
    ranking->CarryFrom(*previous);
  }
  return ranking;
}

// What the heuristic needs from one of Figs. 6-8. `rank` ranks the
// candidates of the current state (counting its LPs); `value` solves the
// program with candidate m applied; `accept` applies m, with that
// program's bound.
// `worse` (optional) says whether a cheap exact lower bound on that
// program's value already exceeds BestSol (counting its LPs): the
// candidate is then rejected without `value`, as `value` would decide.
struct Moves {
  std::function<absl::StatusOr<std::unique_ptr<Ranking>>(const Ranking*)> rank;
  std::function<absl::StatusOr<LpBound>(uint32_t)> value;
  std::function<void(uint32_t, LpBound)> accept;
  std::function<absl::StatusOr<bool>(uint32_t, const LpValue& best)> worse;
  bool attempt_first = false;  // Ranking::FirstAccepted()
  // (optional) like `worse`, but with no LP: tried before the candidate is
  // ranked (Ranking::FirstAccepted()'s `rejected`).
  std::function<absl::StatusOr<bool>(uint32_t, const LpValue& best)>
      rejected_cheaply;
};

// Lines 3-11 of Figs. 6-8, from `result->period` (line 2's BestSol).
// Candidate m's program's bound if it is accepted ("<= BestSol"), nullopt
// if not, counting the LPs.
absl::StatusOr<std::optional<LpBound>> Attempt(const Moves& moves, uint32_t m,
                                               HeuristicResult* result) {
  if (moves.worse) {
    absl::StatusOr<bool> worse = moves.worse(m, result->period);
    if (!worse.ok()) return worse.status();
    if (*worse) return std::nullopt;
  }
  absl::StatusOr<LpBound> tried = moves.value(m);
  if (!tried.ok()) return tried.status();
  if (tried->finite && !tried->basis.column_status.empty()) {
    ++result->lp_solves;  // solved (a carried optimum has no basis)
  }
  if (!NotWorse(ValueOf(*tried), result->period)) return std::nullopt;
  return *std::move(tried);
}

absl::Status LocalSearch(const Moves& moves, HeuristicResult* result) {
  std::unique_ptr<Ranking> previous;
  for (;;) {
    absl::StatusOr<std::unique_ptr<Ranking>> ranked =
        moves.rank(previous.get());
    if (!ranked.ok()) return ranked.status();
    absl::StatusOr<std::optional<std::pair<uint32_t, LpBound>>> first =
        (*ranked)->FirstAccepted(
            [&](uint32_t m) { return Attempt(moves, m, result); },
            moves.attempt_first,
            moves.rejected_cheaply ? Ranking::Rejected([&](uint32_t m) {
              return moves.rejected_cheaply(m, result->period);
            })
                                   : Ranking::Rejected());
    if (!first.ok()) return first.status();
    if (!first->has_value()) return absl::OkStatus();
    auto& [m, bound] = **first;
    const LpValue value = ValueOf(bound);
    result->period = value;
    result->trace.push_back({m, value});
    moves.accept(m, std::move(bound));
    previous = *std::move(ranked);
  }
}

// The nodes the source reaches (over every edge).
std::vector<bool> Reachable(const hetcast_graph_request& request) {
  std::vector<bool> reached(request.node_count, false);
  reached[request.source] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t e = 0; e < request.edge_count; ++e) {
      const hetcast_graph_edge& edge = request.edges[e];
      if (reached[edge.from] && !reached[edge.to]) {
        reached[edge.to] = grew = true;
      }
    }
  }
  return reached;
}

std::vector<bool> Marks(size_t n, const std::vector<uint32_t>& nodes) {
  std::vector<bool> marked(n, false);
  for (uint32_t v : nodes) marked[v] = true;
  return marked;
}

std::vector<uint32_t> Marked(const std::vector<bool>& marked) {
  std::vector<uint32_t> nodes;
  for (uint32_t v = 0; v < marked.size(); ++v) {
    if (marked[v]) nodes.push_back(v);
  }
  return nodes;
}

std::vector<uint32_t> Targets(const hetcast_graph_request& request) {
  return std::vector<uint32_t>(request.targets,
                               request.targets + request.target_count);
}

// Reached nodes outside `excluded` (and not the source).
std::vector<uint32_t> Candidates(const hetcast_graph_request& request,
                                 const std::vector<bool>& reached,
                                 const std::vector<bool>& excluded) {
  std::vector<uint32_t> candidates;
  for (uint32_t v = 0; v < request.node_count; ++v) {
    if (reached[v] && !excluded[v] && v != request.source) {
      candidates.push_back(v);
    }
  }
  return candidates;
}

// A lower bound on Broadcast-EB(kept) (Figs. 6 and 7's program), nullopt
// when there is none to offer (`kept` not all reached from the source
// inside it, when Broadcast-EB is +infinity, or no destination in it):
// Multicast-LB on the subgraph `kept` induces with the targets
// `destinations` that are kept. That program is Broadcast-EB(kept)'s
// without the other destinations' commodities (the same edges, rows
// (1)-(9) and (10') for the commodities it keeps), so every solution of
// Broadcast-EB(kept), restricted to those commodities, is one of it with
// the same T*: its optimum is <= Broadcast-EB(kept). Both are exact and
// certified. `solves` counts the LP.
absl::StatusOr<LpValue> BroadcastLowerBound(
    const hetcast_graph_request& request, const std::vector<bool>& kept,
    const std::vector<uint32_t>& destinations, int* solves) {
  std::vector<hetcast_graph_edge> edges;
  for (size_t e = 0; e < request.edge_count; ++e) {
    const hetcast_graph_edge& edge = request.edges[e];
    if (kept[edge.from] && kept[edge.to]) edges.push_back(edge);
  }
  hetcast_graph_request sub = request;
  sub.edges = edges.data();
  sub.edge_count = edges.size();
  const std::vector<bool> reached = Reachable(sub);
  for (uint32_t v = 0; v < request.node_count; ++v) {
    if (kept[v] && !reached[v]) return std::nullopt;
  }
  std::vector<uint32_t> targets;
  for (uint32_t d : destinations) {
    if (kept[d] && d != request.source) targets.push_back(d);
  }
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  if (targets.empty()) return std::nullopt;
  sub.targets = targets.data();
  sub.target_count = targets.size();
  absl::StatusOr<LpBound> lb = MulticastLb(sub);
  if (!lb.ok()) return lb.status();
  ++*solves;
  return ValueOf(*lb);
}

// Whether BroadcastLowerBound() proves Broadcast-EB(kept) > best, so that
// Figs. 6-7's "<= BestSol" fails.
absl::StatusOr<bool> ProvedWorse(const hetcast_graph_request& request,
                                 const std::vector<bool>& kept,
                                 const std::vector<uint32_t>& destinations,
                                 const LpValue& best, int* solves) {
  if (!best.has_value()) return false;  // nothing is above +infinity
  absl::StatusOr<LpValue> bound =
      BroadcastLowerBound(request, kept, destinations, solves);
  if (!bound.ok()) return bound.status();
  return bound->has_value() && **bound > *best;
}

// The destinations that an optimum's duals rest on: those whose row (2)
// has a nonzero dual (Broadcast-EB's optimum is usually set by a few);
// the first guess of the destinations that keep a candidate's value up.
std::vector<uint32_t> BindingDestinations(const LpBound& bound) {
  std::vector<uint32_t> binding;
  if (!bound.finite) return binding;
  absl::flat_hash_map<std::string, uint32_t> reach_row;
  for (const Commodity& c : bound.program.commodities) {
    reach_row[ReachRowName(c.destination)] = c.destination;
  }
  const LinearProgram& lp = bound.program.lp;
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    const auto it = reach_row.find(lp.rows[r].name);
    if (it != reach_row.end() && sgn(bound.solution.y[r]) != 0) {
      binding.push_back(it->second);
    }
  }
  return binding;
}

// The destinations whose flow enters m in `bound`'s optimum: a candidate
// that removes m reroutes them.
std::vector<uint32_t> RoutedThrough(const hetcast_graph_request& request,
                                    const LpBound& bound, uint32_t m) {
  std::vector<uint32_t> through;
  const MulticastProgram& program = bound.program;
  for (size_t c = 0; c < program.commodities.size(); ++c) {
    for (size_t e = 0; e < request.edge_count; ++e) {
      const size_t column = program.flow_column[c][e];
      if (column != MulticastProgram::kNoColumn && request.edges[e].to == m &&
          sgn(bound.solution.x[column]) != 0) {
        through.push_back(program.commodities[c].destination);
        break;
      }
    }
  }
  return through;
}

// Fig. 6's program with `kept` minus m.
absl::StatusOr<LpBound> WithoutNode(const hetcast_graph_request& request,
                                    std::vector<bool> kept, uint32_t m) {
  kept[m] = false;
  return BroadcastEb(request, kept);
}

// Fig. 7's program on `in_set` plus m.
absl::StatusOr<LpBound> WithNode(const hetcast_graph_request& request,
                                 std::vector<bool> in_set, uint32_t m) {
  in_set[m] = true;
  return BroadcastEb(request, in_set);
}

// Fig. 8's program with m appended to the sources.
absl::StatusOr<LpBound> WithSource(const hetcast_graph_request& request,
                                   std::vector<uint32_t> sources, uint32_t m) {
  sources.push_back(m);
  return MultiSourceUb(request, sources);
}

absl::StatusOr<LpValue> ValueOrError(absl::StatusOr<LpBound> bound) {
  if (!bound.ok()) return bound.status();
  return ValueOf(*bound);
}

}  // namespace

absl::StatusOr<HeuristicResult> ReducedBroadcastScoredBy(
    const hetcast_graph_request& request, ScoreMethod scores) {
  const std::vector<bool> target = Marks(request.node_count, Targets(request));
  std::vector<bool> kept = Reachable(request);
  absl::StatusOr<LpBound> start = BroadcastEb(request, kept);
  if (!start.ok()) return start.status();
  // Shared with the ranking of the state it describes.
  auto current = std::make_shared<const LpBound>(*std::move(start));
  HeuristicResult result;
  result.lp_solves = 1;
  result.period = ValueOf(*current);
  Moves moves;
  moves.rank = [&](const Ranking* previous) {
    return RankBy(request, current, target, Candidates(request, kept, target),
                  /*increasing=*/true, scores, &result.lp_solves, previous);
  };
  moves.value = [&](uint32_t m) { return WithoutNode(request, kept, m); };
  std::vector<uint32_t> binding = BindingDestinations(*current);
  moves.worse = [&](uint32_t m, const LpValue& best) -> absl::StatusOr<bool> {
    std::vector<bool> without = kept;
    without[m] = false;
    std::vector<uint32_t> destinations = RoutedThrough(request, *current, m);
    destinations.insert(destinations.end(), binding.begin(), binding.end());
    return ProvedWorse(request, without, destinations, best,
                       &result.bound_solves);
  };
  moves.attempt_first = true;
  if (scores == ScoreMethod::kAlwaysLp) moves.worse = nullptr;
  moves.accept = [&](uint32_t m, LpBound bound) {
    kept[m] = false;
    current = std::make_shared<const LpBound>(std::move(bound));
    binding = BindingDestinations(*current);
  };
  absl::Status status = LocalSearch(moves, &result);
  if (!status.ok()) return status;
  result.nodes = Marked(kept);
  return result;
}

absl::StatusOr<HeuristicResult> AugmentedMulticastScoredBy(
    const hetcast_graph_request& request, ScoreMethod scores) {
  const std::vector<bool> reached = Reachable(request);
  std::vector<bool> in_set = Marks(request.node_count, Targets(request));
  in_set[request.source] = true;
  absl::StatusOr<LpBound> start = BroadcastEb(request, in_set);
  if (!start.ok()) return start.status();
  HeuristicResult result;
  result.lp_solves = start->finite ? 1 : 0;
  result.period = ValueOf(*start);
  Moves moves;
  moves.rank =
      [&](const Ranking* previous) -> absl::StatusOr<std::unique_ptr<Ranking>> {
    std::vector<bool> grown = in_set;
    grown[request.source] = false;
    const std::vector<uint32_t> targets = Marked(grown);
    hetcast_graph_request lb_request = request;
    lb_request.targets = targets.data();
    lb_request.target_count = targets.size();
    absl::StatusOr<LpBound> lb =
        previous != nullptr && scores == ScoreMethod::kBoundsFirst
            ? MulticastLbGrown(lb_request, previous->Bound())
            : MulticastLb(lb_request);
    if (!lb.ok()) return lb.status();
    if (!lb->basis.column_status.empty()) ++result.lp_solves;  // solved
    return RankBy(request, std::make_shared<const LpBound>(*std::move(lb)),
                  grown, Candidates(request, reached, in_set),
                  /*increasing=*/false, scores, &result.lp_solves, previous);
  };
  moves.value = [&](uint32_t m) { return WithNode(request, in_set, m); };
  std::vector<uint32_t> binding = BindingDestinations(*start);
  moves.worse = [&](uint32_t m, const LpValue& best) -> absl::StatusOr<bool> {
    std::vector<bool> with = in_set;
    with[m] = true;
    std::vector<uint32_t> destinations = binding;
    destinations.push_back(m);
    return ProvedWorse(request, with, destinations, best, &result.bound_solves);
  };
  if (scores == ScoreMethod::kAlwaysLp) moves.worse = nullptr;
  moves.accept = [&](uint32_t m, LpBound bound) {
    in_set[m] = true;
    binding = BindingDestinations(bound);
  };
  absl::Status status = LocalSearch(moves, &result);
  if (!status.ok()) return status;
  result.nodes = Marked(in_set);
  return result;
}

absl::StatusOr<HeuristicResult> AugmentedSourcesScoredBy(
    const hetcast_graph_request& request, ScoreMethod scores) {
  const std::vector<bool> reached = Reachable(request);
  const std::vector<bool> target = Marks(request.node_count, Targets(request));
  std::vector<uint32_t> sources = {request.source};
  absl::StatusOr<LpBound> start = MultiSourceUb(request, sources);
  if (!start.ok()) return start.status();
  // Shared with the ranking of the state it describes.
  auto current = std::make_shared<const LpBound>(*std::move(start));
  HeuristicResult result;
  result.lp_solves = 1;
  result.period = ValueOf(*current);
  Moves moves;
  moves.rank = [&](const Ranking* previous) {
    absl::StatusOr<std::unique_ptr<Ranking>> ranking =
        RankBy(request, current, target,
               Candidates(request, reached, Marks(request.node_count, sources)),
               /*increasing=*/false, scores, &result.lp_solves, previous);
    if (ranking.ok() && scores == ScoreMethod::kBoundsFirst) {
      (*ranking)->PoolFaceLps();
    }
    return ranking;
  };
  // The port duals of each candidate's program when it was last rejected:
  // they bound its later programs too (the same rows (8), (9)), often
  // above BestSol again (a node that is dear to feed stays so).
  absl::flat_hash_map<uint32_t, PortWeights> rejected;
  moves.value = [&](uint32_t m) -> absl::StatusOr<LpBound> {
    if (scores == ScoreMethod::kAlwaysLp)
      return WithSource(request, sources, m);
    std::vector<uint32_t> with = sources;
    with.push_back(m);
    absl::StatusOr<LpBound> bound =
        MultiSourceUbGrown(request, with, *current, /*paper=*/false);
    if (bound.ok() && !NotWorse(ValueOf(*bound), result.period)) {
      rejected[m] = PortDuals(bound->grouped, bound->grouped_solution);
    }
    return bound;
  };
  // The current optimum's port duals bound every candidate's program
  // (dual_bound.h): the same rows (8), (9).
  PortWeights weights = PortDuals(current->grouped, current->grouped_solution);
  moves.rejected_cheaply = [&](uint32_t m,
                               const LpValue& best) -> absl::StatusOr<bool> {
    if (!best.has_value()) return false;
    std::vector<uint32_t> with = sources;
    with.push_back(m);
    const std::vector<FlowGroup> groups = MultiSourceGroups(request, with);
    const auto it = rejected.find(m);
    for (const PortWeights* w :
         {&weights, it != rejected.end() ? &it->second : nullptr}) {
      if (w == nullptr) continue;
      absl::StatusOr<mpq_class> bound =
          SummedLoadDualBound(request, *w, groups);
      if (!bound.ok()) return bound.status();
      if (*bound > *best) return true;
    }
    return false;
  };
  if (scores == ScoreMethod::kAlwaysLp) moves.rejected_cheaply = nullptr;
  moves.accept = [&](uint32_t m, LpBound bound) {
    sources.push_back(m);
    current = std::make_shared<const LpBound>(std::move(bound));
    weights = PortDuals(current->grouped, current->grouped_solution);
  };
  absl::Status status = LocalSearch(moves, &result);
  if (!status.ok()) return status;
  result.nodes = sources;
  return result;
}

absl::StatusOr<LpValue> ReducedBroadcastValue(
    const hetcast_graph_request& request, const std::vector<uint32_t>& nodes,
    uint32_t node) {
  return ValueOrError(
      WithoutNode(request, Marks(request.node_count, nodes), node));
}

absl::StatusOr<LpValue> AugmentedMulticastValue(
    const hetcast_graph_request& request, const std::vector<uint32_t>& nodes,
    uint32_t node) {
  return ValueOrError(
      WithNode(request, Marks(request.node_count, nodes), node));
}

absl::StatusOr<LpValue> AugmentedSourcesValue(
    const hetcast_graph_request& request, const std::vector<uint32_t>& nodes,
    uint32_t node) {
  return ValueOrError(WithSource(request, nodes, node));
}

absl::StatusOr<HeuristicResult> ReducedBroadcast(
    const hetcast_graph_request& request) {
  return ReducedBroadcastScoredBy(request, ScoreMethod::kBoundsFirst);
}

absl::StatusOr<HeuristicResult> AugmentedMulticast(
    const hetcast_graph_request& request) {
  return AugmentedMulticastScoredBy(request, ScoreMethod::kBoundsFirst);
}

absl::StatusOr<HeuristicResult> AugmentedSources(
    const hetcast_graph_request& request) {
  return AugmentedSourcesScoredBy(request, ScoreMethod::kBoundsFirst);
}

bool NotWorse(const LpValue& a, const LpValue& b) {
  if (!b.has_value()) return true;
  return a.has_value() && *a <= *b;
}

}  // namespace hetcast
