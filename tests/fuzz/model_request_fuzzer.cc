// model_request_fuzzer.cc: libFuzzer target for the node and cluster
// request files of `hetcast plan --input` (tables/model_request.fbs; tests
// only).
//
// The input is parsed as both a node and a cluster request
// (tools/cli/model_request.h): the parsers must return, never crash. A
// request a parser accepts (with at most kMaxPlannedNodes nodes, no table
// but the embedded one: the target reads no file) is planned the CLI's way
// (PlanNodeRequest / PlanClusterRequest, with the --algorithm the input's
// length selects) and, independently, with a direct hetcast_plan() call on
// the C request the target builds from the same fields:
//  - the CLI answers => the direct call answers the same (answer, nodes,
//    transfers), and the plan passes its model's evaluator (CheckNodePlan,
//    CheckClusterPlan);
//  - the direct call refuses => the CLI refuses too, with the runtime's
//    reason in its message (or one of its own naming a field, when its
//    own check came first), and hetcast_plan writes nothing (canaries);
//  - the CLI refuses what the runtime accepts (a rule of the CLI's own:
//    list lengths, combinations, its limits) => its one-line message
//    names a field.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/cli/model_request.h"
#include "tools/cli/plan_cluster.h"
#include "tools/cli/plan_node.h"
#include "tools/cli/table_file.h"
#include "tools/gen/ptas_flags.h"

