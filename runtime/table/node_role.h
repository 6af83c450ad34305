// node_role.h: one node's part of a table schedule, for
// hetcast_profile_node_role (same contract, see hetcast.h).
#ifndef HETCAST_RUNTIME_TABLE_NODE_ROLE_H_
#define HETCAST_RUNTIME_TABLE_NODE_ROLE_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// hetcast_profile_node_role: exact profiles by descent from the source
// (node_role_descent.h, no workspace), PTAS profiles from their stored
// schedule's plan (ptas_entries.h).
hetcast_status TableNodeRole(const hetcast_profile* profile,
                             const hetcast_node_request* request,
                             uint32_t node_id, void* workspace,
                             size_t workspace_size, hetcast_node* node,
                             hetcast_transfer* children,
                             size_t children_capacity, size_t* child_count);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_NODE_ROLE_H_
