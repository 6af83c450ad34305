// plan_graph.cc: platform JSON -> hetcast_plan() (MCPH) -> text or JSON.
#include "tools/cli/plan_graph.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/flags.h"
#include "tools/cli/plan_graph_lp.h"
#include "tools/cli/plan_output.h"
#include "tools/gen/gen_command.h"

namespace hetcast {
namespace {

// The other models' flags have no meaning here.
absl::Status RejectOtherModelsFlags() {
  const std::pair<const char*, std::string> flags[] = {
      {"costs", absl::GetFlag(FLAGS_costs)},
      {"counts", absl::GetFlag(FLAGS_counts)},
      {"relays", absl::GetFlag(FLAGS_relays)},
      {"node-costs", absl::GetFlag(FLAGS_node_costs)},
      {"table", absl::GetFlag(FLAGS_table)},
      {"profile", absl::GetFlag(FLAGS_profile)},
      {"cluster-sizes", absl::GetFlag(FLAGS_cluster_sizes)},
      {"inter-cost", absl::GetFlag(FLAGS_inter_cost)},
      {"degrees", absl::GetFlag(FLAGS_degrees)},
      {"matching", absl::GetFlag(FLAGS_matching)},
      {"members", absl::GetFlag(FLAGS_members)},
      {"input", absl::GetFlag(FLAGS_input)},
  };
  for (const auto& [name, value] : flags) {
    if (!value.empty()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--%s is not a flag of --model graph", name));
    }
  }
  if (absl::GetFlag(FLAGS_postal)) {
    return absl::InvalidArgumentError(
        "--postal is not a flag of --model graph");
  }
  return absl::OkStatus();
}

// --algorithm as the planner's pin (empty: the planner's choice, MCPH);
// the LP algorithms (plan_graph_lp.h) are not the planner's.
absl::StatusOr<hetcast_algorithm> PinFromFlag() {
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
  if (algorithm.empty()) return HETCAST_ALGORITHM_NONE;
  if (algorithm == "mcph") return HETCAST_ALGORITHM_MCPH;
  if (IsGraphLpAlgorithm(algorithm)) return HETCAST_ALGORITHM_NONE;
  return absl::InvalidArgumentError(absl::StrFormat(
      "--algorithm: '%s' is not one of mcph, lb, ub, broadcast, "
      "reduced-broadcast, augmented-multicast, augmented-sources, best",
      algorithm));
}

// --mcph-update as the request's flags.
absl::StatusOr<uint32_t> UpdateFromFlag() {
  const std::string update = absl::GetFlag(FLAGS_mcph_update);
  if (update == "prose") return 0u;
  if (update == "literal") return uint32_t{HETCAST_GRAPH_MCPH_LITERAL_UPDATE};
  return absl::InvalidArgumentError(absl::StrFormat(
      "--mcph-update: '%s' is not one of prose, literal", update));
}

// --source and --targets, each replacing the file's when given.
absl::StatusOr<GraphEndpoints> EndpointsFromFlags() {
  GraphEndpoints endpoints;
  const std::string source = absl::GetFlag(FLAGS_source);
  if (!source.empty()) endpoints.source = source;
  const std::string targets = absl::GetFlag(FLAGS_targets);
  if (!targets.empty()) {
    endpoints.targets = std::vector<std::string>();
    for (absl::string_view name : absl::StrSplit(targets, ',')) {
      if (name.empty()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("--targets: empty entry in '%s'", targets));
      }
      endpoints.targets->emplace_back(name);
    }
  }
  return endpoints;
}

// The platform file, parsed and checked; errors about the file name it.
absl::StatusOr<GraphPlatform> ReadPlatform(const GraphEndpoints& endpoints) {
  const std::string path = absl::GetFlag(FLAGS_platform);
  if (path.empty()) {
    return absl::InvalidArgumentError(
        "--platform: give the platform JSON file");
  }
  absl::StatusOr<std::string> json = ReadFileBytes(path);
  if (!json.ok()) return json.status();
  absl::StatusOr<GraphPlatform> platform = ParseGraphPlatform(*json, endpoints);
  if (platform.ok()) return platform;
  const absl::string_view message = platform.status().message();
  if (absl::StartsWith(message, "--")) return platform.status();
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", message));
}

// "15/1": an exact fraction as the JSON and text show it.
std::string Fraction(uint64_t numerator, uint64_t denominator) {
  return absl::StrCat(numerator, "/", denominator);
}

// The tree as the renderings walk it: each node's parent, its children in
// send order (the order of its slots), and its send load per message.
struct GraphTree {
  std::vector<uint32_t> parent;
  std::vector<std::vector<size_t>> sends;  // Slot indices, by start.
  std::vector<bool> in_tree;
  std::vector<uint64_t> load;
  std::vector<bool> target;
};

GraphTree TreeOf(const GraphPlatform& platform, const Planned& planned) {
  const size_t n = platform.names.size();
  GraphTree tree;
  tree.parent.assign(n, HETCAST_NO_NODE);
  tree.sends.resize(n);
  tree.in_tree.assign(n, false);
  tree.load.assign(n, 0);
  tree.target.assign(n, false);
  tree.in_tree[platform.source] = true;
  for (uint32_t t : platform.targets) tree.target[t] = true;
  for (const hetcast_graph_route_edge& e : planned.tree_edges) {
    tree.parent[e.to] = e.from;
    tree.in_tree[e.to] = true;
  }
  // Slots are sorted by (start, from): each sender's come in send order.
  for (size_t i = 0; i < planned.slots.size(); ++i) {
    const hetcast_graph_slot& slot = planned.slots[i];
    tree.sends[slot.from].push_back(i);
    tree.load[slot.from] += slot.duration;
  }
  return tree;
}

}  // namespace

