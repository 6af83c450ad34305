// node_role_descent.h: the node-role query of an exact profile, by descent
// along the table's send chains.
//
// Canonical ids are in depth-first order (a node, then its first child's
// whole subtree, then its second child's, ...; hetcast.h), so the nodes of a
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
// Measured: see the README ("Per-participant query").
#ifndef HETCAST_RUNTIME_TABLE_NODE_ROLE_DESCENT_H_
#define HETCAST_RUNTIME_TABLE_NODE_ROLE_DESCENT_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// RoleOutput
//
// Where a node-role query writes: its node (already holding type and relay
// flag) and its sends in order, the first `capacity` of them.
struct RoleOutput {
  hetcast_node* node;
  hetcast_transfer* children;
  size_t capacity;
  size_t count;

  void AddChild(const hetcast_transfer& x) {
    if (count < capacity) children[count] = x;
    ++count;
  }
};

// What is known of node `node_id` of a request before its tree is read:
// type and relay flag from the id ranges, not informed (the source's whole
// record for id 0).
hetcast_node NodeRoleStart(const ProfileView& v, const Resolved& resolved,
                           const TableLayout& layout, uint32_t node_id);

// The role of node `node_id` of an exact profile's request: `*out->node`
// gets its record (blank for a relay the schedule leaves out), its sends go
// to `out`.
void RoleByDescent(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, uint32_t node_id,
                   RoleOutput* out);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_NODE_ROLE_DESCENT_H_
