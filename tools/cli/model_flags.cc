// model_flags.cc: the node and cluster requests of `hetcast plan` (and
// `render`) from the flags or from the request file --input names
// (tables/model_request.fbs): never both.
#include "tools/cli/model_flags.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "tools/cli/args.h"
#include "tools/cli/flags.h"
#include "tools/cli/model_request.h"
#include "tools/cli/plan_cluster.h"
#include "tools/cli/plan_node.h"
#include "tools/cli/plan_node_certify.h"
#include "tools/cli/type_names.h"
#include "tools/gen/gen_command.h"

namespace hetcast {
namespace {

// The flags that make up each model's request (the fields of its file).
constexpr const char* kNodeRequestFlags[] = {
    "costs", "source_type", "counts", "relays", "node_costs",
    "table", "profile",     "hosts",  "source"};
constexpr const char* kClusterRequestFlags[] = {
    "cluster_sizes", "inter_cost",    "degrees", "matching", "postal",
    "members",       "cluster_names", "hosts",   "source"};

// --input's contents, once no request flag is set as well (the file is the
// whole request). `model` names the request in the error.
template <size_t N>
absl::StatusOr<std::string> RequestFile(const char* const (&flags)[N]) {
  for (const char* name : flags) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    if (flag != nullptr && flag->CurrentValue() != flag->DefaultValue()) {
      std::string dashed = name;
      for (char& c : dashed) c = c == '_' ? '-' : c;
      return absl::InvalidArgumentError(absl::StrFormat(
          "--input: the request file is the whole request; leave out --%s "
          "(or give the request by flags only)",
          dashed));
    }
  }
  return ReadFileBytes(absl::GetFlag(FLAGS_input));
}

// A list flag: absent when empty, else parsed (the error names the flag).
absl::Status ListFlag(const std::string& text, const char* flag,
                      std::optional<std::vector<uint64_t>>* out) {
  if (text.empty()) return absl::OkStatus();
  absl::StatusOr<std::vector<uint64_t>> list = ParseUintList(text, flag);
  if (!list.ok()) return list.status();
  *out = *std::move(list);
  return absl::OkStatus();
}

// A number flag: absent when `text` is `absent`, else parsed.
absl::Status NumberFlag(const std::string& text, const char* absent,
                        const char* flag, std::optional<uint64_t>* out) {
  if (text == absent) return absl::OkStatus();
  absl::StatusOr<uint64_t> value = ParseUint(text, flag);
  if (!value.ok()) return value.status();
  *out = *value;
  return absl::OkStatus();
}

absl::StatusOr<NodeFields> NodeFieldsFromFlags() {
  if (!absl::GetFlag(FLAGS_input).empty()) {
    absl::StatusOr<std::string> json = RequestFile(kNodeRequestFlags);
    if (!json.ok()) return json.status();
    return ParseNodeRequestJson(*json);
  }
  NodeFields f;
  f.table = absl::GetFlag(FLAGS_table);
  f.profile = absl::GetFlag(FLAGS_profile);
  f.hosts = absl::GetFlag(FLAGS_hosts);
  f.source = absl::GetFlag(FLAGS_source);
  std::string counts = absl::GetFlag(FLAGS_counts);
  std::string relays = absl::GetFlag(FLAGS_relays);
  std::string source_type = absl::GetFlag(FLAGS_source_type);
  // By name: resolved once the table's profile is known (plan_node.cc).
  if (IsNamedList(counts)) f.counts_by_name.text.swap(counts);
  if (IsNamedList(relays)) f.relays_by_name.text.swap(relays);
  if (!source_type.empty() && absl::ascii_isalpha(source_type[0])) {
    f.source_type_name = source_type;
    source_type = "0";  // The flag's default: no index given.
  }
  for (absl::Status status :
       {ListFlag(absl::GetFlag(FLAGS_costs), "costs", &f.costs),
        ListFlag(counts, "counts", &f.counts),
        ListFlag(relays, "relays", &f.relays),
        ListFlag(absl::GetFlag(FLAGS_node_costs), "node-costs", &f.node_costs),
        NumberFlag(source_type, "0", "source-type", &f.source_type)}) {
    if (!status.ok()) return status;
  }
  return f;
}

absl::StatusOr<ClusterFields> ClusterFieldsFromFlags() {
  if (!absl::GetFlag(FLAGS_input).empty()) {
    absl::StatusOr<std::string> json = RequestFile(kClusterRequestFlags);
    if (!json.ok()) return json.status();
    return ParseClusterRequestJson(*json);
  }
  ClusterFields f;
  f.postal = absl::GetFlag(FLAGS_postal);
  f.hosts = absl::GetFlag(FLAGS_hosts);
  f.source = absl::GetFlag(FLAGS_source);
  const std::string names = absl::GetFlag(FLAGS_cluster_names);
  if (!names.empty()) f.cluster_names = absl::StrSplit(names, ',');
  for (absl::Status status :
       {ListFlag(absl::GetFlag(FLAGS_cluster_sizes), "cluster-sizes",
                 &f.cluster_sizes),
        NumberFlag(absl::GetFlag(FLAGS_inter_cost), "", "inter-cost",
                   &f.inter_cost),
        ListFlag(absl::GetFlag(FLAGS_degrees), "degrees", &f.degrees),
        NumberFlag(absl::GetFlag(FLAGS_matching), "", "matching", &f.matching),
        ListFlag(absl::GetFlag(FLAGS_members), "members", &f.members)}) {
    if (!status.ok()) return status;
  }
  return f;
}

}  // namespace

absl::StatusOr<NodePlan> PlanNodeFromFlags() {
  absl::StatusOr<NodeFields> fields = NodeFieldsFromFlags();
  if (!fields.ok()) return fields.status();
  return PlanNodeRequest(
      *fields, {absl::GetFlag(FLAGS_algorithm), absl::GetFlag(FLAGS_epsilon),
                absl::GetFlag(FLAGS_search),
                absl::GetFlag(FLAGS_certify) ? &kNodeCertifier : nullptr});
}

absl::StatusOr<NodePlan> PlanClusterFromFlags() {
  absl::StatusOr<ClusterFields> fields = ClusterFieldsFromFlags();
  if (!fields.ok()) return fields.status();
  return PlanClusterRequest(*fields, absl::GetFlag(FLAGS_algorithm));
}

}  // namespace hetcast
