// plan_graph_lp.cc: platform -> the exact LPs (and MCPH for --algorithm
// best) -> text or JSON with exact fractions; --emit-lp, --emit-solution.
#include "tools/cli/plan_graph_lp.h"

#include <iterator>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli/explain.h"
#include "tools/cli/flags.h"
#include "tools/cli/graph_schedule_output.h"
#include "tools/cli/json_output.h"
#include "tools/cli/plan_graph.h"
#include "tools/cli/plan_writer.h"
#include "tools/gen/gen_command.h"
#include "tools/graph/broadcast_schedule.h"
#include "tools/graph/lp_heuristics.h"
#include "tools/graph/multicast_lp.h"
#include "tools/graph/scatter_schedule.h"
#include "tools/plan.h"

ABSL_FLAG(std::string, emit_lp, "",
          "plan --model graph --algorithm lb|ub|broadcast: also write the "
          "linear program to this file (CPLEX LP format; node ids are the "
          "platform's, in file order after pruning).");
ABSL_FLAG(bool, trace, false,
          "plan --model graph with an LP heuristic: list every accepted move "
          "with the exact value after it.");
ABSL_FLAG(uint64_t, max_period, 0,
          "plan --model graph with an LP algorithm that schedules: a period "
          "of at most this many ticks; when the exact schedule's is longer "
          "(or beyond 64 bits), the flows are rounded to whole messages "
          "and the throughput lost is reported, exactly. 0: the exact "
          "schedule, or when it needs more than 64 bits the best rounding "
          "that fits them.");
ABSL_FLAG(std::string, emit_solution, "",
          "plan --model graph --algorithm lb|ub|broadcast: also write the "
          "exact optimum (every variable and dual as a fraction) to this "
          "file as JSON.");

