// plan_node.cc: `hetcast plan --model node`: flags -> hetcast_node_request
// -> the runtime planner (table or FNF) or the PTAS -> NodePlan.
#include "tools/cli/plan_node.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/args.h"
#include "tools/cli/flags.h"
#include "tools/cli/table_file.h"
#include "tools/gen/ptas.h"
#include "tools/plan.h"

namespace hetcast {
namespace {

// The relay search makes one FNF pass per relay count over every node; past
// this many node-steps the CLI refuses rather than run for hours.
constexpr uint64_t kCliMaxNodeSteps = 2'000'000'000;

// The request the flags describe, with the arrays hetcast_node_request
// points into. The type costs live in NodePlan::costs.
struct NodeInput {
  bool per_node = false;  // --node-costs gave `typed`.
  TypedNodes typed;
  LoadedTable table;  // --table; its name is empty without one.
  hetcast_profile profile = {};
  uint32_t source_type = 0;
  std::vector<uint64_t> counts;
  std::vector<uint64_t> relays;
};

// --algorithm names a node-model algorithm and agrees with --table.
absl::Status CheckAlgorithmFlag(const std::string& algorithm, bool use_table) {
  if (!algorithm.empty() && algorithm != "fnf" && algorithm != "ptas" &&
      algorithm != "table") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--algorithm: '%s' is not one of fnf, table, ptas for --model node",
        algorithm));
  }
  if (algorithm == "table" && !use_table) {
    return absl::InvalidArgumentError("--algorithm table needs --table");
  }
  if (use_table && !algorithm.empty() && algorithm != "table") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--table answers from the table; leave out --algorithm %s (or say "
        "--algorithm table)",
        algorithm));
  }
  return absl::OkStatus();
}

// --node-costs (the source first, then every destination) as one type per
// distinct cost. It replaces --costs, --counts, --source-type and --table.
absl::StatusOr<TypedNodes> TypesFromNodeCostsFlag(bool use_table) {
  if (use_table || !absl::GetFlag(FLAGS_costs).empty() ||
      !absl::GetFlag(FLAGS_counts).empty() ||
      absl::GetFlag(FLAGS_source_type) != "0") {
    return absl::InvalidArgumentError(
        "--node-costs lists every node (the source first); leave out "
        "--costs, --counts, --source-type and --table");
  }
  absl::StatusOr<std::vector<uint64_t>> list =
      ParseUintList(absl::GetFlag(FLAGS_node_costs), "node-costs");
  if (!list.ok()) return list.status();
  if (list->size() > kCliMaxNodes) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--node-costs: %d nodes; the CLI plans at most %d",
                        list->size(), kCliMaxNodes));
  }
  for (size_t i = 0; i < list->size(); ++i) {
    if ((*list)[i] == 0 || (*list)[i] == HETCAST_NEVER) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--node-costs: node %d has cost %d; every cost must be in 1 .. "
          "2^64-2",
          i, (*list)[i]));
    }
  }
  return TypesFromNodeCosts(*list);
}

// The costs as given: their values are the runtime's to check (it names
// what is wrong), or the PTAS's.
absl::StatusOr<std::vector<uint64_t>> CostsFromFlag() {
  return ParseUintList(absl::GetFlag(FLAGS_costs), "costs");
}

// With --table: the selected profile, whose costs the request takes; --costs,
// when given too, must be the same.
absl::Status CostsFromTable(const std::string& table_flag, NodeInput* in,
                            std::vector<uint64_t>* costs) {
  absl::StatusOr<LoadedTable> table = LoadTable(table_flag, "--table: ");
  if (!table.ok()) return table.status();
  in->table = *std::move(table);
  absl::StatusOr<hetcast_profile> selected =
      SelectProfile(in->table, absl::GetFlag(FLAGS_profile));
  if (!selected.ok()) return selected.status();
  in->profile = *selected;
  *costs = ProfileCosts(in->profile);
  if (absl::GetFlag(FLAGS_costs).empty()) return absl::OkStatus();
  absl::StatusOr<std::vector<uint64_t>> given = CostsFromFlag();
  if (!given.ok()) return given.status();
  if (*given != *costs) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--costs %s do not match profile '%s' of '%s', whose costs are %s",
        absl::StrJoin(*given, ","), ProfileName(in->profile), in->table.name,
        absl::StrJoin(*costs, ",")));
  }
  return absl::OkStatus();
}

// Without --table: --costs, unless --node-costs already gave the types.
absl::Status CostsWithoutTable(const NodeInput& in,
                               std::vector<uint64_t>* costs) {
  if (!absl::GetFlag(FLAGS_profile).empty()) {
    return absl::InvalidArgumentError("--profile needs --table");
  }
  if (in.per_node) return absl::OkStatus();
  absl::StatusOr<std::vector<uint64_t>> given = CostsFromFlag();
  if (!given.ok()) return given.status();
  *costs = *std::move(given);
  return absl::OkStatus();
}

