/* api_null_test.c: every function of hetcast.h with NULL and with zeroed
 * (never opened, or empty) arguments, compiled as C11.
 *
 * kEntryPoints below has one entry per HETCAST_API function of the header;
 * each calls its function
 *  - with every pointer NULL and every count 0,
 *  - with every handle and request a zeroed struct (a handle that was never
 *    opened, or whose open failed: hetcast_table_open zeroes it) and every
 *    output a real buffer,
 *  - and, for the table functions, with an opened handle and each output
 *    NULL in turn,
 * and checks the documented answer: a status other than HETCAST_OK
 * (HETCAST_INVALID_ARGUMENT where the header says so), 0 from the
 * accessors that return a number. What must not happen is a crash, which
 * the sanitizer build (--config=asan) turns every stray read into.
 *
 * The test reads hetcast.h (its argument) and fails when a function the
 * header declares HETCAST_API has no entry here, so a new entry point
 * cannot skip these checks. */
#define HETCAST_STATIC_LINKING_ONLY 1

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/c_check.h"

static unsigned char workspace[1 << 14];
static hetcast_node nodes[64];
static hetcast_transfer transfers[64];
static hetcast_nonblocking_task tasks[64];
static size_t list_begin[64];
static hetcast_graph_route_edge route_edges[64];
static hetcast_graph_slot slots[64];
static hetcast_send sends[64];

/* A status that refuses the request, with a reason: the header's catch-all
 * for a NULL or malformed argument is HETCAST_INVALID_ARGUMENT, and every
 * failure points `why` (the last argument of the calls below) to a
 * non-empty sentence. */
static const char* why;
#define REFUSED(call)                          \
  do {                                         \
    why = NULL;                                \
    CHECK((call) == HETCAST_INVALID_ARGUMENT); \
    CHECK(why != NULL && why[0] != '\0');      \
  } while (0)
/* hetcast_lookup_completion, inline and without `why`. */
#define REFUSED_INLINE(call) CHECK((call) == HETCAST_INVALID_ARGUMENT)

static const hetcast_table kZeroTable;
static const hetcast_profile kZeroProfile;
static const hetcast_node_request kZeroNode;
static const hetcast_cluster_request kZeroCluster;
static const hetcast_nonblocking_request kZeroNonblocking;
static const hetcast_graph_request kZeroGraph;
static const hetcast_graph_schedule kZeroSchedule;
static const hetcast_request kZeroRequest;

/* The embedded default table, opened, with its profile and an in-table
 * request: the valid handles the third kind of call needs. */
static hetcast_table table;
static hetcast_profile profile;
static const uint64_t kCounts[3] = {2, 1, 0};
static const hetcast_node_request kInTable = {NULL, 3, 0, kCounts, NULL};

/* ----------------------------------------------------------------------- */
/* Functions without handles: only their pointers are NULL.                */

static int VersionNumber(void) {
  CHECK(hetcast_version_number() == HETCAST_VERSION_NUMBER);
  return 0;
}

static int StatusStr(void) {
  CHECK(hetcast_status_str((hetcast_status)-1) != NULL);
  CHECK(hetcast_status_str((hetcast_status)1000) != NULL);
  return 0;
}

static int ModelAlgorithm(void) {
  CHECK(hetcast_model_algorithm((hetcast_model)-1, 0) ==
        HETCAST_ALGORITHM_NONE);
  CHECK(hetcast_model_algorithm((hetcast_model)1000, 0) ==
        HETCAST_ALGORITHM_NONE);
  CHECK(hetcast_model_algorithm(HETCAST_MODEL_CLUSTER, (size_t)-1) ==
        HETCAST_ALGORITHM_NONE);
  return 0;
}

static int AlgorithmName(void) {
  CHECK(strcmp(hetcast_algorithm_name((hetcast_algorithm)-1), "none") == 0);
  CHECK(strcmp(hetcast_algorithm_name((hetcast_algorithm)1000), "none") == 0);
  return 0;
}

/* ----------------------------------------------------------------------- */
/* Node model.                                                             */

static int NodePlanSizes(void) {
  hetcast_node_sizes sizes;
  REFUSED(hetcast_node_plan_sizes(NULL, NULL, &why));
  REFUSED(hetcast_node_plan_sizes(&kZeroNode, &sizes, &why));
  REFUSED(hetcast_node_plan_sizes(&kInTable, NULL, &why));
  return 0;
}

