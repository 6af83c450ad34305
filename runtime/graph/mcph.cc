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
#include "runtime/graph/algorithms.h"
#include "runtime/graph/graph.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

constexpr uint64_t kGraphUnreached = UINT64_MAX;
// The literal update saturates below kGraphUnreached.
constexpr uint64_t kGraphCostCap = UINT64_MAX - 1;

// A node and its key in a heap; heaps order them by (key, node), the order
// in which the search settles nodes. Keys are kept inline so that the
// comparisons read one array.
struct GraphHeapEntry {
  uint64_t key;
  uint32_t node;
  uint32_t position;  // GraphHeapWalk: the entry's place in the heap walked.
};

inline bool GraphBefore(const GraphHeapEntry& a, const GraphHeapEntry& b) {
  return a.key != b.key ? a.key < b.key : a.node < b.node;
}

// A binary min-heap of nodes by (key, node), with positions so that a key
// can change in place.
class GraphNodeHeap {
 public:
  GraphNodeHeap(GraphHeapEntry* heap, uint32_t* at) : heap_(heap), at_(at) {}

  uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool Contains(uint32_t v) const { return at_[v] != UINT32_MAX; }
  const GraphHeapEntry& Top() const { return heap_[0]; }
  // The entry at position i (a parent's children are at 2i + 1, 2i + 2).
  const GraphHeapEntry& At(uint32_t i) const { return heap_[i]; }

  // Inserts v with `key`, or gives it `key` (larger or smaller).
  void Set(uint32_t v, uint64_t key) {
    Lower(v, key);
    Down(at_[v]);
  }

  // Inserts v with `key`, or lowers its key to `key`.
  void Lower(uint32_t v, uint64_t key) {
    if (at_[v] == UINT32_MAX) at_[v] = size_++;
    Up(at_[v], GraphHeapEntry{key, v, 0});
  }

  uint32_t Pop() {
    const uint32_t top = heap_[0].node;
    Remove(top);
    return top;
  }

  void Remove(uint32_t v) {
    const uint32_t i = at_[v];
    at_[v] = UINT32_MAX;
    if (--size_ == i) return;
    // The last entry fills the hole and moves up or down from there.
    const GraphHeapEntry last = heap_[size_];
    Up(i, last);
    Down(at_[last.node]);
  }

  // Empties the heap in O(size).
  void Clear() {
    for (uint32_t i = 0; i < size_; ++i) at_[heap_[i].node] = UINT32_MAX;
    size_ = 0;
  }

 private:
  void Place(uint32_t i, const GraphHeapEntry& entry) {
    heap_[i] = entry;
    at_[entry.node] = i;
  }
  // Places `entry` at i or above.
  void Up(uint32_t i, const GraphHeapEntry& entry) {
    while (i > 0) {
      const uint32_t parent = (i - 1) / 2;
      if (!GraphBefore(entry, heap_[parent])) break;
      Place(i, heap_[parent]);
      i = parent;
    }
    Place(i, entry);
  }
  void Down(uint32_t i) {
    const GraphHeapEntry entry = heap_[i];
    for (;;) {
      uint32_t child = 2 * i + 1;
      if (child >= size_) break;
      if (child + 1 < size_ && GraphBefore(heap_[child + 1], heap_[child])) {
        ++child;
      }
      if (!GraphBefore(heap_[child], entry)) break;
      Place(i, heap_[child]);
      i = child;
    }
    Place(i, entry);
  }

  GraphHeapEntry* heap_;
  uint32_t* at_;
  uint32_t size_ = 0;
};

// A GraphNodeHeap's entries in (key, node) order without taking them out: a
// second heap of its entries (with their positions), seeded with the root;
// taking an entry offers its two children (the usual way to list a binary
// heap's smallest entries in order, O(log) each).
class GraphHeapWalk {
 public:
  GraphHeapWalk(const GraphNodeHeap& heap, GraphHeapEntry* walk)
      : heap_(heap), walk_(walk) {
    if (!heap.empty()) Add(0);
  }

  bool empty() const { return size_ == 0; }
  const GraphHeapEntry& Front() const { return walk_[0]; }

