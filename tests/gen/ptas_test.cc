// ptas_test.cc: the PTAS of Khuller & Kim §6-7 (tools/gen/ptas.h) against the
// exact Lemma 5 DP (every state of small profiles), the exhaustive search
// (multicast with relays), and its own theorems: (Sound) every accepted
// guess gives a schedule within D(T), (Complete) every guess T >= OPT is
// accepted, and completion <= (1 + eps)(1 + 3 eps) OPT.
#include "tools/gen/ptas.h"

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/sanitizer_run.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"
#include "tools/gen/ptas_flags.h"

namespace hetcast {
namespace testing {
namespace {

using ::testing::HasSubstr;

const Epsilon kEpsilons[] = {{1, 2}, {1, 4}, {1, 10}};

ExactTable Solve(const std::vector<uint64_t>& costs,
                 const std::vector<uint32_t>& limits) {
  ProfileSpec p;
  p.name = "test";
  for (size_t j = 0; j < costs.size(); ++j) {
    p.types.push_back(
        NodeTypeSpec{"t" + std::to_string(j), costs[j], limits[j]});
  }
  absl::StatusOr<ExactTable> table = SolveExact(p, DpOptions{});
  EXPECT_TRUE(table.ok()) << table.status();
  return table.ok() ? *std::move(table) : ExactTable();
}

// completion <= (1 + eps)(1 + 3 eps) opt (grid: (1 + eps)^2 (1 + 3 eps)
// opt), exactly in integers.
bool WithinFactor(uint64_t completion, uint64_t opt, const Epsilon& e,
                  bool grid = false) {
  const unsigned __int128 p = e.numerator, q = e.denominator;
  return static_cast<unsigned __int128>(completion) * q * q * (grid ? q : 1) <=
         (q + p) * (q + 3 * p) * (grid ? q + p : 1) * opt;
}

// Every state of a profile, every source type, every eps.
void CheckEveryState(const std::vector<uint64_t>& costs,
                     const std::vector<uint32_t>& limits, bool grid = false) {
  const ExactTable table = Solve(costs, limits);
  const size_t k = costs.size();
  std::vector<uint64_t> counts(k);
  for (uint32_t s = 0; s < k; ++s) {
    for (uint64_t state = 0; state < table.state_count; ++state) {
      for (size_t j = 0; j < k; ++j) {
        counts[j] = (state / table.stride[j]) % (uint64_t{limits[j]} + 1);
      }
      const uint64_t opt = table.time[s * table.state_count + state];
      for (const Epsilon& eps : kEpsilons) {
        PtasRequest request;
        request.costs = costs;
        request.source_type = s;
        request.counts = counts;
        request.epsilon = eps;
        request.use_fnf_if_better = false;
        request.grid = grid;
        absl::StatusOr<PtasResult> r = PlanPtas(request);
        const std::string where =
            ::testing::PrintToString(costs) + " s=" + std::to_string(s) +
            " counts=" + ::testing::PrintToString(counts) +
            " eps=" + std::to_string(eps.numerator) + "/" +
            std::to_string(eps.denominator);
        ASSERT_TRUE(r.ok()) << r.status() << " " << where;
        EXPECT_EQ(r->answer.algorithm, HETCAST_ALGORITHM_PTAS) << where;
        EXPECT_EQ(r->answer.completion_time, r->ptas_completion) << where;
        EXPECT_GE(r->ptas_completion, opt) << where;
        EXPECT_TRUE(WithinFactor(r->ptas_completion, opt, eps, grid))
            << where << " ptas " << r->ptas_completion << " opt " << opt;
        EXPECT_LE(r->guess_bound, opt) << where;
        EXPECT_LE(r->answer.lower_bound, opt) << where;
        EXPECT_EQ(r->answer.exact,
                  r->answer.lower_bound == opt && r->ptas_completion == opt)
            << where;
      }
    }
  }
}

TEST(Ptas, WithinItsFactorOnEveryStateOfSmallProfiles) {
  CheckEveryState({1, 2, 5}, {4, 4, 4});
  CheckEveryState({2, 3, 7}, {5, 5, 3});
  CheckEveryState({3, 4, 10, 25}, {3, 3, 2, 2});
  CheckEveryState({1, 6}, {12, 12});
}

// The paper's own search ((1 + eps) grid, first accepted guess): within
// Theorem 6.2's (1 + eps)^2 (1 + 3 eps).
TEST(Ptas, PaperGridSearchWithinTheorem62) {
  CheckEveryState({1, 2, 5}, {4, 4, 4}, /*grid=*/true);
  CheckEveryState({2, 3, 7}, {5, 5, 3}, /*grid=*/true);
  CheckEveryState({3, 4, 10, 25}, {3, 3, 2, 2}, /*grid=*/true);
  EXPECT_EQ(FactorText({1, 10}, /*grid=*/true), "1.58");  // 1.1^2 x 1.3.
}

TEST(Ptas, WithinItsFactorOnRandomProfiles) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 12; ++round) {
    const size_t k = 2 + rng() % 3;
    std::vector<uint64_t> costs;
    while (costs.size() < k) {
      const uint64_t c = 1 + rng() % 40;
      if (std::find(costs.begin(), costs.end(), c) == costs.end()) {
        costs.push_back(c);
      }
    }
    std::vector<uint32_t> limits(k);
    for (auto& l : limits)
      l = static_cast<uint32_t>(1 + rng() % (k == 2 ? 9 : 4));
    CheckEveryState(costs, limits);
  }
}

// Theorem 6.1 (Complete) and soundness, guess by guess: every T from OPT to
// FNF's completion is accepted, and every accepted T (below OPT too) yields
// a schedule with OPT <= completion <= D(T).
TEST(Ptas, EveryGuessAtLeastOptIsAcceptedAndEveryAcceptedGuessIsSound) {
  const std::vector<uint64_t> costs = {2, 3, 5, 11};
  const std::vector<uint32_t> limits = {3, 3, 2, 2};
  const ExactTable table = Solve(costs, limits);
  std::vector<uint64_t> counts(costs.size());
  int accepted_below_opt = 0;
  for (uint32_t s = 0; s < costs.size(); ++s) {
    for (uint64_t state = 1; state < table.state_count; ++state) {
      for (size_t j = 0; j < costs.size(); ++j) {
        counts[j] = (state / table.stride[j]) % (uint64_t{limits[j]} + 1);
      }
      const uint64_t opt = table.time[s * table.state_count + state];
      for (const Epsilon& eps : kEpsilons) {
        for (uint64_t t = 1; t <= 2 * opt; ++t) {
          absl::StatusOr<GuessOutcome> g =
              PtasTryGuess(costs, s, counts, eps, t);
          ASSERT_TRUE(g.ok()) << g.status();
          if (t >= opt) {
            EXPECT_TRUE(g->accepted) << "T=" << t << " opt=" << opt;
          }
          if (g->accepted) {
            EXPECT_GE(g->completion, opt);
            EXPECT_LE(g->completion, g->deadline);
            if (t < opt) ++accepted_below_opt;
          }
        }
      }
    }
  }
  // Guesses below OPT may be accepted (D(T) > T): the check above is not
  // vacuous about soundness.
  EXPECT_GT(accepted_below_opt, 0);
}

// The scheme does something FNF does not: where FNF is suboptimal (the
// default profile's costs), the PTAS with a small eps finds better.
TEST(Ptas, BeatsFnfWhereFnfIsSuboptimal) {
  const std::vector<uint64_t> costs = {2, 3, 5};
  const std::vector<uint32_t> limits = {7, 7, 7};
  const ExactTable table = Solve(costs, limits);
  int better = 0, fnf_suboptimal = 0;
  std::vector<uint64_t> counts(3);
  for (uint32_t s = 0; s < 3; ++s) {
    for (uint64_t state = 1; state < table.state_count; ++state) {
      for (size_t j = 0; j < 3; ++j) {
        counts[j] = (state / table.stride[j]) % (uint64_t{limits[j]} + 1);
      }
      PtasRequest request{costs, s, counts, {}, {1, 10}, false};
      absl::StatusOr<PtasResult> r = PlanPtas(request);
      ASSERT_TRUE(r.ok());
      const uint64_t opt = table.time[s * table.state_count + state];
      if (r->fnf_completion > opt) ++fnf_suboptimal;
      if (r->ptas_completion < r->fnf_completion) ++better;
    }
  }
  EXPECT_GT(fnf_suboptimal, 0);
  EXPECT_GT(better, 0);
}

TEST(Ptas, FnfFallbackKeepsTheBetterScheduleAndSaysSo) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 200; ++round) {
    PtasRequest request;
    request.costs = {1 + rng() % 3, 4 + rng() % 4, 9 + rng() % 9};
    request.source_type = static_cast<uint32_t>(rng() % 3);
    request.counts = {rng() % 6, rng() % 6, rng() % 4};
    request.epsilon = {1, 2};
    absl::StatusOr<PtasResult> r = PlanPtas(request);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->answer.completion_time,
              std::min(r->ptas_completion, r->fnf_completion));
    if (r->fnf_completion < r->ptas_completion) {
      EXPECT_EQ(r->answer.algorithm, HETCAST_ALGORITHM_FNF);
    } else {
      EXPECT_EQ(r->answer.algorithm, HETCAST_ALGORITHM_PTAS);
    }
    // The output is a canonical schedule of the request.
    ASSERT_EQ(r->nodes.size(),
              1 + request.counts[0] + request.counts[1] + request.counts[2]);
    uint64_t last = 0;
    for (size_t id = 1; id < r->nodes.size(); ++id) {
      const hetcast_node& n = r->nodes[id];
      ASSERT_NE(n.arrival, HETCAST_NEVER);
      EXPECT_EQ(n.arrival,
                r->nodes[n.parent].arrival +
                    n.send_index * request.costs[r->nodes[n.parent].type]);
      last = std::max(last, n.arrival);
    }
    EXPECT_EQ(last, r->answer.completion_time);
  }
  // With eps = 1/2 (factor 3.75) FNF's schedule can be better; a random
  // search finds this case (PTAS 20, FNF 18).
  PtasRequest request{{2, 12, 15}, 0, {0, 5, 7}, {}, {1, 2}, true};
  absl::StatusOr<PtasResult> r = PlanPtas(request);
  ASSERT_TRUE(r.ok());
  EXPECT_LT(r->fnf_completion, r->ptas_completion);
  EXPECT_EQ(r->answer.algorithm, HETCAST_ALGORITHM_FNF);
  EXPECT_EQ(r->answer.completion_time, r->fnf_completion);
}

