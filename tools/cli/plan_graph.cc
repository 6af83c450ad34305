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
#include "tools/cli/graph_schedule_output.h"
#include "tools/cli/json_output.h"
#include "tools/cli/plan_graph_lp.h"
#include "tools/cli/plan_output.h"
#include "tools/cli/plan_writer.h"
#include "tools/gen/gen_command.h"
#include "tools/graph/simgrid_platform.h"

namespace hetcast {
namespace {

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

// The platform file (JSON, or SimGrid XML with --platform-xml), parsed
// and checked; errors about the file name it.
absl::StatusOr<GraphPlatform> ReadPlatform(const GraphEndpoints& endpoints) {
  const std::string json_path = absl::GetFlag(FLAGS_platform);
  const std::string xml_path = absl::GetFlag(FLAGS_platform_xml);
  if (json_path.empty() == xml_path.empty()) {
    return absl::InvalidArgumentError(
        "--platform: give the platform JSON file, or a SimGrid XML file "
        "with --platform-xml (one of them)");
  }
  if (xml_path.empty() && (absl::GetFlag(FLAGS_message_bytes) != 0 ||
                           !absl::GetFlag(FLAGS_tick).empty())) {
    return absl::InvalidArgumentError(
        "--message-bytes and --tick: only with --platform-xml (JSON "
        "platforms give costs in ticks)");
  }
  const std::string path = xml_path.empty() ? json_path : xml_path;
  absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<GraphPlatform> platform =
      xml_path.empty()
          ? ParseGraphPlatform(*text, endpoints)
          : ParseSimgridPlatform(*text, absl::GetFlag(FLAGS_message_bytes),
                                 absl::GetFlag(FLAGS_tick), endpoints);
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

// The tree's text draws this many levels of indentation at most.
constexpr size_t kTreeIndentLevels = 16;

const char* Role(const GraphPlatform& platform, const GraphTree& tree,
                 uint32_t v) {
  if (v == platform.source) return "source";
  return tree.target[v] ? "target" : "relay";
}

// "P1 (relay)  edge cost 10  load 10": a tree node, the cost of the edge
// into it, and what it sends per message.
std::string DescribeGraphNode(const GraphPlatform& platform,
                              const GraphTree& tree, uint32_t v,
                              const hetcast_graph_slot* in) {
  std::string line =
      absl::StrCat(platform.names[v], " (", Role(platform, tree, v), ")");
  if (in != nullptr) absl::StrAppend(&line, "  edge cost ", in->duration);
  if (!tree.sends[v].empty()) absl::StrAppend(&line, "  load ", tree.load[v]);
  return line;
}

// The tree below the source, depth first with an explicit stack of (slot
// to the node, its depth). The indentation draws at most kTreeIndentLevels
// ancestors; deeper lines say their depth instead, so that a path of n
// nodes prints O(n) bytes, not O(n^2).
std::string GraphTreeLines(const GraphPlatform& platform,
                           const Planned& planned, const GraphTree& tree) {
  std::string out;
  std::vector<std::pair<size_t, size_t>> stack;
  // more_siblings[d]: whether the node drawn last at depth d has siblings
  // still to come (its descendants' lines draw "|   " at that level).
  std::vector<bool> more_siblings(kTreeIndentLevels + 1, false);
  const auto push_children = [&](uint32_t v, size_t depth) {
    for (size_t i = tree.sends[v].size(); i-- > 0;) {
      stack.emplace_back(tree.sends[v][i], depth);
    }
  };
  push_children(platform.source, 1);
  while (!stack.empty()) {
    const auto [slot_index, depth] = stack.back();
    stack.pop_back();
    const hetcast_graph_slot& slot = planned.slots[slot_index];
    const bool last = tree.sends[slot.from].back() == slot_index;
    for (size_t d = 1; d < depth && d <= kTreeIndentLevels; ++d) {
      out += more_siblings[d] ? "|   " : "    ";
    }
    if (depth > kTreeIndentLevels + 1) {
      absl::StrAppend(&out, "[depth ", depth, "] ");
    }
    absl::StrAppend(&out, last ? "`-- " : "|-- ",
                    DescribeGraphNode(platform, tree, slot.to, &slot), "\n");
    if (depth <= kTreeIndentLevels) more_siblings[depth] = !last;
    push_children(slot.to, depth + 1);
  }
  return out;
}

// The slots of the period, one a line.
std::string GraphSlotLines(const GraphPlatform& platform,
                           const Planned& planned) {
  const hetcast_graph_answer& a = planned.info.graph;
  std::string out = absl::StrCat(
      "slots (period ", a.period, " ticks, ", a.messages,
      a.messages == 1 ? " message" : " messages",
      "; a node forwards in one period what it received in the one "
      "before):\n");
  for (const hetcast_graph_slot& slot : planned.slots) {
    absl::StrAppend(&out, "  [", slot.start, ", ", slot.start + slot.duration,
                    ")  ", platform.names[slot.from], " -> ",
                    platform.names[slot.to], "\n");
  }
  return out;
}

// The text after the head: the answer, the tree with names (children in
// send order) and the slots of the period.
void WriteGraphText(const GraphPlatform& platform, const Planned& planned,
                    PlanWriter* writer) {
  const hetcast_graph_answer& a = planned.info.graph;
  const GraphTree tree = TreeOf(platform, planned);
  writer->Text(absl::StrFormat(
      "period per message: %s ticks\n"
      "throughput: %s messages per tick\n"
      "lower bound: %s (%s)\n"
      "bottleneck: %s sends %d ticks per message\n"
      "tree (%d nodes; children in send order; load: ticks a node sends per "
      "message):\n%s\n",
      Fraction(a.period_numerator, a.period_denominator),
      Fraction(a.throughput_numerator, a.throughput_denominator),
      Fraction(a.lower_bound_numerator, a.lower_bound_denominator),
      BoundExplanation(a.lower_bound_kind), platform.names[a.bottleneck_node],
      tree.load[a.bottleneck_node], a.tree_node_count,
      DescribeGraphNode(platform, tree, platform.source, nullptr)));
  writer->Text(GraphTreeLines(platform, planned, tree));
  writer->Text(GraphSlotLines(platform, planned));
}

// The tree's nodes in id order (file order after pruning).
void WriteGraphNodes(const GraphPlatform& platform, const GraphTree& tree,
                     JsonWriter* json) {
  const std::vector<std::string>& names = platform.names;
  json->StartArray("nodes");
  for (uint32_t v = 0; v < names.size(); ++v) {
    if (!tree.in_tree[v]) continue;
    json->StartObject();
    json->U64("id", v);
    json->Str("name", names[v]);
    json->Str("role", Role(platform, tree, v));
    if (tree.parent[v] != HETCAST_NO_NODE) {
      json->Str("parent", names[tree.parent[v]]);
    }
    json->U64("send_load", tree.load[v]);
    json->EndObject();
  }
  json->EndArray();
}

// One weighted tree: it carries every message.
void WriteGraphTrees(const GraphPlatform& platform, const Planned& planned,
                     const std::string& throughput, JsonWriter* json) {
  json->StartArray("trees");
  json->StartObject();
  json->Str("throughput", throughput);
  WriteEdgesJson(platform, planned.tree_edges, json);
  json->EndObject();
  json->EndArray();
}

void WriteGraphSchedule(const GraphPlatform& platform, const Planned& planned,
                        JsonWriter* json) {
  const hetcast_graph_answer& a = planned.info.graph;
  json->StartObject("schedule");
  json->U64("period", a.period);
  json->U64("messages", a.messages);
  json->U64("parts", 1);
  json->StartArray("slots");
  for (const hetcast_graph_slot& s : planned.slots) {
    WriteGraphSlot(platform.names, s, "tree", json);
  }
  json->EndArray();
  json->EndObject();
}

}  // namespace

void WriteGraphSlot(const std::vector<std::string>& names,
                    const hetcast_graph_slot& slot, const char* stream_key,
                    JsonWriter* json) {
  json->StartObject();
  json->U64("start", slot.start);
  json->U64("duration", slot.duration);
  json->Str("from", names[slot.from]);
  json->Str("to", names[slot.to]);
  json->U64(stream_key, slot.stream);
  json->U64("amount", slot.amount);
  json->EndObject();
}

namespace {

// The JSON after the head: in the shape of the other models, exact
// fractions as strings ("period_per_message":"15/1"), nodes and slots by
// name.
void WriteGraphJson(const GraphPlatform& platform, const Planned& planned,
                    const std::string& update, JsonWriter* json) {
  const hetcast_graph_answer& a = planned.info.graph;
  const std::string throughput =
      Fraction(a.throughput_numerator, a.throughput_denominator);
  json->Str("period_per_message",
            Fraction(a.period_numerator, a.period_denominator));
  json->Str("throughput", throughput);
  json->Str("lower_bound",
            Fraction(a.lower_bound_numerator, a.lower_bound_denominator));
  json->Str("lower_bound_kind", BoundName(a.lower_bound_kind));
  json->Str("mcph_update", update);
  json->Str("source", platform.names[platform.source]);
  json->Str("bottleneck", platform.names[a.bottleneck_node]);
  json->Strs("pruned", platform.pruned);
  WriteGraphNodes(platform, TreeOf(platform, planned), json);
  WriteGraphTrees(platform, planned, throughput, json);
  WriteGraphSchedule(platform, planned, json);
}

}  // namespace

absl::StatusOr<std::string> RenderGraphPlan(const GraphPlatform& platform,
                                            const Planned& planned,
                                            const std::string& update,
                                            bool explain, bool json) {
  return WrittenPlan(json, [&](PlanWriter* out) {
    const hetcast_graph_answer& a = planned.info.graph;
    out->Head("graph", AlgorithmName(a.algorithm), a.exact != 0);
    if (out->json()) {
      WriteGraphJson(platform, planned, update, out->Json());
    } else {
      WriteGraphText(platform, planned, out);
    }
    if (explain) out->Explain(Explain(FromPlanInfo(planned.info)));
  });
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
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
  absl::Status status = CheckGraphLpFlags(algorithm);
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
  return RenderGraphPlan(*platform, *planned, absl::GetFlag(FLAGS_mcph_update),
                         absl::GetFlag(FLAGS_explain), format == "json");
}

}  // namespace hetcast
