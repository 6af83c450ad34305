// why_planner_cases.cc: the planner's refusals (why_cases.h), by the public
// function that gives them.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tests/planner/why_cases.h"

namespace hetcast {
namespace testing {
namespace {

// A planner request of Node()'s instance, the model left for the planner
// to tell.
hetcast_request PlannerNode() {
  static const hetcast_node_request node = Node();
  hetcast_request r = {};
  r.node = &node;
  return r;
}

// hetcast_plan_sizes of PlannerNode() changed by a case.
struct SizesArgs {
  hetcast_request request = PlannerNode();

  hetcast_status Call(const char** why) const {
    hetcast_sizes sizes;
    return hetcast_plan_sizes(&request, &sizes, why);
  }
};

// hetcast_plan_participant's arguments: PlannerNode(), participant 0, the
// whole workspace, an `out` of no capacity.
struct ParticipantArgs {
  hetcast_request request = PlannerNode();
  uint32_t participant = 0;
  size_t workspace_size = sizeof(g_workspace);
  bool out = true;  // False: out is NULL.

  hetcast_status Call(const char** why) const {
    hetcast_participant zero = {};
    return hetcast_plan_participant(&request, participant, g_workspace,
                                    workspace_size, out ? &zero : nullptr, why);
  }
};

// The default table's first profile, opened.
const hetcast_profile* DefaultProfile() {
  static hetcast_profile profile;
  hetcast_profile_open(DefaultTable(), 0, &profile, nullptr);
  return &profile;
}

hetcast_status PlanSizes(const hetcast_request& r, const char** why) {
  hetcast_sizes sizes;
  return hetcast_plan_sizes(&r, &sizes, why);
}

// A node request of one type more than the default profile has, without
// costs, planned from that profile.
hetcast_status CostsFromNoProfile(const char** why) {
  hetcast_profile_info info;
  hetcast_profile_get_info(DefaultProfile(), &info, nullptr);
  static const uint64_t kMany[HETCAST_MAX_TYPES] = {1};
  const hetcast_node_request node = {nullptr, info.type_count + 1, 0, kMany,
                                     nullptr};
  hetcast_request r = {};
  r.node = &node;
  r.profiles = DefaultProfile();
  r.profile_count = 1;
  return PlanSizes(r, why);
}

// A node request of one more node of each type than the default profile's
// limits, pinned to the table.
hetcast_status TablePinnedPastTheLimits(const char** why) {
  hetcast_profile_info info;
  hetcast_profile_get_info(DefaultProfile(), &info, nullptr);
  static uint64_t counts[HETCAST_MAX_TYPES];
  for (size_t j = 0; j < info.type_count; ++j) {
    uint64_t limit = 0;
    hetcast_profile_type(DefaultProfile(), j, nullptr, nullptr, &limit,
                         nullptr);
    counts[j] = limit + 1;
  }
  const hetcast_node_request node = {nullptr, info.type_count, 0, counts,
                                     nullptr};
  hetcast_request r = {};
  r.algorithm = HETCAST_ALGORITHM_TABLE;
  r.node = &node;
  r.profiles = DefaultProfile();
  r.profile_count = 1;
  return PlanSizes(r, why);
}

hetcast_plan_output FullOutput() {
  return {g_nodes,      64, g_transfers, 64, g_tasks, 64,
          g_list_begin, 64, g_edges,     64, g_slots, 64};
}

// hetcast_plan's arguments: `model`'s small request, the whole workspace,
// FullOutput(), an info.
struct PlanArgs {
  hetcast_model model = HETCAST_MODEL_NODE;
  hetcast_plan_output output = FullOutput();
  bool output_given = true;  // False: output is NULL.
  bool info_given = true;    // False: info is NULL.

