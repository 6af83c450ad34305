// postal.cc: broadcasting in the postal cluster model (Khuller, Kim & Wan
// §6), where a sender is busy for one tick only: LCF (§6.1, Theorems 6.1 to
// 6.3) and Interleaved LCF (§6.2, Theorem 6.4).
#include "runtime/cluster/internal.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// LCF in the postal model (§6.1). Every holder can act every tick:
// processors of a full cluster each send one inter-cluster message per tick
// to the largest cluster not yet targeted ("They can initiate a global
// transfer at every time unit"), and holders of other clusters broadcast
// locally. The footnote-1 interrupt is not part of the postal algorithm.
// Holders act in id order.
size_t RunPostalLcf(const ClusterLayout& l, const LcfScratch& s) {
  const uint32_t k = l.k;
  for (uint32_t c = 0; c < k; ++c) {
    s.informed[c] = 0;
    s.received[c] = 0;
  }
  s.informed[0] = 1;
  s.received[0] = 1;
  ClusterEventQueue local{s.local_events, 0, 0};
  ClusterEventQueue global{s.global_events, 0, 0};
  size_t written = 0;
  uint32_t total = 1, next_target = 0;
  const uint32_t waiting = k - 1;
  for (uint64_t t = 0; total < l.n; ++t) {
    if (s.work != nullptr) ++s.work->steps;
    for (ClusterEventQueue* q : {&local, &global}) {
      while (q->Due(t)) {
        const ClusterEvent e = q->items[q->head++];
        ++s.received[ClusterOf(s.base, k, e.id)];
        ++total;
      }
    }
    for (uint32_t c = 0; c < k; ++c) {
      const uint32_t holders = s.received[c];
      if (holders == 0) continue;
      const bool full = holders == l.size[c];
      for (uint32_t p = 0; p < holders; ++p) {
        const uint32_t from = s.base[c] + p;
        if (full) {
          if (next_target >= waiting) break;
          const uint32_t target = s.order[next_target++];
          const uint32_t to = s.base[target] + s.informed[target]++;
          s.raw[written++] = hetcast_transfer{from, to, t, t + l.cost};
          global.items[global.tail++] = ClusterEvent{t + l.cost, to, 1};
        } else {
          if (s.informed[c] >= l.size[c]) break;
          const uint32_t to = s.base[c] + s.informed[c]++;
          s.raw[written++] = hetcast_transfer{from, to, t, t + 1};
          local.items[local.tail++] = ClusterEvent{t + 1, to, 1};
        }
      }
    }
  }
  return written;
}

// Interleaved LCF (§6.2): "At every two rounds, a processor that has the
// message alternately performs the following two steps. 1. Local transfer:
// if there is any processor in the same cluster that has not received the
// message, then send the message to it. 2. Global transfer: if there is any
// cluster that has not received the message, choose the biggest cluster
// among them and send the message to a processor in the cluster." Each
// processor starts with the local step at the tick it receives; a step with
// nothing to do is an idle tick; "not received" means not yet targeted.
// Holders act in id order within a tick.
size_t RunInterleavedLcf(const ClusterLayout& l, const LcfScratch& s) {
  const uint32_t k = l.k;
  for (uint32_t c = 0; c < k; ++c) {
    s.informed[c] = 0;
    s.received[c] = 0;
  }
  for (uint32_t v = 0; v < l.n; ++v) s.arrival[v] = HETCAST_NEVER;
  s.arrival[0] = 0;
  s.informed[0] = 1;
  s.received[0] = 1;
  size_t written = 0;
  uint32_t total = 1, next_target = 0;
  const uint32_t waiting = k - 1;
  for (uint64_t t = 0; total < l.n; ++t) {
    if (s.work != nullptr) ++s.work->steps;
    for (uint32_t c = 0; c < k; ++c) {
      // Holders of c: positions whose message has arrived by t.
      for (uint32_t p = 0; p < s.informed[c]; ++p) {
        const uint32_t from = s.base[c] + p;
        if (s.arrival[from] > t) continue;
        const bool local_step = (t - s.arrival[from]) % 2 == 0;
        if (local_step) {
          if (s.informed[c] >= l.size[c]) continue;
          const uint32_t to = s.base[c] + s.informed[c]++;
          s.arrival[to] = t + 1;
          s.raw[written++] = hetcast_transfer{from, to, t, t + 1};
          ++total;
        } else if (next_target < waiting) {
          const uint32_t target = s.order[next_target++];
          const uint32_t to = s.base[target] + s.informed[target]++;
          s.arrival[to] = t + l.cost;
          s.raw[written++] = hetcast_transfer{from, to, t, t + l.cost};
          ++total;
        }
      }
    }
  }
  return written;
}

}  // namespace internal
}  // namespace hetcast
