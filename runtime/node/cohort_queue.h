// cohort_queue.h: the event queues of the nested-slots greedy
// (runtime/node/lower_bound.cc): cohorts ordered by the tick (key) of their
// next send.
//
// CohortRing is the one the bound uses: a ring of kCohortRingSize buckets,
// one per tick of [now, now + kCohortRingSize), with far keys in a small
// min-heap. It gives the greedy exactly the sends of CohortHeap (a plain
// binary min-heap, kept as the reference): the greedy only asks for the
// least key and for every cohort whose key is the current tick, and it
// never files a key below the current tick, so each tick's sends are the
// same set whichever queue holds them (their order does not matter: the
// greedy adds their counts). Why the buckets are exact: a cohort is filed
// in the ring only when its key is in [now, now + size) for the tick `now`
// of filing; ticks only grow and the next tick is at most every filed key,
// so every cohort in the ring has its key in [now, now + size) for the
// current tick too, and distinct keys of that window have distinct buckets
// (key mod size). A bucket's cohorts therefore share its key.
#ifndef HETCAST_RUNTIME_NODE_COHORT_QUEUE_H_
#define HETCAST_RUNTIME_NODE_COHORT_QUEUE_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// One cohort of the relaxed greedy: `count` nodes of `rank` informed at
// `arrival`, whose next offsets complete at `key` (the index-th offset of
// their rank's, from 0; it stops counting where lower_bound.cc stops
// keeping offsets).
struct NestedSlotCohort {
  uint64_t key;
  uint64_t arrival;
  uint32_t count;
  uint16_t rank;  // < HETCAST_MAX_TYPES <= 256, plus a flag bit.
  uint16_t index;
};

// The reference queue: a binary min-heap of cohorts by key.
struct CohortHeap {
  NestedSlotCohort* items;
  uint32_t size;

  uint64_t LeastKey() const { return size > 0 ? items[0].key : HETCAST_NEVER; }
  void Push(const NestedSlotCohort& cohort, uint64_t /*now*/) {
    uint32_t i = size++;
    while (i > 0) {
      const uint32_t parent = (i - 1) / 2;
      if (items[parent].key <= cohort.key) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = cohort;
  }
  // Sums the counts of the cohorts keyed `now`, re-keying each by
  // `rekey(&cohort)` (a key > now, or HETCAST_NEVER to drop it).
  template <typename Rekey>
  uint64_t Drain(uint64_t now, Rekey rekey) {
    uint64_t slots = 0;
    while (size > 0 && items[0].key == now) {
      NestedSlotCohort cohort = items[0];
      slots += cohort.count;
      cohort.key = rekey(&cohort);
      if (cohort.key != HETCAST_NEVER) {
        SiftDownFromTop(cohort);
      } else if (--size > 0) {
        SiftDownFromTop(items[size]);
      }
    }
    return slots;
  }
  // Puts `cohort` at the top and restores the order (its key is no less
  // than the one it replaces).
  void SiftDownFromTop(const NestedSlotCohort& cohort) {
    uint32_t i = 0;
    for (;;) {
      uint32_t child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && items[child + 1].key < items[child].key) {
        ++child;
      }
      if (cohort.key <= items[child].key) break;
      items[i] = items[child];
      i = child;
    }
    items[i] = cohort;
  }
};

constexpr uint32_t kCohortRingWords = 4;
constexpr uint32_t kCohortRingSize = 64 * kCohortRingWords;

// The bucket ring (above). Cohorts live in `items` for good (each push
// takes the next entry, as many as CohortHeap would hold); buckets are
// lists linked through `next`, `head` is read only where `occupied` says;
// `far` is a min-heap of item indices by key.
struct CohortRing {
  NestedSlotCohort* items;
  uint32_t* next;  // One per item.
  uint32_t* head;  // kCohortRingSize.
  uint32_t* far;   // One per item.
  uint32_t used = 0;
  uint32_t live = 0;  // Cohorts filed (not dropped).
  uint32_t far_size = 0;
  uint64_t occupied[kCohortRingWords] = {};

  CohortRing(NestedSlotCohort* items_in, uint32_t* next_in, uint32_t* head_in,
             uint32_t* far_in)
      : items(items_in), next(next_in), head(head_in), far(far_in) {}

