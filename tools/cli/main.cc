// main.cc: the `hetcast` command line.
//
//   hetcast plan --costs 2,3 --source-type 1 --counts 4,7 [--relays 0,2]
//                [--format text|json]
//   hetcast plan --table T.hct|@default [--profile NAME] [--costs ...]
//                --source-type S --counts ... [--relays ...]
//   hetcast gen --profile P.json[,Q.json] --out T.hct [--threads N]
//   hetcast inspect T.hct|@default [--fnf-stats=false]
//
// `@default` is the default profile's table, embedded in the binary at build
// time (tables/BUILD). Bad arguments, unreadable or invalid tables print one
// line naming the problem to stderr and exit with status 2, before anything
// is written to stdout.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tools/cli/args.h"
#include "tools/gen/gen_command.h"
#include "tools/cli/plan_nonblocking.h"
#include "tools/plan.h"
#include "tools/cli/plan_output.h"
#include "tools/gen/ptas.h"

ABSL_FLAG(std::string, costs, "",
          "Send cost in ticks of each node type, e.g. 2,3 (each >= 1).");
ABSL_FLAG(std::string, source_type, "0", "Type index of the source.");
ABSL_FLAG(std::string, counts, "",
          "Destinations of each type, e.g. 4,7 (one entry per type).");
ABSL_FLAG(std::string, relays, "",
          "Optional relay nodes of each type: they may forward, need not "
          "receive.");
ABSL_FLAG(std::string, format, "text", "Output format: text or json.");
ABSL_FLAG(std::string, table, "",
          "plan: answer from this table file (@default: the embedded one).");
ABSL_FLAG(std::string, profile, "",
          "plan: profile name within --table (default: the first); gen: "
          "comma-separated profile JSON files.");
ABSL_FLAG(std::string, out, "", "gen: the table file to write.");
ABSL_FLAG(int, threads, 0, "gen: worker threads (0 = every core).");
ABSL_FLAG(std::string, method, "auto",
          "gen: auto (exact DP unless its estimated work is too large, then "
          "the PTAS), exact or ptas.");
ABSL_FLAG(std::string, model, "node",
          "plan: node (heterogeneous node model) or cluster (two-level "
          "clusters).");
ABSL_FLAG(std::string, cluster_sizes, "",
          "plan --model cluster: processors per cluster, source in the first.");
ABSL_FLAG(std::string, inter_cost, "",
          "plan --model cluster: ticks per inter-cluster transfer (C >= 1).");
ABSL_FLAG(std::string, algorithm, "",
          "plan --model cluster: lcf (default) or flat; interleaved, "
          "bounded-degree, bounded-size are not implemented yet.");
ABSL_FLAG(std::string, degrees, "",
          "plan --model cluster: bounded degree d_i per cluster.");
ABSL_FLAG(std::string, matching, "",
          "plan --model cluster: at most B inter-cluster transfers at once.");
ABSL_FLAG(bool, postal, false, "plan --model cluster: postal model.");
ABSL_FLAG(std::string, members, "",
          "plan --model cluster: multicast members per cluster.");
ABSL_FLAG(std::string, input, "",
          "plan --model nonblocking: the request JSON file.");
ABSL_FLAG(std::string, epsilon, "0.1",
          "plan --algorithm ptas: eps in (0, 1); the schedule is within "
          "(1 + eps)(1 + 3 eps) of the optimum.");
ABSL_FLAG(std::string, search, "bisection",
          "plan --algorithm ptas: bisection (default; factor (1 + eps)(1 + 3 "
          "eps)) or grid (the paper's (1 + eps) grid; (1 + eps)^2 (1 + 3 "
          "eps)).");
ABSL_FLAG(std::string, node_costs, "",
          "plan: per-node costs instead of --costs/--counts/--source-type: "
          "the source first, then every destination, e.g. 3,1,1,2,7.");
ABSL_FLAG(bool, fnf_stats, true,
          "inspect: compare FNF with the table on every state.");

