// cluster_benchmark.cc: LCF on 10^6 processors in 10^4 clusters, next to
// the cluster-unaware binomial broadcast on the same request in the same
// run.
//
//   bazel run //tests:cluster_benchmark
//
// Cluster sizes are pseudo-random in 1..199 (mean 100), C = 10. Prints ns
// per processor for both and the LCF time per plan (target: under 1 s).
#include <cstdio>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/include/hetcast/hetcast.h"

namespace {

struct Fixture {
  std::vector<uint64_t> sizes;
  hetcast_cluster_request request = {};
  hetcast_node_sizes need = {};
  std::vector<unsigned char> workspace;
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;
};

Fixture& GetFixture() {
  static Fixture* f = [] {
    auto* f = new Fixture();
    std::mt19937_64 rng(12);
    for (int c = 0; c < 10000; ++c) f->sizes.push_back(1 + rng() % 199);
    f->request.sizes = f->sizes.data();
    f->request.cluster_count = f->sizes.size();
    f->request.inter_cost = 10;
    if (hetcast_cluster_plan_sizes(&f->request, &f->need, nullptr) !=
        HETCAST_OK) {
      std::abort();
    }
    f->workspace.resize(f->need.workspace_bytes);
    f->nodes.resize(f->need.node_count);
    f->transfers.resize(f->need.transfer_count);
    return f;
  }();
  return *f;
}

void Run(benchmark::State& state, hetcast_algorithm algorithm) {
  Fixture& f = GetFixture();
  hetcast_answer answer = {};
  for (auto _ : state) {
    if (hetcast_cluster_plan(&f.request, algorithm, f.workspace.data(),
                             f.workspace.size(), f.nodes.data(), f.nodes.size(),
                             f.transfers.data(), f.transfers.size(), &answer,
                             nullptr) != HETCAST_OK) {
      state.SkipWithError("plan failed");
      return;
    }
    benchmark::DoNotOptimize(f.nodes.data());
  }
  state.SetItemsProcessed(state.iterations() * f.need.node_count);
  state.counters["completion"] = static_cast<double>(answer.completion_time);
  state.counters["lower_bound"] = static_cast<double>(answer.lower_bound);
}

void BM_Lcf(benchmark::State& state) { Run(state, HETCAST_ALGORITHM_LCF); }
void BM_FlatBinomial(benchmark::State& state) {
  Run(state, HETCAST_ALGORITHM_FLAT_BINOMIAL);
}
BENCHMARK(BM_Lcf)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FlatBinomial)->Unit(benchmark::kMillisecond);

class Summary : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.iterations <= 0) continue;
      const double seconds =
          run.real_accumulated_time / static_cast<double>(run.iterations);
      (run.run_name.function_name == "BM_Lcf" ? lcf_ : flat_) = seconds;
    }
    ConsoleReporter::ReportRuns(runs);
  }
  double lcf_ = 0, flat_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Summary summary;
  benchmark::RunSpecifiedBenchmarks(&summary);
  const double n = static_cast<double>(GetFixture().need.node_count);
  std::printf(
      "%.0f processors in 10000 clusters: LCF %.1f ms per plan (target < "
      "1000 ms), %.1f ns per processor; flat binomial %.1f ns per "
      "processor; LCF / flat time = %.2fx\n",
      n, summary.lcf_ * 1e3, summary.lcf_ * 1e9 / n, summary.flat_ * 1e9 / n,
      summary.lcf_ / summary.flat_);
  benchmark::Shutdown();
  return 0;
}
