// calibrate.cc: hetcast-calibrate, the calibration of hetcast's MPI
// broadcasts on the machines it runs on.
//
// Cluster file mode (what a user runs; tools/mpi/README.md):
//
//   mpiexec -n N hetcast-calibrate --sizes 1KiB:64MiB --out cluster.json
//       [--repeats 3] [--min-gap 0.10] [--name TEXT] [--decide timed]
//
// writes the cluster file libhetcast_mpi reads (HETCAST_CONFIG):
//  1. Hosts: each rank's host is MPI_Get_processor_name's (or the test-only
//     HETCAST_HOSTNAME_OVERRIDE's, as in the library); one leader per host
//     (its lowest rank), as the library plans. Each host's send cost at
//     every calibrated size (MIN, the powers of two between, MAX) is the
//     one-way time of a message from its leader to a reference host of the
//     fastest kind (calibrate_cluster.cc, MeasureCosts), measured one
//     transfer at a time, the fastest of --repeats.
//  2. Types: hosts sorted by cost and split where neighbours differ by more
//     than max(--min-gap, 2 x the largest measurement spread)
//     (host_groups.h); the groups, their costs and spreads are printed. Each
//     type's cost per size in ticks: 100 for the fastest type, the others in
//     proportion (two significant digits).
//  3. Clusters (host_groups.h, FindClusters): the first unplaced host's
//     fast set (the cheapest group of its one-way times at the largest
//     size to the other unplaced hosts) is its cluster, repeated; then per
//     size each cluster's local time and its time to the next cluster.
//     Sites: whether the clusters are sites behind shared uplinks (racks,
//     halls or campuses joined by slower links) is sites.h's rule, FindSites,
//     run on the pairs measured at the largest size (each host to the
//     reference and back, each host to its partner in its own cluster and
//     back, each cluster's leader to the next one's; pairs not measured are
//     left out): hosts are joined where a pair is within 3/2 x the
//     slower end's own fastest rate both ways, and the clusters are sites
//     when those groups are exactly the clusters and every measured pair
//     across clusters is slower than that. A cluster of one host is never
//     a site of its own (its own rate is its uplink's, so its pairs look
//     explained). Each site's uplink, per size, is its cheapest measured
//     pair across (SiteUplinks); model trees then take every host's own
//     rates from inside its cluster and plan with the uplinks.
//  4. Sizes: at each calibrated size, MPI's own broadcast (PMPI_Bcast: its
//     default and each algorithm the library lets a process choose,
//     mpi_algorithms.h; the fastest is MPI's time) and each candidate plan (FNF
//     between host leaders, whole messages or segments; the cluster model
//     between them with C = inter / local when there are clusters; model trees,
//     with the sites' uplinks when the clusters are sites; the exact table) are
//     timed from rank 0; each candidate is a rule of a cluster file read by the
//     library's parser, run by the library's own two-level broadcast
//     (two_level.h), its bytes checked on every rank. The size's range (up to
//     the next calibrated size) gets the fastest plan where it beats MPI's
//     fastest, else "mpi" (naming MPI's algorithm where one beat its default);
//     ranges that run the same thing merge.
//  5. The file is read back by the library's parser and every calibrated
//     size's rule compared with the one that was timed before it is
//     written. Exit status 0; 2 for bad arguments or a run on one host; 1
//     when something failed (said on rank 0).
//
// Per-size mode (the SMPI experiment's, tools/mpi/smpi_experiment.sh):
//
//   mpiexec -n N hetcast-calibrate --size=BYTES --rank-types=T0,T1,...
//       [--rank-clusters=L0,L1,...] [--repeats=5] [--tick-ns=1]
//       [--limit=20] [--name=calibrated] [--profile-out=P.json]
//       [--cluster-out=C.json] [--rules-out=R.json] [--pairs-out=P.txt]
//
// --rank-types gives rank i's node type (types 0 .. k-1, each with a rank);
// --rank-clusters rank i's cluster label (optional).
//
// Node model: a node of type j needs C(j) per send, its i-th send arriving
// i * C(j) after it starts. For each type the lowest rank of that type sends
// the message to K = min(4, N - 1) other ranks back to back (blocking
// MPI_Send); the last receiver answers with an empty message. C(j) =
// (elapsed - one-way latency of an empty message) / K, the minimum over the
// repeats. Two choices of receivers give two cost sets: "any", taken round
// robin over the types (an average over receiver kinds), and "same", ranks
// of the sender's own type (the type's own speed, not held up by slower
// receivers; "any" for a type with one rank). With two or more types both
// are checked (below) and the profile gets the set whose broadcast was
// measured faster ("any" on ties). Costs are written in ticks of --tick-ns
// nanoseconds (at least 1 tick); a profile needs distinct costs, so a cost
// equal to an earlier type's is raised by one tick (said on stdout).
//
// Cluster model: the same measurement from the lowest rank of each cluster
// to K ranks of its own cluster (intra) and of the other clusters (inter),
// averaged over the clusters; the model's local transfer is 1 tick, so
// inter_cost = max(1, round(inter / intra)).
//
// Non-blocking model per pair (--pairs-out, SMPI only: it needs one clock
// for all ranks; N * (N - 1) timed transfers): rank s's send cost S(s) =
// the time per send of s's back-to-back sends (as above, to K ranks round
// robin: until s can send again), and the link cost of s -> r per byte =
// (T(s, r) - S(s)) / BYTES, T(s, r) the uncontended arrival of one transfer
// (measure.h, PairTransferSeconds); no receive cost. Written in
// picoseconds as text: "N BYTES", then the N send costs, then the N * N
// link costs (row = sender), for bench --model=pairs.
//
// Finally, as a check of the whole path, one HETCAST_MPI_Bcast of the
// message from rank 0 with the calibrated costs (node model, each cost set;
// and cluster model when clusters are given): its planned completion and the
// measured one (the slowest rank's, from a barrier; the fastest of the whole
// message and segments of bytes / 2, bytes / 4, bytes / 8 and 8 KiB,
// SegmentCandidates below, which is the segment_bytes it reports); and
// MPI_Bcast's measured time.
// --rules-out writes these per model, with mpi_bcast_ticks = planned *
// MPI_Bcast's time / HETCAST_MPI_Bcast's time (at least 1): MPI_Bcast's
// time on the prediction's scale, the executor's calibrated rule for
// handing a broadcast to MPI_Bcast (call_rules.h); on the calibrated
// communicator it hands over exactly when MPI_Bcast was measured at least
// as fast.

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "tools/mpi/calibrate_cluster.h"
#include "tools/mpi/hetcast_mpi.h"
#include "tools/mpi/measure.h"
#include "tools/mpi/mpi_algorithms.h"
#include "tools/mpi/program_args.h"
#include "tools/version.h"

