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
#include "tools/cli/explain.h"
#include "tools/cli/flags.h"
#include "tools/cli/json_output.h"
#include "tools/cli/plan_output.h"
#include "tools/gen/gen_command.h"

namespace hetcast {
namespace {

// --algorithm as the planner's pin (empty: the planner's choice, MCPH).
absl::StatusOr<hetcast_algorithm> PinFromFlag() {
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
  if (algorithm.empty()) return HETCAST_ALGORITHM_NONE;
  if (algorithm == "mcph") return HETCAST_ALGORITHM_MCPH;
  return absl::InvalidArgumentError(absl::StrFormat(
      "--algorithm: '%s' is not one of mcph (the graph model's LP bounds and "
      "heuristics are not implemented yet)",
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

namespace {

// The tree's nodes in id order (file order after pruning).
flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<out::GraphNode>>>
BuildGraphNodes(const GraphPlatform& platform, const GraphTree& tree,
                JsonBuilder* builder) {
  const std::vector<std::string>& names = platform.names;
  std::vector<flatbuffers::Offset<out::GraphNode>> nodes;
  for (uint32_t v = 0; v < names.size(); ++v) {
    if (!tree.in_tree[v]) continue;
    const auto name = JsonString(builder, names[v]);
    const auto role = JsonString(builder, Role(platform, tree, v));
    const auto parent = tree.parent[v] == HETCAST_NO_NODE
                            ? flatbuffers::Offset<flatbuffers::String>()
                            : JsonString(builder, names[tree.parent[v]]);
    nodes.push_back(
        out::CreateGraphNode(*builder, v, name, role, parent, tree.load[v]));
  }
  return builder->CreateVector(nodes);
}

// One weighted tree: it carries every message.
flatbuffers::Offset<out::GraphTree> BuildGraphTree(
    const GraphPlatform& platform, const Planned& planned,
    const std::string& throughput, JsonBuilder* builder) {
  std::vector<flatbuffers::Offset<out::NamedEdge>> edges;
  for (const hetcast_graph_route_edge& e : planned.tree_edges) {
    const auto from = JsonString(builder, platform.names[e.from]);
    const auto to = JsonString(builder, platform.names[e.to]);
    edges.push_back(out::CreateNamedEdge(*builder, from, to));
  }
  const auto edge_vector = builder->CreateVector(edges);
  return out::CreateGraphTree(*builder, JsonString(builder, throughput),
                              edge_vector);
}

flatbuffers::Offset<out::GraphSchedule> BuildGraphSchedule(
    const GraphPlatform& platform, const Planned& planned,
    JsonBuilder* builder) {
  std::vector<flatbuffers::Offset<out::GraphSlot>> slots;
  for (const hetcast_graph_slot& s : planned.slots) {
    const auto from = JsonString(builder, platform.names[s.from]);
    const auto to = JsonString(builder, platform.names[s.to]);
    slots.push_back(out::CreateGraphSlot(*builder, s.start, s.duration, from,
                                         to, s.stream, s.amount));
  }
  const hetcast_graph_answer& a = planned.info.graph;
  return out::CreateGraphSchedule(*builder, a.period, a.messages, 1,
                                  builder->CreateVector(slots));
}

}  // namespace

absl::StatusOr<std::string> RenderGraphJson(const GraphPlatform& platform,
                                            const Planned& planned,
                                            const std::string& update,
                                            bool explain) {
  const hetcast_graph_answer& a = planned.info.graph;
  const GraphTree tree = TreeOf(platform, planned);
  const std::vector<std::string>& names = platform.names;
  const std::string throughput =
      Fraction(a.throughput_numerator, a.throughput_denominator);
  JsonBuilder builder;
  const auto model = JsonString(&builder, "graph");
  const auto algorithm = JsonString(&builder, AlgorithmName(a.algorithm));
  const auto period =
      JsonString(&builder, Fraction(a.period_numerator, a.period_denominator));
  const auto throughput_text = JsonString(&builder, throughput);
  const auto bound = JsonString(
      &builder, Fraction(a.lower_bound_numerator, a.lower_bound_denominator));
  const auto kind = JsonString(&builder, BoundName(a.lower_bound_kind));
  const auto update_text = JsonString(&builder, update);
  const auto source = JsonString(&builder, names[platform.source]);
  const auto bottleneck = JsonString(&builder, names[a.bottleneck_node]);
  const auto pruned = JsonStrings(&builder, platform.pruned);
  const auto nodes = BuildGraphNodes(platform, tree, &builder);
  const auto trees =
      builder.CreateVector(std::vector<flatbuffers::Offset<out::GraphTree>>{
          BuildGraphTree(platform, planned, throughput, &builder)});
  const auto schedule = BuildGraphSchedule(platform, planned, &builder);
  const auto explanation =
      explain ? BuildExplain(&builder, Explain(FromPlanInfo(planned.info)))
              : flatbuffers::Offset<out::Explain>();
  out::GraphPlanBuilder root(builder);
  root.add_model(model);
  root.add_algorithm(algorithm);
  root.add_exact(a.exact != 0);
  root.add_period_per_message(period);
  root.add_throughput(throughput_text);
  root.add_lower_bound(bound);
  root.add_lower_bound_kind(kind);
  root.add_mcph_update(update_text);
  root.add_source(source);
  root.add_bottleneck(bottleneck);
  root.add_pruned(pruned);
  root.add_nodes(nodes);
  root.add_trees(trees);
  root.add_schedule(schedule);
  root.add_explain(explanation);
  return ToJson(&builder, root.Finish().Union(), "GraphPlan");
}

absl::StatusOr<std::string> PlanGraphFromFlags(const std::string& format,
                                               std::string* note) {
  note->clear();
  absl::StatusOr<hetcast_algorithm> pin = PinFromFlag();
  if (!pin.ok()) return pin.status();
  absl::StatusOr<uint32_t> flags = UpdateFromFlag();
  if (!flags.ok()) return flags.status();
  absl::StatusOr<GraphEndpoints> endpoints = EndpointsFromFlags();
  if (!endpoints.ok()) return endpoints.status();
  absl::StatusOr<GraphPlatform> platform = ReadPlatform(*endpoints);
  if (!platform.ok()) return platform.status();
  const hetcast_graph_request graph = platform->Request(*flags);
  hetcast_request request = {};
  request.model = HETCAST_MODEL_GRAPH;
  request.algorithm = *pin;
  request.graph = &graph;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  *note = PrunedNote(*platform);
  const bool explain = absl::GetFlag(FLAGS_explain);
  if (format == "json") {
    return RenderGraphJson(*platform, *planned,
                           absl::GetFlag(FLAGS_mcph_update), explain);
  }
  std::string text = RenderGraphText(*platform, *planned);
  if (explain) {
    absl::StrAppend(
        &text, "explain: ", Explain(FromPlanInfo(planned->info)).text, "\n");
  }
  return text;
}

}  // namespace hetcast
