// evaluator.cc: structure -> times for the heterogeneous node model,
// and the doubling lower bound.
#include "runtime/node/evaluator.h"

#include "runtime/reject.h"

namespace hetcast {
namespace internal {

bool AllocateEvaluatorScratch(const NodeLayout& layout, size_t send_count,
                              Arena* arena, EvaluatorScratch* scratch) {
  const size_t n = layout.node_count;
  scratch->offsets = arena->Allocate<uint32_t>(n + 1);
  scratch->cursor = arena->Allocate<uint32_t>(n);
  scratch->children =
      arena->Allocate<uint32_t>(send_count > 0 ? send_count : 1);
  scratch->queue = arena->Allocate<uint32_t>(n);
  return !arena->failed();
}

hetcast_status EvaluateStructure(const NodeLayout& layout,
                                 const hetcast_send* sends, size_t send_count,
                                 const EvaluatorScratch& scratch,
                                 hetcast_node* nodes, uint64_t* completion,
                                 size_t* participants, const char** why) {
  const uint32_t n = layout.node_count;
  ResetNodes(layout, nodes);
  // Pass 1: ranges, single receipt, and the number of sends per sender.
  uint32_t* offsets = scratch.offsets;
  for (uint32_t v = 0; v <= n; ++v) offsets[v] = 0;
  for (size_t i = 0; i < send_count; ++i) {
    const hetcast_send& send = sends[i];
    if (send.from >= n || send.to >= n || send.to == 0 ||
        send.from == send.to) {
      return Reject(HETCAST_INVALID_SCHEDULE,
                    "a send names an id out of range, or the source or its "
                    "sender as its receiver",
                    why);
    }
    if (nodes[send.to].parent != HETCAST_NO_NODE) {
      return Reject(HETCAST_INVALID_SCHEDULE, "a node receives twice", why);
    }
    nodes[send.to].parent = send.from;
    ++offsets[send.from + 1];
  }
  for (uint32_t v = 0; v < n; ++v) offsets[v + 1] += offsets[v];
  // Pass 2: children of each sender in the order their sends appear.
  for (uint32_t v = 0; v < n; ++v) scratch.cursor[v] = offsets[v];
  for (size_t i = 0; i < send_count; ++i) {
    const uint32_t from = sends[i].from;
    const uint32_t slot = scratch.cursor[from]++;
    scratch.children[slot] = sends[i].to;
    nodes[sends[i].to].send_index = slot - offsets[from] + 1;
  }
  // Pass 3: times, from the source outwards. Without idling, the i-th send
  // of v arrives at t(v) + i * C(v).
  uint32_t head = 0;
  uint32_t tail = 0;
  scratch.queue[tail++] = 0;
  nodes[0].arrival = 0;
  while (head < tail) {
    const uint32_t v = scratch.queue[head++];
    const uint64_t cost = layout.cost[nodes[v].type];
    uint64_t time = nodes[v].arrival;
    for (uint32_t slot = offsets[v]; slot < offsets[v + 1]; ++slot) {
      if (__builtin_add_overflow(time, cost, &time) || time == HETCAST_NEVER) {
        return Reject(HETCAST_OVERFLOW,
                      "a send would land at HETCAST_NEVER (2^64 - 1)", why);
      }
      const uint32_t child = scratch.children[slot];
      nodes[child].arrival = time;
      scratch.queue[tail++] = child;
    }
  }
  // Whatever received but was not reached from the source got the message
  // from a node that never had it (or from a cycle).
  uint64_t last = 0;
  for (uint32_t v = 1; v < n; ++v) {
    const hetcast_node& node = nodes[v];
    if (node.parent != HETCAST_NO_NODE && node.arrival == HETCAST_NEVER) {
      return Reject(HETCAST_INVALID_SCHEDULE,
                    "a node receives from a node the source's sends never "
                    "reach (or from a cycle)",
                    why);
    }
    if (!node.is_relay) {
      if (node.arrival == HETCAST_NEVER) {
        return Reject(HETCAST_INVALID_SCHEDULE,
                      "a destination never receives the message", why);
      }
      if (node.arrival > last) last = node.arrival;
    }
  }
  *completion = last;
  *participants = tail;
  return HETCAST_OK;
}

namespace {

// Nodes informed by time `horizon` at most, saturating at `cap` (see
// hetcast_node_lower_bound): 1 + sum_{i >= 1, i * source_cost <= horizon}
// 2^floor((horizon - i * source_cost) / fastest).
uint64_t InformedAtMost(uint64_t horizon, uint64_t source_cost,
                        uint64_t fastest, uint64_t cap) {
  uint64_t informed = 1;
  const uint64_t sends = horizon / source_cost;
  uint64_t i = 1;
  while (i <= sends && informed < cap) {
    const uint64_t left = horizon - i * source_cost;  // i <= sends: no wrap.
    const uint64_t exponent = left / fastest;
    // Every i up to `last` leaves the same exponent.
    const uint64_t last_i = (horizon - exponent * fastest) / source_cost;
    const uint64_t group = (last_i < sends ? last_i : sends) - i + 1;
    if (exponent >= 63) return cap;
    const uint64_t subtree = uint64_t{1} << exponent;
    uint64_t added;
    if (__builtin_mul_overflow(group, subtree, &added) ||
        __builtin_add_overflow(informed, added, &informed)) {
      return cap;
    }
    i += group;
  }
  return informed < cap ? informed : cap;
}

}  // namespace

hetcast_status DoublingLowerBound(const NodeLayout& layout,
                                  uint64_t* lower_bound) {
  *lower_bound = 0;
  if (layout.destination_total == 0) return HETCAST_OK;
  uint64_t fastest = HETCAST_NEVER;
  for (uint32_t c = 0; c < layout.class_count; ++c) {
    if (layout.SizeOfClass(c) > 0 && layout.CostOfClass(c) < fastest) {
      fastest = layout.CostOfClass(c);
    }
  }
  const uint64_t source_cost = layout.cost[layout.source_type];
  const uint64_t need = uint64_t{layout.destination_total} + 1;
  // f(T) is non-decreasing in T; find the least T with f(T) >= need.
  // f(D * C_s) >= need (the source alone), if that product fits.
  uint64_t high;
  if (__builtin_mul_overflow(uint64_t{layout.destination_total}, source_cost,
                             &high) ||
      high == HETCAST_NEVER) {
    high = HETCAST_NEVER - 1;
    if (InformedAtMost(high, source_cost, fastest, need) < need) {
      return HETCAST_OVERFLOW;
    }
  }
  uint64_t low = source_cost;  // f(T) = 1 for T < C_s.
  if (low > high) low = high;
  while (low < high) {
    const uint64_t mid = low + (high - low) / 2;
    if (InformedAtMost(mid, source_cost, fastest, need) >= need) {
      high = mid;
    } else {
      low = mid + 1;
    }
  }
  *lower_bound = low;
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