namespace hetcast {
namespace mpi {
namespace {

struct Calibration {
  std::vector<int> rank_types, rank_clusters;
  size_t type_count = 0, cluster_count = 0;
  int bytes = 0, repeats = 0;
  double tick_seconds = 1e-9;
  std::vector<double> send_seconds;  // per type, of the chosen receivers
  std::vector<uint64_t> costs;       // per type, ticks
  const char* receivers = "any";     // which receivers the costs are from
  double intra_seconds = 0, inter_seconds = 0;
  uint64_t inter_cost = 0;
};

// Distinct costs in ticks (see the top) of per-type send times.
std::vector<uint64_t> CostsInTicks(const std::vector<double>& send_seconds,
                                   double tick_seconds, int rank) {
  std::vector<uint64_t> costs;
  for (size_t j = 0; j < send_seconds.size(); ++j) {
    uint64_t ticks =
        std::max<uint64_t>(1, std::llround(send_seconds[j] / tick_seconds));
    while (std::find(costs.begin(), costs.end(), ticks) != costs.end()) {
      ++ticks;
      if (rank == 0)
        std::printf("type %zu: cost raised to %llu ticks (distinct)\n", j,
                    static_cast<unsigned long long>(ticks));
    }
    costs.push_back(ticks);
  }
  return costs;
}

// Each type's send time to receivers `pick` allows ("any" where a type has
// no other rank of its own).
std::vector<double> SendSecondsPerType(const Calibration& c, Pick pick) {
  std::vector<double> seconds;
  for (size_t j = 0; j < c.type_count; ++j) {
    const int sender = static_cast<int>(
        std::find(c.rank_types.begin(), c.rank_types.end(), j) -
        c.rank_types.begin());
    std::vector<int> receivers =
        RoundRobinReceivers(c.rank_types, sender, pick, 4);
    if (receivers.empty()) {
      receivers = RoundRobinReceivers(c.rank_types, sender, Pick::kAny, 4);
    }
    seconds.push_back(
        SendCostSeconds(MPI_COMM_WORLD, sender, receivers, c.bytes, c.repeats));
  }
  return seconds;
}

void MeasureClusters(Calibration* c) {
  double intra = 0, inter = 0;
  int intra_count = 0, inter_count = 0;
  for (size_t l = 0; l < c->cluster_count; ++l) {
    const int label = static_cast<int>(l);
    const int sender = static_cast<int>(
        std::find(c->rank_clusters.begin(), c->rank_clusters.end(), label) -
        c->rank_clusters.begin());
    const std::vector<int> local =
        RoundRobinReceivers(c->rank_clusters, sender, Pick::kSameLabel, 4);
    const std::vector<int> remote =
        RoundRobinReceivers(c->rank_clusters, sender, Pick::kOtherLabel, 4);
    if (!local.empty()) {
      intra +=
          SendCostSeconds(MPI_COMM_WORLD, sender, local, c->bytes, c->repeats);
      ++intra_count;
    }
    if (!remote.empty()) {
      inter +=
          SendCostSeconds(MPI_COMM_WORLD, sender, remote, c->bytes, c->repeats);
      ++inter_count;
    }
  }
  c->intra_seconds = intra_count ? intra / intra_count : 0;
  c->inter_seconds = inter_count ? inter / inter_count : 0;
  c->inter_cost = c->intra_seconds > 0
                      ? std::max<uint64_t>(1, std::llround(c->inter_seconds /
                                                           c->intra_seconds))
                      : 1;
}

bool WriteProfile(const Calibration& c, const std::string& path,
                  const std::string& name, uint64_t limit) {
  std::ofstream out(path);
  out << CalibratedProfileJson(name, c.costs, limit);
  return static_cast<bool>(out);
}

bool WriteClusters(const Calibration& c, const std::string& path) {
  std::ofstream out(path);
  out << "{\"bytes\": " << c.bytes << ", \"intra_seconds\": " << c.intra_seconds
      << ", \"inter_seconds\": " << c.inter_seconds
      << ", \"inter_cost\": " << c.inter_cost << "}\n";
  return static_cast<bool>(out);
}

// One broadcast from rank 0 with the calibrated parameters, executed by
// HETCAST_MPI_Bcast (with the fastest segment size) and by MPI_Bcast: the
// plan's completion in ticks, both measured times, and MPI_Bcast's time on
// the prediction's scale.
struct BroadcastCheck {
  bool ok = false;
  uint64_t planned_ticks = 0;
  size_t segment_bytes = 0;
  double hetcast_seconds = 0, mpi_seconds = 0;
  uint64_t mpi_bcast_ticks = 0;  // planned * mpi / hetcast, at least 1
};

// The segment sizes FastestSegments tries: the whole message (0), then
// bytes / 2, bytes / 4 and bytes / 8, then kDeepSegment when it splits the
// message into more than 8 and at most kMaxSegments segments. A
// calibration's host time in SMPI grows with the segments it simulates:
// every power of two down to bytes / 128 (2 + 4 + ... + 128 = 254 segments
// per timed broadcast) runs past the test timeouts at 256 ranks; this
// list simulates at most 2 + 4 + 8 + 128 = 142 at 1 MB and 14 at 64 KiB.
// It keeps every size that won in docs/mpi-results.md (128 B at 1 KB,
// 8 KiB at 64 KB, at 1 MB 8 KiB, 256 KiB and 512 KiB). kDeepSegment is
// 8 KiB because it won every segmented 1 MB case there (SMPI's bandwidth factor
// is highest for messages of 5.8 to 9.4 KB); kMaxSegments bounds the receives a
// rank posts at once (SimGrid 3.32 crashed with 512 segments of 128 B on 64
// ranks).
constexpr size_t kMaxSegments = 128;
constexpr size_t kDeepSegment = 8192;
std::vector<size_t> SegmentCandidates(int bytes) {
  const size_t b = static_cast<size_t>(bytes);
  std::vector<size_t> candidates = {0};
  for (size_t parts = 2; parts <= 8 && b / parts >= 1; parts *= 2) {
    candidates.push_back(b / parts);
  }
  if (kDeepSegment < b / 8 && kDeepSegment * kMaxSegments >= b) {
    candidates.push_back(kDeepSegment);
  }
  return candidates;
}

// HETCAST_MPI_Bcast timed with each of SegmentCandidates(bytes); keeps the
// fastest (the earlier on ties) in check->segment_bytes.
int FastestSegments(HETCAST_MPI_Params params, int bytes,
                    BroadcastCheck* check) {
  const std::vector<size_t> candidates = SegmentCandidates(bytes);
  check->hetcast_seconds = 0;
  for (size_t segment : candidates) {
    params.segment_bytes = segment;
    double seconds = 0;
    MPI_Comm comm;  // parameters are fixed per communicator (hetcast_mpi.h)
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    const int code = TimedHetcastBcast(comm, 0, bytes, 3, params, &seconds);
    MPI_Comm_free(&comm);
    if (code != HETCAST_MPI_SUCCESS) return code;
    if (segment == 0 || seconds < check->hetcast_seconds) {
      check->hetcast_seconds = seconds;
      check->segment_bytes = segment;
    }
  }
  return HETCAST_MPI_SUCCESS;
}

BroadcastCheck CheckBroadcast(const HETCAST_MPI_Params& params,
                              const std::vector<int>& labels,
                              double tick_seconds, int bytes, const char* model,
                              int rank) {
  BroadcastCheck check;
  BcastForecast forecast;
  int code = ForecastBcast(params, labels, 0, &forecast);
  if (code == HETCAST_MPI_SUCCESS) {
    code = FastestSegments(params, bytes, &check);
  }
  if (code != HETCAST_MPI_SUCCESS) {
    if (rank == 0)
      std::printf("check, %s model: error %d: %s\n", model, code,
                  HETCAST_MPI_Last_error());
    return check;
  }
  check.ok = true;
  check.planned_ticks = forecast.ticks;
  check.mpi_seconds = TimedMpiBcast(MPI_COMM_WORLD, 0, bytes, 3);
  check.mpi_bcast_ticks = std::max<uint64_t>(
      1, std::llround(forecast.ticks * check.mpi_seconds /
                      std::max(check.hetcast_seconds, 1e-300)));
  if (rank == 0) {
    std::printf(
        "check, %s model: planned %.4g s, measured %.4g s (segments of %zu "
        "bytes; 0: whole), planned / measured %.3f; MPI_Bcast %.4g s "
        "(mpi_bcast_ticks %llu)\n",
        model, forecast.ticks * tick_seconds, check.hetcast_seconds,
        check.segment_bytes,
        forecast.ticks * tick_seconds / check.hetcast_seconds,
        check.mpi_seconds,
        static_cast<unsigned long long>(check.mpi_bcast_ticks));
  }
  return check;
}

void WriteCheck(std::ofstream* out, const char* model,
                const BroadcastCheck& check) {
  *out << ", \"" << model << "\": {\"planned_ticks\": " << check.planned_ticks
       << ", \"hetcast_seconds\": " << check.hetcast_seconds
       << ", \"segment_bytes\": " << check.segment_bytes
       << ", \"mpi_seconds\": " << check.mpi_seconds
       << ", \"mpi_bcast_ticks\": " << check.mpi_bcast_ticks << "}";
}

// The executor's calibrated rule input (hetcast_mpi_params.h,
// mpi_bcast_ticks) per model, for this message size.
bool WriteRules(const std::string& path, int bytes, const BroadcastCheck& node,
                const BroadcastCheck& cluster) {
  std::ofstream out(path);
  out << "{\"bytes\": " << bytes;
  if (node.ok) WriteCheck(&out, "node", node);
  if (cluster.ok) WriteCheck(&out, "cluster", cluster);
  out << "}\n";
  return static_cast<bool>(out);
}

// The non-blocking model's costs per pair (see the top): measured on every
// rank (collective), written by rank 0; whether rank 0 could write.
bool WritePairsOnRoot(int bytes, const std::string& path) {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::vector<double> times = PairTransferSeconds(MPI_COMM_WORLD, bytes);
  const std::vector<int> any(size, 0);
  std::vector<double> send(size);
  for (int s = 0; s < size; ++s) {
    send[s] =
        SendCostSeconds(MPI_COMM_WORLD, s,
                        RoundRobinReceivers(any, s, Pick::kAny, 4), bytes, 1);
  }
  if (rank != 0) return true;
  std::ofstream out(path);
  out << size << " " << bytes << "\n";
  for (int s = 0; s < size; ++s) {
    out << (s ? " " : "") << std::llround(send[s] * 1e12);
  }
  for (size_t i = 0; i < times.size(); ++i) {
    const double rest = std::max(0.0, times[i] - send[i / size]);
    out << (i % size ? " " : "\n") << std::llround(rest * 1e12 / bytes);
  }
  out << "\n";
  return static_cast<bool>(out);
}

// WritePairsOnRoot, its status on every rank (so all stop alike).
bool WritePairs(int bytes, const std::string& path) {
  int written = WritePairsOnRoot(bytes, path);
  MPI_Bcast(&written, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return written != 0;
}

void PrintCalibration(const Calibration& c) {
  std::printf("node costs from receivers: %s\n", c.receivers);
  for (size_t j = 0; j < c.type_count; ++j) {
    std::printf("type %zu: %.4g s per send of %d bytes = %llu ticks\n", j,
                c.send_seconds[j], c.bytes,
                static_cast<unsigned long long>(c.costs[j]));
  }
  if (c.cluster_count > 1) {
    std::printf("clusters: intra %.4g s, inter %.4g s, inter_cost %llu\n",
                c.intra_seconds, c.inter_seconds,
                static_cast<unsigned long long>(c.inter_cost));
  }
}

// The node model's check (CheckBroadcast) with per-type `costs`.
BroadcastCheck NodeCheck(const Calibration& c,
                         const std::vector<uint64_t>& costs, const char* label,
                         int rank) {
  HETCAST_MPI_Params node = {};
  node.model = HETCAST_MODEL_NODE;
  node.costs = costs.data();
  node.type_count = c.type_count;
  node.my_type = c.rank_types[rank];
  return CheckBroadcast(node, c.rank_types, c.tick_seconds, c.bytes, label,
                        rank);
}

// Measures the "any" and "same" cost sets (see the top), checks a broadcast
// with each and keeps the faster in c; returns the kept set's check.
BroadcastCheck MeasureNode(Calibration* c, int rank) {
  c->send_seconds = SendSecondsPerType(*c, Pick::kAny);
  c->costs = CostsInTicks(c->send_seconds, c->tick_seconds, rank);
  BroadcastCheck check = NodeCheck(*c, c->costs, "node (any)", rank);
  if (c->type_count < 2) return check;
  std::vector<double> same = SendSecondsPerType(*c, Pick::kSameLabel);
  std::vector<uint64_t> costs = CostsInTicks(same, c->tick_seconds, rank);
  if (costs == c->costs) return check;
  const BroadcastCheck same_check = NodeCheck(*c, costs, "node (same)", rank);
  if (same_check.ok &&
      (!check.ok || same_check.hetcast_seconds < check.hetcast_seconds)) {
    c->send_seconds = std::move(same);
    c->costs = std::move(costs);
    c->receivers = "same";
    check = same_check;
  }
  return check;
}

// Writes the files (rank 0), then checks the cluster model.
int Report(const Calibration& c, const BroadcastCheck& node_check,
           const CalibrateInput& input, ProgramArgs* args, int rank) {
  bool written = true;
  if (rank == 0) {
    PrintCalibration(c);
    const std::string profile = args->String("profile-out", "");
    const std::string clusters = args->String("cluster-out", "");
    if (!profile.empty()) {
      written &= WriteProfile(c, profile, input.name, input.limit);
    }
    if (!clusters.empty() && c.cluster_count > 1) {
      written &= WriteClusters(c, clusters);
    }
    if (!written)
      std::fprintf(stderr, "hetcast-calibrate: cannot write the output\n");
  }
  BroadcastCheck cluster_check;
  if (c.cluster_count > 1) {
    HETCAST_MPI_Params cluster = {};
    cluster.model = HETCAST_MODEL_CLUSTER;
    cluster.cluster_count = c.cluster_count;
    cluster.inter_cost = c.inter_cost;
    cluster.my_type = c.rank_clusters[rank];
    cluster_check = CheckBroadcast(cluster, c.rank_clusters, c.intra_seconds,
                                   c.bytes, "cluster", rank);
  }
  const std::string rules = args->String("rules-out", "");
  if (rank == 0 && !rules.empty() &&
      !WriteRules(rules, c.bytes, node_check, cluster_check)) {
    std::fprintf(stderr, "hetcast-calibrate: cannot write %s\n", rules.c_str());
    written = false;
  }
  return written ? 0 : 1;
}

constexpr char kUsage[] =
    "usage: mpiexec -n N hetcast-calibrate --sizes MIN:MAX --out FILE\n"
    "           [--repeats 3] [--min-gap 0.10] [--name TEXT]\n"
    "  measures every host's send cost, groups the hosts into node types\n"
    "  and clusters,\n"
    "  times MPI_Bcast and hetcast's plan (the library's own code) at MIN,\n"
    "  every power of two between and MAX, and writes the cluster file of\n"
    "  libhetcast_mpi (HETCAST_CONFIG=FILE).\n"
    "  --sizes    byte counts: 1024, 1KiB, 64MiB, 1GiB (at most 2^31 - 1)\n"
    "  --repeats  timings per measurement; the fastest counts (1 .. 1000)\n"
    "  --min-gap  hosts whose costs differ by at most this are one type\n"
    "  --name     the cluster file's name\n"
    "  --decide   timed (default), or plan: every range runs the plan\n"
    "             whatever the timings (test-only)\n"
    "or (per-size mode, the SMPI experiment's):\n"
    "       mpiexec -n N hetcast-calibrate --size=BYTES --rank-types=T0,...\n"
    "           [--rank-clusters=L0,...] [--repeats=5] [--tick-ns=1]\n"
    "           [--limit=20] [--name=NAME] [--profile-out=P.json]\n"
    "           [--cluster-out=C.json] [--rules-out=R.json]\n"
    "           [--pairs-out=P.txt]\n"
    "tools/mpi/README.md and the top of tools/mpi/calibrate.cc say more.\n";

bool ClusterMode(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--sizes", 0) == 0 || arg.rfind("--out", 0) == 0 ||
        arg.rfind("--min-gap", 0) == 0) {
      return true;
    }
  }
  return false;
}

int ClusterMain(int argc, char** argv, int rank, int size) {
  ProgramArgs args(argc, argv,
                   {"sizes", "out", "repeats", "min-gap", "name", "decide"},
                   /*separate_values=*/true);
  ClusterCalibrateInput input;
  const std::string error = ReadClusterCalibrateInput(&args, size, &input);
  if (!error.empty()) {
    if (rank == 0)
      std::fprintf(stderr, "hetcast-calibrate: %s\n", error.c_str());
    return 2;
  }
  return CalibrateClusterFile(input);
}

int Main(int argc, char** argv) {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (AsksHelpOrVersion(argc, argv)) {
    if (rank == 0) AnswerHelpOrVersion(argc, argv, "hetcast-calibrate", kUsage);
    return 0;
  }
  if (ClusterMode(argc, argv)) return ClusterMain(argc, argv, rank, size);
  ProgramArgs args(
      argc, argv,
      {"size", "rank-types", "rank-clusters", "repeats", "tick-ns", "limit",
       "name", "profile-out", "cluster-out", "rules-out", "pairs-out"});
  CalibrateInput input;
  const std::string error = ReadCalibrateInput(&args, size, &input);
  if (!error.empty()) {
    if (rank == 0) {
      std::fprintf(stderr, "hetcast-calibrate: %s\n", error.c_str());
    }
    return 2;
  }
  Calibration c;
  c.rank_types = input.rank_types;
  c.rank_clusters = input.rank_clusters;
  c.type_count = input.type_count;
  c.cluster_count = input.cluster_count;
  c.bytes = input.bytes;
  c.repeats = input.repeats;
  c.tick_seconds = static_cast<double>(input.tick_ns) * 1e-9;
  const std::string pairs = args.String("pairs-out", "");
  if (!pairs.empty() && !WritePairs(c.bytes, pairs)) {
    std::fprintf(stderr, "hetcast-calibrate: cannot write %s\n", pairs.c_str());
    return 1;
  }
  const BroadcastCheck node_check = MeasureNode(&c, rank);
  if (c.cluster_count > 1) MeasureClusters(&c);
  return Report(c, node_check, input, &args, rank);
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) {
  hetcast::mpi::AllowMpiAlgorithmChoice();  // before MPI_Init
  return hetcast::mpi::RunMpiProgram(argc, argv, hetcast::mpi::Main);
}
