// table_benchmark.cc: exact-table queries on the embedded default table
// (profile "default": 3 types, costs 2, 3, 5, up to 20 destinations each)
// against the floor of one plain array read.
//
//   bazel run //tests:table_benchmark
//   bazel run //tests:table_benchmark -- --benchmark_filter=Reconstruction
//   bazel run //tests:table_benchmark -- --benchmark_filter=Largest
//
// (.bazelrc builds with -c opt.) By default each benchmark runs 12 short
// repetitions (0.05 s) in random order across benchmarks, and only the
// aggregates are printed: on a shared machine a long single run also
// measures the host's slow spells (on the 2-core development VM, single
// 0.5 s runs read 20-40% above these medians). The summary gives the
// median of the repetitions and, in brackets, the least; any flag given
// overrides the defaults (e.g. --benchmark_repetitions=1
// --benchmark_min_time=0.5 for one long run). Every benchmark cycles through
// one fixed pseudo-random sequence of 4096 inputs, precomputed before timing:
//   BM_PlainArrayRead       one uint32_t read from an array with as many
//                           elements as the profile has entries, at a
//                           precomputed random index (the floor).
//   BM_PlainArrayFromRequest one uint64_t read from a plain array of as many
//                           completion times, indexed from the same
//                           requests as the lookups (the baseline the
//                           4x target is checked against).
//   BM_TableCompletion      hetcast_profile_completion: one table lookup.
//   BM_TableLookupInline    hetcast_lookup_completion, the header-inline
//                           lookup, on the same requests.
//   BM_TableReconstruction  hetcast_profile_plan with nodes and transfers;
//                           items are participants, so ns/node is reported.
//   BM_TableReconstructionLargest  the same at the largest state
//                           (20, 20, 20), once per source type.
//   BM_TableReconstructionOne the same with one destination (the fixed cost
//                           of a plan).
//   BM_NodeRole             hetcast_profile_node_role for a random node of a
//                           random request.
//   BM_NodeRoleLargest      hetcast_profile_node_role at the largest state,
//                           once per source type, cycling through every node
//                           id of the tree: ns per query, next to
//                           BM_TableReconstructionLargest of the same request.
//   BM_TableReconstructionNearLargest  the near-largest states: every
//                           count at its limit or one below (the largest
//                           excluded), every source type, in turn.
//   BM_NodeRoleNearLargest  node roles of every id of those requests, in
//                           turn: ns per query.
// Every call on every input is checked once for HETCAST_OK before anything
// is timed, and the roles of the largest and near-largest requests are
// gathered and compared with their plans, and their sends evaluated
// (hetcast_node_evaluate) to the plan's nodes and completion. At exit the
// binary prints the lookup / plain read ratios, ns per node of reconstruction,
// ns per node-role query and its ratio to the full plan of the same requests,
// all from this run's measurements. The targets are printed for comparison,
// never asserted.
// The inline lookup is opt-in (hetcast.h).
#define HETCAST_STATIC_LINKING_ONLY 1

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"

namespace {

// The least of a benchmark's repetitions, reported next to the median
// (aggregate "min").
double MinOf(const std::vector<double>& v) {
  return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end());
}

// Length of every precomputed input sequence; a power of two so that the
// cycling index is a mask.
constexpr size_t kSequenceLength = 4096;
constexpr size_t kSequenceMask = kSequenceLength - 1;
constexpr uint64_t kSeed = 20240607;

using Counts = std::array<uint64_t, HETCAST_TABLE_MAX_TYPES>;

[[noreturn]] void Die(const char* what, hetcast_status status) {
  std::fprintf(stderr, "table_benchmark: %s failed: %s (%d)\n", what,
               hetcast_status_str(status), static_cast<int>(status));
  std::abort();
}

void Check(const char* what, hetcast_status status) {
  if (status != HETCAST_OK) Die(what, status);
}

// Everything the benchmarks read, built and verified once, before timing.
struct Fixture {
  hetcast_table table;
  hetcast_profile profile;
  hetcast_profile_info info;
  std::vector<uint64_t> limits;
  std::vector<uint64_t> costs;

  // Baseline: an array of info.entry_count elements and random indices.
  std::vector<uint32_t> plain;
  std::vector<uint32_t> plain_index;
  // Baseline 2: uint64_t times, one per entry, and the mixed-radix strides.
  std::vector<uint64_t> plain_times;
  std::vector<uint64_t> strides;

  // Random requests (random source type, counts within the limits, profile
  // costs, no relays). `requests[i].destination_counts` points into
  // `counts[i]`; neither vector is resized after construction.
  std::vector<Counts> counts;
  std::vector<hetcast_node_request> requests;
  // For BM_NodeRole: a random node id below each request's node count.
  std::vector<uint32_t> node_ids;