static int NodePlan(void) {
  hetcast_answer answer;
  REFUSED(hetcast_node_plan(NULL, HETCAST_ALGORITHM_NONE, NULL, 0, NULL, 0,
                            NULL, 0, NULL, &why));
  REFUSED(hetcast_node_plan(&kZeroNode, HETCAST_ALGORITHM_NONE, workspace,
                            sizeof(workspace), nodes, 64, transfers, 64,
                            &answer, &why));
  return 0;
}

static int NodeLowerBound(void) {
  uint64_t bound;
  REFUSED(hetcast_node_lower_bound(NULL, NULL, &why));
  REFUSED(hetcast_node_lower_bound(&kZeroNode, &bound, &why));
  return 0;
}

static int NodeEvaluateWorkspaceSize(void) {
  size_t bytes;
  REFUSED(hetcast_node_evaluate_workspace_size(NULL, 0, NULL, &why));
  REFUSED(hetcast_node_evaluate_workspace_size(&kZeroNode, 0, &bytes, &why));
  return 0;
}

static int NodeEvaluate(void) {
  hetcast_answer answer;
  REFUSED(hetcast_node_evaluate(NULL, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL,
                                &why));
  REFUSED(hetcast_node_evaluate(&kZeroNode, sends, 0, workspace,
                                sizeof(workspace), nodes, 64, transfers, 64,
                                &answer, &why));
  return 0;
}

static int NodeEvaluateCanonical(void) {
  hetcast_answer answer;
  REFUSED(hetcast_node_evaluate_canonical(NULL, NULL, 0, NULL, 0, NULL, 0, NULL,
                                          0, NULL, &why));
  REFUSED(hetcast_node_evaluate_canonical(&kZeroNode, sends, 0, workspace,
                                          sizeof(workspace), nodes, 64,
                                          transfers, 64, &answer, &why));
  return 0;
}

/* ----------------------------------------------------------------------- */
/* Tables and profiles: NULL handles, zeroed handles, valid handles with    */
/* NULL outputs.                                                           */

static int TableOpen(void) {
  hetcast_table failed;
  REFUSED(hetcast_table_open(NULL, 0, NULL, &why));
  REFUSED(hetcast_table_open(NULL, 0, &failed, &why));
  REFUSED(hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                             NULL, &why));
  /* A failed open leaves the handle zeroed: the accessors then answer as
   * for a handle that was never opened. */
  memset(&failed, 0xA5, sizeof(failed));
  CHECK(hetcast_table_open(hetcast_default_table, 8, &failed, NULL) ==
        HETCAST_INVALID_TABLE);
  CHECK(memcmp(&failed, &kZeroTable, sizeof(failed)) == 0);
  return 0;
}

static int TableProfileCount(void) {
  CHECK(hetcast_table_profile_count(NULL) == 0);
  CHECK(hetcast_table_profile_count(&kZeroTable) == 0);
  CHECK(hetcast_table_profile_count(&table) == 1);
  return 0;
}

static int TableSchemaVersion(void) {
  CHECK(hetcast_table_schema_version(NULL) == 0);
  CHECK(hetcast_table_schema_version(&kZeroTable) == 0);
  CHECK(hetcast_table_schema_version(&table) >= 1);
  return 0;
}

static int TableHash(void) {
  CHECK(hetcast_table_hash(NULL) == 0);
  CHECK(hetcast_table_hash(&kZeroTable) == 0);
  CHECK(hetcast_table_hash(&table) != 0);
  return 0;
}

static int TableFindProfile(void) {
  size_t index = 7;
  REFUSED(hetcast_table_find_profile(NULL, NULL, NULL, &why));
  REFUSED(hetcast_table_find_profile(&kZeroTable, "default", &index, &why));
  REFUSED(hetcast_table_find_profile(&table, NULL, &index, &why));
  REFUSED(hetcast_table_find_profile(&table, "default", NULL, &why));
  CHECK(index == 7);
  return 0;
}

static int ProfileOpen(void) {
  hetcast_profile opened;
  REFUSED(hetcast_profile_open(NULL, 0, NULL, &why));
  REFUSED(hetcast_profile_open(&kZeroTable, 0, &opened, &why));
  REFUSED(hetcast_profile_open(&table, 0, NULL, &why));
  REFUSED(hetcast_profile_open(&table, 1, &opened, &why));
  return 0;
}

