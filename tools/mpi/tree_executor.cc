// tree_executor.cc: HETCAST_MPI_Bcast and HETCAST_MPI_Mcast, node and
// cluster models. Each rank asks the planner for its own part
// (hetcast_plan_participant), receives from its parent, then sends to its
// children in the planned order: blocking sends, as both models have the
// sender busy for each send; large messages in pipelined segments, and
// broadcasts the plan cannot improve handed to MPI_Bcast (call_rules.h).
// With link rates (model trees) a broadcast runs the degree tree of the
// ranks' rates, or with sites the site trees that share out the uplinks
// (site_trees.h), with the multi-tree executor instead (multi_tree.h).

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "tools/mpi/call_rules.h"
#include "tools/mpi/comm_types.h"
#include "tools/mpi/contiguous.h"
#include "tools/mpi/degree_tree.h"
#include "tools/mpi/errors.h"
#include "tools/mpi/hetcast_mpi.h"
#include "tools/mpi/multi_tree.h"
#include "tools/mpi/rank_map.h"

namespace hetcast {
namespace mpi {
namespace {

// The tag of the executor's point-to-point messages. MPI keeps messages
// between two ranks in order, so consecutive collectives do not mix.
constexpr int kTreeTag = 0x4843;

bool IsTrees(const HETCAST_MPI_Params& params) {
  return params.send_ps_per_byte != nullptr ||
         params.receive_ps_per_byte != nullptr;
}

// Model trees' sites (hetcast_mpi_params.h): an uplink per site.
int CheckUplinks(const HETCAST_MPI_Params& params) {
  if (params.uplink_ps_per_byte == nullptr) {
    return Fail(HETCAST_MPI_ERR_ARG, "site_count " +
                                         std::to_string(params.site_count) +
                                         " without uplink_ps_per_byte");
  }
  for (size_t s = 0; s < params.site_count; ++s) {
    const uint64_t uplink = params.uplink_ps_per_byte[s];
    if (uplink < 1 || uplink > kMaxLinkValue) {
      return Fail(HETCAST_MPI_ERR_ARG,
                  "uplink_ps_per_byte[" + std::to_string(s) + "] is " +
                      std::to_string(uplink) +
                      "; it must be 1 .. 2^40 ps per byte");
    }
  }
  return HETCAST_MPI_SUCCESS;
}

// Model trees' parameters (hetcast_mpi_params.h).
int CheckTrees(const HETCAST_MPI_Params& params) {
  if (params.model != HETCAST_MODEL_NODE || !params.send_ps_per_byte ||
      !params.receive_ps_per_byte) {
    return Fail(HETCAST_MPI_ERR_ARG,
                "send_ps_per_byte and receive_ps_per_byte go together, with "
                "the node model");
  }
  if (params.segment_bytes == 0) {
    return Fail(HETCAST_MPI_ERR_ARG,
                "link rates need segment_bytes >= 1 (pipelined segments)");
  }
  if (params.site_count > 0) {
    const int result = CheckUplinks(params);
    if (result != HETCAST_MPI_SUCCESS) return result;
  }
  for (size_t t = 0; t < params.type_count; ++t) {
    for (const uint64_t* rates :
         {params.send_ps_per_byte, params.receive_ps_per_byte}) {
      if (rates[t] < 1 || rates[t] > kMaxLinkValue) {
        return Fail(HETCAST_MPI_ERR_ARG,
                    std::string(rates == params.send_ps_per_byte
                                    ? "send_ps_per_byte["
                                    : "receive_ps_per_byte[") +
                        std::to_string(t) + "] is " + std::to_string(rates[t]) +
                        "; it must be 1 .. 2^40 ps per byte");
      }
    }
  }
  return HETCAST_MPI_SUCCESS;
}

// Model trees: the degree tree of the ranks' rates from `root` (planned once
// per communicator and root), run in pipelined byte segments (the message
// packed when its datatype has gaps).
int TreesBcast(void* buffer, int count, MPI_Datatype datatype, int root,
               MPI_Comm comm, const HETCAST_MPI_Params& params,
               const std::vector<int>& types, const std::vector<int>& sites) {
  int rank = 0, type_size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Type_size(datatype, &type_size);
  const int64_t bytes = int64_t{count} * type_size;
  if (bytes > INT_MAX) {
    return Fail(HETCAST_MPI_ERR_ARG, "a message of " + std::to_string(bytes) +
                                         " bytes; link rates take up to "
                                         "INT_MAX bytes");
  }
  const MultiTreePlan* plan = nullptr;
  int result = TreesPlanOf(comm, params, types, sites, root, &plan);
  if (result != HETCAST_MPI_SUCCESS) return result;
  Contiguous message(buffer, count, datatype, static_cast<int>(bytes), comm);
  result = rank == root ? message.Pack() : MPI_SUCCESS;
  if (result == MPI_SUCCESS) {
    result =
        MultiTreeBcast(message.data(), static_cast<size_t>(bytes), *plan, comm);
  }
  if (result == MPI_SUCCESS && rank != root) result = message.Unpack();
  result = CheckMpi(result, "the pipelined trees' point-to-point calls");
  return result == HETCAST_MPI_SUCCESS ? Succeed() : result;
}

// Checks of arguments every rank passes alike, so every rank fails alike.
int CheckArguments(const void* buffer, int count, MPI_Datatype datatype,
                   int root, MPI_Comm comm, const HETCAST_MPI_Params* params,
                   int* size) {
  if (comm == MPI_COMM_NULL) {
    return Fail(HETCAST_MPI_ERR_COMM, "the communicator is MPI_COMM_NULL");
  }
  MPI_Comm_size(comm, size);
  if (*size < 2) {
    return Fail(HETCAST_MPI_ERR_COMM,
                "the communicator has 1 rank; a broadcast or multicast needs "
                "at least 2");
  }
  if (root < 0 || root >= *size) {
    return Fail(HETCAST_MPI_ERR_ROOT, "root " + std::to_string(root) +
                                          " is outside ranks 0 .. " +
                                          std::to_string(*size - 1));
  }
  if (count <= 0) {
    return Fail(HETCAST_MPI_ERR_ARG, "count is " + std::to_string(count) +
                                         "; it must be at least 1");
  }
  if (params == nullptr || (params->model != HETCAST_MODEL_NODE &&
                            params->model != HETCAST_MODEL_CLUSTER)) {
    return Fail(HETCAST_MPI_ERR_ARG,
                "params must name the node or the cluster model");
  }
  if (params->model == HETCAST_MODEL_NODE && params->type_count == 0) {
    return Fail(HETCAST_MPI_ERR_ARG, "node model with 0 types");
  }
  if (IsTrees(*params)) {
    const int result = CheckTrees(*params);
    if (result != HETCAST_MPI_SUCCESS) return result;
  } else if (params->model == HETCAST_MODEL_NODE && params->costs == nullptr) {
    return Fail(HETCAST_MPI_ERR_ARG, "node model without costs");
  }
  // A table handle that was never opened (or whose open failed, which
  // zeroes it) has no profiles: the caller meant a table it does not have.
  if (params->model == HETCAST_MODEL_NODE && params->table != nullptr &&
      hetcast_table_profile_count(params->table) == 0) {
    return Fail(HETCAST_MPI_ERR_ARG,
                "params->table was never opened (or hetcast_table_open "
                "failed on it)");
  }
  if (params->model == HETCAST_MODEL_CLUSTER && params->cluster_count == 0) {
    return Fail(HETCAST_MPI_ERR_ARG, "cluster model with 0 clusters");
  }
  if (buffer == nullptr) return Fail(HETCAST_MPI_ERR_ARG, "buffer is NULL");
  return CheckDatatype(datatype);
}

int MarkDestinations(const int* destinations, int destination_count, int root,
                     int size, std::vector<char>* is_destination) {
  is_destination->assign(size, 0);
  if (destination_count < 0 || (destination_count > 0 && !destinations)) {
    return Fail(HETCAST_MPI_ERR_ARG, "bad destination list");
  }
  for (int d = 0; d < destination_count; ++d) {
    const int rank = destinations[d];
    if (rank < 0 || rank >= size || rank == root || (*is_destination)[rank]) {
      return Fail(HETCAST_MPI_ERR_ARG,
                  "destinations[" + std::to_string(d) +
                      "] = " + std::to_string(rank) +
                      " is out of range, the root or repeated");
    }
    (*is_destination)[rank] = 1;
  }
  return HETCAST_MPI_SUCCESS;
}

// The message cut into segments (call_rules.h): segment k's address and
// element count.
struct Segments {
  Segments(void* buffer, int count, MPI_Datatype datatype,
           const HETCAST_MPI_Params& params)
      : bytes(static_cast<char*>(buffer)), count(count) {
    MPI_Aint lower = 0;
    MPI_Type_get_extent(datatype, &lower, &extent);
    step = SegmentElements(params, count,
                           static_cast<size_t>(std::max<MPI_Aint>(extent, 1)));
    total = (count + step - 1) / step;
  }
  char* At(int k) const { return bytes + MPI_Aint{k} * step * extent; }
  int Elements(int k) const { return std::min(step, count - k * step); }
  char* bytes;
  int count, step = 1, total = 1;
  MPI_Aint extent = 1;
};

// Waits for the receive of segment k (a no-op once it has completed).
int AwaitSegment(std::vector<MPI_Request>* pending, int k) {
  if (pending->empty()) return HETCAST_MPI_SUCCESS;  // the root
  return CheckMpi(MPI_Wait(&(*pending)[k], MPI_STATUS_IGNORE), "MPI_Wait");
}

// This rank's part: every segment's receive from the parent is posted
// first; then each child in the planned order gets the whole message,
// segment by segment, each sent as soon as it has arrived (so the first
// child's stream overlaps this rank's own receive).
int Execute(const Segments& message, MPI_Datatype datatype, MPI_Comm comm,
            const std::vector<int>& rank_of, const hetcast_participant& part) {
  if (part.node.arrival == HETCAST_NEVER) return Succeed();  // unused relay
  const bool receives = part.node.parent != HETCAST_NO_NODE;
  std::vector<MPI_Request> pending(receives ? message.total : 0);
  for (size_t k = 0; k < pending.size(); ++k) {
    const int result = CheckMpi(
        MPI_Irecv(message.At(k), message.Elements(k), datatype,
                  rank_of[part.node.parent], kTreeTag, comm, &pending[k]),
        "MPI_Irecv");
    if (result != HETCAST_MPI_SUCCESS) return result;
  }
  for (size_t s = 0; s <= part.count; ++s) {  // s == count: a leaf's wait
    for (int k = 0; k < message.total; ++k) {
      int result = AwaitSegment(&pending, k);
      if (result == HETCAST_MPI_SUCCESS && s < part.count) {
        result = CheckMpi(MPI_Send(message.At(k), message.Elements(k), datatype,
                                   rank_of[part.sends[s].to], kTreeTag, comm),
                          "MPI_Send");
      }
      if (result != HETCAST_MPI_SUCCESS) return result;
    }
  }
  return Succeed();
}

// Plans this rank's part and runs it. Every rank checks the request with
// hetcast_plan_sizes (same inputs, same verdict); ranks the request leaves
// out stop there.
int PlanAndExecute(void* buffer, int count, MPI_Datatype datatype,
                   MPI_Comm comm, int rank, const PlannerRequest& request,
                   const HETCAST_MPI_Params& params) {
  hetcast_sizes sizes;
  const char* why = nullptr;
  if (hetcast_plan_sizes(&request.request, &sizes, &why) != HETCAST_OK) {
    return Fail(HETCAST_MPI_ERR_PLAN, std::string("planner: ") + why);
  }
  const uint32_t id = request.map.canonical_of_rank[rank];
  if (id == HETCAST_NO_NODE) return Succeed();
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_transfer> sends(sizes.node_count);
  hetcast_participant part = {};
  part.sends = sends.data();
  part.send_capacity = sends.size();
  if (hetcast_plan_participant(&request.request, id, workspace.data(),
                               workspace.size(), &part, &why) != HETCAST_OK) {
    return Fail(HETCAST_MPI_ERR_PLAN, std::string("planner: ") + why);
  }
  return Execute(Segments(buffer, count, datatype, params), datatype, comm,
                 request.map.rank_of_canonical, part);
}

int TreeCollective(void* buffer, int count, MPI_Datatype datatype, int root,
                   const int* destinations, int destination_count,
                   bool multicast, bool allow_relays, MPI_Comm comm,
                   const HETCAST_MPI_Params* params) {
  int size = 0;
  int result =
      CheckArguments(buffer, count, datatype, root, comm, params, &size);
  if (result != HETCAST_MPI_SUCCESS) return result;
  std::vector<char> is_destination(size, 1);
  if (multicast) {
    result = MarkDestinations(destinations, destination_count, root, size,
                              &is_destination);
    if (result != HETCAST_MPI_SUCCESS) return result;
  }
  if (multicast && IsTrees(*params)) {
    return Fail(HETCAST_MPI_ERR_ARG,
                "link rates (send_ps_per_byte) are for HETCAST_MPI_Bcast");
  }
  std::vector<int> types, sites;
  result = CommTypes(comm, *params, &types, &sites);
  if (result != HETCAST_MPI_SUCCESS) return result;
  if (IsTrees(*params)) {
    return TreesBcast(buffer, count, datatype, root, comm, *params, types,
                      sites);
  }
  PlannerRequest request;
  BuildPlannerRequest(*params, types, root, is_destination, multicast,
                      allow_relays, &request);
  if (!multicast && HandToMpiBcast(*params, types, request.request)) {
    result =
        CheckMpi(MPI_Bcast(buffer, count, datatype, root, comm), "MPI_Bcast");
    return result == HETCAST_MPI_SUCCESS ? Succeed() : result;
  }
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  return PlanAndExecute(buffer, count, datatype, comm, rank, request, *params);
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

extern "C" {

int HETCAST_MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root,
                      MPI_Comm comm, const HETCAST_MPI_Params* params) {
  return hetcast::mpi::TreeCollective(buffer, count, datatype, root, nullptr, 0,
                                      false, false, comm, params);
}

int HETCAST_MPI_Mcast(void* buffer, int count, MPI_Datatype datatype, int root,
                      const int* destinations, int destination_count,
                      int allow_relays, MPI_Comm comm,
                      const HETCAST_MPI_Params* params) {
  return hetcast::mpi::TreeCollective(buffer, count, datatype, root,
                                      destinations, destination_count, true,
                                      allow_relays != 0, comm, params);
}

}  // extern "C"
