// lower_bound.cc: the nested-slots bound (see lower_bound.h for the proof).
#include "runtime/node/lower_bound.h"

#include "runtime/node/fnf.h"
#include "runtime/saturating.h"

namespace hetcast {
namespace internal {
namespace {

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

// Ranks given, in order, to the first receivers (exact send times).
struct Prefix {
  const uint8_t* rank = nullptr;
  uint32_t length = 0;
};

// The first kSlotMemoEntries offsets of each rank's S_j under one anchor,
// generated in order when first needed, each from the neighbour rank's
// (the one towards the anchor) without a division: above the anchor the
// i-th element is the phi_j(i)-th of S_{j-1}, with phi_j(i) = floor(i c_j /
// c_{j-1}) stepped by c_j's quotient and remainder by c_{j-1}; below it,
// S_{j+1} merged with the window rule's m c_j (lower_bound.h). A rank whose
// next element needs an entry past kSlotMemoEntries of its neighbour is
// capped; its later offsets come from NextSlotOffset.
constexpr uint32_t kSlotMemoEntries = 32;
// Each rank's row holds its known entries and then HETCAST_NEVER (a
// sentinel for CountedSends' inner loop).
constexpr uint32_t kSlotMemoStride = kSlotMemoEntries + 1;
constexpr uint8_t kMemoCapped = 1;        // No more entries.
constexpr uint8_t kMemoWindowFilled = 2;  // Window `phi` holds an element.
struct SlotMemo {
  uint64_t* offset = nullptr;     // kSlotMemoStride per rank.
  uint32_t* size = nullptr;       // Offsets known, per rank.
  uint64_t* phi = nullptr;        // Per rank: phi_j(size) above, window below.
  uint64_t* rest = nullptr;       // (size c_j) mod c_{j-1} above; entries of
                                  // S_{j+1} merged below.
  uint8_t* flags = nullptr;       // kMemoCapped, kMemoWindowFilled.
  uint64_t* step = nullptr;       // c_j / c_{j-1} (j >= 1).
  uint64_t* step_rest = nullptr;  // c_j mod c_{j-1}.
  uint32_t anchor = UINT32_MAX;   // The anchor the entries belong to.
  bool enabled = true;  // False: every offset by NextSlotOffset (reference).
};

// Rank `rank`'s row of the memo.
inline uint64_t* MemoRow(const SlotMemo& memo, uint32_t rank) {
  return memo.offset + size_t{rank} * kSlotMemoStride;
}

// Forgets the entries (a new anchor).
void ResetMemo(const SlotLadder& ladder, SlotMemo* memo) {
  for (uint32_t r = 0; r < ladder.rank_count; ++r) {
    memo->size[r] = 0;
    memo->phi[r] = r < ladder.anchor ? 1 : 0;
    memo->rest[r] = 0;
    memo->flags[r] = 0;
    MemoRow(*memo, r)[0] = HETCAST_NEVER;
  }
  memo->anchor = ladder.anchor;
}

// The rank rank's next entry is built from (the anchor: none).
inline uint32_t MemoSource(const SlotLadder& ladder, uint32_t rank) {
  return rank > ladder.anchor ? rank - 1 : rank + 1;
}

// How many entries of MemoSource(rank) rank's next entry needs
// (kSlotMemoEntries + 1 when more than the memo holds; 0 at the anchor).
uint64_t MemoNeed(const SlotLadder& ladder, const SlotMemo& memo,
                  uint32_t rank) {
  if (rank == ladder.anchor) return 0;
  if (rank < ladder.anchor) return memo.rest[rank] + 1;
  if (memo.step[rank] > kSlotMemoEntries) return kSlotMemoEntries + 1;
  const uint64_t below = ladder.cost[rank - 1];
  const uint64_t carry =
      memo.rest[rank] >= below - memo.step_rest[rank] ? 1 : 0;
  return memo.phi[rank] + memo.step[rank] + carry;
}

// The window rule's next element of S_rank (rank < anchor) after those
// known, merging S_{rank+1}'s entry rest[rank] (known) with m c_rank.
uint64_t WindowNextEntry(const SlotLadder& ladder, SlotMemo* memo,
                         uint32_t rank) {
  const uint64_t* source = MemoRow(*memo, rank + 1);
  const uint64_t element = source[memo->rest[rank]];
  for (;;) {
    const uint64_t window_end = MulOrNever(memo->phi[rank], ladder.cost[rank]);
    if (element <= window_end) {  // In window phi (the earlier are done).
      ++memo->rest[rank];
      memo->flags[rank] |= kMemoWindowFilled;
      return element;
    }
    const bool filled = (memo->flags[rank] & kMemoWindowFilled) != 0;
    ++memo->phi[rank];
    memo->flags[rank] &= static_cast<uint8_t>(~kMemoWindowFilled);
    if (!filled) return window_end;  // An empty window adds its end.
  }
}

// phi_j(i + 1) and (i + 1) c_j mod c_{j-1} from phi_j(i) and i c_j mod
// c_{j-1} (`rest`): c_j = step c_{j-1} + step_rest.
inline void StepPhi(const SlotMemo& memo, uint32_t rank, uint64_t below,
                    uint64_t* phi, uint64_t* rest) {
  const uint64_t gap = below - memo.step_rest[rank];
  *phi += memo.step[rank] + (*rest >= gap ? 1 : 0);
  *rest = *rest >= gap ? *rest - gap : *rest + memo.step_rest[rank];
}

// Appends rank's next entry (its source holds MemoNeed entries).
void AppendEntry(const SlotLadder& ladder, SlotMemo* memo, uint32_t rank) {
  uint64_t value;
  if (rank == ladder.anchor) {
    value = MulOrNever(memo->size[rank] + uint64_t{1}, ladder.cost[rank]);
  } else if (rank < ladder.anchor) {
    value = WindowNextEntry(ladder, memo, rank);
  } else {
    StepPhi(*memo, rank, ladder.cost[rank - 1], &memo->phi[rank],
            &memo->rest[rank]);
    value = MemoRow(*memo, rank - 1)[memo->phi[rank] - 1];
  }
  uint64_t* known = MemoRow(*memo, rank);
  known[memo->size[rank]++] = value;
  known[memo->size[rank]] = HETCAST_NEVER;
}

// Makes `count` (<= kSlotMemoEntries) entries of `rank` known, extending
// the ranks towards the anchor first where needed, without recursion.
// False (and every rank on the way capped) when one needs more than the
// memo holds.
bool EnsureEntries(const SlotLadder& ladder, SlotMemo* memo, uint32_t rank,
                   uint32_t count) {
  uint32_t level = rank;
  while (memo->size[rank] < count) {
    const uint64_t need = MemoNeed(ladder, *memo, level);
    if ((memo->flags[level] & kMemoCapped) != 0 || need > kSlotMemoEntries) {
      const uint32_t low = level < rank ? level : rank;
      const uint32_t high = level < rank ? rank : level;
      for (uint32_t r = low; r <= high; ++r) memo->flags[r] |= kMemoCapped;
      return false;
    }
    if (level != ladder.anchor &&
        memo->size[MemoSource(ladder, level)] < need) {
      level = MemoSource(ladder, level);
      continue;
    }
    AppendEntry(ladder, memo, level);
    if (level < rank) ++level;
    if (level > rank) --level;
  }
  return true;
}

#if !defined(HETCAST_OPTIMIZE_SIZE)
// PrefillMemo for a rank above the anchor, its loop inline.
void PrefillAbove(const SlotLadder& ladder, SlotMemo* memo, uint32_t rank,
                  uint64_t limit) {
  if (memo->step[rank] > kSlotMemoEntries) return;
  const uint64_t* __restrict source = MemoRow(*memo, rank - 1);
  uint64_t* __restrict known = MemoRow(*memo, rank);
  const uint32_t source_size = memo->size[rank - 1];
  uint64_t phi = memo->phi[rank];
  uint64_t rest = memo->rest[rank];
  uint32_t size = memo->size[rank];
  uint64_t last = size == 0 ? 0 : known[size - 1];
  while (size < kSlotMemoEntries && last <= limit) {
    uint64_t next_phi = phi, next_rest = rest;
    StepPhi(*memo, rank, ladder.cost[rank - 1], &next_phi, &next_rest);
    if (next_phi > source_size) break;
    phi = next_phi;
    rest = next_rest;
    last = source[phi - 1];
    known[size++] = last;
  }
  memo->phi[rank] = phi;
  memo->rest[rank] = rest;
  memo->size[rank] = size;
  known[size] = HETCAST_NEVER;
}

// Makes known, without capping, each rank's offsets up to the first past
// `limit` (as far as the memo holds them): what a greedy that ends by
// `limit` asks for, generated in one pass from the anchor outwards.
void PrefillMemo(const SlotLadder& ladder, SlotMemo* memo, uint64_t limit) {
  for (uint32_t step = 0; step < ladder.rank_count; ++step) {
    // The anchor, the slower ranks up, then the faster ranks down.
    const uint32_t rank = step < ladder.rank_count - ladder.anchor
                              ? ladder.anchor + step
                              : ladder.rank_count - 1 - step;
    if (rank > ladder.anchor) {
      if ((memo->flags[rank] & kMemoCapped) == 0) {
        PrefillAbove(ladder, memo, rank, limit);
      }
      continue;
    }
    const uint64_t* known = MemoRow(*memo, rank);
    while (memo->size[rank] < kSlotMemoEntries &&
           (memo->size[rank] == 0 || known[memo->size[rank] - 1] <= limit) &&
           (memo->flags[rank] & kMemoCapped) == 0) {
      if (rank != ladder.anchor) {
        const uint64_t need = MemoNeed(ladder, *memo, rank);
        if (need > kSlotMemoEntries ||
            memo->size[MemoSource(ladder, rank)] < need) {
          break;  // EnsureEntries decides later, if asked.
        }
      }
      AppendEntry(ladder, memo, rank);
    }
  }
}
#endif  // !defined(HETCAST_OPTIMIZE_SIZE)

// The `index`-th offset (from 0) of S_rank: from the memo while it holds
// it, else NextSlotOffset after `offset` (the cohort's current offset, the
// (index - 1)-th).
uint64_t OffsetAt(const SlotLadder& ladder, SlotMemo* memo, uint32_t rank,
                  uint32_t index, uint64_t offset) {
  if (memo->enabled && index < kSlotMemoEntries &&
      (index < memo->size[rank] ||
       EnsureEntries(ladder, memo, rank, index + 1))) {
    return MemoRow(*memo, rank)[index];
  }
  return NextSlotOffset(ladder, rank, index == 0 ? 0 : offset);
}

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

// A cohort's rank with this bit set sends at the true multiples of its
// cost (a prefix node of the search, lower_bound.h).
constexpr uint16_t kExactRank = 0x8000u;

// The offset of `cohort`'s send after the one at offset `offset`, its
// index advanced (it stops counting past the memo).
uint64_t NextOffset(const SlotLadder& ladder, SlotMemo* memo,
                    NestedSlotCohort* cohort, uint64_t offset) {
  if ((cohort->rank & kExactRank) != 0) {
    return TimeAdd(offset, ladder.cost[cohort->rank & ~kExactRank]);
  }
  if (cohort->index < kSlotMemoEntries) ++cohort->index;
  return OffsetAt(ladder, memo, cohort->rank, cohort->index, offset);
}

// The offset of the first send of a cohort of `rank` (with kExactRank or
// not).
uint64_t FirstOffset(const SlotLadder& ladder, SlotMemo* memo, uint16_t rank) {
  if ((rank & kExactRank) != 0) return ladder.cost[rank & ~kExactRank];
  return OffsetAt(ladder, memo, rank, 0, 0);
}

// The greedy's sends by informed nodes, one send tick of a cohort at a time
// in a `Queue` of cohort_queue.h (keyed by that tick): the reference.
template <typename Queue>
class QueuedSends {
 public:
  QueuedSends(const SlotLadder& ladder, SlotMemo* memo, const Queue& queue)
      : ladder_(ladder), memo_(memo), queue_(queue) {}

