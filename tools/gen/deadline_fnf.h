// deadline_fnf.h: FNF's schedule improved by deadline-aware receive orders
// (node model; tools only).
//
// Where FNF loses. Every non-idling schedule is fixed by the order of the
// receivers' types: the k-th receiver takes the k-th earliest send slot
// (the earliest completion among informed nodes). Giving the earliest slot
// to the next receiver never makes anyone later, so some optimal schedule
// has this form, and FNF is the order "fastest first". That order wastes
// sends on floors near the end: with a deadline T, slots at T - 3 and T - 2,
// and a node of cost 2 and one of cost 3 left, fastest first gives the
// cost-2 node the slot at T - 3 (one send by T) and the cost-3 node the slot
// at T - 2 (none): one send. The other way round gives two.
//
// The deadline rule. For a deadline T, the receiver of a slot at tick t is
// chosen among the types with nodes left (ordered by cost, then type index):
// with x = T - t and f the fastest type left, s = floor(x / C(f)) sends of
// an f node complete by T; the slot goes to the slowest type that also
// completes s sends by T (floor(x / C) == s), and when s = 0 (no node
// informed now can send before T) to the slowest type left, keeping the fast
// ones for no one (every later slot has s = 0 too, so the choice only
// decides who is a leaf). With T large every slot goes to the fastest type:
// FNF itself.
//
// The search. Let F be FNF's completion. For T = F - 1, F - 2, ... the rule
// builds a schedule; if it completes by T, it is kept when it beats the
// best so far and the next T is one below its completion; the search stops
// at the first T it misses, at the lower bound the caller gives (no
// schedule completes earlier), or after max_deadlines tries.
//
// Guarantees. The result is never later than FNF (FNF's own schedule is
// kept otherwise) and every improved schedule is a structure (sends) that
// hetcast_node_evaluate accepts; its completion is the evaluator's. The
// rule is a heuristic: no optimality claim beyond "<= FNF". Deterministic:
// ties go to the lower type index and senders are served in id order.
//
// Cost: each try is one event-driven pass over cohorts (the nodes of one
// type informed at one tick by one sender cohort), O(events * (log cohorts +
// types)), like the runtime's FNF but with a heap; at most max_deadlines
// tries plus one FNF plan and one evaluation.
//
// The local search (options.search_moves > 0). Every non-idling schedule
// is its receive sequence (above), so the search walks over sequences:
// from the best schedule so far (the deadline rule's, else FNF's order),
// it swaps two receivers of different types or moves one elsewhere, at
// random (seeded), and keeps the change when the schedule's completion is
// no later and, at equal completion, no more receivers arrive at the last
// tick. It stops after search_moves tries or at the lower bound. Each try
// re-times the whole sequence (O(D log D)); the kept schedule, if earlier
// than the best before, is checked by hetcast_node_evaluate like the
// rule's. With the counting LP bound (counting_lp_bound.h) it proves some
// results optimal that FNF and the rule leave a few ticks above it.
//
// Relays are not handled: a request with relays keeps FNF's schedule (the
// result says so).
#ifndef HETCAST_TOOLS_GEN_DEADLINE_FNF_H_
#define HETCAST_TOOLS_GEN_DEADLINE_FNF_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

struct DeadlineFnfOptions {
  // Deadlines tried at most (each one pass over the cohorts).
  uint32_t max_deadlines = 16;
  // No schedule completes before this (a lower bound on the optimum; 0 if
  // none is known): the search stops there.
  uint64_t lower_bound = 0;
  // Local search tries after the deadline rule (0: none), and its seed.
  uint32_t search_moves = 0;
  uint64_t search_seed = 18;
};

struct DeadlineFnfResult {
  uint64_t fnf_completion = 0;
  // The best completion found, as the evaluator measured it (<= FNF's).
  uint64_t completion = 0;
  // The deadline whose schedule won, 0 when FNF's schedule is kept.
  uint64_t deadline = 0;
  uint32_t deadlines_tried = 0;
  bool relays_skipped = false;  // The request had relays: FNF kept.
  bool searched = false;        // The local search gave the result.
  // The improved structure (canonical ids of the request's types; the
  // sends of one sender in time order), empty when FNF's schedule is kept.
  std::vector<hetcast_send> sends;
};

// Plans `request` with FNF (hetcast_node_plan) and tries to beat it with
// the deadline rule (see above). InvalidArgument naming the problem for a
// request hetcast_node_plan refuses; Internal if an improved structure
// failed the evaluator (a bug).
absl::StatusOr<DeadlineFnfResult> ImproveFnfByDeadlines(
    const hetcast_node_request& request, const DeadlineFnfOptions& options);

// The schedule the deadline rule builds for `deadline` (sends as above) and
// its completion by the rule's own arithmetic; for tests and the report.
// The request must be valid and without relays.
absl::StatusOr<uint64_t> DeadlineSchedule(const hetcast_node_request& request,
                                          uint64_t deadline,
                                          std::vector<hetcast_send>* sends);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_DEADLINE_FNF_H_
