// graph.h: what the graph model's evaluator and MCPH share: the request's
// checks, an adjacency index over the edges, a merge sort into a caller's
// scratch, and exact fractions. Every name starts with Graph: the runtime's
// .cc files are also built as one translation unit.
#ifndef HETCAST_RUNTIME_GRAPH_GRAPH_H_
#define HETCAST_RUNTIME_GRAPH_GRAPH_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// What a check of a graph request found wrong: the part of the request
// (hetcast_graph_check's `*rejection`) and the reason (its `*why`).
struct GraphRejection {
  hetcast_graph_rejection where;
  const char* reason;
};

// Sets `*rejection` (when given) and returns `status`: the one place a
// check of a graph request says what failed.
hetcast_status GraphReject(hetcast_status status, hetcast_graph_field field,
                           size_t index, size_t item, const char* reason,
                           GraphRejection* rejection);

// The checks that need no memory: counts and ranges, node ids, self-loops,
// costs, target ids. Distinct edges and targets are checked by
// GraphBuildIndex and GraphMarkTargets.
// `rejection` (optional) says what failed (hetcast_graph_check).
hetcast_status GraphCheckShape(const hetcast_graph_request* request,
                               GraphRejection* rejection = nullptr);

// Out-edges grouped by tail, sorted by head within a tail: the out-edges of
// v are edge[begin[v] .. begin[v + 1]) (indices into request.edges).
struct GraphIndex {
  uint32_t* begin;  // node_count + 1
  uint32_t* edge;   // edge_count
  uint32_t* count;  // node_count + 1, scratch
  uint32_t* order;  // edge_count, scratch
};

bool GraphCarveIndex(const hetcast_graph_request& request, Arena* arena,
                     GraphIndex* index);

// Fills `index`; HETCAST_INVALID_ARGUMENT if an edge is given twice.
hetcast_status GraphBuildIndex(const hetcast_graph_request& request,
                               GraphIndex* index,
                               GraphRejection* rejection = nullptr);

// The index of edge (from, to), or UINT32_MAX (binary search).
uint32_t GraphFindEdge(const hetcast_graph_request& request,
                       const GraphIndex& index, uint32_t from, uint32_t to);

// Sets mark[t] = 1 for the targets, 0 elsewhere; HETCAST_INVALID_ARGUMENT
// if a target is listed twice.
hetcast_status GraphMarkTargets(const hetcast_graph_request& request,
                                uint8_t* mark);

uint64_t GraphGcd(uint64_t a, uint64_t b);

// The model's entry points behind graph_api.cc (hetcast.h, "Pipelined
// multicast"), each with the public function's contract; `why` as there.
// evaluator.cc:
hetcast_status GraphEvaluateWorkspaceSize(
    const hetcast_graph_request* request,
    const hetcast_graph_schedule* schedule, size_t* bytes, const char** why);
hetcast_status GraphEvaluate(const hetcast_graph_request* request,
                             const hetcast_graph_schedule* schedule,
                             void* workspace, size_t workspace_size,
                             hetcast_graph_evaluation* evaluation,
                             const char** why);
// mcph.cc: the checks of hetcast_graph_check, what failed in `*rejection`.
hetcast_status GraphCheck(const hetcast_graph_request* request, void* workspace,
                          size_t workspace_size, GraphRejection* rejection);
hetcast_status GraphPlanSizes(const hetcast_graph_request* request,
                              hetcast_graph_sizes* sizes, const char** why);
hetcast_status GraphPlan(const hetcast_graph_request* request,
                         hetcast_algorithm algorithm, void* workspace,
                         size_t workspace_size,
                         hetcast_graph_route_edge* tree_edges,
                         size_t tree_edge_capacity, hetcast_graph_slot* slots,
                         size_t slot_capacity, hetcast_graph_answer* answer,
                         const char** why);

// Stable bottom-up merge sort of `items` by `less`, with `scratch` of the
// same length.
template <typename Less>
void GraphMergeSort(uint32_t* items, uint32_t* scratch, size_t count,
                    Less less) {
  uint32_t* from = items;
  uint32_t* to = scratch;
  for (size_t width = 1; width < count; width *= 2) {
    for (size_t lo = 0; lo < count; lo += 2 * width) {
      const size_t mid = lo + width < count ? lo + width : count;
      const size_t hi = lo + 2 * width < count ? lo + 2 * width : count;
      size_t a = lo;
      size_t b = mid;
      size_t out = lo;
      while (a < mid && b < hi) {
        to[out++] = less(from[b], from[a]) ? from[b++] : from[a++];
      }
      while (a < mid) to[out++] = from[a++];
      while (b < hi) to[out++] = from[b++];
    }
    uint32_t* swap = from;
    from = to;
    to = swap;
  }
  if (from != items) {
    for (size_t i = 0; i < count; ++i) items[i] = from[i];
  }
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_GRAPH_GRAPH_H_