  // The least tick with a send; the sends at `now` (no earlier tick has
  // any left); `count` nodes of `rank` informed at `now`.
  uint64_t NextTick() const { return queue_.LeastKey(); }
  uint64_t Take(uint64_t now) {
    return queue_.Drain(now, [this, now](NestedSlotCohort* cohort) {
      return TimeAdd(cohort->arrival,
                     NextOffset(ladder_, memo_, cohort, now - cohort->arrival));
    });
  }
  void Add(uint64_t now, uint32_t count, uint16_t rank) {
    const uint64_t key = TimeAdd(now, FirstOffset(ladder_, memo_, rank));
    if (key != HETCAST_NEVER) {
      queue_.Push(NestedSlotCohort{key, now, count, rank, 0}, now);
    }
  }

 private:
  const SlotLadder& ladder_;
  SlotMemo* memo_;
  Queue queue_;
};

#if !defined(HETCAST_OPTIMIZE_SIZE)
// The same sends counted ahead (the runtime's): `due` holds, per tick of
// [now, now + kCohortRingSize) (tick mod kCohortRingSize), the sends
// completing then; a cohort adds all its sends up to Reach(now) at once and
// is filed in `refill` (cohort_queue.h's ring) under the tick at which its
// next send comes within reach, so a cohort costs a queue operation per
// kSendLookahead ticks instead of per send. Reach(t) = t + kSendLookahead,
// but no further than `limit` (the greedy's end when known: counting past
// it is wasted), and never below t; it never decreases, so a send at u is
// counted by the first tick t with Reach(t) >= u, RefillTick(u), and u is
// recovered from it (UnreachedTick). The sends at each tick are those of
// QueuedSends: every send at a tick t' is added by the time t' is reached
// (the next tick is at most every refill tick, and a cohort's first
// unreached send is at or after its refill tick).
constexpr uint64_t kSendLookahead = kCohortRingSize - 1;
class CountedSends {
 public:
  CountedSends(const SlotLadder& ladder, SlotMemo* memo, uint64_t* due,
               const CohortRing& refill, size_t capacity, uint64_t limit)
      : ladder_(ladder),
        memo_(memo),
        due_(due),
        refill_(refill),
        beyond_(refill.items + capacity),
        limit_(limit < HETCAST_NEVER - kSendLookahead
                   ? limit
                   : HETCAST_NEVER - kSendLookahead) {
    for (uint32_t b = 0; b < kCohortRingSize; ++b) due_[b] = 0;
  }

