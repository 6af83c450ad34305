/* c_graph_test.c: the graph model's part of the C API, compiled as C11:
 * MCPH plans Fig. 5's star (reconstructed, costs x4), the evaluator accepts
 * the schedule it answers with exactly its throughput, a schedule with two
 * sends at once is rejected with its reason, and a bad request is refused.
 * Exit status 0 on success. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hetcast/hetcast.h"
#include "tests/c_check.h"

static unsigned char workspace[1 << 14];
static hetcast_graph_route_edge tree[8];
static hetcast_graph_slot slots[8];

int main(void) {
  /* s = 0 -> r = 1 (4 ticks), r -> t_i = 2..5 (1 tick each). */
  const hetcast_graph_edge edges[5] = {
      {0, 1, 4}, {1, 2, 1}, {1, 3, 1}, {1, 4, 1}, {1, 5, 1}};
  const uint32_t targets[4] = {5, 4, 3, 2};
  hetcast_graph_request request;
  memset(&request, 0, sizeof(request));
  request.node_count = 6;
  request.edges = edges;
  request.edge_count = 5;
  request.source = 0;
  request.targets = targets;
  request.target_count = 4;

  hetcast_graph_sizes sizes;
  CHECK(hetcast_graph_plan_sizes(&request, &sizes, NULL) == HETCAST_OK);
  CHECK(sizes.tree_edge_count == 5);
  CHECK(sizes.workspace_bytes <= sizeof(workspace));
  hetcast_graph_answer answer;
  CHECK(hetcast_graph_plan(&request, HETCAST_ALGORITHM_MCPH, workspace,
                           sizeof(workspace), tree, 8, slots, 8, &answer,
                           NULL) == HETCAST_OK);
  CHECK(answer.algorithm == HETCAST_ALGORITHM_MCPH);
  CHECK(answer.period == 4 && answer.messages == 1);
  CHECK(answer.throughput_numerator == 1 && answer.throughput_denominator == 4);
  CHECK(answer.exact == 1);
  CHECK(answer.lower_bound_numerator == 4);
  CHECK(answer.lower_bound_kind == HETCAST_BOUND_GRAPH_PORTS);
  CHECK(answer.tree_edge_count == 5 && answer.slot_count == 5);

  const hetcast_graph_route route = {0, 1};
  hetcast_graph_schedule schedule;
  memset(&schedule, 0, sizeof(schedule));
  schedule.period = answer.period;
  schedule.messages = answer.messages;
  schedule.parts = 1;
  schedule.routes = &route;
  schedule.route_count = 1;
  schedule.route_edges = tree;
  schedule.route_edge_count = answer.tree_edge_count;
  schedule.slots = slots;
  schedule.slot_count = answer.slot_count;
  size_t bytes = 0;
  const char* why = "";
  CHECK(hetcast_graph_evaluate_workspace_size(&request, &schedule, &bytes,
                                              NULL) == HETCAST_OK);
  CHECK(bytes <= sizeof(workspace));
  hetcast_graph_evaluation evaluation;
  CHECK(hetcast_graph_evaluate(&request, &schedule, workspace,
                               sizeof(workspace), &evaluation,
                               NULL) == HETCAST_OK);
  CHECK(evaluation.violation == HETCAST_GRAPH_VALID);
  CHECK(evaluation.throughput_numerator == 1);
  CHECK(evaluation.throughput_denominator == 4);

  /* r sends to two children at once. */
  for (size_t i = 0; i < answer.slot_count; ++i) {
    if (slots[i].from == 1) slots[i].start = 0;
  }
  CHECK(hetcast_graph_evaluate(&request, &schedule, workspace,
                               sizeof(workspace), &evaluation,
                               &why) == HETCAST_INVALID_SCHEDULE);
  CHECK(evaluation.violation == HETCAST_GRAPH_SEND_OVERLAP);
  CHECK(evaluation.node == 1);
  CHECK(strcmp(why, "two slots of one sender overlap (one-port)") == 0);

  request.source = 2; /* The source among the targets. */
  CHECK(hetcast_graph_plan_sizes(&request, &sizes, NULL) ==
        HETCAST_INVALID_ARGUMENT);
  return 0;
}
