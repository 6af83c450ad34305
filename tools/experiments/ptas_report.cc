// ptas_report.cc: the evidence for the PTAS (tools/gen/ptas.h), rerunnable:
//
//   bazel run //tools:ptas_report [-- --seed 1 --runs 20]
//
// Part 1: on every state (every source type, every destination mix) of small
// typed profiles, the PTAS's own schedule (no FNF fallback) against the exact
// optimum of the Lemma 5 DP: max and mean of PTAS/OPT per eps, next to the
// proven factor (1 + eps)(1 + 3 eps) and FNF/OPT.
// Part 2: random per-node cost lists with 8-32 distinct costs and up to 1000
// nodes (uniform in 1..100, or log-uniform in 1..1000), PTAS and FNF as
// ratios to the best lower bound available for the instance (the largest of
// the doubling bound, ceil(2/3 FNF) and every PTAS run's rejected guess + 1),
// and how many requests the PTAS refused as beyond its DP budget.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/state_index.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"
#include "tools/gen/ptas.h"
#include "tools/gen/ptas_flags.h"
#include "tools/progress.h"
#include "tools/version.h"

namespace hetcast {
namespace {

// The report runs for tens of seconds: a progress line on stderr.
ProgressLine& Progress() {
  static ProgressLine* progress = new ProgressLine("ptas_report");
  return *progress;
}

const Epsilon kEpsilons[] = {{1, 2}, {1, 4}, {1, 10}};

struct Ratio {
  double max = 0, sum = 0;
  uint64_t count = 0;
  void Add(double r) {
    max = std::max(max, r);
    sum += r;
    ++count;
  }
  double Mean() const { return count == 0 ? 0 : sum / count; }
};

int EveryState() {
  struct Case {
    std::vector<uint64_t> costs;
    std::vector<uint32_t> limits;
  };
  const std::vector<Case> cases = {{{2, 3, 5}, {8, 8, 8}},
                                   {{1, 2, 5}, {6, 6, 6}},
                                   {{3, 4, 10, 25}, {4, 4, 3, 3}},
                                   {{1, 6}, {16, 16}}};
  std::printf(
      "Part 1: every state of small profiles, PTAS (own schedule) / OPT\n"
      "%-26s %6s %7s %9s %9s %9s %9s %8s\n",
      "profile (costs x limit)", "eps", "factor", "states", "max", "mean",
      "=OPT", "FNF max");
  for (const Case& c : cases) {
    ProfileSpec spec;
    spec.name = "report";
    std::string label;
    for (size_t j = 0; j < c.costs.size(); ++j) {
      spec.types.push_back(
          NodeTypeSpec{"t" + std::to_string(j), c.costs[j], c.limits[j]});
      label += (j ? "," : "") + std::to_string(c.costs[j]) + "x" +
               std::to_string(c.limits[j]);
    }
    absl::StatusOr<ExactTable> table = SolveExact(spec, DpOptions{});
    if (!table.ok()) return 1;
    for (const Epsilon& eps : kEpsilons) {
      Ratio ptas, fnf;
      uint64_t optimal = 0;
      std::vector<uint64_t> counts(c.costs.size());
      for (uint32_t s = 0; s < c.costs.size(); ++s) {
        for (uint64_t state = 1; state < table->state_count; ++state) {
          for (size_t j = 0; j < counts.size(); ++j) {
            counts[j] = internal::TableStateDigit(state, table->stride[j],
                                                  table->limit[j]);
          }
          Progress().Report("part 1, profile " + label,
                            s * table->state_count + state,
                            c.costs.size() * table->state_count);
          const uint64_t opt = table->time[s * table->state_count + state];
          PtasRequest request{c.costs, s, counts, {}, eps, false};
          absl::StatusOr<PtasResult> r = PlanPtas(request);
          if (!r.ok()) {
            std::fprintf(stderr, "%s\n",
                         std::string(r.status().message()).c_str());
            return 1;
          }
          ptas.Add(static_cast<double>(r->ptas_completion) / opt);
          fnf.Add(static_cast<double>(r->fnf_completion) / opt);
          if (r->ptas_completion == opt) ++optimal;
        }
      }
      std::printf(
          "%-26s %6.2f %7s %9llu %9.4f %9.4f %8.1f%% %8.4f\n", label.c_str(),
          static_cast<double>(eps.numerator) / eps.denominator,
          FactorText(eps).c_str(), static_cast<unsigned long long>(ptas.count),
          ptas.max, ptas.Mean(), 100.0 * optimal / ptas.count, fnf.max);
    }
  }
  return 0;
}

// `runs` random instances of `n` nodes over `k` distinct costs drawn from
// `dist` ("uniform" in 1..100 or "log-uniform" in 1..1000).
std::vector<TypedNodes> MakeInstances(std::mt19937_64& rng, const char* dist,
                                      uint64_t n, uint64_t k, int runs) {
  std::vector<TypedNodes> instances;
  for (int i = 0; i < runs; ++i) {
    std::vector<uint64_t> distinct;
    while (distinct.size() < k) {
      const uint64_t c = std::string(dist) == "uniform"
                             ? 1 + rng() % 100
                             : static_cast<uint64_t>(std::llround(std::exp(
                                   std::uniform_real_distribution<double>(
                                       0, std::log(1000.0))(rng))));
      if (std::find(distinct.begin(), distinct.end(), c) == distinct.end()) {
        distinct.push_back(c);
      }
    }
    std::vector<uint64_t> nodes(n);
    for (auto& v : nodes) v = distinct[rng() % k];
    instances.push_back(*TypesFromNodeCosts(nodes));
  }
  return instances;
}

// One row group's results: FNF and the best lower bound per instance, and
// per eps the PTAS's completion (-1: refused) and total milliseconds.
struct RowGroup {
  std::vector<uint64_t> fnf, bound;
  std::vector<std::vector<int64_t>> ptas;
  std::vector<double> ms;
};

// FNF's completion and the answer's bound, through hetcast_node_plan.
bool PlanFnfAll(const std::vector<TypedNodes>& instances, RowGroup* group) {
  for (const TypedNodes& t : instances) {
    hetcast_node_request r = {t.costs.data(), t.costs.size(), t.source_type,
                              t.counts.data(), nullptr};
    hetcast_node_sizes sizes;
    hetcast_node_plan_sizes(&r, &sizes, nullptr);
    std::vector<unsigned char> workspace(sizes.workspace_bytes);
    std::vector<hetcast_node> nodes(sizes.node_count);
    hetcast_answer answer;
    if (hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, workspace.data(),
                          workspace.size(), nodes.data(), nodes.size(), nullptr,
                          0, &answer, nullptr) != HETCAST_OK) {
      return false;
    }
    group->fnf.push_back(answer.completion_time);
    group->bound.push_back(answer.lower_bound);
  }
  return true;
}

// The PTAS for every eps, timed; every run's bound joins the best.
bool PlanPtasAll(const std::vector<TypedNodes>& instances, RowGroup* group) {
  const size_t runs = instances.size();
  group->ptas.assign(3, std::vector<int64_t>(runs, -1));
  group->ms.assign(3, 0);
  for (int e = 0; e < 3; ++e) {
    for (size_t i = 0; i < runs; ++i) {
      Progress().Report("part 2, PTAS runs of this row group", e * runs + i + 1,
                        3 * runs);
      const TypedNodes& t = instances[i];
      PtasRequest request{t.costs, t.source_type, t.counts,
                          {},      kEpsilons[e],  false};
      const auto start = std::chrono::steady_clock::now();
      absl::StatusOr<PtasResult> r = PlanPtas(request);
      group->ms[e] += std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count();
      if (!r.ok()) {
        if (r.status().code() == absl::StatusCode::kOutOfRange) continue;
        std::fprintf(stderr, "%s\n", std::string(r.status().message()).c_str());
        return false;
      }
      group->ptas[e][i] = static_cast<int64_t>(r->ptas_completion);
      group->bound[i] = std::max(group->bound[i], r->answer.lower_bound);
    }
  }
  return true;
}

// The group's rows, one per eps.
void PrintRowGroup(const char* dist, uint64_t n, uint64_t k, int runs,
                   const RowGroup& g) {
  Ratio fnf_ratio;
  for (int i = 0; i < runs; ++i) {
    fnf_ratio.Add(static_cast<double>(g.fnf[i]) / g.bound[i]);
  }
  for (int e = 0; e < 3; ++e) {
    Ratio ratio, fnf_same;
    int better = 0, worse = 0;
    for (int i = 0; i < runs; ++i) {
      if (g.ptas[e][i] < 0) continue;
      ratio.Add(static_cast<double>(g.ptas[e][i]) / g.bound[i]);
      fnf_same.Add(static_cast<double>(g.fnf[i]) / g.bound[i]);
      if (static_cast<uint64_t>(g.ptas[e][i]) < g.fnf[i]) ++better;
      if (static_cast<uint64_t>(g.ptas[e][i]) > g.fnf[i]) ++worse;
    }
    const double eps =
        static_cast<double>(kEpsilons[e].numerator) / kEpsilons[e].denominator;
    const auto n_ = static_cast<unsigned long long>(n);
    const auto k_ = static_cast<unsigned long long>(k);
    if (ratio.count == 0) {
      std::printf(
          "%-12s %5llu %4llu %5.2f | %5d/%-2d %8s %8s %9s %8.1f | %8s "
          "%8.4f\n",
          dist, n_, k_, eps, 0, runs, "-", "-", "-", g.ms[e] / runs, "-",
          fnf_ratio.Mean());
      continue;
    }
    std::printf(
        "%-12s %5llu %4llu %5.2f | %5llu/%-2d %8.4f %8.4f %4d/%-4d %8.1f "
        "| "
        "%8.4f %8.4f\n",
        dist, n_, k_, eps, static_cast<unsigned long long>(ratio.count), runs,
        ratio.Mean(), ratio.max, better, worse, g.ms[e] / runs, fnf_same.Mean(),
        fnf_ratio.Mean());
  }
}

int RandomInstances(uint64_t seed, int runs) {
  std::printf(
      "\nPart 2: random per-node costs, %d instances per row (seed %llu); "
      "ratios to the best lower bound\n"
      "(ran: instances within the PTAS's DP budget; </>FNF: PTAS better / "
      "worse than FNF; FNF/LB on the same instances, and on all)\n"
      "%-12s %5s %4s %5s | %8s %8s %8s %9s %8s | %8s %8s\n",
      runs, static_cast<unsigned long long>(seed), "costs", "n", "k", "eps",
      "ran", "PTAS/LB", "max", "<FNF/>FNF", "ms/run", "FNF/LB", "FNF/LB all");
  std::mt19937_64 rng(seed);
  for (const char* dist : {"uniform", "log-uniform"}) {
    for (uint64_t n : {50, 200, 1000}) {
      for (uint64_t k : {8, 32}) {
        // Same instances for every eps of a row group.
        const std::vector<TypedNodes> instances =
            MakeInstances(rng, dist, n, k, runs);
        RowGroup group;
        if (!PlanFnfAll(instances, &group) || !PlanPtasAll(instances, &group)) {
          return 1;
        }
        PrintRowGroup(dist, n, k, runs, group);
      }
    }
  }
  return 0;
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) {
  if (argc == 2 && hetcast::IsVersionFlag(argv[1])) {
    std::fputs(hetcast::VersionLine("ptas_report").c_str(), stdout);
    return 0;
  }
  uint64_t seed = 1;
  int runs = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--seed") {
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (flag == "--runs") {
      runs = std::atoi(argv[i + 1]);
    } else {
      std::fprintf(stderr, "usage: ptas_report [--seed S] [--runs N]\n");
      return 2;
    }
  }
  if (runs < 1 || runs > 100000) {
    std::fprintf(stderr, "ptas_report: --runs must be in 1..100000\n");
    return 2;
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // Rows appear as they are done.
  const int status = hetcast::EveryState();
  if (status != 0) return status;
  return hetcast::RandomInstances(seed, runs);
}
