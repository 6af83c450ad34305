// main.cc: the `hetcast` command line: usage and dispatch. Each subcommand
// lives in its own file (plan_node, plan_cluster, plan_nonblocking,
// plan_graph, gen, inspect); the flags they share are in flags.h.
//
//   hetcast plan --costs 2,3 --source-type 1 --counts 4,7 [--relays 0,2]
//                [--format text|json]
//   hetcast plan --table T.hct|@default [--profile NAME] [--costs ...]
//                --source-type S --counts ... [--relays ...]
//   hetcast gen --profile P.json[,Q.json] --out T.hct [--threads N]
//   hetcast inspect T.hct|@default [--fnf-stats=false]
//   hetcast plan --model graph --platform P.json [--source S --targets a,b]
//                [--algorithm mcph] [--mcph-update prose|literal]
//
// `@default` is the default profile's table, embedded in the binary at build
// time (tables/BUILD). Bad arguments, unreadable or invalid tables print one
// line naming the problem to stderr and exit with status 2, before anything
// is written to stdout.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "tools/cli/args.h"
#include "tools/cli/flags.h"
#include "tools/cli/gen.h"
#include "tools/cli/inspect.h"
#include "tools/cli/plan_cluster.h"
#include "tools/cli/plan_graph.h"
#include "tools/cli/plan_graph_lp.h"
#include "tools/cli/plan_node.h"
#include "tools/cli/plan_nonblocking.h"
#include "tools/cli/plan_output.h"

namespace hetcast {
namespace {

constexpr int kUsageError = 2;

constexpr char kUsage[] =
    "usage: hetcast plan --costs C0,C1,... --source-type S --counts "
    "N0,N1,... [--relays R0,R1,...] [--format text|json]\n"
    "       hetcast plan --table T.hct|@default [--profile NAME] "
    "[--costs ...] --source-type S --counts ... [--relays ...]\n"
    "       hetcast plan --algorithm ptas [--epsilon 0.1] (--costs ... "
    "--source-type S --counts ... | --node-costs SOURCE,D1,D2,...) "
    "[--relays ...]\n"
    "       hetcast gen --profile P.json[,Q.json...] --out T.hct "
    "[--threads N] [--method auto|exact|ptas] [--epsilon 0.1]\n"
    "       hetcast inspect T.hct|@default [--fnf-stats=false]\n"
    "       hetcast plan --model cluster --cluster-sizes 8,5,5,3,1 "
    "--inter-cost 4 [--algorithm lcf|flat] [--format text|json]\n"
    "       hetcast plan --model nonblocking --input R.json "
    "[--algorithm wrp|wr|ecf|fef] [--format text|json]\n"
    "       hetcast plan --model graph --platform P.json [--source NAME "
    "--targets A,B,...] [--algorithm mcph] [--mcph-update prose|literal] "
    "[--format text|json]\n";

// The graph model's flags have no meaning for the other models.
absl::Status RejectGraphFlags(const std::string& model) {
  const std::pair<const char*, bool> flags[] = {
      {"platform", !absl::GetFlag(FLAGS_platform).empty()},
      {"source", !absl::GetFlag(FLAGS_source).empty()},
      {"targets", !absl::GetFlag(FLAGS_targets).empty()},
      {"mcph-update", absl::GetFlag(FLAGS_mcph_update) != "prose"},
  };
  for (const auto& [name, given] : flags) {
    if (given) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--%s is for --model graph, not --model %s", name, model));
    }
  }
  const std::vector<const char*> lp_flags = GivenGraphLpFlags();
  if (!lp_flags.empty()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--%s is for --model graph, not --model %s", lp_flags[0], model));
  }
  return absl::OkStatus();
}

// `hetcast plan`: --format and --model, then the model's subcommand.
// `*note` is for stderr (plan_graph's pruned nodes).
absl::StatusOr<std::string> Plan(std::string* note) {
  const std::string format = absl::GetFlag(FLAGS_format);
  if (format != "text" && format != "json") {
    return absl::InvalidArgumentError(
        absl::StrFormat("--format: '%s' is not one of text, json", format));
  }
  const std::string model = absl::GetFlag(FLAGS_model);
  if (model == "graph") return PlanGraphFromFlags(format, note);
  if (model != "node" && model != "cluster" && model != "nonblocking") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--model: '%s' is not one of node, cluster, nonblocking, graph",
        model));
  }
  absl::Status status = RejectGraphFlags(model);
  if (!status.ok()) return status;
  if (model == "nonblocking") {
    return PlanNbRequestFile(absl::GetFlag(FLAGS_input),
                             absl::GetFlag(FLAGS_algorithm), format);
  }
  absl::StatusOr<NodePlan> plan =
      model == "cluster" ? PlanClusterFromFlags() : PlanNodeFromFlags();
  if (!plan.ok()) return plan.status();
  return format == "json" ? RenderJson(*plan) : RenderText(*plan);
}

// Applies the flags in `args` (what follows the subcommand) and runs
// `command`; its output (gen writes none) and in `*note` a line for stderr.
absl::StatusOr<std::string> Run(const std::string& command,
                                const std::vector<std::string>& args,
                                std::string* note) {
  std::vector<std::string> positional;
  absl::Status status = ApplyFlags(args, &positional);
  if (!status.ok()) return status;
  if (command == "inspect") return InspectCommand(positional);
  if (!positional.empty()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("unexpected argument '%s'", positional[0]));
  }
  if (command == "gen") {
    status = GenFromFlags();
    if (!status.ok()) return status;
    return std::string();
  }
  return Plan(note);
}

// A message for one line of stderr: user text it quotes (arguments, file
// contents) may hold newlines or other control bytes, shown escaped.
std::string OneLine(absl::string_view message) {
  std::string line;
  for (const char c : message) {
    const unsigned char byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      line += "\\n";
    } else if (byte < 0x20 || byte == 0x7f) {
      line += absl::StrFormat("\\x%02x", byte);
    } else {
      line += c;
    }
  }
  return line;
}

int Main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(
        "hetcast: missing command; usage: hetcast plan|gen|inspect "
        "... (try 'hetcast help')\n",
        stderr);
    return kUsageError;
  }
  if (args[0] == "help" || args[0] == "--help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const std::string command = args[0];
  if (command != "plan" && command != "gen" && command != "inspect") {
    std::fprintf(stderr, "hetcast: unknown command '%s'; try 'hetcast help'\n",
                 OneLine(command).c_str());
    return kUsageError;
  }
  std::string note;
  absl::StatusOr<std::string> out = Run(
      command, std::vector<std::string>(args.begin() + 1, args.end()), &note);
  if (!out.ok()) {
    std::fprintf(stderr, "hetcast %s: %s\n", command.c_str(),
                 OneLine(out.status().message()).c_str());
    // An internal error (an LP found infeasible, a failed certificate) is
    // ours, not the user's: status 1.
    return out.status().code() == absl::StatusCode::kInternal ? 1 : kUsageError;
  }
  if (!note.empty()) {
    std::fprintf(stderr, "hetcast %s: note: %s\n", command.c_str(),
                 OneLine(note).c_str());
  }
  if (command == "gen") return 0;
  const bool written =
      std::fwrite(out->data(), 1, out->size(), stdout) == out->size();
  if (std::fflush(stdout) != 0 || !written) {
    std::fprintf(stderr, "hetcast %s: cannot write the output: %s\n",
                 command.c_str(), std::strerror(errno));
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::Main(argc, argv); }