/* A refused hetcast_profile_get_info leaves a zeroed info with name "". */
static int ZeroInfo(const hetcast_profile_info* info) {
  CHECK(info->name != NULL && info->name[0] == '\0');
  CHECK(info->type_count == 0 && info->state_count == 0);
  CHECK(info->entry_count == 0 && info->entry_bytes == 0);
  CHECK(info->exact == 0 && info->schedule_bytes == 0);
  CHECK(info->guarantee_numerator == 0 && info->guarantee_denominator == 0);
  return 0;
}

static int ProfileGetInfo(void) {
  hetcast_profile_info info;
  REFUSED(hetcast_profile_get_info(NULL, NULL, &why));
  memset(&info, 0xA5, sizeof(info));
  REFUSED(hetcast_profile_get_info(NULL, &info, &why));
  CHECK(ZeroInfo(&info) == 0);
  memset(&info, 0xA5, sizeof(info));
  REFUSED(hetcast_profile_get_info(&kZeroProfile, &info, &why));
  CHECK(ZeroInfo(&info) == 0);
  REFUSED(hetcast_profile_get_info(&profile, NULL, &why));
  CHECK(hetcast_profile_get_info(&profile, &info, NULL) == HETCAST_OK);
  CHECK(info.type_count == 3 && strcmp(info.name, "default") == 0);
  return 0;
}

static int ProfileType(void) {
  uint64_t cost = 0;
  REFUSED(hetcast_profile_type(NULL, 0, NULL, NULL, NULL, &why));
  REFUSED(hetcast_profile_type(&kZeroProfile, 0, NULL, &cost, NULL, &why));
  /* Every output is optional. */
  CHECK(hetcast_profile_type(&profile, 0, NULL, NULL, NULL, NULL) ==
        HETCAST_OK);
  return 0;
}

static int ProfileCompletion(void) {
  uint64_t t;
  REFUSED(hetcast_profile_completion(NULL, NULL, NULL, &why));
  REFUSED(hetcast_profile_completion(&kZeroProfile, &kInTable, &t, &why));
  REFUSED(hetcast_profile_completion(&profile, &kZeroNode, &t, &why));
  REFUSED(hetcast_profile_completion(&profile, NULL, &t, &why));
  REFUSED(hetcast_profile_completion(&profile, &kInTable, NULL, &why));
  return 0;
}

/* A refused hetcast_profile_lookup_view leaves a zeroed view, which the
 * inline lookup refuses for every source type. */
static int RefusingLookup(const hetcast_lookup* lookup) {
  uint64_t t = 0;
  CHECK(lookup->type_count_ == 0 && lookup->entries_ == NULL);
  REFUSED_INLINE(hetcast_lookup_completion(lookup, 0, kCounts, &t));
  return 0;
}

static int ProfileLookupView(void) {
  hetcast_lookup lookup;
  uint64_t t = 0;
  REFUSED(hetcast_profile_lookup_view(NULL, NULL, &why));
  memset(&lookup, 0xA5, sizeof(lookup));
  REFUSED(hetcast_profile_lookup_view(NULL, &lookup, &why));
  CHECK(RefusingLookup(&lookup) == 0);
  memset(&lookup, 0xA5, sizeof(lookup));
  REFUSED(hetcast_profile_lookup_view(&kZeroProfile, &lookup, &why));
  CHECK(RefusingLookup(&lookup) == 0);
  REFUSED(hetcast_profile_lookup_view(&profile, NULL, &why));
  CHECK(hetcast_profile_lookup_view(&profile, &lookup, NULL) == HETCAST_OK);
  CHECK(hetcast_lookup_completion(&lookup, 0, kCounts, &t) == HETCAST_OK);
  CHECK(t > 0);
  return 0;
}

static int ProfilePlanSizes(void) {
  hetcast_node_sizes sizes;
  REFUSED(hetcast_profile_plan_sizes(NULL, NULL, NULL, &why));
  REFUSED(hetcast_profile_plan_sizes(&kZeroProfile, &kInTable, &sizes, &why));
  REFUSED(hetcast_profile_plan_sizes(&profile, &kZeroNode, &sizes, &why));
  REFUSED(hetcast_profile_plan_sizes(&profile, NULL, &sizes, &why));
  REFUSED(hetcast_profile_plan_sizes(&profile, &kInTable, NULL, &why));
  return 0;
}

