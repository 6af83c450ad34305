// node_role.cc: one node's part of a table schedule
// (hetcast_profile_node_role): its arrival, parent and children, without
// writing the whole schedule. Exact profiles descend from the source to the
// node (node_role_descent.h); PTAS profiles read the stored schedule
// (ptas_entries.cc).
#include "runtime/table/node_role.h"

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/node_role_descent.h"
#include "runtime/table/ptas_entries.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// What is known of `node_id` before the tree is read: its type and
// whether it is a relay, from the id ranges; not informed yet.
hetcast_node NodeRoleStart(const ProfileView& v, const Resolved& resolved,
                           const TableLayout& layout, uint32_t node_id) {
  if (node_id == 0) {
    return hetcast_node{0, HETCAST_NO_NODE, resolved.source, 0, 0};
  }
  const bool relay = node_id >= layout.relay_base[0];
  uint32_t j = 0;
  const uint32_t* base = relay ? layout.relay_base : layout.destination_base;
  while (j + 1 < v.type_count && node_id >= base[j + 1]) ++j;
  return hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, j, 0, relay ? 1u : 0u};
}

// Whether `node_id` (of type node.type) is a relay the schedule leaves out.
bool UnusedRelay(const Resolved& resolved, const TableLayout& layout,
                 uint32_t node_id, const hetcast_node& node) {
  return node.is_relay && node_id - layout.relay_base[node.type] >=
                              resolved.relays_used[node.type];
}

}  // namespace

hetcast_status TableNodeRole(const hetcast_profile* profile,
                             const hetcast_node_request* request,
                             uint32_t node_id, void* workspace,
                             size_t workspace_size, hetcast_node* node,
                             hetcast_transfer* children,
                             size_t children_capacity, size_t* child_count) {
  if (node == nullptr || child_count == nullptr ||
      (children == nullptr && children_capacity != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  *child_count = 0;
  Resolved resolved;
  TableLayout layout;
  hetcast_status status =
      PrepareTableRequest(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  if (node_id >= layout.node_count) return HETCAST_INVALID_ARGUMENT;
  const ProfileView& v = ProfileViewOf(profile);
  if (v.IsPtas()) {
    Arena arena(workspace, workspace_size);
    PtasScratch scratch;
    if (!CarvePtasEntry(v, layout, /*role=*/true, &arena, &scratch)) {
      return HETCAST_WORKSPACE_TOO_SMALL;
    }
    return PtasEntryNodeRole(v, resolved, layout, scratch, node_id, node,
                             children, children_capacity, child_count);
  }
  *node = NodeRoleStart(v, resolved, layout, node_id);
  if (UnusedRelay(resolved, layout, node_id, *node)) return HETCAST_OK;
  RoleOutput out{node, children, children_capacity, 0};
  RoleByDescent(v, resolved, layout, node_id, &out);
  *child_count = out.count;
  return out.count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
