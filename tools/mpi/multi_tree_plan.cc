// multi_tree_plan.cc: the checks and the segment order of
// multi_tree_plan.h.

#include "tools/mpi/multi_tree_plan.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace hetcast {
namespace mpi {
namespace {

constexpr int kMaxQueue = 4096;
constexpr uint64_t kMaxTotalWeight = uint64_t{1} << 40;

}  // namespace

std::string TreeParents(const WeightedTree& tree, int ranks, int root,
                        std::vector<int>* parent) {
  parent->assign(ranks, -1);
  if (static_cast<int>(tree.children.size()) != ranks) {
    return "a tree lists children for " + std::to_string(tree.children.size()) +
           " ranks, not " + std::to_string(ranks);
  }
  for (int r = 0; r < ranks; ++r) {
    for (int child : tree.children[r]) {
      if (child < 0 || child >= ranks || child == root ||
          (*parent)[child] != -1) {
        return "rank " + std::to_string(child) +
               " is outside the communicator, the root or a child twice";
      }
      (*parent)[child] = r;
    }
  }
  // Every rank reached from the root: climbing never loops.
  for (int r = 0; r < ranks; ++r) {
    int at = r, steps = 0;
    while (at != root && at != -1 && steps++ < ranks) at = (*parent)[at];
    if (at != root) {
      return "rank " + std::to_string(r) + " is not reached from the root";
    }
  }
  return "";
}

std::string CheckMultiTreePlan(const MultiTreePlan& plan, int ranks) {
  if (ranks < 1 || plan.root < 0 || plan.root >= ranks) {
    return "root " + std::to_string(plan.root) + " is outside ranks 0 .. " +
           std::to_string(ranks - 1);
  }
  if (plan.trees.empty() || plan.segment_bytes == 0 ||
      plan.segment_bytes >
          static_cast<size_t>(std::numeric_limits<int>::max())) {
    return "a plan needs a tree and a segment of 1 .. 2^31 - 1 bytes";
  }
  if (plan.window < 1 || plan.window > kMaxQueue || plan.sends_in_flight < 1 ||
      plan.sends_in_flight > kMaxQueue) {
    return "window and sends in flight must be 1 .. 4096";
  }
  uint64_t total = 0;
  std::vector<int> parent;
  for (const WeightedTree& tree : plan.trees) {
    if (tree.weight == 0 || tree.weight > kMaxTotalWeight - total) {
      return "tree weights must be positive, in total at most 2^40";
    }
    total += tree.weight;
    const std::string why = TreeParents(tree, ranks, plan.root, &parent);
    if (!why.empty()) return why;
  }
  return "";
}

std::vector<int> SegmentTrees(const std::vector<WeightedTree>& trees,
                              size_t segments) {
  std::vector<int64_t> credit(trees.size(), 0);
  int64_t total = 0;
  for (const WeightedTree& tree : trees) total += tree.weight;
  std::vector<int> chosen(segments);
  for (size_t i = 0; i < segments; ++i) {
    size_t best = 0;
    for (size_t t = 0; t < trees.size(); ++t) {
      credit[t] += static_cast<int64_t>(trees[t].weight);
      if (credit[t] > credit[best]) best = t;
    }
    credit[best] -= total;
    chosen[i] = static_cast<int>(best);
  }
  return chosen;
}

std::string FormatMultiTreePlan(const MultiTreePlan& plan) {
  const size_t ranks = plan.trees.empty() ? 0 : plan.trees[0].children.size();
  std::ostringstream out;
  out << "hetcast-multi-tree 1\nranks " << ranks << " root " << plan.root
      << " segment_bytes " << plan.segment_bytes << " window " << plan.window
      << " sends_in_flight " << plan.sends_in_flight << "\n";
  for (const WeightedTree& tree : plan.trees) {
    std::vector<int> parent(ranks, -1);
    for (size_t r = 0; r < tree.children.size(); ++r) {
      for (int child : tree.children[r]) {
        if (child >= 0 && static_cast<size_t>(child) < ranks) {
          parent[child] = static_cast<int>(r);
        }
      }
    }
    out << "tree " << tree.weight;
    for (int p : parent) out << " " << p;
    out << "\n";
  }
  return out.str();
}

std::string ParseMultiTreePlan(const std::string& text, MultiTreePlan* plan,
                               int* ranks) {
  std::istringstream in(text);
  std::string magic, word[5];
  int version = 0;
  long long n = 0;
  in >> magic >> version >> word[0] >> n >> word[1] >> plan->root >> word[2] >>
      plan->segment_bytes >> word[3] >> plan->window >> word[4] >>
      plan->sends_in_flight;
  if (!in || magic != "hetcast-multi-tree" || version != 1 ||
      word[0] != "ranks" || word[1] != "root" || word[2] != "segment_bytes" ||
      word[3] != "window" || word[4] != "sends_in_flight" || n < 1 ||
      n > kMaxQueue * 1024) {
    return "not a multi-tree plan: it starts 'hetcast-multi-tree 1', then "
           "'ranks N root R segment_bytes S window W sends_in_flight F'";
  }
  *ranks = static_cast<int>(n);
  plan->trees.clear();
  std::string keyword;
  while (in >> keyword) {
    WeightedTree tree;
    std::vector<long long> parent(n);
    in >> tree.weight;
    for (long long& p : parent) in >> p;
    if (keyword != "tree" || !in) {
      return "tree " + std::to_string(plan->trees.size()) +
             ": expected 'tree WEIGHT' and a parent for each of " +
             std::to_string(n) + " ranks";
    }
    tree.children.resize(n);
    for (long long r = 0; r < n; ++r) {
      if (parent[r] < -1 || parent[r] >= n) {
        return "tree " + std::to_string(plan->trees.size()) + ": rank " +
               std::to_string(r) + "'s parent is outside -1 .. " +
               std::to_string(n - 1);
      }
      if (parent[r] >= 0)
        tree.children[parent[r]].push_back(static_cast<int>(r));
    }
    plan->trees.push_back(std::move(tree));
  }
  return CheckMultiTreePlan(*plan, *ranks);
}

}  // namespace mpi
}  // namespace hetcast
