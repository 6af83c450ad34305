// interpose.cc: libhetcast_mpi, hetcast's broadcast for unmodified MPI
// programs through MPI's profiling interface (PMPI). It defines MPI_Bcast
// (and, for Open MPI, whose Fortran bindings call PMPI_Bcast directly, the
// Fortran entry points) and calls PMPI_Bcast wherever hetcast's plan does
// not apply; every other MPI function is the library's own. Load it with
// LD_PRELOAD or link it before the MPI library. tools/mpi/README.md
// documents the environment (HETCAST_CONFIG, HETCAST_MODE, HETCAST_VERBOSE,
// HETCAST_STATS) and the decisions.
//
// A broadcast that hetcast plans runs in two levels (two_level.h): one
// leader rank per host (the lowest rank of the host), the root's host
// leader taking the message from the root; the leaders run the plan of the
// cluster file's size range (the node model, each leader with its host's
// type, model trees' pipelined degree tree or site trees (with its host's
// cluster as its site when the range has uplinks), or the cluster model,
// each leader with its host's cluster) on a private communicator;
// then each host's ranks get the message from MPI's own broadcast on a
// communicator of that host's ranks. A range handed to MPI may name one of
// the MPI library's algorithms (mpi_algorithms.h), which then runs on a
// duplicate of the communicator made for it. Every decision is
// taken from data all ranks hold alike (the byte size, which MPI's type
// signature rule makes equal on every rank; the communicator; what the
// first broadcast on the communicator gathered), so every rank decides the
// same and none waits for a message that does not come.

#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tools/mpi/cluster_file.h"
#include "tools/mpi/hetcast_mpi.h"
#include "tools/mpi/mpi_algorithms.h"
#include "tools/mpi/two_level.h"

#define HETCAST_MPI_EXPORT __attribute__((visibility("default")))

