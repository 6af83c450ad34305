// node_bound_report.cc: how close the node model's lower bounds are to the
// optimum (node model), rerunnable:
//
//   bazel run -c opt //tools:node_bound_report [-- --full | --gaps |
//                                                  --certify]
//
// (`--gaps`: Parts 3 and 4 only; `--certify`: Part 4 only.)
//
// Part 1: every state (every source type, every destination mix) of exact
// profiles solved by the Lemma 5 DP: max and mean of OPT / bound for the
// doubling bound, the answer hetcast_node_plan gave before this bound
// (max of doubling and ceil(2/3 FNF)), the nested-slots bound alone, and
// the answer now (the prefix search, stopped once it proves FNF optimal);
// and how often each meets OPT. `--full` adds the issue's
// profile (costs 2, 3, 7, up to 60 of each: 680,943 states, minutes).
// Part 2: the cost of one nested-slots bound, of the prefix search with its
// whole budget, and of the whole plan (which stops the search once it proves
// FNF optimal) at 200, 10^3 and 10^4 nodes.
// Part 3: the certified gap, FNF's completion / the answer's lower bound,
// on seeded random instances of 10^2 to 10^4 nodes with 3 to 8 and 32
// distinct costs: before (max of doubling and ceil(2/3 FNF)) and now.
// Part 4: on the same instances, what `hetcast plan --certify` answers
// (tools/gen/certified_node_answer.h, the same function): how often and by
// how much its schedule beats FNF, the certified gap of the plain plan
// (FNF over the runtime's bound), of the deadline rule over the wide prefix
// search (before the LP and the search) and of --certify's answer, with
// the time per request of the plan and of --certify, and of each step.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/evaluator.h"
#include "runtime/node/layout.h"
#include "runtime/node/lower_bound.h"
#include "tools/gen/certified_node_answer.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"
#include "tools/progress.h"
#include "tools/version.h"

