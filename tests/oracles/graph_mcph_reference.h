// graph_mcph_reference.h: TEST-ONLY: MCPH's tree loop as it stood before the
// incremental frontier (runtime/graph/mcph.cc at commit 648459f): for every
// path added, one bottleneck Dijkstra from the whole tree, after resetting
// every node. Same rules (the cost update of either reading, ties by node
// id, a node keeps the predecessor that first gave it its final
// bottleneck), so the runtime must build exactly the same tree, edge for
// edge; it is also the benchmark's "before". O(paths * (n + m) log n);
// never for production.
#ifndef HETCAST_TESTS_ORACLES_GRAPH_MCPH_REFERENCE_H_
#define HETCAST_TESTS_ORACLES_GRAPH_MCPH_REFERENCE_H_

#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace oracle {

// The tree edges (route 0) in the order MCPH adds them, for a request that
// hetcast_graph_plan would accept (not checked). Empty if a target cannot
// be reached.
std::vector<hetcast_graph_route_edge> ReferenceMcphTree(
    const hetcast_graph_request& request);

}  // namespace oracle
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_GRAPH_MCPH_REFERENCE_H_