namespace hetcast {
namespace {

constexpr int kUsageError = 2;

// The CLI holds every node in memory and prints it; past this it refuses
// rather than exhaust memory (the C API itself goes to HETCAST_MAX_NODES).
constexpr uint64_t kCliMaxNodes = 10'000'000;

constexpr uint64_t kCliMaxNodeSteps = 2'000'000'000;

constexpr char kUsage[] =
    "usage: hetcast plan --costs C0,C1,... --source-type S --counts "
    "N0,N1,... [--relays R0,R1,...] [--format text|json]\n"
    "       hetcast plan --table T.hct|@default [--profile NAME] "
    "[--costs ...] --source-type S --counts ... [--relays ...]\n"
    "       hetcast plan --algorithm ptas [--epsilon 0.1] (--costs ... "
    "--source-type S --counts ... | --node-costs SOURCE,D1,D2,...) "
    "[--relays ...]\n"
    "       hetcast gen --profile P.json[,Q.json...] --out T.hct "
    "[--threads N] [--method auto|exact|ptas] [--epsilon 0.1]\n"
    "       hetcast inspect T.hct|@default [--fnf-stats=false]\n"
    "       hetcast plan --model cluster --cluster-sizes 8,5,5,3,1 "
    "--inter-cost 4 [--algorithm lcf|flat] [--format text|json]\n";

// A verified table and the memory it lives in.
struct LoadedTable {
  std::string name;             // The path, or "@default".
  std::vector<uint64_t> words;  // Empty for the embedded table.
  const void* data = nullptr;
  size_t size = 0;
  hetcast_table table = {};
};

absl::StatusOr<LoadedTable> LoadTable(const std::string& spec,
                                      const char* flag) {
  LoadedTable loaded;
  loaded.name = spec;
  if (spec == "@default") {
    loaded.data = hetcast_default_table;
    loaded.size = hetcast_default_table_size;
  } else {
    absl::StatusOr<std::vector<uint64_t>> words =
        ReadTableFile(spec, &loaded.size);
    if (!words.ok()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s%s", flag, words.status().message()));
    }
    loaded.words = *std::move(words);
    loaded.data = loaded.words.data();
  }
  const char* error = "";
  if (hetcast_table_open(loaded.data, loaded.size, &loaded.table, &error) !=
      HETCAST_OK) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s'%s' is not a valid hetcast table: %s", flag, spec, error));
  }
  return loaded;
}

std::string ProfileName(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info);
  return info.name;
}

std::vector<uint64_t> ProfileColumn(const hetcast_profile& profile,
                                    bool limits) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info);
  std::vector<uint64_t> values(info.type_count);
  for (size_t j = 0; j < values.size(); ++j) {
    hetcast_profile_type(&profile, j, nullptr, limits ? nullptr : &values[j],
                         limits ? &values[j] : nullptr);
  }
  return values;
}

absl::StatusOr<hetcast_profile> SelectProfile(const LoadedTable& loaded,
                                              const std::string& name) {
  size_t index = 0;
  if (!name.empty() && hetcast_table_find_profile(&loaded.table, name.c_str(),
                                                  &index) != HETCAST_OK) {
    std::vector<std::string> names;
    for (size_t p = 0; p < hetcast_table_profile_count(&loaded.table); ++p) {
      hetcast_profile profile;
      hetcast_profile_open(&loaded.table, p, &profile);
      names.push_back(ProfileName(profile));
    }
    return absl::InvalidArgumentError(absl::StrFormat(
        "--profile: '%s' holds no profile named '%s' (it has: %s)", loaded.name,
        name, absl::StrJoin(names, ", ")));
  }
  hetcast_profile profile;
  if (hetcast_profile_open(&loaded.table, index, &profile) != HETCAST_OK) {
    return absl::InternalError("cannot open a verified profile");
  }
  return profile;
}

absl::StatusOr<std::vector<uint64_t>> CostsFromFlag() {
  absl::StatusOr<std::vector<uint64_t>> costs =
      ParseUintList(absl::GetFlag(FLAGS_costs), "costs");
  if (!costs.ok()) return costs.status();
  for (size_t j = 0; j < costs->size(); ++j) {
    if ((*costs)[j] == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--costs: cost of type %d is 0; every cost must be at least 1", j));
    }
    if ((*costs)[j] == HETCAST_NEVER) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--costs: cost of type %d is the reserved value 2^64-1", j));
    }
  }
  if (costs->size() > HETCAST_MAX_TYPES) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--costs: %d types, at most %d are supported",
                        costs->size(), HETCAST_MAX_TYPES));
  }
  return costs;
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
        ProfileName(*profile),
        absl::StrJoin(ProfileColumn(*profile, true), ","));
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
  plan->extra_json += absl::StrFormat(
      "\"method\":\"ptas\",\"epsilon\":\"%d/%d\",\"guarantee\":%s,",
      table_info.epsilon_numerator, table_info.epsilon_denominator, factor);
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
  plan.extra_json += absl::StrFormat(
      "\"epsilon\":\"%s\",\"search\":\"%s\",\"guarantee\":%s,"
      "\"ptas_completion\":%d,\"fnf_completion\":%d,",
      absl::GetFlag(FLAGS_epsilon), search, factor, result->ptas_completion,
      result->fnf_completion);
  plan.note = absl::StrFormat(
      "PTAS (Khuller & Kim §6-7), eps %s: within %s x optimal; its schedule "
      "%d, FNF's %d%s",
      absl::GetFlag(FLAGS_epsilon), factor, result->ptas_completion,
      result->fnf_completion, fnf_won ? " (FNF's is better and is shown)" : "");
  return plan;
}

