// nonblocking_graph_api_fuzzer.cc: libFuzzer target for the C API's request
// structs of the multi-source (non-blocking) and graph models (tests only; the
// node and cluster structs are api_fuzzer's, the JSON files
// nonblocking_fuzzer's and graph_fuzzer's).
//
// The input bytes, read from the front (make_nonblocking_graph_seeds.py writes
// the seeds and documents the layout), build a hetcast_nonblocking_request or a
// hetcast_graph_request directly: node, message, edge and target counts,
// overheads, link times, lengths and costs from a selector byte that often
// picks a limit's edge (0, 1, HETCAST_MAX_COST +- 1, UINT64_MAX), ids that
// are sometimes out of range, repeated or the source, NULL arrays, a pinned
// algorithm (also of another model), and capacities of the outputs and the
// workspace near what the sizes functions ask for. A shape byte at 240 or
// more picks a request at one of the documented limits, or one past it,
// that is only sized (hetcast_nonblocking_plan_sizes reads no per-node array,
// so those point to a one-entry buffer).
//
// The target re-derives from hetcast.h's rules whether the request is
// valid, and which limit or field is at fault, and asserts: the status of
// the sizes, check, plan, evaluate and lower-bound calls (the limits give
// HETCAST_TOO_LARGE exactly when exceeded, a fault HETCAST_INVALID_ARGUMENT);
// the field a rejection names is at fault; a rejected request writes
// nothing to any output array (canary patterns), through
// hetcast_nonblocking_plan, hetcast_graph_plan and hetcast_plan alike; an
// accepted one plans with every algorithm of its model into arrays near the
// sizes, writes nothing past what it reports, passes its model's evaluator, and
// the planner gives the same bytes and the same per-participant parts.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "hetcast/hetcast.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using hetcast_fuzz::ByteReader;
using hetcast_fuzz::CanaryArray;
using hetcast_fuzz::CanaryWorkspace;
using hetcast_fuzz::EdgyValue;

// Small requests are planned; these bound their shapes (one input must take
// milliseconds).
constexpr size_t kMaxSmallNodes = 10;
constexpr size_t kMaxSmallMessages = 6;
constexpr size_t kMaxSmallEdges = 24;

// A capacity near `needed`: equal, one short, half, or more.
size_t NearCapacity(ByteReader& in, size_t needed) {
  switch (in.U8() % 8) {
    case 0:
      return needed > 0 ? needed - 1 : 0;
    case 1:
      return needed / 2;
    case 2:
      return needed + 3;
    default:
      return needed;
  }
}

// An id below `n` for most selector bytes; 250 and up give n, n + 1, a
// huge id, or 0 (the source, often).
uint32_t SomeId(ByteReader& in, size_t n) {
  const uint8_t b = in.U8();
  if (b < 250) return n == 0 ? 0 : uint32_t(b % n);
  switch (b) {
    case 250:
      return uint32_t(n);
    case 251:
      return uint32_t(n + 1);
    case 252:
      return UINT32_MAX;
    default:
      return 0;
  }
}

hetcast_algorithm PickAlgorithm(ByteReader& in) {
  static const hetcast_algorithm kPins[] = {
      HETCAST_ALGORITHM_FEF,       HETCAST_ALGORITHM_ECF,
      HETCAST_ALGORITHM_WR,        HETCAST_ALGORITHM_WRP,
      HETCAST_ALGORITHM_MCPH,      HETCAST_ALGORITHM_FNF,
      HETCAST_ALGORITHM_LCF,       HETCAST_ALGORITHM_CRITICAL_FIRST,
      HETCAST_ALGORITHM_EAGER_LCF, hetcast_algorithm(255)};
  constexpr size_t kCount = sizeof(kPins) / sizeof(kPins[0]);
  const uint8_t pick = in.U8();
  return pick < 128 ? HETCAST_ALGORITHM_NONE : kPins[pick % kCount];
}

// ---------------------------------------------------------------------------
// Non-blocking model.

// What the target expects of a non-blocking request, from hetcast.h's rules.
struct NonblockingExpect {
  bool null_array = false;
  bool too_large = false;    // N, K * N or the work measure past a limit
  bool shape_fault = false;  // N < 2, K = 0, a source, length or count
  bool cost_fault = false;   // an overhead or link time > HETCAST_MAX_COST
  bool destination_fault = false;  // an id out of range, the source, twice
};

struct NonblockingBuilt {
  hetcast_nonblocking_request request = {};
  std::vector<uint64_t> send_fixed, send_per_byte, recv_fixed, recv_per_byte;
  std::vector<uint64_t> link;
  std::vector<hetcast_nonblocking_message> messages;
  std::vector<std::vector<uint32_t>> destinations;
  bool small = true;  // planned, not only sized
};

// hetcast.h's work measure T * (T + K + N) * ceil(K / N), exactly.
unsigned __int128 NonblockingWork(size_t total, size_t k, size_t n) {
  return (unsigned __int128)total * (total + k + n) * ((k + n - 1) / n);
}

// A request at a documented limit, or one past it (sized only).
void BuildNonblockingAtLimit(uint8_t shape, NonblockingBuilt* b) {
  size_t n = 2, k = 1;
  bool all_to_all = false;
  size_t per_message = 1;
  switch (shape % 8) {
    case 0:  // A broadcast of 11,585 nodes: accepted.
    case 1:  // 11,586: past the work limit.
      n = 11585 + shape % 2;
      per_message = n - 1;
      break;
    case 2:  // All-to-all of 128 nodes: accepted; 129 is not.
    case 3:
      n = 128 + shape % 2;
      k = n;
      all_to_all = true;
      per_message = n - 1;
      break;
    case 4:  // HETCAST_NONBLOCKING_MAX_NODES nodes, K * N = 2^24: accepted.
    case 5:  // One message more: past HETCAST_NONBLOCKING_MAX_CELLS.
      n = HETCAST_NONBLOCKING_MAX_NODES;
      k = HETCAST_NONBLOCKING_MAX_CELLS / n + shape % 2;
      break;
    case 6:  // One node past HETCAST_NONBLOCKING_MAX_NODES.
      n = HETCAST_NONBLOCKING_MAX_NODES + 1;
      break;
    default:  // A node count past 2^32.
      n = size_t{1} << 33;
      break;
  }
  b->small = false;
  b->send_fixed.assign(1, 1);  // One entry: plan_sizes reads none of them.
  b->messages.resize(k);
  b->destinations.resize(k);
  for (size_t m = 0; m < k; ++m) {
    const uint32_t source = uint32_t(all_to_all ? m : m % n);
    for (size_t d = 0; d < per_message; ++d) {
      b->destinations[m].push_back(uint32_t((source + 1 + d) % n));
    }
    b->messages[m] = {source, 1, b->destinations[m].data(), per_message};
  }
  const uint64_t* one = b->send_fixed.data();
  b->request = {n, one, one, one, one, one, b->messages.data(), k};
}