namespace hetcast {
namespace {

// What the answer reports. `period` is the algorithm's time per message
// (for best: the chosen one's); `candidates` every achievable period best
// compared; `program` the one --emit-lp/--emit-solution write; `heuristic`
// the state and trace of an LP heuristic.
struct LpAnswer {
  std::string algorithm;
  std::string chosen;
  bool achievable = true;
  mpq_class period;
  mpq_class lower_bound;
  mpq_class upper_bound;
  std::vector<std::pair<std::string, mpq_class>> candidates;
  int lp_solves = 0;
  std::optional<LpBound> program;
  std::string program_name;
  std::optional<HeuristicResult> heuristic;
  // Every achievable answer: its periodic schedule (checked by the
  // evaluator at exactly `period`), or why there is none (a period beyond
  // 64 bits) and the routes with the fraction of every message each
  // carries (`flows`, when they were found).
  std::optional<PeriodicSchedule> schedule;
  std::string no_schedule;
  std::vector<WeightedRoute> flows;
  mpq_class flows_period;  // What `flows` need per message.
  // The schedule is a rounding (to --max-period, or to 64 bits): its ticks
  // per message (at least `period`: BalancedRoutes()).
  std::optional<mpq_class> rounded;
};

// "3/2", "6/1": every exact value is shown this way (as MCPH's are).
std::string Fraction(const mpq_class& q) {
  return absl::StrCat(q.get_num().get_str(), "/", q.get_den().get_str());
}

std::string Fraction(const LpValue& value) {
  return value.has_value() ? Fraction(*value) : "inf";
}

mpq_class Reciprocal(const mpq_class& q) { return mpq_class(1 / q); }

// MCPH's answer as a periodic schedule: its one tree carries every part.
struct Mcph {
  mpq_class period;
  PeriodicSchedule schedule;
};

// MCPH through the runtime planner, with --mcph-update (checked by
// plan_graph.cc).
absl::StatusOr<Mcph> RunMcph(const GraphPlatform& platform) {
  const hetcast_graph_request graph =
      platform.Request(absl::GetFlag(FLAGS_mcph_update) == "literal"
                           ? HETCAST_GRAPH_MCPH_LITERAL_UPDATE
                           : 0u);
  hetcast_request request = {};
  request.model = HETCAST_MODEL_GRAPH;
  request.algorithm = HETCAST_ALGORITHM_MCPH;
  request.graph = &graph;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  const hetcast_graph_answer& a = planned->info.graph;
  Mcph mcph;
  mcph.period = mpq_class(mpz_class(absl::StrCat(a.period_numerator)),
                          mpz_class(absl::StrCat(a.period_denominator)));
  mcph.schedule.period = a.period;
  mcph.schedule.messages = a.messages;
  mcph.schedule.parts = 1;
  mcph.schedule.routes = {{0, a.messages}};
  mcph.schedule.route_edges = std::move(planned->tree_edges);
  mcph.schedule.slots = std::move(planned->slots);
  return mcph;
}

// Every node of the (pruned) platform kept.
std::vector<bool> AllKept(const GraphPlatform& platform) {
  return std::vector<bool>(platform.names.size(), true);
}

// Broadcast-EB of every node of the (pruned) platform: finite, since the
// source reaches them all.
absl::StatusOr<LpBound> WholeBroadcast(const GraphPlatform& platform) {
  return BroadcastEb(platform.Request(), AllKept(platform));
}

using HeuristicFunction =
    absl::StatusOr<HeuristicResult> (*)(const hetcast_graph_request&);

// The LP heuristics by their --algorithm names, in the order best breaks
// ties among them.
constexpr std::pair<const char*, HeuristicFunction> kHeuristics[] = {
    {"reduced-broadcast", &ReducedBroadcast},
    {"augmented-multicast", &AugmentedMulticast},
    {"augmented-sources", &AugmentedSources},
};

absl::StatusOr<HeuristicResult> RunHeuristic(const GraphPlatform& platform,
                                             HeuristicFunction heuristic,
                                             const char* name) {
  absl::StatusOr<HeuristicResult> result = heuristic(platform.Request());
  if (!result.ok()) return result.status();
  if (!result->period.has_value()) {
    return absl::InternalError(absl::StrCat(name, " ended at +infinity"));
  }
  return result;
}

uint64_t MaxPeriod() { return absl::GetFlag(FLAGS_max_period); }

// The routes of an achievable LP answer and what its schedule is called
// in messages ("the scatter").
struct Routed {
  absl::StatusOr<std::vector<WeightedRoute>> routes;
  const char* what;
};

// Where an answer is left without a schedule: why, and how to get one.
void NoSchedule(const absl::Status& status, LpAnswer* answer) {
  answer->no_schedule = std::string(status.message());
  if (MaxPeriod() == 0)
    absl::StrAppend(&answer->no_schedule, "; see --max-period");
}

// `schedule` as the answer's, once the evaluator accepts it: at exactly
// `period` ticks per message, or, when `may_round` (a rounding, or routes
// that need more than `period`), at the evaluator's figure (kept in
// `rounded`), never less than `period`.
absl::Status AcceptSchedule(const GraphPlatform& platform,
                            PeriodicSchedule schedule, const mpq_class& period,
                            bool may_round, LpAnswer* answer) {
  if (MaxPeriod() != 0 && schedule.period > MaxPeriod()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max-period ", MaxPeriod(), ": one message of ",
        answer->chosen.empty() ? answer->algorithm : answer->chosen, " needs ",
        schedule.period, " ticks"));
  }
  absl::StatusOr<hetcast_graph_evaluation> e =
      EvaluateSchedule(platform.Request(), schedule);
  if (!e.ok()) return e.status();
  mpq_class evaluated(mpz_class(absl::StrCat(e->period_numerator)),
                      mpz_class(absl::StrCat(e->period_denominator)));
  if (evaluated < period || (evaluated != period && !may_round)) {
    return absl::InternalError(
        absl::StrCat("the schedule needs ", Fraction(evaluated),
                     " ticks per message, not ", Fraction(period)));
  }
  if (evaluated != period) answer->rounded = evaluated;
  answer->schedule = std::move(schedule);
  return absl::OkStatus();
}

