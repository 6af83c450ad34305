// platform.cc: JSON platform graph -> checked, pruned GraphPlatform.
#include "tools/graph/platform.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "flatbuffers/idl.h"
#include "tables/platform_generated.h"
#include "tables/platform_schema.h"
#include "tools/json_verifier.h"

namespace hetcast {
namespace {

absl::Status Bad(const std::string& message) {
  return absl::InvalidArgumentError(message);
}

// Looks `name` up among the declared nodes; `where` names the field.
absl::StatusOr<uint32_t> NodeId(
    const absl::flat_hash_map<std::string, uint32_t>& ids,
    const std::string& name, const std::string& where) {
  auto it = ids.find(name);
  if (it == ids.end()) {
    return Bad(absl::StrFormat("%s: unknown node '%s'", where, name));
  }
  return it->second;
}

absl::StatusOr<uint32_t> NodeId(
    const absl::flat_hash_map<std::string, uint32_t>& ids,
    const flatbuffers::String* name, const std::string& where) {
  if (name == nullptr) return Bad(absl::StrFormat("%s: missing", where));
  return NodeId(ids, name->str(), where);
}

// The targets by name, each with the field that names it: the file's
// "targets", or `endpoints.targets` when set.
absl::StatusOr<std::vector<std::pair<std::string, std::string>>> TargetNames(
    const platform::Platform& root, const GraphEndpoints& endpoints) {
  std::vector<std::pair<std::string, std::string>> named;
  if (endpoints.targets.has_value()) {
    if (endpoints.targets->empty()) {
      return Bad("--targets: give at least one target");
    }
    for (size_t i = 0; i < endpoints.targets->size(); ++i) {
      named.emplace_back(absl::StrFormat("--targets[%d]", i),
                         (*endpoints.targets)[i]);
    }
    return named;
  }
  if (root.targets() == nullptr || root.targets()->size() == 0) {
    return Bad("targets: give at least one target");
  }
  for (uint32_t i = 0; i < root.targets()->size(); ++i) {
    const flatbuffers::String* name = root.targets()->Get(i);
    const std::string where = absl::StrFormat("targets[%d]", i);
    if (name == nullptr) return Bad(absl::StrFormat("%s: missing", where));
    named.emplace_back(where, name->str());
  }
  return named;
}

// The platform's names and edges as read, before pruning.
struct ReadPlatform {
  std::vector<std::string> names;  // In file order.
  absl::flat_hash_map<std::string, uint32_t> ids;
  std::vector<hetcast_graph_edge> edges;  // Directed.
  std::vector<uint32_t> origin;  // edges[i] comes from the file's origin[i].
};

// Parses and verifies the JSON against the platform schema (the buffer lives
// in `parser`).
absl::StatusOr<const platform::Platform*> ParsePlatformJson(
    absl::string_view json, flatbuffers::Parser* parser) {
  absl::StatusOr<const platform::Platform*> parsed =
      ParseJsonAs<platform::Platform>(json, kPlatformSchema, "Platform",
                                      "platform JSON", parser);
  if (!parsed.ok()) return parsed.status();
  const platform::Platform* root = *parsed;
  if (root->version() > kPlatformVersion) {
    return Bad(absl::StrFormat(
        "version: %d; this build reads platform files up to version %d",
        root->version(), kPlatformVersion));
  }
  return root;
}

// Nodes, in file order: named, each once, at most HETCAST_GRAPH_MAX_NODES.
absl::Status ReadNodes(const platform::Platform& root, ReadPlatform* read) {
  if (root.nodes() == nullptr || root.nodes()->size() == 0) {
    return Bad("nodes: give at least the source and one target");
  }
  const size_t n = root.nodes()->size();
  for (uint32_t v = 0; v < n; ++v) {
    const flatbuffers::String* name = root.nodes()->Get(v);
    if (name == nullptr || name->size() == 0) {
      return Bad(absl::StrFormat("nodes[%d]: empty name", v));
    }
    if (!read->ids.emplace(name->str(), v).second) {
      return Bad(
          absl::StrFormat("nodes[%d]: '%s' is declared twice", v, name->str()));
    }
    read->names.push_back(name->str());
  }
  return absl::OkStatus();
}

// Edges: known endpoints; both_directions gives two directed edges (the
// runtime checks the rest: hetcast_graph_check).
absl::Status ReadEdges(const platform::Platform& root, ReadPlatform* read) {
  const uint32_t entries = root.edges() == nullptr ? 0 : root.edges()->size();
  for (uint32_t e = 0; e < entries; ++e) {
    const platform::Edge* edge = root.edges()->Get(e);
    const std::string where = absl::StrFormat("edges[%d]", e);
    absl::StatusOr<uint32_t> from =
        NodeId(read->ids, edge->from(), where + ".from");
    if (!from.ok()) return from.status();
    absl::StatusOr<uint32_t> to = NodeId(read->ids, edge->to(), where + ".to");
    if (!to.ok()) return to.status();
    // A negative cost becomes one above HETCAST_MAX_COST.
    const uint64_t cost = static_cast<uint64_t>(edge->cost());
    read->edges.push_back(hetcast_graph_edge{*from, *to, cost});
    read->origin.push_back(e);
    if (edge->both_directions()) {
      read->edges.push_back(hetcast_graph_edge{*to, *from, cost});
      read->origin.push_back(e);
    }
  }
  return absl::OkStatus();
}

// Every edge of a platform file gives its cost (a buffer parsed with
// force_defaults holds every field the file wrote).
absl::Status EdgeCostsGiven(const platform::Platform& root) {
  const uint32_t entries = root.edges() == nullptr ? 0 : root.edges()->size();
  for (uint32_t e = 0; e < entries; ++e) {
    // A generated table is a flatbuffers::Table underneath (privately).
    const auto* edge =
        reinterpret_cast<const flatbuffers::Table*>(root.edges()->Get(e));
    if (!edge->CheckField(platform::Edge::VT_COST)) {
      return Bad(absl::StrFormat(
          "edges[%d].cost: missing; give the ticks to send one message "
          "over the edge",
          e));
    }
  }
  return absl::OkStatus();
}

// What `source` reaches (breadth-first over an adjacency list).
std::vector<bool> Reached(const ReadPlatform& read, uint32_t source) {
  const size_t n = read.names.size();
  std::vector<std::vector<uint32_t>> out(n);
  for (const hetcast_graph_edge& e : read.edges) out[e.from].push_back(e.to);
  std::vector<bool> reached(n, false);
  std::vector<uint32_t> queue = {source};
  reached[source] = true;
  for (size_t head = 0; head < queue.size(); ++head) {
    for (uint32_t w : out[queue[head]]) {
      if (!reached[w]) {
        reached[w] = true;
        queue.push_back(w);
      }
    }
  }
  return reached;
}

// The targets by id (each a known name, listed once), and the field that
// names each.
absl::StatusOr<std::vector<uint32_t>> ReadTargets(
    const platform::Platform& root, const GraphEndpoints& endpoints,
    const ReadPlatform& read, std::vector<std::string>* where_of) {
  absl::StatusOr<std::vector<std::pair<std::string, std::string>>> named =
      TargetNames(root, endpoints);
  if (!named.ok()) return named.status();
  std::vector<uint32_t> targets;
  std::vector<int64_t> listed_at(read.names.size(), -1);
  for (const auto& [where, name] : *named) {
    absl::StatusOr<uint32_t> t = NodeId(read.ids, name, where);
    if (!t.ok()) return t.status();
    if (listed_at[*t] >= 0) {
      return Bad(absl::StrFormat("%s: '%s' is already %s", where, name,
                                 (*where_of)[listed_at[*t]]));
    }
    listed_at[*t] = static_cast<int64_t>(targets.size());
    targets.push_back(*t);
    where_of->push_back(where);
  }
  return targets;
}

// Each target reached from the source (the runtime has checked that none
// is the source).
absl::Status CheckTargetsReached(const std::vector<uint32_t>& targets,
                                 const std::vector<std::string>& where_of,
                                 const ReadPlatform& read, uint32_t source,
                                 const std::vector<bool>& reached) {
  for (size_t i = 0; i < targets.size(); ++i) {
    if (!reached[targets[i]]) {
      return Bad(absl::StrFormat(
          "%s: '%s' cannot be reached from the source '%s'", where_of[i],
          read.names[targets[i]], read.names[source]));
    }
  }
  return absl::OkStatus();
}

// Where in the file a rejection of the runtime's points, and what it is.
std::string FileFieldOf(const platform::Platform& root,
                        const ReadPlatform& read,
                        const std::vector<std::string>& target_where,
                        const hetcast_graph_request& request,
                        const hetcast_graph_rejection& rejection) {
  const size_t i = rejection.index;
  auto edge_at = [&](size_t k) {
    const hetcast_graph_edge& e = read.edges[k];
    return absl::StrFormat("edges[%d] ('%s' -> '%s')", read.origin[k],
                           read.names[e.from], read.names[e.to]);
  };
  switch (rejection.field) {
    case HETCAST_GRAPH_FIELD_NODE_COUNT:
      return absl::StrFormat("nodes (%d of them)", read.names.size());
    case HETCAST_GRAPH_FIELD_EDGE_COUNT:
      return absl::StrFormat("edges (%d directed)", read.edges.size());
    case HETCAST_GRAPH_FIELD_EDGE:
      return edge_at(i);
    case HETCAST_GRAPH_FIELD_EDGE_COST:
      return absl::StrFormat("edges[%d].cost = %d", read.origin[i],
                             root.edges()->Get(read.origin[i])->cost());
    case HETCAST_GRAPH_FIELD_DUPLICATE_EDGE:
      return absl::StrFormat("%s, as edges[%d]", edge_at(i),
                             read.origin[rejection.item]);
    case HETCAST_GRAPH_FIELD_TARGET:
      return absl::StrFormat("%s = '%s'", target_where[i],
                             read.names[request.targets[i]]);
    case HETCAST_GRAPH_FIELD_SOURCE:
      return "source";
    case HETCAST_GRAPH_FIELD_TARGETS:
      return "targets";
    default:
      return "platform";
  }
}

// The runtime's checks (hetcast_graph_check) of the platform as read, before
// pruning, reported at their place in the file.
absl::Status CheckWithRuntime(const platform::Platform& root,
                              const ReadPlatform& read, uint32_t source,
                              const std::vector<uint32_t>& targets,
                              const std::vector<std::string>& target_where) {
  hetcast_graph_request request = {};
  request.node_count = read.names.size();
  request.edges = read.edges.data();
  request.edge_count = read.edges.size();
  request.source = source;
  request.targets = targets.data();
  request.target_count = targets.size();
  hetcast_graph_sizes sizes;
  std::vector<unsigned char> workspace;
  if (hetcast_graph_plan_sizes(&request, &sizes, nullptr) == HETCAST_OK) {
    workspace.resize(sizes.workspace_bytes);
  }
  hetcast_graph_rejection rejection;
  const char* why = "";
  if (hetcast_graph_check(&request,
                          workspace.empty() ? nullptr : workspace.data(),
                          workspace.size(), &rejection, &why) == HETCAST_OK) {
    return absl::OkStatus();
  }
  return Bad(absl::StrCat(
      FileFieldOf(root, read, target_where, request, rejection), ": ", why));
}

// Prune and renumber. Notes A8.4: the paper only says what to do when a
// *target* loses its path ("there may be possibly no path from P_source to
// a node in P_target. In this case, we set Broadcast-EB(P\P_m) = +inf",
// §5.2.1), but any node the source cannot reach would make a broadcast on
// the platform infeasible and carries nothing in a multicast, so such nodes
// are removed here, once, and reported (PrunedNote); an unreachable target
// is an error in ReadTargets.
GraphPlatform Pruned(const ReadPlatform& read, uint32_t source,
                     const std::vector<uint32_t>& targets,
                     const std::vector<bool>& reached) {
  GraphPlatform result;
  std::vector<uint32_t> new_id(read.names.size(), HETCAST_NO_NODE);
  for (uint32_t v = 0; v < read.names.size(); ++v) {
    if (reached[v]) {
      new_id[v] = static_cast<uint32_t>(result.names.size());
      result.names.push_back(read.names[v]);
    } else {
      result.pruned.push_back(read.names[v]);
    }
  }
  for (const hetcast_graph_edge& e : read.edges) {
    // An edge out of a reached node leads to a reached node.
    if (reached[e.from]) {
      result.edges.push_back(
          hetcast_graph_edge{new_id[e.from], new_id[e.to], e.cost});
    }
  }
  result.source = new_id[source];
  for (uint32_t t : targets) result.targets.push_back(new_id[t]);
  return result;
}

}  // namespace

hetcast_graph_request GraphPlatform::Request(uint32_t flags) const {
  hetcast_graph_request request = {};
  request.node_count = names.size();
  request.edges = edges.data();
  request.edge_count = edges.size();
  request.source = source;
  request.targets = targets.data();
  request.target_count = targets.size();
  request.flags = flags;
  return request;
}

std::string PrunedNote(const GraphPlatform& platform) {
  if (platform.pruned.empty()) return "";
  return absl::StrFormat("pruned %d node%s the source cannot reach: %s",
                         platform.pruned.size(),
                         platform.pruned.size() == 1 ? "" : "s",
                         absl::StrJoin(platform.pruned, ", "));
}

namespace {

// The checks and pruning of a verified platform.
absl::StatusOr<GraphPlatform> FromRoot(const platform::Platform& root,
                                       const GraphEndpoints& endpoints) {
  ReadPlatform read;
  absl::Status status = ReadNodes(root, &read);
  if (!status.ok()) return status;
  status = ReadEdges(root, &read);
  if (!status.ok()) return status;
  absl::StatusOr<uint32_t> source =
      endpoints.source.has_value()
          ? NodeId(read.ids, *endpoints.source, "--source")
          : NodeId(read.ids, root.source(), "source");
  if (!source.ok()) return source.status();
  std::vector<std::string> target_where;
  absl::StatusOr<std::vector<uint32_t>> targets =
      ReadTargets(root, endpoints, read, &target_where);
  if (!targets.ok()) return targets.status();
  status = CheckWithRuntime(root, read, *source, *targets, target_where);
  if (!status.ok()) return status;
  const std::vector<bool> reached = Reached(read, *source);
  status = CheckTargetsReached(*targets, target_where, read, *source, reached);
  if (!status.ok()) return status;
  return Pruned(read, *source, *targets, reached);
}

}  // namespace

absl::StatusOr<GraphPlatform> ParseGraphPlatform(
    absl::string_view json, const GraphEndpoints& endpoints) {
  absl::Status numbers = RefuseQuotedNumbers(json, {"cost"}, "platform JSON");
  if (!numbers.ok()) return numbers;
  flatbuffers::IDLOptions options;
  // Every field the file writes is kept, "cost": 0 included, so that a
  // missing cost is told from a zero one (EdgeCostsGiven).
  options.force_defaults = true;
  flatbuffers::Parser parser(options);
  absl::StatusOr<const platform::Platform*> root =
      ParsePlatformJson(json, &parser);
  if (!root.ok()) return root.status();
  absl::Status costs = EdgeCostsGiven(**root);
  if (!costs.ok()) return costs;
  return FromRoot(**root, endpoints);
}

absl::StatusOr<GraphPlatform> CheckGraphPlatformBuffer(
    const flatbuffers::FlatBufferBuilder& builder,
    const GraphEndpoints& endpoints) {
  flatbuffers::Verifier verifier = ParsedJsonVerifier(builder);
  if (!platform::VerifyPlatformBuffer(verifier)) {
    return absl::InternalError("built platform: not a Platform object");
  }
  return FromRoot(*platform::GetPlatform(builder.GetBufferPointer()),
                  endpoints);
}

}  // namespace hetcast
