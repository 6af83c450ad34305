// layout.cc: request validation and canonical id ranges.
#include "runtime/node/layout.h"

#include <algorithm>
#include <utility>

#include "runtime/config.h"
#include "runtime/node/relays.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {

hetcast_status CanonicalIdBases(uint32_t k, const uint64_t* destination_counts,
                                const uint64_t* relay_counts,
                                uint32_t* destination_base,
                                uint32_t* relay_base, uint32_t* node_count) {
  // Count in 64 bits; the total is capped long before it could wrap.
  uint64_t next_id = 1;
  for (uint32_t c = 0; c < 2 * k; ++c) {
    const bool relay = c >= k;
    const uint32_t j = relay ? c - k : c;
    uint64_t count = 0;
    if (!relay) {
      count = destination_counts[j];
    } else if (relay_counts != nullptr) {
      count = relay_counts[j];
    }
    if (count > HETCAST_MAX_NODES || next_id + count > HETCAST_MAX_NODES) {
      return HETCAST_TOO_LARGE;
    }
    if (destination_base != nullptr) {
      (relay ? relay_base : destination_base)[j] =
          static_cast<uint32_t>(next_id);
    }
    next_id += count;
  }
  *node_count = static_cast<uint32_t>(next_id);
  return HETCAST_OK;
}

hetcast_status BuildNodeLayout(const hetcast_node_request* request,
                               NodeLayout* layout, const char** why) {
  if (request == nullptr || layout == nullptr || request->costs == nullptr ||
      request->destination_counts == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "node request: costs or destination_counts is NULL", why);
  }
  if (request->type_count == 0) {
    return Reject(HETCAST_INVALID_ARGUMENT, "node request: no types", why);
  }
  if (request->type_count > HETCAST_MAX_TYPES) {
    return Reject(HETCAST_TOO_LARGE,
                  "node request: more than HETCAST_MAX_TYPES (64) types", why);
  }
  if (request->source_type >= request->type_count) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "node request: source_type is not one of the types", why);
  }
  *layout = NodeLayout();
  const uint32_t k = static_cast<uint32_t>(request->type_count);
  for (uint32_t j = 0; j < k; ++j) {
    if (request->costs[j] == 0 || request->costs[j] == HETCAST_NEVER) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "node request: a cost is 0 or 2^64-1; every cost must be "
                    "in 1 .. 2^64-2",
                    why);
    }
  }
  hetcast_status status =
      CanonicalIdBases(k, request->destination_counts, request->relay_counts,
                       nullptr, nullptr, &layout->node_count);
  if (status != HETCAST_OK) {
    return Reject(status,
                  "node request: more than HETCAST_MAX_NODES (2^31 - 1) nodes",
                  why);
  }
  layout->type_count = k;
  layout->class_count = 2 * k;
  layout->source_type = request->source_type;
  layout->cost = request->costs;
  layout->destination_count = request->destination_counts;
  layout->relay_count = request->relay_counts;
  for (uint32_t j = 0; j < k; ++j) {
    layout->destination_total += layout->SizeOfClass(j);
    layout->relay_total += layout->SizeOfClass(k + j);
  }
  return HETCAST_OK;
}

bool CarveNodeClasses(Arena* arena, NodeLayout* layout) {
  const uint32_t classes = layout->class_count;
  layout->class_base = arena->Allocate<uint32_t>(classes);
  layout->receive_order = arena->Allocate<uint32_t>(classes);
  if (layout->class_base == nullptr || layout->receive_order == nullptr) {
    return !arena->failed();  // Measuring.
  }
  // The canonical ranges (CanonicalIdBases) of the classes' sizes, which
  // CapRelays may have narrowed: destinations by type, then relays.
  uint32_t next = 1;
  for (uint32_t c = 0; c < classes; ++c) {
    layout->class_base[c] = next;
    next += layout->SizeOfClass(c);
  }
  // Insertion sort: at most 2 * HETCAST_MAX_TYPES classes, and
  // std::stable_sort may allocate, which the runtime never does.
  const NodeLayout& l = *layout;
  auto informed_before = [&l](uint32_t a, uint32_t b) {
    if (l.CostOfClass(a) != l.CostOfClass(b)) {
      return l.CostOfClass(a) < l.CostOfClass(b);
    }
    if (l.IsRelayClass(a) != l.IsRelayClass(b)) return !l.IsRelayClass(a);
    return l.TypeOfClass(a) < l.TypeOfClass(b);
  };
  uint32_t* order = layout->receive_order;
  for (uint32_t i = 0; i < classes; ++i) {
    uint32_t j = i;
    while (j > 0 && informed_before(i, order[j - 1])) {
      order[j] = order[j - 1];
      --j;
    }
    order[j] = i;
  }
  return true;
}