  // The largest state (every count at its limit), one per source type.
  Counts largest_counts;
  std::vector<hetcast_node_request> largest;
  // One destination of type 0, source type 0.
  Counts one_counts;
  hetcast_node_request one;
  // The near-largest states (each count at its limit or one below, not all
  // at the limit), every source type; `near_largest[i]` points into
  // `near_largest_counts[i / k]`.
  std::vector<Counts> near_largest_counts;
  std::vector<hetcast_node_request> near_largest;
  // Node-role queries: every (request, node id) of the largest state per
  // source type, and of the near-largest states.
  struct RoleQuery {
    const hetcast_node_request* request;
    uint32_t node_id;
  };
  std::vector<std::vector<RoleQuery>> largest_roles;
  std::vector<RoleQuery> near_largest_roles;

  // Outputs sized for the largest of all the requests above.
  std::vector<unsigned char> workspace;
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;
};

// Grows `fixture`'s outputs to what `request` needs.
void Reserve(const hetcast_node_request& request, Fixture* fixture) {
  hetcast_node_sizes sizes;
  Check(
      "hetcast_profile_plan_sizes",
      hetcast_profile_plan_sizes(&fixture->profile, &request, &sizes, nullptr));
  if (fixture->workspace.size() < sizes.workspace_bytes) {
    fixture->workspace.resize(sizes.workspace_bytes);
  }
  if (fixture->nodes.size() < sizes.node_count) {
    fixture->nodes.resize(sizes.node_count);
  }
  if (fixture->transfers.size() < sizes.transfer_count) {
    fixture->transfers.resize(sizes.transfer_count);
  }
}

// hetcast_profile_plan of `request` into the fixture's arrays, checked.
hetcast_answer PlanIntoFixture(const hetcast_node_request& request,
                               Fixture* fixture) {
  hetcast_answer answer;
  Check("hetcast_profile_plan",
        hetcast_profile_plan(&fixture->profile, &request,
                             fixture->workspace.data(),
                             fixture->workspace.size(), fixture->nodes.data(),
                             fixture->nodes.size(), fixture->transfers.data(),
                             fixture->transfers.size(), &answer, nullptr));
  return answer;
}

[[noreturn]] void DieRoleMismatch(const hetcast_node_request& request,
                                  uint32_t id, const char* what) {
  std::fprintf(stderr,
               "table_benchmark: node role of id %u (source type %u) "
               "disagrees with the plan: %s\n",
               id, request.source_type, what);
  std::abort();
}

// Gathers the role of every node id of `request` and aborts unless it is
// the plan's: the benchmark times only right answers.
void VerifyRolesMatchPlan(const hetcast_node_request& request,
                          Fixture* fixture) {
  const hetcast_answer answer = PlanIntoFixture(request, fixture);
  std::vector<hetcast_transfer> children(answer.transfer_count + 1);
  for (uint32_t id = 0; id < answer.node_count; ++id) {
    hetcast_node node;
    size_t count = 0;
    Check("hetcast_profile_node_role",
          hetcast_profile_node_role(
              &fixture->profile, &request, id, fixture->workspace.data(),
              fixture->workspace.size(), &node, children.data(),
              children.size(), &count, nullptr));
    const hetcast_node& want = fixture->nodes[id];
    if (node.arrival != want.arrival || node.parent != want.parent ||
        node.type != want.type || node.send_index != want.send_index ||
        node.is_relay != want.is_relay) {
      DieRoleMismatch(request, id, "node");
    }
    size_t c = 0;
    for (size_t i = 0; i < answer.transfer_count; ++i) {
      const hetcast_transfer& t = fixture->transfers[i];
      if (t.from != id) continue;
      if (c >= count || std::memcmp(&children[c], &t, sizeof(t)) != 0) {
        DieRoleMismatch(request, id, "children");
      }
      ++c;
    }
    if (c != count) DieRoleMismatch(request, id, "child count");
  }
}