// The destinations of one small message (the targets of a graph request):
// the other nodes, rotated, the first `count`; sometimes one of them
// replaced by an arbitrary id.
std::vector<uint32_t> DistinctOthers(ByteReader& in, size_t n, uint32_t source,
                                     size_t count) {
  std::vector<uint32_t> others;
  for (uint32_t v = 0; v < n; ++v) {
    if (v != source) others.push_back(v);
  }
  std::vector<uint32_t> out;
  const size_t offset = others.empty() ? 0 : in.U8() % others.size();
  for (size_t d = 0; d < count; ++d) {
    out.push_back(others.empty() ? 0 : others[(offset + d) % others.size()]);
  }
  const uint8_t corrupt = in.U8();
  if (corrupt >= 224 && !out.empty()) {
    out[(corrupt - 224) % out.size()] = SomeId(in, n + 1);
  }
  return out;
}

void BuildNonblockingSmall(ByteReader& in, uint8_t shape, NonblockingBuilt* b) {
  const size_t n = shape % (kMaxSmallNodes + 1);
  const size_t k = in.U8() % (kMaxSmallMessages + 1);
  for (auto* overhead :
       {&b->send_fixed, &b->send_per_byte, &b->recv_fixed, &b->recv_per_byte}) {
    overhead->resize(n);
    for (uint64_t& value : *overhead) value = EdgyValue(in, 6);
  }
  b->link.resize(n * n);
  const bool uniform = (in.U8() & 1) == 0;
  const uint64_t first = EdgyValue(in, 5);
  for (uint64_t& value : b->link) value = uniform ? first : EdgyValue(in, 5);
  b->messages.resize(k);
  b->destinations.resize(k);
  for (size_t m = 0; m < k; ++m) {
    const uint32_t source = SomeId(in, n);
    const uint64_t length = EdgyValue(in, 4);
    const uint8_t count_byte = in.U8();
    size_t count = n > 0 ? count_byte % n : 0;
    if (count_byte >= 250) count = n + count_byte % 2;  // too many
    b->destinations[m] = DistinctOthers(in, n, source, count);
    const bool null_list = count_byte == 249;
    b->messages[m] = {source, length,
                      null_list ? nullptr : b->destinations[m].data(),
                      null_list ? 1 : count};
  }
  b->request = {n,
                b->send_fixed.data(),
                b->send_per_byte.data(),
                b->recv_fixed.data(),
                b->recv_per_byte.data(),
                b->link.data(),
                b->messages.data(),
                k};
  // Rarely, one array NULL (a vector's data() may be NULL when empty too).
  const uint8_t null_pick = in.U8();
  if (null_pick >= 250) {
    const uint64_t** arrays[] = {
        &b->request.send_fixed, &b->request.send_per_byte,
        &b->request.recv_fixed, &b->request.recv_per_byte,
        &b->request.link_per_byte};
    if (null_pick == 255) {
      b->request.messages = nullptr;
    } else {
      *arrays[null_pick - 250] = nullptr;
    }
  }
}

// The target's own reading of hetcast.h's rules for `r`.
NonblockingExpect ExpectNonblocking(const NonblockingBuilt& b) {
  const hetcast_nonblocking_request& r = b.request;
  NonblockingExpect e;
  e.null_array = r.send_fixed == nullptr || r.send_per_byte == nullptr ||
                 r.recv_fixed == nullptr || r.recv_per_byte == nullptr ||
                 r.link_per_byte == nullptr || r.messages == nullptr;
  const size_t n = r.node_count, k = r.message_count;
  e.shape_fault = n < 2 || k == 0;
  size_t total = 0;
  for (size_t m = 0; m < k && r.messages != nullptr; ++m) {
    const hetcast_nonblocking_message& msg = r.messages[m];
    if (msg.source >= n || msg.length == 0 || msg.destination_count >= n ||
        (msg.destinations == nullptr && msg.destination_count != 0)) {
      e.shape_fault = true;
    }
    total += msg.destination_count;
  }
  e.too_large =
      n > HETCAST_NONBLOCKING_MAX_NODES ||
      (n > 0 && (unsigned __int128)k * n > HETCAST_NONBLOCKING_MAX_CELLS) ||
      (n >= 2 && NonblockingWork(total, k, n) > HETCAST_NONBLOCKING_MAX_WORK);
  if (!b.small || e.null_array || e.shape_fault || e.too_large) return e;
  for (size_t v = 0; v < n; ++v) {
    for (const uint64_t cost : {r.send_fixed[v], r.send_per_byte[v],
                                r.recv_fixed[v], r.recv_per_byte[v]}) {
      if (cost > HETCAST_MAX_COST) e.cost_fault = true;
    }
  }
  for (size_t c = 0; c < n * n; ++c) {
    if (r.link_per_byte[c] > HETCAST_MAX_COST) e.cost_fault = true;
  }
  for (size_t m = 0; m < k; ++m) {
    const hetcast_nonblocking_message& msg = r.messages[m];
    for (size_t d = 0; d < msg.destination_count; ++d) {
      const uint32_t v = msg.destinations[d];
      if (v >= n || v == msg.source ||
          std::find(msg.destinations, msg.destinations + d, v) !=
              msg.destinations + d) {
        e.destination_fault = true;
      }
    }
  }
  return e;
}

