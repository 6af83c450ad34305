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
RankMap MapNodeRanks(const std::vector<int>& types, size_t type_count,
                     int root, const std::vector<char>& is_destination,
                     bool allow_relays);

// Cluster model. `labels[r]` is rank r's cluster label (< label_count);
// `label_degrees` (label_count entries) or empty. With `multicast` the
// members per cluster are the destinations (plus the root in its cluster);
// every other rank may help.
RankMap MapClusterRanks(const std::vector<int>& labels, size_t label_count,
                        int root, const std::vector<char>& is_destination,
                        bool multicast,
                        const std::vector<uint64_t>& label_degrees);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_RANK_MAP_H_
