// plan_graph_lp.cc: platform -> the exact LPs (and MCPH for --algorithm
// best) -> text or JSON with exact fractions; --emit-lp, --emit-solution.
#include "tools/cli/plan_graph_lp.h"

#include <optional>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli/plan_graph.h"
#include "tools/gen/gen_command.h"
#include "tools/graph/multicast_lp.h"
#include "tools/plan.h"

ABSL_FLAG(std::string, emit_lp, "",
          "plan --model graph --algorithm lb|ub|broadcast: also write the "
          "linear program to this file (CPLEX LP format; node ids are the "
          "platform's, in file order after pruning).");
ABSL_FLAG(std::string, emit_solution, "",
          "plan --model graph --algorithm lb|ub|broadcast: also write the "
          "exact optimum (every variable and dual as a fraction) to this "
          "file as JSON.");

namespace hetcast {
namespace {

// What the answer reports. `period` is the chosen algorithm's time per
// message; `program` the one --emit-lp/--emit-solution write.
struct LpAnswer {
  std::string algorithm;
  std::string chosen;  // For best: mcph, broadcast or ub.
  bool achievable = true;
  mpq_class period;
  mpq_class lower_bound;
  mpq_class upper_bound;
  std::optional<mpq_class> broadcast;
  std::optional<mpq_class> mcph;
  int lp_solves = 0;
  std::optional<LpBound> program;
  std::string program_name;
};

// "3/2", "6/1": every exact value is shown this way (as MCPH's are).
std::string Fraction(const mpq_class& q) {
  return absl::StrCat(q.get_num().get_str(), "/", q.get_den().get_str());
}

mpq_class Reciprocal(const mpq_class& q) { return mpq_class(1 / q); }

// MCPH through the runtime planner: its period per message.
absl::StatusOr<mpq_class> McphPeriod(const GraphPlatform& platform) {
  const hetcast_graph_request graph = platform.Request();
  hetcast_request request = {};
  request.model = HETCAST_MODEL_GRAPH;
  request.algorithm = HETCAST_ALGORITHM_MCPH;
  request.graph = &graph;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  const hetcast_graph_answer& a = planned->info.graph;
  return mpq_class(mpz_class(absl::StrCat(a.period_numerator)),
                   mpz_class(absl::StrCat(a.period_denominator)));
}

// Broadcast-EB of every node of the (pruned) platform: finite, since the
// source reaches them all.
absl::StatusOr<LpBound> WholeBroadcast(const GraphPlatform& platform) {
  return BroadcastEb(platform.Request(),
                     std::vector<bool>(platform.names.size(), true));
}

// The best of MCPH, the broadcast and the scatter (ties: that order).
void ChooseBest(LpAnswer* answer) {
  answer->chosen = "mcph";
  answer->period = *answer->mcph;
  if (*answer->broadcast < answer->period) {
    answer->chosen = "broadcast";
    answer->period = *answer->broadcast;
  }
  if (answer->upper_bound < answer->period) {
    answer->chosen = "ub";
    answer->period = answer->upper_bound;
  }
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
  if (algorithm == "broadcast" || algorithm == "best") {
    absl::StatusOr<LpBound> eb = WholeBroadcast(platform);
    if (!eb.ok()) return eb.status();
    ++answer.lp_solves;
    answer.broadcast = eb->period;
    if (algorithm == "broadcast") {
      answer.period = eb->period;
      answer.program = *std::move(eb);
      answer.program_name = "Broadcast-EB";
    }
  }
  if (algorithm == "lb") {
    answer.achievable = false;
    answer.period = lb->period;
    answer.program = *std::move(lb);
    answer.program_name = "Multicast-LB";
  } else if (algorithm == "ub") {
    answer.period = ub->period;
    answer.program = *std::move(ub);
    answer.program_name = "Multicast-UB";
  } else if (algorithm == "best") {
    absl::StatusOr<mpq_class> mcph = McphPeriod(platform);
    if (!mcph.ok()) return mcph.status();
    answer.mcph = *mcph;
    ChooseBest(&answer);
  }
  return answer;
}

// The optimum of `bound` with the program's names: every column's value
// and every row's dual, as exact fractions, in program order.
std::string SolutionJson(const GraphPlatform& platform, const std::string& name,
                         const LpBound& bound) {
  const LinearProgram& lp = bound.program.lp;
  std::string out = absl::StrCat("{\"program\":\"", name,
                                 "\",\"objective\":\"",
                                 Fraction(bound.solution.objective),
                                 "\",\"nodes\":[");
  for (size_t v = 0; v < platform.names.size(); ++v) {
    absl::StrAppend(&out, v == 0 ? "" : ",", GraphJsonString(platform.names[v]));
  }
  absl::StrAppend(&out, "],\"values\":{");
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    absl::StrAppend(&out, j == 0 ? "" : ",", "\"", lp.columns[j].name, "\":\"",
                    Fraction(bound.solution.x[j]), "\"");
  }
  absl::StrAppend(&out, "},\"duals\":{");
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    absl::StrAppend(&out, r == 0 ? "" : ",", "\"", lp.rows[r].name, "\":\"",
                    Fraction(bound.solution.y[r]), "\"");
  }
  absl::StrAppend(&out, "}}\n");
  return out;
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
    return WriteFileSafely(
        solution_path,
        SolutionJson(platform, answer.program_name, *answer.program),
        "--emit-solution");
  }
  return absl::OkStatus();
}