std::string GraphJsonString(absl::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const unsigned char byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (byte < 0x20) {
      absl::StrAppendFormat(&out, "\\u%04x", byte);
    } else {
      out.push_back(c);
    }
  }
  out.push_back('"');
  return out;
}

std::string GraphSlotJson(const std::vector<std::string>& names,
                          const hetcast_graph_slot& s, const char* stream_key) {
  return absl::StrCat("{\"start\":", s.start, ",\"duration\":", s.duration,
                      ",\"from\":", GraphJsonString(names[s.from]),
                      ",\"to\":", GraphJsonString(names[s.to]), ",\"",
                      stream_key, "\":", s.stream, ",\"amount\":", s.amount,
                      "}");
}

namespace {

const char* Role(const GraphPlatform& platform, const GraphTree& tree,
                 uint32_t v) {
  if (v == platform.source) return "source";
  return tree.target[v] ? "target" : "relay";
}

}  // namespace

std::string RenderGraphText(const GraphPlatform& platform,
                            const Planned& planned) {
  const hetcast_graph_answer& a = planned.info.graph;
  const GraphTree tree = TreeOf(platform, planned);
  const std::vector<std::string>& names = platform.names;
  std::string out = absl::StrFormat(
      "model: graph    algorithm: %s    exact: %s\n"
      "period per message: %s ticks\n"
      "throughput: %s messages per tick\n"
      "lower bound: %s (%s)\n"
      "bottleneck: %s sends %d ticks per message\n",
      AlgorithmName(a.algorithm), a.exact ? "yes" : "no",
      Fraction(a.period_numerator, a.period_denominator),
      Fraction(a.throughput_numerator, a.throughput_denominator),
      Fraction(a.lower_bound_numerator, a.lower_bound_denominator),
      BoundExplanation(a.lower_bound_kind), names[a.bottleneck_node],
      tree.load[a.bottleneck_node]);
  // "P1 (relay)  edge cost 10  load 10": the cost of the edge into the
  // node, and what it sends per message.
  const auto describe = [&](uint32_t v, const hetcast_graph_slot* in) {
    std::string line =
        absl::StrCat(names[v], " (", Role(platform, tree, v), ")");
    if (in != nullptr) absl::StrAppend(&line, "  edge cost ", in->duration);
    if (!tree.sends[v].empty()) absl::StrAppend(&line, "  load ", tree.load[v]);
    return line;
  };
  absl::StrAppend(&out, "tree (", a.tree_node_count,
                  " nodes; children in send order; load: ticks a node sends "
                  "per message):\n",
                  describe(platform.source, nullptr), "\n");
  // Depth-first with an explicit stack: (slot to the node, its prefix).
  std::vector<std::pair<size_t, std::string>> stack;
  const auto push_children = [&](uint32_t v, const std::string& prefix) {
    for (size_t i = tree.sends[v].size(); i-- > 0;) {
      stack.emplace_back(tree.sends[v][i], prefix);
    }
  };
  push_children(platform.source, "");
  while (!stack.empty()) {
    const auto [slot_index, prefix] = stack.back();
    stack.pop_back();
    const hetcast_graph_slot& slot = planned.slots[slot_index];
    const bool last = tree.sends[slot.from].back() == slot_index;
    absl::StrAppend(&out, prefix, last ? "`-- " : "|-- ",
                    describe(slot.to, &slot), "\n");
    push_children(slot.to, prefix + (last ? "    " : "|   "));
  }
  absl::StrAppend(&out, "slots (period ", a.period, " ticks, ", a.messages,
                  a.messages == 1 ? " message" : " messages",
                  "; a node forwards in one period what it received in the "
                  "one before):\n");
  for (const hetcast_graph_slot& slot : planned.slots) {
    absl::StrAppend(&out, "  [", slot.start, ", ", slot.start + slot.duration,
                    ")  ", names[slot.from], " -> ", names[slot.to], "\n");
  }
  return out;
}

