// reconstruct_depth_first.cc: the depth-first reconstruction
// (reconstruct_depth_first.h).
#include "runtime/table/reconstruct_depth_first.h"

#include "runtime/arena.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/depth_first_order.h"
#include "runtime/node/layout.h"
#include "runtime/table/depth_first.h"

namespace hetcast {
namespace internal {
namespace {

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
