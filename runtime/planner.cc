// planner.cc: hetcast_plan, the one entry point over every model (hetcast.h,
// "The planner"). It decides which algorithm answers and why, then calls the
// model's own function; it computes nothing of its own beyond that choice and
// the guarantee the choice carries.
//
// The choice is made twice for a plan, once in hetcast_plan_sizes and once in
// hetcast_plan, from the same request by the same code (Choose), so the
// sizes always belong to the algorithm that runs.
#include <string.h>

#include "runtime/arena.h"
#include "runtime/cluster/algorithms.h"
#include "runtime/cluster/layout.h"
#include "runtime/graph/algorithms.h"
#include "runtime/graph/graph.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/algorithms.h"
#include "runtime/nonblocking/algorithms.h"
#include "runtime/nonblocking/request.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// The algorithm that answers a request, why, and what it needs.
struct Choice {
  hetcast_model model = HETCAST_MODEL_NODE;
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_NONE;
  hetcast_choice why = HETCAST_CHOICE_MODEL;
  hetcast_sizes sizes = {};
  // Bytes the algorithm itself needs (the rest of sizes.workspace_bytes is
  // for the participant query's copy of the whole plan).
  size_t algorithm_bytes = 0;
  // Node model: the prepared request, and the costs a profile gives a
  // request that leaves them out.
  NodePrepared node;
  uint64_t costs[HETCAST_MAX_TYPES] = {};
  // Cluster model: the checked request and the row that plans it.
  ClusterLayout cluster_layout = {};
  const ClusterAlgorithm* cluster_row = nullptr;
};

void TakeNodeSizes(const hetcast_node_sizes& need, Choice* choice) {
  choice->sizes.node_count = need.node_count;
  choice->sizes.transfer_count = need.transfer_count;
  choice->sizes.fnf_runs = need.fnf_runs;
  choice->algorithm_bytes = need.workspace_bytes;
}

// ---------------------------------------------------------------------------
// Node model: a covering profile's table, else FNF (node/algorithms.h).

hetcast_status ChooseNode(const hetcast_request& request, Choice* choice,
                          const char** error) {
  const NodeProfiles profiles = {request.profiles, request.profile_count,
                                 choice->costs};
  const hetcast_status status = PrepareNodePlan(
      request.node, profiles, request.algorithm, &choice->node, error);
  if (status != HETCAST_OK) return status;
  choice->algorithm = choice->node.algorithm;
  choice->why = choice->node.why;
  TakeNodeSizes(choice->node.sizes, choice);
  return HETCAST_OK;
}

// ---------------------------------------------------------------------------
// The models whose every algorithm plans every valid request (multi-source,
// graph): the pinned one if its table has it, else the table's first row.

hetcast_status PinOrDefault(hetcast_algorithm pin, hetcast_algorithm first,
                            bool in_table, const char* refusal, Choice* choice,
                            const char** error) {
  choice->algorithm = first;
  choice->why = HETCAST_CHOICE_MODEL;
  if (pin == HETCAST_ALGORITHM_NONE) return HETCAST_OK;
  if (!in_table) return Reject(HETCAST_INVALID_ARGUMENT, refusal, error);
  choice->algorithm = pin;
  choice->why = HETCAST_CHOICE_PINNED;
  return HETCAST_OK;
}

// ---------------------------------------------------------------------------
// Cluster model: the row of its algorithm table (cluster/algorithms.h) that
// plans the request, the default's unless pinned.

hetcast_status ChooseCluster(const hetcast_request& request, Choice* choice,
                             const char** error) {
  const bool pinned = request.algorithm != HETCAST_ALGORITHM_NONE;
  choice->algorithm = pinned ? request.algorithm : ClusterDefaultAlgorithm();
  choice->why = pinned ? HETCAST_CHOICE_PINNED : HETCAST_CHOICE_MODEL;
  const hetcast_status status =
      PrepareClusterPlan(request.cluster, choice->algorithm,
                         &choice->cluster_layout, &choice->cluster_row, error);
  if (status != HETCAST_OK) return status;
  hetcast_node_sizes need = {};
  const hetcast_status sized =
      ClusterPlanSizes(choice->cluster_layout, &need, error);
  if (sized != HETCAST_OK) return sized;
  TakeNodeSizes(need, choice);
  return HETCAST_OK;
}

// ---------------------------------------------------------------------------
// Non-blocking model: WRP unless pinned.

