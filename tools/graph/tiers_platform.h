// tiers_platform.h: seeded Tiers-like platforms (Calvert, Doar & Zegura
// 1997, the generator cited by Beaumont, Legrand, Marchal & Robert 2004,
// §7) for the pipelined-multicast experiment of Fig. 11.
//
// Tiers builds a three-level network: one WAN, MANs hanging from it, LANs
// hanging from the MANs. As in Tiers:
//  - WAN and MAN nodes get random points on a 1000 x 1000 grid; inside
//    each WAN or MAN the nodes are joined by a Euclidean minimum spanning
//    tree, then redundancy edges are added: while a node has fewer than
//    R neighbours in its network, it is joined to the nearest node it is
//    not joined to (R = wan_redundancy, man_redundancy);
//  - a LAN is a star: its first node is the centre, joined to the others;
//  - each MAN is joined to the WAN by man_wan_links links (a random MAN
//    node to a random WAN node, distinct pairs), each LAN to its MAN by
//    lan_man_links links (the LAN's centre first, then its next nodes,
//    each to a random node of the MAN).
// Departures from Tiers, both forced by Fig. 11's node counts: the LAN
// nodes are a total spread over the LANs as evenly as possible (earlier
// LANs take the remainder), where Tiers gives every LAN the same size;
// and link costs are drawn per level from the ranges below, where Tiers
// gives Euclidean lengths (the paper's model needs a time per message,
// which the paper does not give).
//
// Costs are ticks per unit message, one integer drawn uniformly per
// undirected link and used in both directions. The ranges are fixed a
// priori from nominal link speeds, never tuned to the experiment's
// outcome: LAN links fast (1..10), MAN links (5..20), the WAN backbone and
// the MAN-WAN links (10..30), the LAN-MAN access links slowest (10..40).
//
// The source is a random WAN node. Node names say the level: "w3",
// "m1.2" (MAN 1, node 2), "l4.0" (LAN 4, its centre). Node ids: the WAN
// nodes, then each MAN's nodes, then each LAN's nodes. Deterministic for a
// seed on every platform (std::mt19937_64 with an own bounded draw, not
// the implementation-defined std::uniform_int_distribution).
#ifndef HETCAST_TOOLS_GRAPH_TIERS_PLATFORM_H_
#define HETCAST_TOOLS_GRAPH_TIERS_PLATFORM_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/platform.h"

namespace hetcast {

enum class TiersLevel { kWan, kMan, kLan };

// An inclusive range of integer costs (ticks per unit message).
struct CostRange {
  uint64_t low;
  uint64_t high;
};

// TiersParameters
//
// Tiers' parameters (its command line: NW=1 NM NL SW SM SL RW RM RL RMW
// RLM) with the LAN size replaced by a total. The defaults are the "small"
// platform of Fig. 11 (30 nodes, 17 in LANs); BigTiers() is the "big" one
// (65 nodes, 47 in LANs). The redundancies are those of the Tiers README's
// three-tier example ("tiers 1 10 5 10 10 5 2 1 1 2 1": RW=2, RM=1, RL=1,
// RMW=2, RLM=1); RL is 1 because LANs are stars.
struct TiersParameters {
  uint32_t wan_nodes = 5;       // SW
  uint32_t man_count = 2;       // NM
  uint32_t man_nodes = 4;       // SM, per MAN
  uint32_t lans_per_man = 2;    // NL
  uint32_t lan_nodes = 17;      // In all LANs together (>= 2 per LAN).
  uint32_t wan_redundancy = 2;  // RW
  uint32_t man_redundancy = 1;  // RM
  uint32_t man_wan_links = 2;   // RMW
  uint32_t lan_man_links = 1;   // RLM
  CostRange wan_cost = {10, 30};
  CostRange man_wan_cost = {10, 30};
  CostRange man_cost = {5, 20};
  CostRange lan_man_cost = {10, 40};
  CostRange lan_cost = {1, 10};
};

// 65 nodes: a WAN of 6, 3 MANs of 4, 3 LANs per MAN with 47 nodes in all.
TiersParameters BigTiers();

// 10 nodes, for quick checks: a WAN of 2, one MAN of 3, 2 LANs with 5
// nodes in all, one MAN-WAN link.
TiersParameters TinyTiers();

// A generated platform: the checked platform (no targets yet: the
// experiment draws them) and each node's level.
struct TiersPlatform {
  GraphPlatform platform;
  std::vector<TiersLevel> level;  // Indexed by node id.
  uint64_t seed = 0;              // The generator's.

  std::vector<uint32_t> LanNodes() const;
};

// TiersTargets()
//
// The first `count` (at least 1, at most all) of a random order of the LAN
// nodes drawn from `seed`, in increasing id order: for one seed, a larger
// count gives a superset.
std::vector<uint32_t> TiersTargets(const TiersPlatform& tiers, uint64_t seed,
                                   size_t count);

// GenerateTiersPlatform()
//
// InvalidArgument naming the parameter when it cannot be met (a level with
// no node, fewer than 2 nodes per LAN, an empty or inverted cost range, a
// cost above HETCAST_MAX_COST, more links than node pairs).
absl::StatusOr<TiersPlatform> GenerateTiersPlatform(
    const TiersParameters& parameters, uint64_t seed);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_TIERS_PLATFORM_H_
