// render_plan.cc: a plan's JSON (`hetcast plan --format json`, read back
// through tables/cli_output.fbs) -> Chart -> SVG, or DOT (render_plan.h).
#include "tools/cli/render_plan.h"

#include <algorithm>
#include <map>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tables/cli_output_generated.h"
#include "tools/cli/gantt_svg.h"
#include "tools/cli/json_output.h"
#include "tools/cli/render_plan_check.h"

namespace hetcast {
namespace {

using flatbuffers::Offset;
using flatbuffers::Vector;

// Row order: the source first, then by group, then by id.
std::vector<size_t> RowOrder(const std::vector<size_t>& group_of_id) {
  std::vector<size_t> ids(group_of_id.size());
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = i;
  std::stable_sort(ids.begin(), ids.end(), [&](size_t a, size_t b) {
    if ((a == 0) != (b == 0)) return a == 0;
    return group_of_id[a] < group_of_id[b];
  });
  return ids;
}

// A group's legend entry: "gpu (type 0, cost 2)", "type 0 (cost 2)",
// "cluster 1".
std::string GroupLabel(const out::NodePlan& plan, bool cluster, size_t g) {
  if (cluster) {
    const auto* names = plan.cluster_names();
    return names != nullptr && g < names->size()
               ? absl::StrCat(names->Get(static_cast<uint32_t>(g))->str(),
                              " (cluster ", g, ")")
               : absl::StrCat("cluster ", g);
  }
  const auto* costs = plan.type_costs();
  const auto* names = plan.type_names();
  const std::string cost =
      costs != nullptr && g < costs->size()
          ? absl::StrCat("cost ", costs->Get(static_cast<uint32_t>(g)))
          : "";
  if (names != nullptr && g < names->size()) {
    return absl::StrCat(names->Get(static_cast<uint32_t>(g))->str(), " (type ",
                        g, cost.empty() ? "" : ", ", cost, ")");
  }
  return cost.empty() ? absl::StrCat("type ", g)
                      : absl::StrCat("type ", g, " (", cost, ")");
}

// A node as the picture names it: its host, else its id.
std::string NodeName(const out::Node& node) {
  if (node.host() != nullptr && node.host()->size() > 0) {
    return node.host()->str();
  }
  return absl::StrCat(node.id());
}

// Each node's group (its type or cluster) and the groups' legend entries.
// The plan is untrusted input: a group past the node count is refused
// rather than drawn (it would ask for that many legend entries).
absl::Status NodeGroups(const out::NodePlan& plan, bool cluster,
                        std::vector<size_t>* group_of, Chart* chart) {
  const size_t n = plan.nodes() == nullptr ? 0 : plan.nodes()->size();
  size_t groups = 0;
  for (size_t i = 0; i < n; ++i) {
    const out::Node* node = plan.nodes()->Get(static_cast<uint32_t>(i));
    const uint32_t group =
        cluster ? node->cluster().value_or(0) : node->type().value_or(0);
    if (group >= n) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "plan JSON: node %d is of %s %d, but there are %d nodes", node->id(),
          cluster ? "cluster" : "type", group, n));
    }
    group_of->push_back(group);
    groups = std::max<size_t>(groups, group + 1);
  }
  for (size_t g = 0; g < groups; ++g) {
    chart->groups.push_back(GroupLabel(plan, cluster, g));
  }
  return absl::OkStatus();
}

// A row per node (the source first, then by group) and a bar per transfer.
absl::Status NodeRowsAndBars(const out::NodePlan& plan,
                             const std::vector<size_t>& group_of,
                             Chart* chart) {
  std::map<uint32_t, size_t> row_of_id;
  std::map<uint32_t, std::string> name_of_id;
  for (size_t i : RowOrder(group_of)) {
    const out::Node* node = plan.nodes()->Get(static_cast<uint32_t>(i));
    row_of_id[node->id()] = chart->rows.size();
    const char* role = node->id() == 0                  ? " (source)"
                       : node->relay().value_or(false)  ? " (relay)"
                       : !node->member().value_or(true) ? " (helper)"
                                                        : "";
    name_of_id[node->id()] = NodeName(*node);
    chart->rows.push_back({absl::StrCat(NodeName(*node), role), group_of[i]});
  }
  if (plan.transfers() == nullptr) return absl::OkStatus();
  for (const out::Transfer* t : *plan.transfers()) {
    if (row_of_id.count(t->from()) == 0 || row_of_id.count(t->to()) == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "plan JSON: a transfer %d -> %d names a node not in \"nodes\"",
          t->from(), t->to()));
    }
    const size_t row = row_of_id[t->from()];
    chart->bars.push_back({row, t->start(), t->arrival(), row_of_id[t->to()],
                           absl::StrCat("\u2192", name_of_id[t->to()]),
                           chart->rows[row].group});
  }
  return absl::OkStatus();
}

