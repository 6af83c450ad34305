/* queries.c: a fixed set of requests to the C API, answered from the
 * embedded default table (and the fallbacks), printed in a canonical text
 * form. The same source runs on the host and on a Cortex-M4 under QEMU;
 * tests/firmware/firmware_test.sh compares the two outputs byte for byte
 * (the "stack" lines aside, which only the firmware prints).
 *
 * Each query runs between stack_probe_reset() and stack_probe_used() and
 * keeps its results in static arrays, so that the stack figure is the
 * query's own (request set-up and library calls), not the printing's.
 * Output: one "query NAME" block per query, then "done: N queries". */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/firmware/stack_probe.h"

/* Every enum of the header is int-sized in C too, where this compiler
 * makes enums as small as their values (arm-none-eabi: -fshort-enums), as
 * the library's C++ sees them: the structs that hold one have one layout. */
typedef char kEnumsAreInts[(sizeof(hetcast_status) == sizeof(int) &&
                            sizeof(hetcast_algorithm) == sizeof(int) &&
                            sizeof(hetcast_model) == sizeof(int) &&
                            sizeof(hetcast_bound) == sizeof(int) &&
                            sizeof(hetcast_choice) == sizeof(int) &&
                            sizeof(hetcast_table_method) == sizeof(int) &&
                            sizeof(hetcast_nonblocking_op) == sizeof(int) &&
                            sizeof(hetcast_nonblocking_field) == sizeof(int) &&
                            sizeof(hetcast_graph_violation) == sizeof(int) &&
                            sizeof(hetcast_graph_field) == sizeof(int))
                               ? 1
                               : -1];

enum { kMaxNodes = 64, kMaxTasks = 32, kMaxSources = 8 };

static unsigned char workspace[1 << 14];
static hetcast_table table;
static hetcast_profile profile;
static const char* open_error;

/* What the last query produced; printed after it ran. */
static hetcast_status lookup_status; /* The table lookup before a fallback. */
static hetcast_answer answer;
static hetcast_node nodes[kMaxNodes];
static hetcast_transfer transfers[kMaxNodes];
static size_t child_count;
static hetcast_nonblocking_task tasks[kMaxTasks];
static size_t list_begin[kMaxSources + 1];

/* ------------------------------------------------------------------------ */
/* Canonical text: decimal integers only, no printf conversions.            */

static void PutU64(uint64_t value) {
  char digits[21];
  char* p = digits + sizeof(digits) - 1;
  *p = '\0';
  do {
    *--p = (char)('0' + value % 10);
    value /= 10;
  } while (value != 0);
  fputs(p, stdout);
}

static void Field(const char* name, uint64_t value) {
  fputs(" ", stdout);
  fputs(name, stdout);
  fputs("=", stdout);
  PutU64(value);
}

static void PrintStatus(const char* label, hetcast_status status) {
  fputs(label, stdout);
  Field("status", (uint64_t)status);
  fputs(" (", stdout);
  fputs(hetcast_status_str(status), stdout);
  fputs(")\n", stdout);
}

static void PrintAnswer(void) {
  fputs("answer", stdout);
  Field("algorithm", (uint64_t)answer.algorithm);
  Field("exact", (uint64_t)answer.exact);
  Field("completion", answer.completion_time);
  Field("lower_bound", answer.lower_bound);
  Field("bound_kind", (uint64_t)answer.lower_bound_kind);
  Field("nodes", answer.node_count);
  Field("participants", answer.participant_count);
  Field("transfers", answer.transfer_count);
  fputs("\n", stdout);
}

static void PrintTransfer(const hetcast_transfer* transfer) {
  fputs("transfer", stdout);
  Field("from", transfer->from);
  Field("to", transfer->to);
  Field("start", transfer->start);
  Field("arrival", transfer->arrival);
  fputs("\n", stdout);
}

static void PrintNode(uint32_t id, const hetcast_node* node) {
  fputs("node", stdout);
  Field("id", id);
  Field("arrival", node->arrival);
  Field("parent", node->parent);
  Field("type", node->type);
  Field("send_index", node->send_index);
  Field("is_relay", node->is_relay);
  fputs("\n", stdout);
}

static void PrintSchedule(void) {
  PrintAnswer();
  for (size_t i = 0; i < answer.transfer_count && i < kMaxNodes; ++i) {
    PrintTransfer(&transfers[i]);
  }
}

/* ------------------------------------------------------------------------ */
/* The queries. Each returns the status of its last call.                   */

/* Source of type 2 ("slow") to 6 fast, 9 medium and 12 slow nodes. */
static const uint64_t kInTableCounts[3] = {6, 9, 12};
enum { kRoleNode = 7 };

static hetcast_status OpenTable(void) {
  size_t index = 0;
  hetcast_status status = hetcast_table_open(
      hetcast_default_table, hetcast_default_table_size, &table, &open_error);
  if (status != HETCAST_OK) return status;
  status = hetcast_table_find_profile(&table, "default", &index, NULL);
  if (status != HETCAST_OK) return status;
  return hetcast_profile_open(&table, index, &profile, NULL);
}

