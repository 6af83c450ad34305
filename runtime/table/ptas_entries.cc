// ptas_entries.cc: a PTAS entry's stored schedule in a request's ids: the
// whole plan, or one node's role.
#include "runtime/table/ptas_entries.h"

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

void PlanPtasEntry(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, hetcast_node* nodes,
                   hetcast_transfer* transfers) {
  const PtasMapped m(v, resolved, layout);
  size_t count = 0;
  for (uint32_t id = 1; id <= m.t.n; ++id) {
    const hetcast_node node = m.Node(id);
    const uint32_t rid = m.RequestId(id);
    nodes[rid] = node;
    if (transfers != nullptr) {
      const uint64_t cost = v.cost[m.t.TypeOf(m.t.Parent(id))];
      transfers[count++] =
          hetcast_transfer{node.parent, rid, node.arrival - cost, node.arrival};
    }
  }
  if (transfers != nullptr) SortTransfers(transfers, count);
}

hetcast_status PtasEntryNodeRole(const ProfileView& v, const Resolved& resolved,
                                 const TableLayout& layout, uint32_t node_id,
                                 hetcast_node* node, hetcast_transfer* children,
                                 size_t children_capacity,
                                 size_t* child_count) {
  const PtasMapped m(v, resolved, layout);
  const uint32_t self = m.InstanceId(node_id);
  if (self == UINT32_MAX) return HETCAST_OK;  // An unused relay.
  if (self != 0) *node = m.Node(self);
  size_t count = 0;
  for (uint32_t id = 1; id <= m.t.n; ++id) {
    if (m.t.Parent(id) != self) continue;
    const hetcast_node child = m.Node(id);
    const hetcast_transfer x{node_id, m.RequestId(id),
                             child.arrival - v.cost[m.t.TypeOf(self)],
                             child.arrival};
    // Insertion by arrival, which is send order for one sender.
    size_t pos = count < children_capacity ? count : children_capacity;
    while (pos > 0 && children[pos - 1].arrival > x.arrival) {
      if (pos < children_capacity) children[pos] = children[pos - 1];
      --pos;
    }
    if (pos < children_capacity) children[pos] = x;
    ++count;
  }
  *child_count = count;
  return count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
