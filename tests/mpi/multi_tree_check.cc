// multi_tree_check.cc: the pipelined multi-tree broadcast
// (tools/mpi/multi_tree.h) on real MPI processes, under mpiexec:
//
//   multi_tree_check SEED TRIALS
//
// Each trial draws (alike on every rank) 1 to 4 random spanning trees with
// random weights, a root, a segment size, a message size among the edge
// cases (0 bytes, 1 byte, one segment, one byte past a segment, a segment
// larger than the message, many segments), a window and a send bound;
// broadcasts; compares every byte on every rank; and counts each rank's
// sends and receives through MPI's profiling interface against the plan:
// one receive per segment (none at the root) and one send per child in
// the segment's tree. Invalid plans must fail alike on every rank with
// nothing sent. Exits 1 if any rank saw a difference.

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tests/mpi/pmpi_counts.h"
#include "tools/mpi/multi_tree.h"

namespace hetcast {
namespace mpi {
namespace {

using mpi_test::Counts;
using mpi_test::ResetCounts;

WeightedTree RandomTree(int ranks, int root, std::mt19937_64* rng) {
  std::vector<int> order;
  for (int r = 0; r < ranks; ++r) {
    if (r != root) order.push_back(r);
  }
  std::shuffle(order.begin(), order.end(), *rng);
  order.insert(order.begin(), root);
  WeightedTree tree;
  tree.children.assign(ranks, {});
  for (size_t k = 1; k < order.size(); ++k) {
    const size_t parent = std::uniform_int_distribution<size_t>(0, k - 1)(*rng);
    tree.children[order[parent]].push_back(order[k]);
  }
  tree.weight = std::uniform_int_distribution<uint64_t>(1, 5)(*rng);
  return tree;
}

size_t MessageBytes(size_t segment, std::mt19937_64* rng) {
  switch (std::uniform_int_distribution<int>(0, 6)(*rng)) {
    case 0:
      return 0;
    case 1:
      return 1;
    case 2:
      return segment;
    case 3:
      return segment + 1;
    case 4:
      return segment > 1 ? segment / 2 : 1;  // segment > message
    case 5:
      return segment * 7 + 3;
    default:
      return std::uniform_int_distribution<size_t>(1, 1 << 21)(*rng);
  }
}

// Whether this rank's result of one trial is right.
bool Trial(std::mt19937_64* rng, int me, int ranks, int trial) {
  MultiTreePlan plan;
  plan.root = std::uniform_int_distribution<int>(0, ranks - 1)(*rng);
  const int tree_count = std::uniform_int_distribution<int>(1, 4)(*rng);
  for (int t = 0; t < tree_count; ++t) {
    plan.trees.push_back(RandomTree(ranks, plan.root, rng));
  }
  const size_t kSegments[] = {1, 7, 64, 1000, 65536, 200000};
  plan.segment_bytes =
      kSegments[std::uniform_int_distribution<int>(0, 5)(*rng)];
  size_t bytes = MessageBytes(plan.segment_bytes, rng);
  // Ranks beyond the cores poll in turn, so each hop of a segment can cost
  // a time slice: fewer segments the more ranks.
  const size_t max_segments = ranks <= 4 ? 20000 : 64000 / (ranks * ranks);
  if (bytes / plan.segment_bytes > max_segments) {
    bytes = plan.segment_bytes * max_segments;
  }
  plan.window = std::uniform_int_distribution<int>(1, 8)(*rng);
  plan.sends_in_flight = std::uniform_int_distribution<int>(1, 4)(*rng);

  std::vector<unsigned char> buffer(bytes + 1, 0xEE);
  for (size_t i = 0; me == plan.root && i < bytes; ++i) {
    buffer[i] = static_cast<unsigned char>((i * 131 + trial * 7) % 251);
  }
  ResetCounts();
  const int rc = MultiTreeBcast(buffer.data(), bytes, plan, MPI_COMM_WORLD);
  const mpi_test::CallCounts counts = Counts();

  bool ok = rc == MPI_SUCCESS && buffer[bytes] == 0xEE;
  for (size_t i = 0; ok && i < bytes; ++i) {
    ok = buffer[i] == static_cast<unsigned char>((i * 131 + trial * 7) % 251);
  }
  const size_t segments = (bytes + plan.segment_bytes - 1) / plan.segment_bytes;
  const std::vector<int> chosen = SegmentTrees(plan.trees, segments);
  long sends = 0;
  for (int tree : chosen) {
    sends += static_cast<long>(plan.trees[tree].children[me].size());
  }
  // The weights' shares: in each whole period of `total` segments, tree t
  // carries exactly weight(t).
  size_t total = 0;
  for (const WeightedTree& tree : plan.trees) total += tree.weight;
  for (size_t start = 0; start + total <= chosen.size(); start += total) {
    std::vector<size_t> carried(plan.trees.size(), 0);
    for (size_t i = start; i < start + total; ++i) ++carried[chosen[i]];
    for (size_t t = 0; t < plan.trees.size(); ++t) {
      ok = ok && carried[t] == plan.trees[t].weight;
    }
  }
  const long receives = me == plan.root ? 0 : static_cast<long>(segments);
  if (!ok || counts.sends != sends || counts.receives != receives) {
    std::fprintf(stderr,
                 "rank %d trial %d: rc %d, bytes %zu, segment %zu, %d trees, "
                 "window %d, in flight %d: data %s, sends %ld (plan %ld), "
                 "receives %ld (plan %ld)\n",
                 me, trial, rc, bytes, plan.segment_bytes, tree_count,
                 plan.window, plan.sends_in_flight, ok ? "right" : "WRONG",
                 counts.sends, sends, counts.receives, receives);
    return false;
  }
  return true;
}

// Invalid plans: MPI_ERR_ARG on every rank, nothing sent.
bool InvalidPlans(int me, int ranks) {
  std::mt19937_64 rng(1);
  std::vector<MultiTreePlan> plans(4);
  for (MultiTreePlan& plan : plans) plan.trees = {RandomTree(ranks, 0, &rng)};
  plans[0].root = ranks;                       // no such root
  plans[1].trees[0].children[0].push_back(0);  // root a child
  plans[2].trees[0].weight = 0;                // no weight
  plans[3].trees[0].children[ranks - 1].push_back(ranks > 1 ? 1 : 0);
  bool ok = true;
  char byte = 0;
  for (size_t p = 0; p < plans.size(); ++p) {
    ResetCounts();
    const int rc = MultiTreeBcast(&byte, 1, plans[p], MPI_COMM_WORLD);
    if (rc != MPI_ERR_ARG || Counts().sends != 0 || Counts().receives != 0) {
      std::fprintf(stderr, "rank %d: invalid plan %zu gave %d\n", me, p, rc);
      ok = false;
    }
  }
  return ok;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int me = 0, ranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (argc != 3) {
    if (me == 0) std::fprintf(stderr, "usage: multi_tree_check SEED TRIALS\n");
    MPI_Finalize();
    return 2;
  }
  std::mt19937_64 rng(std::strtoull(argv[1], nullptr, 10));
  const int trials = std::atoi(argv[2]);
  int ok = hetcast::mpi::InvalidPlans(me, ranks) ? 1 : 0;
  for (int trial = 0; trial < trials; ++trial) {
    if (!hetcast::mpi::Trial(&rng, me, ranks, trial)) ok = 0;
  }
  int all_ok = 0;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (me == 0) {
    std::printf("multi_tree_check: %d ranks, %d trials: %s\n", ranks, trials,
                all_ok ? "every byte and call as planned" : "FAILED");
  }
  MPI_Finalize();
  return all_ok ? 0 : 1;
}
