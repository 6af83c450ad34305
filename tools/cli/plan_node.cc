// plan_node.cc: `hetcast plan --model node`: the request's fields (flags
// or file) -> hetcast_node_request -> the runtime planner (table or FNF) or
// the PTAS -> NodePlan.
#include "tools/cli/plan_node.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/algorithms.h"
#include "tools/cli/hosts.h"
#include "tools/cli/model_request.h"
#include "tools/cli/table_file.h"
#include "tools/cli/type_names.h"
#include "tools/gen/gen_command.h"
#include "tools/gen/ptas.h"
#include "tools/gen/ptas_flags.h"
#include "tools/plan.h"

namespace hetcast {
namespace {

// The relay search makes one FNF pass per relay count over every node; past
// this many node-steps the CLI refuses rather than run for hours.
constexpr uint64_t kCliMaxNodeSteps = 2'000'000'000;

// The request the fields describe, with the arrays hetcast_node_request
// points into. The type costs live in NodePlan::costs.
struct NodeInput {
  const NodeFields* fields = nullptr;
  bool per_node = false;  // --node-costs gave `typed`.
  TypedNodes typed;
  LoadedTable table;  // --table; its name is empty without one.
  hetcast_profile profile = {};
  uint32_t source_type = 0;
  std::vector<uint64_t> counts;
  std::vector<uint64_t> relays;
  NodeFields resolved;  // `fields` with the names resolved (ResolveNames).
  std::optional<HostList> hosts;  // --hosts.
};

// --algorithm names a node-model algorithm and agrees with the table.
absl::Status CheckAlgorithmFlag(const std::string& algorithm,
                                const FieldNames& name, bool use_table) {
  if (!algorithm.empty() && algorithm != "fnf" && algorithm != "ptas" &&
      algorithm != "table") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--algorithm: '%s' is not one of fnf, table, ptas for --model node",
        algorithm));
  }
  if (algorithm == "table" && !use_table) {
    return absl::InvalidArgumentError(
        absl::StrCat("--algorithm table needs ", name("table")));
  }
  if (use_table && !algorithm.empty() && algorithm != "table") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s answers from the table; leave out --algorithm %s (or say "
        "--algorithm table)",
        name("table"), algorithm));
  }
  return absl::OkStatus();
}

// node_costs (the source first, then every destination) as one type per
// distinct cost. It replaces costs, counts, source_type and table.
absl::StatusOr<TypedNodes> TypesFromNodeCostsField(const NodeFields& f) {
  const FieldNames& name = f.name;
  if (!f.table.empty() || f.costs.has_value() || f.counts.has_value() ||
      f.source_type.value_or(0) != 0 || !f.source_type_name.empty() ||
      f.counts_by_name.given()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s lists every node (the source first); leave out %s, %s, %s and %s",
        name("node-costs"), name("costs"), name("counts"), name("source-type"),
        name("table")));
  }
  absl::StatusOr<std::vector<uint64_t>> list =
      RequiredList(f.node_costs, name, "node-costs");
  if (!list.ok()) return list.status();
  if (list->size() > kCliMaxNodes) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: %d nodes; the CLI plans at most %d",
                        name("node-costs"), list->size(), kCliMaxNodes));
  }
  for (size_t i = 0; i < list->size(); ++i) {
    if ((*list)[i] == 0 || (*list)[i] == HETCAST_NEVER) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: node %d has cost %d; every cost must be in 1 .. 2^64-2",
          name("node-costs"), i, (*list)[i]));
    }
  }
  return TypesFromNodeCosts(*list);
}

// With a table: the selected profile, whose costs the request takes; the
// costs, when given too, must be the same.
absl::Status CostsFromTable(NodeInput* in, std::vector<uint64_t>* costs) {
  const NodeFields& f = *in->fields;
  const std::string prefix = f.name("table") + ": ";
  absl::StatusOr<LoadedTable> table = LoadTable(f.table, prefix.c_str());
  if (!table.ok()) return table.status();
  in->table = *std::move(table);
  absl::StatusOr<hetcast_profile> selected =
      SelectProfile(in->table, f.profile);
  if (!selected.ok()) return selected.status();
  in->profile = *selected;
  *costs = ProfileCosts(in->profile);
  if (!f.costs.has_value()) return absl::OkStatus();
  if (*f.costs != *costs) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s %s do not match profile '%s' of '%s', whose costs are %s",
        f.name("costs"), absl::StrJoin(*f.costs, ","), ProfileName(in->profile),
        in->table.name, absl::StrJoin(*costs, ",")));
  }
  return absl::OkStatus();
}