namespace hetcast {
namespace mpi {
namespace {

// Characters of a host name and of a problem in the gathered entries.
constexpr size_t kHostChars = 256;
constexpr size_t kProblemChars = 256;

enum class Mode { kOff, kOn, kStrict };

// What this process read from its environment and cluster file, once.
struct Settings {
  Mode mode = Mode::kOn;
  bool verbose = false;
  std::string stats_path;
  std::string config_path;
  std::string host;
  int world_rank = 0;
  bool usable = false;  // the file parsed and names this host
  ClusterFile file;
  HostPlace place;               // this host's type and cluster
  std::string problem;           // why not usable (one line)
  MpiAlgorithms mpi_algorithms;  // the MPI library's, to choose from
  // Per size rule: the MPI algorithm its "mpi_algorithm" names, nullptr for
  // the library's default.
  std::vector<const MpiAlgorithm*> rule_algorithms;
};

// Per size range and for the calls no range plans: how many calls this
// process saw planned or handed over, and the planned calls' time.
struct Counts {
  uint64_t planned = 0, handed_over = 0;
  double planned_seconds = 0;
};

struct Stats {
  std::mutex mutex;
  std::vector<Counts> ranges;  // one per size rule
  Counts other;                // sizes in no range, or hetcast not used
};

Settings& TheSettings() {
  static Settings settings;
  return settings;
}

Stats& TheStats() {
  static Stats stats;
  return stats;
}

// Depth of hetcast's own calls on this thread: an MPI_Bcast made while
// hetcast runs a plan (the executor hands a homogeneous broadcast to
// MPI_Bcast) goes straight to PMPI_Bcast and is recorded as handed over.
thread_local int hetcast_depth = 0;
thread_local bool inner_hand_over = false;

// Prints `line` once per process (rank 0's messages, repeated per
// communicator otherwise).
void SayOnce(const std::string& line) {
  static std::mutex mutex;
  static std::set<std::string> said;
  std::lock_guard<std::mutex> lock(mutex);
  if (said.insert(line).second)
    std::fprintf(stderr, "hetcast: %s\n", line.c_str());
}

std::string Env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

void WriteStats();

int WriteStatsAtFinalize(MPI_Comm, int, void*, void*) {
  WriteStats();
  return MPI_SUCCESS;
}

// MPI deletes MPI_COMM_SELF's attributes first thing in MPI_Finalize (MPI
// 3.1 §8.7.1): the stats are written there, whatever language finalizes.
void WriteStatsAtFinalize() {
  int keyval = MPI_KEYVAL_INVALID;
  PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, WriteStatsAtFinalize, &keyval,
                          nullptr);
  PMPI_Comm_set_attr(MPI_COMM_SELF, keyval, nullptr);
}

// Settings::rule_algorithms; a rule whose algorithm this MPI library does
// not offer runs the library's default (said once, by rank 0).
void FindRuleAlgorithms(Settings* settings) {
  const std::vector<SizeRule>& rules = settings->file.sizes;
  if (std::any_of(rules.begin(), rules.end(), [](const SizeRule& rule) {
        return !rule.mpi_algorithm.empty();
      })) {
    settings->mpi_algorithms = FindMpiAlgorithms();
  }
  const MpiAlgorithms& all = settings->mpi_algorithms;
  for (size_t i = 0; i < rules.size(); ++i) {
    const std::string& name = rules[i].mpi_algorithm;
    const MpiAlgorithm* algorithm = FindMpiAlgorithm(all, name);
    if (!name.empty() && algorithm == nullptr && settings->world_rank == 0) {
      SayOnce("sizes[" + std::to_string(i) + "]: mpi_algorithm " + name +
              " is not one this MPI library lets a process choose (" +
              (all.list.empty() ? all.why_none
                                : "it offers those of " + all.variable) +
              "); its default broadcast runs there");
    }
    settings->rule_algorithms.push_back(algorithm);
  }
}

void Load(Settings* settings) {
  const std::string mode = Env("HETCAST_MODE");
  if (mode == "off") {
    settings->mode = Mode::kOff;
    return;
  }
  PMPI_Comm_rank(MPI_COMM_WORLD, &settings->world_rank);
  settings->verbose = Env("HETCAST_VERBOSE") == "1";
  settings->stats_path = Env("HETCAST_STATS");
  settings->config_path = Env("HETCAST_CONFIG");
  if (!settings->stats_path.empty()) WriteStatsAtFinalize();
  std::string& problem = settings->problem;
  if (mode == "strict") {
    settings->mode = Mode::kStrict;
  } else if (!mode.empty() && mode != "on") {
    problem = "HETCAST_MODE is '" + mode + "'; expected off, on or strict";
  }
  if (settings->config_path.empty() && problem.empty()) {
    problem = "HETCAST_CONFIG is not set (the cluster file)";
  }
  if (HostName(settings->world_rank, &settings->host, &problem) &&
      problem.empty() &&
      ReadClusterFile(settings->config_path, &settings->file, &problem) &&
      TypeOfHost(settings->file, settings->host, &settings->place.type,
                 &problem) &&
      ClusterOfHost(settings->file, settings->host, &settings->place.cluster,
                    &problem)) {
    settings->usable = true;
    TheStats().ranges.resize(settings->file.sizes.size());
    FindRuleAlgorithms(settings);
  }
  if (!settings->usable && settings->mode == Mode::kStrict) {
    std::fprintf(stderr,
                 "hetcast: rank %d: %s (HETCAST_MODE=strict: aborting)\n",
                 settings->world_rank, problem.c_str());
    // The launcher forwards this line from a pipe; an abort at once can
    // kill its forwarder before it has read the line (seen under load).
    std::fflush(stderr);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    PMPI_Abort(MPI_COMM_WORLD, 1);
  }
}

const Settings& LoadedSettings() {
  static std::once_flag once;
  std::call_once(once, [] { Load(&TheSettings()); });
  return TheSettings();
}

// What each rank contributes at a communicator's first broadcast.
struct RankEntry {
  uint64_t config_hash;  // 0: this rank cannot use hetcast
  int32_t type;
  char host[kHostChars];
  char problem[kProblemChars];
};

// A communicator's cached decision and its two levels.
struct CommState {
  bool use_hetcast = false;
  TwoLevelComm two_level;
  std::vector<char> announced;  // per size rule: verbose line said
  // Per MPI algorithm (its index in Settings::mpi_algorithms.list) the
  // communicator that runs it (CommForAlgorithm), made at its first use.
  std::map<size_t, MPI_Comm> algorithm_comms;
};

int DeleteState(MPI_Comm comm, int, void* value, void*) {
  CommState* state = static_cast<CommState*>(value);
  int finalized = 0;
  PMPI_Finalized(&finalized);
  if (!finalized) {
    FreeTwoLevel(&state->two_level);
    for (auto& chosen : state->algorithm_comms) {
      if (chosen.second != comm) PMPI_Comm_free(&chosen.second);
    }
  }
  delete state;
  return MPI_SUCCESS;
}

int StateKeyval() {
  static const int keyval = [] {
    int created = MPI_KEYVAL_INVALID;
    PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, DeleteState, &created,
                            nullptr);
    return created;
  }();
  return keyval;
}

RankEntry OwnEntry(const Settings& settings) {
  RankEntry own = {};
  own.config_hash = settings.usable ? settings.file.hash : 0;
  own.type = static_cast<int32_t>(settings.place.type);
  std::snprintf(own.host, sizeof(own.host), "%s", settings.host.c_str());
  std::snprintf(own.problem, sizeof(own.problem), "%s",
                settings.problem.c_str());
  return own;
}

// Why the gathered entries do not allow hetcast ("" when they do).
std::string Disagreement(const std::vector<RankEntry>& entries) {
  for (size_t r = 0; r < entries.size(); ++r) {
    if (entries[r].config_hash == 0) {
      return "rank " + std::to_string(r) + " (host " + entries[r].host +
             "): " + entries[r].problem;
    }
  }
  for (size_t r = 1; r < entries.size(); ++r) {
    if (entries[r].config_hash != entries[0].config_hash) {
      return "rank " + std::to_string(r) + " (host " + entries[r].host +
             ") read another cluster file than rank 0 (host " +
             entries[0].host + ")";
    }
  }
  return "";
}

// The first broadcast on `comm` (collective): one MPI_Allgather of each
// rank's configuration hash, type and host; hetcast is used only when every
// rank read the same usable cluster file.
CommState* SetUp(MPI_Comm comm, const Settings& settings) {
  CommState* state = new CommState;
  int size = 0, rank = 0;
  PMPI_Comm_size(comm, &size);
  PMPI_Comm_rank(comm, &rank);
  const RankEntry own = OwnEntry(settings);
  std::vector<RankEntry> entries(size);
  PMPI_Allgather(&own, sizeof(own), MPI_BYTE, entries.data(), sizeof(own),
                 MPI_BYTE, comm);
  const std::string why = Disagreement(entries);
  state->use_hetcast = why.empty();
  if (!why.empty() && rank == 0) {
    SayOnce(why + "; MPI_Bcast runs every broadcast on this communicator");
  }
  if (state->use_hetcast) {
    std::vector<std::string> hosts;
    for (const RankEntry& entry : entries) {
      hosts.emplace_back(entry.host, strnlen(entry.host, kHostChars));
    }
    SetUpTwoLevel(comm, hosts, settings.file.sizes.size(), &state->two_level);
    state->announced.assign(settings.file.sizes.size(), 0);
  }
  state->two_level.size = size;
  state->two_level.rank = rank;
  PMPI_Comm_set_attr(comm, StateKeyval(), state);
  return state;
}

CommState* StateOf(MPI_Comm comm, const Settings& settings) {
  void* value = nullptr;
  int found = 0;
  PMPI_Comm_get_attr(comm, StateKeyval(), &value, &found);
  if (found) return static_cast<CommState*>(value);
  return SetUp(comm, settings);
}

void Count(size_t rule, bool planned, double seconds) {
  Stats& stats = TheStats();
  std::lock_guard<std::mutex> lock(stats.mutex);
  Counts& counts =
      rule < stats.ranges.size() ? stats.ranges[rule] : stats.other;
  if (planned) {
    ++counts.planned;
    counts.planned_seconds += seconds;
  } else {
    ++counts.handed_over;
  }
}

const char* AlgorithmName(const SizeRule& rule) {
  if (rule.trees && !rule.uplink_ps_per_byte.empty()) {
    return "trees: the degree tree or site trees of the hosts' link rates and "
           "the clusters' uplinks";
  }
  if (rule.trees) return "trees: the degree tree of the hosts' link rates";
  if (rule.cluster) {
    switch (rule.algorithm) {
      case HETCAST_ALGORITHM_LCF:
        return "cluster model, lcf";
      case HETCAST_ALGORITHM_EAGER_LCF:
        return "cluster model, eager_lcf";
      default:
        return "cluster model, any (the planner's choice)";
    }
  }
  switch (rule.algorithm) {
    case HETCAST_ALGORITHM_FNF:
      return "fnf";
    case HETCAST_ALGORITHM_TABLE:
      return "table";
    case HETCAST_ALGORITHM_PTAS:
      return "ptas";
    default:
      return "any (the planner's choice)";
  }
}

// HETCAST_VERBOSE=1: rank 0 says once per communicator and size range what
// runs and the calibrated times.
void Announce(CommState* state, size_t index, const SizeRule& rule,
              bool hosts_enough) {
  const Settings& settings = TheSettings();
  if (!settings.verbose || state->two_level.rank != 0 ||
      state->announced[index])
    return;
  state->announced[index] = 1;
  char line[512];
  const int hosts = static_cast<int>(state->two_level.leader_of_host.size());
  if (rule.plan && hosts_enough) {
    std::snprintf(line, sizeof(line),
                  "hetcast: %d ranks on %d hosts, %llu..%llu bytes: hetcast's "
                  "plan (between host leaders, %s, "
                  "segments of %llu bytes%s); calibrated: predicted %.1f us, "
                  "measured %.1f us, MPI_Bcast %.1f us\n",
                  state->two_level.size, hosts,
                  static_cast<unsigned long long>(rule.min_bytes),
                  static_cast<unsigned long long>(rule.max_bytes),
                  AlgorithmName(rule),
                  static_cast<unsigned long long>(rule.segment_bytes),
                  rule.table ? ", with a table" : "", rule.predicted_us,
                  rule.measured_us, rule.mpi_us);
  } else {
    const MpiAlgorithm* algorithm =
        hosts_enough ? settings.rule_algorithms[index] : nullptr;
    const std::string why = rule.plan   ? "one host: its ranks share memory"
                            : algorithm ? "the cluster file says mpi, its " +
                                              algorithm->name + " algorithm"
                                        : "the cluster file says mpi";
    std::snprintf(line, sizeof(line),
                  "hetcast: %d ranks on %d hosts, %llu..%llu bytes: "
                  "MPI_Bcast (%s); calibrated: MPI_Bcast %.1f us, hetcast "
                  "predicted %.1f us\n",
                  state->two_level.size, hosts,
                  static_cast<unsigned long long>(rule.min_bytes),
                  static_cast<unsigned long long>(rule.max_bytes), why.c_str(),
                  rule.mpi_us, rule.predicted_us);
  }
  std::fputs(line, stderr);
}

// The message's size in bytes when hetcast may plan it: an
// intracommunicator of at least 2 ranks, a valid root, and 1 .. INT_MAX
// bytes (the leaders' step sends them as MPI_BYTE). -1 otherwise.
int64_t PlannableBytes(int count, MPI_Datatype datatype, int root,
                       MPI_Comm comm) {
  if (comm == MPI_COMM_NULL || count <= 0) return -1;
  int inter = 0, size = 0, type_size = 0;
  if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter) return -1;
  PMPI_Comm_size(comm, &size);
  if (size < 2 || root < 0 || root >= size) return -1;
  if (PMPI_Type_size(datatype, &type_size) != MPI_SUCCESS) return -1;
  const int64_t bytes = int64_t{count} * type_size;
  return bytes >= 1 && bytes <= INT_MAX ? bytes : -1;
}

