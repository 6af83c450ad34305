// run_planner.h: hetcast_plan for a node or cluster request with arrays
// sized by hetcast_plan_sizes (tests only; allocates).
#ifndef HETCAST_TESTS_PLANNER_RUN_PLANNER_H_
#define HETCAST_TESTS_PLANNER_RUN_PLANNER_H_

#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tests/node/node_test_util.h"

namespace hetcast {
namespace testing {

// What the planner answered; `plan` holds its nodes and transfers (the
// transfers cut to the answer's count) and `workspace` stays for a
// hetcast_plan_participant call on the same request.
struct Planned {
  hetcast_status status = HETCAST_OK;
  const char* error = "";
  hetcast_sizes sizes = {};
  hetcast_plan_info info = {};
  PlanResult plan;
  std::vector<unsigned char> workspace;
};

inline Planned RunPlanner(const hetcast_request& request) {
  Planned p;
  p.status = hetcast_plan_sizes(&request, &p.sizes, &p.error);
  if (p.status != HETCAST_OK) return p;
  p.workspace.resize(p.sizes.workspace_bytes);
  p.plan.nodes.resize(p.sizes.node_count);
  p.plan.transfers.resize(p.sizes.transfer_count);
  hetcast_plan_output out = {};
  out.nodes = p.plan.nodes.data();
  out.node_capacity = p.plan.nodes.size();
  out.transfers = p.plan.transfers.data();
  out.transfer_capacity = p.plan.transfers.size();
  p.status = hetcast_plan(&request, p.workspace.data(), p.workspace.size(),
                          &out, &p.info, &p.error);
  p.plan.status = p.status;
  p.plan.answer = p.info.answer;
  if (p.status == HETCAST_OK) {
    p.plan.transfers.resize(p.info.answer.transfer_count);
  }
  return p;
}

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_PLANNER_RUN_PLANNER_H_
