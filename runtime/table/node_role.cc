// node_role.cc: one node's part of a table schedule
// (hetcast_profile_node_role): its arrival, parent and children, without
// writing the whole schedule. Exact profiles walk the tree in canonical
// order until the node's role is complete: with the step pass
// (node_role_steps.h) when the tree fits it, which is the usual case, else
// with the queue path; PTAS profiles read the stored schedule
// (ptas_entries.cc).
#include "runtime/table/node_role.h"

#include <type_traits>

#include "runtime/arena.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/node_role_descent.h"
#include "runtime/table/node_role_steps.h"
#include "runtime/table/ptas_entries.h"
#include "runtime/table/reconstruct_queues.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// What is known of `node_id` before the tree is expanded: its type and
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

// Expands the tree with the queue path until `node_id` has been placed
// and, when it sends, until its last child.
void QueueNodeRole(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, const QueueScratch& scratch,
                   uint32_t node_id, RoleOutput* out) {
  hetcast_node* node = out->node;
  DispatchQueueKeys(v, resolved, layout, [&](const auto& keys, auto reader) {
    using Keys = typename std::decay<decltype(keys)>::type;
    ExpandTableTree(
        v, resolved, layout, keys, reader,
        reinterpret_cast<typename Keys::Sender*>(scratch.pool),
        scratch.pool_next,
        [&](uint32_t sender, uint32_t sender_type, uint32_t child,
            uint32_t /*child_type*/, uint64_t arrival, uint32_t send_index,
            bool sender_done, bool child_sends) {
          if (child == node_id) {
            node->arrival = arrival;
            node->parent = sender;
            node->send_index = send_index;
            // A leaf's role is complete once it is placed.
            if (!child_sends) return false;
          }
          if (sender == node_id) {
            out->AddChild(hetcast_transfer{
                sender, child, arrival - v.cost[sender_type], arrival});
            if (sender_done) return false;
          }
          return true;
        });
  });
}

}  // namespace

bool CarveNodeRole(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, RolePath path, Arena* arena,
                   NodeRoleScratch* scratch) {
  // The size build keeps the queue walk only (runtime/config.h).
  scratch->steps = !kOptimizeSize && path == RolePath::kAuto && !v.IsPtas() &&
                   RoleStepsFit(v, resolved, layout);
  if (scratch->steps) {
    CarveRoleSteps(resolved, layout, arena, &scratch->step);
    return !arena->failed();
  }
  return CarveQueueScratch(layout.participants, /*with_transfers=*/false, arena,
                           &scratch->queue);
}

hetcast_status TableNodeRole(const hetcast_profile* profile,
                             const hetcast_node_request* request,
                             uint32_t node_id, void* workspace,
                             size_t workspace_size, hetcast_node* node,
                             hetcast_transfer* children,
                             size_t children_capacity, size_t* child_count,
                             RolePath path) {
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
#if !defined(HETCAST_OPTIMIZE_SIZE)  // The prototype (runtime/config.h).
  if (path == RolePath::kDescent && !v.IsPtas()) {
    *node = NodeRoleStart(v, resolved, layout, node_id);
    if (UnusedRelay(resolved, layout, node_id, *node)) return HETCAST_OK;
    RoleOutput out{node, children, children_capacity, 0};
    RoleByDescent(v, resolved, layout, node_id, &out);
    *child_count = out.count;
    return out.count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL
                                         : HETCAST_OK;
  }
#endif
  Arena arena(workspace, workspace_size);
  NodeRoleScratch scratch;
  if (!CarveNodeRole(v, resolved, layout, path, &arena, &scratch)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  *node = NodeRoleStart(v, resolved, layout, node_id);
  if (v.IsPtas()) {
    return PtasEntryNodeRole(v, resolved, layout, node_id, node, children,
                             children_capacity, child_count);
  }
  if (UnusedRelay(resolved, layout, node_id, *node)) return HETCAST_OK;
  RoleOutput out{node, children, children_capacity, 0};
  if (scratch.steps) {
    RoleBySteps(v, resolved, layout, scratch.step, node_id, &out);
  } else {
    QueueNodeRole(v, resolved, layout, scratch.queue, node_id, &out);
  }
  *child_count = out.count;
  return out.count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
