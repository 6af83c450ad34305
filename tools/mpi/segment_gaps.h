// segment_gaps.h: each rank's cost per segment sent, from the pipelined
// executor's measured gaps (bench --model=bound --gaps-out, measure.h's
// SegmentGapSeconds): the per-segment overhead of the large-message plan
// (large_plan.h), measured instead of assumed.
//
// A stream of segments of S bytes from rank i to its fastest pair r_i
// arrives one per gap g_i(S). The plan charges a segment overhead_i +
// S c(i, r_i), c from the pairs measured at one large size; so
// overhead_i(S) = max(0, g_i(S) - S c(i, r_i)): MPI's per-message cost and
// whatever the network does differently at S than at the pairs' size.
//
// A relay delays the stream it forwards: a segment leaves rank i only once
// it has arrived there. Measured (bench --gaps-out from 3 ranks on,
// measure.h's SegmentRelaySeconds) as what a second hop i -> r_i -> y_i
// adds to the stream, a_i(S); the plan charges a hop out of a rank other
// than the root with k children at least k a_i (degree_tree.h,
// DegreeTreePredictedPs()).
#ifndef HETCAST_TOOLS_MPI_SEGMENT_GAPS_H_
#define HETCAST_TOOLS_MPI_SEGMENT_GAPS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "tools/mpi/degree_tree.h"

namespace hetcast {
namespace mpi {

struct SegmentGaps {
  std::vector<int> receivers;                 // r_i per rank
  std::vector<int> relays;                    // y_i per rank; empty: none
  std::vector<uint64_t> sizes;                // segment sizes measured
  std::vector<std::vector<uint64_t>> gap_ps;  // [size][rank]
  // [size][rank]: a_i; rows empty when the text has no relays.
  std::vector<std::vector<uint64_t>> relay_ps;
};

// The text of bench --gaps-out for `ranks` ranks: "hetcast-segment-gaps 1",
// "N SEGMENTS", "receivers R_0 ... R_{N-1}", then lines "S G_0 ... G_{N-1}"
// (picoseconds, each G at most kMaxLinkValue), sizes distinct; or
// "hetcast-segment-gaps 2" with a line "relays Y_0 ... Y_{N-1}" (Y_i
// neither i nor R_i) after the receivers and N relay times A_i (at most
// kMaxLinkValue) after each line's gaps. InvalidArgument naming what is
// wrong.
absl::StatusOr<SegmentGaps> ParseSegmentGaps(const std::string& text,
                                             size_t ranks);

// Sets platform->overhead_ps to overhead_i(segment_bytes) (the header's
// formula) and platform->relay_ps to a_i(segment_bytes) (empty without
// relays); InvalidArgument listing the measured sizes when segment_bytes
// is not one of them, or when the ranks differ.
absl::Status ApplySegmentGaps(const SegmentGaps& gaps, uint64_t segment_bytes,
                              LargePlatform* platform);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_SEGMENT_GAPS_H_
