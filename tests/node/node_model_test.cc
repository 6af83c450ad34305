// node_model_test.cc: FNF, the evaluator and the lower bounds of the
// heterogeneous node model, judged by the exhaustive search, the textbook
// FNF and the papers' worked example and theorems.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <set>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/node/node_test_util.h"
#include "tests/node/schedule_checks.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/oracles/textbook_fnf.h"

namespace hetcast {
namespace testing {
namespace {

using ::testing::ElementsAre;
using ::testing::Eq;

// Libeskind-Hadas et al. Fig. 1: source cost 3, four destinations of cost 2,
// seven of cost 3.
TinyInstance Figure1() { return TinyInstance{{2, 3}, 1, {4, 7}, {}}; }

TEST(Figure1, FnfCompletesAtTenAndSearchFindsNine) {
  const PlanResult plan = PlanFnf(Figure1());
  ExpectConsistent(Figure1(), plan);
  EXPECT_EQ(plan.answer.completion_time, 10u);
  EXPECT_EQ(plan.answer.algorithm, HETCAST_ALGORITHM_FNF);
  EXPECT_EQ(ExhaustiveOptimum(Figure1()), 9u);
  EXPECT_LE(plan.answer.lower_bound, 9u);
  EXPECT_EQ(plan.answer.exact, 0);
}

TEST(Evaluator, TimesAHandDerivedStructure) {
  // Times derived by hand from the rule t(i-th child of v) = t(v) + i*C(v).
  // Source type 1 (cost 3); ids 1-2 are type 0 (cost 2), id 3 type 1.
  const TinyInstance instance{{2, 3}, 1, {2, 1}, {}};
  // 0 -> 3 arrives 3, 0 -> 1 arrives 6, 3 -> 2 arrives 3 + 3 = 6.
  const PlanResult result = Evaluate(instance, {{0, 3}, {0, 1}, {3, 2}});
  ASSERT_EQ(result.status, HETCAST_OK);
  EXPECT_EQ(result.nodes[3].arrival, 3u);
  EXPECT_EQ(result.nodes[1].arrival, 6u);
  EXPECT_EQ(result.nodes[2].arrival, 6u);
  EXPECT_EQ(result.answer.completion_time, 6u);
  EXPECT_EQ(result.nodes[1].send_index, 2u);
}

TEST(Evaluator, RejectsInvalidStructures) {
  const TinyInstance instance{{2, 3}, 0, {2, 1}, {1, 0}};  // ids 1-3, relay 4
  auto status_of = [&](std::vector<hetcast_send> sends) {
    return Evaluate(instance, sends).status;
  };
  // Valid, with and without the relay.
  EXPECT_EQ(status_of({{0, 1}, {0, 2}, {1, 3}}), HETCAST_OK);
  EXPECT_EQ(status_of({{0, 4}, {4, 1}, {0, 2}, {4, 3}}), HETCAST_OK);
  // A node receiving twice.
  EXPECT_EQ(status_of({{0, 1}, {0, 2}, {1, 2}}), HETCAST_INVALID_SCHEDULE);
  // A send from a node that never receives (2 and 3 feed each other).
  EXPECT_EQ(status_of({{0, 1}, {2, 3}, {3, 2}}), HETCAST_INVALID_SCHEDULE);
  EXPECT_EQ(status_of({{0, 1}, {3, 2}}), HETCAST_INVALID_SCHEDULE);
  // A destination never reached.
  EXPECT_EQ(status_of({{0, 1}, {0, 2}}), HETCAST_INVALID_SCHEDULE);
  // Ids outside the request, and the source as a receiver.
  EXPECT_EQ(status_of({{0, 1}, {0, 2}, {0, 5}}), HETCAST_INVALID_SCHEDULE);
  EXPECT_EQ(status_of({{0, 1}, {0, 2}, {1, 3}, {3, 0}}),
            HETCAST_INVALID_SCHEDULE);
  // More sends than receivers.
  EXPECT_EQ(status_of({{0, 1}, {0, 2}, {1, 3}, {0, 4}, {0, 4}}),
            HETCAST_INVALID_SCHEDULE);
}

TEST(Fnf, RejectsBadRequests) {
  EXPECT_EQ(PlanFnf(TinyInstance{{}, 0, {}, {}}).status,
            HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(PlanFnf(TinyInstance{{2, 0}, 0, {1, 1}, {}}).status,
            HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(PlanFnf(TinyInstance{{2, 3}, 2, {1, 1}, {}}).status,
            HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(PlanFnf(TinyInstance{{2}, 0, {uint64_t{1} << 40}, {}}).status,
            HETCAST_TOO_LARGE);
  EXPECT_EQ(PlanFnf(TinyInstance{{2, 3}, 0, {HETCAST_MAX_NODES, 5}, {}}).status,
            HETCAST_TOO_LARGE);
}

TEST(Fnf, ReportsOverflowInsteadOfWrapping) {
  // One type of cost 2^62: the informed set doubles every 2^62 ticks, so 7
  // destinations are done at 3 * 2^62 (fits), an 8th needs 4 * 2^62 = 2^64.
  const uint64_t huge = uint64_t{1} << 62;
  const PlanResult seven = PlanFnf(TinyInstance{{huge}, 0, {7}, {}});
  ASSERT_EQ(seven.status, HETCAST_OK);
  EXPECT_EQ(seven.answer.completion_time, 3 * huge);
  EXPECT_EQ(PlanFnf(TinyInstance{{huge}, 0, {8}, {}}).status, HETCAST_OVERFLOW);
  // The evaluator checks too: a chain of four sends of cost 2^62.
  const TinyInstance chain{{huge}, 0, {4}, {}};
  EXPECT_EQ(Evaluate(chain, {{0, 1}, {1, 2}, {2, 3}, {3, 4}}).status,
            HETCAST_OVERFLOW);
  EXPECT_EQ(Evaluate(chain, {{0, 1}, {1, 2}, {2, 3}, {0, 4}}).status,
            HETCAST_OK);
}

// The exact 64-bit boundary. HETCAST_NEVER = 2^64 - 1 is not a time, so the
// latest completion is 2^64 - 2. Source type cost 2^63, two destinations of
// cost c: the source informs one at 2^63; the second is informed either by
// the source at 2^64 or by that destination at 2^63 + c, so the completion
// is 2^63 + c: 2^64 - 2 for c = 2^63 - 2 (fits), 2^64 - 1 for c = 2^63 - 1
// (does not).
TEST(Fnf, CompletionBoundaryIsExact) {
  const uint64_t half = uint64_t{1} << 63;
  const TinyInstance fits{{half - 2, half}, 1, {2, 0}, {}};
  const PlanResult plan = PlanFnf(fits);
  ASSERT_EQ(plan.status, HETCAST_OK);
  EXPECT_EQ(plan.answer.completion_time, HETCAST_NEVER - 1);
  EXPECT_LE(plan.answer.lower_bound, HETCAST_NEVER - 1);
  EXPECT_EQ(PlanFnf(TinyInstance{{half - 1, half}, 1, {2, 0}, {}}).status,
            HETCAST_OVERFLOW);
  // The evaluator, on the relay chain 0 -> 1 -> 2 and on the star.
  const PlanResult chain = Evaluate(fits, {{0, 1}, {1, 2}});
  ASSERT_EQ(chain.status, HETCAST_OK);
  EXPECT_EQ(chain.answer.completion_time, HETCAST_NEVER - 1);
  EXPECT_EQ(
      Evaluate(TinyInstance{{half - 1, half}, 1, {2, 0}, {}}, {{0, 1}, {1, 2}})
          .status,
      HETCAST_OVERFLOW);
  EXPECT_EQ(Evaluate(fits, {{0, 1}, {0, 2}}).status, HETCAST_OVERFLOW);  // 2^64
}

// One destination: the completion is the source's cost, any cost up to
// 2^64 - 2 (HETCAST_NEVER is refused as a cost).
TEST(Fnf, LargestCostIsAccepted) {
  const PlanResult plan =
      PlanFnf(TinyInstance{{HETCAST_NEVER - 1}, 0, {1}, {}});
  ASSERT_EQ(plan.status, HETCAST_OK);
  EXPECT_EQ(plan.answer.completion_time, HETCAST_NEVER - 1);
  EXPECT_EQ(plan.answer.lower_bound, HETCAST_NEVER - 1);
  EXPECT_EQ(plan.answer.exact, 1);
  EXPECT_EQ(PlanFnf(TinyInstance{{HETCAST_NEVER}, 0, {1}, {}}).status,
            HETCAST_INVALID_ARGUMENT);
}

// Overflow with one relay count does not end the relay search. Source and
// two destinations of cost 2^63, one relay of cost 1 offered: without it the
// second destination is informed at 2^64 at the earliest (does not fit);
// through the relay (informed at 2^63) they are informed at 2^63 + 1 and
// 2^63 + 2, the optimum (nothing is informed before 2^63, and only the relay
// can send again before 2^64).
TEST(Fnf, RelaySearchSkipsOverflowingCounts) {
  const uint64_t half = uint64_t{1} << 63;
  const PlanResult plan = PlanFnf(TinyInstance{{1, half}, 1, {0, 2}, {1, 0}});
  ASSERT_EQ(plan.status, HETCAST_OK);
  EXPECT_EQ(plan.answer.completion_time, half + 2);
  EXPECT_LE(plan.answer.lower_bound, half + 2);
  EXPECT_EQ(PlanFnf(TinyInstance{{1, half}, 1, {0, 2}, {}}).status,
            HETCAST_OVERFLOW);
}

TEST(Fnf, SmallBuffersAreRejected) {
  const TinyInstance instance = Figure1();
  const hetcast_node_request request = RequestOf(instance);
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_node_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  EXPECT_EQ(hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                              sizes.workspace_bytes - 1, nodes.data(),
                              nodes.size(), nullptr, 0, &answer, nullptr),
            HETCAST_WORKSPACE_TOO_SMALL);
  EXPECT_EQ(hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                              workspace.size(), nodes.data(), nodes.size() - 1,
                              nullptr, 0, &answer, nullptr),
            HETCAST_OUTPUT_TOO_SMALL);
  std::vector<hetcast_transfer> transfers(sizes.transfer_count - 1);
  EXPECT_EQ(
      hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                        workspace.size(), nodes.data(), nodes.size(),
                        transfers.data(), transfers.size(), &answer, nullptr),
      HETCAST_OUTPUT_TOO_SMALL);
  // Transfers are optional.
  EXPECT_EQ(hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                              workspace.size(), nodes.data(), nodes.size(),
                              nullptr, 0, &answer, nullptr),
            HETCAST_OK);
  EXPECT_EQ(answer.completion_time, 10u);
}

TEST(Status, StringsAndVersion) {
  EXPECT_STREQ(hetcast_status_str(HETCAST_OK), "ok");
  EXPECT_STREQ(hetcast_status_str(static_cast<hetcast_status>(999)),
               "unknown status");
  EXPECT_EQ(hetcast_version_number(), HETCAST_VERSION_NUMBER);
}

TEST(Fnf, NoDestinationsCompletesAtZero) {
  const PlanResult plan = PlanFnf(TinyInstance{{2, 3}, 0, {0, 0}, {1, 1}});
  ASSERT_EQ(plan.status, HETCAST_OK);
  EXPECT_EQ(plan.answer.completion_time, 0u);
  EXPECT_EQ(plan.answer.transfer_count, 0u);
  EXPECT_EQ(plan.answer.exact, 1);
}

TEST(Fnf, RelaysSpeedUpAMulticastToSlowNodes) {
  // Khuller & Kim §7's example in small: fast non-members help a multicast
  // to slow nodes. Source cost 1, four destinations of cost 10, and four
  // relays of cost 1.
  const TinyInstance with{{1, 10}, 0, {0, 4}, {4, 0}};
  const TinyInstance without{{1, 10}, 0, {0, 4}, {}};
  const PlanResult a = PlanFnf(with);
  const PlanResult b = PlanFnf(without);
  ExpectConsistent(with, a);
  EXPECT_EQ(b.answer.completion_time, 4u);  // The source sends to all four.
  EXPECT_EQ(a.answer.completion_time, 3u);  // Doubling through relays.
  EXPECT_EQ(ExhaustiveOptimum(with), 3u);
}

// Random tiny instances: k <= 3 types, at most 7 destinations, a few relays.
TinyInstance RandomTiny(std::mt19937_64& rng, bool relays) {
  TinyInstance instance;
  const int k = 1 + static_cast<int>(rng() % 3);
  for (int j = 0; j < k; ++j) instance.costs.push_back(1 + rng() % 6);
  instance.source_type = static_cast<uint32_t>(rng() % k);
  uint64_t budget = 1 + rng() % 8;  // At most 8 destinations.
  for (int j = 0; j < k; ++j) {
    const uint64_t n = j + 1 == k ? budget : rng() % (budget + 1);
    instance.destinations.push_back(n);
    budget -= n;
  }
  if (relays) {
    for (int j = 0; j < k; ++j) instance.relays.push_back(rng() % 3);
  }
  return instance;
}

TEST(FnfProperty, AgainstExhaustiveOptimumAndTheorems) {
  std::mt19937_64 rng(20261122);
  int suboptimal = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const TinyInstance instance = RandomTiny(rng, /*relays=*/false);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    const PlanResult plan = PlanFnf(instance);
    ExpectConsistent(instance, plan);
    const uint64_t fnf = plan.answer.completion_time;
    const uint64_t opt = ExhaustiveOptimum(instance);
    EXPECT_GE(fnf, opt);
    if (fnf > opt) ++suboptimal;
    EXPECT_LE(plan.answer.lower_bound, opt);
    uint64_t doubling;
    const hetcast_node_request request = RequestOf(instance);
    ASSERT_EQ(hetcast_node_lower_bound(&request, &doubling, nullptr),
              HETCAST_OK);
    EXPECT_LE(doubling, opt);
    EXPECT_LE(doubling, plan.answer.lower_bound);
    EXPECT_LE(fnf, 2 * opt);      // Libeskind-Hadas Theorem 3.
    EXPECT_LE(2 * fnf, 3 * opt);  // Khuller & Kim Corollary 4.1.
    // Libeskind-Hadas Theorem 1: the k - 1 smallest distinct costs present
    // (source included).
    std::set<uint64_t> present = {instance.costs[instance.source_type]};
    for (size_t j = 0; j < instance.costs.size(); ++j) {
      if (instance.destinations[j] > 0) present.insert(instance.costs[j]);
    }
    uint64_t additive = 0;
    for (uint64_t cost : present) additive += cost;
    additive -= *present.rbegin();
    EXPECT_LE(fnf, opt + additive);
    EXPECT_EQ(plan.answer.exact, plan.answer.lower_bound == fnf ? 1 : 0);
  }
  // The search is not just agreeing with FNF: it finds better schedules.
  std::printf("FNF above the exhaustive optimum on %d of 1500 instances\n",
              suboptimal);
  EXPECT_GT(suboptimal, 0);
}

TEST(FnfProperty, RelaysNeverHurtAndStayWithinBounds) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 1000; ++trial) {
    const TinyInstance instance = RandomTiny(rng, /*relays=*/true);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    TinyInstance no_relays = instance;
    no_relays.relays.clear();
    const PlanResult with = PlanFnf(instance);
    const PlanResult without = PlanFnf(no_relays);
    ExpectConsistent(instance, with);
    EXPECT_LE(with.answer.completion_time, without.answer.completion_time);
    const uint64_t opt = ExhaustiveOptimum(instance);
    EXPECT_GE(with.answer.completion_time, opt);
    EXPECT_LE(with.answer.lower_bound, opt);
    // Khuller & Kim Theorem 7.1 with Corollary 4.1: still 1.5-approximate.
    EXPECT_LE(2 * with.answer.completion_time, 3 * opt);
    // No relay is left as a useless leaf.
    for (size_t id = 0; id < with.nodes.size(); ++id) {
      if (!with.nodes[id].is_relay || with.nodes[id].arrival == HETCAST_NEVER)
        continue;
      bool forwards = false;
      for (const hetcast_node& other : with.nodes) {
        forwards = forwards || other.parent == id;
      }
      EXPECT_TRUE(forwards) << "relay " << id << " forwards nothing";
    }
  }
}

