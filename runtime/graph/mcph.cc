// mcph.cc: the Minimum Cost Path Heuristic of Beaumont, Legrand, Marchal &
// Robert 2004 §6 (Fig. 9): one multicast tree for a series of multicasts,
// grown target by target along bottleneck paths, and its periodic schedule.
//
// The cost of a tree is "the maximum sum, over all nodes in the tree, of the
// cost of the outgoing edges of that node" (§6): in a tree every node
// receives each message once, over an edge that is part of its parent's
// send load, so the largest send load P is the period of the tree and its
// throughput is 1/P (one message every P ticks). The schedule makes that
// explicit: each node sends to its children one after the other from tick
// 0 of every period, and forwards in a period the message it received in
// the one before.
//
// Deciding the notes' ambiguities (shared/notes/pipelined-multicast.md A8):
//
// 8/9. The cost update. Fig. 9 prints, at lines 11-13: "for each edge
//   (i, j) ∈ P(P_t) and all k such that (i, k) ∈ E do c(i, k) ← c(i, k) +
//   c(i, j); c(i, j) ← 0". Its prose (which cites "lines 12 to 14" and
//   "line 13" for these lines) says what the update is for: "P_i already
//   spends c(i, j) units of time sending data to P_j, so that P_i needs
//   c(i, j) + c(i, k) units of time to send the message to both nodes P_j
//   and P_k". Taken literally the update adds the *current* c(i, j), which
//   already holds what i sent before, so from i's second child on its load
//   is counted twice (and grows geometrically); it also raises edges into
//   the tree. We read it as the prose intends: an edge (i, k) out of a tree
//   node i into a node outside the tree costs c_{i,k} + load(i), load(i)
//   being the sum of the original costs of i's tree edges; edges into the
//   tree are never used, since "the cost of any edge on the path from the
//   source to any already added target node is equal to zero" only serves
//   to let paths start anywhere in the tree. A path therefore starts at a
//   tree node and enters only nodes outside the tree (otherwise a node
//   would get two parents). HETCAST_GRAPH_MCPH_LITERAL_UPDATE selects the
//   printed update instead, the value c(i, j) taken before the loop over k
//   (it would otherwise depend on the order of the k's), and additions
//   saturating at 2^64 - 2 (only the choices use these costs; the period is
//   always the tree's real load).
//   The figure's "P_t" / "P(P_t)" at lines 9-13 are read as NodeToAdd and
//   path, the target and path chosen by lines 5-8.
//
// Ties (the paper leaves them open; bottleneck ties are frequent):
//  - Target: the smallest bottleneck, then the smallest node id (Fig. 9's
//    strict "if c(P_t) < cost" over the targets in increasing id order).
//  - Path: a multi-source bottleneck Dijkstra from all tree nodes settles
//    nodes by (bottleneck, id); a node keeps the predecessor that first
//    gave it its final bottleneck (updates only on a strict improvement).
//  - Schedule: a node sends to its children in increasing id order.
#include "runtime/arena.h"
#include "runtime/graph/graph.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

constexpr uint64_t kGraphUnreached = UINT64_MAX;
// The literal update saturates below kGraphUnreached.
constexpr uint64_t kGraphCostCap = UINT64_MAX - 1;

struct GraphMcphScratch {
  GraphIndex index;
  uint8_t* target_mark;    // node_count
  uint8_t* in_tree;        // node_count
  uint64_t* load;          // node_count: sum of original costs of tree edges
  uint64_t* literal;       // edge_count: Fig. 9's c(i, k), literal variant
  uint64_t* bottleneck;    // node_count
  uint32_t* via;           // node_count: the edge a node was reached by
  uint32_t* heap;          // node_count
  uint32_t* heap_at;       // node_count: position in heap, or UINT32_MAX
  uint32_t* path;          // node_count
  uint32_t* order;         // node_count: tree edges, sorted for the slots
  uint32_t* sort_scratch;  // node_count
  uint64_t* start;         // node_count: slot start of each tree edge
};

bool GraphCarveMcph(const hetcast_graph_request& request, Arena* arena,
                    GraphMcphScratch* s) {
  const size_t n = request.node_count;
  GraphCarveIndex(request, arena, &s->index);
  s->target_mark = arena->Allocate<uint8_t>(n);
  s->in_tree = arena->Allocate<uint8_t>(n);
  s->load = arena->Allocate<uint64_t>(n);
  s->literal = arena->Allocate<uint64_t>(request.edge_count);
  s->bottleneck = arena->Allocate<uint64_t>(n);
  s->via = arena->Allocate<uint32_t>(n);
  s->heap = arena->Allocate<uint32_t>(n);
  s->heap_at = arena->Allocate<uint32_t>(n);
  s->path = arena->Allocate<uint32_t>(n);
  s->order = arena->Allocate<uint32_t>(n);
  s->sort_scratch = arena->Allocate<uint32_t>(n);
  s->start = arena->Allocate<uint64_t>(n);
  return !arena->failed();
}

