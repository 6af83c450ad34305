// platform_bound.h: a lower bound on the completion of ANY broadcast of M
// bytes on a SimGrid platform, from the platform file's own parameters and
// SMPI's network factors: trees, pipelines, scatter + allgather, messages
// split, padded or sent many at once alike.
//
// SimGrid's SMPI network model (3.32, network/model:SMPI) delivers a message
// of s bytes over a route after the route's latency (the sum of its links')
// times lat_factor(s), then at a rate that no link's bandwidth times
// bw_factor(s) exceeds, shared with the messages crossing the same links
// (smpi/lat-factor, smpi/bw-factor: piecewise constant in s). Overheads
// (smpi/os, or, ois), cross traffic and TCP windows only add time. With
// kLat = the smallest lat_factor and kBw = max(1, the largest bw_factor)
// over every message size, for a broadcast from `root` that starts at 0:
//  - no byte reaches host v before a_v, the shortest chain of route
//    latencies times kLat from the root (a sender holds no byte before one
//    has reached it);
//  - every rank v != root must take in M bytes through every link on all
//    routes into v (its down link: the cut), at most kBw x bandwidth bytes
//    per second in total: v is done no sooner than a_v + M / (kBw x bw);
//  - the root's up link (on all routes out of it) carries at least M bytes,
//    flowing only after the latency of a route out of the root;
//  - a whole copy crosses every set of links that separates the root from
//    a rank (a site behind a shared link: the route between two of its
//    hosts avoids that link, yet the site's first copy comes through it):
//    after that first latency, M / (kBw x the smallest such cut's
//    bandwidth), the cut found by max-flow over the routes (route_cuts.h);
//  - every byte crosses the uplinks of the groups of ranks behind SHARED
//    links (clusters each behind its own uplink) a counted number of times,
//    2(k - 1) for k groups that hold every rank (group_uplinks.h, with the
//    argument), and the uplinks together move at most kBw x the sum of
//    their bandwidths per second: after the earliest flow on a route that
//    crosses one (a relay's no sooner than its earliest byte),
//    M x the crossings / (kBw x that sum).
// The bound is the largest of these. Every term is an integer of
// picoseconds rounded down, latencies rounded down, bandwidths up (so each
// term and the bound are at most their exact values). It assumes bytes are
// moved, not computed (no coding) and that the broadcast starts at 0 at the
// root: a benchmark that times each rank from its own barrier exit can
// read less by the barrier's skew.

#ifndef HETCAST_TOOLS_MPI_PLATFORM_BOUND_H_
#define HETCAST_TOOLS_MPI_PLATFORM_BOUND_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tools/mpi/platform_xml.h"

namespace hetcast {
namespace mpi {

// SimGrid 3.32's defaults (compiled into libsimgrid; `smpirun --help-cfg`).
extern const char kSmpiBwFactors[];
extern const char kSmpiLatFactors[];

// A factor table "threshold:value;..." as exact fractions value =
// numerator / denominator; false when malformed.
struct Factor {
  uint64_t numerator = 0;
  uint64_t denominator = 1;
};
bool ParseFactors(const std::string& text, std::vector<Factor>* factors);

struct PlatformBound {
  uint64_t ps = 0;  // the bound
  // Whose term is the bound (the root: its up link or the uplinks').
  size_t limiting_rank = 0;
  std::string limiting_link;
  std::vector<uint64_t> earliest_byte_ps;  // a_v per rank
};

// `hosts[r]` is rank r's host (a hostfile's lines). False with *error on
// a host without a route, a rank list of fewer than two, a root outside
// it, bad factors or an overflow.
bool ComputePlatformBound(const Platform& platform,
                          const std::vector<std::string>& hosts, size_t root,
                          uint64_t bytes, const std::string& bw_factors,
                          const std::string& lat_factors, PlatformBound* bound,
                          std::string* error);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_PLATFORM_BOUND_H_
