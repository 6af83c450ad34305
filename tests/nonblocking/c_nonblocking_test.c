/* c_nonblocking_test.c: the non-blocking multi-source part of the C API,
 * compiled as C11: every algorithm plans, the evaluator re-times the plan
 * to the same completion, the lower bound is below it, and a bad request
 * and a request past a limit are refused. Exit status 0 on success. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hetcast/hetcast.h"
#include "tests/c_check.h"

static unsigned char workspace[1 << 16];
static hetcast_nonblocking_task tasks[64], replay[64];
static size_t begin[8];

int main(void) {
  const uint64_t fixed[4] = {80, 100, 300, 200};
  const uint64_t per_byte[4] = {0, 0, 1, 0};
  uint64_t link[16];
  for (int i = 0; i < 16; ++i) link[i] = 8;
  const uint32_t d0[3] = {1, 2, 3};
  const uint32_t d1[2] = {0, 2};
  hetcast_nonblocking_message messages[2] = {{0, 1024, d0, 3}, {3, 64, d1, 2}};
  hetcast_nonblocking_request request;
  memset(&request, 0, sizeof(request));
  request.node_count = 4;
  request.send_fixed = fixed;
  request.send_per_byte = per_byte;
  request.recv_fixed = fixed;
  request.recv_per_byte = per_byte;
  request.link_per_byte = link;
  request.messages = messages;
  request.message_count = 2;
  hetcast_nonblocking_sizes sizes;
  CHECK(hetcast_nonblocking_plan_sizes(&request, &sizes, NULL) == HETCAST_OK);
  CHECK(sizes.task_count == 10);
  CHECK(sizes.workspace_bytes <= sizeof(workspace));
  const hetcast_algorithm algorithms[4] = {
      HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
      HETCAST_ALGORITHM_WRP};
  for (int a = 0; a < 4; ++a) {
    hetcast_answer answer, checked;
    CHECK(hetcast_nonblocking_plan(&request, algorithms[a], workspace,
                                   sizeof(workspace), tasks, 64, begin, &answer,
                                   NULL) == HETCAST_OK);
    CHECK(answer.algorithm == algorithms[a]);
    CHECK(answer.lower_bound <= answer.completion_time);
    CHECK(answer.lower_bound_kind == HETCAST_BOUND_EARLIEST_REACH ||
          answer.lower_bound_kind == HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH ||
          answer.lower_bound_kind == HETCAST_BOUND_NONBLOCKING_SERIAL_WORK);
    memcpy(replay, tasks, sizeof(tasks));
    CHECK(hetcast_nonblocking_evaluate(&request, replay, sizes.task_count,
                                       begin, workspace, sizeof(workspace),
                                       &checked, NULL) == HETCAST_OK);
    CHECK(checked.completion_time == answer.completion_time);
  }
  uint64_t bound = 0;
  CHECK(hetcast_nonblocking_lower_bound(&request, workspace, sizeof(workspace),
                                        &bound, NULL) == HETCAST_OK);
  CHECK(bound > 0);
  messages[1].length = 0; /* A zero-length message. */
  hetcast_answer answer;
  CHECK(hetcast_nonblocking_plan(&request, HETCAST_ALGORITHM_WRP, workspace,
                                 sizeof(workspace), tasks, 64, begin, &answer,
                                 NULL) == HETCAST_INVALID_ARGUMENT);
  /* One node past HETCAST_NONBLOCKING_MAX_NODES: refused before anything is
   * read. */
  messages[1].length = 64;
  request.node_count = (size_t)HETCAST_NONBLOCKING_MAX_NODES + 1;
  CHECK(hetcast_nonblocking_plan_sizes(&request, &sizes, NULL) ==
        HETCAST_TOO_LARGE);
  request.node_count = 4;
  CHECK(hetcast_nonblocking_plan_sizes(&request, &sizes, NULL) == HETCAST_OK);
  printf("c_nonblocking_test: ok\n");
  return 0;
}
