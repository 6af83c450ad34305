// cluster_search.h: optimal broadcast times in the two-level cluster model
// by exhaustive, time-stepped search.
//
// TEST-ONLY REFERENCE: never use in production. It tries every schedule of
// the basic blocking model (local transfer 1 tick, inter-cluster C ticks,
// sender and receiver busy for the whole transfer, one transfer per
// processor at a time), including idling, with processors of one cluster
// treated as interchangeable. Tiny instances only (N <= 7, small C).
#ifndef HETCAST_TESTS_ORACLES_CLUSTER_SEARCH_H_
#define HETCAST_TESTS_ORACLES_CLUSTER_SEARCH_H_

#include <cstdint>
#include <vector>

namespace hetcast {
namespace testing {

struct ClusterInstance {
  std::vector<uint64_t> sizes;  // Cluster 0 holds the source.
  uint64_t inter_cost = 1;
  // Optional bounds (§5): at most degrees[c] inter-cluster transfers with an
  // endpoint in cluster c at a time (empty: none); at most `matching`
  // inter-cluster transfers at a time (0: none).
  std::vector<uint64_t> degrees = {};
  uint64_t matching = 0;
  // Postal model (§6): a send keeps its sender busy for one tick.
  bool postal = false;
  // Only schedules with the fewest inter-cluster transfers (k - 1: each
  // other cluster receives exactly one message from outside): OPT_S of
  // Theorem 6.4.
  bool single_external = false;
  // Multicast: members[c] processors of cluster c must receive (the source
  // counts in cluster 0); empty: broadcast.
  std::vector<uint64_t> members = {};
};

// The least broadcast completion time over all schedules.
uint64_t ClusterExhaustiveOptimum(const ClusterInstance& instance);

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_CLUSTER_SEARCH_H_
