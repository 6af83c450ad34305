// main.cc: the `hetcast` command line: help and dispatch. Each subcommand
// lives in its own file (plan_node, plan_cluster, plan_nonblocking,
// plan_graph, render, gen, inspect); which flags each accepts, its help and
// examples are in commands.cc; the flags themselves in flags.cc.
//
//   hetcast help                     the commands, models and exit statuses
//   hetcast COMMAND --help           one command (plan and render: per
//                                    --model) with every flag and examples
//   hetcast plan|render|gen|inspect  ...
//   hetcast --version                one line: the version
//
// Exit status: 0 success; 2 bad input (one line on stderr names the
// problem, nothing on stdout); 1 internal error or output not written.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "tools/cli/args.h"
#include "tools/cli/commands.h"
#include "tools/cli/flags.h"
#include "tools/cli/gen.h"
#include "tools/cli/inspect.h"
#include "tools/cli/model_flags.h"
#include "tools/cli/plan_graph.h"
#include "tools/cli/plan_graph_lp.h"
#include "tools/cli/plan_nonblocking.h"
#include "tools/cli/plan_output.h"
#include "tools/cli/render.h"
#include "tools/cli/text_sink.h"
#include "tools/version.h"

namespace hetcast {
namespace {

// What a command prints on stdout: `text`, or what `write` writes there as
// it renders (plans of up to 10^7 nodes, about a gigabyte, stream).
struct Output {
  Output(std::string text) : text(std::move(text)) {}  // NOLINT: implicit.
  explicit Output(std::function<absl::Status(TextSink*)> write)
      : write(std::move(write)) {}
  std::string text;
  std::function<absl::Status(TextSink*)> write;
};

absl::StatusOr<Output> Text(absl::StatusOr<std::string> text) {
  if (!text.ok()) return text.status();
  return Output(*std::move(text));
}

// A node or cluster plan in `format`, rendered as it is written.
Output Rendering(NodePlan plan, const std::string& format) {
  auto held = std::make_shared<const NodePlan>(std::move(plan));
  const bool json = format == "json";
  return Output(
      [held, json](TextSink* out) { return WritePlan(*held, json, out); });
}

// `hetcast plan`: the model's subcommand, in --format. `*note` is for
// stderr (plan_graph's pruned nodes).
absl::StatusOr<Output> Plan(const std::string& model, std::string* note) {
  const std::string format = absl::GetFlag(FLAGS_format);
  if (format != "text" && format != "json") {
    return absl::InvalidArgumentError(
        absl::StrFormat("--format: '%s' is not one of text, json", format));
  }
  if (model == "graph") return Text(PlanGraphFromFlags(format, note));
  if (model == "nonblocking") {
    return Text(PlanNonblockingRequestFile(
        absl::GetFlag(FLAGS_input), absl::GetFlag(FLAGS_algorithm), format,
        absl::GetFlag(FLAGS_explain)));
  }
  absl::StatusOr<NodePlan> plan =
      model == "cluster" ? PlanClusterFromFlags() : PlanNodeFromFlags();
  if (!plan.ok()) return plan.status();
  plan->explain = absl::GetFlag(FLAGS_explain);
  return Rendering(*std::move(plan), format);
}

// The model `args` ask for (--model M or --model=M; the last one counts),
// before the flags are applied: help and the flag check depend on it.
std::string ModelIn(const std::vector<std::string>& args) {
  std::string model = "node";
  for (size_t i = 0; i < args.size(); ++i) {
    for (const char* prefix : {"--model=", "-model="}) {
      if (absl::string_view(args[i]).substr(0, strlen(prefix)) == prefix) {
        model = args[i].substr(strlen(prefix));
      }
    }
    if ((args[i] == "--model" || args[i] == "-model") && i + 1 < args.size()) {
      model = args[i + 1];
    }
  }
  return model;
}

// The spec of `command` for the model `args` ask for.
absl::StatusOr<const CommandSpec*> SpecFor(
    const std::string& command, const std::vector<std::string>& args) {
  const std::string model = ModelIn(args);
  const CommandSpec* spec = FindCommand(command, model);
  if (spec == nullptr) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--model: '%s' is not one of node, cluster, nonblocking, graph",
        model));
  }
  return spec;
}

// Only the flags some subcommand documents (commands.cc) may be set.
absl::Status KnownFlag(absl::string_view arg, absl::string_view name) {
  if (IsKnownFlag(name)) return absl::OkStatus();
  return UnknownFlagError(arg, name);
}

// The node model's source type defaults to 0; with --counts but no
// --source-type that is said, so it is not assumed silently.
std::string AssumedSourceType(const std::string& model,
                              const std::vector<std::string>& given) {
  const auto has = [&given](const char* flag) {
    return std::find(given.begin(), given.end(), flag) != given.end();
  };
  if (model != "node" || !has("counts") || has("source_type")) return "";
  return "--source-type not given: the source is of type 0 (--counts "
         "counts the destinations only)";
}

