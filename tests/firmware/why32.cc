/* why32.cc: the reasons only a 32-bit size_t reaches, reached on a
 * Cortex-M4 under QEMU (why32_test.sh). A node request may have up to
 * HETCAST_MAX_NODES (2^31 - 1) nodes, a cluster request as many
 * processors; where size_t has 32 bits, the workspace FNF or the cluster
 * planners need for that many overflows it, and somewhat fewer nodes still
 * overflow the planner's whole plan (its node and transfer arrays and
 * FNF's workspace together).
 *
 * The program finds, by bisection on the destination count d of a
 * one-type node request, the largest d whose hetcast_node_plan_sizes
 * succeeds, and requires:
 *   hetcast_node_plan_sizes at d + 1: HETCAST_TOO_LARGE, with a reason;
 *   hetcast_plan_sizes at d (node sizes fit, the whole plan does not):
 *     HETCAST_TOO_LARGE, with a reason;
 * and hetcast_cluster_plan_sizes of one cluster of HETCAST_MAX_NODES
 * processors: HETCAST_TOO_LARGE, with a reason.
 * It prints each reason as "reason: TEXT"; why32_test.sh requires them to
 * be exactly the reasons of tests/planner/why_32bit.txt, the list that
 * //tests:why_test's EveryReasonIsReached leaves to this test. Output ends
 * with "done: failed=N".
 *
 * C++, compiled as the runtime is: arm-none-eabi's C compiler gives an enum
 * without a fixed base the smallest type that holds its values (AAPCS
 * "small enums"), so a C caller's hetcast_request, whose first fields are
 * enums, is laid out otherwise than the runtime's, where hetcast.h fixes
 * every enum's base to int. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hetcast/hetcast.h"

static int failures;

static void Fail(const char* what) {
  fputs("FAIL: ", stdout);
  fputs(what, stdout);
  fputs("\n", stdout);
  ++failures;
}

/* One refusal: `call` must have given HETCAST_TOO_LARGE and a reason. */
static void ExpectTooLarge(const char* call, hetcast_status status,
                           const char* why) {
  fputs(call, stdout);
  fputs(": status ", stdout);
  fputs(hetcast_status_str(status), stdout);
  fputs("\n", stdout);
  if (status != HETCAST_TOO_LARGE) Fail(call);
  if (why == NULL) {
    Fail("no reason");
    return;
  }
  fputs("reason: ", stdout);
  fputs(why, stdout);
  fputs("\n", stdout);
}

/* One type of cost 1, the source and `destinations` others. */
static const uint64_t kCost[1] = {1};
static uint64_t destination_count[1];

static hetcast_node_request Request(uint64_t destinations) {
  hetcast_node_request request;
  memset(&request, 0, sizeof(request));
  destination_count[0] = destinations;
  request.costs = kCost;
  request.type_count = 1;
  request.source_type = 0;
  request.destination_counts = destination_count;
  return request;
}

static hetcast_status NodeSizes(uint64_t destinations, const char** why) {
  const hetcast_node_request request = Request(destinations);
  hetcast_node_sizes sizes;
  return hetcast_node_plan_sizes(&request, &sizes, why);
}

int main(void) {
  if (sizeof(size_t) != 4) Fail("size_t is not 32 bits wide");
  /* The bisection's ends: a small request fits, the largest does not. */
  uint64_t fits = 1, overflows = HETCAST_MAX_NODES - 1;
  if (NodeSizes(fits, NULL) != HETCAST_OK) Fail("one destination");
  if (NodeSizes(overflows, NULL) == HETCAST_OK) {
    Fail("HETCAST_MAX_NODES nodes fit");
  }
  while (overflows - fits > 1) {
    const uint64_t middle = fits + (overflows - fits) / 2;
    if (NodeSizes(middle, NULL) == HETCAST_OK) {
      fits = middle;
    } else {
      overflows = middle;
    }
  }
  printf("largest node request whose workspace fits: destinations=%lu\n",
         (unsigned long)fits);

  const char* why = NULL;
  ExpectTooLarge("hetcast_node_plan_sizes one more destination",
                 NodeSizes(overflows, &why), why);

  const hetcast_node_request node = Request(fits);
  hetcast_request request;
  memset(&request, 0, sizeof(request));
  request.model = HETCAST_MODEL_NODE;
  request.node = &node;
  hetcast_sizes sizes;
  why = NULL;
  ExpectTooLarge("hetcast_plan_sizes the largest that fits",
                 hetcast_plan_sizes(&request, &sizes, &why), why);

  /* One cluster of HETCAST_MAX_NODES processors: 88 bytes of workspace
   * each (runtime/cluster/layout.h, LcfScratch). */
  static const uint64_t kClusterSize[1] = {HETCAST_MAX_NODES};
  const hetcast_cluster_request cluster = {kClusterSize, 1, 1,   0,
                                           NULL,         0, NULL};
  hetcast_node_sizes cluster_sizes;
  why = NULL;
  ExpectTooLarge("hetcast_cluster_plan_sizes HETCAST_MAX_NODES processors",
                 hetcast_cluster_plan_sizes(&cluster, &cluster_sizes, &why),
                 why);

  printf("done: failed=%d\n", failures);
  return failures == 0 ? 0 : 1;
}
