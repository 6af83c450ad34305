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

// Whether the switch explains the pair both ways (sites.h).
bool Explained(const LargePlatform& platform, const std::vector<uint64_t>& up,
               const std::vector<uint64_t>& down, size_t i, size_t j) {
  const auto& c = platform.ps_per_byte;
  return c[i][j] <= kSiteGap * std::max(up[i], down[j]) &&
         c[j][i] <= kSiteGap * std::max(up[j], down[i]);
}

int Find(std::vector<int>* parent, int v) {
  while ((*parent)[v] != v) v = (*parent)[v] = (*parent)[(*parent)[v]];
  return v;
}

}  // namespace

Sites FindSites(const LargePlatform& platform) {
  const size_t n = platform.ps_per_byte.size();
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      if (Explained(platform, up, down, i, j)) {
        parent[Find(&parent, j)] = Find(&parent, i);
      }
    }
  }
  // Number the sites by their lowest rank.
  Sites sites;
  std::vector<int> number(n, -1);
  for (size_t i = 0; i < n; ++i) {
    int& site = number[Find(&parent, i)];
    if (site < 0) site = static_cast<int>(sites.uplink_ps_per_byte.size());
    if (site == static_cast<int>(sites.uplink_ps_per_byte.size())) {
      sites.uplink_ps_per_byte.push_back(UINT64_MAX);
    }
    sites.of_rank.push_back(site);
  }
  if (sites.uplink_ps_per_byte.size() < 2) return {};
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const bool across = sites.of_rank[i] != sites.of_rank[j];
      if (across == Explained(platform, up, down, i, j)) return {};
      if (!across) continue;
      for (int s : {sites.of_rank[i], sites.of_rank[j]}) {
        uint64_t& uplink = sites.uplink_ps_per_byte[s];
        uplink = std::min(uplink, platform.ps_per_byte[i][j]);
      }
    }
  }
  return sites;
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
