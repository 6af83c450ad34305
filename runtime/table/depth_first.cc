// depth_first.cc: an exact profile's schedule in depth-first ids, one
// node's role or the whole schedule (depth_first.h).
#include "runtime/table/depth_first.h"

#include "runtime/arena.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/depth_first_order.h"
#include "runtime/node/layout.h"
#include "runtime/table/flatbuffers.h"
#include "runtime/table/ptas_entries.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// The send chains

// A sender's next send: the first child's type and subtree of its
// remaining state.
struct ChainDecision {
  uint32_t type;
  uint64_t subtree;
};

// Entry e of the profile, as a little-endian word of type Word (the
// profile's entry width), or of the width the profile says (Word = void).
template <typename Word>
inline uint64_t ChainEntry(const ProfileView& v, uint64_t e) {
  return flatbuffers::EndianScalar(reinterpret_cast<const Word*>(v.entries)[e]);
}
template <>
inline uint64_t ChainEntry<void>(const ProfileView& v, uint64_t e) {
  return v.Entry(e);
}

// The chain reader over entries of type Word (ChainEntry).
template <typename Word>
struct ChainReader {
  const ProfileView& v;
  const Resolved& resolved;
  const TableLayout& layout;

  // The source, before its first send.
  ChainSender Source() const {
    return ChainSender{resolved.source, resolved.state, 0, 0};
  }
  ChainDecision Next(const ChainSender& s) const {
    const uint64_t word = ChainEntry<Word>(v, s.type * v.state_count + s.state);
    return ChainDecision{
        static_cast<uint32_t>(word >> v.time_bits) & v.type_mask,
        word >> v.split_shift};
  }
  // Type l's count in `state`: TableStateDigit in 32 bits, since states
  // are below HETCAST_TABLE_MAX_ENTRIES (2^25) and so are the sums of
  // disjoint subtrees' states.
  uint32_t Digit(uint64_t state, uint32_t l) const {
    return static_cast<uint32_t>(state) / static_cast<uint32_t>(v.stride[l]) %
           (v.limit[l] + 1);
  }
  // The id of the node of type l that has `before` nodes before it.
  uint32_t IdAt(uint32_t l, uint64_t before) const {
    return TableIdOf(layout, resolved, l, Digit(before, l));
  }
  // The child of `s`'s next send, d, as a sender before its first send.
  ChainSender Child(const ChainSender& s, const ChainDecision& d) const {
    return ChainSender{d.type, d.subtree, s.start + v.cost[s.type],
                       s.before + v.stride[d.type]};
  }
  // Moves `*s` past its next send, d.
  void Pass(const ChainDecision& d, ChainSender* s) const {
    const uint64_t subtree = v.stride[d.type] + d.subtree;
    s->before += subtree;
    s->state -= subtree;
    s->start += v.cost[s->type];
  }
};

// Runs fn(reader) with the reader of the profile's entry width: one
// instantiation per width, or in the size build (runtime/config.h) one that
// reads the width at run time.
template <typename Fn>
void WithChainReader(const ProfileView& v, const Resolved& resolved,
                     const TableLayout& layout, Fn fn) {
  if constexpr (kOptimizeSize) {
    fn(ChainReader<void>{v, resolved, layout});
  } else if (v.entry_bytes == 4) {
    fn(ChainReader<uint32_t>{v, resolved, layout});
  } else {
    fn(ChainReader<uint64_t>{v, resolved, layout});
  }
}

// The node-role query

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

// The whole schedule

// Counting passes pay while the start times are few next to the
// participants: O(n + T) against the sort's O(n log n).
bool UseBuckets(const Resolved& resolved, const TableLayout& layout) {
  return resolved.completion + 1 <= 8 * uint64_t{layout.participants} + 256;
}

