// hetcast-bcast-file: copies a file from rank 0 to a path on every host of
// an MPI job, in chunks pipelined over the large-message plan's trees
// (large_plan.h, multi_tree.h), in the way of Slurm's sbcast and
// mpifileutils' dbcast.
//
//   mpiexec -n N hetcast-bcast-file
//       [--pairs=P.txt | --plan=PLAN.txt | --probe=256KiB] [--trial=4MiB]
//       [--chunk-bytes=64MiB] [--progress=1]
//       [--transfer=plan|sbcast|mpi-bcast] SOURCE TARGET
//
// One copy per host: the ranks of a host (MPI_Comm_split_type SHARED) elect
// their lowest rank, which receives, forwards and writes; the others only
// take part in the collective decisions. TARGET may hold "%h" (the host
// name) and "%r" (the writing rank). Steps, each ended by every rank
// agreeing whether any rank failed (AnyProblem), so that all stop together:
//  1. rank 0 opens SOURCE and makes the plan (--plan: large_plan's text for
//     one rank per host; --pairs: bench --model=bound --times-out's pair
//     times of every rank or of one rank per host, planned here in the
//     multi-port model; neither: the hosts' leaders probe every pair's
//     one-way time of --probe bytes by round trips and rank 0 plans from
//     those, when the file is larger than the probe's n (n - 1) transfers
//     and there are 3 hosts or more; else a chain of the hosts,
//     DefaultFilePlan());
//  2. each writer creates a hidden temporary file in TARGET's directory and
//     reserves the file's size there (posix_fallocate: no space shows now);
//  3. per chunk: rank 0 reads it, the hosts' writers broadcast it over the
//     plan (MultiTreeBcast) and write it, hashing what they write (FNV-1a);
//     for a file of at least 16 x --trial bytes, the first --trial bytes go
//     over the plan and the next over the chain, both timed, and the rest
//     over the faster (TrialWanted);
//  4. each writer syncs its file and compares its hash with rank 0's;
//  5. each writer renames its temporary file to TARGET.
// On any failure rank 0 prints one line per failing rank, "rank R (host
// H): REASON", every writer removes its temporary file and every rank
// exits 1. Exit 2 on bad arguments.
//
// Test-only environment: HETCAST_HOSTNAME_OVERRIDE=h0,h1,... gives world
// rank i the i-th host name (as in libhetcast_mpi), the ranks then grouped
// by name instead of by shared memory; HETCAST_BCAST_FILE_CORRUPT_RANK=R
// flips a bit of the first received byte on rank R, as a faulty link would.

#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "tools/mpi/bcast_file.h"
#ifndef HETCAST_BCAST_FILE_WITHOUT_PLANNER
#include "tools/mpi/large_plan.h"
#endif
#include "tools/mpi/multi_tree.h"
#include "tools/mpi/program_args.h"
#include "tools/version.h"