void CapRelays(NodeLayout* layout) {
  if (layout->relay_count == nullptr) return;
  const uint32_t k = layout->type_count;
  UsefulRelays useful;
  FindUsefulRelays(k, layout->cost, layout->destination_count,
                   layout->relay_count, &useful);
  layout->planned_relay_types = 0;
  for (uint32_t i = 0; i < useful.type_count; ++i) {
    layout->planned_relay_types |= uint64_t{1} << useful.types[i];
  }
  layout->relay_cap = layout->destination_total;
  layout->relay_total = 0;
  for (uint32_t j = 0; j < k; ++j) {
    layout->relay_total += layout->SizeOfClass(k + j);
  }
  layout->node_count = 1 + layout->destination_total + layout->relay_total;
}

void ExpandPlannedIds(const NodeLayout& planned, const NodeLayout& full,
                      hetcast_node* nodes) {
  auto full_id = [&planned, &full](uint32_t id) {
    if (id == 0 || id == HETCAST_NO_NODE) return id;
    const uint32_t c = planned.ClassOf(id);
    return id - planned.class_base[c] + full.class_base[c];
  };
  // Full ids are never below planned ones: downwards, nothing is
  // overwritten before it has moved.
  for (uint32_t id = planned.node_count; id-- > 1;) {
    hetcast_node node = nodes[id];
    node.parent = full_id(node.parent);
    nodes[full_id(id)] = node;
  }
  for (uint32_t c = full.type_count; c < full.class_count; ++c) {
    const hetcast_node blank{HETCAST_NEVER, HETCAST_NO_NODE,
                             full.TypeOfClass(c), 0, 1};
    std::fill(nodes + full.class_base[c] + planned.SizeOfClass(c),
              nodes + full.class_base[c] + full.SizeOfClass(c), blank);
  }
}

void ResetNodes(const NodeLayout& layout, hetcast_node* nodes) {
  nodes[0] = hetcast_node{0, HETCAST_NO_NODE, layout.source_type, 0, 0};
  for (uint32_t c = 0; c < layout.class_count; ++c) {
    const hetcast_node blank{HETCAST_NEVER, HETCAST_NO_NODE,
                             layout.TypeOfClass(c), 0,
                             layout.IsRelayClass(c) ? 1u : 0u};
    hetcast_node* first = nodes + layout.class_base[c];
    std::fill(first, first + layout.SizeOfClass(c), blank);
  }
}

namespace {

bool StartsBefore(const hetcast_transfer& a, const hetcast_transfer& b) {
  if (a.start != b.start) return a.start < b.start;
  return a.from < b.from;
}

// Restores the max-heap order of transfers[root, count) below `root`.
void SiftDown(hetcast_transfer* transfers, size_t root, size_t count) {
  for (size_t child = 2 * root + 1; child < count; child = 2 * root + 1) {
    if (child + 1 < count &&
        StartsBefore(transfers[child], transfers[child + 1])) {
      ++child;
    }
    if (!StartsBefore(transfers[root], transfers[child])) return;
    std::swap(transfers[root], transfers[child]);
    root = child;
  }
}

}  // namespace

void SortTransfers(hetcast_transfer* transfers, size_t count) {
  if (!kOptimizeSize) {
    std::sort(transfers, transfers + count,
              [](const hetcast_transfer& a, const hetcast_transfer& b) {
                return StartsBefore(a, b);
              });
    return;
  }
  // Heapsort: a fraction of std::sort's code, for the size-optimized build
  // (config.h). A sender makes one send at a time, so no two transfers of a
  // schedule share (start, from): every correct sort gives the same order.
  for (size_t i = count / 2; i-- > 0;) SiftDown(transfers, i, count);
  for (size_t end = count; end-- > 1;) {
    std::swap(transfers[0], transfers[end]);
    SiftDown(transfers, 0, end);
  }
}

size_t CollectTransfers(const uint64_t* cost, uint32_t node_count,
                        const hetcast_node* nodes,
                        hetcast_transfer* transfers) {
  size_t count = 0;
  for (uint32_t id = 1; id < node_count; ++id) {
    const hetcast_node& node = nodes[id];
    if (node.parent == HETCAST_NO_NODE) continue;
    const uint64_t sender_cost = cost[nodes[node.parent].type];
    transfers[count++] = hetcast_transfer{
        node.parent, id, node.arrival - sender_cost, node.arrival};
  }
  SortTransfers(transfers, count);
  return count;
}

}  // namespace internal
}  // namespace hetcast