// The answer's figure and schedule from its routes: the period is what the
// routes need per message (RoutesPeriod(): the program's T*, or less for
// the multi-source scatter's trees; a broadcast whose exact packing needs
// more than 62 bits packs rounded loads, whose routes need a little more:
// the figure stays T*), the schedule BuildSchedule()'s. An answer left
// without a schedule (none fits 64 bits or --max-period) keeps the routes
// and their fractions (`flows`) and the reason.
absl::Status AttachRoutes(const GraphPlatform& platform, Routed routed,
                          LpAnswer* answer) {
  if (!routed.routes.ok()) return routed.routes.status();
  const hetcast_graph_request request = platform.Request();
  const mpq_class needed = RoutesPeriod(request, *routed.routes);
  if (needed < answer->period) answer->period = needed;
  answer->flows_period = needed;
  absl::StatusOr<PeriodicSchedule> schedule =
      BuildSchedule(request, *routed.routes, MaxPeriod(), routed.what);
  absl::Status status = schedule.status();
  if (schedule.ok()) {
    const bool may_round = !schedule->exact || needed != answer->period;
    status = AcceptSchedule(platform, *std::move(schedule), answer->period,
                            may_round, answer);
  }
  if (status.code() == absl::StatusCode::kOutOfRange ||
      (MaxPeriod() != 0 &&
       status.code() == absl::StatusCode::kInvalidArgument)) {
    NoSchedule(status, answer);
    answer->flows = *std::move(routed.routes);
    return absl::OkStatus();
  }
  return status;
}

std::vector<bool> NodeSet(const GraphPlatform& platform,
                          const std::vector<uint32_t>& nodes) {
  std::vector<bool> set(platform.names.size(), false);
  for (uint32_t v : nodes) set[v] = true;
  return set;
}

// The routes of heuristic `name`'s final state, its program solved once
// more: a broadcast of its node set (REDUCED_BROADCAST, AUGMENTED_MULTICAST)
// or the multi-source scatter from its sources (AUGMENTED_SOURCES; and the
// LP of its trees' weights, BalancedRoutes()).
Routed HeuristicRoutes(const GraphPlatform& platform, const std::string& name,
                       const HeuristicResult& result, int* lp_solves) {
  const hetcast_graph_request request = platform.Request();
  ++*lp_solves;
  if (name == "augmented-sources") {
    ++*lp_solves;
    absl::StatusOr<LpBound> mms = MultiSourceUb(request, result.nodes);
    if (!mms.ok()) return {mms.status(), ""};
    return {MultiSourceRoutes(request, result.nodes, *mms),
            "the multi-source scatter"};
  }
  const std::vector<bool> kept = NodeSet(platform, result.nodes);
  absl::StatusOr<LpBound> eb = BroadcastEb(request, kept);
  if (!eb.ok()) return {eb.status(), ""};
  return {BroadcastRoutes(request, kept, *eb), "the broadcast"};
}

// MCPH's tree as a route carrying every message: its edges as request
// edge indices, each after the one into its tail (the schedule lists them
// so).
WeightedRoute TreeRoute(const hetcast_graph_request& request,
                        const PeriodicSchedule& schedule) {
  std::map<std::pair<uint32_t, uint32_t>, size_t> index;
  for (size_t e = 0; e < request.edge_count; ++e) {
    index[{request.edges[e].from, request.edges[e].to}] = e;
  }
  WeightedRoute route;
  for (const hetcast_graph_route_edge& e : schedule.route_edges) {
    route.edges.push_back(index.at({e.from, e.to}));
  }
  route.start = 0;
  route.weight = 1;
  return route;
}

// What best compared, kept to schedule the one it chose.
struct Compared {
  std::optional<Mcph> mcph;
  std::optional<LpBound> broadcast;
  std::vector<HeuristicResult> heuristics;  // In kHeuristics' order.
  // AUGMENTED_SOURCES' routes: its figure is what they need per message,
  // which can be less than its program's (RoutesPeriod()).
  std::optional<Routed> sources_routes;
};