hetcast_status ChooseNonblocking(const hetcast_request& request, Choice* choice,
                                 const char** error) {
  hetcast_status status = PinOrDefault(
      request.algorithm, NonblockingAlgorithmAt(0)->algorithm,
      FindNonblockingAlgorithm(request.algorithm) != nullptr,
      "the non-blocking model has no such algorithm (hetcast_model_algorithm "
      "lists its algorithms)",
      choice, error);
  if (status != HETCAST_OK) return status;
  NonblockingProblem nb;
  NonblockingRejection rejection = {};
  status = NonblockingShape(request.nonblocking, &nb, &rejection);
  if (status != HETCAST_OK) return Reject(status, rejection.reason, error);
  hetcast_nonblocking_sizes need;
  NonblockingPlanSizes(nb, &need);
  choice->sizes.node_count = request.nonblocking->node_count;
  choice->sizes.task_count = need.task_count;
  choice->sizes.list_begin_count = request.nonblocking->node_count + 1;
  choice->algorithm_bytes = need.workspace_bytes;
  return HETCAST_OK;
}

// ---------------------------------------------------------------------------
// Graph model: MCPH, the runtime's one algorithm for it.

hetcast_status ChooseGraph(const hetcast_request& request, Choice* choice,
                           const char** error) {
  hetcast_status status = PinOrDefault(
      request.algorithm, GraphAlgorithmAt(0)->algorithm,
      FindGraphAlgorithm(request.algorithm) != nullptr,
      "the graph model plans with MCPH only in the runtime (the LP bounds "
      "and heuristics are offline tools)",
      choice, error);
  if (status != HETCAST_OK) return status;
  hetcast_graph_sizes need;
  status = GraphPlanSizes(request.graph, &need, error);
  if (status != HETCAST_OK) return status;
  choice->sizes.node_count = request.graph->node_count;
  choice->sizes.tree_edge_count = need.tree_edge_count;
  choice->sizes.slot_count = need.slot_count;
  choice->algorithm_bytes = need.workspace_bytes;
  return HETCAST_OK;
}

// ---------------------------------------------------------------------------
// Dispatch.

// The arrays a participant query plans into, carved ahead of the
// algorithm's own workspace (measuring when `arena` measures).
struct WholePlan {
  hetcast_plan_output output = {};
  void* workspace = nullptr;
  size_t workspace_size = 0;
};

bool CarveWholePlan(const Choice& choice, Arena* arena, WholePlan* plan) {
  const hetcast_sizes& s = choice.sizes;
  hetcast_plan_output& out = plan->output;
  // The graph model's node_count counts participants; it has no node array.
  const size_t node_entries =
      choice.model == HETCAST_MODEL_GRAPH ? 0 : s.node_count;
  out.nodes = arena->Allocate<hetcast_node>(node_entries);
  out.node_capacity = node_entries;
  out.transfers = arena->Allocate<hetcast_transfer>(s.transfer_count);
  out.transfer_capacity = s.transfer_count;
  out.tasks = arena->Allocate<hetcast_nonblocking_task>(s.task_count);
  out.task_capacity = s.task_count;
  out.list_begin = arena->Allocate<size_t>(s.list_begin_count);
  out.list_begin_capacity = s.list_begin_count;
  out.tree_edges = arena->Allocate<hetcast_graph_route_edge>(s.tree_edge_count);
  out.tree_edge_capacity = s.tree_edge_count;
  out.slots = arena->Allocate<hetcast_graph_slot>(s.slot_count);
  out.slot_capacity = s.slot_count;
  const size_t words = choice.algorithm_bytes / 8 + 1;
  plan->workspace = arena->Allocate<uint64_t>(words);
  plan->workspace_size = words * 8;
  return !arena->failed();
}

