// sites.h: finding sites (degree_tree.h's Sites) in measured pair costs,
// for the large-message plan: groups of ranks whose pairs a switch
// explains, joined to each other through slower shared links (clusters
// behind their uplinks, or campuses behind a wide-area link).
#ifndef HETCAST_TOOLS_MPI_SITES_H_
#define HETCAST_TOOLS_MPI_SITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tools/mpi/degree_tree.h"

namespace hetcast {
namespace mpi {

// A pair (i, j) is explained by the switch when c(i, j) <= 3/2 x
// max(u_i, d_j) (PortRates(): each end's fastest pair): no link between
// them is slower than the slower of the two ends, with room for latency
// and noise. A pair costing more crosses a slower link. A site link of
// half its hosts' rate costs a pair across just under twice a pair inside
// (sites8 in tools/netcluster at 16 MiB: 2.81-2.90 s across, 1.44-1.50 s
// inside), so a gap of 2 misses it; noise that straddles the gap spoils
// the clean split that FindSites() asks for rather than making sites.
inline constexpr uint64_t kSiteGapNumerator = 3;
inline constexpr uint64_t kSiteGapDenominator = 2;

// The sites of `platform`'s pairs: ranks joined when the pair is explained
// both ways, accepted only when the split is clean (every pair inside a
// site explained both ways, every pair across sites explained neither way)
// and there are at least two sites; else no sites. A site's uplink is its
// cheapest pair to or from another site (SiteUplinks()): one crossing pays
// for both uplinks it uses, so each is at most that pair's cost. Whether
// an uplink is shared by both directions is not seen in uncontended pairs;
// the sites assume it is, which never plans more crossings than it
// carries. Site numbers follow the ranks (rank 0's site is 0).
// A pair of cost 0 was not measured (hetcast-calibrate measures some pairs
// only): it joins nothing and spoils nothing, port rates come from the
// measured pairs, and a pair joins its ranks only when measured both ways.
Sites FindSites(const LargePlatform& platform);

// Per site (0 .. the largest of `of_rank`), its cheapest measured pair
// (cost not 0) to or from another site; 0 for a site with none.
std::vector<uint64_t> SiteUplinks(const LargePlatform& platform,
                                  const std::vector<int>& of_rank);

// "3 sites: ranks 0-2 (uplink 8 ps/B), ..." or "one site", for reports.
std::string DescribeSites(const Sites& sites);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_SITES_H_
