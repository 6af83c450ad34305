// measure.h: timing primitives of the MPI programs (calibrate, bench).
// Every function is collective over `comm` and returns the same value on
// every rank. Times are MPI_Wtime seconds: on real processes sharing cores
// they are noise (tests/mpi uses none); in SimGrid's SMPI they are the
// simulated clock, deterministic.

#ifndef HETCAST_TOOLS_MPI_MEASURE_H_
#define HETCAST_TOOLS_MPI_MEASURE_H_

#include <cstdint>
#include <vector>

#include "tools/mpi/hetcast_mpi.h"

namespace hetcast {
namespace mpi {

// Which ranks RoundRobinReceivers may pick, relative to the sender's label.
enum class Pick { kAny, kSameLabel, kOtherLabel };

// Up to `k` ranks other than `sender`, taken round robin over the labels
// (label order, each label's ranks in rank order) among those `pick` allows.
std::vector<int> RoundRobinReceivers(const std::vector<int>& labels, int sender,
                                     Pick pick, size_t k);

// `sender` sends `bytes` to each of `receivers` back to back (blocking
// MPI_Send); the last receiver answers with an empty message. The time per
// send: (elapsed - one-way latency of an empty message) / receivers, the
// minimum over `repeats`.
double SendCostSeconds(MPI_Comm comm, int sender,
                       const std::vector<int>& receivers, int bytes,
                       int repeats);

// Every ordered pair's uncontended transfer time of `bytes`, in seconds,
// row s = sender (times[s * N + r], 0 on the diagonal), on rank 0 (empty
// elsewhere). One transfer at a time: each sender in rank order sends to
// every other rank in turn, the receiver answering with its MPI_Wtime at
// arrival before the next transfer starts; the time is that arrival minus
// the sender's MPI_Wtime before MPI_Send. Meaningful only where MPI_Wtime
// is one clock for all ranks (SMPI's simulated clock): N * (N - 1)
// transfers, for the analysis of the SMPI comparison.
std::vector<double> PairTransferSeconds(MPI_Comm comm, int bytes);

// The pipelined executor's steady-state gap between segments: for each
// sender s in rank order, MultiTreeBcast (multi_tree.h, its default window
// and sends in flight) of `segments` segments of `segment_bytes` from s to
// receivers[s] alone, and of one segment; the gap is the difference of the
// two times (from a barrier of the pair to the later of the two returning)
// over segments - 1, so latency and fill cancel. Rank 0 gets one gap per
// sender (empty elsewhere; 0 where receivers[s] == s). Each rank's own
// clock: meaningful on real MPI too. MPI_ERR_* of the executor in *rc.
std::vector<double> SegmentGapSeconds(MPI_Comm comm,
                                      const std::vector<int>& receivers,
                                      size_t segment_bytes, size_t segments,
                                      int* rc);

// What a second hop adds to the executor's pipelined stream: for each
// sender s in rank order, with the large plans' queues (degree_tree.h,
// SetQueues()), MultiTreeBcast of `segments` segments of `segment_bytes`
// from s to receivers[s], from receivers[s] to relays[s], and down the
// chain s -> receivers[s] -> relays[s]; the chain's time less the slower
// of the two hops (0 when negative, or when the three ranks are not
// distinct). Where a stream's segments arrive one after another, that is
// one segment's hop; where the network shares a link among all the
// segments in flight (SMPI's flow model: every posted receive is a flow of
// its own), a whole window's. Rank 0 gets one value per sender (empty
// elsewhere). MPI_ERR_* of the executor in *rc.
std::vector<double> SegmentRelaySeconds(MPI_Comm comm,
                                        const std::vector<int>& receivers,
                                        const std::vector<int>& relays,
                                        size_t segment_bytes, size_t segments,
                                        int* rc);

// Seconds from a barrier until the slowest rank returns from a broadcast of
// `bytes` from `root`: the executor's (HETCAST_MPI_Bcast, after one call
// that gathers the types) or MPI_Bcast; the minimum over `repeats`. An
// executor error is returned as its class, with *seconds 0.
int TimedHetcastBcast(MPI_Comm comm, int root, int bytes, int repeats,
                      const HETCAST_MPI_Params& params, double* seconds);
double TimedMpiBcast(MPI_Comm comm, int root, int bytes, int repeats);

// main() of an MPI program: MPI_Init, `program`, MPI_Finalize; returns the
// program's exit status.
int RunMpiProgram(int argc, char** argv, int (*program)(int, char**));

// What the executor does for a broadcast from `root` with `types` the
// ranks' types (local: no communication): the whole plan's completion in
// the model's ticks, the algorithm that answered, and whether the call is
// handed to MPI_Bcast (call_rules.h).
struct BcastForecast {
  uint64_t ticks = 0;
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_NONE;
  bool handed_to_mpi = false;
};

// HETCAST_MPI_ERR_PLAN when the planner refuses.
int ForecastBcast(const HETCAST_MPI_Params& params,
                  const std::vector<int>& types, int root,
                  BcastForecast* forecast);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_MEASURE_H_