  uint64_t NextTick() const {
    uint64_t least = refill_.LeastKey();
    const uint64_t counted = NextCounted();
    if (counted < least) least = counted;
    return beyond_least_ < least ? beyond_least_ : least;
  }
  uint64_t Take(uint64_t now) {
    now_ = now;
    if (now >= beyond_least_) {  // Past `limit`: into the ring, all.
      for (; beyond_count_ > 0; --beyond_count_) {
        const NestedSlotCohort cohort = *(beyond_ - beyond_count_);
        refill_.Push(cohort, now);  // Its key is >= beyond_least_.
      }
      beyond_least_ = HETCAST_NEVER;
    }
    refill_.Drain(now, [this, now](NestedSlotCohort* cohort) {
      const uint64_t tick = UnreachedTick(cohort->key);
      return Count(cohort, tick - cohort->arrival, Reach(now));
    });
    const uint32_t bucket = static_cast<uint32_t>(now % kCohortRingSize);
    const uint64_t sends = due_[bucket];
    due_[bucket] = 0;
    counted_[bucket / 64] &= ~(uint64_t{1} << (bucket % 64));
    return sends;
  }
  void Add(uint64_t now, uint32_t count, uint16_t rank) {
    NestedSlotCohort cohort{0, now, count, rank, 0};
    const uint64_t first = (rank & kExactRank) == 0 && memo_->size[rank] > 0
                               ? MemoRow(*memo_, rank)[0]
                               : FirstOffset(ladder_, memo_, rank);
    cohort.key = Count(&cohort, first, Reach(now));
    if (cohort.key == HETCAST_NEVER) return;
    if (cohort.key <= limit_) {
      refill_.Push(cohort, now);
      return;
    }
    // Its next send is past `limit`, where the greedy normally never goes:
    // kept aside, at the top of the ring's items (each cohort is in one
    // place, and they are at most `capacity`).
    *(beyond_ - ++beyond_count_) = cohort;
    if (cohort.key < beyond_least_) beyond_least_ = cohort.key;
  }

