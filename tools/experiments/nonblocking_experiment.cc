// nonblocking_experiment.cc: the simulation of Wu, Yeh & Liu §5, reproducibly.
//
//   bazel run //tools:nonblocking_experiment                       (seed 1,
//   1000 runs) bazel run //tools:nonblocking_experiment -- --seed=7 --runs=200
//   --sources=8
//
// 64 nodes in four classes by send/receive overhead (the paper gives only
// the ranges: constant parts 80-400 us, per-byte parts 0.0001-0.01
// us/byte; we use 80/160/280/400 us and 0.0001/0.001/0.005/0.01 us/byte,
// the same class for a node's send and receive side, classes drawn at
// random per run). One link speed per network: 155 Mbps (51,613 ps/byte)
// and 1 Gbps (8,000 ps/byte). Messages: small (1 KB), large (1 MB or 1.5 MB,
// 2^20 bytes per MB, drawn per message) and mixed (small or large per
// message). Ticks are picoseconds.
//  - Single broadcast: every node once as the source (64 broadcasts), mean.
//  - Multiple multicast: `runs` random configurations: `sources` distinct
//    random sources, each other node a destination with probability 1/2.
// Prints mean completion (ms) of FEF, ECF, WR, WRP and the lower bound per
// setting, and each as a ratio to the lower bound (the best of
// runtime/nonblocking/lower_bound.h); then WRP as a ratio to the paper's
// §3.1 bound alone (the paper's own gap); last, the planner's
// answer (the earlier of WRP and the critical-first run,
// runtime/nonblocking/critical_first.cc) as a ratio to the bound. The last
// lines average the rows (broadcasts, multicasts, all): the gap (ratio - 1)
// before and after, and how much of it is gone.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/lower_bound.h"
#include "runtime/nonblocking/request.h"
#include "tools/progress.h"
#include "tools/version.h"

