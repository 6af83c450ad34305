// segment_gaps.cc: the per-segment overheads of segment_gaps.h.

#include "tools/mpi/segment_gaps.h"

#include <algorithm>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace hetcast {
namespace mpi {
namespace {

// Reads `ranks` numbers below `limit` into `values`; false when the text
// ends early or a number is out of range.
bool ReadRow(std::istream& in, size_t ranks, uint64_t limit,
             std::vector<uint64_t>* values) {
  values->assign(ranks, 0);
  for (uint64_t& value : *values) {
    if (!(in >> value) || value > limit) return false;
  }
  return true;
}

// A line "NAME R_0 ... R_{N-1}" of ranks below N into `out`, each R_i
// neither i nor, when `other` is not empty, other[i] (`role` names R_i in
// the error).
absl::Status ReadRankLine(std::istream& in, size_t ranks,
                          const std::string& name, const std::string& role,
                          const std::vector<int>& other,
                          std::vector<int>* out) {
  std::string word;
  std::vector<uint64_t> values;
  if (!(in >> word) || word != name ||
      !ReadRow(in, ranks, ranks - 1, &values)) {
    return absl::InvalidArgumentError(
        absl::StrCat("the segment gaps need a line '", name, "' with ", ranks,
                     " ranks below ", ranks));
  }
  for (size_t i = 0; i < ranks; ++i) {
    if (values[i] == i ||
        (!other.empty() && static_cast<int>(values[i]) == other[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("segment gaps: rank ", i, "'s ", role, " is itself",
                       other.empty() ? "" : " or its receiver"));
    }
    out->push_back(static_cast<int>(values[i]));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<SegmentGaps> ParseSegmentGaps(const std::string& text,
                                             size_t ranks) {
  std::istringstream in(text);
  std::string magic, version;
  uint64_t n = 0, segments = 0;
  if (!(in >> magic >> version >> n >> segments) ||
      magic != "hetcast-segment-gaps" || (version != "1" && version != "2") ||
      n != ranks || ranks < 2 || segments < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "segment gaps start with 'hetcast-segment-gaps 1' (or 2), the rank "
        "count (",
        ranks, ") and the segments per stream (at least 2)"));
  }
  SegmentGaps gaps;
  absl::Status status =
      ReadRankLine(in, ranks, "receivers", "receiver", {}, &gaps.receivers);
  if (status.ok() && version == "2") {
    status = ReadRankLine(in, ranks, "relays", "relay", gaps.receivers,
                          &gaps.relays);
  }
  if (!status.ok()) return status;
  const size_t values = gaps.relays.empty() ? ranks : 2 * ranks;
  uint64_t size = 0;
  while (in >> size) {
    std::vector<uint64_t> row;
    if (size == 0 || std::count(gaps.sizes.begin(), gaps.sizes.end(), size) ||
        !ReadRow(in, values, kMaxLinkValue, &row)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "segment gaps of ", size, " bytes: a new size of at least 1 byte ",
          "and ", values, " times of at most 2^40 ps are needed"));
    }
    gaps.sizes.push_back(size);
    gaps.relay_ps.emplace_back(row.begin() + ranks, row.end());
    row.resize(ranks);
    gaps.gap_ps.push_back(std::move(row));
  }
  if (!in.eof() || gaps.sizes.empty()) {
    return absl::InvalidArgumentError(
        "segment gaps: after the receivers, lines of a size and its gaps");
  }
  return gaps;
}

absl::Status ApplySegmentGaps(const SegmentGaps& gaps, uint64_t segment_bytes,
                              LargePlatform* platform) {
  const size_t n = platform->ps_per_byte.size();
  const auto at =
      std::find(gaps.sizes.begin(), gaps.sizes.end(), segment_bytes);
  if (gaps.receivers.size() != n || at == gaps.sizes.end()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the segment gaps are measured for ", gaps.receivers.size(),
        " ranks at ", absl::StrJoin(gaps.sizes, ", "), " bytes, not for ", n,
        " ranks at ", segment_bytes));
  }
  const std::vector<uint64_t>& gap = gaps.gap_ps[at - gaps.sizes.begin()];
  platform->relay_ps = gaps.relay_ps[at - gaps.sizes.begin()];
  platform->overhead_ps.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t per_byte = platform->ps_per_byte[i][gaps.receivers[i]];
    // segment_bytes x per_byte above the gap (or above 2^64): no overhead.
    if (per_byte != 0 && segment_bytes > gap[i] / per_byte) continue;
    platform->overhead_ps[i] = gap[i] - segment_bytes * per_byte;
  }
  return absl::OkStatus();
}

}  // namespace mpi
}  // namespace hetcast
