// ptas.cc: Khuller & Kim §6-7 on typed instances: the search over the
// guess T (ptas_guess.h tries one) and the relay counts of Theorem 7.2; see
// ptas.h and docs/khuller-kim-ptas-notes.md.
#include "tools/gen/ptas.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_format.h"
#include "runtime/node/layout.h"
#include "runtime/node/relays.h"
#include "tools/gen/ptas_guess.h"
#include "tools/gen/ptas_node_api.h"

namespace hetcast {
namespace {

using ptas_internal::Attempt;
using ptas_internal::Broadcast;
using ptas_internal::Evaluate;
using ptas_internal::MakeRequest;
using ptas_internal::Plan;
using ptas_internal::RunFnf;

constexpr uint64_t kMaxEpsilonDenominator = 1'000'000;
// (relay counts tried) x (nodes) one multicast request may cost.
constexpr uint64_t kMaxRelayNodeRuns = 20'000'000;
// Nodes one request may have (the CLI's limit too; memory is O(n)).
constexpr uint64_t kMaxPtasNodes = 10'000'000;

struct Searched {
  Attempt best;
  uint64_t guess = 0;
  uint64_t bound = 0;  // Largest rejected guess + 1.
  uint64_t attempts = 0;
};

// The paper's search: guesses T_0 = L0 (lo + 1), T_{i+1} = max(T_i + 1,
// floor((1 + eps) T_i)), capped at FNF's completion hi (accepted by Theorem
// 6.1); the first accepted guess's schedule, within D((1 + eps) OPT).
absl::StatusOr<Searched> SearchGrid(const Broadcast& scheme, uint64_t lo,
                                    uint64_t hi, const Epsilon& eps) {
  Searched out;
  uint64_t t = lo + 1;
  while (true) {
    if (t >= hi) t = hi;
    absl::StatusOr<Attempt> attempt = scheme.Try(t, scheme.Deadline(t));
    ++out.attempts;
    if (!attempt.ok()) return attempt.status();
    if (attempt->feasible) {
      out.best = *std::move(attempt);
      out.guess = t;
      out.bound = lo + 1;
      return out;
    }
    if (t == hi) {
      return absl::InternalError("PTAS rejected FNF's completion time (bug)");
    }
    lo = t;
    const uint64_t step = static_cast<uint64_t>(
        static_cast<unsigned __int128>(eps.numerator) * t / eps.denominator);
    t += std::max<uint64_t>(1, step);
  }
}

// Integer bisection on T between lo (rejected) and hi (accepted); returns
// the final hi, out->bound = lo + 1 and the best schedule seen in out.
absl::StatusOr<uint64_t> BisectGuess(const Broadcast& scheme, uint64_t lo,
                                     uint64_t hi, Searched* out) {
  absl::StatusOr<Attempt> first = scheme.Try(hi, scheme.Deadline(hi));
  ++out->attempts;
  if (!first.ok()) return first.status();
  if (!first->feasible) {
    return absl::InternalError("PTAS rejected FNF's completion time (bug)");
  }
  out->best = *std::move(first);
  out->guess = hi;
  while (hi - lo > 1) {
    const uint64_t mid = lo + (hi - lo) / 2;
    absl::StatusOr<Attempt> attempt = scheme.Try(mid, scheme.Deadline(mid));
    ++out->attempts;
    if (!attempt.ok()) return attempt.status();
    if (attempt->feasible) {
      hi = mid;
      if (attempt->completion <= out->best.completion) {
        out->best = *std::move(attempt);
        out->guess = mid;
      }
    } else {
      lo = mid;
    }
  }
  out->bound = lo + 1;
  return hi;
}

// The accepted schedule is only known to be within D(hi). Keep F and the
// classes of T = hi and bisect the deadline itself, from dlo (rejected) to
// D(hi) (every accepted deadline is sound, so the factor stays): with few
// fast nodes this finds nearly the best schedule of the family. Deadlines
// are judged with representative costs, so acceptance is monotone only
// roughly; the invariant is dlo rejected, dhi accepted, and the best real
// completion seen is kept.
absl::Status RefineDeadline(const Broadcast& scheme, uint64_t hi, uint64_t dlo,
                            Searched* out) {
  uint64_t dhi = scheme.Deadline(hi);
  while (dhi - dlo > 1 && out->best.completion > dlo + 1) {
    const uint64_t mid = dlo + (dhi - dlo) / 2;
    absl::StatusOr<Attempt> attempt = scheme.Try(hi, mid);
    ++out->attempts;
    if (!attempt.ok()) return attempt.status();
    if (attempt->feasible) {
      dhi = mid;
      if (attempt->completion < out->best.completion) {
        out->best = *std::move(attempt);
        out->guess = hi;
      }
    } else {
      dlo = mid;
    }
  }
  return absl::OkStatus();
}

// Bisection over integer guesses (notes §5.3 b): lo rejected (virtually at
// the foundation's bound - 1), hi accepted (FNF's completion, Theorem 6.1);
// `grid` runs the paper's search instead.
absl::StatusOr<Searched> Search(const std::vector<uint64_t>& costs,
                                uint32_t source_type,
                                const std::vector<uint64_t>& counts,
                                const Epsilon& eps, bool grid) {
  absl::StatusOr<Plan> fnf =
      RunFnf(MakeRequest(costs, source_type, counts, nullptr));
  if (!fnf.ok()) return fnf.status();
  if (fnf->answer.completion_time == 0) {  // No destinations.
    Searched out;
    out.best.feasible = true;
    return out;
  }
  const Broadcast scheme(costs, source_type, counts, eps);
  const uint64_t lo = std::max<uint64_t>(1, fnf->answer.lower_bound) - 1;
  const uint64_t hi = fnf->answer.completion_time;
  if (grid) return SearchGrid(scheme, lo, hi, eps);
  Searched out;
  absl::StatusOr<uint64_t> accepted = BisectGuess(scheme, lo, hi, &out);
  if (!accepted.ok()) return accepted.status();
  const absl::Status refined =
      RefineDeadline(scheme, *accepted,
                     std::max(out.bound, fnf->answer.lower_bound) - 1, &out);
  if (!refined.ok()) return refined;
  return out;
}

absl::Status ValidateRequest(const std::vector<uint64_t>& costs,
                             uint32_t source_type,
                             const std::vector<uint64_t>& counts,
                             const std::vector<uint64_t>& relays,
                             const Epsilon& eps) {
  if (eps.denominator == 0 || eps.numerator == 0 ||
      eps.numerator >= eps.denominator ||
      eps.denominator > kMaxEpsilonDenominator) {
    return absl::InvalidArgumentError(
        "--epsilon: must be strictly between 0 and 1 with a denominator of "
        "at most 10^6");
  }
  const size_t k = costs.size();
  if (k == 0) {
    return absl::InvalidArgumentError("PTAS: the cost list is empty");
  }
  if (k > HETCAST_MAX_TYPES || counts.size() != k ||
      (!relays.empty() && relays.size() != k) || source_type >= k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PTAS: %d types (at most %d) need as many counts (%d) and relays "
        "(%d), and a source type below %d",
        k, HETCAST_MAX_TYPES, counts.size(), relays.size(), k));
  }
  uint64_t nodes = 1;
  for (size_t j = 0; j < k; ++j) {
    if (costs[j] == 0 || costs[j] > HETCAST_MAX_COST) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "PTAS: cost %d of type %d is outside 1 .. 2^40", costs[j], j));
    }
    if (__builtin_add_overflow(nodes, counts[j], &nodes) ||
        (!relays.empty() && __builtin_add_overflow(nodes, relays[j], &nodes)) ||
        nodes > kMaxPtasNodes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "PTAS: more than %d nodes (destinations and relays)", kMaxPtasNodes));
    }
  }
  return absl::OkStatus();
}