 private:
  uint64_t Reach(uint64_t t) const {
    if (limit_ >= kSendLookahead && t <= limit_ - kSendLookahead) {
      return t + kSendLookahead;
    }
    return limit_ > t ? limit_ : t;
  }
  // The least t with Reach(t) >= u (u >= 1 and above the reach of the
  // tick before, so t >= 1), and its inverse.
  uint64_t RefillTick(uint64_t u) const {
    if (u > limit_) return u;
    return u > kSendLookahead ? u - kSendLookahead : 0;
  }
  uint64_t UnreachedTick(uint64_t refill) const {
    return limit_ >= kSendLookahead && refill <= limit_ - kSendLookahead
               ? refill + kSendLookahead
               : refill;
  }
  // Adds `cohort`'s sends from offset `offset` on (one of its rank's)
  // while they complete by `reach`; the refill tick of the next, or
  // HETCAST_NEVER.
  uint64_t Count(NestedSlotCohort* cohort, uint64_t offset, uint64_t reach) {
    const uint64_t arrival = cohort->arrival;  // <= reach.
    if ((cohort->rank & kExactRank) == 0 &&
        cohort->index < memo_->size[cohort->rank]) {
      // The memo's offsets, inline, up to its sentinel (no sum in the loop
      // overflows: offset <= reach - arrival).
      const uint64_t* __restrict known = MemoRow(*memo_, cohort->rank);
      uint64_t* __restrict due = due_;
      uint64_t* __restrict counted = counted_;
      const uint64_t room = reach - arrival;
      const uint64_t count = cohort->count;
      uint32_t index = cohort->index;
      while (offset <= room) {
        const uint32_t bucket =
            static_cast<uint32_t>((arrival + offset) % kCohortRingSize);
        due[bucket] += count;
        counted[bucket / 64] |= uint64_t{1} << (bucket % 64);
        offset = known[++index];
      }
      if (index < memo_->size[cohort->rank]) {  // A send past `reach`.
        cohort->index = static_cast<uint16_t>(index);
        const uint64_t tick = TimeAdd(arrival, offset);
        return tick == HETCAST_NEVER ? HETCAST_NEVER : RefillTick(tick);
      }
      // Past the memo's entries: on below from the last.
      cohort->index = static_cast<uint16_t>(index - 1);
      offset = NextOffset(ladder_, memo_, cohort, known[index - 1]);
    }
    uint64_t tick = TimeAdd(arrival, offset);
    while (tick <= reach) {
      Mark(tick, cohort->count);
      offset = NextOffset(ladder_, memo_, cohort, offset);
      tick = TimeAdd(arrival, offset);
    }
    return tick == HETCAST_NEVER ? HETCAST_NEVER : RefillTick(tick);
  }
  void Mark(uint64_t tick, uint64_t count) {
    const uint32_t bucket = static_cast<uint32_t>(tick % kCohortRingSize);
    due_[bucket] += count;
    counted_[bucket / 64] |= uint64_t{1} << (bucket % 64);
  }
  // The first tick after the last taken with sends counted, or
  // HETCAST_NEVER.
  uint64_t NextCounted() const {
    if (due_[(now_ + 1) % kCohortRingSize] != 0) return now_ + 1;  // Often.
    const uint32_t from = static_cast<uint32_t>((now_ + 1) % kCohortRingSize);
    uint32_t word = from / 64;
    uint64_t bits = counted_[word] & (~uint64_t{0} << (from % 64));
    for (uint32_t step = 0; step <= kCohortRingWords; ++step) {
      if (bits != 0) {
        const uint32_t bucket =
            word * 64 + static_cast<uint32_t>(__builtin_ctzll(bits));
        return now_ + 1 + (bucket + kCohortRingSize - from) % kCohortRingSize;
      }
      word = (word + 1) % kCohortRingWords;
      bits = counted_[word];
    }
    return HETCAST_NEVER;
  }

