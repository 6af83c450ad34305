// plan_output.cc: renders NodePlan as text or JSON.
#include "tools/cli/plan_output.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tools/cli/json_output.h"
#include "tools/cli/plan_writer.h"

namespace hetcast {

const char* AlgorithmName(hetcast_algorithm algorithm) {
  return hetcast_algorithm_name(algorithm);
}

hetcast_algorithm ModelAlgorithmByName(hetcast_model model,
                                       const std::string& name,
                                       std::vector<std::string>* names) {
  hetcast_algorithm found = HETCAST_ALGORITHM_NONE;
  for (size_t i = 0;; ++i) {
    const hetcast_algorithm a = hetcast_model_algorithm(model, i);
    if (a == HETCAST_ALGORITHM_NONE) return found;
    if (name == hetcast_algorithm_name(a)) found = a;
    if (names != nullptr) names->push_back(hetcast_algorithm_name(a));
  }
}

namespace {

// JSON name and readable explanation of each lower-bound kind.
struct BoundText {
  const char* name;
  const char* explanation;
};

BoundText DescribeBound(hetcast_bound bound) {
  switch (bound) {
    case HETCAST_BOUND_DOUBLING:
      return {"doubling",
              "doubling bound: the informed set at most doubles per fastest "
              "cost"};
    case HETCAST_BOUND_FNF_THIRDS:
      return {"fnf_two_thirds",
              "ceil(2/3 * FNF): FNF is a 1.5-approximation (Khuller & Kim "
              "Cor. 4.1, Thm. 7.1)"};
    case HETCAST_BOUND_EXACT:
      return {"exact", "exact"};
    case HETCAST_BOUND_LOG2:
      return {"log2", "ceil(log2 N): copies at most double per tick"};
    case HETCAST_BOUND_GLOBAL_STEPS:
      return {"global_steps",
              "p*C: p global steps even with free local transfers "
              "(Khuller, Kim & Wan Lemmas 3.3, 4.2, 5.2)"};
    case HETCAST_BOUND_POSTAL_GLOBAL:
      return {"postal_global",
              "p*C + c': LCF with free local transfers (Khuller, Kim & Wan "
              "Lemma 6.4)"};
    case HETCAST_BOUND_KKW_THEOREM_3_2:
      return {"kkw_theorem_3_2",
              "(p-1)(C-1) + ceil(log2 of half the copies needed) (Khuller, "
              "Kim & Wan Theorems 3.2, 4.2, 5.4)"};
    case HETCAST_BOUND_EARLIEST_REACH:
      return {"earliest_reach",
              "earliest reach with receives in arrival order (Wu, Yeh & Liu "
              "§3.1)"};
    case HETCAST_BOUND_PTAS_GUESS:
      return {"ptas_guess",
              "T + 1 for the largest guess T the PTAS found infeasible "
              "(Khuller & Kim Thm. 6.1: every T >= OPT is feasible)"};
    case HETCAST_BOUND_GRAPH_PORTS:
      return {"graph_ports",
              "one-port: the cheapest in-edge of any target, the cheapest "
              "out-edge of the source (ticks per message)"};
    case HETCAST_BOUND_NESTED_SLOTS:
      return {"nested_slots",
              "fastest-first counting with each cost's send times relaxed "
              "into the next faster cost's"};
    case HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH:
      return {"nonblocking_postal_growth",
              "each message's holders multiply no faster than with the "
              "cheapest relay costs; slowest receivers served first"};
    case HETCAST_BOUND_NONBLOCKING_SERIAL_WORK:
      return {"nonblocking_serial_work",
              "each node's receives and own sends one at a time; all work "
              "between each node's earliest start and the completion"};
    case HETCAST_BOUND_CLUSTER_FILL:
      return {"cluster_fill",
              "a cluster's processors at most double per tick after its "
              "first copy (C ticks), plus one copy per processor informed "
              "elsewhere C ticks before"};
    case HETCAST_BOUND_CLUSTER_ENTRY:
      return {"cluster_entry",
              "every cluster needs an inter-cluster copy, sent at most once "
              "per C ticks per processor, and copies spread only inside "
              "clusters already entered"};
    case HETCAST_BOUND_COUNTING_LP:
      return {"counting_lp",
              "the counting linear program with every send's exact time, "
              "solved exactly: only the integrality of the arrivals is "
              "relaxed"};
    case HETCAST_BOUND_NONE:
      break;
  }
  return {"none", "none"};
}

}  // namespace

const char* BoundName(hetcast_bound bound) { return DescribeBound(bound).name; }

const char* BoundExplanation(hetcast_bound bound) {
  return DescribeBound(bound).explanation;
}

namespace {

std::string Label(const NodePlan& plan) {
  return plan.algorithm_label.empty() ? AlgorithmName(plan.answer.algorithm)
                                      : plan.algorithm_label;
}

// The nodes of the schedule (unused relays left out), as the JSON has them.
void WriteNodes(const NodePlan& plan, JsonWriter* json) {
  const bool cluster = plan.model == "cluster";
  json->StartArray("nodes");
  for (size_t id = 0; id < plan.nodes.size(); ++id) {
    const hetcast_node& node = plan.nodes[id];
    if (node.arrival == HETCAST_NEVER) continue;  // An unused relay.
    json->StartObject();
    json->U64("id", id);
    if (id < plan.host_names.size()) json->Str("host", plan.host_names[id]);
    json->U64(cluster ? "cluster" : "type", node.type);
    json->U64("arrival", node.arrival);
    json->I64("parent",
              node.parent == HETCAST_NO_NODE ? -1 : int64_t{node.parent});
    if (!cluster) json->Bool("relay", node.is_relay != 0);
    if (cluster && plan.multicast) json->Bool("member", node.is_relay == 0);
    json->EndObject();
  }
  json->EndArray();
}

void WriteTransfers(const NodePlan& plan, JsonWriter* json) {
  json->StartArray("transfers");
  for (const hetcast_transfer& t : plan.transfers) {
    json->StartObject();
    json->U64("from", t.from);
    json->U64("to", t.to);
    json->U64("start", t.start);
    json->U64("arrival", t.arrival);
    json->EndObject();
  }
  json->EndArray();
}

// What a table or the PTAS adds: the profile, eps, the factor, both times.
void WriteMethod(const NodePlan& plan, JsonWriter* json) {
  const std::pair<const char*, const std::string*> texts[] = {
      {"profile", &plan.profile},
      {"method", &plan.method},
      {"epsilon", &plan.epsilon},
      {"search", &plan.search}};
  for (const auto& [key, value] : texts) {
    if (!value->empty()) json->Str(key, *value);
  }
  if (plan.guarantee) json->Double("guarantee", *plan.guarantee);
  if (plan.ptas_completion) {
    json->U64("ptas_completion", *plan.ptas_completion);
  }
  if (plan.fnf_completion) json->U64("fnf_completion", *plan.fnf_completion);
}

// The JSON after the answer: the method, the types, nodes and transfers.
void WriteJsonBody(const NodePlan& plan, JsonWriter* json) {
  WriteMethod(plan, json);
  if (plan.model == "node") json->U64s("type_costs", plan.costs);
  if (!plan.type_names.empty()) {
    json->Strs(plan.model == "cluster" ? "cluster_names" : "type_names",
               plan.type_names);
  }
  WriteNodes(plan, json);
  WriteTransfers(plan, json);
}

// Every node's children in send order, as one array of ids (`ids`) cut by
// `begin` (node v's are ids[begin[v]] .. ids[begin[v + 1] - 1]): 8 bytes
// a node, where a list per node took about 40.
struct Children {
  std::vector<uint32_t> begin;
  std::vector<uint32_t> ids;
};

Children ChildrenOf(const std::vector<hetcast_node>& nodes) {
  const size_t n = nodes.size();
  Children children;
  children.begin.assign(n + 1, 0);
  for (const hetcast_node& node : nodes) {
    if (node.parent != HETCAST_NO_NODE) ++children.begin[node.parent + 1];
  }
  for (size_t id = 0; id < n; ++id) {
    children.begin[id + 1] += children.begin[id];
  }
  children.ids.resize(children.begin[n]);
  std::vector<uint32_t> next(children.begin.begin(), children.begin.end() - 1);
  for (size_t id = 0; id < n; ++id) {
    const uint32_t parent = nodes[id].parent;
    if (parent != HETCAST_NO_NODE) {
      children.ids[next[parent]++] = static_cast<uint32_t>(id);
    }
  }
  for (size_t id = 0; id < n; ++id) {
    std::sort(children.ids.begin() + children.begin[id],
              children.ids.begin() + children.begin[id + 1],
              [&nodes](uint32_t x, uint32_t y) {
                return nodes[x].send_index < nodes[y].send_index;
              });
  }
  return children;
}

// A node as the text names it: its host, else its canonical id.
std::string NodeLabel(const NodePlan& plan, uint32_t id) {
  if (id < plan.host_names.size() && !plan.host_names[id].empty()) {
    return plan.host_names[id];
  }
  return absl::StrCat(id);
}

// "gpu (type 0)", or "type 0" when the types have no names.
std::string TypeLabel(const NodePlan& plan, uint32_t type) {
  if (type < plan.type_names.size()) {
    return absl::StrFormat("%s (type %d)", plan.type_names[type], type);
  }
  return absl::StrCat("type ", type);
}

// "a, b and c"; "none" when there are no parts.
std::string AndList(std::vector<std::string> parts) {
  if (parts.empty()) return "none";
  const std::string last = parts.back();
  parts.pop_back();
  return parts.empty()
             ? last
             : absl::StrCat(absl::StrJoin(parts, ", "), " and ", last);
}

// "3 gpu, 5 cpu and 2 edge" (types named) or "3 of type 0 and 5 of type
// 1" (by index), of the nonzero counts; "none" when there are none.
std::string CountWords(const NodePlan& plan,
                       const std::vector<uint64_t>& counts) {
  std::vector<std::string> parts;
  for (size_t j = 0; j < counts.size(); ++j) {
    if (counts[j] == 0) continue;
    parts.push_back(plan.type_names.empty()
                        ? absl::StrCat(counts[j], " of type ", j)
                        : absl::StrCat(counts[j], " ", plan.type_names[j]));
  }
  return AndList(std::move(parts));
}

// A cluster as the text names it: "home", or "cluster 1" unnamed.
std::string ClusterName(const NodePlan& plan, uint32_t cluster) {
  return cluster < plan.type_names.size() ? plan.type_names[cluster]
                                          : absl::StrCat("cluster ", cluster);
}

// The cluster model's request: "source in home; processors 3 in home, 2
// in rack-b and 1 in edge".
std::string ClusterWords(const NodePlan& plan) {
  std::vector<uint64_t> sizes;
  for (const hetcast_node& node : plan.nodes) {
    if (node.type >= sizes.size()) sizes.resize(size_t{node.type} + 1, 0);
    ++sizes[node.type];
  }
  std::vector<std::string> parts;
  for (uint32_t c = 0; c < sizes.size(); ++c) {
    parts.push_back(absl::StrCat(sizes[c], " in ", ClusterName(plan, c)));
  }
  return absl::StrCat("source in ", ClusterName(plan, 0), "; processors ",
                      AndList(std::move(parts)));
}

// One line of the tree: id, role, type (or cluster), cost and arrival.
std::string Describe(const NodePlan& plan, uint32_t id) {
  const hetcast_node& node = plan.nodes[id];
  if (plan.model == "cluster") {
    return absl::StrFormat(
        "%s%s  cluster %s  arrives %d", NodeLabel(plan, id),
        id == 0 ? " (source)" : (node.is_relay ? " (helper)" : ""),
        node.type < plan.type_names.size()
            ? absl::StrFormat("%s (%d)", plan.type_names[node.type], node.type)
            : absl::StrCat(node.type),
        node.arrival);
  }
  return absl::StrFormat(
      "%s%s  %s  cost %d  arrives %d", NodeLabel(plan, id),
      id == 0 ? " (source)" : (node.is_relay ? " (relay)" : ""),
      TypeLabel(plan, node.type), plan.costs[node.type], node.arrival);
}

// The tree below the source, depth first. One prefix string is shared: a
// node at depth d writes the first 4(d - 1) bytes of it, which its
// ancestors (visited just before) left there.
void WriteTree(const NodePlan& plan, PlanWriter* out) {
  const Children children = ChildrenOf(plan.nodes);
  struct Pending {
    uint32_t id;
    uint32_t depth;
  };
  std::vector<Pending> stack;
  auto push_children = [&](uint32_t id, uint32_t depth) {
    for (uint32_t i = children.begin[id + 1]; i-- > children.begin[id];) {
      stack.push_back({children.ids[i], depth});
    }
  };
  push_children(0, 1);
  std::string prefix;
  while (!stack.empty()) {
    const Pending node = stack.back();
    stack.pop_back();
    const uint32_t parent = plan.nodes[node.id].parent;
    const bool last = children.ids[children.begin[parent + 1] - 1] == node.id;
    prefix.resize(4 * size_t{node.depth - 1});
    out->Text(prefix);
    out->Text(last ? "`-- " : "|-- ");
    out->Text(Describe(plan, node.id));
    out->Text("\n");
    prefix += last ? "    " : "|   ";
    push_children(node.id, node.depth + 1);
  }
}

}  // namespace

std::string RequestWords(const NodePlan& plan, bool brief) {
  if (plan.model == "cluster") return ClusterWords(plan);
  std::vector<uint64_t> destinations(plan.costs.size(), 0);
  std::vector<uint64_t> relays(plan.costs.size(), 0);
  for (size_t id = 1; id < plan.nodes.size(); ++id) {
    const hetcast_node& node = plan.nodes[id];
    if (node.type >= plan.costs.size()) continue;
    ++(node.is_relay ? relays : destinations)[node.type];
  }
  uint64_t total = 0;
  for (const uint64_t count : destinations) total += count;
  const uint32_t source_type = plan.nodes.empty() ? 0 : plan.nodes[0].type;
  std::string words =
      absl::StrCat("source ",
                   brief && source_type < plan.type_names.size()
                       ? plan.type_names[source_type]
                       : TypeLabel(plan, source_type),
                   "; destinations ", CountWords(plan, destinations));
  if (!brief) {
    absl::StrAppend(&words, " (", total, ", and the source makes ", total + 1,
                    total == 0 ? " node)" : " nodes)");
  }
  const std::string relay_words = CountWords(plan, relays);
  if (relay_words != "none") {
    absl::StrAppend(&words, "; relays, if they help: ", relay_words);
  }
  return words;
}

namespace {

// The plan through `out`: the answer, then in JSON the nodes and
// transfers, in text the request and the tree.
void WritePlan(const NodePlan& plan, PlanWriter* out) {
  out->Head(plan.model, Label(plan), plan.answer.exact != 0);
  out->TimedAnswer(plan.answer, /*tick=*/nullptr);
  if (out->json()) {
    WriteJsonBody(plan, out->Json());
    if (plan.explain) out->Explain(Explain(plan.explain_input));
    if (plan.certified) out->Json()->Bool("certified", true);
    return;
  }
  if (!plan.note.empty()) out->Text(absl::StrCat(plan.note, "\n"));
  if (plan.model == "node") {
    out->Text(absl::StrCat("request: ", RequestWords(plan, false), "\n"));
  }
  if (plan.explain) out->Explain(Explain(plan.explain_input));
  out->Text(absl::StrCat("tree (children in send order):\n", Describe(plan, 0),
                         "\n"));
  WriteTree(plan, out);
}

}  // namespace

absl::StatusOr<std::string> RenderJson(const NodePlan& plan) {
  return WrittenPlan(/*json=*/true,
                     [&plan](PlanWriter* out) { WritePlan(plan, out); });
}

std::string RenderText(const NodePlan& plan) {
  StringSink sink;
  PlanWriter out(/*json=*/false, &sink);
  WritePlan(plan, &out);
  return std::move(sink.text());
}

absl::Status WritePlan(const NodePlan& plan, bool json, TextSink* sink) {
  PlanWriter out(json, sink);
  WritePlan(plan, &out);
  return out.Finish();
}

}  // namespace hetcast
