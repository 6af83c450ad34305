// graph_lp_fuzzer.cc: libFuzzer target for the graph model's exact LPs and
// LP heuristics on small platforms (tests only).
//
// The input is a platform file (tools/graph/platform.h); platforms of more
// than 6 nodes or 20 edges are parsed only (each LP solve is exact: a
// bounded size keeps an input to tenths of a second). On an accepted one,
// every LP algorithm of `hetcast plan --model graph` must answer (an exact
// solver or certificate failure is a crash) and the answers must hold the
// paper's relations and pass the evaluator:
//  - Multicast-LB <= Multicast-UB <= |targets| x LB (§5.1.3), LB <= every
//    schedule's period: MCPH's (runtime planner), Broadcast-EB's, the
//    three heuristics', best's (the least of them, as the CLI chooses);
//  - REDUCED_BROADCAST <= Broadcast-EB of the whole platform,
//    AUGMENTED_SOURCES <= UB;
//  - the schedules (scatter, broadcast, both broadcast heuristics'
//    node sets, the multi-source scatter of AUGMENTED_SOURCES' sources)
//    pass hetcast_graph_evaluate at exactly what their routes need per
//    message, which is the program's T* (the multi-source scatter: at
//    most; a broadcast whose exact packing needs more than 62 bits: less
//    than a tick more), or, when the exact schedule needs more than 64
//    bits, a rounding at no less;
//  - --max-period on the scatter's routes at two bounds taken from the
//    input: each schedule fits its bound and passes the evaluator, and
//    the larger bound has one whenever the smaller has, at no lower
//    throughput.
#include <gmpxx.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/graph/broadcast_schedule.h"
#include "tools/graph/lp_heuristics.h"
#include "tools/graph/multicast_lp.h"
#include "tools/graph/periodic_schedule.h"
#include "tools/graph/platform.h"
#include "tools/graph/scatter_schedule.h"

namespace {

using hetcast::LpBound;
using hetcast::PeriodicSchedule;
using hetcast::WeightedRoute;

constexpr size_t kMostNodes = 7;
constexpr size_t kMostEdges = 24;

// A status that must be OK: the programs are feasible and bounded on
// every accepted platform, and every optimum is certified.
#define FUZZ_CHECK_OK(status)                                    \
  do {                                                           \
    const absl::Status fuzz_status_ = (status);                  \
    if (!fuzz_status_.ok()) {                                    \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,    \
                   std::string(fuzz_status_.message()).c_str()); \
      std::abort();                                              \
    }                                                            \
  } while (0)

mpq_class Ratio(uint64_t num, uint64_t den) {
  mpq_class q(mpz_class(std::to_string(num)), mpz_class(std::to_string(den)));
  q.canonicalize();
  return q;
}

