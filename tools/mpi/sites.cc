// sites.cc: the sites of sites.h, from pair costs.

#include "tools/mpi/sites.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {
namespace {

// Whether the switch explains the pair from i to j (sites.h); a pair not
// measured (cost 0) is explained.
bool ExplainedWay(const LargePlatform& platform,
                  const std::vector<uint64_t>& up,
                  const std::vector<uint64_t>& down, size_t i, size_t j) {
  const uint64_t c = platform.ps_per_byte[i][j];
  // c and the rates are at most kMaxLinkValue (2^40): no overflow.
  return c == 0 || kSiteGapDenominator * c <=
                       kSiteGapNumerator * std::max(up[i], down[j]);
}

// Measured both ways and explained both ways: the ranks share a site.
bool Joined(const LargePlatform& platform, const std::vector<uint64_t>& up,
            const std::vector<uint64_t>& down, size_t i, size_t j) {
  const auto& c = platform.ps_per_byte;
  return c[i][j] != 0 && c[j][i] != 0 &&
         ExplainedWay(platform, up, down, i, j) &&
         ExplainedWay(platform, up, down, j, i);
}

// Whether a measured pair across two sites is explained every way it was
// measured (which spoils the split).
bool ExplainedAcross(const LargePlatform& platform,
                     const std::vector<uint64_t>& up,
                     const std::vector<uint64_t>& down, size_t i, size_t j) {
  const auto& c = platform.ps_per_byte;
  return (c[i][j] != 0 || c[j][i] != 0) &&
         ExplainedWay(platform, up, down, i, j) &&
         ExplainedWay(platform, up, down, j, i);
}

int Find(std::vector<int>* parent, int v) {
  while ((*parent)[v] != v) v = (*parent)[v] = (*parent)[(*parent)[v]];
  return v;
}

// The components of Joined(), numbered by their lowest rank.
std::vector<int> Components(const LargePlatform& platform,
                            const std::vector<uint64_t>& up,
                            const std::vector<uint64_t>& down, int* count) {
  const size_t n = platform.ps_per_byte.size();
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      if (Joined(platform, up, down, i, j)) {
        parent[Find(&parent, j)] = Find(&parent, i);
      }
    }
  }
  std::vector<int> number(n, -1), of_rank;
  *count = 0;
  for (size_t i = 0; i < n; ++i) {
    int& site = number[Find(&parent, i)];
    if (site < 0) site = (*count)++;
    of_rank.push_back(site);
  }
  return of_rank;
}

}  // namespace

Sites FindSites(const LargePlatform& platform) {
  const size_t n = platform.ps_per_byte.size();
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  int count = 0;
  Sites sites;
  sites.of_rank = Components(platform, up, down, &count);
  if (count < 2) return {};
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const bool across = sites.of_rank[i] != sites.of_rank[j];
      const bool spoils = across ? ExplainedAcross(platform, up, down, i, j)
                                 : !ExplainedWay(platform, up, down, i, j);
      if (spoils) return {};
    }
  }
  sites.uplink_ps_per_byte = SiteUplinks(platform, sites.of_rank);
  for (uint64_t uplink : sites.uplink_ps_per_byte) {
    if (uplink == 0) return {};  // a site with no measured pair across
  }
  return sites;
}

std::vector<uint64_t> SiteUplinks(const LargePlatform& platform,
                                  const std::vector<int>& of_rank) {
  const size_t n = of_rank.size();
  const int count =
      n == 0 ? 0 : *std::max_element(of_rank.begin(), of_rank.end()) + 1;
  std::vector<uint64_t> uplink(count, 0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      const uint64_t c = platform.ps_per_byte[i][j];
      if (of_rank[i] == of_rank[j] || c == 0) continue;
      for (int s : {of_rank[i], of_rank[j]}) {
        if (uplink[s] == 0 || c < uplink[s]) uplink[s] = c;
      }
    }
  }
  return uplink;
}

std::string DescribeSites(const Sites& sites) {
  if (sites.of_rank.empty()) return "one site";
  std::string text =
      std::to_string(sites.uplink_ps_per_byte.size()) + " sites:";
  for (size_t s = 0; s < sites.uplink_ps_per_byte.size(); ++s) {
    text += s == 0 ? " ranks" : "; ranks";
    const char* separator = " ";
    for (size_t r = 0; r < sites.of_rank.size(); ++r) {
      if (sites.of_rank[r] != static_cast<int>(s)) continue;
      text += separator + std::to_string(r);
      separator = ",";
    }
    text +=
        " (uplink " + std::to_string(sites.uplink_ps_per_byte[s]) + " ps/B)";
  }
  return text;
}

}  // namespace mpi
}  // namespace hetcast