// Gathers the role of every node id of `request`, evaluates the sends they
// list (hetcast_node_evaluate, ids as given) and aborts unless every node's
// facts and the completion agree with it and with the plan's completion.
void VerifyRolesEvaluate(const hetcast_node_request& request,
                         Fixture* fixture) {
  const hetcast_answer plan = PlanIntoFixture(request, fixture);
  const size_t n = plan.node_count;
  std::vector<hetcast_node> roles(n);
  std::vector<hetcast_send> sends;
  std::vector<hetcast_transfer> children(n);
  for (uint32_t id = 0; id < n; ++id) {
    size_t count = 0;
    Check("hetcast_profile_node_role",
          hetcast_profile_node_role(
              &fixture->profile, &request, id, fixture->workspace.data(),
              fixture->workspace.size(), &roles[id], children.data(),
              children.size(), &count, nullptr));
    for (size_t c = 0; c < count; ++c) {
      sends.push_back(hetcast_send{children[c].from, children[c].to});
    }
  }
  hetcast_node_request with_costs = request;
  with_costs.costs = fixture->costs.data();
  size_t bytes = 0;
  Check("evaluate size", hetcast_node_evaluate_workspace_size(
                             &with_costs, sends.size(), &bytes, nullptr));
  std::vector<unsigned char> workspace(bytes + 1);
  std::vector<hetcast_node> nodes(n);
  hetcast_answer evaluated;
  Check("hetcast_node_evaluate",
        hetcast_node_evaluate(&with_costs, sends.data(), sends.size(),
                              workspace.data(), workspace.size(), nodes.data(),
                              n, nullptr, 0, &evaluated, nullptr));
  if (evaluated.completion_time != plan.completion_time) {
    DieRoleMismatch(request, 0, "evaluated completion");
  }
  for (uint32_t id = 0; id < n; ++id) {
    if (std::memcmp(&nodes[id], &roles[id], sizeof(hetcast_node)) != 0) {
      DieRoleMismatch(request, id, "evaluated node");
    }
  }
}

// Runs every timed call once on every input and aborts on any status other
// than HETCAST_OK (and on plan / completion disagreeing).
void Verify(Fixture* fixture) {
  hetcast_answer answer;
  auto verify_plan = [&](const hetcast_node_request& request) {
    answer = PlanIntoFixture(request, fixture);
    uint64_t completion;
    Check("hetcast_profile_completion",
          hetcast_profile_completion(&fixture->profile, &request, &completion,
                                     nullptr));
    if (completion != answer.completion_time) {
      std::fprintf(stderr, "table_benchmark: completion %llu != plan's %llu\n",
                   static_cast<unsigned long long>(completion),
                   static_cast<unsigned long long>(answer.completion_time));
      std::abort();
    }
  };
  hetcast_lookup lookup;
  hetcast_profile_lookup_view(&fixture->profile, &lookup, nullptr);
  for (size_t i = 0; i < kSequenceLength; ++i) {
    const hetcast_node_request& request = fixture->requests[i];
    verify_plan(request);
    uint64_t via_call = 0, via_inline = 1;
    Check("hetcast_profile_completion",
          hetcast_profile_completion(&fixture->profile, &request, &via_call,
                                     nullptr));
    Check("hetcast_lookup_completion",
          hetcast_lookup_completion(&lookup, request.source_type,
                                    request.destination_counts, &via_inline));
    if (via_call != via_inline) {
      std::fprintf(stderr, "table_benchmark: inline lookup disagrees\n");
      std::abort();
    }
    hetcast_node node;
    size_t child_count;
    Check("hetcast_profile_node_role",
          hetcast_profile_node_role(
              &fixture->profile, &request, fixture->node_ids[i],
              fixture->workspace.data(), fixture->workspace.size(), &node,
              fixture->transfers.data(), fixture->transfers.size(),
              &child_count, nullptr));
  }
  for (const hetcast_node_request& request : fixture->largest) {
    verify_plan(request);
    VerifyRolesMatchPlan(request, fixture);
    VerifyRolesEvaluate(request, fixture);
  }
  for (const hetcast_node_request& request : fixture->near_largest) {
    VerifyRolesEvaluate(request, fixture);
    verify_plan(request);
    VerifyRolesMatchPlan(request, fixture);
  }
  verify_plan(fixture->one);
}

// Every (request, node id) of `request`.
void AddRoleQueries(const hetcast_profile& profile,
                    const hetcast_node_request* request,
                    std::vector<Fixture::RoleQuery>* queries) {
  hetcast_node_sizes sizes;
  Check("hetcast_profile_plan_sizes",
        hetcast_profile_plan_sizes(&profile, request, &sizes, nullptr));
  for (uint32_t id = 0; id < sizes.node_count; ++id) {
    queries->push_back(Fixture::RoleQuery{request, id});
  }
}

// Opens the embedded default table's "default" profile and reads its
// limits.
void OpenDefaultProfile(Fixture* fixture) {
  const char* why = nullptr;
  hetcast_status status = hetcast_table_open(
      hetcast_default_table, hetcast_default_table_size, &fixture->table, &why);
  if (status != HETCAST_OK) {
    std::fprintf(stderr, "table_benchmark: default table rejected: %s\n",
                 why != nullptr ? why : "(no reason)");
    std::abort();
  }
  size_t index;
  Check(
      "hetcast_table_find_profile",
      hetcast_table_find_profile(&fixture->table, "default", &index, nullptr));
  Check(
      "hetcast_profile_open",
      hetcast_profile_open(&fixture->table, index, &fixture->profile, nullptr));
  hetcast_profile_get_info(&fixture->profile, &fixture->info, nullptr);
  for (size_t j = 0; j < fixture->info.type_count; ++j) {
    uint64_t cost, limit;
    Check("hetcast_profile_type",
          hetcast_profile_type(&fixture->profile, j, nullptr, &cost, &limit,
                               nullptr));
    fixture->limits.push_back(limit);
    fixture->costs.push_back(cost);
  }
}

