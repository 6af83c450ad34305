// render.cc: `hetcast render` (render.h): the plan (planned from the flags,
// or --plan) -> render_plan.h.
#include "tools/cli/render.h"

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli/flags.h"
#include "tools/cli/model_flags.h"
#include "tools/cli/plan_graph.h"
#include "tools/cli/plan_graph_lp.h"
#include "tools/cli/plan_nonblocking.h"
#include "tools/cli/plan_output.h"
#include "tools/cli/render_plan.h"
#include "tools/gen/gen_command.h"

namespace hetcast {
namespace {

// The plan as `hetcast plan --format json` prints it, planned here.
absl::StatusOr<std::string> PlanJson(const std::string& model) {
  if (model == "nonblocking") {
    return PlanNonblockingRequestFile(absl::GetFlag(FLAGS_input),
                                      absl::GetFlag(FLAGS_algorithm), "json");
  }
  if (model == "graph") {
    if (IsGraphLpAlgorithm(absl::GetFlag(FLAGS_algorithm))) {
      return absl::InvalidArgumentError(kLpNotDrawn);
    }
    std::string note;
    return PlanGraphFromFlags("json", &note);
  }
  absl::StatusOr<NodePlan> plan =
      model == "cluster" ? PlanClusterFromFlags() : PlanNodeFromFlags();
  if (!plan.ok()) return plan.status();
  return RenderJson(*plan);
}

// --plan: a file, or '-' for stdin (at most kMaxTextFileBytes either way).
absl::StatusOr<std::string> ReadPlan(const std::string& path) {
  if (path != "-") {
    absl::StatusOr<std::string> text = ReadFileBytes(path);
    if (!text.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--plan: ", text.status().message()));
    }
    return text;
  }
  std::string text;
  char buffer[65536];
  size_t got;
  while ((got = std::fread(buffer, 1, sizeof(buffer), stdin)) > 0) {
    text.append(buffer, got);
    if (text.size() > kMaxTextFileBytes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--plan: stdin holds more than %d bytes", kMaxTextFileBytes));
    }
  }
  if (std::ferror(stdin)) {
    return absl::InvalidArgumentError("--plan: cannot read stdin");
  }
  return text;
}
}  // namespace

absl::StatusOr<std::string> RenderCommand(
    const std::string& model, const std::vector<std::string>& given) {
  const std::string to = absl::GetFlag(FLAGS_to);
  if (to != "svg" && to != "dot") {
    return absl::InvalidArgumentError(
        absl::StrFormat("--to: '%s' is not one of svg, dot", to));
  }
  const std::string plan_path = absl::GetFlag(FLAGS_plan);
  if (!plan_path.empty()) {
    for (const std::string& flag : given) {
      if (flag != "to" && flag != "plan" && flag != "model") {
        return absl::InvalidArgumentError(absl::StrFormat(
            "--plan reads a planned schedule; leave out --%s", flag));
      }
    }
  }
  absl::StatusOr<std::string> json =
      plan_path.empty() ? PlanJson(model) : ReadPlan(plan_path);
  if (!json.ok()) return json.status();
  return RenderPlanJson(*json, to);
}

}  // namespace hetcast