  hetcast_status Call(const char** why) const {
    const hetcast_node_request node = Node();
    const hetcast_nonblocking_request nonblocking = Nonblocking();
    const hetcast_graph_request graph = Graph();
    hetcast_request r = {};
    r.model = model;
    if (model == HETCAST_MODEL_NODE) r.node = &node;
    if (model == HETCAST_MODEL_NONBLOCKING) r.nonblocking = &nonblocking;
    if (model == HETCAST_MODEL_GRAPH) r.graph = &graph;
    hetcast_plan_info info;
    return hetcast_plan(&r, g_workspace, sizeof(g_workspace),
                        output_given ? &output : nullptr,
                        info_given ? &info : nullptr, why);
  }
};

}  // namespace

// hetcast_plan_sizes: the request's model, pin and profiles.
std::vector<WhyCase> PlannerSizeCases() {
  return {
      {"planner request NULL", HETCAST_INVALID_ARGUMENT, "request is NULL",
       [](const char** why) {
         hetcast_sizes sizes;
         return hetcast_plan_sizes(nullptr, &sizes, why);
       }},
      {"planner sizes NULL", HETCAST_INVALID_ARGUMENT, "sizes is NULL",
       [](const char** why) {
         const hetcast_request r = PlannerNode();
         return hetcast_plan_sizes(&r, nullptr, why);
       }},
      Broken("planner two models", HETCAST_INVALID_ARGUMENT, "exactly one",
             [](SizesArgs* a) {
               static const hetcast_cluster_request kCluster = Cluster();
               a->request.cluster = &kCluster;
             }),
      {"planner unknown non-blocking pin", HETCAST_INVALID_ARGUMENT,
       "the non-blocking model has no such algorithm (hetcast_model_algorithm "
       "lists its algorithms)",
       [](const char** why) {
         const hetcast_nonblocking_request nb = Nonblocking();
         hetcast_request r = {};
         r.model = HETCAST_MODEL_NONBLOCKING;
         r.algorithm = HETCAST_ALGORITHM_LCF;
         r.nonblocking = &nb;
         return PlanSizes(r, why);
       }},
      Broken(
          "planner node pin", HETCAST_INVALID_ARGUMENT, "FNF or TABLE",
          [](SizesArgs* a) { a->request.algorithm = HETCAST_ALGORITHM_LCF; }),
      Broken(
          "planner TABLE pinned", HETCAST_NOT_IN_TABLE, "pinned TABLE",
          [](SizesArgs* a) { a->request.algorithm = HETCAST_ALGORITHM_TABLE; }),
      Broken("planner profiles NULL", HETCAST_INVALID_ARGUMENT,
             "profiles is NULL",
             [](SizesArgs* a) { a->request.profile_count = 1; }),
      {"planner costs from no profile", HETCAST_INVALID_ARGUMENT,
       "no profile of the same type count", CostsFromNoProfile},
      {"planner TABLE pinned past the limits", HETCAST_NOT_IN_TABLE,
       "exceeds the limits", TablePinnedPastTheLimits},
  };
}

// hetcast_plan: its outputs, per model.
std::vector<WhyCase> PlannerPlanCases() {
  return {
      Broken("planner output NULL", HETCAST_INVALID_ARGUMENT, "output is NULL",
             [](PlanArgs* a) { a->output_given = false; }),
      Broken("planner info NULL", HETCAST_INVALID_ARGUMENT, "info is NULL",
             [](PlanArgs* a) { a->info_given = false; }),
      Broken("planner output nodes NULL", HETCAST_INVALID_ARGUMENT,
             "output nodes is NULL",
             [](PlanArgs* a) { a->output.nodes = nullptr; }),
      Broken("planner non-blocking output NULL", HETCAST_INVALID_ARGUMENT,
             "non-blocking plan: output tasks or list_begin is NULL",
             [](PlanArgs* a) {
               a->model = HETCAST_MODEL_NONBLOCKING;
               a->output.tasks = nullptr;
             }),
      Broken("planner non-blocking output too small", HETCAST_OUTPUT_TOO_SMALL,
             "holds fewer entries",
             [](PlanArgs* a) {
               a->model = HETCAST_MODEL_NONBLOCKING;
               a->output.task_capacity = 1;
             }),
      Broken("planner graph output NULL", HETCAST_INVALID_ARGUMENT,
             "graph plan: output",
             [](PlanArgs* a) {
               a->model = HETCAST_MODEL_GRAPH;
               a->output.slots = nullptr;
             }),
      Broken("planner graph output too small", HETCAST_OUTPUT_TOO_SMALL,
             "graph plan: output tree_edges or slots holds fewer",
             [](PlanArgs* a) {
               a->model = HETCAST_MODEL_GRAPH;
               a->output.slot_capacity = 0;
             }),
  };
}

// hetcast_plan_participant: the participant, the workspace and `out`.
std::vector<WhyCase> PlannerParticipantCases() {
  return {
      Broken("planner participant", HETCAST_INVALID_ARGUMENT, "participant",
             [](ParticipantArgs* a) { a->participant = 1000; }),
      Broken("planner participant out NULL", HETCAST_INVALID_ARGUMENT,
             "out is NULL", [](ParticipantArgs* a) { a->out = false; }),
      Broken("planner participant workspace", HETCAST_WORKSPACE_TOO_SMALL,
             "asked for", [](ParticipantArgs* a) { a->workspace_size = 8; }),
      Broken("planner participant capacity", HETCAST_OUTPUT_TOO_SMALL,
             "out's capacity", [](ParticipantArgs*) {}),
  };
}

}  // namespace testing
}  // namespace hetcast