// Theorem 7.2: multicast with relays, against the exhaustive search.
TEST(Ptas, MulticastWithRelaysWithinFactorOfExhaustiveOptimum) {
  std::mt19937_64 rng(11);
  int relays_used = 0;
  for (int round = 0; round < 60; ++round) {
    TinyInstance tiny;
    tiny.costs = {1 + rng() % 2, 3 + rng() % 3, 7 + rng() % 6};
    tiny.source_type = static_cast<uint32_t>(rng() % 3);
    tiny.destinations = {rng() % 2, rng() % 3, 1 + rng() % 3};
    tiny.relays = {rng() % 3, rng() % 2, 0};
    const uint64_t opt = ExhaustiveOptimum(tiny);
    for (const Epsilon& eps : kEpsilons) {
      PtasRequest request{
          tiny.costs, tiny.source_type, tiny.destinations, tiny.relays, eps,
          false};
      absl::StatusOr<PtasResult> r = PlanPtas(request);
      ASSERT_TRUE(r.ok()) << r.status();
      EXPECT_GE(r->ptas_completion, opt);
      EXPECT_TRUE(WithinFactor(r->ptas_completion, opt, eps))
          << r->ptas_completion << " vs " << opt;
      EXPECT_LE(r->answer.lower_bound, opt);
      for (const hetcast_node& n : r->nodes) {
        if (n.is_relay && n.arrival != HETCAST_NEVER) ++relays_used;
      }
    }
  }
  EXPECT_GT(relays_used, 0);
}