// Instance ids -> request ids: per type, destinations first, then the
// promoted relays (relay ids follow all destination ids). `counts` are the
// instance's (the request's destinations plus the promoted relays).
std::vector<hetcast_send> ToRequestIds(
    const PtasRequest& request, const std::vector<uint64_t>& counts,
    const std::vector<uint64_t>& relays,
    const std::vector<hetcast_send>& instance_sends) {
  // Both are canonical layouts (ValidateRequest keeps them small): per
  // type, destinations first, then the promoted relays (relay ids follow
  // all destination ids).
  const size_t k = counts.size();
  std::vector<uint32_t> instance_base(k), no_relays(k);
  std::vector<uint32_t> dest_base(k), relay_base(k);
  uint32_t instance_nodes, request_nodes;
  internal::CanonicalIdBases(static_cast<uint32_t>(k), counts.data(), nullptr,
                             instance_base.data(), no_relays.data(),
                             &instance_nodes);
  internal::CanonicalIdBases(static_cast<uint32_t>(k), request.counts.data(),
                             relays.data(), dest_base.data(), relay_base.data(),
                             &request_nodes);
  auto map = [&](uint32_t id) -> uint32_t {
    if (id == 0) return 0;
    size_t j = k - 1;
    while (id < instance_base[j]) --j;
    const uint64_t offset = id - instance_base[j];
    return static_cast<uint32_t>(offset < request.counts[j]
                                     ? dest_base[j] + offset
                                     : relay_base[j] +
                                           (offset - request.counts[j]));
  };
  std::vector<hetcast_send> sends;
  for (const hetcast_send& s : instance_sends) {
    sends.push_back({map(s.from), map(s.to)});
  }
  return sends;
}

