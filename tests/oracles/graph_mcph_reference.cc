// graph_mcph_reference.cc: the previous MCPH loop, kept as the reference
// (graph_mcph_reference.h). The code is the runtime's of commit 648459f
// with std::vector for the workspace; do not "improve" it.
#include "tests/oracles/graph_mcph_reference.h"

#include <cstdint>
#include <vector>

namespace hetcast {
namespace oracle {
namespace {

constexpr uint64_t kUnreached = UINT64_MAX;
constexpr uint64_t kCostCap = UINT64_MAX - 1;

// A binary min-heap of nodes keyed by (bottleneck, id), with positions.
class BottleneckHeap {
 public:
  BottleneckHeap(std::vector<uint32_t>* heap, std::vector<uint32_t>* at,
                 const std::vector<uint64_t>* key)
      : heap_(*heap), at_(*at), key_(*key) {}

  bool empty() const { return size_ == 0; }

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

  std::vector<uint32_t>& heap_;
  std::vector<uint32_t>& at_;
  const std::vector<uint64_t>& key_;
  uint32_t size_ = 0;
};

class ReferenceMcph {
 public:
  explicit ReferenceMcph(const hetcast_graph_request& r)
      : r_(r),
        literal_(r.flags & HETCAST_GRAPH_MCPH_LITERAL_UPDATE),
        begin_(r.node_count + 1, 0),
        target_mark_(r.node_count, 0),
        in_tree_(r.node_count, 0),
        load_(r.node_count, 0),
        literal_cost_(r.edge_count),
        bottleneck_(r.node_count),
        via_(r.node_count),
        heap_(r.node_count),
        heap_at_(r.node_count) {
    // Out-edges grouped by tail, sorted by head within a tail.
    for (size_t e = 0; e < r.edge_count; ++e) ++begin_[r.edges[e].from + 1];
    for (size_t v = 0; v < r.node_count; ++v) begin_[v + 1] += begin_[v];
    edge_.resize(r.edge_count);
    std::vector<uint32_t> next(begin_.begin(), begin_.end() - 1);
    std::vector<std::vector<uint32_t>> by_head(r.node_count);
    for (size_t e = 0; e < r.edge_count; ++e) {
      by_head[r.edges[e].to].push_back(static_cast<uint32_t>(e));
    }
    for (size_t head = 0; head < r.node_count; ++head) {
      for (uint32_t e : by_head[head]) edge_[next[r.edges[e].from]++] = e;
    }
    for (size_t i = 0; i < r.target_count; ++i) target_mark_[r.targets[i]] = 1;
  }

  std::vector<hetcast_graph_route_edge> Grow() {
    std::vector<hetcast_graph_route_edge> tree;
    for (size_t e = 0; e < r_.edge_count; ++e) {
      literal_cost_[e] = r_.edges[e].cost;
    }
    in_tree_[r_.source] = 1;
    size_t outside = r_.target_count;
    std::vector<uint32_t> path;
    while (outside > 0) {
      const uint32_t chosen = ClosestTarget();
      if (chosen == HETCAST_NO_NODE) return {};
      path.clear();
      for (uint32_t v = chosen; in_tree_[v] == 0; v = r_.edges[via_[v]].from) {
        path.push_back(via_[v]);
      }
      while (!path.empty()) {
        const uint32_t e = path.back();
        path.pop_back();
        const uint32_t from = r_.edges[e].from;
        const uint32_t to = r_.edges[e].to;
        tree.push_back(hetcast_graph_route_edge{0, from, to});
        in_tree_[to] = 1;
        if (target_mark_[to] != 0) --outside;
        load_[from] += r_.edges[e].cost;
        if (literal_) UpdateLiterally(from, e);
      }
    }
    return tree;
  }

 private:
  uint64_t Cost(uint32_t e) const {
    if (literal_) return literal_cost_[e];
    const uint32_t from = r_.edges[e].from;
    return in_tree_[from] ? load_[from] + r_.edges[e].cost : r_.edges[e].cost;
  }

  void UpdateLiterally(uint32_t i, uint32_t e) {
    const uint64_t added = literal_cost_[e];
    for (uint32_t k = begin_[i]; k < begin_[i + 1]; ++k) {
      uint64_t& c = literal_cost_[edge_[k]];
      if (__builtin_add_overflow(c, added, &c) || c > kCostCap) c = kCostCap;
    }
    literal_cost_[e] = 0;
  }

  uint32_t ClosestTarget() {
    const uint32_t n = static_cast<uint32_t>(r_.node_count);
    BottleneckHeap heap(&heap_, &heap_at_, &bottleneck_);
    for (uint32_t v = 0; v < n; ++v) {
      bottleneck_[v] = in_tree_[v] ? 0 : kUnreached;
      via_[v] = UINT32_MAX;
      heap_at_[v] = UINT32_MAX;
      if (in_tree_[v]) heap.Push(v);
    }
    uint32_t chosen = HETCAST_NO_NODE;
    while (!heap.empty()) {
      const uint32_t u = heap.Pop();
      if (chosen != HETCAST_NO_NODE && bottleneck_[u] > bottleneck_[chosen]) {
        break;
      }
      if (target_mark_[u] != 0 && in_tree_[u] == 0 &&
          (chosen == HETCAST_NO_NODE || u < chosen)) {
        chosen = u;
      }
      for (uint32_t k = begin_[u]; k < begin_[u + 1]; ++k) {
        const uint32_t e = edge_[k];
        const uint32_t w = r_.edges[e].to;
        if (in_tree_[w]) continue;
        const uint64_t cost = Cost(e);
        const uint64_t through = cost > bottleneck_[u] ? cost : bottleneck_[u];
        if (through < bottleneck_[w]) {
          bottleneck_[w] = through;
          via_[w] = e;
          heap.Push(w);
        }
      }
    }
    return chosen;
  }

  const hetcast_graph_request& r_;
  const bool literal_;
  std::vector<uint32_t> begin_;
  std::vector<uint32_t> edge_;
  std::vector<uint8_t> target_mark_;
  std::vector<uint8_t> in_tree_;
  std::vector<uint64_t> load_;
  std::vector<uint64_t> literal_cost_;
  std::vector<uint64_t> bottleneck_;
  std::vector<uint32_t> via_;
  std::vector<uint32_t> heap_;
  std::vector<uint32_t> heap_at_;
};

}  // namespace

std::vector<hetcast_graph_route_edge> ReferenceMcphTree(
    const hetcast_graph_request& request) {
  return ReferenceMcph(request).Grow();
}

}  // namespace oracle
}  // namespace hetcast
