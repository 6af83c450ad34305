// ptas.h: the approximation scheme of Khuller & Kim §6 for the heterogeneous
// node model, and its multicast extension (§7, Theorems 7.1-7.2). Readings
// and the repaired proof chain: docs/khuller-kim-ptas-notes.md (section
// numbers "notes §x" below refer to it).
//
// One guess T (an integer; notes §5.4):
//  - D(T) = floor((1 + eps')(1 + 3 eps') T), eps' = eps = p/q, all in
//    integers (D = floor((q+p)(q+3p) T / q^2)).
//  - Fast set F: the types with cost <= eps' T (q cost <= p T). They are
//    scheduled by FNF from the source, exactly as the paper's first phase.
//  - Sending points: every later send of the source and of each F node,
//    x = arrival + m cost for m past its FNF sends, x <= D, earliest first.
//  - Slow nodes are rounded up into classes: a class opens at the cheapest
//    slow cost c not yet classed and takes every cost <= (1 + eps') c; its
//    representative is its largest actual cost, so representative <=
//    (1 + eps') x actual cost (Theorem 6.1's rounding) and >= actual cost.
//    Costs that cannot complete a send by D even from the earliest sending
//    point (cost > D - x_1) form one leaf-only class with representative
//    D + 1: in any schedule within D they are leaves anyway.
//  - Trees of slow nodes are hung on sending points by the paper's DP over
//    (sending point, class counts), folded into J[n] = the fewest leading
//    points that carry the class-count vector n (notes §5.6).
//
// The paper's enumeration of "all labelled trees" is replaced by h(m), the
// least makespan of any ordered tree whose class counts are m, computed
// exactly by the Lemma 5 DP over the classes (tools/gen/exact_dp.h, whose
// pruning rules are proven for exactly this function: a class-r root
// broadcasting to m - e_r). The DP reads only the predicate "some tree with
// counts m has makespan <= D - x", and h(m) <= D - x decides that predicate
// exactly, so the attempts accepted are the same as with the enumeration and
// the guarantee is untouched:
//  (Sound) an accepted T yields a real schedule with completion <= D(T)
//          (real costs <= representatives; checked by the evaluator);
//  (Complete) every T >= OPT is accepted (Lemmas 6.1-6.2, with the missing
//          "Corollary 4.3" read as Theorem 4.3, and Theorem 6.1).
// The search over T is an integer bisection between the foundation's lower
// bound and FNF's completion (notes §5.3 b): it ends with T-1 rejected (so
// OPT >= T) and T accepted, hence completion <= D(T) <= (1 + eps)(1 + 3 eps)
// OPT, which is within the (1 + eps)(1 + eps')(1 + 3 eps') for
// eps' = eps. The rejected guess is also a lower bound on OPT
// (HETCAST_BOUND_PTAS_GUESS). PtasRequest::grid selects the paper's own
// search instead ((1 + eps) grid, first accepted guess: Theorem 6.2's
// (1 + eps)(1 + eps')(1 + 3 eps)).
//
// Multicast with relays (Theorem 7.2): for every r from 0 to the number of
// useful relays (cheaper than the slowest destination, at most the number of
// destinations: argument in runtime/node/relays.h), the r cheapest relays are
// made destinations and the broadcast scheme runs; relays that feed no
// destination are then dropped. The best r wins (smallest on ties).
//
// Cost: every attempt solves the exact DP over the slow classes and the
// attachment DP over all slow class-count vectors, which is polynomial for
// fixed eps (as in the paper, exponential in the number of classes). Requests
// whose attachment DP would exceed a fixed budget are refused with
// OutOfRange, never run for hours.
//
// The files: ptas.cc the search over T and over the relay counts,
// ptas_guess.h one guess, ptas_table.h a table of PTAS schedules,
// ptas_flags.h the command-line inputs (--epsilon, --node-costs),
// ptas_node_api.h the runtime calls (FNF, the evaluator).
#ifndef HETCAST_TOOLS_GEN_PTAS_H_
#define HETCAST_TOOLS_GEN_PTAS_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// eps = numerator / denominator, 0 < eps < 1.
struct Epsilon {
  uint64_t numerator = 1;
  uint64_t denominator = 10;
};

struct PtasRequest {
  std::vector<uint64_t> costs;  // Per type, each in 1 .. 2^40 - 1.
  uint32_t source_type = 0;
  std::vector<uint64_t> counts;  // Destinations per type.
  std::vector<uint64_t> relays;  // Relays per type; empty = none.
  Epsilon epsilon;
  // When FNF's schedule (hetcast_node_plan) is strictly better, return
  // it instead (it is then within both guarantees, min(1.5, factor)).
  bool use_fnf_if_better = true;
  // The paper's search over T instead of the bisection: guesses on the
  // (1 + eps) grid from the lower bound up, the first accepted one wins, no
  // deadline refinement. Factor (1 + eps)^2 (1 + 3 eps) (Theorem 6.2).
  bool grid = false;
};

struct PtasResult {
  // algorithm = HETCAST_ALGORITHM_PTAS (or _FNF when FNF won); lower bound =
  // max(foundation bound, guess bound); canonical ids.
  hetcast_answer answer = {};
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;  // Sorted by (start, from).
  uint64_t ptas_completion = 0;             // The scheme's own schedule.
  uint64_t fnf_completion = 0;
  uint64_t guess = 0;         // The accepted T behind ptas_completion.
  uint64_t guess_bound = 0;   // OPT >= this (largest rejected T + 1).
  uint64_t attempts = 0;      // Guesses tried, over all relay counts.
  uint64_t relays_tried = 0;  // Relay counts tried (1 without relays).
};

// The checks PlanPtas starts with: InvalidArgument naming what is wrong
// (eps, the type lists, a cost, more than 10^7 nodes), else OK.
absl::Status ValidatePtasRequest(const PtasRequest& request);

// Errors: InvalidArgument for a bad request or eps, OutOfRange for a request
// beyond the DP budget or times beyond 2^40 ticks.
absl::StatusOr<PtasResult> PlanPtas(const PtasRequest& request);

// One guess T of the broadcast scheme (no relays), for tests of (Sound) and
// (Complete): whether T is accepted and, if so, the completion of the
// schedule it builds (already checked <= D(T) by the evaluator).
struct GuessOutcome {
  bool accepted = false;
  uint64_t completion = 0;
  uint64_t deadline = 0;  // D(T).
};
absl::StatusOr<GuessOutcome> PtasTryGuess(const std::vector<uint64_t>& costs,
                                          uint32_t source_type,
                                          const std::vector<uint64_t>& counts,
                                          const Epsilon& eps, uint64_t guess);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_PTAS_H_
