// reference_dp.h: the plain dynamic program of Libeskind-Hadas et al.
// Lemma 5, exactly as stated, over every state of a profile.
//
// TEST-ONLY REFERENCE: never use in production. It is the yardstick the
// table generator (next issue) must match state for state and beat in speed;
// it does no pruning at all. O(k * states^2) time.
#ifndef HETCAST_TESTS_ORACLES_REFERENCE_DP_H_
#define HETCAST_TESTS_ORACLES_REFERENCE_DP_H_

#include <cstdint>
#include <vector>

namespace hetcast {
namespace testing {

class ReferenceDp {
 public:
  // costs[j] >= 1; limits[j] = largest destination count of type j.
  ReferenceDp(std::vector<uint64_t> costs, std::vector<uint64_t> limits);

  // tau(s, counts): the optimal multicast completion time from a source of
  // type s to counts[j] destinations of type j (counts[j] <= limits[j]).
  uint64_t Optimum(uint32_t source_type,
                   const std::vector<uint64_t>& counts) const;

  uint64_t StateCount() const { return state_count_; }

 private:
  uint64_t Index(const std::vector<uint64_t>& counts) const;

  std::vector<uint64_t> costs_;
  std::vector<uint64_t> limits_;
  std::vector<uint64_t> stride_;
  uint64_t state_count_ = 1;
  std::vector<uint64_t> tau_;  // [source type * state_count_ + index]
};

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_REFERENCE_DP_H_