static void PrintOpenTable(void) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, NULL);
  fputs("profile ", stdout);
  fputs(info.name, stdout);
  Field("types", info.type_count);
  Field("states", info.state_count);
  Field("entry_bytes", info.entry_bytes);
  Field("exact", (uint64_t)info.exact);
  fputs("\n", stdout);
  for (size_t j = 0; j < info.type_count; ++j) {
    const char* name = "";
    uint64_t cost = 0, limit = 0;
    hetcast_profile_type(&profile, j, &name, &cost, &limit, NULL);
    fputs("type ", stdout);
    fputs(name, stdout);
    Field("cost", cost);
    Field("limit", limit);
    fputs("\n", stdout);
  }
}

static hetcast_status TablePlan(void) {
  const hetcast_node_request request = {NULL, 3, 2, kInTableCounts, NULL};
  return hetcast_profile_plan(&profile, &request, workspace, sizeof(workspace),
                              nodes, kMaxNodes, transfers, kMaxNodes, &answer,
                              NULL);
}

/* 30 fast nodes: above the table's limit of 20, so FNF answers. */
static hetcast_status OutsideTableFnf(void) {
  static const uint64_t kCosts[3] = {2, 3, 5};
  static const uint64_t kCounts[3] = {30, 4, 2};
  const hetcast_node_request request = {kCosts, 3, 0, kCounts, NULL};
  uint64_t completion = 0;
  lookup_status =
      hetcast_profile_completion(&profile, &request, &completion, NULL);
  return hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace,
                           sizeof(workspace), nodes, kMaxNodes, transfers,
                           kMaxNodes, &answer, NULL);
}

static void PrintOutsideTableFnf(void) {
  PrintStatus("lookup", lookup_status);
  PrintSchedule();
}

/* A multicast to 3 medium and 8 slow nodes that may use 4 fast relays. */
static hetcast_status TableRelays(void) {
  static const uint64_t kCounts[3] = {0, 3, 8};
  static const uint64_t kRelays[3] = {4, 0, 0};
  const hetcast_node_request request = {NULL, 3, 2, kCounts, kRelays};
  return hetcast_profile_plan(&profile, &request, workspace, sizeof(workspace),
                              nodes, kMaxNodes, transfers, kMaxNodes, &answer,
                              NULL);
}

/* Node kRoleNode's part in TablePlan's schedule. */
static hetcast_status NodeRole(void) {
  const hetcast_node_request request = {NULL, 3, 2, kInTableCounts, NULL};
  return hetcast_profile_node_role(&profile, &request, kRoleNode, workspace,
                                   sizeof(workspace), &nodes[0], transfers,
                                   kMaxNodes, &child_count, NULL);
}

static void PrintNodeRole(void) {
  PrintNode(kRoleNode, &nodes[0]);
  for (size_t i = 0; i < child_count && i < kMaxNodes; ++i) {
    PrintTransfer(&transfers[i]);
  }
}

/* Table queries that fail, one per table function after
 * hetcast_table_open, each with the status hetcast.h documents for it and a
 * reason in `why` that names the problem (contains `names`). The firmware's
 * reasons must also be the host's (the default build's), byte for byte, as
 * every answer. */
enum { kRefusals = 4 };
typedef struct Refusal {
  const char* call;
  hetcast_status expected;
  const char* names;
  hetcast_status status;
  const char* why;
} Refusal;
static Refusal refusals[kRefusals];

static hetcast_status TableRefusals(void) {
  /* 30 fast destinations: above the table's limit of 20. */
  static const uint64_t kOverLimit[3] = {30, 4, 2};
  const hetcast_node_request in_table = {NULL, 3, 2, kInTableCounts, NULL};
  const hetcast_node_request over_limit = {NULL, 3, 0, kOverLimit, NULL};
  hetcast_profile unused;
  uint64_t completion = 0;
  size_t r;
  for (r = 0; r < kRefusals; ++r) refusals[r].why = NULL;
  refusals[0].call = "profile_open index=profile_count";
  refusals[0].expected = HETCAST_INVALID_ARGUMENT;
  refusals[0].names = "index";
  refusals[0].status = hetcast_profile_open(
      &table, hetcast_table_profile_count(&table), &unused, &refusals[0].why);
  refusals[1].call = "profile_completion destinations over the limit";
  refusals[1].expected = HETCAST_NOT_IN_TABLE;
  refusals[1].names = "not in table";
  refusals[1].status = hetcast_profile_completion(
      &profile, &over_limit, &completion, &refusals[1].why);
  refusals[2].call = "profile_plan node_capacity=1";
  refusals[2].expected = HETCAST_OUTPUT_TOO_SMALL;
  refusals[2].names = "output array too small";
  refusals[2].status = hetcast_profile_plan(
      &profile, &in_table, workspace, sizeof(workspace), nodes, 1, transfers,
      kMaxNodes, &answer, &refusals[2].why);
  refusals[3].call = "profile_node_role node_id=1000";
  refusals[3].expected = HETCAST_INVALID_ARGUMENT;
  refusals[3].names = "invalid argument";
  refusals[3].status = hetcast_profile_node_role(
      &profile, &in_table, 1000, workspace, sizeof(workspace), &nodes[0],
      transfers, kMaxNodes, &child_count, &refusals[3].why);
  for (r = 0; r < kRefusals; ++r) {
    if (refusals[r].status != refusals[r].expected || refusals[r].why == NULL ||
        strstr(refusals[r].why, refusals[r].names) == NULL) {
      return HETCAST_INVALID_ARGUMENT;
    }
  }
  return HETCAST_OK;
}

