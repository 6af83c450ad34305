// reconstruct_queues.cc: the queue path's workspace and its full plan
// (every node and the transfers in schedule order).
#include "runtime/table/reconstruct_queues.h"

#include <type_traits>

#include "runtime/arena.h"
#include "runtime/config.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"
#include "runtime/table/resolve.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

// Merges the per-sender-type runs of the expansion (run j starts at
// first[j] and continues through next[]) by (start, from) into `out`. K is
// the type count when known at compile time (the head keys then live in
// registers), else an upper bound with the count in `k`.
template <typename Keys, uint32_t K>
void MergeTransferRuns(const uint32_t* first, const hetcast_transfer* in,
                       const typename Keys::Key* key, const uint32_t* next,
                       uint32_t count, hetcast_transfer* out, uint32_t k = K) {
  uint32_t cursor[K];
  typename Keys::Key head[K];
  for (uint32_t j = 0; j < K; ++j) {
    cursor[j] = j < k ? first[j] : UINT32_MAX;
    head[j] = cursor[j] == UINT32_MAX ? Keys::kEmpty : key[cursor[j]];
  }
  for (uint32_t w = 0; w < count; ++w) {
    typename Keys::Key best_key;
    const uint32_t best = QueueArgMin<Keys>(head, K, &best_key);
    const uint32_t i = cursor[best];
    out[w] = in[i];
    const uint32_t after = next[i];
    cursor[best] = after;
    head[best] = after == UINT32_MAX ? Keys::kEmpty : key[after];
  }
}

// The transfers of the expansion, `popped` of them in (arrival, from)
// order, linked per sender type from `first` through `next`, merged into
// (start, from) order. Small type counts get a merge of their own size
// (not in the size-optimized build).
template <typename Keys>
void MergeBySenderType(uint32_t k, const uint32_t* first,
                       const hetcast_transfer* in,
                       const typename Keys::Key* key, const uint32_t* next,
                       uint32_t popped, hetcast_transfer* transfers) {
  if (kOptimizeSize) {  // One merge for every k (config.h).
    MergeTransferRuns<Keys, HETCAST_TABLE_MAX_TYPES>(first, in, key, next,
                                                     popped, transfers, k);
    return;
  }
  switch (k) {
    case 1:
      for (uint32_t w = 0; w < popped; ++w) transfers[w] = in[w];
      break;
    case 2:
      MergeTransferRuns<Keys, 2>(first, in, key, next, popped, transfers);
      break;
    case 3:
      MergeTransferRuns<Keys, 3>(first, in, key, next, popped, transfers);
      break;
    case 4:
      MergeTransferRuns<Keys, 4>(first, in, key, next, popped, transfers);
      break;
    default:
      MergeTransferRuns<Keys, HETCAST_TABLE_MAX_TYPES>(first, in, key, next,
                                                       popped, transfers, k);
  }
}

// ReconstructByQueues with its representation fixed. The size-optimized
// build (config.h) writes the transfers in expansion order and sorts them
// (no two share (start, from)), with no merge code and no scratch.
template <typename Keys, typename Reader>
void ReconstructWithKeys(const ProfileView& v, const Resolved& resolved,
                         const TableLayout& layout, const Keys& keys,
                         Reader reader, const QueueScratch& scratch,
                         hetcast_node* nodes, hetcast_transfer* transfers) {
  const bool with_transfers = transfers != nullptr;
  uint32_t popped = 0;
  hetcast_transfer* out = scratch.popped;
  typename Keys::Key* out_key =
      reinterpret_cast<typename Keys::Key*>(scratch.popped_key);
  uint32_t* out_next = scratch.popped_next;
  uint32_t first[HETCAST_TABLE_MAX_TYPES], last[HETCAST_TABLE_MAX_TYPES];
  for (uint32_t j = 0; j < v.type_count; ++j) {
    first[j] = last[j] = UINT32_MAX;
  }
  ExpandTableTree(
      v, resolved, layout, keys, reader,
      reinterpret_cast<typename Keys::Sender*>(scratch.pool), scratch.pool_next,
      [&](uint32_t sender, uint32_t sender_type, uint32_t child,
          uint32_t child_type, uint64_t arrival, uint32_t send_index,
          bool /*sender_done*/, bool /*child_sends*/) {
        nodes[child] = hetcast_node{arrival, sender, child_type, send_index,
                                    child >= layout.relay_base[0]};
        if (with_transfers) {
          const uint64_t start = arrival - v.cost[sender_type];
          const hetcast_transfer transfer{sender, child, start, arrival};
          if (kOptimizeSize) {
            transfers[popped++] = transfer;
            return true;
          }
          out[popped] = transfer;
          out_key[popped] = keys.MakeKey(start, sender);
          if (last[sender_type] == UINT32_MAX) {
            first[sender_type] = popped;
          } else {
            out_next[last[sender_type]] = popped;
          }
          last[sender_type] = popped++;
        }
        return true;
      });
  if (!with_transfers || popped == 0) return;
  if (kOptimizeSize) {
    SortTransfers(transfers, popped);
    return;
  }
  // Expansion order is (arrival, from); for the senders of one type that
  // is also (start, from) order, so the schedule is a merge of the k
  // per-sender-type subsequences, linked through `out_next`.
  for (uint32_t j = 0; j < v.type_count; ++j) {
    if (last[j] != UINT32_MAX) out_next[last[j]] = UINT32_MAX;
  }
  MergeBySenderType<Keys>(v.type_count, first, out, out_key, out_next, popped,
                          transfers);
}

}  // namespace

void ExpandTableTreeErased(const ProfileView& v, const Resolved& resolved,
                           const TableLayout& layout, WideSender* pool,
                           uint32_t* next, ErasedTableVisit visit) {
  ExpandTableTreeWith(v, resolved, layout, WideKeys{}, TableEntryAnyWidth{&v},
                      pool, next, visit);
}

bool CarveQueueScratch(size_t participants, bool with_transfers, Arena* arena,
                       QueueScratch* scratch) {
  *scratch = QueueScratch();
  scratch->pool = arena->Allocate<WideSender>(2 * participants);
  scratch->pool_next = arena->Allocate<uint32_t>(2 * participants);
  if (with_transfers && !kOptimizeSize) {  // The merge's (config.h).
    scratch->popped = arena->Allocate<hetcast_transfer>(participants);
    scratch->popped_key = arena->Allocate<WideKey>(participants);
    scratch->popped_next = arena->Allocate<uint32_t>(participants);
  }
  return !arena->failed();
}

void ReconstructByQueues(const ProfileView& v, const Resolved& resolved,
                         const TableLayout& layout, const QueueScratch& scratch,
                         hetcast_node* nodes, hetcast_transfer* transfers) {
  DispatchQueueKeys(v, resolved, layout, [&](const auto& keys, auto reader) {
    using Keys = typename std::decay<decltype(keys)>::type;
    ReconstructWithKeys<Keys>(v, resolved, layout, keys, reader, scratch, nodes,
                              transfers);
  });
}

}  // namespace internal
}  // namespace hetcast
