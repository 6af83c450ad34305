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

WhyCase SizesCase(const char* name, hetcast_status status, const char* names,
                  void (*change)(SizesArgs*)) {
  return Broken(name, status, names, change);
}

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

hetcast_status PlanWith(const hetcast_request& r, hetcast_plan_output out,
                        const char** why) {
  hetcast_plan_info info;
  return hetcast_plan(&r, g_workspace, sizeof(g_workspace), &out, &info, why);
}

hetcast_plan_output FullOutput() {
  return {g_nodes,      64, g_transfers, 64, g_tasks, 64,
          g_list_begin, 64, g_edges,     64, g_slots, 64};
}

// hetcast_plan of `model`'s small request into FullOutput() changed by
// `damage`.
hetcast_status PlanDamaged(hetcast_model model,
                           void (*damage)(hetcast_plan_output*),
                           const char** why) {
  const hetcast_node_request node = Node();
  const hetcast_nonblocking_request nonblocking = Nonblocking();
  const hetcast_graph_request graph = Graph();
  hetcast_request r = {};
  r.model = model;
  if (model == HETCAST_MODEL_NODE) r.node = &node;
  if (model == HETCAST_MODEL_NONBLOCKING) r.nonblocking = &nonblocking;
  if (model == HETCAST_MODEL_GRAPH) r.graph = &graph;
  hetcast_plan_output out = FullOutput();
  damage(&out);
  return PlanWith(r, out, why);
}

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
      SizesCase("planner two models", HETCAST_INVALID_ARGUMENT, "exactly one",
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
      SizesCase(
          "planner node pin", HETCAST_INVALID_ARGUMENT, "FNF or TABLE",
          [](SizesArgs* a) { a->request.algorithm = HETCAST_ALGORITHM_LCF; }),
      SizesCase(
          "planner TABLE pinned", HETCAST_NOT_IN_TABLE, "pinned TABLE",
          [](SizesArgs* a) { a->request.algorithm = HETCAST_ALGORITHM_TABLE; }),
      SizesCase("planner profiles NULL", HETCAST_INVALID_ARGUMENT,
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
      {"planner output NULL", HETCAST_INVALID_ARGUMENT, "output is NULL",
       [](const char** why) {
         const hetcast_request r = PlannerNode();
         hetcast_plan_info info;
         return hetcast_plan(&r, g_workspace, sizeof(g_workspace), nullptr,
                             &info, why);
       }},
      {"planner info NULL", HETCAST_INVALID_ARGUMENT, "info is NULL",
       [](const char** why) {
         const hetcast_request r = PlannerNode();
         const hetcast_plan_output out = FullOutput();
         return hetcast_plan(&r, g_workspace, sizeof(g_workspace), &out,
                             nullptr, why);
       }},
      {"planner output nodes NULL", HETCAST_INVALID_ARGUMENT,
       "output nodes is NULL",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_NODE,
             [](hetcast_plan_output* o) { o->nodes = nullptr; }, why);
       }},
      {"planner non-blocking output NULL", HETCAST_INVALID_ARGUMENT,
       "non-blocking plan: output tasks or list_begin is NULL",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_NONBLOCKING,
             [](hetcast_plan_output* o) { o->tasks = nullptr; }, why);
       }},
      {"planner non-blocking output too small", HETCAST_OUTPUT_TOO_SMALL,
       "holds fewer entries",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_NONBLOCKING,
             [](hetcast_plan_output* o) { o->task_capacity = 1; }, why);
       }},
      {"planner graph output NULL", HETCAST_INVALID_ARGUMENT,
       "graph plan: output",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_GRAPH,
             [](hetcast_plan_output* o) { o->slots = nullptr; }, why);
       }},
      {"planner graph output too small", HETCAST_OUTPUT_TOO_SMALL,
       "graph plan: output tree_edges or slots holds fewer",
       [](const char** why) {
         return PlanDamaged(
             HETCAST_MODEL_GRAPH,
             [](hetcast_plan_output* o) { o->slot_capacity = 0; }, why);
       }},
  };
}

// hetcast_plan_participant: the participant, the workspace and `out`.
std::vector<WhyCase> PlannerParticipantCases() {
  return {
      {"planner participant", HETCAST_INVALID_ARGUMENT, "participant",
       [](const char** why) {
         const hetcast_request r = PlannerNode();
         hetcast_participant out = {};
         return hetcast_plan_participant(&r, 1000, g_workspace,
                                         sizeof(g_workspace), &out, why);
       }},
      {"planner participant out NULL", HETCAST_INVALID_ARGUMENT, "out is NULL",
       [](const char** why) {
         const hetcast_request r = PlannerNode();
         return hetcast_plan_participant(&r, 0, g_workspace,
                                         sizeof(g_workspace), nullptr, why);
       }},
      {"planner participant workspace", HETCAST_WORKSPACE_TOO_SMALL,
       "asked for",
       [](const char** why) {
         const hetcast_request r = PlannerNode();
         hetcast_participant out = {};
         return hetcast_plan_participant(&r, 0, g_workspace, 8, &out, why);
       }},
      {"planner participant capacity", HETCAST_OUTPUT_TOO_SMALL,
       "out's capacity",
       [](const char** why) {
         const hetcast_request r = PlannerNode();
         hetcast_participant out = {};
         return hetcast_plan_participant(&r, 0, g_workspace,
                                         sizeof(g_workspace), &out, why);
       }},
  };
}

}  // namespace testing
}  // namespace hetcast
