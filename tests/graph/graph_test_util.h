// graph_test_util.h: test helpers for the graph model: requests and
// schedules held in vectors, and the evaluator with an allocated workspace.
#ifndef HETCAST_TESTS_GRAPH_GRAPH_TEST_UTIL_H_
#define HETCAST_TESTS_GRAPH_GRAPH_TEST_UTIL_H_

#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// A request with the arrays it points into.
struct GraphInstance {
  size_t node_count = 0;
  std::vector<hetcast_graph_edge> edges;
  uint32_t source = 0;
  std::vector<uint32_t> targets;
  uint32_t flags = 0;

  hetcast_graph_request Request() const {
    hetcast_graph_request r = {};
    r.node_count = node_count;
    r.edges = edges.data();
    r.edge_count = edges.size();
    r.source = source;
    r.targets = targets.data();
    r.target_count = targets.size();
    r.flags = flags;
    return r;
  }
};

// A schedule with the arrays it points into.
struct GraphScheduleData {
  uint64_t period = 0;
  uint64_t messages = 1;
  uint64_t parts = 1;
  std::vector<hetcast_graph_route> routes;
  std::vector<hetcast_graph_route_edge> route_edges;
  std::vector<hetcast_graph_slot> slots;

  hetcast_graph_schedule Schedule() const {
    hetcast_graph_schedule s = {};
    s.period = period;
    s.messages = messages;
    s.parts = parts;
    s.routes = routes.data();
    s.route_count = routes.size();
    s.route_edges = route_edges.data();
    s.route_edge_count = route_edges.size();
    s.slots = slots.data();
    s.slot_count = slots.size();
    return s;
  }
};

// hetcast_graph_evaluate with a workspace of exactly the size asked for.
inline hetcast_status EvaluateGraphSchedule(const GraphInstance& instance,
                                            const GraphScheduleData& data,
                                            hetcast_graph_evaluation* out) {
  const hetcast_graph_request request = instance.Request();
  const hetcast_graph_schedule schedule = data.Schedule();
  size_t bytes = 0;
  hetcast_status status =
      hetcast_graph_evaluate_workspace_size(&request, &schedule, &bytes);
  if (status != HETCAST_OK) return status;
  std::vector<unsigned char> workspace(bytes);
  return hetcast_graph_evaluate(&request, &schedule, workspace.data(), bytes,
                                out);
}

}  // namespace hetcast

#endif  // HETCAST_TESTS_GRAPH_GRAPH_TEST_UTIL_H_