absl::StatusOr<NodePlan> PlanFromFlags() {
  NodePlan plan;
  const std::string table_flag = absl::GetFlag(FLAGS_table);
  LoadedTable loaded;
  hetcast_profile profile = {};
  const bool use_table = !table_flag.empty();
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
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
  const std::string node_costs = absl::GetFlag(FLAGS_node_costs);
  std::vector<uint64_t> node_counts;
  uint64_t node_source = 0;
  if (!node_costs.empty()) {
    if (use_table || !absl::GetFlag(FLAGS_costs).empty() ||
        !absl::GetFlag(FLAGS_counts).empty() ||
        absl::GetFlag(FLAGS_source_type) != "0") {
      return absl::InvalidArgumentError(
          "--node-costs lists every node (the source first); leave out "
          "--costs, --counts, --source-type and --table");
    }
    absl::StatusOr<std::vector<uint64_t>> list =
        ParseUintList(node_costs, "node-costs");
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
    absl::StatusOr<TypedNodes> typed = TypesFromNodeCosts(*list);
    if (!typed.ok()) return typed.status();
    plan.costs = typed->costs;
    node_counts = typed->counts;
    node_source = typed->source_type;
  }
  if (use_table) {
    absl::StatusOr<LoadedTable> table = LoadTable(table_flag, "--table: ");
    if (!table.ok()) return table.status();
    loaded = *std::move(table);
    absl::StatusOr<hetcast_profile> selected =
        SelectProfile(loaded, absl::GetFlag(FLAGS_profile));
    if (!selected.ok()) return selected.status();
    profile = *selected;
    plan.costs = ProfileColumn(profile, /*limits=*/false);
    if (!absl::GetFlag(FLAGS_costs).empty()) {
      absl::StatusOr<std::vector<uint64_t>> costs = CostsFromFlag();
      if (!costs.ok()) return costs.status();
      if (*costs != plan.costs) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "--costs %s do not match profile '%s' of '%s', whose costs are %s",
            absl::StrJoin(*costs, ","), ProfileName(profile), loaded.name,
            absl::StrJoin(plan.costs, ",")));
      }
    }
  } else {
    if (!absl::GetFlag(FLAGS_profile).empty()) {
      return absl::InvalidArgumentError("--profile needs --table");
    }
    if (node_costs.empty()) {
      absl::StatusOr<std::vector<uint64_t>> costs = CostsFromFlag();
      if (!costs.ok()) return costs.status();
      plan.costs = *costs;
    }
  }
  const size_t k = plan.costs.size();
  const char* costs_source = use_table ? "the profile" : "--costs";
  absl::StatusOr<uint64_t> source_type =
      node_costs.empty()
          ? ParseUint(absl::GetFlag(FLAGS_source_type), "source-type")
          : absl::StatusOr<uint64_t>(node_source);
  if (!source_type.ok()) return source_type.status();
  if (*source_type >= k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--source-type: %d is out of range; there are %d types (0..%d)",
        *source_type, k, k - 1));
  }
  absl::StatusOr<std::vector<uint64_t>> counts =
      node_costs.empty() ? ParseUintList(absl::GetFlag(FLAGS_counts), "counts")
                         : absl::StatusOr<std::vector<uint64_t>>(node_counts);
  if (!counts.ok()) return counts.status();
  if (counts->size() != k) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--counts has %d entries but %s has %d; give one per "
                        "type",
                        counts->size(), costs_source, k));
  }
  std::vector<uint64_t> relays(k, 0);
  if (!absl::GetFlag(FLAGS_relays).empty()) {
    absl::StatusOr<std::vector<uint64_t>> parsed =
        ParseUintList(absl::GetFlag(FLAGS_relays), "relays");
    if (!parsed.ok()) return parsed.status();
    if (parsed->size() != k) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--relays has %d entries but %s has %d; give one "
                          "per type",
                          parsed->size(), costs_source, k));
    }
    relays = *parsed;
  }
  uint64_t total = 1;
  for (size_t j = 0; j < k; ++j) {
    if (__builtin_add_overflow(total, (*counts)[j], &total) ||
        __builtin_add_overflow(total, relays[j], &total)) {
      return absl::InvalidArgumentError(
          "--counts/--relays: the total number of nodes overflows 64 bits");
    }
  }
  if (total > kCliMaxNodes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--counts/--relays: %d nodes in total; the CLI plans at most %d", total,
        kCliMaxNodes));
  }

  hetcast_node_request request;
  request.costs = plan.costs.data();
  request.type_count = k;
  request.source_type = static_cast<uint32_t>(*source_type);
  request.destination_counts = counts->data();
  request.relay_counts = relays.data();
  if (!node_costs.empty()) {
    plan.extra_json =
        absl::StrFormat("\"type_costs\":[%s],", absl::StrJoin(plan.costs, ","));
  }
  if (algorithm == "ptas") {
    return PlanWithPtas(request, std::move(plan));
  }
  const hetcast_algorithm pin = algorithm == "table" ? HETCAST_ALGORITHM_TABLE
                                : algorithm == "fnf"  ? HETCAST_ALGORITHM_FNF
                                                      : HETCAST_ALGORITHM_NONE;
  return PlanNode(request, use_table ? &profile : nullptr, pin, loaded.name,
                  std::move(plan));
}

