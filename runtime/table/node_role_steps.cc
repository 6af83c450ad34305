// node_role_steps.cc: the node-role query's step pass (node_role_steps.h):
// the senders of each arrival time as one word, walked in id order, until
// the asked node's role is complete.
#include "runtime/table/node_role_steps.h"

#include "flatbuffers/flatbuffers.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/reconstruct_steps.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// Types the position word holds: 8 bits each (dense indices are < 64).
constexpr uint32_t kRoleMaxTypes = 8;

inline uint64_t RoleBit(uint32_t index) { return uint64_t{1} << index; }

// The bits first .. first + count - 1 (below bit 64).
inline uint64_t RoleBits(uint32_t first, uint64_t count) {
  return count == 0 ? 0 : (~uint64_t{0} >> (64 - count)) << first;
}

// Dense indices: the source 0, the destinations as their ids, then the
// relays used of type 0, 1, ...: the participants in id order, so that bit
// order is id order.
struct RoleDense {
  uint32_t destinations;                          // The last destination's.
  uint32_t relay_first[HETCAST_TABLE_MAX_TYPES];  // Type j's first relay.
};

RoleDense MakeRoleDense(uint32_t k, const Resolved& resolved) {
  RoleDense d;
  d.destinations = static_cast<uint32_t>(resolved.destinations);
  uint32_t next = d.destinations + 1;
  for (uint32_t j = 0; j < k; ++j) {
    d.relay_first[j] = next;
    next += static_cast<uint32_t>(resolved.relays_used[j]);
  }
  return d;
}

// The canonical id of dense index x.
uint32_t RoleIdOf(const RoleDense& d, const Resolved& resolved,
                  const TableLayout& layout, uint32_t x) {
  if (x <= d.destinations) return x;
  uint32_t j = 0;
  while (x - d.relay_first[j] >= resolved.relays_used[j]) ++j;
  return layout.relay_base[j] + (x - d.relay_first[j]);
}

// The dense index of participant `node_id`.
uint32_t RoleDenseOf(uint32_t k, const RoleDense& d, const TableLayout& layout,
                     uint32_t node_id) {
  if (node_id < layout.relay_base[0]) return node_id;
  uint32_t j = 0;
  while (j + 1 < k && node_id >= layout.relay_base[j + 1]) ++j;
  return d.relay_first[j] + (node_id - layout.relay_base[j]);
}

#if defined(__GNUC__) || defined(__clang__)
#define HETCAST_ROLE_INLINE inline __attribute__((always_inline))
#define HETCAST_ROLE_COLD __attribute__((noinline, cold))
#else
#define HETCAST_ROLE_INLINE inline
#define HETCAST_ROLE_COLD
#endif

// Per type, what a send to that type reads: local arrays of the walk, whose
// address no other code sees, so that the walk's writes to the workspace
// do not make the compiler read them again.
template <typename Word>
struct RoleTypes {
  const Word* row[kRoleMaxTypes];     // Its entries.
  uint64_t increment[kRoleMaxTypes];  // One in its field of the position word.
  uint32_t stride[kRoleMaxTypes];     // Its state stride.
  // Its children take dense indices from its first destination on; the one
  // that would take end[l] (after its destinations) takes relay_first[l].
  uint32_t end[kRoleMaxTypes];
  uint32_t relay_first[kRoleMaxTypes];
  // Where the senders of a step go: its participants' bits (and the
  // source's) to step + cost, or nowhere (0, 0) when it never sends.
  uint32_t cost[kRoleMaxTypes];
  uint64_t members[kRoleMaxTypes];

  uint32_t first[kRoleMaxTypes];  // Its first destination's dense index.

  // Type l's next position: a dense index, or end[l] for relay_first[l].
  HETCAST_ROLE_INLINE uint32_t Position(uint32_t l, uint64_t positions) const {
    return static_cast<uint8_t>(positions >> (l * 8));
  }
  // The place of dense index x (or end[l]) in type l's order, destinations
  // then relays, and back.
  uint32_t SequenceOf(uint32_t l, uint32_t x) const {
    return x <= end[l] ? x - first[l] : end[l] - first[l] + x - relay_first[l];
  }
  uint32_t DenseOf(uint32_t l, uint32_t sequence) const {
    const uint32_t destinations = end[l] - first[l];
    return sequence < destinations ? first[l] + sequence
                                   : relay_first[l] + sequence - destinations;
  }