hetcast_status Choose(const hetcast_request* request, Choice* choice,
                      const char** error) {
  if (request == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "request is NULL", error);
  }
  const int given = (request->node != nullptr) + (request->cluster != nullptr) +
                    (request->nonblocking != nullptr) +
                    (request->graph != nullptr);
  const bool right =
      (request->model == HETCAST_MODEL_NODE && request->node != nullptr) ||
      (request->model == HETCAST_MODEL_CLUSTER &&
       request->cluster != nullptr) ||
      (request->model == HETCAST_MODEL_NONBLOCKING &&
       request->nonblocking != nullptr) ||
      (request->model == HETCAST_MODEL_GRAPH && request->graph != nullptr);
  if (given != 1 || !right) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "the request must give exactly one model request, the one "
                  "its model names",
                  error);
  }
  choice->model = request->model;
  hetcast_status status = request->model == HETCAST_MODEL_NODE
                              ? ChooseNode(*request, choice, error)
                          : request->model == HETCAST_MODEL_CLUSTER
                              ? ChooseCluster(*request, choice, error)
                          : request->model == HETCAST_MODEL_GRAPH
                              ? ChooseGraph(*request, choice, error)
                              : ChooseNonblocking(*request, choice, error);
  if (status != HETCAST_OK) return status;
  Arena measure;
  WholePlan plan;
  CarveWholePlan(*choice, &measure, &plan);
  if (measure.failed()) {
    return Reject(HETCAST_TOO_LARGE, "the plan's arrays overflow size_t",
                  error);
  }
  choice->sizes.workspace_bytes = measure.used();
  choice->sizes.plan_workspace_bytes = choice->algorithm_bytes;
  choice->sizes.algorithm = choice->algorithm;
  choice->sizes.choice = choice->why;
  return HETCAST_OK;
}

// The graph answer in hetcast_answer's terms (hetcast.h, hetcast_plan_info):
// no completion time; counts of the tree.
hetcast_answer GraphAnswerSummary(const hetcast_graph_request& request,
                                  const hetcast_graph_answer& graph) {
  hetcast_answer answer;
  memset(&answer, 0, sizeof(answer));
  answer.algorithm = graph.algorithm;
  answer.exact = graph.exact;
  answer.lower_bound_kind = graph.lower_bound_kind;
  answer.node_count = request.node_count;
  answer.participant_count = graph.tree_node_count;
  answer.transfer_count = graph.tree_edge_count;
  return answer;
}

void FillInfo(const hetcast_request& request, const Choice& choice,
              const hetcast_answer& answer, const hetcast_graph_answer& graph,
              hetcast_plan_info* info) {
  info->answer = answer;
  memcpy(&info->graph, &graph, sizeof(graph));
  info->model = request.model;
  info->choice = choice.why;
  info->profile_index = choice.node.profile_index;
  const Guarantee g = request.model == HETCAST_MODEL_NODE
                          ? NodeGuarantee(choice.node)
                      : request.model == HETCAST_MODEL_CLUSTER
                          ? choice.cluster_row->guarantee
                          : kNoGuarantee;  // WRP and MCPH are heuristics.
  info->factor_numerator = g.numerator;
  info->factor_denominator = g.denominator;
  info->additive = g.additive;
  info->guarantee_source = g.source;
}

hetcast_status CheckOutput(const Choice& choice, const hetcast_plan_output* out,
                           const char** why) {
  const hetcast_sizes& s = choice.sizes;
  if (out == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "output is NULL", why);
  }
  if (choice.model == HETCAST_MODEL_GRAPH) {
    if (out->tree_edges == nullptr || out->slots == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "graph plan: output tree_edges or slots is NULL", why);
    }
    return out->tree_edge_capacity < s.tree_edge_count ||
                   out->slot_capacity < s.slot_count
               ? Reject(HETCAST_OUTPUT_TOO_SMALL,
                        "graph plan: output tree_edges or slots holds fewer "
                        "entries than hetcast_plan_sizes said",
                        why)
               : HETCAST_OK;
  }
  if (s.task_count != 0 || s.list_begin_count != 0) {
    if (out->tasks == nullptr || out->list_begin == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "non-blocking plan: output tasks or list_begin is NULL",
                    why);
    }
    return out->task_capacity < s.task_count ||
                   out->list_begin_capacity < s.list_begin_count
               ? Reject(HETCAST_OUTPUT_TOO_SMALL,
                        "non-blocking plan: output tasks or list_begin holds "
                        "fewer entries than hetcast_plan_sizes said",
                        why)
               : HETCAST_OK;
  }
  return out->nodes == nullptr
             ? Reject(HETCAST_INVALID_ARGUMENT, "output nodes is NULL", why)
             : HETCAST_OK;
}

