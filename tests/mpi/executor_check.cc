// executor_check.cc: the MPI executor (tools/mpi/hetcast_mpi.h) on real
// MPICH processes. Run under mpiexec (tests/mpi/executor_test.sh):
//
//   executor_check SEED TRIALS TEST_TABLE.hct
//
// For TRIALS seeded random collectives of every kind (scenarios.h), half
// of them cut into 2 to 4 pipelined segments and some broadcasts handed to
// MPI_Bcast (tools/mpi/call_rules.h), every rank checks, against the whole
// plan computed by hetcast_plan (not the per-participant query the
// executor uses): every destination's buffer equals the source's byte for
// byte; it made exactly the receives and sends its role in the plan has,
// once per segment, or exactly one MPI_Bcast when handed over (counted
// through MPI's profiling interface), so
// a rank that is neither destination nor relay makes none and its buffer
// keeps its sentinel bytes; the types are gathered once per communicator
// (one MPI_Allgather on the first call, none on the repeat). Then every bad
// input of the issue must give every rank the same error class and a
// message. Exits 0 when all ranks passed; prints a summary on rank 0.

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tables/default_table.h"
#include "tests/mpi/pmpi_counts.h"
#include "tests/mpi/scenarios.h"
#include "tools/mpi/hetcast_mpi.h"
#include "tools/mpi/whole_plan.h"

