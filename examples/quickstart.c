/* quickstart.c: plan a broadcast from a table embedded in the program.
 *
 *   bazel run //examples:quickstart -- SOURCE_TYPE COUNT0 COUNT1 COUNT2
 *
 * The table was generated from examples/lab.json at build time and embedded
 * as a byte array (examples/BUILD, hetcast_table()). The program opens it,
 * asks the planner for the schedule (from the table when the request is
 * within its limits, otherwise FNF), and prints every transfer. Nothing is
 * allocated by hetcast itself: the program provides the arrays and the
 * workspace, sized by hetcast_plan_sizes(). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "examples/lab_table.h"
#include "runtime/include/hetcast/hetcast.h"

enum { kTypes = 3 };

/* argv[1] is the source's type, argv[2..4] the destinations of each type. */
static int ParseRequest(int argc, char** argv, uint32_t* source_type,
                        uint64_t counts[kTypes]) {
  if (argc != 2 + kTypes) return 0;
  for (int i = 1; i < argc; ++i) {
    char* end = NULL;
    errno = 0;
    const unsigned long long value = strtoull(argv[i], &end, 10);
    if (errno != 0 || *end != '\0' || end == argv[i] || argv[i][0] == '-') {
      return 0;
    }
    if (i == 1) {
      if (value >= kTypes) return 0;
      *source_type = (uint32_t)value;
    } else {
      counts[i - 2] = value;
    }
  }
  return 1;
}

/* Plans `request` into arrays sized by hetcast_plan_sizes() and prints who
 * answered and every transfer. Returns the exit status. */
static int PlanAndPrint(const hetcast_request* request) {
  const char* why = "";
  hetcast_sizes sizes;
  if (hetcast_plan_sizes(request, &sizes, &why) != HETCAST_OK) {
    fprintf(stderr, "quickstart: %s\n", why);
    return 2;
  }
  /* +1: a valid pointer even when nothing is needed. */
  void* workspace = malloc(sizes.workspace_bytes + 1);
  hetcast_node* nodes = calloc(sizes.node_count + 1, sizeof(hetcast_node));
  hetcast_transfer* transfers =
      calloc(sizes.transfer_count + 1, sizeof(hetcast_transfer));
  hetcast_plan_output output = {0};
  output.nodes = nodes;
  output.node_capacity = sizes.node_count;
  output.transfers = transfers;
  output.transfer_capacity = sizes.transfer_count;
  hetcast_plan_info info;
  int status = 1;
  if (workspace == NULL || nodes == NULL || transfers == NULL) {
    fprintf(stderr, "quickstart: out of memory\n");
  } else if (hetcast_plan(request, workspace, sizes.workspace_bytes, &output,
                          &info, &why) != HETCAST_OK) {
    fprintf(stderr, "quickstart: %s\n", why);
  } else {
    printf("%s answered: completion %llu ticks, lower bound %llu%s\n",
           info.choice == HETCAST_CHOICE_TABLE ? "the table" : "FNF",
           (unsigned long long)info.answer.completion_time,
           (unsigned long long)info.answer.lower_bound,
           info.answer.exact ? " (optimal)" : "");
    for (size_t i = 0; i < info.answer.transfer_count; ++i) {
      printf("  %u -> %u  [%llu, %llu)\n", transfers[i].from, transfers[i].to,
             (unsigned long long)transfers[i].start,
             (unsigned long long)transfers[i].arrival);
    }
    status = 0;
  }
  free(workspace);
  free(nodes);
  free(transfers);
  return status;
}

int main(int argc, char** argv) {
  uint32_t source_type = 0;
  uint64_t counts[kTypes];
  if (!ParseRequest(argc, argv, &source_type, counts)) {
    fprintf(stderr, "usage: quickstart SOURCE_TYPE COUNT0 COUNT1 COUNT2\n");
    return 2;
  }
  /* The table: verified once, then looked up without further checks. */
  hetcast_table table;
  hetcast_profile profile;
  const char* why = "";
  if (hetcast_table_open(hetcast_lab_table, hetcast_lab_table_size, &table,
                         &why) != HETCAST_OK ||
      hetcast_profile_open(&table, 0, &profile, NULL) != HETCAST_OK) {
    fprintf(stderr, "quickstart: the embedded table: %s\n", why);
    return 1;
  }
  uint64_t costs[kTypes]; /* The profile's: 2, 3, 7 (examples/lab.json). */
  for (size_t j = 0; j < kTypes; ++j) {
    if (hetcast_profile_type(&profile, j, NULL, &costs[j], NULL, NULL) !=
        HETCAST_OK) {
      fprintf(stderr, "quickstart: the profile has fewer than 3 types\n");
      return 1;
    }
  }
  const hetcast_node_request node = {costs, kTypes, source_type, counts, NULL};
  hetcast_request request = {0}; /* Members are only ever appended. */
  request.model = HETCAST_MODEL_NODE;
  request.node = &node;
  request.profiles = &profile;
  request.profile_count = 1;
  return PlanAndPrint(&request);
}
