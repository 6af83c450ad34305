// exact_dp.cc: Libeskind-Hadas et al. Lemma 5 with safe pruning.
//
// The recurrence (types 0..k-1, C(j) the cost of type j):
//
//   tau(s, 0) = 0
//   tau(s, i) = C(s) + min over l with i_l >= 1, 0 <= y <= i - e_l of
//               max(tau(l, y), tau(s, i - e_l - y))
//
// The plain evaluation (tests/reference_dp.cc) enumerates every (l, y). This
// one visits far fewer candidates and returns the same tau for every state;
// tests/exact_dp_test.cc checks that state by state. The rules:
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
// Rule 3 (bound pruning). By Rule 2, for a fixed prefix max(f(0), g(t_max))
// is a lower bound on every candidate of that prefix; a prefix whose bound
// cannot beat the best candidate found so far is skipped outright. The first
// child types are tried fastest first, which usually finds the optimum
// early.
//
// Rule 4 (two cores). tau(., i) depends only on states with fewer
// destinations, so states are solved level by level (level = number of
// destinations) and the states of a level are shared among threads. Each
// state's result is a function of lower levels only, so the output is the
// same for any number of threads.
//
// Ties: for each state the decision kept is the first strictly best one in
// the order above, which depends on nothing but the profile.
#include "tools/exact_dp.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <thread>

#include "absl/strings/str_format.h"

namespace hetcast {
namespace {

constexpr uint64_t kMaxTime = uint64_t{1} << 62;
constexpr uint64_t kInfinity = ~uint64_t{0};

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
  ExactTable& table_;
  const size_t k_;
  std::vector<uint64_t> cost_;
  std::vector<uint32_t> by_cost_;  // Type indices, fastest first.
  uint32_t slowest_ = 0;
  std::atomic<bool> overflow_{false};
};

void Solver::SolveState(uint64_t state, const uint32_t* digits,
                        uint32_t* y_digits) {
  const uint64_t sc = table_.state_count;
  const uint64_t* stride = table_.stride.data();
  const uint32_t K = slowest_;
  const uint64_t stride_k = stride[K];
  for (uint32_t s = 0; s < k_; ++s) {
    const uint64_t* tau_s = table_.time.data() + s * sc;
    uint64_t best = kInfinity;  // Best max(child, rest), without C(s).
    uint32_t best_l = 0;
    uint64_t best_y = 0;
    for (size_t rank = 0; rank < k_; ++rank) {
      const uint32_t l = by_cost_[rank];
      if (digits[l] == 0) continue;
      const uint64_t* tau_l = table_.time.data() + l * sc;
      const uint64_t rest = state - stride[l];  // state(i - e_l)
      // rest digits: digits - e_l. Outer digits are the types of ranks
      // rank .. k-2 (Rule 1: nothing faster than l); K is innermost.
      const uint32_t t_max = digits[K] - (l == K ? 1 : 0);
      const size_t outer_begin = rank;
      const size_t outer_end = k_ - 1;  // exclusive; rank k-1 is K
      for (size_t r = outer_begin; r < outer_end; ++r) y_digits[r] = 0;
      uint64_t prefix = 0;  // state of the outer digits of y
      while (true) {
        // Rule 3: lower bound of this prefix.
        const uint64_t low_child = tau_l[prefix];
        const uint64_t rest_min = rest - prefix - t_max * stride_k;
        const uint64_t low_rest = tau_s[rest_min];
        if (low_child < best && low_rest < best) {
          // Rule 2: binary search for the first t with f(t) >= g(t).
          uint32_t lo = 0, hi = t_max + 1;
          while (lo < hi) {
            const uint32_t mid = lo + (hi - lo) / 2;
            const uint64_t f = tau_l[prefix + mid * stride_k];
            const uint64_t g = tau_s[rest - prefix - mid * stride_k];
            if (f >= g) {
              hi = mid;
            } else {
              lo = mid + 1;
            }
          }
          if (lo >= 1) {  // f < g at lo - 1: the value there is g.
            const uint64_t g = tau_s[rest - prefix - (lo - 1) * stride_k];
            if (g < best) {
              best = g;
              best_l = l;
              best_y = prefix + (lo - 1) * stride_k;
            }
          }
          if (lo <= t_max) {  // f >= g at lo: the value there is f.
            const uint64_t f = tau_l[prefix + lo * stride_k];
            if (f < best) {
              best = f;
              best_l = l;
              best_y = prefix + lo * stride_k;
            }
          }
        }
        // Next outer prefix (odometer over ranks outer_begin..outer_end-1,
        // digit of rank r bounded by the rest's count of that type).
        size_t r = outer_begin;
        for (; r < outer_end; ++r) {
          const uint32_t j = by_cost_[r];
          const uint32_t bound = digits[j] - (j == l ? 1 : 0);
          if (y_digits[r] < bound) {
            ++y_digits[r];
            prefix += stride[j];
            break;
          }
          prefix -= uint64_t{y_digits[r]} * stride[j];
          y_digits[r] = 0;
        }
        if (r == outer_end) break;
      }
    }
    const uint64_t total = best + cost_[s];
    if (best >= kMaxTime || total > kMaxTime) overflow_.store(true);
    table_.time[s * sc + state] = total;
    table_.first_child[s * sc + state] = static_cast<uint8_t>(best_l);
    table_.split[s * sc + state] = static_cast<uint32_t>(best_y);
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
  table.state_count = StateCount(profile);
  uint64_t stride = 1;
  uint32_t level_count = 1;
  for (const NodeTypeSpec& t : profile.types) {
    table.stride.push_back(stride);
    table.limit.push_back(t.limit);
    stride *= uint64_t{t.limit} + 1;
    level_count += t.limit;
  }
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
            digits[j] = static_cast<uint32_t>((state / table.stride[j]) %
                                              (uint64_t{table.limit[j]} + 1));
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
