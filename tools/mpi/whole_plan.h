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
  std::vector<hetcast_transfer> transfers;      // node and cluster models
  std::vector<hetcast_nonblocking_task> tasks;  // non-blocking model
};

// A non-blocking request with the storage it points into (not copyable:
// the request points into its own members).
struct MultiSourceRequest {
  MultiSourceRequest() = default;
  MultiSourceRequest(const MultiSourceRequest&) = delete;
  MultiSourceRequest& operator=(const MultiSourceRequest&) = delete;
  // Sets `request` to the vectors (node_count = send_fixed.size()).
  void PointRequest();
  std::vector<uint64_t> send_fixed, send_per_byte, recv_fixed, recv_per_byte;
  std::vector<uint64_t> link_per_byte;              // node_count^2
  std::vector<std::vector<uint32_t>> destinations;  // per message
  std::vector<hetcast_nonblocking_message> messages;
  hetcast_nonblocking_request request = {};
};

// Plans `request`; false when the planner refuses.
bool PlanWhole(const hetcast_request& request, WholePlan* plan);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_WHOLE_PLAN_H_