// The field a rejection names must be at fault in `r`.
void CheckNonblockingRejection(const hetcast_nonblocking_request& r,
                               const hetcast_nonblocking_rejection& rejection,
                               const char* why, hetcast_status status) {
  FUZZ_CHECK(why != nullptr && why[0] != '\0');
  const size_t n = r.node_count;
  const hetcast_nonblocking_message* msg =
      r.messages != nullptr && rejection.index < r.message_count
          ? &r.messages[rejection.index]
          : nullptr;
  switch (rejection.field) {
    case HETCAST_NONBLOCKING_FIELD_NONE:
      break;  // An array NULL (checked by the caller) or the workspace.
    case HETCAST_NONBLOCKING_FIELD_NODE_COUNT:
      FUZZ_CHECK(n < 2 || (status == HETCAST_TOO_LARGE &&
                           n > HETCAST_NONBLOCKING_MAX_NODES));
      break;
    case HETCAST_NONBLOCKING_FIELD_NODE: {
      FUZZ_CHECK(rejection.index < n);
      const size_t v = rejection.index;
      FUZZ_CHECK(std::max({r.send_fixed[v], r.send_per_byte[v], r.recv_fixed[v],
                           r.recv_per_byte[v]}) > HETCAST_MAX_COST);
      break;
    }
    case HETCAST_NONBLOCKING_FIELD_LINK:
      FUZZ_CHECK(rejection.index < n * n);
      FUZZ_CHECK(r.link_per_byte[rejection.index] > HETCAST_MAX_COST);
      break;
    case HETCAST_NONBLOCKING_FIELD_MESSAGES:
      FUZZ_CHECK(r.message_count == 0 || status == HETCAST_TOO_LARGE);
      break;
    case HETCAST_NONBLOCKING_FIELD_SOURCE:
      FUZZ_CHECK(msg != nullptr && msg->source >= n);
      break;
    case HETCAST_NONBLOCKING_FIELD_LENGTH:
      FUZZ_CHECK(msg != nullptr && msg->length == 0);
      break;
    case HETCAST_NONBLOCKING_FIELD_DESTINATIONS:
      FUZZ_CHECK(msg != nullptr &&
                 (msg->destination_count >= n ||
                  (msg->destinations == nullptr && msg->destination_count)));
      break;
    case HETCAST_NONBLOCKING_FIELD_DESTINATION: {
      FUZZ_CHECK(msg != nullptr && rejection.item < msg->destination_count);
      const uint32_t* d = msg->destinations;
      const uint32_t v = d[rejection.item];
      FUZZ_CHECK(v >= n || v == msg->source ||
                 std::find(d, d + rejection.item, v) != d + rejection.item);
      break;
    }
    default:
      FUZZ_CHECK(false);  // Not a field.
  }
}

// A non-blocking request every call refuses with `status`: nothing written.
void CheckNonblockingRefused(const hetcast_nonblocking_request& r,
                             size_t workspace_bytes, hetcast_status status) {
  for (hetcast_algorithm algorithm :
       {HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
        HETCAST_ALGORITHM_WRP, HETCAST_ALGORITHM_CRITICAL_FIRST}) {
    CanaryWorkspace workspace(workspace_bytes);
    CanaryArray<hetcast_nonblocking_task> tasks(64);
    CanaryArray<size_t> list_begin(kMaxSmallNodes + 1);
    hetcast_answer answer;
    FUZZ_CHECK_EQ(hetcast_nonblocking_plan(&r, algorithm, workspace.data(),
                                           workspace.size(), tasks.data(),
                                           tasks.capacity(), list_begin.data(),
                                           &answer, nullptr),
                  status);
    FUZZ_CHECK(tasks.Untouched());
    FUZZ_CHECK(list_begin.Untouched());
    FUZZ_CHECK(workspace.BeyondSizeIntact());
  }
  CanaryWorkspace workspace(workspace_bytes);
  CanaryArray<uint64_t> bound(1);
  FUZZ_CHECK_EQ(
      hetcast_nonblocking_lower_bound(&r, workspace.data(), workspace.size(),
                                      bound.data(), nullptr),
      status);
  FUZZ_CHECK(bound.Untouched());
  std::vector<size_t> list_begin(
      r.node_count <= kMaxSmallNodes ? r.node_count + 1 : 1, 0);
  hetcast_answer answer;
  FUZZ_CHECK_EQ(hetcast_nonblocking_evaluate(&r, nullptr, 0, list_begin.data(),
                                             workspace.data(), workspace.size(),
                                             &answer, nullptr),
                status);
}

// Every algorithm into arrays near the sizes; the results, for the planner's
// comparison, of the ones that answered with room.
void PlanNonblockingDirect(ByteReader& in, const hetcast_nonblocking_request& r,
                           const hetcast_nonblocking_sizes& sizes) {
  for (hetcast_algorithm algorithm :
       {HETCAST_ALGORITHM_FEF, HETCAST_ALGORITHM_ECF, HETCAST_ALGORITHM_WR,
        HETCAST_ALGORITHM_WRP, HETCAST_ALGORITHM_CRITICAL_FIRST}) {
    const size_t task_capacity = NearCapacity(in, sizes.task_count);
    const size_t workspace_size = NearCapacity(in, sizes.workspace_bytes);
    CanaryWorkspace workspace(workspace_size);
    CanaryArray<hetcast_nonblocking_task> tasks(task_capacity);
    CanaryArray<size_t> list_begin(r.node_count + 1);
    hetcast_answer answer;
    const hetcast_status status = hetcast_nonblocking_plan(
        &r, algorithm, workspace.data(), workspace.size(), tasks.data(),
        tasks.capacity(), list_begin.data(), &answer, nullptr);
    FUZZ_CHECK(workspace.BeyondSizeIntact());
    FUZZ_CHECK(tasks.BeyondCapacityIntact());
    FUZZ_CHECK(list_begin.BeyondCapacityIntact());
    if (workspace_size < sizes.workspace_bytes) {
      // The size covers the worst alignment, so a little less may do.
      FUZZ_CHECK(status == HETCAST_WORKSPACE_TOO_SMALL ||
                 status == HETCAST_OK || status == HETCAST_OVERFLOW ||
                 status == HETCAST_OUTPUT_TOO_SMALL);
    }
    if (status == HETCAST_WORKSPACE_TOO_SMALL) {
      FUZZ_CHECK(tasks.Untouched());
      continue;
    }
    if (task_capacity < sizes.task_count) {
      FUZZ_CHECK_EQ(status, HETCAST_OUTPUT_TOO_SMALL);
      FUZZ_CHECK(tasks.Untouched());
      FUZZ_CHECK(list_begin.Untouched());
      continue;
    }
    FUZZ_CHECK(status == HETCAST_OK || status == HETCAST_OVERFLOW);
    if (status != HETCAST_OK) continue;
    FUZZ_CHECK_EQ(answer.algorithm, algorithm);
    FUZZ_CHECK_EQ(answer.node_count, r.node_count);
    hetcast_fuzz::CheckNonblockingPlan(r, answer, tasks.data(),
                                       sizes.task_count, list_begin.data(),
                                       sizes.workspace_bytes);
  }
}