  // Type l's next child: its field of the position word, after which the
  // field moves on.
  HETCAST_ROLE_INLINE uint32_t NextChild(uint32_t l,
                                         uint64_t* positions) const {
    const uint32_t shift = l * 8;
    uint32_t child = static_cast<uint8_t>(*positions >> shift);
    *positions += increment[l];
    if (__builtin_expect(child == end[l], 0)) {  // Its first relay.
      *positions += uint64_t{relay_first[l] - end[l]} << shift;
      child = relay_first[l];
    }
    return child;
  }
};

// What the answer needs, read only when the walk meets the asked node.
struct RoleAnswer {
  const ProfileView* v;
  const Resolved* resolved;
  const TableLayout* layout;
  const RoleDense* dense;
  const RoleNode* nodes;
  uint32_t target;  // Dense index of the asked node.
  RoleOutput* out;

  uint32_t IdOf(uint32_t x) const {
    return RoleIdOf(*dense, *resolved, *layout, x);
  }
  uint64_t CostOf(uint32_t x) const {
    const size_t row_bytes = v->state_count * v->entry_bytes;
    const size_t offset =
        static_cast<const uint8_t*>(nodes[x].row) - v->entries;
    return v->cost[offset / row_bytes];
  }
};

// The target arrives at t from sender x.
HETCAST_ROLE_COLD void RolePlaced(const RoleAnswer& a, uint32_t x, uint32_t t) {
  a.out->node->arrival = t;
  a.out->node->parent = a.IdOf(x);
  a.out->node->send_index =
      static_cast<uint32_t>((t - a.nodes[x].arrival) / a.CostOf(x));
}

// The target sends dense index `child`, arriving at t.
HETCAST_ROLE_COLD void RoleSent(const RoleAnswer& a, uint32_t child,
                                uint32_t t) {
  a.out->AddChild(hetcast_transfer{a.IdOf(a.target), a.IdOf(child),
                                   t - a.CostOf(a.target), t});
}

// The entry layout.
struct RoleDecode {
  uint32_t time_bits;
  uint32_t split_shift;
  uint32_t type_mask;
};

// A send that involves the asked node: sender x sent `child` with subtree
// y, leaving `remaining`.
struct RoleHit {
  uint32_t x;
  uint32_t child;
  uint32_t y;
  uint32_t remaining;
};

// The senders of `*walk` send at step t while nodes may still send after
// it: each keeps what later steps need, and the senders of later steps go
// to `*born`. Stops early, returning true, at a send that involves the
// target (kSenderCheck: the target may be among the senders), with `*walk`
// holding the senders still to send. No call inside, so that the loop's
// values stay in registers.
template <bool kSenderCheck, typename Word>
HETCAST_ROLE_INLINE bool WalkFull(const RoleTypes<Word>& type, RoleDecode d,
                                  RoleNode* nodes, uint32_t target, uint32_t t,
                                  uint64_t* walk_io, uint64_t* positions_io,
                                  uint64_t* born_io, RoleHit* hit) {
  uint64_t walk = *walk_io;
  uint64_t positions = *positions_io;
  uint64_t born = *born_io;
  bool met = false;
  while (walk != 0) {
    const uint64_t bit = walk & (0 - walk);
    const uint32_t x = static_cast<uint32_t>(__builtin_ctzll(walk));
    walk ^= bit;
    const uint32_t from = nodes[x].state;
    const uint64_t word =
        flatbuffers::EndianScalar(static_cast<const Word*>(nodes[x].row)[from]);
    const uint32_t l = (word >> d.time_bits) & d.type_mask;
    const uint32_t y = static_cast<uint32_t>(word >> d.split_shift);
    const uint32_t child = type.NextChild(l, &positions);
    const uint32_t remaining = from - type.stride[l] - y;
    nodes[x].state = remaining;
    nodes[child] = RoleNode{y, t, type.row[l]};
    born |= (remaining != 0 ? bit : 0) | (y != 0 ? RoleBit(child) : 0);
    if (__builtin_expect((child == target) | (kSenderCheck && x == target),
                         0)) {
      *hit = RoleHit{x, child, y, remaining};
      met = true;
      break;
    }
  }
  *walk_io = walk;
  *positions_io = positions;
  *born_io = born;
  return met;
}