absl::Status RunCandidates(const GraphPlatform& platform, LpAnswer* answer,
                           Compared* compared) {
  absl::StatusOr<Mcph> mcph = RunMcph(platform);
  if (!mcph.ok()) return mcph.status();
  answer->candidates.emplace_back("mcph", mcph->period);
  compared->mcph = *std::move(mcph);
  absl::StatusOr<LpBound> eb = WholeBroadcast(platform);
  if (!eb.ok()) return eb.status();
  ++answer->lp_solves;
  answer->candidates.emplace_back("broadcast", eb->period);
  compared->broadcast = *std::move(eb);
  answer->candidates.emplace_back("ub", answer->upper_bound);
  for (const auto& [name, heuristic] : kHeuristics) {
    absl::StatusOr<HeuristicResult> result =
        RunHeuristic(platform, heuristic, name);
    if (!result.ok()) return result.status();
    answer->lp_solves += result->lp_solves;
    mpq_class period = *result->period;
    if (std::string(name) == "augmented-sources") {
      Routed routed =
          HeuristicRoutes(platform, name, *result, &answer->lp_solves);
      if (routed.routes.ok()) {
        period = RoutesPeriod(platform.Request(), *routed.routes);
      }
      compared->sources_routes = std::move(routed);
    }
    answer->candidates.emplace_back(name, period);
    compared->heuristics.push_back(*std::move(result));
  }
  return absl::OkStatus();
}

// The chosen candidate's schedule (MCPH's is the planner's) or routes.
absl::Status AttachChosen(const GraphPlatform& platform, const LpBound& ub,
                          const Compared& compared, LpAnswer* answer) {
  const std::string& chosen = answer->chosen;
  if (chosen == "mcph") {
    absl::Status status =
        AcceptSchedule(platform, compared.mcph->schedule, answer->period,
                       /*may_round=*/false, answer);
    if (MaxPeriod() == 0 || status.code() != absl::StatusCode::kInvalidArgument)
      return status;
    NoSchedule(status, answer);
    answer->flows = {TreeRoute(platform.Request(), compared.mcph->schedule)};
    answer->flows_period = answer->period;
    return absl::OkStatus();
  }
  if (chosen == "broadcast") {
    return AttachRoutes(platform,
                        {BroadcastRoutes(platform.Request(), AllKept(platform),
                                         *compared.broadcast),
                         "the broadcast"},
                        answer);
  }
  if (chosen == "ub") {
    return AttachRoutes(platform,
                        {ScatterRoutes(platform.Request(), ub), "the scatter"},
                        answer);
  }
  if (chosen == "augmented-sources") {
    return AttachRoutes(platform, *compared.sources_routes, answer);
  }
  for (size_t i = 0; i < std::size(kHeuristics); ++i) {
    if (chosen != kHeuristics[i].first) continue;
    return AttachRoutes(
        platform,
        HeuristicRoutes(platform, chosen, compared.heuristics[i],
                        &answer->lp_solves),
        answer);
  }
  return absl::InternalError(absl::StrCat("best chose ", chosen));
}

// Every achievable answer, in the order best breaks ties: MCPH, the
// broadcast, the scatter, the three heuristics; the smallest period wins
// and brings its schedule.
absl::Status AddCandidates(const GraphPlatform& platform, const LpBound& ub,
                           LpAnswer* answer) {
  Compared compared;
  absl::Status status = RunCandidates(platform, answer, &compared);
  if (!status.ok()) return status;
  answer->chosen = answer->candidates[0].first;
  answer->period = answer->candidates[0].second;
  for (const auto& [name, period] : answer->candidates) {
    if (period < answer->period) {
      answer->chosen = name;
      answer->period = period;
    }
  }
  return AttachChosen(platform, ub, compared, answer);
}

// lb, ub, broadcast: the program itself is the answer (and is emitted).
absl::Status SolveProgram(const GraphPlatform& platform, LpBound lb, LpBound ub,
                          LpAnswer* answer) {
  absl::Status status;
  if (answer->algorithm == "lb") {
    answer->achievable = false;
    answer->period = lb.period;
    answer->program = std::move(lb);
    answer->program_name = "Multicast-LB";
  } else if (answer->algorithm == "ub") {
    answer->period = ub.period;
    status = AttachRoutes(
        platform, {ScatterRoutes(platform.Request(), ub), "the scatter"},
        answer);
    answer->program = std::move(ub);
    answer->program_name = "Multicast-UB";
  } else {
    absl::StatusOr<LpBound> eb = WholeBroadcast(platform);
    if (!eb.ok()) return eb.status();
    ++answer->lp_solves;
    answer->period = eb->period;
    status = AttachRoutes(
        platform,
        {BroadcastRoutes(platform.Request(), AllKept(platform), *eb),
         "the broadcast"},
        answer);
    answer->program = *std::move(eb);
    answer->program_name = "Broadcast-EB";
  }
  if (!status.ok()) return status;
  if (answer->period != answer->program->period) {
    return absl::InternalError(absl::StrCat(
        answer->program_name, "'s routes need ", Fraction(answer->period),
        " ticks per message, not ", Fraction(answer->program->period)));
  }
  return absl::OkStatus();
}