namespace {

constexpr uint32_t kNodes = 64;
constexpr uint64_t kMB = 1 << 20;
const uint64_t kConstant[4] = {80'000'000, 160'000'000, 280'000'000,
                               400'000'000};               // ps
const uint64_t kPerByte[4] = {100, 1'000, 5'000, 10'000};  // ps/byte

struct Request {
  std::vector<uint64_t> fixed, per_byte, link;
  std::vector<std::vector<uint32_t>> dests;
  std::vector<hetcast_nonblocking_message> messages;
  hetcast_nonblocking_request r = {};
  void Finish() {
    for (size_t m = 0; m < messages.size(); ++m) {
      messages[m].destinations = dests[m].data();
      messages[m].destination_count = dests[m].size();
    }
    r.node_count = kNodes;
    r.send_fixed = r.recv_fixed = fixed.data();
    r.send_per_byte = r.recv_per_byte = per_byte.data();
    r.link_per_byte = link.data();
    r.messages = messages.data();
    r.message_count = messages.size();
  }
};

uint64_t Length(std::mt19937_64& rng, int mix) {
  const uint64_t large = rng() % 2 ? kMB : kMB + kMB / 2;
  if (mix == 0) return 1024;
  if (mix == 1) return large;
  return rng() % 2 ? 1024 : large;
}

struct Sums {
  double t[5] = {0, 0, 0, 0, 0};  // FEF, ECF, WR, WRP, LB (ps)
  double ratio[4] = {0, 0, 0, 0};
  double wrp_to_earliest_reach = 0;
  double answer = 0;  // The planner's default, completion / bound.
  int n = 0;
};

// Row means of WRP / §3.1 (before) and answer / bound (after).
struct Summary {
  double before[2] = {0, 0}, after[2] = {0, 0};  // broadcast, multicast
  int rows[2] = {0, 0};
  void Add(int multicast, const Sums& s) {
    before[multicast] += s.wrp_to_earliest_reach / s.n;
    after[multicast] += s.answer / s.n;
    ++rows[multicast];
  }
  static void Line(const char* what, double before, double after, int rows) {
    const double was = before / rows - 1, now = after / rows - 1;
    std::printf(
        "  %-11s WRP vs §3.1 %.3f -> answer vs bound %.3f (gap %.3f -> "
        "%.3f, %.1f%% removed)\n",
        what, was + 1, now + 1, was, now, 100 * (was - now) / was);
  }
  void Print() const {
    std::printf("\nmean over rows, gap = completion / bound - 1:\n");
    Line("broadcasts", before[0], after[0], rows[0]);
    Line("multicasts", before[1], after[1], rows[1]);
    Line("all", before[0] + before[1], after[0] + after[1], rows[0] + rows[1]);
  }
};

// The §3.1 bound alone (HETCAST_BOUND_EARLIEST_REACH).
uint64_t EarliestReach(const hetcast_nonblocking_request& r,
                       std::vector<unsigned char>* workspace) {
  hetcast::internal::NonblockingProblem nb;
  hetcast::internal::NonblockingScratch s;
  if (hetcast::internal::NonblockingPrepare(
          &r, workspace->data(), workspace->size(), &nb, &s) != HETCAST_OK) {
    std::abort();
  }
  return hetcast::internal::NonblockingEarliestReachBound(nb, s);
}

void Measure(const Request& q, Sums* sums) {
  hetcast_nonblocking_sizes sizes;
  if (hetcast_nonblocking_plan_sizes(&q.r, &sizes, nullptr) != HETCAST_OK)
    std::abort();
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_nonblocking_task> tasks(sizes.task_count);
  std::vector<size_t> begin(kNodes + 1);
  const hetcast_algorithm algorithms[4] = {
      HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
      HETCAST_ALGORITHM_WRP};
  hetcast_answer answer;
  uint64_t lb = 0;
  for (int a = 0; a < 4; ++a) {
    if (hetcast_nonblocking_plan(&q.r, algorithms[a], workspace.data(),
                                 workspace.size(), tasks.data(), tasks.size(),
                                 begin.data(), &answer,
                                 nullptr) != HETCAST_OK) {
      std::abort();
    }
    sums->t[a] += static_cast<double>(answer.completion_time);
    lb = answer.lower_bound;
    sums->ratio[a] +=
        static_cast<double>(answer.completion_time) / static_cast<double>(lb);
  }
  sums->t[4] += static_cast<double>(lb);
  sums->wrp_to_earliest_reach +=
      static_cast<double>(answer.completion_time) /
      static_cast<double>(EarliestReach(q.r, &workspace));
  if (hetcast::internal::NonblockingPlanEarliest(
          &q.r, workspace.data(), workspace.size(), tasks.data(), tasks.size(),
          begin.data(), &answer) != HETCAST_OK) {
    std::abort();
  }
  sums->answer += static_cast<double>(answer.completion_time) /
                  static_cast<double>(answer.lower_bound);
  ++sums->n;
}

void Print(const char* setting, const Sums& s) {
  std::printf("%-34s", setting);
  for (int a = 0; a < 5; ++a) std::printf(" %9.2f", s.t[a] / s.n / 1e9);
  std::printf("  |");
  for (int a = 0; a < 4; ++a) std::printf(" %5.2f", s.ratio[a] / s.n);
  std::printf("  | %5.2f | %6.3f\n", s.wrp_to_earliest_reach / s.n,
              s.answer / s.n);
}

struct Options {
  uint64_t seed = 1;
  int runs = 1000, sources = 8;
};

// Parses --seed=, --runs=, --sources=; false (with a message) on bad input.
bool ParseOptions(int argc, char** argv, Options* options) {
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--seed=", 7) == 0) {
      options->seed = std::strtoull(argv[i] + 7, nullptr, 10);
    } else if (std::strncmp(argv[i], "--runs=", 7) == 0) {
      options->runs = std::atoi(argv[i] + 7);
    } else if (std::strncmp(argv[i], "--sources=", 10) == 0) {
      options->sources = std::atoi(argv[i] + 10);
    } else {
      std::fprintf(stderr,
                   "usage: nonblocking_experiment [--seed=N] [--runs=N] "
                   "[--sources=N]\n");
      return false;
    }
  }
  if (options->runs < 1 || options->sources < 1 ||
      options->sources > static_cast<int>(kNodes)) {
    std::fprintf(stderr, "nonblocking_experiment: bad --runs or --sources\n");
    return false;
  }
  return true;
}

// A progress line on stderr (the whole run takes tens of seconds): one step
// per planned request.
struct Progress {
  hetcast::ProgressLine line{"nonblocking_experiment"};
  uint64_t done = 0;
  uint64_t total = 0;
  void Step(const std::string& what) { line.Report(what, ++done, total); }
};

