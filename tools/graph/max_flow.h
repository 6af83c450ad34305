// max_flow.h: maximum flow and a minimum cut on a directed graph with
// integer capacities, or exact rational ones (Edmonds-Karp: shortest
// augmenting paths, so at most O(V E) augmentations whatever the
// capacities). For the arborescence packing's cut tests
// (arborescence_packing.h) and the LP heuristics' score bounds
// (lp_heuristics.cc).
#ifndef HETCAST_TOOLS_GRAPH_MAX_FLOW_H_
#define HETCAST_TOOLS_GRAPH_MAX_FLOW_H_

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetcast {

template <typename Capacity>
struct BasicCapacitatedArc {
  uint32_t from;
  uint32_t to;
  Capacity capacity;
};

template <typename Capacity>
struct BasicFlowResult {
  Capacity value = 0;
  // When value < limit: the nodes the source still reaches in the
  // residual graph (the source side of a minimum cut, so the arcs from it
  // to the rest have capacities summing to value). Empty otherwise.
  std::vector<bool> source_side;
  std::vector<Capacity> flow;  // on each of the arcs, in their order
};

using CapacitatedArc = BasicCapacitatedArc<uint64_t>;
using FlowResult = BasicFlowResult<uint64_t>;
using RationalArc = BasicCapacitatedArc<mpq_class>;
using RationalFlowResult = BasicFlowResult<mpq_class>;

// MaxFlow()
//
// The largest flow from `source` to `sink` (distinct, < node_count) over
// `arcs`, stopping as soon as it reaches `limit`: min(maximum flow, limit)
// in `value`. With uint64_t capacities the caller keeps the sum of all
// capacities below 2^64; rational capacities are >= 0.
FlowResult MaxFlow(size_t node_count, const std::vector<CapacitatedArc>& arcs,
                   uint32_t source, uint32_t sink, uint64_t limit);
RationalFlowResult MaxFlow(size_t node_count,
                           const std::vector<RationalArc>& arcs,
                           uint32_t source, uint32_t sink,
                           const mpq_class& limit);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_MAX_FLOW_H_
