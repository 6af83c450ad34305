// exact_dp_test.cc: the table generator (tools/gen/exact_dp.cc) against the
// plain Lemma 5 reference and the exhaustive search, its determinism, and
// profile parsing.
#include "tools/gen/exact_dp.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/oracles/reference_dp.h"
#include "tests/table/table_test_util.h"
#include "tools/gen/profile.h"
#include "tools/gen/table_writer.h"
#include "tools/strict_json.h"

namespace hetcast {
namespace testing {
namespace {

using ::testing::HasSubstr;

ProfileSpec MakeProfile(const std::vector<uint64_t>& costs,
                        const std::vector<uint64_t>& limits) {
  ProfileSpec p;
  p.name = "test";
  for (size_t j = 0; j < costs.size(); ++j) {
    p.types.push_back(NodeTypeSpec{"t" + std::to_string(j), costs[j],
                                   static_cast<uint32_t>(limits[j])});
  }
  return p;
}

ExactTable Solve(const ProfileSpec& profile, int threads) {
  DpOptions options;
  options.threads = threads;
  absl::StatusOr<ExactTable> table = SolveExact(profile, options);
  EXPECT_TRUE(table.ok()) << table.status();
  return table.ok() ? *std::move(table) : ExactTable();
}

// Distinct costs in 1..max.
std::vector<uint64_t> RandomCosts(std::mt19937_64& rng, size_t k,
                                  uint64_t max) {
  std::vector<uint64_t> costs;
  while (costs.size() < k) {
    const uint64_t c = 1 + rng() % max;
    if (std::find(costs.begin(), costs.end(), c) == costs.end()) {
      costs.push_back(c);
    }
  }
  return costs;
}

void ExpectMatchesReference(const std::vector<uint64_t>& costs,
                            const std::vector<uint64_t>& limits) {
  const ReferenceDp reference(costs, limits);
  const ExactTable table = Solve(MakeProfile(costs, limits), 2);
  ASSERT_EQ(table.state_count, reference.StateCount());
  ForEachCounts(limits, [&](const std::vector<uint64_t>& i) {
    for (uint32_t s = 0; s < costs.size(); ++s) {
      ASSERT_EQ(table.time[s * table.state_count + table.StateOf(i)],
                reference.Optimum(s, i))
          << "costs " << ::testing::PrintToString(costs) << " source " << s
          << " counts " << ::testing::PrintToString(i);
    }
  });
}

TEST(ExactDp, Figure1IsNine) {
  const ExactTable table = Solve(MakeProfile({2, 3}, {7, 7}), 1);
  EXPECT_EQ(table.time[1 * table.state_count + table.StateOf({4, 7})], 9u);
}

TEST(ExactDp, MatchesReferenceOnEveryStateOfRandomProfiles) {
  ExpectMatchesReference({2, 3}, {7, 7});
  ExpectMatchesReference({1}, {12});
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const size_t k = 1 + trial % 4;
    const uint64_t limit = k == 4 ? 3 : (k == 3 ? 5 : 8);
    std::vector<uint64_t> limits;
    for (size_t j = 0; j < k; ++j) limits.push_back(1 + rng() % limit);
    ExpectMatchesReference(RandomCosts(rng, k, trial % 2 ? 6 : 40), limits);
  }
}

TEST(ExactDp, EqualsExhaustiveSearchOnSmallProfiles) {
  // k <= 3 and up to 7 destinations: every state against brute force.
  const std::vector<std::vector<uint64_t>> cost_sets = {
      {1}, {2, 3}, {1, 4}, {3, 2}, {2, 3, 5}, {3, 4, 9}, {7, 1, 3}};
  for (const std::vector<uint64_t>& costs : cost_sets) {
    const std::vector<uint64_t> limits(costs.size(), 7);
    const ExactTable table = Solve(MakeProfile(costs, limits), 2);
    ForEachCounts(limits, [&](const std::vector<uint64_t>& i) {
      uint64_t sum = 0;
      for (uint64_t c : i) sum += c;
      if (sum > 7) return;
      for (uint32_t s = 0; s < costs.size(); ++s) {
        ASSERT_EQ(table.time[s * table.state_count + table.StateOf(i)],
                  ExhaustiveOptimum(TinyInstance{costs, s, i, {}}))
            << "costs " << ::testing::PrintToString(costs) << " source " << s
            << " counts " << ::testing::PrintToString(i);
      }
    });
  }
}

TEST(ExactDp, OutputDoesNotDependOnThreadCount) {
  const ProfileSpec profile = MakeProfile({3, 2, 7, 5}, {5, 4, 3, 4});
  const ExactTable one = Solve(profile, 1);
  for (int threads : {2, 3, 8}) {
    const ExactTable many = Solve(profile, threads);
    EXPECT_EQ(one.time, many.time);
    EXPECT_EQ(one.first_child, many.first_child);
    EXPECT_EQ(one.split, many.split);
  }
  absl::StatusOr<std::string> a = WriteTable({SolvedProfile{profile, one, {}}});
  absl::StatusOr<std::string> b =
      WriteTable({SolvedProfile{profile, Solve(profile, 2), {}}});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);  // Byte-identical files.
}

TEST(ExactDp, EveryDecisionIsConsistent) {
  // tau(s, i) = max(tau(l, y), tau(s, i - e_l - y)) + C(s), decisions obey
  // Rule 1 (no type faster than l in y).
  const std::vector<uint64_t> costs = {4, 1, 2};
  const std::vector<uint64_t> limits = {4, 5, 4};
  const ExactTable t = Solve(MakeProfile(costs, limits), 2);
  ForEachCounts(limits, [&](const std::vector<uint64_t>& i) {
    const uint64_t state = t.StateOf(i);
    if (state == 0) return;
    for (uint32_t s = 0; s < costs.size(); ++s) {
      const uint64_t e = s * t.state_count + state;
      const uint32_t l = t.first_child[e];
      ASSERT_GE(i[l], 1u);
      const uint64_t y = t.split[e];
      uint64_t rest_y = y;
      for (size_t j = costs.size(); j-- > 0;) {
        const uint64_t yj = rest_y / t.stride[j];
        rest_y %= t.stride[j];
        ASSERT_LE(yj + (j == l ? 1 : 0), i[j]);
        if (costs[j] < costs[l]) {
          EXPECT_EQ(yj, 0u);
        }
      }
      const uint64_t rest = state - t.stride[l] - y;
      EXPECT_EQ(t.time[e], std::max(t.time[l * t.state_count + y],
                                    t.time[s * t.state_count + rest]) +
                               costs[s]);
    }
  });
}

TEST(Profile, ParsesTheDocumentedShape) {
  absl::StatusOr<ProfileSpec> p = ParseProfileJson(
      R"({"name": "lab", "types": [{"name": "fast", "cost": 2, "limit": 7},
                                   {"name": "slow", "cost": 3, "limit": 7}]})");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->name, "lab");
  ASSERT_EQ(p->types.size(), 2u);
  EXPECT_EQ(p->types[1].name, "slow");
  EXPECT_EQ(p->types[1].cost, 3u);
  EXPECT_EQ(p->types[1].limit, 7u);
}