// Step t while nodes may still send after it: walks its senders `walk`,
// answering for the target as it meets it; the senders of later steps go
// to `*born`. Returns true when the target's role is complete.
template <bool kSenderCheck, typename Word>
HETCAST_ROLE_INLINE bool WalkFullStep(const RoleTypes<Word>& type, RoleDecode d,
                                      RoleNode* nodes, const RoleAnswer& a,
                                      uint64_t walk, uint32_t t,
                                      uint64_t* positions, uint64_t* born) {
  *born = 0;
  RoleHit hit;
  while (WalkFull<kSenderCheck>(type, d, nodes, a.target, t, &walk, positions,
                                born, &hit)) {
    if (hit.child == a.target) {
      RolePlaced(a, hit.x, t);
      if (hit.y == 0) return true;  // A leaf is complete once placed.
    } else {
      RoleSent(a, hit.child, t);
      if (hit.remaining == 0) return true;  // Its last send.
    }
  }
  return false;
}

// The count phase: steps t > T - (least cost of a type that sends), in
// which every send is its sender's last and its child a leaf (t + C > T).
// So a sender's remaining subtree is one node, of the type it sends: a
// sender of type l is one whose state is stride[l], and a step only moves
// each type's position by its number of such senders, which a loop without
// a table read or a store counts.

// The senders of `walk` whose one remaining node has state `unit`.
HETCAST_ROLE_INLINE uint32_t CountUnits(const RoleNode* nodes, uint64_t walk,
                                        uint32_t unit) {
  uint32_t count = 0;
  for (; walk != 0; walk &= walk - 1) {
    count += nodes[__builtin_ctzll(walk)].state == unit ? 1 : 0;
  }
  return count;
}

// The `rank`-th (from 0) sender of `walk` whose state is `unit`.
uint32_t NthUnit(const RoleNode* nodes, uint64_t walk, uint32_t unit,
                 uint32_t rank) {
  for (;; walk &= walk - 1) {
    const uint32_t x = static_cast<uint32_t>(__builtin_ctzll(walk));
    if (nodes[x].state == unit && rank-- == 0) return x;
  }
}

// Steps t .. T of the count phase, for a target that is either still to
// be placed (then a leaf) or a sender whose last send is among them.
template <typename Word>
void RoleCountPhase(const RoleTypes<Word>& type, const RoleNode* nodes,
                    const RoleAnswer& a, const uint64_t* ring,
                    uint32_t ring_mask, uint32_t t, uint32_t T,
                    uint64_t positions) {
  const uint32_t target = a.target;
  const uint32_t own = a.out->node->type;
  const bool placed = type.Position(own, positions) > target;
  // l: the type of the children counted; a placed target sends one of its
  // one remaining node's type.
  uint32_t l = own;
  if (placed) {
    for (l = 0; nodes[target].state != type.stride[l];) ++l;
  }
  const uint32_t unit = type.stride[l];
  const uint32_t next = type.SequenceOf(l, type.Position(l, positions));
  // Placed: the children of type l before the target's; else those still
  // to be placed before the target.
  uint32_t before = placed ? 0 : type.SequenceOf(l, target) - next;
  for (; t <= T; ++t) {
    const uint64_t walk = ring[t & ring_mask];
    if (placed && (walk >> target & 1) != 0) {
      before += CountUnits(nodes, walk & (RoleBit(target) - 1), unit);
      RoleSent(a, type.DenseOf(l, next + before), t);
      return;
    }
    const uint32_t count = CountUnits(nodes, walk, unit);
    if (!placed && before < count) {
      RolePlaced(a, NthUnit(nodes, walk, unit, before), t);
      return;
    }
    before = placed ? before + count : before - count;
  }
}

// Fills the walk's per-type records and the position word; returns the
// last step in which a node born or kept could still send (T - the least
// cost of a type that sends).
template <typename Word>
uint32_t InitRoleTypes(const ProfileView& v, const Resolved& resolved,
                       const TableLayout& layout, const RoleDense& dense,
                       RoleTypes<Word>* type, uint64_t* positions) {
  const uint32_t T = static_cast<uint32_t>(resolved.completion);
  uint32_t least = T;
  *positions = 0;
  for (uint32_t j = 0; j < v.type_count; ++j) {
    const uint32_t destinations =
        static_cast<uint32_t>(resolved.destination_count[j]);
    const uint32_t first = layout.destination_base[j];
    type->row[j] = reinterpret_cast<const Word*>(v.entries) + j * v.state_count;
    type->increment[j] = uint64_t{1} << (8 * j);
    type->stride[j] = static_cast<uint32_t>(v.stride[j]);  // < 2^32 states.
    type->end[j] = first + destinations;
    type->first[j] = first;
    type->relay_first[j] = dense.relay_first[j];
    *positions |= uint64_t{first} << (8 * j);
    const uint64_t members =
        RoleBits(first, destinations) |
        RoleBits(dense.relay_first[j], resolved.relays_used[j]) |
        (j == resolved.source ? 1u : 0u);
    // A type slower than T, or without participants, never sends.
    const bool sends = members != 0 && v.cost[j] <= T;
    type->cost[j] = sends ? static_cast<uint32_t>(v.cost[j]) : 0;
    type->members[j] = sends ? members : 0;
    if (sends && type->cost[j] < least) least = type->cost[j];
  }
  return T - least;
}