// The unpinned answer is WRP's or critical-first's, no later than the
// other's, and WRP's when they tie.
void CheckNonblockingDefaultIsEarlier(const hetcast_nonblocking_request& r,
                                      const hetcast_nonblocking_sizes& sizes,
                                      const hetcast_answer& chosen) {
  FUZZ_CHECK(chosen.algorithm == HETCAST_ALGORITHM_WRP ||
             chosen.algorithm == HETCAST_ALGORITHM_CRITICAL_FIRST);
  const hetcast_algorithm other = chosen.algorithm == HETCAST_ALGORITHM_WRP
                                      ? HETCAST_ALGORITHM_CRITICAL_FIRST
                                      : HETCAST_ALGORITHM_WRP;
  // At least one entry each: an empty vector's data() may be null.
  std::vector<unsigned char> workspace(
      std::max<size_t>(sizes.workspace_bytes, 1));
  std::vector<hetcast_nonblocking_task> tasks(
      std::max<size_t>(sizes.task_count, 1));
  std::vector<size_t> begin(r.node_count + 1);
  hetcast_answer answer;
  const hetcast_status status = hetcast_nonblocking_plan(
      &r, other, workspace.data(), workspace.size(), tasks.data(), tasks.size(),
      begin.data(), &answer, nullptr);
  if (status == HETCAST_OVERFLOW) {
    // The other has no finite completion: the chosen one is earlier by
    // definition, and it is WRP (critical-first is taken only when it is
    // strictly earlier than WRP's). Found by the fuzzer: corpus/
    // nonblocking_graph_api/nonblocking_default_critical_first_overflows.
    FUZZ_CHECK_EQ(chosen.algorithm, HETCAST_ALGORITHM_WRP);
    return;
  }
  FUZZ_CHECK_EQ(status, HETCAST_OK);
  FUZZ_CHECK(chosen.completion_time <= answer.completion_time);
  if (chosen.completion_time == answer.completion_time) {
    FUZZ_CHECK_EQ(chosen.algorithm, HETCAST_ALGORITHM_WRP);
  }
}

// hetcast_plan into exact arrays must give what hetcast_nonblocking_plan gives
// with the chosen algorithm, byte for byte, and each participant its own list.
void CheckNonblockingPlanner(ByteReader& in, const hetcast_request& request,
                             const hetcast_nonblocking_sizes& sizes) {
  const hetcast_nonblocking_request& r = *request.nonblocking;
  hetcast_sizes planner_sizes;
  FUZZ_CHECK_EQ(hetcast_plan_sizes(&request, &planner_sizes, nullptr),
                HETCAST_OK);
  FUZZ_CHECK_EQ(planner_sizes.task_count, sizes.task_count);
  FUZZ_CHECK_EQ(planner_sizes.list_begin_count, r.node_count + 1);
  hetcast_fuzz::NonblockingPlannerRun run(request, planner_sizes);
  const hetcast_status status = run.status;
  CanaryArray<hetcast_nonblocking_task>& tasks = run.tasks;
  CanaryArray<size_t>& list_begin = run.list_begin;
  CanaryWorkspace& workspace = run.workspace;
  const char* error = nullptr;
  const hetcast_plan_info& info = run.info;
  CanaryWorkspace direct_workspace(sizes.workspace_bytes);
  CanaryArray<hetcast_nonblocking_task> direct(sizes.task_count);
  CanaryArray<size_t> direct_begin(r.node_count + 1);
  hetcast_answer answer;
  // Unpinned, the planner answers the earlier of WRP and critical-first
  // (WRP on ties): the direct call runs the one it names.
  const hetcast_algorithm chosen =
      request.algorithm != HETCAST_ALGORITHM_NONE ? request.algorithm
      : status == HETCAST_OK                      ? info.answer.algorithm
                                                  : planner_sizes.algorithm;
  const hetcast_status direct_status = hetcast_nonblocking_plan(
      &r, chosen, direct_workspace.data(), direct_workspace.size(),
      direct.data(), direct.capacity(), direct_begin.data(), &answer, nullptr);
  FUZZ_CHECK_EQ(status, direct_status);
  if (status != HETCAST_OK) return;
  if (request.algorithm == HETCAST_ALGORITHM_NONE) {
    CheckNonblockingDefaultIsEarlier(r, sizes, info.answer);
  }
  FUZZ_CHECK_EQ(info.answer.completion_time, answer.completion_time);
  FUZZ_CHECK_EQ(info.answer.lower_bound, answer.lower_bound);
  FUZZ_CHECK(std::memcmp(tasks.data(), direct.data(),
                         sizes.task_count * sizeof(hetcast_nonblocking_task)) ==
             0);
  FUZZ_CHECK(std::memcmp(list_begin.data(), direct_begin.data(),
                         (r.node_count + 1) * sizeof(size_t)) == 0);
  const uint32_t last = uint32_t(r.node_count - 1);
  for (uint32_t id : {0u, last, uint32_t(in.U8() % r.node_count)}) {
    const size_t begin = list_begin[id], count = list_begin[id + 1] - begin;
    CanaryArray<hetcast_nonblocking_task> own(count);
    hetcast_participant out = {};
    out.tasks = own.data();
    out.task_capacity = own.capacity();
    FUZZ_CHECK_EQ(hetcast_plan_participant(&request, id, workspace.data(),
                                           workspace.size(), &out, &error),
                  HETCAST_OK);
    FUZZ_CHECK_EQ(out.count, count);
    FUZZ_CHECK(own.BeyondCapacityIntact());
    FUZZ_CHECK(count == 0 ||
               std::memcmp(own.data(), &tasks[begin],
                           count * sizeof(hetcast_nonblocking_task)) == 0);
  }
}

