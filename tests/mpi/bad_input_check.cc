// bad_input_check.cc: the MPI executor's bad inputs (tools/mpi/hetcast_mpi.h)
// on real MPICH processes. Run under mpiexec with 2 to 4 ranks, each run
// bounded by `timeout` (tests/mpi/bad_input_test.sh):
//
//   bad_input_check
//
// Every case passes the same bad argument on every rank (the executor's
// "every rank" errors, decided from data all ranks hold) and requires that
// every rank returns the case's error class with a message, and that the
// call returns at all: a rank that gave up while the others wait would
// hang the run, which the timeout turns into a failure. Each case runs on
// a fresh duplicate of MPI_COMM_WORLD (no cached types), and then once more
// on a communicator whose types are cached, where no gather comes first.
// Prints one line per case on rank 0; exits 0 when all ranks passed.

#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "tools/mpi/hetcast_mpi.h"

namespace hetcast {
namespace mpi_test {
namespace {

int Rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

int Size() {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

// True on every rank when `ok` holds on every rank.
bool Everyone(bool ok) {
  int local = ok ? 1 : 0, all = 0;
  MPI_Allreduce(&local, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

// A collective call on communicator `comm`, returning the executor's class.
using Call = std::function<int(MPI_Comm comm)>;

// Runs `call` on a fresh duplicate of MPI_COMM_WORLD, and (`cached`) again
// on `warm`, whose types were gathered by an earlier good call. Every rank
// must get `expected` and a message.
bool Expect(const char* what, int expected, const Call& call, MPI_Comm warm) {
  MPI_Comm fresh;
  MPI_Comm_dup(MPI_COMM_WORLD, &fresh);
  const int code = call(fresh);
  const std::string message = HETCAST_MPI_Last_error();
  MPI_Comm_free(&fresh);
  int warm_code = expected;
  std::string warm_message = message;
  if (warm != MPI_COMM_NULL) {
    warm_code = call(warm);
    warm_message = HETCAST_MPI_Last_error();
  }
  const bool ok = code == expected && warm_code == expected &&
                  !message.empty() && !warm_message.empty();
  if (!ok) {
    std::fprintf(stderr,
                 "rank %d: %s: class %d (cached communicator: %d), expected "
                 "%d: \"%s\"\n",
                 Rank(), what, code, warm_code, expected, message.c_str());
  }
  if (Rank() == 0) {
    std::printf("%s: class %d, \"%s\"\n", what, code, message.c_str());
  }
  return Everyone(ok);
}

HETCAST_MPI_Params NodeParams() {
  static const uint64_t kCosts[3] = {2, 3, 5};
  HETCAST_MPI_Params params = {};
  params.model = HETCAST_MODEL_NODE;
  params.costs = kCosts;
  params.type_count = 3;
  params.my_type = Rank() % 3;
  return params;
}

HETCAST_MPI_Params ClusterParams() {
  HETCAST_MPI_Params params = {};
  params.model = HETCAST_MODEL_CLUSTER;
  params.cluster_count = 2;
  params.inter_cost = 3;
  params.my_type = Rank() % 2;
  return params;
}

// A communicator on which a good broadcast of `params` gathered the types.
MPI_Comm Warm(const HETCAST_MPI_Params& params) {
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  unsigned char buffer[8] = {};
  if (HETCAST_MPI_Bcast(buffer, 8, MPI_BYTE, 0, comm, &params) !=
      HETCAST_MPI_SUCCESS) {
    std::fprintf(stderr, "rank %d: the good broadcast failed: %s\n", Rank(),
                 HETCAST_MPI_Last_error());
  }
  return comm;
}

Call Bcast(const HETCAST_MPI_Params* params, int count = 8, int root = 0,
           MPI_Datatype datatype = MPI_BYTE, bool null_buffer = false) {
  return [=](MPI_Comm comm) {
    unsigned char buffer[64] = {};
    return HETCAST_MPI_Bcast(null_buffer ? nullptr : buffer, count, datatype,
                             root, comm, params);
  };
}

Call Mcast(const HETCAST_MPI_Params* params, std::vector<int> destinations,
           int destination_count, bool null_list = false) {
  return [=](MPI_Comm comm) {
    unsigned char buffer[8] = {};
    return HETCAST_MPI_Mcast(buffer, 8, MPI_BYTE, 0,
                             null_list ? nullptr : destinations.data(),
                             destination_count, 1, comm, params);
  };
}

bool BadBroadcasts() {
  const int size = Size();
  const HETCAST_MPI_Params node = NodeParams();
  const MPI_Comm warm = Warm(node);
  bool ok = Expect(
      "communicator MPI_COMM_NULL", HETCAST_MPI_ERR_COMM,
      [&](MPI_Comm) { return Bcast(&node)(MPI_COMM_NULL); }, MPI_COMM_NULL);
  ok &= Expect(
      "communicator of one rank", HETCAST_MPI_ERR_COMM,
      [&](MPI_Comm) { return Bcast(&node)(MPI_COMM_SELF); }, MPI_COMM_NULL);
  ok &= Expect("root -1", HETCAST_MPI_ERR_ROOT, Bcast(&node, 8, -1), warm);
  ok &=
      Expect("root = size", HETCAST_MPI_ERR_ROOT, Bcast(&node, 8, size), warm);
  ok &= Expect("count 0", HETCAST_MPI_ERR_ARG, Bcast(&node, 0), warm);
  ok &= Expect("count -1", HETCAST_MPI_ERR_ARG, Bcast(&node, -1), warm);
  ok &= Expect("buffer NULL", HETCAST_MPI_ERR_ARG,
               Bcast(&node, 8, 0, MPI_BYTE, true), warm);
  ok &= Expect("params NULL", HETCAST_MPI_ERR_ARG, Bcast(nullptr), warm);
  ok &= Expect("datatype MPI_DATATYPE_NULL", HETCAST_MPI_ERR_ARG,
               Bcast(&node, 8, 0, MPI_DATATYPE_NULL), warm);
  HETCAST_MPI_Params bad = node;
  bad.model = HETCAST_MODEL_NONBLOCKING;
  ok &= Expect("non-blocking model", HETCAST_MPI_ERR_ARG, Bcast(&bad), warm);
  bad = node;
  bad.model = static_cast<hetcast_model>(77);
  ok &= Expect("model 77", HETCAST_MPI_ERR_ARG, Bcast(&bad), warm);
  bad = node;
  bad.costs = nullptr;
  ok &=
      Expect("node model, costs NULL", HETCAST_MPI_ERR_ARG, Bcast(&bad), warm);
  bad = node;
  bad.type_count = 0;
  ok &= Expect("node model, 0 types", HETCAST_MPI_ERR_ARG, Bcast(&bad), warm);
  static const uint64_t kZeroCost[3] = {2, 0, 5};
  bad = node;
  bad.costs = kZeroCost;
  ok &= Expect("node model, a cost of 0", HETCAST_MPI_ERR_PLAN, Bcast(&bad),
               MPI_COMM_NULL);
  // One type of cost 0: homogeneous, which hands a valid broadcast to
  // MPI_Bcast; the planner's refusal comes first.
  static const uint64_t kOnlyZero[1] = {0};
  bad = node;
  bad.costs = kOnlyZero;
  bad.type_count = 1;
  bad.my_type = 0;
  ok &= Expect("node model, one type of cost 0", HETCAST_MPI_ERR_PLAN,
               Bcast(&bad), MPI_COMM_NULL);
  bad = node;
  bad.my_type = Rank() == size - 1 ? -1 : 0;
  ok &= Expect("node model, one rank of type -1", HETCAST_MPI_ERR_TYPE,
               Bcast(&bad), MPI_COMM_NULL);
  bad = node;
  bad.algorithm = static_cast<hetcast_algorithm>(999);
  ok &=
      Expect("algorithm 999", HETCAST_MPI_ERR_PLAN, Bcast(&bad), MPI_COMM_NULL);
  // Other parameters than the ones gathered on a communicator: every rank
  // changed them alike, every rank is told.
  ok &= Expect(
      "algorithm 999 on a communicator that gathered NONE",
      HETCAST_MPI_ERR_CHANGED, [&](MPI_Comm) { return Bcast(&bad)(warm); },
      MPI_COMM_NULL);
  static const hetcast_table kNeverOpened = {};
  bad = node;
  bad.table = &kNeverOpened;
  ok &= Expect("node model, a table never opened", HETCAST_MPI_ERR_ARG,
               Bcast(&bad), MPI_COMM_NULL);
  MPI_Comm to_free = warm;
  MPI_Comm_free(&to_free);
  return ok;
}

bool BadClusterBroadcasts() {
  const HETCAST_MPI_Params cluster = ClusterParams();
  HETCAST_MPI_Params bad = cluster;
  bad.cluster_count = 0;
  bool ok = Expect("cluster model, 0 clusters", HETCAST_MPI_ERR_ARG,
                   Bcast(&bad), MPI_COMM_NULL);
  bad = cluster;
  bad.inter_cost = 0;
  ok &= Expect("cluster model, inter_cost 0", HETCAST_MPI_ERR_PLAN, Bcast(&bad),
               MPI_COMM_NULL);
  bad = cluster;
  bad.my_type = Rank() == 0 ? 2 : 0;
  ok &= Expect("cluster model, label out of range", HETCAST_MPI_ERR_TYPE,
               Bcast(&bad), MPI_COMM_NULL);
  return ok;
}

// Model trees with sites: an uplink per site in range, every rank's site
// below site_count; a good call with sites passes.
bool BadSiteBroadcasts() {
  static const uint64_t kRates[3] = {800, 1600, 3200};
  static const uint64_t kUplinks[2] = {8000, 9000};
  HETCAST_MPI_Params sites = NodeParams();
  sites.send_ps_per_byte = kRates;
  sites.receive_ps_per_byte = kRates;
  sites.segment_bytes = 4;
  sites.site_count = 2;
  sites.uplink_ps_per_byte = kUplinks;
  sites.my_site = Rank() % 2;
  const MPI_Comm warm = Warm(sites);
  HETCAST_MPI_Params bad = sites;
  bad.uplink_ps_per_byte = nullptr;
  bool ok = Expect("model trees, site_count without uplinks",
                   HETCAST_MPI_ERR_ARG, Bcast(&bad), MPI_COMM_NULL);
  static const uint64_t kZero[2] = {8000, 0};
  bad = sites;
  bad.uplink_ps_per_byte = kZero;
  ok &= Expect("model trees, an uplink of 0", HETCAST_MPI_ERR_ARG, Bcast(&bad),
               MPI_COMM_NULL);
  bad = sites;
  bad.my_site = Rank() == 0 ? 2 : 0;
  ok &= Expect("model trees, a site out of range", HETCAST_MPI_ERR_TYPE,
               Bcast(&bad), MPI_COMM_NULL);
  unsigned char buffer[64];
  for (int b = 0; b < 64; ++b) {
    buffer[b] = static_cast<unsigned char>(Rank() == 1 ? b : 0);
  }
  const int good = HETCAST_MPI_Bcast(buffer, 64, MPI_BYTE, 1, warm, &sites);
  bool same = good == HETCAST_MPI_SUCCESS;
  for (int b = 0; b < 64; ++b) same &= buffer[b] == b;
  if (!same) std::fprintf(stderr, "rank %d: model trees with sites\n", Rank());
  MPI_Comm to_free = warm;
  MPI_Comm_free(&to_free);
  return Everyone(same) && ok;
}

bool BadMulticasts() {
  const int size = Size();
  const HETCAST_MPI_Params node = NodeParams();
  const MPI_Comm warm = Warm(node);
  const int last = size - 1;
  bool ok = Expect("multicast, destinations NULL", HETCAST_MPI_ERR_ARG,
                   Mcast(&node, {}, 1, true), warm);
  ok &= Expect("multicast, destination_count -1", HETCAST_MPI_ERR_ARG,
               Mcast(&node, {last}, -1), warm);
  ok &= Expect("multicast, the root as a destination", HETCAST_MPI_ERR_ARG,
               Mcast(&node, {0}, 1), warm);
  ok &= Expect("multicast, a destination twice", HETCAST_MPI_ERR_ARG,
               Mcast(&node, {last, last}, 2), warm);
  ok &= Expect("multicast, destination -1", HETCAST_MPI_ERR_ARG,
               Mcast(&node, {-1}, 1), warm);
  MPI_Comm to_free = warm;
  MPI_Comm_free(&to_free);
  return ok;
}

// One message from rank 0 to every other rank, unit costs.
struct MultiRequest {
  explicit MultiRequest(size_t n)
      : fixed(n, 1), per_byte(n, 0), link(n * n, 1) {
    for (uint32_t v = 1; v < n; ++v) destinations.push_back(v);
    message = {0, 8, destinations.data(), destinations.size()};
    request = {n,
               fixed.data(),
               per_byte.data(),
               fixed.data(),
               per_byte.data(),
               link.data(),
               &message,
               1};
  }
  std::vector<uint64_t> fixed, per_byte, link;
  std::vector<uint32_t> destinations;
  hetcast_nonblocking_message message;
  hetcast_nonblocking_request request;
};

Call Multi(const hetcast_nonblocking_request* request,
           hetcast_algorithm algorithm = HETCAST_ALGORITHM_NONE,
           bool null_buffers = false) {
  return [=](MPI_Comm comm) {
    unsigned char buffer[8] = {};
    void* buffers[1] = {buffer};
    return HETCAST_MPI_Multicast_multi(null_buffers ? nullptr : buffers,
                                       MPI_BYTE, request, algorithm, comm);
  };
}

bool BadMultiSource() {
  const MultiRequest good(static_cast<size_t>(Size()));
  bool ok = Expect("multi-source, request NULL", HETCAST_MPI_ERR_ARG,
                   Multi(nullptr), MPI_COMM_NULL);
  ok &=
      Expect("multi-source, buffers NULL", HETCAST_MPI_ERR_ARG,
             Multi(&good.request, HETCAST_ALGORITHM_NONE, true), MPI_COMM_NULL);
  ok &= Expect(
      "multi-source, communicator MPI_COMM_NULL", HETCAST_MPI_ERR_COMM,
      [&](MPI_Comm) { return Multi(&good.request)(MPI_COMM_NULL); },
      MPI_COMM_NULL);
  ok &= Expect("multi-source, algorithm 999", HETCAST_MPI_ERR_PLAN,
               Multi(&good.request, static_cast<hetcast_algorithm>(999)),
               MPI_COMM_NULL);
  hetcast_nonblocking_request bad = good.request;
  bad.messages = nullptr;
  ok &= Expect("multi-source, messages NULL", HETCAST_MPI_ERR_ARG, Multi(&bad),
               MPI_COMM_NULL);
  hetcast_nonblocking_message outside = good.message;
  outside.source = static_cast<uint32_t>(Size());
  bad = good.request;
  bad.messages = &outside;
  ok &= Expect("multi-source, source outside", HETCAST_MPI_ERR_PLAN,
               Multi(&bad), MPI_COMM_NULL);
  return ok;
}

// The error text: a static string for any class, NULL outputs refused.
bool ErrorStrings() {
  char text[MPI_MAX_ERROR_STRING];
  int length = -1;
  bool ok =
      HETCAST_MPI_Error_string(12345, text, &length) == HETCAST_MPI_SUCCESS &&
      length > 0;
  ok &= HETCAST_MPI_Error_string(HETCAST_MPI_ERR_ARG, nullptr, nullptr) ==
        HETCAST_MPI_ERR_ARG;
  if (!ok) std::fprintf(stderr, "rank %d: HETCAST_MPI_Error_string\n", Rank());
  return Everyone(ok);
}

int Main() {
  bool ok = BadBroadcasts();
  ok = ErrorStrings() && ok;
  ok = BadClusterBroadcasts() && ok;
  ok = BadSiteBroadcasts() && ok;
  ok = BadMulticasts() && ok;
  ok = BadMultiSource() && ok;
  if (Rank() == 0) {
    std::printf("bad_input_check: %d ranks, %s\n", Size(),
                ok ? "every case gave every rank its class" : "FAILED");
  }
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace mpi_test
}  // namespace hetcast

int main(int argc, char** argv) {
  // MPI's default error handler stays (errors are fatal), as in a user's
  // program: the executor's own checks must catch what MPI would abort on.
  MPI_Init(&argc, &argv);
  const int status = hetcast::mpi_test::Main();
  MPI_Finalize();
  return status;
}