// How good the answer is, in words: "optimal" when it is proven so (an
// exact answer, or one that meets the lower bound), else the most it can be
// above the optimum.
std::string Quality(bool exact, uint64_t completion, uint64_t lower_bound,
                    const std::string& unit) {
  if (exact || completion <= lower_bound) return "optimal";
  const uint64_t gap = completion - lower_bound;
  return absl::StrCat("at most ", gap, " ",
                      gap == 1 && unit == "ticks" ? "tick" : unit,
                      " above the optimum");
}

// A node or cluster plan's title in plain words ("Broadcast from node 0 to
// 11 nodes: all reached in 10 ticks").
std::string NodeTitle(const out::NodePlan& plan, bool cluster,
                      size_t clusters) {
  size_t reached = 0, forwarders = 0;
  bool multicast = false;
  if (plan.nodes() != nullptr) {
    for (const out::Node* node : *plan.nodes()) {
      multicast = multicast || node->member().has_value();
      if (node->id() == 0) continue;
      const bool forwards_only =
          node->relay().value_or(false) || !node->member().value_or(true);
      ++(forwards_only ? forwarders : reached);
    }
  }
  return absl::StrCat(
      multicast || forwarders > 0 ? "Multicast" : "Broadcast",
      " from node 0 to ", reached, reached == 1 ? " node" : " nodes",
      cluster ? absl::StrCat(" in ", clusters, " clusters") : "",
      forwarders == 0
          ? ""
          : absl::StrCat(" (and ", forwarders, cluster ? " helping" : " relay",
                         forwarders == 1 ? " node)" : " nodes)"),
      ": all reached in ", plan.completion_time(), " ticks");
}

// The second line of a title: how good the answer is, and who made it.
std::string Subtitle(const std::string& quality,
                     const flatbuffers::String* algorithm) {
  return absl::StrCat(
      quality, "; algorithm: ", algorithm == nullptr ? "" : algorithm->str());
}

// Node and cluster plans: a row per node, grouped by type or cluster.
absl::StatusOr<Chart> NodeChart(const out::NodePlan& plan) {
  const bool cluster =
      plan.model() != nullptr && plan.model()->str() == "cluster";
  Chart chart;
  std::vector<size_t> group_of;
  absl::Status status = NodeGroups(plan, cluster, &group_of, &chart);
  if (!status.ok()) return status;
  status = CheckNodePlan(plan);
  if (!status.ok()) return status;
  status = NodeRowsAndBars(plan, group_of, &chart);
  if (!status.ok()) return status;
  chart.title = NodeTitle(plan, cluster, chart.groups.size());
  chart.subtitle = Subtitle(Quality(plan.exact(), plan.completion_time(),
                                    plan.lower_bound(), "ticks"),
                            plan.algorithm());
  chart.completion = plan.completion_time();
  chart.completion_label = absl::StrCat("completion ", plan.completion_time());
  chart.lower_bound = plan.lower_bound();
  chart.lower_bound_label = absl::StrCat(
      "lower bound ", plan.lower_bound(),
      plan.lower_bound_kind() == nullptr
          ? ""
          : absl::StrCat(" (", plan.lower_bound_kind()->str(), ")"));
  return chart;
}