namespace {

// Larger requests are parsed only: the CLI plans up to 10^7 nodes, which
// takes seconds per input. Relay counts are tried one by one (one FNF pass
// each), so they are bounded too.
constexpr uint64_t kMaxPlannedNodes = 4096;
constexpr uint64_t kMaxPlannedRelays = 64;

// The C request the fields describe, built here from hetcast.h's rules.
struct Direct {
  std::vector<uint64_t> a, b, c;  // Node: costs, counts, relays.
  hetcast_node_request node = {};
  hetcast_cluster_request cluster = {};
  hetcast::LoadedTable table;
  hetcast_profile profile = {};
  hetcast_request request = {};
};

// Sum of `lists` entries, or nullopt past kMaxPlannedNodes.
std::optional<uint64_t> Total(
    const std::vector<const std::vector<uint64_t>*>& lists) {
  uint64_t total = 1;
  for (const std::vector<uint64_t>* list : lists) {
    for (uint64_t x : *list) {
      if (x > kMaxPlannedNodes || (total += x) > kMaxPlannedNodes) {
        return std::nullopt;
      }
    }
  }
  return total;
}

void CheckNamesAField(const absl::Status& cli);

// A runtime refusal: hetcast_plan refuses the same way and writes nothing;
// the CLI refused, with the runtime's reason or (a check of its own came
// first) naming a field.
void CheckRefused(Direct& d, hetcast_status sized, const char* error,
                  const absl::Status& cli) {
  FUZZ_CHECK(!cli.ok());
  FUZZ_CHECK(error != nullptr && error[0] != '\0');
  hetcast_fuzz::CheckPlanRefusedUntouched(d.request, sized);
  if (std::string(cli.message()).find(error) == std::string::npos) {
    CheckNamesAField(cli);
  }
}

// The CLI's message names one of the request's fields (or the flag).
void CheckNamesAField(const absl::Status& cli) {
  FUZZ_CHECK(!cli.message().empty());
  FUZZ_CHECK(cli.message().find('\n') == absl::string_view::npos);
  static const char* const kFields[] = {
      "costs",    "counts",  "relays",        "source_type", "node_costs",
      "table",    "profile", "cluster_sizes", "inter_cost",  "degrees",
      "matching", "members", "cluster_names", "--algorithm"};
  for (const char* field : kFields) {
    if (cli.message().find(field) != absl::string_view::npos) return;
  }
  std::fprintf(stderr, "no field named: %s\n",
               std::string(cli.message()).c_str());
  FUZZ_CHECK(false);
}

// The direct call next to the CLI's answer (or refusal).
void Compare(Direct& d, const absl::StatusOr<hetcast::NodePlan>& cli,
             bool cluster) {
  hetcast_sizes sizes;
  const char* error = nullptr;
  const hetcast_status sized = hetcast_plan_sizes(&d.request, &sizes, &error);
  if (sized != HETCAST_OK) return CheckRefused(d, sized, error, cli.status());
  if (!cli.ok()) return CheckNamesAField(cli.status());
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  std::vector<hetcast_transfer> transfers(sizes.transfer_count);
  hetcast_plan_output output = {};
  output.nodes = nodes.data();
  output.node_capacity = nodes.size();
  output.transfers = transfers.data();
  output.transfer_capacity = transfers.size();
  hetcast_plan_info info;
  const hetcast_status planned = hetcast_plan(
      &d.request, workspace.data(), workspace.size(), &output, &info, &error);
  FUZZ_CHECK_EQ(planned, HETCAST_OK);
  const hetcast_answer& a = info.answer;
  const hetcast_answer& b = cli->answer;
  FUZZ_CHECK_EQ(a.completion_time, b.completion_time);
  FUZZ_CHECK_EQ(a.lower_bound, b.lower_bound);
  FUZZ_CHECK_EQ(a.algorithm, b.algorithm);
  FUZZ_CHECK_EQ(a.node_count, cli->nodes.size());
  FUZZ_CHECK_EQ(a.transfer_count, cli->transfers.size());
  for (size_t v = 0; v < a.node_count; ++v) {
    FUZZ_CHECK(hetcast_fuzz::SameNode(nodes[v], cli->nodes[v]));
  }
  for (size_t i = 0; i < a.transfer_count; ++i) {
    FUZZ_CHECK(hetcast_fuzz::SameTransfer(transfers[i], cli->transfers[i]));
  }
  if (cluster) {
    hetcast_fuzz::CheckClusterPlan(d.cluster, b, cli->nodes.data(),
                                   cli->transfers.data());
  } else {
    hetcast_fuzz::CheckNodePlan(d.node, b, cli->nodes.data(),
                                cli->transfers.data(), false);
  }
}

// What the oracle makes of a node request file.
enum class Built {
  kSkipped,  // Not planned here (a table file, too many nodes, ...).
  kBuilt,    // `Direct` holds the request.
  kRefused,  // A type name the profile lacks, given twice, or a field
             // given both by index and by name: the CLI must refuse it.
};

// The request's type fields with the names looked up (by the oracle, in
// the profile's own type list): source type, counts and relays.
struct Shape {
  std::optional<uint64_t> source_type;
  std::optional<std::vector<uint64_t>> counts, relays;
};

// The count of each of `names` in `entries`; false on an unknown name or a
// name given twice.
bool Lookup(const std::vector<hetcast::NamedCount>& entries,
            const std::vector<std::string>& names,
            std::vector<uint64_t>* counts) {
  counts->assign(names.size(), 0);
  std::vector<bool> seen(names.size(), false);
  for (const hetcast::NamedCount& entry : entries) {
    size_t j = 0;
    while (j < names.size() && names[j] != entry.type) ++j;
    if (j == names.size() || seen[j]) return false;
    seen[j] = true;
    (*counts)[j] = entry.count;
  }
  return true;
}

// `f`'s shape, the fields by name resolved against `names` (the profile's;
// empty without a table); false where the CLI must refuse.
bool ShapeOf(const hetcast::NodeFields& f,
             const std::vector<std::string>& names, Shape* shape) {
  shape->source_type = f.source_type;
  shape->counts = f.counts;
  shape->relays = f.relays;
  if (!f.source_type_name.empty()) {
    if (f.source_type.has_value()) return false;
    size_t j = 0;
    while (j < names.size() && names[j] != f.source_type_name) ++j;
    if (j == names.size()) return false;
    shape->source_type = j;
  }
  const std::pair<const hetcast::NamedCounts*,
                  std::optional<std::vector<uint64_t>>*>
      lists[] = {{&f.counts_by_name, &shape->counts},
                 {&f.relays_by_name, &shape->relays}};
  for (const auto& [named, list] : lists) {
    if (!named->entries.has_value()) continue;
    if (list->has_value()) return false;
    std::vector<uint64_t> counts;
    if (!Lookup(*named->entries, names, &counts)) return false;
    *list = counts;
  }
  return true;
}

// The names of the profile's types.
std::vector<std::string> TypeNamesOf(const hetcast_profile& profile,
                                     size_t types) {
  std::vector<std::string> names;
  for (size_t j = 0; j < types; ++j) {
    const char* name = nullptr;
    FUZZ_CHECK_EQ(
        hetcast_profile_type(&profile, j, &name, nullptr, nullptr, nullptr),
        HETCAST_OK);
    names.push_back(name);
  }
  return names;
}

// The node request's costs, counts and relays as hetcast.h takes them.
Built BuildNode(const hetcast::NodeFields& f, Direct* d) {
  std::vector<std::string> names;
  if (f.node_costs.has_value()) {
    // node_costs gives every node's type: none by name.
    if (!f.source_type_name.empty() || f.counts_by_name.given()) {
      return Built::kRefused;
    }
    if (f.node_costs->empty() || f.node_costs->size() > kMaxPlannedNodes) {
      return Built::kSkipped;
    }
    absl::StatusOr<hetcast::TypedNodes> typed =
        hetcast::TypesFromNodeCosts(*f.node_costs);
    if (!typed.ok()) return Built::kSkipped;
    d->a = typed->costs;
    d->b = typed->counts;
    d->node.source_type = typed->source_type;
  } else if (f.table == "@default") {
    absl::StatusOr<hetcast::LoadedTable> table =
        hetcast::LoadTable(f.table, "");
    FUZZ_CHECK(table.ok());
    d->table = *std::move(table);
    absl::StatusOr<hetcast_profile> p = SelectProfile(d->table, f.profile);
    if (!p.ok()) return Built::kSkipped;
    d->profile = *p;
    d->a = hetcast::ProfileCosts(d->profile);
    d->request.profiles = &d->profile;
    d->request.profile_count = 1;
    names = TypeNamesOf(d->profile, d->a.size());
  } else if (f.costs.has_value() && f.table.empty()) {
    d->a = *f.costs;
  } else {
    return Built::kSkipped;
  }
  Shape shape;
  if (!ShapeOf(f, names, &shape)) return Built::kRefused;
  if (!f.node_costs.has_value()) {
    if (!shape.counts.has_value() ||
        shape.source_type.value_or(0) > UINT32_MAX) {
      return Built::kSkipped;
    }
    d->b = *shape.counts;
    d->node.source_type = static_cast<uint32_t>(shape.source_type.value_or(0));
  }
  d->c = shape.relays.value_or(std::vector<uint64_t>(d->a.size(), 0));
  if (d->b.size() != d->a.size() || d->c.size() != d->a.size()) {
    return Built::kSkipped;
  }
  return Built::kBuilt;
}

void FuzzNode(const hetcast::NodeFields& f, size_t size) {
  static const char* const kAlgorithms[] = {"", "fnf", "table"};
  hetcast::NodeOptions options;
  options.algorithm = kAlgorithms[size % 3];
  Direct d;
  const Built built = BuildNode(f, &d);
  if (built == Built::kRefused) {
    if (options.algorithm == "table" && f.table.empty()) options.algorithm = "";
    const absl::StatusOr<hetcast::NodePlan> cli =
        hetcast::PlanNodeRequest(f, options);
    FUZZ_CHECK(!cli.ok());
    return CheckNamesAField(cli.status());
  }
  if (built != Built::kBuilt) return;
  if (!Total({&d.b, &d.c}).has_value() || !Total({&d.c}).has_value() ||
      *Total({&d.c}) > kMaxPlannedRelays) {
    return;
  }
  if (options.algorithm == "table" && d.request.profile_count == 0) {
    options.algorithm = "";
  }
  d.node = {d.a.data(), d.a.size(), d.node.source_type, d.b.data(), d.c.data()};
  d.request.model = HETCAST_MODEL_NODE;
  d.request.node = &d.node;
  d.request.algorithm = options.algorithm == "fnf"     ? HETCAST_ALGORITHM_FNF
                        : options.algorithm == "table" ? HETCAST_ALGORITHM_TABLE
                                                       : HETCAST_ALGORITHM_NONE;
  Compare(d, hetcast::PlanNodeRequest(f, options), false);
}

void FuzzCluster(const hetcast::ClusterFields& f, size_t size) {
  if (!f.cluster_sizes.has_value() || !f.inter_cost.has_value() ||
      !Total({&*f.cluster_sizes}).has_value()) {
    return;
  }
  const size_t k = f.cluster_sizes->size();
  if ((f.degrees && f.degrees->size() != k) ||
      (f.members && f.members->size() > k) || f.matching.value_or(1) == 0) {
    return;
  }
  static const char* const kAlgorithms[] = {"",
                                            "lcf",
                                            "eager",
                                            "flat",
                                            "interleaved",
                                            "bounded-degree",
                                            "bounded-size"};
  const std::string algorithm = kAlgorithms[size % 7];
  if ((algorithm == "bounded-degree" && !f.degrees) ||
      (algorithm == "bounded-size" && !f.matching)) {
    return;
  }
  Direct d;
  d.a = *f.cluster_sizes;
  d.b = f.degrees.value_or(std::vector<uint64_t>());
  d.c = f.members.value_or(std::vector<uint64_t>());
  if (!d.c.empty()) d.c.resize(k, 0);
  d.cluster.sizes = d.a.data();
  d.cluster.cluster_count = k;
  d.cluster.inter_cost = *f.inter_cost;
  d.cluster.degrees = d.b.empty() ? nullptr : d.b.data();
  d.cluster.members = d.c.empty() ? nullptr : d.c.data();
  d.cluster.matching = f.matching.value_or(0);
  d.cluster.postal = f.postal || algorithm == "interleaved";
  d.request.model = HETCAST_MODEL_CLUSTER;
  d.request.cluster = &d.cluster;
  d.request.algorithm = algorithm == "flat" ? HETCAST_ALGORITHM_FLAT_BINOMIAL
                        : algorithm == "interleaved"
                            ? HETCAST_ALGORITHM_INTERLEAVED_LCF
                        : algorithm == "eager" ? HETCAST_ALGORITHM_EAGER_LCF
                        : algorithm.empty()    ? HETCAST_ALGORITHM_NONE
                                               : HETCAST_ALGORITHM_LCF;
  Compare(d, hetcast::PlanClusterRequest(f, algorithm), true);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view json(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<hetcast::NodeFields> node =
      hetcast::ParseNodeRequestJson(json);
  if (node.ok()) {
    FUZZ_CHECK(node->name.from_file);
    FuzzNode(*node, size);
  } else {
    FUZZ_CHECK(!node.status().message().empty());
  }
  absl::StatusOr<hetcast::ClusterFields> cluster =
      hetcast::ParseClusterRequestJson(json);
  if (cluster.ok()) {
    FuzzCluster(*cluster, size);
  } else {
    FUZZ_CHECK(!cluster.status().message().empty());
  }
  return 0;
}