std::string RenderGraphJson(const GraphPlatform& platform,
                            const Planned& planned, const std::string& update) {
  const hetcast_graph_answer& a = planned.info.graph;
  const GraphTree tree = TreeOf(platform, planned);
  const std::vector<std::string>& names = platform.names;
  std::string out = absl::StrFormat(
      "{\"model\":\"graph\",\"algorithm\":\"%s\",\"exact\":%s,"
      "\"period_per_message\":\"%s\",\"throughput\":\"%s\","
      "\"lower_bound\":\"%s\",\"lower_bound_kind\":\"%s\","
      "\"mcph_update\":\"%s\",\"source\":%s,\"bottleneck\":%s,\"pruned\":[",
      AlgorithmName(a.algorithm), a.exact ? "true" : "false",
      Fraction(a.period_numerator, a.period_denominator),
      Fraction(a.throughput_numerator, a.throughput_denominator),
      Fraction(a.lower_bound_numerator, a.lower_bound_denominator),
      BoundName(a.lower_bound_kind), update,
      GraphJsonString(names[platform.source]),
      GraphJsonString(names[a.bottleneck_node]));
  for (size_t i = 0; i < platform.pruned.size(); ++i) {
    absl::StrAppend(&out, i == 0 ? "" : ",",
                    GraphJsonString(platform.pruned[i]));
  }
  // The tree's nodes in id order (file order after pruning).
  absl::StrAppend(&out, "],\"nodes\":[");
  bool first = true;
  for (uint32_t v = 0; v < names.size(); ++v) {
    if (!tree.in_tree[v]) continue;
    absl::StrAppend(&out, first ? "" : ",", "{\"id\":", v,
                    ",\"name\":", GraphJsonString(names[v]), ",\"role\":\"",
                    Role(platform, tree, v), "\",\"parent\":",
                    tree.parent[v] == HETCAST_NO_NODE
                        ? std::string("null")
                        : GraphJsonString(names[tree.parent[v]]),
                    ",\"send_load\":", tree.load[v], "}");
    first = false;
  }
  // One weighted tree: it carries every message.
  absl::StrAppendFormat(
      &out, "],\"trees\":[{\"throughput\":\"%s\",\"edges\":[",
      Fraction(a.throughput_numerator, a.throughput_denominator));
  for (size_t i = 0; i < planned.tree_edges.size(); ++i) {
    const hetcast_graph_route_edge& e = planned.tree_edges[i];
    absl::StrAppend(&out, i == 0 ? "" : ",",
                    "{\"from\":", GraphJsonString(names[e.from]),
                    ",\"to\":", GraphJsonString(names[e.to]), "}");
  }
  absl::StrAppend(&out, "]}],\"schedule\":{\"period\":", a.period,
                  ",\"messages\":", a.messages, ",\"parts\":1,\"slots\":[");
  for (size_t i = 0; i < planned.slots.size(); ++i) {
    absl::StrAppend(&out, i == 0 ? "" : ",",
                    GraphSlotJson(names, planned.slots[i], "tree"));
  }
  absl::StrAppend(&out, "]}}\n");
  return out;
}

absl::StatusOr<std::string> PlanGraphFromFlags(const std::string& format,
                                               std::string* note) {
  note->clear();
  absl::Status status = RejectOtherModelsFlags();
  if (!status.ok()) return status;
  absl::StatusOr<hetcast_algorithm> pin = PinFromFlag();
  if (!pin.ok()) return pin.status();
  absl::StatusOr<uint32_t> flags = UpdateFromFlag();
  if (!flags.ok()) return flags.status();
  absl::StatusOr<GraphEndpoints> endpoints = EndpointsFromFlags();
  if (!endpoints.ok()) return endpoints.status();
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
  status = CheckGraphLpFlags(algorithm);
  if (!status.ok()) return status;
  absl::StatusOr<GraphPlatform> platform = ReadPlatform(*endpoints);
  if (!platform.ok()) return platform.status();
  if (IsGraphLpAlgorithm(algorithm)) {
    absl::StatusOr<std::string> out = PlanGraphLp(*platform, algorithm, format);
    if (out.ok()) *note = PrunedNote(*platform);
    return out;
  }
  const hetcast_graph_request graph = platform->Request(*flags);
  hetcast_request request = {};
  request.model = HETCAST_MODEL_GRAPH;
  request.algorithm = *pin;
  request.graph = &graph;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  *note = PrunedNote(*platform);
  return format == "json" ? RenderGraphJson(*platform, *planned,
                                            absl::GetFlag(FLAGS_mcph_update))
                          : RenderGraphText(*platform, *planned);
}

}  // namespace hetcast
