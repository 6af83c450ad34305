// degree_tree.cc: the multi-port tree of degree_tree.h, in integers.

#include "tools/mpi/degree_tree.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace hetcast {
namespace mpi {
namespace {

constexpr size_t kMaxSendsInFlight = 4096;  // multi_tree_plan.h's limit

uint64_t SaturatingAdd(uint64_t a, uint64_t b) {
  uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? UINT64_MAX : sum;
}

uint64_t SaturatingMul(uint64_t a, uint64_t b) {
  uint64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}

// Whether DegreeTree()'s greedy joins every rank at period p; the tree.
bool GreedyDegreeTree(const LargePlatform& platform,
                      const std::vector<uint64_t>& up, int root, uint64_t p,
                      WeightedTree* tree) {
  const int n = static_cast<int>(up.size());
  std::vector<uint64_t> room(n);
  std::vector<int> order;
  for (int i = 0; i < n; ++i) {
    room[i] = p / up[i];
    if (i != root) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return room[a] > room[b]; });
  tree->children.assign(n, {});
  std::vector<int> joined = {root};
  for (int rank : order) {
    size_t feeder = 0;
    while (feeder < joined.size() &&
           (room[joined[feeder]] == 0 ||
            platform.ps_per_byte[joined[feeder]][rank] > p)) {
      ++feeder;
    }
    if (feeder == joined.size()) return false;
    tree->children[joined[feeder]].push_back(rank);
    --room[joined[feeder]];
    joined.push_back(rank);
  }
  return true;
}

// The candidates of DegreeTree()'s period, sorted and distinct.
std::vector<uint64_t> PeriodCandidates(const LargePlatform& platform, int root,
                                       const std::vector<uint64_t>& up,
                                       const std::vector<uint64_t>& down) {
  const size_t n = up.size();
  uint64_t slowest = 0;
  for (size_t j = 0; j < n; ++j) {
    if (j != static_cast<size_t>(root)) slowest = std::max(slowest, down[j]);
  }
  std::vector<uint64_t> candidates = {slowest};
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 1; k < n; ++k) {
      if (up[i] * k > slowest) candidates.push_back(up[i] * k);
    }
    for (size_t j = 0; j < n; ++j) {
      const uint64_t c = platform.ps_per_byte[i][j];
      if (i != j && c > slowest) candidates.push_back(c);
    }
  }
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()),
                   candidates.end());
  return candidates;
}

}  // namespace

LargePlatform SwitchPlatform(const std::vector<RankLink>& ranks) {
  const size_t n = ranks.size();
  LargePlatform platform;
  platform.ps_per_byte.assign(n, std::vector<uint64_t>(n, 0));
  for (size_t i = 0; i < n; ++i) {
    platform.overhead_ps.push_back(ranks[i].overhead_ps);
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      platform.ps_per_byte[i][j] =
          std::max(ranks[i].send_ps_per_byte, ranks[j].receive_ps_per_byte);
    }
  }
  return platform;
}

void PortRates(const LargePlatform& platform, std::vector<uint64_t>* up,
               std::vector<uint64_t>* down) {
  const size_t n = platform.ps_per_byte.size();
  up->assign(n, 0);
  down->assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const uint64_t c = platform.ps_per_byte[i][j];
      if ((*up)[i] == 0 || c < (*up)[i]) (*up)[i] = c;
      if ((*down)[j] == 0 || c < (*down)[j]) (*down)[j] = c;
    }
  }
}

WeightedTree DegreeTree(const LargePlatform& platform, int root,
                        uint64_t* period) {
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  const std::vector<uint64_t> candidates =
      PeriodCandidates(platform, root, up, down);
  // Binary search: the largest candidate succeeds (every rank may feed all
  // n - 1 over every edge), and a larger p only adds room and edges.
  size_t low = 0, high = candidates.size() - 1;
  while (low < high) {
    const size_t middle = low + (high - low) / 2;
    WeightedTree trial;
    if (GreedyDegreeTree(platform, up, root, candidates[middle], &trial)) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  WeightedTree tree;
  GreedyDegreeTree(platform, up, root, candidates[low], &tree);
  tree.weight = 1;
  *period = candidates[low];
  return tree;
}

uint64_t DegreeTreePredictedPs(const LargePlatform& platform,
                               const MultiTreePlan& plan, uint64_t bytes) {
  const uint64_t segment = plan.segment_bytes;
  const uint64_t segments = bytes == 0 ? 0 : (bytes + segment - 1) / segment;
  if (segments == 0 || plan.trees.empty()) return 0;
  const WeightedTree& tree = plan.trees[0];
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  uint64_t per_byte = 0, overheads = 0, fill = 0;
  std::vector<std::pair<int, uint64_t>> stack = {{plan.root, 0}};
  while (!stack.empty()) {
    const auto [at, arrived] = stack.back();
    stack.pop_back();
    fill = std::max(fill, arrived);
    const uint64_t children = tree.children[at].size();
    const uint64_t shared = up[at] * children;
    per_byte = std::max(per_byte, shared);
    overheads = std::max(overheads, children * platform.overhead_ps[at]);
    for (int child : tree.children[at]) {
      const uint64_t edge = platform.ps_per_byte[at][child];
      per_byte = std::max({per_byte, edge, down[child]});
      const uint64_t hop =
          SaturatingAdd(platform.overhead_ps[at],
                        SaturatingMul(segment, std::max(edge, shared)));
      stack.emplace_back(child, SaturatingAdd(arrived, hop));
    }
  }
  const uint64_t period =
      SaturatingAdd(SaturatingMul(segment, per_byte), overheads);
  return SaturatingAdd(fill, SaturatingMul(segments - 1, period));
}

void SetQueues(MultiTreePlan* plan) {
  size_t most = 0;
  for (const WeightedTree& tree : plan->trees) {
    for (const std::vector<int>& children : tree.children) {
      most = std::max(most, children.size());
    }
  }
  plan->sends_in_flight = static_cast<int>(
      std::min<size_t>(kMaxSendsInFlight, std::max<size_t>(4, 2 * most)));
  plan->window = 16;
}

MultiTreePlan TypeRatesPlan(const uint64_t* send_ps_per_byte,
                            const uint64_t* receive_ps_per_byte,
                            const std::vector<int>& types, int root,
                            uint64_t segment_bytes, LargePlatform* platform) {
  std::vector<RankLink> links;
  for (int type : types) {
    links.push_back({send_ps_per_byte[type], receive_ps_per_byte[type], 0});
  }
  const LargePlatform rank_platform = SwitchPlatform(links);
  MultiTreePlan plan;
  uint64_t period = 0;
  plan.root = root;
  plan.trees = {DegreeTree(rank_platform, root, &period)};
  plan.segment_bytes = segment_bytes;
  SetQueues(&plan);
  if (platform != nullptr) *platform = rank_platform;
  return plan;
}

}  // namespace mpi
}  // namespace hetcast
