// render_plan_check.cc: the checks of render_plan_check.h.
#include "tools/cli/render_plan_check.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace {

template <typename... Args>
absl::Status Refuse(const absl::FormatSpec<Args...>& format,
                    const Args&... args) {
  return absl::InvalidArgumentError(
      absl::StrCat("plan JSON: ", absl::StrFormat(format, args...)));
}

// Whether following `parent` (an index, or SIZE_MAX at the root) from every
// node ends at `root`; otherwise the first node whose chain loops.
absl::Status CheckParentChains(const std::vector<size_t>& parent, size_t root,
                               const std::vector<std::string>& names) {
  enum State : uint8_t { kNew, kOnChain, kRooted };
  std::vector<State> state(parent.size(), kNew);
  state[root] = kRooted;
  std::vector<size_t> chain;
  for (size_t start = 0; start < parent.size(); ++start) {
    chain.clear();
    size_t v = start;
    while (state[v] == kNew) {
      state[v] = kOnChain;
      chain.push_back(v);
      v = parent[v];
      if (v == SIZE_MAX) break;
    }
    if (v == SIZE_MAX || state[v] == kOnChain) {
      return Refuse(
          "the parents of node %s form a cycle that never reaches "
          "the source %s",
          names[start], names[root]);
    }
    for (size_t u : chain) state[u] = kRooted;
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Node and cluster plans: a tree of nodes by id and one transfer per
// receiver.

struct TreeNode {
  uint32_t id;
  uint32_t group;  // Type or cluster.
  bool relay;
  uint64_t arrival;
  int64_t parent;
};

absl::StatusOr<std::vector<TreeNode>> TreeNodes(const out::NodePlan& plan,
                                                bool cluster) {
  if (plan.nodes() == nullptr || plan.nodes()->size() == 0) {
    return Refuse("\"nodes\" is empty; a plan has at least its source");
  }
  std::vector<TreeNode> nodes;
  for (const out::Node* node : *plan.nodes()) {
    nodes.push_back(
        {node->id(),
         cluster ? node->cluster().value_or(0) : node->type().value_or(0),
         node->relay().value_or(false), node->arrival(), node->parent()});
  }
  return nodes;
}

// Index of each id (ids are unique); the source is id 0.
absl::StatusOr<std::map<uint32_t, size_t>> IndexOfIds(
    const std::vector<TreeNode>& nodes) {
  std::map<uint32_t, size_t> index;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (!index.emplace(nodes[i].id, i).second) {
      return Refuse("node %d is listed twice", nodes[i].id);
    }
  }
  if (index.count(0) == 0) return Refuse("node 0, the source, is missing");
  return index;
}

absl::Status CheckTreeParents(const std::vector<TreeNode>& nodes,
                              const std::map<uint32_t, size_t>& index) {
  std::vector<size_t> parent(nodes.size(), SIZE_MAX);
  std::vector<std::string> names;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const TreeNode& v = nodes[i];
    names.push_back(absl::StrCat(v.id));
    if (v.id == 0) {
      if (v.parent != -1 || v.arrival != 0) {
        return Refuse("node 0, the source, has a parent or an arrival");
      }
      continue;
    }
    const auto it = v.parent < 0 || v.parent > UINT32_MAX
                        ? index.end()
                        : index.find(static_cast<uint32_t>(v.parent));
    if (it == index.end()) {
      return Refuse("node %d's parent %d is not in \"nodes\"", v.id, v.parent);
    }
    parent[i] = it->second;
  }
  return CheckParentChains(parent, index.at(0), names);
}

