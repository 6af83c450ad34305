// node_api.cc: the C API of the node model (hetcast.h): FNF planning with
// relays (Khuller & Kim Theorem 7.1), evaluation and lower bounds.
#include <algorithm>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/algorithms.h"
#include "runtime/node/depth_first_order.h"
#include "runtime/node/evaluator.h"
#include "runtime/node/fnf.h"
#include "runtime/node/layout.h"
#include "runtime/node/lower_bound.h"
#include "runtime/node/relays.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// Relay classes FNF may use, cheapest first (written to `classes` unless it
// is NULL), and in `*useful_relays` the most relays worth trying: the rule
// of Khuller & Kim Theorem 7.1 and its proof are in relays.h. (For FNF it is
// also plain that a relay no cheaper than every destination cannot help: it
// is informed after all of them in FNF's receive order.)
uint32_t UsefulRelayClasses(const NodeLayout& layout, uint32_t* classes,
                            uint64_t* useful_relays) {
  *useful_relays = 0;
  if (layout.relay_count == nullptr) return 0;
  const uint32_t k = layout.type_count;
  UsefulRelays useful;
  FindUsefulRelays(k, layout.cost, layout.destination_count, layout.relay_count,
                   &useful);
  for (uint32_t i = 0; classes != nullptr && i < useful.type_count; ++i) {
    classes[i] = k + useful.types[i];
  }
  *useful_relays = useful.max_relays;
  return useful.type_count;
}

// hetcast_node_plan's workspace. The per-class arrays are carved too, so
// that the stack holds no array of HETCAST_MAX_TYPES entries.
struct PlanScratch {
  FnfScratch fnf;
  uint32_t* inform;         // Per class: how many of its ids FNF informs.
  uint32_t* relay_classes;  // UsefulRelayClasses' classes.
  hetcast_node* fnf_nodes;  // FNF's schedule before the relabelling.
  RelabelScratch relabel;
  // Only when relays can help:
  hetcast_node* pruned_nodes;
  uint32_t* order;
  uint8_t* useful;
  hetcast_send* sends;
  EvaluatorScratch evaluator;
  // The nested-slots bound's (runtime/node/lower_bound.h).
  unsigned char* bound;
  size_t bound_bytes;
};

// Carves the layout's classes and `scratch` (measuring when `arena`
// measures: hetcast_node_plan_sizes runs the same code).
bool AllocatePlanScratch(NodeLayout* layout, Arena* arena,
                         PlanScratch* scratch) {
  *scratch = PlanScratch();
  CarveNodeClasses(arena, layout);
  CarveFnfScratch(*layout, arena, &scratch->fnf);
  scratch->inform = arena->Allocate<uint32_t>(layout->class_count);
  scratch->relay_classes = arena->Allocate<uint32_t>(layout->class_count);
  scratch->bound_bytes = NestedSlotsWorkspaceBytes(*layout);
  scratch->bound = arena->Allocate<unsigned char>(scratch->bound_bytes);
  const size_t n = layout->node_count;
  scratch->fnf_nodes = arena->Allocate<hetcast_node>(n);
  CarveRelabel(layout->node_count, layout->type_count, arena,
               &scratch->relabel);
  uint64_t useful_relays;
  if (UsefulRelayClasses(*layout, nullptr, &useful_relays) > 0) {
    scratch->pruned_nodes = arena->Allocate<hetcast_node>(n);
    scratch->order = arena->Allocate<uint32_t>(n);
    scratch->useful = arena->Allocate<uint8_t>(n);
    scratch->sends = arena->Allocate<hetcast_send>(n);
    AllocateEvaluatorScratch(*layout, n, arena, &scratch->evaluator);
  }
  return !arena->failed();
}

// The layout FNF plans in (CapRelays of `layout`: no more relays than can
// help) and its scratch; `layout`'s classes too when the two differ, for
// moving the plan back to the request's ids (measuring when `arena`
// measures: hetcast_node_plan_sizes runs the same code).
bool AllocatePlanLayouts(NodeLayout* layout, Arena* arena, NodeLayout* planned,
                         PlanScratch* scratch) {
  *planned = *layout;
  CapRelays(planned);
  if (!AllocatePlanScratch(planned, arena, scratch)) return false;
  return planned->node_count == layout->node_count ||
         CarveNodeClasses(arena, layout);
}

// Scratch of hetcast_node_evaluate_canonical beyond the evaluator's.
struct CanonicalScratch {
  hetcast_node* raw;  // The evaluation with the ids as given.
  RelabelScratch relabel;
};

