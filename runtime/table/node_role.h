// node_role.h: one node's part of a table schedule, for
// hetcast_profile_node_role (same contract, see hetcast.h).
#ifndef HETCAST_RUNTIME_TABLE_NODE_ROLE_H_
#define HETCAST_RUNTIME_TABLE_NODE_ROLE_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/node_role_steps.h"
#include "runtime/table/reconstruct_queues.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// How an exact profile's node role is found; hetcast_profile_node_role
// uses kAuto, tests force kQueues to check both walks against each other.
enum class RolePath {
  kAuto,     // The step pass when the tree fits it (RoleStepsFit), else
             // the queue walk.
  kQueues,   // The queue walk, any tree.
  kDescent,  // Prototype: depth-first ids, from the source down.
};

// NodeRoleScratch
//
// The workspace of a node-role query: the step pass's or the queue walk's.
struct NodeRoleScratch {
  bool steps;
  RoleStepScratch step;
  QueueScratch queue;
};

// Carves the workspace of a node-role query on a resolved request
// (measures when `arena` measures). False when `arena` runs out.
bool CarveNodeRole(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, RolePath path, Arena* arena,
                   NodeRoleScratch* scratch);

// hetcast_profile_node_role with its walk made explicit. The workspace of
// kQueues may exceed what hetcast_profile_plan_sizes asks for.
hetcast_status TableNodeRole(const hetcast_profile* profile,
                             const hetcast_node_request* request,
                             uint32_t node_id, void* workspace,
                             size_t workspace_size, hetcast_node* node,
                             hetcast_transfer* children,
                             size_t children_capacity, size_t* child_count,
                             RolePath path = RolePath::kAuto);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_NODE_ROLE_H_
