// exhaustive_search.h: optimal node-model schedules by brute force.
//
// TEST-ONLY REFERENCE: never use in production. It enumerates every
// non-idling schedule (every schedule can be made non-idling without getting
// later, Libeskind-Hadas et al. §2) and shares no code or idea with the
// runtime's algorithms beyond the model's rule, so tests can judge FNF, the
// bounds and (later) the DP tables against it. Exponential: tiny instances
// only (about a dozen nodes).
#ifndef HETCAST_TESTS_ORACLES_EXHAUSTIVE_SEARCH_H_
#define HETCAST_TESTS_ORACLES_EXHAUSTIVE_SEARCH_H_

#include <cstdint>
#include <vector>

namespace hetcast {
namespace testing {

struct TinyInstance {
  std::vector<uint64_t> costs;
  uint32_t source_type = 0;
  std::vector<uint64_t> destinations;  // Per type.
  std::vector<uint64_t> relays;        // Per type; empty means none.
};

// The least completion time (last destination arrival) over all schedules.
uint64_t ExhaustiveOptimum(const TinyInstance& instance);

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_EXHAUSTIVE_SEARCH_H_
