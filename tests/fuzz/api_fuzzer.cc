// api_fuzzer.cc: libFuzzer target for the C API's request structs (tests
// only).
//
// The input bytes, read from the front (tests/fuzz/README.md gives the
// layout; the seeds in corpus/api/ are written by make_api_seeds.py), build a
// small node-model or cluster-model request: type or cluster counts, costs,
// counts and sizes from a selector byte that often picks a limit's edge
// (0, 1, HETCAST_MAX_COST +- 1, 2^32 +- 1, UINT64_MAX), optional relays,
// degrees, matching and members, a pinned algorithm (also of the wrong
// model), table profiles to offer (the default table, test.hct's fig1 and
// small3, the PTAS table's many5; costs given or left out), and capacities
// of the outputs and the workspace near what hetcast_plan_sizes asked for.
//
// Then hetcast_plan_sizes and hetcast_plan run with canary patterns beyond
// every array. Asserted: a request hetcast_plan_sizes refuses is refused by
// hetcast_plan with the same status and nothing written to any output; an
// accepted one with enough room answers (or overflows, a documented
// status), writes nothing beyond the answer's counts, agrees with the sizes'
// choice, and passes its model's evaluator; too little room gives
// HETCAST_OUTPUT_TOO_SMALL or HETCAST_WORKSPACE_TOO_SMALL and nothing past
// the capacities; hetcast_plan_participant gives the plan's facts.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tests/fuzz/fuzz_check.h"

// test.hct and ptas_test.hct, embedded by the build (build_fuzzers.sh
// passes their paths as string literals), 16-byte aligned as
// hetcast_table_open requires.
__asm__(
    ".section .rodata\n"
    ".balign 16\n"
    "hetcast_fuzz_test_table:\n"
    ".incbin \"" HETCAST_FUZZ_TEST_HCT
    "\"\n"
    "hetcast_fuzz_test_table_end:\n"
    ".balign 16\n"
    "hetcast_fuzz_ptas_table:\n"
    ".incbin \"" HETCAST_FUZZ_PTAS_HCT
    "\"\n"
    "hetcast_fuzz_ptas_table_end:\n"
    ".previous\n");
extern "C" const unsigned char hetcast_fuzz_test_table[];
extern "C" const unsigned char hetcast_fuzz_test_table_end[];
extern "C" const unsigned char hetcast_fuzz_ptas_table[];
extern "C" const unsigned char hetcast_fuzz_ptas_table_end[];

