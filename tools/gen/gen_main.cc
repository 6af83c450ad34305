// gen_main.cc: the build-time table generator (what tables/BUILD runs).
//
//   hetcast_gen --profile a.json[,b.json...] --out T.hct [--threads N]
//               [--method auto|exact|ptas] [--epsilon 0.1]
//
// Same as `hetcast gen`, without the rest of the CLI (so the CLI itself can
// embed the tables this program makes).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "tools/cli/args.h"
#include "tools/gen/gen_command.h"
#include "tools/version.h"

ABSL_FLAG(std::string, profile, "", "Comma-separated profile JSON files.");
ABSL_FLAG(std::string, out, "", "Table file to write.");
ABSL_FLAG(int, threads, 0, "Worker threads (0 = every core).");
ABSL_FLAG(std::string, method, "auto", "auto, exact or ptas.");
ABSL_FLAG(std::string, epsilon, "0.1", "eps of the PTAS.");
ABSL_FLAG(bool, quiet, false,
          "No summary line on success (the build's hetcast_table runs).");

namespace {

// This program's six flags and no other registered one (--flagfile...).
absl::Status OwnFlag(absl::string_view arg, absl::string_view name) {
  for (const char* own :
       {"profile", "out", "threads", "method", "epsilon", "quiet"}) {
    if (name == own) return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("unknown flag '%s'", std::string(arg)));
}

constexpr char kUsage[] =
    "usage: hetcast_gen --profile P.json[,Q.json...] --out T.hct [--quiet]\n"
    "                   [--threads N] [--method auto|exact|ptas] "
    "[--epsilon 0.1]\n"
    "\n"
    "Writes one table file holding every profile, as `hetcast gen` does\n"
    "(hetcast gen --help describes the flags); the build's hetcast_table()\n"
    "runs it. --quiet leaves out the summary line; --version prints the\n"
    "version.\n";

}  // namespace

int main(int argc, char** argv) {
  if (hetcast::AnswerHelpOrVersion(argc, argv, "hetcast_gen", kUsage)) {
    return 0;
  }
  std::vector<std::string> positional;
  absl::Status status = hetcast::ApplyFlags(
      std::vector<std::string>(argv + 1, argv + argc), OwnFlag, &positional);
  if (status.ok() &&
      (!positional.empty() || absl::GetFlag(FLAGS_out).empty())) {
    status = absl::InvalidArgumentError(
        "usage: hetcast_gen --profile P.json[,Q.json] --out T.hct "
        "(hetcast_gen --help)");
  }
  if (status.ok()) {
    std::vector<std::string> paths =
        absl::StrSplit(absl::GetFlag(FLAGS_profile), ',', absl::SkipEmpty());
    hetcast::GenOptions options;
    options.threads = absl::GetFlag(FLAGS_threads);
    options.method = absl::GetFlag(FLAGS_method);
    options.epsilon = absl::GetFlag(FLAGS_epsilon);
    options.summary = !absl::GetFlag(FLAGS_quiet);
    status =
        hetcast::GenerateTableFile(paths, absl::GetFlag(FLAGS_out), options);
  }
  if (!status.ok()) {
    std::fprintf(stderr, "hetcast_gen: %s\n",
                 std::string(status.message()).c_str());
    return 2;
  }
  return 0;
}
