// group_uplinks.cc: each shared link's two sides from the routes between
// the ranks' hosts, and the disjoint groups taken from them
// (group_uplinks.h).

#include "tools/mpi/group_uplinks.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace hetcast {
namespace mpi {
namespace {

// One bandwidth for both directions: declared SHARED (the default).
bool CarriesBothWays(const Platform& platform, const std::string& link) {
  const auto split = platform.split_duplex.find(link);
  return split != platform.split_duplex.end() && !split->second &&
         !platform.links.at(link).fatpipe;
}

// The links that carry both ways on the routes between distinct hosts,
// as indices into `links`: pair (a, b)'s from offsets_[a * m + b].
class HostRoutes {
 public:
  bool Read(const Platform& platform, const std::vector<std::string>& hosts,
            std::string* error) {
    m_ = hosts.size();
    offsets_.assign(1, 0);
    std::vector<std::string> route;
    for (size_t a = 0; a < m_; ++a) {
      for (size_t b = 0; b < m_; ++b) {
        if (a != b) {
          if (!RouteLinks(platform, hosts[a], hosts[b], &route, error)) {
            return false;
          }
          Add(platform, route);
        }
        offsets_.push_back(entries_.size());
      }
    }
    return true;
  }

  bool Contains(size_t a, size_t b, uint32_t link) const {
    const auto begin = entries_.begin() + offsets_[a * m_ + b];
    const auto end = entries_.begin() + offsets_[a * m_ + b + 1];
    return std::find(begin, end, link) != end;
  }

  // Host 0's side of `link` (true) and the other; empty when the routes do
  // not split the hosts in two that way.
  std::vector<bool> Sides(uint32_t link) const {
    std::vector<bool> with_first(m_, true);
    for (size_t b = 1; b < m_; ++b) with_first[b] = !Contains(0, b, link);
    for (size_t a = 0; a < m_; ++a) {
      for (size_t b = 0; b < m_; ++b) {
        if (a != b &&
            Contains(a, b, link) != (with_first[a] != with_first[b])) {
          return {};
        }
      }
    }
    if (std::count(with_first.begin(), with_first.end(), true) ==
        static_cast<long>(m_)) {
      return {};
    }
    return with_first;
  }

  std::vector<std::string> links;  // in order of first appearance

 private:
  void Add(const Platform& platform, const std::vector<std::string>& route) {
    for (const std::string& link : route) {
      if (!CarriesBothWays(platform, link)) continue;
      const auto added = index_.emplace(link, links.size());
      if (added.second) links.push_back(link);
      entries_.push_back(added.first->second);
    }
  }

  std::map<std::string, uint32_t> index_;
  size_t m_ = 0;
  std::vector<size_t> offsets_;
  std::vector<uint32_t> entries_;
};

struct Side {
  size_t size;
  std::string link;
  std::vector<bool> members;
  bool operator<(const Side& other) const {
    return std::tie(size, link, members) <
           std::tie(other.size, other.link, other.members);
  }
};

// Both sides of every link that splits the hosts, smallest first.
std::vector<Side> CandidateSides(const HostRoutes& routes) {
  std::vector<Side> sides;
  for (uint32_t link = 0; link < routes.links.size(); ++link) {
    std::vector<bool> members = routes.Sides(link);
    if (members.empty()) continue;
    for (int side = 0; side < 2; ++side) {
      const size_t size = std::count(members.begin(), members.end(), true);
      sides.push_back({size, routes.links[link], members});
      members.flip();
    }
  }
  std::sort(sides.begin(), sides.end());
  return sides;
}

}  // namespace

bool FindUplinkGroups(const Platform& platform,
                      const std::vector<std::string>& hosts,
                      UplinkGroups* groups, std::string* error) {
  const std::set<std::string> distinct_set(hosts.begin(), hosts.end());
  const std::vector<std::string> distinct(distinct_set.begin(),
                                          distinct_set.end());
  HostRoutes routes;
  if (!routes.Read(platform, distinct, error)) return false;
  std::vector<int> host_group(distinct.size(), -1);
  *groups = UplinkGroups();
  for (const Side& side : CandidateSides(routes)) {
    bool free =
        std::count(groups->links.begin(), groups->links.end(), side.link) == 0;
    for (size_t h = 0; h < distinct.size() && free; ++h) {
      free = !side.members[h] || host_group[h] < 0;
    }
    if (!free) continue;
    for (size_t h = 0; h < distinct.size(); ++h) {
      if (!side.members[h]) continue;
      host_group[h] = static_cast<int>(groups->links.size());
    }
    groups->links.push_back(side.link);
    const uint64_t bw = platform.links.at(side.link).bytes_per_second;
    groups->bytes_per_second =
        std::min(groups->bytes_per_second,
                 std::numeric_limits<uint64_t>::max() - bw) +
        bw;
  }
  for (const std::string& host : hosts) {
    const size_t h = std::lower_bound(distinct.begin(), distinct.end(), host) -
                     distinct.begin();
    groups->group.push_back(host_group[h]);
  }
  return true;
}

uint64_t UplinkCrossings(const UplinkGroups& groups) {
  const uint64_t k = groups.links.size();
  const bool everyone =
      std::count(groups.group.begin(), groups.group.end(), -1) == 0;
  return everyone ? 2 * (k - 1) : k;
}

}  // namespace mpi
}  // namespace hetcast
