// arborescence_packing.cc: one arborescence at a time, each grown arc by
// arc with its multiplicity bounded by the cuts that max-flows find.
#include "tools/graph/arborescence_packing.h"

#include <algorithm>

#include "absl/strings/str_format.h"

namespace hetcast {
namespace {

class Packer {
 public:
  Packer(size_t n, const std::vector<CapacitatedArc>& arcs, uint32_t root,
         const std::vector<bool>& span, uint64_t k)
      : n_(n), arcs_(arcs), root_(root), span_(span), k_(k) {
    for (CapacitatedArc& a : arcs_) {
      if (!span_[a.from] || !span_[a.to]) a.capacity = 0;
    }
  }

  absl::Status CheckFlows() const;
  absl::StatusOr<Arborescence> GrowOne() const;

  // Takes `tree`'s multiplicity copies away.
  void Remove(const Arborescence& tree) {
    for (size_t a : tree.arcs) arcs_[a].capacity -= tree.multiplicity;
    k_ -= tree.multiplicity;
  }
  uint64_t left() const { return k_; }

 private:
  absl::StatusOr<uint64_t> LargestMultiplicity(const std::vector<bool>& in_tree,
                                               uint64_t bound) const;
  // The first node of the span joined to the root by less than `need`
  // units when the arcs of `in_tree` lose `m` each, with the cut that
  // shows it (the source side of a minimum cut); false when there is none.
  bool ShortCut(const std::vector<bool>& in_tree, uint64_t m, uint64_t need,
                std::vector<bool>* source_side) const;

  size_t n_;
  std::vector<CapacitatedArc> arcs_;  // Remaining capacities.
  uint32_t root_;
  const std::vector<bool>& span_;
  uint64_t k_;  // Arborescences still to pack.
};

bool Packer::ShortCut(const std::vector<bool>& in_tree, uint64_t m,
                      uint64_t need, std::vector<bool>* source_side) const {
  std::vector<CapacitatedArc> reduced = arcs_;
  for (size_t a = 0; a < reduced.size(); ++a) {
    if (in_tree[a]) reduced[a].capacity -= m;
  }
  for (uint32_t v = 0; v < n_; ++v) {
    if (!span_[v] || v == root_) continue;
    FlowResult flow = MaxFlow(n_, reduced, root_, v, need);
    if (flow.value < need) {
      *source_side = std::move(flow.source_side);
      return true;
    }
  }
  return false;
}

absl::Status Packer::CheckFlows() const {
  std::vector<bool> side;
  if (ShortCut(std::vector<bool>(arcs_.size(), false), 0, k_, &side)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "some node is joined to the root by less than %d units", k_));
  }
  return absl::OkStatus();
}

// The largest m <= bound (>= 1 on entry) at which the rest still holds
// k - m arborescences, 0 when none. A cut X failing at m, with capacity
// rho entering it and A arcs of the partial arborescence entering it,
// needs rho - m A >= k - m, i.e. m <= (rho - k) / (A - 1): A >= 2 since
// with A <= 1 it holds (rho >= k is kept from the start).
absl::StatusOr<uint64_t> Packer::LargestMultiplicity(
    const std::vector<bool>& in_tree, uint64_t bound) const {
  uint64_t m = bound;
  std::vector<bool> side;
  while (m > 0 && ShortCut(in_tree, m, k_ - m, &side)) {
    uint64_t rho = 0;
    uint64_t entering = 0;
    for (size_t a = 0; a < arcs_.size(); ++a) {
      if (!side[arcs_[a].from] || side[arcs_[a].to]) continue;
      rho += arcs_[a].capacity;
      entering += in_tree[a] ? 1 : 0;
    }
    if (entering < 2 || rho < k_) {
      return absl::InternalError("the arborescence packing lost its cut bound");
    }
    m = std::min(m - 1, (rho - k_) / (entering - 1));
  }
  return m;
}

absl::StatusOr<Arborescence> Packer::GrowOne() const {
  std::vector<bool> in_tree(arcs_.size(), false);
  std::vector<bool> reached(n_, false);
  reached[root_] = true;
  const size_t span_size = std::count(span_.begin(), span_.end(), true);
  Arborescence tree;
  tree.multiplicity = k_;
  for (size_t size = 1; size < span_size; ++size) {
    size_t best = SIZE_MAX;
    uint64_t best_m = 0;
    for (size_t a = 0; a < arcs_.size() && best_m < tree.multiplicity; ++a) {
      const CapacitatedArc& arc = arcs_[a];
      if (arc.capacity == 0 || !reached[arc.from] || reached[arc.to]) continue;
      in_tree[a] = true;
      absl::StatusOr<uint64_t> m = LargestMultiplicity(
          in_tree, std::min(tree.multiplicity, arc.capacity));
      in_tree[a] = false;
      if (!m.ok()) return m.status();
      if (*m > best_m) best = a, best_m = *m;
    }
    if (best_m == 0) {
      return absl::InternalError(
          "no arc extends the arborescence (Lovász's lemma failed)");
    }
    in_tree[best] = true;
    reached[arcs_[best].to] = true;
    tree.arcs.push_back(best);
    tree.multiplicity = best_m;
  }
  return tree;
}

}  // namespace

absl::StatusOr<std::vector<Arborescence>> PackArborescences(
    size_t node_count, const std::vector<CapacitatedArc>& arcs, uint32_t root,
    const std::vector<bool>& span, uint64_t k) {
  if (root >= node_count || span.size() != node_count || !span[root]) {
    return absl::InvalidArgumentError("the root must be in the span");
  }
  for (const CapacitatedArc& a : arcs) {
    if (a.from >= node_count || a.to >= node_count) {
      return absl::InvalidArgumentError("an arc names an unknown node");
    }
  }
  Packer packer(node_count, arcs, root, span, k);
  absl::Status status = packer.CheckFlows();
  if (!status.ok()) return status;
  std::vector<Arborescence> trees;
  while (packer.left() > 0) {
    absl::StatusOr<Arborescence> tree = packer.GrowOne();
    if (!tree.ok()) return tree.status();
    packer.Remove(*tree);
    trees.push_back(*std::move(tree));
  }
  return trees;
}

}  // namespace hetcast