void ExpectRejected(const std::string& json, const std::string& fragment) {
  absl::StatusOr<ProfileSpec> p = ParseProfileJson(json);
  ASSERT_FALSE(p.ok()) << json;
  EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(p.status().message()), HasSubstr(fragment)) << json;
}

// FlatBuffers' parser reads "3" as 3; a profile refuses numbers written as
// strings, naming the field, and still takes names that look like keys.
TEST(Profile, NumbersWrittenAsStringsAreRefused) {
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 3},
                                 {"name": "b", "cost": "3", "limit": 3}]})",
      "line 2: types[1].cost: \"3\" is a string; write the number without "
      "quotes");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": "3"}]})",
      "types[0].limit: \"3\" is a string");
  ExpectRejected(R"({name: "x", types: [{name: "a", cost: "2", limit: 3}]})",
                 "types[0].cost: \"2\" is a string");
  ExpectRejected(
      R"({"name": 7, "types": [{"name": "a", "cost": 2, "limit": 3}]})",
      "name: 7 is not a string");
  absl::StatusOr<ProfileSpec> named = ParseProfileJson(
      R"({"name": "cost", "types": [{"name": "limit", "cost": 2,
                                     "limit": 3}]})");
  ASSERT_TRUE(named.ok()) << named.status();
  EXPECT_EQ(named->types[0].cost, 2u);
}

