// lower_bound_benchmark.cc: the cost of the node model's nested-slots bound
// (runtime/node/lower_bound.h) against FNF's own planning time, in the same
// run, at 200, 10^3 and 10^4 destinations.
//
//   bazel run -c opt //tests:node_lower_bound_benchmark
//
// Four instances per size: costs 2, 3, 7, 11 (the bound's first anchor
// proves FNF optimal, so the plan's bound stops there), eight costs 7 to
// 53 (no anchor reaches FNF: all four run), costs 2, 3, 7 and 32 costs 7,
// 10, ..., 100. For each: the FNF pass alone
// (RunFnf), the bound as hetcast_node_plan computes it beyond the prefix
// search's limit (stopped at FNF's completion), the bound with every anchor,
// and the whole plan; the two bounds again with the greedy's reference (one
// send at a time in a binary heap, each offset from NextSlotOffset). At
// exit the binary prints bound / FNF and runtime / reference per case (CPU
// time).
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/fnf.h"
#include "runtime/node/layout.h"
#include "runtime/node/lower_bound.h"

namespace {

using hetcast::internal::Arena;
using hetcast::internal::NodeLayout;

// Destinations spread over the types in fixed proportions (the last type
// takes the rest), source type 1.
struct Instance {
  std::vector<uint64_t> costs;
  std::vector<uint64_t> counts;
  hetcast_node_request request;
};

constexpr int kInstances = 4;
const char* const kInstanceNames[kInstances] = {
    "2,3,7,11 (4)", "7 .. 53 (8) ", "2,3,7 (3)   ", "7 .. 100 (32)"};

Instance MakeInstance(int which, uint64_t destinations) {
  Instance in;
  if (which == 0) in.costs = {2, 3, 7, 11};
  if (which == 1) in.costs = {7, 11, 14, 19, 32, 40, 49, 53};
  if (which == 2) in.costs = {2, 3, 7};
  for (uint64_t j = 0; which == 3 && j < 32; ++j) in.costs.push_back(7 + 3 * j);
  uint64_t left = destinations;
  for (size_t j = 0; j + 1 < in.costs.size(); ++j) {
    in.counts.push_back(destinations / in.costs.size());
    left -= in.counts.back();
  }
  in.counts.push_back(left);
  in.request = hetcast_node_request{in.costs.data(), in.costs.size(), 1,
                                    in.counts.data(), nullptr};
  return in;
}

NodeLayout LayoutOf(const Instance& in) {
  NodeLayout layout;
  if (hetcast::internal::BuildNodeLayout(&in.request, &layout) != HETCAST_OK) {
    std::abort();
  }
  return layout;
}

uint64_t FnfCompletion(const Instance& in) {
  hetcast_node_sizes sizes;
  hetcast_node_plan_sizes(&in.request, &sizes, nullptr);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  if (hetcast_node_plan(&in.request, HETCAST_ALGORITHM_FNF, workspace.data(),
                        workspace.size(), nodes.data(), nodes.size(), nullptr,
                        0, &answer, nullptr) != HETCAST_OK) {
    std::abort();
  }
  return answer.completion_time;
}

// The FNF pass alone: node arrays reset and every destination informed.
void BM_Fnf(benchmark::State& state) {
  const Instance in = MakeInstance(state.range(0), state.range(1));
  NodeLayout layout = LayoutOf(in);
  std::vector<unsigned char> buffer(1 << 22);
  Arena arena(buffer.data(), buffer.size());
  hetcast::internal::FnfScratch scratch;
  if (!hetcast::internal::CarveNodeClasses(&arena, &layout) ||
      !hetcast::internal::CarveFnfScratch(layout, &arena, &scratch)) {
    std::abort();
  }
  std::vector<uint32_t> inform(layout.class_count, 0);
  for (uint32_t c = 0; c < layout.type_count; ++c) {
    inform[c] = layout.SizeOfClass(c);
  }
  std::vector<hetcast_node> nodes(layout.node_count);
  uint64_t completion = 0;
  for (auto _ : state) {
    hetcast::internal::ResetNodes(layout, nodes.data());
    if (hetcast::internal::RunFnf(layout, inform.data(), scratch, nodes.data(),
                                  &completion) != HETCAST_OK) {
      std::abort();
    }
    benchmark::DoNotOptimize(nodes.data());
  }
}

// The nested-slots bound stopped at `upper` (FNF's completion, as
// hetcast_node_plan does), or with every anchor (upper = HETCAST_NEVER);
// the runtime's greedy or, `on_heap`, the reference (lower_bound.h).
void Bound(benchmark::State& state, bool stop_at_fnf, bool on_heap) {
  const Instance in = MakeInstance(state.range(0), state.range(1));
  const NodeLayout layout = LayoutOf(in);
  const uint64_t upper = stop_at_fnf ? FnfCompletion(in) : HETCAST_NEVER;
  std::vector<unsigned char> workspace(
      hetcast::internal::PrefixSearchWorkspaceBytes(layout, 1));
  uint64_t bound = 0;
  for (auto _ : state) {
    Arena arena(workspace.data(), workspace.size());
    const hetcast_status status =
        on_heap ? hetcast::internal::LowerBoundWidePrefixSearchOnHeap(
                      layout, 1, upper, &arena, &bound)
                : hetcast::internal::LowerBoundWidePrefixSearch(
                      layout, 1, upper, &arena, &bound);
    if (status != HETCAST_OK) std::abort();
    benchmark::DoNotOptimize(bound);
  }
  state.counters["bound"] = static_cast<double>(bound);
}
void BM_BoundStoppedAtFnf(benchmark::State& state) {
  Bound(state, true, false);
}
void BM_BoundAllAnchors(benchmark::State& state) { Bound(state, false, false); }
void BM_HeapBoundStoppedAtFnf(benchmark::State& state) {
  Bound(state, true, true);
}
void BM_HeapBoundAllAnchors(benchmark::State& state) {
  Bound(state, false, true);
}

void BM_Plan(benchmark::State& state) {
  const Instance in = MakeInstance(state.range(0), state.range(1));
  hetcast_node_sizes sizes;
  hetcast_node_plan_sizes(&in.request, &sizes, nullptr);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  for (auto _ : state) {
    if (hetcast_node_plan(&in.request, HETCAST_ALGORITHM_FNF, workspace.data(),
                          workspace.size(), nodes.data(), nodes.size(), nullptr,
                          0, &answer, nullptr) != HETCAST_OK) {
      std::abort();
    }
    benchmark::DoNotOptimize(nodes.data());
  }
  state.counters["fnf"] = static_cast<double>(answer.completion_time);
  state.counters["bound"] = static_cast<double>(answer.lower_bound);
}

void Sizes(benchmark::internal::Benchmark* b) {
  for (int which = 0; which < kInstances; ++which) {
    for (int destinations : {200, 1000, 10000}) b->Args({which, destinations});
  }
}
BENCHMARK(BM_Fnf)->Apply(Sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BoundStoppedAtFnf)->Apply(Sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BoundAllAnchors)->Apply(Sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_HeapBoundStoppedAtFnf)
    ->Apply(Sizes)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_HeapBoundAllAnchors)->Apply(Sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Plan)->Apply(Sizes)->Unit(benchmark::kMicrosecond);

