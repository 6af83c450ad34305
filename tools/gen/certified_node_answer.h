// certified_node_answer.h: the tools' best node-model answer and its
// certified lower bound (node model): what `hetcast plan
// --certify` answers and what tools/experiments/node_bound_report Part 4
// measures, written once so that the report measures the product.
//
// The pipeline, from the runtime's answer for the request (FNF's schedule
// and the runtime's bound, `base`):
//   1. the deadline rule (deadline_fnf.h), never later than FNF;
//   2. the wide prefix search (runtime/node/lower_bound.h,
//      kPrefixSearchMaxNodes search nodes), stopped at step 1's completion;
//   3. the counting LP bound (counting_lp_bound.h), bisected between the
//      larger of the base bound and step 2's and step 1's completion T1,
//      when the LP at T1 has at most options.max_lp_columns columns or
//      spans at most options.lp_ticks_always ticks (T1 - C_s + 1);
//      otherwise skipped, and said so;
//   4. the local search over receive orders (deadline_fnf.h), about
//      options.search_receivers / D moves (seeded), stopped at the bound.
// The answer is step 4's schedule (FNF's when nothing beat it), whose
// completion is the evaluator's, and the largest of the bounds, each a
// lower bound on OPT (their proofs are in their headers), so
// completion / bound is a certified gap. Deterministic: the LP is exact and
// the search seeded.
//
// What it handles: broadcast and multicast without relays (the deadline
// rule and the search do not place relays); a request with relays is
// refused (InvalidArgument naming the reason). The cost grows with the
// destinations D and the types (the CLI limits both,
// tools/cli/plan_node_certify.h), and the LP's with its size (its columns
// grow with the types and the ticks up to the bound), fast and unevenly:
// `hetcast plan --certify` on random requests of 10^3 to 10^4 destinations
// shows it. Hence the two options below.
#ifndef HETCAST_TOOLS_GEN_CERTIFIED_NODE_ANSWER_H_
#define HETCAST_TOOLS_GEN_CERTIFIED_NODE_ANSWER_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

struct CertifyOptions {
  // The local search re-times about this many receivers in all.
  uint64_t search_receivers = 10'000'000;
  uint64_t search_seed = 18;
  // The counting LP runs when it has at most max_lp_columns columns
  // (ticks x (2 x types + 1)) or at most lp_ticks_always ticks.
  uint64_t max_lp_columns = 5500;
  uint64_t lp_ticks_always = 200;
};

// Microseconds spent in each step (measurements only; the report's).
struct CertifyTimes {
  double rule_us = 0, wide_us = 0, lp_us = 0, search_us = 0;
};

struct CertifiedNodeAnswer {
  uint64_t fnf_completion = 0;
  uint64_t rule_completion = 0;  // After step 1.
  uint64_t completion = 0;       // The answer's (<= both above).
  // max(base bound, step 2's): the bound before the counting LP.
  uint64_t wide_bound = 0;
  uint64_t lower_bound = 0;  // The answer's: the largest bound.
  hetcast_bound lower_bound_kind = HETCAST_BOUND_NONE;
  uint64_t lp_ticks = 0;    // The LP's ticks at step 1's completion.
  bool lp_skipped = false;  // Past both of the options' LP limits.
  bool searched = false;    // The local search gave the schedule.
  // The improved structure (deadline_fnf.h's ids), empty when FNF's
  // schedule is kept.
  std::vector<hetcast_send> sends;
};

// CertifyNodeAnswer()
//
// Runs the pipeline above on `request`, whose runtime answer (FNF's
// completion, bound and bound kind) is `base`. The bound kind of the result
// is the base's unless a tools bound is larger: HETCAST_BOUND_NESTED_SLOTS
// for the wide prefix search, HETCAST_BOUND_COUNTING_LP for the LP.
// InvalidArgument for relays or a request hetcast_node_plan refuses;
// Internal if a schedule failed the evaluator or a bound passed a
// schedule (bugs). `times` (optional) receives each step's time.
absl::StatusOr<CertifiedNodeAnswer> CertifyNodeAnswer(
    const hetcast_node_request& request, const hetcast_answer& base,
    const CertifyOptions& options, CertifyTimes* times = nullptr);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_CERTIFIED_NODE_ANSWER_H_
