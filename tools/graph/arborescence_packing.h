// arborescence_packing.h: Edmonds' branching theorem, weighted and
// constructive. If every node v of a set `span` is joined to the root by
// at least k units of flow under integer arc capacities c, then k spanning
// arborescences of `span` rooted at the root exist that use each arc a at
// most c(a) times in all. Beaumont et al. (2004, §5.1.3) make Broadcast-EB
// achievable this way ("weighted Edmonds + König", [6,5]) but "will not be
// detailed here"; the construction below is Lovász's proof of the theorem
// with multiplicities (notes A6.2).
#ifndef HETCAST_TOOLS_GRAPH_ARBORESCENCE_PACKING_H_
#define HETCAST_TOOLS_GRAPH_ARBORESCENCE_PACKING_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/graph/max_flow.h"

namespace hetcast {

// `multiplicity` copies of the arborescence made of `arcs` (indices into
// the caller's arcs, each after the arc into its tail).
struct Arborescence {
  std::vector<size_t> arcs;
  uint64_t multiplicity = 0;
};

// PackArborescences()
//
// Arborescences of `span` (span[root] set; arcs touching a node outside it
// are not used) rooted at `root`, multiplicities summing to k, using each
// arc at most its capacity in all. Grows one arborescence at a time with
// the largest multiplicity m it can keep, from the root, an arc at a time:
// arc (u, w) with u reached and w not, the first in index order that keeps
// m, else the one keeping the largest m; it is accepted at m when the rest
// can still hold k - m arborescences (every node still joined to the root
// by k - m units after m copies of the partial arborescence are taken
// away). That holds for m = 1 and some arc at every step (Lovász), and for
// every m below one where it holds (each set of nodes the partial
// arborescence enters loses at most m in-capacity but needs m less), so
// the largest m is found from the cuts that fail, each giving a smaller
// bound. InvalidArgument when the flow condition fails at the start (some
// node of `span` joined by less than k); the sum of the capacities must be
// below 2^63.
absl::StatusOr<std::vector<Arborescence>> PackArborescences(
    size_t node_count, const std::vector<CapacitatedArc>& arcs, uint32_t root,
    const std::vector<bool>& span, uint64_t k);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_ARBORESCENCE_PACKING_H_