namespace hetcast {
namespace mpi {
namespace {

constexpr char kProgram[] = "hetcast-bcast-file";
constexpr char kUsage[] =
    "usage: mpiexec -n N hetcast-bcast-file\n"
    "           [--pairs=P.txt | --plan=PLAN.txt | --probe=256KiB]\n"
    "           [--trial=4MiB] [--chunk-bytes=64MiB] [--progress=1]\n"
    "           [--transfer=plan|sbcast|mpi-bcast] SOURCE TARGET\n"
    "  Copies SOURCE (read on rank 0) to TARGET on every host of the job, one\n"
    "  copy per host, written by the host's lowest rank. TARGET may hold %h\n"
    "  (host name), %r (writing rank), %% ('%'). The file is written under a\n"
    "  hidden temporary name in TARGET's directory and renamed to TARGET only\n"
    "  when every host has all of it and its FNV-1a hash equals rank 0's.\n"
    "  --pairs: every pair's transfer time (bench --model=bound --times-out),\n"
    "  planned here in the multi-port model; --plan: a plan of large_plan for\n"
    "  one rank per host; neither: every pair of hosts' time of --probe bytes\n"
    "  measured at start-up (when the file is larger than those transfers and\n"
    "  there are 3 hosts or more), else a chain of the hosts, 256 KiB\n"
    "  segments (--probe=0: the chain).\n"
    "  --trial: with a plan that is not the chain and a file of 16 trials or\n"
    "  more, the file's first this many bytes go over the plan, the next over\n"
    "  the chain, both timed, and the rest over the faster (0: no trial).\n"
    "  --chunk-bytes: bytes per pipelined broadcast (the memory per host);\n"
    "  --transfer=sbcast or mpi-bcast: baselines instead of the plan, an\n"
    "  sbcast-like stop-and-wait 8-ary tree of 512 KiB blocks, or one\n"
    "  MPI_Bcast per chunk.\n"
    "  --progress=0: no progress line on stderr.\n"
    "  Exit 0 when every host has the file; 1 when any host failed (rank 0\n"
    "  names each with the reason, no file is left); 2 on bad arguments.\n";
constexpr uint64_t kDefaultChunkBytes = uint64_t{64} << 20;
constexpr uint64_t kMaxChunkBytes = uint64_t{1} << 30;
constexpr uint64_t kOverheadPs = 20000000;  // large_plan's default 20 us
constexpr double kProgressSeconds = 0.5;
#ifdef HETCAST_BCAST_FILE_WITHOUT_PLANNER
constexpr uint64_t kDefaultProbeBytes = 0;  // no planner to use it
constexpr uint64_t kMaxProbeHosts = 0;
#else
constexpr uint64_t kDefaultProbeBytes = 256 * 1024;
constexpr uint64_t kMaxProbeHosts = kLargePlanMaxRanks;
#endif

// --transfer: how the hosts' leaders move a chunk. kPlan is the tool's;
// the others are baselines for comparing it on a cluster (docs/mpi.md):
// kSbcast as Slurm's sbcast moves a file (512 KiB blocks down an 8-ary tree
// of the hosts in rank order, the root waiting for every host's
// acknowledgement before the next block), kMpiBcast one MPI_Bcast per
// chunk.
enum class Transfer { kPlan, kSbcast, kMpiBcast };
constexpr size_t kSbcastBlockBytes = 512 * 1024;
constexpr int kSbcastFanout = 8;

struct Options {
  std::string source, target, pairs, plan;
  Transfer transfer = Transfer::kPlan;
  uint64_t probe_bytes = kDefaultProbeBytes;
  uint64_t trial_bytes = uint64_t{4} << 20;
  uint64_t chunk_bytes = kDefaultChunkBytes;
  bool progress = true;
};

// Flags through ProgramArgs, SOURCE and TARGET by position. "" or the
// problem (the same on every rank: all see the same arguments).
std::string ReadOptions(int argc, char** argv, Options* options) {
  std::vector<char*> flags = {argv[0]};
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--", 2) == 0) {
      flags.push_back(argv[i]);
    } else {
      positional.push_back(argv[i]);
    }
  }
  ProgramArgs args(static_cast<int>(flags.size()), flags.data(),
                   {"pairs", "plan", "chunk-bytes", "progress", "transfer",
                    "probe", "trial"});
  options->pairs = args.String("pairs", "");
  options->plan = args.String("plan", "");
  options->progress = args.Unsigned("progress", 1) != 0;
  const std::string chunk = args.String("chunk-bytes", "64MiB");
  const std::string transfer = args.String("transfer", "plan");
  const std::string probe = args.String("probe", "");
  const std::string trial = args.String("trial", "4MiB");
  if (!args.error().empty()) return args.error();
  if (transfer == "sbcast") {
    options->transfer = Transfer::kSbcast;
  } else if (transfer == "mpi-bcast") {
    options->transfer = Transfer::kMpiBcast;
  } else if (transfer != "plan") {
    return "--transfer is plan, sbcast or mpi-bcast, not '" + transfer + "'";
  }
  if (!ParseByteSize(chunk, &options->chunk_bytes) ||
      options->chunk_bytes < 1 || options->chunk_bytes > kMaxChunkBytes) {
    return "--chunk-bytes must be 1 .. 1GiB (\"64MiB\", \"1048576\"), not '" +
           chunk + "'";
  }
  if (!probe.empty() && (!ParseByteSize(probe, &options->probe_bytes) ||
                         options->probe_bytes > kMaxChunkBytes)) {
    return "--probe must be 0 .. 1GiB (\"256KiB\"), not '" + probe + "'";
  }
  if (!ParseByteSize(trial, &options->trial_bytes) ||
      options->trial_bytes > kMaxChunkBytes) {
    return "--trial must be 0 .. 1GiB (\"4MiB\"), not '" + trial + "'";
  }
  if (!options->pairs.empty() && !options->plan.empty()) {
    return "--pairs and --plan exclude each other";
  }
  if (positional.size() != 2) {
    return "SOURCE and TARGET are needed, nothing else (" +
           std::to_string(positional.size()) + " arguments given)";
  }
  options->source = positional[0];
  options->target = positional[1];
  return "";
}

// The job's hosts: this rank's, its host's communicator and, on each host's
// lowest rank, the communicator of those (world rank order).
struct Job {
  int rank = 0, size = 0;
  std::string host;
  MPI_Comm local = MPI_COMM_NULL, leaders = MPI_COMM_NULL;
  int hosts = 0;
  std::vector<int> leader_ranks;  // world rank of each host's leader
  bool leader() const { return leaders != MPI_COMM_NULL; }
};

std::string ErrorText(int code) { return std::strerror(code); }

// This rank's host name; "" and `problem` when the override names none.
std::string HostName(int rank, std::string* problem) {
  const char* override_names = std::getenv("HETCAST_HOSTNAME_OVERRIDE");
  if (override_names == nullptr || *override_names == '\0') {
    char name[MPI_MAX_PROCESSOR_NAME + 1] = {0};
    int length = 0;
    MPI_Get_processor_name(name, &length);
    return std::string(name, static_cast<size_t>(length));
  }
  const std::string names = override_names;
  size_t begin = 0;
  for (int r = 0; r < rank && begin != std::string::npos; ++r) {
    begin = names.find(',', begin);
    if (begin != std::string::npos) ++begin;
  }
  if (begin == std::string::npos) {
    *problem = "HETCAST_HOSTNAME_OVERRIDE names no host for this rank";
    return "";
  }
  return names.substr(begin, names.find(',', begin) - begin);
}

// Every rank passes its problem ("" for none). True on every rank when any
// rank has one; rank 0 has then printed each as "rank R (host H): ...".
bool AnyProblem(const Job& job, const std::string& problem) {
  int mine = problem.empty() ? 0 : 1, any = 0;
  MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (any == 0) return false;
  const std::string line = problem.empty()
                               ? ""
                               : kProgram + std::string(": rank ") +
                                     std::to_string(job.rank) + " (host " +
                                     job.host + "): " + problem + "\n";
  int length = static_cast<int>(line.size());
  std::vector<int> lengths(job.rank == 0 ? job.size : 0), offsets(lengths);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0,
             MPI_COMM_WORLD);
  int total = 0;
  for (size_t r = 0; r < lengths.size(); ++r) {
    offsets[r] = total;
    total += lengths[r];
  }
  std::string all(static_cast<size_t>(total), '\0');
  MPI_Gatherv(line.data(), length, MPI_CHAR, all.data(), lengths.data(),
              offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (job.rank == 0) std::fputs(all.c_str(), stderr);
  return true;
}

// Groups the ranks into hosts: by shared memory, or by the test override's
// names. "" or this rank's problem (agreed by the caller).
std::string SetUpJob(Job* job) {
  MPI_Comm_rank(MPI_COMM_WORLD, &job->rank);
  MPI_Comm_size(MPI_COMM_WORLD, &job->size);
  std::string problem;
  job->host = HostName(job->rank, &problem);
  const char* override_names = std::getenv("HETCAST_HOSTNAME_OVERRIDE");
  if (override_names != nullptr && *override_names != '\0') {
    // Colour: the lowest rank with the same name, from every rank's name.
    std::vector<char> name(MPI_MAX_PROCESSOR_NAME + 1, '\0');
    job->host.copy(name.data(),
                   std::min(job->host.size(), name.size() - size_t{1}));
    std::vector<char> names(name.size() * static_cast<size_t>(job->size));
    MPI_Allgather(name.data(), static_cast<int>(name.size()), MPI_CHAR,
                  names.data(), static_cast<int>(name.size()), MPI_CHAR,
                  MPI_COMM_WORLD);
    int colour = job->rank;
    for (int r = job->rank - 1; r >= 0; --r) {
      if (std::strcmp(&names[r * name.size()], name.data()) == 0) colour = r;
    }
    MPI_Comm_split(MPI_COMM_WORLD, colour, job->rank, &job->local);
  } else {
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, job->rank,
                        MPI_INFO_NULL, &job->local);
  }
  int local_rank = 0;
  MPI_Comm_rank(job->local, &local_rank);
  MPI_Comm_split(MPI_COMM_WORLD, local_rank == 0 ? 0 : MPI_UNDEFINED, job->rank,
                 &job->leaders);
  std::vector<int> is_leader(static_cast<size_t>(job->size), 0);
  const int me = local_rank == 0 ? 1 : 0;
  MPI_Allgather(&me, 1, MPI_INT, is_leader.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < job->size; ++r) {
    if (is_leader[r]) job->leader_ranks.push_back(r);
  }
  job->hosts = static_cast<int>(job->leader_ranks.size());
  return problem;
}