TEST(FnfProperty, LargerInstancesAgainstExhaustiveOptimum) {
  // Up to 12 destinations of 2-3 types with costs 2..9, the size of Fig. 1.
  std::mt19937_64 rng(31337);
  int suboptimal = 0;
  for (int trial = 0; trial < 300; ++trial) {
    TinyInstance instance;
    const int k = 2 + static_cast<int>(rng() % 2);
    for (int j = 0; j < k; ++j) {
      instance.costs.push_back(2 + rng() % 8);
      instance.destinations.push_back(rng() % 5);
    }
    instance.source_type = static_cast<uint32_t>(rng() % k);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    const PlanResult plan = PlanFnf(instance);
    ExpectConsistent(instance, plan);
    const uint64_t fnf = plan.answer.completion_time;
    const uint64_t opt = ExhaustiveOptimum(instance);
    if (fnf > opt) ++suboptimal;
    EXPECT_GE(fnf, opt);
    EXPECT_LE(plan.answer.lower_bound, opt);
    EXPECT_LE(2 * fnf, 3 * opt);
  }
  std::printf("larger: FNF above the optimum on %d of 300\n", suboptimal);
}

TEST(FnfProperty, CompletionMatchesTextbookFnf) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 300; ++trial) {
    TinyInstance instance;
    const int k = 1 + static_cast<int>(rng() % 4);
    for (int j = 0; j < k; ++j) {
      instance.costs.push_back(1 + rng() % 50);
      instance.destinations.push_back(rng() % 600);
    }
    instance.source_type = static_cast<uint32_t>(rng() % k);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    const PlanResult plan = PlanFnf(instance);
    ASSERT_EQ(plan.status, HETCAST_OK);
    const TextbookFnfResult textbook = TextbookFnf(
        instance.costs, instance.source_type, instance.destinations);
    EXPECT_EQ(plan.answer.completion_time, textbook.completion);
    // Same multiset of arrival times, too.
    std::vector<uint64_t> ours;
    for (size_t id = 1; id < plan.nodes.size(); ++id) {
      ours.push_back(plan.nodes[id].arrival);
    }
    std::vector<uint64_t> theirs = textbook.arrival;
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    EXPECT_THAT(ours, Eq(theirs));
    if (trial % 10 == 0) ExpectConsistent(instance, plan);
  }
}