// Keeps each run's mean CPU time (by name) to print the ratios at the end
// (CPU time: the shared machine's load inflates real time unevenly).
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Iteration && run.iterations > 0) {
        seconds_[run.benchmark_name()] =
            run.cpu_accumulated_time / static_cast<double>(run.iterations);
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
  for (int which = 0; which < kInstances; ++which) {
    for (int destinations : {200, 1000, 10000}) {
      const std::string args =
          "/" + std::to_string(which) + "/" + std::to_string(destinations);
      const double fnf = reporter.seconds_["BM_Fnf" + args];
      const double stopped = reporter.seconds_["BM_BoundStoppedAtFnf" + args];
      const double all = reporter.seconds_["BM_BoundAllAnchors" + args];
      const double heap_stopped =
          reporter.seconds_["BM_HeapBoundStoppedAtFnf" + args];
      const double heap_all =
          reporter.seconds_["BM_HeapBoundAllAnchors" + args];
      if (fnf <= 0) continue;
      std::printf(
          "%s costs, %5d destinations: FNF pass %7.2f us; nested slots stopped "
          "at FNF "
          "%7.2f us (%.2fx FNF), every anchor %7.2f us (%.2fx FNF)\n",
          kInstanceNames[which], destinations, fnf * 1e6, stopped * 1e6,
          stopped / fnf, all * 1e6, all / fnf);
      if (heap_stopped > 0 && heap_all > 0) {
        std::printf(
            "    runtime / reference (CPU time): stopped at FNF %.2f, "
            "every anchor %.2f\n",
            stopped / heap_stopped, all / heap_all);
      }
    }
  }
  benchmark::Shutdown();
  return 0;
}
