// nonblocking_benchmark.cc: planning time of FEF, ECF, WR and WRP for
// N = 64, 256, 1024 nodes (Wu, Yeh & Liu §4 complexity claims: WR and WRP
// O(N^3), ECF O(N^4)).
//
//   bazel run //tests:nonblocking_benchmark
//
// Each request: 8 sources, each other node a destination with probability
// 1/2, 64 KB messages, node overheads of the §5 classes, 1 Gbps links.
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/include/hetcast/hetcast.h"

namespace {

struct Fixture {
  std::vector<uint64_t> fixed, per_byte, link;
  std::vector<std::vector<uint32_t>> dests;
  std::vector<hetcast_nb_message> messages;
  hetcast_nb_request r = {};
  hetcast_nb_sizes sizes = {};
  explicit Fixture(uint32_t n) {
    std::mt19937_64 rng(n);
    const uint64_t constant[4] = {80'000'000, 160'000'000, 280'000'000,
                                  400'000'000};
    const uint64_t per[4] = {100, 1'000, 5'000, 10'000};
    for (uint32_t v = 0; v < n; ++v) {
      const int c = static_cast<int>(rng() % 4);
      fixed.push_back(constant[c]);
      per_byte.push_back(per[c]);
    }
    link.assign(static_cast<size_t>(n) * n, 8'000);
    for (uint32_t s = 0; s < 8; ++s) {
      std::vector<uint32_t> d;
      for (uint32_t v = 0; v < n; ++v) {
        if (v != s && rng() % 2 == 0) d.push_back(v);
      }
      dests.push_back(d);
      messages.push_back(hetcast_nb_message{s, 65'536, nullptr, 0});
    }
    for (size_t m = 0; m < messages.size(); ++m) {
      messages[m].destinations = dests[m].data();
      messages[m].destination_count = dests[m].size();
    }
    r.node_count = n;
    r.send_fixed = r.recv_fixed = fixed.data();
    r.send_per_byte = r.recv_per_byte = per_byte.data();
    r.link_per_byte = link.data();
    r.messages = messages.data();
    r.message_count = messages.size();
    hetcast_nb_plan_sizes(&r, &sizes);
  }
};

void BM_Plan(benchmark::State& state, hetcast_algorithm algorithm) {
  Fixture f(static_cast<uint32_t>(state.range(0)));
  std::vector<unsigned char> workspace(f.sizes.workspace_bytes);
  std::vector<hetcast_nb_task> tasks(f.sizes.task_count);
  std::vector<size_t> begin(f.r.node_count + 1);
  hetcast_answer answer;
  for (auto _ : state) {
    if (hetcast_nb_plan(&f.r, algorithm, workspace.data(), workspace.size(),
                        tasks.data(), tasks.size(), begin.data(),
                        &answer) != HETCAST_OK) {
      state.SkipWithError("plan failed");
      return;
    }
    benchmark::DoNotOptimize(tasks.data());
  }
  state.counters["completion_ms"] = answer.completion_time / 1e9;
}

BENCHMARK_CAPTURE(BM_Plan, fef, HETCAST_ALGORITHM_FEF)
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Plan, ecf, HETCAST_ALGORITHM_ECF)
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Plan, wr, HETCAST_ALGORITHM_WR)
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Plan, wrp, HETCAST_ALGORITHM_WRP)
    ->Arg(64)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
