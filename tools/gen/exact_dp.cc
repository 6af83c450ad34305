// exact_dp.cc: Libeskind-Hadas et al. Lemma 5 with safe pruning.
//
// The recurrence (types 0..k-1, C(j) the cost of type j):
//
//   tau(s, 0) = 0
//   tau(s, i) = C(s) + min over l with i_l >= 1, 0 <= y <= i - e_l of
//               max(tau(l, y), tau(s, i - e_l - y))
//
// The plain evaluation (tests/oracles/reference_dp.cc) enumerates every (l, y).
// This one visits far fewer candidates and returns the same tau for every
// state; tests/gen/exact_dp_test.cc checks that state by state. The rules:
//
// Rule 1 (Lemma 2 of Libeskind-Hadas et al., monotonic schedules). Every
// schedule can be turned into a monotonic one, in which no non-root node
// sends to a faster node, without increasing its completion time. In a
// monotonic schedule every node in the subtree of the source's first child
// (type l) is at least as slow as l, so only splits y with y_j = 0 for every
// type j faster than l need to be tried. This is safe inside the recurrence
// by induction over states: an optimal monotonic schedule for (s, i)
// decomposes into a decision (l, y) that obeys the rule and two
// sub-schedules whose optimal values the (inductively exact) table holds.
// Costs are pairwise distinct (profiles enforce it), so "at least as slow"
// means "type l or slower".
//
// Rule 2 (monotonicity in the slowest type). Let K be the globally slowest
// type. Then tau(s, x) <= tau(s, x + e_K) for every s and x. Proof: in an
// optimal schedule for x + e_K let w be the non-source node that arrives
// last (a leaf, since costs are >= 1) and v a node of type K. If w = v drop
// it. Otherwise move w into v's place: it receives when v did and sends v's
// children in v's order, each no later than before since C(type(w)) <=
// C(K); drop v and w's old leaf position. The result serves x and finishes
// no later. (Monotonicity fails for faster types: adding a fast node can
// make a schedule faster, so no such rule is used for them.)
// Hence, with the digits of y other than y_K fixed, f(t) = tau(l, y + t e_K)
// is nondecreasing in t and g(t) = tau(s, i - e_l - y - t e_K) is
// nonincreasing, and min_t max(f(t), g(t)) sits where f crosses g: a binary
// search finds it with O(log limit_K) lookups instead of limit_K + 1.
//
// Rule 3 (branch and bound over the other digits). Rule 2's argument works
// for any type that is the slowest one present: removing a node of the
// slowest type present never makes an optimal schedule later. y's digits are
// chosen by rank, fastest type (l) first. With the digits of ranks <= r
// fixed at prefix p and the slower (inner) digits free:
//   - every child value tau(l, y) is >= tau(l, p) (strip the inner nodes,
//     slowest first), and tau(l, p) is nondecreasing in the rank-r digit
//     (with the inner digits 0, rank r is the slowest type present);
//   - every rest value tau(s, i - e_l - y) is >= tau(s, i - e_l - p - m),
//     m = the largest inner digits, and that bound is nonincreasing in the
//     rank-r digit.
// So the rank-r loop stops at the first digit whose child bound reaches the
// best candidate so far, and skips digits whose rest bound does. Types are
// tried as first child fastest first, which finds good candidates early.
//
// Rule 4 (two cores). tau(., i) depends only on states with fewer
// destinations, so states are solved level by level (level = number of
// destinations) and the states of a level are shared among threads. Each
// state's result is a function of lower levels only, so the output is the
// same for any number of threads.
//
// Rule 5 (seeding). Before the search, a few decisions derived from the
// already solved states i - e_j (the same first child and split, with the
// extra type-j node given to the source's share or, where Rule 1 allows, to
// the child's subtree) are evaluated; the best is a real candidate and
// tightens Rule 3's bounds from the start. It only changes which optimal
// decision is kept on ties, never a completion time.
//
// Ties: for each state the decision kept is the first strictly best one in
// the order above, which depends on nothing but the profile.
#include "tools/gen/exact_dp.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <thread>

#include "absl/strings/str_format.h"
#include "runtime/table/state_index.h"

namespace hetcast {
namespace {

constexpr uint64_t kMaxTime = uint64_t{1} << 62;
constexpr uint64_t kInfinity = ~uint64_t{0};

struct Search;

class Solver {
 public:
  Solver(const ProfileSpec& profile, ExactTable* table)
      : table_(*table), k_(profile.types.size()) {
    for (const NodeTypeSpec& t : profile.types) cost_.push_back(t.cost);
    by_cost_.resize(k_);
    std::iota(by_cost_.begin(), by_cost_.end(), 0);
    std::sort(by_cost_.begin(), by_cost_.end(),
              [&](uint32_t a, uint32_t b) { return cost_[a] < cost_[b]; });
    slowest_ = by_cost_[k_ - 1];
  }

