// degree_tree.h: the large-message plan that libhetcast_mpi computes at run
// time, without an LP and in integers: one tree for a switched network in
// which a rank sends to several ranks at once (the multi-port model of
// large_plan.h, as TCP and SimGrid's flow model behave), pipelined in
// segments by the multi-tree executor (multi_tree.h). large_plan.h plans
// offline with the same tree and adds the LP's trees of the one-port
// model; this file is MPI-free, GMP-free and part of the library.

#ifndef HETCAST_TOOLS_MPI_DEGREE_TREE_H_
#define HETCAST_TOOLS_MPI_DEGREE_TREE_H_

#include <cstdint>
#include <vector>

#include "tools/mpi/multi_tree_plan.h"

namespace hetcast {
namespace mpi {

// Largest per-byte cost and per-segment overhead a platform may hold.
inline constexpr uint64_t kMaxLinkValue = uint64_t{1} << 40;

// One rank's links on a switch.
struct RankLink {
  uint64_t send_ps_per_byte = 0;     // 1 .. kMaxLinkValue
  uint64_t receive_ps_per_byte = 0;  // 1 .. kMaxLinkValue
  uint64_t overhead_ps = 0;          // per segment sent, 0 .. kMaxLinkValue
};

// Sites: groups of ranks that reach the other groups only through one
// shared link each (a cluster's uplink), which carries the site's sends out
// and its receives in alike. A tree whose edges cross site s's boundary k
// times (out and in together) loads that link with k x
// uplink_ps_per_byte[s] per byte.
struct Sites {
  std::vector<int> of_rank;  // 0 .. sites - 1; empty: no sites, no uplinks
  std::vector<uint64_t> uplink_ps_per_byte;  // per site, 1 .. kMaxLinkValue
};

// n ranks: a byte from i to j costs ps_per_byte[i][j] (1 .. kMaxLinkValue;
// the diagonal unused), and each segment that i sends costs overhead_ps[i]
// (0 .. kMaxLinkValue) besides; with sites, a tree also pays for their
// uplinks. relay_ps[i] (empty: none; else 0 .. kMaxLinkValue per rank) is
// what a hop out of rank i, when i is not the root, adds to the pipeline
// per child of i: measured as what a second hop adds to a stream of
// segments (segment_gaps.h). Where the network shares a link among all
// segments in flight, a segment does not arrive one segment's time after
// its sender had it but a whole window's, and with k children k windows'
// (SMPI: 118.5, 215.1 and 408.4 us for k = 1, 2, 4; docs/mpi.md).
struct LargePlatform {
  std::vector<std::vector<uint64_t>> ps_per_byte;
  std::vector<uint64_t> overhead_ps;
  Sites sites;
  std::vector<uint64_t> relay_ps;
};

// Per site, the edges of `tree` that leave or enter it (empty without
// sites).
std::vector<uint64_t> SiteCrossings(const Sites& sites,
                                    const WeightedTree& tree);

// The switch: ps_per_byte[i][j] = max(send_i, receive_j).
LargePlatform SwitchPlatform(const std::vector<RankLink>& ranks);

// u_i and d_j (ps per byte): rank i's fastest pair as sender (its up rate)
// and rank j's fastest pair as receiver (its down rate). A pair of cost 0
// is one not measured (sites.h) and left out; 0 when a rank has none.
void PortRates(const LargePlatform& platform, std::vector<uint64_t>* up,
               std::vector<uint64_t>* down);

// The tree of least period p (ps per byte), p the least of max(d_j over j
// != root, k u_i, c(i, j), k x uplink_s) for which the greedy finds a tree
// where rank i has at most floor(p / u_i) children, every edge costs at
// most p and site s is crossed at most floor(p / uplink_s) times: ranks
// joined in decreasing order of that capacity (ties: lower rank), each to
// the earliest rank in breadth-first order of its own site with room left
// and an edge to it within p, else to the earliest of another site whose
// uplink and its own have a crossing left. Sets `period` to p. The
// platform must have 2 .. kLargePlanMaxRanks ranks with values in range;
// root one of them.
WeightedTree DegreeTree(const LargePlatform& platform, int root,
                        uint64_t* period);

// DegreeTree() with each rank feeding at most `fan_out` (1 .. n - 1)
// children, at the least of its candidate periods that is at least fan_out
// x the fastest up rate (else its largest): the fastest ranks may feed
// fan_out children each and are joined nearest the root, slower ones feed
// p / u_i at most. A shallower tree than the least period's chain or star
// where the pipeline's fill matters (large_plan.h, PlanLargeBroadcast()).
WeightedTree FanOutTree(const LargePlatform& platform, int root,
                        uint64_t fan_out, uint64_t* period);

// DegreeTree() with each site s crossed at most crossings[s] times (its
// entry and the sites it feeds) whatever the period: one of the weighted
// trees that take turns on the uplinks (site_trees.h). The crossings must
// let every site be reached: the root's site's are the sites it feeds (at
// least 1), every other site's 1 + the sites it feeds, and the feeds add
// up to sites - 1 (SiteTrees() makes them so; sites are entered in
// decreasing crossings, which then always finds a feeder).
WeightedTree DegreeTreeWithCrossings(const LargePlatform& platform, int root,
                                     const std::vector<uint64_t>& crossings,
                                     uint64_t* period);

// Ranks up to which a degree tree is planned (its candidates are n^2).
inline constexpr int kLargePlanMaxRanks = 640;

// The broadcast of `bytes` bytes along the one tree of `plan` in segments
// of plan.segment_bytes, in picoseconds: the fill (the latest arrival of
// one segment, each hop overhead_i + segment x max(c(i, j), children x
// u_i, each crossed uplink's load), children fed at once, a hop out of a
// rank i other than the root at least children x relay_ps[i]) plus a
// period per
// further segment (segment x the tree's busiest port, edge or uplink per
// byte + the largest children x overhead_i). UINT64_MAX when it passes
// 2^64 - 1.
uint64_t DegreeTreePredictedPs(const LargePlatform& platform,
                               const MultiTreePlan& plan, uint64_t bytes);

// Sends in flight: twice the most children of a rank in any tree (at
// least 4), so that a rank feeds all its children at once and a slow child
// does not hold back the others; receives posted ahead: 16.
void SetQueues(MultiTreePlan* plan);

// The multi-port period per byte of weighted `trees` (their weights as
// fractions of their total), rounded up: the busiest port, edge, receiver
// or uplink, each load summed over the trees by weight (large_plan.h's
// MultiPortPeriod() in integers). 0 for no trees.
uint64_t MultiPortTreesPeriod(const LargePlatform& platform,
                              const std::vector<WeightedTree>& trees);

// The platform that model trees plans on: the switch whose rank r has the
// rates of its type types[r] (send_ps_per_byte[t], receive_ps_per_byte[t],
// no overhead), and with `uplink_ps_per_byte` (per site; null: none) rank
// r in site sites[r]. The sites that hold ranks are numbered again in the
// order of their lowest rank, each with its uplink; one such site is none.
LargePlatform TypeRatesPlatform(const uint64_t* send_ps_per_byte,
                                const uint64_t* receive_ps_per_byte,
                                const std::vector<int>& types,
                                const std::vector<int>& sites,
                                const uint64_t* uplink_ps_per_byte);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_DEGREE_TREE_H_
