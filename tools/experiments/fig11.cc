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
#include <set>
#include <string>
#include <tuple>
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
#include "tools/version.h"

ABSL_FLAG(std::string, out, "", "directory for fig11.md and fig11.csv");
ABSL_FLAG(std::string, size, "small",
          "small (30 nodes, 17 in LANs), big (65, 47), both, or tiny (10 "
          "nodes, 5 in LANs: a quick check)");
ABSL_FLAG(int, platforms, 10, "platforms per size");
ABSL_FLAG(std::string, densities, "0,10,20,30,40,50,60,70,80,90,100",
          "target densities in percent of the LAN nodes; 0 = one target");
ABSL_FLAG(uint64_t, seed, 1, "seed of the first platform");
ABSL_FLAG(std::string, algorithms,
          "mcph,broadcast,reduced-broadcast,augmented-multicast,"
          "augmented-sources",
          "the algorithms to run (Multicast-LB and -UB always run)");
ABSL_FLAG(bool, tables_only, false,
          "run nothing: write DIR/fig11.md from DIR/fig11.csv (e.g. the "
          "lines of several runs, or of a run stopped part-way)");

namespace hetcast {
namespace {

// The algorithms in the order of the tables, with their --algorithms
// keys; then the two bounds every instance solves first.
constexpr const char* kAlgorithms[] = {"MCPH", "Broadcast", "Red. BC",
                                       "Augm. MC", "Multisource MC"};
constexpr const char* kKeys[] = {"mcph", "broadcast", "reduced-broadcast",
                                 "augmented-multicast", "augmented-sources"};
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
  hetcast_status status = hetcast_graph_plan_sizes(&request, &sizes, nullptr);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_graph_route_edge> tree(sizes.tree_edge_count);
  std::vector<hetcast_graph_slot> slots(sizes.slot_count);
  hetcast_graph_answer answer;
  if (status == HETCAST_OK) {
    status = hetcast_graph_plan(
        &request, HETCAST_ALGORITHM_MCPH, workspace.data(), workspace.size(),
        tree.data(), tree.size(), slots.data(), slots.size(), &answer, nullptr);
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

// One CSV line: an algorithm's outcome on one instance.
struct Record {
  std::string size;
  int platform = 0;
  uint64_t seed = 0;
  int percent = 0;
  size_t targets = 0;
  std::string algorithm;
  mpq_class period;
  double seconds = 0;
  int lp_solves = 0;
};

constexpr char kCsvHeader[] =
    "size,platform,seed,density_percent,targets,algorithm,period,seconds,"
    "lp_solves";

std::string CsvLine(const Record& r) {
  return absl::StrFormat("%s,%d,%d,%d,%d,%s,%s,%.6f,%d\n", r.size, r.platform,
                         r.seed, r.percent, r.targets, r.algorithm,
                         r.period.get_str(), r.seconds, r.lp_solves);
}

absl::StatusOr<Record> ParseCsvLine(absl::string_view line) {
  const std::vector<std::string> f = absl::StrSplit(line, ',');
  Record r;
  bool ok = f.size() == 9;
  if (ok) {
    r.size = f[0], r.algorithm = f[5];
    ok =
        absl::SimpleAtoi(f[1], &r.platform) &&
        absl::SimpleAtoi(f[2], &r.seed) && absl::SimpleAtoi(f[3], &r.percent) &&
        absl::SimpleAtoi(f[4], &r.targets) && r.period.set_str(f[6], 10) == 0 &&
        absl::SimpleAtod(f[7], &r.seconds) &&
        absl::SimpleAtoi(f[8], &r.lp_solves) && r.period > 0;
  }
  if (!ok) {
    return absl::InvalidArgumentError(
        absl::StrCat("fig11.csv: malformed line '", line, "'"));
  }
  r.period.canonicalize();
  return r;
}

// Runs the bounds and the chosen algorithms on one instance, writing each
// line as soon as it is known.
absl::Status RunInstance(const TiersPlatform& tiers, Record base,
                         const std::vector<bool>& chosen, std::ofstream& csv) {
  const size_t lan = tiers.LanNodes().size();
  GraphPlatform platform = tiers.platform;
  // Another stream than the generator's ("targets!").
  platform.targets =
      TiersTargets(tiers, tiers.seed ^ 0x7461726765747321ull,
                   std::max<size_t>(1, (base.percent * lan + 99) / 100));
  base.targets = platform.targets.size();
  const hetcast_graph_request request = platform.Request();
  for (int index = -2; index < kAlgorithmCount; ++index) {
    if (index >= 0 && !chosen[index]) continue;
    absl::StatusOr<Outcome> out = Timed(index, request);
    if (!out.ok()) return out.status();
    Record r = base;
    r.algorithm = index == -2   ? "Multicast-UB"
                  : index == -1 ? "Multicast-LB"
                                : kAlgorithms[index];
    r.period = out->period, r.seconds = out->seconds;
    r.lp_solves = out->lp_solves;
    csv << CsvLine(r);
    csv.flush();
  }
  return absl::OkStatus();
}

std::string Decimal(const mpq_class& value) {
  // Rounded to three decimals exactly: floor(1000 v + 1/2) / 1000.
  const mpq_class shifted = value * 1000 + mpq_class(1, 2);
  const mpz_class scaled = shifted.get_num() / shifted.get_den();
  const mpz_class units = scaled / 1000, thousandths = scaled % 1000;
  return absl::StrFormat("%s.%03d", units.get_str(), thousandths.get_si());
}

// The means of one algorithm over the platforms of a size and density.
struct Mean {
  size_t count = 0;
  mpq_class over_ub, over_lb;
  double seconds = 0, lp_solves = 0;
};

struct Group {
  size_t targets = 0;
  std::map<std::string, Mean> by_algorithm;
};

using Groups = std::map<std::string, std::map<int, Group>>;

// Groups the records; an algorithm's ratios use the Multicast-LB and -UB
// lines of the same size, seed and density (so the lines of runs with
// other --seed values can be merged; a repeated line counts once).
absl::StatusOr<Groups> GroupRecords(const std::vector<Record>& records) {
  std::map<std::tuple<std::string, uint64_t, int, std::string>, mpq_class>
      bound;
  for (const Record& r : records) {
    bound[{r.size, r.seed, r.percent, r.algorithm}] = r.period;
  }
  Groups groups;
  std::set<std::tuple<std::string, uint64_t, int, std::string>> seen;
  for (const Record& r : records) {
    // The first of repeated lines (merged runs) counts, once.
    if (!seen.insert({r.size, r.seed, r.percent, r.algorithm}).second) continue;
    const auto lb = bound.find({r.size, r.seed, r.percent, "Multicast-LB"});
    const auto ub = bound.find({r.size, r.seed, r.percent, "Multicast-UB"});
    if (lb == bound.end() || ub == bound.end()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "fig11.csv: %s seed %d at %d%% has no Multicast-LB or -UB line",
          r.size, r.seed, r.percent));
    }
    Group& group = groups[r.size][r.percent];
    group.targets = r.targets;
    Mean& mean = group.by_algorithm[r.algorithm];
    ++mean.count;
    mean.over_ub += r.period / ub->second;
    mean.over_lb += r.period / lb->second;
    mean.seconds += r.seconds;
    mean.lp_solves += r.lp_solves;
  }
  return groups;
}

std::string TableHead(const std::vector<std::string>& columns) {
  std::string head = "| density | targets |";
  std::string rule = "|---:|---:|";
  for (const std::string& c : columns) {
    absl::StrAppend(&head, " ", c, " |");
    absl::StrAppend(&rule, "---:|");
  }
  return absl::StrCat(head, "\n", rule, "\n");
}

// A cell: the mean and, when not every platform ran, "(n)".
template <typename Format>
std::string Cell(const Group& group, const std::string& algorithm,
                 size_t platforms, Format format) {
  const auto it = group.by_algorithm.find(algorithm);
  if (it == group.by_algorithm.end()) return " - |";
  std::string cell = absl::StrCat(" ", format(it->second));
  if (it->second.count != platforms) {
    absl::StrAppend(&cell, " (", it->second.count, ")");
  }
  return absl::StrCat(cell, " |");
}

template <typename Format>
std::string Table(const std::map<int, Group>& groups,
                  const std::vector<std::string>& columns, Format format) {
  std::string out = TableHead(columns);
  for (const auto& [percent, group] : groups) {
    const size_t platforms = group.by_algorithm.at("Multicast-LB").count;
    absl::StrAppend(&out, "| ",
                    percent == 0 ? "1 target" : absl::StrCat(percent, "%"),
                    " | ", group.targets, " |");
    for (const std::string& c : columns) {
      absl::StrAppend(&out, Cell(group, c, platforms, format));
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

std::string SizeSection(const std::string& size,
                        const std::map<int, Group>& groups) {
  const std::vector<std::string> heuristics(std::begin(kAlgorithms),
                                            std::end(kAlgorithms));
  std::vector<std::string> timed = heuristics;
  timed.push_back("Multicast-LB");
  timed.push_back("Multicast-UB");
  const auto ratio = [](bool over_ub) {
    return [over_ub](const Mean& m) {
      return Decimal((over_ub ? m.over_ub : m.over_lb) /
                     static_cast<long>(m.count));
    };
  };
  const auto time = [](const Mean& m) {
    std::string cell = absl::StrFormat("%.3g", m.seconds / m.count);
    if (m.lp_solves > m.count) {  // More than the one LP of a bound.
      absl::StrAppend(&cell,
                      absl::StrFormat(" [%.0f LPs]", m.lp_solves / m.count));
    }
    return cell;
  };
  return absl::StrCat(
      "\n## ", size, " platforms\n\n",
      "Mean period per message over Multicast-UB (scatter), as Fig. "
      "11(a, c):\n\n",
      Table(groups, heuristics, ratio(true)),
      "\nMean period per message over Multicast-LB, as Fig. 11(b, d):\n\n",
      Table(groups, heuristics, ratio(false)),
      "\nMean wall time in seconds [LP heuristics: mean LPs solved]:\n\n",
      Table(groups, timed, time));
}

absl::StatusOr<std::string> Markdown(const std::vector<Record>& records,
                                     const std::string& command) {
  absl::StatusOr<Groups> groups = GroupRecords(records);
  if (!groups.ok()) return groups.status();
  std::string out = absl::StrCat(
      "<!-- made by: ", command, " -->\n# Fig. 11 on Tiers-like platforms\n\n",
      "Means over the platforms of each row; \"(n)\": only n platforms ran "
      "that algorithm; \"-\": none did. Lines: fig11.csv.\n");
  for (const auto& [size, by_density] : *groups) {
    absl::StrAppend(&out, SizeSection(size, by_density));
  }
  return out;
}

absl::StatusOr<std::vector<Record>> ReadCsv(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    return absl::InvalidArgumentError(absl::StrCat("cannot read ", path));
  std::vector<Record> records;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line == kCsvHeader) continue;
    absl::StatusOr<Record> r = ParseCsvLine(line);
    if (!r.ok()) return r.status();
    records.push_back(*std::move(r));
  }
  return records;
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

absl::StatusOr<std::vector<bool>> Chosen() {
  std::vector<bool> chosen(kAlgorithmCount, false);
  for (absl::string_view item :
       absl::StrSplit(absl::GetFlag(FLAGS_algorithms), ',')) {
    const auto it = std::find(std::begin(kKeys), std::end(kKeys), item);
    if (it == std::end(kKeys)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--algorithms: '%s' is not one of %s", item,
                          absl::StrJoin(kKeys, ", ")));
    }
    chosen[it - std::begin(kKeys)] = true;
  }
  return chosen;
}

// (size name, parameters, seed offset) for --size.
struct SizeRun {
  std::string name;
  TiersParameters parameters;
  uint64_t seed_offset;
};

absl::StatusOr<std::vector<SizeRun>> Sizes() {
  const std::string size = absl::GetFlag(FLAGS_size);
  std::vector<SizeRun> out;
  if (size == "tiny") out.push_back({"tiny", TinyTiers(), 0});
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

// Every size, platform and density, appended to `csv`.
absl::Status RunAll(std::ofstream& csv) {
  absl::StatusOr<std::vector<int>> densities = Densities();
  if (!densities.ok()) return densities.status();
  absl::StatusOr<std::vector<SizeRun>> sizes = Sizes();
  if (!sizes.ok()) return sizes.status();
  absl::StatusOr<std::vector<bool>> chosen = Chosen();
  if (!chosen.ok()) return chosen.status();
  const int platforms = absl::GetFlag(FLAGS_platforms);
  const uint64_t total = sizes->size() * platforms * densities->size();
  uint64_t done = 0;
  ProgressLine progress("fig11");
  for (const SizeRun& run : *sizes) {
    for (int i = 0; i < platforms; ++i) {
      Record base;
      base.size = run.name, base.platform = i;
      base.seed = absl::GetFlag(FLAGS_seed) + run.seed_offset + i;
      absl::StatusOr<TiersPlatform> tiers =
          GenerateTiersPlatform(run.parameters, base.seed);
      if (!tiers.ok()) return tiers.status();
      for (int percent : *densities) {
        base.percent = percent;
        absl::Status status = RunInstance(*tiers, base, *chosen, csv);
        if (!status.ok()) return status;
        progress.Report(absl::StrCat(run.name, " instances"), ++done, total);
      }
    }
  }
  progress.Done("done");
  return absl::OkStatus();
}

int Run(const std::string& command) {
  const std::string dir = absl::GetFlag(FLAGS_out);
  if (dir.empty()) return Fail(absl::InvalidArgumentError("--out: required"));
  const std::string csv_path = dir + "/fig11.csv";
  if (!absl::GetFlag(FLAGS_tables_only)) {
    std::ofstream csv(csv_path);
    if (!csv) return Fail(absl::InvalidArgumentError("--out: cannot write"));
    csv << kCsvHeader << "\n";
    absl::Status status = RunAll(csv);
    if (!status.ok()) return Fail(status);
  }
  absl::StatusOr<std::vector<Record>> records = ReadCsv(csv_path);
  if (!records.ok()) return Fail(records.status());
  absl::StatusOr<std::string> markdown = Markdown(*records, command);
  if (!markdown.ok()) return Fail(markdown.status());
  std::ofstream(dir + "/fig11.md") << *markdown;
  return 0;
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) {
  if (argc == 2 && hetcast::IsVersionFlag(argv[1])) {
    std::fputs(hetcast::VersionLine("fig11").c_str(), stdout);
    return 0;
  }
  absl::SetProgramUsageMessage(
      "fig11 --out=DIR [--size=small|big|both|tiny] [--platforms=N] "
      "[--densities=0,10,...] [--algorithms=...] [--seed=S] [--tables_only]");
  std::vector<char*> rest = absl::ParseCommandLine(argc, argv);
  if (rest.size() > 1) {
    std::fprintf(stderr, "fig11: unexpected argument '%s'\n", rest[1]);
    return 2;
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  return hetcast::Run(absl::StrCat("bazel run -c opt //tools:fig11 -- ",
                                   absl::StrJoin(args, " ")));
}