bool Exact(const LpAnswer& a) {
  return a.achievable && a.period == a.lower_bound;
}

std::string RenderText(const LpAnswer& a) {
  const char* what =
      a.algorithm == "lb"          ? "Multicast-LB: a lower bound, not a schedule"
      : a.algorithm == "ub"        ? "Multicast-UB: the scatter achieves it"
      : a.algorithm == "broadcast" ? "Broadcast-EB: a broadcast achieves it"
                                   : "the best of mcph, broadcast and ub";
  std::string out = absl::StrFormat(
      "model: graph    algorithm: %s    exact: %s\n"
      "period per message: %s ticks (%s)\n"
      "throughput: %s messages per tick\n"
      "lower bound: %s (Multicast-LB: no schedule needs fewer ticks per "
      "message)\n"
      "upper bound: %s (Multicast-UB: the scatter achieves it)\n",
      a.algorithm, Exact(a) ? "yes" : "no", Fraction(a.period), what,
      Fraction(Reciprocal(a.period)), Fraction(a.lower_bound),
      Fraction(a.upper_bound));
  if (a.broadcast) {
    absl::StrAppend(&out, "broadcast (Broadcast-EB): ", Fraction(*a.broadcast),
                    "\n");
  }
  if (a.mcph) absl::StrAppend(&out, "mcph: ", Fraction(*a.mcph), "\n");
  if (!a.chosen.empty()) absl::StrAppend(&out, "chosen: ", a.chosen, "\n");
  absl::StrAppend(&out, "exact LP solves: ", a.lp_solves,
                  " (each optimum checked by its certificate)\n");
  return out;
}

std::string RenderJson(const GraphPlatform& platform, const LpAnswer& a) {
  std::string out = absl::StrFormat(
      "{\"model\":\"graph\",\"algorithm\":\"%s\",\"exact\":%s,"
      "\"achievable\":%s,\"period_per_message\":\"%s\",\"throughput\":\"%s\","
      "\"lower_bound\":\"%s\",\"lower_bound_kind\":\"multicast_lb\","
      "\"upper_bound\":\"%s\"",
      a.algorithm, Exact(a) ? "true" : "false",
      a.achievable ? "true" : "false", Fraction(a.period),
      Fraction(Reciprocal(a.period)), Fraction(a.lower_bound),
      Fraction(a.upper_bound));
  if (a.broadcast) {
    absl::StrAppend(&out, ",\"broadcast\":\"", Fraction(*a.broadcast), "\"");
  }
  if (a.mcph) absl::StrAppend(&out, ",\"mcph\":\"", Fraction(*a.mcph), "\"");
  if (!a.chosen.empty()) absl::StrAppend(&out, ",\"chosen\":\"", a.chosen, "\"");
  absl::StrAppend(&out, ",\"lp_solves\":", a.lp_solves,
                  ",\"source\":", GraphJsonString(platform.names[platform.source]),
                  ",\"pruned\":[");
  for (size_t i = 0; i < platform.pruned.size(); ++i) {
    absl::StrAppend(&out, i == 0 ? "" : ",", GraphJsonString(platform.pruned[i]));
  }
  absl::StrAppend(&out, "]}\n");
  return out;
}

}  // namespace

bool IsGraphLpAlgorithm(const std::string& algorithm) {
  return algorithm == "lb" || algorithm == "ub" || algorithm == "broadcast" ||
         algorithm == "best";
}

absl::Status CheckGraphLpFlags(const std::string& algorithm) {
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

absl::StatusOr<std::string> PlanGraphLp(const GraphPlatform& platform,
                                        const std::string& algorithm,
                                        const std::string& format) {
  absl::Status status = CheckGraphLpFlags(algorithm);
  if (!status.ok()) return status;
  absl::StatusOr<LpAnswer> answer = Solve(platform, algorithm);
  if (!answer.ok()) return answer.status();
  if (answer->program.has_value()) {
    status = EmitFiles(platform, *answer);
    if (!status.ok()) return status;
  }
  return format == "json" ? RenderJson(platform, *answer) : RenderText(*answer);
}

}  // namespace hetcast
