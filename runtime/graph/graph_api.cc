// graph_api.cc: the C entry points of the graph model (hetcast.h,
// "Pipelined multicast on a platform graph"): each explains its failure
// through `why` and hands over to the file named after what it does:
// evaluator.cc (the exact evaluator), mcph.cc (the checks, sizes and MCPH).
#include <stddef.h>

#include "runtime/graph/graph.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {

extern "C" {

HETCAST_API hetcast_status hetcast_graph_evaluate_workspace_size(
    const hetcast_graph_request* request,
    const hetcast_graph_schedule* schedule, size_t* bytes, const char** why) {
  return Explained(why, [&](const char** reason) {
    return GraphEvaluateWorkspaceSize(request, schedule, bytes, reason);
  });
}

HETCAST_API hetcast_status
hetcast_graph_evaluate(const hetcast_graph_request* request,
                       const hetcast_graph_schedule* schedule, void* workspace,
                       size_t workspace_size,
                       hetcast_graph_evaluation* evaluation, const char** why) {
  return Explained(why, [&](const char** reason) {
    return GraphEvaluate(request, schedule, workspace, workspace_size,
                         evaluation, reason);
  });
}

HETCAST_API hetcast_status
hetcast_graph_check(const hetcast_graph_request* request, void* workspace,
                    size_t workspace_size, hetcast_graph_rejection* rejection,
                    const char** why) {
  return Explained(why, [&](const char** reason) {
    GraphRejection found = {};
    const hetcast_status status =
        GraphCheck(request, workspace, workspace_size, &found);
    if (status != HETCAST_OK && rejection != nullptr) *rejection = found.where;
    return Reject(status, found.reason, reason);
  });
}

HETCAST_API hetcast_status
hetcast_graph_plan_sizes(const hetcast_graph_request* request,
                         hetcast_graph_sizes* sizes, const char** why) {
  return Explained(why, [&](const char** reason) {
    return GraphPlanSizes(request, sizes, reason);
  });
}

HETCAST_API hetcast_status hetcast_graph_plan(
    const hetcast_graph_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size,
    hetcast_graph_route_edge* tree_edges, size_t tree_edge_capacity,
    hetcast_graph_slot* slots, size_t slot_capacity,
    hetcast_graph_answer* answer, const char** why) {
  return Explained(why, [&](const char** reason) {
    return GraphPlan(request, algorithm, workspace, workspace_size, tree_edges,
                     tree_edge_capacity, slots, slot_capacity, answer, reason);
  });
}

}  // extern "C"

}  // namespace internal
}  // namespace hetcast
