// ptas_entries.cc: a PTAS entry's stored schedule in a request's canonical
// ids: the whole plan, or one node's role.
#include "runtime/table/ptas_entries.h"

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/depth_first_order.h"
#include "runtime/node/layout.h"
#include "runtime/table/depth_first.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

bool CarvePtasEntry(const ProfileView& v, const TableLayout& layout, bool role,
                    Arena* arena, PtasScratch* scratch) {
  const uint32_t n = layout.node_count;
  scratch->stored = arena->Allocate<hetcast_node>(n);
  CarveRelabel(n, v.type_count, arena, &scratch->relabel);
  scratch->plan = role ? arena->Allocate<hetcast_node>(n) : nullptr;
  scratch->transfers = role ? arena->Allocate<hetcast_transfer>(n) : nullptr;
  return !arena->failed();
}

hetcast_status PlanPtasEntry(const ProfileView& v, const Resolved& resolved,
                             const TableLayout& layout,
                             const PtasScratch& scratch, hetcast_node* nodes,
                             hetcast_transfer* transfers) {
  const PtasMapped m(v, resolved, layout);
  hetcast_node* stored = scratch.stored;
  // Every id's type and relay flag, then the records of the schedule.
  for (uint32_t id = 0; id < layout.node_count; ++id) {
    stored[id] = NodeRoleStart(v, resolved, layout, id);
  }
  for (uint32_t id = 1; id <= m.t.n; ++id) stored[m.RequestId(id)] = m.Node(id);
  if (!RelabelDepthFirst(scratch.relabel, v.type_count, layout.node_count,
                         stored, nodes)) {
    return HETCAST_INVALID_TABLE;
  }
  if (transfers != nullptr) {
    CollectTransfers(v.cost, layout.node_count, nodes, transfers);
  }
  return HETCAST_OK;
}

hetcast_status PtasEntryNodeRole(const ProfileView& v, const Resolved& resolved,
                                 const TableLayout& layout,
                                 const PtasScratch& scratch, uint32_t node_id,
                                 hetcast_node* node, hetcast_transfer* children,
                                 size_t children_capacity,
                                 size_t* child_count) {
  // The plan's transfers by (start, from): one sender's in send order.
  const hetcast_status status = PlanPtasEntry(v, resolved, layout, scratch,
                                              scratch.plan, scratch.transfers);
  if (status != HETCAST_OK) return status;
  *node = scratch.plan[node_id];
  size_t count = 0;
  for (uint32_t i = 0; i + 1 < layout.participants; ++i) {
    if (scratch.transfers[i].from != node_id) continue;
    if (count < children_capacity) children[count] = scratch.transfers[i];
    ++count;
  }
  *child_count = count;
  return count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
