// deadline_fnf.cc: deadline-aware receive orders (see deadline_fnf.h).
#include "tools/gen/deadline_fnf.h"

#include <algorithm>
#include <numeric>
#include <queue>
#include <random>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace hetcast {
namespace {

// `count` nodes with consecutive ids from `first`, informed at one tick,
// whose next sends complete at `key`.
struct Cohort {
  uint64_t key;
  uint64_t cost;
  uint32_t first;
  uint32_t count;
};

// Earliest key first, then lowest id: senders served in id order.
struct LaterCohort {
  bool operator()(const Cohort& a, const Cohort& b) const {
    return a.key != b.key ? a.key > b.key : a.first > b.first;
  }
};

// The types by cost, then index (the receive order of FNF), with the nodes
// left of each and the next unused canonical id.
struct Receivers {
  std::vector<uint32_t> order;
  std::vector<uint64_t> left;     // Per type.
  std::vector<uint32_t> next_id;  // Per type.
};

Receivers MakeReceivers(const hetcast_node_request& request) {
  Receivers receivers;
  const size_t types = request.type_count;
  receivers.order.resize(types);
  std::iota(receivers.order.begin(), receivers.order.end(), 0u);
  std::stable_sort(receivers.order.begin(), receivers.order.end(),
                   [&](uint32_t a, uint32_t b) {
                     return request.costs[a] < request.costs[b];
                   });
  receivers.left.assign(request.destination_counts,
                        request.destination_counts + types);
  uint32_t id = 1;  // Destinations by type index after the source.
  for (size_t j = 0; j < types; ++j) {
    receivers.next_id.push_back(id);
    id += static_cast<uint32_t>(request.destination_counts[j]);
  }
  return receivers;
}

// The deadline rule (deadline_fnf.h) for a slot at tick `now`.
uint32_t ChooseType(const hetcast_node_request& request,
                    const Receivers& receivers, uint64_t deadline,
                    uint64_t now) {
  const uint64_t slack = deadline > now ? deadline - now : 0;
  uint32_t chosen = UINT32_MAX;
  uint64_t sends = 0;
  for (uint32_t type : receivers.order) {
    if (receivers.left[type] == 0) continue;
    const uint64_t mine = slack / request.costs[type];
    if (chosen == UINT32_MAX) {
      sends = mine;
    } else if (mine != sends) {
      break;  // Slower types complete fewer sends from here on.
    }
    chosen = type;
  }
  return chosen;
}

// One pass of the deadline rule: the cohorts in a heap, each served in
// turn, its senders given receivers in the rule's order.
class DeadlinePass {
 public:
  DeadlinePass(const hetcast_node_request& request, uint64_t deadline,
               std::vector<hetcast_send>* sends)
      : request_(request),
        deadline_(deadline),
        receivers_(MakeReceivers(request)),
        need_(std::accumulate(receivers_.left.begin(), receivers_.left.end(),
                              uint64_t{0})),
        sends_(sends) {
    sends_->clear();
    sends_->reserve(need_);
  }

  absl::StatusOr<uint64_t> Run() {
    const uint64_t source_cost = request_.costs[request_.source_type];
    heap_.push(Cohort{source_cost, source_cost, 0, 1});
    uint64_t completion = 0;
    while (informed_ < need_) {
      Cohort cohort = heap_.top();
      heap_.pop();
      absl::Status status = Serve(cohort.key, cohort.first, cohort.count);
      if (!status.ok()) return status;
      completion = cohort.key;
      if (__builtin_add_overflow(cohort.key, cohort.cost, &cohort.key)) {
        return absl::OutOfRangeError("a send time passes HETCAST_NEVER");
      }
      heap_.push(cohort);
    }
    return completion;
  }

 private:
  // Gives the `count` senders from id `first` one receiver each (fewer if
  // fewer are left), all arriving at `now`; pushes the receivers' cohorts.
  absl::Status Serve(uint64_t now, uint32_t first, uint32_t count) {
    while (count > 0 && informed_ < need_) {
      const uint32_t type = ChooseType(request_, receivers_, deadline_, now);
      const uint32_t take = static_cast<uint32_t>(
          std::min<uint64_t>(count, receivers_.left[type]));
      const uint32_t to = receivers_.next_id[type];
      for (uint32_t i = 0; i < take; ++i) {
        sends_->push_back(hetcast_send{first + i, to + i});
      }
      uint64_t key;
      if (__builtin_add_overflow(now, request_.costs[type], &key) ||
          key >= HETCAST_NEVER) {
        return absl::OutOfRangeError("a send time passes HETCAST_NEVER");
      }
      heap_.push(Cohort{key, request_.costs[type], to, take});
      receivers_.left[type] -= take;
      receivers_.next_id[type] += take;
      informed_ += take;
      first += take;
      count -= take;
    }
    return absl::OkStatus();
  }

