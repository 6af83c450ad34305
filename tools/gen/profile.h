// profile.h: platform profiles, parsed from JSON with FlatBuffers' parser.
//
// A profile names k node types, each with a send cost in ticks and the
// largest destination count of that type a table covers:
//
//   {"name": "lab", "types": [{"name": "fast", "cost": 2, "limit": 7},
//                             {"name": "slow", "cost": 3, "limit": 7}]}
//
// The JSON is checked against tables/profile.fbs by flatbuffers::Parser (no
// hand-written JSON parsing), then ValidateProfile adds the semantic rules.
#ifndef HETCAST_TOOLS_GEN_PROFILE_H_
#define HETCAST_TOOLS_GEN_PROFILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

struct NodeTypeSpec {
  std::string name;
  uint64_t cost = 0;
  uint32_t limit = 0;
};

struct ProfileSpec {
  std::string name;
  std::vector<NodeTypeSpec> types;
};

// Largest number of types a table profile may have (the runtime's profile
// handle has room for this many).
inline constexpr size_t kMaxProfileTypes = 16;

// Largest k * prod(limit_j + 1) (entries of one profile). Beyond it the DP
// would need more than a few GiB and hours; the generator refuses.
inline constexpr uint64_t kMaxProfileEntries = uint64_t{1} << 25;

// Costs are at most HETCAST_MAX_COST: that keeps every completion time far
// from 2^64, so the DP's additions are checked once, not everywhere.

// Parses and validates a profile. Errors name the offending field, e.g.
// "types[1].cost: 3 duplicates types[0].cost".
absl::StatusOr<ProfileSpec> ParseProfileJson(absl::string_view json);

// The semantic checks alone: a name, 1..kMaxProfileTypes types, names
// present, costs in 1..HETCAST_MAX_COST and pairwise distinct, entry count
// at most kMaxProfileEntries (without overflow).
absl::Status ValidateProfile(const ProfileSpec& profile);

// prod(limit_j + 1), the number of count vectors (requires a valid profile).
uint64_t StateCount(const ProfileSpec& profile);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_PROFILE_H_