// A request the sizes accepted: the per-node checks (costs, then the
// destinations' ids, which need the workspace), then planning.
void FuzzNonblockingAccepted(ByteReader& in, const NonblockingBuilt& b,
                             const NonblockingExpect& e,
                             const hetcast_nonblocking_sizes& sizes,
                             const hetcast_request& request, bool pin_ok) {
  const hetcast_nonblocking_request& r = b.request;
  CanaryWorkspace workspace(sizes.workspace_bytes);
  hetcast_nonblocking_rejection rejection;
  const char* why = nullptr;
  const hetcast_status checked = hetcast_nonblocking_check(
      &r, workspace.data(), workspace.size(), &rejection, &why);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK_EQ(hetcast_nonblocking_check(&r, nullptr, 0, nullptr, nullptr),
                e.cost_fault ? HETCAST_INVALID_ARGUMENT : HETCAST_OK);
  if (e.cost_fault || e.destination_fault) {
    FUZZ_CHECK_EQ(checked, HETCAST_INVALID_ARGUMENT);
    CheckNonblockingRejection(r, rejection, why, checked);
    CheckNonblockingRefused(r, sizes.workspace_bytes, checked);
    if (!pin_ok) return;
    hetcast_sizes planner_sizes;
    FUZZ_CHECK_EQ(hetcast_plan_sizes(&request, &planner_sizes, nullptr),
                  HETCAST_OK);
    // Sized alike, refused alike, with nothing written.
    const hetcast_fuzz::NonblockingPlannerRun run(request, planner_sizes);
    FUZZ_CHECK_EQ(run.status, checked);
    FUZZ_CHECK(run.tasks.Untouched());
    FUZZ_CHECK(run.list_begin.Untouched());
    FUZZ_CHECK(std::strcmp(run.error, why) == 0);
    return;
  }
  FUZZ_CHECK_EQ(checked, HETCAST_OK);
  PlanNonblockingDirect(in, r, sizes);
  if (pin_ok) CheckNonblockingPlanner(in, request, sizes);
}

void FuzzNonblocking(ByteReader& in) {
  NonblockingBuilt b;
  const uint8_t shape = in.U8();
  if (shape >= 240) {
    BuildNonblockingAtLimit(shape, &b);
  } else {
    BuildNonblockingSmall(in, shape, &b);
  }
  const hetcast_nonblocking_request& r = b.request;
  const NonblockingExpect e = ExpectNonblocking(b);
  hetcast_nonblocking_sizes sizes;
  const hetcast_status sized =
      hetcast_nonblocking_plan_sizes(&r, &sizes, nullptr);
  // The limits are exact: TOO_LARGE when (and only when, for a request
  // without other faults) one is exceeded.
  if (sized == HETCAST_OK) {
    FUZZ_CHECK(!e.null_array && !e.shape_fault && !e.too_large);
    FUZZ_CHECK_EQ(sizes.task_count % 2, 0);
  } else if (sized == HETCAST_TOO_LARGE) {
    FUZZ_CHECK(e.too_large);
  } else {
    FUZZ_CHECK_EQ(sized, HETCAST_INVALID_ARGUMENT);
    FUZZ_CHECK(e.null_array || e.shape_fault);
  }
  if (!e.null_array && !e.shape_fault) {
    FUZZ_CHECK_EQ(sized, e.too_large ? HETCAST_TOO_LARGE : HETCAST_OK);
  }
  // The planner agrees, and its error is the check's reason.
  hetcast_request request = {};
  request.model = HETCAST_MODEL_NONBLOCKING;
  request.algorithm = PickAlgorithm(in);
  request.nonblocking = &r;
  const bool pin_ok = request.algorithm == HETCAST_ALGORITHM_NONE ||
                      (request.algorithm >= HETCAST_ALGORITHM_FEF &&
                       request.algorithm <= HETCAST_ALGORITHM_WRP) ||
                      request.algorithm == HETCAST_ALGORITHM_CRITICAL_FIRST;
  hetcast_sizes planner_sizes;
  const char* error = nullptr;
  const hetcast_status planner_sized =
      hetcast_plan_sizes(&request, &planner_sizes, &error);
  FUZZ_CHECK(planner_sized == HETCAST_OK || (error != nullptr && *error));
  if (!pin_ok) {
    FUZZ_CHECK_EQ(planner_sized, HETCAST_INVALID_ARGUMENT);
  } else {
    FUZZ_CHECK_EQ(planner_sized, sized);
  }
  if (sized != HETCAST_OK) {
    hetcast_nonblocking_rejection rejection;
    const char* why = nullptr;
    FUZZ_CHECK_EQ(hetcast_nonblocking_check(&r, nullptr, 0, &rejection, &why),
                  sized);
    CheckNonblockingRejection(r, rejection, why, sized);
    if (pin_ok) FUZZ_CHECK(std::strcmp(error, why) == 0);
    if (b.small) CheckNonblockingRefused(r, 256, sized);
    return;
  }
  if (!b.small) return;
  FuzzNonblockingAccepted(in, b, e, sizes, request, pin_ok);
}

// ---------------------------------------------------------------------------
// Graph model.

