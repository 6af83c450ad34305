// reconstruct_steps.cc: the step path (reconstruct_steps.h): one arrival
// time at a time, senders kept in per-class ranges, transfers written
// straight to their final place; O(n + k T), no sorting.
#include "runtime/table/reconstruct_steps.h"

#include <string.h>

#include "flatbuffers/flatbuffers.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

// The send of one node is inlined into the walk; the walk is kept out of
// the step loop. Undefined at the end of this file.
#if defined(__GNUC__) || defined(__clang__)
#define HETCAST_STEP_INLINE __attribute__((always_inline))
#define HETCAST_STEP_NOINLINE __attribute__((noinline))
#else
#define HETCAST_STEP_INLINE
#define HETCAST_STEP_NOINLINE
#endif

namespace hetcast {
namespace internal {
namespace {

// The step path's limits: times and counts fit in 32 bits.
constexpr uint64_t kStepMaxTime = uint64_t{1} << 26;

// Per type, what a send reads, in one record.
template <typename Word>
struct StepType {
  const Word* row;  // Its entries.
  uint32_t next;    // No relays: the next id; else the next position.
  uint32_t stride;
  uint32_t destinations;
  uint32_t destination_base;
  uint32_t relay_base;
  uint32_t cost;  // 0 when above T: such a node never sends.
};

// What a walk reads and writes. The walk is a function of its own so that
// the step loop and the walk each keep their own values in registers.
// kTransfers: transfers wanted; kRelays: relays used (else every child is
// a destination and k classes suffice).
template <bool kTransfers, bool kRelays, typename Reader>
struct StepWalker {
  using Word = typename Reader::Word;
  StepType<Word> type[HETCAST_TABLE_MAX_TYPES];
  uint32_t fresh_end[2 * HETCAST_TABLE_MAX_TYPES];  // Per class.
  Reader entry;
  StepSender* survivors;
  StepSender* fresh;
  hetcast_node* nodes;
  hetcast_transfer* transfers;
  uint32_t k;
  uint32_t time_bits;
  uint32_t split_shift;
  uint32_t type_mask;

  // Sender x (entries `base`) sends its next child, arriving at t, as
  // transfer `out`; returns the sender's remaining subtree.
  HETCAST_STEP_INLINE uint32_t Send(const StepSender& x, const Word* base,
                                    uint32_t t, uint32_t start, uint32_t out,
                                    hetcast_node* nodes_out,
                                    hetcast_transfer* transfers_out,
                                    StepSender* fresh_out) {
    const uint64_t word = flatbuffers::EndianScalar(base[x.state]);
    const uint32_t l = (word >> time_bits) & type_mask;
    const uint32_t y = static_cast<uint32_t>(word >> split_shift);
    StepType<Word>& to = type[l];
    entry.Prefetch(to.row + y);  // Read one send period later.
    uint32_t child, child_class, relay;
    if (kRelays) {
      const uint32_t p = to.next++;
      relay = p >= to.destinations;
      child = relay ? to.relay_base + (p - to.destinations)
                    : to.destination_base + p;
      child_class = relay ? k + l : l;
    } else {
      child = to.next++;
      child_class = l;
      relay = 0;
    }
    const uint32_t stride = to.stride;
    nodes_out[child] = hetcast_node{t, x.id, l, x.sends + 1, relay};
    const uint32_t slot = fresh_end[child_class];
    fresh_end[child_class] = slot + (y != 0);
    fresh_out[slot] = StepSender{y, child, 0};
    if (kTransfers) {
      transfers_out[out] = hetcast_transfer{x.id, child, start, t};
    }
    return x.state - stride - y;
  }

