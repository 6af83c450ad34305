// why_nonblocking_cases.cc: the non-blocking model's refusals
// (why_cases.h), by the public function that gives them.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tests/planner/why_cases.h"

namespace hetcast {
namespace testing {
namespace {

// Three nodes, every cost 1, carrying `count` messages from `m`.
const uint64_t kThreeOnes[3] = {1, 1, 1};
const uint64_t kLinks3[9] = {0, 1, 1, 1, 0, 1, 1, 1, 0};
hetcast_nonblocking_request Nonblocking3(const hetcast_nonblocking_message* m,
                                         size_t count) {
  return {3, kThreeOnes, kThreeOnes, kThreeOnes, kThreeOnes, kLinks3, m, count};
}

const uint32_t kToOneTwo[2] = {1, 2};
const hetcast_nonblocking_message kToBoth = {0, 8, kToOneTwo, 2};

// hetcast_nonblocking_plan_sizes of Nonblocking() changed by a case.
struct SizesArgs {
  hetcast_nonblocking_request request = Nonblocking();

  hetcast_status Call(const char** why) const {
    hetcast_nonblocking_sizes sizes;
    return hetcast_nonblocking_plan_sizes(&request, &sizes, why);
  }
};

// hetcast_nonblocking_check of Nonblocking() changed by a case.
struct CheckArgs {
  hetcast_nonblocking_request request = Nonblocking();

  hetcast_status Call(const char** why) const {
    hetcast_nonblocking_rejection where;
    return hetcast_nonblocking_check(&request, nullptr, 0, &where, why);
  }
};

// hetcast_nonblocking_plan's arguments, all valid: Nonblocking(), WRP, the
// whole workspace, room for 64 tasks, an answer.
struct PlanArgs {
  hetcast_nonblocking_request request = Nonblocking();
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_WRP;
  size_t workspace_size = sizeof(g_workspace);
  size_t task_capacity = 64;
  bool answer = true;  // False: answer is NULL.

