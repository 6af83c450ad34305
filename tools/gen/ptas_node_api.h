// ptas_node_api.h: the runtime's node-model C API as the PTAS calls it:
// FNF's schedule and the evaluator's timing of a list of sends, into
// vectors that the PTAS owns.
#ifndef HETCAST_TOOLS_GEN_PTAS_NODE_API_H_
#define HETCAST_TOOLS_GEN_PTAS_NODE_API_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace ptas_internal {

// A schedule: its answer, nodes and transfers (as many as the answer has).
struct Plan {
  hetcast_answer answer = {};
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;
};

// A request over the caller's vectors, which must outlive it; `relays` may
// be null (no relays).
hetcast_node_request MakeRequest(const std::vector<uint64_t>& costs,
                                 uint32_t source_type,
                                 const std::vector<uint64_t>& counts,
                                 const std::vector<uint64_t>* relays);

// FNF's schedule (hetcast_node_plan). InvalidArgument for a request the
// runtime refuses, OutOfRange when a time overflows.
absl::StatusOr<Plan> RunFnf(const hetcast_node_request& r);

// `sends` timed on `r` by the evaluator (hetcast_node_evaluate), in
// canonical ids when asked (hetcast_node_evaluate_canonical). Internal when
// the evaluator rejects them: the PTAS built an invalid schedule.
absl::StatusOr<Plan> Evaluate(const hetcast_node_request& r,
                              const std::vector<hetcast_send>& sends,
                              bool canonical);

}  // namespace ptas_internal
}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_PTAS_NODE_API_H_
