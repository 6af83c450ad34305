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

// The greedy's state at period p: each rank's children left, and each
// site's crossings left (none without sites).
struct Room {
  std::vector<uint64_t> rank, site;
};

// The first rank of `joined` that may feed `rank` at period p: of its own
// site when `same_site`, else of another site with a crossing left on both
// uplinks. joined.size() when none may.
size_t Feeder(const LargePlatform& platform, const std::vector<int>& joined,
              const Room& room, int rank, uint64_t p, bool same_site) {
  const std::vector<int>& site = platform.sites.of_rank;
  for (size_t at = 0; at < joined.size(); ++at) {
    const int from = joined[at];
    if (room.rank[from] == 0 || platform.ps_per_byte[from][rank] > p) continue;
    if (site.empty() || site[from] == site[rank]) {
      if (same_site) return at;
    } else if (!same_site && room.site[site[from]] > 0 &&
               room.site[site[rank]] > 0) {
      return at;
    }
  }
  return joined.size();
}

// Whether DegreeTree()'s greedy joins every rank at period p; the tree.
bool GreedyDegreeTree(const LargePlatform& platform,
                      const std::vector<uint64_t>& up, int root, uint64_t p,
                      WeightedTree* tree) {
  const int n = static_cast<int>(up.size());
  const Sites& sites = platform.sites;
  Room room;
  for (uint64_t uplink : sites.uplink_ps_per_byte) {
    room.site.push_back(p / uplink);
  }
  std::vector<int> order;
  for (int i = 0; i < n; ++i) {
    room.rank.push_back(p / up[i]);
    if (i != root) order.push_back(i);
  }
  // Sites one after the other, the root's first and then in decreasing
  // crossings room (lower site first on ties), as ranks are.
  const std::vector<int>& site = sites.of_rank;
  auto site_key = [&](int rank) -> std::pair<int, int64_t> {
    if (site.empty() || site[rank] == site[root]) return {0, 0};
    return {1, -static_cast<int64_t>(room.site[site[rank]])};
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (site_key(a) != site_key(b)) return site_key(a) < site_key(b);
    if (!site.empty() && site[a] != site[b]) return site[a] < site[b];
    return room.rank[a] > room.rank[b];
  });
  tree->children.assign(n, {});
  std::vector<int> joined = {root};
  for (int rank : order) {
    size_t feeder = Feeder(platform, joined, room, rank, p, true);
    if (feeder == joined.size()) {
      feeder = Feeder(platform, joined, room, rank, p, false);
      if (feeder == joined.size()) return false;
      --room.site[sites.of_rank[joined[feeder]]];
      --room.site[sites.of_rank[rank]];
    }
    tree->children[joined[feeder]].push_back(rank);
    --room.rank[joined[feeder]];
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
  const std::vector<uint64_t>& uplinks = platform.sites.uplink_ps_per_byte;
  for (uint64_t uplink : uplinks) {
    for (size_t k = 1; k <= uplinks.size(); ++k) {
      if (uplink * k > slowest) candidates.push_back(uplink * k);
    }
  }
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()),
                   candidates.end());
  return candidates;
}

// The period per byte of `tree` (MultiPortPeriod() of large_plan.h in
// integers): its busiest port, edge, receiver or uplink.
uint64_t TreePeriod(const LargePlatform& platform, const WeightedTree& tree,
                    const std::vector<uint64_t>& up,
                    const std::vector<uint64_t>& down) {
  uint64_t period = 0;
  const Sites& sites = platform.sites;
  const std::vector<uint64_t> crossings = SiteCrossings(sites, tree);
  for (size_t s = 0; s < crossings.size(); ++s) {
    period = std::max(period, crossings[s] * sites.uplink_ps_per_byte[s]);
  }
  for (size_t from = 0; from < tree.children.size(); ++from) {
    period = std::max(period, up[from] * tree.children[from].size());
    for (int to : tree.children[from]) {
      period = std::max({period, platform.ps_per_byte[from][to], down[to]});
    }
  }
  return period;
}

}  // namespace

std::vector<uint64_t> SiteCrossings(const Sites& sites,
                                    const WeightedTree& tree) {
  std::vector<uint64_t> crossings(sites.uplink_ps_per_byte.size(), 0);
  if (sites.of_rank.empty()) return crossings;
  for (size_t from = 0; from < tree.children.size(); ++from) {
    for (int to : tree.children[from]) {
      if (sites.of_rank[from] == sites.of_rank[to]) continue;
      ++crossings[sites.of_rank[from]];
      ++crossings[sites.of_rank[to]];
    }
  }
  return crossings;
}

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
  *period = TreePeriod(platform, tree, up, down);
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
  // Each site's uplink load per byte: its crossings x its cost.
  const Sites& sites = platform.sites;
  std::vector<uint64_t> uplink_load = SiteCrossings(sites, tree);
  for (size_t s = 0; s < uplink_load.size(); ++s) {
    uplink_load[s] *= sites.uplink_ps_per_byte[s];
  }
  const uint64_t per_byte = TreePeriod(platform, tree, up, down);
  uint64_t overheads = 0, fill = 0;
  std::vector<std::pair<int, uint64_t>> stack = {{plan.root, 0}};
  while (!stack.empty()) {
    const auto [at, arrived] = stack.back();
    stack.pop_back();
    fill = std::max(fill, arrived);
    const uint64_t children = tree.children[at].size();
    const uint64_t shared = up[at] * children;
    overheads = std::max(overheads, children * platform.overhead_ps[at]);
    for (int child : tree.children[at]) {
      uint64_t edge = platform.ps_per_byte[at][child];
      if (!sites.of_rank.empty() && sites.of_rank[at] != sites.of_rank[child]) {
        edge = std::max({edge, uplink_load[sites.of_rank[at]],
                         uplink_load[sites.of_rank[child]]});
      }
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