  const SlotLadder& ladder_;
  SlotMemo* memo_;
  uint64_t* due_;  // kCohortRingSize.
  CohortRing refill_;
  NestedSlotCohort* const beyond_;  // Cohorts past `limit_` below it.
  uint32_t beyond_count_ = 0;
  uint64_t beyond_least_ = HETCAST_NEVER;  // Their least key.
  const uint64_t limit_;
  uint64_t now_ = 0;                         // The last tick taken.
  uint64_t counted_[kCohortRingWords] = {};  // Buckets of `due_` not 0.
};
#endif  // !defined(HETCAST_OPTIMIZE_SIZE)

// The relaxed greedy of lower_bound.h for one ladder and prefix, one tick
// (event) at a time, the informed nodes' sends in `Sends` (above).
template <typename Sends>
class Greedy {
 public:
  Greedy(const NodeLayout& layout, const Pool& pool, const SlotLadder& ladder,
         const Prefix& prefix, const Sends& sends)
      : need_(layout.destination_total),
        source_cost_(layout.cost[layout.source_type]),
        source_key_(source_cost_),
        pool_(pool),
        ladder_(ladder),
        prefix_(prefix),
        sends_(sends) {
    for (uint32_t r = 0; r < pool.rank_count; ++r) pool.left[r] = pool.count[r];
    for (uint32_t p = 0; p < prefix.length; ++p) --pool.left[prefix.rank[p]];
  }

  // The tick of the D-th arrival.
  hetcast_status Run(uint64_t* arrival_of_last) {
    for (;;) {
      uint64_t now = source_key_;
      const uint64_t least = sends_.NextTick();
      if (least < now) now = least;
      if (carry_ > 0 && prefix_tick_ + 1 < now) now = prefix_tick_ + 1;
      if (now == HETCAST_NEVER) return HETCAST_OVERFLOW;
      uint64_t slots = carry_ + SlotsAt(now);  // Sum < D + 1 + carry.
      carry_ = 0;
      if (PlacePrefix(now, &slots) || slots >= need_ - informed_) {
        *arrival_of_last = now;
        return HETCAST_OK;
      }
      informed_ += slots;
      PlacePool(now, slots);
    }
  }

 private:
  // The sends completing at `now` (the source re-keyed).
  uint64_t SlotsAt(uint64_t now) {
    uint64_t slots = 0;
    if (source_key_ == now) {
      slots = 1;
      source_key_ = TimeAdd(now, source_cost_);
    }
    return slots + sends_.Take(now);
  }

  // The prefix's receivers, in order, one exact cohort each. Among equal
  // arrivals the faster comes first (lower_bound.h), so a receiver faster
  // than the one before it waits a tick, with the slots left. True when
  // the D-th arrival is a prefix receiver at `now`.
  bool PlacePrefix(uint64_t now, uint64_t* slots) {
    while (*slots > 0 && placed_ < prefix_.length) {
      const uint32_t rank = prefix_.rank[placed_];
      if (placed_ > 0 && rank < prefix_.rank[placed_ - 1] &&
          prefix_tick_ == now) {
        carry_ = *slots;
        *slots = 0;
        return false;
      }
      ++placed_;
      --*slots;
      prefix_tick_ = now;
      if (++informed_ == need_) return true;
      sends_.Add(now, 1, static_cast<uint16_t>(rank | kExactRank));
    }
    return false;
  }

  // The other receivers, fastest first, one cohort per rank.
  void PlacePool(uint64_t now, uint64_t slots) {
    while (slots > 0) {
      while (pool_.left[cursor_] == 0) ++cursor_;  // The pool holds >= D.
      const uint64_t take =
          slots < pool_.left[cursor_] ? slots : pool_.left[cursor_];
      pool_.left[cursor_] -= take;
      slots -= take;
      sends_.Add(now, static_cast<uint32_t>(take),
                 static_cast<uint16_t>(cursor_));
    }
  }

