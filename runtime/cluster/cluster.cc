// cluster.cc: the two-level cluster model of Khuller, Kim & Wan: request
// validation, the evaluator (all variants), the lower bounds, LCF broadcast
// and the cluster-unaware binomial broadcast (basic model).
//
// LCF (§3), as implemented (the paper's text, footnote 1 included, is quoted
// in the comments below where it decides something):
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
#include <algorithm>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

constexpr uint64_t kNever = HETCAST_NEVER;

struct ClusterLayout {
  const hetcast_cluster_request* request;
  uint32_t k;
  uint32_t n;  // Processors.
  uint64_t cost;
  const uint64_t* size;
  // base[c] = first id of cluster c (computed into workspace by callers
  // that need it; ClusterOf uses binary search over it).
};

hetcast_status Validate(const hetcast_cluster_request* r, ClusterLayout* out) {
  if (r == nullptr || r->sizes == nullptr || r->cluster_count == 0 ||
      r->cluster_count > HETCAST_MAX_NODES || r->inter_cost == 0 ||
      r->inter_cost > HETCAST_MAX_COST ||
      (r->postal != 0 && r->postal != 1)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  if (r->postal && (r->degrees != nullptr || r->matching != 0)) {
    return HETCAST_INVALID_ARGUMENT;  // §5's bounds are for the blocking model.
  }
  uint64_t total = 0;
  for (size_t c = 0; c < r->cluster_count; ++c) {
    if (r->sizes[c] == 0) return HETCAST_INVALID_ARGUMENT;
    if (r->degrees != nullptr &&
        (r->degrees[c] == 0 || r->degrees[c] > r->sizes[c])) {
      return HETCAST_INVALID_ARGUMENT;
    }
    if (r->members != nullptr && r->members[c] > r->sizes[c]) {
      return HETCAST_INVALID_ARGUMENT;
    }
    if (__builtin_add_overflow(total, r->sizes[c], &total) ||
        total > HETCAST_MAX_NODES) {
      return HETCAST_TOO_LARGE;
    }
  }
  out->request = r;
  out->k = static_cast<uint32_t>(r->cluster_count);
  out->n = static_cast<uint32_t>(total);
  out->cost = r->inter_cost;
  out->size = r->sizes;
  return HETCAST_OK;
}

uint64_t CeilLog2(uint64_t x) {  // x >= 1
  uint64_t bits = 0;
  while ((uint64_t{1} << bits) < x) ++bits;
  return bits;
}

// p: global steps of LCF when local transfers are free (Lemma 3.3): S holders
// (all of cluster 0 at first) serve the S largest waiting clusters per step.
// `sorted` holds the sizes of clusters 1..k-1, largest first.
uint64_t GlobalSteps(const ClusterLayout& l, const uint64_t* sorted) {
  uint64_t holders = l.size[0], steps = 0;
  size_t next = 0;
  const size_t waiting = l.k - 1;
  while (next < waiting) {
    const uint64_t take = holders < waiting - next ? holders : waiting - next;
    for (uint64_t i = 0; i < take; ++i) holders += sorted[next + i];
    next += take;
    ++steps;
  }
  return steps;
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

namespace hetcast {
namespace internal {
namespace {

// Cluster indices 1..k-1, largest first, ties by index.
void SortOthers(const ClusterLayout& l, uint32_t* order) {
  for (uint32_t c = 1; c < l.k; ++c) order[c - 1] = c;
  const uint64_t* size = l.size;
  std::sort(order, order + (l.k - 1), [size](uint32_t a, uint32_t b) {
    return size[a] > size[b] || (size[a] == size[b] && a < b);
  });
}

void BasicLowerBoundOf(const ClusterLayout& l, uint32_t* order,
                       uint64_t* sorted, uint64_t* bound, hetcast_bound* kind) {
  *bound = CeilLog2(l.n);
  *kind = HETCAST_BOUND_LOG2;
  if (l.k == 1) return;
  SortOthers(l, order);
  for (uint32_t i = 0; i + 1 < l.k; ++i) sorted[i] = l.size[order[i]];
  const uint64_t p = GlobalSteps(l, sorted);
  const uint64_t global = p * l.cost;  // p < 2^32, C < 2^40.
  if (global > *bound) {
    *bound = global;
    *kind = HETCAST_BOUND_GLOBAL_STEPS;
  }
  // ceil(log2(N / 2)) = ceil(log2 N) - 1 for N >= 2.
  const uint64_t theorem = (p - 1) * (l.cost - 1) + (CeilLog2(l.n) - 1);
  if (p >= 1 && l.n >= 2 && theorem > *bound) {
    *bound = theorem;
    *kind = HETCAST_BOUND_KKW_THEOREM_3_2;
  }
}

uint64_t PostalGlobalBound(const ClusterLayout& l, const uint32_t* order,
                           uint64_t* arrivals);

// The instance I(d_i, d_i) of §5.1: cluster i shrunk to its d_i processors
// that may transfer globally (sizes written to `reduced`).
ClusterLayout Reduced(const ClusterLayout& l, uint64_t* reduced) {
  ClusterLayout r = l;
  uint64_t n = 0;
  for (uint32_t c = 0; c < l.k; ++c) {
    reduced[c] = l.request->degrees[c];  // Validated: 1 <= d_c <= n_c.
    n += reduced[c];
  }
  r.size = reduced;
  r.n = static_cast<uint32_t>(n);
  return r;
}

// Basic model: the bounds above. Bounded degree: Lemma 5.1 (an optimal
// schedule of I(d_i, d_i) is no slower than one of I(n_i, d_i)), so the
// basic bounds of the reduced instance apply, and ceil(log2 N) still does.
// Postal and bounded matching: ceil(log2 N) only (for now).
void BasicLowerBound(const ClusterLayout& l, uint32_t* order, uint64_t* sorted,
                     uint64_t* reduced, uint64_t* bound, hetcast_bound* kind) {
  auto raise = [&](uint64_t value, hetcast_bound value_kind) {
    if (value > *bound) {
      *bound = value;
      *kind = value_kind;
    }
  };
  // Steps of LCF(m) with free local transfers: S holders (cluster 0 at
  // first) serve the S largest waiting clusters per step until S >= m.
  // Returns the steps and the clusters served (`served`).
  auto zero_cost_steps = [&](uint64_t m, size_t* served) {
    SortOthers(l, order);
    uint64_t holders = l.size[0], steps = 0;
    size_t next = 0;
    while (holders < m && next + 1 < l.k) {
      const uint64_t take = holders < l.k - 1 - next ? holders : l.k - 1 - next;
      for (uint64_t i = 0; i < take; ++i) holders += l.size[order[next + i]];
      next += take;
      ++steps;
    }
    *served = next;
    return steps;
  };
  if (l.request->members != nullptr) {
    // Multicast: the source and every member hold the message at the end,
    // and copies at most double per tick; a member outside cluster 0 needs
    // an inter-cluster transfer. Lemma 4.2 / Theorem 4.2: p' C and
    // (p' - 1)(C - 1) + ceil(log2(k' / 2)), p' the global steps of LCF(k')
    // with free local transfers, k' the member clusters besides cluster 0.
    uint64_t holders = l.request->members[0] > 0 ? 0 : 1;
    uint64_t k_prime = 0;
    for (uint32_t c = 0; c < l.k; ++c) {
      holders += l.request->members[c];
      k_prime += c > 0 && l.request->members[c] > 0;
    }
    *bound = CeilLog2(holders);
    *kind = HETCAST_BOUND_LOG2;
    if (k_prime > 0) raise(l.cost, HETCAST_BOUND_GLOBAL_STEPS);
    size_t served = 0;
    const uint64_t p_prime = zero_cost_steps(k_prime, &served);
    if (p_prime >= 1) {
      raise(p_prime * l.cost, HETCAST_BOUND_GLOBAL_STEPS);
      const uint64_t half = k_prime >= 2 ? CeilLog2(k_prime) - 1 : 0;
      raise((p_prime - 1) * (l.cost - 1) + half, HETCAST_BOUND_KKW_THEOREM_3_2);
    }
    return;
  }
  if (l.request->matching != 0 && !l.request->postal) {
    // Lemma 5.2 / Theorem 5.4: (p_B + p_L) C and (p_B + p_L - 1)(C - 1) +
    // ceil(log2 B), p_B the global steps of LCF(B) with free local
    // transfers and p_L = ceil(U / B) for the U clusters still waiting.
    *bound = CeilLog2(l.n);
    *kind = HETCAST_BOUND_LOG2;
    uint64_t b = l.request->matching;
    if (b > l.n / 2) b = l.n / 2;
    if (b == 0 || l.k == 1) return;
    size_t served = 0;
    const uint64_t p_b = zero_cost_steps(b, &served);
    const uint64_t waiting = l.k - 1 - served;
    const uint64_t p = p_b + (waiting + b - 1) / b;
    if (p >= 1) {
      raise(p * l.cost, HETCAST_BOUND_GLOBAL_STEPS);
      raise((p - 1) * (l.cost - 1) + CeilLog2(b),
            HETCAST_BOUND_KKW_THEOREM_3_2);
    }
    return;
  }
  if (l.request->postal) {
    *bound = CeilLog2(l.n);
    *kind = HETCAST_BOUND_LOG2;
    if (l.k > 1) {
      SortOthers(l, order);
      const uint64_t global = PostalGlobalBound(l, order, sorted);
      if (global > *bound) {
        *bound = global;
        *kind = HETCAST_BOUND_POSTAL_GLOBAL;
      }
    }
    return;
  }
  if (l.request->degrees == nullptr) {
    BasicLowerBoundOf(l, order, sorted, bound, kind);
    return;
  }
  BasicLowerBoundOf(Reduced(l, reduced), order, sorted, bound, kind);
  if (CeilLog2(l.n) > *bound) {
    *bound = CeilLog2(l.n);
    *kind = HETCAST_BOUND_LOG2;
  }
}

struct Event {
  uint64_t time;
  uint32_t id;
  uint32_t arrival;  // 1: the processor receives; 0: a sender is free.
};

// A FIFO of events whose times never decrease (all pushed with now + d for
// a fixed d), stored linearly.
struct EventQueue {
  Event* items;
  size_t head, tail;
  bool Due(uint64_t t) const { return head < tail && items[head].time == t; }
  uint64_t Next() const { return head < tail ? items[head].time : kNever; }
};

struct LcfScratch {
  uint32_t* order;
  uint64_t* sorted;
  uint64_t* reduced;
  uint32_t* full_base;  // k + 1
  uint32_t* base;       // k + 1
  uint32_t* informed;
  uint32_t* received;
  uint32_t* idle_count;
  uint32_t* idle;  // Per cluster stacks, cluster c at base[c].
  Event* local_events;
  Event* global_events;
  hetcast_transfer* raw;  // Transfers with provisional ids.
  uint64_t* arrival;      // Provisional ids.
  uint32_t* parent;
  uint32_t* send_index;
  uint32_t* sends;
  uint32_t* by_arrival;
  uint32_t* new_id;
  uint64_t* group_key;
};

bool CarveLcf(const ClusterLayout& l, Arena* arena, LcfScratch* s) {
  const size_t n = l.n, k = l.k;
  s->order = arena->Allocate<uint32_t>(k);
  s->sorted = arena->Allocate<uint64_t>(k);
  s->reduced = arena->Allocate<uint64_t>(k);
  s->full_base = arena->Allocate<uint32_t>(k + 1);
  s->base = arena->Allocate<uint32_t>(k + 1);
  s->informed = arena->Allocate<uint32_t>(k);
  s->received = arena->Allocate<uint32_t>(k);
  s->idle_count = arena->Allocate<uint32_t>(k);
  s->idle = arena->Allocate<uint32_t>(n);
  s->local_events = arena->Allocate<Event>(2 * n);
  s->global_events = arena->Allocate<Event>(2 * n);
  s->raw = arena->Allocate<hetcast_transfer>(n);
  s->arrival = arena->Allocate<uint64_t>(n);
  s->parent = arena->Allocate<uint32_t>(n);
  s->send_index = arena->Allocate<uint32_t>(n);
  s->sends = arena->Allocate<uint32_t>(n);
  s->by_arrival = arena->Allocate<uint32_t>(n);
  s->new_id = arena->Allocate<uint32_t>(n);
  s->group_key = arena->Allocate<uint64_t>(n);
  return !arena->failed();
}

void FillBases(const ClusterLayout& l, uint32_t* base) {
  uint32_t next = 0;
  for (uint32_t c = 0; c < l.k; ++c) {
    base[c] = next;
    next += static_cast<uint32_t>(l.size[c]);
  }
  base[l.k] = next;
}

uint32_t ClusterOf(const uint32_t* base, uint32_t k, uint32_t id) {
  return static_cast<uint32_t>(std::upper_bound(base, base + k + 1, id) -
                               base) -
         1;
}

// Where LCF(m) stopped (see RunLcf).
struct LcfStop {
  uint64_t time = 0;
  uint32_t next_target = 0;  // Clusters order[0, next_target) are served.
};

// LCF in the basic model; writes its transfers (provisional ids) to s.raw
// and returns how many. With stop_copies > 0 it is LCF(m) of §4: it stops
// at the first tick at which at least m processors hold the message
// (transfers already under way still complete) and reports where in `stop`.
size_t RunLcf(const ClusterLayout& l, const LcfScratch& s,
              uint32_t stop_copies = 0, LcfStop* stop = nullptr) {
  const uint32_t k = l.k;
  const uint64_t C = l.cost;
  uint32_t* base = s.base;
  for (uint32_t c = 0; c < k; ++c) {
    s.informed[c] = 0;
    s.received[c] = 0;
    s.idle_count[c] = 0;
  }
  EventQueue local{s.local_events, 0, 0}, global{s.global_events, 0, 0};
  size_t written = 0;
  auto push_idle = [&](uint32_t c, uint32_t id) {
    s.idle[base[c] + s.idle_count[c]++] = id;
  };
  uint64_t idle_total = 0;
  auto send = [&](uint32_t from, uint32_t from_cluster, uint32_t to_cluster,
                  uint64_t t) {
    const uint32_t to = base[to_cluster] + s.informed[to_cluster]++;
    const bool inter = from_cluster != to_cluster;
    const uint64_t arrival = t + (inter ? C : 1);
    s.raw[written++] = hetcast_transfer{from, to, t, arrival};
    EventQueue& q = inter ? global : local;
    q.items[q.tail++] = Event{arrival, from, 0};
    q.items[q.tail++] = Event{arrival, to, 1};
  };
  auto pop_idle = [&](uint32_t c) {
    --idle_total;
    return s.idle[base[c] + --s.idle_count[c]];
  };
  s.informed[0] = 1;
  s.received[0] = 1;
  push_idle(0, 0);
  idle_total = 1;
  uint32_t total_received = 1;
  const uint32_t waiting = k - 1;
  uint32_t next_target = 0;
  uint64_t paused_until = 0;
  uint64_t t = 0;
  while (total_received < l.n) {
    for (EventQueue* q : {&local, &global}) {
      while (q->Due(t)) {
        const Event e = q->items[q->head++];
        const uint32_t c = ClusterOf(base, k, e.id);
        if (e.arrival) {
          ++s.received[c];
          ++total_received;
        }
        push_idle(c, e.id);
        ++idle_total;
      }
    }
    if (total_received == l.n) break;
    if (stop_copies > 0 && total_received >= stop_copies) {
      stop->time = t;
      stop->next_target = next_target;
      return written;
    }
    const uint32_t untargeted = waiting - next_target;
    if (untargeted > 0 && idle_total >= untargeted) {
      // Footnote 1: serve every remaining cluster now, full clusters'
      // processors first, and pause local broadcasting for C ticks.
      for (int full_pass = 1; full_pass >= 0 && next_target < waiting;
           --full_pass) {
        for (uint32_t c = 0; c < k && next_target < waiting; ++c) {
          const bool full = s.received[c] == l.size[c];
          if (full != (full_pass == 1)) continue;
          while (s.idle_count[c] > 0 && next_target < waiting) {
            send(pop_idle(c), c, s.order[next_target++], t);
          }
        }
      }
      paused_until = t + C;
    } else if (untargeted > 0) {
      for (uint32_t c = 0; c < k && next_target < waiting; ++c) {
        if (s.received[c] != l.size[c]) continue;
        while (s.idle_count[c] > 0 && next_target < waiting) {
          send(pop_idle(c), c, s.order[next_target++], t);
        }
      }
    }
    if (t >= paused_until) {
      for (uint32_t c = 0; c < k; ++c) {
        if (s.received[c] == l.size[c]) continue;
        while (s.idle_count[c] > 0 && s.informed[c] < l.size[c]) {
          send(pop_idle(c), c, c, t);
        }
      }
    }
    uint64_t next = local.Next() < global.Next() ? local.Next() : global.Next();
    if (next == kNever) break;  // Cannot happen: something is in flight.
    t = next;
  }
  return written;
}

// The cluster-unaware binomial tree over ids 0..N-1: i sends to i + 2^r for
// every r above its highest set bit (the source: every r), in increasing r,
// each send starting when the previous one ends.
size_t RunFlat(const ClusterLayout& l, const LcfScratch& s) {
  const uint32_t n = l.n;
  size_t written = 0;
  s.arrival[0] = 0;
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t r = 0;
    if (i > 0) {
      while ((uint64_t{2} << r) <= i) ++r;  // r = msb(i)
      ++r;
    }
    uint64_t t = s.arrival[i];
    const uint32_t from_cluster = ClusterOf(s.base, l.k, i);
    for (; r < 32 && i + (uint64_t{1} << r) < n; ++r) {
      const uint32_t j = i + (uint32_t{1} << r);
      const uint64_t d = ClusterOf(s.base, l.k, j) == from_cluster ? 1 : l.cost;
      s.raw[written++] = hetcast_transfer{i, j, t, t + d};
      s.arrival[j] = t + d;
      t += d;
    }
  }
  return written;
}

// Local binomial doubling inside one cluster whose first id is `base`:
// positions [0, holders) hold the message at `start`; each tick every holder
// sends to the next position until `goal` positions hold it. Appends the
// transfers at out[*written] and returns the number of holders reached.
uint64_t AppendDoubling(uint32_t base, uint64_t holders, uint64_t goal,
                        uint64_t start, hetcast_transfer* out,
                        size_t* written) {
  uint64_t t = start;
  while (holders < goal) {
    const uint64_t senders = holders;
    for (uint64_t h = 0; h < senders && holders < goal; ++h) {
      out[(*written)++] =
          hetcast_transfer{base + static_cast<uint32_t>(h),
                           base + static_cast<uint32_t>(holders++), t, t + 1};
    }
    ++t;
  }
  return holders;
}

// Bounded Degree Broadcast (§5.1): "arbitrarily select a subset K'_i of
// d_i nodes in each cluster [...] In phase 1, run Algorithm LCF [...] on
// I(d_i, d_i). In phase 2, since there are d_i informed nodes in each
// cluster, we do local broadcasting to send the message to the remaining
// n_i - d_i nodes." K'_i = the first d_i provisional ids of cluster i (the
// source is one of them); only they transfer globally, so the degree bound
// holds; phase 2 starts when phase 1 has ended everywhere.
size_t RunBoundedDegree(const ClusterLayout& l, const LcfScratch& s) {
  const ClusterLayout r = Reduced(l, s.reduced);
  FillBases(r, s.base);
  SortOthers(r, s.order);
  const size_t phase1 = RunLcf(r, s);
  FillBases(l, s.full_base);
  uint64_t t1 = 0;
  auto widen = [&](uint32_t id) {
    const uint32_t c = ClusterOf(s.base, r.k, id);
    return s.full_base[c] + (id - s.base[c]);
  };
  for (size_t i = 0; i < phase1; ++i) {
    hetcast_transfer& x = s.raw[i];
    x.from = widen(x.from);
    x.to = widen(x.to);
    if (x.arrival > t1) t1 = x.arrival;
  }
  size_t written = phase1;
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendDoubling(s.full_base[c], r.size[c], l.size[c], t1, s.raw, &written);
  }
  FillBases(l, s.base);
  return written;
}

// BoundedSizeBroadcast (§5.3): "Phase 1: We run LCF(B) to make B copies of
// the message. Phase 2: Every C time units we make B more copies by
// inter-cluster transfers until all clusters have at least one copy of the
// message. Phase 3: Do local broadcast to inform all the processors in each
// cluster." B is capped at floor(N / 2), as the paper assumes. Phase 2
// starts once every phase-1 transfer has landed (so all holders are idle
// and no inter-cluster transfer is under way); it serves the remaining
// clusters largest first; phase 3 starts when phase 2 has ended.
size_t RunBoundedSize(const ClusterLayout& l, const LcfScratch& s) {
  uint64_t b = l.request->matching;
  if (b > l.n / 2) b = l.n / 2;
  if (b == 0) b = 1;
  LcfStop stop;
  size_t written = RunLcf(l, s, static_cast<uint32_t>(b), &stop);
  if (written == l.n - 1) return written;  // LCF(B) already reached everyone.
  uint64_t t = stop.time;
  for (size_t i = 0; i < written; ++i) {
    if (s.raw[i].arrival > t) t = s.raw[i].arrival;
  }
  // Holders: the informed positions of every cluster (all have landed).
  uint32_t* informed = s.informed;
  const uint32_t waiting = l.k - 1;
  uint32_t next = stop.next_target;
  uint32_t* holders_now = s.received;  // Holders when a round starts.
  while (next < waiting) {
    for (uint32_t c = 0; c < l.k; ++c) holders_now[c] = informed[c];
    uint64_t senders = 0;
    for (uint32_t c = 0; c < l.k && next < waiting && senders < b; ++c) {
      for (uint32_t p = 0; p < holders_now[c] && next < waiting && senders < b;
           ++p, ++senders) {
        const uint32_t target = s.order[next++];
        const uint32_t to = s.base[target] + informed[target]++;
        s.raw[written++] = hetcast_transfer{s.base[c] + p, to, t, t + l.cost};
      }
    }
    t += l.cost;
  }
  // Phase 3: local doubling in every cluster from its holders.
  for (uint32_t c = 0; c < l.k; ++c) {
    informed[c] = static_cast<uint32_t>(
        AppendDoubling(s.base[c], informed[c], l.size[c], t, s.raw, &written));
  }
  return written;
}

// LCF in the postal model (§6.1). A send keeps its sender busy for one tick
// only, so every holder can act every tick: processors of a full cluster
// each send one inter-cluster message per tick to the largest cluster not
// yet targeted ("They can initiate a global transfer at every time unit"),
// and holders of other clusters broadcast locally. The footnote-1
// interrupt is not part of the postal algorithm. Holders act in id order.
size_t RunPostalLcf(const ClusterLayout& l, const LcfScratch& s) {
  const uint32_t k = l.k;
  for (uint32_t c = 0; c < k; ++c) {
    s.informed[c] = 0;
    s.received[c] = 0;
  }
  s.informed[0] = 1;
  s.received[0] = 1;
  EventQueue local{s.local_events, 0, 0}, global{s.global_events, 0, 0};
  size_t written = 0;
  uint32_t total = 1, next_target = 0;
  const uint32_t waiting = k - 1;
  for (uint64_t t = 0; total < l.n; ++t) {
    for (EventQueue* q : {&local, &global}) {
      while (q->Due(t)) {
        const Event e = q->items[q->head++];
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
          global.items[global.tail++] = Event{t + l.cost, to, 1};
        } else {
          if (s.informed[c] >= l.size[c]) break;
          const uint32_t to = s.base[c] + s.informed[c]++;
          s.raw[written++] = hetcast_transfer{from, to, t, t + 1};
          local.items[local.tail++] = Event{t + 1, to, 1};
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
size_t RunInterleaved(const ClusterLayout& l, const LcfScratch& s) {
  const uint32_t k = l.k;
  for (uint32_t c = 0; c < k; ++c) {
    s.informed[c] = 0;
    s.received[c] = 0;
  }
  for (uint32_t v = 0; v < l.n; ++v) s.arrival[v] = kNever;
  s.arrival[0] = 0;
  s.informed[0] = 1;
  s.received[0] = 1;
  size_t written = 0;
  uint32_t total = 1, next_target = 0;
  const uint32_t waiting = k - 1;
  for (uint64_t t = 0; total < l.n; ++t) {
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

// The postal lower bound of Lemma 6.4: LCF with free local transfers (a
// cluster is full the moment its message arrives; every processor of a full
// cluster sends one inter-cluster message per tick, largest clusters
// first); its makespan is p C + c'.
uint64_t PostalGlobalBound(const ClusterLayout& l, const uint32_t* order,
                           uint64_t* arrivals) {
  // arrivals[i]: tick at which cluster order[i] is informed.
  uint64_t holders = l.size[0];
  uint64_t t = 0, last = 0;
  size_t next = 0, landed = 0;
  const size_t waiting = l.k - 1;
  while (next < waiting) {
    while (landed < next && arrivals[landed] <= t) {
      holders += l.size[order[landed]];
      ++landed;
    }
    for (uint64_t h = 0; h < holders && next < waiting; ++h) {
      arrivals[next++] = t + l.cost;
      last = t + l.cost;
    }
    ++t;
  }
  return last;
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
  uint32_t k_prime = 0;
  for (uint32_t c = 1; c < l.k; ++c) k_prime += members[c] > 0;
  LcfStop stop;
  size_t written = RunLcf(l, s, k_prime > 0 ? k_prime : 1, &stop);
  uint64_t t = stop.time;
  for (size_t i = 0; i < written; ++i) {
    if (s.raw[i].arrival > t) t = s.raw[i].arrival;
  }
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
    AppendDoubling(s.base[c], informed[c], members[c], t, s.raw, &written);
  }
  return written;
}

// Bounded Degree Multicast (§5.2). The paper shrinks cluster i to
// min(d_i, n_i) processors after capping n_i (to d_i when n'_i < d_i, else
// to n'_i), "with priority given to nodes in M_i", runs LCF Multicast on
// them, and then broadcasts locally to the remaining members. Since d_i <=
// n_i here, the selected set has d_i processors in both cases, min(d_i,
// n'_i) of them members: LCF Multicast on I(d_i, d_i) with those member
// counts, then local doubling in every cluster up to n'_i holders.
size_t RunBoundedDegreeMulticast(const ClusterLayout& l, const LcfScratch& s) {
  hetcast_cluster_request reduced_request = *l.request;
  uint64_t* reduced_members = s.sorted;  // k entries, free here.
  for (uint32_t c = 0; c < l.k; ++c) {
    const uint64_t d = l.request->degrees[c];
    reduced_members[c] = l.request->members[c] < d ? l.request->members[c] : d;
  }
  reduced_request.degrees = nullptr;
  reduced_request.members = reduced_members;
  ClusterLayout r = Reduced(l, s.reduced);
  r.request = &reduced_request;
  FillBases(r, s.base);
  SortOthers(r, s.order);
  const size_t phase1 = RunLcfMulticast(r, s);
  FillBases(l, s.full_base);
  // Holders per cluster after phase 1 (reduced positions, then widened).
  uint32_t* holders = s.received;
  for (uint32_t c = 0; c < l.k; ++c) holders[c] = c == 0 ? 1 : 0;
  uint64_t t1 = 0;
  for (size_t i = 0; i < phase1; ++i) {
    hetcast_transfer& x = s.raw[i];
    const uint32_t cf = ClusterOf(s.base, r.k, x.from);
    const uint32_t ct = ClusterOf(s.base, r.k, x.to);
    x.from = s.full_base[cf] + (x.from - s.base[cf]);
    x.to = s.full_base[ct] + (x.to - s.base[ct]);
    ++holders[ct];
    if (x.arrival > t1) t1 = x.arrival;
  }
  size_t written = phase1;
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendDoubling(s.full_base[c], holders[c], l.request->members[c], t1, s.raw,
                   &written);
  }
  FillBases(l, s.base);
  return written;
}

// Bounded-size matching multicast (§5.4): "We assume k' > B or otherwise we
// can use the LCF Multicast algorithm. We run LCF(B) by using any processor
// available. Then every C time units we make B more copies by inter-cluster
// transfers until all clusters in M have at least one copy of the message.
// Lastly do local broadcast to inform all the processors in each cluster in
// M." (All members, as in §4's phase 3; cluster 0's members too.)
size_t RunBoundedSizeMulticast(const ClusterLayout& l, const LcfScratch& s) {
  const uint64_t* members = l.request->members;
  uint64_t b = l.request->matching;
  if (b > l.n / 2) b = l.n / 2;
  if (b == 0) b = 1;
  uint32_t k_prime = 0;
  for (uint32_t c = 1; c < l.k; ++c) k_prime += members[c] > 0;
  if (k_prime <= b) return RunLcfMulticast(l, s);
  LcfStop stop;
  size_t written = RunLcf(l, s, static_cast<uint32_t>(b), &stop);
  uint64_t t = stop.time;
  for (size_t i = 0; i < written; ++i) {
    if (s.raw[i].arrival > t) t = s.raw[i].arrival;
  }
  uint32_t* informed = s.informed;
  uint32_t* holders_now = s.received;
  // Member clusters without a copy, largest first (LCF order).
  uint32_t next = 0;
  const uint32_t waiting = l.k - 1;
  auto next_member_cluster = [&]() -> uint32_t {
    while (next < waiting) {
      const uint32_t c = s.order[next++];
      if (members[c] > 0 && informed[c] == 0) return c;
    }
    return UINT32_MAX;
  };
  uint32_t target = next_member_cluster();
  while (target != UINT32_MAX) {
    for (uint32_t c = 0; c < l.k; ++c) holders_now[c] = informed[c];
    uint64_t senders = 0;
    for (uint32_t c = 0; c < l.k && target != UINT32_MAX && senders < b; ++c) {
      for (uint32_t p = 0;
           p < holders_now[c] && target != UINT32_MAX && senders < b;
           ++p, ++senders) {
        const uint32_t to = s.base[target] + informed[target]++;
        s.raw[written++] = hetcast_transfer{s.base[c] + p, to, t, t + l.cost};
        target = next_member_cluster();
      }
    }
    t += l.cost;
  }
  for (uint32_t c = 0; c < l.k; ++c) {
    AppendDoubling(s.base[c], informed[c], members[c], t, s.raw, &written);
  }
  return written;
}

// Renames provisional ids to canonical ones (per cluster by arrival, then
// parent's canonical id, then send order) and writes nodes and transfers
// sorted by (start, from).
void Canonicalize(const ClusterLayout& l, const LcfScratch& s, size_t count,
                  hetcast_node* nodes, hetcast_transfer* transfers) {
  const uint32_t n = l.n;
  for (uint32_t v = 0; v < n; ++v) {
    s.sends[v] = 0;
    s.arrival[v] = kNever;
  }
  s.arrival[0] = 0;
  // Transfers were produced in non-decreasing start order per sender.
  for (size_t i = 0; i < count; ++i) {
    const hetcast_transfer& x = s.raw[i];
    s.arrival[x.to] = x.arrival;
    s.parent[x.to] = x.from;
    s.send_index[x.to] = ++s.sends[x.from];
  }
  for (uint32_t v = 1; v < n; ++v) s.by_arrival[v - 1] = v;
  const uint64_t* arrival = s.arrival;
  std::sort(
      s.by_arrival, s.by_arrival + (n - 1), [arrival](uint32_t a, uint32_t b) {
        return arrival[a] < arrival[b] || (arrival[a] == arrival[b] && a < b);
      });
  uint32_t* position = s.informed;  // Reused: next position per cluster.
  for (uint32_t c = 0; c < l.k; ++c) position[c] = 0;
  s.new_id[0] = 0;
  position[0] = 1;
  for (uint32_t i = 0; i + 1 < n;) {
    uint32_t end = i;
    while (end + 1 < n &&
           arrival[s.by_arrival[end]] == arrival[s.by_arrival[i]]) {
      ++end;
    }
    if (arrival[s.by_arrival[i]] == kNever) {
      // Processors that never receive (multicast helpers): the last ids of
      // their clusters, in id order.
      std::sort(s.by_arrival + i, s.by_arrival + end);
    } else {
      // Parents arrived earlier and have canonical ids: sort the group by
      // (parent id, send index).
      for (uint32_t g = i; g < end; ++g) {
        const uint32_t v = s.by_arrival[g];
        s.group_key[g] =
            (uint64_t{s.new_id[s.parent[v]]} << 32) | s.send_index[v];
      }
      for (uint32_t a = i + 1; a < end; ++a) {
        const uint64_t moving_key = s.group_key[a];
        const uint32_t moving = s.by_arrival[a];
        uint32_t b = a;
        for (; b > i && s.group_key[b - 1] > moving_key; --b) {
          s.group_key[b] = s.group_key[b - 1];
          s.by_arrival[b] = s.by_arrival[b - 1];
        }
        s.group_key[b] = moving_key;
        s.by_arrival[b] = moving;
      }
    }
    for (uint32_t g = i; g < end; ++g) {
      const uint32_t v = s.by_arrival[g];
      const uint32_t c = ClusterOf(s.base, l.k, v);
      s.new_id[v] = s.base[c] + position[c]++;
    }
    i = end;
  }
  const uint64_t* members = l.request->members;
  auto helper = [&](uint32_t c, uint32_t id) -> uint32_t {
    return members != nullptr && id - s.base[c] >= members[c] ? 1u : 0u;
  };
  nodes[0] = hetcast_node{0, HETCAST_NO_NODE, 0, 0, 0};
  for (uint32_t v = 1; v < n; ++v) {
    const uint32_t id = s.new_id[v];
    const uint32_t c = ClusterOf(s.base, l.k, v);
    if (s.arrival[v] == kNever) {
      nodes[id] = hetcast_node{kNever, HETCAST_NO_NODE, c, 0, helper(c, id)};
    } else {
      nodes[id] = hetcast_node{s.arrival[v], s.new_id[s.parent[v]], c,
                               s.send_index[v], helper(c, id)};
    }
  }
  if (transfers == nullptr) return;
  for (size_t i = 0; i < count; ++i) {
    const hetcast_transfer& x = s.raw[i];
    transfers[i] =
        hetcast_transfer{s.new_id[x.from], s.new_id[x.to], x.start, x.arrival};
  }
  std::sort(transfers, transfers + count,
            [](const hetcast_transfer& a, const hetcast_transfer& b) {
              return a.start < b.start ||
                     (a.start == b.start && a.from < b.from);
            });
}

// ---------------------------------------------------------------------------
// Evaluator.

struct Busy {
  uint32_t id;
  uint64_t begin, end;
};

struct EvalScratch {
  uint32_t* base;
  uint64_t* arrival;
  uint32_t* parent;
  uint32_t* sends;
  Busy* busy;         // 2 per transfer.
  Busy* global_busy;  // Inter-cluster transfers, per endpoint cluster.
  hetcast_transfer* by_start;
  uint32_t* order;
  uint64_t* sorted;
  uint64_t* reduced;
};

bool CarveEval(const ClusterLayout& l, size_t m, Arena* arena, EvalScratch* s) {
  s->base = arena->Allocate<uint32_t>(l.k + 1);
  s->arrival = arena->Allocate<uint64_t>(l.n);
  s->parent = arena->Allocate<uint32_t>(l.n);
  s->sends = arena->Allocate<uint32_t>(l.n);
  s->busy = arena->Allocate<Busy>(2 * m + 1);
  s->global_busy = arena->Allocate<Busy>(2 * m + 1);
  s->by_start = arena->Allocate<hetcast_transfer>(m + 1);
  s->order = arena->Allocate<uint32_t>(l.k);
  s->sorted = arena->Allocate<uint64_t>(l.k);
  s->reduced = arena->Allocate<uint64_t>(l.k);
  return !arena->failed();
}

// True when intervals of one key (sorted by key, then begin) never overlap
// more than `limit(key)` at a time. limit 1 = pairwise disjoint.
template <typename Limit>
bool WithinLimit(Busy* items, size_t count, Limit limit, Busy* scratch) {
  (void)scratch;
  std::sort(items, items + count, [](const Busy& a, const Busy& b) {
    return a.id < b.id || (a.id == b.id && a.begin < b.begin);
  });
  // Sweep per key: active ends in a small insertion-sorted window would be
  // general; with per-key limits we count overlaps by a two-pointer over
  // begins and sorted ends. Ends are sorted separately in place afterwards.
  size_t i = 0;
  while (i < count) {
    size_t j = i;
    while (j < count && items[j].id == items[i].id) ++j;
    const uint64_t cap = limit(items[i].id);
    if (cap == 1) {
      for (size_t a = i + 1; a < j; ++a) {
        if (items[a].begin < items[a - 1].end) return false;
      }
    } else if (j - i > cap) {
      // Active count at each begin: begins sorted; count ends <= begin via
      // a second sorted copy of the ends (in scratch order by end).
      // Simple O(g log g): sort ends in the end field of a copy.
      // Use items' own order: build ends ascending by sorting a view.
      uint64_t* ends = reinterpret_cast<uint64_t*>(scratch);
      for (size_t a = i; a < j; ++a) ends[a - i] = items[a].end;
      std::sort(ends, ends + (j - i));
      size_t finished = 0;
      for (size_t a = i; a < j; ++a) {
        while (finished < j - i && ends[finished] <= items[a].begin) ++finished;
        if ((a - i + 1) - finished > cap) return false;
      }
    }
    i = j;
  }
  return true;
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

using hetcast::internal::Arena;
using hetcast::internal::ClusterLayout;

extern "C" {

hetcast_status hetcast_cluster_plan_sizes(
    const hetcast_cluster_request* request, hetcast_node_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  *sizes = hetcast_node_sizes();
  ClusterLayout l;
  hetcast_status status = hetcast::internal::Validate(request, &l);
  if (status != HETCAST_OK) return status;
  Arena measure;
  hetcast::internal::LcfScratch scratch;
  hetcast::internal::CarveLcf(l, &measure, &scratch);
  sizes->node_count = l.n;
  sizes->transfer_count = l.n - 1;
  sizes->workspace_bytes = measure.used();
  return HETCAST_OK;
}

hetcast_status hetcast_cluster_lower_bound(
    const hetcast_cluster_request* request, void* workspace,
    size_t workspace_size, uint64_t* lower_bound, hetcast_bound* kind) {
  if (lower_bound == nullptr || kind == nullptr)
    return HETCAST_INVALID_ARGUMENT;
  ClusterLayout l;
  hetcast_status status = hetcast::internal::Validate(request, &l);
  if (status != HETCAST_OK) return status;
  Arena arena(workspace, workspace_size);
  uint32_t* order = arena.Allocate<uint32_t>(l.k);
  uint64_t* sorted = arena.Allocate<uint64_t>(l.k);
  uint64_t* reduced = arena.Allocate<uint64_t>(l.k);
  if (arena.failed()) return HETCAST_WORKSPACE_TOO_SMALL;
  hetcast::internal::BasicLowerBound(l, order, sorted, reduced, lower_bound,
                                     kind);
  return HETCAST_OK;
}

hetcast_status hetcast_cluster_plan(const hetcast_cluster_request* request,
                                    hetcast_algorithm algorithm,
                                    void* workspace, size_t workspace_size,
                                    hetcast_node* nodes, size_t node_capacity,
                                    hetcast_transfer* transfers,
                                    size_t transfer_capacity,
                                    hetcast_answer* answer) {
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  *answer = hetcast_answer();
  if (nodes == nullptr || (transfers == nullptr && transfer_capacity != 0) ||
      (algorithm != HETCAST_ALGORITHM_LCF &&
       algorithm != HETCAST_ALGORITHM_FLAT_BINOMIAL &&
       algorithm != HETCAST_ALGORITHM_INTERLEAVED_LCF)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  ClusterLayout l;
  hetcast_status status = hetcast::internal::Validate(request, &l);
  if (status != HETCAST_OK) return status;
  // Planned here: the basic model (LCF, flat), bounded degree (LCF on
  // I(d_i, d_i), §5.1), bounded-size matching (§5.3), one bound at a time,
  // and the postal model (LCF, Interleaved LCF).
  const bool bounded = request->degrees != nullptr || request->matching != 0;
  if ((request->degrees != nullptr && request->matching != 0) ||
      ((bounded || request->members != nullptr) &&
       (algorithm != HETCAST_ALGORITHM_LCF || request->postal)) ||
      (request->postal && algorithm == HETCAST_ALGORITHM_FLAT_BINOMIAL) ||
      (!request->postal && algorithm == HETCAST_ALGORITHM_INTERLEAVED_LCF)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  if (node_capacity < l.n) return HETCAST_OUTPUT_TOO_SMALL;
  if (transfers != nullptr && transfer_capacity < l.n - 1) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  Arena arena(workspace, workspace_size);
  hetcast::internal::LcfScratch s;
  if (!hetcast::internal::CarveLcf(l, &arena, &s)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  hetcast::internal::FillBases(l, s.base);
  hetcast::internal::SortOthers(l, s.order);
  const size_t count =
      algorithm == HETCAST_ALGORITHM_INTERLEAVED_LCF
          ? hetcast::internal::RunInterleaved(l, s)
      : request->postal ? hetcast::internal::RunPostalLcf(l, s)
      : request->degrees != nullptr && request->members != nullptr
          ? hetcast::internal::RunBoundedDegreeMulticast(l, s)
      : request->matching != 0 && request->members != nullptr
          ? hetcast::internal::RunBoundedSizeMulticast(l, s)
      : request->degrees != nullptr ? hetcast::internal::RunBoundedDegree(l, s)
      : request->matching != 0      ? hetcast::internal::RunBoundedSize(l, s)
      : request->members != nullptr ? hetcast::internal::RunLcfMulticast(l, s)
      : algorithm == HETCAST_ALGORITHM_LCF ? hetcast::internal::RunLcf(l, s)
                                           : hetcast::internal::RunFlat(l, s);
  if (count > l.n - 1) return HETCAST_INVALID_SCHEDULE;  // Defensive.
  hetcast::internal::Canonicalize(l, s, count, nodes, transfers);
  uint64_t completion = 0;
  for (uint32_t v = 0; v < l.n; ++v) {
    if (nodes[v].arrival != HETCAST_NEVER && nodes[v].is_relay == 0 &&
        nodes[v].arrival > completion) {
      completion = nodes[v].arrival;
    }
  }
  answer->algorithm = algorithm;
  answer->completion_time = completion;
  hetcast::internal::BasicLowerBound(l, s.order, s.sorted, s.reduced,
                                     &answer->lower_bound,
                                     &answer->lower_bound_kind);
  answer->exact = answer->lower_bound == completion;
  answer->node_count = l.n;
  answer->participant_count = count + 1;
  answer->transfer_count = count;
  return HETCAST_OK;
}

hetcast_status hetcast_cluster_evaluate_workspace_size(
    const hetcast_cluster_request* request, size_t transfer_count,
    size_t* bytes) {
  if (bytes == nullptr) return HETCAST_INVALID_ARGUMENT;
  ClusterLayout l;
  hetcast_status status = hetcast::internal::Validate(request, &l);
  if (status != HETCAST_OK) return status;
  Arena measure;
  hetcast::internal::EvalScratch s;
  hetcast::internal::CarveEval(l, transfer_count, &measure, &s);
  *bytes = measure.used();
  return measure.failed() ? HETCAST_TOO_LARGE : HETCAST_OK;
}

hetcast_status hetcast_cluster_evaluate(
    const hetcast_cluster_request* request, const hetcast_transfer* schedule,
    size_t transfer_count, void* workspace, size_t workspace_size,
    hetcast_node* nodes, size_t node_capacity, hetcast_transfer* transfers,
    size_t transfer_capacity, hetcast_answer* answer) {
  using hetcast::internal::Busy;
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  *answer = hetcast_answer();
  if (nodes == nullptr || (schedule == nullptr && transfer_count != 0) ||
      (transfers == nullptr && transfer_capacity != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  ClusterLayout l;
  hetcast_status status = hetcast::internal::Validate(request, &l);
  if (status != HETCAST_OK) return status;
  if (node_capacity < l.n) return HETCAST_OUTPUT_TOO_SMALL;
  if (transfers != nullptr && transfer_capacity < transfer_count) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  Arena arena(workspace, workspace_size);
  hetcast::internal::EvalScratch s;
  if (!hetcast::internal::CarveEval(l, transfer_count, &arena, &s)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  hetcast::internal::FillBases(l, s.base);
  const uint32_t n = l.n;
  const uint64_t C = l.cost;
  const bool postal = request->postal != 0;
  for (uint32_t v = 0; v < n; ++v) {
    s.arrival[v] = HETCAST_NEVER;
    s.parent[v] = HETCAST_NO_NODE;
    s.sends[v] = 0;
  }
  s.arrival[0] = 0;
  size_t busy_count = 0, global_count = 0;
  for (size_t i = 0; i < transfer_count; ++i) {
    const hetcast_transfer& x = schedule[i];
    if (x.from >= n || x.to >= n || x.to == 0 || x.from == x.to ||
        s.parent[x.to] != HETCAST_NO_NODE || x.start >= (uint64_t{1} << 62)) {
      return HETCAST_INVALID_SCHEDULE;
    }
    const uint32_t cf = hetcast::internal::ClusterOf(s.base, l.k, x.from);
    const uint32_t ct = hetcast::internal::ClusterOf(s.base, l.k, x.to);
    const bool inter = cf != ct;
    const uint64_t arrival = x.start + (inter ? C : 1);
    s.parent[x.to] = x.from;
    s.arrival[x.to] = arrival;
    if (postal && inter) {
      s.busy[busy_count++] = Busy{x.from, x.start, x.start + 1};
      s.busy[busy_count++] = Busy{x.to, arrival - 1, arrival};
    } else {
      s.busy[busy_count++] = Busy{x.from, x.start, arrival};
      s.busy[busy_count++] = Busy{x.to, x.start, arrival};
    }
    if (inter) {
      if (request->degrees != nullptr) {
        s.global_busy[global_count++] = Busy{cf, x.start, arrival};
        s.global_busy[global_count++] = Busy{ct, x.start, arrival};
      } else if (request->matching != 0) {
        s.global_busy[global_count++] = Busy{0, x.start, arrival};
      }
    }
  }
  // Causality: every sender holds the message when it starts.
  for (size_t i = 0; i < transfer_count; ++i) {
    if (s.arrival[schedule[i].from] > schedule[i].start) {
      return HETCAST_INVALID_SCHEDULE;
    }
  }
  const uint64_t* members = request->members;
  auto is_member = [&](uint32_t v) {
    if (members == nullptr) return true;
    const uint32_t c = hetcast::internal::ClusterOf(s.base, l.k, v);
    return v - s.base[c] < members[c];
  };
  for (uint32_t v = 1; v < n; ++v) {
    if (s.parent[v] == HETCAST_NO_NODE && is_member(v)) {
      return HETCAST_INVALID_SCHEDULE;  // A member never reached.
    }
  }
  // One transfer at a time per processor (limit 1 needs no scratch).
  if (!hetcast::internal::WithinLimit(
          s.busy, busy_count, [](uint32_t) -> uint64_t { return 1; },
          s.global_busy)) {
    return HETCAST_INVALID_SCHEDULE;
  }
  if (global_count > 0) {
    const uint64_t* degrees = request->degrees;
    const uint64_t matching = request->matching;
    // `busy` is free now: scratch for the sorted end times.
    if (!hetcast::internal::WithinLimit(
            s.global_busy, global_count,
            [degrees, matching](uint32_t key) -> uint64_t {
              return degrees != nullptr ? degrees[key] : matching;
            },
            s.busy)) {
      return HETCAST_INVALID_SCHEDULE;
    }
  }
  // Outputs: transfers sorted by (start, from), send indices in that order.
  for (size_t i = 0; i < transfer_count; ++i) {
    s.by_start[i] = schedule[i];
    s.by_start[i].arrival = s.arrival[schedule[i].to];
  }
  std::sort(s.by_start, s.by_start + transfer_count,
            [](const hetcast_transfer& a, const hetcast_transfer& b) {
              return a.start < b.start ||
                     (a.start == b.start && a.from < b.from);
            });
  uint64_t completion = 0;
  size_t participants = 0;
  for (uint32_t v = 0; v < n; ++v) {
    const bool member = is_member(v);
    nodes[v] = hetcast_node{s.arrival[v], s.parent[v],
                            hetcast::internal::ClusterOf(s.base, l.k, v), 0,
                            v != 0 && !member ? 1u : 0u};
    if (s.arrival[v] != HETCAST_NEVER) ++participants;
    if (member && s.arrival[v] != HETCAST_NEVER && s.arrival[v] > completion) {
      completion = s.arrival[v];
    }
  }
  for (size_t i = 0; i < transfer_count; ++i) {
    nodes[s.by_start[i].to].send_index = ++s.sends[s.by_start[i].from];
    if (transfers != nullptr) transfers[i] = s.by_start[i];
  }
  answer->algorithm = HETCAST_ALGORITHM_EVALUATED;
  answer->completion_time = completion;
  hetcast::internal::BasicLowerBound(l, s.order, s.sorted, s.reduced,
                                     &answer->lower_bound,
                                     &answer->lower_bound_kind);
  answer->exact = answer->lower_bound == completion;
  answer->node_count = n;
  answer->participant_count = participants;
  answer->transfer_count = transfer_count;
  return HETCAST_OK;
}

}  // extern "C"
