// depth_first_order.h: the canonical relabelling of a node-model schedule
// (hetcast.h, "Canonical node ids"), written once for every producer:
// hetcast_node_evaluate_canonical, FNF's output, a table's stored PTAS
// schedules read back.
//
// Within each group of ids (the destinations of one type, the relays of one
// type) the informed nodes take the group's ids in depth-first preorder of
// the tree: a node, then its first child's whole subtree, then its second
// child's, ... (children in send order); the nodes left out take the last
// ids of their group. The tree is put in child lists by two stable counting
// passes (by send index, then by parent) and walked with an explicit
// stack: O(n), four arrays of n words of the caller's workspace.
#ifndef HETCAST_RUNTIME_NODE_DEPTH_FIRST_ORDER_H_
#define HETCAST_RUNTIME_NODE_DEPTH_FIRST_ORDER_H_

#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// Turns counts[0, size) into the starts of their lists, in place (a
// counting pass's offsets; the counts add up to less than 2^32).
void CountsToStarts(uint32_t* counts, uint64_t size);

// RelabelScratch
//
// The relabelling's workspace, for `node_count` ids and `type_count` types.
struct RelabelScratch {
  uint32_t* offset;   // node_count + 1: counts, then list ends.
  uint32_t* list;     // node_count: ids by send index, then child lists.
  uint32_t* stack;    // node_count: the walk's stack.
  uint32_t* new_id;   // node_count: old id -> new id.
  uint32_t* next_id;  // 2 * type_count: each group's next free id.
};

// Carves `scratch` (measures when `arena` measures). False when `arena`
// runs out.
bool CarveRelabel(uint32_t node_count, uint32_t type_count, Arena* arena,
                  RelabelScratch* scratch);

// Writes `in` (node_count nodes with ids grouped as hetcast.h says: the
// source 0, destinations by type, relays by type; every informed node's
// parent informed and its send index in 1 .. node_count - 1, one send index
// per child of a sender) to `out` in canonical order. `in` and `out` do not
// overlap. False, with nothing written, when a sender's send indices are
// not 1, 2, ... (a table's stored PTAS schedule can skip one:
// ptas_entries.h); the schedules the runtime builds never do.
bool RelabelDepthFirst(const RelabelScratch& scratch, uint32_t type_count,
                       uint32_t node_count, const hetcast_node* in,
                       hetcast_node* out);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_DEPTH_FIRST_ORDER_H_
