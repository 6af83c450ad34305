// planner_test.cc: hetcast_plan against the per-model functions it
// dispatches to (the same bytes for every request of random corpora of each
// model), its choices and their reasons, pins that cannot be honoured,
// per-participant answers gathered over all participants against the whole
// plan, and the table hash.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/graph/graph_test_util.h"
#include "tools/cli/nonblocking_request.h"

namespace hetcast {
namespace testing {
namespace {

// What a plan wrote, byte-comparable.
struct Planned {
  hetcast_status status = HETCAST_OK;
  const char* error = "";
  hetcast_plan_info info = {};
  hetcast_sizes sizes = {};
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;
  std::vector<hetcast_nonblocking_task> tasks;
  std::vector<size_t> list_begin;
  std::vector<hetcast_graph_route_edge> tree_edges;
  std::vector<hetcast_graph_slot> slots;
};

Planned RunPlanner(const hetcast_request& request) {
  Planned p;
  p.status = hetcast_plan_sizes(&request, &p.sizes, &p.error);
  if (p.status != HETCAST_OK) return p;
  // hetcast_plan's own share: every test below plans in no more.
  std::vector<unsigned char> workspace(p.sizes.plan_workspace_bytes);
  p.nodes.resize(p.sizes.node_count);
  p.transfers.resize(p.sizes.transfer_count);
  p.tasks.resize(p.sizes.task_count);
  p.list_begin.resize(p.sizes.list_begin_count);
  p.tree_edges.resize(p.sizes.tree_edge_count);
  p.slots.resize(p.sizes.slot_count);
  hetcast_plan_output out = {
      p.nodes.data(),      p.nodes.size(),      p.transfers.data(),
      p.transfers.size(),  p.tasks.data(),      p.tasks.size(),
      p.list_begin.data(), p.list_begin.size(), p.tree_edges.data(),
      p.tree_edges.size(), p.slots.data(),      p.slots.size()};
  p.status = hetcast_plan(&request, workspace.data(), workspace.size(), &out,
                          &p.info, &p.error);
  if (p.status == HETCAST_OK && p.sizes.task_count == 0) {
    p.transfers.resize(p.info.answer.transfer_count);
  }
  if (p.status == HETCAST_OK && request.model == HETCAST_MODEL_GRAPH) {
    p.tree_edges.resize(p.info.graph.tree_edge_count);
    p.slots.resize(p.info.graph.slot_count);
  }
  return p;
}

template <typename T>
bool SameBytes(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() &&
         (a.empty() ||
          std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

bool SameAnswer(const hetcast_answer& a, const hetcast_answer& b) {
  return a.algorithm == b.algorithm && a.exact == b.exact &&
         a.completion_time == b.completion_time &&
         a.lower_bound == b.lower_bound &&
         a.lower_bound_kind == b.lower_bound_kind &&
         a.node_count == b.node_count &&
         a.participant_count == b.participant_count &&
         a.transfer_count == b.transfer_count;
}

// ---------------------------------------------------------------------------
// The default table, opened once.

struct DefaultTable {
  hetcast_table table;
  hetcast_profile profile;
  DefaultTable() {
    EXPECT_EQ(hetcast_table_open(hetcast_default_table,
                                 hetcast_default_table_size, &table, nullptr),
              HETCAST_OK);
    EXPECT_EQ(hetcast_profile_open(&table, 0, &profile, nullptr), HETCAST_OK);
  }
};

const DefaultTable& Default() {
  static const DefaultTable* table = new DefaultTable();
  return *table;
}

// A node request that owns its arrays.
struct NodeCase {
  std::vector<uint64_t> costs, counts, relays;
  hetcast_node_request request() const {
    return {costs.empty() ? nullptr : costs.data(), counts.size(), source,
            counts.data(), relays.empty() ? nullptr : relays.data()};
  }
  uint32_t source = 0;
};

hetcast_request NodeRequest(const hetcast_node_request* node,
                            const hetcast_profile* profiles,
                            size_t profile_count,
                            hetcast_algorithm pin = HETCAST_ALGORITHM_NONE) {
  hetcast_request r = {};
  r.model = HETCAST_MODEL_NODE;
  r.algorithm = pin;
  r.node = node;
  r.profiles = profiles;
  r.profile_count = profile_count;
  return r;
}

// The per-model answer: hetcast_profile_plan or hetcast_node_plan.
Planned Direct(const hetcast_node_request& request,
               const hetcast_profile* profile) {
  Planned p;
  hetcast_node_sizes sizes;
  p.status =
      profile ? hetcast_profile_plan_sizes(profile, &request, &sizes, nullptr)
              : hetcast_node_plan_sizes(&request, &sizes, nullptr);
  if (p.status != HETCAST_OK) return p;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  p.nodes.resize(sizes.node_count);
  p.transfers.resize(sizes.transfer_count);
  hetcast_answer answer;
  p.status =
      profile ? hetcast_profile_plan(profile, &request, workspace.data(),
                                     workspace.size(), p.nodes.data(),
                                     p.nodes.size(), p.transfers.data(),
                                     p.transfers.size(), &answer, nullptr)
              : hetcast_node_plan(
                    &request, HETCAST_ALGORITHM_FNF, workspace.data(),
                    workspace.size(), p.nodes.data(), p.nodes.size(),
                    p.transfers.data(), p.transfers.size(), &answer, nullptr);
  p.info.answer = answer;
  p.transfers.resize(answer.transfer_count);
  return p;
}

NodeCase RandomDefaultCase(std::mt19937_64& rng, uint64_t max_count,
                           bool relays) {
  NodeCase c;
  c.costs = {2, 3, 5};
  c.source = static_cast<uint32_t>(rng() % 3);
  for (int j = 0; j < 3; ++j) c.counts.push_back(rng() % (max_count + 1));
  if (relays) {
    for (int j = 0; j < 3; ++j) c.relays.push_back(rng() % 4);
  }
  return c;
}

void ExpectSameAs(const Planned& planner, const Planned& direct) {
  ASSERT_EQ(planner.status, HETCAST_OK) << planner.error;
  ASSERT_EQ(direct.status, HETCAST_OK);
  EXPECT_TRUE(SameAnswer(planner.info.answer, direct.info.answer));
  EXPECT_TRUE(SameBytes(planner.nodes, direct.nodes));
  EXPECT_TRUE(SameBytes(planner.transfers, direct.transfers));
}

TEST(PlannerNode, InsideTheTableEqualsTheProfilePlan) {
  std::mt19937_64 rng(1);
  const hetcast_profile& profile = Default().profile;
  for (int trial = 0; trial < 300; ++trial) {
    // Counts plus the relays tried stay within the limits of 20.
    const bool relays = trial % 2 == 1;
    const NodeCase c = RandomDefaultCase(rng, relays ? 17 : 20, relays);
    const hetcast_node_request node = c.request();
    const Planned planner = RunPlanner(NodeRequest(&node, &profile, 1));
    ExpectSameAs(planner, Direct(node, &profile));
    EXPECT_EQ(planner.info.answer.algorithm, HETCAST_ALGORITHM_TABLE);
    EXPECT_EQ(planner.info.choice, HETCAST_CHOICE_TABLE);
    EXPECT_EQ(planner.info.profile_index, 0u);
    EXPECT_EQ(planner.info.factor_numerator, 1u);
    EXPECT_EQ(planner.info.factor_denominator, 1u);
  }
}

TEST(PlannerNode, OutsideTheTableEqualsFnfAndSaysWhy) {
  std::mt19937_64 rng(2);
  const hetcast_profile& profile = Default().profile;
  for (int trial = 0; trial < 200; ++trial) {
    NodeCase c = RandomDefaultCase(rng, 20, trial % 2 == 1);
    c.counts[trial % 3] = 21 + rng() % 30;  // Above the limit of 20.
    const hetcast_node_request node = c.request();
    const Planned planner = RunPlanner(NodeRequest(&node, &profile, 1));
    ExpectSameAs(planner, Direct(node, nullptr));
    EXPECT_EQ(planner.info.answer.algorithm, HETCAST_ALGORITHM_FNF);
    EXPECT_EQ(planner.info.choice, HETCAST_CHOICE_OUTSIDE_TABLE);
    EXPECT_EQ(planner.info.profile_index, SIZE_MAX);
    EXPECT_EQ(planner.info.factor_numerator, 3u);
    EXPECT_EQ(planner.info.factor_denominator, 2u);
  }
}

TEST(PlannerNode, OtherCostsOrNoTableAreFnf) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    NodeCase c = RandomDefaultCase(rng, 30, trial % 2 == 1);
    c.costs = {1 + rng() % 9, 1 + rng() % 9, 1 + rng() % 9};
    const hetcast_node_request node = c.request();
    const bool default_costs = c.costs == std::vector<uint64_t>{2, 3, 5};
    const Planned with = RunPlanner(NodeRequest(&node, &Default().profile, 1));
    const Planned without = RunPlanner(NodeRequest(&node, nullptr, 0));
    if (!default_costs) {
      ExpectSameAs(with, Direct(node, nullptr));
      EXPECT_EQ(with.info.choice, HETCAST_CHOICE_NO_MATCHING_PROFILE);
    }
    ExpectSameAs(without, Direct(node, nullptr));
    EXPECT_EQ(without.info.choice, HETCAST_CHOICE_NO_TABLE);
  }
}

TEST(PlannerNode, CostsLeftOutComeFromTheProfile) {
  NodeCase c;
  c.counts = {30, 1, 2};  // Outside: FNF needs the profile's costs.
  c.source = 2;
  hetcast_node_request node = c.request();
  const Planned planner = RunPlanner(NodeRequest(&node, &Default().profile, 1));
  NodeCase with_costs = c;
  with_costs.costs = {2, 3, 5};
  ExpectSameAs(planner, Direct(with_costs.request(), nullptr));
  EXPECT_EQ(planner.info.choice, HETCAST_CHOICE_OUTSIDE_TABLE);
  // Without profiles nothing supplies them.
  const Planned none = RunPlanner(NodeRequest(&node, nullptr, 0));
  EXPECT_EQ(none.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_NE(std::string(none.error).find("costs"), std::string::npos);
}

TEST(PlannerNode, PinsAreHonouredOrRefused) {
  NodeCase c;
  c.costs = {2, 3, 5};
  c.counts = {4, 5, 6};
  const hetcast_node_request node = c.request();
  const hetcast_profile* profile = &Default().profile;
  const Planned fnf =
      RunPlanner(NodeRequest(&node, profile, 1, HETCAST_ALGORITHM_FNF));
  ExpectSameAs(fnf, Direct(node, nullptr));
  EXPECT_EQ(fnf.info.choice, HETCAST_CHOICE_PINNED);
  const Planned table =
      RunPlanner(NodeRequest(&node, profile, 1, HETCAST_ALGORITHM_TABLE));
  ExpectSameAs(table, Direct(node, profile));
  EXPECT_EQ(table.info.choice, HETCAST_CHOICE_PINNED);

  NodeCase outside = c;
  outside.counts = {40, 0, 0};
  const hetcast_node_request far = outside.request();
  const Planned refused =
      RunPlanner(NodeRequest(&far, profile, 1, HETCAST_ALGORITHM_TABLE));
  EXPECT_EQ(refused.status, HETCAST_NOT_IN_TABLE);
  EXPECT_NE(std::string(refused.error).find("limits"), std::string::npos);
  const Planned no_table =
      RunPlanner(NodeRequest(&node, nullptr, 0, HETCAST_ALGORITHM_TABLE));
  EXPECT_EQ(no_table.status, HETCAST_NOT_IN_TABLE);
  for (hetcast_algorithm other :
       {HETCAST_ALGORITHM_LCF, HETCAST_ALGORITHM_WRP, HETCAST_ALGORITHM_PTAS,
        HETCAST_ALGORITHM_EVALUATED}) {
    const Planned wrong = RunPlanner(NodeRequest(&node, profile, 1, other));
    EXPECT_EQ(wrong.status, HETCAST_INVALID_ARGUMENT) << other;
    EXPECT_STRNE(wrong.error, "");
  }
}

TEST(PlannerNode, MalformedRequestsAreRefusedWithAReason) {
  NodeCase c;
  c.costs = {2, 3, 5};
  c.counts = {1, 1, 1};
  const hetcast_node_request node = c.request();
  hetcast_sizes sizes;
  const char* error = nullptr;
  EXPECT_EQ(hetcast_plan_sizes(nullptr, &sizes, &error),
            HETCAST_INVALID_ARGUMENT);
  EXPECT_STREQ(error, "request is NULL");
  hetcast_request wrong_model = NodeRequest(&node, nullptr, 0);
  wrong_model.model = HETCAST_MODEL_CLUSTER;
  EXPECT_EQ(hetcast_plan_sizes(&wrong_model, &sizes, &error),
            HETCAST_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error).find("model"), std::string::npos);
  hetcast_request dangling = NodeRequest(&node, nullptr, 2);
  EXPECT_EQ(hetcast_plan_sizes(&dangling, &sizes, &error),
            HETCAST_INVALID_ARGUMENT);
  NodeCase zero = c;
  zero.costs = {0, 3, 5};
  const hetcast_node_request bad = zero.request();
  hetcast_request r = NodeRequest(&bad, nullptr, 0);
  EXPECT_EQ(hetcast_plan_sizes(&r, &sizes, &error), HETCAST_INVALID_ARGUMENT);
  // The validator's own reason, static, naming the problem.
  EXPECT_THAT(error, ::testing::HasSubstr("node request: a cost is 0"));
  NodeCase source = c;
  source.source = 3;
  const hetcast_node_request outside = source.request();
  r = NodeRequest(&outside, nullptr, 0);
  EXPECT_EQ(hetcast_plan_sizes(&r, &sizes, &error), HETCAST_INVALID_ARGUMENT);
  EXPECT_THAT(error, ::testing::HasSubstr("source_type is not one of"));
  const std::vector<uint64_t> empty_cluster = {3, 0};
  const hetcast_cluster_request cluster = {
      empty_cluster.data(), 2, 4, 0, nullptr, 0, nullptr};
  hetcast_request rc = {};
  rc.model = HETCAST_MODEL_CLUSTER;
  rc.cluster = &cluster;
  EXPECT_EQ(hetcast_plan_sizes(&rc, &sizes, &error), HETCAST_INVALID_ARGUMENT);
  EXPECT_THAT(error, ::testing::HasSubstr("a cluster has no processors"));
}

// Khuller & Kim Theorem 7.1 makes the table's relay search exact: the
// answer's bound is its completion (it was the no-relay completion, above
// the answer, before the fix; issue 15, item 1).
TEST(PlannerNode, TableRelayAnswersAreExactAndBoundedByTheirCompletion) {
  NodeCase c;
  c.costs = {2, 3, 5};
  c.source = 1;
  c.counts = {0, 5, 16};
  c.relays = {3, 1, 1};
  const hetcast_node_request node = c.request();
  const Planned table = RunPlanner(NodeRequest(&node, &Default().profile, 1));
  ASSERT_EQ(table.status, HETCAST_OK);
  EXPECT_EQ(table.info.answer.algorithm, HETCAST_ALGORITHM_TABLE);
  EXPECT_EQ(table.info.answer.lower_bound, table.info.answer.completion_time);
  EXPECT_EQ(table.info.answer.lower_bound_kind, HETCAST_BOUND_EXACT);
  EXPECT_EQ(table.info.answer.exact, 1);
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 300; ++trial) {
    const NodeCase r = RandomDefaultCase(rng, 16, /*relays=*/true);
    const hetcast_node_request req = r.request();
    const Planned p = RunPlanner(NodeRequest(&req, &Default().profile, 1));
    ASSERT_EQ(p.status, HETCAST_OK);
    const Planned fnf = Direct(req, nullptr);
    EXPECT_LE(p.info.answer.lower_bound, p.info.answer.completion_time);
    EXPECT_LE(p.info.answer.completion_time, fnf.info.answer.completion_time);
    EXPECT_EQ(p.info.answer.exact, 1);
  }
}

// ---------------------------------------------------------------------------
// Cluster model.

struct ClusterCase {
  std::vector<uint64_t> sizes, degrees, members;
  uint64_t inter_cost = 1, matching = 0;
  int postal = 0;
  hetcast_cluster_request request() const {
    return {sizes.data(),
            sizes.size(),
            inter_cost,
            postal,
            degrees.empty() ? nullptr : degrees.data(),
            matching,
            members.empty() ? nullptr : members.data()};
  }
};

ClusterCase RandomCluster(std::mt19937_64& rng, int variant) {
  ClusterCase c;
  const size_t k = 1 + rng() % 5;
  for (size_t i = 0; i < k; ++i) c.sizes.push_back(1 + rng() % 8);
  c.inter_cost = 1 + rng() % 6;
  switch (variant) {
    case 1:
      for (uint64_t n : c.sizes) c.degrees.push_back(1 + rng() % n);
      break;
    case 2:
      c.matching = 1 + rng() % 3;
      break;
    case 3:
      for (uint64_t n : c.sizes) c.members.push_back(rng() % (n + 1));
      break;
    case 4:
      c.postal = 1;
      break;
  }
  return c;
}

Planned DirectCluster(const hetcast_cluster_request& request,
                      hetcast_algorithm algorithm) {
  Planned p;
  hetcast_node_sizes sizes;
  p.status = hetcast_cluster_plan_sizes(&request, &sizes, nullptr);
  if (p.status != HETCAST_OK) return p;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  p.nodes.resize(sizes.node_count);
  p.transfers.resize(sizes.transfer_count);
  p.status = hetcast_cluster_plan(&request, algorithm, workspace.data(),
                                  workspace.size(), p.nodes.data(),
                                  p.nodes.size(), p.transfers.data(),
                                  p.transfers.size(), &p.info.answer, nullptr);
  p.transfers.resize(p.info.answer.transfer_count);
  return p;
}

hetcast_request ClusterRequest(const hetcast_cluster_request* cluster,
                               hetcast_algorithm pin) {
  hetcast_request r = {};
  r.model = HETCAST_MODEL_CLUSTER;
  r.algorithm = pin;
  r.cluster = cluster;
  return r;
}

// The earlier of two plans; the first on ties.
Planned Earlier(const Planned& first, const Planned& second) {
  return second.info.answer.completion_time < first.info.answer.completion_time
             ? second
             : first;
}

TEST(PlannerCluster, EveryVariantEqualsHetcastClusterPlan) {
  // Unpinned: LCF, or for a broadcast (variants 0 and 4) the earlier of LCF
  // and Eager LCF, LCF on ties. Pinned: exactly hetcast_cluster_plan's.
  std::mt19937_64 rng(5);
  int eager_answers = 0;
  for (int trial = 0; trial < 500; ++trial) {
    const int variant = trial % 5;
    const ClusterCase c = RandomCluster(rng, variant);
    const hetcast_cluster_request cluster = c.request();
    const bool broadcast = variant == 0 || variant == 4;
    const Planned planner =
        RunPlanner(ClusterRequest(&cluster, HETCAST_ALGORITHM_NONE));
    const Planned lcf = DirectCluster(cluster, HETCAST_ALGORITHM_LCF);
    ExpectSameAs(
        planner,
        broadcast
            ? Earlier(lcf, DirectCluster(cluster, HETCAST_ALGORITHM_EAGER_LCF))
            : lcf);
    eager_answers +=
        planner.info.answer.algorithm == HETCAST_ALGORITHM_EAGER_LCF;
    EXPECT_EQ(planner.info.choice, HETCAST_CHOICE_MODEL);
    EXPECT_NE(planner.info.factor_numerator, 0u) << "LCF has a guarantee";
    ExpectSameAs(RunPlanner(ClusterRequest(&cluster, HETCAST_ALGORITHM_LCF)),
                 lcf);
    const hetcast_algorithm others[] = {variant == 4
                                            ? HETCAST_ALGORITHM_INTERLEAVED_LCF
                                            : HETCAST_ALGORITHM_FLAT_BINOMIAL,
                                        HETCAST_ALGORITHM_EAGER_LCF};
    for (const hetcast_algorithm other : others) {
      if (broadcast) {
        const Planned pinned = RunPlanner(ClusterRequest(&cluster, other));
        ExpectSameAs(pinned, DirectCluster(cluster, other));
        EXPECT_EQ(pinned.info.answer.algorithm, other);
        EXPECT_EQ(pinned.info.choice, HETCAST_CHOICE_PINNED);
        EXPECT_EQ(pinned.info.factor_denominator, 0u);
      } else {
        // The per-model function refuses these combinations; so must the
        // pin.
        EXPECT_EQ(DirectCluster(cluster, other).status,
                  HETCAST_INVALID_ARGUMENT);
        const Planned pinned = RunPlanner(ClusterRequest(&cluster, other));
        EXPECT_EQ(pinned.status, HETCAST_INVALID_ARGUMENT);
        EXPECT_STRNE(pinned.error, "");
      }
    }
  }
  EXPECT_GT(eager_answers, 0);
}

TEST(PlannerCluster, GuaranteesFollowTheVariant) {
  ClusterCase c;
  c.sizes = {4, 3};
  c.inter_cost = 3;
  const auto guarantee = [](const ClusterCase& k) {
    const hetcast_cluster_request r = k.request();
    const Planned p = RunPlanner(ClusterRequest(&r, HETCAST_ALGORITHM_NONE));
    EXPECT_EQ(p.status, HETCAST_OK) << p.error;
    return std::to_string(p.info.factor_numerator) + "/" +
           std::to_string(p.info.factor_denominator) + "+" +
           std::to_string(p.info.additive);
  };
  // The table of docs/models.md, "Two-level clusters" (Khuller, Kim & Wan).
  EXPECT_EQ(guarantee(c), "2/1+7");
  ClusterCase m = c;
  m.members = {1, 2};
  EXPECT_EQ(guarantee(m), "2/1+10");
  ClusterCase d = c;
  d.degrees = {1, 1};
  EXPECT_EQ(guarantee(d), "3/1+7");
  ClusterCase b = c;
  b.matching = 1;
  EXPECT_EQ(guarantee(b), "2/1+6");
  ClusterCase p = c;
  p.postal = 1;
  EXPECT_EQ(guarantee(p), "3/1+4");
}

// ---------------------------------------------------------------------------
// non-blocking model.

NonblockingRequest RandomNonblocking(std::mt19937_64& rng) {
  NonblockingRequest in;
  const uint32_t n = 2 + static_cast<uint32_t>(rng() % 9);
  for (uint32_t v = 0; v < n; ++v) {
    in.send_fixed.push_back(80 + rng() % 321);
    in.send_per_byte.push_back(rng() % 10);
    in.recv_fixed.push_back(80 + rng() % 321);
    in.recv_per_byte.push_back(rng() % 10);
  }
  for (size_t c = 0; c < static_cast<size_t>(n) * n; ++c) {
    in.link.push_back(8 + rng() % 50);
  }
  const uint32_t sources = 1 + static_cast<uint32_t>(rng() % 3);
  for (uint32_t s = 0; s < sources; ++s) {
    const uint32_t source = static_cast<uint32_t>(rng() % n);
    std::vector<uint32_t> dests;
    for (uint32_t v = 0; v < n; ++v) {
      if (v != source && (dests.empty() || rng() % 3 != 0)) dests.push_back(v);
    }
    in.destinations.push_back(dests);
    in.messages.push_back(
        hetcast_nonblocking_message{source, 1 + rng() % 2000, nullptr, 0});
  }
  in.Finish();
  return in;
}

Planned DirectNonblocking(const hetcast_nonblocking_request& request,
                          hetcast_algorithm algorithm) {
  Planned p;
  hetcast_nonblocking_sizes sizes;
  p.status = hetcast_nonblocking_plan_sizes(&request, &sizes, nullptr);
  if (p.status != HETCAST_OK) return p;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  p.tasks.resize(sizes.task_count);
  p.list_begin.resize(request.node_count + 1);
  p.status = hetcast_nonblocking_plan(
      &request, algorithm, workspace.data(), workspace.size(), p.tasks.data(),
      p.tasks.size(), p.list_begin.data(), &p.info.answer, nullptr);
  return p;
}

hetcast_request NonblockingPlannerRequest(const hetcast_nonblocking_request* nb,
                                          hetcast_algorithm pin) {
  hetcast_request r = {};
  r.model = HETCAST_MODEL_NONBLOCKING;
  r.algorithm = pin;
  r.nonblocking = nb;
  return r;
}

TEST(PlannerNonblocking,
     DefaultIsTheEarlierAndPinsEqualHetcastNonblockingPlan) {
  // Unpinned: the earlier of WRP and the critical-first run, WRP on ties.
  std::mt19937_64 rng(6);
  int critical_answers = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const NonblockingRequest in = RandomNonblocking(rng);
    for (hetcast_algorithm a :
         {HETCAST_ALGORITHM_NONE, HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF,
          HETCAST_ALGORITHM_WR, HETCAST_ALGORITHM_WRP,
          HETCAST_ALGORITHM_CRITICAL_FIRST}) {
      const Planned planner =
          RunPlanner(NonblockingPlannerRequest(&in.request, a));
      const Planned direct =
          a == HETCAST_ALGORITHM_NONE
              ? Earlier(DirectNonblocking(in.request, HETCAST_ALGORITHM_WRP),
                        DirectNonblocking(in.request,
                                          HETCAST_ALGORITHM_CRITICAL_FIRST))
              : DirectNonblocking(in.request, a);
      critical_answers +=
          a == HETCAST_ALGORITHM_NONE &&
          planner.info.answer.algorithm == HETCAST_ALGORITHM_CRITICAL_FIRST;
      ASSERT_EQ(planner.status, HETCAST_OK) << planner.error;
      ASSERT_EQ(direct.status, HETCAST_OK);
      EXPECT_TRUE(SameAnswer(planner.info.answer, direct.info.answer));
      EXPECT_TRUE(SameBytes(planner.tasks, direct.tasks));
      EXPECT_TRUE(SameBytes(planner.list_begin, direct.list_begin));
      EXPECT_EQ(planner.info.choice, a == HETCAST_ALGORITHM_NONE
                                         ? HETCAST_CHOICE_MODEL
                                         : HETCAST_CHOICE_PINNED);
    }
    const Planned wrong = RunPlanner(
        NonblockingPlannerRequest(&in.request, HETCAST_ALGORITHM_FNF));
    EXPECT_EQ(wrong.status, HETCAST_INVALID_ARGUMENT);
  }
  EXPECT_GT(critical_answers, 0);
}

// A request whose shape passes (hetcast_nonblocking_plan_sizes) but whose
// destinations do not: the planner refuses it when it runs, with the reason
// of the public check on the same workspace.
TEST(PlannerNonblocking, BadDestinationsAreRefusedWithTheCheckReason) {
  std::mt19937_64 rng(7);
  NonblockingRequest in = RandomNonblocking(rng);
  while (in.request.node_count < 3)
    in = RandomNonblocking(rng);  // Room for two.
  std::vector<uint32_t> twice = {1, 1};
  hetcast_nonblocking_message message = in.request.messages[0];
  message.source = 0;
  message.destinations = twice.data();
  message.destination_count = twice.size();
  hetcast_nonblocking_request bad = in.request;
  bad.messages = &message;
  bad.message_count = 1;
  for (hetcast_algorithm a :
       {HETCAST_ALGORITHM_NONE, HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_WRP}) {
    const Planned planner = RunPlanner(NonblockingPlannerRequest(&bad, a));
    ASSERT_EQ(planner.status, HETCAST_INVALID_ARGUMENT);
    hetcast_nonblocking_sizes sizes;
    ASSERT_EQ(hetcast_nonblocking_plan_sizes(&bad, &sizes, nullptr),
              HETCAST_OK);
    std::vector<unsigned char> workspace(sizes.workspace_bytes);
    hetcast_nonblocking_rejection rejection;
    const char* why = nullptr;
    ASSERT_EQ(hetcast_nonblocking_check(&bad, workspace.data(),
                                        workspace.size(), &rejection, &why),
              HETCAST_INVALID_ARGUMENT);
    EXPECT_STREQ(planner.error, why);
  }
}

// ---------------------------------------------------------------------------
// Graph model.

hetcast_request GraphPlannerRequest(const hetcast_graph_request* graph,
                                    hetcast_algorithm pin) {
  hetcast_request r = {};
  r.model = HETCAST_MODEL_GRAPH;
  r.algorithm = pin;
  r.graph = graph;
  return r;
}

// hetcast_graph_plan with allocated outputs, trimmed to what it wrote.
Planned DirectGraph(const hetcast_graph_request& request) {
  Planned p;
  hetcast_graph_sizes sizes;
  p.status = hetcast_graph_plan_sizes(&request, &sizes, nullptr);
  if (p.status != HETCAST_OK) return p;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  p.tree_edges.resize(sizes.tree_edge_count);
  p.slots.resize(sizes.slot_count);
  p.status = hetcast_graph_plan(
      &request, HETCAST_ALGORITHM_MCPH, workspace.data(), workspace.size(),
      p.tree_edges.data(), p.tree_edges.size(), p.slots.data(), p.slots.size(),
      &p.info.graph, nullptr);
  p.tree_edges.resize(p.info.graph.tree_edge_count);
  p.slots.resize(p.info.graph.slot_count);
  return p;
}

// Small and mid-sized graphs, sparse and dense, with many cost ties or
// few, in both readings of Fig. 9's update.
GraphInstance RandomPlannerGraph(std::mt19937_64& rng, int trial) {
  const uint32_t n =
      2 + static_cast<uint32_t>(rng() % (trial % 4 == 0 ? 60 : 12));
  const double density = trial % 3 == 0 ? 0.2 : 0.5;
  GraphInstance g = RandomGraphInstance(rng, n, density, trial % 2 ? 4 : 1000);
  g.flags = trial % 5 == 0 ? HETCAST_GRAPH_MCPH_LITERAL_UPDATE : 0;
  return g;
}

TEST(PlannerGraph, EqualsHetcastGraphPlanByteForByte) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 200; ++trial) {
    const GraphInstance g = RandomPlannerGraph(rng, trial);
    const hetcast_graph_request graph = g.Request();
    const Planned direct = DirectGraph(graph);
    ASSERT_EQ(direct.status, HETCAST_OK);
    for (hetcast_algorithm pin :
         {HETCAST_ALGORITHM_NONE, HETCAST_ALGORITHM_MCPH}) {
      const Planned planner = RunPlanner(GraphPlannerRequest(&graph, pin));
      ASSERT_EQ(planner.status, HETCAST_OK) << planner.error;
      EXPECT_TRUE(SameBytes(planner.tree_edges, direct.tree_edges)) << trial;
      EXPECT_TRUE(SameBytes(planner.slots, direct.slots)) << trial;
      EXPECT_EQ(std::memcmp(&planner.info.graph, &direct.info.graph,
                            sizeof(hetcast_graph_answer)),
                0)
          << trial;
      EXPECT_EQ(planner.sizes.algorithm, HETCAST_ALGORITHM_MCPH);
      EXPECT_EQ(planner.sizes.node_count, g.node_count);
      EXPECT_EQ(planner.sizes.tree_edge_count, g.node_count - 1);
      EXPECT_EQ(planner.info.model, HETCAST_MODEL_GRAPH);
      EXPECT_EQ(planner.info.choice, pin == HETCAST_ALGORITHM_NONE
                                         ? HETCAST_CHOICE_MODEL
                                         : HETCAST_CHOICE_PINNED);
      EXPECT_EQ(planner.info.profile_index, SIZE_MAX);
      // A heuristic: no guarantee.
      EXPECT_EQ(planner.info.factor_numerator, 0u);
      EXPECT_EQ(planner.info.factor_denominator, 0u);
      EXPECT_STREQ(planner.info.guarantee_source, "");
      // The summary in hetcast_answer's terms.
      const hetcast_answer& a = planner.info.answer;
      EXPECT_EQ(a.algorithm, HETCAST_ALGORITHM_MCPH);
      EXPECT_EQ(a.exact, direct.info.graph.exact);
      EXPECT_EQ(a.completion_time, 0u);
      EXPECT_EQ(a.lower_bound, 0u);
      EXPECT_EQ(a.lower_bound_kind, HETCAST_BOUND_GRAPH_PORTS);
      EXPECT_EQ(a.node_count, g.node_count);
      EXPECT_EQ(a.participant_count, direct.info.graph.tree_node_count);
      EXPECT_EQ(a.transfer_count, direct.info.graph.tree_edge_count);
    }
  }
}