static void PrintRefusals(void) {
  size_t r;
  for (r = 0; r < kRefusals; ++r) {
    fputs("refused ", stdout);
    fputs(refusals[r].call, stdout);
    fputs(":", stdout);
    Field("status", (uint64_t)refusals[r].status);
    fputs(" why=", stdout);
    fputs(refusals[r].why, stdout);
    fputs("\n", stdout);
  }
}

/* LCF broadcast over clusters of 8, 5, 5, 3 and 1 processors, C = 3. */
static hetcast_status ClusterLcf(void) {
  static const uint64_t kSizes[5] = {8, 5, 5, 3, 1};
  hetcast_cluster_request request;
  memset(&request, 0, sizeof(request));
  request.sizes = kSizes;
  request.cluster_count = 5;
  request.inter_cost = 3;
  return hetcast_cluster_plan(&request, HETCAST_ALGORITHM_LCF, workspace,
                              sizeof(workspace), nodes, kMaxNodes, transfers,
                              kMaxNodes, &answer, NULL);
}

/* Two sources multicasting their own messages to 4 nodes, with WRP. */
static hetcast_status NonblockingWrp(void) {
  static const uint64_t kFixed[4] = {80, 100, 300, 200};
  static const uint64_t kPerByte[4] = {0, 0, 1, 0};
  static const uint64_t kLink[16] = {8, 8, 8, 8, 8, 8, 8, 8,
                                     8, 8, 8, 8, 8, 8, 8, 8};
  static const uint32_t kFirst[3] = {1, 2, 3};
  static const uint32_t kSecond[2] = {0, 2};
  const hetcast_nonblocking_message messages[2] = {{0, 1024, kFirst, 3},
                                                   {3, 64, kSecond, 2}};
  const hetcast_nonblocking_request request = {
      4, kFixed, kPerByte, kFixed, kPerByte, kLink, messages, 2};
  return hetcast_nonblocking_plan(&request, HETCAST_ALGORITHM_WRP, workspace,
                                  sizeof(workspace), tasks, kMaxTasks,
                                  list_begin, &answer, NULL);
}

static void PrintNonblocking(void) {
  PrintAnswer();
  for (size_t v = 0; v < 4; ++v) {
    for (size_t i = list_begin[v]; i < list_begin[v + 1] && i < kMaxTasks;
         ++i) {
      fputs(tasks[i].op == HETCAST_NONBLOCKING_SEND ? "send" : "recv", stdout);
      Field("node", tasks[i].node);
      Field("partner", tasks[i].partner);
      Field("message", tasks[i].message);
      Field("start", tasks[i].start);
      Field("arrival", tasks[i].arrival);
      Field("end", tasks[i].end);
      fputs("\n", stdout);
    }
  }
}

/* ------------------------------------------------------------------------ */

typedef struct Query {
  const char* name;
  hetcast_status (*run)(void);
  void (*print)(void);
} Query;

static const Query kQueries[] = {
    {"table_open", OpenTable, PrintOpenTable},
    {"table_plan", TablePlan, PrintSchedule},
    {"outside_table_fnf", OutsideTableFnf, PrintOutsideTableFnf},
    {"table_relays", TableRelays, PrintSchedule},
    {"node_role", NodeRole, PrintNodeRole},
    {"table_refusals", TableRefusals, PrintRefusals},
    {"cluster_lcf", ClusterLcf, PrintSchedule},
    {"nonblocking_wrp", NonblockingWrp, PrintNonblocking},
};

int main(void) {
  const size_t count = sizeof(kQueries) / sizeof(kQueries[0]);
  int failures = 0;
  for (size_t q = 0; q < count; ++q) {
    memset(&answer, 0, sizeof(answer));
    stack_probe_reset();
    const hetcast_status status = kQueries[q].run();
    const long stack_bytes = stack_probe_used();
    fputs("query ", stdout);
    PrintStatus(kQueries[q].name, status);
    if (status == HETCAST_OK) {
      kQueries[q].print();
    } else if (q == 0 && open_error != NULL) {
      fputs("table error: ", stdout);
      fputs(open_error, stdout);
      fputs("\n", stdout);
    }
    if (stack_bytes != -1) {
      fputs("stack ", stdout);
      fputs(kQueries[q].name, stdout);
      fputs(stack_bytes >= 0 ? ":" : ": overflow", stdout);
      if (stack_bytes >= 0) Field("bytes", (uint64_t)stack_bytes);
      fputs("\n", stdout);
    }
    failures += status != HETCAST_OK;
  }
  fputs("done:", stdout);
  Field("queries", count);
  Field("failed", (uint64_t)failures);
  fputs("\n", stdout);
  return failures == 0 ? 0 : 1;
}