void FreeJob(Job* job) {
  if (job->leaders != MPI_COMM_NULL) MPI_Comm_free(&job->leaders);
  if (job->local != MPI_COMM_NULL) MPI_Comm_free(&job->local);
}

std::string ReadText(const std::string& path, std::string* text) {
  std::ifstream file(path);
  if (!file.is_open()) return "cannot read '" + path + "'";
  text->assign(std::istreambuf_iterator<char>(file),
               std::istreambuf_iterator<char>());
  return file.bad() ? "cannot read '" + path + "'" : "";
}

#ifndef HETCAST_BCAST_FILE_WITHOUT_PLANNER
// The multi-port plan (large_plan.h) for `bytes` (one chunk) on `platform`,
// each segment sent costing large_plan's default overhead.
std::string PlanOnPlatform(LargePlatform* platform, uint64_t bytes,
                           MultiTreePlan* plan) {
  platform->overhead_ps.assign(platform->ps_per_byte.size(), kOverheadPs);
  absl::StatusOr<LargePlan> large = PlanLargeBroadcast(
      *platform, 0, std::max<uint64_t>(bytes, 1), LargeModel::kMultiPort);
  if (!large.ok()) return std::string(large.status().message());
  *plan = large->plan;
  return "";
}
#endif

// --probe: every ordered pair of hosts' one-way time of `bytes`, one
// transfer at a time (a barrier per sender), by round trips, so that no
// common clock is needed: the sender sends an empty message and gets an
// empty answer (t0), then sends `bytes` and gets an empty answer (t1); one
// way is t1 - t0 / 2. Collective over the leaders; the hosts x hosts
// seconds (row = sender) on leader 0, empty elsewhere.
std::vector<double> ProbeSeconds(const Job& job, uint64_t bytes) {
  constexpr int kProbeTag = 0x4800;  // below multi_tree.h's tags
  int me = 0;
  MPI_Comm_rank(job.leaders, &me);
  const int n = job.hosts;
  std::vector<char> message(bytes);
  const int count = static_cast<int>(bytes);
  std::vector<double> row(static_cast<size_t>(n), 0.0);
  for (int s = 0; s < n; ++s) {
    MPI_Barrier(job.leaders);
    for (int r = 0; r < n; ++r) {
      if (r == s || (me != s && me != r)) continue;
      const int peer = me == s ? r : s;
      const double start = MPI_Wtime();
      if (me == r) {
        MPI_Recv(nullptr, 0, MPI_BYTE, peer, kProbeTag, job.leaders,
                 MPI_STATUS_IGNORE);
        MPI_Send(nullptr, 0, MPI_BYTE, peer, kProbeTag, job.leaders);
        MPI_Recv(message.data(), count, MPI_BYTE, peer, kProbeTag, job.leaders,
                 MPI_STATUS_IGNORE);
        MPI_Send(nullptr, 0, MPI_BYTE, peer, kProbeTag, job.leaders);
        continue;
      }
      MPI_Send(nullptr, 0, MPI_BYTE, peer, kProbeTag, job.leaders);
      MPI_Recv(nullptr, 0, MPI_BYTE, peer, kProbeTag, job.leaders,
               MPI_STATUS_IGNORE);
      const double empty = MPI_Wtime() - start;
      const double full = MPI_Wtime();
      MPI_Send(message.data(), count, MPI_BYTE, peer, kProbeTag, job.leaders);
      MPI_Recv(nullptr, 0, MPI_BYTE, peer, kProbeTag, job.leaders,
               MPI_STATUS_IGNORE);
      row[r] = std::max(0.0, MPI_Wtime() - full - empty / 2);
    }
  }
  std::vector<double> all(me == 0 ? row.size() * row.size() : 0);
  MPI_Gather(row.data(), n, MPI_DOUBLE, all.data(), n, MPI_DOUBLE, 0,
             job.leaders);
  return all;
}