TEST(PlannerGraph, OtherPinsAreRefusedWithAReason) {
  std::mt19937_64 rng(13);
  const GraphInstance g = RandomGraphInstance(rng, 8, 0.5, 9);
  const hetcast_graph_request graph = g.Request();
  for (hetcast_algorithm other :
       {HETCAST_ALGORITHM_FNF, HETCAST_ALGORITHM_TABLE, HETCAST_ALGORITHM_LCF,
        HETCAST_ALGORITHM_WRP, HETCAST_ALGORITHM_PTAS,
        HETCAST_ALGORITHM_EVALUATED}) {
    const Planned wrong = RunPlanner(GraphPlannerRequest(&graph, other));
    EXPECT_EQ(wrong.status, HETCAST_INVALID_ARGUMENT) << other;
    EXPECT_NE(std::string(wrong.error).find("MCPH only"), std::string::npos)
        << wrong.error;
  }
  // MCPH belongs to the graph model only.
  NodeCase c;
  c.costs = {2, 3};
  c.counts = {1, 1};
  const hetcast_node_request node = c.request();
  EXPECT_EQ(
      RunPlanner(NodeRequest(&node, nullptr, 0, HETCAST_ALGORITHM_MCPH)).status,
      HETCAST_INVALID_ARGUMENT);
}

