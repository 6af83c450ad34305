/* c_table_test.c: the table part of the C API, compiled as C11.
 *
 * Opens the embedded default table, finds its profile, and checks a lookup,
 * a plan and the per-node roles against each other and against the
 * node-model evaluator. Exit status 0 on success; prints the first failure. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/c_check.h"

static unsigned char workspace[1 << 16];
static unsigned char evaluator_workspace[1 << 16];
static hetcast_node nodes[128], evaluated[128];
static hetcast_transfer transfers[128], evaluated_transfers[128];
static hetcast_transfer children[128];
static hetcast_send sends[128];

/* Every node's role agrees with the full plan in nodes and transfers; 0
   when it does (CHECK returns 1 on the first mismatch). */
static int CheckNodeRoles(const hetcast_profile* profile,
                          const hetcast_node_request* request,
                          uint32_t node_count, size_t transfer_count) {
  for (uint32_t id = 0; id < node_count; ++id) {
    hetcast_node node;
    size_t child_count = 0;
    CHECK(hetcast_profile_node_role(profile, request, id, workspace,
                                    sizeof(workspace), &node, children, 128,
                                    &child_count, NULL) == HETCAST_OK);
    CHECK(node.arrival == nodes[id].arrival);
    CHECK(node.parent == nodes[id].parent);
    size_t expected = 0;
    for (size_t i = 0; i < transfer_count; ++i) {
      if (transfers[i].from == id) {
        CHECK(expected < child_count);
        CHECK(children[expected].to == transfers[i].to);
        CHECK(children[expected].start == transfers[i].start);
        ++expected;
      }
    }
    CHECK(expected == child_count);
  }
  return 0;
}

/* Outside the table, wrong costs, a corrupt buffer: each refused; 0 when
   they are. */
static int CheckRefusals(const hetcast_profile* profile,
                         const hetcast_node_request* request, uint64_t* counts,
                         uint64_t* costs) {
  uint64_t completion = 0;
  const char* error = NULL;
  counts[0] = 1000;
  CHECK(hetcast_profile_completion(profile, request, &completion, NULL) ==
        HETCAST_NOT_IN_TABLE);
  counts[0] = 1;
  costs[0] += 1;
  CHECK(hetcast_profile_completion(profile, request, &completion, NULL) ==
        HETCAST_INVALID_ARGUMENT);
  static uint64_t copy[1 << 15];
  CHECK(hetcast_default_table_size <= sizeof(copy));
  memcpy(copy, hetcast_default_table, hetcast_default_table_size);
  ((unsigned char*)copy)[9] ^= 0xff; /* inside the file identifier */
  hetcast_table broken;
  CHECK(hetcast_table_open(copy, hetcast_default_table_size, &broken, &error) ==
        HETCAST_INVALID_TABLE);
  CHECK(error != NULL && strlen(error) > 0);
  CHECK(strcmp(hetcast_status_str(HETCAST_NOT_IN_TABLE), "unknown status") !=
        0);
  CHECK(strcmp(hetcast_status_str(HETCAST_INVALID_TABLE), "unknown status") !=
        0);
  return 0;
}

int main(void) {
  hetcast_table table;
  const char* error = NULL;
  CHECK(hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                           &table, &error) == HETCAST_OK);
  CHECK(hetcast_table_schema_version(&table) <= HETCAST_TABLE_SCHEMA_VERSION);
  CHECK(hetcast_table_profile_count(&table) == 1);
  size_t index = 99;
  CHECK(hetcast_table_find_profile(&table, "default", &index, NULL) ==
        HETCAST_OK);
  CHECK(index == 0);
  hetcast_profile profile;
  CHECK(hetcast_profile_open(&table, index, &profile, NULL) == HETCAST_OK);
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, NULL);
  CHECK(strcmp(info.name, "default") == 0);
  CHECK(info.type_count == 3);
  CHECK(info.exact == 1);
  CHECK(info.method == HETCAST_METHOD_EXACT_DP);
  CHECK(info.guarantee_numerator == 1 && info.guarantee_denominator == 1);
  CHECK(info.schedule_bytes == 0);
  uint64_t costs[3];
  for (size_t j = 0; j < 3; ++j) {
    const char* name = NULL;
    uint64_t limit = 0;
    CHECK(hetcast_profile_type(&profile, j, &name, &costs[j], &limit, NULL) ==
          HETCAST_OK);
    CHECK(name != NULL && limit >= 16);
  }

  uint64_t counts[3] = {5, 9, 12};
  hetcast_node_request request = {NULL, 3, 1, counts, NULL};
  uint64_t completion = 0;
  CHECK(hetcast_profile_completion(&profile, &request, &completion, NULL) ==
        HETCAST_OK);
  CHECK(completion > 0);

  hetcast_node_sizes sizes;
  CHECK(hetcast_profile_plan_sizes(&profile, &request, &sizes, NULL) ==
        HETCAST_OK);
  CHECK(sizes.node_count == 27 && sizes.transfer_count == 26);
  CHECK(sizes.workspace_bytes <= sizeof(workspace));
  hetcast_answer answer;
  CHECK(hetcast_profile_plan(&profile, &request, workspace, sizeof(workspace),
                             nodes, 128, transfers, 128, &answer,
                             NULL) == HETCAST_OK);
  CHECK(answer.algorithm == HETCAST_ALGORITHM_TABLE && answer.exact == 1);
  CHECK(answer.completion_time == completion);
  CHECK(answer.lower_bound == completion);
  CHECK(answer.lower_bound_kind == HETCAST_BOUND_EXACT);

  /* The evaluator re-times the schedule's structure to the same time. */
  for (size_t i = 0; i < answer.transfer_count; ++i) {
    sends[i].from = transfers[i].from;
    sends[i].to = transfers[i].to;
  }
  request.costs = costs;
  hetcast_answer checked;
  CHECK(hetcast_node_evaluate(&request, sends, answer.transfer_count,
                              evaluator_workspace, sizeof(evaluator_workspace),
                              evaluated, 128, evaluated_transfers, 128,
                              &checked, NULL) == HETCAST_OK);
  CHECK(checked.completion_time == completion);

  CHECK(CheckNodeRoles(&profile, &request, (uint32_t)sizes.node_count,
                       answer.transfer_count) == 0);
  CHECK(CheckRefusals(&profile, &request, counts, costs) == 0);
  printf("c_table_test: ok (completion %llu)\n",
         (unsigned long long)answer.completion_time);
  return 0;
}