struct GraphExpect {
  bool too_large = false;       // node or edge count past its limit
  bool work_too_large = false;  // HETCAST_GRAPH_MAX_WORK (after the shape)
  bool shape_fault = false;     // what hetcast_graph_plan_sizes checks
  bool duplicate_edge = false;  // what hetcast_graph_check adds
  bool plan_fault = false;      // a target twice, or unreachable
};

struct GraphBuilt {
  hetcast_graph_request request = {};
  std::vector<hetcast_graph_edge> edges;
  std::vector<uint32_t> targets;
  bool small = true;
};

// At a node limit or past it, with one edge and one target; or at the work
// limit, 2^12 targets x (2^13 nodes + 2^16 - 2^13 edges) = 2^28, and one
// edge past it (sized only).
void BuildGraphAtLimit(uint8_t shape, GraphBuilt* b) {
  static const size_t kNodes[] = {HETCAST_GRAPH_MAX_NODES,
                                  HETCAST_GRAPH_MAX_NODES + 1, size_t{1} << 33};
  b->small = false;
  if (shape % 5 < 3) {
    b->edges = {{0, 1, 1}};
    b->targets = {1};
    b->request = {
        kNodes[shape % 5], b->edges.data(), 1, 0, b->targets.data(), 1, 0};
    return;
  }
  const uint32_t n = 1u << 13;
  const size_t m = (size_t{1} << 16) - n + shape % 5 - 3;
  for (size_t e = 0; e < m; ++e) {
    // Node v to v + 1 + e / n: distinct edges, no self-loop.
    b->edges.push_back({uint32_t(e % n), uint32_t((e % n + 1 + e / n) % n), 1});
  }
  for (uint32_t t = 1; t <= 4096; ++t) b->targets.push_back(t);
  b->request = {n, b->edges.data(), m, 0, b->targets.data(), 4096, 0};
}

void BuildGraphSmall(ByteReader& in, uint8_t shape, GraphBuilt* b) {
  const size_t n = shape % (kMaxSmallNodes + 1);
  const size_t m = in.U8() % (kMaxSmallEdges + 1);
  b->edges.resize(m);
  for (hetcast_graph_edge& edge : b->edges) {
    edge.from = SomeId(in, n);
    // Mostly another node than `from`.
    const uint8_t to = in.U8();
    edge.to = to < 250 && n >= 2 ? uint32_t((edge.from + 1 + to % (n - 1)) % n)
                                 : SomeId(in, n);
    edge.cost = EdgyValue(in, 9);
  }
  const uint32_t source = SomeId(in, n);
  const uint8_t count_byte = in.U8();
  size_t count = n > 0 ? count_byte % n : 0;
  if (count_byte >= 250) count = n;
  b->targets = DistinctOthers(in, n, source, count);
  const uint8_t flags = in.U8();
  b->request = {n,
                b->edges.data(),
                m,
                source,
                b->targets.data(),
                count,
                flags < 200 ? flags % 2u : flags};
  const uint8_t null_pick = in.U8();
  if (null_pick >= 253) b->request.targets = nullptr;
  if (null_pick >= 250 && null_pick < 253) b->request.edges = nullptr;
}

// Every target reached from the source over the edges (breadth first).
bool AllReachable(const hetcast_graph_request& r) {
  std::vector<char> seen(r.node_count, 0);
  std::vector<uint32_t> queue = {r.source};
  seen[r.source] = 1;
  for (size_t head = 0; head < queue.size(); ++head) {
    for (size_t e = 0; e < r.edge_count; ++e) {
      if (r.edges[e].from == queue[head] && !seen[r.edges[e].to]) {
        seen[r.edges[e].to] = 1;
        queue.push_back(r.edges[e].to);
      }
    }
  }
  for (size_t i = 0; i < r.target_count; ++i) {
    if (!seen[r.targets[i]]) return false;
  }
  return true;
}

// The target's own reading of hetcast.h's rules for a graph request.
GraphExpect ExpectGraph(const GraphBuilt& b) {
  const hetcast_graph_request& r = b.request;
  GraphExpect e;
  const size_t n = r.node_count;
  e.too_large =
      n > HETCAST_GRAPH_MAX_NODES || r.edge_count > HETCAST_GRAPH_MAX_EDGES;
  e.shape_fault = n < 2 || r.edge_count == 0 || r.edges == nullptr ||
                  r.source >= n || r.target_count == 0 ||
                  r.targets == nullptr || r.target_count >= n ||
                  (r.flags & ~HETCAST_GRAPH_MCPH_LITERAL_UPDATE) != 0;
  for (size_t i = 0; r.edges != nullptr && i < r.edge_count; ++i) {
    const hetcast_graph_edge& edge = r.edges[i];
    if (edge.from >= n || edge.to >= n || edge.from == edge.to ||
        edge.cost == 0 || edge.cost > HETCAST_MAX_COST) {
      e.shape_fault = true;
    }
    // Repeats are looked for in small requests only (quadratic here; the
    // limit shapes' edges and targets are distinct by construction).
    for (size_t j = 0; b.small && j < i; ++j) {
      if (r.edges[j].from == edge.from && r.edges[j].to == edge.to) {
        e.duplicate_edge = true;
      }
    }
  }
  for (size_t i = 0; r.targets != nullptr && i < r.target_count; ++i) {
    if (r.targets[i] >= n || r.targets[i] == r.source) e.shape_fault = true;
    if (b.small &&
        std::find(r.targets, r.targets + i, r.targets[i]) != r.targets + i) {
      e.plan_fault = true;
    }
  }
  e.work_too_large = (unsigned __int128)r.target_count *
                         ((unsigned __int128)n + r.edge_count) >
                     HETCAST_GRAPH_MAX_WORK;
  if (!e.too_large && !e.shape_fault && b.small && !AllReachable(r)) {
    e.plan_fault = true;
  }
  return e;
}

