// route_cuts.h: the smallest cut between the root's host and each rank's
// host on a SimGrid platform, for the any-schedule bound
// (platform_bound.h): whatever the schedule, a whole copy of the message
// must cross every set of links that separates the root from a rank, so it
// takes at least size / the set's total bandwidth.
//
// The links are the vertices of a flow network: every route between two of
// the ranks' hosts (platform_xml.h's RouteLinks: up link, route or zone
// route, down link) is a path from its source host through its links to
// its destination host, each link a vertex of its bandwidth's capacity
// (shared by both directions unless SPLITDUPLEX, as SimGrid shares it),
// FATPIPE links and hosts unlimited. Any schedule's bytes flow along
// routes, so they are a flow in this network, and by max-flow = min-cut
// the smallest cut is the largest flow (tools/graph/max_flow.h; bandwidths
// are rounded up to a power-of-two unit when their sum nears 2^63, which
// only raises a cut's capacity). Routes without a <route> of their
// own meet in one hub per zone (up links into it, the zone routes out of
// it, down links out of the destination zone's), which keeps the network
// linear in the hosts; it can only add paths, never remove one, so a cut
// found is a cut of the platform and the bound stays a bound.

#ifndef HETCAST_TOOLS_MPI_ROUTE_CUTS_H_
#define HETCAST_TOOLS_MPI_ROUTE_CUTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tools/mpi/platform_xml.h"

namespace hetcast {
namespace mpi {

struct RouteCut {
  // The cut's total bandwidth (saturated at 2^64 - 1); 0 when no finite cut
  // separates the hosts (the same host, or only FATPIPE links between).
  uint64_t bytes_per_second = 0;
  std::vector<std::string> links;  // the cut's links, sorted
};

// cuts[r] for each rank r (cuts[root] empty). False with *error when a
// host is unknown or two hosts have no route.
bool SmallestCuts(const Platform& platform,
                  const std::vector<std::string>& hosts, size_t root,
                  std::vector<RouteCut>* cuts, std::string* error);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_ROUTE_CUTS_H_
