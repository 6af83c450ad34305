// ptas_entries.h: the schedules a PTAS profile stores whole, per entry.
//
// A PTAS profile (HETCAST_METHOD_PTAS) keeps, for every entry, the PTAS's
// broadcast schedule of that entry's state as one (parent, send index)
// record per destination, in the ids of table schema 1's stored order (per
// type by arrival, ties by parent id: the canonical order of API 0.2,
// tools/gen/ptas_stored_order.h). PtasSchedule reads one such schedule
// (verify.cc checks every one at open); PtasMapped puts it in a request's
// ids, where relays the request offers may stand in for the entry's extra
// destinations (Khuller & Kim Theorem 7.1); PlanPtasEntry relabels the
// result into canonical (depth-first) order (runtime/node/
// depth_first_order.h), so the stored bytes stay schema 1's.
#ifndef HETCAST_RUNTIME_TABLE_PTAS_ENTRIES_H_
#define HETCAST_RUNTIME_TABLE_PTAS_ENTRIES_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/depth_first_order.h"
#include "runtime/node/layout.h"
#include "runtime/table/resolve.h"
#include "runtime/table/state_index.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// Every arrival in a stored PTAS schedule is below this (hetcast.h; the
// generator's times stay below 2^40), so (arrival, parent) packs into one
// 64-bit key.
constexpr uint64_t kPtasMaxArrival = uint64_t{1} << 47;

// One stored PTAS schedule: the broadcast instance of an entry, ids 0..n
// (source, then destinations by type), node v's record at nodes[first+v-1].
struct PtasSchedule {
  const ProfileView* v;
  uint32_t source;
  uint32_t n;
  uint32_t first;
  uint32_t base[HETCAST_TABLE_MAX_TYPES + 1];  // base[k] = n + 1.

  PtasSchedule(const ProfileView& view, uint32_t s, uint64_t state) {
    v = &view;
    source = s;
    const uint64_t e = s * view.state_count + state;
    first = view.ptas_offsets->Get(static_cast<uint32_t>(e));
    const uint32_t k = view.type_count;
    uint64_t counts[HETCAST_TABLE_MAX_TYPES];
    for (uint32_t j = 0; j < k; ++j) {
      counts[j] = TableStateDigit(state, view.stride[j], view.limit[j]);
    }
    // At most 65534 destinations (LoadProfileView): cannot fail.
    uint32_t no_relays[HETCAST_TABLE_MAX_TYPES];
    CanonicalIdBases(k, counts, nullptr, base, no_relays, &base[k]);
    n = base[k] - 1;
  }
  uint32_t TypeOf(uint32_t id) const {
    if (id == 0) return source;
    uint32_t j = 0;
    while (id >= base[j + 1]) ++j;
    return j;
  }
  uint32_t Parent(uint32_t id) const {
    return v->ptas_nodes->Get(first + id - 1) & 0xFFFFu;
  }
  uint32_t Send(uint32_t id) const {
    return v->ptas_nodes->Get(first + id - 1) >> 16;
  }
  // Arrival by walking up: the parent links walked (at least 1, as `id` is
  // not the source), or 0 on a cycle, a bad record (a send index outside
  // 1 .. n among them: a sender has at most n children) or an overflow.
  uint32_t Arrival(uint32_t id, uint64_t* arrival) const {
    uint64_t t = 0;
    uint32_t depth = 0;
    for (; id != 0; ++depth) {
      const uint32_t parent = Parent(id);
      const uint32_t send = Send(id);
      if (depth > n || parent > n || parent == id || send - 1 >= n) return 0;
      t += send * v->cost[TypeOf(parent)];  // < 2^47 + 2^16 * 2^40.
      if (t >= kPtasMaxArrival) return 0;
      id = parent;
    }
    *arrival = t;
    return depth;
  }
};

// A PTAS entry's stored schedule in the request's ids: instance id ->
// (type, position) -> IdOf, so destinations take each type's earliest
// positions and the relays used the rest, as in the
// reconstruction paths.
struct PtasMapped {
  PtasSchedule t;
  const TableLayout* layout;
  const Resolved* resolved;

  PtasMapped(const ProfileView& v, const Resolved& r, const TableLayout& l)
      : t(v, r.source, r.state), layout(&l), resolved(&r) {}
  uint32_t RequestId(uint32_t id) const {
    if (id == 0) return 0;
    const uint32_t j = t.TypeOf(id);
    return TableIdOf(*layout, *resolved, j, id - t.base[j]);
  }
  hetcast_node Node(uint32_t id) const {
    uint64_t arrival = 0;
    t.Arrival(id, &arrival);  // Verified at open (verify.h).
    const uint32_t rid = RequestId(id);
    return hetcast_node{arrival, RequestId(t.Parent(id)), t.TypeOf(id),
                        t.Send(id), rid >= layout->relay_base[0] ? 1u : 0u};
  }
};

// PtasScratch
//
// The workspace of a PTAS entry's plan: the schedule in stored order and
// the relabelling's; a node-role query adds the relabelled plan.
struct PtasScratch {
  hetcast_node* stored;
  RelabelScratch relabel;
  // Node-role queries only: the relabelled plan and its transfers.
  hetcast_node* plan;
  hetcast_transfer* transfers;
};

// Carves the workspace of a plan or, when `role`, a node-role query
// (measures when `arena` measures). False when `arena` runs out.
bool CarvePtasEntry(const ProfileView& v, const TableLayout& layout, bool role,
                    Arena* arena, PtasScratch* scratch);

// Writes every node (and, when `transfers` is not NULL, the sorted
// transfers) of a resolved request's stored schedule, in canonical ids.
// HETCAST_INVALID_TABLE, with nothing written, when a sender of the stored
// schedule skips a send index (say its only child is its second send): the
// open-time check (verify.cc) proves each schedule a tree in canonical
// order with its stored time, using no memory, but proving every sender's
// send indices 1, 2, ... without a gap needs a child list per sender,
// which the plan's relabelling builds (RelabelDepthFirst). Such a schedule is
// no schedule of the model (a node's i-th send is its i-th transfer: the
// evaluator would time it earlier than stored), so only a corrupted or crafted
// table holds one (found by tests/fuzz's table target).
hetcast_status PlanPtasEntry(const ProfileView& v, const Resolved& resolved,
                             const TableLayout& layout,
                             const PtasScratch& scratch, hetcast_node* nodes,
                             hetcast_transfer* transfers);

// The node-role query on a stored schedule (from its whole plan, in
// scratch.plan): `*node` gets node_id's record, its children go to
// `children` in send order (the first children_capacity of them), their
// number to `*child_count`. HETCAST_INVALID_TABLE as PlanPtasEntry.
hetcast_status PtasEntryNodeRole(const ProfileView& v, const Resolved& resolved,
                                 const TableLayout& layout,
                                 const PtasScratch& scratch, uint32_t node_id,
                                 hetcast_node* node, hetcast_transfer* children,
                                 size_t children_capacity, size_t* child_count);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_PTAS_ENTRIES_H_
