// algorithms.h: the node model's algorithm table (algorithms.cc): each
// algorithm with its name, whether a request may pin it, and its
// guarantee. PrepareNodePlan (the pins it takes, hetcast_plan_info's
// guarantee), the algorithm names and the CLI (the offline PTAS's
// guarantee) read it. Which one answers is PrepareNodePlan's rule (a
// covering profile, else FNF), not a row's.
#ifndef HETCAST_RUNTIME_NODE_ALGORITHMS_H_
#define HETCAST_RUNTIME_NODE_ALGORITHMS_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/algorithm_table.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"

namespace hetcast {
namespace internal {

struct NodeAlgorithm {
  hetcast_algorithm algorithm;
  const char* name;
  bool pinnable;  // hetcast_request::algorithm may name it.
  // The PTAS's factor is the profile's (or the offline run's epsilon);
  // its row gives the source only.
  Guarantee guarantee;
};

// The row of `algorithm`, or nullptr; the i-th row, nullptr past the last.
const NodeAlgorithm* FindNodeAlgorithm(hetcast_algorithm algorithm);
const NodeAlgorithm* NodeAlgorithmAt(size_t i);

// The profiles a node request may be answered from (hetcast_request's),
// and room (HETCAST_MAX_TYPES entries; NULL when `count` is 0) for the
// costs the first profile of the request's types gives a request that
// leaves them out.
struct NodeProfiles {
  const hetcast_profile* profiles;
  size_t count;
  uint64_t* costs;
};

// A node request checked once for the algorithm that answers it.
struct NodePrepared {
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_NONE;  // TABLE or FNF.
  hetcast_choice why = HETCAST_CHOICE_MODEL;
  // TABLE: the profile that covers the request, and its index.
  const hetcast_profile* profile = nullptr;
  size_t profile_index = SIZE_MAX;
  // The request as the algorithm reads it (costs filled in).
  hetcast_node_request request = {};
  NodeLayout layout;  // FNF: the checked request.
  hetcast_node_sizes sizes = {};
};

// prepare.cc: the request checked once for `algorithm` (NONE: the first
// profile that covers it, else FNF; TABLE or FNF: that one), the reason in
// `*why` (optional) when it cannot answer.
hetcast_status PrepareNodePlan(const hetcast_node_request* request,
                               const NodeProfiles& profiles,
                               hetcast_algorithm algorithm,
                               NodePrepared* prepared, const char** why);
// The guarantee of the prepared algorithm: its row's; a PTAS profile's
// factor is the profile's own.
Guarantee NodeGuarantee(const NodePrepared& prepared);

// node_api.cc: FNF's sizes for a checked request.
hetcast_status FnfPlanSizes(const NodeLayout& layout, hetcast_node_sizes* sizes,
                            const char** why);
// hetcast_node_plan of a prepared request (the profile's table or FNF),
// arguments as there; `refine_bound` false leaves out FNF's prefix search
// of the lower bound (lower_bound.h), whose work grows with the
// destinations: the answer's bound is then the plain nested-slots bound,
// or doubling or FNF / 1.5. The participant query reports no bound and
// passes false.
hetcast_status PlanPreparedNode(const NodePrepared& prepared, bool refine_bound,
                                void* workspace, size_t workspace_size,
                                hetcast_node* nodes, size_t node_capacity,
                                hetcast_transfer* transfers,
                                size_t transfer_capacity,
                                hetcast_answer* answer, const char** why);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_ALGORITHMS_H_