  // Solves tau(s, state) for every source type s. `digits` holds the counts
  // of `state`; `scratch` is k entries of per-thread memory.
  void SolveState(uint64_t state, const uint32_t* digits, uint32_t* scratch);

  bool overflowed() const { return overflow_.load(); }

 private:
  // Rule 5: seeds the search with decisions of the neighbouring states.
  void Seed(uint32_t s, uint64_t state, const uint32_t* digits,
            Search* search) const;

 public:
 private:
  ExactTable& table_;
  const size_t k_;
  std::vector<uint64_t> cost_;
  std::vector<uint32_t> by_cost_;  // Type indices, fastest first.
  uint32_t slowest_ = 0;
  std::atomic<bool> overflow_{false};
};

// The search for one (s, i, l): digits of y by rank from `rank` (type l) to
// k - 2 (Rule 3's branch and bound), then the slowest type by bisection
// (Rule 2). Updates best / best_l / best_y.
struct Search {
  const uint64_t* tau_l;
  const uint64_t* tau_s;
  const uint64_t* stride;     // By type.
  const uint32_t* by_cost;    // Types by rank.
  const uint32_t* bound;      // By rank: the largest y digit (of i - e_l).
  const uint64_t* rest_tail;  // By rank r: state of (i - e_l) on ranks >= r.
  uint64_t rest;              // state(i - e_l).
  size_t last;                // k - 1: the rank of the slowest type K.
  uint32_t l;
  uint64_t best;
  uint32_t best_l;
  uint64_t best_y;

  void Digits(size_t r, uint64_t prefix) {
    if (r == last) {
      Slowest(prefix);
      return;
    }
    const uint64_t step = stride[by_cost[r]];
    const uint64_t rest_inner = rest_tail[r + 1];
    uint64_t p = prefix;
    for (uint32_t v = 0; v <= bound[r]; ++v, p += step) {
      // Lower bounds over every completion of the inner digits (Rule 3).
      if (tau_l[p] >= best) break;  // Nondecreasing in v.
      if (tau_s[rest - p - rest_inner] >= best) continue;  // Nonincreasing.
      Digits(r + 1, p);
    }
  }

