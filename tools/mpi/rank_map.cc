// rank_map.cc: the rank <-> canonical id rules of hetcast_mpi.h.

#include "tools/mpi/rank_map.h"

#include <cstddef>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace mpi {
namespace {

// Gives the ranks of `order` (already in canonical order) consecutive ids.
void Number(const std::vector<int>& order, RankMap* map) {
  map->canonical_of_rank.assign(map->canonical_of_rank.size(), HETCAST_NO_NODE);
  map->rank_of_canonical = order;
  for (size_t id = 0; id < order.size(); ++id) {
    map->canonical_of_rank[order[id]] = static_cast<uint32_t>(id);
  }
}

}  // namespace

RankMap MapNodeRanks(const std::vector<int>& types, size_t type_count, int root,
                     const std::vector<char>& is_destination,
                     bool allow_relays) {
  RankMap map;
  map.canonical_of_rank.resize(types.size());
  map.destination_counts.assign(type_count, 0);
  map.relay_counts.assign(type_count, 0);
  // Groups: destinations of type 0 .. k-1, then relays of type 0 .. k-1.
  std::vector<std::vector<int>> groups(2 * type_count);
  for (size_t rank = 0; rank < types.size(); ++rank) {
    if (static_cast<int>(rank) == root) continue;
    const size_t type = static_cast<size_t>(types[rank]);
    if (is_destination[rank]) {
      groups[type].push_back(static_cast<int>(rank));
      ++map.destination_counts[type];
    } else if (allow_relays) {
      groups[type_count + type].push_back(static_cast<int>(rank));
      ++map.relay_counts[type];
    }
  }
  std::vector<int> order{root};
  for (const std::vector<int>& group : groups) {
    order.insert(order.end(), group.begin(), group.end());
  }
  Number(order, &map);
  return map;
}

RankMap MapClusterRanks(const std::vector<int>& labels, size_t label_count,
                        int root, const std::vector<char>& is_destination,
                        bool multicast,
                        const std::vector<uint64_t>& label_degrees) {
  RankMap map;
  map.canonical_of_rank.resize(labels.size());
  // Per label: the root, then members, then helpers, each by rank.
  std::vector<std::vector<int>> members(label_count), helpers(label_count);
  members[labels[root]].push_back(root);
  for (size_t rank = 0; rank < labels.size(); ++rank) {
    if (static_cast<int>(rank) == root) continue;
    const bool member = !multicast || is_destination[rank];
    (member ? members : helpers)[labels[rank]].push_back(
        static_cast<int>(rank));
  }
  std::vector<size_t> label_order{static_cast<size_t>(labels[root])};
  for (size_t label = 0; label < label_count; ++label) {
    const bool used = !members[label].empty() || !helpers[label].empty();
    if (used && label != label_order[0]) label_order.push_back(label);
  }
  std::vector<int> order;
  for (size_t label : label_order) {
    order.insert(order.end(), members[label].begin(), members[label].end());
    order.insert(order.end(), helpers[label].begin(), helpers[label].end());
    map.cluster_sizes.push_back(members[label].size() + helpers[label].size());
    map.members.push_back(members[label].size());
    if (!label_degrees.empty()) map.degrees.push_back(label_degrees[label]);
  }
  if (!multicast) map.members.clear();
  Number(order, &map);
  return map;
}

void BuildPlannerRequest(const HETCAST_MPI_Params& params,
                         const std::vector<int>& types, int root,
                         const std::vector<char>& is_destination,
                         bool multicast, bool allow_relays,
                         PlannerRequest* out) {
  out->request.model = params.model;
  out->request.algorithm = params.algorithm;
  if (params.model == HETCAST_MODEL_CLUSTER) {
    std::vector<uint64_t> degrees;
    if (params.degrees) {
      degrees.assign(params.degrees, params.degrees + params.cluster_count);
    }
    out->map = MapClusterRanks(types, params.cluster_count, root,
                               is_destination, multicast, degrees);
    out->cluster = {out->map.cluster_sizes.data(),
                    out->map.cluster_sizes.size(),
                    params.inter_cost,
                    params.postal,
                    params.degrees ? out->map.degrees.data() : nullptr,
                    params.matching,
                    multicast ? out->map.members.data() : nullptr};
    out->request.cluster = &out->cluster;
    return;
  }
  out->map = MapNodeRanks(types, params.type_count, root, is_destination,
                          allow_relays);
  out->node = {params.costs, params.type_count,
               static_cast<uint32_t>(types[root]),
               out->map.destination_counts.data(),
               allow_relays ? out->map.relay_counts.data() : nullptr};
  out->request.node = &out->node;
  if (params.table != nullptr) {
    out->profiles.resize(hetcast_table_profile_count(params.table));
    for (size_t p = 0; p < out->profiles.size(); ++p) {
      hetcast_profile_open(params.table, p, &out->profiles[p], nullptr);
    }
    out->request.profiles = out->profiles.data();
    out->request.profile_count = out->profiles.size();
  }
}

}  // namespace mpi
}  // namespace hetcast
