/* c_api_test.c: the public header compiled as C11, and a plan through it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetcast/hetcast.h"

static int failures = 0;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static void CheckEvaluatorIds(void) {
  /* The evaluator keeps the ids it is given; the canonical variant
   * relabels them by arrival (source cost 1, two destinations, sent to
   * id 2 first). */
  const uint64_t one[1] = {1};
  const uint64_t two[1] = {2};
  const hetcast_send sends[2] = {{0, 2}, {0, 1}};
  hetcast_node_request r;
  hetcast_node out[3];
  hetcast_transfer moves[2];
  hetcast_answer answer;
  unsigned char space[4096];
  size_t need = 0;
  memset(&r, 0, sizeof r);
  r.costs = one;
  r.type_count = 1;
  r.destination_counts = two;
  CHECK(hetcast_node_evaluate_workspace_size(&r, 2, &need, NULL) == HETCAST_OK);
  CHECK(need <= sizeof space);
  CHECK(hetcast_node_evaluate(&r, sends, 2, space, sizeof space, out, 3, moves,
                              2, &answer, NULL) == HETCAST_OK);
  CHECK(out[2].arrival == 1 && out[1].arrival == 2);
  CHECK(hetcast_node_evaluate_canonical(&r, sends, 2, space, sizeof space, out,
                                        3, moves, 2, &answer,
                                        NULL) == HETCAST_OK);
  CHECK(out[1].arrival == 1 && out[2].arrival == 2);
  CHECK(moves[0].to == 1 && moves[1].to == 2);
  CHECK(answer.completion_time == 2);
}

int main(void) {
  /* Libeskind-Hadas et al. Fig. 1: FNF completes at 10. */
  const uint64_t costs[2] = {2, 3};
  const uint64_t counts[2] = {4, 7};
  hetcast_node_request request;
  hetcast_node_sizes sizes;
  hetcast_answer answer;
  void* workspace;
  hetcast_node* nodes;
  hetcast_transfer* transfers;
  uint64_t bound = 0;

  memset(&request, 0, sizeof request);
  request.costs = costs;
  request.type_count = 2;
  request.source_type = 1;
  request.destination_counts = counts;
  request.relay_counts = NULL;

  CHECK(HETCAST_OK == 0);
  CHECK(hetcast_version_number() == HETCAST_VERSION_NUMBER);
  CHECK(strcmp(hetcast_status_str(HETCAST_OK), "ok") == 0);
  CHECK(hetcast_node_plan_sizes(&request, &sizes, NULL) == HETCAST_OK);
  CHECK(sizes.node_count == 12);
  workspace = malloc(sizes.workspace_bytes);
  nodes = (hetcast_node*)calloc(sizes.node_count, sizeof *nodes);
  transfers =
      (hetcast_transfer*)calloc(sizes.transfer_count, sizeof *transfers);
  CHECK(hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace,
                          sizes.workspace_bytes, nodes, sizes.node_count,
                          transfers, sizes.transfer_count, &answer,
                          NULL) == HETCAST_OK);
  CHECK(answer.algorithm == HETCAST_ALGORITHM_FNF);
  CHECK(answer.completion_time == 10);
  CHECK(answer.transfer_count == 11);
  CHECK(transfers[0].from == 0 && transfers[0].start == 0);
  CHECK(nodes[0].parent == HETCAST_NO_NODE);
  CHECK(hetcast_node_lower_bound(&request, &bound, NULL) == HETCAST_OK);
  CHECK(bound <= 9); /* The optimum is 9 (Fig. 1(b)). */

  /* A bad request is an error code, not a crash. */
  request.source_type = 7;
  CHECK(hetcast_node_plan_sizes(&request, &sizes, NULL) ==
        HETCAST_INVALID_ARGUMENT);
  CHECK(hetcast_node_plan(NULL, HETCAST_ALGORITHM_FNF, NULL, 0, NULL, 0, NULL,
                          0, &answer, NULL) == HETCAST_INVALID_ARGUMENT);

  CheckEvaluatorIds();

  free(workspace);
  free(nodes);
  free(transfers);
  if (failures == 0) printf("c_api_test: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
