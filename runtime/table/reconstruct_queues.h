// reconstruct_queues.h: the queue path, which rebuilds a tree for any
// completion time.
//
// An entry of state (s, i) says: the source's first send goes to a node of
// type l whose subtree is the state (l, y); the source continues with
// (s, i - e_l - y) one send period later. Unrolling both sides gives the
// whole tree. Canonical ids (hetcast.h) number each type's nodes by arrival,
// ties by parent id, so the tree is expanded in exactly that order: senders
// wait in 2k time-ordered queues and the least head is popped next.
// Transfers come out ordered by (arrival, from); grouped by the sender's
// type that is also (start, from) order, so a k-way merge gives the
// schedule's order. O(n k). The step path (reconstruct_steps.h) is faster
// when the completion time is small; a test checks both give byte-identical
// schedules.
//
// ExpandTableTree is a template over the key and entry representation
// (DispatchQueueKeys picks them) and the visitor, so that the node-role
// query (node_role.cc) can stop the walk early. The size-optimized build
// (config.h) has one representation, and keeps no copies of per-type
// arrays on the stack.
#ifndef HETCAST_RUNTIME_TABLE_RECONSTRUCT_QUEUES_H_
#define HETCAST_RUNTIME_TABLE_RECONSTRUCT_QUEUES_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// A sender in the expansion heap, ordered by (next arrival, id). Packed:
// both in one 64-bit key, time above the id bits (when the completion time
// leaves room, which is the usual case); Wide: two fields.
struct PackedSender {
  uint64_t key;
  uint32_t state;       // Its remaining subtree.
  uint32_t type_sends;  // type in the low 4 bits, sends made above.
};
struct WideSender {
  uint64_t time;
  uint32_t id;
  uint32_t state;
  uint32_t type_sends;
};
static_assert(HETCAST_TABLE_MAX_TYPES <= 16, "type field is 4 bits");

struct PackedKeys {
  using Sender = PackedSender;
  using Key = uint64_t;
  // Larger than any real key: times are at most 2^62 and the key has room
  // for time and id, so all ones is never a (time, id) pair in use.
  static constexpr Key kEmpty = UINT64_MAX;
  static Key KeyOf(const Sender& x) { return x.key; }
  static bool Less(Key a, Key b) { return a < b; }
  Key MakeKey(uint64_t time, uint32_t id) const {
    return (time << id_bits) | id;
  }
  uint32_t id_bits;
  uint64_t id_mask;
  Sender Make(uint64_t time, uint32_t id, uint32_t state, uint32_t type,
              uint32_t sends) const {
    return Sender{(time << id_bits) | id, state, type | (sends << 4)};
  }
  static bool Before(const Sender& a, const Sender& b) { return a.key < b.key; }
  uint64_t Time(const Sender& x) const { return x.key >> id_bits; }
  uint32_t Id(const Sender& x) const {
    return static_cast<uint32_t>(x.key & id_mask);
  }
  void Advance(Sender* x, uint64_t cost) const { x->key += cost << id_bits; }
};

struct WideKey {
  uint64_t time;
  uint32_t id;
};

struct WideKeys {
  using Sender = WideSender;
  using Key = WideKey;
  static constexpr Key kEmpty = {UINT64_MAX, UINT32_MAX};
  static Key KeyOf(const Sender& x) { return Key{x.time, x.id}; }
  static bool Less(Key a, Key b) {
    return a.time < b.time || (a.time == b.time && a.id < b.id);
  }
  Key MakeKey(uint64_t time, uint32_t id) const { return Key{time, id}; }
  Sender Make(uint64_t time, uint32_t id, uint32_t state, uint32_t type,
              uint32_t sends) const {
    return Sender{time, id, state, type | (sends << 4)};
  }
  static bool Before(const Sender& a, const Sender& b) {
    return a.time < b.time || (a.time == b.time && a.id < b.id);
  }
  uint64_t Time(const Sender& x) const { return x.time; }
  uint32_t Id(const Sender& x) const { return x.id; }
  void Advance(Sender* x, uint64_t cost) const { x->time += cost; }
};

