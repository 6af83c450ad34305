// transfer_bound.h: a lower bound on any broadcast whose every rank
// receives the whole message in one transfer (every tree schedule: the
// plans of hetcast's node and cluster models, binomial and flat trees),
// from the uncontended transfer times between ranks.
//
// Rank v cannot hold the message before its earliest arrival over any
// chain of whole-message transfers from the root, each taking at least its
// uncontended time (contention, a sender's other sends and receive
// overheads only delay it). The bound is the largest earliest arrival: the
// shortest-path distance from the root to its farthest rank. It does not
// bound algorithms that split the message (scatter + allgather,
// pipelines, hetcast's segments): their pieces are smaller transfers.

#ifndef HETCAST_TOOLS_MPI_TRANSFER_BOUND_H_
#define HETCAST_TOOLS_MPI_TRANSFER_BOUND_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetcast {
namespace mpi {

// `times[s * n + r]`: the uncontended time of one transfer from rank s to
// rank r (any unit; the diagonal is ignored), n = the number of ranks.
// Each rank's earliest arrival from `root` (0 for the root); an empty
// vector when `times` is not n * n, root >= n, or a sum overflows.
std::vector<uint64_t> EarliestArrivals(const std::vector<uint64_t>& times,
                                       size_t n, size_t root);

// The largest of EarliestArrivals (the bound), or 0 when it is empty.
uint64_t WholeTransferBound(const std::vector<uint64_t>& times, size_t n,
                            size_t root);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_TRANSFER_BOUND_H_