// Many fast nodes and a few slow ones: the sending points come from a merge
// of the fast nodes' progressions (O(|F|) memory), not from listing every
// point before D (which would be |F| x slow here).
TEST(Ptas, ManyFastNodesAndAFewSlowOnes) {
  // The sanitizer run (tools/run_tests.sh) takes a tenth: 200,000 fast nodes
  // took 5 minutes under ASan.
  const uint64_t fast = SanitizerRun() ? 20000 : 200000;
  PtasRequest request{{1, 50}, 0, {fast, 30}, {}, {1, 10}, false};
  absl::StatusOr<PtasResult> r = PlanPtas(request);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_LE(r->answer.lower_bound, r->ptas_completion);
  EXPECT_TRUE(WithinFactor(r->ptas_completion, r->answer.lower_bound,
                           request.epsilon) ||
              r->answer.lower_bound_kind != HETCAST_BOUND_PTAS_GUESS);
  EXPECT_EQ(r->nodes.size(), 1 + fast + 30);
  PtasRequest relays{{1, 50}, 0, {100, 100000}, {90000, 0}, {1, 10}, false};
  EXPECT_THAT(std::string(PlanPtas(relays).status().message()),
              HasSubstr("--relays: trying every relay count needs"));
  PtasRequest too_many{{1, 50}, 0, {20000000, 1}, {}, {1, 10}, false};
  EXPECT_THAT(std::string(PlanPtas(too_many).status().message()),
              HasSubstr("more than 10000000 nodes"));
}

