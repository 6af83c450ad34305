// algorithms.h: the non-blocking model's algorithm table (algorithms.cc):
// each algorithm of Wu, Yeh & Liu §4 (and this library's critical-first
// Work-Racing) with its name, the functions that run it and write its task
// lists, whether the planner's default runs it, and its guarantee. The
// planner, hetcast_nonblocking_plan and the algorithm names read it. Every
// algorithm plans every valid request: there is no applicability rule.
#ifndef HETCAST_RUNTIME_NONBLOCKING_ALGORITHMS_H_
#define HETCAST_RUNTIME_NONBLOCKING_ALGORITHMS_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/algorithm_table.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {

struct NonblockingAlgorithm {
  hetcast_algorithm algorithm;
  const char* name;
  // The planner's default runs the first row's algorithm, then each later
  // one marked here, which answers instead when it completes strictly
  // earlier; those later rows' `write` must accept null `tasks` (it then
  // measures the completion only).
  bool in_default;
  // Plans from NonblockingResetState's state; returns the transfer count.
  size_t (*run)(const NonblockingProblem& nb, const NonblockingScratch& s);
  // Writes the plan `run` left in `s` as task lists; returns the last
  // receive's end.
  uint64_t (*write)(const NonblockingProblem& nb, const NonblockingScratch& s,
                    size_t count, hetcast_nonblocking_task* tasks,
                    size_t* list_begin);
  Guarantee guarantee;
};

// The row of `algorithm`, or nullptr.
const NonblockingAlgorithm* FindNonblockingAlgorithm(
    hetcast_algorithm algorithm);
// The first row (the default), and the i-th row (nullptr past the last).
const NonblockingAlgorithm* NonblockingAlgorithmAt(size_t i);

// nonblocking_api.cc: hetcast_nonblocking_plan with `row`, the request prepared
// (by NonblockingPrepare in the same workspace); with `with_default`, `row` is
// the first and the default's later rows run too
// (NonblockingAlgorithm::in_default).
hetcast_status PlanPreparedNonblocking(
    const NonblockingProblem& nb, const NonblockingScratch& s,
    const NonblockingAlgorithm& row, bool with_default,
    hetcast_nonblocking_task* tasks, size_t task_capacity, size_t* list_begin,
    hetcast_answer* answer, const char** why);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NONBLOCKING_ALGORITHMS_H_