// The plain arrays the lookups are compared with, their mixed-radix
// strides, and the random indices of BM_PlainArrayRead.
void BuildBaselines(std::mt19937_64* rng, Fixture* fixture) {
  fixture->plain.resize(fixture->info.entry_count);
  for (size_t e = 0; e < fixture->plain.size(); ++e) {
    fixture->plain[e] = static_cast<uint32_t>(e * 2654435761u);
  }
  fixture->plain_times.resize(fixture->info.entry_count);
  for (size_t e = 0; e < fixture->plain_times.size(); ++e) {
    fixture->plain_times[e] = e * 0x9e3779b97f4a7c15ull;
  }
  uint64_t stride = 1;
  for (uint64_t limit : fixture->limits) {
    fixture->strides.push_back(stride);
    stride *= limit + 1;
  }
  std::uniform_int_distribution<uint32_t> entry(
      0, static_cast<uint32_t>(fixture->info.entry_count - 1));
  for (size_t i = 0; i < kSequenceLength; ++i) {
    fixture->plain_index.push_back(entry(*rng));
  }
}

// kSequenceLength random requests: a random source type, every count
// within its limit, no relays.
void BuildRandomRequests(std::mt19937_64* rng, Fixture* fixture) {
  const size_t k = fixture->info.type_count;
  std::uniform_int_distribution<uint32_t> source(0,
                                                 static_cast<uint32_t>(k - 1));
  fixture->counts.resize(kSequenceLength);
  fixture->requests.resize(kSequenceLength);
  for (size_t i = 0; i < kSequenceLength; ++i) {
    Counts& counts = fixture->counts[i];
    counts.fill(0);
    for (size_t j = 0; j < k; ++j) {
      counts[j] =
          std::uniform_int_distribution<uint64_t>(0, fixture->limits[j])(*rng);
    }
    fixture->requests[i] =
        hetcast_node_request{nullptr, k, source(*rng), counts.data(), nullptr};
  }
}

// The largest state once per source type, the near-largest states (count
// j is its limit minus bit j of `below`, below = 1 .. 2^k - 1) for every
// source type, and the one-destination request.
void BuildLargeRequests(Fixture* fixture) {
  const size_t k = fixture->info.type_count;
  fixture->largest_counts.fill(0);
  for (size_t j = 0; j < k; ++j) {
    fixture->largest_counts[j] = fixture->limits[j];
  }
  for (uint32_t s = 0; s < k; ++s) {
    fixture->largest.push_back(hetcast_node_request{
        nullptr, k, s, fixture->largest_counts.data(), nullptr});
  }
  const uint32_t variants = (1u << k) - 1;
  fixture->near_largest_counts.resize(variants);
  for (uint32_t below = 1; below <= variants; ++below) {
    Counts& counts = fixture->near_largest_counts[below - 1];
    counts.fill(0);
    for (size_t j = 0; j < k; ++j) {
      counts[j] = fixture->limits[j] - ((below >> j) & 1);
    }
  }
  for (const Counts& counts : fixture->near_largest_counts) {
    for (uint32_t s = 0; s < k; ++s) {
      fixture->near_largest.push_back(
          hetcast_node_request{nullptr, k, s, counts.data(), nullptr});
    }
  }
  fixture->one_counts.fill(0);
  fixture->one_counts[0] = 1;
  fixture->one =
      hetcast_node_request{nullptr, k, 0, fixture->one_counts.data(), nullptr};
}

// Sizes the outputs for every request, then lists the node-role queries:
// every id of the large requests, one random id of each random request.
void BuildRoleQueries(std::mt19937_64* rng, Fixture* fixture) {
  Reserve(fixture->one, fixture);
  for (const auto* requests :
       {&fixture->requests, &fixture->largest, &fixture->near_largest}) {
    for (const hetcast_node_request& request : *requests) {
      Reserve(request, fixture);
    }
  }
  fixture->largest_roles.resize(fixture->largest.size());
  for (size_t s = 0; s < fixture->largest.size(); ++s) {
    AddRoleQueries(fixture->profile, &fixture->largest[s],
                   &fixture->largest_roles[s]);
  }
  for (const hetcast_node_request& request : fixture->near_largest) {
    AddRoleQueries(fixture->profile, &request, &fixture->near_largest_roles);
  }
  for (const hetcast_node_request& request : fixture->requests) {
    hetcast_node_sizes sizes;
    Check("hetcast_profile_plan_sizes",
          hetcast_profile_plan_sizes(&fixture->profile, &request, &sizes,
                                     nullptr));
    fixture->node_ids.push_back(std::uniform_int_distribution<uint32_t>(
        0, static_cast<uint32_t>(sizes.node_count - 1))(*rng));
  }
}