namespace hetcast {
namespace mpi_test {
namespace {

constexpr unsigned char kSentinel = 0xa5;

struct World {
  int rank = 0;
  int size = 0;
  uint64_t seed = 0;
  hetcast_table default_table;
  hetcast_table test_table;  // fig1 (costs 2,3) and small3
};

// Trials that used a table, fell outside one, and used relays.
struct Tally {
  long trials[kKindCount] = {};
  long from_table = 0;
  long outside_table = 0;
  long relays_used = 0;
  long segmented = 0;      // trials run in more than one segment
  long handed_to_mpi = 0;  // broadcasts handed to MPI_Bcast
  long failures = 0;
};

// True on every rank when `ok` holds on every rank.
bool Everyone(bool ok) {
  int local = ok ? 1 : 0, all = 0;
  MPI_Allreduce(&local, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

// True on every rank when `ok` holds on every rank; a failing rank says why.
bool AllRanks(bool ok, const World& world, const std::string& what) {
  if (!ok) std::fprintf(stderr, "rank %d: %s\n", world.rank, what.c_str());
  return Everyone(ok);
}

bool PatternEquals(const std::vector<unsigned char>& buffer, uint64_t seed) {
  for (size_t i = 0; i < buffer.size(); ++i) {
    if (buffer[i] != PatternByte(seed, i)) return false;
  }
  return true;
}

void FillPattern(std::vector<unsigned char>* buffer, uint64_t seed) {
  for (size_t i = 0; i < buffer->size(); ++i) {
    (*buffer)[i] = PatternByte(seed, i);
  }
}

// One call of a tree collective, checked on this rank; "" when it passed.
std::string CallTree(const TreeScenario& s, const Role& role, int rank,
                     MPI_Comm comm, uint64_t message_seed, long allgathers) {
  std::vector<unsigned char> buffer(s.count, kSentinel);
  if (rank == s.root) FillPattern(&buffer, message_seed);
  ResetCounts();
  const int code =
      s.multicast ? HETCAST_MPI_Mcast(buffer.data(), s.count, MPI_BYTE, s.root,
                                      s.destinations.data(),
                                      static_cast<int>(s.destinations.size()),
                                      s.allow_relays, comm, &s.params)
                  : HETCAST_MPI_Bcast(buffer.data(), s.count, MPI_BYTE, s.root,
                                      comm, &s.params);
  const CallCounts counts = Counts();
  if (code != HETCAST_MPI_SUCCESS) {
    return "error " + std::to_string(code) + ": " + HETCAST_MPI_Last_error();
  }
  if (counts.allgathers != allgathers) return "wrong number of gathers";
  if (counts.sends != role.sends || counts.receives != role.receives ||
      counts.bcasts != role.bcasts) {
    return "made " + std::to_string(counts.receives) + " receives, " +
           std::to_string(counts.sends) + " sends and " +
           std::to_string(counts.bcasts) + " MPI_Bcast; the call has " +
           std::to_string(role.receives) + ", " + std::to_string(role.sends) +
           " and " + std::to_string(role.bcasts);
  }
  if ((role.destination || rank == s.root) &&
      !PatternEquals(buffer, message_seed)) {
    return "buffer differs from the source's";
  }
  const bool part =
      role.receives + role.sends + role.bcasts > 0 || rank == s.root;
  if (!part && buffer != std::vector<unsigned char>(s.count, kSentinel)) {
    return "a rank outside the plan had its buffer written";
  }
  return "";
}

void TallyPlan(const TreeScenario& s, const hetcast_plan_info& info,
               const std::vector<Role>& roles, Tally* tally) {
  if (s.params.table != nullptr) {
    tally->from_table += info.choice == HETCAST_CHOICE_TABLE;
    tally->outside_table += info.choice == HETCAST_CHOICE_OUTSIDE_TABLE;
  }
  for (const Role& role : roles) {
    if (!role.destination && role.receives > 0) {
      ++tally->relays_used;
      return;
    }
  }
}

bool RunTreeTrial(Kind kind, long trial, const World& world, Tally* tally) {
  std::mt19937_64 rng(world.seed * 1000003 + static_cast<int>(kind) * 7919 +
                      trial);
  TreeScenario s =
      DrawTree(kind, world.size, &rng, &world.default_table, &world.test_table);
  s.params.my_type = s.types[world.rank];
  hetcast_plan_info info;
  std::vector<Role> roles = TreeRoles(s, &info);
  std::string failure = roles.empty() ? "the planner refused" : "";
  if (failure.empty()) {
    DrawCallParams(info, &rng, &s);
    roles = CallRoles(s, info, roles);
    tally->segmented += SegmentCount(s) > 1 && roles[s.root].bcasts == 0;
    tally->handed_to_mpi += roles[s.root].bcasts;
  }
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  const uint64_t message_seed = rng();
  // The repeat runs only when every rank passed the first call (a rank
  // alone in a collective would wait forever).
  for (long repeat = 0; repeat < 2 && Everyone(failure.empty()); ++repeat) {
    failure =
        CallTree(s, roles[world.rank], world.rank, comm,
                 message_seed ^ static_cast<uint64_t>(repeat), 1 - repeat);
  }
  MPI_Comm_free(&comm);
  TallyPlan(s, info, roles, tally);
  return AllRanks(failure.empty(), world,
                  std::string(KindName(kind)) + " trial " +
                      std::to_string(trial) + ": " + failure);
}

std::string CallMulti(const MultiScenario& m, const Role& role, int rank,
                      uint64_t seed) {
  std::vector<std::vector<unsigned char>> storage(m.messages.size());
  std::vector<void*> buffers(m.messages.size(), nullptr);
  std::vector<int> mine(m.messages.size(), 0);  // 1 source, 2 destination
  for (size_t k = 0; k < m.messages.size(); ++k) {
    const hetcast_nonblocking_message& message = m.messages[k];
    for (size_t d = 0; d < message.destination_count; ++d) {
      if (message.destinations[d] == static_cast<uint32_t>(rank)) mine[k] = 2;
    }
    if (message.source == static_cast<uint32_t>(rank)) mine[k] = 1;
    if (mine[k] == 0) continue;  // NULL: the executor must not touch it
    storage[k].assign(message.length, kSentinel);
    if (mine[k] == 1) FillPattern(&storage[k], seed + k);
    buffers[k] = storage[k].data();
  }
  ResetCounts();
  const int code =
      HETCAST_MPI_Multicast_multi(buffers.data(), MPI_BYTE, &m.request,
                                  HETCAST_ALGORITHM_NONE, MPI_COMM_WORLD);
  const CallCounts counts = Counts();
  if (code != HETCAST_MPI_SUCCESS) return HETCAST_MPI_Last_error();
  if (counts.sends != role.sends || counts.receives != role.receives) {
    return "sends or receives differ from the task list";
  }
  for (size_t k = 0; k < m.messages.size(); ++k) {
    if (mine[k] != 0 && !PatternEquals(storage[k], seed + k)) {
      return "message " + std::to_string(k) + " differs from the source's";
    }
  }
  return "";
}

bool RunMultiTrial(long trial, const World& world) {
  std::mt19937_64 rng(world.seed * 1000003 + 99991 + trial);
  MultiScenario m;
  DrawMulti(world.size, &rng, &m);
  const std::vector<Role> roles = MultiRoles(m);
  const std::string failure =
      roles.empty() ? "the planner refused"
                    : CallMulti(m, roles[world.rank], world.rank, rng());
  return AllRanks(
      failure.empty(), world,
      "multi-source trial " + std::to_string(trial) + ": " + failure);
}

// Every rank must get `expected` and a message naming the problem.
bool ExpectError(int code, int expected, const World& world, const char* what) {
  const std::string message = HETCAST_MPI_Last_error();
  if (world.rank == 0) {
    std::printf("bad input, %s: class %d, \"%s\"\n", what, code,
                message.c_str());
  }
  return AllRanks(code == expected && !message.empty(), world,
                  std::string(what) + ": got class " + std::to_string(code));
}

HETCAST_MPI_Params NodeParams(const uint64_t* costs, size_t type_count,
                              int my_type, const hetcast_table* table) {
  HETCAST_MPI_Params params = {};
  params.model = HETCAST_MODEL_NODE;
  params.costs = costs;
  params.type_count = type_count;
  params.my_type = my_type;
  params.table = table;
  return params;
}

int BcastOnNewComm(const HETCAST_MPI_Params& params, int count, int root) {
  std::vector<unsigned char> buffer(16, kSentinel);
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  const int code =
      HETCAST_MPI_Bcast(buffer.data(), count, MPI_BYTE, root, comm, &params);
  MPI_Comm_free(&comm);
  return code;
}

bool BadNodeInputs(const World& world) {
  static const uint64_t kCosts[3] = {2, 3, 5};
  std::vector<unsigned char> buffer(16, kSentinel);
  const bool last = world.rank == world.size - 1;
  bool ok = ExpectError(
      BcastOnNewComm(NodeParams(kCosts, 3, last ? 7 : 0, nullptr), 16, 0),
      HETCAST_MPI_ERR_TYPE, world, "one rank of unknown type");
  HETCAST_MPI_Params params = NodeParams(kCosts, 3, 0, nullptr);
  ok &= ExpectError(
      HETCAST_MPI_Bcast(buffer.data(), 16, MPI_BYTE, 0, MPI_COMM_SELF, &params),
      HETCAST_MPI_ERR_COMM, world, "communicator of one rank");
  ok &= ExpectError(BcastOnNewComm(params, 16, world.size),
                    HETCAST_MPI_ERR_ROOT, world, "root outside");
  ok &= ExpectError(BcastOnNewComm(params, 0, 0), HETCAST_MPI_ERR_ARG, world,
                    "count zero");
  const hetcast_table* table =
      world.rank % 2 ? &world.default_table : &world.test_table;
  ok &= ExpectError(BcastOnNewComm(NodeParams(kCosts, 3, 0, table), 16, 0),
                    HETCAST_MPI_ERR_MISMATCH, world, "mismatched tables");
  return ok;
}

// A one-message non-blocking request over `n` nodes (unit costs), message
// length `length`.
void UnitMulti(size_t n, uint64_t length, mpi::MultiSourceRequest* m) {
  m->send_fixed.assign(n, 1);
  m->send_per_byte.assign(n, 0);
  m->recv_fixed.assign(n, 1);
  m->recv_per_byte.assign(n, 0);
  m->link_per_byte.assign(n * n, 1);
  m->destinations.assign(1, {});
  for (uint32_t v = 1; v < n; ++v) m->destinations[0].push_back(v);
  m->messages.assign(
      1, {0, length, m->destinations[0].data(), m->destinations[0].size()});
  m->PointRequest();
}

bool BadMultiSourceInputs(const World& world) {
  std::vector<unsigned char> buffer(16, kSentinel);
  void* buffers[1] = {buffer.data()};
  mpi::MultiSourceRequest zero, wrong_size;
  UnitMulti(world.size, 0, &zero);
  UnitMulti(world.size + 1, 16, &wrong_size);
  auto multi = [&](const mpi::MultiSourceRequest& m, MPI_Comm comm) {
    return HETCAST_MPI_Multicast_multi(buffers, MPI_BYTE, &m.request,
                                       HETCAST_ALGORITHM_NONE, comm);
  };
  bool ok = ExpectError(multi(zero, MPI_COMM_WORLD), HETCAST_MPI_ERR_ARG, world,
                        "multi-source, length zero");
  ok &= ExpectError(multi(wrong_size, MPI_COMM_WORLD), HETCAST_MPI_ERR_ARG,
                    world, "multi-source, node_count not the size");
  ok &= ExpectError(multi(wrong_size, MPI_COMM_SELF), HETCAST_MPI_ERR_COMM,
                    world, "multi-source, communicator of one rank");
  return ok;
}

// Every rank changes its type on a communicator whose types are cached.
bool BadCachedAndOtherInputs(const World& world) {
  static const uint64_t kCosts[2] = {2, 3};
  std::vector<unsigned char> buffer(16, kSentinel);
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  HETCAST_MPI_Params params = NodeParams(kCosts, 2, 0, nullptr);
  bool ok = AllRanks(HETCAST_MPI_Bcast(buffer.data(), 16, MPI_BYTE, 0, comm,
                                       &params) == HETCAST_MPI_SUCCESS,
                     world, "first call before the type change");
  params.my_type = 1;
  ok &= ExpectError(
      HETCAST_MPI_Bcast(buffer.data(), 16, MPI_BYTE, 0, comm, &params),
      HETCAST_MPI_ERR_CHANGED, world, "types changed after the gather");
  MPI_Comm_free(&comm);
  HETCAST_MPI_Params cluster = {};
  cluster.model = HETCAST_MODEL_CLUSTER;
  cluster.cluster_count = 2;
  cluster.inter_cost = 3;
  cluster.my_type = world.rank == 0 ? 2 : 0;
  ok &= ExpectError(BcastOnNewComm(cluster, 16, 0), HETCAST_MPI_ERR_TYPE, world,
                    "cluster label out of range");
  return ok;
}

// The bad inputs for the multicasts: every rank gets the class.
bool BadMulticastInputs(const World& world) {
  static const uint64_t kCosts[3] = {2, 3, 5};
  std::vector<unsigned char> buffer(16, kSentinel);
  const std::vector<int> to = {world.size - 1};
  const std::vector<int> outside = {world.size};
  HETCAST_MPI_Params params = NodeParams(kCosts, 3, 0, nullptr);
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  auto mcast = [&](int count, int root, const std::vector<int>& destinations,
                   MPI_Comm on) {
    return HETCAST_MPI_Mcast(buffer.data(), count, MPI_BYTE, root,
                             destinations.data(), 1, 0, on, &params);
  };
  bool ok = ExpectError(mcast(0, 0, to, comm), HETCAST_MPI_ERR_ARG, world,
                        "multicast, count zero");
  ok &= ExpectError(mcast(16, world.size, to, comm), HETCAST_MPI_ERR_ROOT,
                    world, "multicast, root outside");
  ok &= ExpectError(mcast(16, 0, outside, comm), HETCAST_MPI_ERR_ARG, world,
                    "multicast, destination outside");
  ok &= ExpectError(mcast(16, 0, to, MPI_COMM_SELF), HETCAST_MPI_ERR_COMM,
                    world, "multicast, communicator of one rank");
  params.my_type = world.rank == world.size - 1 ? 3 : 0;  // 3 types: 0 .. 2
  ok &= ExpectError(mcast(16, 0, to, comm), HETCAST_MPI_ERR_TYPE, world,
                    "multicast, one rank of unknown type");
  MPI_Comm_free(&comm);
  return ok && BadMultiSourceInputs(world);
}

bool LoadTables(const char* path, World* world,
                std::vector<uint64_t>* storage) {
  std::ifstream file(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
  storage->assign((bytes.size() + 7) / 8, 0);
  bytes.copy(reinterpret_cast<char*>(storage->data()), bytes.size());
  const char* why = "";
  if (hetcast_table_open(storage->data(), bytes.size(), &world->test_table,
                         &why) != HETCAST_OK ||
      hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                         &world->default_table, &why) != HETCAST_OK) {
    std::fprintf(stderr, "executor_check: cannot open a table: %s\n", why);
    return false;
  }
  return true;
}

void PrintSummary(const World& world, const Tally& tally, long trials) {
  if (world.rank != 0) return;
  std::printf("%d ranks, seed %llu, %ld trials per kind:\n", world.size,
              static_cast<unsigned long long>(world.seed), trials);
  std::printf(
      "  table answered %ld, fell outside the table %ld, relays "
      "used in %ld trials, run in segments %ld, handed to MPI_Bcast %ld; "
      "failed trials %ld\n",
      tally.from_table, tally.outside_table, tally.relays_used, tally.segmented,
      tally.handed_to_mpi, tally.failures);
}

int Main(int argc, char** argv) {
  World world;
  MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world.size);
  std::vector<uint64_t> table_storage;
  if (argc != 4 || !LoadTables(argv[3], &world, &table_storage)) return 2;
  world.seed = std::strtoull(argv[1], nullptr, 10);
  const long trials = std::strtol(argv[2], nullptr, 10);
  Tally tally;
  for (int k = 0; k < kKindCount; ++k) {
    for (long trial = 0; trial < trials; ++trial) {
      const Kind kind = static_cast<Kind>(k);
      const bool ok = kind == Kind::kMultiSource
                          ? RunMultiTrial(trial, world)
                          : RunTreeTrial(kind, trial, world, &tally);
      tally.failures += !ok;
    }
  }
  bool bad_ok = BadNodeInputs(world);
  bad_ok = BadCachedAndOtherInputs(world) && bad_ok;
  bad_ok = BadMulticastInputs(world) && bad_ok;
  PrintSummary(world, tally, trials);
  return tally.failures == 0 && bad_ok ? 0 : 1;
}

}  // namespace
}  // namespace mpi_test
}  // namespace hetcast

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int status = hetcast::mpi_test::Main(argc, argv);
  MPI_Finalize();
  return status;
}
