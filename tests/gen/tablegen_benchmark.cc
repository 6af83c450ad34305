// tablegen_benchmark.cc: the table generator against the plain Lemma 5
// recurrence, in one run on one machine.
//
//   bazel run //tests:tablegen_benchmark
//   bazel run //tests:tablegen_benchmark -- --limit=12 --types=4
//   bazel run //tests:tablegen_benchmark -- --stretch   (k = 4, 32 per type,
//                                                        generator only)
//
// Both solve the same profile (costs 2, 3, 5, 7; `limit` destinations per
// type). The reference is tests/oracles/reference_dp.cc (test-only, unpruned);
// the generator is tools/gen/exact_dp.cc with its pruning rules and two
// threads. After timing, every completion time of every state is compared and
// the run fails (exit 1) on any difference. Prints "speedup: N.Nx".
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "tests/oracles/reference_dp.h"
#include "tools/gen/exact_dp.h"

namespace hetcast {
namespace testing {
namespace {

int g_types = 4;
uint32_t g_limit = 12;
double g_reference_seconds = 0, g_generator_seconds = 0;
std::unique_ptr<ReferenceDp> g_reference;
std::unique_ptr<ExactTable> g_generated;

ProfileSpec BenchProfile() {
  const uint64_t costs[] = {2, 3, 5, 7, 11, 13};
  ProfileSpec profile;
  profile.name = "bench";
  for (int j = 0; j < g_types; ++j) {
    profile.types.push_back(
        NodeTypeSpec{"t" + std::to_string(j), costs[j], g_limit});
  }
  return profile;
}

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

void BM_ReferenceDp(benchmark::State& state) {
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<uint64_t> costs, limits;
    for (const NodeTypeSpec& t : BenchProfile().types) {
      costs.push_back(t.cost);
      limits.push_back(t.limit);
    }
    g_reference = std::make_unique<ReferenceDp>(costs, limits);
    g_reference_seconds = Seconds(start);
  }
}

void BM_TableGenerator(benchmark::State& state) {
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    DpOptions options;
    options.threads = static_cast<int>(state.range(0));
    absl::StatusOr<ExactTable> table = SolveExact(BenchProfile(), options);
    if (!table.ok()) {
      state.SkipWithError(std::string(table.status().message()).c_str());
      return;
    }
    const double seconds = Seconds(start);
    if (state.range(0) == 2) {
      g_generator_seconds = seconds;
      g_generated = std::make_unique<ExactTable>(*std::move(table));
    }
  }
}

BENCHMARK(BM_ReferenceDp)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TableGenerator)
    ->Arg(1)
    ->Arg(2)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// Returns the number of states whose completion times differ.
uint64_t CompareEveryState() {
  const ExactTable& t = *g_generated;
  uint64_t differences = 0;
  std::vector<uint64_t> counts(t.type_count, 0);
  for (uint64_t state = 0; state < t.state_count; ++state) {
    for (uint32_t j = 0; j < t.type_count; ++j) {
      counts[j] = (state / t.stride[j]) % (uint64_t{t.limit[j]} + 1);
    }
    for (uint32_t s = 0; s < t.type_count; ++s) {
      if (t.time[s * t.state_count + state] !=
          g_reference->Optimum(s, counts)) {
        ++differences;
      }
    }
  }
  return differences;
}

int Stretch() {
  g_types = 4;
  g_limit = 32;
  const auto start = std::chrono::steady_clock::now();
  DpOptions options;
  options.threads = 2;
  options.progress = [&](uint64_t done, uint64_t total) {
    std::fprintf(stderr, "\r%llu/%llu states, %.1f s",
                 static_cast<unsigned long long>(done),
                 static_cast<unsigned long long>(total), Seconds(start));
  };
  absl::StatusOr<ExactTable> table = SolveExact(BenchProfile(), options);
  if (!table.ok()) return 1;
  std::printf("\nk = 4, 32 per type: %llu states, generator %.1f s\n",
              static_cast<unsigned long long>(table->time.size()),
              Seconds(start));
  return 0;
}

}  // namespace
}  // namespace testing
}  // namespace hetcast

int main(int argc, char** argv) {
  using namespace hetcast::testing;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--stretch") == 0) return Stretch();
    if (std::strncmp(argv[i], "--limit=", 8) == 0) {
      g_limit = static_cast<uint32_t>(std::atoi(argv[i] + 8));
    } else if (std::strncmp(argv[i], "--types=", 8) == 0) {
      g_types = std::atoi(argv[i] + 8);
    } else {
      rest.push_back(argv[i]);
    }
  }
  int rest_count = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_count, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (!g_reference || !g_generated) {
    std::fprintf(stderr, "both benchmarks must run (no --benchmark_filter)\n");
    return 1;
  }
  const uint64_t differences = CompareEveryState();
  std::printf(
      "k = %d, %u per type: %llu states; reference %.3f s, generator "
      "(2 threads) %.3f s\nspeedup: %.1fx (target >= 20x); states with "
      "different completion times: %llu\n",
      g_types, g_limit,
      static_cast<unsigned long long>(g_generated->time.size()),
      g_reference_seconds, g_generator_seconds,
      g_reference_seconds / g_generator_seconds,
      static_cast<unsigned long long>(differences));
  return differences == 0 ? 0 : 1;
}