// Non-blocking plans: a row per node, a colour per message source.
Chart NonblockingChart(const out::NonblockingPlan& plan) {
  Chart chart;
  const size_t n = plan.nodes() == nullptr ? 0 : plan.nodes()->size();
  std::map<uint32_t, size_t> group_of_source;
  if (plan.transfers() != nullptr) {
    for (const out::NonblockingTransfer* t : *plan.transfers()) {
      group_of_source.emplace(t->source(), 0);
    }
  }
  for (auto& [source, group] : group_of_source) {
    group = chart.groups.size();
    chart.groups.push_back(absl::StrCat("message from node ", source));
  }
  for (size_t v = 0; v < n; ++v) {
    chart.rows.push_back({absl::StrCat("node ", v), 0});
  }
  // A row's colour: its own message's, when it sends one.
  for (const auto& [source, group] : group_of_source) {
    if (source < n) chart.rows[source].group = group;
  }
  if (plan.transfers() != nullptr) {
    for (const out::NonblockingTransfer* t : *plan.transfers()) {
      if (t->from() >= n || t->to() >= n) continue;
      chart.bars.push_back({t->from(), t->start(), t->arrival(), t->to(),
                            absl::StrCat("m", t->message(), "\u2192", t->to()),
                            group_of_source[t->source()]});
    }
  }
  chart.unit = plan.tick() == nullptr ? "ticks" : plan.tick()->str();
  chart.title = absl::StrCat(
      "Messages from ", group_of_source.size(),
      group_of_source.size() == 1 ? " source" : " sources", " among ", n,
      " nodes: all delivered in ", plan.completion_time(), " ", chart.unit);
  chart.subtitle = Subtitle(Quality(plan.exact(), plan.completion_time(),
                                    plan.lower_bound(), chart.unit),
                            plan.algorithm());
  chart.completion = plan.completion_time();
  chart.completion_label = absl::StrCat("completion ", plan.completion_time());
  chart.lower_bound = plan.lower_bound();
  chart.lower_bound_label = absl::StrCat("lower bound ", plan.lower_bound());
  return chart;
}

// Graph plans: one period of the schedule; a row per tree node, a colour
// per role.
Chart GraphChart(const out::GraphPlan& plan) {
  Chart chart;
  chart.groups = {"source", "relay", "target"};
  std::map<std::string, size_t> row_of;
  if (plan.nodes() != nullptr) {
    for (const out::GraphNode* node : *plan.nodes()) {
      const std::string role =
          node->role() == nullptr ? "" : node->role()->str();
      const std::string name =
          node->name() == nullptr ? "" : node->name()->str();
      row_of[name] = chart.rows.size();
      chart.rows.push_back({name, role == "source"  ? 0u
                                  : role == "relay" ? 1u
                                                    : 2u});
    }
  }
  const out::GraphSchedule* schedule = plan.schedule();
  if (schedule != nullptr && schedule->slots() != nullptr) {
    for (const out::GraphSlot* slot : *schedule->slots()) {
      const std::string from =
          slot->from() == nullptr ? "" : slot->from()->str();
      const std::string to = slot->to() == nullptr ? "" : slot->to()->str();
      if (row_of.count(from) == 0 || row_of.count(to) == 0) continue;
      chart.bars.push_back({row_of[from], slot->start(),
                            slot->start() + slot->duration(), row_of[to],
                            absl::StrCat("\u2192", to),
                            chart.rows[row_of[from]].group});
    }
  }
  const uint64_t period = schedule == nullptr ? 0 : schedule->period();
  chart.title = absl::StrCat(
      "Repeated multicast: ",
      plan.throughput() == nullptr ? "" : plan.throughput()->str(),
      " messages per tick; one period of ", period, " ticks drawn");
  chart.subtitle = Subtitle(
      plan.exact() ? "optimal throughput" : "throughput not proven optimal",
      plan.algorithm());
  chart.completion = period;
  chart.completion_label = absl::StrCat("period ", period);
  chart.completion_legend = "end of the period (it repeats)";
  return chart;
}

// `text` as a DOT string literal.
std::string DotString(const std::string& text) {
  std::string out = "\"";
  for (const char c : ValidUtf8(text)) {
    if (c == '"' || c == '\\') out += '\\';
    out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
  }
  return out + "\"";
}

// Chart colours, lightened for DOT's filled boxes.
std::string DotColour(size_t group) {
  constexpr const char* kColours[] = {"#0072B2", "#E69F00", "#009E73",
                                      "#CC79A7", "#56B4E9", "#D55E00",
                                      "#F0E442", "#000000"};
  return kColours[group % 8];
}

