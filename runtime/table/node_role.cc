// node_role.cc: one node's part of a table schedule
// (hetcast_profile_node_role): its arrival, parent and children, without
// writing the whole schedule. Exact profiles expand the tree with the queue
// path until the node's role is complete; PTAS profiles read the stored
// schedule (ptas_entries.cc).
#include "runtime/table/node_role.h"

#include <type_traits>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
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

// Expands the tree until `node_id` has been placed and, when it sends,
// until its last child: its record goes to `*node`, its first
// `children_capacity` children to `children` in send order, their number to
// `*count`.
hetcast_status QueueNodeRole(const ProfileView& v, const Resolved& resolved,
                             const TableLayout& layout,
                             const QueueScratch& scratch, uint32_t node_id,
                             hetcast_node* node, hetcast_transfer* children,
                             size_t children_capacity, size_t* count) {
  bool overflowed = false;
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
            if (*count < children_capacity) {
              children[*count] = hetcast_transfer{
                  sender, child, arrival - v.cost[sender_type], arrival};
            } else {
              overflowed = true;
            }
            ++*count;
            if (sender_done) return false;
          }
          return true;
        });
  });
  return overflowed ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
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
  Arena arena(workspace, workspace_size);
  QueueScratch scratch;
  if (!CarveQueueScratch(layout.participants, /*with_transfers=*/false, &arena,
                         &scratch)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  *node = NodeRoleStart(v, resolved, layout, node_id);
  if (v.IsPtas()) {
    return PtasEntryNodeRole(v, resolved, layout, node_id, node, children,
                             children_capacity, child_count);
  }
  return QueueNodeRole(v, resolved, layout, scratch, node_id, node, children,
                       children_capacity, child_count);
}

}  // namespace internal
}  // namespace hetcast
