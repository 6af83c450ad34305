// route_cuts.cc: the flow network of route_cuts.h and its maximum flows
// (Dinic's algorithm: shortest augmenting paths in blocking phases), in
// exact integers.

#include "tools/mpi/route_cuts.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <utility>

namespace hetcast {
namespace mpi {
namespace {

using u128 = unsigned __int128;
// Above any sum of 64-bit bandwidths over fewer than 2^36 links.
constexpr u128 kUnlimited = u128{1} << 100;

class CutNetwork {
 public:
  explicit CutNetwork(const Platform& platform) : platform_(platform) {}

  int Vertex(const std::string& name) {
    const auto [it, added] = vertices_.emplace(name, adjacency_.size());
    if (added) adjacency_.emplace_back();
    return it->second;
  }

  // `from`, then each link of `links` in order (FATPIPE links limit
  // nothing and are left out); returns the last vertex.
  int Chain(int from, const std::vector<std::string>& links) {
    for (const std::string& id : links) {
      const PlatformLink& link = platform_.links.at(id);
      if (link.fatpipe) continue;
      const int in = Vertex("link in " + id), out = Vertex("link out " + id);
      if (cut_links_.emplace(id, std::make_pair(in, out)).second) {
        AddEdge(in, out, link.bytes_per_second);
      }
      Connect(from, in);
      from = out;
    }
    return from;
  }

  // An unlimited edge, once.
  void Connect(int from, int to) {
    if (from != to && connected_.insert({from, to}).second) {
      AddEdge(from, to, kUnlimited);
    }
  }

  // The maximum flow from `source` to `sink` (kUnlimited when no finite
  // cut separates them) and the links of a smallest cut: those whose entry
  // the final residual network reaches and whose exit it does not.
  u128 MaxFlow(int source, int sink, std::vector<std::string>* cut) {
    for (Edge& edge : edges_) edge.residual = edge.capacity;
    u128 total = 0;
    while (Levels(source, sink)) {
      next_edge_.assign(adjacency_.size(), 0);
      while (const u128 pushed = Push(source, sink, kUnlimited)) {
        total += pushed;
        if (total >= kUnlimited) return kUnlimited;
      }
    }
    cut->clear();
    for (const auto& [id, ends] : cut_links_) {
      if (level_[ends.first] >= 0 && level_[ends.second] < 0) {
        cut->push_back(id);
      }
    }
    return total;
  }

 private:
  struct Edge {
    int to;
    u128 capacity, residual;  // a reverse edge has capacity 0
  };

  void AddEdge(int from, int to, u128 capacity) {
    adjacency_[from].push_back(edges_.size());
    edges_.push_back({to, capacity, capacity});
    adjacency_[to].push_back(edges_.size());
    edges_.push_back({from, 0, 0});
  }

  // Breadth-first levels over edges with room; true when the sink has one.
  bool Levels(int source, int sink) {
    level_.assign(adjacency_.size(), -1);
    std::vector<int> queue{source};
    level_[source] = 0;
    for (size_t head = 0; head < queue.size(); ++head) {
      for (size_t e : adjacency_[queue[head]]) {
        if (edges_[e].residual > 0 && level_[edges_[e].to] < 0) {
          level_[edges_[e].to] = level_[queue[head]] + 1;
          queue.push_back(edges_[e].to);
        }
      }
    }
    return level_[sink] >= 0;
  }

  // One augmenting path of increasing levels from v, at most `limit`.
  u128 Push(int v, int sink, u128 limit) {
    if (v == sink) return limit;
    for (size_t& i = next_edge_[v]; i < adjacency_[v].size(); ++i) {
      const size_t e = adjacency_[v][i];
      const Edge& edge = edges_[e];
      if (edge.residual == 0 || level_[edge.to] != level_[v] + 1) continue;
      const u128 pushed = Push(edge.to, sink, std::min(limit, edge.residual));
      if (pushed > 0) {
        edges_[e].residual -= pushed;
        edges_[e ^ 1].residual += pushed;
        return pushed;
      }
    }
    return 0;
  }

  const Platform& platform_;
  std::map<std::string, int> vertices_;
  std::vector<std::vector<size_t>> adjacency_;
  std::vector<Edge> edges_;
  std::set<std::pair<int, int>> connected_;
  // A link's entry and exit vertices, by id (sorted: the cut comes sorted).
  std::map<std::string, std::pair<int, int>> cut_links_;
  std::vector<int> level_;
  std::vector<size_t> next_edge_;
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
      const int leave = network->Chain(network->Vertex("host " + src),
                                       HostLink(platform.host_up, src));
      network->Connect(leave, network->Vertex("leave " + zone_src));
      const int enter = network->Vertex("enter " + zone_dst);
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
  cuts->assign(hosts.size(), RouteCut());
  const int source = network.Vertex("host " + hosts[root]);
  for (size_t r = 0; r < hosts.size(); ++r) {
    if (hosts[r] == hosts[root]) continue;
    RouteCut& cut = (*cuts)[r];
    const u128 flow =
        network.MaxFlow(source, network.Vertex("host " + hosts[r]), &cut.links);
    if (flow >= kUnlimited) {
      cut.links.clear();
      continue;
    }
    cut.bytes_per_second = flow > std::numeric_limits<uint64_t>::max()
                               ? std::numeric_limits<uint64_t>::max()
                               : static_cast<uint64_t>(flow);
  }
  return true;
}

}  // namespace mpi
}  // namespace hetcast