// The walk over entries of type Word: steps t = 1, 2, ... until the role
// of the target is complete, at the latest at T (every node has arrived by
// then).
template <typename Word>
void RunRoleSteps(const ProfileView& v, const Resolved& resolved,
                  const TableLayout& layout, const RoleStepScratch& s,
                  const RoleAnswer& a) {
  RoleTypes<Word> type;
  uint64_t positions;
  const uint32_t last_full =
      InitRoleTypes(v, resolved, layout, *a.dense, &type, &positions);
  const RoleDecode d{v.time_bits, v.split_shift, v.type_mask};
  const uint32_t k = v.type_count;
  const uint32_t T = static_cast<uint32_t>(resolved.completion);
  // The ring covers the longest step; zeroed word by word, because the
  // wide stores of a memset would not forward to the first steps' loads.
  uint32_t ring_size = 2;
  for (uint32_t j = 0; j < k; ++j) {
    while (ring_size <= type.cost[j]) ring_size *= 2;
  }
  const uint32_t ring_mask = ring_size - 1;
  uint64_t* const ring = s.due;
  volatile uint64_t* const clear = ring;
  for (uint32_t i = 0; i < ring_size; ++i) clear[i] = 0;
  RoleNode* const nodes = s.nodes;
  nodes[0] = RoleNode{static_cast<uint32_t>(resolved.state), 0,
                      type.row[resolved.source]};
  ring[v.cost[resolved.source] & ring_mask] = 1;
  const uint64_t target_bit = RoleBit(a.target);
  for (uint32_t t = 1; t <= T; ++t) {
    if (t > last_full) {
      RoleCountPhase(type, nodes, a, ring, ring_mask, t, T, positions);
      return;
    }
    const uint64_t walk = ring[t & ring_mask];
    if (walk == 0) continue;
    ring[t & ring_mask] = 0;
    uint64_t born;
    const bool done =
        (walk & target_bit) != 0
            ? WalkFullStep<true>(type, d, nodes, a, walk, t, &positions, &born)
            : WalkFullStep<false>(type, d, nodes, a, walk, t, &positions,
                                  &born);
    if (done) return;
    for (uint32_t j = 0; j < k; ++j) {
      ring[(t + type.cost[j]) & ring_mask] |= born & type.members[j];
    }
  }
}

}  // namespace

bool RoleStepsFit(const ProfileView& v, const Resolved& resolved,
                  const TableLayout& layout) {
  return layout.participants <= 64 && v.type_count <= kRoleMaxTypes &&
         StepPathFits(resolved, layout) && StepPathPays(v, resolved, layout);
}

void CarveRoleSteps(const Resolved& resolved, const TableLayout& layout,
                    Arena* arena, RoleStepScratch* scratch) {
  // Room for any step up to the completion time.
  uint32_t ring = 2;
  while (ring <= resolved.completion) ring *= 2;
  scratch->due = arena->Allocate<uint64_t>(ring);
  scratch->nodes = arena->Allocate<RoleNode>(layout.participants);
}

void RoleBySteps(const ProfileView& v, const Resolved& resolved,
                 const TableLayout& layout, const RoleStepScratch& scratch,
                 uint32_t node_id, RoleOutput* out) {
  if (resolved.state == 0) return;  // The source alone.
  const RoleDense dense = MakeRoleDense(v.type_count, resolved);
  const RoleAnswer a{
      &v,     &resolved,     &layout,
      &dense, scratch.nodes, RoleDenseOf(v.type_count, dense, layout, node_id),
      out};
  if (v.entry_bytes == 4) {
    RunRoleSteps<uint32_t>(v, resolved, layout, scratch, a);
  } else {
    RunRoleSteps<uint64_t>(v, resolved, layout, scratch, a);
  }
}

}  // namespace internal
}  // namespace hetcast

#undef HETCAST_ROLE_INLINE
#undef HETCAST_ROLE_COLD
