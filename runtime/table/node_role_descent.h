// node_role_descent.h: the node-role query by descent, for ids in
// depth-first order of the table's send chains.
//
// With canonical ids in depth-first order (a node, then its first child's
// whole subtree, then its second child's, ...; hetcast.h), the nodes of a
// type that come before a node are those of the subtrees it follows, and a
// table state is exactly a subtree's count vector. So the i-th node of type
// j is found from the source down: at each sender, its sends are the
// decisions of its remaining state (first child's type l and subtree y);
// a child whose subtree holds fewer than the nodes of type j still to skip
// is skipped whole, else the walk descends into it. The counts of the
// nodes skipped add up as state indices (disjoint subtrees of one tree:
// no digit carries), so every id on the way is one digit of that sum.
// O(depth + sends of the senders on the path) table reads, no workspace.
//
// Status: a prototype beside the step pass (RolePath::kDescent, not in the
// size build). Its ids are depth-first, not today's canonical order
// (hetcast.h: by arrival, ties by parent id), so the public query keeps the
// step pass until every node-model planner and
// hetcast_node_evaluate_canonical number depth-first too (a 0.x API change).
// Measured 2026-11-23 at the default table's largest states (61
// participants, every id in turn; `bazel run -c opt //tests:table_benchmark
// -- --benchmark_filter=Largest --benchmark_repetitions=5`, load 9-12 on 2
// cores, so CPU time): 65-86 ns per query against 260-460 ns for the step
// pass and 510-810 ns for the full plan in the same runs (a query is 0.09
// to 0.14 of a plan; the step pass 0.36 to 0.61); 780-800 instructions per
// query under callgrind, resolve and id layout included, against 3,425 to
// 3,760 for the step pass. The depth-first plan that goes with these ids
// (reconstruct_depth_first.h) costs 9,250-9,330 instructions at the same
// states against 7,015-8,304 for the step path (1.2-1.45x its CPU time).
#ifndef HETCAST_RUNTIME_TABLE_NODE_ROLE_DESCENT_H_
#define HETCAST_RUNTIME_TABLE_NODE_ROLE_DESCENT_H_

#include <stdint.h>

#include "runtime/table/node_role_steps.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// The role of participant `node_id` (not an unused relay) of an exact
// profile's request, in depth-first canonical order. `out->node` holds its
// type and relay flag.
void RoleByDescent(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, uint32_t node_id,
                   RoleOutput* out);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_NODE_ROLE_DESCENT_H_
