// max_flow.cc: Edmonds-Karp on a residual graph of paired arcs.
#include "tools/graph/max_flow.h"

#include <algorithm>
#include <deque>

namespace hetcast {
namespace {

// Arc 2i is arcs[i] forward, 2i + 1 its reverse; residual[a] what arc a
// can still carry.
int sgn(uint64_t x) { return x != 0 ? 1 : 0; }

template <typename Capacity>
struct Residual {
  std::vector<std::vector<size_t>> out;  // Arc ids by tail.
  std::vector<uint32_t> head;
  std::vector<Capacity> residual;
};

template <typename Capacity>
Residual<Capacity> MakeResidual(
    size_t n, const std::vector<BasicCapacitatedArc<Capacity>>& arcs) {
  Residual<Capacity> g;
  g.out.resize(n);
  for (const BasicCapacitatedArc<Capacity>& a : arcs) {
    g.out[a.from].push_back(g.head.size());
    g.head.push_back(a.to);
    g.residual.push_back(a.capacity);
    g.out[a.to].push_back(g.head.size());
    g.head.push_back(a.from);
    g.residual.push_back(0);
  }
  return g;
}

// Breadth-first search from `source` over arcs with residual capacity:
// the arc into each node reached (SIZE_MAX for the source and the others).
template <typename Capacity>
std::vector<size_t> Search(const Residual<Capacity>& g, uint32_t source,
                           std::vector<bool>* reached) {
  std::vector<size_t> via(g.out.size(), SIZE_MAX);
  reached->assign(g.out.size(), false);
  (*reached)[source] = true;
  std::deque<uint32_t> queue = {source};
  while (!queue.empty()) {
    const uint32_t v = queue.front();
    queue.pop_front();
    for (size_t a : g.out[v]) {
      const uint32_t w = g.head[a];
      if (sgn(g.residual[a]) == 0 || (*reached)[w]) continue;
      (*reached)[w] = true;
      via[w] = a;
      queue.push_back(w);
    }
  }
  return via;
}

template <typename Capacity>
BasicFlowResult<Capacity> EdmondsKarp(
    size_t node_count, const std::vector<BasicCapacitatedArc<Capacity>>& arcs,
    uint32_t source, uint32_t sink, const Capacity& limit) {
  Residual<Capacity> g = MakeResidual(node_count, arcs);
  BasicFlowResult<Capacity> result;
  std::vector<bool> reached;
  // Arc i's flow is what its reverse arc 2i + 1 can carry back.
  const auto flows = [&] {
    for (size_t a = 1; a < g.residual.size(); a += 2) {
      result.flow.push_back(g.residual[a]);
    }
  };
  while (result.value < limit) {
    const std::vector<size_t> via = Search(g, source, &reached);
    if (!reached[sink]) {
      result.source_side = std::move(reached);
      flows();
      return result;
    }
    Capacity push = limit - result.value;
    for (uint32_t v = sink; v != source; v = g.head[via[v] ^ 1]) {
      push = std::min(push, g.residual[via[v]]);
    }
    for (uint32_t v = sink; v != source; v = g.head[via[v] ^ 1]) {
      g.residual[via[v]] -= push;
      g.residual[via[v] ^ 1] += push;
    }
    result.value += push;
  }
  flows();
  return result;
}

}  // namespace

FlowResult MaxFlow(size_t node_count, const std::vector<CapacitatedArc>& arcs,
                   uint32_t source, uint32_t sink, uint64_t limit) {
  return EdmondsKarp(node_count, arcs, source, sink, limit);
}

RationalFlowResult MaxFlow(size_t node_count,
                           const std::vector<RationalArc>& arcs,
                           uint32_t source, uint32_t sink,
                           const mpq_class& limit) {
  return EdmondsKarp(node_count, arcs, source, sink, limit);
}

}  // namespace hetcast
