// degree_tree.cc: the multi-port tree of degree_tree.h, in integers.

#include "tools/mpi/degree_tree.h"

#include <algorithm>
#include <cstdint>
#include <map>
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
// Each site's crossings are `crossings` when not null, else p / uplink;
// each rank's children at most `fan_out` when not 0.
bool GreedyDegreeTree(const LargePlatform& platform,
                      const std::vector<uint64_t>& up, int root, uint64_t p,
                      const std::vector<uint64_t>* crossings, uint64_t fan_out,
                      WeightedTree* tree) {
  const int n = static_cast<int>(up.size());
  const Sites& sites = platform.sites;
  Room room;
  if (crossings != nullptr) room.site = *crossings;
  for (size_t s = 0;
       crossings == nullptr && s < sites.uplink_ps_per_byte.size(); ++s) {
    room.site.push_back(p / sites.uplink_ps_per_byte[s]);
  }
  std::vector<int> order;
  std::vector<uint64_t> capacity;  // p / u_i, uncapped: the joining order
  for (int i = 0; i < n; ++i) {
    capacity.push_back(p / up[i]);
    room.rank.push_back(fan_out == 0 ? capacity[i]
                                     : std::min(capacity[i], fan_out));
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
    return capacity[a] > capacity[b];
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

// The period per byte of weighted `trees` (MultiPortPeriod() of
// large_plan.h in integers, rounded up): the busiest port, edge, receiver
// or uplink, its loads summed over the trees by weight.
uint64_t TreesPeriod(const LargePlatform& platform,
                     const std::vector<WeightedTree>& trees,
                     const std::vector<uint64_t>& up,
                     const std::vector<uint64_t>& down) {
  const size_t n = up.size();
  const Sites& sites = platform.sites;
  std::vector<uint64_t> out(n, 0), in(n, 0);
  std::vector<uint64_t> uplink(sites.uplink_ps_per_byte.size(), 0);
  std::vector<std::vector<uint64_t>> edge(n, std::vector<uint64_t>(n, 0));
  uint64_t total = 0;
  auto add = [](uint64_t* load, uint64_t w, uint64_t cost) {
    *load = SaturatingAdd(*load, SaturatingMul(w, cost));
  };
  for (const WeightedTree& tree : trees) {
    total = SaturatingAdd(total, tree.weight);
    const std::vector<uint64_t> crossings = SiteCrossings(sites, tree);
    for (size_t s = 0; s < crossings.size(); ++s) {
      add(&uplink[s], tree.weight, crossings[s] * sites.uplink_ps_per_byte[s]);
    }
    for (size_t from = 0; from < n; ++from) {
      add(&out[from], tree.weight, up[from] * tree.children[from].size());
      for (int to : tree.children[from]) {
        add(&in[to], tree.weight, down[to]);
        add(&edge[from][to], tree.weight, platform.ps_per_byte[from][to]);
      }
    }
  }
  uint64_t busiest = 0;
  for (uint64_t load : uplink) busiest = std::max(busiest, load);
  for (size_t v = 0; v < n; ++v) {
    busiest = std::max({busiest, out[v], in[v],
                        *std::max_element(edge[v].begin(), edge[v].end())});
  }
  return total == 0 ? 0 : busiest / total + (busiest % total != 0);
}

// The latest arrival of one segment of `segment` bytes down `tree` from
// `root` with no other traffic, children fed at once (each hop overhead_i
// + segment x max(c(i, j), children x u_i, each crossed uplink's load in
// this tree), at least children x relay_ps[i] when i is not the root),
// into `fill`; the
// tree's largest children x overhead_i into `overheads`; both kept when larger.
void TreeFill(const LargePlatform& platform, const WeightedTree& tree, int root,
              uint64_t segment, const std::vector<uint64_t>& up, uint64_t* fill,
              uint64_t* overheads) {
  const Sites& sites = platform.sites;
  std::vector<uint64_t> uplink_load = SiteCrossings(sites, tree);
  for (size_t s = 0; s < uplink_load.size(); ++s) {
    uplink_load[s] *= sites.uplink_ps_per_byte[s];
  }
  std::vector<std::pair<int, uint64_t>> stack = {{root, 0}};
  while (!stack.empty()) {
    const auto [at, arrived] = stack.back();
    stack.pop_back();
    *fill = std::max(*fill, arrived);
    const uint64_t children = tree.children[at].size();
    const uint64_t shared = up[at] * children;
    *overheads = std::max(*overheads, children * platform.overhead_ps[at]);
    for (int child : tree.children[at]) {
      uint64_t edge = platform.ps_per_byte[at][child];
      if (!sites.of_rank.empty() && sites.of_rank[at] != sites.of_rank[child]) {
        edge = std::max({edge, uplink_load[sites.of_rank[at]],
                         uplink_load[sites.of_rank[child]]});
      }
      uint64_t hop =
          SaturatingAdd(platform.overhead_ps[at],
                        SaturatingMul(segment, std::max(edge, shared)));
      if (at != root && static_cast<size_t>(at) < platform.relay_ps.size()) {
        hop = std::max(hop, SaturatingMul(children, platform.relay_ps[at]));
      }
      stack.emplace_back(child, SaturatingAdd(arrived, hop));
    }
  }
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
      if (c == 0) continue;  // not measured
      if ((*up)[i] == 0 || c < (*up)[i]) (*up)[i] = c;
      if ((*down)[j] == 0 || c < (*down)[j]) (*down)[j] = c;
    }
  }
}

