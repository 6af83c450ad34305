// call_rules.cc: the per-call rules of call_rules.h.

#include "tools/mpi/call_rules.h"

#include <algorithm>

#include "tools/mpi/whole_plan.h"

namespace hetcast {
namespace mpi {

bool HomogeneousForModel(const HETCAST_MPI_Params& params,
                         const std::vector<int>& types) {
  for (int type : types) {
    if (params.model == HETCAST_MODEL_CLUSTER
            ? type != types[0]
            : params.costs[type] != params.costs[types[0]]) {
      return false;
    }
  }
  return true;
}

bool HandToMpiBcast(const HETCAST_MPI_Params& params,
                    const std::vector<int>& types,
                    const hetcast_request& request) {
  if (params.algorithm != HETCAST_ALGORITHM_NONE) return false;
  // A request the planner refuses is reported, not handed over: a
  // homogeneous communicator with a cost of 0 went to MPI_Bcast (found by
  // tests/fuzz/mpi_inputs_fuzzer.cc).
  hetcast_sizes sizes;
  const char* why = nullptr;
  if (hetcast_plan_sizes(&request, &sizes, &why) != HETCAST_OK) return false;
  if (HomogeneousForModel(params, types)) return true;
  if (params.mpi_bcast_ticks == 0) return false;
  WholePlan plan;
  return PlanWhole(request, &plan) &&
         params.mpi_bcast_ticks <= plan.info.answer.completion_time;
}

int SegmentElements(const HETCAST_MPI_Params& params, int count,
                    size_t extent) {
  const size_t segment = params.segment_bytes;
  const size_t bytes = static_cast<size_t>(count) * extent;
  if (segment == 0 || bytes / 2 < segment) return count;
  return static_cast<int>(std::max<size_t>(1, segment / extent));
}

}  // namespace mpi
}  // namespace hetcast
