// ptas_stored_order.h: the id order a PTAS table stores its schedules in.
//
// Table schema 1 (tables/hetcast_table.fbs) stores each PTAS entry's tree
// with the ids of the canonical order of API 0.2: per group (the
// destinations of one type), by arrival, ties by the parent's id (two
// children of one parent never arrive together); the runtime's verify.cc
// checks exactly that order at open, and ptas_entries.h reads it back into
// today's canonical (depth-first) order. The generator keeps writing it, so
// that the tables stay byte for byte what schema 1 defines; the PTAS's own
// tie-breaks among FNF's nodes (ptas.cc, sending points by node id) read
// FNF's schedule in this order too, so that its schedules stay what they
// were.
#ifndef HETCAST_TOOLS_GEN_PTAS_STORED_ORDER_H_
#define HETCAST_TOOLS_GEN_PTAS_STORED_ORDER_H_

#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// `nodes` (a schedule with ids grouped by type and relay flag, source 0)
// renumbered into schema 1's stored order; nodes it leaves out stay last in
// their group.
std::vector<hetcast_node> StoredPtasOrder(
    const std::vector<hetcast_node>& nodes);

// The transfers of `nodes` (costs per type), sorted by (start, from).
std::vector<hetcast_transfer> TransfersOf(
    const std::vector<uint64_t>& costs, const std::vector<hetcast_node>& nodes);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_PTAS_STORED_ORDER_H_
