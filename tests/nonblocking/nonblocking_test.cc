// nonblocking_test.cc: the non-blocking model (Wu, Yeh & Liu):
// the evaluator on hand-derived and invalid task lists, FEF/ECF/WR judged by
// the evaluator (its replay must reproduce the planner's times exactly),
// the lower bound, and ECF = WR for a single source (§5.1).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/nonblocking/nonblocking_test_util.h"
#include "tests/oracles/nonblocking_full_scan.h"
#include "tests/oracles/nonblocking_search.h"
#include "tools/cli/plan_nonblocking.h"

namespace hetcast {
namespace testing {
namespace {

// A request that owns its arrays (the CLI's type).
using Instance = NonblockingRequest;

Instance Random(std::mt19937_64& rng, uint32_t n, uint32_t sources,
                bool uniform_link) {
  Instance in;
  for (uint32_t v = 0; v < n; ++v) {
    in.send_fixed.push_back(80 + rng() % 321);
    in.send_per_byte.push_back(rng() % 10);
    in.recv_fixed.push_back(80 + rng() % 321);
    in.recv_per_byte.push_back(rng() % 10);
  }
  const uint64_t x = 8 + rng() % 50;
  for (size_t c = 0; c < static_cast<size_t>(n) * n; ++c) {
    in.link.push_back(uniform_link ? x : 8 + rng() % 50);
  }
  for (uint32_t s = 0; s < sources; ++s) {
    const uint32_t source = static_cast<uint32_t>(rng() % n);
    std::vector<uint32_t> dests;
    for (uint32_t v = 0; v < n; ++v) {
      if (v != source && rng() % 3 != 0) dests.push_back(v);
    }
    in.destinations.push_back(dests);
    in.messages.push_back(
        hetcast_nonblocking_message{source, 1 + rng() % 2000, nullptr, 0});
  }
  in.Finish();
  return in;
}

struct NonblockingRun {
  hetcast_status status = HETCAST_OK;
  hetcast_answer answer = {};
  std::vector<hetcast_nonblocking_task> tasks;
  std::vector<size_t> begin;
};

NonblockingRun Plan(const Instance& in, hetcast_algorithm algorithm) {
  NonblockingRun run;
  hetcast_nonblocking_sizes sizes;
  run.status = hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr);
  if (run.status != HETCAST_OK) return run;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  run.tasks.resize(sizes.task_count);
  run.begin.resize(in.request.node_count + 1);
  run.status = hetcast_nonblocking_plan(&in.request, algorithm,
                                        workspace.data(), workspace.size(),
                                        run.tasks.data(), run.tasks.size(),
                                        run.begin.data(), &run.answer, nullptr);
  return run;
}

NonblockingRun Evaluate(const Instance& in,
                        std::vector<hetcast_nonblocking_task> tasks,
                        std::vector<size_t> begin) {
  NonblockingRun run;
  hetcast_nonblocking_sizes sizes;
  run.status = hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr);
  if (run.status != HETCAST_OK) return run;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  run.tasks = std::move(tasks);
  run.begin = std::move(begin);
  run.status = hetcast_nonblocking_evaluate(
      &in.request, run.tasks.data(), run.tasks.size(), run.begin.data(),
      workspace.data(), workspace.size(), &run.answer, nullptr);
  return run;
}

hetcast_nonblocking_task Send(uint32_t v, uint32_t to, uint32_t m) {
  return hetcast_nonblocking_task{HETCAST_NONBLOCKING_SEND, v, to, m, 0, 0, 0};
}
hetcast_nonblocking_task Recv(uint32_t v, uint32_t from, uint32_t m) {
  return hetcast_nonblocking_task{
      HETCAST_NONBLOCKING_RECV, v, from, m, 0, 0, 0};
}

TEST(NonblockingEvaluator, TimesAHandDerivedSchedule) {
  // 0 sends a 10-byte message to 1 and 2: S = 5, X = 1/byte, R = 3.
  // send to 1: [0, 5), arrives 15; send to 2: [5, 10), arrives 20;
  // 1 finishes at 18, 2 at 23.
  Instance in = UniformNonblockingRequest(3, 5, 3, 1);
  in.destinations = {{1, 2}};
  in.messages = {hetcast_nonblocking_message{0, 10, nullptr, 0}};
  in.Finish();
  const NonblockingRun run =
      Evaluate(in, {Send(0, 1, 0), Send(0, 2, 0), Recv(1, 0, 0), Recv(2, 0, 0)},
               {0, 2, 3, 4});
  ASSERT_EQ(run.status, HETCAST_OK);
  EXPECT_EQ(run.answer.completion_time, 23u);
  EXPECT_EQ(run.tasks[1].start, 5u);
  EXPECT_EQ(run.tasks[1].arrival, 20u);
  EXPECT_EQ(run.tasks[2].end, 18u);
  // Relay instead: 1 forwards to 2 after receiving (18): send [18, 23),
  // arrives 33, 2 finishes at 36.
  const NonblockingRun relay =
      Evaluate(in, {Send(0, 1, 0), Recv(1, 0, 0), Send(1, 2, 0), Recv(2, 1, 0)},
               {0, 1, 3, 4});
  ASSERT_EQ(relay.status, HETCAST_OK);
  EXPECT_EQ(relay.answer.completion_time, 36u);
  // Lower bound: the source's copies arrive at 15 and 20 at the earliest,
  // so 20 + 3 = 23 (nonblocking_lower_bound_test.cc): the star is optimal.
  EXPECT_EQ(run.answer.lower_bound, 23u);
  EXPECT_EQ(run.answer.lower_bound_kind,
            HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH);
  EXPECT_EQ(run.answer.exact, 1);
}

TEST(NonblockingEvaluator, RejectsInvalidTaskLists) {
  Instance in = UniformNonblockingRequest(4, 5, 3, 1);
  in.destinations = {{1, 2}, {0}};
  in.messages = {hetcast_nonblocking_message{0, 10, nullptr, 0},
                 hetcast_nonblocking_message{3, 10, nullptr, 0}};
  in.Finish();
  const std::vector<hetcast_nonblocking_task> good = {
      Send(0, 1, 0), Send(0, 2, 0), Recv(0, 3, 1),
      Recv(1, 0, 0), Recv(2, 0, 0), Send(3, 0, 1)};
  const std::vector<size_t> begin = {0, 3, 4, 5, 6};
  EXPECT_EQ(Evaluate(in, good, begin).status, HETCAST_OK);
  // Node 3 is not a destination of message 0.
  EXPECT_EQ(Evaluate(in,
                     {Send(0, 1, 0), Send(0, 3, 0), Recv(0, 3, 1),
                      Recv(1, 0, 0), Recv(3, 0, 0), Send(3, 0, 1)},
                     {0, 3, 4, 4, 6})
                .status,
            HETCAST_INVALID_SCHEDULE);
  // A relay before its own receive (1 sends message 0 first).
  EXPECT_EQ(Evaluate(in,
                     {Send(0, 1, 0), Recv(0, 3, 1), Send(1, 2, 0),
                      Recv(1, 0, 0), Recv(2, 1, 0), Send(3, 0, 1)},
                     {0, 2, 4, 5, 6})
                .status,
            HETCAST_INVALID_SCHEDULE);
  // Deadlock: 0 waits for message 1 before sending message 0, and 3 waits?
  // Here: 0 = [recv m1, send m0 to 1, send m0 to 2], 3 = [send m1] runs, so
  // no deadlock; make 3 wait for something that needs 0 first instead:
  // two nodes each receiving before sending to the other.
  Instance cyc = UniformNonblockingRequest(2, 5, 3, 1);
  cyc.destinations = {{1}, {0}};
  cyc.messages = {hetcast_nonblocking_message{0, 10, nullptr, 0},
                  hetcast_nonblocking_message{1, 10, nullptr, 0}};
  cyc.Finish();
  EXPECT_EQ(
      Evaluate(cyc,
               {Recv(0, 1, 1), Send(0, 1, 0), Recv(1, 0, 0), Send(1, 0, 1)},
               {0, 2, 4})
          .status,
      HETCAST_INVALID_SCHEDULE);
  EXPECT_EQ(
      Evaluate(cyc,
               {Send(0, 1, 0), Recv(0, 1, 1), Recv(1, 0, 0), Send(1, 0, 1)},
               {0, 2, 4})
          .status,
      HETCAST_OK);
  // A destination left out / a task under the wrong node.
  EXPECT_EQ(Evaluate(cyc, {Send(0, 1, 0), Recv(1, 0, 0)}, {0, 1, 2}).status,
            HETCAST_INVALID_SCHEDULE);
  EXPECT_EQ(
      Evaluate(cyc,
               {Send(1, 1, 0), Recv(0, 1, 1), Recv(1, 0, 0), Send(1, 0, 1)},
               {0, 2, 4})
          .status,
      HETCAST_INVALID_SCHEDULE);
}

TEST(NonblockingRequest, BadRequestsAreRejected) {
  Instance in = UniformNonblockingRequest(3, 5, 3, 1);
  in.destinations = {{1, 1}};  // Duplicate destination.
  in.messages = {hetcast_nonblocking_message{0, 10, nullptr, 0}};
  in.Finish();
  EXPECT_EQ(Plan(in, HETCAST_ALGORITHM_ECF).status, HETCAST_INVALID_ARGUMENT);
  in.destinations = {{0, 1}};  // Destination equal to the source.
  in.Finish();
  EXPECT_EQ(Plan(in, HETCAST_ALGORITHM_ECF).status, HETCAST_INVALID_ARGUMENT);
  in.destinations = {{7}};  // Unknown node.
  in.Finish();
  EXPECT_EQ(Plan(in, HETCAST_ALGORITHM_ECF).status, HETCAST_INVALID_ARGUMENT);
  in.destinations = {{1}};
  in.messages[0].length = 0;  // Zero-length message.
  in.Finish();
  EXPECT_EQ(Plan(in, HETCAST_ALGORITHM_ECF).status, HETCAST_INVALID_ARGUMENT);
}

// hetcast_nonblocking_check's verdict on `in`: the status and what it names.
struct Verdict {
  hetcast_status status;
  hetcast_nonblocking_rejection rejection;
  const char* why = nullptr;
};
Verdict Check(const Instance& in) {
  hetcast_nonblocking_sizes sizes;
  std::vector<unsigned char> workspace;
  if (hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr) ==
      HETCAST_OK) {
    workspace.resize(sizes.workspace_bytes);
  }
  Verdict v;
  v.rejection = hetcast_nonblocking_rejection{99, 99, 99};
  v.status = hetcast_nonblocking_check(
      &in.request, workspace.empty() ? nullptr : workspace.data(),
      workspace.size(), &v.rejection, &v.why);
  return v;
}

