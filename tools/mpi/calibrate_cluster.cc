// calibrate_cluster.cc: hetcast-calibrate's cluster file mode
// (calibrate_cluster.h; what it does: calibrate.cc's top comment).

#include "tools/mpi/calibrate_cluster.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "tools/mpi/calibrated_table.h"
#include "tools/mpi/cluster_file.h"
#include "tools/mpi/cluster_file_writer.h"
#include "tools/mpi/degree_tree.h"
#include "tools/mpi/host_groups.h"
#include "tools/mpi/measure.h"
#include "tools/mpi/mpi_algorithms.h"
#include "tools/mpi/site_trees.h"
#include "tools/mpi/sites.h"
#include "tools/mpi/two_level.h"

namespace hetcast {
namespace mpi {
namespace {

constexpr int kCostTag = 0x4843;
constexpr size_t kHostChars = 256;

// Segment sizes tried for a plan besides the whole message: those that cut
// the message into 2 .. MaxSegments() segments. Fixed sizes, so that
// neighbouring sizes can agree and merge; 128 B and 8 KiB are SMPI's
// cheapest message sizes (docs/mpi-results.md, "Why segments of 128 B and
// 8 KiB win"), which the SMPI comparison's calibration found fastest at
// 1 KB and from 64 KB up; 128 KiB is the 128 segments of a 16 MiB message,
// large_experiment.sh's fastest there.
constexpr uint64_t kSegmentSizes[] = {128,    1024,   8192,   65536,
                                      131072, 524288, 4194304};

// The most segments of one broadcast, and of segments times hosts: the
// executor puts up to that many messages in flight at once, and SMPI's
// host time per event grows with them (at 256 hosts, 128 segments of 8 KiB
// at 1 MiB would cost minutes per candidate). SimGrid 3.32's solver
// crashes from about 8,192 flows in flight on a mixed platform unless
// maxmin/precision is raised (smpirun --cfg=maxmin/precision:1e-3, as
// smpi_common.sh does; docs/mpi-results.md, "SimGrid 3.32's bandwidth
// solver and many flows in flight").
constexpr uint64_t kMaxSegments = 128;
constexpr uint64_t kMaxSegmentsTimesHosts = 8192;

// Model trees is timed from this size up: below it a message is too few
// segments of kSegmentSizes to pipeline, and the node model's candidates
// cover it.
constexpr uint64_t kTreesMinBytes = 65536;

uint64_t MaxSegments(size_t hosts) {
  return std::min<uint64_t>(kMaxSegments, kMaxSegmentsTimesHosts / hosts);
}

// The same status on every rank: the largest of the ranks' `status`.
int AgreedStatus(int status) {
  int agreed = 0;
  PMPI_Allreduce(&status, &agreed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return agreed;
}

bool IsRoot() {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank == 0;
}

// Every rank's host name (HostName, two_level.h); "" or the first problem.
std::string GatherHosts(std::vector<std::string>* hosts) {
  int rank = 0, size = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  std::string host, problem;
  if (HostName(rank, &host, &problem) &&
      (host.empty() || host.size() >= kHostChars)) {
    problem = "rank " + std::to_string(rank) + "'s host name '" + host +
              "' is empty or longer than " + std::to_string(kHostChars - 1);
  }
  if (!problem.empty()) {
    std::fprintf(stderr, "hetcast-calibrate: rank %d: %s\n", rank,
                 problem.c_str());
  }
  char own[kHostChars] = {0};
  std::snprintf(own, sizeof(own), "%s", problem.empty() ? host.c_str() : "");
  std::vector<char> all(kHostChars * size);
  PMPI_Allgather(own, kHostChars, MPI_CHAR, all.data(), kHostChars, MPI_CHAR,
                 MPI_COMM_WORLD);
  for (int r = 0; r < size; ++r) {
    hosts->emplace_back(&all[kHostChars * r]);
    if (hosts->back().empty() && problem.empty()) {
      problem = "rank " + std::to_string(r) +
                " has no host name (its line "
                "says why)";
    }
  }
  return problem;
}

// Host `sender` sends `bytes` to `receiver` `repeats` times, one transfer
// at a time: in each round the receiver says go (an empty message), the
// sender sends and the receiver answers with an empty message. The
// sender's seconds per round (from before its send to the answer); empty
// elsewhere. Pairs that share a host run one after the other by that
// host's program order, so no two timed transfers share a link.
std::vector<double> Rounds(MPI_Comm comm, int sender, int receiver, int bytes,
                           int repeats, std::vector<char>* buffer) {
  int me = 0;
  PMPI_Comm_rank(comm, &me);
  std::vector<double> seconds;
  for (int r = 0; r < repeats; ++r) {
    if (me == receiver) {
      PMPI_Send(nullptr, 0, MPI_BYTE, sender, kCostTag, comm);
      PMPI_Recv(buffer->data(), bytes, MPI_BYTE, sender, kCostTag, comm,
                MPI_STATUS_IGNORE);
      PMPI_Send(nullptr, 0, MPI_BYTE, sender, kCostTag, comm);
    } else if (me == sender) {
      PMPI_Recv(nullptr, 0, MPI_BYTE, receiver, kCostTag, comm,
                MPI_STATUS_IGNORE);
      const double start = PMPI_Wtime();
      PMPI_Send(buffer->data(), bytes, MPI_BYTE, receiver, kCostTag, comm);
      PMPI_Recv(nullptr, 0, MPI_BYTE, receiver, kCostTag, comm,
                MPI_STATUS_IGNORE);
      seconds.push_back(PMPI_Wtime() - start);
    }
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds;
}

// A send cost measured on the sender: the one-way time of the message (the
// fastest round minus half the fastest empty round trip) and the spread of
// the rounds (median / fastest - 1).
struct SendCost {
  double seconds = 0, spread = 0;
};

SendCost OneWay(MPI_Comm comm, int sender, int receiver, int bytes, int repeats,
                std::vector<char>* buffer) {
  const std::vector<double> full =
      Rounds(comm, sender, receiver, bytes, repeats, buffer);
  const std::vector<double> empty =
      Rounds(comm, sender, receiver, 0, repeats, buffer);
  SendCost cost;
  if (full.empty()) return cost;
  cost.seconds = std::max(full[0] - empty[0] / 2, 1e-9);
  cost.spread = full[(full.size() - 1) / 2] / full[0] - 1;
  return cost;
}

// Every host's send cost per size and its spread (on every rank).
struct CostTable {
  std::vector<HostCost> hosts;  // host index order
  int reference = 0;            // the reference host R (MeasureCosts)
  // Per host, per size: the one-way time of a message to the host from R
  // (R's own: from the host fastest towards R), for model trees.
  std::vector<std::vector<double>> receive;
};

// This leader's costs at every size towards `receiver` (as sender; empty
// vectors elsewhere), and the largest spread.
std::vector<double> CostsTowards(MPI_Comm leaders, int sender, int receiver,
                                 const std::vector<uint64_t>& sizes,
                                 int repeats, std::vector<char>* buffer,
                                 double* spread) {
  std::vector<double> seconds;
  for (uint64_t bytes : sizes) {
    const SendCost cost = OneWay(leaders, sender, receiver,
                                 static_cast<int>(bytes), repeats, buffer);
    seconds.push_back(cost.seconds);
    *spread = std::max(*spread, cost.spread);
  }
  return seconds;
}

// The lowest index of the smallest entry of `values`, leaving out `skip`.
int Fastest(const std::vector<double>& values, int skip) {
  int best = -1;
  for (int h = 0; h < static_cast<int>(values.size()); ++h) {
    if (h != skip && (best < 0 || values[h] < values[best])) best = h;
  }
  return best;
}

// Every host's receive cost per size (CostTable::receive), on every
// leader: R sends to each host, and `second` to R.
void MeasureReceives(MPI_Comm leaders, const std::vector<uint64_t>& sizes,
                     int repeats, std::vector<char>* buffer, int reference,
                     int second, std::vector<std::vector<double>>* receive) {
  int me = 0, hosts = 0;
  PMPI_Comm_rank(leaders, &me);
  PMPI_Comm_size(leaders, &hosts);
  std::vector<double> flat(sizes.size() * hosts, 0);
  double spread = 0;
  for (int h = 0; h < hosts; ++h) {
    const int sender = h == reference ? second : reference;
    const std::vector<double> seconds =
        CostsTowards(leaders, sender, h, sizes, repeats, buffer, &spread);
    if (me == sender) {
      std::copy(seconds.begin(), seconds.end(),
                flat.begin() + h * sizes.size());
    }
  }
  PMPI_Allreduce(MPI_IN_PLACE, flat.data(), static_cast<int>(flat.size()),
                 MPI_DOUBLE, MPI_MAX, leaders);
  receive->clear();
  for (int h = 0; h < hosts; ++h) {
    receive->emplace_back(flat.begin() + h * sizes.size(),
                          flat.begin() + (h + 1) * sizes.size());
  }
}

// The node model's send cost of host h: the one-way time of a message from
// h to a reference host R of the fastest kind, so that a slow receiver
// does not hold a fast sender back. R is the host to which host 0 sends
// the largest size fastest; R's own cost is its send to the host that sent
// to it fastest. Collective over the leaders (rank = host index); the
// result on every leader.
void MeasureCosts(MPI_Comm leaders, const std::vector<uint64_t>& sizes,
                  int repeats, std::vector<char>* buffer, CostTable* table) {
  int me = 0, hosts = 0;
  PMPI_Comm_rank(leaders, &me);
  PMPI_Comm_size(leaders, &hosts);
  const int largest = static_cast<int>(sizes.back());
  std::vector<double> from_zero(hosts, 0);
  for (int h = 1; h < hosts; ++h) {
    from_zero[h] = OneWay(leaders, 0, h, largest, repeats, buffer).seconds;
  }
  int reference = me == 0 ? Fastest(from_zero, 0) : 0;
  PMPI_Bcast(&reference, 1, MPI_INT, 0, leaders);
  // Each host towards R, then R towards the fastest of them.
  double spread = 0;
  std::vector<double> mine;
  for (int h = 0; h < hosts; ++h) {
    if (h == reference) continue;
    std::vector<double> seconds =
        CostsTowards(leaders, h, reference, sizes, repeats, buffer, &spread);
    if (h == me) mine = seconds;
  }
  std::vector<double> at_largest(hosts, 0);
  const double own_largest = mine.empty() ? 0 : mine.back();
  PMPI_Allgather(&own_largest, 1, MPI_DOUBLE, at_largest.data(), 1, MPI_DOUBLE,
                 leaders);
  const int second = Fastest(at_largest, reference);
  std::vector<double> seconds =
      CostsTowards(leaders, reference, second, sizes, repeats, buffer, &spread);
  if (me == reference) mine = seconds;
  mine.push_back(spread);
  std::vector<double> all(mine.size() * hosts);
  PMPI_Allgather(mine.data(), static_cast<int>(mine.size()), MPI_DOUBLE,
                 all.data(), static_cast<int>(mine.size()), MPI_DOUBLE,
                 leaders);
  table->reference = reference;
  MeasureReceives(leaders, sizes, repeats, buffer, reference, second,
                  &table->receive);
  table->hosts.assign(hosts, HostCost());
  for (int h = 0; h < hosts; ++h) {
    const double* row = &all[mine.size() * h];
    table->hosts[h].seconds.assign(row, row + sizes.size());
    table->hosts[h].spread = row[sizes.size()];
  }
}

// CostTable from the leaders to every rank of MPI_COMM_WORLD (world rank 0
// is host 0's leader).
void ShareCosts(size_t hosts, size_t sizes, CostTable* table) {
  std::vector<double> flat;
  for (const HostCost& host : table->hosts) {
    flat.insert(flat.end(), host.seconds.begin(), host.seconds.end());
    flat.push_back(host.spread);
  }
  flat.resize(hosts * (sizes + 1));
  for (const std::vector<double>& host : table->receive) {
    flat.insert(flat.end(), host.begin(), host.end());
  }
  flat.resize(hosts * (2 * sizes + 1));
  flat.push_back(table->reference);
  PMPI_Bcast(flat.data(), static_cast<int>(flat.size()), MPI_DOUBLE, 0,
             MPI_COMM_WORLD);
  table->hosts.assign(hosts, HostCost());
  for (size_t h = 0; h < hosts; ++h) {
    const double* row = &flat[(sizes + 1) * h];
    table->hosts[h].seconds.assign(row, row + sizes);
    table->hosts[h].spread = row[sizes];
  }
  table->receive.assign(hosts, {});
  for (size_t h = 0; h < hosts; ++h) {
    const double* row = &flat[hosts * (sizes + 1) + sizes * h];
    table->receive[h].assign(row, row + sizes);
  }
  table->reference = static_cast<int>(flat.back());
}

// The clusters of the two-level model (FindClusters, host_groups.h) and
// their costs per size, on every rank.
struct ClusterCosts {
  Clustering clustering;
  std::vector<DraftCluster> drafts;  // per cluster: its name and hosts
  // Per size: per cluster the one-way time from its leader to its second
  // host (0 for a cluster of one host), and from its leader to the next
  // cluster's leader.
  std::vector<std::vector<double>> local, inter;
  // Per size: per host the one-way time from it to its partner in its own
  // cluster and from the partner to it (MeasureSiteRates; 0 for a cluster
  // of one host).
  std::vector<std::vector<double>> site_send, site_receive;
};

// TransferRow over the leaders (rank = host index): `from` sends `bytes` to
// each of `to`, one transfer at a time; its times on every leader.
std::vector<double> LeaderRow(MPI_Comm leaders, int bytes, int repeats,
                              std::vector<char>* buffer, size_t from,
                              const std::vector<size_t>& to, double* spread) {
  int me = 0;
  PMPI_Comm_rank(leaders, &me);
  std::vector<double> times(to.size() + 1, 0);
  for (size_t i = 0; i < to.size(); ++i) {
    const SendCost cost =
        OneWay(leaders, static_cast<int>(from), static_cast<int>(to[i]), bytes,
               repeats, buffer);
    times[i] = cost.seconds;
    times.back() = std::max(times.back(), cost.spread);
  }
  PMPI_Bcast(times.data(), static_cast<int>(times.size()), MPI_DOUBLE,
             static_cast<int>(from), leaders);
  *spread = times.back();
  times.pop_back();
  return times;
}

// Per size, per cluster: its local and inter-cluster one-way times
// (ClusterCosts), on every leader.
void MeasureClusterCosts(MPI_Comm leaders, const std::vector<uint64_t>& sizes,
                         int repeats, std::vector<char>* buffer,
                         ClusterCosts* out) {
  int me = 0;
  PMPI_Comm_rank(leaders, &me);
  const std::vector<HostCluster>& clusters = out->clustering.clusters;
  const size_t k = clusters.size();
  std::vector<double> flat(2 * k * sizes.size(), 0);
  double spread = 0;
  for (size_t c = 0; c < k; ++c) {
    const int leader = static_cast<int>(clusters[c].hosts[0]);
    const int next = static_cast<int>(clusters[(c + 1) % k].hosts[0]);
    std::vector<double> local(sizes.size(), 0);
    if (clusters[c].hosts.size() >= 2) {
      local =
          CostsTowards(leaders, leader, static_cast<int>(clusters[c].hosts[1]),
                       sizes, repeats, buffer, &spread);
    }
    std::vector<double> inter(sizes.size(), 0);
    if (k >= 2) {  // one cluster: no other to measure towards
      inter =
          CostsTowards(leaders, leader, next, sizes, repeats, buffer, &spread);
    }
    if (me != leader) continue;
    for (size_t i = 0; i < sizes.size(); ++i) {
      flat[(2 * i) * k + c] = local[i];
      flat[(2 * i + 1) * k + c] = inter[i];
    }
  }
  PMPI_Allreduce(MPI_IN_PLACE, flat.data(), static_cast<int>(flat.size()),
                 MPI_DOUBLE, MPI_MAX, leaders);
  for (size_t i = 0; i < sizes.size(); ++i) {
    out->local.emplace_back(flat.begin() + 2 * i * k,
                            flat.begin() + (2 * i + 1) * k);
    out->inter.emplace_back(flat.begin() + (2 * i + 1) * k,
                            flat.begin() + (2 * i + 2) * k);
  }
}

// Every host's own rates inside its cluster (ClusterCosts::site_send and
// site_receive), on every leader: each host sends to its partner (its
// cluster's leader; the leader's partner is its second host), and the
// partner to it.
void MeasureSiteRates(MPI_Comm leaders, const std::vector<uint64_t>& sizes,
                      int repeats, std::vector<char>* buffer,
                      ClusterCosts* out) {
  int me = 0;
  PMPI_Comm_rank(leaders, &me);
  const Clustering& clustering = out->clustering;
  const size_t hosts = clustering.cluster_of.size();
  std::vector<double> flat(2 * sizes.size() * hosts, 0);
  double spread = 0;
  for (size_t h = 0; h < hosts; ++h) {
    const std::vector<size_t>& members =
        clustering.clusters[clustering.cluster_of[h]].hosts;
    if (members.size() < 2) continue;
    const int host = static_cast<int>(h);
    const int partner =
        static_cast<int>(members[0] == h ? members[1] : members[0]);
    const std::vector<double> send =
        CostsTowards(leaders, host, partner, sizes, repeats, buffer, &spread);
    const std::vector<double> receive =
        CostsTowards(leaders, partner, host, sizes, repeats, buffer, &spread);
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (me == host) flat[2 * i * hosts + h] = send[i];
      if (me == partner) flat[(2 * i + 1) * hosts + h] = receive[i];
    }
  }
  PMPI_Allreduce(MPI_IN_PLACE, flat.data(), static_cast<int>(flat.size()),
                 MPI_DOUBLE, MPI_MAX, leaders);
  for (size_t i = 0; i < sizes.size(); ++i) {
    out->site_send.emplace_back(flat.begin() + 2 * i * hosts,
                                flat.begin() + (2 * i + 1) * hosts);
    out->site_receive.emplace_back(flat.begin() + (2 * i + 1) * hosts,
                                   flat.begin() + (2 * i + 2) * hosts);
  }
}

// The clusters and their costs from the leaders (world rank 0 is host 0's
// leader) to every rank.
void ShareClusters(size_t hosts, size_t sizes, ClusterCosts* out) {
  std::vector<double> flat;
  if (!out->clustering.clusters.empty()) {
    for (size_t h = 0; h < hosts; ++h) {
      flat.push_back(static_cast<double>(out->clustering.cluster_of[h]));
    }
    for (const HostCluster& cluster : out->clustering.clusters) {
      flat.push_back(cluster.spread);
    }
    flat.push_back(out->clustering.threshold);
    flat.push_back(static_cast<double>(out->clustering.transfers));
    for (size_t i = 0; i < sizes; ++i) {
      flat.insert(flat.end(), out->local[i].begin(), out->local[i].end());
      flat.insert(flat.end(), out->inter[i].begin(), out->inter[i].end());
      flat.insert(flat.end(), out->site_send[i].begin(),
                  out->site_send[i].end());
      flat.insert(flat.end(), out->site_receive[i].begin(),
                  out->site_receive[i].end());
    }
  }
  int count = static_cast<int>(flat.size());
  PMPI_Bcast(&count, 1, MPI_INT, 0, MPI_COMM_WORLD);
  flat.resize(count);
  PMPI_Bcast(flat.data(), count, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  size_t k = 0;
  for (size_t h = 0; h < hosts; ++h) {
    k = std::max(k, static_cast<size_t>(flat[h]) + 1);
  }
  Clustering& clustering = out->clustering;
  clustering.cluster_of.assign(hosts, 0);
  for (size_t h = 0; h < hosts; ++h) {
    clustering.cluster_of[h] = static_cast<size_t>(flat[h]);
  }
  clustering.clusters.assign(k, HostCluster());
  for (size_t h = 0; h < hosts; ++h) {
    clustering.clusters[clustering.cluster_of[h]].hosts.push_back(h);
  }
  const double* at = flat.data() + hosts;
  for (HostCluster& cluster : clustering.clusters) cluster.spread = *at++;
  clustering.threshold = *at++;
  clustering.transfers = static_cast<size_t>(*at++);
  out->local.assign(sizes, {});
  out->inter.assign(sizes, {});
  out->site_send.assign(sizes, {});
  out->site_receive.assign(sizes, {});
  for (size_t i = 0; i < sizes; ++i) {
    out->local[i].assign(at, at + k);
    out->inter[i].assign(at + k, at + 2 * k);
    at += 2 * k;
    out->site_send[i].assign(at, at + hosts);
    out->site_receive[i].assign(at + hosts, at + 2 * hosts);
    at += 2 * hosts;
  }
}

// What every rank knows after the measurement.
struct Calibration {
  ClusterCalibrateInput input;
  // The message buffer of every measurement, of the largest size: made
  // once (SMPI holds every rank's buffers in one process, and fresh pages
  // cost more than the simulation).
  std::vector<char> buffer;
  std::vector<std::string> rank_hosts;  // per world rank
  std::vector<std::string> host_names;  // per host index
  TwoLevelComm two_level;
  CostTable costs;
  Grouping grouping;
  std::vector<DraftType> types;
  ClusterCosts clusters;
  // Per size, per cluster: its uplink's cost in ps per byte when the
  // clusters are sites (FindClusterSites); empty when they are not.
  std::vector<std::vector<uint64_t>> site_uplinks;
  // MPI's broadcast algorithms this process can choose (mpi_algorithms.h).
  MpiAlgorithms mpi_algorithms;
};

// The segment sizes a plan of `bytes` between `hosts` hosts is timed with:
// 0 (whole messages), then kSegmentSizes that give 2 .. MaxSegments()
// segments.
std::vector<uint64_t> SegmentCandidates(uint64_t bytes, size_t hosts) {
  std::vector<uint64_t> candidates = {0};
  for (uint64_t segment : kSegmentSizes) {
    if (2 * segment <= bytes && bytes <= MaxSegments(hosts) * segment) {
      candidates.push_back(segment);
    }
  }
  return candidates;
}

// The groups as node types: "type0" the fastest; each with its hosts
// written compactly and its cost at the largest size.
std::vector<DraftType> TypesOf(const Calibration& c) {
  std::vector<DraftType> types;
  const std::vector<uint64_t> costs =
      CostTicks(c.grouping, c.input.sizes.size() - 1);
  for (size_t g = 0; g < c.grouping.groups.size(); ++g) {
    DraftType type;
    type.name = "type" + std::to_string(g);
    type.cost = costs[g];
    std::vector<std::string> names;
    for (size_t h : c.grouping.groups[g].hosts)
      names.push_back(c.host_names[h]);
    type.hosts = CompactHostNames(names);
    types.push_back(type);
  }
  return types;
}

// Size index i's range: its size up to the next calibrated size (the last
// one alone).
DraftRange RangeOf(const std::vector<uint64_t>& sizes, size_t i) {
  DraftRange range;
  range.min_bytes = sizes[i];
  range.max_bytes = i + 1 < sizes.size() ? sizes[i + 1] - 1 : sizes[i];
  return range;
}

// Every candidate plan of every size, as a cluster file whose size ranges
// are the candidates' numbers (each [k, k]): parsed once by the library's
// parser, its rules are the very rules the written file will hold.
struct Candidates {
  std::vector<DraftRange> drafts;  // per candidate
  std::vector<size_t> size_of;     // per candidate: its size index
  ClusterFile parsed;
  HostPlace place;  // this rank's host in `parsed`
};

// Picoseconds per byte of `seconds` for `bytes` bytes, 1 .. kMaxLinkValue.
uint64_t PicosPerByte(double seconds, uint64_t bytes) {
  const double ps = std::ceil(seconds * 1e12 / static_cast<double>(bytes));
  return static_cast<uint64_t>(
      std::clamp(ps, 1.0, static_cast<double>(kMaxLinkValue)));
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[(values.size() - 1) / 2];
}

// Sets the pair from host `from` to host `to` to `seconds` of `bytes` in ps
// per byte (PairsPlatform's rounding), the fastest when it was measured
// before; a time of 0 was not measured.
void SetPair(LargePlatform* pairs, size_t from, size_t to, double seconds,
             uint64_t bytes) {
  if (seconds <= 0 || from == to) return;
  uint64_t& pair = pairs->ps_per_byte[from][to];
  const uint64_t cost = PicosPerByte(seconds, bytes);
  pair = pair == 0 ? cost : std::min(pair, cost);
}

// The host pairs measured at size index i (0: not measured): each host to
// the reference host and back (MeasureCosts), to its partner in its
// cluster and back (MeasureSiteRates), each cluster's leader to the next
// cluster's leader (MeasureClusterCosts).
LargePlatform MeasuredPairs(const Calibration& c, size_t i) {
  const size_t hosts = c.host_names.size();
  const uint64_t bytes = c.input.sizes[i];
  const size_t reference = static_cast<size_t>(c.costs.reference);
  const Clustering& clustering = c.clusters.clustering;
  LargePlatform pairs;
  pairs.ps_per_byte.assign(hosts, std::vector<uint64_t>(hosts, 0));
  pairs.overhead_ps.assign(hosts, 0);
  for (size_t h = 0; h < hosts; ++h) {
    if (h != reference) {
      SetPair(&pairs, h, reference, c.costs.hosts[h].seconds[i], bytes);
      SetPair(&pairs, reference, h, c.costs.receive[h][i], bytes);
    }
    const std::vector<size_t>& members =
        clustering.clusters[clustering.cluster_of[h]].hosts;
    if (members.size() < 2) continue;
    const size_t partner = members[0] == h ? members[1] : members[0];
    SetPair(&pairs, h, partner, c.clusters.site_send[i][h], bytes);
    SetPair(&pairs, partner, h, c.clusters.site_receive[i][h], bytes);
  }
  const size_t k = clustering.clusters.size();
  for (size_t from = 0; from < k && k >= 2; ++from) {
    SetPair(&pairs, clustering.clusters[from].hosts[0],
            clustering.clusters[(from + 1) % k].hosts[0],
            c.clusters.inter[i][from], bytes);
  }
  return pairs;
}

// The clusters are sites behind shared uplinks when FindSites (sites.h)
// finds exactly them in the pairs measured at the largest size; then each
// size's uplinks are SiteUplinks of that size's pairs. Sets
// c->site_uplinks (empty when they are not sites).
void FindClusterSites(Calibration* c) {
  c->site_uplinks.clear();
  const std::vector<size_t>& cluster_of = c->clusters.clustering.cluster_of;
  const Sites sites = FindSites(MeasuredPairs(*c, c->input.sizes.size() - 1));
  if (sites.of_rank.size() != cluster_of.size()) return;
  for (size_t h = 0; h < cluster_of.size(); ++h) {
    if (sites.of_rank[h] != static_cast<int>(cluster_of[h])) return;
  }
  for (size_t i = 0; i < c->input.sizes.size(); ++i) {
    std::vector<uint64_t> uplinks =
        SiteUplinks(MeasuredPairs(*c, i), sites.of_rank);
    for (uint64_t& uplink : uplinks) uplink = std::max<uint64_t>(1, uplink);
    c->site_uplinks.push_back(uplinks);
  }
}

// Host h's own send and receive time at size index i: inside its cluster
// when the clusters are sites and its cluster has a partner
// (MeasureSiteRates), else towards and from the reference host.
double OwnSend(const Calibration& c, size_t h, size_t i) {
  const double inside = c.clusters.site_send[i][h];
  return !c.site_uplinks.empty() && inside > 0 ? inside
                                               : c.costs.hosts[h].seconds[i];
}

double OwnReceive(const Calibration& c, size_t h, size_t i) {
  const double inside = c.clusters.site_receive[i][h];
  return !c.site_uplinks.empty() && inside > 0 ? inside : c.costs.receive[h][i];
}

// Model trees at size index i: per type, its send rate (the median of its
// hosts' own sends: without sites the group's cost) and its receive rate
// (the slowest of its hosts' own receives); with sites each cluster's
// uplink.
DraftRange TreesDraft(const Calibration& c, size_t i) {
  const uint64_t bytes = c.input.sizes[i];
  DraftRange range;
  range.plan = range.trees = true;
  for (const HostGroup& group : c.grouping.groups) {
    std::vector<double> sends;
    double receive = 0;
    for (size_t h : group.hosts) {
      sends.push_back(OwnSend(c, h, i));
      receive = std::max(receive, OwnReceive(c, h, i));
    }
    range.send_ps_per_byte.push_back(PicosPerByte(Median(sends), bytes));
    range.receive_ps_per_byte.push_back(PicosPerByte(receive, bytes));
  }
  if (!c.site_uplinks.empty()) range.uplink_ps_per_byte = c.site_uplinks[i];
  return range;
}

// The clusters offer the cluster model: two or more, one with two hosts or
// more (whose local transfer was measured).
bool OffersClusterModel(const Calibration& c) {
  const std::vector<HostCluster>& clusters = c.clusters.clustering.clusters;
  return clusters.size() >= 2 &&
         std::any_of(clusters.begin(), clusters.end(),
                     [](const HostCluster& k) { return k.hosts.size() >= 2; });
}

// The median over the clusters of two hosts or more of their local times at
// size index i.
double LocalSeconds(const Calibration& c, size_t i) {
  std::vector<double> local;
  for (size_t k = 0; k < c.clusters.local[i].size(); ++k) {
    if (c.clusters.clustering.clusters[k].hosts.size() >= 2) {
      local.push_back(c.clusters.local[i][k]);
    }
  }
  return Median(local);
}

// Model cluster at size index i: C = the median inter-cluster time over the
// median local time (rounded, at least 1), the model's 1 tick being a local
// transfer.
DraftRange ClusterDraft(const Calibration& c, size_t i) {
  DraftRange range;
  range.plan = range.cluster = true;
  const double local = LocalSeconds(c, i);
  const double inter = Median(c.clusters.inter[i]);
  range.inter_cost = std::max<uint64_t>(
      1, static_cast<uint64_t>(std::llround(inter / std::max(local, 1e-12))));
  for (double seconds : c.clusters.local[i]) {
    range.local_us.push_back(1e6 * seconds);
  }
  range.inter_us = 1e6 * inter;
  return range;
}

// The node model's exact tables, one per cost vector (neighbouring sizes
// often share one), and the sizes that got none with the first reason.
struct ExactTables {
  std::map<std::vector<uint64_t>, CalibratedTable> by_costs;
  std::map<std::vector<uint64_t>, std::string> refused;
  size_t sizes_without = 0;
  std::string first_why;
};

// The node model with the exact table of size index i's costs (the groups'
// host counts as its limits) in whole messages, as a candidate; false when
// the table cannot be made (`tables` keeps why).
bool TableDraft(const Calibration& c, size_t i, ExactTables* tables,
                DraftRange* range) {
  range->plan = true;
  range->costs = CostTicks(c.grouping, i);
  if (tables->by_costs.count(range->costs) == 0 &&
      tables->refused.count(range->costs) == 0) {
    std::vector<size_t> hosts;
    for (const HostGroup& group : c.grouping.groups) {
      hosts.push_back(group.hosts.size());
    }
    CalibratedTable table;
    const std::string why =
        SolveCalibratedTable(range->costs, hosts, "calibrated", &table);
    if (why.empty()) {
      tables->by_costs[range->costs] = table;
    } else {
      tables->refused[range->costs] = why;
    }
  }
  auto found = tables->by_costs.find(range->costs);
  if (found == tables->by_costs.end()) {
    if (tables->sizes_without++ == 0) {
      tables->first_why = std::to_string(c.input.sizes[i]) +
                          " bytes: " + tables->refused[range->costs];
    }
    return false;
  }
  range->table_data = found->second.bytes;
  range->table_hash = found->second.hash;
  return true;
}

std::string BuildCandidates(const Calibration& c, Candidates* out) {
  ClusterFileDraft draft;
  draft.name = "candidates";
  draft.types = c.types;
  const bool clusters = OffersClusterModel(c);
  if (clusters || !c.site_uplinks.empty()) draft.clusters = c.clusters.drafts;
  const auto add = [&](DraftRange range, size_t i) {
    range.min_bytes = range.max_bytes = out->drafts.size();
    out->drafts.push_back(range);
    out->size_of.push_back(i);
    draft.sizes.push_back(range);
  };
  ExactTables tables;
  const size_t hosts = c.host_names.size();
  for (size_t i = 0; i < c.input.sizes.size(); ++i) {
    const uint64_t bytes = c.input.sizes[i];
    for (uint64_t segment : SegmentCandidates(bytes, hosts)) {
      DraftRange range;
      range.plan = true;
      range.segment_bytes = segment;
      range.costs = CostTicks(c.grouping, i);
      add(range, i);
      if (!clusters) continue;
      range = ClusterDraft(c, i);
      range.segment_bytes = segment;
      add(range, i);
    }
    if (bytes < kTreesMinBytes) continue;
    for (uint64_t segment : SegmentCandidates(bytes, hosts)) {
      if (segment == 0) continue;
      DraftRange range = TreesDraft(c, i);
      range.segment_bytes = segment;
      add(range, i);
    }
    DraftRange table;
    if (TableDraft(c, i, &tables, &table)) add(table, i);
  }
  std::string error;
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0 && tables.sizes_without > 0) {
    std::printf(
        "no exact table of the node model at %zu of %zu sizes (at %s)\n",
        tables.sizes_without, c.input.sizes.size(), tables.first_why.c_str());
  }
  if (!ParseClusterFile(ClusterFileJson(draft), "", &out->parsed, &error) ||
      !TypeOfHost(out->parsed, c.rank_hosts[rank], &out->place.type, &error) ||
      !ClusterOfHost(out->parsed, c.rank_hosts[rank], &out->place.cluster,
                     &error)) {
    return "the written rules do not parse: " + error;
  }
  return "";
}

// Seconds from a barrier until the slowest rank is done, the fastest of
// `repeats`, on every rank.
template <typename Broadcast>
double Timed(int repeats, Broadcast broadcast) {
  double best = std::numeric_limits<double>::max();
  for (int r = 0; r < repeats; ++r) {
    PMPI_Barrier(MPI_COMM_WORLD);
    const double start = PMPI_Wtime();
    broadcast();
    const double elapsed = PMPI_Wtime() - start;
    double slowest = 0;
    PMPI_Allreduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    best = std::min(best, slowest);
  }
  return best;
}

// The message's bytes for a check: a block of kPatternBytes (a prime, so
// that segments do not line up with it) that depends on the trial,
// repeated.
constexpr size_t kPatternBytes = 4093;

std::vector<char> Pattern(size_t trial) {
  std::vector<char> block(kPatternBytes);
  for (size_t b = 0; b < block.size(); ++b) {
    block[b] = static_cast<char>((b * 131 + trial * 7 + 1) & 0xff);
  }
  return block;
}

void Fill(const std::vector<char>& block, std::vector<char>* buffer) {
  for (size_t at = 0; at < buffer->size(); at += block.size()) {
    std::memcpy(buffer->data() + at, block.data(),
                std::min(block.size(), buffer->size() - at));
  }
}

bool Holds(const std::vector<char>& block, const std::vector<char>& buffer) {
  for (size_t at = 0; at < buffer.size(); at += block.size()) {
    if (std::memcmp(buffer.data() + at, block.data(),
                    std::min(block.size(), buffer.size() - at)) != 0) {
      return false;
    }
  }
  return true;
}

// One candidate: the library's broadcast along its rule (TwoLevelBcast),
// first once untimed with the bytes checked on every rank (the executor
// gathers its types then), then timed. Its seconds, or a negative number
// when the plan was refused or a rank's bytes differ (said on rank 0).
double TimePlan(Calibration* c, const Candidates& candidates, size_t k,
                uint64_t bytes) {
  const SizeRule& rule = candidates.parsed.sizes[k];
  std::vector<char>& buffer = c->buffer;
  buffer.resize(bytes);
  const std::vector<char> block = Pattern(k);
  if (c->two_level.rank == 0) Fill(block, &buffer);
  c->two_level.range_comms.assign(1, MPI_COMM_NULL);
  TwoLevelOutcome outcome;
  const int n = static_cast<int>(bytes);
  int bad = TwoLevelBcast(buffer.data(), n, MPI_BYTE, 0, n, &c->two_level, 0,
                          rule, candidates.place, &outcome) != MPI_SUCCESS ||
            outcome.refused || !Holds(block, buffer);
  bad = AgreedStatus(bad);
  double seconds = -1;
  if (!bad) {
    seconds = Timed(c->input.repeats, [&] {
      TwoLevelBcast(buffer.data(), n, MPI_BYTE, 0, n, &c->two_level, 0, rule,
                    candidates.place, &outcome);
    });
  } else if (IsRoot()) {
    std::printf(
        "  %llu bytes, segments of %llu: the plan failed (%s)\n",
        static_cast<unsigned long long>(bytes),
        static_cast<unsigned long long>(rule.segment_bytes),
        outcome.refused ? outcome.refusal.c_str() : "an error or wrong bytes");
  }
  if (c->two_level.range_comms[0] != MPI_COMM_NULL) {
    PMPI_Comm_free(&c->two_level.range_comms[0]);
  }
  return seconds;
}

std::string Us(double seconds) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f us", 1e6 * seconds);
  return text;
}

// MPI_Bcast of `bytes` from rank 0 with `algorithm` (nullptr: the MPI
// library's default), after a warm-up call; -1 when the algorithm cannot be
// chosen on some rank.
double TimeMpi(Calibration* c, uint64_t bytes, const MpiAlgorithm* algorithm) {
  MPI_Comm comm = MPI_COMM_WORLD;
  if (algorithm != nullptr) {
    const int made =
        CommForAlgorithm(c->mpi_algorithms, *algorithm, MPI_COMM_WORLD, &comm);
    if (AgreedStatus(made != MPI_SUCCESS)) {
      if (made == MPI_SUCCESS) PMPI_Comm_free(&comm);
      return -1;
    }
  }
  std::vector<char>& buffer = c->buffer;
  buffer.resize(bytes);
  const int n = static_cast<int>(bytes);
  PMPI_Bcast(buffer.data(), n, MPI_BYTE, 0, comm);  // warm-up
  const double seconds = Timed(c->input.repeats, [&] {
    PMPI_Bcast(buffer.data(), n, MPI_BYTE, 0, comm);
  });
  if (comm != MPI_COMM_WORLD) PMPI_Comm_free(&comm);
  return seconds;
}

// The fastest MPI broadcast of `bytes`: the library's default and each
// algorithm a process can choose. Its time, and in *algorithm its name
// ("": the default, which wins ties).
double FastestMpi(Calibration* c, uint64_t bytes, std::string* algorithm) {
  double best = TimeMpi(c, bytes, nullptr);
  algorithm->clear();
  std::string times = "default " + Us(best);
  for (const MpiAlgorithm& candidate : c->mpi_algorithms.list) {
    const double seconds = TimeMpi(c, bytes, &candidate);
    times += ", " + candidate.name + " " +
             (seconds >= 0 ? Us(seconds) : std::string("failed"));
    if (seconds >= 0 && seconds < best) {
      best = seconds;
      *algorithm = candidate.name;
    }
  }
  if (IsRoot() && !c->mpi_algorithms.list.empty()) {
    std::printf("  %llu bytes: MPI's algorithms: %s\n",
                static_cast<unsigned long long>(bytes), times.c_str());
  }
  return best;
}

// The plan's predicted time of the leaders' step in microseconds, root
// host 0. Model trees: DegreeTreePredictedPs() of the trees the library
// plans from the rule's rates and uplinks (each host's site its cluster):
// MultiPortPlan on TypeRatesPlatform, as TreesPlanOf (comm_types.h). Node
// model: its completion in ticks (the executor's planner) times the tick of
// size index i (the fastest type's cost / 100); model cluster: in local
// transfers of size index i.
double PredictedUs(const Calibration& c, const SizeRule& rule, size_t i) {
  std::vector<int> types;
  for (size_t g : c.grouping.group_of) types.push_back(static_cast<int>(g));
  if (rule.trees) {
    std::vector<int> sites;
    for (size_t k : c.clusters.clustering.cluster_of) {
      sites.push_back(static_cast<int>(k));
    }
    const LargePlatform platform = TypeRatesPlatform(
        rule.send_ps_per_byte.data(), rule.receive_ps_per_byte.data(), types,
        sites,
        rule.uplink_ps_per_byte.empty() ? nullptr
                                        : rule.uplink_ps_per_byte.data());
    const MultiTreePlan plan = MultiPortPlan(platform, 0, rule.segment_bytes);
    return 1e-6 * static_cast<double>(
                      DegreeTreePredictedPs(platform, plan, c.input.sizes[i]));
  }
  if (rule.cluster) {
    types.clear();
    for (size_t k : c.clusters.clustering.cluster_of) {
      types.push_back(static_cast<int>(k));
    }
  }
  BcastForecast forecast;
  if (ForecastBcast(LeaderParams(rule, HostPlace()), types, 0, &forecast) !=
      HETCAST_MPI_SUCCESS) {
    return 0;
  }
  const double tick =
      rule.cluster ? LocalSeconds(c, i) : c.grouping.groups[0].seconds[i] / 100;
  return 1e6 * forecast.ticks * tick;
}

// Times MPI_Bcast and every candidate at each size; the range of each size
// runs the fastest plan where it beats MPI_Bcast, else MPI_Bcast.
const char* PlanName(const DraftRange& range) {
  if (range.trees) {
    return range.uplink_ps_per_byte.empty() ? "degree tree" : "trees, sites";
  }
  if (range.cluster) return "cluster model";
  return range.table_data.empty() ? "fnf" : "exact table";
}

std::vector<DraftRange> Decide(Calibration* c, const Candidates& candidates) {
  std::vector<DraftRange> ranges;
  const std::vector<uint64_t>& sizes = c->input.sizes;
  for (size_t i = 0; i < sizes.size(); ++i) {
    DraftRange range = RangeOf(sizes, i);
    std::string mpi_algorithm;
    const double mpi = FastestMpi(c, sizes[i], &mpi_algorithm);
    double best = -1;
    size_t best_k = 0;
    for (size_t k = 0; k < candidates.drafts.size(); ++k) {
      if (candidates.size_of[k] != i) continue;
      const double seconds = TimePlan(c, candidates, k, sizes[i]);
      if (seconds >= 0 && (best < 0 || seconds < best)) {
        best = seconds;
        best_k = k;
      }
    }
    range.mpi_us = 1e6 * mpi;
    if (best >= 0) {
      const DraftRange& chosen = candidates.drafts[best_k];
      range.trees = chosen.trees;
      range.cluster = chosen.cluster;
      range.inter_cost = chosen.inter_cost;
      range.local_us = chosen.local_us;
      range.inter_us = chosen.inter_us;
      range.segment_bytes = chosen.segment_bytes;
      range.costs = chosen.costs;
      range.table_data = chosen.table_data;
      range.table_hash = chosen.table_hash;
      range.send_ps_per_byte = chosen.send_ps_per_byte;
      range.receive_ps_per_byte = chosen.receive_ps_per_byte;
      range.uplink_ps_per_byte = chosen.uplink_ps_per_byte;
      range.measured_us = 1e6 * best;
      range.predicted_us = PredictedUs(*c, candidates.parsed.sizes[best_k], i);
      range.plan = c->input.plan_always || best < mpi;
    }
    if (!range.plan) range.mpi_algorithm = mpi_algorithm;
    if (IsRoot()) {
      std::printf(
          "  %llu bytes: MPI_Bcast %s (%s); hetcast (%s, segments of %llu) %s, "
          "predicted %.1f us: %s\n",
          static_cast<unsigned long long>(sizes[i]), Us(mpi).c_str(),
          mpi_algorithm.empty() ? "its default" : mpi_algorithm.c_str(),
          PlanName(range), static_cast<unsigned long long>(range.segment_bytes),
          best >= 0 ? Us(best).c_str() : "failed", range.predicted_us,
          range.plan ? "plan" : "mpi");
    }
    ranges.push_back(range);
  }
  return ranges;
}

void ReportGroups(const Calibration& c) {
  const std::vector<uint64_t>& sizes = c.input.sizes;
  std::printf(
      "hetcast-calibrate: %zu ranks on %zu hosts; send costs towards host %s "
      "(the reference: host 0 sends to it fastest)\n",
      c.rank_hosts.size(), c.host_names.size(),
      c.host_names[c.costs.reference].c_str());
  std::printf(
      "groups: hosts sorted by cost at %llu bytes, split where neighbours "
      "differ by more than %.3f (max of --min-gap %.3f and 2 x the largest "
      "measurement spread)\n",
      static_cast<unsigned long long>(sizes.back()), c.grouping.threshold,
      c.input.min_gap);
  if (c.input.repeats < 3) {
    // The spread is the median round over the fastest: it needs 3 rounds.
    std::printf(
        "  (--repeats %d measures no spread: hosts are split by --min-gap "
        "alone, and on a real network noise above it splits equal hosts; "
        "use --repeats 3 or more there)\n",
        c.input.repeats);
  }
  for (size_t g = 0; g < c.grouping.groups.size(); ++g) {
    const HostGroup& group = c.grouping.groups[g];
    std::string hosts;
    for (const std::string& name : c.types[g].hosts) {
      hosts += (hosts.empty() ? "" : ",") + name;
    }
    std::printf(
        "  %s: %zu host%s (%s): cost %s at %llu bytes, %s at %llu bytes; "
        "spread within the group %.3f\n",
        c.types[g].name.c_str(), group.hosts.size(),
        group.hosts.size() == 1 ? "" : "s", hosts.c_str(),
        Us(group.seconds.front()).c_str(),
        static_cast<unsigned long long>(sizes.front()),
        Us(group.seconds.back()).c_str(),
        static_cast<unsigned long long>(sizes.back()), group.spread);
  }
}

void ReportClusters(const Calibration& c) {
  const ClusterCosts& clusters = c.clusters;
  const std::vector<uint64_t>& sizes = c.input.sizes;
  std::printf(
      "clusters: the first unplaced host's fast set at %llu bytes (one-way "
      "times within %.3f of the fastest of its row), repeated; %zu "
      "transfers%s\n",
      static_cast<unsigned long long>(sizes.back()),
      clusters.clustering.threshold, clusters.clustering.transfers,
      OffersClusterModel(c) ? ""
                            : " (no cluster model: one cluster, or "
                              "every host alone)");
  for (size_t k = 0; k < clusters.drafts.size(); ++k) {
    std::string hosts;
    for (const std::string& name : clusters.drafts[k].hosts) {
      hosts += (hosts.empty() ? "" : ",") + name;
    }
    const size_t count = clusters.clustering.clusters[k].hosts.size();
    std::printf(
        "  %s: %zu host%s (%s): local %s at %llu bytes, %s at %llu bytes; "
        "to the next cluster %s, %s; spread within the cluster %.3f\n",
        clusters.drafts[k].name.c_str(), count, count == 1 ? "" : "s",
        hosts.c_str(), Us(clusters.local.front()[k]).c_str(),
        static_cast<unsigned long long>(sizes.front()),
        Us(clusters.local.back()[k]).c_str(),
        static_cast<unsigned long long>(sizes.back()),
        Us(clusters.inter.front()[k]).c_str(),
        Us(clusters.inter.back()[k]).c_str(),
        clusters.clustering.clusters[k].spread);
  }
}

void ReportSites(const Calibration& c) {
  const std::vector<uint64_t>& sizes = c.input.sizes;
  if (c.site_uplinks.empty()) {
    std::printf(
        "sites: none (FindSites, sites.h, does not find exactly the clusters "
        "in the pairs measured at %llu bytes)\n",
        static_cast<unsigned long long>(sizes.back()));
    return;
  }
  std::printf(
      "sites: the clusters, each behind a shared uplink (FindSites, sites.h: "
      "every measured pair across clusters costs over %llu/%llu x the "
      "slower end's own rate at %llu bytes); model trees plans with their "
      "uplinks\n",
      static_cast<unsigned long long>(kSiteGapNumerator),
      static_cast<unsigned long long>(kSiteGapDenominator),
      static_cast<unsigned long long>(sizes.back()));
  for (size_t k = 0; k < c.clusters.drafts.size(); ++k) {
    std::printf("  %s: uplink %llu ps per byte at %llu bytes\n",
                c.clusters.drafts[k].name.c_str(),
                static_cast<unsigned long long>(c.site_uplinks.back()[k]),
                static_cast<unsigned long long>(sizes.back()));
  }
}

void ReportMpiAlgorithms(const MpiAlgorithms& algorithms) {
  if (algorithms.list.empty()) {
    std::printf("MPI's broadcast: its default only (%s)\n",
                algorithms.why_none.c_str());
    return;
  }
  std::string names;
  for (const MpiAlgorithm& algorithm : algorithms.list) {
    names += (names.empty() ? "" : ", ") + algorithm.name;
  }
  std::printf(
      "MPI's broadcast: its default and %zu algorithms chosen through %s "
      "(%s); each size keeps the fastest\n",
      algorithms.list.size(), algorithms.variable.c_str(), names.c_str());
}

// A node-model rule as calibration decided it: its costs, and FNF or the
// exact table (the same one, by content hash).
bool SameNodeRule(const SizeRule& rule, const DraftRange& want) {
  if (want.table_data.empty()) {
    return rule.algorithm == HETCAST_ALGORITHM_FNF && rule.costs == want.costs;
  }
  return rule.algorithm == HETCAST_ALGORITHM_TABLE &&
         rule.costs == want.costs && rule.table &&
         hetcast_table_hash(&rule.table->table) == want.table_hash;
}

// The rule every calibrated size gets from the parsed file must be the
// rule that was timed for it (calibrated is what runs); "" or the
// difference.
std::string CheckWritten(const ClusterFile& file,
                         const std::vector<uint64_t>& sizes,
                         const std::vector<DraftRange>& decided) {
  for (size_t i = 0; i < sizes.size(); ++i) {
    const SizeRule* rule = RuleForSize(file, sizes[i]);
    const DraftRange& want = decided[i];
    const bool same_model =
        rule != nullptr && rule->trees == want.trees &&
        rule->cluster == want.cluster &&
        (want.trees
             ? rule->send_ps_per_byte == want.send_ps_per_byte &&
                   rule->receive_ps_per_byte == want.receive_ps_per_byte &&
                   rule->uplink_ps_per_byte == want.uplink_ps_per_byte
         : want.cluster ? rule->inter_cost == want.inter_cost &&
                              rule->algorithm == HETCAST_ALGORITHM_NONE
                        : SameNodeRule(*rule, want));
    if (rule == nullptr || rule->plan != want.plan ||
        (!want.plan && rule->mpi_algorithm != want.mpi_algorithm) ||
        (want.plan &&
         (!same_model || rule->segment_bytes != want.segment_bytes))) {
      return "the written file's rule for " + std::to_string(sizes[i]) +
             " bytes is not the calibrated one";
    }
  }
  return "";
}

// Rank 0: the file's text, read back by the library's parser, checked and
// written. "" or the problem.
std::string Write(const Calibration& c, const std::vector<DraftRange>& decided,
                  size_t* ranges) {
  ClusterFileDraft draft;
  draft.name = c.input.name;
  draft.types = c.types;
  draft.sizes = MergeRanges(decided);
  for (const DraftRange& range : draft.sizes) {
    if (range.plan && (range.cluster || !range.uplink_ps_per_byte.empty())) {
      draft.clusters = c.clusters.drafts;
    }
  }
  *ranges = draft.sizes.size();
  const std::string text = ClusterFileJson(draft);
  ClusterFile parsed;
  std::string error;
  if (!ParseClusterFile(text, "", &parsed, &error)) {
    return "the cluster file does not read back: " + error;
  }
  error = CheckWritten(parsed, c.input.sizes, decided);
  if (!error.empty()) return error;
  std::ofstream out(c.input.out, std::ios::binary);
  out << text;
  out.close();
  if (!out) return "cannot write " + c.input.out;
  return "";
}

// Hosts and costs: "" or the problem (the same on every rank).
std::string Measure(Calibration* c) {
  std::string problem = GatherHosts(&c->rank_hosts);
  if (AgreedStatus(!problem.empty())) {
    return problem.empty() ? "a rank has no host name" : problem;
  }
  SetUpTwoLevel(MPI_COMM_WORLD, c->rank_hosts, 0, &c->two_level);
  c->buffer.reserve(c->input.sizes.back());
  c->buffer.resize(c->input.sizes.back());
  for (int leader : c->two_level.leader_of_host) {
    c->host_names.push_back(c->rank_hosts[leader]);
  }
  if (c->host_names.size() < 2) {
    return "all " + std::to_string(c->rank_hosts.size()) +
           " ranks run on one host (" + c->host_names[0] +
           "): hetcast plans between hosts only; run on 2 hosts or more";
  }
  if (c->two_level.leaders != MPI_COMM_NULL) {
    MPI_Comm leaders = c->two_level.leaders;
    MeasureCosts(leaders, c->input.sizes, c->input.repeats, &c->buffer,
                 &c->costs);
    const int largest = static_cast<int>(c->input.sizes.back());
    c->clusters.clustering = FindClusters(
        c->host_names.size(),
        [&](size_t from, const std::vector<size_t>& to, double* spread) {
          return LeaderRow(leaders, largest, c->input.repeats, &c->buffer, from,
                           to, spread);
        },
        c->input.min_gap);
    MeasureClusterCosts(leaders, c->input.sizes, c->input.repeats, &c->buffer,
                        &c->clusters);
    MeasureSiteRates(leaders, c->input.sizes, c->input.repeats, &c->buffer,
                     &c->clusters);
  }
  ShareCosts(c->host_names.size(), c->input.sizes.size(), &c->costs);
  ShareClusters(c->host_names.size(), c->input.sizes.size(), &c->clusters);
  for (size_t k = 0; k < c->clusters.clustering.clusters.size(); ++k) {
    DraftCluster draft;
    draft.name = "cluster" + std::to_string(k);
    std::vector<std::string> names;
    for (size_t h : c->clusters.clustering.clusters[k].hosts) {
      names.push_back(c->host_names[h]);
    }
    draft.hosts = CompactHostNames(names);
    c->clusters.drafts.push_back(draft);
  }
  for (size_t h = 0; h < c->host_names.size(); ++h) {
    c->costs.hosts[h].host = c->host_names[h];
  }
  c->grouping = GroupHostsByCost(c->costs.hosts, c->input.min_gap);
  c->types = TypesOf(*c);
  FindClusterSites(c);
  return "";
}

}  // namespace

int CalibrateClusterFile(const ClusterCalibrateInput& input) {
  const auto start = std::chrono::steady_clock::now();
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress, line by line
  Calibration c;
  c.input = input;
  std::string problem = Measure(&c);
  if (!problem.empty()) {
    if (IsRoot())
      std::fprintf(stderr, "hetcast-calibrate: %s\n", problem.c_str());
    FreeTwoLevel(&c.two_level);
    return 2;
  }
  c.mpi_algorithms = FindMpiAlgorithms();
  if (IsRoot()) {
    ReportGroups(c);
    ReportClusters(c);
    ReportSites(c);
    ReportMpiAlgorithms(c.mpi_algorithms);
  }
  Candidates candidates;
  problem = BuildCandidates(c, &candidates);
  int status = AgreedStatus(!problem.empty());
  std::vector<DraftRange> decided;
  if (status == 0) {
    if (IsRoot())
      std::printf("sizes (root rank 0; times of the slowest rank):\n");
    decided = Decide(&c, candidates);
  }
  size_t ranges = 0;
  if (status == 0 && IsRoot()) problem = Write(c, decided, &ranges);
  status = AgreedStatus(!problem.empty());
  if (IsRoot()) {
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (status == 0) {
      std::printf("wrote %s: %zu types, %zu size ranges; wall time %.1f s\n",
                  input.out.c_str(), c.types.size(), ranges, wall);
    } else {
      std::fprintf(stderr, "hetcast-calibrate: %s\n", problem.c_str());
    }
  }
  FreeTwoLevel(&c.two_level);
  return status;
}

}  // namespace mpi
}  // namespace hetcast
