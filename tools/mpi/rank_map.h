// rank_map.h: from MPI ranks to the planner's canonical ids and back.
//
// MPI-free, so that the mapping is tested without launching processes. The
// rules are the ones tools/mpi/hetcast_mpi.h documents: nodes of one type
// (processors of one cluster) are interchangeable in their model, so every
// fixed bijection between a group's ranks and the group's canonical ids
// gives the planned times; this one takes ranks in increasing order.

#ifndef HETCAST_TOOLS_MPI_RANK_MAP_H_
#define HETCAST_TOOLS_MPI_RANK_MAP_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tools/mpi/hetcast_mpi_params.h"

namespace hetcast {
namespace mpi {

// A request's counts and the two directions of the mapping. Ranks the
// request leaves out have canonical id HETCAST_NO_NODE.
struct RankMap {
  // Node model: per type. Cluster model: per canonical cluster (sizes,
  // members when multicasting, degrees when bounded).
  std::vector<uint64_t> destination_counts;
  std::vector<uint64_t> relay_counts;
  std::vector<uint64_t> cluster_sizes;
  std::vector<uint64_t> members;
  std::vector<uint64_t> degrees;
  std::vector<uint32_t> canonical_of_rank;
  std::vector<int> rank_of_canonical;
};

// Node model. `types[r]` is rank r's type (< type_count, checked by the
// caller), `is_destination[r]` whether it must receive (the root's entry is
// ignored). Without relays the non-destination ranks are left out.
RankMap MapNodeRanks(const std::vector<int>& types, size_t type_count, int root,
                     const std::vector<char>& is_destination,
                     bool allow_relays);

// Cluster model. `labels[r]` is rank r's cluster label (< label_count);
// `label_degrees` (label_count entries) or empty. With `multicast` the
// members per cluster are the destinations (plus the root in its cluster);
// every other rank may help.
RankMap MapClusterRanks(const std::vector<int>& labels, size_t label_count,
                        int root, const std::vector<char>& is_destination,
                        bool multicast,
                        const std::vector<uint64_t>& label_degrees);

// The planner's request for one collective, with the storage it points
// into (not copyable: the request points into its own members).
struct PlannerRequest {
  PlannerRequest() = default;
  PlannerRequest(const PlannerRequest&) = delete;
  PlannerRequest& operator=(const PlannerRequest&) = delete;
  RankMap map;
  hetcast_node_request node = {};
  hetcast_cluster_request cluster = {};
  std::vector<hetcast_profile> profiles;  // every profile of params.table
  hetcast_request request = {};
};

// The request of a broadcast (`multicast` false: every rank but the root
// is a destination) or multicast from `root`, with `types` the gathered
// types (checked in range by the caller).
void BuildPlannerRequest(const HETCAST_MPI_Params& params,
                         const std::vector<int>& types, int root,
                         const std::vector<char>& is_destination,
                         bool multicast, bool allow_relays,
                         PlannerRequest* out);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_RANK_MAP_H_
