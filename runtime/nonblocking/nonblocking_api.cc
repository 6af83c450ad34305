// nonblocking_api.cc: the C API of the non-blocking model with non-blocking
// sends (hetcast.h; Wu, Yeh & Liu): sizes, planning with a row of the
// model's algorithm table (algorithms.h; §4), evaluation (§2-3) and the
// lower bound (§3.1 and lower_bound.h).
#include "runtime/answer.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/algorithms.h"
#include "runtime/nonblocking/lower_bound.h"
#include "runtime/nonblocking/request.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// The answer of hetcast_nonblocking_plan and hetcast_nonblocking_evaluate for a
// schedule that completes at `completion`.
hetcast_status NonblockingAnswer(const NonblockingProblem& nb,
                                 const NonblockingScratch& s,
                                 hetcast_algorithm algorithm,
                                 uint64_t completion, size_t transfer_count,
                                 hetcast_answer* answer) {
  if (completion == HETCAST_NEVER) return HETCAST_OVERFLOW;
  answer->algorithm = algorithm;
  answer->completion_time = completion;
  answer->lower_bound = NonblockingLowerBound(nb, s, &answer->lower_bound_kind);
  answer->exact = answer->lower_bound == completion;
  answer->node_count = nb.n;
  answer->participant_count = nb.n;
  answer->transfer_count = transfer_count;
  return HETCAST_OK;
}

// NonblockingPrepare, with the reason of its refusal in `*why`.
hetcast_status NonblockingPrepareOrSay(
    const hetcast_nonblocking_request* request, void* workspace,
    size_t workspace_size, NonblockingProblem* nb, NonblockingScratch* s,
    const char** why) {
  NonblockingRejection rejection = {};
  const hetcast_status status =
      NonblockingPrepare(request, workspace, workspace_size, nb, s, &rejection);
  return Reject(status, rejection.reason, why);
}

}  // namespace

extern "C" {

HETCAST_API hetcast_status hetcast_nonblocking_plan_sizes(
    const hetcast_nonblocking_request* request,
    hetcast_nonblocking_sizes* sizes, const char** why) {
  return Explained(why, [&](const char** reason) {
    if (sizes == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT, "sizes is NULL", reason);
    }
    NonblockingProblem nb;
    NonblockingRejection rejection = {};
    const hetcast_status status = NonblockingShape(request, &nb, &rejection);
    if (status != HETCAST_OK) return Reject(status, rejection.reason, reason);
    NonblockingPlanSizes(nb, sizes);
    return HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_nonblocking_check(
    const hetcast_nonblocking_request* request, void* workspace,
    size_t workspace_size, hetcast_nonblocking_rejection* rejection,
    const char** why) {
  return Explained(why, [&](const char** reason) {
    NonblockingProblem nb;
    NonblockingRejection found = {};
    NonblockingScratch s;
    const hetcast_status status =
        workspace == nullptr
            ? NonblockingChecked(request, &nb, &found)
            : NonblockingPrepare(request, workspace, workspace_size, &nb, &s,
                                 &found);
    if (status != HETCAST_OK && rejection != nullptr) *rejection = found.where;
    return Reject(status, found.reason, reason);
  });
}

HETCAST_API hetcast_status hetcast_nonblocking_lower_bound(
    const hetcast_nonblocking_request* request, void* workspace,
    size_t workspace_size, uint64_t* lower_bound, const char** why) {
  return Explained(why, [&](const char** reason) {
    if (lower_bound == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT, "lower_bound is NULL", reason);
    }
    NonblockingProblem nb;
    NonblockingScratch s;
    const hetcast_status status = NonblockingPrepareOrSay(
        request, workspace, workspace_size, &nb, &s, reason);
    if (status != HETCAST_OK) return status;
    hetcast_bound kind;
    *lower_bound = NonblockingLowerBound(nb, s, &kind);
    return *lower_bound == HETCAST_NEVER
               ? Reject(HETCAST_OVERFLOW,
                        "non-blocking request: the lower bound reaches "
                        "HETCAST_NEVER (2^64 - 1)",
                        reason)
               : HETCAST_OK;
  });
}

HETCAST_API hetcast_status hetcast_nonblocking_plan(
    const hetcast_nonblocking_request* request, hetcast_algorithm algorithm,
    void* workspace, size_t workspace_size, hetcast_nonblocking_task* tasks,
    size_t task_capacity, size_t* list_begin, hetcast_answer* answer,
    const char** why) {
  return Explained(why, [&](const char** reason) {
    const NonblockingAlgorithm* row = FindNonblockingAlgorithm(algorithm);
    if (answer == nullptr || tasks == nullptr || list_begin == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "answer, tasks or list_begin is NULL", reason);
    }
    if (row == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "the non-blocking model has no such algorithm "
                    "(hetcast_model_algorithm lists its algorithms)",
                    reason);
    }
    *answer = hetcast_answer();
    NonblockingProblem nb;
    NonblockingScratch s;
    const hetcast_status status = NonblockingPrepareOrSay(
        request, workspace, workspace_size, &nb, &s, reason);
    if (status != HETCAST_OK) return status;
    return PlanPreparedNonblocking(nb, s, *row, /*with_default=*/false, tasks,
                                   task_capacity, list_begin, answer, reason);
  });
}

}  // extern "C"