// What FlatBuffers' parser lets through is refused, in the user's terms
// (issue 32): a missing field (which it reads as 0: a table covering
// nothing), a trailing comma, a fraction (its message spoke of "float
// constant" and "<ulong> type"), a number past the field's type.
TEST(Profile, StrictJsonNamesTheFieldAndWhatItExpects) {
  ExpectRejected(R"({"name": "x", "types": [{"name": "a", "cost": 2}]})",
                 "types[0].limit: missing: every entry of 'types' needs "
                 "'limit', a whole number from 0 to 4294967295");
  ExpectRejected(R"({"types": [{"name": "a", "cost": 2, "limit": 3}]})",
                 "name: missing: the top-level object needs 'name'");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 3,}]})",
      "types[0]: a comma before '}' (JSON has no trailing commas)");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 3},]})",
      "types: a comma before ']'");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2.5, "limit": 3}]})",
      "types[0].cost: 2.5 is not a whole number; expected a whole number "
      "from 0 to 18446744073709551615");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 4294967296}]})",
      "types[0].limit: 4294967296 is out of range");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": +2, "limit": 3}]})",
      "types[0].cost: +2 is not a whole number");
  ExpectRejected("{\"name\": \"x,\n \"types\": []}",
                 "line 1: name: the string \"x, is not closed on its line");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 3, "cost": 4}]})",
      "types[0].cost: written twice");
  ExpectRejected(R"({"name": "x", "types": {"name": "a"}})",
                 "types: expected an array [...] of an object");
  ExpectRejected(
      "{\"name\": \"x\",\n \"types\": [{\"name\": \"a\", \"cost\": 2, "
      "\"limit\": 3}],\n \"tpyes\": 1}",
      "line 3: unknown field 'tpyes'; did you mean 'types'? (known fields "
      "here: name, types)");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cots": 2, "limit": 3}]})",
      "types[0]: unknown field 'cots'; did you mean 'cost'?");
  for (const char* comment : {"// a comment\n", "/* a comment */"}) {
    const std::string json = std::string(comment) +
                             R"({"name": "x", "types": [{"name": "a", )" +
                             comment + R"("cost": 2, "limit": 3}]})";
    absl::StatusOr<ProfileSpec> p = ParseProfileJson(json);
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(p->types[0].limit, 3u);
  }
}

TEST(Profile, EditDistanceIsLevenshtein) {
  EXPECT_EQ(EditDistance("", ""), 0u);
  EXPECT_EQ(EditDistance("limt", "limit"), 1u);
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(EditDistance("cost", ""), 4u);
  EXPECT_EQ(EditDistance("tpyes", "types"), 2u);
}

TEST(Profile, BadProfilesNameTheField) {
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limt": 3}]})",
      "limt");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": "fast", "limit": 3}]})",
      "types[0].cost: \"fast\" is a string");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": -2, "limit": 3}]})", "");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 0, "limit": 3}]})",
      "types[0].cost");
  ExpectRejected(R"({"name": "x", "types": [{"name": "a", "limit": 3}]})",
                 "types[0].cost");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 3},
                                            {"name": "b", "cost": 2, "limit": 3}]})",
      "types[1].cost");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 3},
                                            {"name": "a", "cost": 3, "limit": 3}]})",
      "types[1].name");
  ExpectRejected(R"({"name": "x", "types": []})", "types");
  ExpectRejected(R"({"name": "x"})", "types");
  ExpectRejected(R"({"types": [{"name": "a", "cost": 2, "limit": 3}]})",
                 "name");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 4294967295},
                                            {"name": "b", "cost": 3, "limit": 4294967295},
                                            {"name": "c", "cost": 4, "limit": 4294967295}]})",
      "types[");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 6000},
                                            {"name": "b", "cost": 3, "limit": 6000}]})",
      "limit");
  ExpectRejected(
      R"({"name": "x", "types": [{"name": "a", "cost": 2, "limit": 3}]}  trailing)",
      "");
  ExpectRejected("not json", "");
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
