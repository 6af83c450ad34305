// multi_tree.h: a broadcast over several weighted trees at once, in
// pipelined segments, with MPI point-to-point calls: the executor of the
// large-message plans of the pipelined-multicast paper (Beaumont, Legrand,
// Marchal & Robert 2004: Broadcast-EB's throughput is reached by a
// weighted packing of spanning trees, each carrying its weight's share of
// the messages).
//
// The message is cut into segments of `segment_bytes` (the last one
// shorter). Segment i follows tree SegmentTree(i): a smooth weighted
// round-robin over the weights, so that among any `total weight`
// consecutive segments tree t carries exactly weight(t). Every rank keeps
// `window` receives posted (the lowest segments it lacks) and forwards a
// segment to its children in that segment's tree as soon as it has it,
// with at most `sends_in_flight` non-blocking sends outstanding, first
// come first sent: a rank's up link stays busy while segments of several
// trees stream through it.
//
// Every rank must pass the same plan. Deadlock freedom: a rank sends in
// the order it received, and receives the lowest segments it lacks first,
// so the lowest segment missing anywhere always has a posted receive on
// its way down from the root.

#ifndef HETCAST_TOOLS_MPI_MULTI_TREE_H_
#define HETCAST_TOOLS_MPI_MULTI_TREE_H_

#include <mpi.h>

#include <cstddef>

#include "tools/mpi/multi_tree_plan.h"

namespace hetcast {
namespace mpi {

// Broadcasts `bytes` bytes of `buffer` from plan.root. MPI_SUCCESS, or
// MPI_ERR_ARG on every rank (nothing sent) when the plan is invalid, or the
// MPI error of a failed call. The caller's messages on `comm` must not use
// tags kMultiTreeFirstTag and up while it runs.
int MultiTreeBcast(void* buffer, size_t bytes, const MultiTreePlan& plan,
                   MPI_Comm comm);

constexpr int kMultiTreeFirstTag = 0x4900;
// Segment i travels with tag kMultiTreeFirstTag + i % kMultiTreeTags; the
// window keeps two segments with one tag from ever being posted at once.
constexpr int kMultiTreeTags = 8192;

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_MULTI_TREE_H_
