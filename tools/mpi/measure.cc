// measure.cc: the timing primitives of measure.h.

#include "tools/mpi/measure.h"

#include <algorithm>
#include <limits>

#include "tools/mpi/call_rules.h"
#include "tools/mpi/degree_tree.h"
#include "tools/mpi/multi_tree.h"
#include "tools/mpi/rank_map.h"
#include "tools/mpi/whole_plan.h"

namespace hetcast {
namespace mpi {
namespace {

constexpr int kMeasureTag = 0x4844;

// One round of SendCostSeconds: the sender's elapsed time (0 elsewhere).
double SendRound(MPI_Comm comm, int rank, int sender,
                 const std::vector<int>& receivers, std::vector<char>* buffer,
                 int bytes) {
  MPI_Barrier(comm);
  const double start = MPI_Wtime();
  if (rank == sender) {
    for (int receiver : receivers) {
      MPI_Send(buffer->data(), bytes, MPI_BYTE, receiver, kMeasureTag, comm);
    }
    MPI_Recv(nullptr, 0, MPI_BYTE, receivers.back(), kMeasureTag, comm,
             MPI_STATUS_IGNORE);
    return MPI_Wtime() - start;
  }
  if (std::find(receivers.begin(), receivers.end(), rank) != receivers.end()) {
    MPI_Recv(buffer->data(), bytes, MPI_BYTE, sender, kMeasureTag, comm,
             MPI_STATUS_IGNORE);
    if (rank == receivers.back()) {
      MPI_Send(nullptr, 0, MPI_BYTE, sender, kMeasureTag, comm);
    }
  }
  return 0;
}

// The minimum over `repeats` rounds, as known to the sender, on every rank.
double MinRound(MPI_Comm comm, int sender, const std::vector<int>& receivers,
                int bytes, int repeats) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<char> buffer(std::max(bytes, 1));
  double best = std::numeric_limits<double>::max();
  for (int r = 0; r < repeats; ++r) {
    best = std::min(best,
                    SendRound(comm, rank, sender, receivers, &buffer, bytes));
  }
  MPI_Bcast(&best, 1, MPI_DOUBLE, sender, comm);
  return best;
}

double MaxOverRanks(MPI_Comm comm, double value) {
  double max = 0;
  MPI_Allreduce(&value, &max, 1, MPI_DOUBLE, MPI_MAX, comm);
  return max;
}

// Rank `sender`'s row of PairTransferSeconds (on the sender; the others
// take part as receivers).
std::vector<double> SenderRow(MPI_Comm comm, int rank, int size, int sender,
                              std::vector<char>* buffer, int bytes) {
  std::vector<double> row(size, 0);
  for (int r = 0; r < size; ++r) {
    if (r == sender || (rank != sender && rank != r)) continue;
    double arrival = 0;
    if (rank == sender) {
      const double start = MPI_Wtime();
      MPI_Send(buffer->data(), bytes, MPI_BYTE, r, kMeasureTag, comm);
      MPI_Recv(&arrival, 1, MPI_DOUBLE, r, kMeasureTag, comm,
               MPI_STATUS_IGNORE);
      row[r] = arrival - start;
    } else {
      MPI_Recv(buffer->data(), bytes, MPI_BYTE, sender, kMeasureTag, comm,
               MPI_STATUS_IGNORE);
      arrival = MPI_Wtime();
      MPI_Send(&arrival, 1, MPI_DOUBLE, sender, kMeasureTag, comm);
    }
  }
  return row;
}

}  // namespace

std::vector<double> PairTransferSeconds(MPI_Comm comm, int bytes) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<char> buffer(std::max(bytes, 1));
  std::vector<double> mine(size, 0);
  for (int sender = 0; sender < size; ++sender) {
    MPI_Barrier(comm);
    std::vector<double> row =
        SenderRow(comm, rank, size, sender, &buffer, bytes);
    if (rank == sender) mine = row;
  }
  std::vector<double> times(rank == 0 ? static_cast<size_t>(size) * size : 0);
  MPI_Gather(mine.data(), size, MPI_DOUBLE, times.data(), size, MPI_DOUBLE, 0,
             comm);
  return times;
}