static int ProfilePlan(void) {
  hetcast_answer answer;
  REFUSED(
      hetcast_profile_plan(NULL, NULL, NULL, 0, NULL, 0, NULL, 0, NULL, &why));
  REFUSED(hetcast_profile_plan(&kZeroProfile, &kInTable, workspace,
                               sizeof(workspace), nodes, 64, transfers, 64,
                               &answer, &why));
  REFUSED(hetcast_profile_plan(&profile, &kZeroNode, workspace,
                               sizeof(workspace), nodes, 64, transfers, 64,
                               &answer, &why));
  REFUSED(hetcast_profile_plan(&profile, &kInTable, workspace,
                               sizeof(workspace), NULL, 64, transfers, 64,
                               &answer, &why));
  REFUSED(hetcast_profile_plan(&profile, &kInTable, workspace,
                               sizeof(workspace), nodes, 64, NULL, 64, &answer,
                               &why));
  REFUSED(hetcast_profile_plan(&profile, &kInTable, workspace,
                               sizeof(workspace), nodes, 64, transfers, 64,
                               NULL, &why));
  return 0;
}

static int ProfileNodeRole(void) {
  hetcast_node node;
  size_t count;
  REFUSED(hetcast_profile_node_role(NULL, NULL, 0, NULL, 0, NULL, NULL, 0, NULL,
                                    &why));
  REFUSED(hetcast_profile_node_role(&kZeroProfile, &kInTable, 0, workspace,
                                    sizeof(workspace), &node, transfers, 64,
                                    &count, &why));
  REFUSED(hetcast_profile_node_role(&profile, &kZeroNode, 0, workspace,
                                    sizeof(workspace), &node, transfers, 64,
                                    &count, &why));
  REFUSED(hetcast_profile_node_role(&profile, &kInTable, 0, workspace,
                                    sizeof(workspace), NULL, transfers, 64,
                                    &count, &why));
  REFUSED(hetcast_profile_node_role(&profile, &kInTable, 0, workspace,
                                    sizeof(workspace), &node, NULL, 64, &count,
                                    &why));
  REFUSED(hetcast_profile_node_role(&profile, &kInTable, 0, workspace,
                                    sizeof(workspace), &node, transfers, 64,
                                    NULL, &why));
  return 0;
}

/* ----------------------------------------------------------------------- */
/* Two-level clusters.                                                     */

static int ClusterPlanSizes(void) {
  hetcast_node_sizes sizes;
  REFUSED(hetcast_cluster_plan_sizes(NULL, NULL, &why));
  REFUSED(hetcast_cluster_plan_sizes(&kZeroCluster, &sizes, &why));
  return 0;
}

static int ClusterPlan(void) {
  hetcast_answer answer;
  REFUSED(hetcast_cluster_plan(NULL, HETCAST_ALGORITHM_NONE, NULL, 0, NULL, 0,
                               NULL, 0, NULL, &why));
  REFUSED(hetcast_cluster_plan(&kZeroCluster, HETCAST_ALGORITHM_NONE, workspace,
                               sizeof(workspace), nodes, 64, transfers, 64,
                               &answer, &why));
  return 0;
}

static int ClusterLowerBound(void) {
  uint64_t bound;
  hetcast_bound kind;
  REFUSED(hetcast_cluster_lower_bound(NULL, NULL, 0, NULL, NULL, &why));
  REFUSED(hetcast_cluster_lower_bound(&kZeroCluster, workspace,
                                      sizeof(workspace), &bound, &kind, &why));
  return 0;
}

static int ClusterEvaluateWorkspaceSize(void) {
  size_t bytes;
  REFUSED(hetcast_cluster_evaluate_workspace_size(NULL, 0, NULL, &why));
  REFUSED(
      hetcast_cluster_evaluate_workspace_size(&kZeroCluster, 0, &bytes, &why));
  return 0;
}

static int ClusterEvaluate(void) {
  hetcast_answer answer;
  REFUSED(hetcast_cluster_evaluate(NULL, NULL, 0, NULL, 0, NULL, 0, NULL, 0,
                                   NULL, &why));
  REFUSED(hetcast_cluster_evaluate(&kZeroCluster, transfers, 0, workspace,
                                   sizeof(workspace), nodes, 64, transfers, 64,
                                   &answer, &why));
  return 0;
}

