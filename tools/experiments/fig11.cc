// fig11.cc: Fig. 11 of Beaumont, Legrand, Marchal & Robert (2004, §7) on
// seeded Tiers-like platforms (tools/graph/tiers_platform.h): each
// heuristic's period per message over Multicast-UB (the scatter) and over
// Multicast-LB, averaged per target density, with wall times.
//
//   bazel run -c opt //tools:fig11 -- --out=DIR [--size=small|big|both]
//
// Platform i (0-based) of a size has seed --seed + i (small) or
// --seed + 1000 + i (big). Targets: a seeded random order of the
// platform's LAN nodes, of which each density takes the first
// max(1, ceil(percent * LAN nodes / 100)), so the target sets of one
// platform are nested; percent 0 means one target. The source is the
// generator's (a WAN node).
//
// Writes DIR/fig11.csv (one line per platform, density and algorithm,
// periods as exact fractions, written as each instance finishes) and
// DIR/fig11.md (the means). Every period is exact: the LPs are solved
// and certified in rationals (multicast_lp.h), MCPH's period is the
// runtime's integer answer. The ratios' means are exact rationals printed
// to three decimals.
#include <gmpxx.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/graph/lp_heuristics.h"
#include "tools/graph/multicast_lp.h"
#include "tools/graph/tiers_platform.h"
#include "tools/progress.h"

ABSL_FLAG(std::string, out, "", "directory for fig11.md and fig11.csv");
ABSL_FLAG(std::string, size, "small",
          "small (30 nodes, 17 in LANs), big (65, 47), both, or tiny (10 "
          "nodes, 5 in LANs: a quick check)");
ABSL_FLAG(int, platforms, 10, "platforms per size");
ABSL_FLAG(std::string, densities, "0,10,20,30,40,50,60,70,80,90,100",
          "target densities in percent of the LAN nodes; 0 = one target");
ABSL_FLAG(uint64_t, seed, 1, "seed of the first platform");