namespace {

// Seconds from a barrier of `chain` until the last of its ranks returns
// from MultiTreeBcast of `segments` segments down the chain of its ranks in
// rank order (rank 0 the root); with the default queues of MultiTreePlan,
// or the large plans' (SetQueues()) when `large_queues`. The executor's
// status in *rc.
double ChainStreamSeconds(MPI_Comm chain, size_t segment_bytes, size_t segments,
                          bool large_queues, std::vector<char>* buffer,
                          int* rc) {
  int size = 0;
  MPI_Comm_size(chain, &size);
  MultiTreePlan plan;
  plan.trees.resize(1);
  plan.trees[0].children.resize(size);
  for (int r = 0; r + 1 < size; ++r) plan.trees[0].children[r] = {r + 1};
  plan.segment_bytes = segment_bytes;
  if (large_queues) SetQueues(&plan);
  MPI_Barrier(chain);
  const double start = MPI_Wtime();
  const int status =
      MultiTreeBcast(buffer->data(), segment_bytes * segments, plan, chain);
  if (status != MPI_SUCCESS) *rc = status;
  return MaxOverRanks(chain, MPI_Wtime() - start);
}

// ChainStreamSeconds() down `members` (ranks of `comm`, distinct, in chain
// order), collective over `comm`: the time on the members, 0 elsewhere.
double MembersStreamSeconds(MPI_Comm comm, const std::vector<int>& members,
                            size_t segment_bytes, size_t segments,
                            bool large_queues, std::vector<char>* buffer,
                            int* rc) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const auto at = std::find(members.begin(), members.end(), rank);
  MPI_Comm chain = MPI_COMM_NULL;
  MPI_Comm_split(comm, at != members.end() ? 0 : MPI_UNDEFINED,
                 static_cast<int>(at - members.begin()), &chain);
  if (chain == MPI_COMM_NULL) return 0;
  const double seconds = ChainStreamSeconds(chain, segment_bytes, segments,
                                            large_queues, buffer, rc);
  MPI_Comm_free(&chain);
  return seconds;
}

// For each sender of `comm` in rank order, measure(sender, buffer) on
// every rank (collective; a buffer of `buffer_bytes`); the sender's value
// of each, gathered on rank 0 (empty elsewhere).
template <typename Measure>
std::vector<double> PerSender(MPI_Comm comm, size_t buffer_bytes,
                              Measure measure) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<char> buffer(buffer_bytes);
  double mine = 0;
  for (int sender = 0; sender < size; ++sender) {
    const double value = measure(sender, &buffer);
    if (rank == sender) mine = value;
  }
  std::vector<double> all(rank == 0 ? static_cast<size_t>(size) : 0);
  MPI_Gather(&mine, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, 0, comm);
  return all;
}

}  // namespace

std::vector<double> SegmentGapSeconds(MPI_Comm comm,
                                      const std::vector<int>& receivers,
                                      size_t segment_bytes, size_t segments,
                                      int* rc) {
  return PerSender(comm, segment_bytes * segments,
                   [&](int sender, std::vector<char>* buffer) {
                     const std::vector<int> pair = {sender, receivers[sender]};
                     if (pair[1] == sender) return 0.0;
                     const double one = MembersStreamSeconds(
                         comm, pair, segment_bytes, 1, false, buffer, rc);
                     const double all =
                         MembersStreamSeconds(comm, pair, segment_bytes,
                                              segments, false, buffer, rc);
                     return std::max(0.0, all - one) / (segments - 1);
                   });
}

std::vector<double> SegmentRelaySeconds(MPI_Comm comm,
                                        const std::vector<int>& receivers,
                                        const std::vector<int>& relays,
                                        size_t segment_bytes, size_t segments,
                                        int* rc) {
  return PerSender(
      comm, segment_bytes * segments,
      [&](int sender, std::vector<char>* buffer) {
        const int receiver = receivers[sender], relay = relays[sender];
        if (receiver == sender || relay == sender || relay == receiver)
          return 0.0;
        const std::vector<int> chains[3] = {
            {sender, receiver}, {receiver, relay}, {sender, receiver, relay}};
        double seconds[3] = {0, 0, 0};
        for (int c = 0; c < 3; ++c) {
          seconds[c] = MembersStreamSeconds(comm, chains[c], segment_bytes,
                                            segments, true, buffer, rc);
        }
        // Each hop's time is known to its two ranks (0 elsewhere).
        double slower = std::max(seconds[0], seconds[1]);
        MPI_Allreduce(MPI_IN_PLACE, &slower, 1, MPI_DOUBLE, MPI_MAX, comm);
        return std::max(0.0, seconds[2] - slower);
      });
}

