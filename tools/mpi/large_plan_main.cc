// large_plan: the large-message plan (large_plan.h) of a calibrated
// platform, written for an MPI program to run (multi_tree_plan.h's text).
//
//   large_plan --pairs=P.txt --bytes=BYTES [--root=0] [--model=multi-port]
//              [--gaps=G.txt | --overhead-ns=20000] [--segment-bytes=S]
//              --out=PLAN.txt
//
// P.txt is bench --model=bound --times-out's pair times (every pair's
// uncontended transfer measured) or calibrate's --pairs-out file; --model
// one-port or multi-port (large_plan.h, LargeModel). Each rank's cost per
// segment sent: from --gaps, bench --gaps-out's measured gaps of the
// executor at each segment size (segment_gaps.h; with its relay times, the
// delay a relay adds, charged to the multi-port fill), the segment size then
// the measured one of least predicted time; else --overhead-ns for every size
// (20 us, an MPI message's software cost over TCP), which sets the segment
// size. --segment-bytes pins the segment size instead (with --gaps, one of
// the measured sizes). Prints one line: the algorithm, the steady state and
// the bound (ns per MB), their ratio, the segment size and the predicted
// completion. Exit 0, 1 when the plan cannot be made or written, 2 on bad
// arguments.

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tools/mpi/large_plan.h"
#include "tools/mpi/program_args.h"
#include "tools/mpi/segment_gaps.h"
#include "tools/version.h"

