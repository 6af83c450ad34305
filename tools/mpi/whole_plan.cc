// whole_plan.cc: hetcast_plan with allocated outputs (whole_plan.h).

#include "tools/mpi/whole_plan.h"

namespace hetcast {
namespace mpi {

void MultiSourceRequest::PointRequest() {
  request = {send_fixed.size(), send_fixed.data(),    send_per_byte.data(),
             recv_fixed.data(), recv_per_byte.data(), link_per_byte.data(),
             messages.data(),   messages.size()};
}

bool PlanWhole(const hetcast_request& request, WholePlan* plan) {
  hetcast_sizes sizes;
  if (hetcast_plan_sizes(&request, &sizes, nullptr) != HETCAST_OK) {
    return false;
  }
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  std::vector<size_t> list_begin(sizes.list_begin_count);
  plan->transfers.resize(sizes.transfer_count);
  plan->tasks.resize(sizes.task_count);
  hetcast_plan_output output = {};
  if (sizes.task_count == 0) {  // node and cluster models
    output.nodes = nodes.data();
    output.node_capacity = nodes.size();
    output.transfers = plan->transfers.data();
    output.transfer_capacity = plan->transfers.size();
  }
  output.tasks = plan->tasks.data();
  output.task_capacity = plan->tasks.size();
  output.list_begin = list_begin.data();
  output.list_begin_capacity = list_begin.size();
  if (hetcast_plan(&request, workspace.data(), workspace.size(), &output,
                   &plan->info, nullptr) != HETCAST_OK) {
    return false;
  }
  if (sizes.task_count == 0) {
    plan->transfers.resize(plan->info.answer.transfer_count);
  }
  return true;
}

}  // namespace mpi
}  // namespace hetcast
