// node_role_descent.cc: the node-role query from the source down
// (node_role_descent.h).
#include "runtime/table/node_role_descent.h"

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/depth_first.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// Whether `node_id` (of type node.type) is a relay the schedule leaves out.
bool UnusedRelay(const Resolved& resolved, const TableLayout& layout,
                 uint32_t node_id, const hetcast_node& node) {
  return node.is_relay && node_id - layout.relay_base[node.type] >=
                              resolved.relays_used[node.type];
}

// The place of participant `node_id` of type j in its type's order:
// destinations, then the relays used.
uint32_t PositionOf(const Resolved& resolved, const TableLayout& layout,
                    uint32_t node_id, const hetcast_node& node) {
  const uint32_t j = node.type;
  return node.is_relay
             ? resolved.destination_count[j] + (node_id - layout.relay_base[j])
             : node_id - layout.destination_base[j];
}

// Walks `*s` from the source to the target (type j, `skip` nodes of its
// type before it), writing its arrival, parent and send index; leaves the
// target as a sender in `*s`. Positions and counts are below 2^32 (node ids
// are 32-bit), so the walk counts in 32 bits.
template <typename Reader>
void FindTarget(const Reader& r, uint32_t j, uint32_t skip, hetcast_node* node,
                ChainSender* s) {
  // The sender's id is read (one digit) only once it is the target's
  // parent: until then, its type and the nodes before it.
  bool at_source = true;
  uint32_t sender_type = 0;
  uint64_t sender_before = 0;
  uint32_t sends = 0;
  while (s->state != 0) {
    const ChainDecision next = r.Next(*s);
    const uint32_t own = next.type == j ? 1 : 0;
    const uint32_t inside = own + r.Digit(next.subtree, j);
    if (skip >= inside) {  // Not in this child's subtree.
      skip -= inside;
      r.Pass(next, s);
      ++sends;
      continue;
    }
    const bool found = own != 0 && skip == 0;
    if (found) {
      node->parent = at_source ? 0 : r.IdAt(sender_type, sender_before);
      node->send_index = sends + 1;
    } else {
      skip -= own;
      at_source = false;
      sender_type = next.type;
      sender_before = s->before;
      sends = 0;
    }
    *s = r.Child(*s, next);
    if (found) {
      node->arrival = s->start;
      return;
    }
  }
}

template <typename Reader>
void Describe(const Reader& r, uint32_t node_id, RoleOutput* out) {
  ChainSender s = r.Source();
  if (node_id != 0) {
    FindTarget(r, out->node->type,
               PositionOf(r.resolved, r.layout, node_id, *out->node), out->node,
               &s);
  }
  const uint64_t cost = r.v.cost[s.type];
  while (s.state != 0) {
    const ChainDecision next = r.Next(s);
    const uint32_t child = r.IdAt(next.type, s.before);
    out->AddChild(hetcast_transfer{node_id, child, s.start, s.start + cost});
    r.Pass(next, &s);
  }
}

}  // namespace

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

void RoleByDescent(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, uint32_t node_id,
                   RoleOutput* out) {
  *out->node = NodeRoleStart(v, resolved, layout, node_id);
  if (UnusedRelay(resolved, layout, node_id, *out->node)) return;
  WithChainReader(v, resolved, layout,
                  [&](const auto& r) { Describe(r, node_id, out); });
}

}  // namespace internal
}  // namespace hetcast
