// lower_bound.h: the nested-slots lower bound of the node model
// (HETCAST_BOUND_NESTED_SLOTS), much closer to the optimum than doubling.
//
// Why not simply "fastest first"? Counting sends with receivers informed in
// order of cost (FNF's order) is not a lower bound: Libeskind-Hadas et al.
// say layered (fastest-first) schedules are not without loss of generality,
// and Figure 1 of their paper (costs 2 and 3) has FNF at 10 and the optimum
// at 9. The exchange that would justify it fails on floors: with a node of
// cost 2 and one of cost 3 informed 3 and 2 ticks before T, the slow-first
// order has 1 + 1 sends done by T, the fast-first order 1 + 0. So we relax
// the send times until the exchange holds, and only then go fastest first.
//
// The relaxation. Let c_0 < c_1 < ... < c_{R-1} be the distinct costs of the
// pool (destinations and relays; the source is kept exact). Give each cost
// rank j a set S_j of positive integer offsets: a node of rank j informed at
// t may complete sends at t + s for s in S_j (one per offset). We require
//   (V) validity:  the i-th smallest element of S_j is <= i * c_j, so S_j
//       offers at least floor(x / c_j) offsets in (0, x] for every x;
//   (N) nesting:   S_0 ⊇ S_1 ⊇ ... ⊇ S_{R-1} (sets, no repeated offsets).
// Construction from an anchor rank r:
//   - S_r = {c_r, 2 c_r, ...}.
//   - Slower ranks j > r: the i-th element of S_j is the phi_j(i)-th of
//     S_{j-1}, phi_j(i) = floor(i c_j / c_{j-1}). phi_j is strictly
//     increasing (c_j > c_{j-1}), so S_j ⊆ S_{j-1} with distinct offsets,
//     and by induction elem_j(i) <= phi_j(i) c_{j-1} <= i c_j: (V) holds.
//   - Faster ranks j < r (the "window rule"): S_j = S_{j+1} plus the offset
//     m c_j for every m >= 1 whose window ((m-1) c_j, m c_j] holds no element
//     of S_{j+1}. Every window then holds an element of S_j, so
//     |S_j ∩ (0, m c_j]| >= m: (V) holds; the added offsets are not in
//     S_{j+1}, so (N) holds.
// Each anchor gives a valid bound; LowerBoundNestedSlots returns the best
// over the anchors r < kNestedSlotsMaxAnchors (window rule evaluation costs
// 2^r per offset).
//
// Theorem. Let g_j(x) = |S_j ∩ (0, x]| and let a_1 <= a_2 <= ... be the
// arrivals of the relaxed greedy: the pool is sorted by cost, and a_i is
// the least T with floor(T / C_s) + sum_{m < i} g_{rank(m)}(T - a_m) >= i
// (C_s the source's cost; rank(m) the rank of the m-th cheapest pool node).
// Then every schedule (with or without idling, using any of the relays)
// has its last destination arrival >= a_D, D the number of destinations.
//
// Proof. Take a schedule; number its informed non-source nodes 1, 2, ... by
// arrival t_1 <= t_2 <= ... (ties: parents first; a parent arrives strictly
// earlier than its child since costs are >= 1). Nodes 1..i arrive by t_i,
// each by a distinct send of the source or of a node numbered < i that
// completes by t_i. A node v of cost c completes at most floor((T - t_v)/c)
// sends by T, which is <= g_{rank(v)}(T - t_v) by (V). So
//   (1)  i <= floor(t_i / C_s) + sum_{m < i} g_{rank(m)}(t_i - t_m)
// for every i. Now change the nodes' ranks, keeping the times, so that (1)
// still holds and ranks become the pool sorted by cost:
//   - Exchange: if m < m' and rank(m) > rank(m') (a slower node first),
//     swap the two ranks. Let h = g_fast - g_slow; by (N) every offset of
//     S_slow is also in S_fast, so h is nondecreasing, and h(x) = 0 for
//     x <= 0. For i > m' the right side of (1) changes by h(t_i - t_m) -
//     h(t_i - t_m') >= 0 (t_m <= t_m'); for m < i <= m' by h(t_i - t_m)
//     >= 0; for i <= m not at all.
//   - Replacement: a pool node the schedule leaves out that is faster than
//     a node it uses may take that node's place: g_fast >= g_slow by (N).
// Repeating both (each step sorts further) gives the sorted pool order with
// (1) intact. Finally, with the ranks sorted, induction on i gives a_i <=
// t_i: the greedy's counting function at T uses a_m <= t_m (m < i) and each
// g is nondecreasing, so it reaches i no later than at t_i. The schedule
// informs at least D nodes by its last destination arrival, so that time is
// >= t_D >= a_D. QED.
//
// Relation to the other bounds: with the anchor at the fastest rank every
// S_j ⊆ multiples of c_0, so the greedy is no earlier than the doubling
// model's (everyone at c_0), whose D-th arrival is the doubling bound; the
// result is therefore >= DoublingLowerBound. With costs forming a
// divisibility chain and the anchor at rank 0, S_j are exactly the
// multiples of c_j and the greedy is FNF itself (optimal then,
// Libeskind-Hadas et al. Lemma 6 and Corollary 1).
//
// The prefix search (reported as HETCAST_BOUND_NESTED_SLOTS too). The
// relaxation loses most where slow nodes are informed late, but the
// exchange needs it for every node. So fix the ranks of the first k
// receivers and keep their send times exact: for a sequence of ranks
// rho = (rho_1..rho_k), let a^rho be the greedy above whose receivers
// 1..k take ranks rho with the true offsets {c, 2c, ...} (g(x) =
// floor(x / c)), and the later ones the rest of the pool, fastest first,
// with the relaxed g.
// Number a schedule's nodes as in the proof above, ties in arrival broken
// by rank, fastest first (a parent arrives strictly before its child, so
// any order of ties keeps parents first). Then whenever node p + 1 is
// faster than node p, t_{p+1} > t_p; the greedy imposes the same on its
// prefix receivers (such a receiver waits a tick, keeping its slots).
// Lemma. Every schedule whose first k informed nodes have ranks rho has
// its last destination arrival >= a^rho_D.
// Proof. (1) holds with true floors for nodes 1..k and g for the others
// (g >= floor). The exchange and replacement steps only touch nodes > k,
// whose ranks come from the pool less rho's; the terms of nodes <= k do
// not change. The final induction a_i <= t_i is unchanged (floor is
// nondecreasing too; for a prefix receiver that must wait, a_{p+1} =
// max(a_p + 1, the least T whose count reaches p + 1) <= t_{p+1}, since
// t_{p+1} > t_p >= a_p). QED.
// A branch's bound is also a bound for each longer branch (the longer
// branch's schedules are among the shorter's), so a search node's value is
// the max of its own greedy and its parent's value. Best-first search:
// start from the empty prefix (the nested-slots bound); repeatedly replace
// the open prefix of least value by its children, one per rank with a node
// left. The open prefixes always cover every schedule (a schedule informs
// >= D nodes, so its first receivers follow exactly one open prefix of
// length <= D), hence the least open value is a lower bound at every step,
// and it never decreases. The search stops at its node budget, at depth D,
// or once the least value reaches a known completion time (which it then
// proves optimal).
//
// Given a known completion `upper`, the anchors of the empty prefix are
// tried in order until one reaches `upper`: each anchor's value is a bound
// on its own, so that one already proves the schedule optimal and the others
// cannot raise the answer (OPT <= upper); the search then stops too.
//
// Cost: one event-driven greedy per anchor over cohorts (the nodes of one
// rank informed at one tick), the same sends counted three ways (equal
// values: tests/node/lower_bound_test.cc compares them on 1,500 seeded
// instances):
//   - given a known completion `upper` (hetcast_node_plan always has one;
//     every greedy ends by it, since its value is <= OPT <= upper), each
//     cohort adds all its sends up to min(now + 255, upper) at once into a
//     per-tick count ring, and is revisited only if it still has sends to
//     add (its next within reach again), or if the greedy passes `upper`
//     (which only a value that is not a completion allows): a few
//     instructions per send, and per tick a look at the next counted tick;
//   - without one, one send at a time, cohorts keyed by their next send in
//     cohort_queue.h's bucket ring (O(1) per send within kCohortRingSize
//     ticks, else a heap's O(log D));
//   - the reference (tests, and builds for size, whose code is smaller):
//     one send at a time in a binary heap, O(log D).
// A cohort keeps the index of its next offset, and each rank's first 32
// offsets under an anchor are generated once, in order, each from an entry
// of the neighbouring rank towards the anchor without a division (phi_j
// stepped by c_j's quotient and remainder by c_{j-1}; the window rule as a
// merge), and kept in the workspace; past them, NextSlotOffset (2^r * R
// divisions). The search evaluates one child per rank of each expanded
// prefix, trying the anchors from its parent's winner on until one lifts
// it above its parent (any anchor's value is a bound), and picks a prefix
// in O(budget): at most about budget * kNestedSlotsMaxAnchors greedies.
// Measured (tests/node/lower_bound_benchmark.cc, README "Lower bounds"):
// at 10^4 destinations, stopped at FNF's completion, CPU time at load about
// 12: 2.4-2.6 us with costs 2, 3, 7; 3.3-3.5 us with 2, 3, 7, 11; 6.4-7.1
// us with eight costs 7 to 53; 11-13 us with 32 costs 7 to 100 (0.30-0.59x
// the greedy of one send at a time, in the same run).
#ifndef HETCAST_RUNTIME_NODE_LOWER_BOUND_H_
#define HETCAST_RUNTIME_NODE_LOWER_BOUND_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/node/cohort_queue.h"
#include "runtime/node/layout.h"