std::vector<int> RoundRobinReceivers(const std::vector<int>& labels, int sender,
                                     Pick pick, size_t k) {
  const int count = *std::max_element(labels.begin(), labels.end()) + 1;
  std::vector<std::vector<int>> groups(count);
  for (size_t r = 0; r < labels.size(); ++r) {
    const bool same = labels[r] == labels[sender];
    if (static_cast<int>(r) == sender || (pick == Pick::kSameLabel && !same) ||
        (pick == Pick::kOtherLabel && same)) {
      continue;
    }
    groups[labels[r]].push_back(static_cast<int>(r));
  }
  std::vector<int> picked;
  for (size_t round = 0; picked.size() < k; ++round) {
    const size_t before = picked.size();
    for (const std::vector<int>& group : groups) {
      if (round < group.size() && picked.size() < k) {
        picked.push_back(group[round]);
      }
    }
    if (picked.size() == before) break;
  }
  return picked;
}

double SendCostSeconds(MPI_Comm comm, int sender,
                       const std::vector<int>& receivers, int bytes,
                       int repeats) {
  const std::vector<int> last{receivers.back()};
  const double latency = MinRound(comm, sender, last, 0, repeats) / 2;
  const double total = MinRound(comm, sender, receivers, bytes, repeats);
  return std::max(0.0, total - latency) / receivers.size();
}

int TimedHetcastBcast(MPI_Comm comm, int root, int bytes, int repeats,
                      const HETCAST_MPI_Params& params, double* seconds) {
  std::vector<char> buffer(bytes);
  *seconds = 0;
  int code = HETCAST_MPI_Bcast(buffer.data(), bytes, MPI_BYTE, root, comm,
                               &params);  // gathers the types
  double best = std::numeric_limits<double>::max();
  for (int r = 0; r < repeats && code == HETCAST_MPI_SUCCESS; ++r) {
    MPI_Barrier(comm);
    const double start = MPI_Wtime();
    code =
        HETCAST_MPI_Bcast(buffer.data(), bytes, MPI_BYTE, root, comm, &params);
    best = std::min(best, MaxOverRanks(comm, MPI_Wtime() - start));
  }
  if (code == HETCAST_MPI_SUCCESS) *seconds = best;
  return code;
}

double TimedMpiBcast(MPI_Comm comm, int root, int bytes, int repeats) {
  std::vector<char> buffer(bytes);
  MPI_Bcast(buffer.data(), bytes, MPI_BYTE, root, comm);  // warm-up
  double best = std::numeric_limits<double>::max();
  for (int r = 0; r < repeats; ++r) {
    MPI_Barrier(comm);
    const double start = MPI_Wtime();
    MPI_Bcast(buffer.data(), bytes, MPI_BYTE, root, comm);
    best = std::min(best, MaxOverRanks(comm, MPI_Wtime() - start));
  }
  return best;
}

int RunMpiProgram(int argc, char** argv, int (*program)(int, char**)) {
  MPI_Init(&argc, &argv);
  const int status = program(argc, argv);
  MPI_Finalize();
  return status;
}

int ForecastBcast(const HETCAST_MPI_Params& params,
                  const std::vector<int>& types, int root,
                  BcastForecast* forecast) {
  PlannerRequest planner;
  BuildPlannerRequest(params, types, root, std::vector<char>(types.size(), 1),
                      false, false, &planner);
  WholePlan plan;
  if (!PlanWhole(planner.request, &plan)) return HETCAST_MPI_ERR_PLAN;
  forecast->ticks = plan.info.answer.completion_time;
  forecast->algorithm = plan.info.answer.algorithm;
  forecast->handed_to_mpi = HandToMpiBcast(params, types, planner.request);
  return HETCAST_MPI_SUCCESS;
}

}  // namespace mpi
}  // namespace hetcast