// Applies the flags in `args` (what follows the subcommand), checks they
// belong to the command (and model), and runs it; its output (gen writes
// none) and in `*note` a line for stderr.
absl::StatusOr<Output> Run(const std::string& command,
                           const std::vector<std::string>& args,
                           std::string* note) {
  std::vector<std::string> positional;
  std::vector<std::string> given;
  absl::Status status = ApplyFlags(args, KnownFlag, &positional, &given);
  if (!status.ok()) return status;
  absl::StatusOr<const CommandSpec*> spec = SpecFor(command, args);
  if (!spec.ok()) return spec.status();
  status = CheckFlagsBelong(**spec, given);
  if (!status.ok()) return status;
  if (command == "inspect") return Text(InspectCommand(positional));
  if (!positional.empty()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("unexpected argument '%s'", positional[0]));
  }
  if (command == "gen") {
    status = GenFromFlags();
    if (!status.ok()) return status;
    return Output(std::string());
  }
  *note = AssumedSourceType((*spec)->model, given);
  if (command == "render") return Text(RenderCommand((*spec)->model, given));
  return Plan((*spec)->model, note);
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

// Bad input is the user's to fix (2); the rest is ours, or the system's (1).
int ExitStatusOf(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kInternal:
    case absl::StatusCode::kUnknown:
    case absl::StatusCode::kDataLoss:
      return kExitInternal;
    default:
      return kExitBadInput;
  }
}

bool IsHelp(absl::string_view arg) {
  return arg == "--help" || arg == "-help" || arg == "-h" || arg == "help";
}

// `hetcast help [COMMAND]` and `hetcast COMMAND ... --help`.
int Help(const std::string& command, const std::vector<std::string>& args) {
  if (command.empty()) {
    std::fputs(OverviewHelp().c_str(), stdout);
    return kExitOk;
  }
  if (!IsCommand(command)) {
    std::fprintf(stderr,
                 "hetcast help: unknown command '%s'; try 'hetcast help'\n",
                 OneLine(command).c_str());
    return kExitBadInput;
  }
  absl::StatusOr<const CommandSpec*> spec = SpecFor(command, args);
  if (!spec.ok()) {
    std::fprintf(stderr, "hetcast %s: %s\n", command.c_str(),
                 OneLine(spec.status().message()).c_str());
    return kExitBadInput;
  }
  std::fputs(CommandHelp(**spec).c_str(), stdout);
  return kExitOk;
}

// Writes `out` to stdout; a failure is said on stderr (exit 1).
int WriteOutput(const std::string& command, const Output& out) {
  FileSink sink(stdout);
  if (out.write) {
    const absl::Status status = out.write(&sink);
    if (!status.ok()) {
      std::fprintf(stderr, "hetcast %s: %s\n", command.c_str(),
                   OneLine(status.message()).c_str());
      return kExitInternal;
    }
  } else {
    sink.Append(out.text);
  }
  if (std::fflush(stdout) != 0 || !sink.ok()) {
    std::fprintf(stderr, "hetcast %s: cannot write the output: %s\n",
                 command.c_str(), std::strerror(errno));
    return kExitInternal;
  }
  return kExitOk;
}

int Main(int argc, char** argv) {
  const std::vector<std::string> all(argv + 1, argv + argc);
  if (all.empty()) {
    std::fputs(
        "hetcast: missing command; usage: hetcast "
        "plan|render|gen|inspect|help ... (try 'hetcast help')\n",
        stderr);
    return kExitBadInput;
  }
  if (IsVersionFlag(all[0]) || all[0] == "version") {
    std::fputs(VersionLine("hetcast").c_str(), stdout);
    return kExitOk;
  }
  if (IsHelp(all[0])) {
    const std::vector<std::string> rest(all.begin() + 1, all.end());
    return Help(rest.empty() ? std::string() : rest[0], rest);
  }
  const std::string& command = all[0];
  if (!IsCommand(command)) {
    std::fprintf(stderr, "hetcast: unknown command '%s'; try 'hetcast help'\n",
                 OneLine(command).c_str());
    return kExitBadInput;
  }
  const std::vector<std::string> args(all.begin() + 1, all.end());
  for (const std::string& arg : args) {
    if (IsHelp(arg) && arg != "help") return Help(command, args);
  }
  std::string note;
  absl::StatusOr<Output> out = Run(command, args, &note);
  if (!out.ok()) {
    std::fprintf(stderr, "hetcast %s: %s\n", command.c_str(),
                 OneLine(out.status().message()).c_str());
    return ExitStatusOf(out.status());
  }
  if (!note.empty()) {
    std::fprintf(stderr, "hetcast %s: note: %s\n", command.c_str(),
                 OneLine(note).c_str());
  }
  return command == "gen" ? kExitOk : WriteOutput(command, *out);
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) { return hetcast::Main(argc, argv); }
