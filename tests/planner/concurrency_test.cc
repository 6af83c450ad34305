// concurrency_test.cc: several threads planning at once on one shared
// opened table (hetcast.h: handles are read-only after being opened, so any
// number of threads may query one at once). Every thread's answers must be
// byte-identical to the single-threaded ones. Run under ThreadSanitizer in
// CI (tools/run_tests.sh, `--config=tsan`), which reports any data race.
#include <cstdint>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/planner/run_planner.h"

namespace hetcast {
namespace testing {
namespace {

// One node request that owns its arrays, and what the planner answered.
struct Case {
  std::vector<uint64_t> costs = {2, 3, 5};
  std::vector<uint64_t> counts;
  std::vector<uint64_t> relays;
  uint32_t source = 0;
  uint32_t participant = 0;  // For hetcast_plan_participant.
};

// Everything a plan and one participant's query wrote, as bytes.
std::vector<unsigned char> Plan(const Case& c, const hetcast_profile* profile) {
  const hetcast_node_request node = {c.costs.data(), c.counts.size(), c.source,
                                     c.counts.data(), c.relays.data()};
  hetcast_request request = {};
  request.model = HETCAST_MODEL_NODE;
  request.node = &node;
  request.profiles = profile;
  request.profile_count = 1;
  Planned p = RunPlanner(request);
  std::vector<unsigned char> bytes = {static_cast<unsigned char>(p.status)};
  if (p.status != HETCAST_OK) return bytes;
  auto append = [&bytes](const void* data, size_t size) {
    const auto* at = static_cast<const unsigned char*>(data);
    bytes.insert(bytes.end(), at, at + size);
  };
  append(&p.info.answer.completion_time, sizeof(uint64_t));
  append(&p.info.answer.lower_bound, sizeof(uint64_t));
  append(&p.info.answer.algorithm, sizeof(p.info.answer.algorithm));
  append(p.plan.nodes.data(), p.plan.nodes.size() * sizeof(hetcast_node));
  append(p.plan.transfers.data(),
         p.plan.transfers.size() * sizeof(hetcast_transfer));
  std::vector<hetcast_transfer> sends(p.sizes.node_count);
  hetcast_participant role = {};
  role.sends = sends.data();
  role.send_capacity = sends.size();
  const char* why = nullptr;
  if (hetcast_plan_participant(&request, c.participant, p.workspace.data(),
                               p.workspace.size(), &role, &why) == HETCAST_OK) {
    append(&role.node, sizeof(role.node));
    append(sends.data(), role.count * sizeof(sends[0]));
  }
  return bytes;
}

// Requests inside the default table's limits (20 per type), with relays,
// and outside them (FNF), with a participant of each.
std::vector<Case> RandomCases(int count) {
  std::mt19937_64 rng(15);
  std::vector<Case> cases(count);
  for (int i = 0; i < count; ++i) {
    Case& c = cases[i];
    c.source = static_cast<uint32_t>(rng() % 3);
    const uint64_t limit = i % 3 == 0 ? 40 : 17;
    for (int j = 0; j < 3; ++j) {
      c.counts.push_back(rng() % (limit + 1));
      c.relays.push_back(rng() % 4);
    }
    uint64_t nodes = 1;
    for (int j = 0; j < 3; ++j) nodes += c.counts[j] + c.relays[j];
    c.participant = static_cast<uint32_t>(rng() % nodes);
  }
  return cases;
}

TEST(Concurrency, ThreadsSharingOneTableAnswerAsOneThreadDoes) {
  hetcast_table table;
  ASSERT_EQ(hetcast_table_open(hetcast_default_table,
                               hetcast_default_table_size, &table, nullptr),
            HETCAST_OK);
  hetcast_profile profile;
  ASSERT_EQ(hetcast_profile_open(&table, 0, &profile, nullptr), HETCAST_OK);
  const std::vector<Case> cases = RandomCases(400);
  std::vector<std::vector<unsigned char>> expected;
  for (const Case& c : cases) expected.push_back(Plan(c, &profile));
  constexpr int kThreads = 4;
  std::vector<int> mismatches(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // Each thread walks the cases from its own offset, so that different
      // requests (table and FNF) overlap in time.
      for (size_t i = 0; i < cases.size(); ++i) {
        const size_t at = (i + t * cases.size() / kThreads) % cases.size();
        if (Plan(cases[at], &profile) != expected[at]) ++mismatches[t];
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(mismatches[t], 0) << t;
  int planned = 0;
  for (const auto& bytes : expected) planned += bytes.size() > 1;
  EXPECT_GT(planned, 300);  // The requests are plans, not refusals.
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
