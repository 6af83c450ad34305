// hetcast_main.cc: the `hetcast` command line.
//
//   hetcast plan --costs 2,3 --source-type 1 --counts 4,7 [--relays 0,2]
//                [--format text|json]
//
// Bad arguments print one line naming the problem to stderr and exit with
// status 2, before anything is written to stdout.
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli_args.h"
#include "tools/plan_output.h"

ABSL_FLAG(std::string, costs, "",
          "Send cost in ticks of each node type, e.g. 2,3 (each >= 1).");
ABSL_FLAG(std::string, source_type, "0", "Type index of the source.");
ABSL_FLAG(std::string, counts, "",
          "Destinations of each type, e.g. 4,7 (one entry per type).");
ABSL_FLAG(std::string, relays, "",
          "Optional relay nodes of each type: they may forward, need not "
          "receive.");
ABSL_FLAG(std::string, format, "text", "Output format: text or json.");

namespace hetcast {
namespace {

constexpr int kUsageError = 2;

// The CLI holds every node in memory and prints it; past this it refuses
// rather than exhaust memory (the C API itself goes to HETCAST_MAX_NODES).
constexpr uint64_t kCliMaxNodes = 10'000'000;

constexpr uint64_t kCliMaxNodeSteps = 2'000'000'000;

constexpr char kUsage[] =
    "usage: hetcast plan --costs C0,C1,... --source-type S --counts "
    "N0,N1,... [--relays R0,R1,...] [--format text|json]\n";

absl::StatusOr<NodePlan> PlanFromFlags() {
  NodePlan plan;
  absl::StatusOr<std::vector<uint64_t>> costs =
      ParseUintList(absl::GetFlag(FLAGS_costs), "costs");
  if (!costs.ok()) return costs.status();
  for (size_t j = 0; j < costs->size(); ++j) {
    if ((*costs)[j] == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--costs: cost of type %d is 0; every cost must be at least 1", j));
    }
    if ((*costs)[j] == HETCAST_NEVER) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--costs: cost of type %d is the reserved value 2^64-1", j));
    }
  }
  if (costs->size() > HETCAST_MAX_TYPES) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--costs: %d types, at most %d are supported",
                        costs->size(), HETCAST_MAX_TYPES));
  }
  plan.costs = *costs;
  const size_t k = costs->size();
  absl::StatusOr<uint64_t> source_type =
      ParseUint(absl::GetFlag(FLAGS_source_type), "source-type");
  if (!source_type.ok()) return source_type.status();
  if (*source_type >= k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--source-type: %d is out of range; there are %d types (0..%d)",
        *source_type, k, k - 1));
  }
  absl::StatusOr<std::vector<uint64_t>> counts =
      ParseUintList(absl::GetFlag(FLAGS_counts), "counts");
  if (!counts.ok()) return counts.status();
  if (counts->size() != k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--counts has %d entries but --costs has %d; give one per type",
        counts->size(), k));
  }
  std::vector<uint64_t> relays(k, 0);
  if (!absl::GetFlag(FLAGS_relays).empty()) {
    absl::StatusOr<std::vector<uint64_t>> parsed =
        ParseUintList(absl::GetFlag(FLAGS_relays), "relays");
    if (!parsed.ok()) return parsed.status();
    if (parsed->size() != k) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--relays has %d entries but --costs has %d; give one per type",
          parsed->size(), k));
    }
    relays = *parsed;
  }
  uint64_t total = 1;
  for (size_t j = 0; j < k; ++j) {
    if (__builtin_add_overflow(total, (*counts)[j], &total) ||
        __builtin_add_overflow(total, relays[j], &total)) {
      return absl::InvalidArgumentError(
          "--counts/--relays: the total number of nodes overflows 64 bits");
    }
  }
  if (total > kCliMaxNodes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--counts/--relays: %d nodes in total; the CLI plans at most %d", total,
        kCliMaxNodes));
  }

  hetcast_node_request request;
  request.costs = plan.costs.data();
  request.type_count = k;
  request.source_type = static_cast<uint32_t>(*source_type);
  request.destination_counts = counts->data();
  request.relay_counts = relays.data();
  hetcast_node_sizes sizes;
  hetcast_status status = hetcast_node_plan_sizes(&request, &sizes);
  if (status != HETCAST_OK) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "cannot plan this request: %s", hetcast_status_str(status)));
  }
  // The relay search makes one FNF pass per relay count; refuse rather than
  // run for hours.
  if (sizes.fnf_runs > 1 &&
      sizes.fnf_runs > kCliMaxNodeSteps / sizes.node_count) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--relays: trying every relay count needs %d FNF passes over %d "
        "nodes; the CLI allows %d node-steps, give fewer relays or "
        "destinations",
        sizes.fnf_runs, sizes.node_count, kCliMaxNodeSteps));
  }
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  plan.nodes.resize(sizes.node_count);
  plan.transfers.resize(sizes.transfer_count);
  status = hetcast_node_plan_fnf(&request, workspace.data(), workspace.size(),
                                 plan.nodes.data(), plan.nodes.size(),
                                 plan.transfers.data(), plan.transfers.size(),
                                 &plan.answer);
  if (status == HETCAST_OVERFLOW) {
    return absl::OutOfRangeError(
        "the completion time overflows 64-bit ticks; use smaller costs");
  }
  if (status != HETCAST_OK) {
    return absl::InternalError(
        absl::StrFormat("planning failed: %s", hetcast_status_str(status)));
  }
  plan.transfers.resize(plan.answer.transfer_count);
  return plan;
}

int Main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help") {
    std::fputs(kUsage, args.empty() ? stderr : stdout);
    return args.empty() ? kUsageError : 0;
  }
  if (args[0] != "plan") {
    std::fprintf(stderr, "hetcast: unknown command '%s'; try 'hetcast help'\n",
                 args[0].c_str());
    return kUsageError;
  }
  std::vector<std::string> positional;
  absl::Status parsed = ApplyFlags(
      std::vector<std::string>(args.begin() + 1, args.end()), &positional);
  if (parsed.ok() && !positional.empty()) {
    parsed = absl::InvalidArgumentError(
        absl::StrFormat("unexpected argument '%s'", positional[0]));
  }
  if (parsed.ok() && absl::GetFlag(FLAGS_format) != "text" &&
      absl::GetFlag(FLAGS_format) != "json") {
    parsed = absl::InvalidArgumentError(
        absl::StrFormat("--format: '%s' is not one of text, json",
                        absl::GetFlag(FLAGS_format)));
  }
  if (!parsed.ok()) {
    std::fprintf(stderr, "hetcast plan: %s\n",
                 std::string(parsed.message()).c_str());
    return kUsageError;
  }
  absl::StatusOr<NodePlan> plan = PlanFromFlags();
  if (!plan.ok()) {
    std::fprintf(stderr, "hetcast plan: %s\n",
                 std::string(plan.status().message()).c_str());
    return kUsageError;
  }
  const std::string out = absl::GetFlag(FLAGS_format) == "json"
                              ? RenderJson(*plan)
                              : RenderText(*plan);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::Main(argc, argv); }