// Drop relays (ids above `destinations`, below `node_count`) that feed
// nobody, until none is left (each drop only moves later sends of its
// parent earlier).
void DropIdleRelays(uint64_t destinations, size_t node_count,
                    std::vector<hetcast_send>* sends) {
  while (true) {
    std::vector<uint32_t> out_degree(node_count, 0);
    for (const hetcast_send& s : *sends) ++out_degree[s.from];
    const size_t before = sends->size();
    sends->erase(std::remove_if(sends->begin(), sends->end(),
                                [&](const hetcast_send& s) {
                                  return s.to > destinations &&
                                         out_degree[s.to] == 0;
                                }),
                 sends->end());
    if (sends->size() == before) break;
  }
}

// The answer: the scheme's best schedule, or FNF's when it is strictly
// better and `use_fnf_if_better`; the bounds are the foundation's (FNF's
// answer) and the rejected guesses' (out->guess_bound).
void ChooseAnswer(bool use_fnf_if_better, Plan fnf, Plan best,
                  PtasResult* out) {
  out->ptas_completion = best.answer.completion_time;
  out->fnf_completion = fnf.answer.completion_time;
  const bool fnf_wins = use_fnf_if_better && fnf.answer.completion_time <
                                                 best.answer.completion_time;
  Plan& chosen = fnf_wins ? fnf : best;
  out->answer = chosen.answer;
  out->answer.algorithm =
      fnf_wins ? HETCAST_ALGORITHM_FNF : HETCAST_ALGORITHM_PTAS;
  out->answer.lower_bound = fnf.answer.lower_bound;
  out->answer.lower_bound_kind = fnf.answer.lower_bound_kind;
  if (out->guess_bound > out->answer.lower_bound) {
    out->answer.lower_bound = out->guess_bound;
    out->answer.lower_bound_kind = HETCAST_BOUND_PTAS_GUESS;
  }
  out->answer.exact =
      out->answer.lower_bound == out->answer.completion_time ? 1 : 0;
  out->nodes = std::move(chosen.nodes);
  out->transfers = std::move(chosen.transfers);
}

// The useful relays of Theorem 7.1 (runtime/node/relays.h gives the rule
// and its proof), their types cheapest first; the scheme runs once per
// relay count from 0 to max_relays.
struct RelayChoice {
  std::vector<uint32_t> types;
  uint64_t max_relays = 0;
  uint64_t destinations = 0;
};

RelayChoice ChooseRelays(const PtasRequest& request,
                         const std::vector<uint64_t>& relays) {
  const size_t k = request.costs.size();
  RelayChoice choice;
  for (size_t j = 0; j < k; ++j) choice.destinations += request.counts[j];
  internal::UsefulRelays useful;
  internal::FindUsefulRelays(static_cast<uint32_t>(k), request.costs.data(),
                             request.counts.data(), relays.data(), &useful);
  choice.types.assign(useful.types, useful.types + useful.type_count);
  choice.max_relays = useful.max_relays;
  return choice;
}

// Theorem 7.2 runs the whole scheme once per relay count: refuse rather
// than run for hours (each run is about 20 attempts of O(n) or more).
// Checked before FNF, whose own relay search makes useful + 2 passes.
absl::Status CheckRelayBudget(uint64_t useful, uint64_t nodes) {
  if (useful > 0 && (useful + 1) > kMaxRelayNodeRuns / nodes) {
    return absl::OutOfRangeError(absl::StrFormat(
        "--relays: trying every relay count needs %d PTAS runs over %d nodes "
        "(at most %d node-runs); give fewer relays or destinations",
        useful + 1, nodes, kMaxRelayNodeRuns));
  }
  return absl::OkStatus();
}