namespace hetcast {
namespace {

struct Ratio {
  double max = 0, sum = 0;
  uint64_t count = 0, exact = 0;
  void Add(uint64_t opt, uint64_t bound) {
    const double r = bound == 0 ? 1e9 : static_cast<double>(opt) / bound;
    max = std::max(max, r);
    sum += r;
    ++count;
    if (bound == opt) ++exact;
  }
};

struct Case {
  std::vector<uint64_t> costs;
  std::vector<uint32_t> limits;
};

void Row(const char* what, const Ratio& r) {
  std::printf("    %-22s max %.4f  mean %.5f  =OPT %6.2f%%\n", what, r.max,
              r.sum / r.count, 100.0 * r.exact / r.count);
}

// hetcast_node_plan's FNF answer for `request` (aborts on an error: the
// report's requests are all valid).
hetcast_answer PlanFnf(const hetcast_node_request& request) {
  hetcast_node_sizes sizes;
  hetcast_node_plan_sizes(&request, &sizes, nullptr);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  if (hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                        workspace.size(), nodes.data(), nodes.size(), nullptr,
                        0, &answer, nullptr) != HETCAST_OK) {
    std::abort();
  }
  return answer;
}

int Profile(const Case& c) {
  ProfileSpec spec;
  spec.name = "report";
  std::string label;
  for (size_t j = 0; j < c.costs.size(); ++j) {
    spec.types.push_back(
        NodeTypeSpec{"t" + std::to_string(j), c.costs[j], c.limits[j]});
    label += (j ? "," : "") + std::to_string(c.costs[j]) + "x" +
             std::to_string(c.limits[j]);
  }
  DpOptions options;
  options.threads = 1;
  absl::StatusOr<ExactTable> table = SolveExact(spec, options);
  if (!table.ok()) {
    std::fprintf(stderr, "%s\n", table.status().ToString().c_str());
    return 1;
  }
  const uint32_t k = static_cast<uint32_t>(c.costs.size());
  Ratio doubling, before, nested, after;
  std::vector<uint64_t> counts(k, 0);
  std::vector<unsigned char> workspace;
  ProgressLine progress("node_bound_report");  // --full runs for minutes.
  for (uint64_t state = 0; state < table->state_count; ++state) {
    progress.Report("profile " + label, state + 1, table->state_count);
    uint64_t rest = state, total = 0;
    for (uint32_t j = 0; j < k; ++j) {
      counts[j] = rest % (c.limits[j] + 1);
      rest /= c.limits[j] + 1;
      total += counts[j];
    }
    if (total == 0) continue;
    for (uint32_t s = 0; s < k; ++s) {
      const uint64_t opt =
          table->time[s * table->state_count + table->StateOf(counts)];
      hetcast_node_request request{c.costs.data(), k, s, counts.data(),
                                   nullptr};
      internal::NodeLayout layout;
      internal::BuildNodeLayout(&request, &layout);
      uint64_t d = 0, n = 0;
      internal::DoublingLowerBound(layout, &d);
      workspace.resize(internal::NestedSlotsWorkspaceBytes(layout));
      internal::Arena arena(workspace.data(), workspace.size());
      internal::LowerBoundNestedSlots(layout, &arena, &n);
      // FNF's completion for the ceil(2/3 FNF) bound, from the plan itself.
      const hetcast_answer answer = PlanFnf(request);
      const uint64_t fnf = answer.completion_time;
      const uint64_t thirds = fnf - fnf / 3;
      if (n > opt || answer.lower_bound > opt) {
        std::printf("BOUND ABOVE OPT: source %u state %llu\n", s,
                    static_cast<unsigned long long>(state));
        return 1;
      }
      doubling.Add(opt, d);
      before.Add(opt, std::max(d, thirds));
      nested.Add(opt, n);
      after.Add(opt, answer.lower_bound);
    }
  }
  std::printf("  costs x limits %s: %llu (source, state) pairs\n",
              label.c_str(), static_cast<unsigned long long>(after.count));
  Row("doubling", doubling);
  Row("before: max(dbl, 2/3 FNF)", before);
  Row("nested slots", nested);
  Row("now: plan's answer", after);
  std::fflush(stdout);
  return 0;
}

void Timing(uint64_t nodes) {
  const uint64_t costs[4] = {2, 3, 7, 11};
  const uint64_t counts[4] = {nodes / 10, nodes / 5, nodes / 3,
                              nodes - nodes / 10 - nodes / 5 - nodes / 3};
  hetcast_node_request request{costs, 4, 2, counts, nullptr};
  internal::NodeLayout layout;
  internal::BuildNodeLayout(&request, &layout);
  std::vector<unsigned char> workspace(
      internal::NestedSlotsWorkspaceBytes(layout));
  uint64_t bound = 0, doubling = 0;
  const int reps = 2000;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) {
    internal::Arena arena(workspace.data(), workspace.size());
    internal::LowerBoundNestedSlots(layout, &arena, &bound);
  }
  const double nested_us = std::chrono::duration<double, std::micro>(
                               std::chrono::steady_clock::now() - start)
                               .count() /
                           reps;
  start = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    internal::DoublingLowerBound(layout, &doubling);
  const double doubling_us = std::chrono::duration<double, std::micro>(
                                 std::chrono::steady_clock::now() - start)
                                 .count() /
                             reps;
  hetcast_node_sizes sizes;
  hetcast_node_plan_sizes(&request, &sizes, nullptr);
  std::vector<unsigned char> plan_ws(sizes.workspace_bytes);
  std::vector<hetcast_node> out(sizes.node_count);
  hetcast_answer answer;
  start = std::chrono::steady_clock::now();
  const int plan_reps = 200;
  for (int i = 0; i < plan_reps; ++i) {
    hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, plan_ws.data(),
                      plan_ws.size(), out.data(), out.size(), nullptr, 0,
                      &answer, nullptr);
  }
  const double plan_us = std::chrono::duration<double, std::micro>(
                             std::chrono::steady_clock::now() - start)
                             .count() /
                         plan_reps;
  // The prefix search with its whole budget and nothing to stop at: the
  // most a plan's bound can cost at this size.
  uint64_t searched = 0;
  start = std::chrono::steady_clock::now();
  for (int i = 0; i < plan_reps; ++i) {
    internal::Arena arena(workspace.data(), workspace.size());
    internal::LowerBoundPrefixSearch(layout,
                                     internal::PrefixSearchBudget(layout),
                                     HETCAST_NEVER, &arena, &searched);
  }
  const double search_us = std::chrono::duration<double, std::micro>(
                               std::chrono::steady_clock::now() - start)
                               .count() /
                           plan_reps;
  std::printf(
      "  %6llu nodes: prefix search, whole budget %8.2f us (bound %llu)\n",
      static_cast<unsigned long long>(nodes), search_us,
      static_cast<unsigned long long>(searched));
  std::printf(
      "  %6llu nodes, costs 2,3,7,11: nested slots %8.2f us (bound %llu), "
      "doubling %6.2f us (bound %llu), whole plan %8.2f us (FNF %llu)\n",
      static_cast<unsigned long long>(nodes), nested_us,
      static_cast<unsigned long long>(bound), doubling_us,
      static_cast<unsigned long long>(doubling), plan_us,
      static_cast<unsigned long long>(answer.completion_time));
}

