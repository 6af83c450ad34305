// tiers_platform.cc: the Tiers-like generator (tiers_platform.h states the
// model and its departures from Tiers).
#include "tools/graph/tiers_platform.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace hetcast {
namespace {

constexpr uint64_t kGrid = 1000;

// A uniform draw in [0, n) by rejection: the same on every standard
// library, unlike std::uniform_int_distribution.
class Draw {
 public:
  explicit Draw(uint64_t seed) : engine_(seed) {}
  uint64_t Below(uint64_t n) {
    const uint64_t limit = std::numeric_limits<uint64_t>::max() -
                           std::numeric_limits<uint64_t>::max() % n;
    uint64_t x;
    do {
      x = engine_();
    } while (x >= limit);
    return x % n;
  }
  uint64_t In(CostRange range) {
    return range.low + Below(range.high - range.low + 1);
  }

 private:
  std::mt19937_64 engine_;
};

struct Point {
  uint64_t x, y;
};

uint64_t SquaredDistance(Point a, Point b) {
  const uint64_t dx = a.x > b.x ? a.x - b.x : b.x - a.x;
  const uint64_t dy = a.y > b.y ? a.y - b.y : b.y - a.y;
  return dx * dx + dy * dy;
}

class Builder {
 public:
  explicit Builder(uint64_t seed) : draw_(seed) {}

  uint32_t AddNode(std::string name, TiersLevel level) {
    out_.platform.names.push_back(std::move(name));
    out_.level.push_back(level);
    return static_cast<uint32_t>(out_.level.size() - 1);
  }
  bool Linked(uint32_t a, uint32_t b) const {
    return linked_.count({std::min(a, b), std::max(a, b)}) > 0;
  }
  // One undirected link: the same drawn cost in both directions.
  void Link(uint32_t a, uint32_t b, CostRange range) {
    linked_.insert({std::min(a, b), std::max(a, b)});
    const uint64_t cost = draw_.In(range);
    out_.platform.edges.push_back({a, b, cost});
    out_.platform.edges.push_back({b, a, cost});
  }
  void ConnectNetwork(const std::vector<uint32_t>& ids, uint32_t redundancy,
                      CostRange range);
  void Star(const std::vector<uint32_t>& ids, CostRange range) {
    for (size_t i = 1; i < ids.size(); ++i) Link(ids[0], ids[i], range);
  }
  uint32_t Pick(const std::vector<uint32_t>& ids) {
    return ids[draw_.Below(ids.size())];
  }
  TiersPlatform Take() { return std::move(out_); }

 private:
  void SpanningTree(const std::vector<uint32_t>& ids,
                    const std::vector<Point>& at, CostRange range);
  Draw draw_;
  TiersPlatform out_;
  std::set<std::pair<uint32_t, uint32_t>> linked_;
};

// Prim's algorithm from ids[0]; ties go to the earlier node.
void Builder::SpanningTree(const std::vector<uint32_t>& ids,
                           const std::vector<Point>& at, CostRange range) {
  const size_t n = ids.size();
  std::vector<bool> in(n, false);
  std::vector<uint64_t> best(n, std::numeric_limits<uint64_t>::max());
  std::vector<size_t> parent(n, 0);
  best[0] = 0;
  for (size_t round = 0; round < n; ++round) {
    size_t next = n;
    for (size_t i = 0; i < n; ++i) {
      if (!in[i] && (next == n || best[i] < best[next])) next = i;
    }
    in[next] = true;
    if (round > 0) Link(ids[parent[next]], ids[next], range);
    for (size_t i = 0; i < n; ++i) {
      const uint64_t d = SquaredDistance(at[next], at[i]);
      if (!in[i] && d < best[i]) best[i] = d, parent[i] = next;
    }
  }
}

// Tiers' intra-network rule: a Euclidean minimum spanning tree, then each
// node with fewer than `redundancy` neighbours in the network is joined to
// its nearest non-neighbour until it has them.
void Builder::ConnectNetwork(const std::vector<uint32_t>& ids,
                             uint32_t redundancy, CostRange range) {
  std::vector<Point> at(ids.size());
  for (Point& p : at) p = {draw_.Below(kGrid), draw_.Below(kGrid)};
  SpanningTree(ids, at, range);
  for (size_t i = 0; i < ids.size(); ++i) {
    for (;;) {
      size_t degree = 0, nearest = ids.size();
      for (size_t j = 0; j < ids.size(); ++j) {
        if (j == i) continue;
        if (Linked(ids[i], ids[j])) {
          ++degree;
        } else if (nearest == ids.size() ||
                   SquaredDistance(at[i], at[j]) <
                       SquaredDistance(at[i], at[nearest])) {
          nearest = j;
        }
      }
      if (degree >= redundancy || nearest == ids.size()) break;
      Link(ids[i], ids[nearest], range);
    }
  }
}

absl::Status CheckRange(const char* name, CostRange range) {
  if (range.low < 1 || range.low > range.high ||
      range.high > HETCAST_MAX_COST) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: [%d, %d] is not a range inside 1 .. %d", name,
                        range.low, range.high, HETCAST_MAX_COST));
  }
  return absl::OkStatus();
}