// Carves the layout's classes, the evaluator's scratch and, when
// `canonical`, the relabelling's (measuring when `arena` measures:
// hetcast_node_evaluate_workspace_size runs the same code).
bool AllocateEvaluateScratch(NodeLayout* layout, size_t send_count,
                             bool canonical, Arena* arena,
                             EvaluatorScratch* scratch,
                             CanonicalScratch* relabel) {
  CarveNodeClasses(arena, layout);
  AllocateEvaluatorScratch(*layout, send_count, arena, scratch);
  if (canonical) {
    relabel->raw = arena->Allocate<hetcast_node>(layout->node_count);
    CarveRelabel(layout->node_count, layout->type_count, arena,
                 &relabel->relabel);
  }
  return !arena->failed();
}

// FNF on the destinations plus the m cheapest useful relays, for every m;
// the best m (smallest on ties) is pruned of relays that feed no
// destination and re-timed by the evaluator. Writes canonical `nodes`.
hetcast_status PlanFnf(const NodeLayout& layout, const PlanScratch& scratch,
                       hetcast_node* nodes, uint64_t* completion,
                       uint64_t* fnf_completion, size_t* participants) {
  uint32_t* inform = scratch.inform;
  for (uint32_t c = 0; c < layout.class_count; ++c) {
    inform[c] = layout.IsRelayClass(c) ? 0 : layout.SizeOfClass(c);
  }
  uint32_t* relay_classes = scratch.relay_classes;
  uint64_t useful_relays;
  const uint32_t relay_class_count =
      UsefulRelayClasses(layout, relay_classes, &useful_relays);
  auto set_relays = [&](uint64_t m) {
    for (uint32_t i = 0; i < relay_class_count; ++i) {
      const uint32_t c = relay_classes[i];
      const uint64_t take = std::min<uint64_t>(m, layout.SizeOfClass(c));
      inform[c] = static_cast<uint32_t>(take);
      m -= take;
    }
  };

  uint64_t best = HETCAST_NEVER;
  uint64_t best_m = 0;
  for (uint64_t m = 0; m <= useful_relays; ++m) {
    set_relays(m);
    ResetNodes(layout, nodes);
    uint64_t finish;
    hetcast_status status = RunFnf(layout, inform, scratch.fnf, nodes, &finish);
    if (status == HETCAST_OVERFLOW) continue;  // Another m may fit.
    if (status != HETCAST_OK) return status;
    if (finish < best) {
      best = finish;
      best_m = m;
    }
  }
  if (best == HETCAST_NEVER) return HETCAST_OVERFLOW;
  *fnf_completion = best;
  set_relays(best_m);
  // Re-run the best m (FNF's ids: by arrival, fnf.h), then relabel.
  hetcast_node* fnf = scratch.fnf_nodes;
  ResetNodes(layout, fnf);
  uint64_t finish;
  hetcast_status status = RunFnf(layout, inform, scratch.fnf, fnf, &finish);
  if (status != HETCAST_OK) return status;
  if (best_m == 0) {
    RelabelDepthFirst(scratch.relabel, layout.type_count, layout.node_count,
                      fnf, nodes);
    *completion = finish;
    *participants = 1 + layout.destination_total;
    return HETCAST_OK;
  }
  // Drop relays whose subtree holds no destination.
  uint32_t informed = 0;
  for (uint32_t v = 0; v < layout.node_count; ++v) {
    if (fnf[v].arrival != HETCAST_NEVER) scratch.order[informed++] = v;
  }
  std::sort(scratch.order, scratch.order + informed,
            [fnf](uint32_t a, uint32_t b) {
              return fnf[a].arrival != fnf[b].arrival
                         ? fnf[a].arrival < fnf[b].arrival
                         : a < b;
            });
  for (uint32_t v = 0; v < layout.node_count; ++v) {
    scratch.useful[v] = !fnf[v].is_relay ? 1 : 0;
  }
  for (uint32_t i = informed; i-- > 1;) {
    const uint32_t v = scratch.order[i];
    if (scratch.useful[v]) scratch.useful[fnf[v].parent] = 1;
  }
  // Sends in arrival order list each sender's sends in its send order.
  size_t send_count = 0;
  for (uint32_t i = 1; i < informed; ++i) {
    const uint32_t v = scratch.order[i];
    if (scratch.useful[v]) {
      scratch.sends[send_count++] = hetcast_send{fnf[v].parent, v};
    }
  }
  uint64_t pruned_completion;
  status =
      EvaluateStructure(layout, scratch.sends, send_count, scratch.evaluator,
                        scratch.pruned_nodes, &pruned_completion, participants,
                        /*why=*/nullptr);
  if (status != HETCAST_OK) return status;
  RelabelDepthFirst(scratch.relabel, layout.type_count, layout.node_count,
                    scratch.pruned_nodes, nodes);
  *completion = pruned_completion;
  return HETCAST_OK;
}

