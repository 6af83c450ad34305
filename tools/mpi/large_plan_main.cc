// large_plan: the large-message plan (large_plan.h) of a calibrated
// platform, written for an MPI program to run (multi_tree_plan.h's text).
//
//   large_plan --pairs=P.txt --bytes=BYTES [--root=0] --out=PLAN.txt
//
// P.txt is calibrate's --pairs-out file (every pair's uncontended transfer
// measured). Prints one line: the algorithm, the steady state and the bound
// (ns per MB), their ratio, the segment size and the predicted completion.
// Exit 0, 1 when the plan cannot be made or written, 2 on bad arguments.

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tools/mpi/large_plan.h"
#include "tools/mpi/program_args.h"

namespace hetcast {
namespace mpi {
namespace {

constexpr char kUsage[] =
    "usage: large_plan --pairs=P.txt --bytes=BYTES [--root=0] --out=PLAN.txt\n"
    "  P.txt: calibrate --pairs-out's measurements of every pair of ranks.\n"
    "  Writes the broadcast of BYTES bytes from --root pipelined over\n"
    "  weighted trees (Broadcast-EB's up to 8 ranks, MCPH's beyond).\n";

double Seconds(const mpq_class& ps) { return ps.get_d() * 1e-12; }

int Main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  ProgramArgs args(argc, argv, {"pairs", "bytes", "root", "out"});
  const std::string pairs = args.String("pairs", "");
  const std::string out = args.String("out", "");
  const uint64_t bytes = args.Unsigned("bytes", 0);
  const uint64_t root = args.Unsigned("root", 0);
  if (!args.error().empty() || pairs.empty() || out.empty() || bytes == 0 ||
      root > kLargePlanMaxRanks) {
    std::fprintf(stderr, "large_plan: %s\n%s",
                 args.error().empty() ? "--pairs, --out and --bytes >= 1 are needed"
                                      : args.error().c_str(),
                 kUsage);
    return 2;
  }
  std::ifstream file(pairs);
  std::stringstream text;
  text << file.rdbuf();
  if (!file) {
    std::fprintf(stderr, "large_plan: cannot read %s\n", pairs.c_str());
    return 1;
  }
  absl::StatusOr<LargePlatform> platform = PairsPlatform(text.str());
  absl::StatusOr<LargePlan> plan =
      platform.ok() ? PlanLargeBroadcast(*platform, static_cast<int>(root), bytes)
                    : absl::StatusOr<LargePlan>(platform.status());
  if (!plan.ok()) {
    std::fprintf(stderr, "large_plan: %s: %s\n", pairs.c_str(),
                 std::string(plan.status().message()).c_str());
    return 1;
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
      "predicted_seconds=%.9g\n",
      plan->algorithm.c_str(), plan->plan.trees.size(),
      plan->period_ps_per_byte.get_d() * 1e-3 * 1e6,
      plan->bound_ps_per_byte.get_d() * 1e-3 * 1e6,
      plan->bound_is_lp ? "broadcast-eb" : "counting", ratio.get_d(),
      plan->plan.segment_bytes, Seconds(plan->predicted_ps));
  return 0;
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::mpi::Main(argc, argv); }
