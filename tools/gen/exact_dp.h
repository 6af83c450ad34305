// exact_dp.h: the exact multicast table of Libeskind-Hadas et al. Lemma 5.
//
// For a profile (k types with distinct costs, a limit per type) SolveExact
// computes, for every source type s and every count vector
// 0 <= i <= limits, the optimal completion time tau(s, i) and one optimal
// decision: the type l of the source's first child and the split y (the
// destinations in that child's subtree). See exact_dp.cc for the pruning
// rules and the lemma behind each.
//
// Example:
//   absl::StatusOr<ExactTable> t = SolveExact(profile, DpOptions{});
//   uint64_t nine = t->time[1 * t->state_count + t->StateOf({4, 7})];
#ifndef HETCAST_TOOLS_GEN_EXACT_DP_H_
#define HETCAST_TOOLS_GEN_EXACT_DP_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/statusor.h"
// StateOf is the runtime's own index, hetcast_state_index_, which hetcast.h
// declares behind its fence (the fenced part may be included after the rest).
#ifndef HETCAST_STATIC_LINKING_ONLY
#define HETCAST_STATIC_LINKING_ONLY 1
#endif
#include "runtime/include/hetcast/hetcast.h"
#include "tools/gen/profile.h"

namespace hetcast {

struct DpOptions {
  // Worker threads (the DP is level-synchronous over the number of
  // destinations; states of one level are independent). 0 = hardware.
  int threads = 0;
  // Called from the calling thread after every level with the number of
  // states finished so far and the total (both counted over all sources).
  std::function<void(uint64_t done, uint64_t total)> progress;
};

struct ExactTable {
  uint32_t type_count = 0;
  uint64_t state_count = 0;      // prod(limit_j + 1), per source type.
  std::vector<uint64_t> stride;  // Mixed radix, type 0 fastest.
  std::vector<uint32_t> limit;
  // Indexed by entry = source_type * state_count + state.
  std::vector<uint64_t> time;
  std::vector<uint8_t> first_child;  // Unused for state 0.
  std::vector<uint32_t> split;       // state(y); unused for state 0.

  // The state of `counts` (at most type_count entries, within the limits):
  // hetcast_state_index_, the runtime's own index.
  uint64_t StateOf(const std::vector<uint64_t>& counts) const {
    uint64_t state;
    hetcast_state_index_(static_cast<uint32_t>(counts.size()), counts.data(),
                         limit.data(), stride.data(), 0, &state);
    return state;
  }
};

// Runs the DP. Errors: an invalid profile (see ValidateProfile), or a
// completion time that would exceed 2^62 ticks.
absl::StatusOr<ExactTable> SolveExact(const ProfileSpec& profile,
                                      const DpOptions& options);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_EXACT_DP_H_
