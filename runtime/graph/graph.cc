// graph.cc: request checks and the edge index of the graph model.
#include "runtime/graph/graph.h"

namespace hetcast {
namespace internal {

hetcast_status GraphReject(hetcast_status status, hetcast_graph_field field,
                           size_t index, size_t item, const char* reason,
                           GraphRejection* rejection) {
  // Field by field, not from an aggregate: GCC would keep such a constant
  // in the shared .rodata section, which then drags every string the
  // runtime names into a firmware image that links none of the graph code.
  if (rejection != nullptr) {
    rejection->where.field = static_cast<uint32_t>(field);
    rejection->where.index = index;
    rejection->where.item = item;
    rejection->reason = reason;
  }
  return status;
}

namespace {

// Each edge's endpoints and cost.
hetcast_status GraphCheckEdges(const hetcast_graph_request& r,
                               GraphRejection* rejection) {
  for (size_t e = 0; e < r.edge_count; ++e) {
    const hetcast_graph_edge& edge = r.edges[e];
    if (edge.from >= r.node_count || edge.to >= r.node_count) {
      return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_EDGE, e,
                         0, "an endpoint is not a node", rejection);
    }
    if (edge.from == edge.to) {
      return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_EDGE, e,
                         0, "a self-loop", rejection);
    }
    if (edge.cost == 0 || edge.cost > HETCAST_MAX_COST) {
      return GraphReject(HETCAST_INVALID_ARGUMENT,
                         HETCAST_GRAPH_FIELD_EDGE_COST, e, 0,
                         "a cost is 1 .. HETCAST_MAX_COST (2^40) ticks per "
                         "unit message",
                         rejection);
    }
  }
  return HETCAST_OK;
}

// Each target a node other than the source, and fewer targets than the
// other nodes.
hetcast_status GraphCheckTargets(const hetcast_graph_request& r,
                                 GraphRejection* rejection) {
  for (size_t i = 0; i < r.target_count; ++i) {
    if (r.targets[i] >= r.node_count || r.targets[i] == r.source) {
      return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_TARGET,
                         i, 0,
                         r.targets[i] == r.source ? "the target is the source"
                                                  : "the target is not a node",
                         rejection);
    }
  }
  if (r.target_count >= r.node_count) {
    return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_TARGETS, 0,
                       0, "more targets than nodes other than the source",
                       rejection);
  }
  return HETCAST_OK;
}

}  // namespace

hetcast_status GraphCheckShape(const hetcast_graph_request* request,
                               GraphRejection* rejection) {
  if (request == nullptr) {
    return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_NONE, 0, 0,
                       "request is NULL", rejection);
  }
  const hetcast_graph_request& r = *request;
  // The limits first (HETCAST_TOO_LARGE), then the shape.
  const char* const kNodes =
      "a graph has 2 .. HETCAST_GRAPH_MAX_NODES (2^20) nodes";
  const char* const kEdges =
      "a graph has 1 .. HETCAST_GRAPH_MAX_EDGES (2^23) directed edges";
  if (r.node_count > HETCAST_GRAPH_MAX_NODES) {
    return GraphReject(HETCAST_TOO_LARGE, HETCAST_GRAPH_FIELD_NODE_COUNT, 0, 0,
                       kNodes, rejection);
  }
  if (r.edge_count > HETCAST_GRAPH_MAX_EDGES) {
    return GraphReject(HETCAST_TOO_LARGE, HETCAST_GRAPH_FIELD_EDGE_COUNT, 0, 0,
                       kEdges, rejection);
  }
  if (r.node_count < 2) {
    return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_NODE_COUNT,
                       0, 0, kNodes, rejection);
  }
  if (r.edge_count == 0 || r.edges == nullptr) {
    return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_EDGE_COUNT,
                       0, 0, kEdges, rejection);
  }
  if (r.source >= r.node_count) {
    return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_SOURCE, 0,
                       0, "the source is not a node", rejection);
  }
  if (r.target_count == 0 || r.targets == nullptr) {
    return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_TARGETS, 0,
                       0, "no target", rejection);
  }
  if ((r.flags & ~HETCAST_GRAPH_MCPH_LITERAL_UPDATE) != 0) {
    return GraphReject(HETCAST_INVALID_ARGUMENT, HETCAST_GRAPH_FIELD_NONE, 0, 0,
                       "an unknown flag", rejection);
  }
  hetcast_status status = GraphCheckEdges(r, rejection);
  if (status != HETCAST_OK) return status;
  return GraphCheckTargets(r, rejection);
}