// The inputs in a fixed order of draws from one seeded generator, so that
// every run times the same sequences; verified before anything is timed.
Fixture* BuildFixture() {
  auto* fixture = new Fixture();
  OpenDefaultProfile(fixture);
  std::mt19937_64 rng(kSeed);
  BuildBaselines(&rng, fixture);
  BuildRandomRequests(&rng, fixture);
  BuildLargeRequests(fixture);
  BuildRoleQueries(&rng, fixture);
  Verify(fixture);
  return fixture;
}

// Built on first use (main does that before running anything); never
// destroyed.
const Fixture& GetFixture() {
  static const Fixture* const fixture = BuildFixture();
  return *fixture;
}

// The three lookup benchmarks do kBatch lookups per iteration and hand the
// sum to DoNotOptimize once per batch, so the harness (whose DoNotOptimize
// is a compiler memory barrier) is amortised alike for all three; the
// summary divides by kBatch.
constexpr size_t kBatch = 64;

// Runs `lookup(i)` for consecutive inputs i, kBatch per iteration.
template <typename Lookup>
void RunLookups(benchmark::State& state, Lookup lookup) {
  size_t i = 0;
  for (auto _ : state) {
    uint64_t sink = 0;
    for (size_t b = 0; b < kBatch; ++b) {
      sink += lookup(i);
      i = (i + 1) & kSequenceMask;
    }
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}

void BM_PlainArrayRead(benchmark::State& state) {
  const Fixture& f = GetFixture();
  const uint32_t* plain = f.plain.data();
  const uint32_t* index = f.plain_index.data();
  RunLookups(state, [&](size_t i) -> uint64_t { return plain[index[i]]; });
}
BENCHMARK(BM_PlainArrayRead)->ComputeStatistics("min", MinOf);

// A plain array of completion times (uint64_t, one per entry, no packing,
// no checks) read for the same requests as the table lookups: the index
// is computed from (source type, counts) with the same mixed-radix
// arithmetic. What a lookup costs beyond this is the table format and API.
void BM_PlainArrayFromRequest(benchmark::State& state) {
  const Fixture& f = GetFixture();
  const uint64_t* plain = f.plain_times.data();
  const hetcast_node_request* requests = f.requests.data();
  const uint64_t* stride = f.strides.data();
  const size_t k = f.info.type_count;
  const uint64_t state_count = f.info.state_count;
  RunLookups(state, [&](size_t i) {
    const hetcast_node_request& r = requests[i];
    uint64_t index = r.source_type * state_count;
    for (size_t j = 0; j < k; ++j) {
      index += r.destination_counts[j] * stride[j];
    }
    return plain[index];
  });
}
BENCHMARK(BM_PlainArrayFromRequest)->ComputeStatistics("min", MinOf);

void BM_TableCompletion(benchmark::State& state) {
  const Fixture& f = GetFixture();
  const hetcast_node_request* requests = f.requests.data();
  RunLookups(state, [&](size_t i) {
    uint64_t completion = 0;
    hetcast_profile_completion(&f.profile, &requests[i], &completion, nullptr);
    return completion;
  });
}
BENCHMARK(BM_TableCompletion)->ComputeStatistics("min", MinOf);

// The same lookups through the header-inline path (hetcast_lookup).
void BM_TableLookupInline(benchmark::State& state) {
  const Fixture& f = GetFixture();
  hetcast_lookup lookup;
  hetcast_profile_lookup_view(&f.profile, &lookup, nullptr);
  const hetcast_node_request* requests = f.requests.data();
  RunLookups(state, [&](size_t i) {
    uint64_t completion = 0;
    hetcast_lookup_completion(&lookup, requests[i].source_type,
                              requests[i].destination_counts, &completion);
    return completion;
  });
}
BENCHMARK(BM_TableLookupInline)->ComputeStatistics("min", MinOf);

// Plans `requests[i]` (nodes and transfers) for i cycling over `count`
// requests. Items are participants; the "nodes" counter is their mean per
// iteration, which the summary divides the real time by.
void RunPlans(benchmark::State& state, const hetcast_node_request* requests,
              size_t count) {
  const Fixture& f = GetFixture();
  // Copies: the fixture stays read-only.
  std::vector<unsigned char> workspace = f.workspace;
  std::vector<hetcast_node> nodes = f.nodes;
  std::vector<hetcast_transfer> transfers = f.transfers;
  hetcast_answer answer;
  int64_t participants = 0;
  size_t i = 0;
  for (auto _ : state) {
    hetcast_profile_plan(&f.profile, &requests[i], workspace.data(),
                         workspace.size(), nodes.data(), nodes.size(),
                         transfers.data(), transfers.size(), &answer, nullptr);
    participants += static_cast<int64_t>(answer.participant_count);
    i = i + 1 == count ? 0 : i + 1;
    benchmark::DoNotOptimize(nodes.data());
    benchmark::DoNotOptimize(transfers.data());
  }
  state.SetItemsProcessed(participants);
  state.counters["nodes"] = benchmark::Counter(
      static_cast<double>(participants), benchmark::Counter::kAvgIterations);
  // CPU seconds per participant, printed as e.g. "51.2n".
  state.counters["ns_per_node"] = benchmark::Counter(
      static_cast<double>(participants),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_TableReconstruction(benchmark::State& state) {
  const Fixture& f = GetFixture();
  RunPlans(state, f.requests.data(), f.requests.size());
}
BENCHMARK(BM_TableReconstruction)->ComputeStatistics("min", MinOf);

// Plans the largest state of source type state.range(0).
void RunLargestPlans(benchmark::State& state) {
  const Fixture& f = GetFixture();
  const size_t source = static_cast<size_t>(state.range(0));
  if (source >= f.largest.size()) {
    state.SkipWithError("no such source type");
    return;
  }
  RunPlans(state, &f.largest[source], 1);
}

void BM_TableReconstructionLargest(benchmark::State& state) {
  RunLargestPlans(state);
}
// One run per source type of the default profile (3 types).
BENCHMARK(BM_TableReconstructionLargest)
    ->ArgName("source")
    ->DenseRange(0, 2)
    ->ComputeStatistics("min", MinOf);

void BM_TableReconstructionNearLargest(benchmark::State& state) {
  const Fixture& f = GetFixture();
  RunPlans(state, f.near_largest.data(), f.near_largest.size());
}
BENCHMARK(BM_TableReconstructionNearLargest)->ComputeStatistics("min", MinOf);

void BM_TableReconstructionOne(benchmark::State& state) {
  const Fixture& f = GetFixture();
  RunPlans(state, &f.one, 1);
}
BENCHMARK(BM_TableReconstructionOne)->ComputeStatistics("min", MinOf);

void BM_NodeRole(benchmark::State& state) {
  const Fixture& f = GetFixture();
  std::vector<unsigned char> workspace = f.workspace;
  std::vector<hetcast_transfer> children = f.transfers;
  const hetcast_node_request* requests = f.requests.data();
  const uint32_t* node_ids = f.node_ids.data();
  hetcast_node node;
  size_t child_count;
  size_t i = 0;
  for (auto _ : state) {
    hetcast_profile_node_role(&f.profile, &requests[i], node_ids[i],
                              workspace.data(), workspace.size(), &node,
                              children.data(), children.size(), &child_count,
                              nullptr);
    i = (i + 1) & kSequenceMask;
    benchmark::DoNotOptimize(node);
    benchmark::DoNotOptimize(child_count);
  }
}
BENCHMARK(BM_NodeRole)->ComputeStatistics("min", MinOf);

// One node-role query per iteration, cycling through `queries`.
void RunRoles(benchmark::State& state,
              const std::vector<Fixture::RoleQuery>& queries) {
  const Fixture& f = GetFixture();
  std::vector<unsigned char> workspace = f.workspace;
  std::vector<hetcast_transfer> children = f.transfers;
  hetcast_node node;
  size_t child_count;
  size_t i = 0;
  for (auto _ : state) {
    const Fixture::RoleQuery& q = queries[i];
    hetcast_profile_node_role(
        &f.profile, q.request, q.node_id, workspace.data(), workspace.size(),
        &node, children.data(), children.size(), &child_count, nullptr);
    i = i + 1 == queries.size() ? 0 : i + 1;
    benchmark::DoNotOptimize(node);
    benchmark::DoNotOptimize(child_count);
    benchmark::DoNotOptimize(children.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

// Every node role of the largest state of source type state.range(0).
void RunLargestRoles(benchmark::State& state) {
  const Fixture& f = GetFixture();
  const size_t source = static_cast<size_t>(state.range(0));
  if (source >= f.largest_roles.size()) {
    state.SkipWithError("no such source type");
    return;
  }
  RunRoles(state, f.largest_roles[source]);
}

void BM_NodeRoleLargest(benchmark::State& state) { RunLargestRoles(state); }
// One run per source type, as BM_TableReconstructionLargest.
BENCHMARK(BM_NodeRoleLargest)
    ->ArgName("source")
    ->DenseRange(0, 2)
    ->ComputeStatistics("min", MinOf);

void BM_NodeRoleNearLargest(benchmark::State& state) {
  RunRoles(state, GetFixture().near_largest_roles);
}
BENCHMARK(BM_NodeRoleNearLargest)->ComputeStatistics("min", MinOf);

// What the summary needs from one benchmark run.
struct Measured {
  double real_ns = 0;  // Real time per iteration.
  double cpu_ns = 0;   // CPU time per iteration (this thread's).
  double nodes = 0;    // Mean participants per iteration, when reported.
};

// Keeps each benchmark's real time per iteration (and mean node count) so
// that main can print ratios of measurements taken in this run: the median
// and the least of the repetitions (aggregates "median" and "min"), or the
// last run without repetitions.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  enum Which { kMedian, kMin };

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred || run.iterations <= 0) continue;
      std::map<std::string, Measured>* into = nullptr;
      if (run.run_type == Run::RT_Iteration) {
        into = &last_;
      } else if (run.aggregate_name == "median") {
        into = &medians_;
      } else if (run.aggregate_name == "min") {
        into = &mins_;
      } else {
        continue;
      }
      std::string name = run.run_name.function_name;
      if (!run.run_name.args.empty()) name += "/" + run.run_name.args;
      Measured& m = (*into)[name];
      m.real_ns =
          run.real_accumulated_time * 1e9 / static_cast<double>(run.iterations);
      m.cpu_ns =
          run.cpu_accumulated_time * 1e9 / static_cast<double>(run.iterations);
      auto nodes = run.counters.find("nodes");
      if (nodes != run.counters.end()) m.nodes = nodes->second.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // Null when `name` did not run (e.g. filtered out). Without repetitions
  // both are the last run.
  const Measured* Find(const std::string& name, Which which) const {
    const auto& map = which == kMedian ? medians_ : mins_;
    auto it = map.find(name);
    if (it != map.end()) return &it->second;
    it = last_.find(name);
    return it == last_.end() ? nullptr : &it->second;
  }

  // Names of the benchmarks that ran, sorted.
  std::vector<std::string> Names() const {
    std::set<std::string> names;
    for (const auto& [name, m] : last_) names.insert(name);
    for (const auto& [name, m] : medians_) names.insert(name);
    return {names.begin(), names.end()};
  }

 private:
  std::map<std::string, Measured> last_;
  std::map<std::string, Measured> medians_;
  std::map<std::string, Measured> mins_;
};

// Defaults for a noisy shared machine, before the caller's flags (a later
// flag wins): many short repetitions in random order, so that a slow spell
// of the host hits every benchmark alike and the median sees through it.
constexpr const char* kDefaultFlags[] = {
    "--benchmark_repetitions=12",
    "--benchmark_min_time=0.05",
    "--benchmark_enable_random_interleaving=true",
    "--benchmark_report_aggregates_only=true",
};

}  // namespace

// The summary's lines: lookups against plain array reads.
void PrintLookupSummary(const SummaryReporter& reporter) {
  // Per lookup, not per batch.
  auto per_lookup = [&](const char* name, SummaryReporter::Which which) {
    const Measured* m = reporter.Find(name, which);
    return m == nullptr ? -1.0 : m->real_ns / kBatch;
  };
  auto ratio = [&](const char* what, const char* name, const char* base_name,
                   const char* base) {
    double value[2], floor[2];
    for (int w = 0; w < 2; ++w) {
      const auto which = static_cast<SummaryReporter::Which>(w);
      value[w] = per_lookup(name, which);
      floor[w] = per_lookup(base, which);
      if (value[w] < 0 || floor[w] <= 0) return;
    }
    std::printf("%s / %s = %.2fx (%.2fx)  [%.2f ns / %.2f ns]\n", what,
                base_name, value[0] / floor[0], value[1] / floor[1], value[0],
                floor[0]);
  };
  const char* kFromRequest =
      "plain uint64 array indexed from the same request (target <= 4x)";
  const char* kPrecomputed = "plain read at a precomputed index (floor)";
  ratio("lookup, C call (hetcast_profile_completion)", "BM_TableCompletion",
        kFromRequest, "BM_PlainArrayFromRequest");
  ratio("lookup, inline (hetcast_lookup_completion)", "BM_TableLookupInline",
        kFromRequest, "BM_PlainArrayFromRequest");
  ratio("lookup, C call (hetcast_profile_completion)", "BM_TableCompletion",
        kPrecomputed, "BM_PlainArrayRead");
  ratio("lookup, inline (hetcast_lookup_completion)", "BM_TableLookupInline",
        kPrecomputed, "BM_PlainArrayRead");
}

// Reconstruction per node, the two paths, the fixed cost.
void PrintReconstructionSummary(const SummaryReporter& reporter) {
  auto per_node = [&](const std::string& name, const char* label,
                      bool target = true) {
    const Measured* median = reporter.Find(name, SummaryReporter::kMedian);
    const Measured* least = reporter.Find(name, SummaryReporter::kMin);
    if (median == nullptr || least == nullptr || median->nodes <= 0 ||
        least->nodes <= 0) {
      return;
    }
    std::printf(
        "reconstruction = %.2f ns per node (%.2f)%s  [%s, %.1f nodes on "
        "average, %.0f ns per plan]\n",
        median->real_ns / median->nodes, least->real_ns / least->nodes,
        target ? " (target < 20)" : "", label, median->nodes, median->real_ns);
  };
  per_node("BM_TableReconstruction", "random requests");
  for (const std::string& name : reporter.Names()) {
    if (name.rfind("BM_TableReconstructionLargest/", 0) != 0) continue;
    const std::string label =
        "largest state, " + name.substr(name.find('/') + 1);
    per_node(name, label.c_str());
  }
  per_node("BM_TableReconstructionNearLargest", "near-largest states");
  const Measured* one =
      reporter.Find("BM_TableReconstructionOne", SummaryReporter::kMedian);
  const Measured* one_min =
      reporter.Find("BM_TableReconstructionOne", SummaryReporter::kMin);
  if (one != nullptr && one_min != nullptr) {
    std::printf(
        "reconstruction with one destination = %.0f ns per plan (%.0f): the "
        "fixed cost\n",
        one->real_ns, one_min->real_ns);
  }
}

// Node-role queries, alone and against the full plan of the same requests.
void PrintNodeRoleSummary(const SummaryReporter& reporter) {
  const Measured* role = reporter.Find("BM_NodeRole", SummaryReporter::kMedian);
  const Measured* role_min =
      reporter.Find("BM_NodeRole", SummaryReporter::kMin);
  if (role != nullptr && role_min != nullptr) {
    std::printf("node role = %.2f ns per query (%.2f)  [random requests]\n",
                role->real_ns, role_min->real_ns);
  }
  // A query of a large state against the full plan of the same requests.
  // The CPU-time medians are printed too: when other processes share the
  // cores, real time also counts the time this one waits for them.
  auto role_vs_plan = [&](const std::string& role_name,
                          const std::string& plan_name, const char* label) {
    const Measured* query[2];
    const Measured* plan[2];
    for (int w = 0; w < 2; ++w) {
      const auto which = static_cast<SummaryReporter::Which>(w);
      query[w] = reporter.Find(role_name, which);
      plan[w] = reporter.Find(plan_name, which);
      if (query[w] == nullptr || plan[w] == nullptr || plan[w]->real_ns <= 0 ||
          plan[w]->cpu_ns <= 0) {
        return;
      }
    }
    std::printf(
        "node role = %.2f ns per query (%.2f) (target <= 100)  [%s; full plan "
        "%.0f ns (%.0f): a query is %.3f (%.3f) of a plan; CPU time %.2f ns "
        "per query, %.0f ns per plan, %.3f]\n",
        query[0]->real_ns, query[1]->real_ns, label, plan[0]->real_ns,
        plan[1]->real_ns, query[0]->real_ns / plan[0]->real_ns,
        query[1]->real_ns / plan[1]->real_ns, query[0]->cpu_ns, plan[0]->cpu_ns,
        query[0]->cpu_ns / plan[0]->cpu_ns);
  };
  for (const std::string& name : reporter.Names()) {
    if (name.rfind("BM_NodeRoleLargest/", 0) != 0) continue;
    const std::string arg = name.substr(name.find('/') + 1);
    const std::string label = "largest state, " + arg + ", every node id";
    role_vs_plan(name, "BM_TableReconstructionLargest/" + arg, label.c_str());
  }
  role_vs_plan("BM_NodeRoleNearLargest", "BM_TableReconstructionNearLargest",
               "near-largest states, every node id");
}

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  args.insert(args.begin() + 1, const_cast<char**>(std::begin(kDefaultFlags)),
              const_cast<char**>(std::end(kDefaultFlags)));
  int arg_count = static_cast<int>(args.size());
  benchmark::Initialize(&arg_count, args.data());
  if (benchmark::ReportUnrecognizedArguments(arg_count, args.data())) return 1;
  // Builds and verifies every input before the first timed loop.
  const Fixture& f = GetFixture();
  std::printf(
      "profile \"%s\": %zu types, %llu entries of %zu bytes; %zu random "
      "requests\n",
      f.info.name, f.info.type_count,
      static_cast<unsigned long long>(f.info.entry_count), f.info.entry_bytes,
      kSequenceLength);
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf(
      "\nSummary (median of the repetitions; the least in brackets):\n");
  PrintLookupSummary(reporter);
  PrintReconstructionSummary(reporter);
  PrintNodeRoleSummary(reporter);
  benchmark::Shutdown();
  return 0;
}
