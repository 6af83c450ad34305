// lower_bound.cc: the nested-slots bound (see lower_bound.h for the proof).
#include "runtime/node/lower_bound.h"

#include "runtime/node/fnf.h"

namespace hetcast {
namespace internal {
namespace {

inline uint64_t SaturatingAdd(uint64_t a, uint64_t b) {
  uint64_t sum;
  return __builtin_add_overflow(a, b, &sum) ? HETCAST_NEVER : sum;
}

// floor(a * b / c) and its remainder, exactly, without 128-bit types (the
// runtime also builds for Cortex-M). False when the quotient needs more
// than 64 bits.
bool MulDiv(uint64_t a, uint64_t b, uint64_t c, uint64_t* quotient,
            uint64_t* remainder) {
  uint64_t product;
  if (!__builtin_mul_overflow(a, b, &product)) {
    *quotient = product / c;
    *remainder = product % c;
    return true;
  }
  // 128-bit product hi:lo from 32-bit halves.
  const uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
  const uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
  const uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo;
  const uint64_t hh = a_hi * b_hi;
  const uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
  uint64_t lo = (mid << 32) | (ll & 0xffffffffu);
  if (hi >= c) return false;
  // Long division of hi:lo by c, one bit at a time; hi stays < c.
  uint64_t q = 0;
  for (int bit = 63; bit >= 0; --bit) {
    const bool carry = (hi >> 63) != 0;
    hi = (hi << 1) | (lo >> 63);
    lo <<= 1;
    q <<= 1;
    if (carry || hi >= c) {
      hi -= c;
      q |= 1;
    }
  }
  *quotient = q;
  *remainder = hi;
  return true;
}

// The i-th element (i >= 1) of S_j for j >= anchor, or HETCAST_NEVER.
// elem_r(i) = i c_r; elem_j(i) = elem_{j-1}(floor(i c_j / c_{j-1})).
// Elements are distinct positive integers, so elem_j(i) >= i: an index
// that does not fit means an element that does not fit.
uint64_t SlowerElement(const SlotLadder& ladder, uint32_t j, uint64_t i) {
  while (j > ladder.anchor) {
    uint64_t remainder;
    if (!MulDiv(i, ladder.cost[j], ladder.cost[j - 1], &i, &remainder)) {
      return HETCAST_NEVER;
    }
    --j;
  }
  uint64_t element;
  if (__builtin_mul_overflow(i, ladder.cost[j], &element)) {
    return HETCAST_NEVER;
  }
  return element;
}

// The least i with elem_j(i) > x, for j >= anchor: x / c_r + 1 at the
// anchor, and since elem_j(i) > x iff phi_j(i) >= p (p the index at j - 1)
// iff i c_j >= p c_{j-1}, i = ceil(p c_{j-1} / c_j) <= p above it.
uint64_t SlowerNextIndex(const SlotLadder& ladder, uint32_t j, uint64_t x) {
  uint64_t index = x / ladder.cost[ladder.anchor] + 1;
  for (uint32_t level = ladder.anchor + 1; level <= j; ++level) {
    uint64_t quotient, remainder;
    // p c_{j-1} / c_j < p fits, so MulDiv cannot fail here.
    MulDiv(index, ladder.cost[level - 1], ladder.cost[level], &quotient,
           &remainder);
    index = quotient + (remainder != 0 ? 1 : 0);
  }
  return index;
}

// m * c, or HETCAST_NEVER.
inline uint64_t MulOrNever(uint64_t m, uint64_t c) {
  uint64_t product;
  return __builtin_mul_overflow(m, c, &product) ? HETCAST_NEVER : product;
}

// The window rule for j < anchor (lower_bound.h): S_j is S_{j+1} plus m c_j
// for every window ((m-1) c_j, m c_j] that S_{j+1} leaves empty.
uint64_t FasterNext(const SlotLadder& ladder, uint32_t j, uint64_t x) {
  const uint64_t c = ladder.cost[j];
  const uint64_t m = x / c + 1;  // x + 1 lies in window m.
  const uint64_t window_end = MulOrNever(m, c);
  const uint64_t first = NextSlotOffset(ladder, j + 1, (m - 1) * c);
  if (first > window_end) return window_end;  // Window m empty: m c added.
  if (first > x) return first;  // Window m holds it, so m c is not added.
  // Window m is not empty and its S_{j+1} offsets are all <= x.
  const uint64_t next = NextSlotOffset(ladder, j + 1, x);
  const uint64_t following_end = MulOrNever(m + 1, c);
  return next <= following_end ? next : following_end;
}

// Min-heap of cohorts by key.
struct CohortHeap {
  NestedSlotCohort* items;
  uint32_t size;

