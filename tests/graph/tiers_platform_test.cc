// tiers_platform_test.cc: the Tiers-like generator (tools/graph/
// tiers_platform.h): determinism per seed, the level structure and node
// counts of Fig. 11's platforms, connectivity, cost ranges, targets.
#include "tools/graph/tiers_platform.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace hetcast {
namespace {

using ::testing::HasSubstr;

TiersPlatform Generate(const TiersParameters& p, uint64_t seed) {
  absl::StatusOr<TiersPlatform> t = GenerateTiersPlatform(p, seed);
  EXPECT_TRUE(t.ok()) << t.status();
  return *std::move(t);
}

size_t CountLevel(const TiersPlatform& t, TiersLevel level) {
  return std::count(t.level.begin(), t.level.end(), level);
}

bool SameEdges(const TiersPlatform& a, const TiersPlatform& b) {
  if (a.platform.edges.size() != b.platform.edges.size()) return false;
  for (size_t i = 0; i < a.platform.edges.size(); ++i) {
    const hetcast_graph_edge &x = a.platform.edges[i], &y = b.platform.edges[i];
    if (x.from != y.from || x.to != y.to || x.cost != y.cost) return false;
  }
  return true;
}

TEST(TiersPlatform, SameSeedSamePlatformOtherSeedAnother) {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const TiersPlatform a = Generate(TiersParameters(), seed);
    const TiersPlatform b = Generate(TiersParameters(), seed);
    EXPECT_TRUE(SameEdges(a, b));
    EXPECT_EQ(a.platform.names, b.platform.names);
    EXPECT_EQ(a.platform.source, b.platform.source);
    EXPECT_FALSE(SameEdges(a, Generate(TiersParameters(), seed + 100)));
  }
}

TEST(TiersPlatform, NodeCountsOfFigure11) {
  const TiersPlatform small = Generate(TiersParameters(), 1);
  EXPECT_EQ(small.platform.names.size(), 30u);
  EXPECT_EQ(CountLevel(small, TiersLevel::kLan), 17u);
  EXPECT_EQ(CountLevel(small, TiersLevel::kWan), 5u);
  EXPECT_EQ(small.LanNodes().size(), 17u);
  const TiersPlatform big = Generate(BigTiers(), 1);
  EXPECT_EQ(big.platform.names.size(), 65u);
  EXPECT_EQ(CountLevel(big, TiersLevel::kLan), 47u);
  EXPECT_EQ(CountLevel(big, TiersLevel::kMan), 12u);
  const TiersPlatform tiny = Generate(TinyTiers(), 1);
  EXPECT_EQ(tiny.platform.names.size(), 10u);
  EXPECT_EQ(CountLevel(tiny, TiersLevel::kLan), 5u);
}

// Every platform Fig. 11's tool runs (seeds 1.. small, 1001.. big, 10 per
// size by default) fits the command line's size limit of the one-program
// LP algorithms (lb, ub, broadcast; the tool runs the heuristics through
// the library).
TEST(TiersPlatform, Figure11FitsTheLpSizeLimit) {
  for (uint64_t i = 0; i < 10; ++i) {
    for (const auto& [parameters, seed] :
         {std::make_pair(TiersParameters(), 1 + i),
          std::make_pair(BigTiers(), 1001 + i)}) {
      const TiersPlatform t = Generate(parameters, seed);
      EXPECT_LE(t.platform.names.size() * t.platform.edges.size(),
                kGraphLpMaxNodeEdges)
          << "seed " << seed;
      EXPECT_LE(t.platform.edges.size() * kGraphLpMaxEdgesPerNodeDen,
                t.platform.names.size() * kGraphLpMaxEdgesPerNodeNum)
          << "seed " << seed << ": " << t.platform.names.size() << " nodes, "
          << t.platform.edges.size() << " edges";
    }
  }
}

// Neighbours of each node (links are symmetric, checked here).
std::vector<std::set<uint32_t>> Neighbours(const TiersPlatform& t) {
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> cost;
  for (const hetcast_graph_edge& e : t.platform.edges) {
    EXPECT_TRUE(cost.emplace(std::make_pair(e.from, e.to), e.cost).second);
  }
  std::vector<std::set<uint32_t>> out(t.level.size());
  for (const auto& [edge, c] : cost) {
    const auto back = cost.find({edge.second, edge.first});
    EXPECT_TRUE(back != cost.end() && back->second == c);
    out[edge.first].insert(edge.second);
  }
  return out;
}