// An LP heuristic's answer and its schedule: the figure is what its
// routes need per message (AUGMENTED_SOURCES' can be less than its
// program's T*, the trace's last value).
absl::Status SolveHeuristic(const GraphPlatform& platform, LpAnswer* answer) {
  for (const auto& [name, heuristic] : kHeuristics) {
    if (answer->algorithm != name) continue;
    absl::StatusOr<HeuristicResult> result =
        RunHeuristic(platform, heuristic, name);
    if (!result.ok()) return result.status();
    answer->lp_solves += result->lp_solves;
    answer->period = *result->period;
    answer->heuristic = *std::move(result);
    return AttachRoutes(
        platform,
        HeuristicRoutes(platform, name, *answer->heuristic, &answer->lp_solves),
        answer);
  }
  return absl::InternalError(
      absl::StrCat("unknown LP algorithm ", answer->algorithm));
}

absl::StatusOr<LpAnswer> Solve(const GraphPlatform& platform,
                               const std::string& algorithm) {
  LpAnswer answer;
  answer.algorithm = algorithm;
  absl::StatusOr<LpBound> lb = MulticastLb(platform.Request());
  if (!lb.ok()) return lb.status();
  absl::StatusOr<LpBound> ub = MulticastUb(platform.Request());
  if (!ub.ok()) return ub.status();
  answer.lp_solves = 2;
  answer.lower_bound = lb->period;
  answer.upper_bound = ub->period;
  absl::Status status;
  if (algorithm == "best") {
    status = AddCandidates(platform, *ub, &answer);
  } else if (algorithm == "lb" || algorithm == "ub" ||
             algorithm == "broadcast") {
    status = SolveProgram(platform, *std::move(lb), *std::move(ub), &answer);
  } else {
    status = SolveHeuristic(platform, &answer);
  }
  if (!status.ok()) return status;
  return answer;
}

// The optimum of `bound` with the program's names: every column's value
// and every row's dual, as exact fractions, in program order. (Column and
// row names are made of node ids, never of the user's names.)
absl::StatusOr<std::string> SolutionJson(const GraphPlatform& platform,
                                         const std::string& name,
                                         const LpBound& bound) {
  const LinearProgram& lp = bound.program.lp;
  JsonWriter json;
  json.StartObject();
  json.Str("program", name);
  json.Str("objective", Fraction(bound.solution.objective));
  json.Strs("nodes", platform.names);
  json.StartObject("values");
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    json.Str(lp.columns[j].name, Fraction(bound.solution.x[j]));
  }
  json.EndObject();
  json.StartObject("duals");
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    json.Str(lp.rows[r].name, Fraction(bound.solution.y[r]));
  }
  json.EndObject();
  json.EndObject();
  return json.Finish();
}

// --emit-lp and --emit-solution, when given.
absl::Status EmitFiles(const GraphPlatform& platform, const LpAnswer& answer) {
  const std::string lp_path = absl::GetFlag(FLAGS_emit_lp);
  if (!lp_path.empty()) {
    absl::StatusOr<std::string> text = WriteCplexLp(answer.program->program.lp);
    if (!text.ok()) return absl::InternalError(text.status().message());
    absl::Status status = WriteFileSafely(lp_path, *text, "--emit-lp");
    if (!status.ok()) return status;
  }
  const std::string solution_path = absl::GetFlag(FLAGS_emit_solution);
  if (!solution_path.empty()) {
    absl::StatusOr<std::string> json =
        SolutionJson(platform, answer.program_name, *answer.program);
    if (!json.ok()) return json.status();
    return WriteFileSafely(solution_path, *json, "--emit-solution");
  }
  return absl::OkStatus();
}

bool Exact(const LpAnswer& a) {
  return a.achievable && a.period == a.lower_bound;
}