/* ----------------------------------------------------------------------- */
/* Multi-source (non-blocking) model.                                      */

static int NonblockingPlanSizes(void) {
  hetcast_nonblocking_sizes sizes;
  REFUSED(hetcast_nonblocking_plan_sizes(NULL, NULL, &why));
  REFUSED(hetcast_nonblocking_plan_sizes(&kZeroNonblocking, &sizes, &why));
  return 0;
}

static int NonblockingCheck(void) {
  hetcast_nonblocking_rejection rejection;
  REFUSED(hetcast_nonblocking_check(NULL, NULL, 0, NULL, &why));
  REFUSED(hetcast_nonblocking_check(&kZeroNonblocking, workspace,
                                    sizeof(workspace), &rejection, &why));
  return 0;
}

static int NonblockingPlan(void) {
  hetcast_answer answer;
  REFUSED(hetcast_nonblocking_plan(NULL, HETCAST_ALGORITHM_NONE, NULL, 0, NULL,
                                   0, NULL, NULL, &why));
  REFUSED(hetcast_nonblocking_plan(&kZeroNonblocking, HETCAST_ALGORITHM_NONE,
                                   workspace, sizeof(workspace), tasks, 64,
                                   list_begin, &answer, &why));
  return 0;
}

static int NonblockingEvaluate(void) {
  hetcast_answer answer;
  REFUSED(
      hetcast_nonblocking_evaluate(NULL, NULL, 0, NULL, NULL, 0, NULL, &why));
  REFUSED(hetcast_nonblocking_evaluate(&kZeroNonblocking, tasks, 0, list_begin,
                                       workspace, sizeof(workspace), &answer,
                                       &why));
  return 0;
}

static int NonblockingLowerBound(void) {
  uint64_t bound;
  REFUSED(hetcast_nonblocking_lower_bound(NULL, NULL, 0, NULL, &why));
  REFUSED(hetcast_nonblocking_lower_bound(&kZeroNonblocking, workspace,
                                          sizeof(workspace), &bound, &why));
  return 0;
}

/* ----------------------------------------------------------------------- */
/* Graph model.                                                            */

static int GraphEvaluateWorkspaceSize(void) {
  size_t bytes;
  REFUSED(hetcast_graph_evaluate_workspace_size(NULL, NULL, NULL, &why));
  REFUSED(hetcast_graph_evaluate_workspace_size(&kZeroGraph, &kZeroSchedule,
                                                &bytes, &why));
  return 0;
}

static int GraphEvaluate(void) {
  hetcast_graph_evaluation evaluation;
  REFUSED(hetcast_graph_evaluate(NULL, NULL, NULL, 0, NULL, &why));
  REFUSED(hetcast_graph_evaluate(&kZeroGraph, &kZeroSchedule, workspace,
                                 sizeof(workspace), &evaluation, &why));
  return 0;
}

static int GraphPlanSizes(void) {
  hetcast_graph_sizes sizes;
  REFUSED(hetcast_graph_plan_sizes(NULL, NULL, &why));
  REFUSED(hetcast_graph_plan_sizes(&kZeroGraph, &sizes, &why));
  return 0;
}

static int GraphCheck(void) {
  hetcast_graph_rejection rejection;
  REFUSED(hetcast_graph_check(NULL, NULL, 0, NULL, &why));
  REFUSED(hetcast_graph_check(&kZeroGraph, workspace, sizeof(workspace),
                              &rejection, &why));
  return 0;
}

static int GraphPlan(void) {
  hetcast_graph_answer answer;
  REFUSED(hetcast_graph_plan(NULL, HETCAST_ALGORITHM_NONE, NULL, 0, NULL, 0,
                             NULL, 0, NULL, &why));
  REFUSED(hetcast_graph_plan(&kZeroGraph, HETCAST_ALGORITHM_NONE, workspace,
                             sizeof(workspace), route_edges, 64, slots, 64,
                             &answer, &why));
  return 0;
}

/* ----------------------------------------------------------------------- */
/* The planner: NULL and zeroed requests, and a node request whose          */
/* profiles were never opened.                                             */

static hetcast_request NodeRequestWithZeroProfiles(void) {
  static hetcast_profile zero_profiles[2];
  static const uint64_t kCosts[3] = {1, 2, 3};
  static const hetcast_node_request kWithCosts = {kCosts, 3, 0, kCounts, NULL};
  hetcast_request request = kZeroRequest;
  request.model = HETCAST_MODEL_NODE;
  request.node = &kWithCosts;
  request.profiles = zero_profiles;
  request.profile_count = 2;
  return request;
}