  hetcast_status Call(const char** why) const {
    hetcast_answer out;
    return hetcast_nonblocking_plan(&request, algorithm, g_workspace,
                                    workspace_size, g_tasks, task_capacity,
                                    g_list_begin, answer ? &out : nullptr, why);
  }
};

// hetcast_nonblocking_plan of three nodes carrying the one message `m`.
hetcast_status PlanMessage(hetcast_nonblocking_message m, const char** why) {
  PlanArgs args;
  args.request = Nonblocking3(&m, 1);
  return args.Call(why);
}

hetcast_nonblocking_task Send(uint32_t node, uint32_t partner,
                              uint32_t message = 0) {
  return {HETCAST_NONBLOCKING_SEND, node, partner, message, 0, 0, 0};
}

hetcast_nonblocking_task Recv(uint32_t node, uint32_t partner,
                              uint32_t message = 0) {
  return {HETCAST_NONBLOCKING_RECV, node, partner, message, 0, 0, 0};
}

hetcast_status EvaluateNonblocking(const hetcast_nonblocking_request& r,
                                   std::vector<hetcast_nonblocking_task> tasks,
                                   std::vector<size_t> list_begin,
                                   const char** why) {
  hetcast_answer answer;
  return hetcast_nonblocking_evaluate(&r, tasks.data(), tasks.size(),
                                      list_begin.data(), g_workspace,
                                      sizeof(g_workspace), &answer, why);
}

}  // namespace

// hetcast_nonblocking_plan_sizes: the request's shape and limits.
std::vector<WhyCase> NonblockingSizeCases() {
  return {
      {"non-blocking request NULL", HETCAST_INVALID_ARGUMENT, "request is NULL",
       [](const char** why) {
         hetcast_nonblocking_sizes sizes;
         return hetcast_nonblocking_plan_sizes(nullptr, &sizes, why);
       }},
      Broken("non-blocking one node", HETCAST_INVALID_ARGUMENT, "two nodes",
             [](SizesArgs* a) { a->request.node_count = 1; }),
      Broken("non-blocking no message", HETCAST_INVALID_ARGUMENT, "one message",
             [](SizesArgs* a) { a->request.message_count = 0; }),
      Broken("non-blocking array NULL", HETCAST_INVALID_ARGUMENT,
             "an array is NULL",
             [](SizesArgs* a) { a->request.recv_fixed = nullptr; }),
      Broken("non-blocking too many nodes", HETCAST_TOO_LARGE,
             "HETCAST_NONBLOCKING_MAX_NODES",
             [](SizesArgs* a) { a->request.node_count = 16385; }),
      Broken("non-blocking too many cells", HETCAST_TOO_LARGE,
             "HETCAST_NONBLOCKING_MAX_CELLS",
             [](SizesArgs* a) {
               a->request.node_count = 16384;
               a->request.message_count = 1025;
             }),
      // 12,000 nodes, one message to all others: T (T + K + N) is about
      // 2.9e8 > 2^28. hetcast_nonblocking_plan_sizes reads no cost and no
      // destination, so one-entry arrays stand in.
      Broken("non-blocking work", HETCAST_TOO_LARGE,
             "HETCAST_NONBLOCKING_MAX_WORK",
             [](SizesArgs* a) {
               static const hetcast_nonblocking_message kAll = {0, 8, kToOne,
                                                                11999};
               a->request.node_count = 12000;
               a->request.messages = &kAll;
             }),
  };
}

// hetcast_nonblocking_check and hetcast_nonblocking_lower_bound: the
// request's costs and lengths, the bound's output.
std::vector<WhyCase> NonblockingCheckCases() {
  return {
      Broken(
          "non-blocking check", HETCAST_INVALID_ARGUMENT, "at least one byte",
          [](CheckArgs* a) {
            static const hetcast_nonblocking_message kEmpty = {0, 0, kToOne, 1};
            a->request.messages = &kEmpty;
          }),
      Broken("non-blocking overhead", HETCAST_INVALID_ARGUMENT, "overhead",
             [](CheckArgs* a) {
               static const uint64_t kBig[2] = {uint64_t{1} << 41, 1};
               a->request.send_fixed = kBig;
             }),
      Broken("non-blocking link", HETCAST_INVALID_ARGUMENT, "link time",
             [](CheckArgs* a) {
               static const uint64_t kBig[4] = {0, uint64_t{1} << 41, 1, 0};
               a->request.link_per_byte = kBig;
             }),
      {"non-blocking bound past NEVER", HETCAST_OVERFLOW, "HETCAST_NEVER",
       [](const char** why) {
         static const hetcast_nonblocking_message kLong = {0, UINT64_MAX,
                                                           kToOne, 1};
         hetcast_nonblocking_request r = Nonblocking();
         r.messages = &kLong;
         uint64_t bound;
         return hetcast_nonblocking_lower_bound(
             &r, g_workspace, sizeof(g_workspace), &bound, why);
       }},
      {"non-blocking lower bound NULL", HETCAST_INVALID_ARGUMENT,
       "lower_bound is NULL",
       [](const char** why) {
         const hetcast_nonblocking_request r = Nonblocking();
         return hetcast_nonblocking_lower_bound(
             &r, g_workspace, sizeof(g_workspace), nullptr, why);
       }},
  };
}

// hetcast_nonblocking_plan: the messages' sources and destinations, the
// algorithm, the workspace and the outputs.
std::vector<WhyCase> NonblockingPlanCases() {
  return {
      Broken(
          "non-blocking source", HETCAST_INVALID_ARGUMENT, "source",
          [](PlanArgs* a) {
            static const hetcast_nonblocking_message kBad = {5, 8, kToOne, 1};
            a->request.messages = &kBad;
          }),
      {"non-blocking destinations NULL", HETCAST_INVALID_ARGUMENT,
       "destinations NULL",
       [](const char** why) {
         return PlanMessage({0, 8, nullptr, 1}, why);
       }},
      {"non-blocking no such destination", HETCAST_INVALID_ARGUMENT,
       "does not exist",
       [](const char** why) {
         static const uint32_t kFive[1] = {5};
         return PlanMessage({0, 8, kFive, 1}, why);
       }},
      {"non-blocking destination is source", HETCAST_INVALID_ARGUMENT,
       "message's source",
       [](const char** why) {
         static const uint32_t kZero[1] = {0};
         return PlanMessage({0, 8, kZero, 1}, why);
       }},
      {"non-blocking destination twice", HETCAST_INVALID_ARGUMENT,
       "listed twice",
       [](const char** why) {
         static const uint32_t kTwice[2] = {1, 1};
         return PlanMessage({0, 8, kTwice, 2}, why);
       }},
      Broken("non-blocking unknown algorithm", HETCAST_INVALID_ARGUMENT,
             "the non-blocking model has no such algorithm",
             [](PlanArgs* a) { a->algorithm = HETCAST_ALGORITHM_LCF; }),
      Broken("non-blocking workspace", HETCAST_WORKSPACE_TOO_SMALL,
             "hetcast_nonblocking_plan_sizes",
             [](PlanArgs* a) { a->workspace_size = 8; }),
      Broken("non-blocking tasks too few", HETCAST_OUTPUT_TOO_SMALL,
             "task_capacity", [](PlanArgs* a) { a->task_capacity = 1; }),
      Broken("non-blocking plan answer NULL", HETCAST_INVALID_ARGUMENT,
             "answer, tasks or list_begin",
             [](PlanArgs* a) { a->answer = false; }),
  };
}

// hetcast_nonblocking_evaluate: its outputs, then the schedule's rules.
std::vector<WhyCase> NonblockingEvaluateCases() {
  return {
      {"non-blocking evaluate answer NULL", HETCAST_INVALID_ARGUMENT,
       "answer or list_begin",
       [](const char** why) {
         const hetcast_nonblocking_request r = Nonblocking();
         return hetcast_nonblocking_evaluate(&r, g_tasks, 0, g_list_begin,
                                             g_workspace, sizeof(g_workspace),
                                             nullptr, why);
       }},
      {"non-blocking evaluate count", HETCAST_INVALID_SCHEDULE, "task_count",
       [](const char** why) {
         return EvaluateNonblocking(Nonblocking(), {Send(0, 1)}, {0, 1, 1},
                                    why);
       }},
      {"non-blocking evaluate partner", HETCAST_INVALID_SCHEDULE,
       "another node's list",
       [](const char** why) {
         return EvaluateNonblocking(Nonblocking(), {Send(0, 5), Recv(1, 0)},
                                    {0, 1, 2}, why);
       }},
      {"non-blocking evaluate not a destination", HETCAST_INVALID_SCHEDULE,
       "not its destination",
       [](const char** why) {
         return EvaluateNonblocking(Nonblocking3(&kMessage, 1),
                                    {Send(0, 2), Recv(1, 0)}, {0, 1, 2, 2},
                                    why);
       }},
      {"non-blocking evaluate twice", HETCAST_INVALID_SCHEDULE, "listed twice",
       [](const char** why) {
         return EvaluateNonblocking(
             Nonblocking3(&kToBoth, 1),
             {Send(0, 1), Send(0, 1), Recv(1, 0), Recv(2, 0)}, {0, 2, 3, 4},
             why);
       }},
      {"non-blocking evaluate mismatched pair", HETCAST_INVALID_SCHEDULE,
       "different senders",
       [](const char** why) {
         return EvaluateNonblocking(
             Nonblocking3(&kToBoth, 1),
             {Send(0, 1), Send(0, 2), Recv(1, 0), Recv(2, 1)}, {0, 2, 3, 4},
             why);
       }},
      {"non-blocking evaluate relay too early", HETCAST_INVALID_SCHEDULE,
       "before its own receive",
       [](const char** why) {
         return EvaluateNonblocking(
             Nonblocking3(&kToBoth, 1),
             {Send(0, 1), Send(1, 2), Recv(1, 0), Recv(2, 1)}, {0, 1, 3, 4},
             why);
       }},
      {"non-blocking evaluate deadlock", HETCAST_INVALID_SCHEDULE, "deadlock",
       [](const char** why) {
         static const uint32_t kToZero[1] = {0};
         static const hetcast_nonblocking_message kTwo[2] = {
             {0, 8, kToOne, 1}, {1, 8, kToZero, 1}};
         hetcast_nonblocking_request r = Nonblocking();
         r.messages = kTwo;
         r.message_count = 2;
         return EvaluateNonblocking(
             r, {Recv(0, 1, 1), Send(0, 1), Recv(1, 0), Send(1, 0, 1)},
             {0, 2, 4}, why);
       }},
  };
}

}  // namespace testing
}  // namespace hetcast
