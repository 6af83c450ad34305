// reconstruct_depth_first.h: a whole exact-profile schedule in canonical
// (depth-first) ids, the plan that goes with the descent query
// (node_role_descent.h).
//
// Every node's id is arithmetic on its chain position (depth_first.h), so
// senders can be expanded in any order: a stack of senders, each walking
// its whole chain and writing its children's nodes. The transfers are then
// put in (start, from) order by two counting passes (by sender, then by
// start, stable) when the completion time T is small next to the
// participants n, else by a sort.
#ifndef HETCAST_RUNTIME_TABLE_RECONSTRUCT_DEPTH_FIRST_H_
#define HETCAST_RUNTIME_TABLE_RECONSTRUCT_DEPTH_FIRST_H_

#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/depth_first.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// A sender still to expand, with its id.
struct DepthFirstEntry {
  ChainSender sender;
  uint32_t id;
};

// DepthFirstScratch
//
// The reconstruction's workspace.
struct DepthFirstScratch {
  DepthFirstEntry* stack;  // Participants entries.
  // With transfers: per sender and per start time, counts then offsets
  // (`by_start` only when `buckets`), and the receivers by sender.
  uint32_t* by_sender;
  uint32_t* by_start;
  uint32_t* receivers;
  bool buckets;
};

// Carves the workspace (measures when `arena` measures). False when
// `arena` runs out.
bool CarveDepthFirst(const Resolved& resolved, const TableLayout& layout,
                     bool with_transfers, Arena* arena,
                     DepthFirstScratch* scratch);

// Writes every participant's node (the source and unused relays are the
// caller's) and, when `transfers` is not NULL, the transfers in (start,
// from) order, for an exact profile.
void ReconstructDepthFirst(const ProfileView& v, const Resolved& resolved,
                           const TableLayout& layout,
                           const DepthFirstScratch& scratch,
                           hetcast_node* nodes, hetcast_transfer* transfers);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_RECONSTRUCT_DEPTH_FIRST_H_