namespace hetcast {
namespace {

// The algorithms in the order of the tables.
constexpr const char* kAlgorithms[] = {"MCPH", "Broadcast", "Red. BC",
                                       "Augm. MC", "Multisource MC"};
constexpr int kAlgorithmCount = 5;

struct Outcome {
  mpq_class period;  // Ticks per message.
  int lp_solves = 0;
  double seconds = 0;
};

struct Instance {
  std::string size;
  int platform = 0;
  uint64_t seed = 0;
  int percent = 0;
  TiersPlatform tiers;
};

absl::StatusOr<mpq_class> Finite(const LpValue& value, const char* what) {
  if (!value.has_value()) {
    return absl::InternalError(absl::StrCat(what, " is +infinity"));
  }
  return *value;
}

absl::StatusOr<Outcome> RunMcph(const hetcast_graph_request& request) {
  hetcast_graph_sizes sizes;
  hetcast_status status = hetcast_graph_plan_sizes(&request, &sizes);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_graph_route_edge> tree(sizes.tree_edge_count);
  std::vector<hetcast_graph_slot> slots(sizes.slot_count);
  hetcast_graph_answer answer;
  if (status == HETCAST_OK) {
    status = hetcast_graph_plan(
        &request, HETCAST_ALGORITHM_MCPH, workspace.data(), workspace.size(),
        tree.data(), tree.size(), slots.data(), slots.size(), &answer);
  }
  if (status != HETCAST_OK) {
    return absl::InternalError(
        absl::StrCat("MCPH: ", hetcast_status_str(status)));
  }
  Outcome out;
  out.period = mpq_class(mpz_class(absl::StrCat(answer.period_numerator)),
                         mpz_class(absl::StrCat(answer.period_denominator)));
  out.period.canonicalize();
  return out;
}

absl::StatusOr<Outcome> FromBound(absl::StatusOr<LpBound> bound,
                                  const char* what) {
  if (!bound.ok()) return bound.status();
  if (!bound->finite)
    return absl::InternalError(absl::StrCat(what, " is +inf"));
  Outcome out;
  out.period = bound->period;
  out.lp_solves = 1;
  return out;
}

absl::StatusOr<Outcome> FromHeuristic(absl::StatusOr<HeuristicResult> result,
                                      const char* what) {
  if (!result.ok()) return result.status();
  absl::StatusOr<mpq_class> period = Finite(result->period, what);
  if (!period.ok()) return period.status();
  Outcome out;
  out.period = *period;
  out.lp_solves = result->lp_solves;
  return out;
}

// Algorithm `index` of kAlgorithms (-1: Multicast-LB, -2: Multicast-UB).
absl::StatusOr<Outcome> RunOne(int index, const hetcast_graph_request& r) {
  const std::vector<bool> all(r.node_count, true);
  switch (index) {
    case -1:
      return FromBound(MulticastLb(r), "Multicast-LB");
    case -2:
      return FromBound(MulticastUb(r), "Multicast-UB");
    case 0:
      return RunMcph(r);
    case 1:
      return FromBound(BroadcastEb(r, all), "Broadcast-EB");
    case 2:
      return FromHeuristic(ReducedBroadcast(r), "REDUCED_BROADCAST");
    case 3:
      return FromHeuristic(AugmentedMulticast(r), "AUGMENTED_MULTICAST");
    default:
      return FromHeuristic(AugmentedSources(r), "AUGMENTED_SOURCES");
  }
}

absl::StatusOr<Outcome> Timed(int index, const hetcast_graph_request& r) {
  const absl::Time start = absl::Now();
  absl::StatusOr<Outcome> out = RunOne(index, r);
  if (out.ok()) out->seconds = absl::ToDoubleSeconds(absl::Now() - start);
  return out;
}

// One finished instance: its bounds and every algorithm's outcome.
struct Result {
  std::string size;
  int platform = 0;
  uint64_t seed = 0;
  int percent = 0;
  size_t targets = 0;
  Outcome lb, ub;
  Outcome algorithms[kAlgorithmCount];
};

std::string Decimal(const mpq_class& value) {
  // Rounded to three decimals exactly: floor(1000 v + 1/2) / 1000.
  const mpq_class shifted = value * 1000 + mpq_class(1, 2);
  const mpz_class scaled = shifted.get_num() / shifted.get_den();
  const mpz_class units = scaled / 1000, thousandths = scaled % 1000;
  return absl::StrFormat("%s.%03d", units.get_str(), thousandths.get_si());
}

void WriteCsvHeader(std::ofstream& csv) {
  csv << "size,platform,seed,density_percent,targets,algorithm,period,"
         "period_over_ub,period_over_lb,seconds,lp_solves\n";
}

void WriteCsvLine(std::ofstream& csv, const Result& r, const char* name,
                  const Outcome& o) {
  csv << absl::StrFormat("%s,%d,%d,%d,%d,%s,%s,%s,%s,%.6f,%d\n", r.size,
                         r.platform, r.seed, r.percent, r.targets, name,
                         o.period.get_str(), Decimal(o.period / r.ub.period),
                         Decimal(o.period / r.lb.period), o.seconds,
                         o.lp_solves);
}

void WriteCsv(std::ofstream& csv, const Result& r) {
  WriteCsvLine(csv, r, "Multicast-LB", r.lb);
  WriteCsvLine(csv, r, "Multicast-UB", r.ub);
  for (int a = 0; a < kAlgorithmCount; ++a) {
    WriteCsvLine(csv, r, kAlgorithms[a], r.algorithms[a]);
  }
  csv.flush();
}

absl::StatusOr<Result> RunInstance(const TiersPlatform& tiers, int percent) {
  Result r;
  const size_t lan = tiers.LanNodes().size();
  GraphPlatform platform = tiers.platform;
  // Another stream than the generator's ("targets!").
  platform.targets =
      TiersTargets(tiers, tiers.seed ^ 0x7461726765747321ull,
                   std::max<size_t>(1, (percent * lan + 99) / 100));
  r.targets = platform.targets.size();
  const hetcast_graph_request request = platform.Request();
  for (int index = -2; index < kAlgorithmCount; ++index) {
    absl::StatusOr<Outcome> out = Timed(index, request);
    if (!out.ok()) return out.status();
    Outcome& slot = index == -2   ? r.ub
                    : index == -1 ? r.lb
                                  : r.algorithms[index];
    slot = *out;
  }
  return r;
}

// The means of a group of results (one size and density).
struct Means {
  size_t count = 0;
  size_t targets = 0;
  mpq_class over_ub[kAlgorithmCount], over_lb[kAlgorithmCount];
  double seconds[kAlgorithmCount + 2] = {};  // Then LB, UB.
  double lp_solves[kAlgorithmCount] = {};
};

void Add(Means& m, const Result& r) {
  ++m.count;
  m.targets = r.targets;
  for (int a = 0; a < kAlgorithmCount; ++a) {
    m.over_ub[a] += r.algorithms[a].period / r.ub.period;
    m.over_lb[a] += r.algorithms[a].period / r.lb.period;
    m.seconds[a] += r.algorithms[a].seconds;
    m.lp_solves[a] += r.algorithms[a].lp_solves;
  }
  m.seconds[kAlgorithmCount] += r.lb.seconds;
  m.seconds[kAlgorithmCount + 1] += r.ub.seconds;
}

std::string TableHead(const std::vector<std::string>& columns) {
  std::string head = "| density | targets | platforms |";
  std::string rule = "|---:|---:|---:|";
  for (const std::string& c : columns) {
    absl::StrAppend(&head, " ", c, " |");
    absl::StrAppend(&rule, "---:|");
  }
  return absl::StrCat(head, "\n", rule, "\n");
}

std::string RowHead(int percent, const Means& m) {
  return absl::StrFormat("| %s | %d | %d |",
                         percent == 0 ? "1 target" : absl::StrCat(percent, "%"),
                         m.targets, m.count);
}

std::string RatioTable(const std::map<int, Means>& groups, bool over_ub) {
  std::string out = TableHead(
      std::vector<std::string>(std::begin(kAlgorithms), std::end(kAlgorithms)));
  for (const auto& [percent, m] : groups) {
    absl::StrAppend(&out, RowHead(percent, m));
    for (int a = 0; a < kAlgorithmCount; ++a) {
      const mpq_class sum = over_ub ? m.over_ub[a] : m.over_lb[a];
      absl::StrAppend(&out, " ", Decimal(sum / static_cast<long>(m.count)),
                      " |");
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

std::string TimeTable(const std::map<int, Means>& groups) {
  std::vector<std::string> columns(std::begin(kAlgorithms),
                                   std::end(kAlgorithms));
  columns.push_back("Multicast-LB");
  columns.push_back("Multicast-UB");
  std::string out = TableHead(columns);
  for (const auto& [percent, m] : groups) {
    absl::StrAppend(&out, RowHead(percent, m));
    for (int a = 0; a < kAlgorithmCount + 2; ++a) {
      const double mean = m.seconds[a] / m.count;
      std::string cell = a == 0 ? absl::StrFormat("%.6f", mean)
                                : absl::StrFormat("%.2f", mean);
      if (a >= 2 && a < kAlgorithmCount) {
        absl::StrAppend(
            &cell, absl::StrFormat(" (%.0f LPs)", m.lp_solves[a] / m.count));
      }
      absl::StrAppend(&out, " ", cell, " |");
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

std::string Markdown(const std::vector<Result>& results,
                     const std::string& command) {
  std::map<std::string, std::map<int, Means>> groups;
  for (const Result& r : results) Add(groups[r.size][r.percent], r);
  std::string out = absl::StrCat("<!-- made by: ", command,
                                 " -->\n# Fig. 11 on Tiers-like platforms\n");
  for (const auto& [size, by_density] : groups) {
    absl::StrAppend(
        &out, "\n## ", size, " platforms\n\n",
        "Mean period per message over Multicast-UB (scatter), as Fig. "
        "11(a, c):\n\n",
        RatioTable(by_density, true),
        "\nMean period per message over Multicast-LB, as Fig. 11(b, d):\n\n",
        RatioTable(by_density, false),
        "\nMean wall time in seconds (LP heuristics: mean LPs solved):\n\n",
        TimeTable(by_density));
  }
  return out;
}

absl::StatusOr<std::vector<int>> Densities() {
  std::vector<int> out;
  for (absl::string_view item :
       absl::StrSplit(absl::GetFlag(FLAGS_densities), ',')) {
    int percent;
    if (!absl::SimpleAtoi(item, &percent) || percent < 0 || percent > 100) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--densities: '%s' is not a percent in 0 .. 100", item));
    }
    out.push_back(percent);
  }
  return out;
}

// (size name, parameters, seed offset) for --size.
struct SizeRun {
  std::string name;
  TiersParameters parameters;
  uint64_t seed_offset;
};

absl::StatusOr<std::vector<SizeRun>> Sizes() {
  const std::string size = absl::GetFlag(FLAGS_size);
  TiersParameters tiny;
  tiny.wan_nodes = 2;
  tiny.man_count = 1;
  tiny.man_nodes = 3;
  tiny.lans_per_man = 2;
  tiny.lan_nodes = 5;
  tiny.man_wan_links = 1;
  std::vector<SizeRun> out;
  if (size == "tiny") out.push_back({"tiny", tiny, 0});
  if (size == "small" || size == "both") {
    out.push_back({"small", TiersParameters(), 0});
  }
  if (size == "big" || size == "both") out.push_back({"big", BigTiers(), 1000});
  if (out.empty()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--size: '%s' is not one of small, big, both, tiny", size));
  }
  return out;
}

int Fail(const absl::Status& status) {
  std::fprintf(stderr, "fig11: %s\n", std::string(status.message()).c_str());
  return status.code() == absl::StatusCode::kInvalidArgument ? 2 : 1;
}

int Run(const std::string& command) {
  const std::string dir = absl::GetFlag(FLAGS_out);
  absl::StatusOr<std::vector<int>> densities = Densities();
  absl::StatusOr<std::vector<SizeRun>> sizes = Sizes();
  if (dir.empty()) return Fail(absl::InvalidArgumentError("--out: required"));
  if (!densities.ok()) return Fail(densities.status());
  if (!sizes.ok()) return Fail(sizes.status());
  std::ofstream csv(dir + "/fig11.csv");
  if (!csv) return Fail(absl::InvalidArgumentError("--out: cannot write"));
  WriteCsvHeader(csv);
  const int platforms = absl::GetFlag(FLAGS_platforms);
  std::vector<Result> results;
  ProgressLine progress("fig11");
  for (const SizeRun& run : *sizes) {
    for (int i = 0; i < platforms; ++i) {
      const uint64_t seed = absl::GetFlag(FLAGS_seed) + run.seed_offset + i;
      absl::StatusOr<TiersPlatform> tiers =
          GenerateTiersPlatform(run.parameters, seed);
      if (!tiers.ok()) return Fail(tiers.status());
      for (int percent : *densities) {
        absl::StatusOr<Result> r = RunInstance(*tiers, percent);
        if (!r.ok()) return Fail(r.status());
        r->size = run.name, r->platform = i, r->seed = seed;
        r->percent = percent;
        WriteCsv(csv, *r);
        results.push_back(*r);
        progress.Report(absl::StrCat(run.name, " platforms"), results.size(),
                        sizes->size() * platforms * densities->size());
      }
    }
  }
  std::ofstream(dir + "/fig11.md") << Markdown(results, command);
  progress.Done("done");
  return 0;
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "fig11 --out=DIR [--size=small|big|both|tiny] [--platforms=N] "
      "[--densities=0,10,...] [--seed=S]");
  std::vector<char*> rest = absl::ParseCommandLine(argc, argv);
  if (rest.size() > 1) {
    std::fprintf(stderr, "fig11: unexpected argument '%s'\n", rest[1]);
    return 2;
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  return hetcast::Run(absl::StrCat("bazel run -c opt //tools:fig11 -- ",
                                   absl::StrJoin(args, " ")));
}