// MPI_Bcast with the MPI library's `algorithm` (the cluster file's
// mpi_algorithm), on the communicator made for it at its first use
// (collective: every rank takes this path for the same call); where it
// cannot be made, the library's default on `comm`.
int AlgorithmBcast(CommState* state, const MpiAlgorithms& all,
                   const MpiAlgorithm& algorithm, void* buffer, int count,
                   MPI_Datatype datatype, int root, MPI_Comm comm) {
  const size_t index = static_cast<size_t>(&algorithm - all.list.data());
  auto chosen = state->algorithm_comms.find(index);
  if (chosen == state->algorithm_comms.end()) {
    MPI_Comm made = MPI_COMM_NULL;
    if (CommForAlgorithm(all, algorithm, comm, &made) != MPI_SUCCESS) {
      if (state->two_level.rank == 0) {
        SayOnce("MPI algorithm " + algorithm.name + " could not be set (" +
                all.variable + "); the default broadcast runs");
      }
      made = comm;
    }
    chosen = state->algorithm_comms.emplace(index, made).first;
  }
  return PMPI_Bcast(buffer, count, datatype, root, chosen->second);
}

int Bcast(void* buffer, int count, MPI_Datatype datatype, int root,
          MPI_Comm comm) {
  if (hetcast_depth > 0) {
    inner_hand_over = true;
    return PMPI_Bcast(buffer, count, datatype, root, comm);
  }
  const Settings& settings = LoadedSettings();
  if (settings.mode == Mode::kOff) {
    return PMPI_Bcast(buffer, count, datatype, root, comm);
  }
  const int64_t bytes = PlannableBytes(count, datatype, root, comm);
  CommState* state = bytes > 0 ? StateOf(comm, settings) : nullptr;
  const SizeRule* rule =
      state && state->use_hetcast ? RuleForSize(settings.file, bytes) : nullptr;
  const size_t index =
      rule ? static_cast<size_t>(rule - settings.file.sizes.data()) : SIZE_MAX;
  const bool hosts_enough =
      state && state->two_level.leader_of_host.size() >= 2;
  if (rule) Announce(state, index, *rule, hosts_enough);
  if (!rule || !rule->plan || !hosts_enough) {
    Count(index, false, 0);
    const MpiAlgorithm* algorithm =
        rule && hosts_enough ? settings.rule_algorithms[index] : nullptr;
    if (algorithm != nullptr) {
      return AlgorithmBcast(state, settings.mpi_algorithms, *algorithm, buffer,
                            count, datatype, root, comm);
    }
    return PMPI_Bcast(buffer, count, datatype, root, comm);
  }
  const double start = PMPI_Wtime();
  ++hetcast_depth;
  inner_hand_over = false;
  TwoLevelOutcome outcome;
  const int result =
      TwoLevelBcast(buffer, count, datatype, root, static_cast<int>(bytes),
                    &state->two_level, index, *rule, settings.place, &outcome);
  --hetcast_depth;
  if (outcome.refused) {
    inner_hand_over = true;
    if (state->two_level.rank == 0) {
      SayOnce("the plan failed (" + outcome.refusal +
              "); MPI_Bcast runs these broadcasts");
    }
  }
  Count(index, !inner_hand_over, PMPI_Wtime() - start);
  return result;
}

