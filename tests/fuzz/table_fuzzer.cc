// table_fuzzer.cc: libFuzzer target for table files (tests only).
//
// The input is the table's bytes, exactly as hetcast_table_open receives
// them (the seed corpus holds generated tables of every method). A table
// that opens is queried everywhere: for every profile and source type, the
// counts at zero, at the limits, one past a limit and in between, with and
// without relays: completion, the inline lookup, plan, every node's role
// (all ids for small trees, a sample for large ones) and the planner. Each
// plan must pass hetcast_node_evaluate; every role must be the plan's; no
// table call may allocate; no output is written past its capacity.
#define HETCAST_STATIC_LINKING_ONLY 1

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "hetcast/hetcast.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using hetcast_fuzz::CanaryArray;
using hetcast_fuzz::CanaryWorkspace;
using hetcast_fuzz::NoAllocScope;

// Profiles, source types and count vectors queried per input, so that one
// input costs milliseconds, not seconds.
constexpr size_t kMaxProfiles = 4;
constexpr size_t kMaxSourceTypes = 4;
constexpr size_t kAllRolesUpTo = 48;  // Nodes; above it, a sample of ids.
constexpr size_t kMaxPlannedNodes = 1 << 16;

uint64_t Fnv1a(const uint8_t* data, size_t size) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; ++i) {
    hash ^= data[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// A small deterministic generator for the "in between" count vectors.
struct SplitMix {
  uint64_t state;
  uint64_t Next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

struct Profile {
  hetcast_profile handle;
  hetcast_profile_info info;
  std::vector<uint64_t> costs;
  std::vector<uint64_t> limits;
};

// Checks one node's role against the plan it belongs to.
void CheckRole(const Profile& p, const hetcast_node_request& request,
               const hetcast_node_sizes& sizes, uint32_t id,
               const hetcast_node* nodes, const hetcast_transfer* transfers,
               size_t transfer_count) {
  std::vector<hetcast_transfer> expected;
  for (size_t i = 0; i < transfer_count; ++i) {
    if (transfers[i].from == id) expected.push_back(transfers[i]);
  }
  CanaryWorkspace workspace(sizes.workspace_bytes);
  CanaryArray<hetcast_transfer> children(expected.size());
  hetcast_node node;
  size_t child_count = 12345;
  hetcast_status status;
  {
    NoAllocScope no_alloc;
    status = hetcast_profile_node_role(
        &p.handle, &request, id, workspace.data(), workspace.size(), &node,
        children.data(), children.capacity(), &child_count, nullptr);
  }
  FUZZ_CHECK_EQ(status, HETCAST_OK);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK(children.BeyondCapacityIntact());
  FUZZ_CHECK(hetcast_fuzz::SameNode(node, nodes[id]));
  FUZZ_CHECK_EQ(child_count, expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    FUZZ_CHECK(hetcast_fuzz::SameTransfer(children[i], expected[i]));
  }
  if (!expected.empty()) {
    // One entry short: the first capacity entries, then OUTPUT_TOO_SMALL.
    CanaryArray<hetcast_transfer> short_children(expected.size() - 1);
    {
      NoAllocScope no_alloc;
      status = hetcast_profile_node_role(
          &p.handle, &request, id, workspace.data(), workspace.size(), &node,
          short_children.data(), short_children.capacity(), &child_count,
          nullptr);
    }
    FUZZ_CHECK_EQ(status, HETCAST_OUTPUT_TOO_SMALL);
    FUZZ_CHECK_EQ(child_count, expected.size());
    FUZZ_CHECK(short_children.BeyondCapacityIntact());
  }
}

// The planner's request for `request` with profile `p` only.
hetcast_request PlannerRequest(const Profile& p,
                               const hetcast_node_request& request) {
  hetcast_request planner_request = {};
  planner_request.model = HETCAST_MODEL_NODE;
  planner_request.node = &request;
  planner_request.profiles = &p.handle;
  planner_request.profile_count = 1;
  return planner_request;
}

// A request whose stored PTAS schedule the plan refused: every node's
// role (the first and the last id's) and the planner refuse it too,
// writing nothing.
void CheckRefusedEverywhere(const Profile& p,
                            const hetcast_node_request& request,
                            const hetcast_node_sizes& sizes) {
  CanaryWorkspace workspace(sizes.workspace_bytes);
  for (uint32_t id : {uint32_t{0}, uint32_t(sizes.node_count - 1)}) {
    CanaryArray<hetcast_node> node(1);
    CanaryArray<hetcast_transfer> children(sizes.node_count);
    size_t child_count = 0;
    FUZZ_CHECK_EQ(hetcast_profile_node_role(
                      &p.handle, &request, id, workspace.data(),
                      workspace.size(), node.data(), children.data(),
                      children.capacity(), &child_count, nullptr),
                  HETCAST_INVALID_TABLE);
    FUZZ_CHECK(node.IntactFrom(0));
    FUZZ_CHECK(children.IntactFrom(0));
  }
  const hetcast_request planner_request = PlannerRequest(p, request);
  hetcast_sizes planner_sizes;
  const char* error = nullptr;
  FUZZ_CHECK_EQ(hetcast_plan_sizes(&planner_request, &planner_sizes, &error),
                HETCAST_OK);
  CanaryWorkspace planner_workspace(planner_sizes.workspace_bytes);
  CanaryArray<hetcast_node> nodes(planner_sizes.node_count);
  hetcast_plan_output output = {};
  output.nodes = nodes.data();
  output.node_capacity = nodes.capacity();
  hetcast_plan_info info;
  FUZZ_CHECK_EQ(hetcast_plan(&planner_request, planner_workspace.data(),
                             planner_workspace.size(), &output, &info, &error),
                HETCAST_INVALID_TABLE);
  FUZZ_CHECK(nodes.IntactFrom(0));
}

// Every query of one request (counts and optional relays) on one profile.
void QueryProfile(const Profile& p, uint32_t source_type,
                  const std::vector<uint64_t>& counts, const uint64_t* relays) {
  const size_t k = p.info.type_count;
  hetcast_node_request request = {nullptr, k, source_type, counts.data(),
                                  relays};
  bool inside = true;
  for (size_t j = 0; j < k; ++j) inside = inside && counts[j] <= p.limits[j];

  uint64_t completion = 0;
  hetcast_status status;
  {
    NoAllocScope no_alloc;
    status =
        hetcast_profile_completion(&p.handle, &request, &completion, nullptr);
  }
  if (relays == nullptr) {
    FUZZ_CHECK_EQ(status, inside ? HETCAST_OK : HETCAST_NOT_IN_TABLE);
    hetcast_lookup lookup;
    hetcast_profile_lookup_view(&p.handle, &lookup, nullptr);
    uint64_t inline_completion = 0;
    FUZZ_CHECK_EQ(hetcast_lookup_completion(&lookup, source_type, counts.data(),
                                            &inline_completion),
                  status);
    if (status == HETCAST_OK) FUZZ_CHECK_EQ(inline_completion, completion);
  } else {
    FUZZ_CHECK(status == HETCAST_OK || status == HETCAST_NOT_IN_TABLE);
    if (!inside) FUZZ_CHECK_EQ(status, HETCAST_NOT_IN_TABLE);
  }

  hetcast_node_sizes sizes;
  hetcast_status sizes_status;
  {
    NoAllocScope no_alloc;
    sizes_status =
        hetcast_profile_plan_sizes(&p.handle, &request, &sizes, nullptr);
  }
  if (status != HETCAST_OK) {
    // Outside the table: the plan says so too and writes nothing.
    CanaryArray<hetcast_node> nodes(4);
    CanaryArray<hetcast_transfer> transfers(4);
    CanaryWorkspace workspace(256);
    hetcast_answer answer;
    {
      NoAllocScope no_alloc;
      FUZZ_CHECK_EQ(hetcast_profile_plan(
                        &p.handle, &request, workspace.data(), workspace.size(),
                        nodes.data(), nodes.capacity(), transfers.data(),
                        transfers.capacity(), &answer, nullptr),
                    status);
    }
    FUZZ_CHECK(nodes.Untouched());
    FUZZ_CHECK(transfers.Untouched());
    return;
  }
  FUZZ_CHECK_EQ(sizes_status, HETCAST_OK);
  if (sizes.node_count > kMaxPlannedNodes) return;

  CanaryWorkspace workspace(sizes.workspace_bytes);
  CanaryArray<hetcast_node> nodes(sizes.node_count);
  CanaryArray<hetcast_transfer> transfers(sizes.transfer_count);
  hetcast_answer answer;
  {
    NoAllocScope no_alloc;
    status = hetcast_profile_plan(&p.handle, &request, workspace.data(),
                                  workspace.size(), nodes.data(),
                                  nodes.capacity(), transfers.data(),
                                  transfers.capacity(), &answer, nullptr);
  }
  if (status == HETCAST_INVALID_TABLE) {
    // A stored PTAS schedule that skips a send index (ptas_entries.h).
    FUZZ_CHECK(!p.info.exact);
    FUZZ_CHECK(nodes.IntactFrom(0));
    FUZZ_CHECK(transfers.IntactFrom(0));
    CheckRefusedEverywhere(p, request, sizes);
    return;
  }
  FUZZ_CHECK_EQ(status, HETCAST_OK);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK(nodes.IntactFrom(answer.node_count));
  FUZZ_CHECK(transfers.IntactFrom(answer.transfer_count));
  FUZZ_CHECK_EQ(answer.node_count, sizes.node_count);
  FUZZ_CHECK_EQ(answer.algorithm, HETCAST_ALGORITHM_TABLE);
  FUZZ_CHECK_EQ(answer.completion_time, completion);
  if (p.info.exact) FUZZ_CHECK(answer.exact);
  // The evaluator needs the costs the profile request leaves out.
  hetcast_node_request with_costs = request;
  with_costs.costs = p.costs.data();
  hetcast_fuzz::CheckNodePlan(with_costs, answer, nodes.data(),
                              transfers.data(),
                              /*bound_is_doubling_or_better=*/p.info.exact);

  // Without the transfers (optional) the nodes are the same.
  {
    CanaryArray<hetcast_node> nodes_only(sizes.node_count);
    hetcast_answer again;
    {
      NoAllocScope no_alloc;
      status = hetcast_profile_plan(&p.handle, &request, workspace.data(),
                                    workspace.size(), nodes_only.data(),
                                    nodes_only.capacity(), nullptr, 0, &again,
                                    nullptr);
    }
    FUZZ_CHECK_EQ(status, HETCAST_OK);
    FUZZ_CHECK(std::memcmp(nodes_only.data(), nodes.data(),
                           sizes.node_count * sizeof(hetcast_node)) == 0);
  }
  // One node short, one byte of workspace short: refused, nothing beyond.
  if (sizes.node_count > 0) {
    CanaryArray<hetcast_node> short_nodes(sizes.node_count - 1);
    hetcast_answer refused;
    {
      NoAllocScope no_alloc;
      status = hetcast_profile_plan(&p.handle, &request, workspace.data(),
                                    workspace.size(), short_nodes.data(),
                                    short_nodes.capacity(), nullptr, 0,
                                    &refused, nullptr);
    }
    FUZZ_CHECK_EQ(status, HETCAST_OUTPUT_TOO_SMALL);
    FUZZ_CHECK(short_nodes.BeyondCapacityIntact());
  }
  // The workspace at any alignment (the library aligns inside it): exactly
  // the size asked for, one byte off alignment, gives the same nodes; one
  // byte less may be refused (the size covers the worst alignment) but is
  // never written past.
  {
    CanaryWorkspace shifted(sizes.workspace_bytes + 1);
    CanaryArray<hetcast_node> more_nodes(sizes.node_count);
    hetcast_answer again;
    {
      NoAllocScope no_alloc;
      status = hetcast_profile_plan(
          &p.handle, &request, static_cast<unsigned char*>(shifted.data()) + 1,
          sizes.workspace_bytes, more_nodes.data(), more_nodes.capacity(),
          nullptr, 0, &again, nullptr);
    }
    FUZZ_CHECK_EQ(status, HETCAST_OK);
    FUZZ_CHECK(shifted.BeyondSizeIntact());
    FUZZ_CHECK(std::memcmp(more_nodes.data(), nodes.data(),
                           sizes.node_count * sizeof(hetcast_node)) == 0);
  }
  if (sizes.workspace_bytes > 0) {
    CanaryWorkspace short_workspace(sizes.workspace_bytes - 1);
    CanaryArray<hetcast_node> more_nodes(sizes.node_count);
    hetcast_answer maybe;
    {
      NoAllocScope no_alloc;
      status = hetcast_profile_plan(&p.handle, &request, short_workspace.data(),
                                    short_workspace.size(), more_nodes.data(),
                                    more_nodes.capacity(), nullptr, 0, &maybe,
                                    nullptr);
    }
    FUZZ_CHECK(status == HETCAST_OK || status == HETCAST_WORKSPACE_TOO_SMALL);
    FUZZ_CHECK(short_workspace.BeyondSizeIntact());
    FUZZ_CHECK(more_nodes.BeyondCapacityIntact());
  }

  // Roles: every id of a small tree, else a sample; then one past the end.
  std::vector<uint32_t> ids;
  if (sizes.node_count <= kAllRolesUpTo) {
    for (uint32_t id = 0; id < sizes.node_count; ++id) ids.push_back(id);
  } else {
    SplitMix rng{sizes.node_count};
    ids = {0, uint32_t(sizes.node_count - 1)};
    for (int i = 0; i < 6; ++i) {
      ids.push_back(uint32_t(rng.Next() % sizes.node_count));
    }
  }
  for (uint32_t id : ids) {
    CheckRole(p, request, sizes, id, nodes.data(), transfers.data(),
              answer.transfer_count);
  }
  {
    hetcast_node node;
    size_t child_count = 0;
    std::vector<unsigned char> w(sizes.workspace_bytes);
    FUZZ_CHECK(hetcast_profile_node_role(&p.handle, &request,
                                         uint32_t(sizes.node_count), w.data(),
                                         w.size(), &node, nullptr, 0,
                                         &child_count, nullptr) != HETCAST_OK);
  }

  // The planner with this profile answers from the table with the same
  // completion (relays included), a bound no larger, and says exact only
  // when the bound equals the completion.
  const hetcast_request planner_request = PlannerRequest(p, request);
  hetcast_sizes planner_sizes;
  const char* error = nullptr;
  FUZZ_CHECK_EQ(hetcast_plan_sizes(&planner_request, &planner_sizes, &error),
                HETCAST_OK);
  FUZZ_CHECK_EQ(planner_sizes.algorithm, HETCAST_ALGORITHM_TABLE);
  CanaryWorkspace planner_workspace(planner_sizes.workspace_bytes);
  CanaryArray<hetcast_node> planner_nodes(planner_sizes.node_count);
  CanaryArray<hetcast_transfer> planner_transfers(planner_sizes.transfer_count);
  hetcast_plan_output output = {};
  output.nodes = planner_nodes.data();
  output.node_capacity = planner_nodes.capacity();
  output.transfers = planner_transfers.data();
  output.transfer_capacity = planner_transfers.capacity();
  hetcast_plan_info info;
  {
    NoAllocScope no_alloc;
    status = hetcast_plan(&planner_request, planner_workspace.data(),
                          planner_workspace.size(), &output, &info, &error);
  }
  FUZZ_CHECK_EQ(status, HETCAST_OK);
  FUZZ_CHECK(planner_workspace.BeyondSizeIntact());
  FUZZ_CHECK(planner_nodes.IntactFrom(info.answer.node_count));
  FUZZ_CHECK(planner_transfers.IntactFrom(info.answer.transfer_count));
  FUZZ_CHECK_EQ(info.answer.algorithm, HETCAST_ALGORITHM_TABLE);
  FUZZ_CHECK_EQ(info.answer.completion_time, completion);
  FUZZ_CHECK_EQ(info.profile_index, 0);
  hetcast_fuzz::CheckNodePlan(with_costs, info.answer, planner_nodes.data(),
                              planner_transfers.data(),
                              /*bound_is_doubling_or_better=*/p.info.exact);
}

// Opens profile `index` and checks what its info and types say.
void OpenProfile(const hetcast_table& table, size_t index, Profile* p) {
  {
    NoAllocScope no_alloc;
    FUZZ_CHECK_EQ(hetcast_profile_open(&table, index, &p->handle, nullptr),
                  HETCAST_OK);
    hetcast_profile_get_info(&p->handle, &p->info, nullptr);
  }
  const size_t k = p->info.type_count;
  FUZZ_CHECK(k >= 1 && k <= HETCAST_TABLE_MAX_TYPES);
  FUZZ_CHECK(p->info.name != nullptr);
  FUZZ_CHECK(p->info.entry_bytes == 4 || p->info.entry_bytes == 8);
  FUZZ_CHECK_EQ(p->info.entry_count, p->info.state_count * k);
  FUZZ_CHECK(p->info.entry_count <= HETCAST_TABLE_MAX_ENTRIES);
  FUZZ_CHECK_EQ(p->info.exact, p->info.method == HETCAST_METHOD_EXACT_DP);
  size_t found = 0;
  FUZZ_CHECK_EQ(
      hetcast_table_find_profile(&table, p->info.name, &found, nullptr),
      HETCAST_OK);
  FUZZ_CHECK(found <= index);
  uint64_t states = 1;
  for (size_t j = 0; j < k; ++j) {
    const char* name = nullptr;
    uint64_t cost = 0, limit = 0;
    FUZZ_CHECK_EQ(
        hetcast_profile_type(&p->handle, j, &name, &cost, &limit, nullptr),
        HETCAST_OK);
    FUZZ_CHECK(cost >= 1 && cost <= HETCAST_MAX_COST);
    p->costs.push_back(cost);
    p->limits.push_back(limit);
    states *= limit + 1;
  }
  FUZZ_CHECK_EQ(states, p->info.state_count);
  FUZZ_CHECK(hetcast_profile_type(&p->handle, k, nullptr, nullptr, nullptr,
                                  nullptr) != HETCAST_OK);
}

// Requests the profile must refuse: other costs, another type count, a
// source type out of range.
void CheckRefusals(const Profile& p) {
  const size_t k = p.info.type_count;
  std::vector<uint64_t> counts(k, 0), other_costs = p.costs;
  other_costs[0] += 1;
  hetcast_node_request bad = {other_costs.data(), k, 0, counts.data(), nullptr};
  uint64_t t;
  FUZZ_CHECK_EQ(hetcast_profile_completion(&p.handle, &bad, &t, nullptr),
                HETCAST_INVALID_ARGUMENT);
  bad.costs = p.costs.data();
  FUZZ_CHECK_EQ(hetcast_profile_completion(&p.handle, &bad, &t, nullptr),
                HETCAST_OK);
  bad.source_type = uint32_t(k);
  FUZZ_CHECK(hetcast_profile_completion(&p.handle, &bad, &t, nullptr) !=
             HETCAST_OK);
  std::vector<uint64_t> more_counts(k + 1, 0);
  hetcast_node_request wider = {nullptr, k + 1, 0, more_counts.data(), nullptr};
  FUZZ_CHECK(hetcast_profile_completion(&p.handle, &wider, &t, nullptr) !=
             HETCAST_OK);
}

// Every query on source type `s`: no destinations, the limits, one past a
// limit, two random states; with and without relays.
void QuerySourceType(const Profile& p, uint32_t s, SplitMix* rng) {
  const size_t k = p.info.type_count;
  std::vector<std::vector<uint64_t>> count_sets;
  count_sets.push_back(std::vector<uint64_t>(k, 0));
  count_sets.push_back(p.limits);
  for (size_t j = 0; j < k && j < 4; ++j) {
    std::vector<uint64_t> past = p.limits;
    past[j] += 1;
    count_sets.push_back(past);
  }
  for (int r = 0; r < 2; ++r) {
    std::vector<uint64_t> counts(k);
    for (size_t j = 0; j < k; ++j) counts[j] = rng->Next() % (p.limits[j] + 1);
    count_sets.push_back(counts);
  }
  for (const std::vector<uint64_t>& counts : count_sets) {
    QueryProfile(p, s, counts, nullptr);
  }
  // Relays: one of each type, and a pseudo-random few per type.
  std::vector<uint64_t> one_each(k, 1), few(k);
  for (size_t j = 0; j < k; ++j) few[j] = rng->Next() % 4;
  for (size_t c = 0; c < count_sets.size(); c += 2) {
    QueryProfile(p, s, count_sets[c], one_each.data());
    QueryProfile(p, s, count_sets[c], few.data());
  }
}

void QueryTable(const hetcast_table& table) {
  const size_t profile_count = hetcast_table_profile_count(&table);
  FUZZ_CHECK(profile_count >= 1);
  FUZZ_CHECK(hetcast_table_schema_version(&table) <=
             HETCAST_TABLE_SCHEMA_VERSION);
  {
    hetcast_profile ignored;
    FUZZ_CHECK(hetcast_profile_open(&table, profile_count, &ignored, nullptr) !=
               HETCAST_OK);
  }
  for (size_t index = 0; index < std::min(profile_count, kMaxProfiles);
       ++index) {
    Profile p;
    OpenProfile(table, index, &p);
    CheckRefusals(p);
    SplitMix rng{p.info.state_count * 31 + index};
    const size_t k = p.info.type_count;
    for (uint32_t s = 0; s < std::min(k, kMaxSourceTypes); ++s) {
      QuerySourceType(p, s, &rng);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  hetcast_fuzz::InstallAllocationHooks();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The table's own 8-byte-aligned copy, as hetcast_table_open requires.
  std::vector<uint64_t> words(size / 8 + 2);
  std::memcpy(words.data(), data, size);
  hetcast_table table;
  const char* error = nullptr;
  hetcast_status status;
  {
    NoAllocScope no_alloc;
    status = hetcast_table_open(words.data(), size, &table, &error);
  }
  // A refusal says why; success leaves why alone.
  FUZZ_CHECK(status == HETCAST_OK ? error == nullptr
                                  : error != nullptr && error[0] != '\0');
  if (status != HETCAST_OK) {
    FUZZ_CHECK(status == HETCAST_INVALID_TABLE ||
               status == HETCAST_INVALID_ARGUMENT);
    FUZZ_CHECK(error[0] != '\0');
    return 0;
  }
  FUZZ_CHECK_EQ(hetcast_table_hash(&table), Fnv1a(data, size));
  // The same bytes one byte off alignment are refused.
  {
    std::vector<uint64_t> shifted(size / 8 + 2);
    unsigned char* at = reinterpret_cast<unsigned char*>(shifted.data()) + 1;
    std::memcpy(at, data, size);
    hetcast_table misaligned;
    FUZZ_CHECK(hetcast_table_open(at, size, &misaligned, nullptr) !=
               HETCAST_OK);
  }
  QueryTable(table);
  return 0;
}