// `hetcast plan --model cluster`.
absl::StatusOr<NodePlan> PlanClusterFromFlags() {
  NodePlan plan;
  plan.model = "cluster";
  for (const char* node_flag : {"costs", "counts", "relays", "table"}) {
    const std::string value =
        std::string(node_flag) == "costs"    ? absl::GetFlag(FLAGS_costs)
        : std::string(node_flag) == "counts" ? absl::GetFlag(FLAGS_counts)
        : std::string(node_flag) == "relays" ? absl::GetFlag(FLAGS_relays)
                                             : absl::GetFlag(FLAGS_table);
    if (!value.empty()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--%s is for --model node, not --model cluster", node_flag));
    }
  }
  absl::StatusOr<std::vector<uint64_t>> sizes =
      ParseUintList(absl::GetFlag(FLAGS_cluster_sizes), "cluster-sizes");
  if (!sizes.ok()) return sizes.status();
  for (size_t c = 0; c < sizes->size(); ++c) {
    if ((*sizes)[c] == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--cluster-sizes: cluster %d has no processors; every cluster needs "
          "at least 1",
          c));
    }
  }
  uint64_t total = 0;
  for (uint64_t size : *sizes) {
    if (__builtin_add_overflow(total, size, &total) || total > kCliMaxNodes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--cluster-sizes: more than %d processors in total; the CLI plans "
          "at most that many",
          kCliMaxNodes));
    }
  }
  if (absl::GetFlag(FLAGS_inter_cost).empty()) {
    return absl::InvalidArgumentError(
        "--inter-cost: give C, the ticks of an inter-cluster transfer (>= 1)");
  }
  absl::StatusOr<uint64_t> cost =
      ParseUint(absl::GetFlag(FLAGS_inter_cost), "inter-cost");
  if (!cost.ok()) return cost.status();
  if (*cost == 0 || *cost > HETCAST_MAX_COST) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--inter-cost: %d is out of range; C must be in 1 .. 2^40", *cost));
  }
  auto per_cluster = [&](const std::string& text, const char* flag,
                         std::vector<uint64_t>* out) -> absl::Status {
    if (text.empty()) return absl::OkStatus();
    absl::StatusOr<std::vector<uint64_t>> list = ParseUintList(text, flag);
    if (!list.ok()) return list.status();
    if (list->size() > sizes->size()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--%s has %d entries but there are %d clusters", flag,
                          list->size(), sizes->size()));
    }
    for (size_t c = 0; c < list->size(); ++c) {
      if ((*list)[c] > (*sizes)[c]) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "--%s: %d for cluster %d, which has only %d processors", flag,
            (*list)[c], c, (*sizes)[c]));
      }
    }
    *out = *list;
    return absl::OkStatus();
  };
  std::vector<uint64_t> degrees, members;
  absl::Status status =
      per_cluster(absl::GetFlag(FLAGS_degrees), "degrees", &degrees);
  if (!status.ok()) return status;
  status = per_cluster(absl::GetFlag(FLAGS_members), "members", &members);
  if (!status.ok()) return status;
  for (size_t c = 0; c < degrees.size(); ++c) {
    if (degrees[c] == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--degrees: cluster %d has degree 0; each must be at least 1", c));
    }
  }
  uint64_t matching_bound = 0;
  if (!absl::GetFlag(FLAGS_matching).empty()) {
    absl::StatusOr<uint64_t> matching =
        ParseUint(absl::GetFlag(FLAGS_matching), "matching");
    if (!matching.ok()) return matching.status();
    if (*matching == 0) {
      return absl::InvalidArgumentError(
          "--matching: B must be at least 1 (leave it out for no bound)");
    }
    matching_bound = *matching;
  }
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
  if (!algorithm.empty() && algorithm != "lcf" && algorithm != "flat" &&
      algorithm != "interleaved" && algorithm != "bounded-degree" &&
      algorithm != "bounded-size") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--algorithm: '%s' is not one of lcf, flat, interleaved, "
        "bounded-degree, bounded-size",
        algorithm));
  }
  if (algorithm == "bounded-degree" && degrees.empty()) {
    return absl::InvalidArgumentError(
        "--algorithm bounded-degree needs --degrees");
  }
  if (algorithm == "bounded-size" && matching_bound == 0) {
    return absl::InvalidArgumentError(
        "--algorithm bounded-size needs --matching");
  }
  if (!degrees.empty() && degrees.size() != sizes->size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--degrees has %d entries; give one per cluster (%d)",
                        degrees.size(), sizes->size()));
  }
  if (!members.empty()) members.resize(sizes->size(), 0);
  // bounded-degree = LCF on I(d_i, d_i) (§5.1); bounded-size = LCF(B) then
  // B copies per C ticks (§5.3): LCF with the bound set. Interleaved LCF is
  // defined for the postal model (§6.2): it implies it. Which combinations
  // can be planned is the runtime's to say.
  const hetcast_algorithm pin =
      algorithm == "flat"          ? HETCAST_ALGORITHM_FLAT_BINOMIAL
      : algorithm == "interleaved" ? HETCAST_ALGORITHM_INTERLEAVED_LCF
      : algorithm.empty()          ? HETCAST_ALGORITHM_NONE
                                   : HETCAST_ALGORITHM_LCF;
  hetcast_cluster_request cluster = {};
  cluster.sizes = sizes->data();
  cluster.cluster_count = sizes->size();
  cluster.inter_cost = *cost;
  cluster.degrees = degrees.empty() ? nullptr : degrees.data();
  cluster.matching = matching_bound;
  cluster.postal =
      absl::GetFlag(FLAGS_postal) || pin == HETCAST_ALGORITHM_INTERLEAVED_LCF;
  cluster.members = members.empty() ? nullptr : members.data();
  plan.multicast = !members.empty();
  hetcast_request request = {};
  request.model = HETCAST_MODEL_CLUSTER;
  request.algorithm = pin;
  request.cluster = &cluster;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  plan.answer = planned->info.answer;
  plan.nodes = std::move(planned->nodes);
  plan.transfers = std::move(planned->transfers);
  return plan;
}

