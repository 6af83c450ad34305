// fnf_benchmark.cc: cohort FNF (the runtime) against textbook FNF
// (std::priority_queue over all senders) on one million nodes of four types.
//
//   bazel run -c opt //tests:fnf_benchmark
//
// Both run in the same binary and process; at exit the binary prints the
// ratio of their times, ns per node, and checks that completion times agree.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/oracles/textbook_fnf.h"

namespace {

constexpr uint64_t kPerType = 250'000;  // 4 types: 10^6 destinations.
const std::vector<uint64_t> kCosts = {3, 4, 7, 10};
const std::vector<uint64_t> kCounts = {kPerType, kPerType, kPerType, kPerType};
constexpr uint32_t kSourceType = 2;
constexpr double kNodes = 4.0 * kPerType;

uint64_t cohort_completion = 0;
uint64_t textbook_completion = 0;

void BM_CohortFnf(benchmark::State& state) {
  hetcast_node_request request = {kCosts.data(), kCosts.size(), kSourceType,
                                  kCounts.data(), nullptr};
  hetcast_node_sizes sizes;
  if (hetcast_node_plan_sizes(&request, &sizes, nullptr) != HETCAST_OK)
    std::abort();
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  for (auto _ : state) {
    // Nodes (parent, arrival, send index) and the bounds; transfers are a
    // separate sort, left out on both sides.
    if (hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                          workspace.size(), nodes.data(), nodes.size(), nullptr,
                          0, &answer, nullptr) != HETCAST_OK) {
      std::abort();
    }
    benchmark::DoNotOptimize(nodes.data());
  }
  cohort_completion = answer.completion_time;
  state.counters["ns_per_node"] =
      benchmark::Counter(kNodes, benchmark::Counter::kIsIterationInvariantRate |
                                     benchmark::Counter::kInvert);
}
BENCHMARK(BM_CohortFnf)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_TextbookFnf(benchmark::State& state) {
  hetcast::testing::TextbookFnfResult result;
  for (auto _ : state) {
    result = hetcast::testing::TextbookFnf(kCosts, kSourceType, kCounts);
    benchmark::DoNotOptimize(result.parent.data());
  }
  textbook_completion = result.completion;
  state.counters["ns_per_node"] =
      benchmark::Counter(kNodes, benchmark::Counter::kIsIterationInvariantRate |
                                     benchmark::Counter::kInvert);
}
BENCHMARK(BM_TextbookFnf)->Unit(benchmark::kMillisecond)->MinTime(1.0);

// Keeps each benchmark's mean real time to print the ratio at the end.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Iteration && run.iterations > 0) {
        seconds_[run.run_name.function_name] =
            run.real_accumulated_time / static_cast<double>(run.iterations);
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, double> seconds_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double cohort = reporter.seconds_["BM_CohortFnf"];
  const double textbook = reporter.seconds_["BM_TextbookFnf"];
  if (cohort > 0 && textbook > 0) {
    std::printf(
        "n = %.0f, k = 4: cohort FNF %.2f ns/node, textbook FNF %.2f "
        "ns/node, speedup %.1fx (target >= 5x)\n",
        kNodes, cohort * 1e9 / kNodes, textbook * 1e9 / kNodes,
        textbook / cohort);
    std::printf(
        "completion times: cohort %llu, textbook %llu (%s)\n",
        static_cast<unsigned long long>(cohort_completion),
        static_cast<unsigned long long>(textbook_completion),
        cohort_completion == textbook_completion ? "identical" : "DIFFERENT");
    if (cohort_completion != textbook_completion) return 1;
  }
  benchmark::Shutdown();
  return 0;
}
