// static_sizes.h: the largest memory a profile's plans need, for callers
// that size static buffers once (firmware, arenas) instead of asking
// hetcast_profile_plan_sizes per request.
#ifndef HETCAST_TOOLS_CLI_STATIC_SIZES_H_
#define HETCAST_TOOLS_CLI_STATIC_SIZES_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// The largest of hetcast_profile_plan_sizes' fields over every request the
// profile covers without relays (each source type, each count vector
// within the limits). Each maximum is taken on its own; together they size
// buffers that serve any of those requests. With relays, node_count grows
// by every relay of the request (unused relays get blank entries).
struct StaticSizes {
  uint64_t requests = 0;  // Requests the maxima are over.
  size_t workspace_bytes = 0;
  size_t node_count = 0;
  size_t transfer_count = 0;
  // workspace_bytes + node_count * sizeof(hetcast_node) + transfer_count *
  // sizeof(hetcast_transfer).
  size_t total_bytes = 0;
};

// Queries the runtime over every covered request: O(entries) calls.
absl::StatusOr<StaticSizes> ProfileStaticSizes(const hetcast_profile& profile);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_STATIC_SIZES_H_