// --pairs: the multi-port plan from the pair times of every rank (the
// leaders' rows and columns are taken) or of one rank per host.
std::string PlanFromPairs(const Options& options, const Job& job,
                          uint64_t bytes, MultiTreePlan* plan) {
#ifdef HETCAST_BCAST_FILE_WITHOUT_PLANNER
  // The SMPI build (bcast_file_experiment.sh) leaves out the planner and
  // its LP solver; large_plan makes the plan there.
  (void)job, (void)bytes, (void)plan;
  return "--pairs '" + options.pairs +
         "': this build has no planner; make the plan with large_plan "
         "--pairs and pass --plan";
#else
  std::string text;
  std::string problem = ReadText(options.pairs, &text);
  if (!problem.empty()) return problem;
  absl::StatusOr<LargePlatform> pairs = PairsPlatform(text);
  if (!pairs.ok()) {
    return "--pairs '" + options.pairs +
           "': " + std::string(pairs.status().message());
  }
  const size_t n = pairs->ps_per_byte.size();
  std::vector<int> ranks = job.leader_ranks;
  if (n == static_cast<size_t>(job.hosts)) {
    for (int h = 0; h < job.hosts; ++h) ranks[h] = h;
  } else if (n != static_cast<size_t>(job.size)) {
    return "--pairs '" + options.pairs + "' has " + std::to_string(n) +
           " ranks; the job has " + std::to_string(job.size) + " ranks on " +
           std::to_string(job.hosts) + " hosts";
  }
  LargePlatform platform;
  for (int from : ranks) {
    platform.ps_per_byte.emplace_back();
    for (int to : ranks) {
      platform.ps_per_byte.back().push_back(pairs->ps_per_byte[from][to]);
    }
  }
  problem = PlanOnPlatform(&platform, bytes, plan);
  return problem.empty() ? "" : "--pairs '" + options.pairs + "': " + problem;
#endif
}