// MCPH's period per message, through the runtime planner.
mpq_class McphPeriod(const hetcast_graph_request& request) {
  hetcast_graph_sizes sizes;
  FUZZ_CHECK_EQ(hetcast_graph_plan_sizes(&request, &sizes, nullptr),
                HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_graph_route_edge> tree_edges(sizes.tree_edge_count);
  std::vector<hetcast_graph_slot> slots(sizes.slot_count);
  hetcast_graph_answer answer;
  FUZZ_CHECK_EQ(
      hetcast_graph_plan(&request, HETCAST_ALGORITHM_MCPH, workspace.data(),
                         workspace.size(), tree_edges.data(), tree_edges.size(),
                         slots.data(), slots.size(), &answer, nullptr),
      HETCAST_OK);
  return Ratio(answer.period_numerator, answer.period_denominator);
}

// The schedule of `routes`, judged by the evaluator: the exact one at
// exactly what they need per message, or (beyond 64 bits) a rounding that
// needs no less. Returns what they need.
mpq_class CheckRoutes(
    const hetcast_graph_request& request,
    const absl::StatusOr<std::vector<WeightedRoute>>& routes) {
  FUZZ_CHECK_OK(routes.status());
  const mpq_class period = hetcast::RoutesPeriod(request, *routes);
  const absl::StatusOr<PeriodicSchedule> schedule =
      hetcast::BuildSchedule(request, *routes, 0, "the schedule");
  FUZZ_CHECK_OK(schedule.status());
  if (schedule->exact) {
    FUZZ_CHECK_OK(hetcast::CheckScheduleAt(request, *schedule, period));
    return period;
  }
  const absl::StatusOr<hetcast_graph_evaluation> e =
      hetcast::EvaluateSchedule(request, *schedule);
  FUZZ_CHECK_OK(e.status());
  FUZZ_CHECK(Ratio(e->period_numerator, e->period_denominator) >= period);
  return period;
}

// The rounded schedule within `bound` ticks: its throughput, 0 when none
// (no whole message fits, or beyond 64 bits).
mpq_class RoundedThroughput(const hetcast_graph_request& request,
                            const std::vector<WeightedRoute>& routes,
                            uint64_t bound) {
  const absl::StatusOr<PeriodicSchedule> schedule =
      hetcast::BuildSchedule(request, routes, bound, "the scatter");
  if (!schedule.ok()) {
    const absl::StatusCode code = schedule.status().code();
    FUZZ_CHECK(code == absl::StatusCode::kInvalidArgument ||
               code == absl::StatusCode::kOutOfRange);
    return 0;
  }
  FUZZ_CHECK(schedule->period <= bound);
  const absl::StatusOr<hetcast_graph_evaluation> e =
      hetcast::EvaluateSchedule(request, *schedule);
  FUZZ_CHECK_OK(e.status());
  return Ratio(e->throughput_numerator, e->throughput_denominator);
}

// A heuristic's answer: finite, its node list, its period.
hetcast::HeuristicResult Heuristic(
    absl::StatusOr<hetcast::HeuristicResult> result) {
  FUZZ_CHECK_OK(result.status());
  FUZZ_CHECK(result->period.has_value());
  return *std::move(result);
}

std::vector<bool> NodeSet(size_t n, const std::vector<uint32_t>& nodes) {
  std::vector<bool> set(n, false);
  for (uint32_t v : nodes) set[v] = true;
  return set;
}

// The broadcast of `kept`: its routes need exactly `period`, or, when the
// exact packing needs more than 62 bits and packs loads rounded up at a
// scale N >= 2^55 / edges, less than a tick more (a node's cost sum, at
// most 2^46 here, over N).
void CheckBroadcast(const hetcast_graph_request& request,
                    const std::vector<bool>& kept, const mpq_class& period) {
  const absl::StatusOr<LpBound> eb = hetcast::BroadcastEb(request, kept);
  FUZZ_CHECK_OK(eb.status());
  FUZZ_CHECK(eb->finite && eb->period == period);
  const mpq_class needs =
      CheckRoutes(request, hetcast::BroadcastRoutes(request, kept, *eb));
  FUZZ_CHECK(needs >= period && needs - period < 1);
}

void CheckPlatform(const hetcast_graph_request& request, const uint8_t* data,
                   size_t size) {
  const absl::StatusOr<LpBound> lb = hetcast::MulticastLb(request);
  FUZZ_CHECK_OK(lb.status());
  const absl::StatusOr<LpBound> ub = hetcast::MulticastUb(request);
  FUZZ_CHECK_OK(ub.status());
  FUZZ_CHECK(lb->finite && ub->finite);
  FUZZ_CHECK(lb->period <= ub->period);
  FUZZ_CHECK(ub->period <=
             lb->period * static_cast<long>(request.target_count));
  const std::vector<WeightedRoute> scatter =
      hetcast::ScatterRoutes(request, *ub);
  const mpq_class scatter_needs = CheckRoutes(request, scatter);
  FUZZ_CHECK(scatter_needs == ub->period);

  std::vector<mpq_class> achieved = {McphPeriod(request), ub->period};
  const std::vector<bool> all(request.node_count, true);
  const absl::StatusOr<LpBound> eb = hetcast::BroadcastEb(request, all);
  FUZZ_CHECK_OK(eb.status());
  FUZZ_CHECK(eb->finite);  // the parser keeps only reached nodes
  CheckBroadcast(request, all, eb->period);
  achieved.push_back(eb->period);

  const hetcast::HeuristicResult reduced =
      Heuristic(hetcast::ReducedBroadcast(request));
  FUZZ_CHECK(*reduced.period <= eb->period);
  CheckBroadcast(request, NodeSet(request.node_count, reduced.nodes),
                 *reduced.period);
  achieved.push_back(*reduced.period);
  const hetcast::HeuristicResult augmented =
      Heuristic(hetcast::AugmentedMulticast(request));
  CheckBroadcast(request, NodeSet(request.node_count, augmented.nodes),
                 *augmented.period);
  achieved.push_back(*augmented.period);
  const hetcast::HeuristicResult sources =
      Heuristic(hetcast::AugmentedSources(request));
  FUZZ_CHECK(*sources.period <= ub->period);
  const absl::StatusOr<LpBound> mms =
      hetcast::MultiSourceUb(request, sources.nodes);
  FUZZ_CHECK_OK(mms.status());
  FUZZ_CHECK(mms->period == *sources.period);
  const mpq_class trees = CheckRoutes(
      request, hetcast::MultiSourceRoutes(request, sources.nodes, *mms));
  FUZZ_CHECK(trees <= *sources.period);
  achieved.push_back(trees == -1 ? *sources.period : trees);

  const mpq_class best = *std::min_element(achieved.begin(), achieved.end());
  for (const mpq_class& period : achieved) FUZZ_CHECK(lb->period <= period);
  FUZZ_CHECK(lb->period <= best);

  // --max-period at two bounds from the input's last bytes.
  uint64_t bounds[2] = {1, 1};
  for (size_t i = 0; i < 8 && i < size; ++i) {
    bounds[i % 2] = bounds[i % 2] * 251 + data[size - 1 - i];
  }
  for (uint64_t& bound : bounds) bound = std::max<uint64_t>(bound, 1);
  std::sort(bounds, bounds + 2);
  const mpq_class smaller = RoundedThroughput(request, scatter, bounds[0]);
  const mpq_class larger = RoundedThroughput(request, scatter, bounds[1]);
  FUZZ_CHECK(larger >= smaller);
  FUZZ_CHECK(larger <= 1 / ub->period);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view json(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<hetcast::GraphPlatform> platform =
      hetcast::ParseGraphPlatform(json);
  if (!platform.ok()) return 0;
  const hetcast_graph_request request = platform->Request();
  if (request.node_count > kMostNodes || request.edge_count > kMostEdges) {
    return 0;
  }
  CheckPlatform(request, data, size);
  return 0;
}