  void Next() {
    const uint32_t taken = walk_[0].position;
    const GraphHeapEntry last = walk_[--size_];
    if (size_ > 0) Down(last);
    for (uint32_t child = 2 * taken + 1; child <= 2 * taken + 2; ++child) {
      if (child < heap_.size()) Add(child);
    }
  }

 private:
  void Add(uint32_t position) {
    GraphHeapEntry entry = heap_.At(position);
    entry.position = position;
    uint32_t i = size_++;
    while (i > 0 && GraphBefore(entry, walk_[(i - 1) / 2])) {
      walk_[i] = walk_[(i - 1) / 2];
      i = (i - 1) / 2;
    }
    walk_[i] = entry;
  }
  // Places `entry` from the root down.
  void Down(const GraphHeapEntry& entry) {
    uint32_t i = 0;
    for (;;) {
      uint32_t child = 2 * i + 1;
      if (child >= size_) break;
      if (child + 1 < size_ && GraphBefore(walk_[child + 1], walk_[child])) {
        ++child;
      }
      if (!GraphBefore(walk_[child], entry)) break;
      walk_[i] = walk_[child];
      i = child;
    }
    walk_[i] = entry;
  }

  const GraphNodeHeap& heap_;
  GraphHeapEntry* walk_;
  uint32_t size_ = 0;
};

struct GraphMcphScratch {
  GraphIndex index;
  uint32_t* in_begin;  // node_count + 1: in-edges of v are
  uint32_t* in_edge;   // edge_count: in_edge[in_begin[v] .. v + 1)
  // The out-edges in index order: head and original cost (what an edge
  // out of a node outside the tree costs a path in both readings).
  uint32_t* out_to;      // edge_count
  uint64_t* out_cost;    // edge_count
  uint8_t* target_mark;  // node_count
  uint8_t* in_tree;      // node_count
  uint64_t* load;        // node_count: sum of original costs of tree edges
  uint64_t* literal;     // edge_count: Fig. 9's c(i, k), literal variant
  // The frontier, kept from one path to the next: for a node outside the
  // tree with an in-edge from it, the least cost of such an edge and that
  // edge (ties to the smaller tail).
  uint64_t* frontier_key;    // node_count
  uint32_t* frontier_via;    // node_count
  GraphHeapEntry* frontier;  // node_count: heap of frontier nodes
  uint32_t* frontier_at;     // node_count: position in it, or UINT32_MAX
  GraphHeapEntry* walk;      // node_count: GraphHeapWalk of `frontier`
  // One search: bottlenecks of the nodes it improved on the frontier's.
  uint64_t* bottleneck;    // node_count
  uint32_t* via;           // node_count: the edge a node was reached by
  GraphHeapEntry* heap;    // node_count
  uint32_t* heap_at;       // node_count: position in heap, or UINT32_MAX
  uint32_t* touched;       // node_count: the search that last set bottleneck
  uint32_t* settled;       // node_count: the search that last settled it
  uint32_t* path;          // node_count: edges, then nodes, of a new path
  uint32_t* order;         // node_count: tree edges, sorted for the slots
  uint32_t* sort_scratch;  // node_count
  uint64_t* start;         // node_count: slot start of each tree edge
};

bool GraphCarveMcph(const hetcast_graph_request& request, Arena* arena,
                    GraphMcphScratch* s) {
  const size_t n = request.node_count;
  GraphCarveIndex(request, arena, &s->index);
  s->in_begin = arena->Allocate<uint32_t>(n + 1);
  s->in_edge = arena->Allocate<uint32_t>(request.edge_count);
  s->out_to = arena->Allocate<uint32_t>(request.edge_count);
  s->out_cost = arena->Allocate<uint64_t>(request.edge_count);
  s->target_mark = arena->Allocate<uint8_t>(n);
  s->in_tree = arena->Allocate<uint8_t>(n);
  s->load = arena->Allocate<uint64_t>(n);
  s->literal = arena->Allocate<uint64_t>(request.edge_count);
  s->frontier_key = arena->Allocate<uint64_t>(n);
  s->frontier_via = arena->Allocate<uint32_t>(n);
  s->frontier = arena->Allocate<GraphHeapEntry>(n);
  s->frontier_at = arena->Allocate<uint32_t>(n);
  s->walk = arena->Allocate<GraphHeapEntry>(n);
  s->bottleneck = arena->Allocate<uint64_t>(n);
  s->via = arena->Allocate<uint32_t>(n);
  s->heap = arena->Allocate<GraphHeapEntry>(n);
  s->heap_at = arena->Allocate<uint32_t>(n);
  s->touched = arena->Allocate<uint32_t>(n);
  s->settled = arena->Allocate<uint32_t>(n);
  s->path = arena->Allocate<uint32_t>(2 * n);
  s->order = arena->Allocate<uint32_t>(n);
  s->sort_scratch = arena->Allocate<uint32_t>(n);
  s->start = arena->Allocate<uint64_t>(n);
  return !arena->failed();
}

