// graph_fuzzer.cc: libFuzzer target for platform graph JSON (tests only).
//
// The input is a platform file (tools/graph/platform.h). ParseGraphPlatform
// must return, never crash. A platform it accepts is planned with MCPH, as
// the paper's prose intends and as Fig. 9 prints it
// (HETCAST_GRAPH_MCPH_LITERAL_UPDATE), into canary arrays of exactly the
// sizes hetcast_graph_plan_sizes gives. The schedule the answer describes
// ({period, 1 message, 1 part, one route {0, 1}, tree edges, slots}) must
// pass hetcast_graph_evaluate with the throughput the answer claims, the
// lower bound must not exceed the period per message, and nothing may be
// written past an array or the workspace.
#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/graph/platform.h"

namespace {

using hetcast_fuzz::CanaryArray;
using hetcast_fuzz::CanaryWorkspace;

void PlanAndEvaluate(const hetcast_graph_request& request) {
  hetcast_graph_sizes sizes;
  FUZZ_CHECK_EQ(hetcast_graph_plan_sizes(&request, &sizes, nullptr),
                HETCAST_OK);
  CanaryWorkspace workspace(sizes.workspace_bytes);
  CanaryArray<hetcast_graph_route_edge> tree_edges(sizes.tree_edge_count);
  CanaryArray<hetcast_graph_slot> slots(sizes.slot_count);
  hetcast_graph_answer answer;
  const hetcast_status status = hetcast_graph_plan(
      &request, HETCAST_ALGORITHM_MCPH, workspace.data(), workspace.size(),
      tree_edges.data(), tree_edges.capacity(), slots.data(), slots.capacity(),
      &answer, nullptr);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK(tree_edges.BeyondCapacityIntact());
  FUZZ_CHECK(slots.BeyondCapacityIntact());
  // The parser already refused duplicates and unreachable targets, so the
  // plan has nothing left to refuse.
  FUZZ_CHECK_EQ(status, HETCAST_OK);
  FUZZ_CHECK_EQ(answer.algorithm, HETCAST_ALGORITHM_MCPH);
  FUZZ_CHECK(tree_edges.IntactFrom(answer.tree_edge_count));
  FUZZ_CHECK(slots.IntactFrom(answer.slot_count));
  hetcast_fuzz::CheckGraphPlan(request, answer, tree_edges.data(),
                               slots.data());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view json(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<hetcast::GraphPlatform> platform =
      hetcast::ParseGraphPlatform(json);
  if (!platform.ok()) {
    FUZZ_CHECK(!platform.status().message().empty());
    return 0;
  }
  FUZZ_CHECK(!platform->targets.empty());
  FUZZ_CHECK(platform->source < platform->names.size());
  PlanAndEvaluate(platform->Request());
  PlanAndEvaluate(platform->Request(HETCAST_GRAPH_MCPH_LITERAL_UPDATE));
  return 0;
}