// `hetcast inspect`: what a table holds and how FNF compares with it.
absl::StatusOr<std::string> Inspect(const std::string& spec) {
  absl::StatusOr<LoadedTable> table = LoadTable(spec, "");
  if (!table.ok()) return table.status();
  const size_t profiles = hetcast_table_profile_count(&table->table);
  uint64_t total_states = 0;
  std::string out;
  for (size_t p = 0; p < profiles; ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table->table, p, &profile);
    hetcast_profile_info info;
    hetcast_profile_get_info(&profile, &info);
    total_states += info.entry_count;
  }
  absl::StrAppendFormat(
      &out,
      "table: %s\n  %d bytes, schema version %d, %d profile(s), %d states, "
      "%.2f bytes per state (whole file)\n",
      spec, table->size, hetcast_table_schema_version(&table->table), profiles,
      total_states,
      static_cast<double>(table->size) / static_cast<double>(total_states));
  for (size_t p = 0; p < profiles; ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table->table, p, &profile);
    hetcast_profile_info info;
    hetcast_profile_get_info(&profile, &info);
    const std::vector<uint64_t> costs = ProfileColumn(profile, false);
    const std::vector<uint64_t> limits = ProfileColumn(profile, true);
    const bool ptas = info.method == HETCAST_METHOD_PTAS;
    absl::StrAppendFormat(
        &out, "profile '%s': %s\n", info.name,
        info.exact ? std::string("exact (Libeskind-Hadas Lemma 5 DP)")
        : ptas     ? absl::StrFormat(
                         "approximate: PTAS of Khuller & Kim, eps %d/%d, every "
                             "answer within %s x optimal",
                         info.epsilon_numerator, info.epsilon_denominator,
                         FactorText(
                             {info.epsilon_numerator, info.epsilon_denominator}))
               : std::string("approximate"));
    for (size_t j = 0; j < info.type_count; ++j) {
      const char* name = "";
      hetcast_profile_type(&profile, j, &name, nullptr, nullptr);
      absl::StrAppendFormat(&out, "  type %d '%s': cost %d, limit %d\n", j,
                            name, costs[j], limits[j]);
    }
    std::vector<std::string> dims = {absl::StrCat(info.type_count)};
    for (uint64_t limit : limits) dims.push_back(absl::StrCat(limit + 1));
    absl::StrAppendFormat(
        &out,
        "  dimensions: %s (source type x count of each type)\n"
        "  states: %d (%d source types x %d count vectors)\n"
        "  entries: %d bytes each%s, %.2f bytes per state in the profile\n",
        absl::StrJoin(dims, " x "), info.entry_count, info.type_count,
        info.state_count, info.entry_bytes,
        ptas ? absl::StrFormat(" + %d bytes of stored schedules and bounds",
                               info.schedule_bytes)
             : std::string(),
        static_cast<double>(info.entry_bytes) +
            static_cast<double>(info.schedule_bytes) /
                static_cast<double>(info.entry_count));
    if (!absl::GetFlag(FLAGS_fnf_stats)) continue;
    // FNF against the table on every state.
    uint64_t states = 0, suboptimal = 0, max_excess = 0;
    double max_ratio = 1.0, ratio_sum = 0.0;
    std::vector<uint64_t> counts(info.type_count, 0), worst;
    uint32_t worst_source = 0;
    std::vector<hetcast_node> nodes;
    std::vector<unsigned char> workspace;
    while (true) {
      for (uint32_t s = 0; s < info.type_count; ++s) {
        hetcast_node_request request = {costs.data(), info.type_count, s,
                                        counts.data(), nullptr};
        uint64_t optimum = 0;
        hetcast_profile_completion(&profile, &request, &optimum);
        hetcast_node_sizes sizes;
        hetcast_node_plan_sizes(&request, &sizes);
        nodes.resize(sizes.node_count);
        workspace.resize(sizes.workspace_bytes);
        hetcast_answer answer;
        if (hetcast_node_plan_fnf(&request, workspace.data(), workspace.size(),
                                  nodes.data(), nodes.size(), nullptr, 0,
                                  &answer) != HETCAST_OK) {
          return absl::InternalError("FNF failed on a table state");
        }
        ++states;
        if (answer.completion_time > optimum) {
          ++suboptimal;
          const double ratio = static_cast<double>(answer.completion_time) /
                               static_cast<double>(optimum);
          ratio_sum += ratio;
          if (answer.completion_time - optimum > max_excess) {
            max_excess = answer.completion_time - optimum;
          }
          if (ratio > max_ratio) {
            max_ratio = ratio;
            worst = counts;
            worst_source = s;
          }
        }
      }
      size_t j = 0;
      while (j < counts.size() && counts[j] == limits[j]) counts[j++] = 0;
      if (j == counts.size()) break;
      ++counts[j];
    }
    const char* versus = info.exact ? "optimal" : "table";
    absl::StrAppendFormat(&out,
                          "  FNF vs %s: FNF is %s on %d of %d states (%.2f%%)",
                          versus, info.exact ? "suboptimal" : "worse",
                          suboptimal, states, 100.0 * suboptimal / states);
    if (suboptimal > 0) {
      absl::StrAppendFormat(
          &out,
          "; by up to %d ticks; ratio FNF/%s: mean %.4f over those "
          "states, max %.4f (source type %d, counts %s)",
          max_excess, versus, ratio_sum / suboptimal, max_ratio, worst_source,
          absl::StrJoin(worst, ","));
    }
    out += "\n";
  }
  return out;
}