// The range a link's cost must come from, by the levels it joins.
CostRange RangeOf(const TiersParameters& p, TiersLevel a, TiersLevel b) {
  if (a > b) std::swap(a, b);
  if (a == TiersLevel::kWan && b == TiersLevel::kWan) return p.wan_cost;
  if (a == TiersLevel::kWan && b == TiersLevel::kMan) return p.man_wan_cost;
  if (a == TiersLevel::kMan && b == TiersLevel::kMan) return p.man_cost;
  if (a == TiersLevel::kMan && b == TiersLevel::kLan) return p.lan_man_cost;
  if (a == TiersLevel::kLan && b == TiersLevel::kLan) return p.lan_cost;
  ADD_FAILURE() << "a WAN-LAN link";
  return {0, 0};
}

TEST(TiersPlatform, CostsComeFromTheirLevelsRange) {
  for (const TiersParameters& p :
       {TiersParameters(), BigTiers(), TinyTiers()}) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const TiersPlatform t = Generate(p, seed);
      for (const hetcast_graph_edge& e : t.platform.edges) {
        const CostRange r = RangeOf(p, t.level[e.from], t.level[e.to]);
        EXPECT_GE(e.cost, r.low);
        EXPECT_LE(e.cost, r.high);
      }
    }
  }
}

TEST(TiersPlatform, SourceReachesEveryNodeFromTheWan) {
  for (const TiersParameters& p :
       {TiersParameters(), BigTiers(), TinyTiers()}) {
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const TiersPlatform t = Generate(p, seed);
      EXPECT_EQ(t.level[t.platform.source], TiersLevel::kWan);
      const std::vector<std::set<uint32_t>> next = Neighbours(t);
      std::vector<bool> seen(t.level.size(), false);
      std::vector<uint32_t> queue = {t.platform.source};
      seen[t.platform.source] = true;
      for (size_t head = 0; head < queue.size(); ++head) {
        for (uint32_t w : next[queue[head]]) {
          if (!seen[w]) seen[w] = true, queue.push_back(w);
        }
      }
      EXPECT_EQ(queue.size(), t.level.size()) << "seed " << seed;
    }
  }
}

// LANs are stars whose centre ("l<k>.0") alone has a MAN neighbour (RLM =
// 1); WAN nodes have at least RW = 2 WAN neighbours; MANs reach the WAN.
TEST(TiersPlatform, LevelStructure) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const TiersPlatform t = Generate(BigTiers(), seed);
    const std::vector<std::set<uint32_t>> next = Neighbours(t);
    for (uint32_t v = 0; v < t.level.size(); ++v) {
      std::map<TiersLevel, int> by_level;
      for (uint32_t w : next[v]) ++by_level[t.level[w]];
      const std::string& name = t.platform.names[v];
      if (t.level[v] == TiersLevel::kWan) {
        EXPECT_EQ(name[0], 'w');
        EXPECT_GE(by_level[TiersLevel::kWan], 2) << name;
        EXPECT_EQ(by_level[TiersLevel::kLan], 0) << name;
      } else if (t.level[v] == TiersLevel::kLan) {
        const bool centre = name.substr(name.size() - 2) == ".0";
        EXPECT_EQ(name[0], 'l');
        EXPECT_EQ(by_level[TiersLevel::kMan], centre ? 1 : 0) << name;
        if (!centre) {
          EXPECT_EQ(next[v].size(), 1u) << name;
        }
      }
    }
  }
}

TEST(TiersPlatform, TargetsAreNestedLanNodes) {
  const TiersPlatform t = Generate(TiersParameters(), 3);
  const std::vector<uint32_t> lan = t.LanNodes();
  std::vector<uint32_t> previous;
  for (size_t count = 0; count <= lan.size() + 1; ++count) {
    const std::vector<uint32_t> targets = TiersTargets(t, 99, count);
    EXPECT_EQ(targets.size(), std::clamp<size_t>(count, 1, lan.size()));
    EXPECT_TRUE(std::is_sorted(targets.begin(), targets.end()));
    EXPECT_TRUE(
        std::includes(lan.begin(), lan.end(), targets.begin(), targets.end()));
    EXPECT_TRUE(std::includes(targets.begin(), targets.end(), previous.begin(),
                              previous.end()));
    previous = targets;
  }
  EXPECT_NE(TiersTargets(t, 99, 5), TiersTargets(t, 100, 5));
}

TEST(TiersPlatform, RefusesParametersNamingThem) {
  TiersParameters p;
  p.lan_nodes = 7;  // 4 LANs need 8.
  EXPECT_THAT(std::string(GenerateTiersPlatform(p, 1).status().message()),
              HasSubstr("lan_nodes"));
  p = TiersParameters();
  p.lan_cost = {5, 4};
  EXPECT_THAT(std::string(GenerateTiersPlatform(p, 1).status().message()),
              HasSubstr("lan_cost"));
  p = TiersParameters();
  p.man_wan_links = 21;  // 4 x 5 pairs.
  EXPECT_THAT(std::string(GenerateTiersPlatform(p, 1).status().message()),
              HasSubstr("man_wan_links"));
}

}  // namespace
}  // namespace hetcast
