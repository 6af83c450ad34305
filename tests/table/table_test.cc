// table_test.cc: the runtime's table path (runtime/table/), judged by the
// node-model evaluator, the exhaustive search, FNF and the paper's Fig. 1;
// and table verification against truncated, corrupted and crafted tables.
// The inline lookup is opt-in (hetcast.h).
#define HETCAST_STATIC_LINKING_ONLY 1

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/plan.h"
#include "tables/default_table.h"
#include "tables/hetcast_table_generated.h"
#include "tests/node/node_test_util.h"
#include "tests/node/schedule_checks.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/table/table_test_util.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/gen_command.h"
#include "tools/gen/table_writer.h"

namespace hetcast {
namespace testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string TestTableBytes() {
  absl::StatusOr<std::string> bytes = ReadFileBytes("tables/test.hct");
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? *bytes : std::string();
}

hetcast_profile OpenProfile(const hetcast_table& table, const char* name) {
  size_t index = 0;
  EXPECT_EQ(hetcast_table_find_profile(&table, name, &index, nullptr),
            HETCAST_OK)
      << name;
  hetcast_profile profile;
  EXPECT_EQ(hetcast_profile_open(&table, index, &profile, nullptr), HETCAST_OK);
  return profile;
}

std::vector<uint64_t> Limits(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  std::vector<uint64_t> limits(info.type_count);
  for (size_t j = 0; j < limits.size(); ++j) {
    hetcast_profile_type(&profile, j, nullptr, nullptr, &limits[j], nullptr);
  }
  return limits;
}

uint64_t Completion(const hetcast_profile& profile,
                    const TinyInstance& instance) {
  const hetcast_node_request request = RequestOf(instance);
  uint64_t t = 0;
  EXPECT_EQ(hetcast_profile_completion(&profile, &request, &t, nullptr),
            HETCAST_OK);
  return t;
}

class TestTable : public ::testing::Test {
 protected:
  void SetUp() override {
    owned_ = OpenTableBytes(TestTableBytes());
    ASSERT_EQ(owned_.status, HETCAST_OK) << owned_.error;
  }
  OwnedTable owned_;
};

TEST_F(TestTable, HoldsBothProfiles) {
  EXPECT_EQ(hetcast_table_schema_version(&owned_.table), 1u);
  ASSERT_EQ(hetcast_table_profile_count(&owned_.table), 2u);
  const hetcast_profile fig1 = OpenProfile(owned_.table, "fig1");
  hetcast_profile_info info;
  hetcast_profile_get_info(&fig1, &info, nullptr);
  EXPECT_STREQ(info.name, "fig1");
  EXPECT_EQ(info.type_count, 2u);
  EXPECT_EQ(info.state_count, 64u);
  EXPECT_EQ(info.entry_count, 128u);
  EXPECT_EQ(info.exact, 1);
  EXPECT_EQ(info.method, HETCAST_METHOD_EXACT_DP);
  const hetcast_profile small3 = OpenProfile(owned_.table, "small3");
  EXPECT_THAT(ProfileCosts(small3), ::testing::ElementsAre(5, 1, 3));
  size_t index;
  EXPECT_EQ(hetcast_table_find_profile(&owned_.table, "nope", &index, nullptr),
            HETCAST_INVALID_ARGUMENT);
  hetcast_profile profile;
  EXPECT_EQ(hetcast_profile_open(&owned_.table, 2, &profile, nullptr),
            HETCAST_INVALID_ARGUMENT);
}

TEST_F(TestTable, Figure1GivesNineAndItsScheduleEvaluatesToNine) {
  const hetcast_profile fig1 = OpenProfile(owned_.table, "fig1");
  const TinyInstance instance{{2, 3}, 1, {4, 7}, {}};
  EXPECT_EQ(Completion(fig1, instance), 9u);
  const PlanResult plan = PlanFromTable(fig1, instance);
  ASSERT_EQ(plan.status, HETCAST_OK);
  EXPECT_EQ(plan.answer.completion_time, 9u);
  EXPECT_EQ(plan.answer.algorithm, HETCAST_ALGORITHM_TABLE);
  EXPECT_EQ(plan.answer.exact, 1);
  EXPECT_EQ(plan.answer.lower_bound, 9u);
  EXPECT_EQ(plan.answer.lower_bound_kind, HETCAST_BOUND_EXACT);
  const PlanResult evaluated = Evaluate(instance, StructureOf(plan));
  ASSERT_EQ(evaluated.status, HETCAST_OK);
  EXPECT_EQ(evaluated.answer.completion_time, 9u);
  ExpectConsistent(instance, plan);
  // FNF needs 10 here (the paper's point), so the table is not echoing FNF.
  EXPECT_EQ(PlanFnf(instance).answer.completion_time, 10u);
}

TEST_F(TestTable, SmallStatesEqualExhaustiveSearch) {
  for (const char* name : {"fig1", "small3"}) {
    const hetcast_profile profile = OpenProfile(owned_.table, name);
    const std::vector<uint64_t> costs = ProfileCosts(profile);
    ForEachCounts(Limits(profile), [&](const std::vector<uint64_t>& i) {
      uint64_t sum = 0;
      for (uint64_t c : i) sum += c;
      if (sum > 7) return;
      for (uint32_t s = 0; s < costs.size(); ++s) {
        const TinyInstance instance{costs, s, i, {}};
        ASSERT_EQ(Completion(profile, instance), ExhaustiveOptimum(instance))
            << name << " source " << s << " " << ::testing::PrintToString(i);
      }
    });
  }
}

TEST_F(TestTable, RolesEqualTheFullScheduleOnEveryState) {
  for (const char* name : {"fig1", "small3"}) {
    const hetcast_profile profile = OpenProfile(owned_.table, name);
    const std::vector<uint64_t> costs = ProfileCosts(profile);
    ForEachCounts(Limits(profile), [&](const std::vector<uint64_t>& i) {
      for (uint32_t s = 0; s < costs.size(); ++s) {
        const TinyInstance instance{costs, s, i, {}};
        const PlanResult plan = PlanFromTable(profile, instance);
        ExpectConsistent(instance, plan);
        ExpectRolesMatchPlan(profile, instance, plan);
        ExpectPlanDepthFirst(instance, plan);
      }
    });
  }
}

TEST_F(TestTable, RelaysMatchExhaustiveSearch) {
  // small3: types slow(5), fast(1), medium(3); limits 3, 4, 3.
  const hetcast_profile profile = OpenProfile(owned_.table, "small3");
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  std::mt19937_64 rng(3);
  int relays_used = 0;
  for (int trial = 0; trial < 150; ++trial) {
    TinyInstance instance{costs,
                          static_cast<uint32_t>(rng() % 3),
                          {rng() % 4, rng() % 2, rng() % 3},
                          {rng() % 2, rng() % 3, rng() % 2}};
    if (instance.destinations[0] + instance.destinations[1] +
            instance.destinations[2] + instance.relays[0] + instance.relays[1] +
            instance.relays[2] >
        8) {
      continue;
    }
    const PlanResult plan = PlanFromTable(profile, instance);
    if (plan.status == HETCAST_NOT_IN_TABLE) continue;
    ASSERT_EQ(plan.status, HETCAST_OK);
    EXPECT_EQ(plan.answer.completion_time, ExhaustiveOptimum(instance))
        << ::testing::PrintToString(instance.destinations) << " relays "
        << ::testing::PrintToString(instance.relays);
    EXPECT_EQ(plan.answer.completion_time, Completion(profile, instance));
    EXPECT_LE(plan.answer.completion_time,
              PlanFnf(instance).answer.completion_time);
    ExpectConsistent(instance, plan);
    ExpectRolesMatchPlan(profile, instance, plan);
    ExpectPlanDepthFirst(instance, plan);
    // Every relay the schedule uses forwards the message.
    for (uint32_t id = 0; id < plan.nodes.size(); ++id) {
      if (!plan.nodes[id].is_relay || plan.nodes[id].arrival == HETCAST_NEVER) {
        continue;
      }
      ++relays_used;
      bool forwards = false;
      for (const hetcast_transfer& t : plan.transfers) forwards |= t.from == id;
      EXPECT_TRUE(forwards) << "relay " << id << " is a leaf";
    }
  }
  EXPECT_GT(relays_used, 10);  // The search did exercise relays.
}

TEST_F(TestTable, RequestsOutsideTheTableSayNotInTable) {
  const hetcast_profile fig1 = OpenProfile(owned_.table, "fig1");
  uint64_t t = 0;
  hetcast_lookup lookup;
  hetcast_profile_lookup_view(&fig1, &lookup, nullptr);
  const uint64_t outside[2] = {8, 7};
  EXPECT_EQ(hetcast_lookup_completion(&lookup, 1, outside, &t),
            HETCAST_NOT_IN_TABLE);
  EXPECT_EQ(hetcast_lookup_completion(&lookup, 2, outside, &t),
            HETCAST_INVALID_ARGUMENT);
  const TinyInstance big{{2, 3}, 1, {8, 7}, {}};
  hetcast_node_request request = RequestOf(big);
  EXPECT_EQ(hetcast_profile_completion(&fig1, &request, &t, nullptr),
            HETCAST_NOT_IN_TABLE);
  EXPECT_EQ(PlanFromTable(fig1, big).status, HETCAST_NOT_IN_TABLE);
  // Relays that would push the fast type past its limit of 7.
  const TinyInstance relays{{2, 3}, 1, {6, 7}, {5, 0}};
  EXPECT_EQ(PlanFromTable(fig1, relays).status, HETCAST_NOT_IN_TABLE);
  // Relays that can never help (no cheaper than every destination) do not
  // count against the limits.
  const TinyInstance useless{{2, 3}, 1, {7, 0}, {0, 100}};
  const PlanResult plan = PlanFromTable(fig1, useless);
  ASSERT_EQ(plan.status, HETCAST_OK);
  EXPECT_EQ(plan.answer.participant_count, 8u);
  EXPECT_EQ(plan.answer.node_count, 108u);
}

TEST_F(TestTable, BadRequestsAreRejected) {
  const hetcast_profile fig1 = OpenProfile(owned_.table, "fig1");
  const uint64_t counts[2] = {1, 1};
  const uint64_t wrong_costs[2] = {2, 4};
  uint64_t t;
  hetcast_node_request r = {nullptr, 2, 0, counts, nullptr};
  EXPECT_EQ(hetcast_profile_completion(&fig1, &r, &t, nullptr), HETCAST_OK);
  r.costs = wrong_costs;
  EXPECT_EQ(hetcast_profile_completion(&fig1, &r, &t, nullptr),
            HETCAST_INVALID_ARGUMENT);
  r.costs = nullptr;
  r.type_count = 3;
  EXPECT_EQ(hetcast_profile_completion(&fig1, &r, &t, nullptr),
            HETCAST_INVALID_ARGUMENT);
  r.type_count = 2;
  r.source_type = 2;
  EXPECT_EQ(hetcast_profile_completion(&fig1, &r, &t, nullptr),
            HETCAST_INVALID_ARGUMENT);
  r.source_type = 0;
  r.destination_counts = nullptr;
  EXPECT_EQ(hetcast_profile_completion(&fig1, &r, &t, nullptr),
            HETCAST_INVALID_ARGUMENT);
  r.destination_counts = counts;
  // Too little room.
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_profile_plan_sizes(&fig1, &r, &sizes, nullptr), HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  std::vector<hetcast_transfer> transfers(sizes.transfer_count);
  hetcast_answer answer;
  // (The size build's exact plan asks for no workspace: nothing shorter.)
  if (!workspace.empty()) {
    EXPECT_EQ(
        hetcast_profile_plan(&fig1, &r, workspace.data(), workspace.size() - 1,
                             nodes.data(), nodes.size(), transfers.data(),
                             transfers.size(), &answer, nullptr),
        HETCAST_WORKSPACE_TOO_SMALL);
  }
  EXPECT_EQ(
      hetcast_profile_plan(&fig1, &r, workspace.data(), workspace.size(),
                           nodes.data(), nodes.size() - 1, transfers.data(),
                           transfers.size(), &answer, nullptr),
      HETCAST_OUTPUT_TOO_SMALL);
  EXPECT_EQ(hetcast_profile_plan(&fig1, &r, workspace.data(), workspace.size(),
                                 nodes.data(), nodes.size(), transfers.data(),
                                 transfers.size() - 1, &answer, nullptr),
            HETCAST_OUTPUT_TOO_SMALL);
  // Node role: id out of range, children array too small.
  hetcast_node node;
  hetcast_transfer child;
  size_t count = 99;
  EXPECT_EQ(hetcast_profile_node_role(&fig1, &r, 3, workspace.data(),
                                      workspace.size(), &node, &child, 1,
                                      &count, nullptr),
            HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(hetcast_profile_node_role(&fig1, &r, 0, workspace.data(),
                                      workspace.size(), &node, nullptr, 0,
                                      &count, nullptr),
            HETCAST_OUTPUT_TOO_SMALL);
  EXPECT_GE(count, 1u);
}

TEST(DefaultTable, EveryStateRebuildsToItsStoredTimeAndNeverLosesToFnf) {
  OwnedTable owned = OpenTableBytes(
      std::string(reinterpret_cast<const char*>(hetcast_default_table),
                  hetcast_default_table_size));
  ASSERT_EQ(owned.status, HETCAST_OK) << owned.error;
  // The embedded array is usable in place, as firmware would use it.
  hetcast_table in_place;
  ASSERT_EQ(hetcast_table_open(hetcast_default_table,
                               hetcast_default_table_size, &in_place, nullptr),
            HETCAST_OK);
  const hetcast_profile profile = OpenProfile(in_place, "default");
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  ASSERT_EQ(info.type_count, 3u);
  const std::vector<uint64_t> limits = Limits(profile);
  for (uint64_t limit : limits) EXPECT_GE(limit, 16u);
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  uint64_t states = 0, fnf_worse = 0;
  hetcast_lookup lookup;
  hetcast_profile_lookup_view(&profile, &lookup, nullptr);
  ForEachCounts(limits, [&](const std::vector<uint64_t>& i) {
    for (uint32_t s = 0; s < costs.size(); ++s) {
      const TinyInstance instance{costs, s, i, {}};
      uint64_t inline_time = 0;
      ASSERT_EQ(hetcast_lookup_completion(&lookup, s, i.data(), &inline_time),
                HETCAST_OK);
      ASSERT_EQ(inline_time, Completion(profile, instance));
      const PlanResult plan = PlanFromTable(profile, instance);
      ASSERT_EQ(plan.status, HETCAST_OK);
      // The evaluator re-times the rebuilt structure to the stored time.
      const PlanResult evaluated = Evaluate(instance, StructureOf(plan));
      ASSERT_EQ(evaluated.status, HETCAST_OK);
      ASSERT_EQ(evaluated.answer.completion_time, Completion(profile, instance))
          << "source " << s << " " << ::testing::PrintToString(i);
      ASSERT_EQ(plan.answer.completion_time, evaluated.answer.completion_time);
      const uint64_t fnf = PlanFnf(instance).answer.completion_time;
      ASSERT_LE(plan.answer.completion_time, fnf);
      fnf_worse += plan.answer.completion_time < fnf;
      ++states;
      if (states % 11 == 0) {
        ExpectConsistent(instance, plan);
        ExpectRolesMatchPlan(profile, instance, plan);
      }
    }
  });
  EXPECT_EQ(states, info.entry_count);
  EXPECT_GT(fnf_worse, 0u);  // The table beats FNF somewhere.
}

// The plan of `instance` is in canonical (depth-first) order by the
// test's own relabelling, and every node's role agrees with it. Returns 0
// when the request is outside the table, 1 when the plan was checked, 2
// when it was and uses relays.
int ExpectCanonicalPlan(const hetcast_profile& profile,
                        const TinyInstance& instance) {
  const PlanResult a = PlanFromTable(profile, instance);
  if (a.status == HETCAST_NOT_IN_TABLE) return 0;
  EXPECT_EQ(a.status, HETCAST_OK);
  if (a.status != HETCAST_OK) return 0;
  ExpectPlanDepthFirst(instance, a);
  ExpectRolesMatchPlan(profile, instance, a);
  uint64_t destinations = 0;
  for (uint64_t d : instance.destinations) destinations += d;
  return a.answer.participant_count > 1 + destinations ? 2 : 1;
}

TEST(Reconstruction, PlansAreDepthFirstAndRolesAgree) {
  OwnedTable owned = OpenTableBytes(TestTableBytes());
  ASSERT_EQ(owned.status, HETCAST_OK);
  for (const char* name : {"fig1", "small3"}) {
    const hetcast_profile profile = OpenProfile(owned.table, name);
    const std::vector<uint64_t> costs = ProfileCosts(profile);
    ForEachCounts(Limits(profile), [&](const std::vector<uint64_t>& i) {
      for (uint32_t s = 0; s < costs.size(); ++s) {
        ExpectCanonicalPlan(profile, TinyInstance{costs, s, i, {}});
        ExpectCanonicalPlan(profile, TinyInstance{costs, s, i, {1, 2, 1}});
      }
    });
  }
  hetcast_table table;
  ASSERT_EQ(hetcast_table_open(hetcast_default_table,
                               hetcast_default_table_size, &table, nullptr),
            HETCAST_OK);
  const hetcast_profile profile = OpenProfile(table, "default");
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  uint64_t n = 0;
  ForEachCounts(Limits(profile), [&](const std::vector<uint64_t>& i) {
    if (++n % 5 == 0) {
      ExpectCanonicalPlan(profile,
                          TinyInstance{costs, n % 3 == 0 ? 0u : 1u, i, {}});
      ExpectCanonicalPlan(profile, TinyInstance{costs, 2, i, {n % 2, 1, 0}});
    }
  });
}

// The exact table of `spec`, opened (status and error say why not).
OwnedTable ExactTableOf(const ProfileSpec& spec) {
  OwnedTable failed;
  failed.status = HETCAST_INVALID_ARGUMENT;
  absl::StatusOr<ExactTable> solved = SolveExact(spec, DpOptions{});
  if (!solved.ok()) {
    failed.error = "SolveExact failed";
    return failed;
  }
  absl::StatusOr<std::string> bytes =
      WriteTable({SolvedProfile{spec, *solved, {}}});
  if (!bytes.ok()) {
    failed.error = "WriteTable failed";
    return failed;
  }
  return OpenTableBytes(*bytes);
}

TEST(Reconstruction, DepthFirstOnRandomProfiles) {
  // Random small profiles: 1 to 4 types in any cost order, costs that
  // exceed most completion times (types that never send), every state and
  // source, with and without relays.
  std::mt19937_64 rng(29);
  int compared = 0, with_relays = 0;
  for (int round = 0; round < 24; ++round) {
    ProfileSpec spec;
    spec.name = "random";
    const size_t k = 1 + rng() % 4;
    std::vector<uint64_t> costs;
    while (costs.size() < k) {
      const uint64_t cost = 1 + rng() % 12;
      if (std::find(costs.begin(), costs.end(), cost) == costs.end()) {
        costs.push_back(cost);
      }
    }
    for (size_t j = 0; j < k; ++j) {
      const uint32_t limit =
          static_cast<uint32_t>(1 + rng() % (k <= 2 ? 6 : 3));
      spec.types.push_back({"t" + std::to_string(j), costs[j], limit});
    }
    OwnedTable owned = ExactTableOf(spec);
    ASSERT_EQ(owned.status, HETCAST_OK) << owned.error;
    hetcast_profile profile;
    ASSERT_EQ(hetcast_profile_open(&owned.table, 0, &profile, nullptr),
              HETCAST_OK);
    std::vector<uint64_t> limits;
    for (const auto& type : spec.types) limits.push_back(type.limit);
    ForEachCounts(limits, [&](const std::vector<uint64_t>& i) {
      for (uint32_t s = 0; s < k; ++s) {
        compared +=
            ExpectCanonicalPlan(profile, TinyInstance{costs, s, i, {}}) != 0;
        std::vector<uint64_t> relays(k);
        for (uint64_t& r : relays) r = rng() % 3;
        with_relays += ExpectCanonicalPlan(
                           profile, TinyInstance{costs, s, i, relays}) == 2;
      }
    });
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(with_relays, 100);
}

TEST(Reconstruction, LargeCostsStayCanonical) {
  // Completion times far above the participants: the reconstruction sorts
  // its transfers instead of bucketing them by start; schedules still
  // evaluate and are canonical.
  ProfileSpec spec;
  spec.name = "big";
  spec.types = {{"a", 100003, 5}, {"b", 250007, 5}, {"c", 999983, 5}};
  OwnedTable owned = ExactTableOf(spec);
  ASSERT_EQ(owned.status, HETCAST_OK) << owned.error;
  hetcast_profile profile;
  ASSERT_EQ(hetcast_profile_open(&owned.table, 0, &profile, nullptr),
            HETCAST_OK);
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  ForEachCounts({5, 5, 5}, [&](const std::vector<uint64_t>& i) {
    for (uint32_t s = 0; s < 3; ++s) {
      const TinyInstance instance{costs, s, i, {}};
      const PlanResult plan = PlanFromTable(profile, instance);
      ExpectConsistent(instance, plan);
      ExpectRolesMatchPlan(profile, instance, plan);
      ExpectPlanDepthFirst(instance, plan);
    }
  });
}

// Trees of more than 64 participants or more than 8 types: the roles (by
// descent) still agree with the plan.
TEST(NodeRole, WideAndManyTypedTrees) {
  ProfileSpec wide;  // 71 participants at the largest state.
  wide.name = "wide";
  wide.types = {{"a", 2, 40}, {"b", 3, 30}};
  ProfileSpec many;  // 9 types.
  many.name = "many";
  for (uint32_t j = 0; j < 9; ++j) {
    many.types.push_back({"t" + std::to_string(j), 2 + j, 1});
  }
  for (const ProfileSpec* spec : {&wide, &many}) {
    OwnedTable owned = ExactTableOf(*spec);
    ASSERT_EQ(owned.status, HETCAST_OK) << owned.error;
    hetcast_profile profile;
    ASSERT_EQ(hetcast_profile_open(&owned.table, 0, &profile, nullptr),
              HETCAST_OK);
    const std::vector<uint64_t> costs = ProfileCosts(profile);
    const std::vector<uint64_t> limits = Limits(profile);
    std::vector<uint64_t> below(limits);  // Near the largest state.
    for (uint64_t& b : below) b = b > 2 ? b - 2 : 0;
    ForEachCounts(limits, [&](const std::vector<uint64_t>& i) {
      for (size_t j = 0; j < i.size(); ++j) {
        if (i[j] < below[j]) return;
      }
      for (uint32_t s = 0; s < costs.size(); s += 4) {
        const TinyInstance instance{costs, s, i, {}};
        const PlanResult plan = PlanFromTable(profile, instance);
        ASSERT_EQ(plan.status, HETCAST_OK);
        ExpectRolesMatchPlan(profile, instance, plan);
        ExpectPlanDepthFirst(instance, plan);
      }
    });
  }
}

// A type far slower than the others makes the entries 8 bytes wide while
// the requests of the fast types keep completion times small: the descent
// and the reconstruction read wide entries.
TEST(NodeRole, WideEntriesWalkLikeNarrowOnes) {
  ProfileSpec spec;
  spec.name = "wide entries";
  spec.types = {{"fast", 1, 6}, {"medium", 3, 5}, {"slow", 1u << 30, 1}};
  OwnedTable owned = ExactTableOf(spec);
  ASSERT_EQ(owned.status, HETCAST_OK) << owned.error;
  hetcast_profile profile;
  ASSERT_EQ(hetcast_profile_open(&owned.table, 0, &profile, nullptr),
            HETCAST_OK);
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  ASSERT_EQ(info.entry_bytes, 8u);
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  ForEachCounts(Limits(profile), [&](const std::vector<uint64_t>& i) {
    for (uint32_t s = 0; s < costs.size(); ++s) {
      for (const std::vector<uint64_t>& relays :
           {std::vector<uint64_t>{0, 0, 0}, std::vector<uint64_t>{2, 1, 0}}) {
        const TinyInstance instance{costs, s, i, relays};
        const PlanResult plan = PlanFromTable(profile, instance);
        if (plan.status == HETCAST_NOT_IN_TABLE) continue;
        ASSERT_EQ(plan.status, HETCAST_OK);
        ExpectRolesMatchPlan(profile, instance, plan);
        ExpectPlanDepthFirst(instance, plan);
      }
    }
  });
}

// ---------------------------------------------------------------------------
// Verification.

TEST(TableVerification, EveryTruncationIsRejected) {
  const std::string bytes = TestTableBytes();
  ASSERT_GT(bytes.size(), 100u);
  for (size_t length = 0; length < bytes.size(); ++length) {
    // An exact-size heap copy, so ASan catches any read past the end.
    std::unique_ptr<uint64_t[]> copy(new uint64_t[(length + 7) / 8 + 1]);
    std::memcpy(copy.get(), bytes.data(), length);
    hetcast_table table;
    const char* error = nullptr;
    EXPECT_EQ(hetcast_table_open(copy.get(), length, &table, &error),
              HETCAST_INVALID_TABLE)
        << "length " << length;
    EXPECT_NE(error, nullptr);
    EXPECT_GT(std::strlen(error), 0u);
  }
}

TEST(TableVerification, RandomByteFlipsAreRejectedOrHarmless) {
  const std::string bytes = TestTableBytes();
  std::mt19937_64 rng(17);
  int rejected = 0, accepted = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string copy = bytes;
    const int flips = 1 + trial % 4;
    for (int f = 0; f < flips; ++f) {
      copy[rng() % copy.size()] ^= static_cast<char>(1 + rng() % 255);
    }
    OwnedTable owned = OpenTableBytes(copy);
    if (owned.status != HETCAST_OK) {
      EXPECT_EQ(owned.status, HETCAST_INVALID_TABLE);
      ++rejected;
      continue;
    }
    ++accepted;
    // Whatever survived verification is internally consistent: rebuilt
    // schedules evaluate to the stored times.
    for (size_t p = 0; p < hetcast_table_profile_count(&owned.table); ++p) {
      hetcast_profile profile;
      ASSERT_EQ(hetcast_profile_open(&owned.table, p, &profile, nullptr),
                HETCAST_OK);
      const std::vector<uint64_t> costs = ProfileCosts(profile);
      ForEachCounts(Limits(profile), [&](const std::vector<uint64_t>& i) {
        uint64_t sum = 0;
        for (uint64_t c : i) sum += c;
        if (sum > 6) return;
        const TinyInstance instance{costs, 0, i, {}};
        const PlanResult plan = PlanFromTable(profile, instance);
        ASSERT_EQ(plan.status, HETCAST_OK);
        const PlanResult evaluated = Evaluate(instance, StructureOf(plan));
        ASSERT_EQ(evaluated.status, HETCAST_OK);
        EXPECT_EQ(evaluated.answer.completion_time,
                  plan.answer.completion_time);
      });
    }
  }
  EXPECT_GT(rejected, 2000);
  std::printf("byte flips: %d rejected, %d accepted (harmless)\n", rejected,
              accepted);
}

TEST(TableVerification, UnalignedBufferIsRefused) {
  const std::string bytes = TestTableBytes();
  std::vector<uint64_t> words(bytes.size() / 8 + 2);
  unsigned char* odd = reinterpret_cast<unsigned char*>(words.data()) + 4;
  std::memcpy(odd, bytes.data(), bytes.size());
  hetcast_table table;
  const char* error = nullptr;
  EXPECT_EQ(hetcast_table_open(odd, bytes.size(), &table, &error),
            HETCAST_INVALID_ARGUMENT);
  EXPECT_THAT(error, HasSubstr("aligned"));
}

// Builds a table from a solved profile with the given alterations, through
// the generated FlatBuffers code (as a hostile or buggy writer might).
struct Alteration {
  uint32_t schema_version = 1;
  const char* identifier = "HCT1";
  int64_t state_count_delta = 0;
  int time_bits_delta = 0;
  uint8_t method = 0;
  bool both_vectors = false;
  bool omit_types = false;
  uint64_t cost0 = 2;
  // Entry overrides: (index, value).
  std::vector<std::pair<size_t, uint64_t>> entries;
};

std::string Craft(const Alteration& alt) {
  ProfileSpec spec;
  spec.name = "crafted";
  spec.types = {{"fast", 2, 3}, {"slow", 3, 3}};
  absl::StatusOr<ExactTable> solved = SolveExact(spec, DpOptions{});
  EXPECT_TRUE(solved.ok());
  const uint32_t time_bits = 4 + alt.time_bits_delta;  // max time < 16
  const uint32_t type_bits = 1, split_bits = 4;        // 16 states
  std::vector<uint32_t> entries(solved->time.size());
  for (size_t e = 0; e < entries.size(); ++e) {
    if (e % solved->state_count == 0) continue;
    entries[e] = static_cast<uint32_t>(solved->time[e] |
                                       (uint64_t{solved->first_child[e]} << 4) |
                                       (uint64_t{solved->split[e]} << 5));
  }
  for (const auto& [index, value] : alt.entries) {
    entries[index] = static_cast<uint32_t>(value);
  }
  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<fb::NodeType>> types = {
      fb::CreateNodeType(b, b.CreateString("fast"), alt.cost0, 3),
      fb::CreateNodeType(b, b.CreateString("slow"), 3, 3)};
  const auto name = b.CreateString("crafted");
  const auto type_vector = alt.omit_types ? 0 : b.CreateVector(types);
  const auto e32 = b.CreateVector(entries);
  const auto e64 = alt.both_vectors ? b.CreateVector(std::vector<uint64_t>(
                                          entries.begin(), entries.end()))
                                    : 0;
  const auto profile = fb::CreateProfile(
      b, name, type_vector, static_cast<fb::Method>(alt.method),
      solved->state_count + alt.state_count_delta,
      static_cast<uint8_t>(time_bits), type_bits, split_bits, e32, e64);
  const std::vector<flatbuffers::Offset<fb::Profile>> profiles = {profile};
  b.FinishSizePrefixed(
      fb::CreateHetcastTable(b, alt.schema_version, b.CreateString("test"),
                             b.CreateVector(profiles)),
      alt.identifier);
  return std::string(reinterpret_cast<const char*>(b.GetBufferPointer()),
                     b.GetSize());
}

void ExpectRejectedWith(const Alteration& alt, const std::string& fragment) {
  OwnedTable owned = OpenTableBytes(Craft(alt));
  EXPECT_EQ(owned.status, HETCAST_INVALID_TABLE) << fragment;
  EXPECT_THAT(owned.error, HasSubstr(fragment));
}

TEST(TableVerification, CraftedTablesAreCheckedSemantically) {
  // The unaltered craft is valid, so each rejection below is the alteration's.
  OwnedTable good = OpenTableBytes(Craft(Alteration{}));
  ASSERT_EQ(good.status, HETCAST_OK) << good.error;

  Alteration a;
  a.identifier = "XXXX";
  ExpectRejectedWith(a, "identifier");
  a = Alteration{};
  a.schema_version = HETCAST_TABLE_SCHEMA_VERSION + 1;
  ExpectRejectedWith(a, "newer");
  a = Alteration{};
  a.schema_version = 0;
  ExpectRejectedWith(a, "schema_version");
  a = Alteration{};
  a.state_count_delta = 1;
  ExpectRejectedWith(a, "state_count");
  a = Alteration{};
  a.time_bits_delta = 1;
  ExpectRejectedWith(a, "");  // Every field decodes shifted.
  a = Alteration{};
  a.method = 7;
  ExpectRejectedWith(a, "method");
  a = Alteration{};
  a.both_vectors = true;
  ExpectRejectedWith(a, "entries");
  a = Alteration{};
  a.omit_types = true;
  ExpectRejectedWith(a, "types");
  a = Alteration{};
  a.cost0 = 0;
  ExpectRejectedWith(a, "cost");
  // Entry 0 (the empty state) must be 0.
  a = Alteration{};
  a.entries = {{0, 1}};
  ExpectRejectedWith(a, "empty state");
  // State 1 = counts (1, 0): a time one too small.
  a = Alteration{};
  a.entries = {{1, (uint64_t{0} << 5) | (0 << 4) | 1}};
  ExpectRejectedWith(a, "completion time");
  // State 1 with first child type 1 (count 0).
  a = Alteration{};
  a.entries = {{1, (uint64_t{0} << 5) | (1 << 4) | 2}};
  ExpectRejectedWith(a, "first child");
  // State 1 with a split of itself (y = state 1 > i - e_l = 0): a cycle.
  a = Alteration{};
  a.entries = {{1, (uint64_t{1} << 5) | (0 << 4) | 2}};
  ExpectRejectedWith(a, "split");
  // A split index beyond the states.
  a = Alteration{};
  a.entries = {{5, (uint64_t{16} << 5) | (0 << 4) | 4}};
  ExpectRejectedWith(a, "split");
}

// A profile with these limits and a consistent state count, whose entry
// vector holds one entry only (a table at HETCAST_TABLE_MAX_ENTRIES would take
// 128 MB): what it is refused for tells which check it got past.
std::string ErrorWithLimits(const std::vector<uint32_t>& limits) {
  uint64_t states = 1;
  for (const uint32_t limit : limits) states *= uint64_t{limit} + 1;
  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<fb::NodeType>> types;
  for (const uint32_t limit : limits) {
    types.push_back(fb::CreateNodeType(b, b.CreateString("t"), 2, limit));
  }
  uint32_t type_bits = 0, split_bits = 0;
  while ((uint64_t{1} << type_bits) < limits.size()) ++type_bits;
  while ((uint64_t{1} << split_bits) < states) ++split_bits;
  const auto profile = fb::CreateProfile(
      b, b.CreateString("limits"), b.CreateVector(types), fb::Method_ExactDp,
      states, 4, static_cast<uint8_t>(type_bits),
      static_cast<uint8_t>(split_bits),
      b.CreateVector(std::vector<uint32_t>(1)), 0);
  const std::vector<flatbuffers::Offset<fb::Profile>> profiles = {profile};
  b.FinishSizePrefixed(
      fb::CreateHetcastTable(b, HETCAST_TABLE_SCHEMA_VERSION,
                             b.CreateString("test"), b.CreateVector(profiles)),
      "HCT1");
  OwnedTable owned = OpenTableBytes(std::string(
      reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize()));
  EXPECT_EQ(owned.status, HETCAST_INVALID_TABLE);
  return owned.error;
}

TEST(TableVerification, EntryLimitIsExact) {
  // One type: limit L gives L + 1 states and as many entries; 2^25 fit.
  const uint32_t most = (uint32_t{1} << 25) - 1;
  EXPECT_THAT(ErrorWithLimits({most}), Not(HasSubstr("too many states")));
  EXPECT_THAT(ErrorWithLimits({most}), Not(HasSubstr("MAX_ENTRIES")));
  EXPECT_THAT(ErrorWithLimits({most + 1}), HasSubstr("too many states"));
  // Two types: 4096 * 4096 states * 2 types = 2^25 entries fit, 4096 * 4097
  // * 2 do not (though the states alone would).
  EXPECT_THAT(ErrorWithLimits({4095, 4095}), Not(HasSubstr("MAX_ENTRIES")));
  EXPECT_THAT(ErrorWithLimits({4095, 4095}), Not(HasSubstr("too many")));
  // Both got past the limits to the next check, the entry vector's size.
  EXPECT_THAT(ErrorWithLimits({most}), HasSubstr("mis-sized"));
  EXPECT_THAT(ErrorWithLimits({4095, 4095}), HasSubstr("mis-sized"));
  EXPECT_THAT(ErrorWithLimits({4095, 4096}), HasSubstr("MAX_ENTRIES"));
  // Limits whose state product would pass 2^64 ((2^32)^3 = 2^96) are refused
  // too (the running product stops at the limit before it can wrap).
  EXPECT_THAT(ErrorWithLimits({UINT32_MAX, UINT32_MAX, UINT32_MAX}),
              HasSubstr("too many states"));
}

TEST(TableVerification, NullArgumentsAreRefused) {
  hetcast_table table;
  const char* error = nullptr;
  EXPECT_EQ(hetcast_table_open(nullptr, 100, &table, &error),
            HETCAST_INVALID_ARGUMENT);
  EXPECT_STRNE(error, "");
  const std::string bytes = TestTableBytes();
  OwnedTable owned = OpenTableBytes(bytes);
  EXPECT_EQ(hetcast_table_open(owned.data(), owned.size, nullptr, nullptr),
            HETCAST_INVALID_ARGUMENT);
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