// A binary min-heap of nodes keyed by (bottleneck, id), with positions so
// that a key can decrease in place.
class GraphBottleneckHeap {
 public:
  explicit GraphBottleneckHeap(const GraphMcphScratch& s)
      : heap_(s.heap), at_(s.heap_at), key_(s.bottleneck) {}

  bool empty() const { return size_ == 0; }

  // Inserts v, or moves it up after its key decreased.
  void Push(uint32_t v) {
    if (at_[v] == UINT32_MAX) {
      at_[v] = size_;
      heap_[size_++] = v;
    }
    Up(at_[v]);
  }

  uint32_t Pop() {
    const uint32_t top = heap_[0];
    at_[top] = UINT32_MAX;
    --size_;
    if (size_ > 0) {
      heap_[0] = heap_[size_];
      at_[heap_[0]] = 0;
      Down(0);
    }
    return top;
  }

 private:
  bool Less(uint32_t a, uint32_t b) const {
    return key_[a] != key_[b] ? key_[a] < key_[b] : a < b;
  }
  void Place(uint32_t i, uint32_t v) {
    heap_[i] = v;
    at_[v] = i;
  }
  void Up(uint32_t i) {
    const uint32_t v = heap_[i];
    while (i > 0) {
      const uint32_t parent = (i - 1) / 2;
      if (!Less(v, heap_[parent])) break;
      Place(i, heap_[parent]);
      i = parent;
    }
    Place(i, v);
  }
  void Down(uint32_t i) {
    const uint32_t v = heap_[i];
    for (;;) {
      uint32_t child = 2 * i + 1;
      if (child >= size_) break;
      if (child + 1 < size_ && Less(heap_[child + 1], heap_[child])) ++child;
      if (!Less(heap_[child], v)) break;
      Place(i, heap_[child]);
      i = child;
    }
    Place(i, v);
  }

  uint32_t* heap_;
  uint32_t* at_;
  const uint64_t* key_;
  uint32_t size_ = 0;
};

// MCPH on a checked request, into the caller's arrays.
class GraphMcph {
 public:
  GraphMcph(const hetcast_graph_request& request, const GraphMcphScratch& s)
      : r_(request),
        s_(s),
        literal_(request.flags & HETCAST_GRAPH_MCPH_LITERAL_UPDATE) {}

  // Grows the tree into tree_edges (route 0); HETCAST_INVALID_ARGUMENT if
  // a target cannot be reached.
  hetcast_status Grow(hetcast_graph_route_edge* tree_edges,
                      size_t* tree_edge_count) {
    const size_t n = r_.node_count;
    for (size_t v = 0; v < n; ++v) {
      s_.in_tree[v] = 0;
      s_.load[v] = 0;
    }
    for (size_t e = 0; e < r_.edge_count; ++e) s_.literal[e] = r_.edges[e].cost;
    s_.in_tree[r_.source] = 1;
    size_t outside = r_.target_count;
    size_t count = 0;
    while (outside > 0) {
      // Lines 5-8: the closest target, ties to the smaller id.
      const uint32_t chosen = ClosestTarget();
      if (chosen == HETCAST_NO_NODE) return HETCAST_INVALID_ARGUMENT;
      // Lines 9-13: the path, from the tree outwards.
      size_t length = 0;
      for (uint32_t v = chosen; s_.in_tree[v] == 0;
           v = r_.edges[s_.via[v]].from) {
        s_.path[length++] = s_.via[v];
      }
      while (length > 0) {
        const uint32_t e = s_.path[--length];
        const uint32_t from = r_.edges[e].from;
        const uint32_t to = r_.edges[e].to;
        tree_edges[count++] = hetcast_graph_route_edge{0, from, to};
        s_.in_tree[to] = 1;
        if (s_.target_mark[to] != 0) --outside;
        // Loads stay below the sum of all costs, < 2^64 (hetcast.h).
        s_.load[from] += r_.edges[e].cost;
        if (literal_) UpdateLiterally(from, e);
      }
    }
    *tree_edge_count = count;
    return HETCAST_OK;
  }

 private:
  // What edge e costs a path now.
  uint64_t Cost(uint32_t e) const {
    if (literal_) return s_.literal[e];
    const uint32_t from = r_.edges[e].from;
    return s_.in_tree[from] ? s_.load[from] + r_.edges[e].cost
                            : r_.edges[e].cost;
  }