// The caller's arrays: every id's node, and `transfer_need` transfers when
// `transfers` is given.
hetcast_status CheckOutputs(const NodeLayout& layout, hetcast_node* nodes,
                            size_t node_capacity, hetcast_transfer* transfers,
                            size_t transfer_capacity, size_t transfer_need,
                            const char** why) {
  if (nodes == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "nodes is NULL", why);
  }
  if (node_capacity < layout.node_count) {
    return Reject(HETCAST_OUTPUT_TOO_SMALL,
                  "node_capacity is below the sizes' node_count", why);
  }
  if (transfers == nullptr) {
    return transfer_capacity == 0
               ? HETCAST_OK
               : Reject(HETCAST_INVALID_ARGUMENT,
                        "transfers is NULL but transfer_capacity is not 0",
                        why);
  }
  if (transfer_capacity < transfer_need) {
    return Reject(HETCAST_OUTPUT_TOO_SMALL,
                  "transfer_capacity is below the transfers the schedule "
                  "may have",
                  why);
  }
  return HETCAST_OK;
}

// Fills `answer` and, when given, the sorted transfers of a finished plan.
void FinishAnswer(const NodeLayout& layout, hetcast_algorithm algorithm,
                  uint64_t completion, uint64_t lower_bound,
                  hetcast_bound lower_bound_kind, size_t participants,
                  const hetcast_node* nodes, hetcast_transfer* transfers,
                  hetcast_answer* answer) {
  answer->algorithm = algorithm;
  answer->completion_time = completion;
  answer->lower_bound = lower_bound;
  answer->lower_bound_kind = lower_bound_kind;
  answer->exact = lower_bound == completion ? 1 : 0;
  answer->node_count = layout.node_count;
  answer->participant_count = participants;
  answer->transfer_count = participants - 1;
  if (transfers != nullptr) CollectTransfers(layout, nodes, transfers);
}

hetcast_status Evaluate(const hetcast_node_request* request,
                        const hetcast_send* sends, size_t send_count,
                        void* workspace, size_t workspace_size,
                        hetcast_node* nodes, size_t node_capacity,
                        hetcast_transfer* transfers, size_t transfer_capacity,
                        bool canonical, hetcast_answer* answer,
                        const char** why) {
  if (answer == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "answer is NULL", why);
  }
  *answer = hetcast_answer();
  NodeLayout layout;
  hetcast_status status = BuildNodeLayout(request, &layout, why);
  if (status != HETCAST_OK) return status;
  if (sends == nullptr && send_count > 0) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "sends is NULL but send_count is not 0", why);
  }
  // One transfer per send at most, and per node but the source.
  status = CheckOutputs(
      layout, nodes, node_capacity, transfers, transfer_capacity,
      send_count < layout.node_count - 1 ? send_count : layout.node_count - 1,
      why);
  if (status != HETCAST_OK) return status;
  if (send_count >= layout.node_count) {
    return Reject(HETCAST_INVALID_SCHEDULE,
                  "more sends than nodes besides the source: some node "
                  "receives twice",
                  why);
  }
  if (workspace == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "workspace is NULL", why);
  }
  Arena arena(workspace, workspace_size);
  EvaluatorScratch scratch;
  CanonicalScratch relabel;
  if (!AllocateEvaluateScratch(&layout, send_count, canonical, &arena, &scratch,
                               &relabel)) {
    return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                  "workspace smaller than "
                  "hetcast_node_evaluate_workspace_size says",
                  why);
  }
  uint64_t completion = 0;
  size_t participants = 0;
  status = EvaluateStructure(layout, sends, send_count, scratch,
                             canonical ? relabel.raw : nodes, &completion,
                             &participants, why);
  if (status != HETCAST_OK) return status;
  if (canonical) {
    RelabelDepthFirst(relabel.relabel, layout.type_count, layout.node_count,
                      relabel.raw, nodes);
  }
  uint64_t doubling;
  status = DoublingLowerBound(layout, &doubling);
  if (status != HETCAST_OK) return status;
  FinishAnswer(layout, HETCAST_ALGORITHM_EVALUATED, completion, doubling,
               HETCAST_BOUND_DOUBLING, participants, nodes, transfers, answer);
  return HETCAST_OK;
}