// Costs: `distinct` different values in 1..64; counts: `nodes` destinations
// spread at random over the types; the source type at random.
struct RandomInstance {
  std::vector<uint64_t> costs, counts;
  uint32_t source = 0;
};

RandomInstance MakeRandomInstance(std::mt19937_64& rng, uint32_t distinct,
                                  uint64_t nodes) {
  RandomInstance in;
  std::vector<uint64_t> pool(64);
  for (uint64_t c = 0; c < 64; ++c) pool[c] = c + 1;
  std::shuffle(pool.begin(), pool.end(), rng);
  in.costs.assign(pool.begin(), pool.begin() + distinct);
  std::sort(in.costs.begin(), in.costs.end());
  in.counts.assign(distinct, 0);
  for (uint64_t v = 0; v < nodes; ++v) ++in.counts[rng() % distinct];
  in.source = static_cast<uint32_t>(rng() % distinct);
  return in;
}

void GapFamily(std::mt19937_64& rng, uint32_t distinct, uint64_t nodes,
               int instances) {
  Ratio before, now;
  for (int i = 0; i < instances; ++i) {
    const RandomInstance in = MakeRandomInstance(rng, distinct, nodes);
    hetcast_node_request request{in.costs.data(), distinct, in.source,
                                 in.counts.data(), nullptr};
    const hetcast_answer answer = PlanFnf(request);
    internal::NodeLayout layout;
    internal::BuildNodeLayout(&request, &layout);
    uint64_t doubling = 0;
    internal::DoublingLowerBound(layout, &doubling);
    const uint64_t fnf = answer.completion_time;
    before.Add(fnf, std::max(doubling, fnf - fnf / 3));
    now.Add(fnf, answer.lower_bound);
  }
  std::printf(
      "  %2u costs, %5llu nodes, %d instances: FNF / bound  before mean "
      "%.4f max %.4f | now mean %.4f max %.4f (=bound %5.1f%%)\n",
      distinct, static_cast<unsigned long long>(nodes), instances,
      before.sum / before.count, before.max, now.sum / now.count, now.max,
      100.0 * now.exact / now.count);
}

// Microseconds since `start`.
double MicrosSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now() - start)
      .count();
}

// Part 4's figures of one family, summed over its instances.
struct ToolsFigures {
  Ratio plan_gap, gain, before_gap, gap;
  int improved = 0, searched = 0, lp_skipped = 0;
  double plan_us = 0, certify_us = 0, certify_max_us = 0;
  CertifyTimes times;
};

// One instance of Part 4: the plan, then the certified answer `hetcast
// plan --certify` gives (tools/gen/certified_node_answer.h, default
// options: the same function, so the same figures).
void ToolsInstance(const hetcast_node_request& request, ToolsFigures* figures) {
  auto start = std::chrono::steady_clock::now();
  const hetcast_answer answer = PlanFnf(request);
  figures->plan_us += MicrosSince(start);
  start = std::chrono::steady_clock::now();
  absl::StatusOr<CertifiedNodeAnswer> certified =
      CertifyNodeAnswer(request, answer, CertifyOptions(), &figures->times);
  const double certify_us = MicrosSince(start);
  figures->certify_us += certify_us;
  figures->certify_max_us = std::max(figures->certify_max_us, certify_us);
  if (!certified.ok()) {
    std::fprintf(stderr, "%s\n", certified.status().ToString().c_str());
    std::abort();
  }
  figures->plan_gap.Add(answer.completion_time, answer.lower_bound);
  figures->gain.Add(answer.completion_time, certified->completion);
  figures->before_gap.Add(certified->rule_completion, certified->wide_bound);
  figures->gap.Add(certified->completion, certified->lower_bound);
  if (certified->completion < answer.completion_time) ++figures->improved;
  if (certified->searched) ++figures->searched;
  if (certified->lp_skipped) ++figures->lp_skipped;
}