const char* Describe(const std::string& algorithm) {
  if (algorithm == "lb") return "Multicast-LB: a lower bound, not a schedule";
  if (algorithm == "ub") return "Multicast-UB: the scatter achieves it";
  if (algorithm == "broadcast") return "Broadcast-EB: a broadcast achieves it";
  if (algorithm == "reduced-broadcast") {
    return "REDUCED_BROADCAST, Fig. 6: a broadcast of the kept nodes";
  }
  if (algorithm == "augmented-multicast") {
    return "AUGMENTED_MULTICAST, Fig. 7: a broadcast of the grown set";
  }
  if (algorithm == "augmented-sources") {
    return "AUGMENTED_SOURCES, Fig. 8: a scatter from the ordered sources";
  }
  return "the best of mcph, broadcast, ub and the LP heuristics";
}

// What a heuristic's node list is, and what each of its moves does.
std::pair<const char*, const char*> NodesAndMove(const std::string& algorithm) {
  if (algorithm == "reduced-broadcast") return {"kept", "remove"};
  if (algorithm == "augmented-multicast") return {"broadcast_set", "add"};
  return {"sources", "add source"};
}

// The heuristic's nodes, and with --trace its accepted moves.
std::string HeuristicText(const GraphPlatform& platform, const LpAnswer& a) {
  const auto [nodes, move] = NodesAndMove(a.algorithm);
  std::string out = absl::StrCat(nodes, ":");
  for (uint32_t v : a.heuristic->nodes) {
    absl::StrAppend(&out, " ", platform.names[v]);
  }
  absl::StrAppend(&out, "\n");
  if (!absl::GetFlag(FLAGS_trace)) return out;
  absl::StrAppend(&out, "trace (accepted moves; the value after each):\n");
  for (const HeuristicMove& m : a.heuristic->trace) {
    absl::StrAppend(&out, "  ", move, " ", platform.names[m.node], " -> ",
                    Fraction(m.value), "\n");
  }
  return out;
}

void WriteHeuristicJson(const GraphPlatform& platform, const LpAnswer& a,
                        JsonWriter* json) {
  const auto [nodes, move] = NodesAndMove(a.algorithm);
  json->StartArray(nodes);
  for (uint32_t v : a.heuristic->nodes) json->Str({}, platform.names[v]);
  json->EndArray();
  if (!absl::GetFlag(FLAGS_trace)) return;
  json->StartArray("trace");
  for (const HeuristicMove& m : a.heuristic->trace) {
    json->StartObject();
    json->Str("move", move);
    json->Str("node", platform.names[m.node]);
    json->Str("value", Fraction(m.value));
    json->EndObject();
  }
  json->EndArray();
}

// --explain for the LP answers: the user pinned the algorithm; what it
// guarantees (lb is a bound, the others achieve their period), Multicast-LB
// as the lower bound and the gap period - LB.
Explanation LpExplanation(const LpAnswer& a) {
  Explanation e;
  e.choice = "pinned";
  e.reason = absl::StrCat("--algorithm ", a.algorithm, " was asked for (",
                          Describe(a.algorithm), ")");
  e.guarantee = a.achievable ? "the period is achieved by a schedule"
                             : "none: a lower bound, not a schedule";
  e.guarantee_source =
      "Beaumont, Legrand, Marchal & Robert 2004, section 5.1 (the linear "
      "programs) and section 5.2 (the heuristics)";
  e.lower_bound_kind = "multicast_lb";
  e.lower_bound_source =
      "Multicast-LB, section 5.1: no schedule needs fewer ticks per message";
  e.gap_fraction = Fraction(mpq_class(a.period - a.lower_bound));
  e.text = absl::StrFormat(
      "Algorithm %s answered because %s. Guarantee: %s (%s). Period per "
      "message %s ticks; lower bound %s (%s); gap %s.",
      a.algorithm, e.reason, e.guarantee, e.guarantee_source,
      Fraction(a.period), Fraction(a.lower_bound), e.lower_bound_source,
      e.gap_fraction);
  return e;
}

