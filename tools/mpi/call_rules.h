// call_rules.h: what HETCAST_MPI_Bcast and HETCAST_MPI_Mcast decide per call
// besides the plan, from data every rank holds alike (the arguments and the
// gathered types), so every rank decides the same. MPI-free.
//
// Handing a broadcast to MPI_Bcast (a real MPI library chooses among its
// algorithms the same way, from the communicator and the message size).
// HETCAST_MPI_Bcast calls MPI_Bcast instead of running the plan when the
// planner's algorithm is not pinned (params.algorithm NONE) and either
//  1. the communicator is homogeneous for the model: every rank's type has
//     the same send cost (node model) or every rank is in one cluster
//     (cluster model). hetcast's plan is then a binomial tree (FNF on equal
//     costs, LCF inside one cluster), which MPI libraries already have and
//     improve on (they split and pipeline the message), so the plan offers
//     nothing; or
//  2. params.mpi_bcast_ticks is nonzero and at most the plan's predicted
//     completion (calibrated: MPI's broadcast is predicted to be at least
//     as fast as the plan).
// Multicasts are never handed over (MPI has no multicast).
//
// Segments: with S = params.segment_bytes > 0, a message of B >= 2 S bytes
// is sent down the tree as ceil(count / S') segments of S' = max(1,
// floor(S / e)) elements (e the datatype's extent), the last possibly
// shorter. Each rank posts the receives of all segments from its parent,
// then sends the whole message to each child in the planned order, segment
// by segment, each as soon as it has arrived: its first child's stream
// overlaps its own receive, so a message crosses a path of d transfers in
// about one message time plus d segment times, not d message times. S = 0
// (the default) or B < 2 S: the whole message per transfer. No fixed S is
// the default because none paid on the measured platforms
// (docs/mpi-results.md): the planned trees are bound by the root's serial
// sends, which segments do not shorten, and each segment pays a transfer's
// start-up; tools/mpi/calibrate measures the candidates and picks.

#ifndef HETCAST_TOOLS_MPI_CALL_RULES_H_
#define HETCAST_TOOLS_MPI_CALL_RULES_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tools/mpi/hetcast_mpi_params.h"

namespace hetcast {
namespace mpi {

// Rule 1: every rank's type costs the same (node model) or every rank has
// the same cluster label (cluster model). `types` are the gathered types,
// checked in range.
bool HomogeneousForModel(const HETCAST_MPI_Params& params,
                         const std::vector<int>& types);

// Rules 1 and 2 for a broadcast. `request` is the broadcast's planner
// request (planned only when rule 2 needs the prediction). A request the
// planner refuses is not handed over (the executor reports the refusal).
bool HandToMpiBcast(const HETCAST_MPI_Params& params,
                    const std::vector<int>& types,
                    const hetcast_request& request);

// Elements per segment for `count` elements of `extent` bytes each
// (count itself when the message is not segmented). extent >= 1.
int SegmentElements(const HETCAST_MPI_Params& params, int count, size_t extent);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_CALL_RULES_H_