// --probe on rank 0: the plan from the hosts' probed one-way times
// (ProbeSeconds()), ps per byte rounded up, within 1 .. 2^40.
std::string PlanFromProbe(const std::vector<double>& seconds, int hosts,
                          uint64_t probe_bytes, uint64_t bytes,
                          MultiTreePlan* plan) {
#ifdef HETCAST_BCAST_FILE_WITHOUT_PLANNER
  (void)seconds, (void)hosts, (void)probe_bytes, (void)bytes, (void)plan;
  return "--probe: this build has no planner; make the plan with large_plan "
         "--pairs and pass --plan";
#else
  const double most = static_cast<double>(uint64_t{1} << 40);
  LargePlatform platform;
  platform.ps_per_byte.assign(hosts, std::vector<uint64_t>(hosts, 1));
  for (int s = 0; s < hosts; ++s) {
    for (int r = 0; r < hosts; ++r) {
      const double ps = std::ceil(seconds[s * hosts + r] * 1e12 /
                                  static_cast<double>(probe_bytes));
      platform.ps_per_byte[s][r] =
          static_cast<uint64_t>(std::min(most, std::max(1.0, ps)));
    }
  }
  const std::string problem = PlanOnPlatform(&platform, bytes, plan);
  return problem.empty() ? "" : "--probe: " + problem;
#endif
}

std::string PlanFromFile(const Options& options, const Job& job,
                         MultiTreePlan* plan) {
  std::string text;
  std::string problem = ReadText(options.plan, &text);
  if (!problem.empty()) return problem;
  int ranks = 0;
  problem = ParseMultiTreePlan(text, plan, &ranks);
  if (problem.empty() && (ranks != job.hosts || plan->root != 0)) {
    problem = "a plan for " + std::to_string(ranks) + " ranks from rank " +
              std::to_string(plan->root) + ", not for the job's " +
              std::to_string(job.hosts) + " hosts from rank 0";
  }
  return problem.empty() ? "" : "--plan '" + options.plan + "': " + problem;
}

// --transfer=sbcast: the hosts in rank order, host i feeding 8i+1 .. 8i+8,
// one block per broadcast.
MultiTreePlan SbcastPlan(int hosts) {
  MultiTreePlan plan;
  plan.segment_bytes = kSbcastBlockBytes;
  WeightedTree tree;
  tree.children.assign(static_cast<size_t>(hosts), {});
  for (int child = 1; child < hosts; ++child) {
    tree.children[(child - 1) / kSbcastFanout].push_back(child);
  }
  plan.trees.push_back(tree);
  return plan;
}

// One chunk from rank 0 to every host's leader, as --transfer says.
int TransferChunk(const Options& options, char* buffer, size_t bytes,
                  const MultiTreePlan& plan, MPI_Comm leaders) {
  if (options.transfer == Transfer::kMpiBcast) {
    return MPI_Bcast(buffer, static_cast<int>(bytes), MPI_BYTE, 0, leaders);
  }
  if (options.transfer == Transfer::kPlan) {
    return MultiTreeBcast(buffer, bytes, plan, leaders);
  }
  for (size_t at = 0; at < bytes; at += kSbcastBlockBytes) {
    const size_t block = std::min(kSbcastBlockBytes, bytes - at);
    int code = MultiTreeBcast(buffer + at, block, plan, leaders);
    int ack = 0, acks = 0;
    if (code == MPI_SUCCESS) {
      code = MPI_Reduce(&ack, &acks, 1, MPI_INT, MPI_SUM, 0, leaders);
    }
    if (code != MPI_SUCCESS) return code;
  }
  return MPI_SUCCESS;
}

// What rank 0 tells every rank before the copy.
struct Source {
  int fd = -1;
  uint64_t bytes = 0;
  uint64_t mode = 0644;
  uint64_t device = 0, inode = 0;
  std::string plan_text, plan_name;
};

