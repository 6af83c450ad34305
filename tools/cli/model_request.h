// model_request.h: the request of `hetcast plan --model node|cluster`, as
// the flags give it or as a JSON file (tables/model_request.fbs, parsed by
// FlatBuffers' parser) gives it: the same fields, checked by the same code
// (plan_node.cc, plan_cluster.cc) whichever way they came.
#ifndef HETCAST_TOOLS_CLI_MODEL_REQUEST_H_
#define HETCAST_TOOLS_CLI_MODEL_REQUEST_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace hetcast {

// kCliMaxNodes
//
// The CLI holds every node in memory and prints it; past this many nodes it
// refuses rather than exhaust memory (the C API itself goes to
// HETCAST_MAX_NODES).
inline constexpr uint64_t kCliMaxNodes = 10'000'000;

// How a field is named in messages: "--source-type" for a flag,
// "source_type" in a request file.
struct FieldNames {
  bool from_file = false;
  std::string operator()(absl::string_view flag) const;
};

// A count of one type given by the type's name: "gpu=3" on the command
// line, {"type": "gpu", "count": 3} in a request file.
struct NamedCount {
  std::string type;
  uint64_t count = 0;
};

// A list by type name as the flag gives it ("gpu=3,cpu=5": `text`, read
// once the names are known: CountsByName() in tools/cli/type_names.h) or
// as a request file does (`entries`).
struct NamedCounts {
  std::string text;
  std::optional<std::vector<NamedCount>> entries;
  bool given() const { return !text.empty() || entries.has_value(); }
};

// The node model's request: `--costs`, `--source-type`, `--counts`,
// `--relays`, `--node-costs`, `--table`, `--profile`, `--hosts`, `--source`
// (absent: not given).
struct NodeFields {
  FieldNames name;
  std::optional<std::vector<uint64_t>> costs, counts, relays, node_costs;
  std::optional<uint64_t> source_type;
  std::string table, profile;  // Empty: not given.
  // Types by name (tools/cli/type_names.h), resolved against the table's
  // profile: `--source-type gpu`, `--counts gpu=3,cpu=5`, `--relays cpu=2`
  // (then source_type, counts, relays are absent); in a request file the
  // fields source_type_name, counts_by_name and relays_by_name.
  std::string source_type_name;
  NamedCounts counts_by_name, relays_by_name;
  // `--hosts FILE --source HOST` (tools/cli/hosts.h): the destinations and
  // the source type come from the host list.
  std::string hosts, source;
};

// The cluster model's request: `--cluster-sizes`, `--inter-cost`,
// `--degrees`, `--matching`, `--postal`, `--members`, `--cluster-names`,
// `--hosts`, `--source`.
struct ClusterFields {
  FieldNames name;
  std::optional<std::vector<uint64_t>> cluster_sizes, degrees, members;
  std::optional<uint64_t> inter_cost, matching;
  bool postal = false;
  // `--cluster-names`: one name per cluster (empty: none given).
  std::vector<std::string> cluster_names;
  // `--hosts FILE --source HOST` (tools/cli/hosts.h): the clusters' sizes
  // (and, without cluster_names, their names) come from the host list.
  std::string hosts, source;
};

// RequiredList()
//
// A list the request needs: `list`, or an error naming it ("--costs: the
// list is empty", as for an empty flag; "costs: missing" in a file).
absl::StatusOr<std::vector<uint64_t>> RequiredList(
    const std::optional<std::vector<uint64_t>>& list, const FieldNames& name,
    absl::string_view flag);

// ParseNodeRequestJson(), ParseClusterRequestJson()
//
// A request file's fields (tables/model_request.fbs). Errors are
// InvalidArgument naming what is wrong ("node request JSON: ..."); the
// fields' values are checked where the flags' are.
absl::StatusOr<NodeFields> ParseNodeRequestJson(absl::string_view json);
absl::StatusOr<ClusterFields> ParseClusterRequestJson(absl::string_view json);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_MODEL_REQUEST_H_