TEST(PlannerGraph, BadRequestsAreRefusedWithAReason) {
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 2}, {1, 2, 2}, {3, 2, 1}};
  g.targets = {2};
  hetcast_graph_request graph = g.Request();
  ASSERT_EQ(
      RunPlanner(GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE)).status,
      HETCAST_OK);
  // Found only by planning: an unreachable target, a duplicate edge.
  g.targets = {2, 3};
  graph = g.Request();
  Planned bad = RunPlanner(GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE));
  EXPECT_EQ(bad.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_NE(std::string(bad.error).find("cannot be reached"), std::string::npos)
      << bad.error;
  g.targets = {2};
  g.edges.push_back({1, 2, 5});
  graph = g.Request();
  bad = RunPlanner(GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE));
  EXPECT_EQ(bad.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_NE(std::string(bad.error).find("given twice"), std::string::npos);
  // Found by the sizes: a self-loop, too many nodes.
  g.edges = {{0, 1, 2}, {1, 1, 2}};
  g.targets = {1};
  graph = g.Request();
  bad = RunPlanner(GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE));
  EXPECT_EQ(bad.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_NE(std::string(bad.error).find("self-loop"), std::string::npos);
  // The sizes' errors name the field and its limit (hetcast_graph_check's
  // reasons).
  g.edges = {{0, 1, HETCAST_MAX_COST + 1}};
  graph = g.Request();
  bad = RunPlanner(GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE));
  EXPECT_EQ(bad.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_NE(std::string(bad.error).find("HETCAST_MAX_COST"), std::string::npos)
      << bad.error;
  g.edges = {{0, 1, 2}};
  g.node_count = size_t{HETCAST_GRAPH_MAX_NODES} + 1;
  graph = g.Request();
  bad = RunPlanner(GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE));
  EXPECT_EQ(bad.status, HETCAST_TOO_LARGE);
  EXPECT_NE(std::string(bad.error).find("HETCAST_GRAPH_MAX_NODES (2^20)"),
            std::string::npos)
      << bad.error;
}