  uint64_t LeastKey() const {
    if (live == 0) return HETCAST_NEVER;
    uint64_t least = far_size > 0 ? items[far[0]].key : HETCAST_NEVER;
    const uint32_t bucket = FirstOccupied(last_ % kCohortRingSize);
    if (bucket < kCohortRingSize && items[head[bucket]].key < least) {
      least = items[head[bucket]].key;
    }
    return least;
  }
  void Push(const NestedSlotCohort& cohort, uint64_t now) {
    if (live++ == 0) last_ = now;  // Keeps LeastKey's scan start current.
    items[used] = cohort;
    File(used++, now);
  }
  // As CohortHeap::Drain.
  template <typename Rekey>
  uint64_t Drain(uint64_t now, Rekey rekey) {
    if (live == 0) return 0;
    last_ = now;
    uint64_t slots = 0;
    const uint32_t bucket = static_cast<uint32_t>(now % kCohortRingSize);
    if (Occupied(bucket) && items[head[bucket]].key == now) {
      occupied[bucket / 64] &= ~(uint64_t{1} << (bucket % 64));
      for (uint32_t i = head[bucket], after; i != kNone; i = after) {
        after = next[i];
        slots += items[i].count;
        items[i].key = rekey(&items[i]);
        if (items[i].key != HETCAST_NEVER) {
          File(i, now);
        } else {
          --live;
        }
      }
    }
    while (far_size > 0 && items[far[0]].key == now) {
      const uint32_t i = far[0];
      slots += items[i].count;
      items[i].key = rekey(&items[i]);
      if (items[i].key == HETCAST_NEVER) {
        --live;
        FarPopTop();
      } else if (items[i].key - now < kCohortRingSize) {
        FarPopTop();
        File(i, now);
      } else {
        FarSiftDown(i);
      }
    }
    return slots;
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;

  bool Occupied(uint32_t bucket) const {
    return (occupied[bucket / 64] >> (bucket % 64)) & 1u;
  }
  // The first occupied bucket from `from` on, going round; kCohortRingSize
  // if none.
  uint32_t FirstOccupied(uint32_t from) const {
    uint32_t word = from / 64;
    uint64_t bits = occupied[word] & (~uint64_t{0} << (from % 64));
    for (uint32_t step = 0; step <= kCohortRingWords; ++step) {
      if (bits != 0) {
        return word * 64 + static_cast<uint32_t>(__builtin_ctzll(bits));
      }
      word = (word + 1) % kCohortRingWords;
      bits = occupied[word];
    }
    return kCohortRingSize;
  }
  // Item `i` (key >= now, not HETCAST_NEVER) into its bucket or `far`.
  void File(uint32_t i, uint64_t now) {
    if (items[i].key - now >= kCohortRingSize) {
      FarPush(i);
      return;
    }
    const uint32_t bucket =
        static_cast<uint32_t>(items[i].key % kCohortRingSize);
    next[i] = Occupied(bucket) ? head[bucket] : kNone;
    head[bucket] = i;
    occupied[bucket / 64] |= uint64_t{1} << (bucket % 64);
  }
  void FarPush(uint32_t item) {
    uint32_t i = far_size++;
    while (i > 0) {
      const uint32_t parent = (i - 1) / 2;
      if (items[far[parent]].key <= items[item].key) break;
      far[i] = far[parent];
      i = parent;
    }
    far[i] = item;
  }
  void FarPopTop() {
    if (--far_size > 0) FarSiftDown(far[far_size]);
  }
  // Puts `item` at the top of `far` and restores the order.
  void FarSiftDown(uint32_t item) {
    uint32_t i = 0;
    for (;;) {
      uint32_t child = 2 * i + 1;
      if (child >= far_size) break;
      if (child + 1 < far_size &&
          items[far[child + 1]].key < items[far[child]].key) {
        ++child;
      }
      if (items[item].key <= items[far[child]].key) break;
      far[i] = far[child];
      i = child;
    }
    far[i] = item;
  }

  uint64_t last_ = 0;  // The last tick drained.
};

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_COHORT_QUEUE_H_