namespace hetcast {
namespace internal {

// Anchors tried: ranks 0 .. kNestedSlotsMaxAnchors - 1 of the pool's costs.
constexpr uint32_t kNestedSlotsMaxAnchors = 4;

// The relaxed offsets of one anchor (see above). Exposed for tests.
struct SlotLadder {
  uint32_t rank_count = 0;  // R: distinct costs in the pool.
  uint32_t anchor = 0;
  const uint64_t* cost = nullptr;  // rank_count entries, ascending, distinct.
};

// The least element of S_rank greater than `offset`, or HETCAST_NEVER when
// that element would not fit below HETCAST_NEVER (every schedule ends
// earlier, so such offsets never matter).
uint64_t NextSlotOffset(const SlotLadder& ladder, uint32_t rank,
                        uint64_t offset);

// Bytes of workspace LowerBoundNestedSlots takes from its arena: the
// cohort queue (cohort_queue.h: the cohorts, their links and far heap, the
// ring's bucket heads), the per-tick count ring (256 entries; not in builds
// for size), the pool's and the kept offsets' arrays of one entry per type
// and the kept offsets (33 per type, with a sentinel; nothing of
// HETCAST_MAX_TYPES entries lives on the stack, for firmware).
size_t NestedSlotsWorkspaceBytes(const NodeLayout& layout);

// The nested-slots bound of `layout` (max over anchors; 0 without
// destinations). Scratch comes from `arena`: HETCAST_WORKSPACE_TOO_SMALL if
// it runs out, HETCAST_OVERFLOW if the greedy would pass HETCAST_NEVER.
hetcast_status LowerBoundNestedSlots(const NodeLayout& layout, Arena* arena,
                                     uint64_t* lower_bound);

// The most nodes of the prefix search (below) a workspace has room for.
constexpr uint32_t kPrefixSearchMaxNodes = 1024;

// The nested-slots bound refined by the best-first prefix search (see
// above) over at most `budget` search nodes (capped at
// kPrefixSearchMaxNodes; 1 = the nested-slots bound alone). The search
// stops early once its bound reaches `upper` (a known completion time:
// the bound then proves it optimal; HETCAST_NEVER for none). Same
// workspace and errors as LowerBoundNestedSlots.
hetcast_status LowerBoundPrefixSearch(const NodeLayout& layout, uint32_t budget,
                                      uint64_t upper, Arena* arena,
                                      uint64_t* lower_bound);

// The prefix search with `nodes` search nodes (1 .. kPrefixSearchMaxNodes,
// clamped) whatever the request's size, for tools that can spend more time
// than hetcast_node_plan (the cost is up to about nodes *
// kNestedSlotsMaxAnchors greedy passes); its workspace is
// PrefixSearchWorkspaceBytes(layout, nodes). Same bound and errors as
// LowerBoundPrefixSearch.
size_t PrefixSearchWorkspaceBytes(const NodeLayout& layout, uint32_t nodes);
hetcast_status LowerBoundWidePrefixSearch(const NodeLayout& layout,
                                          uint32_t nodes, uint64_t upper,
                                          Arena* arena, uint64_t* lower_bound);

// LowerBoundWidePrefixSearch with the reference greedy (one send at a time
// in CohortHeap, every offset from NextSlotOffset): the same value; the
// reference of tests and of the benchmark. Same workspace.
hetcast_status LowerBoundWidePrefixSearchOnHeap(const NodeLayout& layout,
                                                uint32_t nodes, uint64_t upper,
                                                Arena* arena,
                                                uint64_t* lower_bound);

// The largest request (in destinations) hetcast_node_plan searches for, and
// the search nodes it gives each destination.
constexpr uint32_t kPrefixSearchMaxDestinations = 256;
constexpr uint32_t kPrefixSearchNodesPerDestination = 8;

// The search budget hetcast_node_plan gives a layout (and the nodes the
// workspace holds, 17 bytes each): 8 per destination up to
// kPrefixSearchMaxNodes, for at most kPrefixSearchMaxDestinations
// destinations, where hetcast_node_plan's bound meets the exact optimum on
// all but one of the 780,956 (source, state) pairs of the report's tables
// (tools/experiments/node_bound_report.cc --full); beyond,
// 1 (the nested-slots bound alone), whose cost grows with D where the
// search's gains shrink.
uint32_t PrefixSearchBudget(const NodeLayout& layout);

// The same for one anchor rank (< the pool's distinct cost count and <
// kNestedSlotsMaxAnchors); for tests and the report.
hetcast_status LowerBoundNestedSlotsAnchor(const NodeLayout& layout,
                                           uint32_t anchor, Arena* arena,
                                           uint64_t* lower_bound);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_LOWER_BOUND_H_