// One edge of cost 2 from the source to its one target.
GraphInstance OneEdgeGraph() {
  GraphInstance g;
  g.node_count = 2;
  g.edges = {{0, 1, 2}};
  g.targets = {1};
  return g;
}

TEST(PlannerGraph, AnotherModelsRequestOrLabelIsRefused) {
  const GraphInstance g = OneEdgeGraph();
  const hetcast_graph_request graph = g.Request();
  NodeCase c;
  c.costs = {2};
  c.counts = {1};
  const hetcast_node_request node = c.request();
  hetcast_request both = GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE);
  both.node = &node;
  const Planned bad = RunPlanner(both);
  EXPECT_EQ(bad.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_NE(std::string(bad.error).find("exactly one"), std::string::npos);
  hetcast_request mislabeled =
      GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE);
  mislabeled.model = HETCAST_MODEL_NONBLOCKING;
  EXPECT_EQ(RunPlanner(mislabeled).status, HETCAST_INVALID_ARGUMENT);
}

TEST(PlannerGraph, MissingOrShortOutputArraysAreRefused) {
  const GraphInstance g = OneEdgeGraph();
  const hetcast_graph_request graph = g.Request();
  hetcast_request ok = GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE);
  hetcast_sizes sizes;
  ASSERT_EQ(hetcast_plan_sizes(&ok, &sizes, nullptr), HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_graph_route_edge> tree(sizes.tree_edge_count);
  std::vector<hetcast_graph_slot> slots(sizes.slot_count);
  hetcast_plan_output out = {};
  hetcast_plan_info info;
  EXPECT_EQ(hetcast_plan(&ok, workspace.data(), workspace.size(), &out, &info,
                         nullptr),
            HETCAST_INVALID_ARGUMENT);
  out.tree_edges = tree.data();
  out.tree_edge_capacity = tree.size() - 1;
  out.slots = slots.data();
  out.slot_capacity = slots.size();
  EXPECT_EQ(hetcast_plan(&ok, workspace.data(), workspace.size(), &out, &info,
                         nullptr),
            HETCAST_OUTPUT_TOO_SMALL);
  out.tree_edge_capacity = tree.size();
  EXPECT_EQ(hetcast_plan(&ok, workspace.data(), workspace.size(), &out, &info,
                         nullptr),
            HETCAST_OK);
  EXPECT_EQ(info.graph.period, 2u);
}