// The source type, the destinations and the relays of each of the `k`
// types (whose costs came from `costs_source`).
absl::Status ShapeFromFlags(size_t k, const char* costs_source, NodeInput* in) {
  absl::StatusOr<uint64_t> source_type =
      in->per_node ? absl::StatusOr<uint64_t>(in->typed.source_type)
                   : ParseUint(absl::GetFlag(FLAGS_source_type), "source-type");
  if (!source_type.ok()) return source_type.status();
  // Its range is the runtime's (or the PTAS's) to check; past 32 bits it
  // cannot even be passed on.
  if (*source_type > UINT32_MAX) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--source-type: %d is not a type index", *source_type));
  }
  in->source_type = static_cast<uint32_t>(*source_type);
  absl::StatusOr<std::vector<uint64_t>> counts =
      in->per_node ? absl::StatusOr<std::vector<uint64_t>>(in->typed.counts)
                   : ParseUintList(absl::GetFlag(FLAGS_counts), "counts");
  if (!counts.ok()) return counts.status();
  if (counts->size() != k) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--counts has %d entries but %s has %d; give one per "
                        "type",
                        counts->size(), costs_source, k));
  }
  in->counts = *std::move(counts);
  in->relays.assign(k, 0);
  if (absl::GetFlag(FLAGS_relays).empty()) return absl::OkStatus();
  absl::StatusOr<std::vector<uint64_t>> relays =
      ParseUintList(absl::GetFlag(FLAGS_relays), "relays");
  if (!relays.ok()) return relays.status();
  if (relays->size() != k) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--relays has %d entries but %s has %d; give one "
                        "per type",
                        relays->size(), costs_source, k));
  }
  in->relays = *std::move(relays);
  return absl::OkStatus();
}

// The source, the destinations and the relays fit the CLI's node limit.
absl::Status CheckNodeTotal(const NodeInput& in) {
  uint64_t total = 1;
  for (size_t j = 0; j < in.counts.size(); ++j) {
    if (__builtin_add_overflow(total, in.counts[j], &total) ||
        __builtin_add_overflow(total, in.relays[j], &total)) {
      return absl::InvalidArgumentError(
          "--counts/--relays: the total number of nodes overflows 64 bits");
    }
  }
  if (total > kCliMaxNodes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--counts/--relays: %d nodes in total; the CLI plans at most %d", total,
        kCliMaxNodes));
  }
  return absl::OkStatus();
}

// The relay search makes one FNF pass per relay count; refuse rather than
// run for hours.
absl::Status CheckRelaySearch(const hetcast_sizes& sizes) {
  if (sizes.fnf_runs > 1 &&
      sizes.fnf_runs > kCliMaxNodeSteps / sizes.node_count) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--relays: trying every relay count needs %d FNF passes over %d "
        "nodes; the CLI allows %d node-steps, give fewer relays or "
        "destinations",
        sizes.fnf_runs, sizes.node_count, kCliMaxNodeSteps));
  }
  return absl::OkStatus();
}

// What the planner's choice adds to the output: the fallback label, the
// profile, a PTAS profile's factor.
void DescribeChoice(const hetcast_plan_info& info,
                    const hetcast_profile* profile,
                    const std::string& table_name, NodePlan* plan) {
  if (info.choice == HETCAST_CHOICE_OUTSIDE_TABLE) {
    plan->algorithm_label = "fnf-outside-table";
    plan->note = absl::StrFormat(
        "outside the table: profile '%s' covers at most %s destinations "
        "(relays included); planned with FNF instead",
        ProfileName(*profile), absl::StrJoin(ProfileLimits(*profile), ","));
    return;
  }
  if (info.answer.algorithm != HETCAST_ALGORITHM_TABLE) return;
  const std::string name = ProfileName(*profile);
  plan->profile = name;
  hetcast_profile_info table_info;
  hetcast_profile_get_info(profile, &table_info);
  if (table_info.method != HETCAST_METHOD_PTAS) {
    plan->note = absl::StrFormat("table: profile '%s' of %s", name, table_name);
    return;
  }
  const std::string factor = FactorText(
      {table_info.epsilon_numerator, table_info.epsilon_denominator});
  plan->method = "ptas";
  plan->epsilon = absl::StrFormat("%d/%d", table_info.epsilon_numerator,
                                  table_info.epsilon_denominator);
  plan->guarantee = std::stod(factor);
  plan->note = absl::StrFormat(
      "table: profile '%s' of %s, made by the PTAS (eps %d/%d): within %s x "
      "optimal",
      name, table_name, table_info.epsilon_numerator,
      table_info.epsilon_denominator, factor);
}