  // Every sender of `list` (entries `base`) sends at step t, its transfers
  // going to list.out, list.out + 1, ...; survivors go to
  // survivors[survivor_end, ...). Returns the new survivor end.
  HETCAST_STEP_NOINLINE uint32_t Walk(const StepList& list, const Word* base,
                                      uint32_t t, uint32_t start,
                                      uint32_t survivor_end) {
    hetcast_node* const nodes_out = nodes;
    hetcast_transfer* const transfers_out = transfers;
    StepSender* const fresh_out = fresh;
    StepSender* const kept = survivors;
    uint32_t out = list.out;
    const StepSender* const a_end = kept + list.a_end;
    for (const StepSender* x = kept + list.a_begin; x != a_end; ++x, ++out) {
      const uint32_t remaining =
          Send(*x, base, t, start, out, nodes_out, transfers_out, fresh_out);
      entry.Prefetch(base + remaining);
      kept[survivor_end] = StepSender{remaining, x->id, x->sends + 1};
      survivor_end += remaining != 0;
    }
    const StepSender* const b_end = fresh_out + list.b_end;
    for (const StepSender* x = fresh_out + list.b_begin; x != b_end;
         ++x, ++out) {
      const uint32_t remaining =
          Send(*x, base, t, start, out, nodes_out, transfers_out, fresh_out);
      entry.Prefetch(base + remaining);
      kept[survivor_end] = StepSender{remaining, x->id, 1};
      survivor_end += remaining != 0;
    }
    return survivor_end;
  }
};

// Fills the walker: where it writes, the entry layout, and per type what a
// send reads; each class's fresh part starts at its base.
template <bool kTransfers, bool kRelays, typename Reader>
void InitStepWalker(const ProfileView& v, const Resolved& resolved,
                    const TableLayout& layout, Reader entry,
                    const StepPlan& plan, const StepScratch& s,
                    hetcast_node* nodes, hetcast_transfer* transfers,
                    StepWalker<kTransfers, kRelays, Reader>* w) {
  using Word = typename Reader::Word;
  const uint32_t k = v.type_count;
  const uint32_t T = plan.completion;
  w->entry = entry;
  w->survivors = s.survivors;
  w->fresh = s.fresh;
  w->nodes = nodes;
  w->transfers = transfers;
  w->k = k;
  w->time_bits = v.time_bits;
  w->split_shift = v.split_shift;
  w->type_mask = v.type_mask;
  for (uint32_t j = 0; j < k; ++j) {
    StepType<Word>& x = w->type[j];
    x.row = entry.Row(j * v.state_count);
    x.next = kRelays ? 0 : layout.destination_base[j];
    x.stride = static_cast<uint32_t>(v.stride[j]);  // < 2^32 states.
    x.destinations = static_cast<uint32_t>(resolved.destination_count[j]);
    x.destination_base = layout.destination_base[j];
    x.relay_base = layout.relay_base[j];
    x.cost = v.cost[j] <= T ? static_cast<uint32_t>(v.cost[j]) : 0;
  }
  const uint32_t classes = kRelays ? 2 * k : k;
  for (uint32_t c = 0; c < classes; ++c) w->fresh_end[c] = plan.fresh_base[c];
}

// Per class: its lists, the step between its sends (T + 1: never sends),
// its entries, where its fresh part stood when the step began, and the
// survivors its walk kept in this step.
template <typename Word>
struct StepClasses {
  StepList* lists[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t step[2 * HETCAST_TABLE_MAX_TYPES];
  const Word* row[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t fresh_start[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t kept_begin[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t kept_end[2 * HETCAST_TABLE_MAX_TYPES];

  void Init(const StepType<Word>* type, uint32_t k, uint32_t classes,
            uint32_t T, StepList* all_lists, const uint32_t* fresh_end) {
    const size_t list_stride = size_t{T} + 2;
    for (uint32_t c = 0; c < classes; ++c) {
      const uint32_t j = c >= k ? c - k : c;
      lists[c] = all_lists + c * list_stride;
      step[c] = type[j].cost != 0 ? type[j].cost : T + 1;
      row[c] = type[j].row;
      fresh_start[c] = fresh_end[c];
      kept_begin[c] = kept_end[c] = 0;
    }
  }
};

// At the end of step t every list of start t is complete: records it, gives
// out its transfers' offsets (after the source's, which the caller gave
// out) and notes when it is walked.
template <bool kTransfers, typename Word>
HETCAST_STEP_INLINE inline void CloseStepLists(uint32_t t, uint32_t classes,
                                               const uint32_t* fresh_end,
                                               StepClasses<Word>* cl,
                                               uint32_t* due,
                                               uint32_t* out_end) {
  for (uint32_t c = 0; c < classes; ++c) {
    StepList& made = cl->lists[c][t];
    made.a_begin = cl->kept_begin[c];
    made.a_end = cl->kept_end[c];
    made.b_begin = cl->fresh_start[c];
    made.b_end = fresh_end[c];
    made.out = *out_end;
    const uint32_t size = (cl->kept_end[c] - cl->kept_begin[c]) +
                          (fresh_end[c] - cl->fresh_start[c]);
    if (kTransfers) *out_end += size;
    due[t + cl->step[c]] |= static_cast<uint32_t>(size != 0) << c;
    cl->fresh_start[c] = fresh_end[c];
    cl->kept_begin[c] = cl->kept_end[c] = 0;
  }
}

template <bool kTransfers, bool kRelays, typename Reader>
void PlanBySteps(const ProfileView& v, const Resolved& resolved,
                 const TableLayout& layout, Reader entry, const StepPlan& plan,
                 const StepScratch& s, hetcast_node* nodes,
                 hetcast_transfer* transfers) {
  if (resolved.state == 0) return;  // The source alone.
  using Word = typename Reader::Word;
  const uint32_t k = v.type_count;
  const uint32_t T = plan.completion;
  const uint32_t classes = kRelays ? 2 * k : k;
  StepWalker<kTransfers, kRelays, Reader> w;
  InitStepWalker(v, resolved, layout, entry, plan, s, nodes, transfers, &w);
  StepClasses<Word> cl;
  cl.Init(w.type, k, classes, T, s.lists, w.fresh_end);
  StepSender* fresh = s.fresh;
  uint32_t survivor_end = 0;
  uint32_t* source_out = s.source_out;
  uint32_t out_end = 0;  // Transfers placed so far (offsets given out).
  const uint32_t source_type = resolved.source;
  const Word* source_row = w.type[source_type].row;
  const uint32_t source_cost = w.type[source_type].cost;
  StepSender source{static_cast<uint32_t>(resolved.state), 0, 0};
  uint32_t source_next = source_cost;  // Its next child's arrival.
  // due[t]: bit c when list (c, t - step of c) is not empty, so step t
  // walks only those (bit order is class order, so id order is kept). A
  // list is read only when its bit is set; lists are written at the end of
  // their step, steps where nothing arrives are skipped.
  uint32_t* due = s.due;
  memset(due, 0, sizeof(uint32_t) * (2 * size_t{T} + 2));
  if (kTransfers) source_out[0] = out_end++;
  for (uint32_t t = 1; t <= T; ++t) {
    const bool source_sends = t == source_next && source.state != 0;
    uint32_t mask = due[t];
    if (!source_sends && mask == 0) continue;  // Nothing arrives at t.
    if (source_sends) {
      const uint32_t start = t - source_cost;
      source.state =
          w.Send(source, source_row, t, start,
                 kTransfers ? source_out[start] : 0, nodes, transfers, fresh);
      ++source.sends;
      source_next += source_cost;
    }
    for (; mask != 0; mask &= mask - 1) {
      const uint32_t c = static_cast<uint32_t>(__builtin_ctz(mask));
      const uint32_t step = cl.step[c];
      cl.kept_begin[c] = survivor_end;
      survivor_end =
          w.Walk(cl.lists[c][t - step], cl.row[c], t, t - step, survivor_end);
      cl.kept_end[c] = survivor_end;
    }
    // The source's transfer starting at t comes first among those of t.
    if (kTransfers && source.state != 0 && source_next - source_cost == t) {
      source_out[t] = out_end++;
    }
    CloseStepLists<kTransfers>(t, classes, w.fresh_end, &cl, due, &out_end);
  }
}

// Runs the step path with the template arguments that fit.
template <typename Reader>
void RunSteps(const ProfileView& v, const Resolved& resolved,
              const TableLayout& layout, Reader entry, const StepPlan& plan,
              const StepScratch& s, hetcast_node* nodes,
              hetcast_transfer* transfers) {
  if (transfers == nullptr) {
    if (plan.relays) {
      PlanBySteps<false, true>(v, resolved, layout, entry, plan, s, nodes,
                               transfers);
    } else {
      PlanBySteps<false, false>(v, resolved, layout, entry, plan, s, nodes,
                                transfers);
    }
  } else if (plan.relays) {
    PlanBySteps<true, true>(v, resolved, layout, entry, plan, s, nodes,
                            transfers);
  } else {
    PlanBySteps<true, false>(v, resolved, layout, entry, plan, s, nodes,
                             transfers);
  }
}

}  // namespace

bool StepPathFits(const Resolved& resolved, const TableLayout& layout) {
  return resolved.completion < kStepMaxTime &&
         layout.participants < kStepMaxTime;
}

bool StepPathPays(const ProfileView& v, const Resolved& resolved,
                  const TableLayout& layout) {
  return (resolved.completion + 1) * v.type_count <=
         8 * uint64_t{layout.participants} + 256;
}

void MakeStepPlan(const ProfileView& v, const Resolved& resolved,
                  StepPlan* plan) {
  const uint32_t k = v.type_count;
  plan->relays = resolved.relay_total != 0;
  plan->completion = static_cast<uint32_t>(resolved.completion);
  plan->classes = plan->relays ? 2 * k : k;
  uint32_t fresh = 0;
  for (uint32_t j = 0; j < k; ++j) {
    plan->fresh_base[j] = fresh;
    fresh += static_cast<uint32_t>(resolved.destination_count[j]);
  }
  for (uint32_t j = 0; plan->relays && j < k; ++j) {
    plan->fresh_base[k + j] = fresh;
    fresh += static_cast<uint32_t>(resolved.relays_used[j]);
  }
}

void CarveStepScratch(size_t participants, const StepPlan& plan,
                      bool with_transfers, Arena* arena, StepScratch* s) {
  *s = StepScratch();
  const size_t steps = size_t{plan.completion} + 2;
  s->survivors = arena->Allocate<StepSender>(participants);
  s->fresh = arena->Allocate<StepSender>(participants);
  s->lists = arena->Allocate<StepList>(steps * plan.classes);
  s->due = arena->Allocate<uint32_t>(2 * steps);
  if (with_transfers) s->source_out = arena->Allocate<uint32_t>(steps);
}

void ReconstructBySteps(const ProfileView& v, const Resolved& resolved,
                        const TableLayout& layout, const StepPlan& plan,
                        const StepScratch& s, hetcast_node* nodes,
                        hetcast_transfer* transfers) {
  if (v.entry_bytes == 4) {
    RunSteps(v, resolved, layout, TableEntryReader<uint32_t>{v.entries}, plan,
             s, nodes, transfers);
  } else {
    RunSteps(v, resolved, layout, TableEntryReader<uint64_t>{v.entries}, plan,
             s, nodes, transfers);
  }
}

}  // namespace internal
}  // namespace hetcast

#undef HETCAST_STEP_INLINE
#undef HETCAST_STEP_NOINLINE