// Without a table: the costs (their values are the runtime's to check, or
// the PTAS's), unless node_costs already gave the types.
absl::Status CostsWithoutTable(const NodeInput& in,
                               std::vector<uint64_t>* costs) {
  const FieldNames& name = in.fields->name;
  if (!in.fields->profile.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(name("profile"), " needs ", name("table")));
  }
  if (in.per_node) return absl::OkStatus();
  absl::StatusOr<std::vector<uint64_t>> given =
      RequiredList(in.fields->costs, name, "costs");
  if (!given.ok()) return given.status();
  *costs = *std::move(given);
  return absl::OkStatus();
}

// --hosts FILE --source HOST: the source type and the destinations.
absl::Status FieldsFromHosts(const std::vector<std::string>& type_names,
                             NodeInput* in) {
  const NodeFields& f = *in->fields;
  if (f.table.empty()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s names each host's type, and only a table's profile names types: "
        "give %s",
        f.name("hosts"), f.name("table")));
  }
  if (f.counts || f.counts_by_name.given() || f.source_type ||
      !f.source_type_name.empty() || f.relays || f.relays_by_name.given()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s lists every node, the source named by %s; leave out %s, %s and "
        "%s",
        f.name("hosts"), f.name("source"), f.name("counts"),
        f.name("source-type"), f.name("relays")));
  }
  HostKinds kinds;
  kinds.names = type_names;
  absl::StatusOr<HostList> hosts =
      ReadHosts(f.hosts, f.name("hosts"), f.source, kinds);
  if (!hosts.ok()) return hosts.status();
  in->resolved.source_type = hosts->types[hosts->source];
  in->resolved.counts = HostCounts(*hosts, type_names.size());
  in->hosts = *std::move(hosts);
  return absl::OkStatus();
}

// A field that takes types by index or by name: the flag takes both
// (--counts 3,5 or --counts gpu=3,cpu=5); a request file has a field for
// each ("counts", "counts_by_name").
struct TypeField {
  const char* flag;
  const char* by_name;  // In a request file.
};
constexpr TypeField kSourceTypeField = {"source-type", "source_type_name"};
constexpr TypeField kCountsField = {"counts", "counts_by_name"};
constexpr TypeField kRelaysField = {"relays", "relays_by_name"};

// The field by name as messages name it.
std::string ByNameField(const FieldNames& name, const TypeField& field) {
  return name.from_file ? field.by_name : name(field.flag);
}

// source_type, counts and relays given by name, as indices and counts in
// `out`; a field given both ways (a request file) is refused.
absl::Status TypesByName(const std::vector<std::string>& type_names,
                         const NodeFields& f, NodeFields* out) {
  const std::pair<TypeField, bool> both[] = {
      {kSourceTypeField,
       f.source_type.has_value() && !f.source_type_name.empty()},
      {kCountsField, f.counts.has_value() && f.counts_by_name.given()},
      {kRelaysField, f.relays.has_value() && f.relays_by_name.given()}};
  for (const auto& [field, given_twice] : both) {
    if (!given_twice) continue;
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s gives the types by index and %s by name; give one of them",
        f.name(field.flag), field.by_name));
  }
  if (!f.source_type_name.empty()) {
    absl::StatusOr<uint32_t> type = TypeByName(
        f.source_type_name, type_names, ByNameField(f.name, kSourceTypeField));
    if (!type.ok()) return type.status();
    out->source_type = *type;
  }
  const std::tuple<TypeField, const NamedCounts*,
                   std::optional<std::vector<uint64_t>>*>
      lists[] = {{kCountsField, &f.counts_by_name, &out->counts},
                 {kRelaysField, &f.relays_by_name, &out->relays}};
  for (const auto& [field, named, list] : lists) {
    if (!named->given()) continue;
    absl::StatusOr<std::vector<uint64_t>> counts =
        CountsByName(*named, type_names, ByNameField(f.name, field));
    if (!counts.ok()) return counts.status();
    *list = *std::move(counts);
  }
  return absl::OkStatus();
}

// The fields that name types (or hosts), as the indices and counts they
// stand for: in->resolved, which in->fields then points to.
absl::Status ResolveNames(const std::vector<std::string>& type_names,
                          NodeInput* in) {
  const NodeFields& f = *in->fields;
  in->resolved = f;
  NodeFields& out = in->resolved;
  if (!f.hosts.empty()) {
    absl::Status status = FieldsFromHosts(type_names, in);
    in->fields = &in->resolved;
    return status;
  }
  if (!f.source.empty()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s names the sending host of %s; give %s too",
                        f.name("source"), f.name("hosts"), f.name("hosts")));
  }
  absl::Status status = TypesByName(type_names, f, &out);
  if (!status.ok()) return status;
  in->fields = &in->resolved;
  return absl::OkStatus();
}