  // Fig. 9 lines 11-13 as printed, for the path edge e = (i, j).
  void UpdateLiterally(uint32_t i, uint32_t e) {
    const uint64_t added = s_.literal[e];
    for (uint32_t k = s_.index.begin[i]; k < s_.index.begin[i + 1]; ++k) {
      uint64_t& c = s_.literal[s_.index.edge[k]];
      if (__builtin_add_overflow(c, added, &c) || c > kGraphCostCap) {
        c = kGraphCostCap;
      }
    }
    s_.literal[e] = 0;
  }

  // Line 6 for every target at once: the least bottleneck of a path from
  // the tree through nodes outside it, by a bottleneck Dijkstra. Nodes
  // settle in order of bottleneck, so once a target has settled with
  // bottleneck b, the search only finishes the nodes of bottleneck b (a
  // target of bottleneck b and a smaller id may settle after it) and stops:
  // the answer is the smallest id among the targets of bottleneck b (lines
  // 5-8), whose path (via) is final. HETCAST_NO_NODE if no target is
  // reached.
  uint32_t ClosestTarget() {
    const size_t n = r_.node_count;
    GraphBottleneckHeap heap(s_);
    for (uint32_t v = 0; v < n; ++v) {
      s_.bottleneck[v] = s_.in_tree[v] ? 0 : kGraphUnreached;
      s_.via[v] = UINT32_MAX;
      s_.heap_at[v] = UINT32_MAX;
      if (s_.in_tree[v]) heap.Push(v);
    }
    uint32_t chosen = HETCAST_NO_NODE;
    while (!heap.empty()) {
      const uint32_t u = heap.Pop();
      if (chosen != HETCAST_NO_NODE &&
          s_.bottleneck[u] > s_.bottleneck[chosen]) {
        break;
      }
      if (s_.target_mark[u] != 0 && s_.in_tree[u] == 0 &&
          (chosen == HETCAST_NO_NODE || u < chosen)) {
        chosen = u;
      }
      for (uint32_t k = s_.index.begin[u]; k < s_.index.begin[u + 1]; ++k) {
        const uint32_t e = s_.index.edge[k];
        const uint32_t w = r_.edges[e].to;
        if (s_.in_tree[w]) continue;
        const uint64_t cost = Cost(e);
        const uint64_t through =
            cost > s_.bottleneck[u] ? cost : s_.bottleneck[u];
        // A settled node already has a bottleneck <= through.
        if (through < s_.bottleneck[w]) {
          s_.bottleneck[w] = through;
          s_.via[w] = e;
          heap.Push(w);
        }
      }
    }
    return chosen;
  }

  const hetcast_graph_request& r_;
  const GraphMcphScratch& s_;
  const bool literal_;
};

// max(cheapest in-edge of any target, cheapest out-edge of the source):
// each message crosses one in-edge of every target and one out-edge of
// the source, one at a time.
uint64_t GraphPortBound(const hetcast_graph_request& r,
                        const GraphMcphScratch& s) {
  uint64_t* cheapest_in = s.bottleneck;
  for (size_t v = 0; v < r.node_count; ++v) cheapest_in[v] = kGraphUnreached;
  uint64_t bound = kGraphUnreached;
  for (size_t e = 0; e < r.edge_count; ++e) {
    const hetcast_graph_edge& edge = r.edges[e];
    if (edge.cost < cheapest_in[edge.to]) cheapest_in[edge.to] = edge.cost;
    if (edge.from == r.source && edge.cost < bound) bound = edge.cost;
  }
  for (size_t i = 0; i < r.target_count; ++i) {
    if (cheapest_in[r.targets[i]] > bound) bound = cheapest_in[r.targets[i]];
  }
  return bound;
}

