// max_flow.h: maximum flow and a minimum cut on a directed graph with
// integer capacities (Edmonds-Karp: shortest augmenting paths, so at most
// O(V E) augmentations whatever the capacities). For the arborescence
// packing's cut tests (arborescence_packing.h).
#ifndef HETCAST_TOOLS_GRAPH_MAX_FLOW_H_
#define HETCAST_TOOLS_GRAPH_MAX_FLOW_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetcast {

struct CapacitatedArc {
  uint32_t from;
  uint32_t to;
  uint64_t capacity;
};

struct FlowResult {
  uint64_t value = 0;
  // When value < limit: the nodes the source still reaches in the
  // residual graph (the source side of a minimum cut, so the arcs from it
  // to the rest have capacities summing to value). Empty otherwise.
  std::vector<bool> source_side;
};

// MaxFlow()
//
// The largest flow from `source` to `sink` (distinct, < node_count) over
// `arcs`, stopping as soon as it reaches `limit`: min(maximum flow, limit)
// in `value`. The caller keeps the sum of all capacities below 2^64.
FlowResult MaxFlow(size_t node_count, const std::vector<CapacitatedArc>& arcs,
                   uint32_t source, uint32_t sink, uint64_t limit);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_MAX_FLOW_H_
