// nonblocking_api.cc: the C API of the multi-source model with non-blocking
// sends (hetcast.h; Wu, Yeh & Liu): sizes, planning with a row of the
// model's algorithm table (algorithms.h; §4), evaluation (§2-3) and the
// lower bound (§3.1 and lower_bound.h).
#include "runtime/answer.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/algorithms.h"
#include "runtime/nonblocking/lower_bound.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {
namespace {

// The answer of hetcast_nb_plan and hetcast_nb_evaluate for a schedule that
// completes at `completion`.
hetcast_status NbAnswer(const Nb& nb, const NbScratch& s,
                        hetcast_algorithm algorithm, uint64_t completion,
                        size_t transfer_count, hetcast_answer* answer) {
  if (completion == HETCAST_NEVER) return HETCAST_OVERFLOW;
  answer->algorithm = algorithm;
  answer->completion_time = completion;
  answer->lower_bound = NbLowerBound(nb, s, &answer->lower_bound_kind);
  answer->exact = answer->lower_bound == completion;
  answer->node_count = nb.n;
  answer->participant_count = nb.n;
  answer->transfer_count = transfer_count;
  return HETCAST_OK;
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

using hetcast::internal::Arena;
using hetcast::internal::Nb;
using hetcast::internal::NbScratch;

extern "C" {

hetcast_status hetcast_nb_plan_sizes(const hetcast_nb_request* request,
                                     hetcast_nb_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  Nb nb;
  hetcast_status status = hetcast::internal::NbShape(request, &nb);
  if (status != HETCAST_OK) return status;
  hetcast::internal::NbPlanSizes(nb, sizes);
  return HETCAST_OK;
}

hetcast_status hetcast_nb_check(const hetcast_nb_request* request,
                                void* workspace, size_t workspace_size,
                                hetcast_nb_rejection* rejection) {
  Nb nb;
  if (workspace == nullptr) {
    return hetcast::internal::NbChecked(request, &nb, rejection);
  }
  NbScratch s;
  return hetcast::internal::NbPrepare(request, workspace, workspace_size, &nb,
                                      &s, rejection);
}

hetcast_status hetcast_nb_lower_bound(const hetcast_nb_request* request,
                                      void* workspace, size_t workspace_size,
                                      uint64_t* lower_bound) {
  if (lower_bound == nullptr) return HETCAST_INVALID_ARGUMENT;
  Nb nb;
  NbScratch s;
  hetcast_status status =
      hetcast::internal::NbPrepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  hetcast_bound kind;
  *lower_bound = hetcast::internal::NbLowerBound(nb, s, &kind);
  return *lower_bound == HETCAST_NEVER ? HETCAST_OVERFLOW : HETCAST_OK;
}

hetcast_status hetcast_nb_plan(const hetcast_nb_request* request,
                               hetcast_algorithm algorithm, void* workspace,
                               size_t workspace_size, hetcast_nb_task* tasks,
                               size_t task_capacity, size_t* list_begin,
                               hetcast_answer* answer) {
  const hetcast::internal::NbAlgorithm* row =
      hetcast::internal::FindNbAlgorithm(algorithm);
  if (answer == nullptr || tasks == nullptr || list_begin == nullptr ||
      row == nullptr) {
    return HETCAST_INVALID_ARGUMENT;
  }
  *answer = hetcast_answer();
  Nb nb;
  NbScratch s;
  hetcast_status status =
      hetcast::internal::NbPrepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  return hetcast::internal::PlanPreparedNb(nb, s, *row, /*with_default=*/false,
                                           tasks, task_capacity, list_begin,
                                           answer);
}

}  // extern "C"

namespace hetcast {
namespace internal {

hetcast_status PlanPreparedNb(const Nb& nb, const NbScratch& s,
                              const NbAlgorithm& row, bool with_default,
                              hetcast_nb_task* tasks, size_t task_capacity,
                              size_t* list_begin, hetcast_answer* answer) {
  if (task_capacity < 2 * nb.total) return HETCAST_OUTPUT_TOO_SMALL;
  NbResetState(nb, s);
  const size_t count = row.run(nb, s);
  const hetcast_status status =
      NbAnswer(nb, s, row.algorithm, row.write(nb, s, count, tasks, list_begin),
               count, answer);
  if (status != HETCAST_OK || !with_default) return status;
  for (size_t i = 1; NbAlgorithmAt(i) != nullptr; ++i) {
    const NbAlgorithm& other = *NbAlgorithmAt(i);
    if (!other.in_default) continue;
    NbResetState(nb, s);
    const size_t other_count = other.run(nb, s);
    const uint64_t completion =
        other.write(nb, s, other_count, nullptr, nullptr);
    if (TakeIfEarlier(other.algorithm, completion, answer)) {
      other.write(nb, s, other_count, tasks, list_begin);
    }
  }
  return HETCAST_OK;
}

hetcast_status NbPlanEarliest(const hetcast_nb_request* request,
                              void* workspace, size_t workspace_size,
                              hetcast_nb_task* tasks, size_t task_capacity,
                              size_t* list_begin, hetcast_answer* answer) {
  *answer = hetcast_answer();
  Nb nb;
  NbScratch s;
  const hetcast_status status =
      NbPrepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  return PlanPreparedNb(nb, s, *NbAlgorithmAt(0), /*with_default=*/true, tasks,
                        task_capacity, list_begin, answer);
}

void NbPlanSizes(const Nb& nb, hetcast_nb_sizes* sizes) {
  Arena measure;
  NbScratch s;
  NbCarve(nb, &measure, &s);
  sizes->task_count = 2 * nb.total;
  sizes->workspace_bytes = measure.used();
}

}  // namespace internal
}  // namespace hetcast

extern "C" {

hetcast_status hetcast_nb_evaluate(const hetcast_nb_request* request,
                                   hetcast_nb_task* tasks, size_t task_count,
                                   const size_t* list_begin, void* workspace,
                                   size_t workspace_size,
                                   hetcast_answer* answer) {
  if (answer == nullptr || list_begin == nullptr ||
      (tasks == nullptr && task_count != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  *answer = hetcast_answer();
  Nb nb;
  NbScratch s;
  hetcast_status status =
      hetcast::internal::NbPrepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  uint64_t completion = 0;
  status = hetcast::internal::NbEvaluate(nb, s, tasks, task_count, list_begin,
                                         &completion);
  if (status != HETCAST_OK) return status;
  return hetcast::internal::NbAnswer(nb, s, HETCAST_ALGORITHM_EVALUATED,
                                     completion, nb.total, answer);
}

}  // extern "C"
