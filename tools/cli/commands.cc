// commands.cc: the subcommand table (commands.h), help texts, flag checks.
#include "tools/cli/commands.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "tools/strict_json.h"

namespace hetcast {
namespace {

// The flags every `plan` model shares.
#define HETCAST_PLAN_FLAGS "model", "format", "explain", "algorithm"

CommandSpec NodePlanSpec() {
  return {"plan",
          "node",
          "hetcast plan [--model node] (--costs C0,C1,... --source-type S "
          "--counts N0,N1,... | --table T.hct|@default [--profile NAME] ... | "
          "--node-costs SOURCE,D1,D2,...) [--relays R0,R1,...] [--algorithm "
          "fnf|table|ptas] [--certify] [--format text|json] [--explain] [the "
          "request as a file: --input REQUEST.json, tables/model_request.fbs]",
          "Heterogeneous node model (Libeskind-Hadas et al.; Khuller & Kim): a "
          "node of type j needs C(j) ticks per send, one send at a time. "
          "Answers from a table when one covers the request (exact), else FNF "
          "(a 1.5-approximation), or the PTAS when asked. With a table, types "
          "may be given by their names in its profile (--source-type gpu "
          "--counts gpu=3,cpu=5), or the machines as a host list (--hosts "
          "FILE --source HOST; docs/cli.md), and the output names them.",
          {HETCAST_PLAN_FLAGS, "costs", "source-type", "counts", "relays",
           "node-costs", "table", "profile", "hosts", "source", "epsilon",
           "search", "input", "certify"},
          {"hetcast plan --costs 2,3 --source-type 1 --counts 4,7 --relays 0,2",
           "hetcast plan --table @default --source-type slow --counts "
           "fast=6,medium=9,slow=12 --format json --explain"}};
}

CommandSpec ClusterPlanSpec() {
  return {
      "plan",
      "cluster",
      "hetcast plan --model cluster (--cluster-sizes N0,N1,... "
      "[--cluster-names A,B,...] | --hosts FILE --source HOST "
      "[--cluster-names A,B,...]) --inter-cost C [--algorithm "
      "lcf|flat|interleaved|bounded-degree|bounded-size] "
      "[--degrees D0,D1,...] [--matching B] [--postal] [--members "
      "M0,M1,...] [--format text|json] [--explain] [the request as a file: "
      "--input REQUEST.json, tables/model_request.fbs]",
      "Two-level clusters (Khuller, Kim & Wan): 1 tick inside a cluster, C "
      "ticks across clusters; the source is processor 0 of cluster 0. "
      "Plans with the LCF family. The clusters may be named "
      "(--cluster-names), or given as a host list (--hosts FILE --source "
      "HOST; docs/cli.md), and the output names them.",
      {HETCAST_PLAN_FLAGS, "cluster-sizes", "inter-cost", "degrees", "matching",
       "postal", "members", "cluster-names", "hosts", "source", "input"},
      {"hetcast plan --model cluster --cluster-sizes 8,5,5,3,1 "
       "--inter-cost 4",
       "hetcast plan --model cluster --cluster-sizes 8,5,5,3,1 "
       "--inter-cost 4 --members 8,2,0,3,1 --format json"},
      {{"hosts",
        "The processors instead of --cluster-sizes: a file with one line "
        "per host, 'HOST CLUSTER'; the clusters are --cluster-names' (in "
        "its order, the source's first) or, without it, the file's (the "
        "source's first, then in the order they appear). The output is "
        "labelled by host."},
       {"source", "With --hosts: the host that sends."}}};
}

CommandSpec NonblockingPlanSpec() {
  return {"plan",
          "nonblocking",
          "hetcast plan --model nonblocking --input REQUEST.json [--algorithm "
          "wrp|wr|ecf|fef] [--format text|json] [--explain]",
          "Several sources multicasting at once with non-blocking sends (Wu, "
          "Yeh & Liu); the request file follows "
          "tables/nonblocking_request.fbs.",
          {HETCAST_PLAN_FLAGS, "input"},
          {"hetcast plan --model nonblocking --input "
           "tests/testdata/nonblocking_request.json",
           "hetcast plan --model nonblocking --input "
           "tests/testdata/nonblocking_request.json --algorithm ecf --format "
           "json"}};
}

CommandSpec GraphPlanSpec() {
  return {"plan",
          "graph",
          "hetcast plan --model graph (--platform PLATFORM.json | "
          "--platform-xml SIMGRID.xml --message-bytes B --tick T) [--source "
          "NAME --targets A,B,...] [--algorithm mcph|lb|ub|broadcast|"
          "reduced-broadcast|augmented-multicast|augmented-sources|best] "
          "[--mcph-update prose|literal] [--trace] [--emit-lp FILE] "
          "[--emit-solution FILE] [--max-period TICKS] [--format text|json] "
          "[--explain]",
          "Pipelined multicast on a platform graph (Beaumont, Legrand, Marchal "
          "& Robert 2004): MCPH's tree and its periodic schedule (default), "
          "the exact linear programs (lb: Multicast-LB, a bound; ub: the "
          "scatter of Multicast-UB; broadcast: Broadcast-EB), the three LP "
          "heuristics of section 5.2, or the best of them; the answer is a "
          "throughput, as exact fractions. A SimGrid platform XML "
          "(--platform-xml) is imported with each one-link route an edge "
          "costing ceil((latency + message bytes / bandwidth) / tick) ticks; "
          "anything else in it is refused by name.",
          {HETCAST_PLAN_FLAGS, "platform", "platform-xml", "message-bytes",
           "tick", "source", "targets", "mcph-update", "trace", "emit-lp",
           "emit-solution", "max-period"},
          {"hetcast plan --model graph --platform "
           "tests/testdata/graph/fig5_star.json",
           "hetcast plan --model graph --platform-xml "
           "tests/testdata/graph/simgrid_star.xml --message-bytes 1000000 "
           "--tick 1us --source s --targets t1,t2,t3 --algorithm best --format "
           "json"}};
}

std::vector<CommandSpec> PlanSpecs() {
  return {NodePlanSpec(), ClusterPlanSpec(), NonblockingPlanSpec(),
          GraphPlanSpec()};
}

// `hetcast render` takes a model's request flags (or --plan) and its own.
CommandSpec RenderSpec(const CommandSpec& plan) {
  CommandSpec spec = plan;
  spec.command = "render";
  spec.synopsis =
      "hetcast render [--to svg|dot] (--plan PLAN.json|- | [--model M] "
      "REQUEST FLAGS OF hetcast plan)";
  spec.summary =
      "Draws a schedule: an SVG Gantt chart (a row per node, a bar per "
      "send from start to arrival, the completion time and the lower bound "
      "as vertical lines) or a Graphviz DOT graph of the tree (node and "
      "cluster models) or of the deliveries (multi-source). The schedule is "
      "planned from the request flags, or read from `hetcast plan --format "
      "json` output (--plan; '-' reads stdin). Beyond a few hundred nodes "
      "the SVG collapses rows and says so.";
  spec.flags.erase(std::remove_if(spec.flags.begin(), spec.flags.end(),
                                  [](const char* f) {
                                    return absl::string_view(f) == "format" ||
                                           absl::string_view(f) == "explain";
                                  }),
                   spec.flags.end());
  spec.flags.insert(spec.flags.begin(), {"to", "plan"});
  spec.examples = {
      "hetcast render --costs 2,3 --source-type 1 --counts 4,7 > fig1.svg",
      "hetcast plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4 "
      "--format json | hetcast render --plan - --to dot"};
  return spec;
}

const std::vector<CommandSpec>& Specs() {
  static const std::vector<CommandSpec>* specs = [] {
    auto* all = new std::vector<CommandSpec>(PlanSpecs());
    for (size_t i = 0, n = all->size(); i < n; ++i) {
      all->push_back(RenderSpec((*all)[i]));
    }
    all->push_back(
        {"gen",
         "",
         "hetcast gen --profile P.json[,Q.json...] --out T.hct [--threads N] "
         "[--method auto|exact|ptas] [--epsilon 0.1]",
         "Generates a table file from platform profiles: the exact dynamic "
         "program (Libeskind-Hadas et al. Lemma 5), or the PTAS for profiles "
         "too large for it. Same profiles, same bytes. Prints a progress "
         "line to stderr every 2 s once a run takes longer.",
         {"profile", "out", "threads", "method", "epsilon"},
         {"hetcast gen --profile tables/profiles/fig1.json --out fig1.hct",
          "hetcast gen --profile tables/profiles/many5.json --out many5.hct "
          "--method ptas --epsilon 0.25"},
         {{"profile",
           "Comma-separated profile JSON files (tables/profile.fbs), all "
           "written into the one table in this order."},
          {"out", "The table file to write (replaced only once complete)."},
          {"threads", "Worker threads of the exact DP (0 = every core)."},
          {"method",
           "auto (the exact DP unless its estimated work is past 2^34, then "
           "the PTAS), exact or ptas."},
          {"epsilon",
           "The PTAS's eps in (0, 1), for --method ptas and for auto when it "
           "chooses the PTAS: every answer within (1 + eps)(1 + 3 eps) of "
           "the optimum."}}});
    all->push_back(
        {"inspect",
         "",
         "hetcast inspect T.hct|@default [--fnf-stats=false] "
         "[--format text|json]",
         "Describes a table: size, schema version, content hash, and per "
         "profile its method, types, dimensions and entry sizes; with "
         "--fnf-stats, how often and by how much FNF is worse than the "
         "table over every state.",
         {"table", "fnf-stats", "format"},
         {"hetcast inspect @default --fnf-stats=false",
          "hetcast inspect tables/test.hct --format json"},
         {{"table",
           "The table file to describe, instead of the argument T.hct "
           "(@default: the one embedded in hetcast)."},
          {"fnf-stats",
           "Compare FNF with the table on every state (on a sample of count "
           "vectors when that would plan more than 2^23 nodes)."}}});
    return all;
  }();
  return *specs;
}

bool HasModels(absl::string_view command) {
  return command == "plan" || command == "render";
}

std::string Underscored(absl::string_view name) {
  return absl::StrReplaceAll(name, {{"-", "_"}});
}

std::string Dashed(absl::string_view name) {
  return absl::StrReplaceAll(name, {{"_", "-"}});
}

bool SpecHasFlag(const CommandSpec& spec, absl::string_view underscored) {
  for (const char* flag : spec.flags) {
    if (Underscored(flag) == underscored) return true;
  }
  return false;
}

// `text` in lines of at most 79 columns, each after `indent` spaces (a
// word longer than a line gets one of its own).
std::string Wrap(absl::string_view text, size_t indent) {
  std::string out;
  size_t column = 0;
  for (absl::string_view word : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    if (column > indent && column + 1 + word.size() > 79) {
      out += "\n";
      column = 0;
    }
    if (column == 0) {
      out.append(indent, ' ');
      column = indent;
    } else {
      out += ' ';
      ++column;
    }
    absl::StrAppend(&out, word);
    column += word.size();
  }
  return out + "\n";
}

// One flag's help lines in `spec`: "--name (default: X)" and its
// description (the spec's own, else the flag's).
std::string FlagHelp(const CommandSpec& spec, const char* name) {
  const absl::CommandLineFlag* flag =
      absl::FindCommandLineFlag(Underscored(name));
  if (flag == nullptr) return absl::StrCat("  --", name, "\n");
  std::string value = flag->DefaultValue();
  if (value.empty()) value = "none";
  std::string help = flag->Help();
  for (const auto& [own, text] : spec.flag_help) {
    if (absl::string_view(own) == name) help = text;
  }
  return absl::StrCat(absl::StrFormat("  --%s (default: %s)\n", name, value),
                      Wrap(help, 6));
}

}  // namespace

const CommandSpec* FindCommand(absl::string_view command,
                               absl::string_view model) {
  for (const CommandSpec& spec : Specs()) {
    if (spec.command == command &&
        (!HasModels(command) || spec.model == model)) {
      return &spec;
    }
  }
  return nullptr;
}

bool IsCommand(absl::string_view command) {
  return HasModels(command) || FindCommand(command, "") != nullptr;
}

std::string OverviewHelp() {
  return "hetcast: broadcast and multicast schedules for heterogeneous "
         "clusters.\n\n"
         "usage: hetcast COMMAND [FLAGS]\n\n"
         "commands:\n"
         "  plan     plan a schedule (one model per --model: node, cluster,\n"
         "           nonblocking, graph; default node)\n"
         "  render   draw a schedule as SVG (Gantt chart) or Graphviz DOT\n"
         "  gen      generate a table file from platform profiles\n"
         "  inspect  describe a table file\n"
         "  help     this text; 'hetcast help COMMAND' for one command\n"
         "  version  the version, one line (also --version)\n\n"
         "'hetcast COMMAND --help' shows a command's synopsis, every flag "
         "with its\ndefault and examples; for plan and render, add --model "
         "M for that model\n(hetcast plan --model cluster --help).\n\n"
         "Flags are --name=value or --name value; dashes and underscores in "
         "names\nare the same. @default names the table embedded in the "
         "binary.\n\n"
         "exit status:\n"
         "  0  success\n"
         "  1  internal error, or the output could not be written\n"
         "  2  bad input: arguments, files or requests (one line on stderr "
         "names\n     the problem; nothing is written to stdout)\n";
}

std::string CommandHelp(const CommandSpec& spec) {
  std::string out = absl::StrCat("usage:\n", Wrap(spec.synopsis, 2), "\n",
                                 Wrap(spec.summary, 0), "\nflags:\n");
  for (const char* flag : spec.flags) out += FlagHelp(spec, flag);
  out += "\nexamples:\n";
  for (const char* example : spec.examples) {
    absl::StrAppend(&out, "  ", example, "\n");
  }
  if (HasModels(spec.command)) {
    absl::StrAppend(&out, "\nother models: hetcast ", spec.command,
                    " --model node|cluster|nonblocking|graph --help\n");
  }
  absl::StrAppend(&out,
                  "\nexit status: 0 success, 1 internal error, 2 bad input "
                  "(see 'hetcast help').\n");
  return out;
}

bool IsKnownFlag(absl::string_view name) {
  for (const CommandSpec& spec : Specs()) {
    if (SpecHasFlag(spec, name)) return true;
  }
  return false;
}

absl::Status UnknownFlagError(absl::string_view arg, absl::string_view name) {
  const std::string wanted = Underscored(name);
  std::string best;
  size_t best_distance = 0;
  for (const CommandSpec& spec : Specs()) {
    for (const char* flag : spec.flags) {
      const size_t distance = EditDistance(wanted, Underscored(flag));
      if (best.empty() || distance < best_distance) {
        best = flag;
        best_distance = distance;
      }
    }
  }
  // A suggestion only when at most a third of the name differs.
  if (!best.empty() &&
      best_distance * 3 <= std::max<size_t>(wanted.size(), 3)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("unknown flag '%s'; did you mean '--%s'?", arg, best));
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("unknown flag '%s' (see 'hetcast help')", arg));
}

absl::Status CheckFlagsBelong(const CommandSpec& spec,
                              const std::vector<std::string>& given) {
  for (const std::string& name : given) {
    if (SpecHasFlag(spec, name)) continue;
    std::vector<std::string> owners;
    for (const CommandSpec& other : Specs()) {
      if (other.command != absl::string_view(spec.command) ||
          !SpecHasFlag(other, name)) {
        continue;
      }
      owners.push_back(absl::StrCat("--model ", other.model));
    }
    const std::string here = HasModels(spec.command)
                                 ? absl::StrCat("--model ", spec.model)
                                 : absl::StrCat("hetcast ", spec.command);
    if (!owners.empty()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--%s is for %s, not %s", Dashed(name),
                          absl::StrJoin(owners, " or "), here));
    }
    return absl::InvalidArgumentError(
        absl::StrFormat("--%s is not a flag of %s (see 'hetcast %s --help')",
                        Dashed(name), here, spec.command));
  }
  return absl::OkStatus();
}

}  // namespace hetcast
