// graph_fuzzer.cc: libFuzzer target for platform graph JSON (tests only).
//
// The input is a platform file (tools/graph/platform.h). ParseGraphPlatform
// must return, never crash. A platform it accepts is planned with MCPH, as
// the paper's prose intends and as Fig. 9 prints it
// (HETCAST_GRAPH_MCPH_LITERAL_UPDATE), into canary arrays of exactly the
// sizes hetcast_graph_plan_sizes gives. The schedule the answer describes
// ({period, 1 message, 1 part, one route {0, 1}, tree edges, slots}) must
// pass hetcast_graph_evaluate with the throughput the answer claims, the
// lower bound must not exceed the period per message, and nothing may be
// written past an array or the workspace.
#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/graph/platform.h"

namespace {

using hetcast_fuzz::CanaryArray;
using hetcast_fuzz::CanaryWorkspace;

void PlanAndEvaluate(const hetcast_graph_request& request) {
  hetcast_graph_sizes sizes;
  FUZZ_CHECK_EQ(hetcast_graph_plan_sizes(&request, &sizes), HETCAST_OK);
  CanaryWorkspace workspace(sizes.workspace_bytes);
  CanaryArray<hetcast_graph_route_edge> tree_edges(sizes.tree_edge_count);
  CanaryArray<hetcast_graph_slot> slots(sizes.slot_count);
  hetcast_graph_answer answer;
  const hetcast_status status = hetcast_graph_plan(
      &request, HETCAST_ALGORITHM_MCPH, workspace.data(), workspace.size(),
      tree_edges.data(), tree_edges.capacity(), slots.data(), slots.capacity(),
      &answer);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK(tree_edges.BeyondCapacityIntact());
  FUZZ_CHECK(slots.BeyondCapacityIntact());
  // The parser already refused duplicates and unreachable targets, so the
  // plan has nothing left to refuse.
  FUZZ_CHECK_EQ(status, HETCAST_OK);
  FUZZ_CHECK_EQ(answer.algorithm, HETCAST_ALGORITHM_MCPH);
  FUZZ_CHECK(tree_edges.IntactFrom(answer.tree_edge_count));
  FUZZ_CHECK(slots.IntactFrom(answer.slot_count));
  FUZZ_CHECK_EQ(answer.tree_edge_count, answer.tree_node_count - 1);
  FUZZ_CHECK_EQ(answer.messages, 1);
  FUZZ_CHECK(answer.period >= 1);
  FUZZ_CHECK(answer.lower_bound_denominator >= 1);
  // lower bound <= period per message.
  FUZZ_CHECK((unsigned __int128)answer.lower_bound_numerator *
                 answer.period_denominator <=
             (unsigned __int128)answer.period_numerator *
                 answer.lower_bound_denominator);
  if (answer.exact) {
    FUZZ_CHECK((unsigned __int128)answer.lower_bound_numerator *
                   answer.period_denominator ==
               (unsigned __int128)answer.period_numerator *
                   answer.lower_bound_denominator);
  }

  const hetcast_graph_route route = {0, 1};
  hetcast_graph_schedule schedule = {};
  schedule.period = answer.period;
  schedule.messages = answer.messages;
  schedule.parts = 1;
  schedule.routes = &route;
  schedule.route_count = 1;
  schedule.route_edges = tree_edges.data();
  schedule.route_edge_count = answer.tree_edge_count;
  schedule.slots = slots.data();
  schedule.slot_count = answer.slot_count;
  size_t bytes = 0;
  FUZZ_CHECK_EQ(
      hetcast_graph_evaluate_workspace_size(&request, &schedule, &bytes),
      HETCAST_OK);
  CanaryWorkspace evaluator_workspace(bytes);
  hetcast_graph_evaluation evaluation;
  const hetcast_status evaluated =
      hetcast_graph_evaluate(&request, &schedule, evaluator_workspace.data(),
                             evaluator_workspace.size(), &evaluation);
  if (evaluated != HETCAST_OK) {
    std::fprintf(stderr, "evaluator: %s (item %zu, node %u)\n",
                 hetcast_graph_violation_str(evaluation.violation),
                 evaluation.item, evaluation.node);
  }
  FUZZ_CHECK_EQ(evaluated, HETCAST_OK);
  FUZZ_CHECK(evaluator_workspace.BeyondSizeIntact());
  FUZZ_CHECK_EQ(evaluation.violation, HETCAST_GRAPH_VALID);
  FUZZ_CHECK_EQ(evaluation.throughput_numerator, answer.throughput_numerator);
  FUZZ_CHECK_EQ(evaluation.throughput_denominator,
                answer.throughput_denominator);
  FUZZ_CHECK_EQ(evaluation.period_numerator, answer.period_numerator);
  FUZZ_CHECK_EQ(evaluation.period_denominator, answer.period_denominator);
  FUZZ_CHECK(evaluation.busy_period <= answer.period);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view json(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<hetcast::GraphPlatform> platform =
      hetcast::ParseGraphPlatform(json);
  if (!platform.ok()) {
    FUZZ_CHECK(!platform.status().message().empty());
    return 0;
  }
  FUZZ_CHECK(!platform->targets.empty());
  FUZZ_CHECK(platform->source < platform->names.size());
  PlanAndEvaluate(platform->Request());
  PlanAndEvaluate(platform->Request(HETCAST_GRAPH_MCPH_LITERAL_UPDATE));
  return 0;
}