  const uint64_t need_;
  const uint64_t source_cost_;
  uint64_t source_key_;
  const Pool& pool_;
  const SlotLadder& ladder_;
  const Prefix& prefix_;
  Sends sends_;
  uint64_t informed_ = 0;
  uint64_t carry_ = 0;        // Slots a waiting prefix receiver left.
  uint64_t prefix_tick_ = 0;  // The last prefix receiver's arrival.
  uint32_t placed_ = 0;       // Prefix receivers placed.
  uint32_t cursor_ = 0;       // Cheapest rank with nodes left.
};

// One node of the best-first search over prefixes (lower_bound.h): the
// prefix of its parent plus `rank`, and the bound of its branch.
static_assert(HETCAST_MAX_TYPES <= 256, "ranks must fit PrefixNode::rank");
static_assert(kPrefixSearchMaxNodes < 65536, "depths must fit 16 bits");
static_assert(kNestedSlotsMaxAnchors <= 128, "anchors must fit 7 bits");
struct PrefixNode {
  uint64_t value;
  uint32_t parent;
  uint16_t depth;      // <= kPrefixSearchMaxNodes.
  uint8_t rank;        // < HETCAST_MAX_TYPES.
  uint8_t anchor : 7;  // The anchor whose greedy gave `value`.
  uint8_t open : 1;    // 1 while on the frontier.
};

// The pool, the heap, the ladder over the pool's costs (its anchor set by
// the caller) and the search's nodes and prefix, from `arena`.
struct NestedSlots {
  Pool pool;
  NestedSlotCohort* items = nullptr;  // HeapCapacity entries, as `next`,
  uint32_t* next = nullptr;           // and `far`.
  uint32_t* far = nullptr;
  uint32_t* head = nullptr;        // kCohortRingSize.
  uint64_t* due = nullptr;         // kCohortRingSize (CountedSends).
  bool on_heap = false;            // QueuedSends on CohortHeap (the reference).
  uint64_t limit = HETCAST_NEVER;  // A completion time known, if any.
  uint64_t count_limit = HETCAST_NEVER;  // CountedSends' limit (<= it).
  SlotMemo memo;
  SlotLadder ladder;
  PrefixNode* nodes = nullptr;  // The search's node capacity.
  uint8_t* prefix = nullptr;    // As many.
};

bool CarveNestedSlots(const NodeLayout& layout, uint32_t capacity, Arena* arena,
                      NestedSlots* slots) {
  CarvePool(layout, arena, &slots->pool);
  slots->items = arena->Allocate<NestedSlotCohort>(HeapCapacity(layout));
  slots->next = arena->Allocate<uint32_t>(HeapCapacity(layout));
  slots->far = arena->Allocate<uint32_t>(HeapCapacity(layout));
  slots->head = arena->Allocate<uint32_t>(kCohortRingSize);
#if !defined(HETCAST_OPTIMIZE_SIZE)
  slots->due = arena->Allocate<uint64_t>(kCohortRingSize);
#endif
  slots->memo.offset =
      arena->Allocate<uint64_t>(size_t{layout.type_count} * kSlotMemoStride);
  slots->memo.size = arena->Allocate<uint32_t>(layout.type_count);
  slots->memo.phi = arena->Allocate<uint64_t>(layout.type_count);
  slots->memo.rest = arena->Allocate<uint64_t>(layout.type_count);
  slots->memo.flags = arena->Allocate<uint8_t>(layout.type_count);
  slots->memo.step = arena->Allocate<uint64_t>(layout.type_count);
  slots->memo.step_rest = arena->Allocate<uint64_t>(layout.type_count);
  slots->nodes = arena->Allocate<PrefixNode>(capacity);
  slots->prefix = arena->Allocate<uint8_t>(capacity);
  return !arena->failed();
}

// The greedy of `slots`' ladder with the first `prefix.length` receivers
// of ranks `prefix.rank`: CountedSends unless `slots` asks for the
// reference. Builds for size (firmware) keep only the reference: its code
// is smaller, and its value the same (CountedSends above).
hetcast_status RunGreedy(const NodeLayout& layout, NestedSlots* slots,
                         const Prefix& prefix, uint64_t* arrival_of_last) {
  if (slots->memo.anchor != slots->ladder.anchor) {
    ResetMemo(slots->ladder, &slots->memo);
  }
#if !defined(HETCAST_OPTIMIZE_SIZE)
  if (!slots->on_heap) {
    const CohortRing ring(slots->items, slots->next, slots->head, slots->far);
    if (slots->limit == HETCAST_NEVER) {  // Counting ahead has no end.
      using Queued = QueuedSends<CohortRing>;
      return Greedy<Queued>(layout, slots->pool, slots->ladder, prefix,
                            Queued(slots->ladder, &slots->memo, ring))
          .Run(arrival_of_last);
    }
    PrefillMemo(slots->ladder, &slots->memo, slots->count_limit);
    return Greedy<CountedSends>(
               layout, slots->pool, slots->ladder, prefix,
               CountedSends(slots->ladder, &slots->memo, slots->due, ring,
                            HeapCapacity(layout), slots->count_limit))
        .Run(arrival_of_last);
  }
#endif
  using Reference = QueuedSends<CohortHeap>;
  return Greedy<Reference>(layout, slots->pool, slots->ladder, prefix,
                           Reference(slots->ladder, &slots->memo,
                                     CohortHeap{slots->items, 0}))
      .Run(arrival_of_last);
}

hetcast_status PrepareNestedSlots(const NodeLayout& layout, uint32_t capacity,
                                  Arena* arena, NestedSlots* slots) {
  if (!CarveNestedSlots(layout, capacity, arena, slots)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  BuildPool(layout, &slots->pool);
  slots->ladder.rank_count = slots->pool.rank_count;
  slots->ladder.cost = slots->pool.cost;
  for (uint32_t r = 1; r < slots->pool.rank_count; ++r) {
    slots->memo.step[r] = slots->pool.cost[r] / slots->pool.cost[r - 1];
    slots->memo.step_rest[r] = slots->pool.cost[r] % slots->pool.cost[r - 1];
  }
  return HETCAST_OK;
}

// The greedy with the first `length` receivers of ranks `slots.prefix`
// (exact send times) for every anchor, starting at `first` and going round,
// until one passes `floor` (then `*best` is its value and `*anchor` it;
// every anchor's value is a bound, so stopping early keeps one). Else the
// best of them.
hetcast_status BestOverAnchors(const NodeLayout& layout, NestedSlots* slots,
                               uint32_t length, uint64_t floor, uint32_t first,
                               uint64_t* best, uint32_t* anchor) {
  *best = 0;
  *anchor = first;
  const Prefix prefix{slots->prefix, length};
  const uint32_t anchors = slots->pool.rank_count < kNestedSlotsMaxAnchors
                               ? slots->pool.rank_count
                               : kNestedSlotsMaxAnchors;
  for (uint32_t i = 0; i < anchors; ++i) {
    slots->ladder.anchor = (first + i) % anchors;
    // Only a greedy that beats `*best` matters, and only past `*best`:
    // counting ahead further would mostly count sends after its end.
    slots->count_limit =
        *best > 0 && *best < slots->limit ? *best : slots->limit;
    uint64_t bound;
    const hetcast_status status = RunGreedy(layout, slots, prefix, &bound);
    if (status != HETCAST_OK) return status;
    if (bound > *best) {
      *best = bound;
      *anchor = slots->ladder.anchor;
    }
    if (*best > floor) break;
  }
  return HETCAST_OK;
}

// The open node of least value (the first of equals).
uint32_t LeastOpen(const PrefixNode* nodes, uint32_t count) {
  uint32_t least = count;
  for (uint32_t i = 0; i < count; ++i) {
    if (nodes[i].open &&
        (least == count || nodes[i].value < nodes[least].value)) {
      least = i;
    }
  }
  return least;
}

// Writes node `index`'s prefix into slots->prefix; returns its length.
uint32_t PrefixOf(const NestedSlots& slots, uint32_t index) {
  const uint32_t length = slots.nodes[index].depth;
  for (uint32_t p = length; p > 0; --p) {
    slots.prefix[p - 1] = slots.nodes[index].rank;
    index = slots.nodes[index].parent;
  }
  return length;
}

// How many of the first `length` prefix entries are `rank`.
uint32_t UsesOf(const uint8_t* prefix, uint32_t length, uint32_t rank) {
  uint32_t uses = 0;
  for (uint32_t p = 0; p < length; ++p) uses += prefix[p] == rank ? 1 : 0;
  return uses;
}

// Replaces open node `index` by its children, one per rank with a node
// left after its prefix; each child's value is at least its parent's.
void Expand(const NodeLayout& layout, NestedSlots* slots, uint32_t index,
            uint32_t* count) {
  const uint64_t parent_value = slots->nodes[index].value;
  const uint32_t parent_anchor = slots->nodes[index].anchor;
  slots->nodes[index].open = 0;
  const uint32_t length = PrefixOf(*slots, index);
  for (uint32_t r = 0; r < slots->pool.rank_count; ++r) {
    if (UsesOf(slots->prefix, length, r) >= slots->pool.count[r]) continue;
    slots->prefix[length] = static_cast<uint8_t>(r);
    uint64_t value;
    uint32_t anchor;
    // A greedy past HETCAST_NEVER leaves the child its parent's value,
    // which bounds the child's branch too.
    if (BestOverAnchors(layout, slots, length + 1, parent_value, parent_anchor,
                        &value, &anchor) != HETCAST_OK ||
        value < parent_value) {
      value = parent_value;
      anchor = parent_anchor;
    }
    slots->nodes[(*count)++] = PrefixNode{value,
                                          index,
                                          static_cast<uint16_t>(length + 1),
                                          static_cast<uint8_t>(r),
                                          static_cast<uint8_t>(anchor),
                                          1};
  }
}

// The best-first search of lower_bound.h: expands the least open node
// while it is below `upper`, shorter than D and the nodes fit `budget`.
hetcast_status SearchPrefixes(const NodeLayout& layout, NestedSlots* slots,
                              uint32_t budget, uint64_t upper,
                              uint64_t* lower_bound) {
  uint64_t root;
  uint32_t anchor;
  // The anchors stop at the first that reaches `upper` (which it then
  // proves optimal): no other can say more.
  const uint64_t floor = upper == HETCAST_NEVER ? HETCAST_NEVER : upper - 1;
  const hetcast_status status =
      BestOverAnchors(layout, slots, 0, floor, 0, &root, &anchor);
  if (status != HETCAST_OK) return status;
  slots->nodes[0] = PrefixNode{root, 0, 0, 0, static_cast<uint8_t>(anchor), 1};
  uint32_t count = 1;
  for (;;) {
    const uint32_t least = LeastOpen(slots->nodes, count);
    const PrefixNode& node = slots->nodes[least];
    if (node.value >= upper || node.depth >= layout.destination_total ||
        count + slots->pool.rank_count > budget) {
      *lower_bound = node.value;
      return HETCAST_OK;
    }
    Expand(layout, slots, least, &count);
  }
}

// A search size within 1 .. kPrefixSearchMaxNodes.
uint32_t ClampSearchNodes(uint32_t nodes) {
  if (nodes == 0) return 1;
  return nodes < kPrefixSearchMaxNodes ? nodes : kPrefixSearchMaxNodes;
}

// The prefix search over `budget` nodes (clamped to 1 .. capacity) with
// room carved for `capacity`, in CohortHeap when `on_heap`.
hetcast_status SearchWithCapacity(const NodeLayout& layout, uint32_t capacity,
                                  uint32_t budget, uint64_t upper, Arena* arena,
                                  uint64_t* lower_bound, bool on_heap = false) {
  *lower_bound = 0;
  if (layout.destination_total == 0) return HETCAST_OK;
  NestedSlots slots;
  const hetcast_status status =
      PrepareNestedSlots(layout, capacity, arena, &slots);
  if (status != HETCAST_OK) return status;
  slots.on_heap = on_heap;
  slots.limit = upper;
  slots.memo.enabled = !on_heap;  // The reference: no memo either.
  if (budget > capacity) budget = capacity;
  if (budget == 0) budget = 1;
  return SearchPrefixes(layout, &slots, budget, upper, lower_bound);
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
  NestedSlots slots;
  CarveNestedSlots(layout, PrefixSearchBudget(layout), &measure, &slots);
  return measure.used();
}

size_t PrefixSearchWorkspaceBytes(const NodeLayout& layout, uint32_t nodes) {
  Arena measure;
  NestedSlots slots;
  CarveNestedSlots(layout, ClampSearchNodes(nodes), &measure, &slots);
  return measure.used();
}

hetcast_status LowerBoundNestedSlotsAnchor(const NodeLayout& layout,
                                           uint32_t anchor, Arena* arena,
                                           uint64_t* lower_bound) {
  *lower_bound = 0;
  if (layout.destination_total == 0) return HETCAST_OK;
  NestedSlots slots;
  const hetcast_status status =
      PrepareNestedSlots(layout, PrefixSearchBudget(layout), arena, &slots);
  if (status != HETCAST_OK) return status;
  if (anchor >= slots.pool.rank_count || anchor >= kNestedSlotsMaxAnchors) {
    return HETCAST_INVALID_ARGUMENT;
  }
  slots.ladder.anchor = anchor;
  return RunGreedy(layout, &slots, Prefix(), lower_bound);
}

hetcast_status LowerBoundNestedSlots(const NodeLayout& layout, Arena* arena,
                                     uint64_t* lower_bound) {
  return LowerBoundPrefixSearch(layout, 1, HETCAST_NEVER, arena, lower_bound);
}

uint32_t PrefixSearchBudget(const NodeLayout& layout) {
  const uint32_t destinations = layout.destination_total;
  if (destinations > kPrefixSearchMaxDestinations) return 1;
  const uint32_t budget = kPrefixSearchNodesPerDestination * destinations;
  return budget < kPrefixSearchMaxNodes ? budget : kPrefixSearchMaxNodes;
}

hetcast_status LowerBoundPrefixSearch(const NodeLayout& layout, uint32_t budget,
                                      uint64_t upper, Arena* arena,
                                      uint64_t* lower_bound) {
  const uint32_t capacity = PrefixSearchBudget(layout);
  return SearchWithCapacity(layout, capacity,
                            budget < capacity ? budget : capacity, upper, arena,
                            lower_bound);
}

hetcast_status LowerBoundWidePrefixSearch(const NodeLayout& layout,
                                          uint32_t nodes, uint64_t upper,
                                          Arena* arena, uint64_t* lower_bound) {
  nodes = ClampSearchNodes(nodes);
  return SearchWithCapacity(layout, nodes, nodes, upper, arena, lower_bound);
}

hetcast_status LowerBoundWidePrefixSearchOnHeap(const NodeLayout& layout,
                                                uint32_t nodes, uint64_t upper,
                                                Arena* arena,
                                                uint64_t* lower_bound) {
  nodes = ClampSearchNodes(nodes);
  return SearchWithCapacity(layout, nodes, nodes, upper, arena, lower_bound,
                            true);
}

}  // namespace internal
}  // namespace hetcast