// The field a graph rejection names must be at fault in `r`.
void CheckGraphRejection(const hetcast_graph_request& r,
                         const hetcast_graph_rejection& rejection,
                         const char* why, hetcast_status status) {
  FUZZ_CHECK(why != nullptr && why[0] != '\0');
  const size_t n = r.node_count, m = r.edge_count;
  const size_t i = rejection.index;
  switch (rejection.field) {
    case HETCAST_GRAPH_FIELD_NONE:
      FUZZ_CHECK((r.flags & ~HETCAST_GRAPH_MCPH_LITERAL_UPDATE) != 0);
      break;
    case HETCAST_GRAPH_FIELD_NODE_COUNT:
      FUZZ_CHECK(status == HETCAST_TOO_LARGE ? n > HETCAST_GRAPH_MAX_NODES
                                             : n < 2);
      break;
    case HETCAST_GRAPH_FIELD_EDGE_COUNT:
      FUZZ_CHECK(status == HETCAST_TOO_LARGE ? m > HETCAST_GRAPH_MAX_EDGES
                                             : m == 0 || r.edges == nullptr);
      break;
    case HETCAST_GRAPH_FIELD_EDGE:
      FUZZ_CHECK(i < m && (r.edges[i].from >= n || r.edges[i].to >= n ||
                           r.edges[i].from == r.edges[i].to));
      break;
    case HETCAST_GRAPH_FIELD_EDGE_COST:
      FUZZ_CHECK(i < m &&
                 (r.edges[i].cost == 0 || r.edges[i].cost > HETCAST_MAX_COST));
      break;
    case HETCAST_GRAPH_FIELD_DUPLICATE_EDGE:
      FUZZ_CHECK(i < m && rejection.item < i &&
                 r.edges[i].from == r.edges[rejection.item].from &&
                 r.edges[i].to == r.edges[rejection.item].to);
      break;
    case HETCAST_GRAPH_FIELD_SOURCE:
      FUZZ_CHECK(r.source >= n);
      break;
    case HETCAST_GRAPH_FIELD_TARGETS:
      if (status == HETCAST_TOO_LARGE) {
        FUZZ_CHECK((unsigned __int128)r.target_count * (n + m) >
                   HETCAST_GRAPH_MAX_WORK);
      } else {
        FUZZ_CHECK(r.target_count == 0 || r.targets == nullptr ||
                   r.target_count >= n);
      }
      break;
    case HETCAST_GRAPH_FIELD_TARGET:
      FUZZ_CHECK(i < r.target_count &&
                 (r.targets[i] >= n || r.targets[i] == r.source));
      break;
    default:
      FUZZ_CHECK(false);  // Not a field.
  }
}

// hetcast_graph_plan and hetcast_plan, both with `algorithm`, into canary
// arrays of `capacity` entries: the same status from both, which is
// returned; `untouched` asserts that nothing was written to the arrays.
hetcast_status GraphPlanInto(const hetcast_request& request,
                             hetcast_algorithm algorithm, size_t capacity,
                             size_t workspace_bytes, bool untouched) {
  CanaryWorkspace workspace(workspace_bytes);
  CanaryArray<hetcast_graph_route_edge> tree_edges(capacity);
  CanaryArray<hetcast_graph_slot> slots(capacity);
  hetcast_graph_answer answer;
  const hetcast_status direct = hetcast_graph_plan(
      request.graph, algorithm, workspace.data(), workspace.size(),
      tree_edges.data(), tree_edges.capacity(), slots.data(), slots.capacity(),
      &answer, nullptr);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  if (untouched) FUZZ_CHECK(tree_edges.Untouched() && slots.Untouched());
  hetcast_request pinned = request;
  pinned.algorithm = algorithm;
  hetcast_plan_output output = {};
  output.tree_edges = tree_edges.data();
  output.tree_edge_capacity = tree_edges.capacity();
  output.slots = slots.data();
  output.slot_capacity = slots.capacity();
  hetcast_plan_info info;
  const char* error = nullptr;
  const hetcast_status planned = hetcast_plan(
      &pinned, workspace.data(), workspace.size(), &output, &info, &error);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  if (untouched) FUZZ_CHECK(tree_edges.Untouched() && slots.Untouched());
  if (planned != HETCAST_OK) FUZZ_CHECK(error != nullptr && *error != '\0');
  FUZZ_CHECK_EQ(planned, direct);
  return direct;
}

// hetcast_plan must give hetcast_graph_plan's tree and slots byte for byte,
// and each participant its own slots (in the plan's order) and parent.
void CheckGraphPlanner(ByteReader& in, const hetcast_request& request,
                       const hetcast_graph_answer& answer,
                       const hetcast_graph_route_edge* tree_edges,
                       const hetcast_graph_slot* slots) {
  hetcast_sizes sizes;
  FUZZ_CHECK_EQ(hetcast_plan_sizes(&request, &sizes, nullptr), HETCAST_OK);
  CanaryWorkspace workspace(sizes.workspace_bytes);
  CanaryArray<hetcast_graph_route_edge> planned_edges(sizes.tree_edge_count);
  CanaryArray<hetcast_graph_slot> planned_slots(sizes.slot_count);
  hetcast_plan_output output = {};
  output.tree_edges = planned_edges.data();
  output.tree_edge_capacity = planned_edges.capacity();
  output.slots = planned_slots.data();
  output.slot_capacity = planned_slots.capacity();
  hetcast_plan_info info;
  const char* error = nullptr;
  FUZZ_CHECK_EQ(hetcast_plan(&request, workspace.data(), workspace.size(),
                             &output, &info, &error),
                HETCAST_OK);
  FUZZ_CHECK_EQ(info.graph.period, answer.period);
  FUZZ_CHECK_EQ(info.answer.transfer_count, answer.tree_edge_count);
  FUZZ_CHECK(std::memcmp(planned_edges.data(), tree_edges,
                         answer.tree_edge_count * sizeof(*tree_edges)) == 0);
  FUZZ_CHECK(std::memcmp(planned_slots.data(), slots,
                         answer.slot_count * sizeof(*slots)) == 0);
  const size_t n = request.graph->node_count;
  for (uint32_t id : {request.graph->source, uint32_t(in.U8() % n)}) {
    std::vector<hetcast_graph_slot> expected;
    uint32_t parent = HETCAST_NO_NODE;
    for (size_t i = 0; i < answer.slot_count; ++i) {
      if (slots[i].from == id) expected.push_back(slots[i]);
      if (slots[i].to == id) parent = slots[i].from;
    }
    CanaryArray<hetcast_graph_slot> own(expected.size());
    hetcast_participant out = {};
    out.slots = own.data();
    out.slot_capacity = own.capacity();
    FUZZ_CHECK_EQ(hetcast_plan_participant(&request, id, workspace.data(),
                                           workspace.size(), &out, &error),
                  HETCAST_OK);
    FUZZ_CHECK_EQ(out.count, expected.size());
    FUZZ_CHECK_EQ(out.node.parent, parent);
    FUZZ_CHECK(own.BeyondCapacityIntact());
    FUZZ_CHECK(expected.empty() ||
               std::memcmp(own.data(), expected.data(),
                           expected.size() * sizeof(hetcast_graph_slot)) == 0);
  }
}