  const hetcast_node_request& request_;
  const uint64_t deadline_;
  Receivers receivers_;
  const uint64_t need_;
  std::vector<hetcast_send>* sends_;
  std::priority_queue<Cohort, std::vector<Cohort>, LaterCohort> heap_;
  uint64_t informed_ = 0;
};

}  // namespace

absl::StatusOr<uint64_t> DeadlineSchedule(const hetcast_node_request& request,
                                          uint64_t deadline,
                                          std::vector<hetcast_send>* sends) {
  return DeadlinePass(request, deadline, sends).Run();
}

namespace {

bool HasRelays(const hetcast_node_request& request) {
  if (request.relay_counts == nullptr) return false;
  for (size_t j = 0; j < request.type_count; ++j) {
    if (request.relay_counts[j] != 0) return true;
  }
  return false;
}

absl::Status FromHetcast(hetcast_status status, const char* what) {
  if (status == HETCAST_OK) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrFormat("%s: %s", what, hetcast_status_str(status)));
}

// FNF's completion (hetcast_node_plan), which also validates `request`.
absl::StatusOr<uint64_t> FnfCompletion(const hetcast_node_request& request) {
  hetcast_node_sizes sizes;
  absl::Status status = FromHetcast(
      hetcast_node_plan_sizes(&request, &sizes, nullptr), "node request");
  if (!status.ok()) return status;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  status = FromHetcast(
      hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                        workspace.size(), nodes.data(), nodes.size(), nullptr,
                        0, &answer, nullptr),
      "FNF");
  if (!status.ok()) return status;
  return answer.completion_time;
}

