// graph.cc: request checks and the edge index of the graph model.
#include "runtime/graph/graph.h"

namespace hetcast {
namespace internal {

hetcast_status GraphCheckShape(const hetcast_graph_request* request) {
  if (request == nullptr) return HETCAST_INVALID_ARGUMENT;
  const hetcast_graph_request& r = *request;
  if (r.node_count > HETCAST_GRAPH_MAX_NODES ||
      r.edge_count > HETCAST_GRAPH_MAX_EDGES) {
    return HETCAST_TOO_LARGE;
  }
  if (r.node_count < 2 || r.edge_count == 0 || r.edges == nullptr ||
      r.source >= r.node_count || r.target_count == 0 ||
      r.target_count >= r.node_count || r.targets == nullptr ||
      (r.flags & ~HETCAST_GRAPH_MCPH_LITERAL_UPDATE) != 0) {
    return HETCAST_INVALID_ARGUMENT;
  }
  for (size_t e = 0; e < r.edge_count; ++e) {
    const hetcast_graph_edge& edge = r.edges[e];
    if (edge.from >= r.node_count || edge.to >= r.node_count ||
        edge.from == edge.to || edge.cost == 0 ||
        edge.cost > HETCAST_MAX_COST) {
      return HETCAST_INVALID_ARGUMENT;
    }
  }
  for (size_t i = 0; i < r.target_count; ++i) {
    if (r.targets[i] >= r.node_count || r.targets[i] == r.source) {
      return HETCAST_INVALID_ARGUMENT;
    }
  }
  return HETCAST_OK;
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
                               GraphIndex* index) {
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
        return HETCAST_INVALID_ARGUMENT;
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
