// group_uplinks.h: groups of ranks behind shared uplinks, for the
// any-schedule bound (platform_bound.h): however a broadcast is scheduled,
// its bytes cross these links a counted number of times, and together the
// links move no more than the sum of their bandwidths.
//
// A link u is the uplink of a set g of the ranks' hosts when, over every
// ordered pair of distinct hosts (x, y), the route x -> y (RouteLinks)
// contains u exactly when one of x, y is in g and the other is not, and u
// carries both directions in one bandwidth: a SHARED link (one side of a
// SPLITDUPLEX link carries one direction only, a FATPIPE link bounds no
// total). Such a u splits the hosts into g and the rest; either side is a
// group of uplink u. The groups taken are disjoint, each with its own
// uplink: the candidate sides, smallest first (then by link name), each
// kept when it meets no side kept before and its link is not yet used.
//
// The crossings, for a broadcast of M bytes from the root, with k groups,
// whatever the schedule (relays, split messages, several flows at once),
// as long as bytes are moved, not computed: a rank holds a byte only after
// a message carrying it arrived, so for every byte b,
//  - each group without the root receives b in some message from a host
//    outside it, which crosses its uplink (routes contain RouteLinks': a
//    route found here is a subset of SimGrid's). These messages differ
//    between groups (their destinations do), so they are at least one
//    (message, uplink) crossing per group without the root;
//  - if the root's host is in a group, b leaves it in some message (a rank
//    outside it needs b): one more crossing, of the root's group's uplink,
//    which no entry above crosses as its entry;
//  - if every rank's host is in a group, each entry above comes from a
//    host of another group, so that message also crosses the sender's
//    group's uplink, a second crossing of a link other than the receiver's:
//    each of the k - 1 groups without the root costs two crossings.
// So every byte crosses the uplinks at least 2(k - 1) times when every
// rank is in a group (k >= 2 then: a group's complement is not empty), and
// k times otherwise ((k - 1) + 1 with the root in a group, k without):
// the uplinks carry at least that many times M bytes in total. Only the
// "contains u when exactly one is in g" half is needed for this; the other
// half makes each link's two sides well defined. Any disjoint choice of
// groups with distinct uplinks gives a valid count; this one prefers the
// finest groups.

#ifndef HETCAST_TOOLS_MPI_GROUP_UPLINKS_H_
#define HETCAST_TOOLS_MPI_GROUP_UPLINKS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tools/mpi/platform_xml.h"

namespace hetcast {
namespace mpi {

struct UplinkGroups {
  // group[r]: the index in `links` of rank r's host's group, -1 for none.
  std::vector<int> group;
  std::vector<std::string> links;  // each group's uplink
  uint64_t bytes_per_second = 0;   // the uplinks' bandwidths summed
};

// The groups of the ranks' hosts (`hosts[r]`: rank r's host). False with
// *error when a host is unknown or two hosts have no route.
bool FindUplinkGroups(const Platform& platform,
                      const std::vector<std::string>& hosts,
                      UplinkGroups* groups, std::string* error);

// How many times each byte of any broadcast crosses the uplinks, at least:
// 2(k - 1) when every rank is in one of the k groups, else k (0 without
// groups).
uint64_t UplinkCrossings(const UplinkGroups& groups);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_GROUP_UPLINKS_H_