// ---------------------------------------------------------------------------
// hetcast_plan's workspace (plan_workspace_bytes) is the answering
// algorithm's own, as its model's sizes function states it; workspace_bytes
// adds the participant query's copy of the plan's node and transfer arrays.

// Checks `request`'s two workspace figures against `algorithm_bytes`.
void ExpectPlanWorkspace(const hetcast_request& request,
                         size_t algorithm_bytes) {
  hetcast_sizes sizes;
  ASSERT_EQ(hetcast_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
  EXPECT_EQ(sizes.plan_workspace_bytes, algorithm_bytes);
  const size_t plan_arrays =
      (request.model == HETCAST_MODEL_GRAPH ? 0 : sizes.node_count) *
          sizeof(hetcast_node) +
      sizes.transfer_count * sizeof(hetcast_transfer);
  EXPECT_GE(sizes.workspace_bytes - sizes.plan_workspace_bytes, plan_arrays);
}

TEST(PlannerSizes, PlanWorkspaceIsTheAlgorithmsOwn) {
  std::mt19937_64 rng(21);
  for (int trial = 0; trial < 20; ++trial) {
    const NodeCase c = RandomDefaultCase(rng, 30, trial % 3 == 0);
    const hetcast_node_request node = c.request();
    hetcast_node_sizes need;
    ASSERT_EQ(hetcast_node_plan_sizes(&node, &need, nullptr), HETCAST_OK);
    ExpectPlanWorkspace(NodeRequest(&node, nullptr, 0), need.workspace_bytes);
    const hetcast_request table = NodeRequest(&node, &Default().profile, 1);
    if (hetcast_profile_plan_sizes(&Default().profile, &node, &need, nullptr) ==
        HETCAST_OK) {
      ExpectPlanWorkspace(table, need.workspace_bytes);
    }
    const ClusterCase k = RandomCluster(rng, trial % 5);
    const hetcast_cluster_request cluster = k.request();
    ASSERT_EQ(hetcast_cluster_plan_sizes(&cluster, &need, nullptr), HETCAST_OK);
    ExpectPlanWorkspace(ClusterRequest(&cluster, HETCAST_ALGORITHM_NONE),
                        need.workspace_bytes);
    const NonblockingRequest nb = RandomNonblocking(rng);
    hetcast_nonblocking_sizes nb_need;
    ASSERT_EQ(hetcast_nonblocking_plan_sizes(&nb.request, &nb_need, nullptr),
              HETCAST_OK);
    ExpectPlanWorkspace(
        NonblockingPlannerRequest(&nb.request, HETCAST_ALGORITHM_NONE),
        nb_need.workspace_bytes);
    const GraphInstance g = RandomPlannerGraph(rng, trial);
    const hetcast_graph_request graph = g.Request();
    hetcast_graph_sizes graph_need;
    ASSERT_EQ(hetcast_graph_plan_sizes(&graph, &graph_need, nullptr),
              HETCAST_OK);
    ExpectPlanWorkspace(GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE),
                        graph_need.workspace_bytes);
  }
}

