// graph_tree_search.h: TEST-ONLY exhaustive search over every Steiner
// arborescence of a tiny platform graph, for the best single multicast
// tree of the graph model. Exponential; never for production (like RE2's
// testing/backtrack.cc).
#ifndef HETCAST_TESTS_ORACLES_GRAPH_TREE_SEARCH_H_
#define HETCAST_TESTS_ORACLES_GRAPH_TREE_SEARCH_H_

#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace oracle {

// The least period of one multicast tree: over every choice, for each node
// other than the source, of no parent or one in-neighbour, that forms a
// tree hanging from the source and holding every target, the smallest
// largest per-node send load (sum of the costs to a node's children).
// UINT64_MAX if no tree exists. `parents` (optional) receives the parent
// of every node in one best tree (HETCAST_NO_NODE outside it and for the
// source). Meant for <= 14 nodes with few in-edges each.
uint64_t BestSingleTreePeriod(const hetcast_graph_request& request,
                              std::vector<uint32_t>* parents = nullptr);

// The largest per-node send load of the tree given by `parents`, or
// UINT64_MAX if it is not a tree from the source holding every target.
uint64_t TreePeriod(const hetcast_graph_request& request,
                    const std::vector<uint32_t>& parents);

}  // namespace oracle
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_GRAPH_TREE_SEARCH_H_