namespace {

// DegreeTree(), DegreeTreeWithCrossings() and FanOutTree(): the least
// candidate period at which the greedy joins every rank, with `fan_out`
// (when not 0) at least fan_out x the fastest up rate.
WeightedTree SearchDegreeTree(const LargePlatform& platform, int root,
                              const std::vector<uint64_t>* crossings,
                              uint64_t fan_out, uint64_t* period) {
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  std::vector<uint64_t> candidates = PeriodCandidates(platform, root, up, down);
  if (fan_out != 0) {
    const uint64_t fastest = *std::min_element(up.begin(), up.end());
    const uint64_t least = SaturatingMul(fan_out, fastest);
    // The largest candidate stays: the greedy always joins every rank there.
    candidates.erase(
        candidates.begin(),
        std::lower_bound(candidates.begin(), candidates.end() - 1, least));
  }
  // Binary search: the largest candidate succeeds (every rank may feed all
  // n - 1 over every edge), and a larger p only adds room and edges.
  size_t low = 0, high = candidates.size() - 1;
  while (low < high) {
    const size_t middle = low + (high - low) / 2;
    WeightedTree trial;
    if (GreedyDegreeTree(platform, up, root, candidates[middle], crossings,
                         fan_out, &trial)) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  WeightedTree tree;
  GreedyDegreeTree(platform, up, root, candidates[low], crossings, fan_out,
                   &tree);
  tree.weight = 1;
  *period = TreesPeriod(platform, {tree}, up, down);
  return tree;
}

}  // namespace

WeightedTree DegreeTree(const LargePlatform& platform, int root,
                        uint64_t* period) {
  return SearchDegreeTree(platform, root, nullptr, 0, period);
}

WeightedTree FanOutTree(const LargePlatform& platform, int root,
                        uint64_t fan_out, uint64_t* period) {
  return SearchDegreeTree(platform, root, nullptr, fan_out, period);
}

WeightedTree DegreeTreeWithCrossings(const LargePlatform& platform, int root,
                                     const std::vector<uint64_t>& crossings,
                                     uint64_t* period) {
  return SearchDegreeTree(platform, root, &crossings, 0, period);
}

uint64_t DegreeTreePredictedPs(const LargePlatform& platform,
                               const MultiTreePlan& plan, uint64_t bytes) {
  const uint64_t segment = plan.segment_bytes;
  const uint64_t segments = bytes == 0 ? 0 : (bytes + segment - 1) / segment;
  if (segments == 0 || plan.trees.empty()) return 0;
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  const uint64_t per_byte = TreesPeriod(platform, plan.trees, up, down);
  uint64_t overheads = 0, fill = 0;
  for (const WeightedTree& tree : plan.trees) {
    TreeFill(platform, tree, plan.root, segment, up, &fill, &overheads);
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

uint64_t MultiPortTreesPeriod(const LargePlatform& platform,
                              const std::vector<WeightedTree>& trees) {
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  return TreesPeriod(platform, trees, up, down);
}

LargePlatform TypeRatesPlatform(const uint64_t* send_ps_per_byte,
                                const uint64_t* receive_ps_per_byte,
                                const std::vector<int>& types,
                                const std::vector<int>& sites,
                                const uint64_t* uplink_ps_per_byte) {
  std::vector<RankLink> links;
  for (int type : types) {
    links.push_back({send_ps_per_byte[type], receive_ps_per_byte[type], 0});
  }
  LargePlatform platform = SwitchPlatform(links);
  if (uplink_ps_per_byte == nullptr || sites.size() != types.size()) {
    return platform;
  }
  std::map<int, int> number;
  Sites& renumbered = platform.sites;
  for (int site : sites) {
    const auto added = number.emplace(site, static_cast<int>(number.size()));
    if (added.second) {
      renumbered.uplink_ps_per_byte.push_back(uplink_ps_per_byte[site]);
    }
    renumbered.of_rank.push_back(added.first->second);
  }
  if (number.size() < 2) platform.sites = Sites();
  return platform;
}

}  // namespace mpi
}  // namespace hetcast