// ---------------------------------------------------------------------------
// Per-participant answers, gathered over all participants, equal the plan.

void ExpectParticipantsMatch(const hetcast_request& request) {
  const Planned whole = RunPlanner(request);
  ASSERT_EQ(whole.status, HETCAST_OK) << whole.error;
  std::vector<unsigned char> workspace(whole.sizes.workspace_bytes);
  const size_t n = whole.sizes.node_count;
  std::vector<hetcast_transfer> gathered_transfers;
  std::vector<hetcast_nonblocking_task> gathered_tasks;
  for (uint32_t id = 0; id < n; ++id) {
    std::vector<hetcast_transfer> sends(n);
    std::vector<hetcast_nonblocking_task> tasks(whole.tasks.size());
    hetcast_participant p = {};
    p.sends = sends.data();
    p.send_capacity = sends.size();
    p.tasks = tasks.data();
    p.task_capacity = tasks.size();
    const char* error = "";
    ASSERT_EQ(hetcast_plan_participant(&request, id, workspace.data(),
                                       workspace.size(), &p, &error),
              HETCAST_OK)
        << error;
    if (whole.sizes.task_count != 0) {
      ASSERT_EQ(p.count, whole.list_begin[id + 1] - whole.list_begin[id]);
      // Every task of the list belongs to this participant.
      for (size_t t = 0; t < p.count; ++t) EXPECT_EQ(tasks[t].node, id);
      gathered_tasks.insert(gathered_tasks.end(), tasks.begin(),
                            tasks.begin() + p.count);
      continue;
    }
    EXPECT_EQ(std::memcmp(&p.node, &whole.nodes[id], sizeof(p.node)), 0) << id;
    for (size_t s = 0; s < p.count; ++s) {
      EXPECT_EQ(sends[s].from, id);
      if (s > 0) {
        EXPECT_LT(sends[s - 1].start, sends[s].start);
      }
      gathered_transfers.push_back(sends[s]);
    }
  }
  if (whole.sizes.task_count != 0) {
    EXPECT_TRUE(SameBytes(gathered_tasks, whole.tasks));
    return;
  }
  // The same transfers, in (start, from) order.
  std::stable_sort(gathered_transfers.begin(), gathered_transfers.end(),
                   [](const hetcast_transfer& a, const hetcast_transfer& b) {
                     return a.start != b.start ? a.start < b.start
                                               : a.from < b.from;
                   });
  EXPECT_TRUE(SameBytes(gathered_transfers, whole.transfers));
}