// The non-blocking model's run: the request prepared once in the
// workspace, its refusal's reason (the costs or destinations
// hetcast_nonblocking_plan_sizes does not read) in `*why`, then the chosen row
// of its algorithm table, and the default's other rows when unpinned.
hetcast_status RunNonblocking(const hetcast_nonblocking_request& request,
                              const Choice& choice, void* workspace,
                              size_t workspace_size,
                              const hetcast_plan_output& out,
                              hetcast_answer* answer, const char** why) {
  *answer = hetcast_answer();
  NonblockingProblem nb;
  NonblockingScratch s;
  NonblockingRejection rejection = {};
  const hetcast_status status = NonblockingPrepare(
      &request, workspace, workspace_size, &nb, &s, &rejection);
  if (status != HETCAST_OK) return Reject(status, rejection.reason, why);
  return PlanPreparedNonblocking(
      nb, s, *FindNonblockingAlgorithm(choice.algorithm),
      /*with_default=*/choice.why == HETCAST_CHOICE_MODEL, out.tasks,
      out.task_capacity, out.list_begin, answer, why);
}

// Runs the chosen algorithm into `out`. `*answer` is always filled; the
// graph model also fills `*graph` (and summarizes it in `*answer`).
// `refine_bound` false: FNF leaves out its bound's prefix search (fnf.h).
hetcast_status Run(const hetcast_request& request, const Choice& choice,
                   bool refine_bound, void* workspace, size_t workspace_size,
                   const hetcast_plan_output& out, hetcast_answer* answer,
                   hetcast_graph_answer* graph, const char** why) {
  memset(graph, 0, sizeof(*graph));
  if (choice.model == HETCAST_MODEL_NONBLOCKING) {
    return RunNonblocking(*request.nonblocking, choice, workspace,
                          workspace_size, out, answer, why);
  }
  if (choice.model == HETCAST_MODEL_CLUSTER) {
    return PlanPreparedCluster(
        choice.cluster_layout, *choice.cluster_row,
        /*with_default=*/choice.why == HETCAST_CHOICE_MODEL, workspace,
        workspace_size, out.nodes, out.node_capacity, out.transfers,
        out.transfer_capacity, answer, why);
  }
  if (choice.model == HETCAST_MODEL_GRAPH) {
    const hetcast_status status =
        GraphPlan(request.graph, choice.algorithm, workspace, workspace_size,
                  out.tree_edges, out.tree_edge_capacity, out.slots,
                  out.slot_capacity, graph, why);
    *answer = GraphAnswerSummary(*request.graph, *graph);
    return status;
  }
  return PlanPreparedNode(choice.node, refine_bound, workspace, workspace_size,
                          out.nodes, out.node_capacity, out.transfers,
                          out.transfer_capacity, answer, why);
}

// A graph participant's slots and its place in the tree (hetcast.h,
// hetcast_participant). The slots are sorted by (start, from), so a
// sender's come in the order it sends them.
hetcast_status CutGraphParticipant(const hetcast_graph_request& request,
                                   const WholePlan& plan,
                                   const hetcast_graph_answer& graph,
                                   uint32_t id, hetcast_participant* out) {
  hetcast_node& node = out->node;
  memset(&node, 0, sizeof(node));
  node.parent = HETCAST_NO_NODE;
  node.arrival = id == request.source ? 0 : HETCAST_NEVER;
  node.is_relay = id != request.source;
  for (size_t i = 0; i < request.target_count; ++i) {
    if (request.targets[i] == id) node.is_relay = 0;
  }
  const hetcast_graph_slot* slots = plan.output.slots;
  const hetcast_graph_slot* received = nullptr;
  out->count = 0;
  for (size_t t = 0; t < graph.slot_count; ++t) {
    if (slots[t].to == id) received = &slots[t];
    if (slots[t].from != id) continue;
    if (out->count < out->slot_capacity) out->slots[out->count] = slots[t];
    ++out->count;
  }
  if (received != nullptr) {
    node.parent = received->from;
    node.arrival = received->start + received->duration;
    for (size_t t = 0; t < graph.slot_count; ++t) {
      if (slots[t].from == node.parent && slots[t].start <= received->start) {
        ++node.send_index;
      }
    }
  }
  return out->count > out->slot_capacity ? HETCAST_OUTPUT_TOO_SMALL
                                         : HETCAST_OK;
}

