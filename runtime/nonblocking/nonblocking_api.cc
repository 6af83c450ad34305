// nonblocking_api.cc: the C API of the multi-source model with non-blocking
// sends (hetcast.h; Wu, Yeh & Liu): sizes, planning with FEF, ECF, WR or WRP
// (§4), evaluation (§2-3) and the lower bound (§3.1 and lower_bound.h).
#include "runtime/answer.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/internal.h"
#include "runtime/nonblocking/lower_bound.h"

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
  Arena measure;
  NbScratch s;
  hetcast::internal::NbCarve(nb, &measure, &s);
  sizes->task_count = 2 * nb.total;
  sizes->workspace_bytes = measure.used();
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
  if (answer == nullptr || tasks == nullptr || list_begin == nullptr ||
      (algorithm != HETCAST_ALGORITHM_FEF &&
       algorithm != HETCAST_ALGORITHM_ECF &&
       algorithm != HETCAST_ALGORITHM_WR &&
       algorithm != HETCAST_ALGORITHM_WRP &&
       algorithm != HETCAST_ALGORITHM_CRITICAL_FIRST)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  *answer = hetcast_answer();
  Nb nb;
  NbScratch s;
  hetcast_status status =
      hetcast::internal::NbPrepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  if (task_capacity < 2 * nb.total) return HETCAST_OUTPUT_TOO_SMALL;
  hetcast::internal::NbResetState(nb, s);
  uint64_t completion = 0;
  size_t count = 0;
  if (algorithm == HETCAST_ALGORITHM_WRP ||
      algorithm == HETCAST_ALGORITHM_CRITICAL_FIRST) {
    count = hetcast::internal::RunWrp(
        nb, s, s.recv_task, algorithm == HETCAST_ALGORITHM_CRITICAL_FIRST);
    completion = hetcast::internal::NbListsFromWrp(nb, s, tasks, list_begin);
  } else {
    count = algorithm == HETCAST_ALGORITHM_WR
                ? hetcast::internal::RunWr(nb, s)
                : hetcast::internal::RunFefOrEcf(
                      nb, s, algorithm == HETCAST_ALGORITHM_FEF);
    completion = hetcast::internal::NbListsFromDecisions(nb, s, count, tasks,
                                                         list_begin);
  }
  return hetcast::internal::NbAnswer(nb, s, algorithm, completion, count,
                                     answer);
}

}  // extern "C"

namespace hetcast {
namespace internal {

hetcast_status NbPlanEarliest(const hetcast_nb_request* request,
                              void* workspace, size_t workspace_size,
                              hetcast_nb_task* tasks, size_t task_capacity,
                              size_t* list_begin, hetcast_answer* answer) {
  hetcast_status status =
      hetcast_nb_plan(request, HETCAST_ALGORITHM_WRP, workspace, workspace_size,
                      tasks, task_capacity, list_begin, answer);
  if (status != HETCAST_OK) return status;
  Nb nb;
  NbScratch s;
  status = NbPrepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;  // Cannot happen: WRP ran.
  NbResetState(nb, s);
  RunWrp(nb, s, s.recv_task, /*critical_first=*/true);
  const uint64_t completion = NbListsFromWrp(nb, s, nullptr, nullptr);
  if (TakeIfEarlier(HETCAST_ALGORITHM_CRITICAL_FIRST, completion, answer)) {
    NbListsFromWrp(nb, s, tasks, list_begin);
  }
  return HETCAST_OK;
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
