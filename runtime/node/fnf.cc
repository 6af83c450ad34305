// fnf.cc: cohort-queue Fastest-Node-First (see fnf.h for the idea).
#include "runtime/node/fnf.h"

#include "runtime/saturating.h"

namespace hetcast {
namespace internal {
// Keys saturate at HETCAST_NEVER (TimeAdd): a key that overflows can never
// be served, and serving it is reported as HETCAST_OVERFLOW.

// One FIFO of cohorts per class, stored in the class's own slice of the
// shared cohort array (a class never has more cohorts than ids).
struct FnfRing {
  FnfCohort* slots;
  uint32_t capacity;
  uint32_t head;
  uint32_t size;

  const FnfCohort& Front() const { return slots[head]; }
  FnfCohort Pop() {
    FnfCohort front = slots[head];
    head = head + 1 == capacity ? 0 : head + 1;
    --size;
    return front;
  }
  void Push(const FnfCohort& cohort) {
    uint32_t tail = head + size;
    if (tail >= capacity) tail -= capacity;
    slots[tail] = cohort;
    ++size;
  }
};

bool CarveFnfScratch(const NodeLayout& layout, Arena* arena,
                     FnfScratch* scratch) {
  scratch->cohorts = arena->Allocate<FnfCohort>(FnfCohortCapacity(layout));
  scratch->rings = arena->Allocate<FnfRing>(layout.class_count);
  return !arena->failed();
}

hetcast_status RunFnf(const NodeLayout& layout, const uint32_t* inform_count,
                      const FnfScratch& scratch, hetcast_node* nodes,
                      uint64_t* completion) {
  const uint32_t class_count = layout.class_count;
  FnfRing* rings = scratch.rings;
  uint64_t remaining = 0;
  for (uint32_t c = 0; c < class_count; ++c) {
    rings[c] = FnfRing{scratch.cohorts + (layout.class_base[c] - 1),
                       layout.SizeOfClass(c), 0, 0};
    remaining += inform_count[c];
  }
  *completion = 0;

  // The receive cursor: segment `segment` of the receive order, offset
  // `offset` inside it. Empty segments are skipped eagerly.
  uint32_t segment = 0;
  uint32_t offset = 0;
  auto skip_empty = [&]() {
    while (segment < class_count &&
           offset == inform_count[layout.receive_order[segment]]) {
      ++segment;
      offset = 0;
    }
  };
  skip_empty();

  const uint64_t source_cost = layout.cost[layout.source_type];
  uint64_t source_key = source_cost;
  uint32_t source_sends = 0;
  uint64_t now = 0;
  bool informed_destination = false;

  // Gives up to `senders` receivers, in receive order, to the senders with
  // consecutive ids from `first_sender`, all arriving at `now`.
  auto assign = [&](uint32_t first_sender, uint32_t senders,
                    uint32_t send_index) {
    while (senders > 0 && remaining > 0) {
      const uint32_t cls = layout.receive_order[segment];
      const uint32_t take_max = inform_count[cls] - offset;
      const uint32_t take = senders < take_max ? senders : take_max;
      hetcast_node* receiver = nodes + layout.class_base[cls] + offset;
      for (uint32_t i = 0; i < take; ++i) {
        receiver[i].arrival = now;
        receiver[i].parent = first_sender + i;
        receiver[i].send_index = send_index;
      }
      if (!layout.IsRelayClass(cls)) informed_destination = true;
      first_sender += take;
      senders -= take;
      offset += take;
      remaining -= take;
      skip_empty();
    }
  };

  while (remaining > 0) {
    now = source_key;
    for (uint32_t c = 0; c < class_count; ++c) {
      if (rings[c].size > 0 && rings[c].Front().key < now) {
        now = rings[c].Front().key;
      }
    }
    if (now == HETCAST_NEVER) return HETCAST_OVERFLOW;
    const uint32_t start_segment = segment;
    const uint32_t start_offset = offset;
    informed_destination = false;

    if (source_key == now) {
      assign(0, 1, ++source_sends);
      source_key = TimeAdd(now, source_cost);
    }
    for (uint32_t c = 0; c < class_count && remaining > 0; ++c) {
      FnfRing& ring = rings[c];
      const uint64_t cost = layout.CostOfClass(c);
      while (ring.size > 0 && ring.Front().key == now && remaining > 0) {
        FnfCohort cohort = ring.Pop();
        ++cohort.sends;
        assign(cohort.first, cohort.count, cohort.sends);
        cohort.key = TimeAdd(now, cost);
        ring.Push(cohort);
      }
    }
    if (informed_destination) *completion = now;

    // The receivers informed at `now` become new cohorts, one per class.
    // They go behind the re-pushed cohorts, which arrived earlier.
    uint32_t s = start_segment;
    uint32_t o = start_offset;
    while (s < segment || (s == segment && o < offset)) {
      const uint32_t cls = layout.receive_order[s];
      const uint32_t end = s == segment ? offset : inform_count[cls];
      if (end > o) {
        rings[cls].Push(FnfCohort{TimeAdd(now, layout.CostOfClass(cls)),
                                  layout.class_base[cls] + o, end - o, 0});
      }
      ++s;
      o = 0;
    }
  }
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