namespace hetcast {
namespace mpi {
namespace {

constexpr char kUsage[] =
    "usage: large_plan --pairs=P.txt --bytes=BYTES [--root=0]\n"
    "                  [--model=multi-port|one-port]\n"
    "                  [--gaps=G.txt | --overhead-ns=20000]\n"
    "                  [--segment-bytes=S] --out=PLAN.txt\n"
    "  P.txt: every pair's transfer time (bench --model=bound --times-out)\n"
    "  or calibrate --pairs-out's costs.\n"
    "  Writes the broadcast of BYTES bytes from --root pipelined in segments\n"
    "  over trees: multi-port, the tree (or site trees) of least predicted\n"
    "  time among the least period's and those of bounded fan-out, whose\n"
    "  ranks feed several at once within their up rates; one-port,\n"
    "  Broadcast-EB's weighted trees up to 8 ranks, MCPH's tree beyond.\n"
    "  Each rank's cost per segment sent:\n"
    "  from --gaps, bench --gaps-out's measured gaps (the segment size then\n"
    "  the measured one of least predicted time), else --overhead-ns, which\n"
    "  sets the segment size; --segment-bytes pins it.\n";

double Seconds(const mpq_class& ps) { return ps.get_d() * 1e-12; }

// The file at `path` into `text`; false when it cannot be read.
bool ReadFile(const std::string& path, std::string* text) {
  std::ifstream file(path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  *text = buffer.str();
  return static_cast<bool>(file);
}

struct Request {
  int root = 0;
  uint64_t bytes = 0;
  LargeModel model = LargeModel::kMultiPort;
  uint64_t pinned = 0;  // segment size, 0: chosen
};

// With measured gaps: the plan at each candidate segment size (the pinned
// one, else every measured size below the message, else every measured
// size) with that size's overheads; the least predicted, the smaller size
// on ties. `platform` keeps the chosen size's overheads.
absl::StatusOr<LargePlan> PlanWithGaps(const SegmentGaps& gaps, Request r,
                                       LargePlatform* platform) {
  std::vector<uint64_t> sizes;
  for (uint64_t size : gaps.sizes) {
    if (r.pinned != 0 ? size == r.pinned : size < r.bytes)
      sizes.push_back(size);
  }
  if (sizes.empty())
    sizes = r.pinned != 0 ? std::vector<uint64_t>{r.pinned} : gaps.sizes;
  std::sort(sizes.begin(), sizes.end());
  absl::StatusOr<LargePlan> best = absl::InvalidArgumentError("no size");
  uint64_t best_size = 0;
  for (uint64_t size : sizes) {
    absl::Status status = ApplySegmentGaps(gaps, size, platform);
    if (!status.ok()) return status;
    r.pinned = size;
    absl::StatusOr<LargePlan> plan =
        PlanLargeBroadcast(*platform, r.root, r.bytes, r.model, r.pinned);
    if (!plan.ok()) return plan;
    if (!best.ok() || plan->predicted_ps < best->predicted_ps) {
      best = std::move(plan);
      best_size = size;
    }
  }
  absl::Status status = ApplySegmentGaps(gaps, best_size, platform);
  if (!status.ok()) return status;
  return best;
}

// The platform of the pairs text and the plan, with the overheads of
// `gaps_text` when it is not empty, else `overhead_ns` for every rank.
absl::StatusOr<LargePlan> MakePlan(const std::string& pairs_text,
                                   const std::string& gaps_text,
                                   uint64_t overhead_ns, const Request& r,
                                   LargePlatform* platform) {
  absl::StatusOr<LargePlatform> read = PairsPlatform(pairs_text);
  if (!read.ok()) return read.status();
  *platform = *std::move(read);
  if (gaps_text.empty()) {
    platform->overhead_ps.assign(platform->overhead_ps.size(),
                                 overhead_ns * 1000);
    return PlanLargeBroadcast(*platform, r.root, r.bytes, r.model, r.pinned);
  }
  absl::StatusOr<SegmentGaps> gaps =
      ParseSegmentGaps(gaps_text, platform->ps_per_byte.size());
  if (!gaps.ok()) return gaps.status();
  return PlanWithGaps(*gaps, r, platform);
}

void PrintPlan(const LargePlan& plan, const LargePlatform& platform,
               LargeModel model) {
  const mpq_class ratio = plan.period_ps_per_byte / plan.bound_ps_per_byte;
  std::printf(
      "algorithm=%s trees=%zu period_ns_per_MB=%.6g bound_ns_per_MB=%.6g "
      "bound_kind=%s period_over_bound=%.4f segment_bytes=%zu "
      "predicted_seconds=%.9g sites=%zu\n",
      plan.algorithm.c_str(), plan.plan.trees.size(),
      plan.period_ps_per_byte.get_d() * 1e-3 * 1e6,
      plan.bound_ps_per_byte.get_d() * 1e-3 * 1e6,
      plan.bound_is_lp                  ? "broadcast-eb"
      : model == LargeModel::kMultiPort ? "multi-port"
                                        : "counting",
      ratio.get_d(), plan.plan.segment_bytes, Seconds(plan.predicted_ps),
      std::max<size_t>(1, platform.sites.uplink_ps_per_byte.size()));
}

// The flags' errors, or "".
std::string CheckFlags(ProgramArgs* args) {
  const std::string model = args->String("model", "multi-port");
  const bool missing = args->String("pairs", "").empty() ||
                       args->String("out", "").empty() ||
                       args->Unsigned("bytes", 0) == 0;
  const bool above = args->Unsigned("root", 0) > kLargePlanMaxRanks ||
                     args->Unsigned("overhead-ns", 0) > 1000000000 ||
                     args->Unsigned("segment-bytes", 0) > (uint64_t{1} << 30);
  std::string error = args->error();
  if (error.empty() && missing) {
    error = "--pairs, --out and --bytes >= 1 are needed";
  }
  if (error.empty() && model != "multi-port" && model != "one-port") {
    error = "--model is multi-port or one-port, not '" + model + "'";
  }
  if (error.empty() && above) {
    error =
        "--root must be a rank, --overhead-ns at most 10^9 (1 s) and "
        "--segment-bytes at most 2^30";
  }
  if (error.empty() && !args->String("gaps", "").empty() &&
      !args->String("overhead-ns", "").empty()) {
    error = "--gaps and --overhead-ns are two sources of one cost: give one";
  }
  return error;
}

int Main(int argc, char** argv) {
  if (AnswerHelpOrVersion(argc, argv, "large_plan", kUsage)) return 0;
  ProgramArgs args(argc, argv,
                   {"pairs", "bytes", "root", "out", "model", "overhead-ns",
                    "segment-bytes", "gaps"});
  const std::string error = CheckFlags(&args);
  if (!error.empty()) {
    std::fprintf(stderr, "large_plan: %s\n%s", error.c_str(), kUsage);
    return 2;
  }
  Request r;
  r.root = static_cast<int>(args.Unsigned("root", 0));
  r.bytes = args.Unsigned("bytes", 0);
  r.pinned = args.Unsigned("segment-bytes", 0);
  r.model = args.String("model", "multi-port") == "one-port"
                ? LargeModel::kOnePort
                : LargeModel::kMultiPort;
  const std::string pairs = args.String("pairs", "");
  const std::string gaps = args.String("gaps", "");
  std::string pairs_text, gaps_text;
  for (const auto& [path, text] :
       {std::pair{pairs, &pairs_text}, std::pair{gaps, &gaps_text}}) {
    if (!path.empty() && !ReadFile(path, text)) {
      std::fprintf(stderr, "large_plan: cannot read %s\n", path.c_str());
      return 1;
    }
  }
  LargePlatform platform;
  absl::StatusOr<LargePlan> plan = MakePlan(
      pairs_text, gaps_text, args.Unsigned("overhead-ns", 20000), r, &platform);
  if (!plan.ok()) {
    std::fprintf(stderr, "large_plan: %s: %s\n", pairs.c_str(),
                 std::string(plan.status().message()).c_str());
    return 1;
  }
  const std::string out = args.String("out", "");
  std::ofstream written(out);
  written << FormatMultiTreePlan(plan->plan);
  written.close();
  if (!written) {
    std::fprintf(stderr, "large_plan: cannot write %s\n", out.c_str());
    return 1;
  }
  PrintPlan(*plan, platform, r.model);
  return 0;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::mpi::Main(argc, argv); }