// The index of the least of keys[0, count) (count >= 1), the first on ties,
// and its key. Branch-free: which queue or run wins is unpredictable.
template <typename Keys>
inline uint32_t QueueArgMin(const typename Keys::Key* keys, uint32_t count,
                            typename Keys::Key* min) {
  uint32_t best = 0;
  typename Keys::Key best_key = keys[0];
  for (uint32_t i = 1; i < count; ++i) {
    const bool less = Keys::Less(keys[i], best_key);
    best = less ? i : best;
    best_key = less ? keys[i] : best_key;
  }
  *min = best_key;
  return best;
}

// The 2k FIFO queues of senders of ExpandTableTree, two per type: senders
// that have already sent (re-queued after each send) and new nodes that
// have not. Entries live in `pool`, linked through `next`.
template <typename Keys>
struct SenderQueues {
  using Sender = typename Keys::Sender;
  static constexpr uint32_t kNone = UINT32_MAX;
  Sender* pool;
  uint32_t* next;
  uint32_t used;
  uint32_t queues;
  // Queue q: its first and last pool slot, and (default build) a copy of
  // its head's sort key (Keys::kEmpty when empty) so choosing the next
  // sender is a scan of one small array; the size-optimized build reads the
  // heads' keys from the pool instead.
  uint32_t head[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t tail[2 * HETCAST_TABLE_MAX_TYPES];
#if !defined(HETCAST_OPTIMIZE_SIZE)
  typename Keys::Key head_key[2 * HETCAST_TABLE_MAX_TYPES];
#endif

  SenderQueues(uint32_t k, Sender* pool_in, uint32_t* next_in)
      : pool(pool_in), next(next_in), used(0), queues(2 * k) {
    for (uint32_t q = 0; q < queues; ++q) {
      head[q] = tail[q] = kNone;
      SetHeadKey(q, Keys::kEmpty);
    }
  }

  void Push(uint32_t q, const Sender& x) {
    pool[used] = x;
    next[used] = kNone;
    if (tail[q] == kNone) {
      head[q] = used;
      SetHeadKey(q, Keys::KeyOf(x));
    } else {
      next[tail[q]] = used;
    }
    tail[q] = used++;
  }

  // Removes the least head into `*top`; false when every queue is empty.
  bool Pop(Sender* top) {
    typename Keys::Key best_key;
    const uint32_t best = LeastHead(&best_key);
    if (!Keys::Less(best_key, Keys::kEmpty)) return false;
    const uint32_t slot = head[best];
    const uint32_t after = next[slot];
    head[best] = after;
    if (after == kNone) {
      tail[best] = kNone;
      SetHeadKey(best, Keys::kEmpty);
    } else {
      SetHeadKey(best, Keys::KeyOf(pool[after]));
    }
    *top = pool[slot];
    return true;
  }

 private:
#if !defined(HETCAST_OPTIMIZE_SIZE)
  void SetHeadKey(uint32_t q, typename Keys::Key key) { head_key[q] = key; }
  uint32_t LeastHead(typename Keys::Key* key) const {
    return QueueArgMin<Keys>(head_key, queues, key);
  }
#else
  void SetHeadKey(uint32_t /*q*/, typename Keys::Key /*key*/) {}
  // The first queue with the least head key (QueueArgMin's choice).
  uint32_t LeastHead(typename Keys::Key* key) const {
    uint32_t best = 0;
    *key = Keys::kEmpty;
    for (uint32_t q = 0; q < queues; ++q) {
      if (head[q] != kNone && Keys::Less(Keys::KeyOf(pool[head[q]]), *key)) {
        best = q;
        *key = Keys::KeyOf(pool[head[q]]);
      }
    }
    return best;
  }
#endif
};

// Expands the tree of `resolved` in canonical order, calling
// visit(sender, sender_type, child, child_type, arrival, send_index,
// sender_done, child_sends) for every transfer; `visit` returns false to
// stop early.
//
// Every entry queued while handling a sender popped at time t has key
// t + C(its type), and pops happen in nondecreasing (time, id) order, so
// each queue stays sorted by (time, id): in the re-queue the ids at one time
// are the popped senders' ids, in pop order; in the new-node queue they are
// positions of one type in pop order, and ids grow with positions
// (TableIdOf). The next sender is the least of the 2k queue heads, O(k) per
// transfer. `pool` and `next` have room for 2 * participants entries.
//
// ExpandTableTree (below) runs this, or in the size-optimized build its one
// copy for every visitor.
template <typename Keys, typename Reader, typename Visit>
void ExpandTableTreeWith(const ProfileView& v, const Resolved& resolved,
                         const TableLayout& layout, const Keys& keys,
                         Reader entry, typename Keys::Sender* pool,
                         uint32_t* next, Visit visit) {
  using Sender = typename Keys::Sender;
  const uint32_t k = v.type_count;
#if !defined(HETCAST_OPTIMIZE_SIZE)
  // Local copies: the compiler need not reload them after every write to
  // the caller's arrays.
  uint64_t cost[HETCAST_TABLE_MAX_TYPES], stride[HETCAST_TABLE_MAX_TYPES];
  for (uint32_t j = 0; j < k; ++j) {
    cost[j] = v.cost[j];
    stride[j] = v.stride[j];
  }
#else
  const uint64_t* const cost = v.cost;
  const uint64_t* const stride = v.stride;
#endif
  uint32_t position[HETCAST_TABLE_MAX_TYPES];  // Within the limits.
  for (uint32_t j = 0; j < k; ++j) position[j] = 0;
  SenderQueues<Keys> queues(k, pool, next);
  const uint32_t time_bits = v.time_bits;
  const uint32_t split_shift = v.split_shift;
  const uint32_t type_mask = v.type_mask;
  const uint64_t state_count = v.state_count;
  auto push = [&](uint32_t q, const Sender& x) {
    // The entry is read when x is popped; start loading it now.
    entry.Prefetch((x.type_sends & 15) * state_count + x.state);
    queues.Push(q, x);
  };
  if (resolved.state != 0) {
    push(2 * resolved.source,
         keys.Make(cost[resolved.source], 0,
                   static_cast<uint32_t>(resolved.state), resolved.source, 0));
  }
  Sender top;
  while (queues.Pop(&top)) {
    const uint32_t sender_id = keys.Id(top);
    const uint32_t sender_type = top.type_sends & 15;
    const uint64_t word = entry(sender_type * state_count + top.state);
    const uint32_t l = (word >> time_bits) & type_mask;
    const uint32_t y = static_cast<uint32_t>(word >> split_shift);
    const uint64_t arrival = keys.Time(top);
    top.type_sends += 16;
    const uint32_t send_index = top.type_sends >> 4;
    const uint32_t child_id = TableIdOf(layout, resolved, l, position[l]++);
    const uint32_t remaining = top.state - static_cast<uint32_t>(stride[l]) - y;
    if (remaining != 0) {
      top.state = remaining;
      keys.Advance(&top, cost[sender_type]);
      push(2 * sender_type, top);
    }
    if (y != 0) {
      push(2 * l + 1, keys.Make(arrival + cost[l], child_id, y, l, 0));
    }
    if (!visit(sender_id, sender_type, child_id, l, arrival, send_index,
               remaining == 0, y != 0)) {
      return;
    }
  }
}

// A visitor behind a function pointer: the size-optimized build expands
// with this one type, so the loop is compiled once (config.h).
struct ErasedTableVisit {
  using Call = bool (*)(void* context, uint32_t sender, uint32_t sender_type,
                        uint32_t child, uint32_t child_type, uint64_t arrival,
                        uint32_t send_index, bool sender_done,
                        bool child_sends);
  void* context;
  Call call;
  bool operator()(uint32_t sender, uint32_t sender_type, uint32_t child,
                  uint32_t child_type, uint64_t arrival, uint32_t send_index,
                  bool sender_done, bool child_sends) const {
    return call(context, sender, sender_type, child, child_type, arrival,
                send_index, sender_done, child_sends);
  }
};

// ExpandTableTreeWith in wide keys, the entry width read at run time, and
// an erased visitor (reconstruct_queues.cc).
void ExpandTableTreeErased(const ProfileView& v, const Resolved& resolved,
                           const TableLayout& layout, WideSender* pool,
                           uint32_t* next, ErasedTableVisit visit);

// Expands the tree of `resolved` in canonical order, calling `visit` for
// every transfer (ExpandTableTreeWith).
template <typename Keys, typename Reader, typename Visit>
void ExpandTableTree(const ProfileView& v, const Resolved& resolved,
                     const TableLayout& layout, const Keys& keys, Reader entry,
                     typename Keys::Sender* pool, uint32_t* next, Visit visit) {
  if (!kOptimizeSize) {
    ExpandTableTreeWith(v, resolved, layout, keys, entry, pool, next, visit);
    return;
  }
  // DispatchQueueKeys chose wide keys: Keys::Sender is WideSender.
  ExpandTableTreeErased(
      v, resolved, layout, reinterpret_cast<WideSender*>(pool), next,
      ErasedTableVisit{
          &visit, [](void* context, uint32_t sender, uint32_t sender_type,
                     uint32_t child, uint32_t child_type, uint64_t arrival,
                     uint32_t send_index, bool sender_done, bool child_sends) {
            return (*static_cast<Visit*>(context))(
                sender, sender_type, child, child_type, arrival, send_index,
                sender_done, child_sends);
          }});
}

// Calls fn(keys, reader) with the fastest key and entry representation
// that fit this request: packed keys when completion time and ids share 64
// bits (the usual case), 4- or 8-byte entries as the profile stores them.
// The size-optimized build (config.h) has one instantiation: wide keys,
// which fit every request, and the entry width read at run time.
template <typename Fn>
void DispatchQueueKeys(const ProfileView& v, const Resolved& resolved,
                       const TableLayout& layout, Fn fn) {
  if (kOptimizeSize) {
    fn(WideKeys{}, TableEntryAnyWidth{&v});
    return;
  }
  const uint32_t id_bits = TableBitWidth(layout.node_count - 1);
  const bool packed = TableBitWidth(resolved.completion) + id_bits <= 63;
  const PackedKeys packed_keys{id_bits, (uint64_t{1} << id_bits) - 1};
  if (v.entry_bytes == 4) {
    const TableEntryReader<uint32_t> reader{v.entries};
    if (packed) {
      fn(packed_keys, reader);
    } else {
      fn(WideKeys{}, reader);
    }
  } else {
    const TableEntryReader<uint64_t> reader{v.entries};
    if (packed) {
      fn(packed_keys, reader);
    } else {
      fn(WideKeys{}, reader);
    }
  }
}

// QueueScratch
//
// The queue path's workspace. The heap is sized for the wider sender so
// either representation fits.
struct QueueScratch {
  WideSender* pool;
  uint32_t* pool_next;
  hetcast_transfer* popped;  // Transfers in expansion order,
  WideKey* popped_key;       // their (start, from) keys (either Key fits),
  uint32_t* popped_next;     // the next one with a sender of the same type.
};

// Carves the queue path's workspace for `participants` nodes; the popped_*
// arrays only `with_transfers` (and not in the size-optimized build). False
// when `arena` runs out (never when it measures).
bool CarveQueueScratch(size_t participants, bool with_transfers, Arena* arena,
                       QueueScratch* scratch);

// Writes every node the tree informs and, when `transfers` is not NULL, the
// transfers in (start, from) order.
void ReconstructByQueues(const ProfileView& v, const Resolved& resolved,
                         const TableLayout& layout, const QueueScratch& scratch,
                         hetcast_node* nodes, hetcast_transfer* transfers);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_RECONSTRUCT_QUEUES_H_
