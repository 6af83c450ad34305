// lcf.cc: Largest Cluster First (Khuller, Kim & Wan §3, Theorems 3.1 and
// 3.3) in the blocking model, LCF(m) and LCF Multicast (§4, Theorems 4.1 and
// 4.3), and the local doubling the other cluster algorithms build on.
//
// LCF, as implemented (the paper's text, footnote 1 included, is quoted
// where it decides something):
//  1. Cluster 0 broadcasts locally (binomial doubling: every idle holder
//     sends to a new processor of its cluster each tick).
//  2. A cluster whose processors all have the message sends, with every idle
//     processor, one inter-cluster message each to the largest clusters not
//     yet targeted ("picks the first n_i clusters that have not received a
//     message, and sends the message to them at every C time unit"); a
//     cluster counts as served once a message to it is under way, so each
//     cluster receives exactly one message from outside.
//  3. A cluster that received a message broadcasts locally until full.
//  Footnote 1: "We interrupt all local broadcasting and do one global
//  transfer, if the number of processors having the message is at least the
//  number of clusters that have not received a message." When the idle
//  holders (any cluster) are at least the untargeted clusters, each of those
//  clusters gets one message at once, from full clusters' processors first,
//  and all local broadcasting pauses for those C ticks. It fires at most
//  once (it serves every remaining cluster).
// Ties: clusters of equal size by index; processors are interchangeable
// until the canonical ids are assigned at the end.
#include "runtime/arena.h"
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

// One run of LCF: the simulation's state (ClusterHolders) and LCF's rules
// for the idle processors.
class LcfRun {
 public:
  LcfRun(const ClusterLayout& l, const LcfScratch& s)
      : l_(l), s_(s), holders_(l, s, /*postal=*/false), waiting_(l.k - 1) {}

  // Every idle processor of the clusters that are (`full`) or are not full
  // sends to the largest untargeted cluster, clusters in index order.
  void ServeWaiting(uint64_t t, bool full) {
    for (uint32_t c = 0; c < l_.k && next_target_ < waiting_; ++c) {
      if ((s_.received[c] == l_.size[c]) != full) continue;
      while (s_.idle_count[c] > 0 && next_target_ < waiting_) {
        holders_.Send(holders_.PopIdle(c), c, s_.order[next_target_++], t);
      }
    }
  }

  // Idle processors of clusters not yet full send inside their cluster.
  void BroadcastLocally(uint64_t t) {
    for (uint32_t c = 0; c < l_.k; ++c) {
      if (s_.received[c] == l_.size[c]) continue;
      while (s_.idle_count[c] > 0 && s_.informed[c] < l_.size[c]) {
        holders_.Send(holders_.PopIdle(c), c, c, t);
      }
    }
  }

  ClusterHolders& holders() { return holders_; }
  uint32_t Untargeted() const { return waiting_ - next_target_; }
  uint32_t next_target() const { return next_target_; }

 private:
  const ClusterLayout& l_;
  const LcfScratch& s_;
  ClusterHolders holders_;
  const uint32_t waiting_;  // Clusters other than cluster 0.
  uint32_t next_target_ = 0;
};

}  // namespace

ClusterHolders::ClusterHolders(const ClusterLayout& l, const LcfScratch& s,
                               bool postal)
    : l_(l),
      s_(s),
      local_{s.local_events, 0, 0},
      global_{s.global_events, 0, 0},
      postal_(postal) {
  for (uint32_t c = 0; c < l.k; ++c) {
    s.informed[c] = 0;
    s.received[c] = 0;
    s.idle_count[c] = 0;
  }
  s.informed[0] = 1;
  s.received[0] = 1;
  PushIdle(0, 0);
}

void ClusterHolders::Land(uint64_t t) {
  for (ClusterEventQueue* q : {&local_, &global_}) {
    while (q->Due(t)) {
      const ClusterEvent e = q->items[q->head++];
      if (e.from != kClusterNoSender) {
        PushIdle(ClusterOf(s_.base, l_.k, e.from), e.from);
      }
      if (e.to == kClusterNoReceiver) continue;
      const uint32_t c = ClusterOf(s_.base, l_.k, e.to);
      ++s_.received[c];
      ++total_received_;
      PushIdle(c, e.to);
    }
  }
}

void ClusterHolders::Send(uint32_t from, uint32_t from_cluster,
                          uint32_t to_cluster, uint64_t t) {
  const uint32_t to = s_.base[to_cluster] + s_.informed[to_cluster]++;
  const bool inter = from_cluster != to_cluster;
  const uint64_t arrival = t + (inter ? l_.cost : 1);
  s_.raw[written_++] = hetcast_transfer{from, to, t, arrival};
  if (inter && postal_) {
    global_.items[global_.tail++] = ClusterEvent{arrival, kClusterNoSender, to};
    local_.items[local_.tail++] = ClusterEvent{t + 1, from, kClusterNoReceiver};
    return;
  }
  ClusterEventQueue& q = inter ? global_ : local_;
  q.items[q.tail++] = ClusterEvent{arrival, from, to};
}

uint32_t ClusterHolders::PopIdle(uint32_t c) {
  --idle_total_;
  return s_.idle[s_.base[c] + --s_.idle_count[c]];
}

void ClusterHolders::PushIdle(uint32_t c, uint32_t id) {
  s_.idle[s_.base[c] + s_.idle_count[c]++] = id;
  ++idle_total_;
}

