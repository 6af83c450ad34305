// lower_bound_test.cc: the nested-slots bound (runtime/node/lower_bound.h)
// never above the optimum (exact DP on every state of small profiles, the
// exhaustive search on tiny instances with relays), never below the
// doubling bound, its offset sets as the proof requires, and its use in
// hetcast_node_plan's answer.
#include "runtime/node/lower_bound.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/evaluator.h"
#include "runtime/node/layout.h"
#include "tests/node/exact_profile.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/table/table_test_util.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"

namespace hetcast {
namespace testing {
namespace {

using internal::Arena;
using internal::NodeLayout;
using internal::SlotLadder;

// A NodeLayout refers to its request's arrays: keep the instance alive as
// long as the layout (a deque never moves its elements).
NodeLayout LayoutOf(const TinyInstance& instance) {
  static std::deque<TinyInstance>* kept = new std::deque<TinyInstance>();
  kept->push_back(instance);
  const hetcast_node_request request = RequestOf(kept->back());
  NodeLayout layout;
  EXPECT_EQ(internal::BuildNodeLayout(&request, &layout), HETCAST_OK);
  return layout;
}

// The bound of every anchor in `per_anchor` (as many as the pool has,
// capped), and the best.
uint64_t NestedBound(const NodeLayout& layout,
                     std::vector<uint64_t>* per_anchor = nullptr) {
  std::vector<unsigned char> workspace(
      internal::NestedSlotsWorkspaceBytes(layout));
  Arena arena(workspace.data(), workspace.size());
  uint64_t bound = 0;
  EXPECT_EQ(internal::LowerBoundNestedSlots(layout, &arena, &bound),
            HETCAST_OK);
  if (per_anchor != nullptr) {
    per_anchor->clear();
    for (uint32_t anchor = 0; anchor < internal::kNestedSlotsMaxAnchors;
         ++anchor) {
      Arena again(workspace.data(), workspace.size());
      uint64_t one;
      if (internal::LowerBoundNestedSlotsAnchor(layout, anchor, &again, &one) !=
          HETCAST_OK) {
        break;
      }
      per_anchor->push_back(one);
    }
  }
  return bound;
}

// The prefix search with `budget` nodes (capped by the layout's) and no
// completion to stop at.
uint64_t SearchBound(const NodeLayout& layout, uint32_t budget) {
  std::vector<unsigned char> workspace(
      internal::NestedSlotsWorkspaceBytes(layout));
  Arena arena(workspace.data(), workspace.size());
  uint64_t bound = 0;
  EXPECT_EQ(internal::LowerBoundPrefixSearch(layout, budget, HETCAST_NEVER,
                                             &arena, &bound),
            HETCAST_OK);
  return bound;
}

uint64_t Doubling(const NodeLayout& layout) {
  uint64_t doubling = 0;
  EXPECT_EQ(internal::DoublingLowerBound(layout, &doubling), HETCAST_OK);
  return doubling;
}

// The offsets of S_rank in (0, horizon], by NextSlotOffset.
std::vector<uint64_t> Offsets(const SlotLadder& ladder, uint32_t rank,
                              uint64_t horizon) {
  std::vector<uint64_t> out;
  uint64_t x = 0;
  for (;;) {
    const uint64_t next = internal::NextSlotOffset(ladder, rank, x);
    EXPECT_GT(next, x);
    if (next > horizon) break;
    out.push_back(next);
    x = next;
  }
  return out;
}

// The sets of lower_bound.h built the naive way, up to `horizon`.
std::vector<std::vector<uint64_t>> NaiveSets(const SlotLadder& ladder,
                                             uint64_t horizon) {
  const uint32_t r = ladder.anchor;
  std::vector<std::vector<uint64_t>> sets(ladder.rank_count);
  // Far enough past the horizon that every element <= horizon is found.
  const uint64_t far = horizon * ladder.cost[ladder.rank_count - 1] + 1;
  for (uint64_t x = ladder.cost[r]; x <= far; x += ladder.cost[r]) {
    sets[r].push_back(x);
  }
  for (uint32_t j = r + 1; j < ladder.rank_count; ++j) {
    for (uint64_t i = 1;; ++i) {
      const uint64_t phi = i * ladder.cost[j] / ladder.cost[j - 1];
      if (phi > sets[j - 1].size()) break;
      sets[j].push_back(sets[j - 1][phi - 1]);
    }
  }
  for (uint32_t j = r; j-- > 0;) {
    std::set<uint64_t> s(sets[j + 1].begin(), sets[j + 1].end());
    const uint64_t c = ladder.cost[j];
    for (uint64_t m = 1; m * c <= horizon; ++m) {
      auto it = s.upper_bound((m - 1) * c);
      if (it == s.end() || *it > m * c) s.insert(m * c);
    }
    sets[j].assign(s.begin(), s.end());
  }
  for (auto& set : sets) {
    set.erase(std::upper_bound(set.begin(), set.end(), horizon), set.end());
  }
  return sets;
}

TEST(NestedSlots, OffsetSetsAreValidNestedAndMatchTheNaiveConstruction) {
  std::mt19937_64 rng(18);
  for (int trial = 0; trial < 300; ++trial) {
    SlotLadder ladder;
    std::set<uint64_t> costs;
    const uint32_t k = 1 + rng() % 5;
    while (costs.size() < k) costs.insert(1 + rng() % 12);
    const std::vector<uint64_t> ascending(costs.begin(), costs.end());
    ladder.cost = ascending.data();
    ladder.rank_count = k;
    ladder.anchor = static_cast<uint32_t>(
        rng() % std::min(k, internal::kNestedSlotsMaxAnchors));
    const uint64_t horizon = 150;
    const auto naive = NaiveSets(ladder, horizon);
    for (uint32_t j = 0; j < ladder.rank_count; ++j) {
      SCOPED_TRACE(::testing::Message() << "trial " << trial << " rank " << j);
      const std::vector<uint64_t> s = Offsets(ladder, j, horizon);
      EXPECT_EQ(s, naive[j]);
      // (V): the i-th offset is at most i * c_j.
      for (size_t i = 0; i < s.size(); ++i) {
        EXPECT_LE(s[i], (i + 1) * ladder.cost[j]);
      }
      EXPECT_GE(s.size(), horizon / ladder.cost[j]);
      // (N): every offset of the slower rank is one of this rank's.
      if (j + 1 < ladder.rank_count) {
        const std::vector<uint64_t> slower = Offsets(ladder, j + 1, horizon);
        EXPECT_TRUE(
            std::includes(s.begin(), s.end(), slower.begin(), slower.end()));
      }
    }
  }
}

TEST(NestedSlots, HugeOffsetsSaturateInsteadOfWrapping) {
  SlotLadder ladder;
  const uint64_t costs[3] = {3, uint64_t{1} << 62, (uint64_t{1} << 62) + 5};
  ladder.rank_count = 3;
  ladder.cost = costs;
  ladder.anchor = 1;
  EXPECT_EQ(internal::NextSlotOffset(ladder, 1, uint64_t{3} << 62),
            HETCAST_NEVER);
  // elem_2(3) = elem_1(floor(3 (2^62 + 5) / 2^62)) = 3 * 2^62 still fits.
  EXPECT_EQ(internal::NextSlotOffset(ladder, 2, uint64_t{1} << 63),
            uint64_t{3} << 62);
  EXPECT_EQ(internal::NextSlotOffset(ladder, 2, uint64_t{3} << 62),
            HETCAST_NEVER);
  EXPECT_EQ(internal::NextSlotOffset(ladder, 0, 0), 3u);
  EXPECT_EQ(internal::NextSlotOffset(ladder, 0, HETCAST_NEVER - 2),
            HETCAST_NEVER);
}

// Every state and source of the profile: bound <= OPT (each anchor too),
// bound >= doubling. Returns how many states the bound meets exactly.
void ExpectBelowExactDpOnEveryState(const std::vector<uint64_t>& costs,
                                    const std::vector<uint64_t>& limits) {
  DpOptions options;
  options.threads = 1;
  absl::StatusOr<ExactTable> table =
      SolveExact(MakeProfile(costs, limits), options);
  ASSERT_TRUE(table.ok()) << table.status();
  uint64_t exact = 0, searched_exact = 0, states = 0;
  ForEachCounts(limits, [&](const std::vector<uint64_t>& counts) {
    for (uint32_t s = 0; s < costs.size(); ++s) {
      const uint64_t opt =
          table->time[s * table->state_count + table->StateOf(counts)];
      const NodeLayout layout = LayoutOf(TinyInstance{costs, s, counts, {}});
      std::vector<uint64_t> per_anchor;
      const uint64_t bound = NestedBound(layout, &per_anchor);
      for (uint64_t one : per_anchor) {
        ASSERT_LE(one, opt)
            << ::testing::PrintToString(costs) << " source " << s << " counts "
            << ::testing::PrintToString(counts);
      }
      ASSERT_LE(bound, opt);
      ASSERT_GE(bound, Doubling(layout));
      // The prefix search: between the nested-slots bound and OPT.
      const uint64_t searched =
          SearchBound(layout, internal::kPrefixSearchMaxNodes);
      ASSERT_LE(searched, opt);
      ASSERT_GE(searched, bound);
      ++states;
      if (bound == opt) ++exact;
      if (searched == opt) ++searched_exact;
    }
  });
  std::printf(
      "costs %s limits %s: bound = OPT on %llu, with the prefix search on "
      "%llu of %llu states\n",
      ::testing::PrintToString(costs).c_str(),
      ::testing::PrintToString(limits).c_str(),
      static_cast<unsigned long long>(exact),
      static_cast<unsigned long long>(searched_exact),
      static_cast<unsigned long long>(states));
  // The search only adds to the nested-slots bound; on these profiles
  // (<= 24 destinations) its budget suffices to meet OPT everywhere.
  EXPECT_GE(searched_exact, exact);
  EXPECT_EQ(searched_exact, states);
}

TEST(NestedSlots, NeverAboveTheExactDpOnEveryState) {
  ExpectBelowExactDpOnEveryState({2, 3}, {12, 12});
  ExpectBelowExactDpOnEveryState({2, 3, 7}, {6, 6, 6});
  ExpectBelowExactDpOnEveryState({3, 5, 7}, {5, 5, 5});
  ExpectBelowExactDpOnEveryState({1, 3, 4, 9}, {3, 3, 3, 3});
  ExpectBelowExactDpOnEveryState({4, 7, 10, 13}, {3, 3, 3, 2});
  ExpectBelowExactDpOnEveryState({1, 6}, {12, 12});
}

TEST(NestedSlots, NeverAboveTheExhaustiveOptimumWithRelaysAndEqualCosts) {
  std::mt19937_64 rng(1118);
  for (int trial = 0; trial < 600; ++trial) {
    // Costs may repeat across types: the pool merges them.
    const TinyInstance instance = RandomTinyInstance(rng, 7, trial % 2 == 0);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    const NodeLayout layout = LayoutOf(instance);
    const uint64_t opt = ExhaustiveOptimum(instance);
    std::vector<uint64_t> per_anchor;
    const uint64_t bound = NestedBound(layout, &per_anchor);
    for (uint64_t one : per_anchor) EXPECT_LE(one, opt);
    EXPECT_LE(bound, opt);
    EXPECT_GE(bound, Doubling(layout));
    const uint64_t searched =
        SearchBound(layout, internal::kPrefixSearchMaxNodes);
    EXPECT_LE(searched, opt);
    EXPECT_GE(searched, bound);
    const PlanResult plan = PlanFnf(instance);
    EXPECT_LE(plan.answer.lower_bound, opt);
    EXPECT_GE(plan.answer.lower_bound, bound);
  }
}

// The theorem's definition of the relaxed greedy (lower_bound.h), naively:
// a_i is the least T with floor(T / C_s) + sum_{m < i} g(T - a_m) >= i,
// g counting the offsets of the m-th cheapest node's rank up to its
// argument (NextSlotOffset one at a time), for one anchor.
uint64_t NaiveRelaxedGreedy(const TinyInstance& instance, uint32_t anchor) {
  std::vector<uint64_t> costs;    // The pool's distinct costs, ascending.
  std::vector<uint32_t> rank_of;  // Of the pool's nodes, cheapest first.
  std::vector<std::pair<uint64_t, uint64_t>> pool;  // (cost, count)
  for (size_t j = 0; j < instance.costs.size(); ++j) {
    pool.push_back({instance.costs[j], instance.destinations[j]});
  }
  std::sort(pool.begin(), pool.end());
  for (const auto& [cost, count] : pool) {
    if (count == 0) continue;
    if (costs.empty() || costs.back() != cost) costs.push_back(cost);
    rank_of.insert(rank_of.end(), count, costs.size() - 1);
  }
  const SlotLadder ladder{static_cast<uint32_t>(costs.size()), anchor,
                          costs.data()};
  auto g = [&](uint32_t rank, uint64_t x) {
    uint64_t count = 0;
    for (uint64_t offset = internal::NextSlotOffset(ladder, rank, 0);
         offset <= x; offset = internal::NextSlotOffset(ladder, rank, offset)) {
      ++count;
    }
    return count;
  };
  const uint64_t source_cost = instance.costs[instance.source_type];
  std::vector<uint64_t> arrival;
  for (uint64_t i = 1; i <= rank_of.size(); ++i) {
    uint64_t t = arrival.empty() ? 1 : arrival.back();
    for (;; ++t) {
      uint64_t slots = t / source_cost;
      for (size_t m = 0; m < arrival.size(); ++m) {
        if (t > arrival[m]) slots += g(rank_of[m], t - arrival[m]);
      }
      if (slots >= i) break;
    }
    arrival.push_back(t);
  }
  return arrival.back();
}

TEST(NestedSlots, GreedyMeetsTheTheoremsDefinitionWithLongOffsetRuns) {
  // Fast nodes among slow ones send many times (past the offsets the
  // greedy keeps per rank), with every anchor.
  const std::vector<TinyInstance> instances = {
      {{1, 37, 50}, 1, {2, 40, 40}, {}},
      {{1, 2, 29, 31}, 2, {1, 2, 30, 30}, {}},
      {{2, 3, 7, 90}, 3, {1, 2, 30, 40}, {}}};
  for (const TinyInstance& instance : instances) {
    std::vector<uint64_t> per_anchor;
    NestedBound(LayoutOf(instance), &per_anchor);
    ASSERT_FALSE(per_anchor.empty());
    for (uint32_t anchor = 0; anchor < per_anchor.size(); ++anchor) {
      EXPECT_EQ(per_anchor[anchor], NaiveRelaxedGreedy(instance, anchor))
          << ::testing::PrintToString(instance.costs) << " anchor " << anchor;
    }
  }
}

TEST(NestedSlots, Figure1) {
  // Libeskind-Hadas et al. Figure 1: source cost 3, four of cost 2, seven
  // of cost 3; FNF 10, optimum 9. Fastest-first counting with exact send
  // times would say 10 (FNF itself): the relaxation must not.
  const NodeLayout layout = LayoutOf(TinyInstance{{2, 3}, 1, {4, 7}, {}});
  const uint64_t bound = NestedBound(layout);
  EXPECT_LE(bound, 9u);
  EXPECT_GE(bound, Doubling(layout));
}

TEST(NestedSlots, IsFnfOnADivisibilityChain) {
  // Costs 2 | 4 | 12: with the anchor at the fastest cost the offsets are
  // the exact multiples, the greedy is FNF, and FNF is optimal there.
  const TinyInstance instance{{2, 4, 12}, 2, {5, 9, 20}, {}};
  const PlanResult plan = PlanFnf(instance);
  EXPECT_EQ(NestedBound(LayoutOf(instance)), plan.answer.completion_time);
  EXPECT_EQ(plan.answer.exact, 1);
}

TEST(NestedSlots, PlanReportsItWhenItWins) {
  // Costs 2, 3, 7 with most nodes slow: doubling assumes everyone sends
  // every 2 ticks.
  const TinyInstance instance{{2, 3, 7}, 2, {3, 10, 40}, {}};
  const PlanResult plan = PlanFnf(instance);
  ASSERT_EQ(plan.status, HETCAST_OK);
  const NodeLayout layout = LayoutOf(instance);
  const uint64_t nested = NestedBound(layout);
  EXPECT_GT(nested, Doubling(layout));
  EXPECT_EQ(plan.answer.lower_bound_kind, HETCAST_BOUND_NESTED_SLOTS);
  EXPECT_EQ(plan.answer.lower_bound, nested);
  EXPECT_LE(plan.answer.lower_bound, plan.answer.completion_time);
}

TEST(PrefixSearch, ClosesTheGapWhereTheRelaxationLetsSlowNodesSendEarly) {
  // Source cost 2, one node of cost 2, nine of cost 3: every anchor lets
  // the slow nodes send too early and says 8; the optimum, from the exact
  // DP, is 9 (FNF's too). Fixing the first receivers' costs recovers it.
  DpOptions options;
  options.threads = 1;
  absl::StatusOr<ExactTable> table =
      SolveExact(MakeProfile({2, 3}, {1, 9}), options);
  ASSERT_TRUE(table.ok()) << table.status();
  const uint64_t opt = table->time[table->StateOf({1, 9})];
  const NodeLayout layout = LayoutOf(TinyInstance{{2, 3}, 0, {1, 9}, {}});
  EXPECT_LT(NestedBound(layout), opt);
  EXPECT_EQ(SearchBound(layout, 1), NestedBound(layout));
  EXPECT_EQ(SearchBound(layout, internal::kPrefixSearchMaxNodes), opt);
  const PlanResult plan = PlanFnf(TinyInstance{{2, 3}, 0, {1, 9}, {}});
  EXPECT_EQ(plan.answer.lower_bound, opt);
  EXPECT_EQ(plan.answer.exact, plan.answer.completion_time == opt ? 1 : 0);
}

TEST(PrefixSearch, StopsAtTheGivenCompletion) {
  const NodeLayout layout = LayoutOf(TinyInstance{{2, 3}, 0, {1, 9}, {}});
  std::vector<unsigned char> workspace(
      internal::NestedSlotsWorkspaceBytes(layout));
  Arena arena(workspace.data(), workspace.size());
  uint64_t bound = 0;
  const uint64_t root = NestedBound(layout);
  // Asked to stop at the root's value, it does not search.
  ASSERT_EQ(internal::LowerBoundPrefixSearch(
                layout, internal::kPrefixSearchMaxNodes, root, &arena, &bound),
            HETCAST_OK);
  EXPECT_EQ(bound, root);
}

TEST(NestedSlots, HugeCostsDoNotWrap) {
  const uint64_t big = uint64_t{1} << 61;
  const NodeLayout layout =
      LayoutOf(TinyInstance{{big, big + 1, 3}, 0, {3, 4, 0}, {0, 0, 2}});
  std::vector<unsigned char> workspace(
      internal::NestedSlotsWorkspaceBytes(layout));
  Arena arena(workspace.data(), workspace.size());
  uint64_t bound = 0;
  const hetcast_status status =
      internal::LowerBoundNestedSlots(layout, &arena, &bound);
  ASSERT_TRUE(status == HETCAST_OK || status == HETCAST_OVERFLOW);
  if (status == HETCAST_OK) {
    EXPECT_GE(bound, big);
  }
  // The search: children whose greedy overflows keep their parent's value.
  Arena again(workspace.data(), workspace.size());
  uint64_t searched = 0;
  const hetcast_status search_status =
      internal::LowerBoundPrefixSearch(layout, internal::kPrefixSearchMaxNodes,
                                       HETCAST_NEVER, &again, &searched);
  ASSERT_EQ(search_status, status);
  if (search_status == HETCAST_OK) {
    EXPECT_GE(searched, bound);
  }
}

TEST(NestedSlots, NoDestinationsIsZeroAndSmallWorkspaceIsReported) {
  const NodeLayout none = LayoutOf(TinyInstance{{2, 3}, 0, {0, 0}, {1, 1}});
  EXPECT_EQ(NestedBound(none), 0u);
  const NodeLayout some = LayoutOf(TinyInstance{{2, 3}, 0, {4, 4}, {}});
  std::vector<unsigned char> workspace(
      internal::NestedSlotsWorkspaceBytes(some) - 1);
  Arena arena(workspace.data(), workspace.size());
  uint64_t bound;
  EXPECT_EQ(internal::LowerBoundNestedSlots(some, &arena, &bound),
            HETCAST_WORKSPACE_TOO_SMALL);
}

// The bounds at the exact 64-bit boundary (HETCAST_NEVER = 2^64 - 1 is not
// a time): the nested-slots bound, the prefix search and the doubling
// bound each give `expected`, or all report HETCAST_OVERFLOW when it is
// HETCAST_NEVER.
void ExpectBoundsAt(const TinyInstance& instance, uint64_t expected) {
  const NodeLayout layout = LayoutOf(instance);
  std::vector<unsigned char> workspace(
      internal::NestedSlotsWorkspaceBytes(layout));
  const hetcast_status status =
      expected == HETCAST_NEVER ? HETCAST_OVERFLOW : HETCAST_OK;
  uint64_t nested = 0, searched = 0, doubling = 0;
  Arena arena(workspace.data(), workspace.size());
  EXPECT_EQ(internal::LowerBoundNestedSlots(layout, &arena, &nested), status);
  Arena again(workspace.data(), workspace.size());
  EXPECT_EQ(
      internal::LowerBoundPrefixSearch(layout, internal::kPrefixSearchMaxNodes,
                                       HETCAST_NEVER, &again, &searched),
      status);
  EXPECT_EQ(internal::DoublingLowerBound(layout, &doubling), status);
  if (status == HETCAST_OK) {
    EXPECT_EQ(nested, expected);
    EXPECT_EQ(searched, expected);
    EXPECT_EQ(doubling, expected);
  }
}

TEST(NestedSlots, BoundsAreExactAtTwoToTheSixtyFour) {
  const uint64_t half = uint64_t{1} << 63;
  // One type of cost c, two destinations: the informed set doubles every c
  // ticks (1, 2, 4), so every bound is 2 c: 2^64 - 2 for c = 2^63 - 1; for
  // c = 2^63 it is 2^64, which does not fit.
  ExpectBoundsAt(TinyInstance{{half - 1}, 0, {2}, {}}, HETCAST_NEVER - 1);
  ExpectBoundsAt(TinyInstance{{half}, 0, {2}, {}}, HETCAST_NEVER);
  // Source of cost 2^64 - 2, destinations of cost 1: one destination is
  // informed at 2^64 - 2 at the earliest; a second at 2^64 - 1 (from the
  // first), which is HETCAST_NEVER.
  ExpectBoundsAt(TinyInstance{{1, HETCAST_NEVER - 1}, 1, {1, 0}, {}},
                 HETCAST_NEVER - 1);
  ExpectBoundsAt(TinyInstance{{1, HETCAST_NEVER - 1}, 1, {2, 0}, {}},
                 HETCAST_NEVER);
}

// The bound and status of the prefix search over `nodes` search nodes, with
// the greedy's cohorts in the bucket ring or in the reference heap.
std::pair<hetcast_status, uint64_t> WideSearch(const NodeLayout& layout,
                                               uint32_t nodes, uint64_t upper,
                                               bool on_heap) {
  std::vector<unsigned char> workspace(
      internal::PrefixSearchWorkspaceBytes(layout, nodes));
  Arena arena(workspace.data(), workspace.size());
  uint64_t bound = 0;
  const hetcast_status status =
      on_heap ? internal::LowerBoundWidePrefixSearchOnHeap(layout, nodes, upper,
                                                           &arena, &bound)
              : internal::LowerBoundWidePrefixSearch(layout, nodes, upper,
                                                     &arena, &bound);
  return {status, bound};
}

// A seeded instance: 1 to 8 costs drawn below `max_cost` (ties allowed),
// up to `max_count` destinations and a few relays per type.
TinyInstance RandomInstance(std::mt19937_64* rng, uint64_t max_cost,
                            uint64_t max_count) {
  TinyInstance instance;
  const uint32_t types = 1 + (*rng)() % 8;
  for (uint32_t t = 0; t < types; ++t) {
    instance.costs.push_back(1 + (*rng)() % max_cost);
    instance.destinations.push_back((*rng)() % (max_count + 1));
    instance.relays.push_back((*rng)() % 3 == 0 ? (*rng)() % 4 : 0);
  }
  instance.source_type = static_cast<uint32_t>((*rng)() % types);
  return instance;
}

// The runtime's greedy (sends counted ahead, or one at a time in the ring
// of cohort_queue.h when no completion is known; offsets from the memo)
// must give exactly the reference's (one send at a time in a binary heap,
// every offset from NextSlotOffset): on many seeded instances, with costs
// whose offsets stay in the ring, that cross it (its far heap) and that mix
// both, for the bound alone, stopped at several limits, and for the prefix
// search.
TEST(NestedSlots, BucketRingGivesExactlyTheHeapsBound) {
  std::mt19937_64 rng(20261123);
  const uint64_t max_costs[] = {8, 60, 300, 5000, uint64_t{1} << 40};
  int compared = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const uint64_t max_cost = max_costs[trial % 5];
    const uint64_t max_count = trial % 10 == 0 ? 3000 : 60;
    TinyInstance instance = RandomInstance(&rng, max_cost, max_count);
    if (trial % 7 == 0) {  // Mixed: one slow type far beyond the ring.
      instance.costs.push_back(1000 + rng() % 100000);
      instance.destinations.push_back(1 + rng() % 50);
      instance.relays.push_back(0);
    }
    const NodeLayout layout = LayoutOf(instance);
    for (uint32_t nodes : {1u, 40u}) {
      const auto heap = WideSearch(layout, nodes, HETCAST_NEVER, true);
      const auto ring = WideSearch(layout, nodes, HETCAST_NEVER, false);
      ASSERT_EQ(ring.first, heap.first) << "trial " << trial;
      ASSERT_EQ(ring.second, heap.second) << "trial " << trial;
      if (heap.first != HETCAST_OK || heap.second == 0) continue;
      ++compared;
      // Stopped at a completion the first anchors may reach; at one
      // further off (the runtime counts sends ahead up to it); and at
      // values below the bound, which no completion can be (the greedy
      // then runs past it: its sends past the limit are counted late).
      for (const uint64_t upper :
           {heap.second, heap.second + 1 + heap.second / 3, heap.second - 1,
            heap.second / 2, uint64_t{1}}) {
        const auto heap_stop = WideSearch(layout, nodes, upper, true);
        const auto ring_stop = WideSearch(layout, nodes, upper, false);
        ASSERT_EQ(ring_stop.first, heap_stop.first)
            << "trial " << trial << " upper " << upper;
        ASSERT_EQ(ring_stop.second, heap_stop.second)
            << "trial " << trial << " upper " << upper;
      }
    }
  }
  EXPECT_GT(compared, 2000);
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
