// nonblocking_benchmark.cc: planning time of FEF, ECF, WR and WRP for
// N = 64, 256, 1024 nodes (Wu, Yeh & Liu §4 complexity claims: WR and WRP
// O(N^3), ECF O(N^4)), and (BM_Limit) at hetcast.h's work limit.
//
//   bazel run //tests:nonblocking_benchmark
//   bazel run //tests:nonblocking_benchmark -- --benchmark_filter=BM_Limit
//
// Each request: 8 sources, each other node a destination with probability
// 1/2, 64 KB messages, node overheads of the §5 classes, 1 Gbps links.
// BM_Limit's shapes: a broadcast of N nodes (N = 4096, the case;
// 11,585, the largest accepted) and an all-to-all of N nodes (128, the
// largest accepted; 256 is refused).
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/include/hetcast/hetcast.h"

namespace {

struct Fixture {
  std::vector<uint64_t> fixed, per_byte, link;
  std::vector<std::vector<uint32_t>> dests;
  std::vector<hetcast_nonblocking_message> messages;
  hetcast_nonblocking_request r = {};
  hetcast_nonblocking_sizes sizes = {};
  enum Shape { kEightSources, kBroadcast, kAllToAll };
  explicit Fixture(uint32_t n, Shape shape = kEightSources) {
    std::mt19937_64 rng(n);
    const uint64_t constant[4] = {80'000'000, 160'000'000, 280'000'000,
                                  400'000'000};
    const uint64_t per[4] = {100, 1'000, 5'000, 10'000};
    for (uint32_t v = 0; v < n; ++v) {
      const int c = static_cast<int>(rng() % 4);
      fixed.push_back(constant[c]);
      per_byte.push_back(per[c]);
    }
    const uint32_t sources = shape == kEightSources ? 8
                             : shape == kBroadcast  ? 1
                                                    : n;
    for (uint32_t s = 0; s < sources; ++s) {
      std::vector<uint32_t> d;
      for (uint32_t v = 0; v < n; ++v) {
        if (v != s && (shape != kEightSources || rng() % 2 == 0)) {
          d.push_back(v);
        }
      }
      dests.push_back(d);
      messages.push_back(hetcast_nonblocking_message{s, 65'536, nullptr, 0});
    }
    for (size_t m = 0; m < messages.size(); ++m) {
      messages[m].destinations = dests[m].data();
      messages[m].destination_count = dests[m].size();
    }
    r.node_count = n;
    r.send_fixed = r.recv_fixed = fixed.data();
    r.send_per_byte = r.recv_per_byte = per_byte.data();
    r.link_per_byte = &link_unread;  // plan_sizes reads only the shape.
    r.messages = messages.data();
    r.message_count = messages.size();
    status = hetcast_nonblocking_plan_sizes(&r, &sizes, nullptr);
    if (status != HETCAST_OK) return;  // Refused: no N^2 matrix needed.
    link.assign(static_cast<size_t>(n) * n, 8'000);
    r.link_per_byte = link.data();
  }
  uint64_t link_unread = 0;
  hetcast_status status = HETCAST_OK;
};

void BM_Plan(benchmark::State& state, hetcast_algorithm algorithm) {
  Fixture f(static_cast<uint32_t>(state.range(0)),
            static_cast<Fixture::Shape>(state.range(1)));
  if (f.status != HETCAST_OK) {
    state.SkipWithError(hetcast_status_str(f.status));
    return;
  }
  std::vector<unsigned char> workspace(f.sizes.workspace_bytes);
  std::vector<hetcast_nonblocking_task> tasks(f.sizes.task_count);
  std::vector<size_t> begin(f.r.node_count + 1);
  hetcast_answer answer;
  for (auto _ : state) {
    if (hetcast_nonblocking_plan(
            &f.r, algorithm, workspace.data(), workspace.size(), tasks.data(),
            tasks.size(), begin.data(), &answer, nullptr) != HETCAST_OK) {
      state.SkipWithError("plan failed");
      return;
    }
    benchmark::DoNotOptimize(tasks.data());
  }
  state.counters["completion_ms"] = answer.completion_time / 1e9;
}

BENCHMARK_CAPTURE(BM_Plan, fef, HETCAST_ALGORITHM_FEF)
    ->Args({64, 0})
    ->Args({256, 0})
    ->Args({1024, 0})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Plan, ecf, HETCAST_ALGORITHM_ECF)
    ->Args({64, 0})
    ->Args({256, 0})
    ->Args({1024, 0})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Plan, wr, HETCAST_ALGORITHM_WR)
    ->Args({64, 0})
    ->Args({256, 0})
    ->Args({1024, 0})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Plan, wrp, HETCAST_ALGORITHM_WRP)
    ->Args({64, 0})
    ->Args({256, 0})
    ->Args({1024, 0})
    ->Unit(benchmark::kMillisecond);

// Broadcasts (shape 1) and all-to-alls (shape 2) at and past the limit;
// each runs once (the largest take seconds).
void BM_Limit(benchmark::State& state, hetcast_algorithm algorithm) {
  BM_Plan(state, algorithm);
}
#define HETCAST_LIMIT_CASES(name, algorithm)   \
  BENCHMARK_CAPTURE(BM_Limit, name, algorithm) \
      ->Args({4096, 1})                        \
      ->Args({11585, 1})                       \
      ->Args({11586, 1})                       \
      ->Args({128, 2})                         \
      ->Args({256, 2})                         \
      ->Iterations(1)                          \
      ->Unit(benchmark::kMillisecond)
HETCAST_LIMIT_CASES(fef, HETCAST_ALGORITHM_FEF);
HETCAST_LIMIT_CASES(ecf, HETCAST_ALGORITHM_ECF);
HETCAST_LIMIT_CASES(wr, HETCAST_ALGORITHM_WR);
HETCAST_LIMIT_CASES(wrp, HETCAST_ALGORITHM_WRP);
HETCAST_LIMIT_CASES(critical_first, HETCAST_ALGORITHM_CRITICAL_FIRST);

}  // namespace

BENCHMARK_MAIN();