hetcast_status PlanPreparedNonblocking(
    const NonblockingProblem& nb, const NonblockingScratch& s,
    const NonblockingAlgorithm& row, bool with_default,
    hetcast_nonblocking_task* tasks, size_t task_capacity, size_t* list_begin,
    hetcast_answer* answer, const char** why) {
  if (task_capacity < 2 * nb.total) {
    return Reject(HETCAST_OUTPUT_TOO_SMALL,
                  "task_capacity is below the sizes' task_count", why);
  }
  NonblockingResetState(nb, s);
  const size_t count = row.run(nb, s);
  const hetcast_status status = NonblockingAnswer(
      nb, s, row.algorithm, row.write(nb, s, count, tasks, list_begin), count,
      answer);
  if (status != HETCAST_OK || !with_default) return status;
  for (size_t i = 1; NonblockingAlgorithmAt(i) != nullptr; ++i) {
    const NonblockingAlgorithm& other = *NonblockingAlgorithmAt(i);
    if (!other.in_default) continue;
    NonblockingResetState(nb, s);
    const size_t other_count = other.run(nb, s);
    const uint64_t completion =
        other.write(nb, s, other_count, nullptr, nullptr);
    if (TakeIfEarlier(other.algorithm, completion, answer)) {
      other.write(nb, s, other_count, tasks, list_begin);
    }
  }
  return HETCAST_OK;
}

hetcast_status NonblockingPlanEarliest(
    const hetcast_nonblocking_request* request, void* workspace,
    size_t workspace_size, hetcast_nonblocking_task* tasks,
    size_t task_capacity, size_t* list_begin, hetcast_answer* answer) {
  *answer = hetcast_answer();
  NonblockingProblem nb;
  NonblockingScratch s;
  const hetcast_status status =
      NonblockingPrepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  return PlanPreparedNonblocking(nb, s, *NonblockingAlgorithmAt(0),
                                 /*with_default=*/true, tasks, task_capacity,
                                 list_begin, answer, nullptr);
}

void NonblockingPlanSizes(const NonblockingProblem& nb,
                          hetcast_nonblocking_sizes* sizes) {
  Arena measure;
  NonblockingScratch s;
  NonblockingCarve(nb, &measure, &s);
  sizes->task_count = 2 * nb.total;
  sizes->workspace_bytes = measure.used();
}

extern "C" {

HETCAST_API hetcast_status hetcast_nonblocking_evaluate(
    const hetcast_nonblocking_request* request, hetcast_nonblocking_task* tasks,
    size_t task_count, const size_t* list_begin, void* workspace,
    size_t workspace_size, hetcast_answer* answer, const char** why) {
  return Explained(why, [&](const char** why) -> hetcast_status {
    if (answer == nullptr || list_begin == nullptr ||
        (tasks == nullptr && task_count != 0)) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "answer or list_begin is NULL, or tasks is NULL with a "
                    "nonzero task_count",
                    why);
    }
    *answer = hetcast_answer();
    NonblockingProblem nb;
    NonblockingScratch s;
    hetcast_status status = NonblockingPrepareOrSay(
        request, workspace, workspace_size, &nb, &s, why);
    if (status != HETCAST_OK) return status;
    uint64_t completion = 0;
    status = NonblockingEvaluate(nb, s, tasks, task_count, list_begin,
                                 &completion, why);
    if (status != HETCAST_OK) return status;
    return NonblockingAnswer(nb, s, HETCAST_ALGORITHM_EVALUATED, completion,
                             nb.total, answer);
  });
}

}  // extern "C"

}  // namespace internal
}  // namespace hetcast
