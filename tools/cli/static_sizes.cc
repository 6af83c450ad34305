// static_sizes.cc: the runtime's own size query over every covered request.
#include "tools/cli/static_sizes.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_format.h"

namespace hetcast {

absl::StatusOr<StaticSizes> ProfileStaticSizes(const hetcast_profile& profile) {
  hetcast_profile_info info;
  if (hetcast_profile_get_info(&profile, &info, nullptr) != HETCAST_OK) {
    return absl::InvalidArgumentError("the profile is not open");
  }
  const size_t k = info.type_count;
  std::vector<uint64_t> limits(k);
  for (size_t j = 0; j < k; ++j) {
    hetcast_profile_type(&profile, j, nullptr, nullptr, &limits[j], nullptr);
  }
  StaticSizes out;
  std::vector<uint64_t> counts(k, 0);
  for (uint32_t source = 0; source < k; ++source) {
    std::fill(counts.begin(), counts.end(), 0);
    while (true) {
      const hetcast_node_request request = {nullptr, k, source, counts.data(),
                                            nullptr};
      hetcast_node_sizes sizes;
      const hetcast_status status =
          hetcast_profile_plan_sizes(&profile, &request, &sizes, nullptr);
      if (status != HETCAST_OK) {
        return absl::InternalError(absl::StrFormat(
            "hetcast_profile_plan_sizes refused a covered request: %s",
            hetcast_status_str(status)));
      }
      ++out.requests;
      out.workspace_bytes =
          std::max(out.workspace_bytes, sizes.workspace_bytes);
      out.node_count = std::max(out.node_count, sizes.node_count);
      out.transfer_count = std::max(out.transfer_count, sizes.transfer_count);
      // The next count vector, type 0 fastest.
      size_t j = 0;
      while (j < k && counts[j] == limits[j]) counts[j++] = 0;
      if (j == k) break;
      ++counts[j];
    }
  }
  out.total_bytes = out.workspace_bytes +
                    out.node_count * sizeof(hetcast_node) +
                    out.transfer_count * sizeof(hetcast_transfer);
  return out;
}

}  // namespace hetcast
