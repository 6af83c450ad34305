// two_level.cc: the two-level broadcast of two_level.h.

#include "tools/mpi/two_level.h"

#include <cstdio>
#include <cstdlib>
#include <map>

#include "tools/mpi/contiguous.h"
#include "tools/mpi/hetcast_mpi.h"

namespace hetcast {
namespace mpi {
namespace {

// Tag of the root's message to its host leader (on a private communicator).
constexpr int kToLeaderTag = 0x4844;

void FreeComm(MPI_Comm* comm) {
  if (*comm != MPI_COMM_NULL) PMPI_Comm_free(comm);
  *comm = MPI_COMM_NULL;
}

// The leaders' communicator of size rule `index`: created at the rule's
// first planned call, which every leader makes alike.
MPI_Comm RangeComm(TwoLevelComm* comm, size_t index) {
  if (comm->range_comms[index] == MPI_COMM_NULL) {
    PMPI_Comm_dup(comm->leaders, &comm->range_comms[index]);
  }
  return comm->range_comms[index];
}

// The leaders' step: the plan between the hosts. An error that the executor
// decides from data every leader holds (a planner refusal, say) is the same
// on every leader: they all run MPI's broadcast instead.
int LeadersStep(TwoLevelComm* two_level, size_t index, const SizeRule& rule,
                const HostPlace& place, Contiguous* message, int bytes,
                int root_host, bool holds_message, TwoLevelOutcome* outcome) {
  MPI_Comm comm = RangeComm(two_level, index);
  int result = holds_message ? message->Pack() : MPI_SUCCESS;
  if (result != MPI_SUCCESS) return result;
  const HETCAST_MPI_Params params = LeaderParams(rule, place);
  result = HETCAST_MPI_Bcast(message->data(), bytes, MPI_BYTE, root_host, comm,
                             &params);
  if (result == HETCAST_MPI_ERR_MPI || result == HETCAST_MPI_ERR_NO_MEM) {
    int world_rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    std::fprintf(stderr, "hetcast: rank %d: %s\n", world_rank,
                 HETCAST_MPI_Last_error());
    return MPI_ERR_OTHER;
  }
  if (result != HETCAST_MPI_SUCCESS) {
    outcome->refused = true;
    outcome->refusal = HETCAST_MPI_Last_error();
    result = PMPI_Bcast(message->data(), bytes, MPI_BYTE, root_host, comm);
    if (result != MPI_SUCCESS) return result;
  }
  return holds_message ? MPI_SUCCESS : message->Unpack();
}

}  // namespace

HETCAST_MPI_Params LeaderParams(const SizeRule& rule, const HostPlace& place) {
  HETCAST_MPI_Params params = {};
  params.algorithm = rule.algorithm;
  params.segment_bytes = rule.segment_bytes;
  if (rule.cluster) {
    params.model = HETCAST_MODEL_CLUSTER;
    params.my_type = static_cast<int>(place.cluster);
    params.cluster_count = rule.cluster_count;
    params.inter_cost = rule.inter_cost;
    return params;
  }
  params.model = HETCAST_MODEL_NODE;
  params.my_type = static_cast<int>(place.type);
  params.costs = rule.costs.data();
  params.type_count = rule.costs.size();
  params.table = rule.table ? &rule.table->table : nullptr;
  if (rule.trees) {
    params.send_ps_per_byte = rule.send_ps_per_byte.data();
    params.receive_ps_per_byte = rule.receive_ps_per_byte.data();
    params.my_site = static_cast<int>(place.cluster);
    params.site_count = rule.uplink_ps_per_byte.size();
    params.uplink_ps_per_byte = rule.uplink_ps_per_byte.data();
  }
  return params;
}

bool HostName(int world_rank, std::string* host, std::string* problem) {
  const char* override_names = std::getenv("HETCAST_HOSTNAME_OVERRIDE");
  const std::string names = override_names ? override_names : "";
  if (names.empty()) {
    char name[MPI_MAX_PROCESSOR_NAME + 1] = {0};
    int length = 0;
    PMPI_Get_processor_name(name, &length);
    *host = std::string(name, static_cast<size_t>(length));
    return true;
  }
  size_t begin = 0;
  for (int r = 0; r < world_rank && begin != std::string::npos; ++r) {
    begin = names.find(',', begin);
    if (begin != std::string::npos) ++begin;
  }
  if (begin == std::string::npos) {
    *problem = "HETCAST_HOSTNAME_OVERRIDE names no host for rank " +
               std::to_string(world_rank);
    return false;
  }
  *host = names.substr(begin, names.find(',', begin) - begin);
  return true;
}

void SetUpTwoLevel(MPI_Comm comm, const std::vector<std::string>& hosts,
                   size_t rule_count, TwoLevelComm* out) {
  PMPI_Comm_size(comm, &out->size);
  PMPI_Comm_rank(comm, &out->rank);
  std::map<std::string, int> index_of_host;
  out->host_of.resize(hosts.size());
  out->local_rank_of.resize(hosts.size());
  std::vector<int> members;
  for (size_t r = 0; r < hosts.size(); ++r) {
    const auto inserted = index_of_host.emplace(
        hosts[r], static_cast<int>(out->leader_of_host.size()));
    if (inserted.second) {
      out->leader_of_host.push_back(static_cast<int>(r));
      members.push_back(0);
    }
    const int host = inserted.first->second;
    out->host_of[r] = host;
    out->local_rank_of[r] = members[host]++;
  }
  const int me = out->rank;
  // A rank alone on its host gets no host communicator (MPI_COMM_NULL):
  // nothing to broadcast there, and SimGrid 3.32's NTSB broadcast aborts
  // on the one-rank communicators a split would make.
  const int host = out->host_of[me];
  PMPI_Comm_split(comm, members[host] >= 2 ? host : MPI_UNDEFINED, me,
                  &out->local);
  PMPI_Comm_split(comm, out->local_rank_of[me] == 0 ? 0 : MPI_UNDEFINED, me,
                  &out->leaders);
  out->range_comms.assign(rule_count, MPI_COMM_NULL);
}

void FreeTwoLevel(TwoLevelComm* comm) {
  for (MPI_Comm& range : comm->range_comms) FreeComm(&range);
  FreeComm(&comm->leaders);
  FreeComm(&comm->local);
}

int TwoLevelBcast(void* buffer, int count, MPI_Datatype datatype, int root,
                  int bytes, TwoLevelComm* comm, size_t index,
                  const SizeRule& rule, const HostPlace& place,
                  TwoLevelOutcome* outcome) {
  const int me = comm->rank;
  const int root_host = comm->host_of[root];
  const int root_leader = comm->leader_of_host[root_host];
  int result = MPI_SUCCESS;
  if (root != root_leader && me == root) {
    result = PMPI_Send(buffer, count, datatype, 0, kToLeaderTag, comm->local);
  } else if (root != root_leader && me == root_leader) {
    result = PMPI_Recv(buffer, count, datatype, comm->local_rank_of[root],
                       kToLeaderTag, comm->local, MPI_STATUS_IGNORE);
  }
  if (result != MPI_SUCCESS) return result;
  if (comm->leaders != MPI_COMM_NULL) {
    Contiguous message(buffer, count, datatype, bytes, comm->leaders);
    result = LeadersStep(comm, index, rule, place, &message, bytes, root_host,
                         me == root_leader, outcome);
    if (result != MPI_SUCCESS) return result;
  }
  if (comm->local == MPI_COMM_NULL) return MPI_SUCCESS;  // alone on its host
  const int local_root =
      comm->host_of[me] == root_host ? comm->local_rank_of[root] : 0;
  return PMPI_Bcast(buffer, count, datatype, local_root, comm->local);
}

}  // namespace mpi
}  // namespace hetcast