// The runtime planner's answer: the profile when it covers the request,
// else FNF (the runtime decides, and says why).
absl::StatusOr<NodePlan> PlanNode(const hetcast_node_request& request,
                                  const hetcast_profile* profile,
                                  hetcast_algorithm pin,
                                  const std::string& table_name,
                                  NodePlan plan) {
  hetcast_request r = {};
  r.model = HETCAST_MODEL_NODE;
  r.algorithm = pin;
  r.node = &request;
  r.profiles = profile;
  r.profile_count = profile == nullptr ? 0 : 1;
  absl::StatusOr<Planned> planned = PlanRequest(r, CheckRelaySearch);
  if (!planned.ok()) return planned.status();
  plan.answer = planned->info.answer;
  plan.nodes = std::move(planned->nodes);
  plan.transfers = std::move(planned->transfers);
  DescribeChoice(planned->info, profile, table_name, &plan);
  plan.explain_input = FromPlanInfo(planned->info);
  if (!plan.algorithm_label.empty()) {
    plan.explain_input.algorithm = plan.algorithm_label;
  }
  plan.explain_input.profile = plan.profile;
  return plan;
}

// The PTAS (tools/gen/ptas.h), as `plan --algorithm ptas`.
absl::StatusOr<NodePlan> PlanWithPtas(const hetcast_node_request& request,
                                      NodePlan plan) {
  absl::StatusOr<Epsilon> eps = ParseEpsilon(absl::GetFlag(FLAGS_epsilon));
  if (!eps.ok()) return eps.status();
  PtasRequest ptas;
  ptas.costs = plan.costs;
  ptas.source_type = request.source_type;
  ptas.counts.assign(request.destination_counts,
                     request.destination_counts + request.type_count);
  ptas.relays.assign(request.relay_counts,
                     request.relay_counts + request.type_count);
  ptas.epsilon = *eps;
  const std::string search = absl::GetFlag(FLAGS_search);
  if (search != "bisection" && search != "grid") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--search: '%s' is not one of bisection, grid", search));
  }
  ptas.grid = search == "grid";
  absl::StatusOr<PtasResult> result = PlanPtas(ptas);
  if (!result.ok()) return result.status();
  plan.answer = result->answer;
  plan.nodes = std::move(result->nodes);
  plan.transfers = std::move(result->transfers);
  const bool fnf_won = result->answer.algorithm == HETCAST_ALGORITHM_FNF;
  if (fnf_won) plan.algorithm_label = "ptas-fnf";
  const std::string factor = FactorText(*eps, ptas.grid);
  plan.epsilon = absl::GetFlag(FLAGS_epsilon);
  plan.search = search;
  plan.guarantee = std::stod(factor);
  plan.ptas_completion = result->ptas_completion;
  plan.fnf_completion = result->fnf_completion;
  // The PTAS runs here, not in the planner: its explanation's fields.
  hetcast_plan_info& info = plan.explain_input.info;
  info.answer = result->answer;
  info.model = HETCAST_MODEL_NODE;
  info.choice = HETCAST_CHOICE_PINNED;
  info.guarantee_source = "Khuller & Kim Theorem 6.2 (multicast: Theorem 7.2)";
  plan.explain_input.algorithm = fnf_won ? "ptas-fnf" : "ptas";
  plan.explain_input.decimal_factor = factor;
  plan.note = absl::StrFormat(
      "PTAS (Khuller & Kim §6-7), eps %s: within %s x optimal; its schedule "
      "%d, FNF's %d%s",
      absl::GetFlag(FLAGS_epsilon), factor, result->ptas_completion,
      result->fnf_completion, fnf_won ? " (FNF's is better and is shown)" : "");
  return plan;
}

}  // namespace

absl::StatusOr<NodePlan> PlanNodeFromFlags() {
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
  const std::string table_flag = absl::GetFlag(FLAGS_table);
  const bool use_table = !table_flag.empty();
  absl::Status status = CheckAlgorithmFlag(algorithm, use_table);
  if (!status.ok()) return status;
  // The types: from --node-costs, the table's profile or --costs.
  NodeInput in;
  NodePlan plan;
  if (!absl::GetFlag(FLAGS_node_costs).empty()) {
    absl::StatusOr<TypedNodes> typed = TypesFromNodeCostsFlag(use_table);
    if (!typed.ok()) return typed.status();
    in.per_node = true;
    in.typed = *std::move(typed);
    plan.costs = in.typed.costs;
  }
  status = use_table ? CostsFromTable(table_flag, &in, &plan.costs)
                     : CostsWithoutTable(in, &plan.costs);
  if (!status.ok()) return status;
  // How many nodes of each type.
  status = ShapeFromFlags(plan.costs.size(),
                          use_table ? "the profile" : "--costs", &in);
  if (!status.ok()) return status;
  status = CheckNodeTotal(in);
  if (!status.ok()) return status;
  // Planning.
  const hetcast_node_request request = {plan.costs.data(), plan.costs.size(),
                                        in.source_type, in.counts.data(),
                                        in.relays.data()};
  if (algorithm == "ptas") return PlanWithPtas(request, std::move(plan));
  const hetcast_algorithm pin = algorithm == "table" ? HETCAST_ALGORITHM_TABLE
                                : algorithm == "fnf" ? HETCAST_ALGORITHM_FNF
                                                     : HETCAST_ALGORITHM_NONE;
  return PlanNode(request, use_table ? &in.profile : nullptr, pin,
                  in.table.name, std::move(plan));
}

}  // namespace hetcast