std::string OpenSource(const Options& options, Source* source) {
  source->fd = open(options.source.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat status;
  if (source->fd < 0 || fstat(source->fd, &status) != 0) {
    return "cannot read the source '" + options.source +
           "': " + ErrorText(errno);
  }
  if (!S_ISREG(status.st_mode)) {
    return "the source '" + options.source + "' is not a regular file";
  }
  source->bytes = static_cast<uint64_t>(status.st_size);
  source->mode = status.st_mode & 07777;
  source->device = status.st_dev;
  source->inode = status.st_ino;
  return "";
}

// Rank 0: the source and the plan. "" or the problem.
std::string PrepareOnRoot(const Options& options, const Job& job,
                          Source* source) {
  std::string problem = OpenSource(options, source);
  if (!problem.empty()) return problem;
  MultiTreePlan plan = DefaultFilePlan(job.hosts);
  source->plan_name = "a chain of the hosts";
  if (options.transfer == Transfer::kSbcast) {
    plan = SbcastPlan(job.hosts);
    source->plan_name = "sbcast-like stop-and-wait 8-ary tree";
  } else if (options.transfer == Transfer::kMpiBcast) {
    source->plan_name = "MPI_Bcast per chunk";
  } else if (!options.plan.empty()) {
    problem = PlanFromFile(options, job, &plan);
    source->plan_name = "--plan " + options.plan;
  } else if (!options.pairs.empty() && job.hosts >= 2) {
    problem = PlanFromPairs(
        options, job, std::min(source->bytes, options.chunk_bytes), &plan);
    source->plan_name = "multi-port plan from --pairs " + options.pairs;
  }
  source->plan_text = FormatMultiTreePlan(plan);
  return problem;
}

// Whether the planned trees and the chain are timed on the file's first
// two pieces: the plan's transfer, a plan that is not the chain, at least
// 3 hosts, and a file of at least 16 trials. Pair times do not show links
// that hosts share (a cluster's uplink): there the planned trees, sending
// many copies across it, lose to the chain of consecutive ranks, and only
// timing shows it. The trial pieces are the file's own bytes: it costs
// the slower one's time on --trial bytes less the faster one's.
bool TrialWanted(const Options& options, const Job& job, uint64_t bytes,
                 const MultiTreePlan& plan) {
  return options.transfer == Transfer::kPlan && options.trial_bytes > 0 &&
         job.hosts >= 3 && bytes / 16 >= options.trial_bytes &&
         FormatMultiTreePlan(plan) !=
             FormatMultiTreePlan(DefaultFilePlan(job.hosts));
}

// After the two timed pieces (seconds[0] the plan's, seconds[1] the
// chain's, the slowest leader's each): the faster runs the rest.
void KeepFaster(const Options& options, const double seconds[2],
                const MultiTreePlan& chain, MultiTreePlan* plan,
                std::string* plan_name) {
  const bool chain_faster = seconds[1] < seconds[0];
  char text[200];
  std::snprintf(
      text, sizeof text, "; %s in a trial of %s each (%.4g ms, the %s %.4g ms)",
      chain_faster ? "the chain of the hosts was faster"
                   : "kept, faster than the chain",
      ByteText(options.trial_bytes).c_str(),
      1e3 * seconds[chain_faster ? 1 : 0], chain_faster ? "plan" : "chain",
      1e3 * seconds[chain_faster ? 0 : 1]);
  *plan_name += text;
  if (chain_faster) *plan = chain;
}

// Whether the plan comes from a probe at start-up: no --plan or --pairs,
// the plan's transfer, 3 hosts (with 2 every plan is the one edge) to
// the planner's most, and a file larger than the probe's n (n - 1)
// transfers.
bool ProbeWanted(const Options& options, const Job& job, uint64_t bytes) {
  const uint64_t n = static_cast<uint64_t>(job.hosts);
  return options.plan.empty() && options.pairs.empty() &&
         options.transfer == Transfer::kPlan && options.probe_bytes > 0 &&
         n >= 3 && n <= kMaxProbeHosts &&
         bytes / (n * (n - 1)) > options.probe_bytes;
}

// The probe (ProbeSeconds()) and, on rank 0, its plan in `source`.
std::string ProbeAndPlan(const Options& options, const Job& job,
                         Source* source) {
  const double start = MPI_Wtime();
  const std::vector<double> seconds =
      job.leader() ? ProbeSeconds(job, options.probe_bytes)
                   : std::vector<double>();
  if (job.rank != 0) return "";
  MultiTreePlan plan;
  const std::string problem =
      PlanFromProbe(seconds, job.hosts, options.probe_bytes,
                    std::min(source->bytes, options.chunk_bytes), &plan);
  source->plan_text = FormatMultiTreePlan(plan);
  char name[160];
  std::snprintf(name, sizeof name,
                "multi-port plan from a probe of %s per pair (%d pairs, "
                "%.3f s)",
                ByteText(options.probe_bytes).c_str(),
                job.hosts * (job.hosts - 1), MPI_Wtime() - start);
  source->plan_name = name;
  return problem;
}

void BcastText(std::string* text, MPI_Comm comm) {
  unsigned long long length = text->size();
  MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, comm);
  text->resize(static_cast<size_t>(length));
  MPI_Bcast(text->data(), static_cast<int>(length), MPI_CHAR, 0, comm);
}