// In-edges grouped by head (a counting sort of the edge ids).
void GraphBuildInIndex(const hetcast_graph_request& r,
                       const GraphMcphScratch& s) {
  uint32_t* begin = s.in_begin;
  for (size_t v = 0; v <= r.node_count; ++v) begin[v] = 0;
  for (size_t e = 0; e < r.edge_count; ++e) ++begin[r.edges[e].to + 1];
  for (size_t v = 0; v < r.node_count; ++v) begin[v + 1] += begin[v];
  for (size_t e = 0; e < r.edge_count; ++e) {
    s.in_edge[begin[r.edges[e].to]++] = static_cast<uint32_t>(e);
  }
  // The loop advanced each begin[v] to begin[v + 1]; shift back.
  for (size_t v = r.node_count; v > 0; --v) begin[v] = begin[v - 1];
  begin[0] = 0;
  for (size_t k = 0; k < r.edge_count; ++k) {
    const hetcast_graph_edge& edge = r.edges[s.index.edge[k]];
    s.out_to[k] = edge.to;
    s.out_cost[k] = edge.cost;
  }
}

// True when the source reaches every target: checked before MCPH grows the
// tree into the caller's array, so that a refused request writes nothing
// there. Breadth first over the out-edges; `in_tree` marks the nodes
// reached and `path` holds the queue (Grow resets both).
bool GraphTargetsReachable(const hetcast_graph_request& r,
                           const GraphMcphScratch& s) {
  for (size_t v = 0; v < r.node_count; ++v) s.in_tree[v] = 0;
  uint32_t* queue = s.path;
  size_t tail = 0;
  queue[tail++] = r.source;
  s.in_tree[r.source] = 1;
  for (size_t head = 0; head < tail; ++head) {
    const uint32_t v = queue[head];
    for (uint32_t k = s.index.begin[v]; k < s.index.begin[v + 1]; ++k) {
      if (s.in_tree[s.out_to[k]] == 0) {
        s.in_tree[s.out_to[k]] = 1;
        queue[tail++] = s.out_to[k];
      }
    }
  }
  for (size_t i = 0; i < r.target_count; ++i) {
    if (s.in_tree[r.targets[i]] == 0) return false;
  }
  return true;
}

// MCPH on a checked request, into the caller's arrays.
//
// Each path is found by a bottleneck Dijkstra from the whole tree (line 6
// for every target at once). Every tree node has bottleneck 0 and settles
// before any other node, in id order, so the first stage of that search
// only sets, for each node with an in-edge from the tree, the cheapest such
// edge (ties to the smaller tail: updates are strict). That stage depends
// only on the tree and the costs of the edges out of it, which change only
// around a new path, so it is kept from one search to the next (the
// frontier) and updated there; each search starts from the frontier, in
// the same (bottleneck, id) order, and touches only what it settles.
// The trees are the ones the plain search builds (checked against it on
// thousands of seeded graphs: tests/oracles/graph_mcph_reference.h).
class GraphMcph {
 public:
  GraphMcph(const hetcast_graph_request& request, const GraphMcphScratch& s)
      : r_(request),
        s_(s),
        literal_(request.flags & HETCAST_GRAPH_MCPH_LITERAL_UPDATE),
        frontier_(s.frontier, s.frontier_at),
        heap_(s.heap, s.heap_at) {}