TEST(PlannerParticipant, EveryModelGathersToTheWholePlan) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    const NodeCase c =
        RandomDefaultCase(rng, trial % 2 ? 30 : 12, trial % 3 == 0);
    const hetcast_node_request node = c.request();
    ExpectParticipantsMatch(NodeRequest(&node, &Default().profile, 1));
    ExpectParticipantsMatch(NodeRequest(&node, nullptr, 0));
    const ClusterCase k = RandomCluster(rng, trial % 5);
    const hetcast_cluster_request cluster = k.request();
    ExpectParticipantsMatch(ClusterRequest(&cluster, HETCAST_ALGORITHM_NONE));
    const NonblockingRequest nb = RandomNonblocking(rng);
    ExpectParticipantsMatch(
        NonblockingPlannerRequest(&nb.request, HETCAST_ALGORITHM_NONE));
  }
}

// The graph model: each participant's slots, gathered, are the plan's
// slots; its parent, arrival and place in its parent's sends agree with the
// tree and the slots; the source and nodes outside the tree say so.
void ExpectGraphParticipantsMatch(const GraphInstance& g) {
  const hetcast_graph_request graph = g.Request();
  const hetcast_request request =
      GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE);
  const Planned whole = RunPlanner(request);
  ASSERT_EQ(whole.status, HETCAST_OK) << whole.error;
  std::vector<uint32_t> parent(g.node_count, HETCAST_NO_NODE);
  for (const hetcast_graph_route_edge& e : whole.tree_edges) {
    parent[e.to] = e.from;
  }
  std::vector<bool> target(g.node_count, false);
  for (uint32_t t : g.targets) target[t] = true;
  std::vector<unsigned char> workspace(whole.sizes.workspace_bytes);
  std::vector<hetcast_graph_slot> gathered;
  for (uint32_t id = 0; id < g.node_count; ++id) {
    std::vector<hetcast_graph_slot> mine(g.node_count);
    hetcast_participant p = {};
    p.slots = mine.data();
    p.slot_capacity = mine.size();
    const char* error = "";
    ASSERT_EQ(hetcast_plan_participant(&request, id, workspace.data(),
                                       workspace.size(), &p, &error),
              HETCAST_OK)
        << error;
    EXPECT_EQ(p.node.parent, parent[id]) << id;
    EXPECT_EQ(p.node.is_relay, id != g.source && !target[id] ? 1u : 0u);
    EXPECT_EQ(p.node.type, 0u);
    if (id == g.source) {
      EXPECT_EQ(p.node.arrival, 0u);
    } else if (parent[id] == HETCAST_NO_NODE) {
      EXPECT_EQ(p.node.arrival, HETCAST_NEVER);
      EXPECT_EQ(p.count, 0u);
    } else {
      // Its receiving slot ends at its arrival, after send_index - 1 others
      // of its parent's.
      size_t before = 0;
      const hetcast_graph_slot* received = nullptr;
      for (const hetcast_graph_slot& s : whole.slots) {
        if (s.to == id) received = &s;
      }
      ASSERT_NE(received, nullptr);
      for (const hetcast_graph_slot& s : whole.slots) {
        if (s.from == parent[id] && s.start < received->start) ++before;
      }
      EXPECT_EQ(p.node.arrival, received->start + received->duration);
      EXPECT_EQ(p.node.send_index, before + 1);
    }
    for (size_t s = 0; s < p.count; ++s) {
      EXPECT_EQ(mine[s].from, id);
      if (s > 0) {
        EXPECT_LT(mine[s - 1].start, mine[s].start);
      }
      gathered.push_back(mine[s]);
    }
  }
  std::stable_sort(
      gathered.begin(), gathered.end(),
      [](const hetcast_graph_slot& a, const hetcast_graph_slot& b) {
        return a.start != b.start ? a.start < b.start : a.from < b.from;
      });
  EXPECT_TRUE(SameBytes(gathered, whole.slots));
}

