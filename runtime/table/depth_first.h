// depth_first.h: an exact profile's schedule in canonical (depth-first)
// ids, read from the table's send chains: one node's role
// (hetcast_profile_node_role) and the whole schedule (hetcast_profile_plan).
//
// Canonical ids are in depth-first order (a node, then its first child's
// whole subtree, then its second child's, ...; hetcast.h), so the nodes of a
// type that come before a node are those of the subtrees it follows, and a
// table state is exactly a subtree's count vector. A sender's remaining
// state's decision is its next send: the child's type l and subtree y. The
// nodes before a child are counted by adding the states passed (disjoint
// subtrees of one tree: no digit carries), so a child's id is one digit of
// that sum.
//
// The node-role query finds the i-th node of type j from the source down:
// a child whose subtree holds fewer than the nodes of type j still to skip
// is skipped whole, else the walk descends into it. O(depth + sends of the
// senders on the path) table reads, no workspace. Measured: see the README
// ("Per-participant query").
//
// The reconstruction expands senders in any order (every id is arithmetic
// on its chain position): a stack of senders, each walking its whole chain
// and writing its children's nodes. The transfers are then put in (start,
// from) order by two counting passes (by sender, then by start, stable)
// when the completion time T is small next to the participants n, else by
// a sort.
//
// PTAS profiles store their schedules whole instead (ptas_entries.h).
#ifndef HETCAST_RUNTIME_TABLE_DEPTH_FIRST_H_
#define HETCAST_RUNTIME_TABLE_DEPTH_FIRST_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// The node-role query

// hetcast_profile_node_role (same contract, see hetcast.h): exact
// profiles by descent from the source (no workspace), PTAS profiles from their
// stored schedule's plan (ptas_entries.h).
hetcast_status TableNodeRole(const hetcast_profile* profile,
                             const hetcast_node_request* request,
                             uint32_t node_id, void* workspace,
                             size_t workspace_size, hetcast_node* node,
                             hetcast_transfer* children,
                             size_t children_capacity, size_t* child_count);

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

// The whole schedule

// A sender in a chain walk: its type, remaining state, when its next send
// starts, and the nodes before its next child in depth-first order (a state
// index: the sum of the counts passed).
struct ChainSender {
  uint32_t type;
  uint64_t state;
  uint64_t start;
  uint64_t before;
};

// A sender still to expand, with its id.
struct DepthFirstEntry {
  ChainSender sender;
  uint32_t id;
};

// DepthFirstScratch
//
// The reconstruction's workspace.
struct DepthFirstScratch {
  DepthFirstEntry* stack;  // Participants entries.
  // With transfers: per sender and per start time, counts then offsets
  // (`by_start` only when `buckets`), and the receivers by sender.
  uint32_t* by_sender;
  uint32_t* by_start;
  uint32_t* receivers;
  bool buckets;
};

// Carves the workspace (measures when `arena` measures). False when
// `arena` runs out.
bool CarveDepthFirst(const Resolved& resolved, const TableLayout& layout,
                     bool with_transfers, Arena* arena,
                     DepthFirstScratch* scratch);

// Writes every participant's node (the source and unused relays are the
// caller's) and, when `transfers` is not NULL, the transfers in (start,
// from) order, for an exact profile.
void ReconstructDepthFirst(const ProfileView& v, const Resolved& resolved,
                           const TableLayout& layout,
                           const DepthFirstScratch& scratch,
                           hetcast_node* nodes, hetcast_transfer* transfers);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_DEPTH_FIRST_H_
