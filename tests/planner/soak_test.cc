// soak_test.cc: seeded random requests through hetcast_plan, each answer
// re-timed by its model's evaluator and checked against its lower bound
// and, on instances small enough for the exhaustive searches, against the
// optimum and the guarantee the answer claims.
//
// Models covered: node (from the default table, at and past its limits of
// 20, with every relay count up to 4; and without a table, 1-4 types, costs
// up to HETCAST_MAX_COST), cluster (every variant's flags, costs up to
// HETCAST_MAX_COST) and multi-source (the planner's choice and every
// algorithm pinned; evaluator and bound only) and graph (MCPH; evaluator
// and bound).
//
// CI runs HETCAST_SOAK_ITERATIONS (default 5000 per model, under a second);
// the long run is, e.g.:
//   bazel test //tests:soak_test --test_timeout=3600
//       --test_env=HETCAST_SOAK_ITERATIONS=200000
//       --test_env=HETCAST_SOAK_SEED=7
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/graph/graph_test_util.h"
#include "tests/node/node_test_util.h"
#include "tests/node/schedule_checks.h"
#include "tests/oracles/cluster_search.h"
#include "tests/oracles/exhaustive_search.h"
#include "tests/planner/run_planner.h"

namespace hetcast {
namespace testing {
namespace {

uint64_t EnvOr(const char* name, uint64_t fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::strtoull(value, nullptr, 10) : fallback;
}

uint64_t Iterations() {
  // Sanitizer runs (tools/run_tests.sh) take a tenth.
  const uint64_t base = EnvOr("HETCAST_SOAK_ITERATIONS", 5000);
  return EnvOr("HETCAST_SANITIZER_RUN", 0) != 0 ? base / 10 + 1 : base;
}

// The bound and the claimed guarantee against the answer, and against the
// optimum when `optimum` is known (nonzero).
void ExpectBoundsHold(const hetcast_plan_info& info, uint64_t optimum) {
  const hetcast_answer& a = info.answer;
  EXPECT_LE(a.lower_bound, a.completion_time);
  if (a.exact) {
    EXPECT_EQ(a.lower_bound, a.completion_time);
  }
  if (optimum == 0 && a.completion_time != 0) return;
  EXPECT_LE(a.lower_bound, optimum);
  EXPECT_LE(optimum, a.completion_time);
  if (info.factor_denominator != 0) {
    // completion <= factor * OPT + additive, in integers.
    EXPECT_LE(static_cast<unsigned __int128>(a.completion_time) *
                  info.factor_denominator,
              static_cast<unsigned __int128>(optimum) * info.factor_numerator +
                  static_cast<unsigned __int128>(info.additive) *
                      info.factor_denominator)
        << info.guarantee_source;
  }
}

const hetcast_profile& DefaultProfile() {
  static const hetcast_profile* profile = [] {
    static hetcast_table table;
    static hetcast_profile opened;
    EXPECT_EQ(hetcast_table_open(hetcast_default_table,
                                 hetcast_default_table_size, &table, nullptr),
              HETCAST_OK);
    EXPECT_EQ(hetcast_profile_open(&table, 0, &opened, nullptr), HETCAST_OK);
    return &opened;
  }();
  return *profile;
}

// A count biased to the edges: 0, 1, the limit and the limit + 1.
uint64_t EdgeCount(std::mt19937_64& rng, uint64_t limit) {
  switch (rng() % 6) {
    case 0:
      return 0;
    case 1:
      return 1;
    case 2:
      return limit;
    case 3:
      return limit + 1;
    default:
      return rng() % (limit + 2);
  }
}

// A cost: small, or near HETCAST_MAX_COST.
uint64_t EdgeCost(std::mt19937_64& rng) {
  return rng() % 4 == 0 ? HETCAST_MAX_COST - rng() % 3 : 1 + rng() % 9;
}

// Node model: the default table's costs and its limits of 20 (table,
// outside-table and relay answers), or random costs and no table (FNF).
TinyInstance RandomNodeInstance(std::mt19937_64& rng, bool table) {
  TinyInstance instance;
  const size_t k = table ? 3 : 1 + rng() % 4;
  for (size_t j = 0; j < k; ++j) {
    instance.costs.push_back(table ? uint64_t{2 + j + (j == 2)}
                                   : EdgeCost(rng));
    instance.destinations.push_back(table            ? EdgeCount(rng, 20)
                                    : rng() % 2 == 0 ? rng() % 3
                                                     : rng() % 12);
    instance.relays.push_back(rng() % 5);  // Every relay count up to 4.
  }
  if (rng() % 4 == 0) instance.relays.clear();
  instance.source_type = static_cast<uint32_t>(rng() % k);
  return instance;
}

TEST(Soak, NodeRequestsWithAndWithoutTheTable) {
  std::mt19937_64 rng(EnvOr("HETCAST_SOAK_SEED", 15));
  uint64_t checked_against_optimum = 0;
  for (uint64_t i = 0; i < Iterations(); ++i) {
    const bool table = i % 2 == 0;
    const TinyInstance instance = RandomNodeInstance(rng, table);
    const hetcast_node_request node = RequestOf(instance);
    hetcast_request request = {};
    request.model = HETCAST_MODEL_NODE;
    request.node = &node;
    request.profiles = table ? &DefaultProfile() : nullptr;
    request.profile_count = table ? 1 : 0;
    const Planned p = RunPlanner(request);
    ASSERT_EQ(p.status, HETCAST_OK) << p.error << " at iteration " << i;
    ExpectConsistent(instance, p.plan);
    uint64_t nodes = 0;
    for (uint64_t d : instance.destinations) nodes += d;
    for (uint64_t r : instance.relays) nodes += r;
    const bool tiny = nodes <= 6;
    ExpectBoundsHold(p.info, tiny ? ExhaustiveOptimum(instance) : 0);
    checked_against_optimum += tiny;
    if (::testing::Test::HasFailure()) FAIL() << "iteration " << i;
  }
  EXPECT_GT(checked_against_optimum, Iterations() / 20);
}

// Cluster model: 1-4 clusters of 1-4 processors (so the exhaustive search
// answers), every variant the planner reads from the request's fields.
hetcast_cluster_request RandomCluster(std::mt19937_64& rng,
                                      std::vector<uint64_t>* sizes,
                                      std::vector<uint64_t>* degrees,
                                      std::vector<uint64_t>* members) {
  const size_t k = 1 + rng() % 4;
  sizes->clear();
  degrees->clear();
  members->clear();
  for (size_t c = 0; c < k; ++c) sizes->push_back(1 + rng() % 3);
  hetcast_cluster_request r = {};
  r.sizes = sizes->data();
  r.cluster_count = k;
  r.inter_cost = EdgeCost(rng);
  switch (rng() % 5) {
    case 0:
      r.postal = 1;
      break;
    case 1:
      for (uint64_t n : *sizes) degrees->push_back(1 + rng() % n);
      r.degrees = degrees->data();
      break;
    case 2:
      r.matching = 1 + rng() % 2;
      break;
    case 3:
      for (uint64_t n : *sizes) members->push_back(rng() % (n + 1));
      r.members = members->data();
      break;
    default:
      break;
  }
  return r;
}

TEST(Soak, ClusterRequestsOfEveryVariant) {
  std::mt19937_64 rng(EnvOr("HETCAST_SOAK_SEED", 15) + 1);
  std::vector<uint64_t> sizes, degrees, members;
  for (uint64_t i = 0; i < Iterations(); ++i) {
    const hetcast_cluster_request cluster =
        RandomCluster(rng, &sizes, &degrees, &members);
    hetcast_request request = {};
    request.model = HETCAST_MODEL_CLUSTER;
    request.cluster = &cluster;
    const Planned p = RunPlanner(request);
    ASSERT_EQ(p.status, HETCAST_OK) << p.error << " at iteration " << i;
    // The evaluator re-times the planned transfers from the model's rules.
    std::vector<hetcast_node> nodes(p.plan.nodes.size());
    std::vector<hetcast_transfer> transfers(p.plan.transfers.size() + 1);
    std::vector<unsigned char> workspace(1 << 16);
    hetcast_answer evaluated;
    ASSERT_EQ(
        hetcast_cluster_evaluate(
            &cluster, p.plan.transfers.data(), p.plan.transfers.size(),
            workspace.data(), workspace.size(), nodes.data(), nodes.size(),
            transfers.data(), transfers.size(), &evaluated, nullptr),
        HETCAST_OK)
        << "iteration " << i;
    EXPECT_EQ(evaluated.completion_time, p.info.answer.completion_time);
    // The exhaustive search knows the plain and postal broadcasts with a
    // small C and N <= 6.
    uint64_t optimum = 0;
    uint64_t processors = 0;
    for (uint64_t n : sizes) processors += n;
    if (cluster.degrees == nullptr && cluster.matching == 0 &&
        cluster.members == nullptr && cluster.inter_cost <= 5 &&
        processors <= 6) {
      ClusterInstance instance;
      instance.sizes = sizes;
      instance.inter_cost = cluster.inter_cost;
      instance.postal = cluster.postal != 0;
      optimum = ClusterExhaustiveOptimum(instance);
    }
    ExpectBoundsHold(p.info, optimum);
    if (::testing::Test::HasFailure()) FAIL() << "iteration " << i;
  }
}

// A non-blocking request that owns its arrays: 2-6 nodes, 1-3 messages
// with 1 .. N - 1 destinations each, costs small or near HETCAST_MAX_COST.
struct NonblockingCase {
  std::vector<uint64_t> send_fixed, send_per_byte, recv_fixed, recv_per_byte;
  std::vector<uint64_t> link;
  std::vector<std::vector<uint32_t>> destinations;
  std::vector<hetcast_nonblocking_message> messages;
  hetcast_nonblocking_request request = {};
};

void RandomNonblocking(std::mt19937_64& rng, NonblockingCase* c) {
  const size_t n = 2 + rng() % 5;
  auto cost = [&rng] { return rng() % 8 == 0 ? EdgeCost(rng) : rng() % 6; };
  *c = NonblockingCase();
  for (size_t v = 0; v < n; ++v) {
    c->send_fixed.push_back(cost());
    c->send_per_byte.push_back(cost());
    c->recv_fixed.push_back(cost());
    c->recv_per_byte.push_back(cost());
  }
  for (size_t i = 0; i < n * n; ++i) c->link.push_back(cost());
  const size_t k = 1 + rng() % 3;
  c->destinations.resize(k);
  for (size_t m = 0; m < k; ++m) {
    const uint32_t source = static_cast<uint32_t>(rng() % n);
    for (uint32_t v = 0; v < n; ++v) {
      if (v != source && rng() % 2 == 0) c->destinations[m].push_back(v);
    }
    if (c->destinations[m].empty()) {
      c->destinations[m].push_back(static_cast<uint32_t>((source + 1) % n));
    }
    c->messages.push_back({source, 1 + rng() % 4, c->destinations[m].data(),
                           c->destinations[m].size()});
  }
  c->request = {n,
                c->send_fixed.data(),
                c->send_per_byte.data(),
                c->recv_fixed.data(),
                c->recv_per_byte.data(),
                c->link.data(),
                c->messages.data(),
                c->messages.size()};
}

TEST(Soak, MultiSourceRequestsWithEveryAlgorithm) {
  std::mt19937_64 rng(EnvOr("HETCAST_SOAK_SEED", 15) + 2);
  const hetcast_algorithm pins[] = {
      HETCAST_ALGORITHM_NONE, HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF,
      HETCAST_ALGORITHM_WR, HETCAST_ALGORITHM_WRP};
  NonblockingCase c;
  for (uint64_t i = 0; i < Iterations(); ++i) {
    RandomNonblocking(rng, &c);
    hetcast_request request = {};
    request.model = HETCAST_MODEL_NONBLOCKING;
    request.algorithm = pins[i % 5];
    request.nonblocking = &c.request;
    hetcast_sizes sizes;
    const char* why = "";
    ASSERT_EQ(hetcast_plan_sizes(&request, &sizes, &why), HETCAST_OK) << why;
    std::vector<unsigned char> workspace(sizes.workspace_bytes);
    std::vector<hetcast_nonblocking_task> tasks(sizes.task_count);
    std::vector<size_t> list_begin(sizes.list_begin_count);
    hetcast_plan_output out = {};
    out.tasks = tasks.data();
    out.task_capacity = tasks.size();
    out.list_begin = list_begin.data();
    out.list_begin_capacity = list_begin.size();
    hetcast_plan_info info;
    ASSERT_EQ(hetcast_plan(&request, workspace.data(), workspace.size(), &out,
                           &info, &why),
              HETCAST_OK)
        << why << " at iteration " << i;
    // The evaluator re-runs the task lists (their times are rewritten).
    std::vector<hetcast_nonblocking_task> replayed = tasks;
    hetcast_answer evaluated;
    ASSERT_EQ(hetcast_nonblocking_evaluate(&c.request, replayed.data(),
                                           replayed.size(), list_begin.data(),
                                           workspace.data(), workspace.size(),
                                           &evaluated, nullptr),
              HETCAST_OK)
        << "iteration " << i;
    EXPECT_EQ(evaluated.completion_time, info.answer.completion_time);
    ExpectBoundsHold(info, /*optimum=*/0);
    if (::testing::Test::HasFailure()) FAIL() << "iteration " << i;
  }
}

// Graph model: 2-8 nodes, random edges (costs up to HETCAST_MAX_COST or
// small), MCPH through the planner; its tree and slots replayed by
// hetcast_graph_evaluate, which must find the claimed period, and the port
// bound at most that period.
TEST(Soak, GraphRequestsThroughThePlanner) {
  std::mt19937_64 rng(EnvOr("HETCAST_SOAK_SEED", 15) + 3);
  for (uint64_t i = 0; i < Iterations(); ++i) {
    const uint32_t n = 2 + rng() % 7;
    const uint64_t max_cost = rng() % 4 == 0 ? HETCAST_MAX_COST : 9;
    GraphInstance g = RandomGraphInstance(rng, n, 0.5, max_cost);
    if (rng() % 2 == 0) g.flags = HETCAST_GRAPH_MCPH_LITERAL_UPDATE;
    const hetcast_graph_request graph = g.Request();
    hetcast_request request = {};
    request.model = HETCAST_MODEL_GRAPH;
    request.graph = &graph;
    hetcast_sizes sizes;
    const char* why = "";
    ASSERT_EQ(hetcast_plan_sizes(&request, &sizes, &why), HETCAST_OK) << why;
    std::vector<unsigned char> workspace(sizes.workspace_bytes);
    GraphScheduleData schedule;
    schedule.route_edges.resize(sizes.tree_edge_count);
    schedule.slots.resize(sizes.slot_count);
    hetcast_plan_output out = {};
    out.tree_edges = schedule.route_edges.data();
    out.tree_edge_capacity = schedule.route_edges.size();
    out.slots = schedule.slots.data();
    out.slot_capacity = schedule.slots.size();
    hetcast_plan_info info;
    ASSERT_EQ(hetcast_plan(&request, workspace.data(), workspace.size(), &out,
                           &info, &why),
              HETCAST_OK)
        << why << " at iteration " << i;
    schedule.route_edges.resize(info.graph.tree_edge_count);
    schedule.slots.resize(info.graph.slot_count);
    schedule.period = info.graph.period;
    schedule.messages = info.graph.messages;
    schedule.routes = {{0, 1}};
    hetcast_graph_evaluation e;
    ASSERT_EQ(EvaluateGraphSchedule(g, schedule, &e), HETCAST_OK)
        << "iteration " << i;
    EXPECT_EQ(e.period_numerator, info.graph.period_numerator);
    EXPECT_EQ(e.period_denominator, info.graph.period_denominator);
    // lower bound <= period, as fractions.
    EXPECT_LE(static_cast<unsigned __int128>(info.graph.lower_bound_numerator) *
                  info.graph.period_denominator,
              static_cast<unsigned __int128>(info.graph.period_numerator) *
                  info.graph.lower_bound_denominator);
    if (::testing::Test::HasFailure()) FAIL() << "iteration " << i;
  }
}

}  // namespace
}  // namespace testing
}  // namespace hetcast