// One participant's part, cut out of a whole plan.
hetcast_status CutParticipant(const hetcast_request& request,
                              const Choice& choice, const WholePlan& plan,
                              const hetcast_answer& answer,
                              const hetcast_graph_answer& graph, uint32_t id,
                              hetcast_participant* out) {
  if (choice.model == HETCAST_MODEL_GRAPH) {
    return CutGraphParticipant(*request.graph, plan, graph, id, out);
  }
  if (choice.sizes.task_count != 0) {
    const size_t begin = plan.output.list_begin[id];
    const size_t end = plan.output.list_begin[id + 1];
    out->count = end - begin;
    const size_t n =
        out->count < out->task_capacity ? out->count : out->task_capacity;
    if (n != 0)
      memcpy(out->tasks, plan.output.tasks + begin, n * sizeof(*out->tasks));
    return n < out->count ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
  }
  out->node = plan.output.nodes[id];
  out->count = 0;
  // Transfers are sorted by (start, from): a sender's sends come in order.
  for (size_t t = 0; t < answer.transfer_count; ++t) {
    if (plan.output.transfers[t].from != id) continue;
    if (out->count < out->send_capacity) {
      out->sends[out->count] = plan.output.transfers[t];
    }
    ++out->count;
  }
  return out->count > out->send_capacity ? HETCAST_OUTPUT_TOO_SMALL
                                         : HETCAST_OK;
}

}  // namespace

extern "C" {

HETCAST_API hetcast_status hetcast_plan_sizes(const hetcast_request* request,
                                              hetcast_sizes* sizes,
                                              const char** why) {
  return ExplainedInto(sizes, "sizes is NULL", why, [&](const char** reason) {
    Choice choice;
    const hetcast_status status = Choose(request, &choice, reason);
    if (status == HETCAST_OK) *sizes = choice.sizes;
    return status;
  });
}

HETCAST_API hetcast_status hetcast_plan(const hetcast_request* request,
                                        void* workspace, size_t workspace_size,
                                        const hetcast_plan_output* output,
                                        hetcast_plan_info* info,
                                        const char** why) {
  return Explained(why, [&](const char** reason) {
    if (info == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT, "info is NULL", reason);
    }
    memset(info, 0, sizeof(*info));
    info->profile_index = SIZE_MAX;
    Choice choice;
    hetcast_status status = Choose(request, &choice, reason);
    if (status != HETCAST_OK) return status;
    status = CheckOutput(choice, output, reason);
    if (status != HETCAST_OK) return status;
    hetcast_answer answer;
    hetcast_graph_answer graph;
    status = Run(*request, choice, /*refine_bound=*/true, workspace,
                 workspace_size, *output, &answer, &graph, reason);
    if (status == HETCAST_OK) FillInfo(*request, choice, answer, graph, info);
    return status;
  });
}

HETCAST_API hetcast_status hetcast_plan_participant(
    const hetcast_request* request, uint32_t participant, void* workspace,
    size_t workspace_size, hetcast_participant* out, const char** why) {
  return Explained(why, [&](const char** reason) {
    if (out == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT, "out is NULL", reason);
    }
    out->count = 0;
    Choice choice;
    hetcast_status status = Choose(request, &choice, reason);
    if (status != HETCAST_OK) return status;
    if (participant >= choice.sizes.node_count) {
      return Reject(HETCAST_INVALID_ARGUMENT, "participant id out of range",
                    reason);
    }
    if (choice.algorithm == HETCAST_ALGORITHM_TABLE) {
      // An exact profile's query needs no workspace; the contract is still
      // the one of hetcast_plan_sizes.
      if (workspace_size < choice.algorithm_bytes) {
        return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                      "workspace smaller than hetcast_plan_sizes asked for",
                      reason);
      }
      return hetcast_profile_node_role(
          choice.node.profile, &choice.node.request, participant, workspace,
          workspace_size, &out->node, out->sends, out->send_capacity,
          &out->count, reason);
    }
    Arena arena(workspace, workspace_size);
    WholePlan plan;
    if (!CarveWholePlan(choice, &arena, &plan)) {
      return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                    "workspace smaller than hetcast_plan_sizes asked for",
                    reason);
    }
    hetcast_answer answer;
    hetcast_graph_answer graph;
    status = Run(*request, choice, /*refine_bound=*/false, plan.workspace,
                 plan.workspace_size, plan.output, &answer, &graph, reason);
    if (status != HETCAST_OK) return status;
    return Reject(
        CutParticipant(*request, choice, plan, answer, graph, participant, out),
        "the participant's sends, tasks or slots are more than "
        "out's capacity holds (out->count says how many)",
        reason);
  });
}

}  // extern "C"

}  // namespace internal
}  // namespace hetcast
