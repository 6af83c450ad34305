// nonblocking_fuzzer.cc: libFuzzer target for non-blocking request JSON
// (tests only).
//
// The input is a request file as `hetcast plan --model nonblocking --input`
// reads it (tools/cli/plan_nonblocking.h). ParseNonblockingRequest must return,
// never crash. A request it accepts is planned with FEF, ECF, WR and WRP
// into canary arrays of exactly the sizes hetcast_nonblocking_plan_sizes gives,
// and with the planner (hetcast_plan, WRP by default); every plan must pass
// hetcast_nonblocking_evaluate with the same times, its bound must be
// hetcast_nonblocking_lower_bound's and at most its completion, and nothing may
// be written past an array or the workspace.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/cli/plan_nonblocking.h"

namespace {

using hetcast_fuzz::CanaryArray;
using hetcast_fuzz::CanaryWorkspace;

// The runtime bounds the planners' work (HETCAST_NONBLOCKING_MAX_WORK), but its
// worst accepted requests take seconds (docs/performance.md, "Non-blocking
// planning at the limits"): too slow per input, so larger requests are parsed,
// sized and not planned.
constexpr size_t kMaxPlannedNodes = 48;
constexpr size_t kMaxPlannedTasks = 512;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view json(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<hetcast::NonblockingRequest> parsed =
      hetcast::ParseNonblockingRequest(json);
  if (!parsed.ok()) {
    FUZZ_CHECK(!parsed.status().message().empty());
    return 0;
  }
  const hetcast_nonblocking_request& request = parsed->request;
  hetcast_nonblocking_sizes sizes;
  const hetcast_status sized =
      hetcast_nonblocking_plan_sizes(&request, &sizes, nullptr);
  // The parser's checks are the runtime's: what it accepts, the runtime
  // takes.
  FUZZ_CHECK_EQ(sized, HETCAST_OK);
  if (request.node_count > kMaxPlannedNodes ||
      sizes.task_count > kMaxPlannedTasks) {
    return 0;
  }
  for (hetcast_algorithm algorithm :
       {HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
        HETCAST_ALGORITHM_WRP}) {
    CanaryWorkspace workspace(sizes.workspace_bytes);
    CanaryArray<hetcast_nonblocking_task> tasks(sizes.task_count);
    CanaryArray<size_t> list_begin(request.node_count + 1);
    hetcast_answer answer;
    const hetcast_status status = hetcast_nonblocking_plan(
        &request, algorithm, workspace.data(), workspace.size(), tasks.data(),
        tasks.capacity(), list_begin.data(), &answer, nullptr);
    FUZZ_CHECK(workspace.BeyondSizeIntact());
    FUZZ_CHECK(tasks.BeyondCapacityIntact());
    FUZZ_CHECK(list_begin.BeyondCapacityIntact());
    FUZZ_CHECK(status == HETCAST_OK || status == HETCAST_OVERFLOW);
    if (status != HETCAST_OK) continue;
    FUZZ_CHECK_EQ(answer.algorithm, algorithm);
    hetcast_fuzz::CheckNonblockingPlan(request, answer, tasks.data(),
                                       sizes.task_count, list_begin.data(),
                                       sizes.workspace_bytes);

    // One task short: refused, nothing written past the array.
    if (sizes.task_count > 0) {
      CanaryArray<hetcast_nonblocking_task> short_tasks(sizes.task_count - 1);
      hetcast_answer refused;
      FUZZ_CHECK_EQ(hetcast_nonblocking_plan(
                        &request, algorithm, workspace.data(), workspace.size(),
                        short_tasks.data(), short_tasks.capacity(),
                        list_begin.data(), &refused, nullptr),
                    HETCAST_OUTPUT_TOO_SMALL);
      FUZZ_CHECK(short_tasks.BeyondCapacityIntact());
    }
  }

  // The planner's default for the model is WRP, with the same answer.
  hetcast_request planner_request = {};
  planner_request.model = HETCAST_MODEL_NONBLOCKING;
  planner_request.nonblocking = &request;
  hetcast_sizes planner_sizes;
  const char* error = nullptr;
  FUZZ_CHECK_EQ(hetcast_plan_sizes(&planner_request, &planner_sizes, &error),
                HETCAST_OK);
  FUZZ_CHECK_EQ(planner_sizes.algorithm, HETCAST_ALGORITHM_WRP);
  FUZZ_CHECK_EQ(planner_sizes.task_count, sizes.task_count);
  const hetcast_fuzz::NonblockingPlannerRun run(planner_request, planner_sizes);
  FUZZ_CHECK(run.status == HETCAST_OK || run.status == HETCAST_OVERFLOW);
  if (run.status == HETCAST_OK) {
    hetcast_fuzz::CheckNonblockingPlan(
        request, run.info.answer, run.tasks.data(), planner_sizes.task_count,
        run.list_begin.data(), sizes.workspace_bytes);
  }
  return 0;
}