bool GraphCarveIndex(const hetcast_graph_request& request, Arena* arena,
                     GraphIndex* index) {
  index->begin = arena->Allocate<uint32_t>(request.node_count + 1);
  index->edge = arena->Allocate<uint32_t>(request.edge_count);
  index->count = arena->Allocate<uint32_t>(request.node_count + 1);
  index->order = arena->Allocate<uint32_t>(request.edge_count);
  return !arena->failed();
}

hetcast_status GraphBuildIndex(const hetcast_graph_request& request,
                               GraphIndex* index, GraphRejection* rejection) {
  const size_t n = request.node_count;
  const size_t m = request.edge_count;
  const hetcast_graph_edge* edges = request.edges;
  // Two stable counting sorts: by head, then by tail.
  uint32_t* count = index->count;
  for (size_t v = 0; v <= n; ++v) count[v] = 0;
  for (size_t e = 0; e < m; ++e) ++count[edges[e].to + 1];
  for (size_t v = 0; v < n; ++v) count[v + 1] += count[v];
  for (size_t e = 0; e < m; ++e) {
    index->order[count[edges[e].to]++] = static_cast<uint32_t>(e);
  }
  uint32_t* begin = index->begin;
  for (size_t v = 0; v <= n; ++v) begin[v] = 0;
  for (size_t e = 0; e < m; ++e) ++begin[edges[e].from + 1];
  for (size_t v = 0; v < n; ++v) begin[v + 1] += begin[v];
  for (size_t v = 0; v <= n; ++v) count[v] = begin[v];
  for (size_t i = 0; i < m; ++i) {
    const uint32_t e = index->order[i];
    index->edge[count[edges[e].from]++] = e;
  }
  for (size_t v = 0; v < n; ++v) {
    for (uint32_t i = begin[v] + 1; i < begin[v + 1]; ++i) {
      if (edges[index->edge[i]].to == edges[index->edge[i - 1]].to) {
        // Stable sorts: the earlier entry comes first.
        return GraphReject(HETCAST_INVALID_ARGUMENT,
                           HETCAST_GRAPH_FIELD_DUPLICATE_EDGE, index->edge[i],
                           index->edge[i - 1], "a directed edge given twice",
                           rejection);
      }
    }
  }
  return HETCAST_OK;
}

uint32_t GraphFindEdge(const hetcast_graph_request& request,
                       const GraphIndex& index, uint32_t from, uint32_t to) {
  if (from >= request.node_count) return UINT32_MAX;
  uint32_t lo = index.begin[from];
  uint32_t hi = index.begin[from + 1];
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    const uint32_t head = request.edges[index.edge[mid]].to;
    if (head == to) return index.edge[mid];
    if (head < to) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return UINT32_MAX;
}

hetcast_status GraphMarkTargets(const hetcast_graph_request& request,
                                uint8_t* mark) {
  for (size_t v = 0; v < request.node_count; ++v) mark[v] = 0;
  for (size_t i = 0; i < request.target_count; ++i) {
    if (mark[request.targets[i]] != 0) return HETCAST_INVALID_ARGUMENT;
    mark[request.targets[i]] = 1;
  }
  return HETCAST_OK;
}

uint64_t GraphGcd(uint64_t a, uint64_t b) {
  while (b != 0) {
    const uint64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

}  // namespace internal
}  // namespace hetcast
