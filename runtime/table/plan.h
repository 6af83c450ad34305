// plan.h: the table planner behind hetcast_profile_plan{,_sizes}
// (plan.cc): exact profiles rebuild the tree depth-first
// (depth_first.h), PTAS profiles read their stored schedule
// (ptas_entries.h).
#ifndef HETCAST_RUNTIME_TABLE_PLAN_H_
#define HETCAST_RUNTIME_TABLE_PLAN_H_

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

hetcast_status PlanTableSizes(const hetcast_profile* profile,
                              const hetcast_node_request* request,
                              hetcast_node_sizes* sizes);

hetcast_status PlanTable(const hetcast_profile* profile,
                         const hetcast_node_request* request, void* workspace,
                         size_t workspace_size, hetcast_node* nodes,
                         size_t node_capacity, hetcast_transfer* transfers,
                         size_t transfer_capacity, hetcast_answer* answer);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_PLAN_H_