TEST(FnfProperty, PlanIsDeterministic) {
  const TinyInstance instance{{3, 5, 2, 7}, 2, {40, 31, 9, 77}, {3, 0, 5, 1}};
  const PlanResult a = PlanFnf(instance);
  const PlanResult b = PlanFnf(instance);
  ASSERT_EQ(a.status, HETCAST_OK);
  ASSERT_EQ(a.transfers.size(), b.transfers.size());
  for (size_t i = 0; i < a.transfers.size(); ++i) {
    EXPECT_EQ(a.transfers[i].from, b.transfers[i].from);
    EXPECT_EQ(a.transfers[i].to, b.transfers[i].to);
    EXPECT_EQ(a.transfers[i].arrival, b.transfers[i].arrival);
  }
}

// At most D relays can help D destinations (relays.h), so FNF's workspace
// must not grow with the relays offered past that: it once held every
// offered relay (1 GB for a 3-node answer offered 10^7). Offered 10^6
// relays of each type, two destinations plan in the workspace of the same
// request offered 2 of each (plus the request's class tables), and the
// answer is that request's, with the relay ids moved to the bigger
// request's and the other relays left out.
TEST(FnfRelays, WorkspaceGrowsWithDestinationsNotWithOfferedRelays) {
  const TinyInstance few{{2, 3, 7}, 2, {1, 0, 1}, {2, 2, 0}};
  TinyInstance many = few;
  many.relays = {1000000, 1000000, 1000000};
  const hetcast_node_request few_request = RequestOf(few);
  const hetcast_node_request many_request = RequestOf(many);
  hetcast_node_sizes few_sizes, many_sizes;
  ASSERT_EQ(hetcast_node_plan_sizes(&few_request, &few_sizes, nullptr),
            HETCAST_OK);
  ASSERT_EQ(hetcast_node_plan_sizes(&many_request, &many_sizes, nullptr),
            HETCAST_OK);
  EXPECT_EQ(many_sizes.node_count, 1 + 2 + 3000000u);
  // Transfers: one per node FNF may inform, the destinations and 2 + 2
  // relays.
  EXPECT_EQ(many_sizes.transfer_count, 2 + 4u);
  // Two tables of 2k = 6 class entries (uint32_t), with alignment padding.
  EXPECT_LE(many_sizes.workspace_bytes,
            few_sizes.workspace_bytes + 2 * (6 * 4 + 3));
  const PlanResult small = PlanFnf(few);
  const PlanResult big = PlanFnf(many);  // Its transfers: transfer_count.
  ASSERT_EQ(big.status, HETCAST_OK);
  ExpectConsistent(many, big);
  EXPECT_EQ(big.answer.completion_time, small.answer.completion_time);
  EXPECT_EQ(big.answer.participant_count, small.answer.participant_count);
  // Ids: destinations 1, 2; relays of type 0 from 3, of type 1 from 3 + 2
  // (few) or 3 + 10^6 (many); type 2's relays are slower than every
  // destination and never used.
  auto many_id = [](uint32_t id) {
    return id < 5 || id == HETCAST_NO_NODE ? id : id - 5 + 1000003;
  };
  for (uint32_t id = 0; id < small.nodes.size(); ++id) {
    const hetcast_node& a = small.nodes[id];
    const hetcast_node& b = big.nodes[many_id(id)];
    EXPECT_EQ(a.arrival, b.arrival) << id;
    EXPECT_EQ(many_id(a.parent), b.parent) << id;
    EXPECT_EQ(a.send_index, b.send_index) << id;
  }
  size_t used = 0;
  for (const hetcast_node& node : big.nodes)
    used += node.arrival != HETCAST_NEVER;
  EXPECT_EQ(used, big.answer.participant_count);
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