  void Slowest(uint64_t prefix) {
    const uint64_t step = stride[by_cost[last]];
    const uint32_t t_max = bound[last];
    if (tau_l[prefix] >= best) return;
    if (tau_s[rest - prefix - uint64_t{t_max} * step] >= best) return;
    // Rule 2: the first t with f(t) >= g(t).
    uint32_t lo = 0, hi = t_max + 1;
    while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      const uint64_t f = tau_l[prefix + mid * step];
      const uint64_t g = tau_s[rest - prefix - mid * step];
      if (f >= g) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    if (lo >= 1) {  // f < g at lo - 1: the value there is g.
      const uint64_t g = tau_s[rest - prefix - (lo - 1) * step];
      if (g < best) {
        best = g;
        best_l = l;
        best_y = prefix + (lo - 1) * step;
      }
    }
    if (lo <= t_max) {  // f >= g at lo: the value there is f.
      const uint64_t f = tau_l[prefix + lo * step];
      if (f < best) {
        best = f;
        best_l = l;
        best_y = prefix + lo * step;
      }
    }
  }
};

void Solver::Seed(uint32_t s, uint64_t state, const uint32_t* digits,
                  Search* search) const {
  const uint64_t sc = table_.state_count;
  const uint64_t* stride = table_.stride.data();
  for (uint32_t j = 0; j < k_; ++j) {
    if (digits[j] == 0) continue;
    const uint64_t previous = state - stride[j];
    uint32_t l = j;  // previous == 0: the lone node is the first child.
    uint64_t y = 0;
    if (previous != 0) {
      l = table_.first_child[s * sc + previous];
      y = table_.split[s * sc + previous];
    }
    const uint64_t* tau_l = table_.time.data() + l * sc;
    // The extra type-j node in the source's remaining share...
    uint64_t candidates[2] = {y, kInfinity};
    // ...or in the child's subtree, when Rule 1 allows it there.
    if (previous != 0 && cost_[j] >= cost_[l]) candidates[1] = y + stride[j];
    for (uint64_t candidate : candidates) {
      if (candidate == kInfinity) continue;
      const uint64_t value = std::max(
          tau_l[candidate], search->tau_s[state - stride[l] - candidate]);
      if (value < search->best) {
        search->best = value;
        search->best_l = l;
        search->best_y = candidate;
      }
    }
  }
}

void Solver::SolveState(uint64_t state, const uint32_t* digits,
                        uint32_t* /*scratch*/) {
  const uint64_t sc = table_.state_count;
  const uint64_t* stride = table_.stride.data();
  uint32_t bound[kMaxProfileTypes];
  uint64_t rest_tail[kMaxProfileTypes + 1];
  for (uint32_t s = 0; s < k_; ++s) {
    Search search;
    search.tau_s = table_.time.data() + s * sc;
    search.stride = stride;
    search.by_cost = by_cost_.data();
    search.bound = bound;
    search.rest_tail = rest_tail;
    search.last = k_ - 1;
    search.best = kInfinity;  // Best max(child, rest), without C(s).
    search.best_l = 0;
    search.best_y = 0;
    Seed(s, state, digits, &search);
    for (size_t rank = 0; rank < k_; ++rank) {
      const uint32_t l = by_cost_[rank];
      if (digits[l] == 0) continue;
      search.l = l;
      search.tau_l = table_.time.data() + l * sc;
      search.rest = state - stride[l];  // state(i - e_l)
      rest_tail[k_] = 0;
      for (size_t r = k_; r-- > 0;) {
        const uint32_t j = by_cost_[r];
        bound[r] = digits[j] - (j == l ? 1 : 0);
        rest_tail[r] = rest_tail[r + 1] + uint64_t{bound[r]} * stride[j];
      }
      // Rule 1: y has no type faster than l, so its digits start at `rank`.
      search.Digits(rank, 0);
    }
    const uint64_t best = search.best;
    const uint64_t total = best + cost_[s];
    if (best >= kMaxTime || total > kMaxTime) overflow_.store(true);
    table_.time[s * sc + state] = total;
    table_.first_child[s * sc + state] = static_cast<uint8_t>(search.best_l);
    table_.split[s * sc + state] = static_cast<uint32_t>(search.best_y);
  }
}

}  // namespace

absl::StatusOr<ExactTable> SolveExact(const ProfileSpec& profile,
                                      const DpOptions& options) {
  absl::Status valid = ValidateProfile(profile);
  if (!valid.ok()) return valid;
  ExactTable table;
  const size_t k = profile.types.size();
  table.type_count = static_cast<uint32_t>(k);
  uint32_t level_count = 1;
  for (const NodeTypeSpec& t : profile.types) {
    table.limit.push_back(t.limit);
    level_count += t.limit;
  }
  // Validated: every type fits.
  table.stride.resize(k);
  internal::TableStrides(table.type_count, table.limit.data(),
                         table.stride.data(), UINT64_MAX, &table.state_count);
  const uint64_t sc = table.state_count;
  table.time.assign(k * sc, 0);
  table.first_child.assign(k * sc, 0);
  table.split.assign(k * sc, 0);

  // States grouped by level (counting sort on the digit sum).
  std::vector<uint32_t> level_of(sc);
  std::vector<uint64_t> level_start(level_count + 1, 0);
  {
    std::vector<uint32_t> digits(k, 0);
    uint32_t sum = 0;
    for (uint64_t state = 0; state < sc; ++state) {
      level_of[state] = sum;
      ++level_start[sum + 1];
      for (size_t j = 0; j < k; ++j) {  // Increment the mixed-radix counter.
        if (digits[j] < table.limit[j]) {
          ++digits[j];
          ++sum;
          break;
        }
        sum -= digits[j];
        digits[j] = 0;
      }
    }
  }
  for (uint32_t l = 0; l < level_count; ++l)
    level_start[l + 1] += level_start[l];
  std::vector<uint32_t> by_level(sc);
  {
    std::vector<uint64_t> next(level_start.begin(), level_start.end() - 1);
    for (uint64_t state = 0; state < sc; ++state) {
      by_level[next[level_of[state]]++] = static_cast<uint32_t>(state);
    }
  }
  level_of.clear();
  level_of.shrink_to_fit();

  Solver solver(profile, &table);
  int threads = options.threads;
  if (threads <= 0) {
    threads =
        static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }
  constexpr uint64_t kChunk = 16;
  for (uint32_t level = 1; level < level_count; ++level) {
    const uint64_t begin = level_start[level], end = level_start[level + 1];
    std::atomic<uint64_t> next{begin};
    auto work = [&]() {
      std::vector<uint32_t> digits(k), scratch(k);
      while (true) {
        const uint64_t chunk = next.fetch_add(kChunk);
        if (chunk >= end) break;
        const uint64_t chunk_end = std::min(end, chunk + kChunk);
        for (uint64_t pos = chunk; pos < chunk_end; ++pos) {
          const uint64_t state = by_level[pos];
          for (size_t j = 0; j < k; ++j) {
            digits[j] = static_cast<uint32_t>(internal::TableStateDigit(
                state, table.stride[j], table.limit[j]));
          }
          solver.SolveState(state, digits.data(), scratch.data());
        }
      }
    };
    const int helpers = static_cast<int>(
        std::min<uint64_t>(threads - 1, (end - begin) / kChunk));
    std::vector<std::thread> pool;
    for (int t = 0; t < helpers; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    if (solver.overflowed()) {
      return absl::OutOfRangeError(absl::StrFormat(
          "profile '%s': a completion time exceeds 2^62 ticks; use smaller "
          "costs or limits",
          profile.name));
    }
    if (options.progress) options.progress(end * k, sc * k);
  }
  return table;
}

}  // namespace hetcast