// The source type, the destinations and the relays of each of the `k`
// types (whose costs came from `costs_source`).
absl::Status ShapeFromFields(size_t k, const std::string& costs_source,
                             NodeInput* in) {
  const NodeFields& f = *in->fields;
  const uint64_t source_type =
      in->per_node ? in->typed.source_type : f.source_type.value_or(0);
  // Its range is the runtime's (or the PTAS's) to check; past 32 bits it
  // cannot even be passed on.
  if (source_type > UINT32_MAX) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: %d is not a type index", f.name("source-type"), source_type));
  }
  in->source_type = static_cast<uint32_t>(source_type);
  absl::StatusOr<std::vector<uint64_t>> counts =
      in->per_node ? absl::StatusOr<std::vector<uint64_t>>(in->typed.counts)
                   : RequiredList(f.counts, f.name, "counts");
  if (!counts.ok()) return counts.status();
  if (counts->size() != k) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s has %d entries but %s has %d; give one per type",
                        f.name("counts"), counts->size(), costs_source, k));
  }
  in->counts = *std::move(counts);
  if (!in->per_node && in->source_type >= k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: %d is out of range: %s has %d type%s, so the source type is 0 "
        "to %d",
        f.name("source-type"), in->source_type, costs_source, k,
        k == 1 ? "" : "s", k - 1));
  }
  in->relays.assign(k, 0);
  if (!f.relays.has_value()) return absl::OkStatus();
  if (f.relays->size() != k) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s has %d entries but %s has %d; give one per type",
                        f.name("relays"), f.relays->size(), costs_source, k));
  }
  in->relays = *f.relays;
  return absl::OkStatus();
}

// The source, the destinations and the relays fit the CLI's node limit.
absl::Status CheckNodeTotal(const NodeInput& in) {
  const FieldNames& name = in.fields->name;
  const std::string fields = name("counts") + "/" + name("relays");
  uint64_t total = 1;
  for (size_t j = 0; j < in.counts.size(); ++j) {
    if (__builtin_add_overflow(total, in.counts[j], &total) ||
        __builtin_add_overflow(total, in.relays[j], &total)) {
      return absl::InvalidArgumentError(absl::StrCat(
          fields, ": the total number of nodes overflows 64 bits"));
    }
  }
  if (total > kCliMaxNodes) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: %d nodes in total; the CLI plans at most %d",
                        fields, total, kCliMaxNodes));
  }
  return absl::OkStatus();
}

// The relay search makes one FNF pass per relay count; refuse rather than
// run for hours.
absl::Status CheckRelaySearch(const FieldNames& name,
                              const hetcast_sizes& sizes) {
  if (sizes.fnf_runs > 1 &&
      sizes.fnf_runs > kCliMaxNodeSteps / sizes.node_count) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: trying every relay count needs %d FNF passes over %d "
        "nodes; the CLI allows %d node-steps, give fewer relays or "
        "destinations",
        name("relays"), sizes.fnf_runs, sizes.node_count, kCliMaxNodeSteps));
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
    const std::vector<uint64_t> limits = ProfileLimits(*profile);
    const std::vector<std::string> names = ProfileTypeNames(*profile);
    std::vector<std::string> covered;
    for (size_t j = 0; j < limits.size(); ++j) {
      covered.push_back(absl::StrCat(limits[j], " ", names[j]));
    }
    plan->note = absl::StrFormat(
        "outside the table: profile '%s' covers at most %s destinations "
        "(relays included); planned with FNF instead",
        ProfileName(*profile), absl::StrJoin(covered, ", "));
    return;
  }
  if (info.answer.algorithm != HETCAST_ALGORITHM_TABLE) return;
  const std::string name = ProfileName(*profile);
  plan->profile = name;
  hetcast_profile_info table_info;
  hetcast_profile_get_info(profile, &table_info, nullptr);
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
                                  const NodeInput& in, hetcast_algorithm pin,
                                  NodePlan plan) {
  const hetcast_profile* profile =
      in.table.name.empty() ? nullptr : &in.profile;
  const FieldNames& name = in.fields->name;
  hetcast_request r = {};
  r.model = HETCAST_MODEL_NODE;
  r.algorithm = pin;
  r.node = &request;
  r.profiles = profile;
  r.profile_count = profile == nullptr ? 0 : 1;
  absl::StatusOr<Planned> planned =
      PlanRequest(r, [&name](const hetcast_sizes& sizes) {
        return CheckRelaySearch(name, sizes);
      });
  if (!planned.ok()) return planned.status();
  plan.answer = planned->info.answer;
  plan.nodes = std::move(planned->nodes);
  plan.transfers = std::move(planned->transfers);
  DescribeChoice(planned->info, profile, in.table.name, &plan);
  plan.explain_input = FromPlanInfo(planned->info);
  if (!plan.algorithm_label.empty()) {
    plan.explain_input.algorithm = plan.algorithm_label;
  }
  plan.explain_input.profile = plan.profile;
  return plan;
}

