// depth_first_order.cc: the canonical relabelling (depth_first_order.h).
#include "runtime/node/depth_first_order.h"

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

// The group of a non-source node: destinations of type j are group j,
// relays of type j group type_count + j.
uint32_t GroupOf(const hetcast_node& node, uint32_t type_count) {
  return node.is_relay ? type_count + node.type : node.type;
}

// Stably orders ids[0, count) by their send index (by_parent false) or
// their parent into `out`; s.offset ends as the lists' ends.
void StableByKey(const RelabelScratch& s, uint32_t n, const hetcast_node* in,
                 const uint32_t* ids, uint32_t count, bool by_parent,
                 uint32_t* out) {
  auto key = [&](uint32_t v) {
    return by_parent ? in[v].parent : in[v].send_index;
  };
  for (uint32_t i = 0; i <= n; ++i) s.offset[i] = 0;
  for (uint32_t i = 0; i < count; ++i) ++s.offset[key(ids[i])];
  CountsToStarts(s.offset, n);
  for (uint32_t i = 0; i < count; ++i) out[s.offset[key(ids[i])]++] = ids[i];
}

// The informed non-source ids of `in` by parent, each parent's in send
// order: s.list[start(p), s.offset[p]) where start(p) is s.offset[p - 1]
// (0 for p = 0).
void ChildLists(const RelabelScratch& s, uint32_t n, const hetcast_node* in) {
  uint32_t informed = 0;
  for (uint32_t v = 1; v < n; ++v) {
    if (in[v].parent != HETCAST_NO_NODE) s.list[informed++] = v;
  }
  StableByKey(s, n, in, s.list, informed, /*by_parent=*/false, s.stack);
  StableByKey(s, n, in, s.stack, informed, /*by_parent=*/true, s.list);
}

}  // namespace

void CountsToStarts(uint32_t* counts, uint64_t size) {
  uint32_t next = 0;
  for (uint64_t i = 0; i < size; ++i) {
    const uint32_t count = counts[i];
    counts[i] = next;
    next += count;
  }
}

bool CarveRelabel(uint32_t node_count, uint32_t type_count, Arena* arena,
                  RelabelScratch* scratch) {
  scratch->offset = arena->Allocate<uint32_t>(size_t{node_count} + 1);
  scratch->list = arena->Allocate<uint32_t>(node_count);
  scratch->stack = arena->Allocate<uint32_t>(node_count);
  scratch->new_id = arena->Allocate<uint32_t>(node_count);
  scratch->next_id = arena->Allocate<uint32_t>(2 * size_t{type_count});
  return !arena->failed();
}

bool RelabelDepthFirst(const RelabelScratch& s, uint32_t type_count,
                       uint32_t node_count, const hetcast_node* in,
                       hetcast_node* out) {
  const uint32_t n = node_count;
  // Each sender's children in send order must be its sends 1, 2, ...
  ChildLists(s, n, in);
  const uint32_t* child = s.list;
  for (uint32_t v = 0; v < n; ++v) {
    for (uint32_t send = 1; child != s.list + s.offset[v]; ++send) {
      if (in[*child++].send_index != send) return false;
    }
  }
  // Every id starts blank, in its own group (the groups' ranges are the
  // same before and after); each group's first id.
  for (uint32_t g = 0; g < 2 * type_count; ++g) s.next_id[g] = 0;
  out[0] = in[0];
  for (uint32_t v = 1; v < n; ++v) {
    out[v] = hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, in[v].type, 0,
                          in[v].is_relay};
    ++s.next_id[GroupOf(in[v], type_count)];
  }
  CountsToStarts(s.next_id, 2 * type_count);
  // Preorder: a node, then its children's subtrees in send order.
  uint32_t top = 0;
  s.stack[top++] = 0;
  s.new_id[0] = 0;
  while (top != 0) {
    const uint32_t v = s.stack[--top];
    if (v != 0) {
      const uint32_t id = 1 + s.next_id[GroupOf(in[v], type_count)]++;
      s.new_id[v] = id;
      out[id] = in[v];
      out[id].parent = s.new_id[in[v].parent];
    }
    const uint32_t first = v == 0 ? 0 : s.offset[v - 1];
    for (uint32_t i = s.offset[v]; i-- > first;) s.stack[top++] = s.list[i];
  }
  return true;
}

}  // namespace internal
}  // namespace hetcast