// The instance for r relays: the destinations plus the r cheapest useful
// relays as destinations.
std::vector<uint64_t> InstanceCounts(const PtasRequest& request,
                                     const std::vector<uint64_t>& relays,
                                     const RelayChoice& choice, uint64_t r) {
  std::vector<uint64_t> counts(request.counts);
  uint64_t left = r;
  for (uint32_t j : choice.types) {
    const uint64_t promoted = std::min(left, relays[j]);
    counts[j] += promoted;
    left -= promoted;
  }
  return counts;
}

// Theorem 7.2: the scheme once per relay count, each schedule in the
// request's ids with its idle relays dropped; the earliest (the fewest
// relays on ties). `out` gets the attempts, the relay counts tried, the
// winner's guess and the guess bound (the least over the counts, Theorem
// 7.1).
absl::StatusOr<Plan> BestOverRelayCounts(const PtasRequest& request,
                                         const std::vector<uint64_t>& relays,
                                         const RelayChoice& choice,
                                         const hetcast_node_request& full,
                                         size_t node_count, PtasResult* out) {
  bool have = false;
  Plan best;
  uint64_t bound = HETCAST_NEVER;
  for (uint64_t r = 0; r <= choice.max_relays; ++r) {
    const std::vector<uint64_t> counts =
        InstanceCounts(request, relays, choice, r);
    absl::StatusOr<Searched> searched =
        Search(request.costs, request.source_type, counts, request.epsilon,
               request.grid);
    if (!searched.ok()) return searched.status();
    out->attempts += searched->attempts;
    ++out->relays_tried;
    bound = std::min(bound, searched->bound);
    std::vector<hetcast_send> sends =
        ToRequestIds(request, counts, relays, searched->best.sends);
    if (r > 0) DropIdleRelays(choice.destinations, node_count, &sends);
    absl::StatusOr<Plan> plan = Evaluate(full, sends, true);
    if (!plan.ok()) return plan.status();
    if (!have || plan->answer.completion_time < best.answer.completion_time) {
      have = true;
      best = *std::move(plan);
      out->guess = searched->guess;
    }
  }
  out->guess_bound = bound == HETCAST_NEVER ? 0 : bound;
  return best;
}

}  // namespace

absl::Status ValidatePtasRequest(const PtasRequest& request) {
  return ValidateRequest(request.costs, request.source_type, request.counts,
                         request.relays, request.epsilon);
}

absl::StatusOr<PtasResult> PlanPtas(const PtasRequest& request) {
  const absl::Status valid = ValidatePtasRequest(request);
  if (!valid.ok()) return valid;
  const std::vector<uint64_t> relays =
      request.relays.empty() ? std::vector<uint64_t>(request.costs.size(), 0)
                             : request.relays;
  const hetcast_node_request full =
      MakeRequest(request.costs, request.source_type, request.counts, &relays);
  hetcast_node_sizes sizes;
  if (hetcast_node_plan_sizes(&full, &sizes, nullptr) != HETCAST_OK) {
    return absl::InvalidArgumentError("PTAS: invalid request");
  }
  const RelayChoice choice = ChooseRelays(request, relays);
  const absl::Status budget =
      CheckRelayBudget(choice.max_relays, sizes.node_count);
  if (!budget.ok()) return budget;
  absl::StatusOr<Plan> fnf = RunFnf(full);
  if (!fnf.ok()) return fnf.status();
  PtasResult out;
  absl::StatusOr<Plan> best = BestOverRelayCounts(request, relays, choice, full,
                                                  fnf->nodes.size(), &out);
  if (!best.ok()) return best.status();
  ChooseAnswer(request.use_fnf_if_better, *std::move(fnf), *std::move(best),
               &out);
  return out;
}

absl::StatusOr<GuessOutcome> PtasTryGuess(const std::vector<uint64_t>& costs,
                                          uint32_t source_type,
                                          const std::vector<uint64_t>& counts,
                                          const Epsilon& eps, uint64_t guess) {
  const absl::Status valid =
      ValidateRequest(costs, source_type, counts, {}, eps);
  if (!valid.ok()) return valid;
  const Broadcast scheme(costs, source_type, counts, eps);
  absl::StatusOr<Attempt> attempt = scheme.Try(guess, scheme.Deadline(guess));
  if (!attempt.ok()) return attempt.status();
  return GuessOutcome{attempt->feasible, attempt->completion,
                      scheme.Deadline(guess)};
}

}  // namespace hetcast