static int PlanSizes(void) {
  hetcast_sizes sizes;
  const char* error = NULL;
  hetcast_request pinned = NodeRequestWithZeroProfiles();
  REFUSED(hetcast_plan_sizes(NULL, NULL, &why));
  REFUSED(hetcast_plan_sizes(&kZeroRequest, &sizes, &why));
  /* Profiles never opened match no request: the planner falls back. */
  {
    const hetcast_request request = NodeRequestWithZeroProfiles();
    CHECK(hetcast_plan_sizes(&request, &sizes, &error) == HETCAST_OK);
    CHECK(sizes.algorithm == HETCAST_ALGORITHM_FNF);
  }
  pinned.algorithm = HETCAST_ALGORITHM_TABLE;
  CHECK(hetcast_plan_sizes(&pinned, &sizes, &error) == HETCAST_NOT_IN_TABLE);
  CHECK(error != NULL && strlen(error) > 0);
  return 0;
}

static int Plan(void) {
  hetcast_plan_info info;
  hetcast_plan_output output;
  const char* error = NULL;
  const hetcast_request request = NodeRequestWithZeroProfiles();
  memset(&output, 0, sizeof(output));
  output.nodes = nodes;
  output.node_capacity = 64;
  REFUSED(hetcast_plan(NULL, NULL, 0, NULL, NULL, &why));
  REFUSED(hetcast_plan(&kZeroRequest, workspace, sizeof(workspace), &output,
                       &info, &why));
  CHECK(hetcast_plan(&request, workspace, sizeof(workspace), &output, &info,
                     &error) == HETCAST_OK);
  CHECK(info.answer.algorithm == HETCAST_ALGORITHM_FNF);
  return 0;
}

static int PlanParticipant(void) {
  hetcast_participant participant;
  const char* error = NULL;
  const hetcast_request request = NodeRequestWithZeroProfiles();
  memset(&participant, 0, sizeof(participant));
  participant.sends = transfers;
  participant.send_capacity = 64;
  REFUSED(hetcast_plan_participant(NULL, 0, NULL, 0, NULL, &why));
  REFUSED(hetcast_plan_participant(&kZeroRequest, 0, workspace,
                                   sizeof(workspace), &participant, &why));
  CHECK(hetcast_plan_participant(&request, 1, workspace, sizeof(workspace),
                                 &participant, &error) == HETCAST_OK);
  return 0;
}

/* ----------------------------------------------------------------------- */

typedef struct EntryPoint {
  const char* name;
  int (*check)(void);
} EntryPoint;

static const EntryPoint kEntryPoints[] = {
    {"hetcast_version_number", VersionNumber},
    {"hetcast_status_str", StatusStr},
    {"hetcast_model_algorithm", ModelAlgorithm},
    {"hetcast_algorithm_name", AlgorithmName},
    {"hetcast_node_plan_sizes", NodePlanSizes},
    {"hetcast_node_plan", NodePlan},
    {"hetcast_node_lower_bound", NodeLowerBound},
    {"hetcast_node_evaluate_workspace_size", NodeEvaluateWorkspaceSize},
    {"hetcast_node_evaluate", NodeEvaluate},
    {"hetcast_node_evaluate_canonical", NodeEvaluateCanonical},
    {"hetcast_table_open", TableOpen},
    {"hetcast_table_profile_count", TableProfileCount},
    {"hetcast_table_schema_version", TableSchemaVersion},
    {"hetcast_table_find_profile", TableFindProfile},
    {"hetcast_profile_open", ProfileOpen},
    {"hetcast_profile_get_info", ProfileGetInfo},
    {"hetcast_profile_type", ProfileType},
    {"hetcast_profile_completion", ProfileCompletion},
    {"hetcast_profile_lookup_view", ProfileLookupView},
    {"hetcast_profile_plan_sizes", ProfilePlanSizes},
    {"hetcast_profile_plan", ProfilePlan},
    {"hetcast_profile_node_role", ProfileNodeRole},
    {"hetcast_cluster_plan_sizes", ClusterPlanSizes},
    {"hetcast_cluster_plan", ClusterPlan},
    {"hetcast_cluster_lower_bound", ClusterLowerBound},
    {"hetcast_cluster_evaluate_workspace_size", ClusterEvaluateWorkspaceSize},
    {"hetcast_cluster_evaluate", ClusterEvaluate},
    {"hetcast_nonblocking_plan_sizes", NonblockingPlanSizes},
    {"hetcast_nonblocking_check", NonblockingCheck},
    {"hetcast_nonblocking_plan", NonblockingPlan},
    {"hetcast_nonblocking_evaluate", NonblockingEvaluate},
    {"hetcast_nonblocking_lower_bound", NonblockingLowerBound},
    {"hetcast_graph_evaluate_workspace_size", GraphEvaluateWorkspaceSize},
    {"hetcast_graph_evaluate", GraphEvaluate},
    {"hetcast_graph_plan_sizes", GraphPlanSizes},
    {"hetcast_graph_check", GraphCheck},
    {"hetcast_graph_plan", GraphPlan},
    {"hetcast_plan_sizes", PlanSizes},
    {"hetcast_plan", Plan},
    {"hetcast_plan_participant", PlanParticipant},
    {"hetcast_table_hash", TableHash},
};
enum { kEntryPointCount = sizeof(kEntryPoints) / sizeof(kEntryPoints[0]) };

