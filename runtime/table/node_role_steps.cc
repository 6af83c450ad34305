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

// Per type, what a send to that type reads.
template <typename Word>
struct RoleType {
  const Word* row;     // Its entries.
  uint64_t increment;  // One in its field of the position word.
  uint64_t members;    // Its participants' bits (and the source's).
  uint32_t stride;     // Its state stride.
  // Its children take dense indices from its first destination on; the one
  // that would take `end` (after its destinations) takes `relay_first`.
  uint32_t end;
  uint32_t relay_first;
  uint32_t step;  // Its cost, or 0 when above T (it never sends).
};

// The pass's state: what every step reads, and the asked node.
template <typename Word>
struct RoleWalk {
  RoleType<Word> type[kRoleMaxTypes];
  uint64_t positions;  // Per type (8 bits each), its next child's index.
  uint32_t time_bits;
  uint32_t split_shift;
  uint32_t type_mask;
  uint32_t* state;
  const void** row;
  uint32_t* arrival;
  uint32_t target;  // Dense index of the asked node.
  // For the answer.
  const ProfileView* v;
  const Resolved* resolved;
  const TableLayout* layout;
  const RoleDense* dense;
  RoleOutput* out;

  // The position word's field of type l: the child's dense index, after
  // which the field moves on.
  uint32_t NextChild(uint32_t l, uint64_t* positions_io) const {
    const RoleType<Word>& to = type[l];
    const uint32_t shift = l * 8;
    uint32_t child = static_cast<uint8_t>(*positions_io >> shift);
    *positions_io += to.increment;
    if (__builtin_expect(child == to.end, 0)) {  // Its first relay.
      *positions_io += uint64_t{to.relay_first - to.end} << shift;
      child = to.relay_first;
    }
    return child;
  }

  uint32_t TypeOf(uint32_t x) const {
    const Word* r = static_cast<const Word*>(row[x]);
    return static_cast<uint32_t>((r - type[0].row) / v->state_count);
  }

  // The target arrives at t from sender x.
  void Placed(uint32_t x, uint32_t t) const {
    out->node->arrival = t;
    out->node->parent = RoleIdOf(*dense, *resolved, *layout, x);
    out->node->send_index =
        static_cast<uint32_t>((t - arrival[x]) / v->cost[TypeOf(x)]);
  }

  // The target sends dense index `child`, arriving at t.
  void Sent(uint32_t child, uint32_t t) const {
    out->AddChild(hetcast_transfer{RoleIdOf(*dense, *resolved, *layout, target),
                                   RoleIdOf(*dense, *resolved, *layout, child),
                                   t - v->cost[TypeOf(target)], t});
  }

  uint32_t TypeOfEntry(uint64_t word) const {
    return (word >> time_bits) & type_mask;
  }
};

// Step t of the walk while nodes may still send: every sender of `walk`
// sends, keeping what later steps need; the senders of later steps go to
// `*born`. kSenderCheck: the target is among the senders. Returns true
// when the target's role is complete.
template <bool kSenderCheck, typename Word>
bool WalkFullStep(RoleWalk<Word>* w, uint64_t walk, uint32_t t,
                  uint64_t* born_out) {
  uint32_t* const state = w->state;
  const void** const row = w->row;
  uint32_t* const arrival = w->arrival;
  const uint32_t target = w->target;
  uint64_t positions = w->positions;
  uint64_t born = 0;
  bool done = false;
  while (walk != 0) {
    const uint32_t x = static_cast<uint32_t>(__builtin_ctzll(walk));
    walk &= walk - 1;
    const uint32_t from = state[x];
    const uint64_t word =
        flatbuffers::EndianScalar(static_cast<const Word*>(row[x])[from]);
    const uint32_t l = w->TypeOfEntry(word);
    const uint32_t y = static_cast<uint32_t>(word >> w->split_shift);
    const uint32_t child = w->NextChild(l, &positions);
    const RoleType<Word>& to = w->type[l];
    const uint32_t remaining = from - to.stride - y;
    state[x] = remaining;
    state[child] = y;
    row[child] = to.row;
    arrival[child] = t;
    born |= (remaining != 0 ? RoleBit(x) : 0) | (y != 0 ? RoleBit(child) : 0);
    if (__builtin_expect(child == target, 0)) {
      w->Placed(x, t);
      if (y == 0) {  // A leaf's role is complete once it is placed.
        done = true;
        break;
      }
    }
    if (kSenderCheck && x == target) {
      w->Sent(child, t);
      if (remaining == 0) {
        done = true;
        break;
      }
    }
  }
  w->positions = positions;
  *born_out = born;
  return done;
}

// Step t when no node sends after it (t + C > T for every type that
// sends): a send only takes its child's position. Returns true when the
// target is placed or sends (its last send).
template <typename Word>
bool WalkCountStep(RoleWalk<Word>* w, uint64_t walk, uint32_t t) {
  const uint32_t* const state = w->state;
  const void* const* const row = w->row;
  const uint32_t target = w->target;
  uint64_t positions = w->positions;
  while (walk != 0) {
    const uint32_t x = static_cast<uint32_t>(__builtin_ctzll(walk));
    walk &= walk - 1;
    const uint64_t word =
        flatbuffers::EndianScalar(static_cast<const Word*>(row[x])[state[x]]);
    const uint32_t child = w->NextChild(w->TypeOfEntry(word), &positions);
    if (__builtin_expect((child == target) | (x == target), 0)) {
      if (child == target) {
        w->Placed(x, t);
      } else {
        w->Sent(child, t);
      }
      return true;
    }
  }
  w->positions = positions;
  return false;
}