// Every receiver gets one transfer, from its parent, arriving when the node
// says, sent no earlier than its sender had the message; the completion
// time is the last arrival.
absl::Status CheckTreeTransfers(const out::NodePlan& plan,
                                const std::vector<TreeNode>& nodes,
                                const std::map<uint32_t, size_t>& index) {
  std::vector<bool> received(nodes.size(), false);
  uint64_t last = 0;
  if (plan.transfers() != nullptr) {
    for (const out::Transfer* t : *plan.transfers()) {
      const auto from = index.find(t->from());
      const auto to = index.find(t->to());
      if (from == index.end() || to == index.end()) {
        return Refuse("a transfer %d -> %d names a node not in \"nodes\"",
                      t->from(), t->to());
      }
      const TreeNode& sender = nodes[from->second];
      const TreeNode& receiver = nodes[to->second];
      if (t->start() >= t->arrival()) {
        return Refuse(
            "transfer %d -> %d starts at %d, not before its arrival "
            "at %d",
            t->from(), t->to(), t->start(), t->arrival());
      }
      if (received[to->second] || t->to() == 0) {
        return Refuse("node %d receives twice", t->to());
      }
      received[to->second] = true;
      if (receiver.parent != int64_t{t->from()} ||
          receiver.arrival != t->arrival()) {
        return Refuse(
            "transfer %d -> %d arriving at %d, but node %d has "
            "parent %d and arrival %d",
            t->from(), t->to(), t->arrival(), t->to(), receiver.parent,
            receiver.arrival);
      }
      if (t->start() < sender.arrival) {
        return Refuse(
            "transfer %d -> %d starts at %d, before node %d has the "
            "message (at %d)",
            t->from(), t->to(), t->start(), t->from(), sender.arrival);
      }
      last = std::max(last, t->arrival());
    }
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].id != 0 && !received[i]) {
      return Refuse("node %d receives no transfer", nodes[i].id);
    }
  }
  if (plan.completion_time() != last) {
    return Refuse("completion_time is %d, but the last arrival is at %d",
                  plan.completion_time(), last);
  }
  return absl::OkStatus();
}

