// layout.h: a validated node-model request and its canonical id ranges.
//
// Every node-model routine starts from a NodeLayout: it checks the request
// once (types, costs, counts, limits) and fixes which canonical ids belong to
// which type (see hetcast.h, "Canonical node ids").
#ifndef HETCAST_RUNTIME_NODE_LAYOUT_H_
#define HETCAST_RUNTIME_NODE_LAYOUT_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// A node class is a (type, destination-or-relay) pair. Class c < type_count
// holds the destinations of type c; class type_count + j the relays of type
// j. Classes in index order cover the canonical ids 1 .. node_count - 1.
//
// A NodeLayout is a few words whatever HETCAST_MAX_TYPES is: the per-type
// values stay in the request (checked by BuildNodeLayout), and the per-class
// arrays are carved from the caller's workspace by CarveNodeClasses, so that
// no planner keeps arrays for 64 types on a firmware's stack.
struct NodeLayout {
  uint32_t type_count = 0;
  uint32_t class_count = 0;  // 2 * type_count.
  uint32_t source_type = 0;
  uint32_t destination_total = 0;
  uint32_t relay_total = 0;
  uint32_t node_count = 0;  // 1 + destinations + relays.
  // The request's arrays (type_count entries; relay_count NULL: none).
  const uint64_t* cost = nullptr;
  const uint64_t* destination_count = nullptr;
  const uint64_t* relay_count = nullptr;
  // From CarveNodeClasses (class_count entries each): the first id of each
  // class, and the classes in the order FNF informs them (by cost,
  // destinations before relays of the same cost, then by type index).
  uint32_t* class_base = nullptr;
  uint32_t* receive_order = nullptr;
  // Planning only (CapRelays): the relays of the types in bit set
  // `planned_relay_types` count at most `relay_cap` each, the others none.
  uint64_t planned_relay_types = ~uint64_t{0};
  uint64_t relay_cap = UINT64_MAX;

  uint32_t TypeOfClass(uint32_t c) const {
    return c < type_count ? c : c - type_count;
  }
  uint64_t CostOfClass(uint32_t c) const { return cost[TypeOfClass(c)]; }
  bool IsRelayClass(uint32_t c) const { return c >= type_count; }
  // Ids in class c (BuildNodeLayout checked that they fit 32 bits).
  uint32_t SizeOfClass(uint32_t c) const {
    if (!IsRelayClass(c)) return static_cast<uint32_t>(destination_count[c]);
    const uint32_t t = c - type_count;
    if (relay_count == nullptr || (planned_relay_types >> t & 1) == 0) return 0;
    const uint64_t relays = relay_count[t];
    return static_cast<uint32_t>(relays < relay_cap ? relays : relay_cap);
  }
  // The class of a non-source id (linear in the class count, which is small).
  uint32_t ClassOf(uint32_t id) const {
    uint32_t c = 0;
    while (c + 1 < class_count && id >= class_base[c + 1]) ++c;
    return c;
  }
};

// CanonicalIdBases
//
// The canonical id ranges of a request (hetcast.h, "Canonical node ids"): the
// source is 0, then destination_counts[j] destinations of each type j in type
// order, then relay_counts[j] relays of each type in type order
// (`relay_counts` may be NULL: none). Writes the first id of each range to
// destination_base[j] and relay_base[j] (k entries each) and the number of
// ids to `*node_count` (the bases may be NULL together: count only).
// HETCAST_TOO_LARGE when the ids would pass HETCAST_MAX_NODES. Every node-model
// planner numbers its nodes from these: NodeLayout, the table reader's
// TableLayout, the PTAS's instances.
hetcast_status CanonicalIdBases(uint32_t k, const uint64_t* destination_counts,
                                const uint64_t* relay_counts,
                                uint32_t* destination_base,
                                uint32_t* relay_base, uint32_t* node_count);

// Narrows `layout` to the relays FNF's relay search can use (relays.h: the
// types whose relays can help, at most D relays each, D = destinations) and
// recounts its nodes, so that the workspace grows with D, not with the
// relays offered. Ids of destinations stay; relay ids close up
// (ExpandPlannedIds moves a plan back to the request's ids).
void CapRelays(NodeLayout* layout);

// Moves the nodes of a plan made in `planned` (CapRelays of `full`, both
// carved) to the request's ids of `full`, blanking the relays left out.
// `nodes` has full.node_count entries.
void ExpandPlannedIds(const NodeLayout& planned, const NodeLayout& full,
                      hetcast_node* nodes);

// Validates `request` and fills `layout`, which refers to the request's
// arrays from then on. Errors: HETCAST_INVALID_ARGUMENT (NULL arrays, zero
// or too many types, a zero cost, a bad source type), HETCAST_TOO_LARGE
// (more than HETCAST_MAX_NODES nodes); `*why` (optional) names the problem.
hetcast_status BuildNodeLayout(const hetcast_node_request* request,
                               NodeLayout* layout, const char** why = nullptr);

// Carves class_base and receive_order from `arena` and fills them (when it
// does not measure). Every planner that needs ids per class calls it first,
// in its `*_sizes` function too. False when `arena` runs out.
bool CarveNodeClasses(Arena* arena, NodeLayout* layout);

// Writes type and relay flag of every id and marks every node as not
// (yet) informed.
void ResetNodes(const NodeLayout& layout, hetcast_node* nodes);

// Sorts `transfers` (one per informed non-source node) by (start, from).
void SortTransfers(hetcast_transfer* transfers, size_t count);

// Writes the transfers of a complete `nodes` array (node_count ids, `cost`
// per type), sorted by (start, from). Returns the count.
size_t CollectTransfers(const uint64_t* cost, uint32_t node_count,
                        const hetcast_node* nodes, hetcast_transfer* transfers);
inline size_t CollectTransfers(const NodeLayout& layout,
                               const hetcast_node* nodes,
                               hetcast_transfer* transfers) {
  return CollectTransfers(layout.cost, layout.node_count, nodes, transfers);
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_LAYOUT_H_