// FNF on a checked request, arguments as hetcast_node_plan's.
hetcast_status PlanCheckedFnf(NodeLayout layout, bool refine_bound,
                              void* workspace, size_t workspace_size,
                              hetcast_node* nodes, size_t node_capacity,
                              hetcast_transfer* transfers,
                              size_t transfer_capacity, hetcast_answer* answer,
                              const char** why) {
  // Transfers: at most one per node FNF may inform (CapRelays).
  NodeLayout informable = layout;
  CapRelays(&informable);
  hetcast_status status =
      CheckOutputs(layout, nodes, node_capacity, transfers, transfer_capacity,
                   informable.node_count - 1, why);
  if (status != HETCAST_OK) return status;
  if (workspace == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "workspace is NULL", why);
  }
  Arena arena(workspace, workspace_size);
  PlanScratch scratch;
  NodeLayout planned;
  if (!AllocatePlanLayouts(&layout, &arena, &planned, &scratch)) {
    return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                  "workspace smaller than hetcast_node_plan_sizes says", why);
  }
  uint64_t completion = 0;
  uint64_t fnf_completion = 0;
  size_t participants = 0;
  status = PlanFnf(planned, scratch, nodes, &completion, &fnf_completion,
                   &participants);
  if (status != HETCAST_OK) return status;
  // The bounds of the planned relays hold for the request's: some optimal
  // schedule of the request uses only relays it keeps (relays.h).
  uint64_t doubling;
  status = DoublingLowerBound(planned, &doubling);
  if (status != HETCAST_OK) return status;
  // FNF <= 1.5 OPT (Khuller & Kim Cor. 4.1; Thm 7.1 for multicast), so
  // OPT >= ceil(2 * FNF / 3) = FNF - floor(FNF / 3), computed without 2 * FNF.
  const uint64_t thirds = fnf_completion - fnf_completion / 3;
  uint64_t bound = doubling >= thirds ? doubling : thirds;
  hetcast_bound kind =
      doubling >= thirds ? HETCAST_BOUND_DOUBLING : HETCAST_BOUND_FNF_THIRDS;
  // The nested-slots bound refined by the prefix search, which stops once
  // it proves FNF optimal (runtime/node/lower_bound.h); if it cannot run
  // (overflow), the other two stand.
  uint64_t nested = 0;
  Arena bound_arena(scratch.bound, scratch.bound_bytes);
  if (LowerBoundPrefixSearch(planned,
                             refine_bound ? PrefixSearchBudget(planned) : 1,
                             completion, &bound_arena, &nested) == HETCAST_OK &&
      nested > bound) {
    bound = nested;
    kind = HETCAST_BOUND_NESTED_SLOTS;
  }
  const bool capped = planned.node_count != layout.node_count;
  if (capped) ExpandPlannedIds(planned, layout, nodes);
  FinishAnswer(capped ? layout : planned, HETCAST_ALGORITHM_FNF, completion,
               bound, kind, participants, nodes, transfers, answer);
  return HETCAST_OK;
}

}  // namespace

hetcast_status FnfPlanSizes(const NodeLayout& layout, hetcast_node_sizes* sizes,
                            const char** why) {
  NodeLayout measured = layout;
  Arena measure;
  PlanScratch scratch;
  NodeLayout planned;
  if (!AllocatePlanLayouts(&measured, &measure, &planned, &scratch)) {
    return Reject(HETCAST_TOO_LARGE,
                  "node request: the workspace it needs overflows size_t", why);
  }
  sizes->node_count = layout.node_count;
  sizes->transfer_count = planned.node_count - 1;  // FNF informs no more.
  sizes->workspace_bytes = measure.used();
  uint64_t useful_relays;
  UsefulRelayClasses(layout, nullptr, &useful_relays);
  sizes->fnf_runs = useful_relays == 0 ? 1 : useful_relays + 2;
  return HETCAST_OK;
}