// The text after the head.
void WriteLpText(const GraphPlatform& platform, const LpAnswer& a,
                 PlanWriter* writer) {
  std::string out = absl::StrFormat(
      "period per message: %s ticks (%s)\n"
      "throughput: %s messages per tick\n"
      "lower bound: %s (Multicast-LB: no schedule needs fewer ticks per "
      "message)\n"
      "upper bound: %s (Multicast-UB: the scatter achieves it)\n",
      Fraction(a.period), Describe(a.algorithm), Fraction(Reciprocal(a.period)),
      Fraction(a.lower_bound), Fraction(a.upper_bound));
  for (const auto& [name, period] : a.candidates) {
    absl::StrAppend(&out, "  ", name, ": ", Fraction(period), "\n");
  }
  if (!a.chosen.empty()) absl::StrAppend(&out, "chosen: ", a.chosen, "\n");
  if (a.heuristic) absl::StrAppend(&out, HeuristicText(platform, a));
  if (a.schedule) absl::StrAppend(&out, ScheduleText(platform, *a.schedule));
  if (!a.no_schedule.empty()) {
    absl::StrAppend(&out, "schedule: none (", a.no_schedule, ")\n");
    if (!a.flows.empty()) {
      absl::StrAppend(&out, FlowsText(platform, platform.Request(), a.flows),
                      "  (they need ", Fraction(a.flows_period),
                      " ticks per message)\n");
    }
  }
  if (a.rounded) {
    absl::StrAppend(
        &out, "rounded (",
        MaxPeriod() != 0
            ? absl::StrCat("--max-period ", MaxPeriod())
            : std::string("the exact schedule needs more than 64 bits"),
        "): ", Fraction(*a.rounded), " ticks per message, throughput ",
        Fraction(Reciprocal(*a.rounded)), ", lost ",
        Fraction(mpq_class(Reciprocal(a.period) - Reciprocal(*a.rounded))),
        " messages per tick\n");
  }
  absl::StrAppend(&out, "exact LP solves: ", a.lp_solves,
                  " (each optimum checked by its certificate)\n");
  writer->Text(out);
}

void WriteCandidates(const LpAnswer& a, JsonWriter* json) {
  if (a.candidates.empty()) return;
  json->StartObject("candidates");
  for (const auto& [name, period] : a.candidates) {
    json->Str(name, Fraction(period));
  }
  json->EndObject();
  json->Str("chosen", a.chosen);
}

// The JSON after the head.
void WriteLpJson(const GraphPlatform& platform, const LpAnswer& a,
                 JsonWriter* json) {
  json->Bool("achievable", a.achievable);
  json->Str("period_per_message", Fraction(a.period));
  json->Str("throughput", Fraction(Reciprocal(a.period)));
  json->Str("lower_bound", Fraction(a.lower_bound));
  json->Str("lower_bound_kind", "multicast_lb");
  json->Str("upper_bound", Fraction(a.upper_bound));
  WriteCandidates(a, json);
  if (a.heuristic) WriteHeuristicJson(platform, a, json);
  if (a.schedule) WriteScheduleJson(platform, *a.schedule, json);
  if (!a.no_schedule.empty()) {
    json->Null("schedule");
    json->Str("no_schedule", a.no_schedule);
    if (!a.flows.empty()) {
      WriteFlowsJson(platform, platform.Request(), a.flows, json);
      json->Str("flows_period_per_message", Fraction(a.flows_period));
    }
  }
  if (a.rounded) {
    json->StartObject("rounded");
    if (MaxPeriod() != 0) json->U64("max_period", MaxPeriod());
    json->Str("reason", MaxPeriod() != 0 ? "max_period" : "64_bits");
    json->Str("period_per_message", Fraction(*a.rounded));
    json->Str("throughput", Fraction(Reciprocal(*a.rounded)));
    json->Str("throughput_lost", Fraction(mpq_class(Reciprocal(a.period) -
                                                    Reciprocal(*a.rounded))));
    json->EndObject();
  }
  json->U64("lp_solves", a.lp_solves);
  json->Str("source", platform.names[platform.source]);
  json->Strs("pruned", platform.pruned);
}

