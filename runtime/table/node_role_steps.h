// node_role_steps.h: the node-role query's own pass, one arrival time at a
// time, with the senders of each time held as one 64-bit set.
//
// One node's role (its arrival, parent and send index, its sends) needs the
// canonical positions of its parent, of itself and of its children, and
// nothing else of the tree: no node record, no transfer, no order beyond
// "who sends next". Canonical order (hetcast.h) gives, at each time t, the
// children arriving at t in the order of their senders' ids, each child the
// next position of its type (reconstruct_steps.h). So when the tree has at
// most 64 participants, numbered densely in id order (the source 0, the
// destinations as their ids, then the relays used, type by type: the id
// order), the senders of time t are one word, walked lowest bit first, and
// the next position of every type fits one word too (8 bits each, at most 8
// types). At the end of a step, every sender with a nonempty remaining
// subtree and every child with a nonempty subtree joins the word of time
// t + C(its type), one mask per type; the words live in a ring.
//
// What a send costs depends on what the rest of the walk needs of it. While
// a node born now could still send before the completion time T, a send
// keeps the sender's remaining subtree, the child's subtree and arrival,
// and both bits. In the last steps (t + C > T for every type that sends, the
// count phase) no node sends again, so every sender's remaining subtree is
// the one leaf it sends, whose type its state names (the state is that
// type's stride): such a step moves each type's position by the number of
// its senders of that type, counted without a table read or a store, and
// only the asked node's type (or its child's) is counted. The walk stops as
// soon as the asked node's role is complete: when it is placed if it is a
// leaf, else after its last send.
//
// O(T + sends walked) for completion time T, workspace O(T + n). The
// branches that depend on the tree are the walk of a word's bits, empty
// steps, a type's first relay and the tests for the asked node; a hit is
// answered outside the send loop, so the loop makes no call.
//
// What a query costs, and why the walk stays (measured 2026-11-23 at the
// default table's largest states, 61 participants, T = 13): about 3,400 to
// 3,750 instructions per query (callgrind), of which the walk is about 80%
// (some 30 sends before the count phase, 50 to 55 instructions each) and the
// resolve and layout about 20%; the CPU retires them at about 6 per cycle,
// so time follows the instruction count (165-185 ns per query, 13 ns for a
// completion lookup alone). The step count cannot be cut with per-state
// arrival counts in the table: they give every type's position at the start
// of a step, but not the order inside it, and that order (by parent id, the
// parent's by its own arrival and parent id, and so on: a breadth-first
// numbering) depends on the states of every node active at the step, which
// only the walk yields. Packing a participant into one word, positions in an
// array, dropping the relay test when no relay is used, and
// -march=x86-64-v3 each cut 1% to 8% of the instructions without a CPU-time
// gain beyond the machine's noise. What would reach 100 ns is a different
// numbering, not a faster walk: with ids in depth-first order of the
// table's send chains (a node, then its first child's subtree, then its
// second's), a state's per-type counts are its subtree's, so a query
// descends from the source skipping whole subtrees, O(depth + degree)
// lookups. That changes the canonical order every node-model planner and
// hetcast_node_evaluate_canonical share (hetcast.h), a 0.x API change.
#ifndef HETCAST_RUNTIME_TABLE_NODE_ROLE_STEPS_H_
#define HETCAST_RUNTIME_TABLE_NODE_ROLE_STEPS_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// RoleNode
//
// A participant of the pass, by dense index.
struct RoleNode {
  uint32_t state;    // Its remaining subtree (a state of its type).
  uint32_t arrival;  // Its arrival time.
  const void* row;   // Its type's entries (a row of the table).
};

// RoleStepScratch
//
// The pass's workspace.
struct RoleStepScratch {
  uint64_t* due;    // A ring of senders by time (bits), a power of two > T.
  RoleNode* nodes;  // One per participant.
};

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

// Whether the pass can run: at most 64 participants and 8 types, and times
// that fit the step path's limits and pay for its per-step cost.
bool RoleStepsFit(const ProfileView& v, const Resolved& resolved,
                  const TableLayout& layout);

// Carves the pass's workspace (measures when `arena` measures). Requires
// RoleStepsFit. The caller checks arena->failed().
void CarveRoleSteps(const Resolved& resolved, const TableLayout& layout,
                    Arena* arena, RoleStepScratch* scratch);

// The role of participant `node_id` (not an unused relay) of an exact
// profile's request. Requires RoleStepsFit.
void RoleBySteps(const ProfileView& v, const Resolved& resolved,
                 const TableLayout& layout, const RoleStepScratch& scratch,
                 uint32_t node_id, RoleOutput* out);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_NODE_ROLE_STEPS_H_
