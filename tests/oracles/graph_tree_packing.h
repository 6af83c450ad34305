// graph_tree_packing.h: TEST-ONLY. The exact optimum of the tree-packing
// linear program of Theorem 4 (Beaumont et al. 2004, §4): every Steiner
// arborescence of a tiny platform graph enumerated, one column each.
// Exponential; never for production (like RE2's testing/backtrack.cc).
#ifndef HETCAST_TESTS_ORACLES_GRAPH_TREE_PACKING_H_
#define HETCAST_TESTS_ORACLES_GRAPH_TREE_PACKING_H_

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace oracle {

// Every multicast tree of the request: for each node its parent
// (HETCAST_NO_NODE outside the tree and for the source), rooted at the
// source, holding every target, every leaf a target (a tree with a
// non-target leaf is dominated by the one without it). Empty when more than
// `limit` parent assignments would have to be tried.
std::vector<std::vector<uint32_t>> SteinerArborescences(
    const hetcast_graph_request& request, size_t limit);

// The least time per message of any periodic schedule, 1 / rho_max, where
// rho_max is the optimum of: maximise sum_k y_k over the trees T_k s.t. for
// every node i, sum_k y_k c(in-edge of i in T_k) <= 1 (1,i) and sum_k y_k
// (sum of the costs of i's out-edges in T_k) <= 1 (2,i), y >= 0.
// Solved exactly (tools/graph/exact_lp.h, certificate checked).
// FailedPrecondition when the graph has too many trees (`limit` as above).
absl::StatusOr<mpq_class> OptimalPeriod(const hetcast_graph_request& request,
                                        size_t limit = 200000);

}  // namespace oracle
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_GRAPH_TREE_PACKING_H_
