// plan_output.cc: renders NodePlan as text or JSON.
#include "tools/cli/plan_output.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli/json_output.h"

namespace hetcast {

const char* AlgorithmName(hetcast_algorithm algorithm) {
  switch (algorithm) {
    case HETCAST_ALGORITHM_FNF:
      return "fnf";
    case HETCAST_ALGORITHM_TABLE:
      return "table";
    case HETCAST_ALGORITHM_EVALUATED:
      return "evaluated";
    case HETCAST_ALGORITHM_LCF:
      return "lcf";
    case HETCAST_ALGORITHM_FLAT_BINOMIAL:
      return "flat";
    case HETCAST_ALGORITHM_INTERLEAVED_LCF:
      return "interleaved";
    case HETCAST_ALGORITHM_PTAS:
      return "ptas";
    case HETCAST_ALGORITHM_FEF:
      return "fef";
    case HETCAST_ALGORITHM_ECF:
      return "ecf";
    case HETCAST_ALGORITHM_WR:
      return "wr";
    case HETCAST_ALGORITHM_WRP:
      return "wrp";
    case HETCAST_ALGORITHM_MCPH:
      return "mcph";
    case HETCAST_ALGORITHM_NONE:
      break;
  }
  return "none";
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
              "into the next faster cost's (runtime/node/lower_bound.h)"};
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

}  // namespace

namespace {

// The nodes of the schedule (unused relays left out), as the JSON has them.
flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<out::Node>>>
BuildNodes(const NodePlan& plan, JsonBuilder* builder) {
  std::vector<flatbuffers::Offset<out::Node>> nodes;
  const bool cluster = plan.model == "cluster";
  for (size_t id = 0; id < plan.nodes.size(); ++id) {
    const hetcast_node& node = plan.nodes[id];
    if (node.arrival == HETCAST_NEVER) continue;  // An unused relay.
    out::NodeBuilder b(*builder);
    b.add_id(static_cast<uint32_t>(id));
    if (cluster) {
      b.add_cluster(node.type);
    } else {
      b.add_type(node.type);
    }
    b.add_arrival(node.arrival);
    b.add_parent(node.parent == HETCAST_NO_NODE ? -1 : int64_t{node.parent});
    if (!cluster) b.add_relay(node.is_relay != 0);
    if (cluster && plan.multicast) b.add_member(node.is_relay == 0);
    nodes.push_back(b.Finish());
  }
  return builder->CreateVector(nodes);
}

flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<out::Transfer>>>
BuildTransfers(const NodePlan& plan, JsonBuilder* builder) {
  std::vector<flatbuffers::Offset<out::Transfer>> transfers;
  for (const hetcast_transfer& t : plan.transfers) {
    transfers.push_back(
        out::CreateTransfer(*builder, t.from, t.to, t.start, t.arrival));
  }
  return builder->CreateVector(transfers);
}

// A string field that is absent when `text` is empty.
flatbuffers::Offset<flatbuffers::String> Optional(JsonBuilder* builder,
                                                  const std::string& text) {
  return text.empty() ? flatbuffers::Offset<flatbuffers::String>()
                      : JsonString(builder, text);
}

}  // namespace

