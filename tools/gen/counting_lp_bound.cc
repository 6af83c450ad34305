// counting_lp_bound.cc: the counting LP (see counting_lp_bound.h).
#include "tools/gen/counting_lp_bound.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "tools/graph/exact_lp.h"

namespace hetcast {
namespace {

// A class with nodes: its cost, how many, and whether they are
// destinations.
struct LpClass {
  uint64_t cost;
  uint64_t count;
  bool destination;
};

std::vector<LpClass> ClassesOf(const hetcast_node_request& request) {
  std::vector<LpClass> classes;
  for (size_t j = 0; j < request.type_count; ++j) {
    if (request.destination_counts[j] > 0) {
      classes.push_back(
          {request.costs[j], request.destination_counts[j], true});
    }
    if (request.relay_counts != nullptr && request.relay_counts[j] > 0) {
      classes.push_back({request.costs[j], request.relay_counts[j], false});
    }
  }
  return classes;
}

using Terms = std::vector<std::pair<size_t, mpq_class>>;

// The program of counting_lp_bound.h for ticks first .. deadline (first =
// C_s): column y(c, t) at y[c][t - first], s(c, t) at s[c][t - first]
// (absent before first + C(c)), w(t) at w[t - first].
class CountingProgram {
 public:
  CountingProgram(const std::vector<LpClass>& classes, uint64_t source_cost,
                  uint64_t deadline)
      : classes_(classes), first_(source_cost), deadline_(deadline) {}

  LinearProgram Build() {
    AddColumns();
    for (uint64_t t = first_; t <= deadline_; ++t) AddTick(t);
    for (size_t c = 0; c < classes_.size(); ++c) {
      Terms terms;
      for (size_t y : y_[c]) terms.push_back({y, 1});
      lp_.AddRow(absl::StrFormat("n%d", c), std::move(terms),
                 RowSense::kLessEqual,
                 mpq_class(std::to_string(classes_[c].count)));
    }
    return std::move(lp_);
  }

 private:
  static constexpr size_t kNone = ~size_t{0};

  void AddColumns() {
    const uint64_t ticks = deadline_ - first_ + 1;
    y_.assign(classes_.size(), {});
    s_.assign(classes_.size(), std::vector<size_t>(ticks, kNone));
    for (size_t c = 0; c < classes_.size(); ++c) {
      for (uint64_t i = 0; i < ticks; ++i) {
        // Maximise the destinations: minimise minus their sum.
        y_[c].push_back(lp_.AddColumn(absl::StrFormat("y%d_%d", c, i),
                                      classes_[c].destination ? -1 : 0));
        if (i >= classes_[c].cost) {
          s_[c][i] = lp_.AddColumn(absl::StrFormat("s%d_%d", c, i), 0);
        }
      }
    }
    for (uint64_t i = 0; i < ticks; ++i) {
      w_.push_back(lp_.AddColumn(absl::StrFormat("w%d", i), 0));
    }
  }

  // The send recursion of every class and the balance of unused sends at t.
  void AddTick(uint64_t t) {
    const uint64_t i = t - first_;
    Terms balance{{w_[i], 1}};
    if (i > 0) balance.push_back({w_[i - 1], -1});
    for (size_t c = 0; c < classes_.size(); ++c) {
      balance.push_back({y_[c][i], 1});
      if (s_[c][i] == kNone) continue;
      balance.push_back({s_[c][i], -1});
      const uint64_t before = i - classes_[c].cost;
      Terms sends{{s_[c][i], 1}, {y_[c][before], -1}};
      if (s_[c][before] != kNone) sends.push_back({s_[c][before], -1});
      lp_.AddRow(absl::StrFormat("r%d_%d", c, i), std::move(sends),
                 RowSense::kEqual, 0);
    }
    lp_.AddRow(absl::StrFormat("b%d", i), std::move(balance), RowSense::kEqual,
               t % first_ == 0 ? 1 : 0);
  }

  const std::vector<LpClass>& classes_;
  const uint64_t first_;
  const uint64_t deadline_;
  LinearProgram lp_;
  std::vector<std::vector<size_t>> y_, s_;
  std::vector<size_t> w_;
};

absl::Status CheckRequest(const hetcast_node_request& request) {
  hetcast_node_sizes sizes;
  const hetcast_status status =
      hetcast_node_plan_sizes(&request, &sizes, nullptr);
  if (status != HETCAST_OK) {
    return absl::InvalidArgumentError(
        absl::StrFormat("counting LP: the request is invalid (%s)",
                        hetcast_status_str(status)));
  }
  return absl::OkStatus();
}

uint64_t DestinationTotal(const hetcast_node_request& request) {
  uint64_t total = 0;
  for (size_t j = 0; j < request.type_count; ++j) {
    total += request.destination_counts[j];
  }
  return total;
}

}  // namespace

absl::StatusOr<bool> CountingLpReaches(const hetcast_node_request& request,
                                       uint64_t deadline) {
  if (absl::Status status = CheckRequest(request); !status.ok()) return status;
  const uint64_t destinations = DestinationTotal(request);
  const uint64_t source_cost = request.costs[request.source_type];
  if (destinations == 0) return true;
  if (deadline < source_cost) return false;  // Nothing arrives before C_s.
  const std::vector<LpClass> classes = ClassesOf(request);
  const uint64_t ticks = deadline - source_cost + 1;
  if (ticks > kCountingLpMaxColumns / (2 * classes.size() + 1)) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "counting LP: %d ticks x %d classes is over the size limit", ticks,
        classes.size()));
  }
  const LinearProgram lp =
      CountingProgram(classes, source_cost, deadline).Build();
  absl::StatusOr<LpSolution> solution = SolveExactLp(lp);
  if (!solution.ok()) return solution.status();
  // The optimum is minus the most destinations informed by the deadline.
  return -solution->objective >= mpq_class(std::to_string(destinations));
}

absl::StatusOr<uint64_t> CountingLpBound(const hetcast_node_request& request,
                                         uint64_t lower, uint64_t upper) {
  if (lower > upper) {
    return absl::InvalidArgumentError("counting LP: lower bound above upper");
  }
  // Invariant: OPT >= lower, and the LP reaches D at upper.
  while (lower < upper) {
    const uint64_t middle = lower + (upper - lower) / 2;
    absl::StatusOr<bool> reaches = CountingLpReaches(request, middle);
    if (!reaches.ok()) {
      if (absl::IsResourceExhausted(reaches.status())) return lower;
      return reaches.status();
    }
    if (*reaches) {
      upper = middle;
    } else {
      lower = middle + 1;
    }
  }
  return lower;
}

}  // namespace hetcast
