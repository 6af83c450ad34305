// fuzz_check.h: what the fuzz targets share (tests only, never production).
//
// FUZZ_CHECK aborts with the failed condition, so libFuzzer records the
// input as a crash. The Check*Plan functions judge an answer the way the
// test suite does: through the model's evaluator, never through the
// planner's own arithmetic. Canary arrays hold a pattern beyond the part a
// call may write; CanaryIntact says whether a call wrote past it.
// Allocation counting uses the sanitizer allocator's hooks, so it sees
// malloc and operator new alike, and counts only inside NoAllocScope (the
// targets themselves allocate freely around the calls they check).
#ifndef HETCAST_TESTS_FUZZ_FUZZ_CHECK_H_
#define HETCAST_TESTS_FUZZ_FUZZ_CHECK_H_

#include <sanitizer/allocator_interface.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "hetcast/hetcast.h"

#define FUZZ_CHECK(condition)                                          \
  do {                                                                 \
    if (!(condition)) {                                                \
      std::fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, \
                   __LINE__, #condition);                              \
      std::abort();                                                    \
    }                                                                  \
  } while (0)

// As FUZZ_CHECK, printing two values that should have been equal.
#define FUZZ_CHECK_EQ(a, b)                                        \
  do {                                                             \
    const unsigned long long fuzz_a_ = (unsigned long long)(a);    \
    const unsigned long long fuzz_b_ = (unsigned long long)(b);    \
    if (fuzz_a_ != fuzz_b_) {                                      \
      std::fprintf(stderr,                                         \
                   "%s:%d: FUZZ_CHECK_EQ failed: %s (%llu) != %s " \
                   "(%llu)\n",                                     \
                   __FILE__, __LINE__, #a, fuzz_a_, #b, fuzz_b_);  \
      std::abort();                                                \
    }                                                              \
  } while (0)

namespace hetcast_fuzz {

// ---------------------------------------------------------------------------
// Allocation counting (the table path must allocate nothing).

// Per thread: libFuzzer's own threads (the RSS limit's watcher) allocate
// at any time, and only the fuzzing thread's calls are under test (a shared
// flag once made a seed-corpus pass fail at random).
inline size_t& AllocationsWhileCounting() {
  static thread_local size_t count = 0;
  return count;
}
inline bool& Counting() {
  static thread_local bool counting = false;
  return counting;
}
inline void CountMalloc(const volatile void*, size_t) {
  if (Counting()) ++AllocationsWhileCounting();
}
inline void IgnoreFree(const volatile void*) {}

// Installs the hooks once (call from LLVMFuzzerInitialize).
inline void InstallAllocationHooks() {
  __sanitizer_install_malloc_and_free_hooks(CountMalloc, IgnoreFree);
}

// Allocations made by the library calls inside the scope must be zero.
class NoAllocScope {
 public:
  NoAllocScope() : before_(AllocationsWhileCounting()) { Counting() = true; }
  ~NoAllocScope() {
    Counting() = false;
    FUZZ_CHECK(AllocationsWhileCounting() == before_);
  }

 private:
  size_t before_;
};

// ---------------------------------------------------------------------------
// Canary arrays: `capacity` usable entries, then kCanarySlack entries of a
// pattern; before a call every entry holds the pattern, so both "nothing
// written beyond capacity" and "nothing written at all" can be checked.

inline constexpr size_t kCanarySlack = 4;
inline constexpr unsigned char kCanaryByte = 0xA5;

template <typename T>
class CanaryArray {
 public:
  explicit CanaryArray(size_t capacity)
      : capacity_(capacity), bytes_((capacity + kCanarySlack) * sizeof(T)) {
    // Raw bytes, aligned for T through a vector of max_align_t-sized words.
    storage_.resize(
        (bytes_ + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t) + 1);
    std::memset(storage_.data(), kCanaryByte, bytes_);
  }
  T* data() { return reinterpret_cast<T*>(storage_.data()); }
  const T* data() const { return reinterpret_cast<const T*>(storage_.data()); }
  size_t capacity() const { return capacity_; }
  T& operator[](size_t i) { return data()[i]; }
  const T& operator[](size_t i) const { return data()[i]; }

  // True when entries [from, capacity + slack) still hold the pattern.
  bool IntactFrom(size_t from) const {
    const unsigned char* p = reinterpret_cast<const unsigned char*>(data());
    for (size_t i = from * sizeof(T); i < bytes_; ++i) {
      if (p[i] != kCanaryByte) return false;
    }
    return true;
  }
  bool BeyondCapacityIntact() const { return IntactFrom(capacity_); }
  bool Untouched() const { return IntactFrom(0); }

 private:
  size_t capacity_;
  size_t bytes_;
  std::vector<std::max_align_t> storage_;
};

// A workspace of `size` bytes with a canary after it.
class CanaryWorkspace {
 public:
  explicit CanaryWorkspace(size_t size) : array_(size) {}
  void* data() { return array_.data(); }
  size_t size() const { return array_.capacity(); }
  bool BeyondSizeIntact() const { return array_.BeyondCapacityIntact(); }

 private:
  CanaryArray<unsigned char> array_;
};

// ---------------------------------------------------------------------------
// A reader of fuzz bytes from the front (so seed files are easy to write by
// hand); past the end every read gives 0.

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t U16() { return uint16_t(U8() | U8() << 8); }
  uint64_t U64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t{U8()} << (8 * i);
    return v;
  }
  bool empty() const { return pos_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// A 64-bit value picked by one selector byte: mostly small, sometimes at
// the edges of the API's limits (0, 1, HETCAST_MAX_COST and its neighbours,
// 2^32 +- 1, UINT64_MAX and its neighbour), else eight more bytes.
inline uint64_t EdgyValue(ByteReader& in, uint64_t small_modulus) {
  const uint8_t selector = in.U8();
  if (selector < 200) return selector % small_modulus;
  switch (selector) {
    case 200:
      return 0;
    case 201:
      return 1;
    case 202:
      return HETCAST_MAX_COST - 1;
    case 203:
      return HETCAST_MAX_COST;
    case 204:
      return HETCAST_MAX_COST + 1;
    case 205:
      return (uint64_t{1} << 32) - 1;
    case 206:
      return uint64_t{1} << 32;
    case 207:
      return (uint64_t{1} << 32) + 1;
    case 208:
      return UINT64_MAX - 1;
    case 209:
      return UINT64_MAX;
    case 210:
      return uint64_t{1} << 31;
    case 211:
      return (uint64_t{1} << 31) - 1;
    default:
      return in.U64();
  }
}

// ---------------------------------------------------------------------------
// Evaluator checks.

inline bool SameNode(const hetcast_node& a, const hetcast_node& b) {
  return a.arrival == b.arrival && a.parent == b.parent && a.type == b.type &&
         a.send_index == b.send_index && a.is_relay == b.is_relay;
}

inline bool SameTransfer(const hetcast_transfer& a, const hetcast_transfer& b) {
  return a.from == b.from && a.to == b.to && a.start == b.start &&
         a.arrival == b.arrival;
}

// A node-model answer (canonical nodes[0, answer.node_count), transfers
// sorted by (start, from)) must pass hetcast_node_evaluate with the same
// nodes, transfers and completion time, and its lower bound must be a lower
// bound: at most the completion, and the doubling bound at most the
// completion too. `bound_is_doubling_or_better` (FNF and exact answers):
// the answer's bound is at least the doubling bound.
inline void CheckNodePlan(const hetcast_node_request& request,
                          const hetcast_answer& answer,
                          const hetcast_node* nodes,
                          const hetcast_transfer* transfers,
                          bool bound_is_doubling_or_better) {
  FUZZ_CHECK(answer.participant_count >= 1);
  FUZZ_CHECK_EQ(answer.transfer_count, answer.participant_count - 1);
  FUZZ_CHECK(answer.participant_count <= answer.node_count);
  FUZZ_CHECK(answer.lower_bound <= answer.completion_time);
  if (answer.exact) FUZZ_CHECK_EQ(answer.lower_bound, answer.completion_time);
  if (answer.lower_bound_kind == HETCAST_BOUND_EXACT) FUZZ_CHECK(answer.exact);

  std::vector<hetcast_send> sends(answer.transfer_count);
  for (size_t i = 0; i < sends.size(); ++i) {
    sends[i] = {transfers[i].from, transfers[i].to};
    if (i > 0) {
      FUZZ_CHECK(transfers[i - 1].start < transfers[i].start ||
                 (transfers[i - 1].start == transfers[i].start &&
                  transfers[i - 1].from <= transfers[i].from));
    }
  }
  size_t workspace_bytes = 0;
  FUZZ_CHECK_EQ(hetcast_node_evaluate_workspace_size(&request, sends.size(),
                                                     &workspace_bytes, nullptr),
                HETCAST_OK);
  std::vector<unsigned char> workspace(workspace_bytes);
  std::vector<hetcast_node> evaluated(answer.node_count);
  // The evaluator asks for room for node_count - 1 transfers (at most).
  std::vector<hetcast_transfer> evaluated_transfers(
      answer.node_count > 0 ? answer.node_count - 1 : 0);
  hetcast_answer evaluation;
  FUZZ_CHECK_EQ(hetcast_node_evaluate(
                    &request, sends.data(), sends.size(), workspace.data(),
                    workspace.size(), evaluated.data(), evaluated.size(),
                    evaluated_transfers.data(), evaluated_transfers.size(),
                    &evaluation, nullptr),
                HETCAST_OK);
  FUZZ_CHECK_EQ(evaluation.completion_time, answer.completion_time);
  FUZZ_CHECK_EQ(evaluation.node_count, answer.node_count);
  FUZZ_CHECK_EQ(evaluation.participant_count, answer.participant_count);
  for (size_t v = 0; v < answer.node_count; ++v) {
    FUZZ_CHECK(SameNode(evaluated[v], nodes[v]));
  }
  for (size_t i = 0; i < sends.size(); ++i) {
    FUZZ_CHECK(SameTransfer(evaluated_transfers[i], transfers[i]));
  }
  // The canonical relabelling of the plan is the plan itself.
  std::vector<hetcast_node> canonical(answer.node_count);
  FUZZ_CHECK_EQ(hetcast_node_evaluate_canonical(
                    &request, sends.data(), sends.size(), workspace.data(),
                    workspace.size(), canonical.data(), canonical.size(),
                    nullptr, 0, &evaluation, nullptr),
                HETCAST_OK);
  for (size_t v = 0; v < answer.node_count; ++v) {
    FUZZ_CHECK(SameNode(canonical[v], nodes[v]));
  }
  uint64_t doubling = 0;
  FUZZ_CHECK_EQ(hetcast_node_lower_bound(&request, &doubling, nullptr),
                HETCAST_OK);
  FUZZ_CHECK(doubling <= answer.completion_time);
  if (bound_is_doubling_or_better) FUZZ_CHECK(answer.lower_bound >= doubling);
}

// A cluster-model answer must pass hetcast_cluster_evaluate with the same
// arrivals, parents and completion, and a bound at most the completion.
inline void CheckClusterPlan(const hetcast_cluster_request& request,
                             const hetcast_answer& answer,
                             const hetcast_node* nodes,
                             const hetcast_transfer* transfers) {
  FUZZ_CHECK(answer.lower_bound <= answer.completion_time);
  if (answer.exact) FUZZ_CHECK_EQ(answer.lower_bound, answer.completion_time);
  size_t workspace_bytes = 0;
  FUZZ_CHECK_EQ(hetcast_cluster_evaluate_workspace_size(
                    &request, answer.transfer_count, &workspace_bytes, nullptr),
                HETCAST_OK);
  std::vector<unsigned char> workspace(workspace_bytes);
  std::vector<hetcast_node> evaluated(answer.node_count);
  std::vector<hetcast_transfer> evaluated_transfers(answer.transfer_count);
  hetcast_answer evaluation;
  FUZZ_CHECK_EQ(hetcast_cluster_evaluate(
                    &request, transfers, answer.transfer_count,
                    workspace.data(), workspace.size(), evaluated.data(),
                    evaluated.size(), evaluated_transfers.data(),
                    evaluated_transfers.size(), &evaluation, nullptr),
                HETCAST_OK);
  FUZZ_CHECK_EQ(evaluation.completion_time, answer.completion_time);
  FUZZ_CHECK_EQ(evaluation.lower_bound, answer.lower_bound);
  for (size_t v = 0; v < answer.node_count; ++v) {
    FUZZ_CHECK_EQ(evaluated[v].arrival, nodes[v].arrival);
    FUZZ_CHECK_EQ(evaluated[v].parent, nodes[v].parent);
  }
  for (size_t i = 0; i < answer.transfer_count; ++i) {
    FUZZ_CHECK(SameTransfer(evaluated_transfers[i], transfers[i]));
  }
}

// hetcast_plan of a non-blocking request into canary arrays and a workspace
// of exactly `sizes`; nothing may be written past them.
struct NonblockingPlannerRun {
  NonblockingPlannerRun(const hetcast_request& request,
                        const hetcast_sizes& sizes)
      : workspace(sizes.workspace_bytes),
        tasks(sizes.task_count),
        list_begin(sizes.list_begin_count) {
    hetcast_plan_output output = {};
    output.tasks = tasks.data();
    output.task_capacity = tasks.capacity();
    output.list_begin = list_begin.data();
    output.list_begin_capacity = list_begin.capacity();
    status = hetcast_plan(&request, workspace.data(), workspace.size(), &output,
                          &info, &error);
    FUZZ_CHECK(workspace.BeyondSizeIntact());
    FUZZ_CHECK(tasks.BeyondCapacityIntact());
    FUZZ_CHECK(list_begin.BeyondCapacityIntact());
  }
  CanaryWorkspace workspace;
  CanaryArray<hetcast_nonblocking_task> tasks;
  CanaryArray<size_t> list_begin;
  hetcast_plan_info info;
  const char* error = nullptr;
  hetcast_status status;
};

// A non-blocking answer: the task lists must pass hetcast_nonblocking_evaluate
// with the same times and completion; the bound is
// hetcast_nonblocking_lower_bound's and at most the completion.
inline void CheckNonblockingPlan(const hetcast_nonblocking_request& request,
                                 const hetcast_answer& answer,
                                 const hetcast_nonblocking_task* tasks,
                                 size_t task_count, const size_t* list_begin,
                                 size_t workspace_bytes) {
  FUZZ_CHECK(answer.lower_bound <= answer.completion_time);
  FUZZ_CHECK_EQ(list_begin[0], 0);
  FUZZ_CHECK_EQ(list_begin[request.node_count], task_count);
  std::vector<hetcast_nonblocking_task> copy(tasks, tasks + task_count);
  for (hetcast_nonblocking_task& task : copy)
    task.start = task.arrival = task.end = 7;
  std::vector<unsigned char> workspace(workspace_bytes);
  hetcast_answer evaluation;
  FUZZ_CHECK_EQ(hetcast_nonblocking_evaluate(
                    &request, copy.data(), copy.size(), list_begin,
                    workspace.data(), workspace.size(), &evaluation, nullptr),
                HETCAST_OK);
  FUZZ_CHECK_EQ(evaluation.completion_time, answer.completion_time);
  for (size_t i = 0; i < task_count; ++i) {
    FUZZ_CHECK_EQ(copy[i].start, tasks[i].start);
    FUZZ_CHECK_EQ(copy[i].arrival, tasks[i].arrival);
    FUZZ_CHECK_EQ(copy[i].end, tasks[i].end);
  }
  uint64_t bound = 0;
  FUZZ_CHECK_EQ(
      hetcast_nonblocking_lower_bound(&request, workspace.data(),
                                      workspace.size(), &bound, nullptr),
      HETCAST_OK);
  FUZZ_CHECK_EQ(bound, answer.lower_bound);
}

// A graph-model answer of MCPH: the schedule it describes ({period, 1
// message, 1 part, one route {0, 1}, tree edges, slots}) must pass
// hetcast_graph_evaluate with the throughput the answer claims, and the
// lower bound must not exceed the period per message.
inline void CheckGraphPlan(const hetcast_graph_request& request,
                           const hetcast_graph_answer& answer,
                           const hetcast_graph_route_edge* tree_edges,
                           const hetcast_graph_slot* slots) {
  FUZZ_CHECK_EQ(answer.tree_edge_count, answer.tree_node_count - 1);
  FUZZ_CHECK_EQ(answer.messages, 1);
  FUZZ_CHECK(answer.period >= 1);
  FUZZ_CHECK(answer.lower_bound_denominator >= 1);
  // lower bound <= period per message.
  FUZZ_CHECK((unsigned __int128)answer.lower_bound_numerator *
                 answer.period_denominator <=
             (unsigned __int128)answer.period_numerator *
                 answer.lower_bound_denominator);
  if (answer.exact) {
    FUZZ_CHECK((unsigned __int128)answer.lower_bound_numerator *
                   answer.period_denominator ==
               (unsigned __int128)answer.period_numerator *
                   answer.lower_bound_denominator);
  }
  const hetcast_graph_route route = {0, 1};
  hetcast_graph_schedule schedule = {};
  schedule.period = answer.period;
  schedule.messages = answer.messages;
  schedule.parts = 1;
  schedule.routes = &route;
  schedule.route_count = 1;
  schedule.route_edges = tree_edges;
  schedule.route_edge_count = answer.tree_edge_count;
  schedule.slots = slots;
  schedule.slot_count = answer.slot_count;
  size_t bytes = 0;
  FUZZ_CHECK_EQ(hetcast_graph_evaluate_workspace_size(&request, &schedule,
                                                      &bytes, nullptr),
                HETCAST_OK);
  CanaryWorkspace workspace(bytes);
  hetcast_graph_evaluation evaluation;
  const char* why = "";
  const hetcast_status evaluated =
      hetcast_graph_evaluate(&request, &schedule, workspace.data(),
                             workspace.size(), &evaluation, &why);
  if (evaluated != HETCAST_OK) {
    std::fprintf(stderr, "evaluator: %s (item %zu, node %u)\n", why,
                 evaluation.item, evaluation.node);
  }
  FUZZ_CHECK_EQ(evaluated, HETCAST_OK);
  FUZZ_CHECK(workspace.BeyondSizeIntact());
  FUZZ_CHECK_EQ(evaluation.violation, HETCAST_GRAPH_VALID);
  FUZZ_CHECK_EQ(evaluation.throughput_numerator, answer.throughput_numerator);
  FUZZ_CHECK_EQ(evaluation.throughput_denominator,
                answer.throughput_denominator);
  FUZZ_CHECK_EQ(evaluation.period_numerator, answer.period_numerator);
  FUZZ_CHECK_EQ(evaluation.period_denominator, answer.period_denominator);
  FUZZ_CHECK(evaluation.busy_period <= answer.period);
}

// A node or cluster request that hetcast_plan_sizes refused with `sized`:
// hetcast_plan refuses it the same way and writes nothing to its outputs
// (canary arrays) or past its workspace.
inline void CheckPlanRefusedUntouched(const hetcast_request& request,
                                      hetcast_status sized) {
  CanaryArray<hetcast_node> nodes(8);
  CanaryArray<hetcast_transfer> transfers(8);
  CanaryWorkspace workspace(1024);
  hetcast_plan_output output = {};
  output.nodes = nodes.data();
  output.node_capacity = nodes.capacity();
  output.transfers = transfers.data();
  output.transfer_capacity = transfers.capacity();
  hetcast_plan_info info;
  const char* error = nullptr;
  FUZZ_CHECK_EQ(hetcast_plan(&request, workspace.data(), workspace.size(),
                             &output, &info, &error),
                sized);
  FUZZ_CHECK(error != nullptr && error[0] != '\0');
  FUZZ_CHECK(nodes.Untouched());
  FUZZ_CHECK(transfers.Untouched());
  FUZZ_CHECK(workspace.BeyondSizeIntact());
}

}  // namespace hetcast_fuzz

#endif  // HETCAST_TESTS_FUZZ_FUZZ_CHECK_H_
