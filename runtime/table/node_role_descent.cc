// node_role_descent.cc: the node-role query from the source down
// (node_role_descent.h).
#include "runtime/table/node_role_descent.h"

#include "flatbuffers/flatbuffers.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/resolve.h"
#include "runtime/table/state_index.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// A sender's next send: the first child's type and subtree of its
// remaining state.
struct Decision {
  uint32_t type;
  uint64_t subtree;
};

// Where the descent stands: a sender, its remaining state, when its next
// send starts, and the nodes before its next child in depth-first order (a
// state index: the sum of the counts passed).
struct Sender {
  uint32_t type;
  uint64_t state;
  uint64_t start;
  uint64_t before;
};

template <typename Word>
struct Descent {
  const ProfileView& v;
  const Resolved& resolved;
  const TableLayout& layout;

  Decision Next(const Sender& s) const {
    const uint64_t word =
        flatbuffers::EndianScalar(reinterpret_cast<const Word*>(
            v.entries)[s.type * v.state_count + s.state]);
    return Decision{static_cast<uint32_t>(word >> v.time_bits) & v.type_mask,
                    word >> v.split_shift};
  }
  uint64_t Digit(uint64_t state, uint32_t l) const {
    return TableStateDigit(state, v.stride[l], v.limit[l]);
  }
  // The id of the node of type l that has `before` nodes before it.
  uint32_t IdAt(uint32_t l, uint64_t before) const {
    return TableIdOf(layout, resolved, l, Digit(before, l));
  }
  // Moves `*s` past its next send, of decision d.
  void Pass(const Decision& d, Sender* s) const {
    const uint64_t subtree = v.stride[d.type] + d.subtree;
    s->before += subtree;
    s->state -= subtree;
    s->start += v.cost[s->type];
  }
};

// The place of participant `node_id` of type j in its type's order:
// destinations, then the relays used.
uint64_t PositionOf(const Resolved& resolved, const TableLayout& layout,
                    uint32_t node_id, const hetcast_node& node) {
  const uint32_t j = node.type;
  return node.is_relay
             ? resolved.destination_count[j] + (node_id - layout.relay_base[j])
             : node_id - layout.destination_base[j];
}

// Finds the target (type j, `skip` nodes of its type before it), writing
// its arrival, parent and send index; returns the target as a sender.
template <typename Word>
Sender FindTarget(const Descent<Word>& d, uint32_t j, uint64_t skip,
                  hetcast_node* node) {
  Sender s{d.resolved.source, d.resolved.state, 0, 0};
  uint32_t parent = 0;
  uint32_t sends = 0;
  while (s.state != 0) {
    const Decision next = d.Next(s);
    const uint64_t own = next.type == j ? 1 : 0;
    const uint64_t inside = own + d.Digit(next.subtree, j);
    if (skip >= inside) {
      skip -= inside;
      d.Pass(next, &s);
      ++sends;
      continue;
    }
    const uint64_t arrival = s.start + d.v.cost[s.type];
    const Sender child{next.type, next.subtree, arrival,
                       s.before + d.v.stride[next.type]};
    if (own != 0 && skip == 0) {
      node->arrival = arrival;
      node->parent = parent;
      node->send_index = sends + 1;
      return child;
    }
    skip -= own;
    parent = d.IdAt(next.type, s.before);
    s = child;
    sends = 0;
  }
  return s;  // Not reached on a verified table.
}

template <typename Word>
void Describe(const Descent<Word>& d, uint32_t node_id, RoleOutput* out) {
  Sender s{d.resolved.source, d.resolved.state, 0, 0};
  if (node_id != 0) {
    s = FindTarget(d, out->node->type,
                   PositionOf(d.resolved, d.layout, node_id, *out->node),
                   out->node);
  }
  const uint64_t cost = d.v.cost[s.type];
  while (s.state != 0) {
    const Decision next = d.Next(s);
    const uint32_t child = d.IdAt(next.type, s.before);
    out->AddChild(hetcast_transfer{node_id, child, s.start, s.start + cost});
    d.Pass(next, &s);
  }
}

}  // namespace

void RoleByDescent(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, uint32_t node_id,
                   RoleOutput* out) {
  if (v.entry_bytes == 4) {
    Describe(Descent<uint32_t>{v, resolved, layout}, node_id, out);
  } else {
    Describe(Descent<uint64_t>{v, resolved, layout}, node_id, out);
  }
}

}  // namespace internal
}  // namespace hetcast
