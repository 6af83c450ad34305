// internal.h: the table planner with its algorithm made explicit, for
// tests that check both reconstruction paths give identical schedules.
// hetcast_profile_plan{,_sizes} are these with PlanPath::kAuto (plan.cc).
#ifndef HETCAST_RUNTIME_TABLE_INTERNAL_H_
#define HETCAST_RUNTIME_TABLE_INTERNAL_H_

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

enum class PlanPath {
  kAuto,        // Steps when (T + 1) k <= 8 n + 256, else queues.
  kQueues,      // Time-ordered queues of senders, any T.
  kDepthFirst,  // Prototype: ids in depth-first order, not canonical
                // (reconstruct_depth_first.h; exact profiles, not in the
                // size build; else as kAuto).
  kSteps,       // One arrival time at a time (T, n < 2^26; else queues;
                // always queues in the size-optimized build, config.h).
};

hetcast_status PlanTableSizes(const hetcast_profile* profile,
                              const hetcast_node_request* request,
                              PlanPath path, hetcast_node_sizes* sizes);

hetcast_status PlanTable(const hetcast_profile* profile,
                         const hetcast_node_request* request, PlanPath path,
                         void* workspace, size_t workspace_size,
                         hetcast_node* nodes, size_t node_capacity,
                         hetcast_transfer* transfers, size_t transfer_capacity,
                         hetcast_answer* answer);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_INTERNAL_H_
