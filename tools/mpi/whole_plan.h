// whole_plan.h: the whole plan of a request (hetcast_plan into allocated
// arrays), for what the per-participant executor does not need: a
// prediction (bench, calibrate) and the test's independent roles. MPI-free.

#ifndef HETCAST_TOOLS_MPI_WHOLE_PLAN_H_
#define HETCAST_TOOLS_MPI_WHOLE_PLAN_H_

#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace mpi {

struct WholePlan {
  hetcast_plan_info info = {};
  std::vector<hetcast_transfer> transfers;  // node and cluster models
  std::vector<hetcast_nb_task> tasks;       // multi-source model
};

// Plans `request`; false when the planner refuses.
bool PlanWhole(const hetcast_request& request, WholePlan* plan);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_WHOLE_PLAN_H_