static int Covered(const char* name, size_t length) {
  int i;
  for (i = 0; i < kEntryPointCount; ++i) {
    if (strlen(kEntryPoints[i].name) == length &&
        strncmp(kEntryPoints[i].name, name, length) == 0) {
      return 1;
    }
  }
  return 0;
}

static int IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* The name each `HETCAST_API` declaration declares: the first identifier
 * starting "hetcast_" followed by "(" before the declaration's ";" (the
 * return type may be a hetcast_ type, written without "("). Returns the
 * number of declarations found, or -1 after printing an uncovered one. */
static int CheckHeader(const char* text) {
  static const char kMarker[] = "HETCAST_API ";
  int declared = 0;
  const char* p = text;
  while ((p = strstr(p, kMarker)) != NULL) {
    const char* end = strchr(p, ';');
    const char* q = p + sizeof(kMarker) - 1;
    if (end == NULL) break;
    /* The marker's own definitions ("#define HETCAST_API ...") and the
     * comment that explains it declare nothing. */
    if (p > text && (p[-1] == ' ' && p[-2] == 'e')) {
      p = q;
      continue;
    }
    while ((q = strstr(q, "hetcast_")) != NULL && q < end) {
      const char* name_end = q;
      const char* after;
      while (IsNameChar(*name_end)) ++name_end;
      after = name_end;
      while (*after == ' ' || *after == '\n') ++after;
      if (*after == '(') {
        const size_t length = (size_t)(name_end - q);
        if (!Covered(q, length)) {
          fprintf(stderr, "hetcast.h declares %.*s, which has no entry\n",
                  (int)length, q);
          return -1;
        }
        ++declared;
        break;
      }
      q = name_end;
    }
    p = end;
  }
  return declared;
}

static char* ReadFile(const char* path) {
  FILE* file = fopen(path, "rb");
  char* text;
  long size;
  if (file == NULL) return NULL;
  if (fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 ||
      fseek(file, 0, SEEK_SET) != 0) {
    fclose(file);
    return NULL;
  }
  text = (char*)malloc((size_t)size + 1);
  if (text != NULL && fread(text, 1, (size_t)size, file) != (size_t)size) {
    free(text);
    text = NULL;
  }
  if (text != NULL) text[size] = '\0';
  fclose(file);
  return text;
}

int main(int argc, char** argv) {
  char* header;
  int declared;
  int i;
  CHECK(argc == 2);
  header = ReadFile(argv[1]);
  CHECK(header != NULL);
  declared = CheckHeader(header);
  free(header);
  CHECK(declared == kEntryPointCount);

  CHECK(hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                           &table, NULL) == HETCAST_OK);
  CHECK(hetcast_profile_open(&table, 0, &profile, NULL) == HETCAST_OK);
  for (i = 0; i < kEntryPointCount; ++i) {
    if (kEntryPoints[i].check() != 0) {
      fprintf(stderr, "failed: %s\n", kEntryPoints[i].name);
      return 1;
    }
  }
  printf(
      "api_null_test: %d functions of hetcast.h refuse NULL and zeroed "
      "arguments\n",
      kEntryPointCount);
  return 0;
}