// One JSON line per rank, appended to HETCAST_STATS with a single write
// (O_APPEND: the ranks' lines do not interleave).
void WriteStats() {
  const Settings& settings = TheSettings();
  Stats& stats = TheStats();
  std::lock_guard<std::mutex> lock(stats.mutex);
  std::string line = "{\"rank\": " + std::to_string(settings.world_rank) +
                     ", \"host\": \"" + settings.host +
                     "\", \"used\": " + (settings.usable ? "true" : "false") +
                     ", \"ranges\": [";
  char field[512];
  for (size_t i = 0; i < stats.ranges.size(); ++i) {
    const SizeRule& rule = settings.file.sizes[i];
    const Counts& counts = stats.ranges[i];
    const double mean_us =
        counts.planned ? 1e6 * counts.planned_seconds / counts.planned : 0;
    const bool drift = counts.planned && rule.predicted_us > 0 &&
                       (mean_us > 1.25 * rule.predicted_us ||
                        mean_us < 0.75 * rule.predicted_us);
    std::snprintf(field, sizeof(field),
                  "%s{\"min_bytes\": %llu, \"max_bytes\": %llu, \"action\": "
                  "\"%s\", \"planned\": %llu, \"handed_over\": %llu, "
                  "\"mean_us\": %.3f, \"predicted_us\": %.3f, \"drift\": %s}",
                  i ? ", " : "",
                  static_cast<unsigned long long>(rule.min_bytes),
                  static_cast<unsigned long long>(rule.max_bytes),
                  rule.plan ? "plan" : "mpi",
                  static_cast<unsigned long long>(counts.planned),
                  static_cast<unsigned long long>(counts.handed_over), mean_us,
                  rule.predicted_us, drift ? "true" : "false");
    line += field;
  }
  std::snprintf(field, sizeof(field),
                "], \"other\": {\"handed_over\": %llu}}\n",
                static_cast<unsigned long long>(stats.other.handed_over));
  line += field;
  const int fd =
      open(settings.stats_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0 || write(fd, line.data(), line.size()) !=
                    static_cast<ssize_t>(line.size())) {
    std::fprintf(stderr, "hetcast: rank %d cannot write HETCAST_STATS=%s\n",
                 settings.world_rank, settings.stats_path.c_str());
  }
  if (fd >= 0) close(fd);
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

// Loaded (LD_PRELOAD or linked) before MPI_Init runs: lets Open MPI's
// broadcast algorithm be chosen later (mpi_algorithms.h), unless hetcast
// is off or has no cluster file.
__attribute__((constructor)) static void AllowChoiceAtLoad() {
  const char* mode = std::getenv("HETCAST_MODE");
  if (std::getenv("HETCAST_CONFIG") != nullptr &&
      (mode == nullptr || std::strcmp(mode, "off") != 0)) {
    hetcast::mpi::AllowMpiAlgorithmChoice();
  }
}

extern "C" {

HETCAST_MPI_EXPORT int MPI_Bcast(void* buffer, int count, MPI_Datatype datatype,
                                 int root, MPI_Comm comm) {
  return hetcast::mpi::Bcast(buffer, count, datatype, root, comm);
}

#ifdef OPEN_MPI
// Open MPI's Fortran bindings (mpif.h, `use mpi`: mpi_bcast_ and its other
// spellings; `use mpi_f08`: mpi_bcast_f08_, which calls ompi_bcast_f) call
// PMPI_Bcast, not MPI_Bcast: the library defines them too. MPI_BOTTOM
// arrives as the address of Open MPI's Fortran constant.
extern int mpi_fortran_bottom_;

HETCAST_MPI_EXPORT void ompi_bcast_f(char* buffer, MPI_Fint* count,
                                     MPI_Fint* datatype, MPI_Fint* root,
                                     MPI_Fint* comm, MPI_Fint* ierr) {
  void* data = buffer == reinterpret_cast<char*>(&mpi_fortran_bottom_)
                   ? MPI_BOTTOM
                   : buffer;
  const int result = hetcast::mpi::Bcast(data, *count, PMPI_Type_f2c(*datatype),
                                         *root, PMPI_Comm_f2c(*comm));
  if (ierr != nullptr) *ierr = result;
}

#define HETCAST_FORTRAN_BCAST(name)                                \
  HETCAST_MPI_EXPORT void name(char* buffer, MPI_Fint* count,      \
                               MPI_Fint* datatype, MPI_Fint* root, \
                               MPI_Fint* comm, MPI_Fint* ierr) {   \
    ompi_bcast_f(buffer, count, datatype, root, comm, ierr);       \
  }
HETCAST_FORTRAN_BCAST(mpi_bcast_)
HETCAST_FORTRAN_BCAST(mpi_bcast__)
HETCAST_FORTRAN_BCAST(mpi_bcast)
HETCAST_FORTRAN_BCAST(MPI_BCAST)
#undef HETCAST_FORTRAN_BCAST
#endif  // OPEN_MPI

}  // extern "C"