  // Grows the tree into tree_edges (route 0); HETCAST_INVALID_ARGUMENT if
  // a target cannot be reached.
  hetcast_status Grow(hetcast_graph_route_edge* tree_edges,
                      size_t* tree_edge_count) {
    const size_t n = r_.node_count;
    for (size_t v = 0; v < n; ++v) {
      s_.in_tree[v] = 0;
      s_.load[v] = 0;
      s_.frontier_at[v] = UINT32_MAX;
      s_.heap_at[v] = UINT32_MAX;
      s_.touched[v] = 0;
      s_.settled[v] = 0;
    }
    for (size_t e = 0; e < r_.edge_count; ++e) s_.literal[e] = r_.edges[e].cost;
    s_.in_tree[r_.source] = 1;
    UpdateFrontier(&r_.source, 1);
    size_t outside = r_.target_count;
    size_t count = 0;
    while (outside > 0) {
      // Lines 5-8: the closest target, ties to the smaller id.
      const uint32_t chosen = ClosestTarget();
      if (chosen == HETCAST_NO_NODE) return HETCAST_INVALID_ARGUMENT;
      // Lines 9-13: the path, from the tree outwards. path[] holds its
      // edges from the target back, then (at path + n) its nodes from the
      // tree outwards.
      size_t length = 0;
      for (uint32_t v = chosen; s_.in_tree[v] == 0; v = r_.edges[Via(v)].from) {
        s_.path[length++] = Via(v);
      }
      uint32_t* nodes = s_.path + n;
      nodes[0] = r_.edges[s_.path[length - 1]].from;
      for (size_t i = 0; i < length; ++i) {
        const uint32_t e = s_.path[length - 1 - i];
        const uint32_t from = r_.edges[e].from;
        const uint32_t to = r_.edges[e].to;
        tree_edges[count++] = hetcast_graph_route_edge{0, from, to};
        nodes[i + 1] = to;
        s_.in_tree[to] = 1;
        if (s_.target_mark[to] != 0) --outside;
        // Loads stay below the sum of all costs, < 2^64 (hetcast.h).
        s_.load[from] += r_.edges[e].cost;
        if (literal_) UpdateLiterally(from, e);
      }
      UpdateFrontier(nodes, length + 1);
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

  // The edge the current search reached v by: its own, or the frontier's.
  uint32_t Via(uint32_t v) const {
    return s_.touched[v] == search_ ? s_.via[v] : s_.frontier_via[v];
  }

  // Edge e = (u, w) out of the tree as a frontier edge of w: kept if it is
  // cheaper than w's, or as cheap from a smaller tail.
  void Offer(uint32_t w, uint32_t e) {
    const uint64_t cost = Cost(e);
    if (frontier_.Contains(w)) {
      const uint64_t key = s_.frontier_key[w];
      if (cost > key ||
          (cost == key &&
           r_.edges[e].from > r_.edges[s_.frontier_via[w]].from)) {
        return;
      }
    }
    s_.frontier_key[w] = cost;
    s_.frontier_via[w] = e;
    frontier_.Set(w, cost);
  }

  // w's frontier edge from scratch, over its in-edges from the tree (one
  // exists).
  void Recompute(uint32_t w) {
    uint32_t best = UINT32_MAX;
    uint64_t best_cost = 0;
    for (uint32_t k = s_.in_begin[w]; k < s_.in_begin[w + 1]; ++k) {
      const uint32_t e = s_.in_edge[k];
      const uint32_t u = r_.edges[e].from;
      if (s_.in_tree[u] == 0) continue;
      const uint64_t cost = Cost(e);
      if (best == UINT32_MAX || cost < best_cost ||
          (cost == best_cost && u < r_.edges[best].from)) {
        best = e;
        best_cost = cost;
      }
    }
    s_.frontier_key[w] = best_cost;
    s_.frontier_via[w] = best;
    frontier_.Set(w, best_cost);
  }

  // After `nodes` joined the tree (nodes[0] was in it already and sends
  // more now; the others are new), the frontier as the first stage of a
  // search from the new tree would leave it. Only edges out of these
  // nodes changed: an edge out of a new node is new, an edge out of a node
  // whose load rose costs more, which matters only where it was the
  // frontier edge.
  void UpdateFrontier(const uint32_t* nodes, size_t count) {
    for (size_t i = 1; i < count; ++i) {
      if (frontier_.Contains(nodes[i])) frontier_.Remove(nodes[i]);
    }
    for (size_t i = 0; i < count; ++i) {
      const uint32_t x = nodes[i];
      for (uint32_t k = s_.index.begin[x]; k < s_.index.begin[x + 1]; ++k) {
        const uint32_t e = s_.index.edge[k];
        const uint32_t w = r_.edges[e].to;
        if (s_.in_tree[w]) continue;
        if (frontier_.Contains(w) && r_.edges[s_.frontier_via[w]].from == x) {
          Recompute(w);
        } else {
          Offer(w, e);
        }
      }
    }
  }

  // Line 6 for every target at once: the least bottleneck of a path from
  // the tree through nodes outside it, by a bottleneck Dijkstra whose first
  // stage is the frontier (see the class comment). It settles nodes in
  // (bottleneck, id) order, taking each next node from the frontier (in
  // that order, skipping nodes the search improved) or from its own heap of
  // improved nodes, whichever comes first. Once a target has settled with
  // bottleneck b, the search only finishes the nodes of bottleneck b (a
  // target of bottleneck b and a smaller id may settle after it) and stops:
  // the answer is the smallest id among the targets of bottleneck b (lines
  // 5-8), whose path (Via) is final. HETCAST_NO_NODE if no target is
  // reached.
  uint32_t ClosestTarget() {
    ++search_;
    GraphHeapWalk walk(frontier_, s_.walk);
    uint32_t chosen = HETCAST_NO_NODE;
    uint64_t chosen_key = 0;
    for (;;) {
      while (!walk.empty() && (s_.touched[walk.Front().node] == search_ ||
                               s_.settled[walk.Front().node] == search_)) {
        walk.Next();
      }
      if (walk.empty() && heap_.empty()) break;
      uint32_t u;
      uint64_t key;
      if (!walk.empty() &&
          (heap_.empty() || GraphBefore(walk.Front(), heap_.Top()))) {
        u = walk.Front().node;
        key = walk.Front().key;
        walk.Next();
      } else {
        key = heap_.Top().key;
        u = heap_.Pop();
      }
      s_.settled[u] = search_;
      if (chosen != HETCAST_NO_NODE && key > chosen_key) break;
      if (s_.target_mark[u] != 0 && (chosen == HETCAST_NO_NODE || u < chosen)) {
        chosen = u;
        chosen_key = key;
      }
      // u is outside the tree: its edges cost what they did at first.
      for (uint32_t k = s_.index.begin[u]; k < s_.index.begin[u + 1]; ++k) {
        const uint32_t w = s_.out_to[k];
        if (s_.in_tree[w]) continue;
        const uint64_t cost = s_.out_cost[k];
        const uint64_t through = cost > key ? cost : key;
        // A settled node already has a bottleneck <= through.
        const uint64_t current = s_.touched[w] == search_ ? s_.bottleneck[w]
                                 : frontier_.Contains(w)  ? s_.frontier_key[w]
                                                          : kGraphUnreached;
        if (through < current) {
          s_.bottleneck[w] = through;
          s_.via[w] = s_.index.edge[k];
          s_.touched[w] = search_;
          heap_.Lower(w, through);
        }
      }
    }
    heap_.Clear();
    return chosen;
  }

  const hetcast_graph_request& r_;
  const GraphMcphScratch& s_;
  const bool literal_;
  GraphNodeHeap frontier_;
  GraphNodeHeap heap_;
  uint32_t search_ = 0;  // Searches so far (touched and settled stamps).
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
namespace {

// GraphCheckShape, then MCPH's work limit (hetcast.h): each target's
// search may settle every node and edge outside the tree.
hetcast_status GraphCheckMcphRequest(const hetcast_graph_request* request,
                                     GraphRejection* rejection) {
  const hetcast_status status = GraphCheckShape(request, rejection);
  if (status != HETCAST_OK) return status;
  // Below 2^20 * (2^20 + 2^23) after the shape's checks: no overflow.
  const uint64_t work =
      static_cast<uint64_t>(request->target_count) *
      (static_cast<uint64_t>(request->node_count) + request->edge_count);
  if (work <= HETCAST_GRAPH_MAX_WORK) return HETCAST_OK;
  return GraphReject(
      HETCAST_TOO_LARGE, HETCAST_GRAPH_FIELD_TARGETS, 0, 0,
      "targets x (nodes + edges) exceeds HETCAST_GRAPH_MAX_WORK (2^28), "
      "MCPH's work limit",
      rejection);
}

}  // namespace

hetcast_status GraphCheck(const hetcast_graph_request* request, void* workspace,
                          size_t workspace_size, GraphRejection* rejection) {
  hetcast_status status = GraphCheckMcphRequest(request, rejection);
  if (status != HETCAST_OK || workspace == nullptr) return status;
  Arena arena(workspace, workspace_size);
  GraphIndex index;
  if (!GraphCarveIndex(*request, &arena, &index)) {
    return GraphReject(
        HETCAST_WORKSPACE_TOO_SMALL, HETCAST_GRAPH_FIELD_NONE, 0, 0,
        "workspace smaller than hetcast_graph_plan_sizes says", rejection);
  }
  return GraphBuildIndex(*request, &index, rejection);
}

hetcast_status GraphPlanSizes(const hetcast_graph_request* request,
                              hetcast_graph_sizes* sizes, const char** why) {
  if (sizes == nullptr)
    return Reject(HETCAST_INVALID_ARGUMENT, "sizes is NULL", why);
  GraphRejection rejection = {};
  const hetcast_status status = GraphCheckMcphRequest(request, &rejection);
  if (status != HETCAST_OK) return Reject(status, rejection.reason, why);
  Arena measure;
  GraphMcphScratch scratch;
  GraphCarveMcph(*request, &measure, &scratch);
  sizes->tree_edge_count = request->node_count - 1;
  sizes->slot_count = request->node_count - 1;
  sizes->workspace_bytes = measure.used();
  return HETCAST_OK;
}

hetcast_status GraphPlan(const hetcast_graph_request* request,
                         hetcast_algorithm algorithm, void* workspace,
                         size_t workspace_size,
                         hetcast_graph_route_edge* tree_edges,
                         size_t tree_edge_capacity, hetcast_graph_slot* slots,
                         size_t slot_capacity, hetcast_graph_answer* answer,
                         const char** why) {
  if (answer == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "answer is NULL", why);
  }
  memset(answer, 0, sizeof(*answer));
  if (FindGraphAlgorithm(algorithm) == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "the graph model plans with MCPH only in the runtime (the "
                  "LP bounds and heuristics are offline tools)",
                  why);
  }
  GraphRejection rejection = {};
  hetcast_status status = GraphCheckMcphRequest(request, &rejection);
  if (status != HETCAST_OK) return Reject(status, rejection.reason, why);
  const hetcast_graph_request& r = *request;
  if (tree_edges == nullptr || slots == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "tree_edges or slots is NULL", why);
  }
  if (tree_edge_capacity < r.node_count - 1 ||
      slot_capacity < r.node_count - 1) {
    return Reject(HETCAST_OUTPUT_TOO_SMALL,
                  "tree_edges or slots holds fewer than node_count - 1 "
                  "entries",
                  why);
  }
  Arena arena(workspace, workspace_size);
  GraphMcphScratch s;
  if (!GraphCarveMcph(r, &arena, &s)) {
    return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                  "workspace smaller than hetcast_graph_plan_sizes says", why);
  }
  status = GraphBuildIndex(r, &s.index, &rejection);
  if (status != HETCAST_OK) return Reject(status, rejection.reason, why);
  GraphBuildInIndex(r, s);
  status = GraphMarkTargets(r, s.target_mark);
  if (status != HETCAST_OK) {
    return Reject(status, "graph request: a target is given twice", why);
  }
  if (!GraphTargetsReachable(r, s)) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "graph request: a target cannot be reached from the source",
                  why);
  }
  const uint64_t bound = GraphPortBound(r, s);
  size_t count = 0;
  status = GraphMcph(r, s).Grow(tree_edges, &count);
  if (status != HETCAST_OK) return status;
  GraphTreeSlots(r, s, s.index, tree_edges, count, slots);
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

}  // namespace internal
}  // namespace hetcast