// Each node's overhead class at random, every link `link` ps/byte.
void RandomNodes(std::mt19937_64& rng, uint64_t link, Request* q) {
  q->fixed.clear();
  q->per_byte.clear();
  for (uint32_t v = 0; v < kNodes; ++v) {
    const int c = static_cast<int>(rng() % 4);
    q->fixed.push_back(kConstant[c]);
    q->per_byte.push_back(kPerByte[c]);
  }
  q->link.assign(static_cast<size_t>(kNodes) * kNodes, link);
}

// Single broadcast: one node configuration, every node the source once.
Sums Broadcasts(std::mt19937_64& rng, uint64_t link, int mix,
                const std::string& setting, Progress* progress) {
  Sums broadcast;
  Request q;
  RandomNodes(rng, link, &q);
  for (uint32_t source = 0; source < kNodes; ++source) {
    q.dests = {{}};
    for (uint32_t v = 0; v < kNodes; ++v) {
      if (v != source) q.dests[0].push_back(v);
    }
    q.messages = {
        hetcast_nonblocking_message{source, Length(rng, mix), nullptr, 0}};
    q.Finish();
    Measure(q, &broadcast);
    progress->Step(setting + ", broadcast");
  }
  return broadcast;
}

// Multiple multicast: `runs` configurations of `sources` distinct sources,
// each other node a destination of each with probability 1/2.
Sums Multicasts(std::mt19937_64& rng, uint64_t link, int mix,
                const Options& options, const std::string& setting,
                Progress* progress) {
  Sums multicast;
  Request q;
  for (int run = 0; run < options.runs; ++run) {
    RandomNodes(rng, link, &q);
    std::vector<uint32_t> nodes(kNodes);
    for (uint32_t v = 0; v < kNodes; ++v) nodes[v] = v;
    std::shuffle(nodes.begin(), nodes.end(), rng);
    q.dests.clear();
    q.messages.clear();
    for (int s = 0; s < options.sources; ++s) {
      std::vector<uint32_t> dests;
      for (uint32_t v = 0; v < kNodes; ++v) {
        if (v != nodes[s] && rng() % 2 == 0) dests.push_back(v);
      }
      q.dests.push_back(dests);
      q.messages.push_back(
          hetcast_nonblocking_message{nodes[s], Length(rng, mix), nullptr, 0});
    }
    q.Finish();
    Measure(q, &multicast);
    progress->Step(setting + ", multicast");
  }
  return multicast;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && hetcast::IsVersionFlag(argv[1])) {
    std::fputs(hetcast::VersionLine("nonblocking_experiment").c_str(), stdout);
    return 0;
  }
  Options options;
  if (!ParseOptions(argc, argv, &options)) return 2;
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // Rows appear as they are done.
  std::mt19937_64 rng(options.seed);
  const char* mixes[3] = {"small 1KB", "large 1-1.5MB", "mixed"};
  const struct {
    const char* name;
    uint64_t link;
  } networks[2] = {{"1 Gbps", 8'000}, {"155 Mbps", 51'613}};
  std::printf(
      "seed %llu; times in ms (mean); ratios = completion / lower "
      "bound (mean)\n",
      static_cast<unsigned long long>(options.seed));
  std::printf("%-34s %9s %9s %9s %9s %9s  | %5s %5s %5s %5s  | %5s | %6s\n",
              "setting", "FEF", "ECF", "WR", "WRP", "LB", "FEF", "ECF", "WR",
              "WRP", "§3.1", "answer");
  Summary summary;
  Progress progress;
  progress.total = 6 * (uint64_t{kNodes} + static_cast<uint64_t>(options.runs));
  for (const auto& net : networks) {
    for (int mix = 0; mix < 3; ++mix) {
      const std::string setting = std::string(net.name) + ", " + mixes[mix];
      const Sums broadcast = Broadcasts(rng, net.link, mix, setting, &progress);
      Print((setting + ", broadcast").c_str(), broadcast);
      summary.Add(0, broadcast);
      const Sums multicast =
          Multicasts(rng, net.link, mix, options, setting, &progress);
      Print((setting + ", multicast").c_str(), multicast);
      summary.Add(1, multicast);
    }
  }
  summary.Print();
  return 0;
}