// The node model's evaluator re-times the tree from the type costs (the
// i-th send of v arrives at t(v) + i C(type(v))); the plan's times must be
// its times. The evaluator takes canonical ids by group: the source, then
// destinations by type, then relays by type.
absl::Status EvaluateNodePlan(const out::NodePlan& plan,
                              const std::vector<TreeNode>& nodes,
                              const std::map<uint32_t, size_t>& index) {
  const auto* type_costs = plan.type_costs();
  if (type_costs == nullptr || type_costs->size() == 0 ||
      type_costs->size() > HETCAST_MAX_TYPES) {
    return Refuse("type_costs: a node plan lists 1 to %d type costs",
                  HETCAST_MAX_TYPES);
  }
  const size_t k = type_costs->size();
  if (plan.type_names() != nullptr && plan.type_names()->size() != k) {
    return Refuse("type_names has %d names; type_costs has %d types",
                  plan.type_names()->size(), k);
  }
  std::vector<uint64_t> costs(type_costs->begin(), type_costs->end());
  std::vector<uint64_t> counts(k, 0), relays(k, 0);
  std::vector<size_t> order;  // Plan indices in canonical id order.
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].group >= k) {
      return Refuse("node %d is of type %d; type_costs has %d types",
                    nodes[i].id, nodes[i].group, k);
    }
    if (nodes[i].id == 0) continue;
    ++(nodes[i].relay ? relays : counts)[nodes[i].group];
    order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::make_pair(nodes[a].relay, nodes[a].group) <
           std::make_pair(nodes[b].relay, nodes[b].group);
  });
  order.insert(order.begin(), index.at(0));
  std::vector<uint32_t> canonical(nodes.size());
  for (size_t c = 0; c < order.size(); ++c) {
    canonical[order[c]] = static_cast<uint32_t>(c);
  }
  // Each sender's sends in order of start.
  std::vector<const out::Transfer*> transfers;
  if (plan.transfers() != nullptr) {
    transfers.assign(plan.transfers()->begin(), plan.transfers()->end());
  }
  std::stable_sort(transfers.begin(), transfers.end(),
                   [](const out::Transfer* a, const out::Transfer* b) {
                     return a->start() < b->start();
                   });
  std::vector<hetcast_send> sends;
  for (const out::Transfer* t : transfers) {
    sends.push_back(
        {canonical[index.at(t->from())], canonical[index.at(t->to())]});
  }
  const hetcast_node_request request = {
      costs.data(), k, nodes[index.at(0)].group, counts.data(), relays.data()};
  size_t bytes = 0;
  hetcast_status status = hetcast_node_evaluate_workspace_size(
      &request, sends.size(), &bytes, nullptr);
  std::vector<uint64_t> workspace(bytes / sizeof(uint64_t) + 1);
  std::vector<hetcast_node> timed(nodes.size());
  hetcast_answer answer;
  if (status == HETCAST_OK) {
    status = hetcast_node_evaluate(&request, sends.data(), sends.size(),
                                   workspace.data(), bytes, timed.data(),
                                   timed.size(), nullptr, 0, &answer, nullptr);
  }
  if (status != HETCAST_OK) {
    return Refuse("the node model's evaluator refuses the plan: %s",
                  hetcast_status_str(status));
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    const uint64_t arrival = timed[canonical[i]].arrival;
    if (arrival != nodes[i].arrival) {
      return Refuse(
          "node %d arrives at %d, but the node model's rule (each "
          "sender's i-th send arrives i x its type's cost after "
          "it received) gives %d",
          nodes[i].id, nodes[i].arrival, arrival);
    }
  }
  for (const out::Transfer* t : transfers) {
    const uint64_t cost = costs[nodes[index.at(t->from())].group];
    if (t->arrival() - t->start() != cost) {
      return Refuse(
          "transfer %d -> %d takes %d ticks; its sender's type "
          "costs %d",
          t->from(), t->to(), t->arrival() - t->start(), cost);
    }
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Graph plans: one tree of named nodes and a period of slots.

absl::Status CheckGraphNodes(const out::GraphPlan& plan,
                             std::map<std::string, uint32_t>* index,
                             uint32_t* source) {
  if (plan.nodes() == nullptr || plan.nodes()->size() < 2) {
    return Refuse("\"nodes\": a graph plan has its source and a target");
  }
  std::vector<std::string> names;
  size_t sources = 0;
  for (const out::GraphNode* node : *plan.nodes()) {
    const std::string name = node->name() == nullptr ? "" : node->name()->str();
    if (!index->emplace(name, names.size()).second) {
      return Refuse("node '%s' is listed twice", name);
    }
    if (node->role() != nullptr && node->role()->str() == "source") {
      *source = static_cast<uint32_t>(names.size());
      ++sources;
    }
    names.push_back(name);
  }
  if (sources != 1) return Refuse("%d nodes have the role source", sources);
  std::vector<size_t> parent(names.size(), SIZE_MAX);
  for (size_t v = 0; v < names.size(); ++v) {
    const out::GraphNode* node = plan.nodes()->Get(static_cast<uint32_t>(v));
    if (v == *source) {
      if (node->parent() != nullptr) {
        return Refuse("the source '%s' has a parent", names[v]);
      }
      continue;
    }
    const std::string name =
        node->parent() == nullptr ? "" : node->parent()->str();
    const auto it = index->find(name);
    if (it == index->end()) {
      return Refuse("node '%s''s parent '%s' is not in \"nodes\"", names[v],
                    name);
    }
    parent[v] = it->second;
  }
  return CheckParentChains(parent, *source, names);
}

// The node of `name` in the plan, or an error naming `what`.
absl::StatusOr<uint32_t> GraphNodeOf(
    const flatbuffers::String* name,
    const std::map<std::string, uint32_t>& index, const std::string& what) {
  const auto it = index.find(name == nullptr ? "" : name->str());
  if (it == index.end()) {
    return Refuse("%s names '%s', not in \"nodes\"", what,
                  name == nullptr ? "" : name->str());
  }
  return it->second;
}

// The slots: declared nodes, inside [0, period).
absl::StatusOr<std::vector<hetcast_graph_slot>> GraphSlots(
    const out::GraphSchedule& schedule,
    const std::map<std::string, uint32_t>& index) {
  std::vector<hetcast_graph_slot> slots;
  if (schedule.slots() == nullptr) return slots;
  for (const out::GraphSlot* s : *schedule.slots()) {
    hetcast_graph_slot slot = {s->start(), s->duration(), 0,
                               0,          s->tree(),     s->amount()};
    absl::StatusOr<uint32_t> from = GraphNodeOf(s->from(), index, "a slot");
    if (!from.ok()) return from.status();
    absl::StatusOr<uint32_t> to = GraphNodeOf(s->to(), index, "a slot");
    if (!to.ok()) return to.status();
    slot.from = *from;
    slot.to = *to;
    if (slot.duration > schedule.period() ||
        slot.start > schedule.period() - slot.duration) {
      return Refuse("slot %s -> %s [%d, +%d) ends after the period %d",
                    s->from()->str(), s->to()->str(), slot.start, slot.duration,
                    schedule.period());
    }
    slots.push_back(slot);
  }
  return slots;
}

// The tree's edges as a platform, each edge's cost read from its first
// slot (duration x parts / amount: the evaluator checks every slot
// against it); an edge without a slot costs 1 (the evaluator finds it
// carries nothing).
absl::StatusOr<std::vector<hetcast_graph_edge>> GraphEdges(
    const out::GraphTree& tree, const out::GraphSchedule& schedule,
    const std::vector<hetcast_graph_slot>& slots,
    const std::map<std::string, uint32_t>& index) {
  std::vector<hetcast_graph_edge> edges;
  if (tree.edges() == nullptr) return edges;
  std::map<std::pair<uint32_t, uint32_t>, size_t> first_slot;
  for (size_t i = 0; i < slots.size(); ++i) {
    first_slot.emplace(std::make_pair(slots[i].from, slots[i].to), i);
  }
  for (const out::NamedEdge* e : *tree.edges()) {
    absl::StatusOr<uint32_t> from =
        GraphNodeOf(e->from(), index, "a tree edge");
    if (!from.ok()) return from.status();
    absl::StatusOr<uint32_t> to = GraphNodeOf(e->to(), index, "a tree edge");
    if (!to.ok()) return to.status();
    hetcast_graph_edge edge = {*from, *to, 1};
    const auto slot = first_slot.find({*from, *to});
    if (slot != first_slot.end()) {
      const hetcast_graph_slot& s = slots[slot->second];
      const unsigned __int128 moved =
          static_cast<unsigned __int128>(s.duration) * schedule.parts();
      if (s.amount == 0 || moved % s.amount != 0 || moved / s.amount == 0 ||
          moved / s.amount > HETCAST_MAX_COST) {
        return Refuse(
            "slot %s -> %s: duration %d x %d parts / amount %d is "
            "not an edge cost (1 to 2^40)",
            e->from()->str(), e->to()->str(), s.duration, schedule.parts(),
            s.amount);
      }
      edge.cost = static_cast<uint64_t>(moved / s.amount);
    }
    edges.push_back(edge);
  }
  return edges;
}

absl::Status EvaluateGraphPlan(const out::GraphPlan& plan,
                               const std::map<std::string, uint32_t>& index,
                               uint32_t source) {
  const out::GraphSchedule* schedule = plan.schedule();
  if (schedule == nullptr) return Refuse("the plan has no \"schedule\"");
  if (schedule->period() == 0 || schedule->messages() == 0 ||
      schedule->parts() == 0) {
    return Refuse(
        "schedule: period %d, messages %d and parts %d must be at "
        "least 1",
        schedule->period(), schedule->messages(), schedule->parts());
  }
  if (plan.trees() == nullptr || plan.trees()->size() != 1) {
    return Refuse("\"trees\": render draws one tree (MCPH's)");
  }
  absl::StatusOr<std::vector<hetcast_graph_slot>> slots =
      GraphSlots(*schedule, index);
  if (!slots.ok()) return slots.status();
  absl::StatusOr<std::vector<hetcast_graph_edge>> edges =
      GraphEdges(*plan.trees()->Get(0), *schedule, *slots, index);
  if (!edges.ok()) return edges.status();
  std::vector<uint32_t> targets;
  for (uint32_t v = 0; v < plan.nodes()->size(); ++v) {
    const auto* role = plan.nodes()->Get(v)->role();
    if (role != nullptr && role->str() == "target") targets.push_back(v);
  }
  const hetcast_graph_request request = {plan.nodes()->size(),
                                         edges->data(),
                                         edges->size(),
                                         source,
                                         targets.data(),
                                         targets.size(),
                                         0};
  if (schedule->messages() > UINT64_MAX / schedule->parts()) {
    return Refuse("schedule: messages x parts is beyond 64 bits");
  }
  const hetcast_graph_route route = {0,
                                     schedule->messages() * schedule->parts()};
  std::vector<hetcast_graph_route_edge> route_edges;
  for (const hetcast_graph_edge& e : *edges) {
    route_edges.push_back({0, e.from, e.to});
  }
  const hetcast_graph_schedule periodic = {schedule->period(),
                                           schedule->messages(),
                                           schedule->parts(),
                                           &route,
                                           1,
                                           route_edges.data(),
                                           route_edges.size(),
                                           slots->data(),
                                           slots->size()};
  size_t bytes = 0;
  hetcast_status status = hetcast_graph_evaluate_workspace_size(
      &request, &periodic, &bytes, nullptr);
  std::vector<uint64_t> workspace(bytes / sizeof(uint64_t) + 1);
  hetcast_graph_evaluation evaluation = {};
  const char* why = "";
  if (status == HETCAST_OK) {
    status = hetcast_graph_evaluate(&request, &periodic, workspace.data(),
                                    bytes, &evaluation, &why);
  }
  if (status == HETCAST_INVALID_SCHEDULE) {
    return Refuse("the graph model's evaluator refuses the schedule: %s", why);
  }
  if (status != HETCAST_OK) {
    return Refuse("the graph model's evaluator refuses the tree: %s",
                  hetcast_status_str(status));
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------
// Non-blocking plans.

absl::Status CheckNonblockingTransfer(const out::NonblockingTransfer& t,
                                      size_t n) {
  if (t.from() >= n || t.to() >= n || t.source() >= n) {
    return Refuse(
        "transfer %d -> %d of message %d (from %d) names a node "
        "past the %d in \"nodes\"",
        t.from(), t.to(), t.message(), t.source(), n);
  }
  if (t.from() == t.to() || t.to() == t.source()) {
    return Refuse(
        "transfer %d -> %d of message %d sends to itself or to "
        "the message's source",
        t.from(), t.to(), t.message());
  }
  if (!(t.start() <= t.arrival() && t.arrival() <= t.receive_start() &&
        t.receive_start() <= t.end())) {
    return Refuse(
        "transfer %d -> %d: start %d, arrival %d, receive_start %d "
        "and end %d are out of order",
        t.from(), t.to(), t.start(), t.arrival(), t.receive_start(), t.end());
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckNodePlan(const out::NodePlan& plan) {
  const bool cluster =
      plan.model() != nullptr && plan.model()->str() == "cluster";
  absl::StatusOr<std::vector<TreeNode>> nodes = TreeNodes(plan, cluster);
  if (!nodes.ok()) return nodes.status();
  absl::StatusOr<std::map<uint32_t, size_t>> index = IndexOfIds(*nodes);
  if (!index.ok()) return index.status();
  absl::Status status = CheckTreeParents(*nodes, *index);
  if (!status.ok()) return status;
  status = CheckTreeTransfers(plan, *nodes, *index);
  if (!status.ok() || cluster) return status;
  return EvaluateNodePlan(plan, *nodes, *index);
}

absl::Status CheckNonblockingPlan(const out::NonblockingPlan& plan) {
  const size_t n = plan.nodes() == nullptr ? 0 : plan.nodes()->size();
  if (plan.transfers() == nullptr) return absl::OkStatus();
  // Each (message, destination) is received once; a relay sends a message
  // only once its receive of it has ended.
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> received;
  uint64_t last = 0;
  for (const out::NonblockingTransfer* t : *plan.transfers()) {
    absl::Status status = CheckNonblockingTransfer(*t, n);
    if (!status.ok()) return status;
    if (!received.emplace(std::make_pair(t->message(), t->to()), t->end())
             .second) {
      return Refuse("node %d receives message %d twice", t->to(), t->message());
    }
    last = std::max(last, t->end());
  }
  for (const out::NonblockingTransfer* t : *plan.transfers()) {
    if (t->from() == t->source()) continue;
    const auto it = received.find(std::make_pair(t->message(), t->from()));
    if (it == received.end() || it->second > t->start()) {
      return Refuse(
          "node %d relays message %d at %d before it has received "
          "it",
          t->from(), t->message(), t->start());
    }
  }
  if (plan.completion_time() != last) {
    return Refuse("completion_time is %d, but the last receive ends at %d",
                  plan.completion_time(), last);
  }
  return absl::OkStatus();
}

absl::Status CheckGraphPlan(const out::GraphPlan& plan) {
  std::map<std::string, uint32_t> index;
  uint32_t source = 0;
  absl::Status status = CheckGraphNodes(plan, &index, &source);
  if (!status.ok()) return status;
  return EvaluateGraphPlan(plan, index, source);
}

}  // namespace hetcast
