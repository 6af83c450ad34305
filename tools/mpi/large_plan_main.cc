// large_plan: the large-message plan (large_plan.h) of a calibrated
// platform, written for an MPI program to run (multi_tree_plan.h's text).
//
//   large_plan --pairs=P.txt --bytes=BYTES [--root=0] [--model=multi-port]
//              [--overhead-ns=20000] [--segment-bytes=S] --out=PLAN.txt
//
// P.txt is bench --model=bound --times-out's pair times (every pair's
// uncontended transfer measured) or calibrate's --pairs-out file; --model
// one-port or multi-port (large_plan.h, LargeModel);
// --overhead-ns each rank's cost per segment sent, for the segment size
// (calibrate does not measure it yet; 20 us is an MPI message's software
// cost over TCP); --segment-bytes pins the segment size instead (a size
// that calibration timed fastest). Prints one line: the algorithm, the steady
// state and the bound (ns per MB), their ratio, the segment size and the
// predicted completion. Exit 0, 1 when the plan cannot be made or written, 2 on
// bad arguments.

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tools/mpi/large_plan.h"
#include "tools/mpi/program_args.h"
#include "tools/version.h"

namespace hetcast {
namespace mpi {
namespace {

constexpr char kUsage[] =
    "usage: large_plan --pairs=P.txt --bytes=BYTES [--root=0]\n"
    "                  [--model=multi-port|one-port] [--overhead-ns=20000]\n"
    "                  [--segment-bytes=S] --out=PLAN.txt\n"
    "  P.txt: every pair's transfer time (bench --model=bound --times-out)\n"
    "  or calibrate --pairs-out's costs.\n"
    "  Writes the broadcast of BYTES bytes from --root pipelined in segments\n"
    "  over trees: multi-port, one tree whose ranks feed several at once\n"
    "  within their up rates; one-port, Broadcast-EB's weighted trees up to\n"
    "  8 ranks, MCPH's tree beyond. --overhead-ns: each rank's cost per\n"
    "  segment sent, which sets the segment size; --segment-bytes pins it.\n";

double Seconds(const mpq_class& ps) { return ps.get_d() * 1e-12; }

int Main(int argc, char** argv) {
  if (AnswerHelpOrVersion(argc, argv, "large_plan", kUsage)) return 0;
  ProgramArgs args(argc, argv,
                   {"pairs", "bytes", "root", "out", "model", "overhead-ns",
                    "segment-bytes"});
  const uint64_t pinned = args.Unsigned("segment-bytes", 0);
  const std::string model_name = args.String("model", "multi-port");
  const uint64_t overhead_ns = args.Unsigned("overhead-ns", 20000);
  const std::string pairs = args.String("pairs", "");
  const std::string out = args.String("out", "");
  const uint64_t bytes = args.Unsigned("bytes", 0);
  const uint64_t root = args.Unsigned("root", 0);
  std::string error = args.error();
  if (error.empty() && (pairs.empty() || out.empty() || bytes == 0)) {
    error = "--pairs, --out and --bytes >= 1 are needed";
  }
  if (error.empty() && model_name != "multi-port" && model_name != "one-port") {
    error = "--model is multi-port or one-port, not '" + model_name + "'";
  }
  if (error.empty() && (root > kLargePlanMaxRanks || overhead_ns > 1000000000 ||
                        pinned > (uint64_t{1} << 30))) {
    error =
        "--root must be a rank, --overhead-ns at most 10^9 (1 s) and "
        "--segment-bytes at most 2^30";
  }
  if (!error.empty()) {
    std::fprintf(stderr, "large_plan: %s\n%s", error.c_str(), kUsage);
    return 2;
  }
  const LargeModel model =
      model_name == "one-port" ? LargeModel::kOnePort : LargeModel::kMultiPort;
  std::ifstream file(pairs);
  std::stringstream text;
  text << file.rdbuf();
  if (!file) {
    std::fprintf(stderr, "large_plan: cannot read %s\n", pairs.c_str());
    return 1;
  }
  absl::StatusOr<LargePlatform> platform = PairsPlatform(text.str());
  if (platform.ok())
    platform->overhead_ps.assign(platform->overhead_ps.size(),
                                 overhead_ns * 1000);
  absl::StatusOr<LargePlan> plan =
      platform.ok()
          ? PlanLargeBroadcast(*platform, static_cast<int>(root), bytes, model)
          : absl::StatusOr<LargePlan>(platform.status());
  if (!plan.ok()) {
    std::fprintf(stderr, "large_plan: %s: %s\n", pairs.c_str(),
                 std::string(plan.status().message()).c_str());
    return 1;
  }
  if (pinned != 0) {
    plan->plan.segment_bytes = pinned;
    plan->predicted_ps = PredictedPs(*platform, plan->plan, bytes, model);
  }
  std::ofstream written(out);
  written << FormatMultiTreePlan(plan->plan);
  written.close();
  if (!written) {
    std::fprintf(stderr, "large_plan: cannot write %s\n", out.c_str());
    return 1;
  }
  const mpq_class ratio = plan->period_ps_per_byte / plan->bound_ps_per_byte;
  std::printf(
      "algorithm=%s trees=%zu period_ns_per_MB=%.6g bound_ns_per_MB=%.6g "
      "bound_kind=%s period_over_bound=%.4f segment_bytes=%zu "
      "predicted_seconds=%.9g sites=%zu\n",
      plan->algorithm.c_str(), plan->plan.trees.size(),
      plan->period_ps_per_byte.get_d() * 1e-3 * 1e6,
      plan->bound_ps_per_byte.get_d() * 1e-3 * 1e6,
      plan->bound_is_lp                 ? "broadcast-eb"
      : model == LargeModel::kMultiPort ? "multi-port"
                                        : "counting",
      ratio.get_d(), plan->plan.segment_bytes, Seconds(plan->predicted_ps),
      std::max<size_t>(1, platform->sites.uplink_ps_per_byte.size()));
  return 0;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::mpi::Main(argc, argv); }