// Fills the walk's per-type records; returns the last step in which a node
// born or kept could still send (T - the least cost of a type that sends).
template <typename Word>
uint32_t InitRoleWalk(const ProfileView& v, const Resolved& resolved,
                      const TableLayout& layout, RoleWalk<Word>* w) {
  const uint32_t T = static_cast<uint32_t>(resolved.completion);
  uint32_t least = T;
  w->positions = 0;
  for (uint32_t j = 0; j < v.type_count; ++j) {
    RoleType<Word>& x = w->type[j];
    const uint32_t destinations =
        static_cast<uint32_t>(resolved.destination_count[j]);
    const uint32_t first = layout.destination_base[j];
    x.row = reinterpret_cast<const Word*>(v.entries) + j * v.state_count;
    x.increment = uint64_t{1} << (8 * j);
    x.members = RoleBits(first, destinations) |
                RoleBits(w->dense->relay_first[j], resolved.relays_used[j]) |
                (j == resolved.source ? 1u : 0u);
    x.stride = static_cast<uint32_t>(v.stride[j]);  // < 2^32 states.
    x.end = first + destinations;
    x.relay_first = w->dense->relay_first[j];
    x.step = v.cost[j] <= T ? static_cast<uint32_t>(v.cost[j]) : 0;
    if (x.members != 0 && x.step != 0 && x.step < least) least = x.step;
    w->positions |= uint64_t{first} << (8 * j);
  }
  return T - least;
}

// The walk over entries of type Word: steps t = 1, 2, ... until the role
// of dense index `target` is complete, at the latest at T (every node has
// arrived by then).
template <typename Word>
void RunRoleSteps(const ProfileView& v, const Resolved& resolved,
                  const TableLayout& layout, const RoleStepScratch& s,
                  const RoleDense& dense, uint32_t target, RoleOutput* out) {
  RoleWalk<Word> w;
  w.time_bits = v.time_bits;
  w.split_shift = v.split_shift;
  w.type_mask = v.type_mask;
  w.state = s.state;
  w.row = s.row;
  w.arrival = s.arrival;
  w.target = target;
  w.v = &v;
  w.resolved = &resolved;
  w.layout = &layout;
  w.dense = &dense;
  w.out = out;
  const uint32_t last_full = InitRoleWalk(v, resolved, layout, &w);
  const uint32_t k = v.type_count;
  const uint32_t T = static_cast<uint32_t>(resolved.completion);
  uint32_t ring_size = 2;
  while (ring_size <= T) ring_size *= 2;
  const uint32_t ring_mask = ring_size - 1;
  uint64_t* const ring = s.due;
  for (uint32_t i = 0; i < ring_size; ++i) ring[i] = 0;
  w.state[0] = static_cast<uint32_t>(resolved.state);
  w.row[0] = w.type[resolved.source].row;
  w.arrival[0] = 0;
  ring[w.type[resolved.source].step & ring_mask] = 1;
  const uint64_t target_bit = RoleBit(target);
  for (uint32_t t = 1; t <= T; ++t) {
    const uint64_t walk = ring[t & ring_mask];
    if (walk == 0) continue;
    ring[t & ring_mask] = 0;
    if (t > last_full) {
      if (WalkCountStep(&w, walk, t)) return;
      continue;
    }
    uint64_t born;
    const bool done = (walk & target_bit) != 0
                          ? WalkFullStep<true>(&w, walk, t, &born)
                          : WalkFullStep<false>(&w, walk, t, &born);
    if (done) return;
    for (uint32_t j = 0; j < k; ++j) {
      ring[(t + w.type[j].step) & ring_mask] |= born & w.type[j].members;
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
  uint32_t ring = 2;
  while (ring <= resolved.completion) ring *= 2;
  scratch->due = arena->Allocate<uint64_t>(ring);
  scratch->state = arena->Allocate<uint32_t>(layout.participants);
  scratch->row = arena->Allocate<const void*>(layout.participants);
  scratch->arrival = arena->Allocate<uint32_t>(layout.participants);
}

void RoleBySteps(const ProfileView& v, const Resolved& resolved,
                 const TableLayout& layout, const RoleStepScratch& scratch,
                 uint32_t node_id, RoleOutput* out) {
  if (resolved.state == 0) return;  // The source alone.
  const RoleDense dense = MakeRoleDense(v.type_count, resolved);
  const uint32_t target = RoleDenseOf(v.type_count, dense, layout, node_id);
  if (v.entry_bytes == 4) {
    RunRoleSteps<uint32_t>(v, resolved, layout, scratch, dense, target, out);
  } else {
    RunRoleSteps<uint64_t>(v, resolved, layout, scratch, dense, target, out);
  }
}

}  // namespace internal
}  // namespace hetcast