TEST(PlannerParticipant, GraphModelGathersToTheWholePlan) {
  std::mt19937_64 rng(14);
  for (int trial = 0; trial < 60; ++trial) {
    ExpectGraphParticipantsMatch(RandomPlannerGraph(rng, trial));
  }
}

TEST(PlannerParticipant, GraphShortArraysAndBadIdsAreRefused) {
  GraphInstance g;
  g.node_count = 4;
  g.edges = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}};
  g.targets = {1, 2, 3};
  const hetcast_graph_request graph = g.Request();
  const hetcast_request request =
      GraphPlannerRequest(&graph, HETCAST_ALGORITHM_NONE);
  hetcast_sizes sizes;
  ASSERT_EQ(hetcast_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  hetcast_participant p = {};
  EXPECT_EQ(hetcast_plan_participant(&request, 0, workspace.data(),
                                     workspace.size(), &p, nullptr),
            HETCAST_OUTPUT_TOO_SMALL);
  EXPECT_EQ(p.count, 3u) << "the source sends to all three";
  EXPECT_EQ(hetcast_plan_participant(&request, 4, workspace.data(),
                                     workspace.size(), &p, nullptr),
            HETCAST_INVALID_ARGUMENT);
  EXPECT_EQ(
      hetcast_plan_participant(&request, 0, workspace.data(), 8, &p, nullptr),
      HETCAST_WORKSPACE_TOO_SMALL);
  ASSERT_EQ(hetcast_plan_participant(&request, 3, workspace.data(),
                                     workspace.size(), &p, nullptr),
            HETCAST_OK);
  // 3 is the source's third child: slots [0,2), [2,5), [5,9).
  EXPECT_EQ(p.node.parent, 0u);
  EXPECT_EQ(p.node.send_index, 3u);
  EXPECT_EQ(p.node.arrival, 9u);
  EXPECT_EQ(p.count, 0u);
}

TEST(PlannerParticipant, ShortArraysAndBadIdsAreRefused) {
  NodeCase c;
  c.costs = {2, 3, 5};
  c.counts = {5, 5, 5};
  const hetcast_node_request node = c.request();
  for (size_t profiles : {0, 1}) {
    const hetcast_request request =
        NodeRequest(&node, profiles ? &Default().profile : nullptr, profiles);
    hetcast_sizes sizes;
    ASSERT_EQ(hetcast_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
    std::vector<unsigned char> workspace(sizes.workspace_bytes);
    hetcast_participant p = {};
    EXPECT_EQ(hetcast_plan_participant(&request, 0, workspace.data(),
                                       workspace.size(), &p, nullptr),
              HETCAST_OUTPUT_TOO_SMALL);
    EXPECT_GT(p.count, 0u) << "the source sends";
    EXPECT_EQ(hetcast_plan_participant(&request, 16, workspace.data(),
                                       workspace.size(), &p, nullptr),
              HETCAST_INVALID_ARGUMENT);
    // A workspace shorter than the query checks for is refused: a table's
    // query checks for what hetcast_plan alone needs (the size build's
    // asks for none: nothing shorter), the others for the whole plan.
    const size_t checked = sizes.algorithm == HETCAST_ALGORITHM_TABLE
                               ? sizes.plan_workspace_bytes
                               : sizes.workspace_bytes;
    if (checked > 8) {
      EXPECT_EQ(hetcast_plan_participant(&request, 0, workspace.data(), 8, &p,
                                         nullptr),
                HETCAST_WORKSPACE_TOO_SMALL);
    }
  }
}

// ---------------------------------------------------------------------------
// Table identity.

uint64_t Fnv1a(const unsigned char* bytes, size_t size) {
  uint64_t h = 14695981039346656037ull;  // FNV offset basis.
  for (size_t i = 0; i < size; ++i) h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}

TEST(TableHash, IsFnv1aOfTheBytesAndTellsTablesApart) {
  EXPECT_EQ(hetcast_table_hash(&Default().table),
            Fnv1a(hetcast_default_table, hetcast_default_table_size));
  // The test vector of the FNV reference: FNV-1a 64 of "a".
  const unsigned char a = 'a';
  EXPECT_EQ(Fnv1a(&a, 1), 0xaf63dc4c8601ec8cull);
  // A copy of the same bytes elsewhere: the same identity.
  std::vector<uint64_t> copy(hetcast_default_table_size / 8 + 1);
  std::memcpy(copy.data(), hetcast_default_table, hetcast_default_table_size);
  hetcast_table again;
  ASSERT_EQ(hetcast_table_open(copy.data(), hetcast_default_table_size, &again,
                               nullptr),
            HETCAST_OK);
  EXPECT_EQ(hetcast_table_hash(&again), hetcast_table_hash(&Default().table));
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