bool CarveLcf(const ClusterLayout& l, Arena* arena, LcfScratch* s) {
  const size_t n = l.n, k = l.k;
  s->order = arena->Allocate<uint32_t>(k);
  s->sorted = arena->Allocate<uint64_t>(ClusterBoundArray(l));
  s->reduced = arena->Allocate<uint64_t>(ClusterBoundArray(l));
  s->full_base = arena->Allocate<uint32_t>(k + 1);
  s->base = arena->Allocate<uint32_t>(k + 1);
  s->informed = arena->Allocate<uint32_t>(k);
  s->received = arena->Allocate<uint32_t>(k);
  s->idle_count = arena->Allocate<uint32_t>(k);
  s->idle = arena->Allocate<uint32_t>(n);
  s->local_events = arena->Allocate<ClusterEvent>(n);
  s->global_events = arena->Allocate<ClusterEvent>(n);
  s->raw = arena->Allocate<hetcast_transfer>(n);
  s->arrival = arena->Allocate<uint64_t>(n);
  s->parent = arena->Allocate<uint32_t>(n);
  s->send_index = arena->Allocate<uint32_t>(n);
  s->sends = s->idle;
  s->by_arrival = arena->Allocate<uint32_t>(n);
  s->new_id = arena->Allocate<uint32_t>(n);
  return !arena->failed();
}

// With stop_copies > 0 this is LCF(m) of §4: it stops at the first tick at
// which at least m processors hold the message (transfers already under
// way still complete) and reports where in `stop`.
size_t RunLcf(const ClusterLayout& l, const LcfScratch& s, uint32_t stop_copies,
              LcfStop* stop) {
  LcfRun run(l, s);
  ClusterHolders& holders = run.holders();
  uint64_t paused_until = 0;
  uint64_t t = 0;
  while (holders.total_received() < l.n) {
    holders.Land(t);
    if (holders.total_received() == l.n) break;
    if (stop_copies > 0 && holders.total_received() >= stop_copies) {
      stop->time = t;
      stop->next_target = run.next_target();
      return holders.written();
    }
    const uint32_t untargeted = run.Untargeted();
    if (untargeted > 0 && holders.idle_total() >= untargeted) {
      // Footnote 1: serve every remaining cluster now, full clusters'
      // processors first, and pause local broadcasting for C ticks.
      run.ServeWaiting(t, /*full=*/true);
      run.ServeWaiting(t, /*full=*/false);
      paused_until = t + l.cost;
    } else if (untargeted > 0) {
      run.ServeWaiting(t, /*full=*/true);
    }
    if (t >= paused_until) run.BroadcastLocally(t);
    const uint64_t next = holders.NextEventTime();
    if (next == HETCAST_NEVER) break;  // Cannot happen: something is in flight.
    t = next;
  }
  return holders.written();
}

uint64_t LcfAllLanded(const LcfScratch& s, size_t count, uint64_t not_before) {
  uint64_t t = not_before;
  for (size_t i = 0; i < count; ++i) {
    if (s.raw[i].arrival > t) t = s.raw[i].arrival;
  }
  return t;
}

// Positions [0, holders) hold the message at `start`; each tick every holder
// sends to the next position until `goal` positions hold it. Appends the
// transfers at out[*written] and returns the number of holders reached.
uint64_t AppendLocalDoubling(uint32_t base, uint64_t holders, uint64_t goal,
                             uint64_t start, hetcast_transfer* out,
                             size_t* written) {
  uint64_t t = start;
  while (holders < goal) {
    const uint64_t senders = holders;
    for (uint64_t h = 0; h < senders && holders < goal; ++h) {
      out[(*written)++] = hetcast_transfer{
          base + static_cast<uint32_t>(h),
          base + static_cast<uint32_t>(holders++), t, TimeAdd(t, 1)};
    }
    t = TimeAdd(t, 1);  // After bounded-size matching's rounds, may be near
                        // HETCAST_NEVER.
  }
  return holders;
}

// LCF Multicast (§4): "Phase 1: Run LCF(k') by using any processor whether
// it belongs to the multicast group or not. Phase 2: Send one copy to each
// cluster in M if it has not received any message yet. Phase 3: Do local
// broadcast in clusters of M." M = the clusters other than 0 with members,
// k' = |M|. Phase 2 starts when every phase-1 transfer has landed; phase 3
// (local doubling until each cluster, cluster 0 included, holds at least
// its member count; the first holders by arrival are the members) starts
// when phase 2 has ended.
size_t RunLcfMulticast(const ClusterLayout& l, const LcfScratch& s) {
  const uint64_t* members = l.request->members;
  const uint32_t k_prime = OtherMemberClusters(l);
  LcfStop stop;
  size_t written = RunLcf(l, s, k_prime > 0 ? k_prime : 1, &stop);
  uint64_t t = LcfAllLanded(s, written, stop.time);
  uint32_t* informed = s.informed;
  // Phase 2: one holder per member cluster without a copy.
  uint32_t* holders_now = s.received;
  for (uint32_t c = 0; c < l.k; ++c) holders_now[c] = informed[c];
  uint32_t sender_cluster = 0, sender_position = 0;
  bool sent = false;
  for (uint32_t c = 1; c < l.k; ++c) {
    if (members[c] == 0 || informed[c] > 0) continue;
    while (sender_position >= holders_now[sender_cluster]) {
      ++sender_cluster;  // k' <= holders, so a sender always remains.
      sender_position = 0;
    }
    const uint32_t from = s.base[sender_cluster] + sender_position++;
    const uint32_t to = s.base[c] + informed[c]++;
    s.raw[written++] = hetcast_transfer{from, to, t, t + l.cost};
    sent = true;
  }
  if (sent) t += l.cost;
  // Phase 3: local doubling up to the member count.
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendLocalDoubling(s.base[c], informed[c], members[c], t, s.raw, &written);
  }
  return written;
}

}  // namespace internal
}  // namespace hetcast