// The PTAS (tools/gen/ptas.h), as `plan --algorithm ptas`.
absl::StatusOr<NodePlan> PlanWithPtas(const hetcast_node_request& request,
                                      const NodeOptions& options,
                                      NodePlan plan) {
  absl::StatusOr<Epsilon> eps = ParseEpsilon(options.epsilon);
  if (!eps.ok()) return eps.status();
  PtasRequest ptas;
  ptas.costs = plan.costs;
  ptas.source_type = request.source_type;
  ptas.counts.assign(request.destination_counts,
                     request.destination_counts + request.type_count);
  ptas.relays.assign(request.relay_counts,
                     request.relay_counts + request.type_count);
  ptas.epsilon = *eps;
  const std::string& search = options.search;
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
  plan.epsilon = options.epsilon;
  plan.search = search;
  plan.guarantee = std::stod(factor);
  plan.ptas_completion = result->ptas_completion;
  plan.fnf_completion = result->fnf_completion;
  // The PTAS runs here, not in the planner: its explanation's fields.
  hetcast_plan_info& info = plan.explain_input.info;
  info.answer = result->answer;
  info.model = HETCAST_MODEL_NODE;
  info.choice = HETCAST_CHOICE_PINNED;
  info.guarantee_source =
      internal::FindNodeAlgorithm(HETCAST_ALGORITHM_PTAS)->guarantee.source;
  plan.explain_input.algorithm = fnf_won ? "ptas-fnf" : "ptas";
  plan.explain_input.decimal_factor = factor;
  plan.note = absl::StrFormat(
      "PTAS (Khuller & Kim §6-7), eps %s: within %s x optimal; its schedule "
      "%d, FNF's %d%s",
      options.epsilon, factor, result->ptas_completion, result->fnf_completion,
      fnf_won ? " (FNF's is better and is shown)" : "");
  return plan;
}

// The plan labelled by host, and its request in words for --explain, when
// the types have names.
absl::StatusOr<NodePlan> Named(const NodeInput& in,
                               absl::StatusOr<NodePlan> plan) {
  if (!plan.ok()) return plan;
  if (in.hosts) plan->host_names = HostsById(*in.hosts, plan->nodes);
  if (!plan->type_names.empty()) {
    plan->explain_input.request = RequestWords(*plan, /*brief=*/true);
  }
  return plan;
}

}  // namespace

absl::StatusOr<NodePlan> PlanNodeRequest(const NodeFields& fields,
                                         const NodeOptions& options) {
  const std::string& algorithm = options.algorithm;
  const bool use_table = !fields.table.empty();
  absl::Status status = CheckAlgorithmFlag(algorithm, fields.name, use_table);
  if (!status.ok()) return status;
  // The types: from node_costs, the table's profile or the costs.
  NodeInput in;
  in.fields = &fields;
  NodePlan plan;
  if (fields.node_costs.has_value()) {
    absl::StatusOr<TypedNodes> typed = TypesFromNodeCostsField(fields);
    if (!typed.ok()) return typed.status();
    in.per_node = true;
    in.typed = *std::move(typed);
    plan.costs = in.typed.costs;
  }
  status = use_table ? CostsFromTable(&in, &plan.costs)
                     : CostsWithoutTable(in, &plan.costs);
  if (!status.ok()) return status;
  // Types and hosts given by name.
  if (use_table) plan.type_names = ProfileTypeNames(in.profile);
  status = ResolveNames(plan.type_names, &in);
  if (!status.ok()) return status;
  // How many nodes of each type.
  status = ShapeFromFields(
      plan.costs.size(), use_table ? "the profile" : fields.name("costs"), &in);
  if (!status.ok()) return status;
  status = CheckNodeTotal(in);
  if (!status.ok()) return status;
  // Planning.
  const hetcast_node_request request = {plan.costs.data(), plan.costs.size(),
                                        in.source_type, in.counts.data(),
                                        in.relays.data()};
  if (algorithm == "ptas") {
    if (options.certifier != nullptr) {
      return absl::InvalidArgumentError(
          "--certify improves the runtime's answer (table or FNF); leave out "
          "--algorithm ptas");
    }
    return Named(in, PlanWithPtas(request, options, std::move(plan)));
  }
  if (options.certifier != nullptr) {
    status = options.certifier->check(request, fields.name);
    if (!status.ok()) return status;
  }
  const hetcast_algorithm pin = algorithm == "table" ? HETCAST_ALGORITHM_TABLE
                                : algorithm == "fnf" ? HETCAST_ALGORITHM_FNF
                                                     : HETCAST_ALGORITHM_NONE;
  absl::StatusOr<NodePlan> planned =
      PlanNode(request, in, pin, std::move(plan));
  if (planned.ok() && options.certifier != nullptr) {
    planned = options.certifier->improve(request, *std::move(planned));
  }
  return Named(in, std::move(planned));
}

}  // namespace hetcast
