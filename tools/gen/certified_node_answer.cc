// certified_node_answer.cc: the pipeline of certified_node_answer.h.
#include "tools/gen/certified_node_answer.h"

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "runtime/arena.h"
#include "runtime/node/layout.h"
#include "runtime/node/lower_bound.h"
#include "tools/gen/counting_lp_bound.h"
#include "tools/gen/deadline_fnf.h"

namespace hetcast {
namespace {

using Clock = std::chrono::steady_clock;

double MicrosSince(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start)
      .count();
}

// The wide prefix search's bound (kPrefixSearchMaxNodes search nodes,
// stopped once it reaches `upper`).
absl::StatusOr<uint64_t> WideBound(const hetcast_node_request& request,
                                   uint64_t upper) {
  internal::NodeLayout layout;
  internal::BuildNodeLayout(&request, &layout);
  const uint32_t nodes = internal::kPrefixSearchMaxNodes;
  std::vector<unsigned char> workspace(
      internal::PrefixSearchWorkspaceBytes(layout, nodes));
  internal::Arena arena(workspace.data(), workspace.size());
  uint64_t bound = 0;
  const hetcast_status status = internal::LowerBoundWidePrefixSearch(
      layout, nodes, upper, &arena, &bound);
  if (status != HETCAST_OK) {
    return absl::InternalError(
        absl::StrFormat("wide prefix search: %s", hetcast_status_str(status)));
  }
  return bound;
}

bool HasRelays(const hetcast_node_request& request) {
  if (request.relay_counts == nullptr) return false;
  for (size_t j = 0; j < request.type_count; ++j) {
    if (request.relay_counts[j] > 0) return true;
  }
  return false;
}

// The types with destinations: the LP's classes (no relays here).
uint64_t ClassCount(const hetcast_node_request& request) {
  uint64_t classes = 0;
  for (size_t j = 0; j < request.type_count; ++j) {
    classes += request.destination_counts[j] > 0 ? 1 : 0;
  }
  return classes;
}

// Past both of the options' LP limits (certified_node_answer.h).
bool LpTooLarge(const hetcast_node_request& request,
                const CertifyOptions& options, uint64_t ticks) {
  uint64_t columns = 0;
  const bool wide =
      __builtin_mul_overflow(ticks, 2 * ClassCount(request) + 1, &columns) ||
      columns > options.max_lp_columns;
  return wide && ticks > options.lp_ticks_always;
}

// Steps 2 and 3: the wide bound, then the LP bound above it (unless the LP
// is too large), both below step 1's completion `upper`.
absl::Status Bound(const hetcast_node_request& request,
                   const hetcast_answer& base, const CertifyOptions& options,
                   uint64_t upper, CertifiedNodeAnswer* out,
                   CertifyTimes* times) {
  Clock::time_point start = Clock::now();
  absl::StatusOr<uint64_t> wide = WideBound(request, upper);
  if (!wide.ok()) return wide.status();
  out->wide_bound = std::max(base.lower_bound, *wide);
  times->wide_us += MicrosSince(start);
  if (out->wide_bound > upper) {
    return absl::InternalError("a bound above a schedule's completion");
  }
  const uint64_t source_cost = request.costs[request.source_type];
  out->lp_ticks = upper >= source_cost ? upper - source_cost + 1 : 0;
  out->lp_skipped = LpTooLarge(request, options, out->lp_ticks);
  out->lower_bound = out->wide_bound;
  if (out->lp_skipped) return absl::OkStatus();
  start = Clock::now();
  absl::StatusOr<uint64_t> lp =
      CountingLpBound(request, out->wide_bound, upper);
  if (!lp.ok()) return lp.status();
  out->lower_bound = *lp;
  times->lp_us += MicrosSince(start);
  return absl::OkStatus();
}

// Which bound won: the base's unless a tools bound is larger.
hetcast_bound WinningKind(const hetcast_answer& base,
                          const CertifiedNodeAnswer& out) {
  if (out.lower_bound > out.wide_bound) return HETCAST_BOUND_COUNTING_LP;
  if (out.wide_bound > base.lower_bound) return HETCAST_BOUND_NESTED_SLOTS;
  return base.lower_bound_kind;
}

}  // namespace

absl::StatusOr<CertifiedNodeAnswer> CertifyNodeAnswer(
    const hetcast_node_request& request, const hetcast_answer& base,
    const CertifyOptions& options, CertifyTimes* times) {
  if (HasRelays(request)) {
    return absl::InvalidArgumentError(
        "the certified answer does not place relays (the deadline rule and "
        "the local search cover requests without relays)");
  }
  CertifyTimes unused;
  if (times == nullptr) times = &unused;
  DeadlineFnfOptions rule_options;
  rule_options.lower_bound = base.lower_bound;
  Clock::time_point start = Clock::now();
  absl::StatusOr<DeadlineFnfResult> rule =
      ImproveFnfByDeadlines(request, rule_options);
  if (!rule.ok()) return rule.status();
  times->rule_us += MicrosSince(start);
  CertifiedNodeAnswer out;
  out.fnf_completion = rule->fnf_completion;
  out.rule_completion = rule->completion;
  absl::Status status =
      Bound(request, base, options, rule->completion, &out, times);
  if (!status.ok()) return status;
  // Step 4 from scratch (the rule again, then the search), stopped at the
  // bound.
  rule_options.lower_bound = out.lower_bound;
  rule_options.search_seed = options.search_seed;
  uint64_t destinations = 0;
  for (size_t j = 0; j < request.type_count; ++j) {
    destinations += request.destination_counts[j];
  }
  rule_options.search_moves = static_cast<uint32_t>(std::min<uint64_t>(
      options.search_receivers / std::max<uint64_t>(destinations, 1),
      UINT32_MAX));
  start = Clock::now();
  absl::StatusOr<DeadlineFnfResult> searched =
      ImproveFnfByDeadlines(request, rule_options);
  if (!searched.ok()) return searched.status();
  times->search_us += MicrosSince(start);
  if (out.lower_bound > searched->completion) {
    return absl::InternalError("a bound above a schedule's completion");
  }
  out.completion = searched->completion;
  out.searched = searched->searched;
  out.sends = std::move(searched->sends);
  out.lower_bound_kind = WinningKind(base, out);
  return out;
}

}  // namespace hetcast