hetcast_status PlanPreparedNode(const NodePrepared& prepared, bool refine_bound,
                                void* workspace, size_t workspace_size,
                                hetcast_node* nodes, size_t node_capacity,
                                hetcast_transfer* transfers,
                                size_t transfer_capacity,
                                hetcast_answer* answer, const char** why) {
  if (prepared.algorithm == HETCAST_ALGORITHM_TABLE) {
    return hetcast_profile_plan(prepared.profile, &prepared.request, workspace,
                                workspace_size, nodes, node_capacity, transfers,
                                transfer_capacity, answer, why);
  }
  if (answer == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "answer is NULL", why);
  }
  *answer = hetcast_answer();
  return PlanCheckedFnf(prepared.layout, refine_bound, workspace,
                        workspace_size, nodes, node_capacity, transfers,
                        transfer_capacity, answer, why);
}

// The node model's public functions plan with FNF: no profiles.
constexpr NodeProfiles kNoProfiles = {nullptr, 0, nullptr};

extern "C" {

HETCAST_API hetcast_status
hetcast_node_plan_sizes(const hetcast_node_request* request,
                        hetcast_node_sizes* sizes, const char** why) {
  return ExplainedInto(sizes, "sizes is NULL", why, [&](const char** why) {
    NodePrepared prepared;
    const hetcast_status status = PrepareNodePlan(
        request, kNoProfiles, HETCAST_ALGORITHM_FNF, &prepared, why);
    if (status == HETCAST_OK) *sizes = prepared.sizes;
    return status;
  });
}

HETCAST_API hetcast_status hetcast_node_plan(
    const hetcast_node_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size, hetcast_node* nodes,
    size_t node_capacity, hetcast_transfer* transfers, size_t transfer_capacity,
    hetcast_answer* answer, const char** why) {
  return ExplainedInto(answer, "answer is NULL", why, [&](const char** why) {
    if (algorithm != HETCAST_ALGORITHM_FNF) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "hetcast_node_plan plans with HETCAST_ALGORITHM_FNF only "
                    "(tables answer through hetcast_profile_plan)",
                    why);
    }
    NodePrepared prepared;
    const hetcast_status status = PrepareNodePlan(
        request, kNoProfiles, HETCAST_ALGORITHM_FNF, &prepared, why);
    if (status != HETCAST_OK) return status;
    return PlanPreparedNode(prepared, /*refine_bound=*/true, workspace,
                            workspace_size, nodes, node_capacity, transfers,
                            transfer_capacity, answer, why);
  });
}

HETCAST_API hetcast_status
hetcast_node_lower_bound(const hetcast_node_request* request,
                         uint64_t* lower_bound, const char** why) {
  return ExplainedInto(
      lower_bound, "lower_bound is NULL", why, [&](const char** why) {
        NodeLayout layout;
        hetcast_status status = BuildNodeLayout(request, &layout, why);
        if (status != HETCAST_OK) return status;
        return DoublingLowerBound(layout, lower_bound);
      });
}

HETCAST_API hetcast_status hetcast_node_evaluate_workspace_size(
    const hetcast_node_request* request, size_t send_count, size_t* bytes,
    const char** why) {
  return ExplainedInto(bytes, "bytes is NULL", why, [&](const char** why) {
    NodeLayout layout;
    hetcast_status status = BuildNodeLayout(request, &layout, why);
    if (status != HETCAST_OK) return status;
    Arena measure;
    EvaluatorScratch scratch;
    CanonicalScratch canonical;
    if (!AllocateEvaluateScratch(&layout, send_count, /*canonical=*/true,
                                 &measure, &scratch, &canonical)) {
      return Reject(HETCAST_TOO_LARGE,
                    "the evaluator's workspace for send_count sends overflows "
                    "size_t",
                    why);
    }
    *bytes = measure.used();
    return HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_node_evaluate(
    const hetcast_node_request* request, const hetcast_send* sends,
    size_t send_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer, const char** why) {
  return Explained(why, [&](const char** why) -> hetcast_status {
    return Evaluate(request, sends, send_count, workspace, workspace_size,
                    nodes, node_capacity, transfers, transfer_capacity, false,
                    answer, why);
  });
}

HETCAST_API hetcast_status hetcast_node_evaluate_canonical(
    const hetcast_node_request* request, const hetcast_send* sends,
    size_t send_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer, const char** why) {
  return Explained(why, [&](const char** why) -> hetcast_status {
    return Evaluate(request, sends, send_count, workspace, workspace_size,
                    nodes, node_capacity, transfers, transfer_capacity, true,
                    answer, why);
  });
}

}  // extern "C"

}  // namespace internal
}  // namespace hetcast