// Expands every sender, writing the nodes of its children.
template <typename Reader>
void ExpandAll(const Reader& r, DepthFirstEntry* stack, hetcast_node* nodes) {
  const uint32_t first_relay = r.layout.relay_base[0];
  uint32_t top = 0;
  stack[top++] = DepthFirstEntry{r.Source(), 0};
  while (top != 0) {
    DepthFirstEntry e = stack[--top];
    for (uint32_t send = 1; e.sender.state != 0; ++send) {
      const ChainDecision next = r.Next(e.sender);
      const uint32_t child = r.IdAt(next.type, e.sender.before);
      const ChainSender as_sender = r.Child(e.sender, next);
      nodes[child] = hetcast_node{as_sender.start, e.id, next.type, send,
                                  child >= first_relay ? 1u : 0u};
      if (next.subtree != 0) stack[top++] = DepthFirstEntry{as_sender, child};
      r.Pass(next, &e.sender);
    }
  }
}

// The transfers of complete `nodes`, in (start, from) order: receivers by
// sender, then stably by start.
void SortedTransfers(const ProfileView& v, const Resolved& resolved,
                     const TableLayout& layout, const DepthFirstScratch& s,
                     const hetcast_node* nodes, hetcast_transfer* transfers) {
  const uint32_t n = layout.node_count;
  const uint64_t times = resolved.completion + 1;
  for (uint32_t i = 0; i <= n; ++i) s.by_sender[i] = 0;
  for (uint64_t t = 0; t < times; ++t) s.by_start[t] = 0;
  for (uint32_t id = 1; id < n; ++id) {
    const hetcast_node& node = nodes[id];
    if (node.parent == HETCAST_NO_NODE) continue;
    ++s.by_sender[node.parent];
    ++s.by_start[node.arrival - v.cost[nodes[node.parent].type]];
  }
  CountsToStarts(s.by_sender, n);
  CountsToStarts(s.by_start, times);
  for (uint32_t id = 1; id < n; ++id) {
    if (nodes[id].parent == HETCAST_NO_NODE) continue;
    s.receivers[s.by_sender[nodes[id].parent]++] = id;
  }
  for (uint32_t i = 0; i + 1 < layout.participants; ++i) {
    const uint32_t to = s.receivers[i];
    const hetcast_node& node = nodes[to];
    const uint64_t start = node.arrival - v.cost[nodes[node.parent].type];
    transfers[s.by_start[start]++] =
        hetcast_transfer{node.parent, to, start, node.arrival};
  }
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
  if (v.IsPtas()) {
    Arena arena(workspace, workspace_size);
    PtasScratch scratch;
    if (!CarvePtasEntry(v, layout, /*role=*/true, &arena, &scratch)) {
      return HETCAST_WORKSPACE_TOO_SMALL;
    }
    return PtasEntryNodeRole(v, resolved, layout, scratch, node_id, node,
                             children, children_capacity, child_count);
  }
  RoleOutput out{node, children, children_capacity, 0};
  RoleByDescent(v, resolved, layout, node_id, &out);
  *child_count = out.count;
  return out.count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
}

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

bool CarveDepthFirst(const Resolved& resolved, const TableLayout& layout,
                     bool with_transfers, Arena* arena,
                     DepthFirstScratch* scratch) {
  *scratch = DepthFirstScratch();
  scratch->stack = arena->Allocate<DepthFirstEntry>(layout.participants);
  // The size build (runtime/config.h) always sorts: less code.
  scratch->buckets =
      !kOptimizeSize && with_transfers && UseBuckets(resolved, layout);
  if (scratch->buckets) {
    scratch->by_sender = arena->Allocate<uint32_t>(layout.node_count + 1);
    scratch->by_start = arena->Allocate<uint32_t>(resolved.completion + 1);
    scratch->receivers = arena->Allocate<uint32_t>(layout.participants);
  }
  return !arena->failed();
}

void ReconstructDepthFirst(const ProfileView& v, const Resolved& resolved,
                           const TableLayout& layout,
                           const DepthFirstScratch& scratch,
                           hetcast_node* nodes, hetcast_transfer* transfers) {
  WithChainReader(v, resolved, layout,
                  [&](const auto& r) { ExpandAll(r, scratch.stack, nodes); });
  if (transfers == nullptr) return;
  if (!kOptimizeSize && scratch.buckets) {
    SortedTransfers(v, resolved, layout, scratch, nodes, transfers);
    return;
  }
  CollectTransfers(v.cost, layout.node_count, nodes, transfers);
}

}  // namespace internal
}  // namespace hetcast
