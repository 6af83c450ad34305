// ptas_stored_order.cc: schema 1's stored order (ptas_stored_order.h).
#include "tools/gen/ptas_stored_order.h"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace hetcast {

std::vector<hetcast_node> StoredPtasOrder(
    const std::vector<hetcast_node>& nodes) {
  // Each group's ids, in id order (groups are contiguous ranges).
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> group_ids;
  for (uint32_t v = 1; v < nodes.size(); ++v) {
    group_ids[{nodes[v].is_relay, nodes[v].type}].push_back(v);
  }
  // Informed nodes by arrival; within one arrival, by the parent's new id,
  // known once the earlier arrivals are numbered.
  std::vector<uint32_t> order;
  for (uint32_t v = 1; v < nodes.size(); ++v) {
    if (nodes[v].parent != HETCAST_NO_NODE) order.push_back(v);
  }
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return nodes[a].arrival < nodes[b].arrival;
  });
  std::vector<uint32_t> new_id(nodes.size(), HETCAST_NO_NODE);
  new_id[0] = 0;
  std::map<std::pair<uint32_t, uint32_t>, size_t> taken;
  for (size_t begin = 0; begin < order.size();) {
    size_t end = begin;
    while (end < order.size() &&
           nodes[order[end]].arrival == nodes[order[begin]].arrival) {
      ++end;
    }
    std::sort(order.begin() + begin, order.begin() + end,
              [&](uint32_t a, uint32_t b) {
                return new_id[nodes[a].parent] < new_id[nodes[b].parent];
              });
    for (size_t i = begin; i < end; ++i) {
      const hetcast_node& node = nodes[order[i]];
      const std::pair<uint32_t, uint32_t> group{node.is_relay, node.type};
      new_id[order[i]] = group_ids[group][taken[group]++];
    }
    begin = end;
  }
  std::vector<hetcast_node> out(nodes);  // The blanks stay where they are.
  for (uint32_t v = 1; v < nodes.size(); ++v) {
    const hetcast_node& node = nodes[v];
    if (node.parent == HETCAST_NO_NODE) continue;
    out[new_id[v]] = node;
    out[new_id[v]].parent = new_id[node.parent];
  }
  // Unused ids of a group come after its informed ones.
  for (const auto& [group, ids] : group_ids) {
    for (size_t i = taken[group]; i < ids.size(); ++i) {
      out[ids[i]] = hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, group.second,
                                 0, group.first};
    }
  }
  return out;
}

std::vector<hetcast_transfer> TransfersOf(
    const std::vector<uint64_t>& costs,
    const std::vector<hetcast_node>& nodes) {
  std::vector<hetcast_transfer> transfers;
  for (uint32_t v = 1; v < nodes.size(); ++v) {
    const hetcast_node& node = nodes[v];
    if (node.parent == HETCAST_NO_NODE) continue;
    const uint64_t start = node.arrival - costs[nodes[node.parent].type];
    transfers.push_back(hetcast_transfer{node.parent, v, start, node.arrival});
  }
  std::sort(transfers.begin(), transfers.end(),
            [](const hetcast_transfer& a, const hetcast_transfer& b) {
              return a.start != b.start ? a.start < b.start : a.from < b.from;
            });
  return transfers;
}

}  // namespace hetcast