TEST(NonblockingRequest, CheckNamesTheFieldAndIndexThatFailed) {
  Instance in = UniformNonblockingRequest(4, 5, 3, 1);
  in.destinations = {{1, 2}, {3, 1, 3}};  // messages[1].destinations[2].
  in.messages = {hetcast_nonblocking_message{0, 10, nullptr, 0},
                 hetcast_nonblocking_message{2, 10, nullptr, 0}};
  in.Finish();
  Verdict v = Check(in);
  EXPECT_EQ(v.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(v.rejection.field, HETCAST_NONBLOCKING_FIELD_DESTINATION);
  EXPECT_EQ(v.rejection.index, 1u);
  EXPECT_EQ(v.rejection.item, 2u);
  EXPECT_STREQ(v.why, "the node is listed twice");
  // The plan refuses the same request (the check is the plan's own).
  EXPECT_EQ(Plan(in, HETCAST_ALGORITHM_WRP).status, HETCAST_INVALID_ARGUMENT);

  in.destinations[1] = {3, 1};
  in.messages[1].source = 4;  // No node 4.
  in.Finish();
  v = Check(in);
  EXPECT_EQ(v.rejection.field, HETCAST_NONBLOCKING_FIELD_SOURCE);
  EXPECT_EQ(v.rejection.index, 1u);

  in.messages[1].source = 2;
  in.recv_per_byte[3] = HETCAST_MAX_COST;  // At the limit: accepted.
  in.Finish();
  EXPECT_EQ(Check(in).status, HETCAST_OK);
  in.recv_per_byte[3] = HETCAST_MAX_COST + 1;
  in.Finish();
  v = Check(in);
  EXPECT_EQ(v.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(v.rejection.field, HETCAST_NONBLOCKING_FIELD_NODE);
  EXPECT_EQ(v.rejection.index, 3u);
  EXPECT_EQ(Plan(in, HETCAST_ALGORITHM_FEF).status, HETCAST_INVALID_ARGUMENT);
  // plan_sizes reads the request's shape only.
  hetcast_nonblocking_sizes sizes;
  EXPECT_EQ(hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr),
            HETCAST_OK);

  in.recv_per_byte[3] = 0;
  in.link[2 * 4 + 1] = HETCAST_MAX_COST + 1;  // X(2, 1).
  in.Finish();
  v = Check(in);
  EXPECT_EQ(v.rejection.field, HETCAST_NONBLOCKING_FIELD_LINK);
  EXPECT_EQ(v.rejection.index, 9u);

  Instance one = UniformNonblockingRequest(1, 5, 3, 1);
  one.destinations = {{}};
  one.messages = {hetcast_nonblocking_message{0, 10, nullptr, 0}};
  one.Finish();
  v = Check(one);
  EXPECT_EQ(v.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(v.rejection.field, HETCAST_NONBLOCKING_FIELD_NODE_COUNT);
}

TEST(NonblockingRequest, LimitsAreExact) {
  // hetcast.h's limits, each at its value (accepted) and one past it
  // (HETCAST_TOO_LARGE). plan_sizes reads only the request's shape, so the
  // node arrays and the link matrix stay short here.
  const uint64_t zero[1] = {0};
  std::vector<std::vector<uint32_t>> dests;
  std::vector<hetcast_nonblocking_message> messages;
  hetcast_nonblocking_request r = {};
  auto shape = [&](size_t n, std::vector<size_t> counts) {
    dests.assign(counts.size(), {});
    messages.assign(counts.size(),
                    hetcast_nonblocking_message{0, 1, nullptr, 0});
    for (size_t m = 0; m < counts.size(); ++m) {
      for (uint32_t v = 1; v <= counts[m]; ++v) dests[m].push_back(v);
      messages[m].destinations = dests[m].data();
      messages[m].destination_count = counts[m];
    }
    r.node_count = n;
    r.send_fixed = r.send_per_byte = r.recv_fixed = r.recv_per_byte = zero;
    r.link_per_byte = zero;
    r.messages = messages.data();
    r.message_count = messages.size();
    hetcast_nonblocking_sizes sizes;
    return hetcast_nonblocking_plan_sizes(&r, &sizes, nullptr);
  };
  EXPECT_EQ(shape(HETCAST_NONBLOCKING_MAX_NODES, {1}), HETCAST_OK);
  EXPECT_EQ(shape(HETCAST_NONBLOCKING_MAX_NODES + 1, {1}), HETCAST_TOO_LARGE);
  // K * N = 4096 * 4096 = HETCAST_NONBLOCKING_MAX_CELLS.
  EXPECT_EQ(shape(4096, std::vector<size_t>(4096, 0)), HETCAST_OK);
  EXPECT_EQ(shape(4096, std::vector<size_t>(4097, 0)), HETCAST_TOO_LARGE);
  EXPECT_EQ(shape(4097, std::vector<size_t>(4096, 0)), HETCAST_TOO_LARGE);
  // The link matrix of the most nodes has 2^28 entries.
  static_assert(
      uint64_t{HETCAST_NONBLOCKING_MAX_NODES} * HETCAST_NONBLOCKING_MAX_NODES ==
          uint64_t{1} << 28,
      "N * N link entries at most 2^28");
  // T (T + K + N) ceil(K / N) at N = 16,384, K = 2: 10,125 * 26,511 =
  // 268,423,875 <= 2^28 = 268,435,456 < 10,126 * 26,512 = 268,460,512.
  EXPECT_EQ(shape(16384, {5063, 5062}), HETCAST_OK);
  EXPECT_EQ(shape(16384, {5063, 5063}), HETCAST_TOO_LARGE);
  // K = 3 with the same T: 10,125 * 26,512 = 268,434,000 still fits.
  EXPECT_EQ(shape(16384, {5063, 5062, 0}), HETCAST_OK);
  // With more messages than nodes, ceil(K / N) = 2: T = 8192, K = 5192,
  // N = 3000: 8192 * (8192 + 5192 + 3000) * 2 = 2^28.
  auto counts = [](size_t extra, size_t zeros) {
    std::vector<size_t> c = {2730, 2731, 2731 + extra};
    c.resize(c.size() + zeros, 0);
    return c;
  };
  EXPECT_EQ(shape(3000, counts(0, 5189)), HETCAST_OK);
  EXPECT_EQ(shape(3000, counts(1, 5189)), HETCAST_TOO_LARGE);
  EXPECT_EQ(shape(3000, counts(0, 5190)), HETCAST_TOO_LARGE);
  // The cases: a 4096-node broadcast is accepted (and now quick);
  // an all-to-all of 128 nodes is the largest accepted, 129 is refused.
  EXPECT_EQ(shape(4096, {4095}), HETCAST_OK);
  EXPECT_EQ(shape(11585, {11584}), HETCAST_OK);
  EXPECT_EQ(shape(11586, {11585}), HETCAST_TOO_LARGE);
  EXPECT_EQ(shape(128, std::vector<size_t>(128, 127)), HETCAST_OK);
  EXPECT_EQ(shape(129, std::vector<size_t>(129, 128)), HETCAST_TOO_LARGE);
  // Planning checks the same limits.
  shape(HETCAST_NONBLOCKING_MAX_NODES + 1, {1});
  hetcast_nonblocking_task task[2];
  size_t begin[1];
  hetcast_answer answer;
  unsigned char workspace[16];
  EXPECT_EQ(hetcast_nonblocking_plan(&r, HETCAST_ALGORITHM_ECF, workspace,
                                     sizeof(workspace), task, 2, begin, &answer,
                                     nullptr),
            HETCAST_TOO_LARGE);
}

// Times of this model are exact in 64 bits; HETCAST_NEVER = 2^64 - 1 is
// reserved (hetcast.h), so 2^64 - 2 is the latest accepted time.
constexpr uint64_t kLatest = HETCAST_NEVER - 1;

// Every answer of `in`: the status of each algorithm, of the evaluator on
// `tasks`/`begin` and of the lower bound must be `status`; on HETCAST_OK
// each completion and bound must be `time`.
void ExpectEveryAnswer(const Instance& in,
                       std::vector<hetcast_nonblocking_task> tasks,
                       std::vector<size_t> begin, hetcast_status status,
                       uint64_t time) {
  for (const hetcast_algorithm a :
       {HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
        HETCAST_ALGORITHM_WRP}) {
    const NonblockingRun plan = Plan(in, a);
    ASSERT_EQ(plan.status, status) << a;
    if (status == HETCAST_OK) {
      EXPECT_EQ(plan.answer.completion_time, time) << a;
      EXPECT_EQ(plan.answer.lower_bound, time) << a;
    }
  }
  const NonblockingRun run = Evaluate(in, std::move(tasks), std::move(begin));
  ASSERT_EQ(run.status, status);
  if (status == HETCAST_OK) {
    EXPECT_EQ(run.answer.completion_time, time);
  }
  hetcast_nonblocking_sizes sizes;
  ASSERT_EQ(hetcast_nonblocking_plan_sizes(&in.request, &sizes, nullptr),
            HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  uint64_t bound = 0;
  ASSERT_EQ(hetcast_nonblocking_lower_bound(&in.request, workspace.data(),
                                            workspace.size(), &bound, nullptr),
            status);
  if (status == HETCAST_OK) {
    EXPECT_EQ(bound, time);
  }
}

// Node 0 sends one message of length L to node 1. Every part of Eqs. 3-4
// counts: the completion is S(0, L) + X(0, 1) L + R(1, L) = send_fixed +
// (send_per_byte + link + recv_per_byte) L + recv_fixed, every algorithm's,
// the evaluator's and the lower bound's (the one path 0 -> 1).
struct Transfer {
  uint64_t send_fixed = 0, send_per_byte = 0, link = 0, recv_per_byte = 0;
  uint64_t recv_fixed = 0, length = 1;
};

void ExpectOneTransfer(const Transfer& t, hetcast_status status,
                       uint64_t time) {
  Instance in = UniformNonblockingRequest(2, 0, 0, 0);
  in.send_fixed[0] = t.send_fixed;
  in.send_per_byte[0] = t.send_per_byte;
  in.link[1] = t.link;  // 0 -> 1
  in.recv_per_byte[1] = t.recv_per_byte;
  in.recv_fixed[1] = t.recv_fixed;
  in.destinations = {{1}};
  in.messages = {hetcast_nonblocking_message{0, t.length, nullptr, 0}};
  in.Finish();
  ExpectEveryAnswer(in, {Send(0, 1, 0), Recv(1, 0, 0)}, {0, 1, 2}, status,
                    time);
}

TEST(NonblockingTimes, CompletionAtTwoToTheSixtyFourIsExact) {
  // 2^24 = 3 * 5592405 + 1, so 3 * 2^40 * 5592405 = 2^64 - 2^40; with
  // 2^39 + (2^39 - 2) more the completion is 2^64 - 2: accepted.
  Transfer t;
  t.send_per_byte = t.link = t.recv_per_byte = HETCAST_MAX_COST;
  t.length = 5592405;
  t.send_fixed = uint64_t{1} << 39;
  t.recv_fixed = (uint64_t{1} << 39) - 2;
  ExpectOneTransfer(t, HETCAST_OK, kLatest);
  // One tick more is 2^64 - 1 = HETCAST_NEVER: refused.
  t.recv_fixed += 1;
  ExpectOneTransfer(t, HETCAST_OVERFLOW, 0);
  // And one more wraps 64 bits to 0: refused, never small.
  t.recv_fixed += 1;
  ExpectOneTransfer(t, HETCAST_OVERFLOW, 0);
}

TEST(NonblockingTimes, PerByteCostTimesLengthIsExact) {
  Transfer t;
  t.send_per_byte = HETCAST_MAX_COST;
  // 2^40 * (2^24 - 1) = 2^64 - 2^40 fits; 2^40 * 2^24 wraps to 0 and
  // 2^40 * (2^24 + 1) to 2^40: both refused, never small.
  t.length = (uint64_t{1} << 24) - 1;
  ExpectOneTransfer(t, HETCAST_OK, HETCAST_NEVER - (HETCAST_MAX_COST - 1));
  t.length = uint64_t{1} << 24;
  ExpectOneTransfer(t, HETCAST_OVERFLOW, 0);
  t.length = (uint64_t{1} << 24) + 1;
  ExpectOneTransfer(t, HETCAST_OVERFLOW, 0);
  // The longest messages at one tick per byte of link time.
  t = Transfer();
  t.link = 1;
  t.length = kLatest;
  ExpectOneTransfer(t, HETCAST_OK, kLatest);
  t.length = HETCAST_NEVER;
  ExpectOneTransfer(t, HETCAST_OVERFLOW, 0);
}

TEST(NonblockingTimes, SerialReceivesAtTwoToTheSixtyFourAreExact) {
  // Nodes 0 and 1 each send one message to node 2, which receives them one
  // after the other: completion 2 R, R = recv_fixed + 2^40 (2^23 - 1) =
  // recv_fixed + 2^63 - 2^40 (S = X = 0). The lower bound is 2 R too (both
  // arrive at 0). recv_fixed = 2^40 - 1 gives 2^64 - 2; 2^40 gives 2^64.
  for (const uint64_t fixed : {HETCAST_MAX_COST - 1, HETCAST_MAX_COST}) {
    Instance in = UniformNonblockingRequest(3, 0, 0, 0);
    in.recv_fixed[2] = fixed;
    in.recv_per_byte[2] = HETCAST_MAX_COST;
    in.destinations = {{2}, {2}};
    const uint64_t length = (uint64_t{1} << 23) - 1;
    in.messages = {hetcast_nonblocking_message{0, length, nullptr, 0},
                   hetcast_nonblocking_message{1, length, nullptr, 0}};
    in.Finish();
    const bool fits = fixed < HETCAST_MAX_COST;
    ExpectEveryAnswer(
        in, {Send(0, 2, 0), Send(1, 2, 1), Recv(2, 0, 0), Recv(2, 1, 1)},
        {0, 1, 2, 4}, fits ? HETCAST_OK : HETCAST_OVERFLOW, kLatest);
  }
}

TEST(NonblockingTimes, TwoSendsAtTwoToTheSixtyFourAreExact) {
  // Node 0 sends to 1 and 2 (R = X = 0), S(0) = s = send_fixed + 2^40
  // (2^23 - 1); a relay's send costs 2^63, so the best schedule sends
  // twice from 0 and ends at 2 s, which is also the postal-growth bound
  // (the source's slots s and 2 s). s = 2^63 - 1 gives 2^64 - 2; one tick
  // more gives 2^64.
  for (const uint64_t fixed : {HETCAST_MAX_COST - 1, HETCAST_MAX_COST}) {
    Instance in = UniformNonblockingRequest(3, HETCAST_MAX_COST, 0, 0);
    for (uint64_t& x : in.send_per_byte) x = HETCAST_MAX_COST;
    in.send_fixed[0] = fixed;
    in.destinations = {{1, 2}};
    in.messages = {
        hetcast_nonblocking_message{0, (uint64_t{1} << 23) - 1, nullptr, 0}};
    in.Finish();
    const bool fits = fixed < HETCAST_MAX_COST;
    ExpectEveryAnswer(
        in, {Send(0, 1, 0), Send(0, 2, 0), Recv(1, 0, 0), Recv(2, 0, 0)},
        {0, 2, 3, 4}, fits ? HETCAST_OK : HETCAST_OVERFLOW, kLatest);
    if (fits) {
      EXPECT_EQ(Plan(in, HETCAST_ALGORITHM_ECF).answer.lower_bound_kind,
                HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH);
    }
  }
}

TEST(NonblockingTimes, WorkRacingTiesCompareReceiveCostsPast64Bits) {
  // WR's "fastest" receiver is the least R(v, L), L the longest message
  // (2^40 here, which only node 3 receives, at R = 0). Nodes 1 and 2 tie in
  // virtual work; R(1, L) = 2^80 and R(2, L) = 2^80 - 2^40 both pass 64
  // bits, yet node 2 is faster and is served first. By hand (S(0) = 1,
  // X = 0): 0 -> 3 on [0, 1); 0 -> 2 on [1, 2), 2 ends at 2 + 2^40 - 1;
  // 0 -> 1 on [2, 3), 1 ends at 3 + 2^40. Serving 1 first would end at
  // 2 + 2^40.
  Instance in = UniformNonblockingRequest(4, 0, 0, 0);
  in.send_fixed[0] = 1;
  in.recv_per_byte[1] = HETCAST_MAX_COST;
  in.recv_per_byte[2] = HETCAST_MAX_COST - 1;
  in.destinations = {{3}, {1, 2}};
  in.messages = {hetcast_nonblocking_message{0, HETCAST_MAX_COST, nullptr, 0},
                 hetcast_nonblocking_message{0, 1, nullptr, 0}};
  in.Finish();
  for (const hetcast_algorithm a :
       {HETCAST_ALGORITHM_WR, HETCAST_ALGORITHM_WRP}) {
    const NonblockingRun plan = Plan(in, a);
    ASSERT_EQ(plan.status, HETCAST_OK) << a;
    EXPECT_EQ(plan.answer.completion_time, HETCAST_MAX_COST + 3) << a;
    ASSERT_EQ(plan.begin, (std::vector<size_t>{0, 3, 4, 5, 6})) << a;
    EXPECT_EQ(plan.tasks[1].partner, 2u) << a;  // 0's second send: to 2.
    const NonblockingRun replay = Evaluate(in, plan.tasks, plan.begin);
    ASSERT_EQ(replay.status, HETCAST_OK) << a;
    EXPECT_EQ(replay.answer.completion_time, HETCAST_MAX_COST + 3) << a;
  }
}

TEST(NonblockingAlgorithms, FefAndEcfMatchTheFullScanByteForByte) {
  // The heap of rows must choose exactly what the full scan chose, ties
  // included: equal costs (many ties), random costs, lengths that saturate.
  std::mt19937_64 rng(16);
  int planned = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const uint32_t n = 2 + static_cast<uint32_t>(rng() % 24);
    Instance in = trial % 3 == 0
                      ? UniformNonblockingRequest(n, 1 + rng() % 3,
                                                  1 + rng() % 3, rng() % 3)
                      : Random(rng, n, 1 + rng() % 6, trial % 3 == 1);
    if (trial % 3 == 0) {
      const uint32_t k = 1 + static_cast<uint32_t>(rng() % 6);
      for (uint32_t m = 0; m < k; ++m) {
        const uint32_t source = static_cast<uint32_t>(rng() % n);
        std::vector<uint32_t> d;
        for (uint32_t v = 0; v < n; ++v) {
          if (v != source && rng() % 4 != 0) d.push_back(v);
        }
        in.destinations.push_back(d);
        in.messages.push_back(
            hetcast_nonblocking_message{source, 1, nullptr, 0});
      }
    }
    if (trial % 50 == 7) {  // Times past 64 bits (HETCAST_NEVER).
      for (uint64_t& x : in.send_per_byte) x = HETCAST_MAX_COST;
      for (hetcast_nonblocking_message& m : in.messages)
        m.length = uint64_t{1} << 40;
    }
    for (size_t m = 0; m < in.messages.size(); ++m) {
      std::vector<uint32_t>& d = in.destinations[m];
      if (d.empty()) d.push_back((in.messages[m].source + 1) % n);
      std::shuffle(d.begin(), d.end(), rng);
    }
    in.Finish();
    for (bool fef : {true, false}) {
      const NonblockingRun plan =
          Plan(in, fef ? HETCAST_ALGORITHM_FEF : HETCAST_ALGORITHM_ECF);
      ASSERT_TRUE(plan.status == HETCAST_OK || plan.status == HETCAST_OVERFLOW)
          << plan.status;
      std::vector<hetcast_nonblocking_task> tasks(plan.tasks.size());
      std::vector<size_t> begin(plan.begin.size());
      ASSERT_EQ(NonblockingPlanByFullScan(&in.request, fef, tasks.data(),
                                          begin.data()),
                HETCAST_OK);
      ASSERT_EQ(begin, plan.begin) << trial;
      ASSERT_EQ(std::memcmp(tasks.data(), plan.tasks.data(),
                            tasks.size() * sizeof(hetcast_nonblocking_task)),
                0)
          << "trial " << trial << (fef ? " FEF" : " ECF");
      ++planned;
    }
  }
  EXPECT_EQ(planned, 3000);
}

TEST(NonblockingAlgorithms, ReplayReproducesEveryPlannedTime) {
  std::mt19937_64 rng(8);
  for (int trial = 0; trial < 60; ++trial) {
    const uint32_t n = 2 + static_cast<uint32_t>(rng() % 12);
    const Instance in = Random(rng, n, 1 + rng() % 4, trial % 2 == 0);
    for (hetcast_algorithm algorithm :
         {HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
          HETCAST_ALGORITHM_WRP, HETCAST_ALGORITHM_CRITICAL_FIRST}) {
      const NonblockingRun plan = Plan(in, algorithm);
      ASSERT_EQ(plan.status, HETCAST_OK);
      const NonblockingRun replay = Evaluate(in, plan.tasks, plan.begin);
      ASSERT_EQ(replay.status, HETCAST_OK) << algorithm;
      EXPECT_EQ(replay.answer.completion_time, plan.answer.completion_time);
      for (size_t t = 0; t < plan.tasks.size(); ++t) {
        EXPECT_EQ(replay.tasks[t].start, plan.tasks[t].start) << t;
        EXPECT_EQ(replay.tasks[t].arrival, plan.tasks[t].arrival) << t;
        EXPECT_EQ(replay.tasks[t].end, plan.tasks[t].end) << t;
      }
      EXPECT_LE(plan.answer.lower_bound, plan.answer.completion_time);
    }
  }
}

TEST(NonblockingAlgorithms, EcfAndWrAgreeOnASingleBroadcast) {
  // §5.1: "ECF, WR and WRP generate the same task schedules for a single
  // broadcast" (with one link speed; "fastest" = least receive overhead).
  std::mt19937_64 rng(10);
  for (int trial = 0; trial < 40; ++trial) {
    const uint32_t n = 3 + static_cast<uint32_t>(rng() % 14);
    Instance in = Random(rng, n, 1, /*uniform_link=*/true);
    in.destinations[0].clear();
    for (uint32_t v = 0; v < n; ++v) {
      if (v != in.messages[0].source) in.destinations[0].push_back(v);
    }
    in.Finish();
    const NonblockingRun ecf = Plan(in, HETCAST_ALGORITHM_ECF);
    const NonblockingRun wr = Plan(in, HETCAST_ALGORITHM_WR);
    const NonblockingRun wrp = Plan(in, HETCAST_ALGORITHM_WRP);
    ASSERT_EQ(ecf.status, HETCAST_OK);
    ASSERT_EQ(wr.status, HETCAST_OK);
    ASSERT_EQ(wrp.status, HETCAST_OK);
    EXPECT_EQ(ecf.answer.completion_time, wr.answer.completion_time);
    EXPECT_EQ(wrp.answer.completion_time, wr.answer.completion_time);
    ASSERT_EQ(ecf.begin, wr.begin);
    ASSERT_EQ(wrp.begin, wr.begin);
    for (size_t t = 0; t < ecf.tasks.size(); ++t) {
      EXPECT_EQ(ecf.tasks[t].partner, wr.tasks[t].partner) << t;
      EXPECT_EQ(ecf.tasks[t].op, wr.tasks[t].op) << t;
      EXPECT_EQ(wrp.tasks[t].partner, wr.tasks[t].partner) << t;
      EXPECT_EQ(wrp.tasks[t].end, wr.tasks[t].end) << t;
    }
  }
}

TEST(NonblockingAlgorithms, TinyInstancesAgainstExhaustiveSearch) {
  // N <= 5, two sources with one to three destinations each: every algorithm
  // is valid (replay) and no better than the optimum; the lower bound is
  // at most the optimum.
  std::mt19937_64 rng(14);
  int cases = 0, some_suboptimal = 0;
  for (int trial = 0; trial < 25; ++trial) {
    const uint32_t n = 3 + static_cast<uint32_t>(rng() % 3);
    Instance in = Random(rng, n, 2, trial % 2 == 0);
    for (auto& dests : in.destinations) {
      std::shuffle(dests.begin(), dests.end(), rng);
      dests.resize(std::min<size_t>(dests.size(), 1 + rng() % 3));
    }
    in.Finish();
    const uint64_t opt = NonblockingExhaustiveOptimum(in.request);
    for (hetcast_algorithm algorithm :
         {HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
          HETCAST_ALGORITHM_WRP, HETCAST_ALGORITHM_CRITICAL_FIRST}) {
      const NonblockingRun plan = Plan(in, algorithm);
      ASSERT_EQ(plan.status, HETCAST_OK);
      ASSERT_EQ(Evaluate(in, plan.tasks, plan.begin).status, HETCAST_OK);
      EXPECT_GE(plan.answer.completion_time, opt) << algorithm;
      EXPECT_LE(plan.answer.lower_bound, opt);
      some_suboptimal += plan.answer.completion_time > opt;
    }
    ++cases;
  }
  EXPECT_EQ(cases, 25);
  EXPECT_GT(some_suboptimal, 0);  // The search finds better schedules.
}

TEST(NonblockingAlgorithms, CriticalFirstDiffersFromWrpAndIsDeterministic) {
  // The critical-first run changes only WRP's receiver order: valid
  // (replay), the same on every run, and neither always earlier nor
  // always later than WRP on random multicasts.
  std::mt19937_64 rng(19);
  int earlier = 0, later = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Instance in = Random(rng, 4 + static_cast<uint32_t>(rng() % 12),
                         1 + rng() % 4, trial % 2 == 0);
    const NonblockingRun cf = Plan(in, HETCAST_ALGORITHM_CRITICAL_FIRST);
    ASSERT_EQ(cf.status, HETCAST_OK);
    EXPECT_EQ(cf.answer.algorithm, HETCAST_ALGORITHM_CRITICAL_FIRST);
    const NonblockingRun again = Plan(in, HETCAST_ALGORITHM_CRITICAL_FIRST);
    ASSERT_EQ(again.begin, cf.begin);
    for (size_t t = 0; t < cf.tasks.size(); ++t) {
      EXPECT_EQ(again.tasks[t].partner, cf.tasks[t].partner) << t;
      EXPECT_EQ(again.tasks[t].end, cf.tasks[t].end) << t;
    }
    const NonblockingRun wrp = Plan(in, HETCAST_ALGORITHM_WRP);
    earlier += cf.answer.completion_time < wrp.answer.completion_time;
    later += cf.answer.completion_time > wrp.answer.completion_time;
  }
  std::printf("critical-first vs WRP: earlier on %d, later on %d of 60\n",
              earlier, later);
  EXPECT_GT(earlier, 0);
  EXPECT_GT(later, 0);
}

TEST(NonblockingAlgorithms, WrpPreemptsWhereWrWaits) {
  // With several sources and large messages, WRP fills receive-wait gaps:
  // it differs from WR somewhere, is never invalid, and is usually no
  // slower (it is a heuristic: no theorem to check).
  std::mt19937_64 rng(12);
  int differs = 0, faster = 0, slower = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Instance in =
        Random(rng, 6 + static_cast<uint32_t>(rng() % 10), 2 + rng() % 4, true);
    for (hetcast_nonblocking_message& m : in.messages)
      m.length = 2000 + rng() % 2000;
    in.Finish();
    const NonblockingRun wr = Plan(in, HETCAST_ALGORITHM_WR);
    const NonblockingRun wrp = Plan(in, HETCAST_ALGORITHM_WRP);
    ASSERT_EQ(wrp.status, HETCAST_OK);
    ASSERT_EQ(Evaluate(in, wrp.tasks, wrp.begin).status, HETCAST_OK);
    bool same = wr.begin == wrp.begin;
    for (size_t t = 0; same && t < wr.tasks.size(); ++t) {
      same = wr.tasks[t].partner == wrp.tasks[t].partner &&
             wr.tasks[t].op == wrp.tasks[t].op &&
             wr.tasks[t].message == wrp.tasks[t].message;
    }
    differs += !same;
    faster += wrp.answer.completion_time < wr.answer.completion_time;
    slower += wrp.answer.completion_time > wr.answer.completion_time;
  }
  std::printf(
      "WRP vs WR on 60 multi-source instances: differs %d, faster %d, "
      "slower %d\n",
      differs, faster, slower);
  EXPECT_GT(differs, 0);
  EXPECT_GT(faster, slower);
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