absl::Status CheckParameters(const TiersParameters& p) {
  const auto fail = [](const char* name, const char* why) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": ", why));
  };
  if (p.wan_nodes < 1) return fail("wan_nodes", "must be >= 1");
  if (p.man_count < 1) return fail("man_count", "must be >= 1");
  if (p.man_nodes < 1) return fail("man_nodes", "must be >= 1");
  if (p.lans_per_man < 1) return fail("lans_per_man", "must be >= 1");
  const uint64_t lans = uint64_t{p.man_count} * p.lans_per_man;
  const uint64_t total =
      uint64_t{p.wan_nodes} + uint64_t{p.man_count} * p.man_nodes + p.lan_nodes;
  if (p.lan_nodes < 2 * lans) return fail("lan_nodes", "< 2 per LAN");
  if (total > HETCAST_GRAPH_MAX_NODES) return fail("lan_nodes", "too many");
  if (p.man_wan_links < 1 ||
      p.man_wan_links > uint64_t{p.man_nodes} * p.wan_nodes) {
    return fail("man_wan_links", "must be 1 .. man_nodes * wan_nodes");
  }
  if (p.lan_man_links < 1 || p.lan_man_links > p.lan_nodes / lans) {
    return fail("lan_man_links", "must be 1 .. the smallest LAN's size");
  }
  for (const auto& [name, range] : {std::pair{"wan_cost", p.wan_cost},
                                    {"man_wan_cost", p.man_wan_cost},
                                    {"man_cost", p.man_cost},
                                    {"lan_man_cost", p.lan_man_cost},
                                    {"lan_cost", p.lan_cost}}) {
    absl::Status status = CheckRange(name, range);
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

std::vector<uint32_t> AddNetwork(Builder& b, uint32_t count,
                                 const std::string& prefix, TiersLevel level) {
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; i < count; ++i) {
    ids.push_back(b.AddNode(absl::StrCat(prefix, i), level));
  }
  return ids;
}

// `links` distinct (random node of `lower`, random node of `upper`) links.
void JoinRandomly(Builder& b, const std::vector<uint32_t>& lower,
                  const std::vector<uint32_t>& upper, uint32_t links,
                  CostRange range) {
  for (uint32_t made = 0; made < links;) {
    const uint32_t from = b.Pick(lower), to = b.Pick(upper);
    if (b.Linked(from, to)) continue;
    b.Link(from, to, range);
    ++made;
  }
}

}  // namespace

TiersParameters BigTiers() {
  TiersParameters p;
  p.wan_nodes = 6;
  p.man_count = 3;
  p.man_nodes = 4;
  p.lans_per_man = 3;
  p.lan_nodes = 47;
  return p;
}

TiersParameters TinyTiers() {
  TiersParameters p;
  p.wan_nodes = 2;
  p.man_count = 1;
  p.man_nodes = 3;
  p.lans_per_man = 2;
  p.lan_nodes = 5;
  p.man_wan_links = 1;
  return p;
}

std::vector<uint32_t> TiersPlatform::LanNodes() const {
  std::vector<uint32_t> lan;
  for (uint32_t v = 0; v < level.size(); ++v) {
    if (level[v] == TiersLevel::kLan) lan.push_back(v);
  }
  return lan;
}

std::vector<uint32_t> TiersTargets(const TiersPlatform& tiers, uint64_t seed,
                                   size_t count) {
  std::vector<uint32_t> lan = tiers.LanNodes();
  Draw draw(seed);
  for (size_t i = lan.size(); i > 1; --i) {  // Fisher-Yates
    std::swap(lan[i - 1], lan[draw.Below(i)]);
  }
  lan.resize(std::max<size_t>(1, std::min(count, lan.size())));
  std::sort(lan.begin(), lan.end());
  return lan;
}

absl::StatusOr<TiersPlatform> GenerateTiersPlatform(const TiersParameters& p,
                                                    uint64_t seed) {
  absl::Status status = CheckParameters(p);
  if (!status.ok()) return status;
  Builder b(seed);
  const std::vector<uint32_t> wan =
      AddNetwork(b, p.wan_nodes, "w", TiersLevel::kWan);
  std::vector<std::vector<uint32_t>> mans;
  for (uint32_t m = 0; m < p.man_count; ++m) {
    mans.push_back(AddNetwork(b, p.man_nodes, absl::StrCat("m", m, "."),
                              TiersLevel::kMan));
  }
  const uint32_t lans = p.man_count * p.lans_per_man;
  std::vector<std::vector<uint32_t>> lan_ids;
  for (uint32_t l = 0; l < lans; ++l) {
    const uint32_t size = p.lan_nodes / lans + (l < p.lan_nodes % lans);
    lan_ids.push_back(
        AddNetwork(b, size, absl::StrCat("l", l, "."), TiersLevel::kLan));
  }
  b.ConnectNetwork(wan, p.wan_redundancy, p.wan_cost);
  for (const std::vector<uint32_t>& man : mans) {
    b.ConnectNetwork(man, p.man_redundancy, p.man_cost);
    JoinRandomly(b, man, wan, p.man_wan_links, p.man_wan_cost);
  }
  for (uint32_t l = 0; l < lans; ++l) {
    b.Star(lan_ids[l], p.lan_cost);
    const std::vector<uint32_t>& man = mans[l / p.lans_per_man];
    for (uint32_t i = 0; i < p.lan_man_links; ++i) {
      b.Link(lan_ids[l][i], b.Pick(man), p.lan_man_cost);
    }
  }
  const uint32_t source = b.Pick(wan);
  TiersPlatform out = b.Take();
  out.platform.source = source;
  out.seed = seed;
  return out;
}

}  // namespace hetcast
