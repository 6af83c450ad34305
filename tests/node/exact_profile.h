// exact_profile.h: the ProfileSpec the exact DP (tools/gen/exact_dp.h) takes
// for given costs and limits, for the node tests that judge against it.
#ifndef HETCAST_TESTS_NODE_EXACT_PROFILE_H_
#define HETCAST_TESTS_NODE_EXACT_PROFILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tools/gen/profile.h"

namespace hetcast {
namespace testing {

// Types "t0", "t1", ... with costs[j] and limits[j].
inline ProfileSpec MakeProfile(const std::vector<uint64_t>& costs,
                               const std::vector<uint64_t>& limits) {
  ProfileSpec p;
  p.name = "exact";
  for (size_t j = 0; j < costs.size(); ++j) {
    p.types.push_back(NodeTypeSpec{"t" + std::to_string(j), costs[j],
                                   static_cast<uint32_t>(limits[j])});
  }
  return p;
}

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_NODE_EXACT_PROFILE_H_