// Part 4 for one family: the tools' answer against FNF, and its certified
// gap before (deadline FNF over the plan's bound and the wide prefix
// search) and now (with the local search, over the counting LP bound too).
void ImprovedFamily(std::mt19937_64& rng, uint32_t distinct, uint64_t nodes,
                    int instances) {
  ToolsFigures f;
  for (int i = 0; i < instances; ++i) {
    const RandomInstance in = MakeRandomInstance(rng, distinct, nodes);
    const hetcast_node_request request{in.costs.data(), distinct, in.source,
                                       in.counts.data(), nullptr};
    ToolsInstance(request, &f);
  }
  const double n = instances;
  std::printf(
      "  %2u costs, %5llu nodes: improved %3d/%d (by the search %d; FNF / "
      "improved mean %.4f max %.4f) | gap plan mean %.4f max %.4f | tools "
      "before mean %.4f max %.4f -> --certify mean %.4f max %.4f (=bound "
      "%5.1f%%, LP skipped %d) | us per request: plan %.0f, --certify %.0f "
      "(max %.0f; deadline FNF %.0f, wide bound %.0f, LP bound %.0f, search "
      "%.0f)\n",
      distinct, static_cast<unsigned long long>(nodes), f.improved, instances,
      f.searched, f.gain.sum / n, f.gain.max, f.plan_gap.sum / n,
      f.plan_gap.max, f.before_gap.sum / n, f.before_gap.max, f.gap.sum / n,
      f.gap.max, 100.0 * f.gap.exact / n, f.lp_skipped, f.plan_us / n,
      f.certify_us / n, f.certify_max_us, f.times.rule_us / n,
      f.times.wide_us / n, f.times.lp_us / n, f.times.search_us / n);
  std::fflush(stdout);
}

int Main(bool full, bool gaps_only, bool certify_only) {
  std::vector<Case> cases = {
      {{2, 3}, {60, 60}},           {{1, 6}, {60, 60}},
      {{2, 3, 7}, {20, 20, 20}},    {{3, 5, 7}, {16, 16, 16}},
      {{1, 3, 4, 9}, {8, 8, 8, 8}}, {{4, 7, 10, 13}, {7, 7, 7, 7}}};
  if (full) cases.push_back({{2, 3, 7}, {60, 60, 60}});
  if (!gaps_only && !certify_only) {
    std::printf("Part 1: OPT / bound on every state of exact profiles\n");
    for (const Case& c : cases) {
      if (Profile(c) != 0) return 1;
    }
    std::printf("Part 2: cost of one bound\n");
    Timing(200);
    Timing(1000);
    Timing(10000);
  }
  // The same instances for Parts 3 and 4: the generator restarts at 18.
  const uint32_t families[] = {3, 4, 5, 6, 7, 8, 32};
  std::mt19937_64 rng(18);
  if (!certify_only) {
    std::printf("Part 3: certified gap on random instances (seed 18)\n");
    for (uint32_t distinct : families) {
      for (uint64_t nodes : {100u, 1000u, 10000u}) {
        GapFamily(rng, distinct, nodes, nodes >= 10000 ? 20 : 100);
      }
    }
  }
  std::printf(
      "Part 4: hetcast plan --certify (deadline FNF, the wide prefix "
      "search, the counting LP bound, the local search), same instances\n");
  rng.seed(18);
  for (uint32_t distinct : families) {
    for (uint64_t nodes : {100u, 1000u, 10000u}) {
      ImprovedFamily(rng, distinct, nodes, nodes >= 10000 ? 20 : 100);
    }
  }
  return 0;
}

}  // namespace
}  // namespace hetcast

int main(int argc, char** argv) {
  if (argc == 2 && hetcast::IsVersionFlag(argv[1])) {
    std::fputs(hetcast::VersionLine("node_bound_report").c_str(), stdout);
    return 0;
  }
  const auto is = [&](const char* flag) {
    return argc > 1 && std::strcmp(argv[1], flag) == 0;
  };
  return hetcast::Main(is("--full"), is("--gaps"), is("--certify"));
}
