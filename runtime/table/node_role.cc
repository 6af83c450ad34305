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
  RoleOutput out{node, children, children_capacity, 0};
  RoleByDescent(v, resolved, layout, node_id, &out);
  *child_count = out.count;
  return out.count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
