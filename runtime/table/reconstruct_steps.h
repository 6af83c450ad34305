// reconstruct_steps.h: the step path, which rebuilds a tree one arrival
// time at a time.
//
// When the completion time T is small next to the number of
// participants n (the common case: times are counts of small send costs),
// the tree is expanded one arrival time at a time. Canonical ids and the
// (start, from) order of transfers both fall out of the walk: no heap, no
// sorting, and no data-dependent branch per node.
//
// A node of type j that arrives at a sends without a pause while its
// subtree is not empty: its m-th child arrives at a + m C(j). So the
// children arriving at t > 0 are one child of each node of each type j
// that sent a child arriving at t - C(j) and still has a nonempty subtree,
// and of each node of type j that arrived at t - C(j) with a nonempty
// subtree.
//
// Classes. Canonical ids (hetcast.h) come in 2k ranges: the destinations of
// type 0, 1, ..., then the relays of type 0, 1, ...; within a range they
// follow positions, and positions are (arrival, parent id) order per type.
// A node's class is its range (k classes when no relay is used).
//
// Lists. List (c, s) holds the class-c nodes that send a transfer starting
// at s (s > 0: arriving at s + C(j)), in id order, as two ranges:
//   A: the class's senders that sent at step s (arrival s) and kept a
//      nonempty subtree, written to `survivors` by that step's walk of
//      class c (contiguous), then
//   B: the class's nodes that arrived at s with a nonempty subtree, written
//      to the class's part of `fresh` during step s (contiguous).
// Every node of A arrived before every node of B and both are in position
// order, so A then B is id order. The source (id 0, least of all) is kept
// apart.
//
// Step t (t = 1..T) makes the children arriving at t: the source sends
// first, then class by class in id order, list (c, t - C(j)) is walked and
// every node on it sends one child (one decision read). The child takes the
// next position of its type, which fixes its id and class; it is written to
// its class's part of `fresh`, whose end advances only when its subtree is
// not empty. The sender is written to the end of `survivors`, which
// advances only when its remaining subtree is not empty. Children are
// generated in (parent id) order within a step and steps run in time order,
// so positions are assigned in exactly canonical order.
//
// Transfers. The transfers starting at s are, in (start, from) order: the
// source's (if it sends at s), then list (c, s)'s for c = 0, 1, ..., each
// in id order. At the end of step s every list (c, s) is complete (A and B
// are written by then), so its final offset in the output is known then:
// the walk that empties it C(j) steps later writes each transfer straight
// to its place.
//
// Only lists with nodes are walked: at the end of step s, list (c, s) with
// nodes sets bit c of due[s + C(j)], and step t walks the classes of due[t]
// in bit order (= class order). A step where nothing arrives (no due list,
// no send of the source) is skipped.
//
// O(n + k T) time; workspace O(n + k T).
#ifndef HETCAST_RUNTIME_TABLE_RECONSTRUCT_STEPS_H_
#define HETCAST_RUNTIME_TABLE_RECONSTRUCT_STEPS_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

struct StepSender {
  uint32_t state;  // Remaining subtree.
  uint32_t id;     // Canonical id.
  uint32_t sends;  // Sends made so far.
};

// List (c, s): A = survivors[a_begin, a_end), B = fresh[b_begin, b_end),
// and where its transfers go. Written at the end of step s.
struct StepList {
  uint32_t a_begin;
  uint32_t a_end;
  uint32_t b_begin;
  uint32_t b_end;
  uint32_t out;  // Output offset of its first transfer.
};

// StepScratch
//
// The step path's workspace.
struct StepScratch {
  StepSender* survivors;  // One entry per send at most.
  StepSender* fresh;      // One part per class.
  StepList* lists;        // classes x (T + 2), list (c, s) at c (T + 2) + s.
  uint32_t* source_out;   // T + 1: output offset of the source's transfer
                          // starting at s.
  uint32_t* due;          // 2 (T + 2): classes to walk at each step (bits).
};

// StepPlan
//
// What the step path needs beyond the request.
struct StepPlan {
  uint32_t completion;
  uint32_t classes;  // k, or 2k when relays are used.
  bool relays;
  uint32_t fresh_base[2 * HETCAST_TABLE_MAX_TYPES];
};

// Whether the step path can run: times and counts fit in 32 bits.
bool StepPathFits(const Resolved& resolved, const TableLayout& layout);

// Whether the step path is the cheaper one: its per-step overhead (k
// classes for each of T steps) is small next to the per-node work.
bool StepPathPays(const ProfileView& v, const Resolved& resolved,
                  const TableLayout& layout);

// Fills `plan`. Requires StepPathFits.
void MakeStepPlan(const ProfileView& v, const Resolved& resolved,
                  StepPlan* plan);

// Carves the workspace of `plan` for `participants` nodes; source_out only
// `with_transfers`. The caller checks arena->failed().
void CarveStepScratch(size_t participants, const StepPlan& plan,
                      bool with_transfers, Arena* arena, StepScratch* s);

// Writes every node the tree informs and, when `transfers` is not NULL, the
// transfers in (start, from) order. Exact profiles only.
void ReconstructBySteps(const ProfileView& v, const Resolved& resolved,
                        const TableLayout& layout, const StepPlan& plan,
                        const StepScratch& s, hetcast_node* nodes,
                        hetcast_transfer* transfers);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_RECONSTRUCT_STEPS_H_
