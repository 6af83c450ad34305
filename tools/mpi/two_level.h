// two_level.h: the broadcast libhetcast_mpi runs for a size range whose
// action is "plan", shared by the library (interpose.cc) and by
// hetcast-calibrate, so that what calibration times is exactly what runs.
//
// Two levels: one leader rank per host (the host's lowest rank); the root
// hands the message to its host's leader; the leaders run the size range's
// plan on a private duplicate communicator with the MPI executor
// (hetcast_mpi.h), each leader with its host's type: the node model's, or
// for model trees the degree tree of the types' link rates in pipelined
// segments (degree_tree.h, multi_tree.h), with the range's uplinks each
// leader's site its host's cluster (site_trees.h); or for model cluster with
// its host's cluster: the cluster model's plan (LCF between the clusters, then
// inside each); then
// each host's ranks get the message from MPI's own broadcast on a
// communicator of that host's ranks.

#ifndef HETCAST_TOOLS_MPI_TWO_LEVEL_H_
#define HETCAST_TOOLS_MPI_TWO_LEVEL_H_

#include <mpi.h>

#include <cstddef>
#include <string>
#include <vector>

#include "tools/mpi/cluster_file.h"
#include "tools/mpi/hetcast_mpi_params.h"

namespace hetcast {
namespace mpi {

// A communicator's hosts and the private communicators of the two levels.
struct TwoLevelComm {
  int size = 0, rank = 0;
  std::vector<int> host_of;          // per rank: host index
  std::vector<int> local_rank_of;    // per rank: rank among its host's
  std::vector<int> leader_of_host;   // per host: its lowest rank
  MPI_Comm local = MPI_COMM_NULL;    // this host's ranks (null: only me)
  MPI_Comm leaders = MPI_COMM_NULL;  // one rank per host (leaders only)
  // Per size rule: the leaders' duplicate (the executor caches the rule's
  // parameters on it), made at the rule's first planned call.
  std::vector<MPI_Comm> range_comms;
};

// This process's host name: MPI_Get_processor_name, or with the test-only
// HETCAST_HOSTNAME_OVERRIDE=h0,h1,... the entry of MPI_COMM_WORLD rank
// `world_rank` (one machine has one host name; the tests give each rank its
// own). False with `*problem` set when the override names no host for it.
bool HostName(int world_rank, std::string* host, std::string* problem);

// Collective over `comm`: numbers the hosts of `hosts` (one name per rank of
// `comm`, the same list on every rank) in the order of their lowest rank
// and splits the host and leader communicators. `rule_count` size rules.
void SetUpTwoLevel(MPI_Comm comm, const std::vector<std::string>& hosts,
                   size_t rule_count, TwoLevelComm* out);

// Frees the communicators (not after MPI_Finalize).
void FreeTwoLevel(TwoLevelComm* comm);

// What the leaders' step did besides the plan.
struct TwoLevelOutcome {
  // The executor refused the plan (the same refusal on every leader), so
  // the leaders ran MPI's broadcast instead; `refusal` says why.
  bool refused = false;
  std::string refusal;
};

// This process's host in the cluster file: its node type and its cluster
// (TypeOfHost, ClusterOfHost).
struct HostPlace {
  size_t type = 0, cluster = 0;
};

// Collective over the communicator of `comm`: the broadcast of `count`
// elements of `datatype` (`bytes` bytes, >= 1) from `root` along size rule
// `rule` (number `index`, whose action is "plan"), this process's host at
// `place`. `comm` must span at least two hosts. An MPI error class, or
// MPI_SUCCESS.
int TwoLevelBcast(void* buffer, int count, MPI_Datatype datatype, int root,
                  int bytes, TwoLevelComm* comm, size_t index,
                  const SizeRule& rule, const HostPlace& place,
                  TwoLevelOutcome* outcome);

// The executor's parameters of the leaders' step of `rule` (pointing into
// `rule`), for this process's host at `place`.
HETCAST_MPI_Params LeaderParams(const SizeRule& rule, const HostPlace& place);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_TWO_LEVEL_H_