namespace {

using hetcast_fuzz::ByteReader;
using hetcast_fuzz::CanaryArray;
using hetcast_fuzz::CanaryWorkspace;
using hetcast_fuzz::EdgyValue;

// Requests with more nodes than this are sized, not planned (one input must
// take milliseconds).
constexpr uint64_t kMaxPlannedNodes = 1 << 12;

// Every profile the planner may be offered, opened once.
struct Profiles {
  hetcast_profile all[4];  // default, fig1, small3, many5 (PTAS).
};

const Profiles& OpenProfiles() {
  static const Profiles profiles = [] {
    Profiles p;
    hetcast_table table;
    FUZZ_CHECK_EQ(
        hetcast_table_open(hetcast_default_table, hetcast_default_table_size,
                           &table, nullptr),
        HETCAST_OK);
    FUZZ_CHECK_EQ(hetcast_profile_open(&table, 0, &p.all[0], nullptr),
                  HETCAST_OK);
    FUZZ_CHECK_EQ(hetcast_table_open(hetcast_fuzz_test_table,
                                     size_t(hetcast_fuzz_test_table_end -
                                            hetcast_fuzz_test_table),
                                     &table, nullptr),
                  HETCAST_OK);
    FUZZ_CHECK_EQ(hetcast_profile_open(&table, 0, &p.all[1], nullptr),
                  HETCAST_OK);
    FUZZ_CHECK_EQ(hetcast_profile_open(&table, 1, &p.all[2], nullptr),
                  HETCAST_OK);
    FUZZ_CHECK_EQ(hetcast_table_open(hetcast_fuzz_ptas_table,
                                     size_t(hetcast_fuzz_ptas_table_end -
                                            hetcast_fuzz_ptas_table),
                                     &table, nullptr),
                  HETCAST_OK);
    FUZZ_CHECK_EQ(hetcast_profile_open(&table, 0, &p.all[3], nullptr),
                  HETCAST_OK);
    return p;
  }();
  return profiles;
}

std::vector<uint64_t> ProfileCosts(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  std::vector<uint64_t> costs(info.type_count);
  for (size_t j = 0; j < costs.size(); ++j) {
    hetcast_profile_type(&profile, j, nullptr, &costs[j], nullptr, nullptr);
  }
  return costs;
}

// A capacity near `needed`: equal, one or two less, or more.
size_t NearCapacity(ByteReader& in, size_t needed) {
  switch (in.U8() % 8) {
    case 0:
      return needed > 0 ? needed - 1 : 0;
    case 1:
      return needed > 1 ? needed - 2 : 0;
    case 2:
      return needed + 3;
    case 3:
      return needed / 2;
    default:
      return needed;
  }
}

// What one request looks like to the shared part of the target.
struct Built {
  hetcast_request request = {};
  // Node model.
  hetcast_node_request node = {};
  std::vector<uint64_t> costs, counts, relays;
  // Cluster model.
  hetcast_cluster_request cluster = {};
  std::vector<uint64_t> sizes, degrees, members;
  // Requests the target sizes but does not plan (see the limits above).
  bool plan_it = true;
};

void BuildNode(ByteReader& in, Built* b) {
  const uint8_t shape = in.U8();
  size_t k = 1 + shape % 4;
  if (shape >= 250) k = shape == 250 ? 0 : shape == 251 ? 64 : 65;
  const uint8_t profile_choice = in.U8();
  const Profiles& profiles = OpenProfiles();
  // Offer profiles: none, one of the four, or all four; costs from the
  // first offered profile (or left NULL) half of the time.
  const size_t first = profile_choice % 4;
  const bool offer = (profile_choice & 0x10) != 0;
  const bool offer_all = (profile_choice & 0x20) != 0;
  const bool profile_costs = (profile_choice & 0x40) != 0;
  const bool null_costs = (profile_choice & 0x80) != 0;
  if (offer) {
    b->request.profiles = offer_all ? profiles.all : &profiles.all[first];
    b->request.profile_count = offer_all ? 4 : 1;
  }
  if (profile_costs) {
    b->costs = ProfileCosts(profiles.all[first]);
    k = b->costs.size();
  } else {
    b->costs.resize(k);
    for (uint64_t& cost : b->costs) cost = EdgyValue(in, 12);
  }
  b->counts.resize(k);
  for (uint64_t& count : b->counts) count = EdgyValue(in, 24);
  const uint8_t relay_choice = in.U8();
  if (relay_choice & 1) {
    b->relays.resize(k);
    for (uint64_t& relays : b->relays) relays = EdgyValue(in, 6);
  }
  b->node.costs = null_costs && profile_costs ? nullptr : b->costs.data();
  b->node.type_count = k;
  b->node.source_type = in.U8() % (k + 1);  // k: out of range.
  b->node.destination_counts = b->counts.data();
  b->node.relay_counts = b->relays.empty() ? nullptr : b->relays.data();
  b->request.model = HETCAST_MODEL_NODE;
  b->request.node = &b->node;
}

void BuildCluster(ByteReader& in, Built* b) {
  const uint8_t shape = in.U8();
  size_t k = 1 + shape % 5;
  if (shape >= 252) k = 0;
  b->sizes.resize(k);
  for (uint64_t& size : b->sizes) size = EdgyValue(in, 20);
  b->cluster.sizes = b->sizes.data();
  b->cluster.cluster_count = k;
  b->cluster.inter_cost = EdgyValue(in, 9);
  const uint8_t variant = in.U8();
  b->cluster.postal = (variant & 1) != 0;
  if (variant & 2) {
    b->degrees.resize(k);
    for (uint64_t& degree : b->degrees) degree = EdgyValue(in, 4);
    b->cluster.degrees = b->degrees.data();
  }
  if (variant & 4) b->cluster.matching = EdgyValue(in, 4);
  if (variant & 8) {
    b->members.resize(k);
    for (uint64_t& members : b->members) members = EdgyValue(in, 20);
    b->cluster.members = b->members.data();
  }
  b->request.model = HETCAST_MODEL_CLUSTER;
  b->request.cluster = &b->cluster;
}

hetcast_algorithm PickAlgorithm(ByteReader& in) {
  const uint8_t pick = in.U8();
  if (pick < 128) return HETCAST_ALGORITHM_NONE;
  switch (pick % 8) {
    case 0:
      return HETCAST_ALGORITHM_FNF;
    case 1:
      return HETCAST_ALGORITHM_TABLE;
    case 2:
      return HETCAST_ALGORITHM_LCF;
    case 3:
      return HETCAST_ALGORITHM_FLAT_BINOMIAL;
    case 4:
      return HETCAST_ALGORITHM_INTERLEAVED_LCF;
    case 5:
      return HETCAST_ALGORITHM_WRP;
    case 6:
      return HETCAST_ALGORITHM_PTAS;
    default:
      return hetcast_algorithm(pick);  // Not an algorithm at all.
  }
}

// hetcast_plan_participant for `id` must give the plan's entry and sends.
void CheckParticipant(const hetcast_request& request, uint32_t id,
                      size_t workspace_bytes, const hetcast_node* nodes,
                      const hetcast_transfer* transfers,
                      size_t transfer_count) {
  std::vector<hetcast_transfer> expected;
  for (size_t i = 0; i < transfer_count; ++i) {
    if (transfers[i].from == id) expected.push_back(transfers[i]);
  }
  CanaryWorkspace workspace(workspace_bytes);
  CanaryArray<hetcast_transfer> sends(expected.size());
  hetcast_participant out = {};
  out.sends = sends.data();
  out.send_capacity = sends.capacity();
  const char* error = nullptr;
  const hetcast_status status = hetcast_plan_participant(
      &request, id, workspace.data(), workspace.size(), &out, &error);
  FUZZ_CHECK_EQ(status, HETCAST_OK);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK(sends.BeyondCapacityIntact());
  FUZZ_CHECK(hetcast_fuzz::SameNode(out.node, nodes[id]));
  FUZZ_CHECK_EQ(out.count, expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    FUZZ_CHECK(hetcast_fuzz::SameTransfer(sends[i], expected[i]));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  Built b;
  const uint8_t model = in.U8();
  if (model % 2 == 0) {
    BuildNode(in, &b);
  } else {
    BuildCluster(in, &b);
  }
  b.request.algorithm = PickAlgorithm(in);

  hetcast_sizes sizes;
  const char* error = nullptr;
  const hetcast_status sized = hetcast_plan_sizes(&b.request, &sizes, &error);
  // A refusal says why; success leaves why alone.
  FUZZ_CHECK(sized == HETCAST_OK ? error == nullptr
                                 : error != nullptr && error[0] != '\0');

  if (sized != HETCAST_OK) {
    // Refused up front: hetcast_plan refuses the same way and writes
    // nothing to any output.
    FUZZ_CHECK(error[0] != '\0');
    hetcast_fuzz::CheckPlanRefusedUntouched(b.request, sized);
    return 0;
  }
  FUZZ_CHECK(sizes.node_count >= 1);
  FUZZ_CHECK(sizes.transfer_count <= sizes.node_count - 1);
  FUZZ_CHECK(sizes.algorithm != HETCAST_ALGORITHM_NONE);
  if (b.request.algorithm != HETCAST_ALGORITHM_NONE) {
    FUZZ_CHECK_EQ(sizes.algorithm, b.request.algorithm);
    FUZZ_CHECK_EQ(sizes.choice, HETCAST_CHOICE_PINNED);
  }
  if (!b.plan_it || sizes.node_count > kMaxPlannedNodes) return 0;

  const size_t node_capacity = NearCapacity(in, sizes.node_count);
  const bool with_transfers = (in.U8() & 3) != 0;
  const size_t transfer_capacity =
      with_transfers ? NearCapacity(in, sizes.transfer_count) : 0;
  const size_t workspace_size = NearCapacity(in, sizes.workspace_bytes);
  CanaryArray<hetcast_node> nodes(node_capacity);
  CanaryArray<hetcast_transfer> transfers(transfer_capacity);
  CanaryWorkspace workspace(workspace_size);
  hetcast_plan_output output = {};
  output.nodes = nodes.data();
  output.node_capacity = node_capacity;
  output.transfers = with_transfers ? transfers.data() : nullptr;
  output.transfer_capacity = transfer_capacity;
  hetcast_plan_info info;
  const hetcast_status planned = hetcast_plan(
      &b.request, workspace.data(), workspace.size(), &output, &info, &error);
  FUZZ_CHECK(nodes.BeyondCapacityIntact());
  FUZZ_CHECK(transfers.BeyondCapacityIntact());
  FUZZ_CHECK(workspace.BeyondSizeIntact());

  const bool room =
      node_capacity >= sizes.node_count &&
      (!with_transfers || transfer_capacity >= sizes.transfer_count);
  if (!room) {
    FUZZ_CHECK_EQ(planned, HETCAST_OUTPUT_TOO_SMALL);
    return 0;
  }
  if (workspace_size < sizes.workspace_bytes) {
    // The size covers the worst alignment, so a little less may do.
    FUZZ_CHECK(planned == HETCAST_WORKSPACE_TOO_SMALL ||
               planned == HETCAST_OK || planned == HETCAST_OVERFLOW);
  } else {
    FUZZ_CHECK(planned == HETCAST_OK || planned == HETCAST_OVERFLOW);
  }
  if (planned != HETCAST_OK) {
    FUZZ_CHECK(error != nullptr && error[0] != '\0');
    return 0;
  }
  const hetcast_answer& answer = info.answer;
  // The default answers with the earlier of two algorithms (hetcast.h, "The
  // planner"): the sizes name the paper's, the answer the one that ran.
  const bool second_of_default =
      sizes.choice == HETCAST_CHOICE_MODEL &&
      ((sizes.algorithm == HETCAST_ALGORITHM_LCF &&
        answer.algorithm == HETCAST_ALGORITHM_EAGER_LCF) ||
       (sizes.algorithm == HETCAST_ALGORITHM_WRP &&
        answer.algorithm == HETCAST_ALGORITHM_CRITICAL_FIRST));
  if (!second_of_default) FUZZ_CHECK_EQ(answer.algorithm, sizes.algorithm);
  FUZZ_CHECK_EQ(info.choice, sizes.choice);
  FUZZ_CHECK_EQ(answer.node_count, sizes.node_count);
  FUZZ_CHECK(answer.transfer_count <= sizes.transfer_count);
  FUZZ_CHECK(nodes.IntactFrom(answer.node_count));
  if (with_transfers) FUZZ_CHECK(transfers.IntactFrom(answer.transfer_count));
  if (info.factor_denominator != 0) {
    // completion <= factor * lower bound + additive is not implied (the
    // bound is below OPT), but factor >= 1 is.
    FUZZ_CHECK(info.factor_numerator >= info.factor_denominator);
  }
  FUZZ_CHECK(info.guarantee_source != nullptr);
  if (!with_transfers) return 0;  // The evaluators need the transfers.

  if (b.request.model == HETCAST_MODEL_NODE) {
    // Costs left out are those of the profile that answered (the first
    // with the request's type count).
    hetcast_node_request with_costs = b.node;
    std::vector<uint64_t> answering_costs;
    const bool fnf = answer.algorithm == HETCAST_ALGORITHM_FNF;
    hetcast_profile_info profile_info = {};
    if (info.profile_index != SIZE_MAX) {
      FUZZ_CHECK(info.profile_index < b.request.profile_count);
      const hetcast_profile& profile = b.request.profiles[info.profile_index];
      hetcast_profile_get_info(&profile, &profile_info, nullptr);
      answering_costs = ProfileCosts(profile);
      if (with_costs.costs == nullptr) {
        with_costs.costs = answering_costs.data();
      } else {
        FUZZ_CHECK(std::equal(answering_costs.begin(), answering_costs.end(),
                              with_costs.costs));
      }
    }
    if (with_costs.costs == nullptr) {
      // FNF outside the tables: the first profile of the type count lent
      // its costs.
      for (size_t p = 0; p < b.request.profile_count; ++p) {
        answering_costs = ProfileCosts(b.request.profiles[p]);
        if (answering_costs.size() == with_costs.type_count) break;
      }
      FUZZ_CHECK_EQ(answering_costs.size(), with_costs.type_count);
      with_costs.costs = answering_costs.data();
    }
    hetcast_fuzz::CheckNodePlan(with_costs, answer, nodes.data(),
                                transfers.data(),
                                fnf || profile_info.exact == 1);
  } else {
    hetcast_fuzz::CheckClusterPlan(b.cluster, answer, nodes.data(),
                                   transfers.data());
  }

  // Participants: the source, the last id and one from the input.
  const uint32_t last = uint32_t(answer.node_count - 1);
  for (uint32_t id : {0u, last, uint32_t(in.U16() % answer.node_count)}) {
    CheckParticipant(b.request, id, sizes.workspace_bytes, nodes.data(),
                     transfers.data(), answer.transfer_count);
  }
  {
    hetcast_participant out = {};
    FUZZ_CHECK_EQ(hetcast_plan_participant(&b.request, last + 1, nullptr, 0,
                                           &out, &error),
                  HETCAST_INVALID_ARGUMENT);
  }
  return 0;
}
