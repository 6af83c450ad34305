// host_groups.h: hetcast-calibrate's analysis of measured host costs
// (MPI-free, so that it is tested without processes): hosts grouped into
// node types, the types' costs in the node model's ticks, host names
// written compactly with bracket ranges.

#ifndef HETCAST_TOOLS_MPI_HOST_GROUPS_H_
#define HETCAST_TOOLS_MPI_HOST_GROUPS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

// One host's measured send cost, per calibrated message size (in seconds,
// the same sizes for every host), and the relative spread of its repeated
// measurements (largest / smallest - 1, the largest over the sizes).
struct HostCost {
  std::string host;
  std::vector<double> seconds;
  double spread = 0;
};

struct HostGroup {
  std::vector<size_t> hosts;    // indices into the input, in input order
  std::vector<double> seconds;  // per size: the median of its hosts' costs
  double spread = 0;            // per size largest / smallest - 1, the largest
};

struct Grouping {
  // Two hosts adjacent in cost order are in one group when at every size
  // their costs differ by at most this (relative).
  double threshold = 0;
  std::vector<HostGroup> groups;  // cheapest (fastest) first
  std::vector<size_t> group_of;   // per host
};

// Groups hosts into node types: sorts the hosts by their cost at the
// largest size (ties: the smallest size, then the host name), then starts
// a new group wherever two neighbours' costs differ at some size by more
// than the threshold, max(`min_gap`, 2 * the largest spread of any host):
// a gap the measurement's own noise cannot explain. Deterministic.
// `hosts` is not empty and every host has the same number (>= 1) of
// positive costs.
Grouping GroupHostsByCost(const std::vector<HostCost>& hosts, double min_gap);

// The groups' costs at size `size` in ticks for the cluster file: 100 ticks
// for the fastest group, the others in proportion, rounded to two
// significant digits (so that sizes whose ratios agree give equal costs,
// and their size ranges merge). At least 1 tick each.
std::vector<uint64_t> CostTicks(const Grouping& grouping, size_t size);

// Measures one host's transfers: the seconds of a message from host `from`
// to each host of `to` (one transfer at a time), and sets `*spread` to the
// measurement's relative spread (0 when unknown). Every caller gets the
// same answer (with MPI: collective over the host leaders).
using TransferRow = std::function<std::vector<double>(
    size_t from, const std::vector<size_t>& to, double* spread)>;

struct HostCluster {
  std::vector<size_t> hosts;  // increasing; the first is the cluster's leader
  // The transfers from the leader to the others that made the cluster:
  // largest / smallest - 1 (0 for one or two hosts).
  double spread = 0;
};

struct Clustering {
  double threshold = 0;               // the largest fast-set threshold used
  std::vector<HostCluster> clusters;  // in order of their leaders
  std::vector<size_t> cluster_of;     // per host
  size_t transfers = 0;               // measured transfers
};

// Finds the clusters of the two-level model (a transfer inside a cluster
// is faster than one between clusters): the first host not yet placed
// measures its transfer to every other unplaced host; its fast set, the
// cheapest group of those times as GroupHostsByCost() splits them
// (threshold max(`min_gap`, 2 x the row's spread)), is its cluster. The
// host is alone in its cluster instead when the first host of that set
// reaches one of the others faster than the host reaches it, by more than
// the threshold (all the others were equally far). Repeated until every
// host is placed: at most (clusters + 1) x hosts transfers.
// Deterministic. Exact on the two-level model when at most one cluster has
// a single host; with two or more such clusters, the first such host may
// be put in one cluster with every host not yet placed (the test above
// cannot tell when the first host of its fast set is alone too).
Clustering FindClusters(size_t hosts, const TransferRow& measure,
                        double min_gap);

// The host names, sorted and written compactly: names that differ only in
// their last decimal number (the same prefix and suffix, and the same
// width when written with leading zeros) and whose numbers are
// consecutive become one bracket range, "node[01-16]"; the others stay
// exact names. Each output pattern matches exactly the names it stands for
// (tools/mpi/cluster_file.h's rules).
std::vector<std::string> CompactHostNames(std::vector<std::string> names);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_HOST_GROUPS_H_