// The evaluator's completion of `sends` for `request`.
absl::StatusOr<uint64_t> EvaluatedCompletion(
    const hetcast_node_request& request,
    const std::vector<hetcast_send>& sends) {
  size_t bytes = 0;
  hetcast_node_sizes sizes;
  if (hetcast_node_evaluate_workspace_size(&request, sends.size(), &bytes,
                                           nullptr) != HETCAST_OK ||
      hetcast_node_plan_sizes(&request, &sizes, nullptr) != HETCAST_OK) {
    return absl::InternalError("the evaluator refused the request's sizes");
  }
  std::vector<unsigned char> workspace(bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  const hetcast_status status = hetcast_node_evaluate(
      &request, sends.data(), sends.size(), workspace.data(), workspace.size(),
      nodes.data(), nodes.size(), nullptr, 0, &answer, nullptr);
  if (status != HETCAST_OK) {
    return absl::InternalError(absl::StrFormat(
        "deadline FNF or its search built a schedule the evaluator "
        "rejects: %s",
        hetcast_status_str(status)));
  }
  return answer.completion_time;
}

// A receive sequence's schedule (deadline_fnf.h, "The local search"):
// its completion and how many receivers arrive then (fewer is closer to
// finishing a tick earlier).
struct SequenceOutcome {
  uint64_t completion = 0;
  uint64_t at_completion = 0;
  bool operator<=(const SequenceOutcome& other) const {
    return std::tie(completion, at_completion) <=
           std::tie(other.completion, other.at_completion);
  }
};

// The k-th receiver of `sequence` (types) takes the k-th earliest send,
// ties to the lower sender id; writes the sends when `sends` is not null.
absl::StatusOr<SequenceOutcome> RunSequence(
    const hetcast_node_request& request, const std::vector<uint32_t>& sequence,
    std::vector<hetcast_send>* sends) {
  // (arrival of the send, sender id, sender's cost), earliest first.
  using Slot = std::tuple<uint64_t, uint32_t, uint64_t>;
  std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> slots;
  const uint64_t source_cost = request.costs[request.source_type];
  slots.emplace(source_cost, 0, source_cost);
  std::vector<uint32_t> next_id = MakeReceivers(request).next_id;
  if (sends != nullptr) sends->clear();
  SequenceOutcome outcome;
  for (uint32_t type : sequence) {
    const auto [now, from, cost] = slots.top();
    slots.pop();
    const uint32_t to = next_id[type]++;
    if (sends != nullptr) sends->push_back(hetcast_send{from, to});
    uint64_t next, first;
    if (__builtin_add_overflow(now, cost, &next) ||
        __builtin_add_overflow(now, request.costs[type], &first) ||
        next >= HETCAST_NEVER || first >= HETCAST_NEVER) {
      return absl::OutOfRangeError("a send time passes HETCAST_NEVER");
    }
    slots.emplace(next, from, cost);
    slots.emplace(first, to, request.costs[type]);
    outcome.at_completion =
        now == outcome.completion ? outcome.at_completion + 1 : 1;
    outcome.completion = now;
  }
  return outcome;
}

// The receivers' types in the order `sends` informs them.
std::vector<uint32_t> SequenceOf(const hetcast_node_request& request,
                                 const std::vector<hetcast_send>& sends) {
  const std::vector<uint32_t> base = MakeReceivers(request).next_id;
  std::vector<uint32_t> sequence;
  for (const hetcast_send& send : sends) {
    uint32_t type = 0;
    while (type + 1 < base.size() && send.to >= base[type + 1]) ++type;
    sequence.push_back(type);
  }
  return sequence;
}

// FNF's receive order: the types by cost, then index, each count times.
std::vector<uint32_t> FnfSequence(const hetcast_node_request& request) {
  std::vector<uint32_t> sequence;
  for (uint32_t type : MakeReceivers(request).order) {
    sequence.insert(sequence.end(), request.destination_counts[type], type);
  }
  return sequence;
}

// The local search of deadline_fnf.h from `sequence`: random swaps and
// moves of two receivers of different types, kept when the outcome is no
// worse, until options.search_moves or the lower bound.
absl::StatusOr<SequenceOutcome> SearchSequences(
    const hetcast_node_request& request, const DeadlineFnfOptions& options,
    std::vector<uint32_t>* sequence) {
  absl::StatusOr<SequenceOutcome> best =
      RunSequence(request, *sequence, nullptr);
  if (!best.ok()) return best.status();
  std::mt19937_64 rng(options.search_seed);
  const size_t n = sequence->size();
  std::vector<uint32_t> candidate;
  for (uint32_t move = 0; move < options.search_moves && n > 1 &&
                          best->completion > options.lower_bound;
       ++move) {
    const size_t a = rng() % n, b = rng() % n;
    if ((*sequence)[a] == (*sequence)[b]) continue;
    candidate = *sequence;
    if (rng() % 2 == 0) {
      std::swap(candidate[a], candidate[b]);
    } else {
      const uint32_t type = candidate[a];
      candidate.erase(candidate.begin() + a);
      candidate.insert(candidate.begin() + b, type);
    }
    absl::StatusOr<SequenceOutcome> outcome =
        RunSequence(request, candidate, nullptr);
    if (!outcome.ok()) continue;  // Past HETCAST_NEVER: not kept.
    if (*outcome <= *best) {
      *best = *outcome;
      sequence->swap(candidate);
    }
  }
  return best;
}

// Runs the local search from the best schedule so far (`result`) and keeps
// its schedule when it finishes earlier.
absl::Status ImproveBySearch(const hetcast_node_request& request,
                             const DeadlineFnfOptions& options,
                             DeadlineFnfResult* result) {
  std::vector<uint32_t> sequence = result->sends.empty()
                                       ? FnfSequence(request)
                                       : SequenceOf(request, result->sends);
  absl::StatusOr<SequenceOutcome> found =
      SearchSequences(request, options, &sequence);
  if (!found.ok()) return found.status();
  if (found->completion >= result->completion) return absl::OkStatus();
  std::vector<hetcast_send> sends;
  absl::StatusOr<SequenceOutcome> rebuilt =
      RunSequence(request, sequence, &sends);
  if (!rebuilt.ok()) return rebuilt.status();
  result->completion = rebuilt->completion;
  result->sends.swap(sends);
  result->searched = true;
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<DeadlineFnfResult> ImproveFnfByDeadlines(
    const hetcast_node_request& request, const DeadlineFnfOptions& options) {
  absl::StatusOr<uint64_t> fnf = FnfCompletion(request);
  if (!fnf.ok()) return fnf.status();
  DeadlineFnfResult result;
  result.fnf_completion = result.completion = *fnf;
  result.relays_skipped = HasRelays(request);
  if (result.relays_skipped) return result;
  std::vector<hetcast_send> sends;
  uint64_t deadline = *fnf;
  while (deadline > 0 && deadline - 1 >= options.lower_bound &&
         result.deadlines_tried < options.max_deadlines) {
    --deadline;
    ++result.deadlines_tried;
    absl::StatusOr<uint64_t> completion =
        DeadlineSchedule(request, deadline, &sends);
    if (!completion.ok()) return completion.status();
    if (*completion > deadline) break;
    result.completion = *completion;  // Below the best so far: it is <= T.
    result.deadline = deadline;
    result.sends.swap(sends);
    deadline = *completion;
  }
  if (options.search_moves > 0 && result.completion > options.lower_bound) {
    absl::Status searched = ImproveBySearch(request, options, &result);
    if (!searched.ok()) return searched;
  }
  if (result.sends.empty()) return result;
  absl::StatusOr<uint64_t> evaluated =
      EvaluatedCompletion(request, result.sends);
  if (!evaluated.ok()) return evaluated.status();
  if (*evaluated != result.completion) {
    return absl::InternalError(
        absl::StrFormat("deadline FNF computed completion %d, the evaluator %d",
                        result.completion, *evaluated));
  }
  return result;
}

}  // namespace hetcast