// Slots of the tree: each node sends to its children in increasing id from
// tick 0; written sorted by (start, from).
void GraphTreeSlots(const hetcast_graph_request& r, const GraphMcphScratch& s,
                    const GraphIndex& index,
                    const hetcast_graph_route_edge* tree_edges, size_t count,
                    hetcast_graph_slot* slots) {
  for (size_t i = 0; i < count; ++i) s.order[i] = static_cast<uint32_t>(i);
  GraphMergeSort(s.order, s.sort_scratch, count,
                 [tree_edges](uint32_t a, uint32_t b) {
                   if (tree_edges[a].from != tree_edges[b].from) {
                     return tree_edges[a].from < tree_edges[b].from;
                   }
                   return tree_edges[a].to < tree_edges[b].to;
                 });
  uint64_t clock = 0;
  for (size_t i = 0; i < count; ++i) {
    const hetcast_graph_route_edge& e = tree_edges[s.order[i]];
    if (i == 0 || tree_edges[s.order[i - 1]].from != e.from) clock = 0;
    s.start[s.order[i]] = clock;
    clock += r.edges[GraphFindEdge(r, index, e.from, e.to)].cost;
  }
  const uint64_t* start = s.start;
  GraphMergeSort(s.order, s.sort_scratch, count,
                 [start, tree_edges](uint32_t a, uint32_t b) {
                   if (start[a] != start[b]) return start[a] < start[b];
                   return tree_edges[a].from < tree_edges[b].from;
                 });
  for (size_t i = 0; i < count; ++i) {
    const hetcast_graph_route_edge& e = tree_edges[s.order[i]];
    const uint64_t cost = r.edges[GraphFindEdge(r, index, e.from, e.to)].cost;
    // Zero the padding too: the same request gives the same bytes.
    memset(&slots[i], 0, sizeof(slots[i]));
    slots[i].start = start[s.order[i]];
    slots[i].duration = cost;
    slots[i].from = e.from;
    slots[i].to = e.to;
    slots[i].stream = 0;
    slots[i].amount = 1;
  }
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

extern "C" {

hetcast_status hetcast_graph_plan_sizes(const hetcast_graph_request* request,
                                        hetcast_graph_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  const hetcast_status status = hetcast::internal::GraphCheckShape(request);
  if (status != HETCAST_OK) return status;
  hetcast::internal::Arena measure;
  hetcast::internal::GraphMcphScratch scratch;
  hetcast::internal::GraphCarveMcph(*request, &measure, &scratch);
  sizes->tree_edge_count = request->node_count - 1;
  sizes->slot_count = request->node_count - 1;
  sizes->workspace_bytes = measure.used();
  return HETCAST_OK;
}

hetcast_status hetcast_graph_plan(const hetcast_graph_request* request,
                                  hetcast_algorithm algorithm,
                                  void* workspace, size_t workspace_size,
                                  hetcast_graph_route_edge* tree_edges,
                                  size_t tree_edge_capacity,
                                  hetcast_graph_slot* slots,
                                  size_t slot_capacity,
                                  hetcast_graph_answer* answer) {
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  memset(answer, 0, sizeof(*answer));
  if (algorithm != HETCAST_ALGORITHM_MCPH) return HETCAST_INVALID_ARGUMENT;
  hetcast_status status = hetcast::internal::GraphCheckShape(request);
  if (status != HETCAST_OK) return status;
  const hetcast_graph_request& r = *request;
  if (tree_edges == nullptr || slots == nullptr) {
    return HETCAST_INVALID_ARGUMENT;
  }
  if (tree_edge_capacity < r.node_count - 1 ||
      slot_capacity < r.node_count - 1) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  hetcast::internal::Arena arena(workspace, workspace_size);
  hetcast::internal::GraphMcphScratch s;
  if (!hetcast::internal::GraphCarveMcph(r, &arena, &s)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  status = hetcast::internal::GraphBuildIndex(r, &s.index);
  if (status == HETCAST_OK) {
    status = hetcast::internal::GraphMarkTargets(r, s.target_mark);
  }
  if (status != HETCAST_OK) return status;
  const uint64_t bound = hetcast::internal::GraphPortBound(r, s);
  size_t count = 0;
  status = hetcast::internal::GraphMcph(r, s).Grow(tree_edges, &count);
  if (status != HETCAST_OK) return status;
  hetcast::internal::GraphTreeSlots(r, s, s.index, tree_edges, count, slots);
  // The period: the largest send load, at the smallest id.
  uint32_t bottleneck = 0;
  for (uint32_t v = 1; v < r.node_count; ++v) {
    if (s.load[v] > s.load[bottleneck]) bottleneck = v;
  }
  const uint64_t period = s.load[bottleneck];
  answer->algorithm = HETCAST_ALGORITHM_MCPH;
  // Equal to the port bound, no schedule (of any number of trees) is
  // better.
  answer->exact = period == bound;
  answer->period = period;
  answer->messages = 1;
  answer->throughput_numerator = 1;
  answer->throughput_denominator = period;
  answer->period_numerator = period;
  answer->period_denominator = 1;
  answer->lower_bound_numerator = bound;
  answer->lower_bound_denominator = 1;
  answer->lower_bound_kind = HETCAST_BOUND_GRAPH_PORTS;
  answer->bottleneck_node = bottleneck;
  answer->tree_node_count = count + 1;
  answer->tree_edge_count = count;
  answer->slot_count = count;
  return HETCAST_OK;
}

}  // extern "C"
