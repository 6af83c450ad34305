// site_trees.cc: the weighted site trees of site_trees.h.

#include "tools/mpi/site_trees.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hetcast {
namespace mpi {
namespace {

// The sites each tree feeds, `count` trees: the root's site once in every
// tree, the rest of each site's feeds (`feeds`) in a round-robin over the
// sites, sites - 2 to a tree.
std::vector<std::vector<uint64_t>> DealFeeds(std::vector<uint64_t> feeds,
                                             size_t root_site, size_t count) {
  const size_t sites = feeds.size();
  std::vector<uint64_t> dealt;
  feeds[root_site] -= count;
  for (bool any = true; any;) {
    any = false;
    for (size_t s = 0; s < sites; ++s) {
      if (feeds[s] == 0) continue;
      dealt.push_back(s);
      --feeds[s];
      any = true;
    }
  }
  std::vector<std::vector<uint64_t>> trees(count,
                                           std::vector<uint64_t>(sites, 0));
  for (size_t t = 0; t < count; ++t) {
    ++trees[t][root_site];
    for (size_t i = 0; i < sites - 2; ++i)
      ++trees[t][dealt[t * (sites - 2) + i]];
  }
  return trees;
}

}  // namespace

std::vector<uint64_t> SiteCrossingTotals(const Sites& sites, size_t count) {
  const std::vector<uint64_t>& uplink = sites.uplink_ps_per_byte;
  const size_t k = uplink.size();
  std::vector<uint64_t> totals(k, count);
  for (uint64_t extra = (k - 2) * count; extra > 0; --extra) {
    size_t least = 0;
    for (size_t s = 1; s < k; ++s) {
      if ((totals[s] + 1) * uplink[s] < (totals[least] + 1) * uplink[least]) {
        least = s;
      }
    }
    ++totals[least];
  }
  return totals;
}

std::vector<WeightedTree> SiteTrees(const LargePlatform& platform, int root,
                                    size_t count) {
  const Sites& sites = platform.sites;
  const size_t k = sites.uplink_ps_per_byte.size();
  if (sites.of_rank.empty() || k < 2 || count == 0) return {};
  const size_t root_site = static_cast<size_t>(sites.of_rank[root]);
  // A site's feeds are its crossings but for its entry in every tree.
  std::vector<uint64_t> feeds = SiteCrossingTotals(sites, count);
  for (size_t s = 0; s < k; ++s) {
    if (s != root_site) feeds[s] -= count;
  }
  std::vector<WeightedTree> trees;
  for (std::vector<uint64_t> crossings : DealFeeds(feeds, root_site, count)) {
    for (size_t s = 0; s < k; ++s) crossings[s] += s != root_site;
    uint64_t period = 0;
    trees.push_back(
        DegreeTreeWithCrossings(platform, root, crossings, &period));
  }
  return trees;
}

std::vector<WeightedTree> MultiPortTrees(const LargePlatform& platform,
                                         int root, const char** algorithm) {
  uint64_t period = 0;
  std::vector<WeightedTree> trees = {DegreeTree(platform, root, &period)};
  if (algorithm != nullptr) *algorithm = "degree-tree";
  const size_t sites = platform.sites.uplink_ps_per_byte.size();
  if (sites < 3) return trees;
  std::vector<WeightedTree> turns = SiteTrees(platform, root, sites);
  if (MultiPortTreesPeriod(platform, turns) >= period) return trees;
  if (algorithm != nullptr) *algorithm = "site-trees";
  return turns;
}

MultiTreePlan MultiPortPlan(const LargePlatform& platform, int root,
                            uint64_t segment_bytes) {
  MultiTreePlan plan;
  plan.root = root;
  plan.trees = MultiPortTrees(platform, root, nullptr);
  plan.segment_bytes = segment_bytes;
  SetQueues(&plan);
  return plan;
}

}  // namespace mpi
}  // namespace hetcast
