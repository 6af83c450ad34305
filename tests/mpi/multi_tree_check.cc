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
// nothing sent. Each trial also runs HETCAST_MPI_Bcast with link rates
// (model trees, RatesTrial). Exits 1 if any rank saw a difference.

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tests/mpi/pmpi_counts.h"
#include "tools/mpi/degree_tree.h"
#include "tools/mpi/hetcast_mpi.h"
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

// A model-trees call's inputs: random types and per-type rates, a
// datatype with or without gaps (MPI_INT, or a vector of ints with a gap
// after each, which the executor packs), an odd size.
struct RatesCase {
  std::vector<uint64_t> send, receive;
  std::vector<RankLink> links;  // per rank
  HETCAST_MPI_Params params = {};
  MPI_Datatype datatype = MPI_INT;
  bool gaps = false;
  int count = 0;
};

void MakeRatesCase(std::mt19937_64* rng, int me, int ranks, RatesCase* c) {
  const size_t types = std::uniform_int_distribution<size_t>(1, 3)(*rng);
  c->send.resize(types);
  c->receive.resize(types);
  for (size_t t = 0; t < types; ++t) {
    c->send[t] = std::uniform_int_distribution<uint64_t>(1, 1000)(*rng);
    c->receive[t] = std::uniform_int_distribution<uint64_t>(1, 1000)(*rng);
  }
  int my_type = 0;
  for (int r = 0; r < ranks; ++r) {
    const size_t type =
        std::uniform_int_distribution<size_t>(0, types - 1)(*rng);
    if (r == me) my_type = static_cast<int>(type);
    c->links.push_back({c->send[type], c->receive[type], 0});
  }
  c->gaps = std::uniform_int_distribution<int>(0, 1)(*rng) == 1;
  const size_t kSegments[] = {4, 100, 4096, 65536};
  const size_t segment =
      kSegments[std::uniform_int_distribution<int>(0, 3)(*rng)];
  // 1 element, one past a segment, a segment larger than the message, many.
  const size_t kCounts[] = {1, segment / sizeof(int) + 1,
                            segment > 8 ? segment / 8 : 1, 5000};
  c->count =
      static_cast<int>(kCounts[std::uniform_int_distribution<int>(0, 3)(*rng)]);
  c->params.model = HETCAST_MODEL_NODE;
  c->params.my_type = my_type;
  c->params.type_count = types;
  c->params.segment_bytes = segment;
  c->params.send_ps_per_byte = c->send.data();
  c->params.receive_ps_per_byte = c->receive.data();
  if (c->gaps) {
    MPI_Type_vector(1, 1, 2, MPI_INT, &c->datatype);
    MPI_Datatype resized;
    MPI_Type_create_resized(c->datatype, 0, 2 * sizeof(int), &resized);
    MPI_Type_free(&c->datatype);
    c->datatype = resized;
    MPI_Type_commit(&c->datatype);
  }
}

// One broadcast of `c` from `root` on `comm`: every element compared, and
// this rank's sends and receives counted against the degree tree of the
// rates from that root.
bool RatesCall(const RatesCase& c, MPI_Comm comm, int root, int me, int trial) {
  const size_t stride = c.gaps ? 2 : 1;
  std::vector<int> buffer(c.count * stride, -1);
  for (int i = 0; me == root && i < c.count; ++i)
    buffer[i * stride] = i * 7 + trial + root;
  ResetCounts();
  const int rc = HETCAST_MPI_Bcast(buffer.data(), c.count, c.datatype, root,
                                   comm, &c.params);
  const mpi_test::CallCounts counts = Counts();
  bool ok = rc == HETCAST_MPI_SUCCESS;
  for (int i = 0; ok && i < c.count; ++i) {
    ok = buffer[i * stride] == i * 7 + trial + root &&
         (!c.gaps || buffer[i * stride + 1] == -1);
  }
  uint64_t period = 0;
  const WeightedTree tree = DegreeTree(SwitchPlatform(c.links), root, &period);
  const size_t segment = c.params.segment_bytes;
  const size_t bytes = c.count * sizeof(int);
  const long segments = static_cast<long>((bytes + segment - 1) / segment);
  const long sends = segments * static_cast<long>(tree.children[me].size());
  const long receives = me == root ? 0 : segments;
  if (!ok || counts.sends != sends || counts.receives != receives) {
    std::fprintf(stderr,
                 "rank %d rates trial %d, root %d: rc %d, %d ints%s, segment "
                 "%zu: data %s, sends %ld (plan %ld), receives %ld (plan "
                 "%ld)\n",
                 me, trial, root, rc, c.count, c.gaps ? " with gaps" : "",
                 segment, ok ? "right" : "WRONG", counts.sends, sends,
                 counts.receives, receives);
    return false;
  }
  return true;
}

// HETCAST_MPI_Bcast with link rates (model trees) on a fresh duplicate,
// whose first call gathers the types once: from a random root, from the
// next rank (a root whose plan is not cached yet) and from the first root
// again (its cached plan), each call checked by RatesCall.
bool RatesTrial(std::mt19937_64* rng, int me, int ranks, int trial) {
  RatesCase c;
  MakeRatesCase(rng, me, ranks, &c);
  const int root = std::uniform_int_distribution<int>(0, ranks - 1)(*rng);
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  bool ok = true;
  for (int call_root : {root, (root + 1) % ranks, root}) {
    ok = RatesCall(c, comm, call_root, me, trial) && ok;
  }
  MPI_Comm_free(&comm);
  if (c.gaps) MPI_Type_free(&c.datatype);
  return ok;
}

// Link rates that are out of range, or given for a multicast: the same
// HETCAST_MPI_ERR_ARG on every rank, nothing sent.
bool InvalidRates(int me) {
  const uint64_t good[1] = {10}, zero[1] = {0};
  HETCAST_MPI_Params params = {};
  params.model = HETCAST_MODEL_NODE;
  params.type_count = 1;
  params.segment_bytes = 8;
  params.send_ps_per_byte = good;
  params.receive_ps_per_byte = zero;
  char byte = 0;
  bool ok = true;
  const int destination = me == 0 ? 1 : 0;
  for (int c = 0; c < 4; ++c) {
    HETCAST_MPI_Params bad = params;
    if (c == 1) bad.receive_ps_per_byte = nullptr;
    if (c == 2) bad.segment_bytes = 0, bad.receive_ps_per_byte = good;
    if (c == 3) bad.receive_ps_per_byte = good;
    ResetCounts();
    const int rc =
        c == 3 ? HETCAST_MPI_Mcast(&byte, 1, MPI_BYTE, 0, &destination, 1, 0,
                                   MPI_COMM_WORLD, &bad)
               : HETCAST_MPI_Bcast(&byte, 1, MPI_BYTE, 0, MPI_COMM_WORLD, &bad);
    if (rc != HETCAST_MPI_ERR_ARG || Counts().sends != 0 ||
        Counts().receives != 0) {
      std::fprintf(stderr, "rank %d: bad rates case %d gave %d (%s)\n", me, c,
                   rc, HETCAST_MPI_Last_error());
      ok = false;
    }
  }
  return ok;
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
  if (!hetcast::mpi::InvalidRates(me)) ok = 0;
  for (int trial = 0; trial < trials; ++trial) {
    if (!hetcast::mpi::Trial(&rng, me, ranks, trial)) ok = 0;
    if (!hetcast::mpi::RatesTrial(&rng, me, ranks, trial)) ok = 0;
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
