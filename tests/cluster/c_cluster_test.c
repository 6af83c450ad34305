/* c_cluster_test.c: the two-level cluster part of the C API, compiled as
 * C11: LCF broadcast and multicast, Interleaved LCF, the evaluator and the
 * lower bound, and a bad request. Exit status 0 on success. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hetcast/hetcast.h"
#include "tests/c_check.h"

static unsigned char workspace[1 << 16];
static hetcast_node nodes[64], checked_nodes[64];
static hetcast_transfer transfers[64], checked[64];

int main(void) {
  const uint64_t sizes[5] = {8, 5, 5, 3, 1};
  hetcast_cluster_request request;
  memset(&request, 0, sizeof(request));
  request.sizes = sizes;
  request.cluster_count = 5;
  request.inter_cost = 4;
  hetcast_node_sizes need;
  CHECK(hetcast_cluster_plan_sizes(&request, &need, NULL) == HETCAST_OK);
  CHECK(need.node_count == 22 && need.transfer_count == 21);
  CHECK(need.workspace_bytes <= sizeof(workspace));
  hetcast_answer answer;
  CHECK(hetcast_cluster_plan(&request, HETCAST_ALGORITHM_LCF, workspace,
                             sizeof(workspace), nodes, 64, transfers, 64,
                             &answer, NULL) == HETCAST_OK);
  CHECK(answer.algorithm == HETCAST_ALGORITHM_LCF);
  CHECK(answer.transfer_count == 21);
  CHECK(answer.lower_bound <= answer.completion_time);
  uint64_t bound = 0;
  hetcast_bound kind;
  CHECK(hetcast_cluster_lower_bound(&request, workspace, sizeof(workspace),
                                    &bound, &kind, NULL) == HETCAST_OK);
  CHECK(bound == answer.lower_bound);
  /* The evaluator re-times LCF's transfers to the same completion. */
  size_t bytes = 0;
  CHECK(hetcast_cluster_evaluate_workspace_size(&request, 21, &bytes, NULL) ==
        HETCAST_OK);
  CHECK(bytes <= sizeof(workspace));
  hetcast_answer evaluated;
  CHECK(hetcast_cluster_evaluate(&request, transfers, 21, workspace,
                                 sizeof(workspace), checked_nodes, 64, checked,
                                 64, &evaluated, NULL) == HETCAST_OK);
  CHECK(evaluated.completion_time == answer.completion_time);
  /* Multicast: members 8, 2, 0, 3, 1. */
  const uint64_t members[5] = {8, 2, 0, 3, 1};
  request.members = members;
  CHECK(hetcast_cluster_plan(&request, HETCAST_ALGORITHM_LCF, workspace,
                             sizeof(workspace), nodes, 64, transfers, 64,
                             &answer, NULL) == HETCAST_OK);
  CHECK(hetcast_cluster_evaluate(&request, transfers, answer.transfer_count,
                                 workspace, sizeof(workspace), checked_nodes,
                                 64, checked, 64, &evaluated,
                                 NULL) == HETCAST_OK);
  CHECK(evaluated.completion_time == answer.completion_time);
  /* Postal, Interleaved LCF. */
  request.members = NULL;
  request.postal = 1;
  CHECK(hetcast_cluster_plan(&request, HETCAST_ALGORITHM_INTERLEAVED_LCF,
                             workspace, sizeof(workspace), nodes, 64, transfers,
                             64, &answer, NULL) == HETCAST_OK);
  CHECK(answer.algorithm == HETCAST_ALGORITHM_INTERLEAVED_LCF);
  /* A zero-size cluster. */
  const uint64_t bad[2] = {3, 0};
  request.sizes = bad;
  request.cluster_count = 2;
  CHECK(hetcast_cluster_plan_sizes(&request, &need, NULL) ==
        HETCAST_INVALID_ARGUMENT);
  printf("c_cluster_test: ok\n");
  return 0;
}