// The chart's rows as DOT nodes and its bars as edges: the tree (node,
// cluster, graph models) or the deliveries (multi-source). Clusters and
// groups become DOT clusters when `boxes` is set.
std::string ChartDot(const Chart& chart, bool boxes) {
  std::string out = absl::StrCat(
      "// ", ValidUtf8(chart.title), "\n// ", ValidUtf8(chart.subtitle),
      "\ndigraph hetcast {\n  rankdir=LR;\n  node [shape=box, "
      "style=\"rounded,filled\", fontname=\"sans-serif\"];\n  edge "
      "[fontname=\"sans-serif\", fontsize=10];\n");
  for (size_t g = 0; g < chart.groups.size(); ++g) {
    if (boxes) {
      absl::StrAppend(&out, "  subgraph cluster_", g,
                      " {\n    label=", DotString(chart.groups[g]), ";\n");
    }
    for (size_t r = 0; r < chart.rows.size(); ++r) {
      if (chart.rows[r].group != g) continue;
      absl::StrAppend(&out, boxes ? "    " : "  ", "n", r,
                      " [label=", DotString(chart.rows[r].label),
                      ", fillcolor=\"", DotColour(g), "40\"];\n");
    }
    if (boxes) out += "  }\n";
  }
  if (!boxes && !chart.groups.empty()) {  // The colours' legend.
    out += "  subgraph cluster_legend {\n    label=\"legend\";\n";
    for (size_t g = 0; g < chart.groups.size(); ++g) {
      absl::StrAppend(&out, "    legend_", g,
                      " [label=", DotString(chart.groups[g]), ", fillcolor=\"",
                      DotColour(g), "40\", color=\"", DotColour(g), "\"];\n");
    }
    out += "  }\n";
  }
  for (const ChartBar& bar : chart.bars) {
    absl::StrAppend(
        &out, "  n", bar.row, " -> n", bar.to_row, " [label=",
        DotString(absl::StrCat(bar.label, " [", bar.start, ", ", bar.end, ")")),
        ", color=\"", DotColour(bar.group), "\"];\n");
  }
  return out + "}\n";
}

// The plan's JSON as a chart, whichever model printed it.
absl::StatusOr<Chart> ChartOf(const std::string& json, bool* cluster) {
  flatbuffers::Parser node_parser;
  absl::StatusOr<const out::NodePlan*> node =
      ReadJson<out::NodePlan>(json, "NodePlan", &node_parser);
  if (node.ok()) {
    *cluster =
        (*node)->model() != nullptr && (*node)->model()->str() == "cluster";
    return NodeChart(**node);
  }
  flatbuffers::Parser nb_parser;
  absl::StatusOr<const out::NonblockingPlan*> nb =
      ReadJson<out::NonblockingPlan>(json, "NonblockingPlan", &nb_parser);
  if (nb.ok()) {
    absl::Status status = CheckNonblockingPlan(**nb);
    if (!status.ok()) return status;
    return NonblockingChart(**nb);
  }
  flatbuffers::Parser graph_parser;
  absl::StatusOr<const out::GraphPlan*> graph =
      ReadJson<out::GraphPlan>(json, "GraphPlan", &graph_parser);
  if (graph.ok()) {
    absl::Status status = CheckGraphPlan(**graph);
    if (!status.ok()) return status;
    return GraphChart(**graph);
  }
  if (absl::StartsWith(json, "{\"model\":\"graph\"") &&
      absl::StrContains(json, "\"achievable\":")) {
    return absl::InvalidArgumentError(absl::StrCat("--plan: ", kLpNotDrawn));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "--plan is not the JSON of hetcast plan --format json (as a node or "
      "cluster plan: ",
      node.status().message(), ")"));
}

}  // namespace

absl::StatusOr<std::string> RenderPlanJson(const std::string& json,
                                           const std::string& to) {
  bool cluster = false;
  absl::StatusOr<Chart> chart = ChartOf(json, &cluster);
  if (!chart.ok()) return chart.status();
  return to == "dot" ? ChartDot(*chart, cluster) : GanttSvg(*chart);
}

}  // namespace hetcast