// The answer of an LP algorithm through `out`, and --explain.
void WriteLpPlan(const GraphPlatform& platform, const LpAnswer& a, bool explain,
                 PlanWriter* out) {
  out->Head("graph", a.algorithm, Exact(a));
  if (out->json()) {
    WriteLpJson(platform, a, out->Json());
  } else {
    WriteLpText(platform, a, out);
  }
  if (explain) out->Explain(LpExplanation(a));
}

}  // namespace

bool IsGraphLpAlgorithm(const std::string& algorithm) {
  for (const auto& heuristic : kHeuristics) {
    if (algorithm == heuristic.first) return true;
  }
  return algorithm == "lb" || algorithm == "ub" || algorithm == "broadcast" ||
         algorithm == "best";
}

absl::Status CheckGraphLpFlags(const std::string& algorithm) {
  if (MaxPeriod() != 0 &&
      (algorithm == "lb" || !IsGraphLpAlgorithm(algorithm))) {
    return absl::InvalidArgumentError(
        "--max-period: needs an LP algorithm with a schedule (ub, broadcast, "
        "reduced-broadcast, augmented-multicast, augmented-sources, best)");
  }
  const bool one_program =
      algorithm == "lb" || algorithm == "ub" || algorithm == "broadcast";
  for (const auto& [flag, value] :
       {std::pair<const char*, std::string>{"emit-lp",
                                            absl::GetFlag(FLAGS_emit_lp)},
        {"emit-solution", absl::GetFlag(FLAGS_emit_solution)}}) {
    if (!value.empty() && !one_program) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--%s: needs --algorithm lb, ub or broadcast (one program)", flag));
    }
  }
  return absl::OkStatus();
}

std::vector<const char*> GivenGraphLpFlags() {
  std::vector<const char*> given;
  if (!absl::GetFlag(FLAGS_emit_lp).empty()) given.push_back("emit-lp");
  if (!absl::GetFlag(FLAGS_emit_solution).empty()) {
    given.push_back("emit-solution");
  }
  if (absl::GetFlag(FLAGS_trace)) given.push_back("trace");
  if (MaxPeriod() != 0) given.push_back("max-period");
  return given;
}

absl::Status CheckGraphLpSize(const GraphPlatform& platform,
                              const std::string& algorithm) {
  const uint64_t nodes = platform.names.size();
  const uint64_t edges = platform.edges.size();
  const bool one_program =
      algorithm == "lb" || algorithm == "ub" || algorithm == "broadcast";
  const uint64_t most =
      one_program ? kGraphLpMaxNodeEdges : kGraphLpHeuristicMaxNodeEdges;
  if (nodes * edges <= most && edges * kGraphLpMaxEdgesPerNodeDen <=
                                   nodes * kGraphLpMaxEdgesPerNodeNum) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "--algorithm %s: the platform has %d nodes and %d edges (after "
      "pruning); %s take at most %d nodes x edges and %d/%d edges per node "
      "(%s, kGraphLpMaxEdgesPerNode*; docs/limits.md); %s"
      "--algorithm mcph has no such limit",
      algorithm, nodes, edges,
      one_program ? "lb, ub and broadcast" : "the LP heuristics and best", most,
      kGraphLpMaxEdgesPerNodeNum, kGraphLpMaxEdgesPerNodeDen,
      one_program ? "kGraphLpMaxNodeEdges" : "kGraphLpHeuristicMaxNodeEdges",
      one_program ? ""
                  : absl::StrFormat("lb, ub and broadcast take %d; ",
                                    kGraphLpMaxNodeEdges)));
}

absl::StatusOr<std::string> PlanGraphLp(const GraphPlatform& platform,
                                        const std::string& algorithm,
                                        const std::string& format) {
  absl::Status status = CheckGraphLpFlags(algorithm);
  if (!status.ok()) return status;
  status = CheckGraphLpSize(platform, algorithm);
  if (!status.ok()) return status;
  absl::StatusOr<LpAnswer> answer = Solve(platform, algorithm);
  if (!answer.ok()) return answer.status();
  if (answer->program.has_value()) {
    status = EmitFiles(platform, *answer);
    if (!status.ok()) return status;
  }
  const bool explain = absl::GetFlag(FLAGS_explain);
  return WrittenPlan(format == "json", [&](PlanWriter* out) {
    WriteLpPlan(platform, *answer, explain, out);
  });
}

}  // namespace hetcast