// An accepted request: MCPH into arrays near the sizes, the evaluator, and
// the planner's bytes and participants.
void PlanGraph(ByteReader& in, const hetcast_request& request,
               const hetcast_graph_sizes& sizes) {
  const hetcast_graph_request& r = *request.graph;
  const size_t capacity = NearCapacity(in, sizes.tree_edge_count);
  const size_t workspace_size = NearCapacity(in, sizes.workspace_bytes);
  CanaryWorkspace workspace(workspace_size);
  CanaryArray<hetcast_graph_route_edge> tree_edges(capacity);
  CanaryArray<hetcast_graph_slot> slots(capacity);
  hetcast_graph_answer answer;
  const hetcast_status status = hetcast_graph_plan(
      &r, HETCAST_ALGORITHM_MCPH, workspace.data(), workspace.size(),
      tree_edges.data(), capacity, slots.data(), capacity, &answer, nullptr);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK(tree_edges.BeyondCapacityIntact() && slots.BeyondCapacityIntact());
  if (capacity < sizes.tree_edge_count) {
    FUZZ_CHECK_EQ(status, HETCAST_OUTPUT_TOO_SMALL);
  } else if (workspace_size < sizes.workspace_bytes) {
    FUZZ_CHECK(status == HETCAST_WORKSPACE_TOO_SMALL || status == HETCAST_OK);
  } else {
    FUZZ_CHECK_EQ(status, HETCAST_OK);
  }
  if (status != HETCAST_OK) {
    FUZZ_CHECK(tree_edges.Untouched() && slots.Untouched());
    return;
  }
  FUZZ_CHECK(tree_edges.IntactFrom(answer.tree_edge_count));
  FUZZ_CHECK(slots.IntactFrom(answer.slot_count));
  hetcast_fuzz::CheckGraphPlan(r, answer, tree_edges.data(), slots.data());
  if (request.algorithm == HETCAST_ALGORITHM_NONE ||
      request.algorithm == HETCAST_ALGORITHM_MCPH) {
    CheckGraphPlanner(in, request, answer, tree_edges.data(), slots.data());
  }
}

void FuzzGraph(ByteReader& in) {
  GraphBuilt b;
  const uint8_t shape = in.U8();
  if (shape >= 240) {
    BuildGraphAtLimit(shape, &b);
  } else {
    BuildGraphSmall(in, shape, &b);
  }
  const hetcast_graph_request& r = b.request;
  const GraphExpect e = ExpectGraph(b);
  hetcast_graph_sizes sizes;
  const hetcast_status sized = hetcast_graph_plan_sizes(&r, &sizes, nullptr);
  FUZZ_CHECK_EQ(sized, e.too_large     ? HETCAST_TOO_LARGE
                       : e.shape_fault ? HETCAST_INVALID_ARGUMENT
                                       : (e.work_too_large ? HETCAST_TOO_LARGE
                                                           : HETCAST_OK));
  hetcast_graph_rejection rejection;
  const char* why = nullptr;
  FUZZ_CHECK_EQ(hetcast_graph_check(&r, nullptr, 0, &rejection, &why), sized);
  if (sized != HETCAST_OK) CheckGraphRejection(r, rejection, why, sized);
  hetcast_request request = {};
  request.model = HETCAST_MODEL_GRAPH;
  request.algorithm = PickAlgorithm(in);
  request.graph = &r;
  const bool pin_ok = request.algorithm == HETCAST_ALGORITHM_NONE ||
                      request.algorithm == HETCAST_ALGORITHM_MCPH;
  hetcast_sizes planner_sizes;
  const char* error = nullptr;
  FUZZ_CHECK_EQ(hetcast_plan_sizes(&request, &planner_sizes, &error),
                pin_ok ? sized : HETCAST_INVALID_ARGUMENT);
  if (sized != HETCAST_OK) {
    if (pin_ok) FUZZ_CHECK(std::strcmp(error, why) == 0);
    if (b.small) GraphPlanInto(request, HETCAST_ALGORITHM_MCPH, 8, 256, true);
    return;
  }
  if (!b.small) return;
  CanaryWorkspace workspace(sizes.workspace_bytes);
  const hetcast_status checked = hetcast_graph_check(
      &r, workspace.data(), workspace.size(), &rejection, &why);
  FUZZ_CHECK_EQ(checked,
                e.duplicate_edge ? HETCAST_INVALID_ARGUMENT : HETCAST_OK);
  if (checked != HETCAST_OK) CheckGraphRejection(r, rejection, why, checked);
  // Another model's algorithm is refused before anything is written.
  FUZZ_CHECK_EQ(
      GraphPlanInto(request, HETCAST_ALGORITHM_WRP, sizes.tree_edge_count,
                    sizes.workspace_bytes, true),
      HETCAST_INVALID_ARGUMENT);
  if (e.duplicate_edge || e.plan_fault) {
    FUZZ_CHECK_EQ(
        GraphPlanInto(request, HETCAST_ALGORITHM_MCPH, sizes.tree_edge_count,
                      sizes.workspace_bytes, true),
        HETCAST_INVALID_ARGUMENT);
    return;
  }
  PlanGraph(in, request, sizes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  if (in.U8() % 2 == 0) {
    FuzzNonblocking(in);
  } else {
    FuzzGraph(in);
  }
  return 0;
}