int Fail(const std::string& command, const absl::Status& status) {
  std::fprintf(stderr, "hetcast %s: %s\n", command.c_str(),
               std::string(status.message()).c_str());
  return kUsageError;
}

int Main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(
        "hetcast: missing command; usage: hetcast plan|gen|inspect "
        "... (try 'hetcast help')\n",
        stderr);
    return kUsageError;
  }
  if (args[0] == "help" || args[0] == "--help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const std::string command = args[0];
  if (command != "plan" && command != "gen" && command != "inspect") {
    std::fprintf(stderr, "hetcast: unknown command '%s'; try 'hetcast help'\n",
                 command.c_str());
    return kUsageError;
  }
  std::vector<std::string> positional;
  absl::Status parsed = ApplyFlags(
      std::vector<std::string>(args.begin() + 1, args.end()), &positional);
  if (!parsed.ok()) return Fail(command, parsed);
  std::string out;
  if (command == "inspect") {
    std::string spec = absl::GetFlag(FLAGS_table);
    if (positional.size() == 1 && spec.empty()) {
      spec = positional[0];
    } else if (!positional.empty() || spec.empty()) {
      return Fail(command, absl::InvalidArgumentError(
                               "give exactly one table: hetcast inspect "
                               "T.hct (or @default)"));
    }
    absl::StatusOr<std::string> report = Inspect(spec);
    if (!report.ok()) return Fail(command, report.status());
    out = *report;
  } else {
    if (!positional.empty()) {
      return Fail(command, absl::InvalidArgumentError(absl::StrFormat(
                               "unexpected argument '%s'", positional[0])));
    }
    if (command == "gen") {
      if (absl::GetFlag(FLAGS_out).empty()) {
        return Fail(command,
                    absl::InvalidArgumentError("--out: give the table file "
                                               "to write"));
      }
      std::vector<std::string> paths =
          absl::StrSplit(absl::GetFlag(FLAGS_profile), ',', absl::SkipEmpty());
      GenOptions options;
      options.threads = absl::GetFlag(FLAGS_threads);
      options.method = absl::GetFlag(FLAGS_method);
      options.epsilon = absl::GetFlag(FLAGS_epsilon);
      absl::Status status =
          GenerateTableFile(paths, absl::GetFlag(FLAGS_out), options);
      if (!status.ok()) return Fail(command, status);
      return 0;
    }
    if (absl::GetFlag(FLAGS_format) != "text" &&
        absl::GetFlag(FLAGS_format) != "json") {
      return Fail(command, absl::InvalidArgumentError(absl::StrFormat(
                               "--format: '%s' is not one of text, json",
                               absl::GetFlag(FLAGS_format))));
    }
    const std::string model = absl::GetFlag(FLAGS_model);
    if (model != "node" && model != "cluster" && model != "nonblocking") {
      return Fail(command, absl::InvalidArgumentError(absl::StrFormat(
                               "--model: '%s' is not one of node, cluster, "
                               "nonblocking",
                               model)));
    }
    if (model == "nonblocking") {
      if (absl::GetFlag(FLAGS_input).empty()) {
        return Fail(command, absl::InvalidArgumentError(
                                 "--input: give the request JSON file"));
      }
      absl::StatusOr<std::string> json =
          ReadFileBytes(absl::GetFlag(FLAGS_input));
      if (!json.ok()) return Fail(command, json.status());
      absl::StatusOr<NbRequest> request = ParseNbRequest(*json);
      if (!request.ok()) return Fail(command, request.status());
      absl::StatusOr<std::string> rendered =
          PlanNbRequest(*request, absl::GetFlag(FLAGS_algorithm),
                        absl::GetFlag(FLAGS_format));
      if (!rendered.ok()) return Fail(command, rendered.status());
      std::fwrite(rendered->data(), 1, rendered->size(), stdout);
      return std::fflush(stdout) == 0 ? 0 : 1;
    }
    absl::StatusOr<NodePlan> plan =
        model == "cluster" ? PlanClusterFromFlags() : PlanFromFlags();
    if (!plan.ok()) return Fail(command, plan.status());
    out = absl::GetFlag(FLAGS_format) == "json" ? RenderJson(*plan)
                                                : RenderText(*plan);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::Main(argc, argv); }