void BcastSource(Source* source) {
  uint64_t numbers[4] = {source->bytes, source->mode, source->device,
                         source->inode};
  MPI_Bcast(numbers, 4, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  source->bytes = numbers[0];
  source->mode = numbers[1];
  source->device = numbers[2];
  source->inode = numbers[3];
}

void BcastPlan(Source* source) {
  BcastText(&source->plan_text, MPI_COMM_WORLD);
  BcastText(&source->plan_name, MPI_COMM_WORLD);
}

// One host's copy: written under `temporary`, renamed to `path` at the end.
struct Target {
  std::string path, temporary;
  int fd = -1;
  bool writes = false;  // false on non-leaders and where the target is SOURCE
  uint64_t hash = kFnv1a64Offset;
  std::string problem;  // the first write error, reported at the next check

  // Removes the temporary file (after a failure anywhere).
  void Discard() {
    if (fd >= 0) close(fd);
    fd = -1;
    if (!temporary.empty()) unlink(temporary.c_str());
    temporary.clear();
  }
};

std::string OpenTarget(const Options& options, const Job& job,
                       const Source& source, Target* target) {
  std::string problem =
      ExpandTargetPath(options.target, job.host, job.rank, &target->path);
  if (!problem.empty()) return problem;
  struct stat status;
  if (stat(target->path.c_str(), &status) == 0) {
    if (S_ISDIR(status.st_mode)) {
      return "the target '" + target->path + "' is a directory";
    }
    if (job.rank == 0 && status.st_dev == source.device &&
        status.st_ino == source.inode) {
      return "";  // the target is the source itself: this host has it
    }
  }
  std::string name = TemporaryPattern(target->path);
  target->fd = mkostemp(name.data(), O_CLOEXEC);
  if (target->fd < 0) {
    return "cannot create a file in '" + TargetDirectory(target->path) +
           "': " + ErrorText(errno);
  }
  target->temporary = name;
  target->writes = true;
  if (source.bytes == 0) return "";
  const int code =
      posix_fallocate(target->fd, 0, static_cast<off_t>(source.bytes));
  if (code == ENOSPC) {
    return "no space for " + ByteText(source.bytes) + " in '" +
           TargetDirectory(target->path) + "': " + ErrorText(code);
  }
  if (code != 0 && code != EOPNOTSUPP && code != EINVAL) {
    return "cannot reserve " + ByteText(source.bytes) + " in '" +
           TargetDirectory(target->path) + "': " + ErrorText(code);
  }
  return "";
}

// Reads or writes all `bytes` at `offset`; "" or the error.
std::string ReadAll(int fd, char* data, size_t bytes, uint64_t offset) {
  while (bytes > 0) {
    const ssize_t got = pread(fd, data, bytes, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return ErrorText(errno);
    if (got == 0) return "the file is shorter than when it was opened";
    data += got;
    bytes -= static_cast<size_t>(got);
    offset += static_cast<uint64_t>(got);
  }
  return "";
}

std::string WriteAll(int fd, const char* data, size_t bytes, uint64_t offset) {
  while (bytes > 0) {
    const ssize_t put = pwrite(fd, data, bytes, static_cast<off_t>(offset));
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) return ErrorText(errno);
    data += put;
    bytes -= static_cast<size_t>(put);
    offset += static_cast<uint64_t>(put);
  }
  return "";
}

class Progress {
 public:
  Progress(bool on, uint64_t total)
      : on_(on), total_(total), start_(MPI_Wtime()), last_(start_) {}
  void Report(uint64_t done) {
    const double now = MPI_Wtime();
    if (!on_ || (now - last_ < kProgressSeconds && done < total_)) return;
    if (done == total_ && !printed_) return;  // a short copy prints nothing
    std::fprintf(stderr, "%s: %s\n", kProgram,
                 ProgressText(done, total_, now - start_).c_str());
    last_ = now;
    printed_ = true;
  }
  double Seconds() const { return MPI_Wtime() - start_; }

 private:
  bool on_;
  uint64_t total_;
  double start_, last_;
  bool printed_ = false;
};

int CorruptRank() {
  const char* rank = std::getenv("HETCAST_BCAST_FILE_CORRUPT_RANK");
  return rank == nullptr ? -1 : std::atoi(rank);
}

// Step 4: each host's sync and hash check. False when any rank failed
// (rank 0 said which).
bool Finish(const Job& job, const Source& source, Target* target,
            uint64_t* source_hash) {
  MPI_Bcast(source_hash, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  std::string problem = target->problem;
  if (problem.empty() && target->writes) {
    if (fchmod(target->fd, static_cast<mode_t>(source.mode)) != 0 ||
        fsync(target->fd) != 0 || close(target->fd) != 0) {
      problem = "finishing '" + target->temporary + "': " + ErrorText(errno);
    }
    target->fd = -1;
    char text[96];
    std::snprintf(text, sizeof text,
                  "checksum mismatch: FNV-1a 0x%016" PRIx64
                  " written, 0x%016" PRIx64 " read on rank 0",
                  target->hash, *source_hash);
    if (problem.empty() && target->hash != *source_hash) problem = text;
  }
  return !AnyProblem(job, problem);
}

// Step 3: the file in pieces, each read by rank 0, broadcast by the
// hosts' leaders and written; with a trial (TrialWanted()) the first two
// pieces of --trial bytes over the plan and over the chain, timed, the
// rest in chunks over the faster (`plan` and `plan_name` then say which).
// Then Finish(). False when any rank failed (rank 0 said which).
bool Transfer(const Options& options, const Job& job, const Source& source,
              MultiTreePlan* plan, std::string* plan_name, Target* target,
              uint64_t* source_hash) {
  const bool trial = TrialWanted(options, job, source.bytes, *plan);
  const MultiTreePlan chain = DefaultFilePlan(job.hosts);
  size_t chunk = ChunkBytes(options.chunk_bytes, plan->segment_bytes);
  const size_t most =
      std::max({chunk, ChunkBytes(options.chunk_bytes, chain.segment_bytes),
                static_cast<size_t>(trial ? options.trial_bytes : 0)});
  std::vector<char> buffer(job.leader() ? std::min<uint64_t>(most, source.bytes)
                                        : 0);
  Progress progress(job.rank == 0 && options.progress, source.bytes);
  const int corrupt = CorruptRank();
  double seconds[2] = {0, 0};  // the trial's: the plan's, the chain's
  size_t bytes = 0;
  for (uint64_t offset = 0, index = 0; offset < source.bytes;
       offset += bytes, ++index) {
    const bool timed = trial && index < 2;
    bytes = std::min<uint64_t>(timed ? options.trial_bytes : chunk,
                               source.bytes - offset);
    const MultiTreePlan& now = timed && index == 1 ? chain : *plan;
    std::string problem = target->problem;
    if (job.rank == 0) {
      const std::string error =
          ReadAll(source.fd, buffer.data(), bytes, offset);
      if (!error.empty()) problem = "reading the source: " + error;
      *source_hash = Fnv1a64(buffer.data(), bytes, *source_hash);
    }
    if (AnyProblem(job, problem)) return false;
    const double start = MPI_Wtime();
    if (job.leader() && job.hosts > 1) {
      const int code =
          TransferChunk(options, buffer.data(), bytes, now, job.leaders);
      if (code != MPI_SUCCESS && target->problem.empty()) {
        target->problem =
            "the broadcast failed (MPI error " + std::to_string(code) + ")";
      }
    }
    if (timed) {
      const double elapsed = MPI_Wtime() - start;
      MPI_Allreduce(&elapsed, &seconds[index], 1, MPI_DOUBLE, MPI_MAX,
                    MPI_COMM_WORLD);
    }
    if (timed && index == 1) {
      KeepFaster(options, seconds, chain, plan, plan_name);
      chunk = ChunkBytes(options.chunk_bytes, plan->segment_bytes);
    }
    if (job.rank == corrupt && offset == 0 && target->writes) buffer[0] ^= 1;
    if (target->writes && target->problem.empty()) {
      target->hash = Fnv1a64(buffer.data(), bytes, target->hash);
      const std::string error =
          WriteAll(target->fd, buffer.data(), bytes, offset);
      if (!error.empty()) {
        target->problem = "writing '" + target->temporary + "': " + error;
      }
    }
    progress.Report(offset + bytes);
  }
  return Finish(job, source, target, source_hash);
}

int Copy(const Options& options, Job* job) {
  Source source;
  Target target;
  std::string problem = SetUpJob(job);
  if (AnyProblem(*job, problem)) return 1;
  if (job->rank == 0) problem = PrepareOnRoot(options, *job, &source);
  if (AnyProblem(*job, problem)) {
    if (source.fd >= 0) close(source.fd);
    return 1;
  }
  BcastSource(&source);
  const double start = MPI_Wtime();  // the probe and the trial count
  if (ProbeWanted(options, *job, source.bytes)) {
    problem = ProbeAndPlan(options, *job, &source);
    if (AnyProblem(*job, problem)) {
      if (source.fd >= 0) close(source.fd);
      return 1;
    }
  }
  BcastPlan(&source);
  // Rank 0 checked the plan for the job's hosts: it parses alike everywhere.
  MultiTreePlan plan;
  int plan_ranks = 0;
  problem = ParseMultiTreePlan(source.plan_text, &plan, &plan_ranks);
  if (job->leader() && problem.empty()) {
    problem = OpenTarget(options, *job, source, &target);
  }
  uint64_t source_hash = kFnv1a64Offset;
  bool done = !AnyProblem(*job, problem) &&
              Transfer(options, *job, source, &plan, &source.plan_name, &target,
                       &source_hash);
  if (done && target.writes &&
      rename(target.temporary.c_str(), target.path.c_str()) != 0) {
    problem = "renaming to '" + target.path + "': " + ErrorText(errno);
  } else if (done) {
    target.temporary.clear();
  }
  done = done && !AnyProblem(*job, problem);
  if (!done) target.Discard();
  if (source.fd >= 0) close(source.fd);
  if (!done) return 1;
  const double seconds = MPI_Wtime() - start;
  if (job->rank == 0) {
    std::printf("%s: copied %s (%" PRIu64
                " bytes) to %d hosts in %.6f s; FNV-1a 0x%016" PRIx64
                "; %s: %zu trees, segments of %zu bytes, chunks of %zu bytes\n",
                kProgram, ByteText(source.bytes).c_str(), source.bytes,
                job->hosts, seconds, source_hash, source.plan_name.c_str(),
                plan.trees.size(), plan.segment_bytes,
                ChunkBytes(options.chunk_bytes, plan.segment_bytes));
  }
  return 0;
}

int Main(int argc, char** argv) {
  if (AnswerHelpOrVersion(argc, argv, kProgram, kUsage)) return 0;
  // A write past RLIMIT_FSIZE fails with EFBIG instead of killing the rank.
  signal(SIGXFSZ, SIG_IGN);
  MPI_Init(&argc, &argv);
  Options options;
  const std::string error = ReadOptions(argc, argv, &options);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int status = 2;
  if (!error.empty()) {
    if (rank == 0)
      std::fprintf(stderr, "%s: %s\n%s", kProgram, error.c_str(), kUsage);
  } else {
    Job job;
    status = Copy(options, &job);
    FreeJob(&job);
  }
  MPI_Finalize();
  return status;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::mpi::Main(argc, argv); }
