// lp_benchmark.cc: the exact LPs (tools/graph/multicast_lp.h) and the LP
// heuristics (tools/graph/lp_heuristics.h) at 30 and 65 nodes, next to
// MCPH on the same platforms as the baseline measured in the same run.
//
//   bazel run -c opt //tests:lp_benchmark
//
// Platforms: RandomSparsePlatform(n, seed = n) (graph_test_util.h, the MCPH
// benchmark's): about 4n directed edges with costs 1..100 and n / 3
// targets. Each LP is solved exactly by QSopt_ex and its certificate
// checked (both counted). The targets: every LP at 65 nodes under
// 1 s, a whole heuristic run under a minute. Heuristic runs are single
// iterations; "lp_solves" counts the programs they solved (Figs. 6-8's
// and the ranking LPs), "bound_solves" the smaller lower-bound LPs that
// reject candidates without their program (lp_heuristics.h).

#include "benchmark/benchmark.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/graph/graph_test_util.h"
#include "tools/graph/exact_lp.h"
#include "tools/graph/lp_heuristics.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {
namespace {

const GraphInstance& Platform(uint32_t n) { return CachedSparsePlatform(n); }

void BM_Mcph(benchmark::State& state) {
  const GraphInstance& g = Platform(state.range(0));
  for (auto _ : state) {
    const McphResult m = RunMcph(g);
    if (m.status != HETCAST_OK) state.SkipWithError("MCPH failed");
    benchmark::DoNotOptimize(m.answer.period);
  }
}
BENCHMARK(BM_Mcph)->Arg(30)->Arg(65)->Unit(benchmark::kMicrosecond);

template <absl::StatusOr<LpBound> (*Program)(const hetcast_graph_request&)>
void BM_Program(benchmark::State& state) {
  const GraphInstance& g = Platform(state.range(0));
  for (auto _ : state) {
    absl::StatusOr<LpBound> bound = Program(g.Request());
    if (!bound.ok()) state.SkipWithError(bound.status().ToString().c_str());
  }
  absl::StatusOr<LpBound> bound = Program(g.Request());
  if (bound.ok()) {
    state.counters["rows"] = bound->program.lp.rows.size();
    state.counters["columns"] = bound->program.lp.columns.size();
  }
}
BENCHMARK_TEMPLATE(BM_Program, MulticastLb)
    ->Arg(30)
    ->Arg(65)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Program, MulticastUb)
    ->Arg(30)
    ->Arg(65)
    ->Unit(benchmark::kMillisecond);

absl::StatusOr<LpBound> WholeBroadcast(const hetcast_graph_request& r) {
  return BroadcastEb(r, std::vector<bool>(r.node_count, true));
}
BENCHMARK_TEMPLATE(BM_Program, WholeBroadcast)
    ->Arg(30)
    ->Arg(65)
    ->Unit(benchmark::kMillisecond);

// MulticastMultiSource-UB with the source and the three smallest non-target
// ids as sources (the size of a late AUGMENTED_SOURCES candidate).
absl::StatusOr<LpBound> FourSources(const hetcast_graph_request& r) {
  std::vector<bool> target(r.node_count, false);
  for (size_t i = 0; i < r.target_count; ++i) target[r.targets[i]] = true;
  std::vector<uint32_t> sources = {r.source};
  for (uint32_t v = 0; v < r.node_count && sources.size() < 4; ++v) {
    if (v != r.source && !target[v]) sources.push_back(v);
  }
  return MultiSourceUb(r, sources);
}
BENCHMARK_TEMPLATE(BM_Program, FourSources)
    ->Arg(30)
    ->Arg(65)
    ->Unit(benchmark::kMillisecond);

template <
    absl::StatusOr<HeuristicResult> (*Heuristic)(const hetcast_graph_request&)>
void BM_Heuristic(benchmark::State& state) {
  const GraphInstance& g = Platform(state.range(0));
  int solves = 0;
  int bound_solves = 0;
  ResetLongestExactLp();
  for (auto _ : state) {
    absl::StatusOr<HeuristicResult> r = Heuristic(g.Request());
    if (!r.ok()) state.SkipWithError(r.status().ToString().c_str());
    if (r.ok()) solves = r->lp_solves, bound_solves = r->bound_solves;
  }
  state.counters["lp_solves"] = solves;
  state.counters["bound_solves"] = bound_solves;
  // The longest single LP of the run (CPU seconds, solve and certificate).
  state.counters["longest_lp_s"] = LongestExactLpSeconds();
}
// The same heuristics read literally (ScoreMethod::kAlwaysLp: every
// candidate's score LP, every candidate's program, no bound): the baseline
// of the shortcuts above, which make the same moves (lp_heuristics_test).
template <absl::StatusOr<HeuristicResult> (*Heuristic)(
    const hetcast_graph_request&, ScoreMethod)>
void BM_Literal(benchmark::State& state) {
  const GraphInstance& g = Platform(state.range(0));
  int solves = 0;
  for (auto _ : state) {
    absl::StatusOr<HeuristicResult> r =
        Heuristic(g.Request(), ScoreMethod::kAlwaysLp);
    if (!r.ok()) state.SkipWithError(r.status().ToString().c_str());
    if (r.ok()) solves = r->lp_solves;
  }
  state.counters["lp_solves"] = solves;
}
BENCHMARK_TEMPLATE(BM_Literal, ReducedBroadcastScoredBy)
    ->Arg(30)
    ->Arg(65)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_TEMPLATE(BM_Literal, AugmentedMulticastScoredBy)
    ->Arg(30)
    ->Arg(65)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_TEMPLATE(BM_Literal, AugmentedSourcesScoredBy)
    ->Arg(30)
    ->Arg(65)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

BENCHMARK_TEMPLATE(BM_Heuristic, ReducedBroadcast)
    ->Arg(30)
    ->Arg(65)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_TEMPLATE(BM_Heuristic, AugmentedMulticast)
    ->Arg(30)
    ->Arg(65)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_TEMPLATE(BM_Heuristic, AugmentedSources)
    ->Arg(30)
    ->Arg(65)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

}  // namespace
}  // namespace hetcast

BENCHMARK_MAIN();
