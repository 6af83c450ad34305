// postal.cc: broadcasting in the postal cluster model (Khuller, Kim & Wan
// §6), where a sender is busy for one tick only: LCF (§6.1, Theorems 6.1 to
// 6.3) and Interleaved LCF (§6.2, Theorem 6.4).
//
// Both simulations visit only the instants at which something can happen:
// the tick after one with a send, and otherwise the next landing. Between
// two such instants nothing changes, so skipping them keeps the schedules
// of a tick-by-tick run, and the work does not grow with C.
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

// The local and global transfers in flight; each queue's times never
// decrease (pushed with t + 1 and t + C).
struct PostalQueues {
  ClusterEventQueue local, global;

  explicit PostalQueues(const LcfScratch& s)
      : local{s.local_events, 0, 0}, global{s.global_events, 0, 0} {}
  void Push(bool inter, uint64_t arrival, uint32_t to) {
    ClusterEventQueue& q = inter ? global : local;
    q.items[q.tail++] = ClusterEvent{arrival, kClusterNoSender, to};
  }
  // Counts the processors whose message lands at `t` into s.received.
  void Land(const ClusterLayout& l, const LcfScratch& s, uint64_t t) {
    for (ClusterEventQueue* q : {&local, &global}) {
      while (q->Due(t)) {
        ++s.received[ClusterOf(s.base, l.k, q->items[q->head++].to)];
      }
    }
  }
  uint64_t Next() const {
    return local.Next() < global.Next() ? local.Next() : global.Next();
  }
};

void ResetPostalCounts(const ClusterLayout& l, const LcfScratch& s) {
  for (uint32_t c = 0; c < l.k; ++c) {
    s.informed[c] = 0;
    s.received[c] = 0;
  }
  s.informed[0] = 1;
  s.received[0] = 1;
}

void CountStep(const LcfScratch& s) {
  if (s.work != nullptr) ++s.work->steps;
}

// Interleaved LCF after tick t: can a holder that has landed act within the
// next two ticks (its two steps)? If not, nothing happens before the next
// landing.
bool InterleavedCanAct(const ClusterLayout& l, const LcfScratch& s,
                       bool targets_left) {
  if (targets_left) return true;  // The source always holds the message.
  for (uint32_t c = 0; c < l.k; ++c) {
    if (s.received[c] > 0 && s.informed[c] < l.size[c]) return true;
  }
  return false;
}

}  // namespace

// LCF in the postal model (§6.1). Every holder can act every tick:
// processors of a full cluster each send one inter-cluster message per tick
// to the largest cluster not yet targeted ("They can initiate a global
// transfer at every time unit"), and holders of other clusters broadcast
// locally. The footnote-1 interrupt is not part of the postal algorithm.
// Holders act in id order. A tick without a send leaves the state as it
// was, so the next one that can differ is the next landing.
size_t RunPostalLcf(const ClusterLayout& l, const LcfScratch& s) {
  ResetPostalCounts(l, s);
  PostalQueues queues(s);
  size_t written = 0;
  uint32_t total = 1, next_target = 0;
  const uint32_t waiting = l.k - 1;
  for (uint64_t t = 0; total < l.n;) {
    CountStep(s);
    const size_t written_before = written;
    queues.Land(l, s, t);
    for (uint32_t c = 0; c < l.k; ++c) {
      const uint32_t holders = s.received[c];
      const bool full = holders == l.size[c];
      for (uint32_t p = 0; p < holders; ++p) {
        const uint32_t target =
            full ? (next_target < waiting ? s.order[next_target++] : UINT32_MAX)
                 : c;
        if (target == UINT32_MAX || s.informed[target] >= l.size[target]) {
          break;
        }
        const uint32_t to = s.base[target] + s.informed[target]++;
        const uint64_t arrival = t + (full ? l.cost : 1);
        s.raw[written++] = hetcast_transfer{s.base[c] + p, to, t, arrival};
        queues.Push(full, arrival, to);
        ++total;
      }
    }
    if (written > written_before) {
      ++t;
    } else if ((t = queues.Next()) == HETCAST_NEVER) {
      break;  // Cannot happen: a processor still to reach is in flight.
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
  ResetPostalCounts(l, s);
  for (uint32_t v = 0; v < l.n; ++v) s.arrival[v] = HETCAST_NEVER;
  s.arrival[0] = 0;
  PostalQueues queues(s);
  size_t written = 0;
  uint32_t total = 1, next_target = 0;
  const uint32_t waiting = l.k - 1;
  for (uint64_t t = 0; total < l.n;) {
    CountStep(s);
    queues.Land(l, s, t);
    for (uint32_t c = 0; c < l.k; ++c) {
      // Holders of c: positions whose message has arrived by t.
      for (uint32_t p = 0; p < s.informed[c]; ++p) {
        const uint32_t from = s.base[c] + p;
        if (s.arrival[from] > t) continue;
        const bool local_step = (t - s.arrival[from]) % 2 == 0;
        if (local_step ? s.informed[c] >= l.size[c] : next_target >= waiting) {
          continue;
        }
        const uint32_t target = local_step ? c : s.order[next_target++];
        const uint32_t to = s.base[target] + s.informed[target]++;
        s.arrival[to] = t + (local_step ? 1 : l.cost);
        s.raw[written++] = hetcast_transfer{from, to, t, s.arrival[to]};
        queues.Push(!local_step, s.arrival[to], to);
        ++total;
      }
    }
    if (InterleavedCanAct(l, s, next_target < waiting)) {
      ++t;
    } else if ((t = queues.Next()) == HETCAST_NEVER) {
      break;  // Cannot happen: a processor still to reach is in flight.
    }
  }
  return written;
}

}  // namespace internal
}  // namespace hetcast
