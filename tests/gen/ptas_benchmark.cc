// ptas_benchmark.cc: running time of the PTAS (tools/gen/ptas.h) against n and
// eps, each next to FNF (hetcast_node_plan) on the same request in the
// same run.
//
//   bazel run //tests:ptas_benchmark
//
// Instances: per-node costs drawn from 12 distinct costs in 1..60 (fixed
// seed), n destinations. Counters: x_fnf = PTAS time / FNF time (both
// measured in this run), ptas and fnf completion, attempts (guesses tried).
// A request beyond the PTAS's DP budget is reported as skipped with the
// reason, not timed.
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/gen/ptas.h"
#include "tools/gen/ptas_flags.h"

namespace hetcast {
namespace {

TypedNodes Instance(int n) {
  std::mt19937_64 rng(42 + n);
  std::vector<uint64_t> distinct;
  while (distinct.size() < 12) {
    const uint64_t c = 1 + rng() % 60;
    if (std::find(distinct.begin(), distinct.end(), c) == distinct.end()) {
      distinct.push_back(c);
    }
  }
  std::vector<uint64_t> nodes(n + 1);
  for (auto& c : nodes) c = distinct[rng() % distinct.size()];
  return *TypesFromNodeCosts(nodes);
}

double FnfSeconds(const TypedNodes& t) {
  hetcast_node_request r = {t.costs.data(), t.costs.size(), t.source_type,
                            t.counts.data(), nullptr};
  hetcast_node_sizes sizes;
  hetcast_node_plan_sizes(&r, &sizes, nullptr);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  std::vector<hetcast_transfer> transfers(sizes.transfer_count);
  hetcast_answer answer;
  constexpr int kReps = 200;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kReps; ++i) {
    hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, workspace.data(),
                      workspace.size(), nodes.data(), nodes.size(),
                      transfers.data(), transfers.size(), &answer, nullptr);
    benchmark::DoNotOptimize(nodes.data());
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
             .count() /
         kReps;
}

void BM_Ptas(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const Epsilon eps{1, static_cast<uint64_t>(state.range(1))};
  const TypedNodes t = Instance(n);
  PtasRequest request{t.costs, t.source_type, t.counts, {}, eps, false};
  absl::StatusOr<PtasResult> result;
  double seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    result = PlanPtas(request);
    seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (!result.ok()) {
      state.SkipWithError(std::string(result.status().message()).c_str());
      return;
    }
  }
  const double fnf = FnfSeconds(t);
  state.counters["x_fnf"] = seconds / state.iterations() / fnf;
  state.counters["ptas"] = static_cast<double>(result->ptas_completion);
  state.counters["fnf"] = static_cast<double>(result->fnf_completion);
  state.counters["attempts"] = static_cast<double>(result->attempts);
}

BENCHMARK(BM_Ptas)
    ->ArgsProduct({{16, 32, 64, 128, 256, 1000}, {2, 4, 10}})
    ->ArgNames({"n", "1/eps"})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hetcast

BENCHMARK_MAIN();
