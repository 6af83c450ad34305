// route_cuts.cc: the flow network of route_cuts.h, its maximum flows by
// the graph model's MaxFlow (tools/graph/max_flow.h).

#include "tools/mpi/route_cuts.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <utility>

#include "tools/graph/max_flow.h"

namespace hetcast {
namespace mpi {
namespace {

using u128 = unsigned __int128;

class CutNetwork {
 public:
  explicit CutNetwork(const Platform& platform) : platform_(platform) {}

  uint32_t Vertex(const std::string& name) {
    return vertices_.emplace(name, static_cast<uint32_t>(vertices_.size()))
        .first->second;
  }

  // `from`, then each link of `links` in order (FATPIPE links limit
  // nothing and are left out); returns the last vertex.
  uint32_t Chain(uint32_t from, const std::vector<std::string>& links) {
    for (const std::string& id : links) {
      const PlatformLink& link = platform_.links.at(id);
      if (link.fatpipe) continue;
      const uint32_t in = Vertex("link in " + id);
      const uint32_t out = Vertex("link out " + id);
      cut_links_.emplace(id, LinkEnds{in, out, link.bytes_per_second});
      Connect(from, in);
      from = out;
    }
    return from;
  }

  // An unlimited edge, once.
  void Connect(uint32_t from, uint32_t to) {
    if (from != to) unlimited_.insert({from, to});
  }

  // The arcs, capacities in units of 2^scale bytes per second rounded up
  // (so a cut's capacity is never below its links'), scaled so that every
  // capacity sums below 2^64 as MaxFlow needs; an unlimited arc gets more
  // than all links together (`limit`).
  void Arcs(std::vector<CapacitatedArc>* arcs, uint64_t* limit,
            int* scale) const {
    for (*scale = 0;; ++*scale) {
      u128 links = 0;
      for (const auto& [id, ends] : cut_links_) {
        links += Scaled(ends.bandwidth, *scale);
      }
      const u128 total = links + (links + 1) * unlimited_.size();
      if (total < (u128{1} << 63)) {
        *limit = static_cast<uint64_t>(links + 1);
        break;
      }
    }
    arcs->clear();
    for (const auto& [id, ends] : cut_links_) {
      arcs->push_back({ends.in, ends.out, Scaled(ends.bandwidth, *scale)});
    }
    for (const auto& [from, to] : unlimited_) {
      arcs->push_back({from, to, *limit});
    }
  }

  size_t VertexCount() const { return vertices_.size(); }

  // The links whose entry is on the source side and exit is not.
  std::vector<std::string> CutLinks(
      const std::vector<bool>& source_side) const {
    std::vector<std::string> cut;
    for (const auto& [id, ends] : cut_links_) {
      if (source_side[ends.in] && !source_side[ends.out]) {
        cut.push_back(id);
      }
    }
    return cut;
  }

 private:
  static uint64_t Scaled(uint64_t bw, int scale) {
    return scale == 0 ? bw : ((bw - 1) >> scale) + 1;
  }

  const Platform& platform_;
  std::map<std::string, uint32_t> vertices_;
  std::set<std::pair<uint32_t, uint32_t>> unlimited_;
  struct LinkEnds {
    uint32_t in, out;
    uint64_t bandwidth;
  };
  // A link's entry and exit vertices, by id (sorted: cuts come sorted).
  std::map<std::string, LinkEnds> cut_links_;
};

// The host's up (or down) link as a one-link list, or none.
std::vector<std::string> HostLink(
    const std::map<std::string, std::string>& links, const std::string& host) {
  const auto found = links.find(host);
  if (found == links.end()) return {};
  return {found->second};
}

// Adds the routes between every ordered pair of distinct hosts: their own
// <route> as a path of its own, the others through their zones' hubs.
bool AddRoutes(const Platform& platform, const std::vector<std::string>& hosts,
               CutNetwork* network, std::string* error) {
  std::vector<std::string> links;
  for (const std::string& src : hosts) {
    for (const std::string& dst : hosts) {
      if (src == dst) continue;
      if (!RouteLinks(platform, src, dst, &links, error)) return false;
      const std::string& zone_src = platform.host_zone.at(src);
      const std::string& zone_dst = platform.host_zone.at(dst);
      const auto own = platform.routes.find(src + "\n" + dst);
      if (own != platform.routes.end()) {
        network->Connect(network->Chain(network->Vertex("host " + src), links),
                         network->Vertex("host " + dst));
        continue;
      }
      const uint32_t leave = network->Chain(network->Vertex("host " + src),
                                            HostLink(platform.host_up, src));
      network->Connect(leave, network->Vertex("leave " + zone_src));
      const uint32_t enter = network->Vertex("enter " + zone_dst);
      network->Connect(network->Chain(enter, HostLink(platform.host_down, dst)),
                       network->Vertex("host " + dst));
      std::vector<std::string> zone_route;
      if (zone_src != zone_dst) {
        zone_route = platform.routes.at(zone_src + "\n" + zone_dst);
      }
      network->Connect(
          network->Chain(network->Vertex("leave " + zone_src), zone_route),
          enter);
    }
  }
  return true;
}

}  // namespace

bool SmallestCuts(const Platform& platform,
                  const std::vector<std::string>& hosts, size_t root,
                  std::vector<RouteCut>* cuts, std::string* error) {
  CutNetwork network(platform);
  const std::set<std::string> distinct(hosts.begin(), hosts.end());
  if (!AddRoutes(platform, {distinct.begin(), distinct.end()}, &network,
                 error)) {
    return false;
  }
  const uint32_t source = network.Vertex("host " + hosts[root]);
  std::vector<CapacitatedArc> arcs;
  uint64_t limit = 0;
  int scale = 0;
  network.Arcs(&arcs, &limit, &scale);
  cuts->assign(hosts.size(), RouteCut());
  for (size_t r = 0; r < hosts.size(); ++r) {
    if (hosts[r] == hosts[root]) continue;
    const FlowResult flow = MaxFlow(network.VertexCount(), arcs, source,
                                    network.Vertex("host " + hosts[r]), limit);
    if (flow.value >= limit) continue;  // only unlimited paths
    RouteCut& cut = (*cuts)[r];
    cut.links = network.CutLinks(flow.source_side);
    const u128 capacity = u128{flow.value} << scale;
    cut.bytes_per_second = capacity > std::numeric_limits<uint64_t>::max()
                               ? std::numeric_limits<uint64_t>::max()
                               : static_cast<uint64_t>(capacity);
  }
  return true;
}

}  // namespace mpi
}  // namespace hetcast
