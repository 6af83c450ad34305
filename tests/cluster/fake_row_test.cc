// fake_row_test.cc: the cluster model's algorithm table
// (runtime/cluster/algorithms.h) is what every reader of the cluster
// algorithms reads. Built with the table's test-only row
// (--//runtime:test_fake_row: //tests:fake_row_test_with_row), the
// algorithm names, the planner, hetcast_plan_info, hetcast_cluster_plan
// and the CLI's `plan --model cluster --algorithm fake --explain` all see
// the row, with the guarantee it states; built without it
// (//tests:fake_row_test), all refuse it.
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runtime/cluster/algorithms.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/plan_cluster.h"
#include "tools/cli/plan_output.h"

namespace {

#ifdef HETCAST_TEST_FAKE_ROW
constexpr bool kRow = true;
#else
constexpr bool kRow = false;
#endif
constexpr hetcast_algorithm kFake = hetcast::internal::kClusterFakeAlgorithm;

const uint64_t kSizes[] = {4, 3, 2};

hetcast_cluster_request Broadcast() {
  hetcast_cluster_request r = {};
  r.sizes = kSizes;
  r.cluster_count = 3;
  r.inter_cost = 3;
  return r;
}

struct Planned {
  hetcast_status status;
  const char* error = "";
  hetcast_plan_info info = {};
  std::vector<hetcast_node> nodes;
};

Planned Plan(const hetcast_cluster_request& cluster,
             hetcast_algorithm algorithm) {
  hetcast_request request = {};
  request.model = HETCAST_MODEL_CLUSTER;
  request.algorithm = algorithm;
  request.cluster = &cluster;
  Planned p;
  hetcast_sizes sizes;
  p.status = hetcast_plan_sizes(&request, &sizes, &p.error);
  if (p.status != HETCAST_OK) return p;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  p.nodes.resize(sizes.node_count);
  std::vector<hetcast_transfer> transfers(sizes.transfer_count);
  hetcast_plan_output out = {};
  out.nodes = p.nodes.data();
  out.node_capacity = p.nodes.size();
  out.transfers = transfers.data();
  out.transfer_capacity = transfers.size();
  p.status = hetcast_plan(&request, workspace.data(), workspace.size(), &out,
                          &p.info, &p.error);
  return p;
}

TEST(FakeRow, NamesListIt) {
  bool listed = false;
  for (size_t i = 0;; ++i) {
    const hetcast_algorithm a =
        hetcast_model_algorithm(HETCAST_MODEL_CLUSTER, i);
    if (a == HETCAST_ALGORITHM_NONE) break;
    listed = listed || a == kFake;
  }
  EXPECT_EQ(listed, kRow);
  EXPECT_STREQ(hetcast_algorithm_name(kFake), kRow ? "fake" : "none");
}

TEST(FakeRow, PlannerAndPlanInfoSeeIt) {
  const Planned fake = Plan(Broadcast(), kFake);
  if (!kRow) {
    EXPECT_EQ(fake.status, HETCAST_INVALID_ARGUMENT);
    EXPECT_STRNE(fake.error, "");
    return;
  }
  ASSERT_EQ(fake.status, HETCAST_OK) << fake.error;
  EXPECT_EQ(fake.info.answer.algorithm, kFake);
  EXPECT_EQ(fake.info.choice, HETCAST_CHOICE_PINNED);
  EXPECT_EQ(fake.info.factor_numerator, 5u);
  EXPECT_EQ(fake.info.factor_denominator, 1u);
  EXPECT_EQ(fake.info.additive, 3u);
  EXPECT_STREQ(fake.info.guarantee_source, "the fake row's test");
  // The row runs LCF: the pinned LCF's schedule, node for node.
  const Planned lcf = Plan(Broadcast(), HETCAST_ALGORITHM_LCF);
  ASSERT_EQ(lcf.status, HETCAST_OK);
  EXPECT_EQ(fake.info.answer.completion_time, lcf.info.answer.completion_time);
  for (size_t v = 0; v < lcf.nodes.size(); ++v) {
    EXPECT_EQ(fake.nodes[v].arrival, lcf.nodes[v].arrival) << v;
    EXPECT_EQ(fake.nodes[v].parent, lcf.nodes[v].parent) << v;
  }
  // And refuses what its row refuses, in its own words.
  hetcast_cluster_request postal = Broadcast();
  postal.postal = 1;
  const Planned refused = Plan(postal, kFake);
  EXPECT_EQ(refused.status, HETCAST_INVALID_ARGUMENT);
  EXPECT_STREQ(refused.error,
               "pinned the fake algorithm: it plans blocking broadcasts only");
}

TEST(FakeRow, ClusterPlanRunsIt) {
  const hetcast_cluster_request r = Broadcast();
  hetcast_node_sizes sizes;
  ASSERT_EQ(hetcast_cluster_plan_sizes(&r, &sizes, nullptr), HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  EXPECT_EQ(hetcast_cluster_plan(&r, kFake, workspace.data(), workspace.size(),
                                 nodes.data(), nodes.size(), nullptr, 0,
                                 &answer, nullptr),
            kRow ? HETCAST_OK : HETCAST_INVALID_ARGUMENT);
  if (kRow) {
    EXPECT_EQ(answer.algorithm, kFake);
  }
}

TEST(FakeRow, CliExplainsIt) {
  hetcast::ClusterFields fields;
  fields.cluster_sizes = std::vector<uint64_t>(kSizes, kSizes + 3);
  fields.inter_cost = 3;
  absl::StatusOr<hetcast::NodePlan> plan =
      hetcast::PlanClusterRequest(fields, "fake");
  if (!kRow) {
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(std::string(plan.status().message())
                  .find("--algorithm: 'fake' is not one of lcf, eager, flat, "
                        "interleaved, bounded-degree, bounded-size"),
              std::string::npos)
        << plan.status();
    return;
  }
  ASSERT_TRUE(plan.ok()) << plan.status();
  plan->explain = true;
  const std::string text = hetcast::RenderText(*plan);
  EXPECT_NE(text.find("explain: Algorithm fake answered because --algorithm "
                      "pinned it. Guarantee: completion <= 5/1 OPT + 3 (the "
                      "fake row's test)."),
            std::string::npos)
      << text;
}

}  // namespace
