// site_trees.h: weighted degree trees that take turns crossing the sites'
// uplinks (degree_tree.h's Sites). One tree over k >= 3 sites crosses some
// uplink twice at least (2 (k - 1) crossings on k uplinks); trees that
// share the crossings out by each uplink's rate approach the multi-port
// bound of 2 (k - 1) crossings carried by all uplinks together
// (large_plan.h, MultiPortBound()). MPI-free, GMP-free, integers: part of
// libhetcast_mpi.
#ifndef HETCAST_TOOLS_MPI_SITE_TREES_H_
#define HETCAST_TOOLS_MPI_SITE_TREES_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tools/mpi/degree_tree.h"

namespace hetcast {
namespace mpi {

// Per site, its crossings over `count` trees (SiteTrees()): each site at
// least `count` (every tree enters each other site once and leaves the
// root's at least once), 2 (sites - 1) x count in all, the rest given one
// at a time to the site whose uplink load (crossings x uplink) stays
// least (lower site first on ties).
std::vector<uint64_t> SiteCrossingTotals(const Sites& sites, size_t count);

// `count` trees from `root` over the sites of `platform`
// (at least 2): SiteCrossingTotals() dealt out to the trees, each tree
// taking the next sites it feeds from a round-robin over the sites, and
// each a DegreeTreeWithCrossings() of its share; equal trees are one of
// their summed weight. Empty without sites.
std::vector<WeightedTree> SiteTrees(const LargePlatform& platform, int root,
                                    size_t count);

// The multi-port plan's trees from `root`, the one rule of large_plan.h's
// PlanLargeBroadcast() and of the library's model trees: DegreeTree(), or
// with three sites or more SiteTrees() over as many trees as sites when
// their MultiPortTreesPeriod() is shorter. `algorithm` (when not null) gets
// "degree-tree" or "site-trees".
std::vector<WeightedTree> MultiPortTrees(const LargePlatform& platform,
                                         int root, const char** algorithm);

// What model trees runs (the library, and hetcast-calibrate's prediction of
// it): MultiPortTrees() from `root` in segments of `segment_bytes`, queues
// set (SetQueues()).
MultiTreePlan MultiPortPlan(const LargePlatform& platform, int root,
                            uint64_t segment_bytes);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_SITE_TREES_H_
