// reference_dp.cc: Lemma 5 of Libeskind-Hadas et al., unpruned.
//
//   tau(s, 0, ..., 0) = 0
//   tau(s, i) = min over l with i_l >= 1 and 0 <= y <= i - e_l of
//               max(tau(l, y) + C(s), tau(s, i - e_l - y) + C(s))
//
// The source's first send goes to a node of type l, whose subtree takes the
// y destinations; the source serves the rest from time C(s). Both sub-states
// are componentwise below i, so increasing mixed-radix order is a valid
// evaluation order.
#include "tests/oracles/reference_dp.h"

#include <algorithm>
#include <limits>

namespace hetcast {
namespace testing {

ReferenceDp::ReferenceDp(std::vector<uint64_t> costs,
                         std::vector<uint64_t> limits)
    : costs_(std::move(costs)), limits_(std::move(limits)) {
  const size_t k = costs_.size();
  stride_.resize(k);
  for (size_t j = 0; j < k; ++j) {
    stride_[j] = state_count_;
    state_count_ *= limits_[j] + 1;
  }
  tau_.assign(k * state_count_, 0);
  // Plain loops, no pruning; index arithmetic instead of per-candidate
  // vectors so the yardstick is a fair plain implementation.
  std::vector<uint64_t> i(k, 0);
  std::vector<uint64_t> y(k, 0);
  for (uint64_t index = 1; index < state_count_; ++index) {
    for (size_t j = 0; j < k; ++j)
      i[j] = (index / stride_[j]) % (limits_[j] + 1);
    for (size_t s = 0; s < k; ++s) {
      const uint64_t* tau_s = &tau_[s * state_count_];
      uint64_t best = std::numeric_limits<uint64_t>::max();
      for (size_t l = 0; l < k; ++l) {
        if (i[l] == 0) continue;
        const uint64_t* tau_l = &tau_[l * state_count_];
        const uint64_t rest = index - stride_[l];  // Index(i - e_l)
        // Every y with 0 <= y <= i - e_l, in mixed-radix order.
        std::fill(y.begin(), y.end(), 0);
        uint64_t y_index = 0;
        while (true) {
          const uint64_t child = tau_l[y_index] + costs_[s];
          const uint64_t source = tau_s[rest - y_index] + costs_[s];
          best = std::min(best, std::max(child, source));
          size_t j = 0;
          for (; j < k; ++j) {
            const uint64_t bound = i[j] - (j == l ? 1 : 0);
            if (y[j] < bound) {
              ++y[j];
              y_index += stride_[j];
              break;
            }
            y_index -= y[j] * stride_[j];
            y[j] = 0;
          }
          if (j == k) break;
        }
      }
      tau_[s * state_count_ + index] = best;
    }
  }
}

uint64_t ReferenceDp::Index(const std::vector<uint64_t>& counts) const {
  uint64_t index = 0;
  for (size_t j = 0; j < counts.size(); ++j) index += counts[j] * stride_[j];
  return index;
}

uint64_t ReferenceDp::Optimum(uint32_t source_type,
                              const std::vector<uint64_t>& counts) const {
  return tau_[source_type * state_count_ + Index(counts)];
}

}  // namespace testing
}  // namespace hetcast