  void Push(const NestedSlotCohort& cohort) {
    uint32_t i = size++;
    while (i > 0) {
      const uint32_t parent = (i - 1) / 2;
      if (items[parent].key <= cohort.key) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = cohort;
  }
  NestedSlotCohort Pop() {
    const NestedSlotCohort top = items[0];
    const NestedSlotCohort last = items[--size];
    uint32_t i = 0;
    for (;;) {
      uint32_t child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && items[child + 1].key < items[child].key) {
        ++child;
      }
      if (last.key <= items[child].key) break;
      items[i] = items[child];
      i = child;
    }
    if (size > 0) items[i] = last;
    return top;
  }
};

// The pool: distinct costs of the classes with ids, ascending, and how many
// ids (destinations plus relays) have each.
struct Pool {
  uint32_t rank_count = 0;
  uint64_t* cost = nullptr;   // type_count entries (from the arena).
  uint64_t* count = nullptr;  // type_count entries.
  uint64_t* left = nullptr;   // type_count entries: RunGreedy's.
};

// Carves the pool's arrays (measuring when `arena` measures).
bool CarvePool(const NodeLayout& layout, Arena* arena, Pool* pool) {
  *pool = Pool();
  pool->cost = arena->Allocate<uint64_t>(layout.type_count);
  pool->count = arena->Allocate<uint64_t>(layout.type_count);
  pool->left = arena->Allocate<uint64_t>(layout.type_count);
  return !arena->failed();
}

// Fills the carved pool from the layout's classes.
void BuildPool(const NodeLayout& layout, Pool* pool) {
  pool->rank_count = 0;
  for (uint32_t c = 0; c < layout.class_count; ++c) {
    if (layout.SizeOfClass(c) == 0) continue;
    const uint64_t cost = layout.CostOfClass(c);
    uint32_t r = 0;
    while (r < pool->rank_count && pool->cost[r] < cost) ++r;
    if (r == pool->rank_count || pool->cost[r] != cost) {
      for (uint32_t s = pool->rank_count; s > r; --s) {
        pool->cost[s] = pool->cost[s - 1];
        pool->count[s] = pool->count[s - 1];
      }
      pool->cost[r] = cost;
      pool->count[r] = 0;
      ++pool->rank_count;
    }
    pool->count[r] += layout.SizeOfClass(c);
  }
}

size_t HeapCapacity(const NodeLayout& layout) {
  // Every pushed cohort holds >= 1 of the first D - 1 arrivals (the tick
  // that reaches D pushes nothing). With the arena's alignment slack this
  // fits in the FNF cohort array (node_count - 1 >= D entries).
  return layout.destination_total > 1 ? layout.destination_total - 1 : 0;
}

// The relaxed greedy of lower_bound.h for one ladder: the tick of the D-th
// arrival.
hetcast_status RunGreedy(const NodeLayout& layout, const Pool& pool,
                         const SlotLadder& ladder, NestedSlotCohort* items,
                         uint64_t* arrival_of_last) {
  const uint64_t need = layout.destination_total;
  const uint64_t source_cost = layout.cost[layout.source_type];
  CohortHeap heap{items, 0};
  uint64_t* left = pool.left;
  for (uint32_t r = 0; r < pool.rank_count; ++r) left[r] = pool.count[r];
  uint32_t cursor = 0;  // Cheapest rank with nodes left.
  uint64_t informed = 0;
  uint64_t source_key = source_cost;
  for (;;) {
    uint64_t now = source_key;
    if (heap.size > 0 && heap.items[0].key < now) now = heap.items[0].key;
    if (now == HETCAST_NEVER) return HETCAST_OVERFLOW;
    uint64_t slots = 0;
    if (source_key == now) {
      slots = 1;
      source_key = SaturatingAdd(now, source_cost);
    }
    while (heap.size > 0 && heap.items[0].key == now) {
      NestedSlotCohort cohort = heap.Pop();
      slots += cohort.count;  // Counts sum to < D: no overflow.
      cohort.key = SaturatingAdd(
          cohort.arrival,
          NextSlotOffset(ladder, cohort.rank, now - cohort.arrival));
      if (cohort.key != HETCAST_NEVER) heap.Push(cohort);
    }
    if (slots >= need - informed) {
      *arrival_of_last = now;
      return HETCAST_OK;
    }
    informed += slots;
    // The receivers, fastest first, become one cohort per rank.
    while (slots > 0) {
      while (left[cursor] == 0) ++cursor;  // The pool holds >= D nodes.
      const uint64_t take = slots < left[cursor] ? slots : left[cursor];
      left[cursor] -= take;
      slots -= take;
      const uint64_t key =
          SaturatingAdd(now, NextSlotOffset(ladder, cursor, 0));
      if (key != HETCAST_NEVER) {
        heap.Push(
            NestedSlotCohort{key, now, static_cast<uint32_t>(take), cursor});
      }
    }
  }
}

// Carves the pool and the heap; false when `arena` runs out.
bool CarveNestedSlots(const NodeLayout& layout, Arena* arena, Pool* pool,
                      NestedSlotCohort** items) {
  CarvePool(layout, arena, pool);
  *items = arena->Allocate<NestedSlotCohort>(HeapCapacity(layout));
  return !arena->failed();
}

// The pool, the heap and the ladder over the pool's costs (its anchor set
// by the caller), from `arena`.
struct NestedSlots {
  Pool pool;
  NestedSlotCohort* items = nullptr;
  SlotLadder ladder;
};

hetcast_status PrepareNestedSlots(const NodeLayout& layout, Arena* arena,
                                  NestedSlots* slots) {
  if (!CarveNestedSlots(layout, arena, &slots->pool, &slots->items)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  BuildPool(layout, &slots->pool);
  slots->ladder.rank_count = slots->pool.rank_count;
  slots->ladder.cost = slots->pool.cost;
  return HETCAST_OK;
}

}  // namespace

uint64_t NextSlotOffset(const SlotLadder& ladder, uint32_t rank,
                        uint64_t offset) {
  if (offset == HETCAST_NEVER) return HETCAST_NEVER;
  if (rank < ladder.anchor) return FasterNext(ladder, rank, offset);
  return SlowerElement(ladder, rank, SlowerNextIndex(ladder, rank, offset));
}

size_t NestedSlotsWorkspaceBytes(const NodeLayout& layout) {
  Arena measure;
  Pool pool;
  NestedSlotCohort* items;
  CarveNestedSlots(layout, &measure, &pool, &items);
  return measure.used();
}

hetcast_status LowerBoundNestedSlotsAnchor(const NodeLayout& layout,
                                           uint32_t anchor, Arena* arena,
                                           uint64_t* lower_bound) {
  *lower_bound = 0;
  if (layout.destination_total == 0) return HETCAST_OK;
  NestedSlots slots;
  const hetcast_status status = PrepareNestedSlots(layout, arena, &slots);
  if (status != HETCAST_OK) return status;
  if (anchor >= slots.pool.rank_count || anchor >= kNestedSlotsMaxAnchors) {
    return HETCAST_INVALID_ARGUMENT;
  }
  slots.ladder.anchor = anchor;
  return RunGreedy(layout, slots.pool, slots.ladder, slots.items, lower_bound);
}

hetcast_status LowerBoundNestedSlots(const NodeLayout& layout, Arena* arena,
                                     uint64_t* lower_bound) {
  *lower_bound = 0;
  if (layout.destination_total == 0) return HETCAST_OK;
  NestedSlots slots;
  hetcast_status status = PrepareNestedSlots(layout, arena, &slots);
  if (status != HETCAST_OK) return status;
  uint64_t best = 0;
  for (uint32_t anchor = 0;
       anchor < slots.pool.rank_count && anchor < kNestedSlotsMaxAnchors;
       ++anchor) {
    slots.ladder.anchor = anchor;
    uint64_t bound;
    status = RunGreedy(layout, slots.pool, slots.ladder, slots.items, &bound);
    if (status != HETCAST_OK) return status;
    if (bound > best) best = bound;
  }
  *lower_bound = best;
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