TEST(Ptas, SameRequestSameSchedule) {
  PtasRequest request{{1, 3, 4, 9}, 2,       {5, 4, 3, 6},
                      {2, 1, 0, 0}, {1, 10}, true};
  absl::StatusOr<PtasResult> a = PlanPtas(request);
  absl::StatusOr<PtasResult> b = PlanPtas(request);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->transfers.size(), b->transfers.size());
  for (size_t i = 0; i < a->transfers.size(); ++i) {
    EXPECT_EQ(a->transfers[i].from, b->transfers[i].from);
    EXPECT_EQ(a->transfers[i].to, b->transfers[i].to);
    EXPECT_EQ(a->transfers[i].start, b->transfers[i].start);
  }
}

TEST(Ptas, NodeCostListsBecomeTypes) {
  absl::StatusOr<TypedNodes> t = TypesFromNodeCosts({5, 3, 9, 3, 5, 1});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->costs, (std::vector<uint64_t>{1, 3, 5, 9}));
  EXPECT_EQ(t->source_type, 2u);
  EXPECT_EQ(t->counts, (std::vector<uint64_t>{1, 2, 1, 1}));
  EXPECT_FALSE(TypesFromNodeCosts({}).ok());
  std::vector<uint64_t> many;
  for (uint64_t c = 1; c <= 70; ++c) many.push_back(c);
  EXPECT_THAT(std::string(TypesFromNodeCosts(many).status().message()),
              HasSubstr("distinct costs"));
}

TEST(Ptas, BadEpsilonIsRejectedWithItsName) {
  for (const char* text :
       {"0", "0.0", "1", "1.0", "-0.1", "1.5", "nan", "NaN", "inf", "", "abc",
        "0.1234567", "1e-1", "0.1x", ".", "0.", " 0.1"}) {
    absl::StatusOr<Epsilon> e = ParseEpsilon(text);
    EXPECT_FALSE(e.ok()) << text;
    EXPECT_THAT(std::string(e.status().message()), HasSubstr("--epsilon"))
        << text;
  }
  absl::StatusOr<Epsilon> e = ParseEpsilon("0.25");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->numerator, 1u);
  EXPECT_EQ(e->denominator, 4u);
  EXPECT_TRUE(ParseEpsilon(".1").ok());
  EXPECT_EQ(FactorText({1, 10}), "1.43");
  EXPECT_EQ(FactorText({1, 2}), "3.75");
  PtasRequest request{{1, 2}, 0, {1, 1}, {}, {0, 1}, true};
  EXPECT_THAT(std::string(PlanPtas(request).status().message()),
              HasSubstr("--epsilon"));
  request.epsilon = {3, 3};
  EXPECT_FALSE(PlanPtas(request).ok());
}

TEST(Ptas, BadRequestsAreRejected) {
  PtasRequest empty;
  EXPECT_THAT(std::string(PlanPtas(empty).status().message()),
              HasSubstr("empty"));
  // Costs up to HETCAST_MAX_COST are accepted, one more is not.
  PtasRequest huge{{1, HETCAST_MAX_COST + 1}, 0, {1, 1}, {}, {1, 10}, true};
  EXPECT_THAT(std::string(PlanPtas(huge).status().message()),
              HasSubstr("outside 1 .. 2^40"));
  PtasRequest largest{{1, HETCAST_MAX_COST}, 0, {1, 0}, {}, {1, 10}, true};
  EXPECT_TRUE(PlanPtas(largest).ok()) << PlanPtas(largest).status();
  PtasRequest zero{{0, 2}, 0, {1, 1}, {}, {1, 10}, true};
  EXPECT_FALSE(PlanPtas(zero).ok());
  PtasRequest mismatch{{1, 2}, 0, {1}, {}, {1, 10}, true};
  EXPECT_FALSE(PlanPtas(mismatch).ok());
  PtasRequest source{{1, 2}, 2, {1, 1}, {}, {1, 10}, true};
  EXPECT_FALSE(PlanPtas(source).ok());
  // Far beyond the DP budget: refused, not run for hours.
  PtasRequest big{{1, 50, 51, 57, 63, 70},
                  0,
                  {2, 300, 300, 300, 300, 300},
                  {},
                  {1, 100},
                  true};
  absl::StatusOr<PtasResult> r = PlanPtas(big);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("budget"));
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