absl::StatusOr<std::string> RenderJson(const NodePlan& plan) {
  const hetcast_answer& a = plan.answer;
  JsonBuilder builder;
  const auto model = JsonString(&builder, plan.model);
  const auto algorithm = JsonString(&builder, Label(plan));
  const auto kind = JsonString(&builder, BoundName(a.lower_bound_kind));
  const auto profile = Optional(&builder, plan.profile);
  const auto method = Optional(&builder, plan.method);
  const auto epsilon = Optional(&builder, plan.epsilon);
  const auto search = Optional(&builder, plan.search);
  const auto type_costs =
      plan.model == "node"
          ? builder.CreateVector(plan.costs)
          : flatbuffers::Offset<flatbuffers::Vector<uint64_t>>();
  const auto nodes = BuildNodes(plan, &builder);
  const auto transfers = BuildTransfers(plan, &builder);
  const auto explain = plan.explain
                           ? BuildExplain(&builder, Explain(plan.explain_input))
                           : flatbuffers::Offset<out::Explain>();
  out::NodePlanBuilder root(builder);
  root.add_model(model);
  root.add_algorithm(algorithm);
  root.add_exact(a.exact != 0);
  root.add_completion_time(a.completion_time);
  root.add_lower_bound(a.lower_bound);
  root.add_lower_bound_kind(kind);
  root.add_profile(profile);
  root.add_method(method);
  root.add_epsilon(epsilon);
  root.add_search(search);
  if (plan.guarantee) root.add_guarantee(*plan.guarantee);
  if (plan.ptas_completion) root.add_ptas_completion(*plan.ptas_completion);
  if (plan.fnf_completion) root.add_fnf_completion(*plan.fnf_completion);
  root.add_type_costs(type_costs);
  root.add_nodes(nodes);
  root.add_transfers(transfers);
  root.add_explain(explain);
  return ToJson(&builder, root.Finish().Union(), "NodePlan");
}

std::string RenderText(const NodePlan& plan) {
  const hetcast_answer& a = plan.answer;
  std::string out = absl::StrFormat(
      "model: %s    algorithm: %s    exact: %s\n"
      "completion time: %d\n"
      "lower bound: %d (%s)\n%s",
      plan.model, Label(plan), a.exact ? "yes" : "no", a.completion_time,
      a.lower_bound, DescribeBound(a.lower_bound_kind).explanation,
      plan.note.empty() ? std::string() : plan.note + "\n");
  if (plan.explain) {
    absl::StrAppend(&out, "explain: ", Explain(plan.explain_input).text, "\n");
  }
  // Children of every node in send order, from the parent links.
  const size_t n = plan.nodes.size();
  std::vector<std::vector<uint32_t>> children(n);
  for (size_t id = 0; id < n; ++id) {
    const hetcast_node& node = plan.nodes[id];
    if (node.parent != HETCAST_NO_NODE) {
      children[node.parent].push_back(static_cast<uint32_t>(id));
    }
  }
  for (auto& list : children) {
    std::sort(list.begin(), list.end(), [&plan](uint32_t x, uint32_t y) {
      return plan.nodes[x].send_index < plan.nodes[y].send_index;
    });
  }
  auto describe = [&plan](uint32_t id) {
    const hetcast_node& node = plan.nodes[id];
    if (plan.model == "cluster") {
      return absl::StrFormat(
          "%d%s  cluster %d  arrives %d", id,
          id == 0 ? " (source)" : (node.is_relay ? " (helper)" : ""), node.type,
          node.arrival);
    }
    return absl::StrFormat(
        "%d%s  type %d  cost %d  arrives %d", id,
        id == 0 ? " (source)" : (node.is_relay ? " (relay)" : ""), node.type,
        plan.costs[node.type], node.arrival);
  };
  absl::StrAppend(&out, "tree (children in send order):\n", describe(0), "\n");
  // Depth-first with an explicit stack: (node, prefix for its children).
  std::vector<std::pair<uint32_t, std::string>> stack;
  auto push_children = [&](uint32_t id, const std::string& prefix) {
    const auto& list = children[id];
    for (size_t i = list.size(); i-- > 0;) {
      stack.emplace_back(list[i], prefix);
    }
  };
  push_children(0, "");
  while (!stack.empty()) {
    auto [id, prefix] = stack.back();
    stack.pop_back();
    const auto& siblings = children[plan.nodes[id].parent];
    const bool last = siblings.back() == id;
    absl::StrAppend(&out, prefix, last ? "`-- " : "|-- ", describe(id), "\n");
    push_children(id, prefix + (last ? "    " : "|   "));
  }
  return out;
}

}  // namespace hetcast
