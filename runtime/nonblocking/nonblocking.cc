// nonblocking.cc: multi-source multicast with non-blocking sends (Wu, Yeh
// & Liu): validation, the task-list evaluator, the §3.1 lower bound, and
// FEF, ECF and WR (§4.1-4.3). docs/wu-yeh-liu-notes.md records the readings.
//
// Shared conventions (the paper leaves them open):
//  - A chosen transfer (send j -> i of message k) is timed from the state
//    before it: arrival = Avail[j] + S(j, l) + X(j, i) l (Eq. 3), completion
//    = max(arrival, Avail[i]) + R(i, l) (Eq. 4); then Avail[j] += S(j, l),
//    Avail[i] = completion. (WR's pseudo-code updates Avail[j] first, which
//    would count S twice.) Tasks are appended to the lists in that order.
//  - Ties: by (value, message index, sender, receiver), smallest first.
//  - WR's "fastest" destination: the smallest receive overhead R(v, L), L
//    the longest message of the request; then the lower index.
// Lower bound: receives at a destination are taken in order of arrival
// (L[k, i] - R(i, l_k)), the optimal order for one machine with release
// dates. The paper orders by L itself ("earliest-reach-first"), which with
// unequal lengths can exceed the optimum (arrival 0 with R 10, arrival 1
// with R 1: by L 12, by arrival 11), so it is not used.
#include <algorithm>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

constexpr uint64_t kCap = uint64_t{1} << 62;  // Times saturate here.
constexpr uint32_t kNone = UINT32_MAX;
constexpr size_t kMaxNbNodes = 1 << 16;

uint64_t Add(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_add_overflow(a, b, &r) || r > kCap ? kCap : r;
}
uint64_t Mul(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) || r > kCap ? kCap : r;
}

struct Nb {
  const hetcast_nb_request* r;
  uint32_t n, k;
  size_t total;      // Destinations over all messages.
  uint32_t* member;  // [k * n + v]: index of v in D_k, or kNone.
  uint64_t S(uint32_t i, uint32_t m) const {
    return Add(r->send_fixed[i],
               Mul(r->send_per_byte[i], r->messages[m].length));
  }
  uint64_t R(uint32_t i, uint32_t m) const {
    return Add(r->recv_fixed[i],
               Mul(r->recv_per_byte[i], r->messages[m].length));
  }
  uint64_t X(uint32_t i, uint32_t j, uint32_t m) const {
    return Mul(r->link_per_byte[static_cast<size_t>(i) * n + j],
               r->messages[m].length);
  }
  bool Dest(uint32_t m, uint32_t v) const {
    return member[static_cast<size_t>(m) * n + v] != kNone;
  }
  bool Holds(uint32_t m, uint32_t v) const {  // May hold m: source or dest.
    return v == r->messages[m].source || Dest(m, v);
  }
};

hetcast_status Shape(const hetcast_nb_request* r, Nb* nb) {
  if (r == nullptr || r->node_count < 2 || r->node_count > kMaxNbNodes ||
      r->send_fixed == nullptr || r->send_per_byte == nullptr ||
      r->recv_fixed == nullptr || r->recv_per_byte == nullptr ||
      r->link_per_byte == nullptr || r->messages == nullptr ||
      r->message_count == 0 || r->message_count > kMaxNbNodes) {
    return HETCAST_INVALID_ARGUMENT;
  }
  nb->r = r;
  nb->n = static_cast<uint32_t>(r->node_count);
  nb->k = static_cast<uint32_t>(r->message_count);
  nb->total = 0;
  for (size_t m = 0; m < r->message_count; ++m) {
    const hetcast_nb_message& msg = r->messages[m];
    if (msg.source >= nb->n || msg.length == 0 ||
        (msg.destinations == nullptr && msg.destination_count != 0) ||
        msg.destination_count >= nb->n) {
      return HETCAST_INVALID_ARGUMENT;
    }
    nb->total += msg.destination_count;
  }
  return HETCAST_OK;
}

// Fills the membership table; rejects a destination equal to its source, out
// of range or listed twice.
hetcast_status Members(Nb* nb) {
  const size_t cells = static_cast<size_t>(nb->k) * nb->n;
  for (size_t c = 0; c < cells; ++c) nb->member[c] = kNone;
  for (uint32_t m = 0; m < nb->k; ++m) {
    const hetcast_nb_message& msg = nb->r->messages[m];
    for (size_t d = 0; d < msg.destination_count; ++d) {
      const uint32_t v = msg.destinations[d];
      if (v >= nb->n || v == msg.source || nb->Dest(m, v)) {
        return HETCAST_INVALID_ARGUMENT;
      }
      nb->member[static_cast<size_t>(m) * nb->n + v] = static_cast<uint32_t>(d);
    }
  }
  return HETCAST_OK;
}

struct Decision {
  uint32_t message, sender, receiver;
  uint64_t send_start, send_end, arrival, recv_start, recv_end;
};

struct NbScratch {
  uint32_t* member;
  uint8_t* informed;    // [k * n + v]: v holds (or is scheduled to hold) m.
  uint64_t* avail;      // n
  uint64_t* work;       // n: WR's virtual time W.
  uint64_t* vwork;      // [k * n + v]: W of v right after it received m.
  uint32_t* remaining;  // n: messages v still has to receive (WR).
  Decision* decisions;  // total
  uint64_t* dist;       // n (lower bound)
  uint8_t* done;        // n (lower bound)
  uint64_t* release;    // 2 * k per destination at a time (lower bound)
  uint32_t* cursor;     // n + 1 (evaluator)
  uint32_t* send_task;  // [k * n + v]: index of the send into v, or kNone
  uint32_t* recv_task;  // [k * n + v]
  uint8_t* executed;    // tasks
  uint32_t* stack;      // n + total
  // WRP: per-node task lists as linked lists of pool entries.
  hetcast_nb_task* pool;  // 2 * total
  uint32_t* next;         // 2 * total
  uint32_t* head;         // n
  uint32_t* tail;         // n
  uint32_t* last_send;    // n
};

bool Carve(const Nb& nb, Arena* a, NbScratch* s) {
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  s->member = a->Allocate<uint32_t>(cells);
  s->informed = a->Allocate<uint8_t>(cells);
  s->avail = a->Allocate<uint64_t>(nb.n);
  s->work = a->Allocate<uint64_t>(nb.n);
  s->vwork = a->Allocate<uint64_t>(cells);
  s->remaining = a->Allocate<uint32_t>(nb.n);
  s->decisions = a->Allocate<Decision>(nb.total + 1);
  s->dist = a->Allocate<uint64_t>(nb.n);
  s->done = a->Allocate<uint8_t>(nb.n);
  s->release = a->Allocate<uint64_t>(2 * static_cast<size_t>(nb.k));
  s->cursor = a->Allocate<uint32_t>(nb.n + 1);
  s->send_task = a->Allocate<uint32_t>(cells);
  s->recv_task = a->Allocate<uint32_t>(cells);
  s->executed = a->Allocate<uint8_t>(2 * nb.total + 1);
  // Each node once at the start, then once per receive it is woken for.
  s->stack = a->Allocate<uint32_t>(nb.n + nb.total + 1);
  s->pool = a->Allocate<hetcast_nb_task>(2 * nb.total + 1);
  s->next = a->Allocate<uint32_t>(2 * nb.total + 1);
  s->head = a->Allocate<uint32_t>(nb.n);
  s->tail = a->Allocate<uint32_t>(nb.n);
  s->last_send = a->Allocate<uint32_t>(nb.n);
  return !a->failed();
}

// Records the transfer j -> i of message m at the current availabilities.
void Commit(const Nb& nb, const NbScratch& s, size_t* count, uint32_t m,
            uint32_t j, uint32_t i) {
  Decision& d = s.decisions[(*count)++];
  d.message = m;
  d.sender = j;
  d.receiver = i;
  d.send_start = s.avail[j];
  d.send_end = Add(s.avail[j], nb.S(j, m));
  d.arrival = Add(d.send_end, nb.X(j, i, m));
  d.recv_start = s.avail[i];
  d.recv_end = Add(std::max(d.arrival, s.avail[i]), nb.R(i, m));
  s.avail[j] = d.send_end;
  s.avail[i] = d.recv_end;
  s.informed[static_cast<size_t>(m) * nb.n + i] = 1;
}

uint64_t CompleteTime(const Nb& nb, const NbScratch& s, uint32_t m, uint32_t j,
                      uint32_t i) {
  const uint64_t arrival = Add(Add(s.avail[j], nb.S(j, m)), nb.X(j, i, m));
  return Add(std::max(arrival, s.avail[i]), nb.R(i, m));
}

// Lexicographic (value, m, j, i) comparison for ties.
struct Best {
  uint64_t value = ~uint64_t{0};
  uint32_t m = kNone, j = kNone, i = kNone;
  void Offer(uint64_t v, uint32_t mm, uint32_t jj, uint32_t ii) {
    if (v < value ||
        (v == value &&
         (mm < m || (mm == m && (jj < j || (jj == j && ii < i)))))) {
      value = v;
      m = mm;
      j = jj;
      i = ii;
    }
  }
};

size_t RunFefOrEcf(const Nb& nb, const NbScratch& s, bool fef) {
  size_t count = 0;
  while (count < nb.total) {
    Best best;
    for (uint32_t m = 0; m < nb.k; ++m) {
      const hetcast_nb_message& msg = nb.r->messages[m];
      const uint8_t* informed = s.informed + static_cast<size_t>(m) * nb.n;
      for (size_t a = 0; a <= msg.destination_count; ++a) {
        const uint32_t j = a == 0 ? msg.source : msg.destinations[a - 1];
        if (!informed[j]) continue;
        for (size_t b = 0; b < msg.destination_count; ++b) {
          const uint32_t i = msg.destinations[b];
          if (informed[i]) continue;
          const uint64_t value =
              fef ? Add(Add(nb.S(j, m), nb.X(j, i, m)), nb.R(i, m))
                  : CompleteTime(nb, s, m, j, i);
          best.Offer(value, m, j, i);
        }
      }
    }
    Commit(nb, s, &count, best.m, best.j, best.i);
  }
  return count;
}

// WR/WRP Step 1: "Let P_i be the node with the minimum completed work whose
// source set SR_i is not empty. If there are multiple possibilities, choose
// the fastest one" (least R at the longest message, then lowest index).
uint32_t NextReceiver(const Nb& nb, const NbScratch& s) {
  uint64_t longest = 0;
  for (uint32_t m = 0; m < nb.k; ++m) {
    longest = std::max(longest, nb.r->messages[m].length);
  }
  auto speed = [&](uint32_t v) {
    return Add(nb.r->recv_fixed[v], Mul(nb.r->recv_per_byte[v], longest));
  };
  uint32_t i = kNone;
  for (uint32_t v = 0; v < nb.n; ++v) {
    if (s.remaining[v] == 0) continue;
    if (i == kNone || s.work[v] < s.work[i] ||
        (s.work[v] == s.work[i] && speed(v) < speed(i))) {
      i = v;
    }
  }
  return i;
}

// Eqs. 5-6: receiver i's virtual time after receiving m from j.
void AddVirtualWork(const Nb& nb, const NbScratch& s, uint32_t m, uint32_t j,
                    uint32_t i) {
  const uint64_t base = j == nb.r->messages[m].source
                            ? 0
                            : s.vwork[static_cast<size_t>(m) * nb.n + j];
  const uint64_t ar = Add(Add(base, nb.S(j, m)), nb.X(j, i, m));
  s.work[i] = Add(std::max(s.work[i], ar), nb.R(i, m));
  s.vwork[static_cast<size_t>(m) * nb.n + i] = s.work[i];
  --s.remaining[i];
}

// Calls fn(m, j) for every message m that node i still waits for and every
// node j holding it (its source or an informed destination), in (m, j)
// order: the candidate transfers j -> i of WR and WRP.
template <typename Fn>
void ForEachSenderFor(const Nb& nb, const NbScratch& s, uint32_t i, Fn fn) {
  for (uint32_t m = 0; m < nb.k; ++m) {
    const uint8_t* informed = s.informed + static_cast<size_t>(m) * nb.n;
    if (!nb.Dest(m, i) || informed[i]) continue;
    const hetcast_nb_message& msg = nb.r->messages[m];
    for (size_t a = 0; a <= msg.destination_count; ++a) {
      const uint32_t j = a == 0 ? msg.source : msg.destinations[a - 1];
      if (informed[j]) fn(m, j);
    }
  }
}

size_t RunWr(const Nb& nb, const NbScratch& s) {
  size_t count = 0;
  while (count < nb.total) {
    const uint32_t i = NextReceiver(nb, s);
    // Step 2: its message and sender by earliest completion (Eq. 4).
    Best best;
    ForEachSenderFor(nb, s, i, [&](uint32_t m, uint32_t j) {
      best.Offer(CompleteTime(nb, s, m, j, i), m, j, i);
    });
    AddVirtualWork(nb, s, best.m, best.j, i);
    Commit(nb, s, &count, best.m, best.j, i);
  }
  return count;
}

// WRP (§4.4): WR, except that a new send may be placed in a gap of the
// sender's list where the sender idles waiting for a message, ahead of the
// waiting receive, when the paper's three rules allow it: (1) sends keep
// their order, so the gap is after the sender's last send; (2) a relay
// sends only after receiving, so the gap is after its receive of the
// message; (3) the send must end before the message the receive waits for
// arrives ("the completion time of the preempting send task must be earlier
// than the arrival time"), so the receive, and everything after it, keeps
// its times. The first such gap is used, else the send is appended. The
// receive side is appended as in WR; virtual times follow Eqs. 5-6
// unchanged.
struct Slot {
  uint64_t start;
  uint32_t before;  // Insert before this task, or kNone to append.
};

// The earliest send slot for message m at node j (rules 1-3); `after` is the
// task from which to search: the later of j's last send and its receive of m.
Slot SendSlot(const Nb& nb, const NbScratch& s, uint32_t j, uint32_t m,
              const uint32_t* recv_of) {
  uint32_t from = s.last_send[j];
  if (j != nb.r->messages[m].source) {
    const uint32_t own = recv_of[static_cast<size_t>(m) * nb.n + j];
    // Which comes later in j's list: walk from the last send (or the head).
    if (from == kNone) {
      from = own;
    } else {
      for (uint32_t t = s.next[from]; t != kNone; t = s.next[t]) {
        if (t == own) {
          from = own;
          break;
        }
      }
    }
  }
  const uint64_t S = nb.S(j, m);
  uint64_t free_at = from == kNone ? 0 : s.pool[from].end;
  for (uint32_t t = from == kNone ? s.head[j] : s.next[from]; t != kNone;
       t = s.next[t]) {
    // Every task after the last send is a receive (rule 1).
    if (Add(free_at, S) < s.pool[t].arrival) return Slot{free_at, t};
    free_at = s.pool[t].end;
  }
  return Slot{free_at, kNone};
}

size_t RunWrp(const Nb& nb, const NbScratch& s, uint32_t* recv_of) {
  for (uint32_t v = 0; v < nb.n; ++v) {
    s.head[v] = s.tail[v] = s.last_send[v] = kNone;
  }
  uint32_t used = 0;
  auto recv_avail = [&](uint32_t v) {
    return s.tail[v] == kNone ? 0 : s.pool[s.tail[v]].end;
  };
  size_t count = 0;
  while (count < nb.total) {
    const uint32_t i = NextReceiver(nb, s);
    Best best;
    Slot best_slot{0, kNone};
    uint64_t best_arrival = 0;
    ForEachSenderFor(nb, s, i, [&](uint32_t m, uint32_t j) {
      const Slot slot = SendSlot(nb, s, j, m, recv_of);
      const uint64_t arrival = Add(Add(slot.start, nb.S(j, m)), nb.X(j, i, m));
      const uint64_t ct = Add(std::max(arrival, recv_avail(i)), nb.R(i, m));
      const uint64_t before = best.value;
      best.Offer(ct, m, j, i);
      if (best.value != before || (best.m == m && best.j == j)) {
        best_slot = slot;
        best_arrival = arrival;
      }
    });
    const uint32_t m = best.m, j = best.j;
    AddVirtualWork(nb, s, m, j, i);  // Eqs. 5-6, as in WR.
    s.informed[static_cast<size_t>(m) * nb.n + i] = 1;
    // The send, inserted into j's list.
    const uint32_t send = used++;
    s.pool[send] = hetcast_nb_task{HETCAST_NB_SEND,
                                   j,
                                   i,
                                   m,
                                   best_slot.start,
                                   best_arrival,
                                   Add(best_slot.start, nb.S(j, m))};
    if (best_slot.before == kNone) {
      s.next[send] = kNone;
      if (s.tail[j] == kNone) {
        s.head[j] = send;
      } else {
        s.next[s.tail[j]] = send;
      }
      s.tail[j] = send;
    } else {
      // Link in front of `before`: find its predecessor (after the last
      // send or own receive, so the walk is short).
      const uint32_t before = best_slot.before;
      uint32_t prev = kNone;
      for (uint32_t t = s.head[j]; t != before; t = s.next[t]) prev = t;
      s.next[send] = before;
      if (prev == kNone) {
        s.head[j] = send;
      } else {
        s.next[prev] = send;
      }
      s.pool[before].start = s.pool[send].end;  // Issued later; same end.
    }
    s.last_send[j] = send;
    // The receive, appended to i's list.
    const uint32_t recv = used++;
    const uint64_t issue = recv_avail(i);
    s.pool[recv] =
        hetcast_nb_task{HETCAST_NB_RECV,
                        i,
                        j,
                        m,
                        issue,
                        best_arrival,
                        Add(std::max(best_arrival, issue), nb.R(i, m))};
    s.next[recv] = kNone;
    if (s.tail[i] == kNone) {
      s.head[i] = recv;
    } else {
      s.next[s.tail[i]] = recv;
    }
    s.tail[i] = recv;
    recv_of[static_cast<size_t>(m) * nb.n + i] = recv;
    ++count;
  }
  return count;
}

void ResetState(const Nb& nb, const NbScratch& s) {
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  for (size_t c = 0; c < cells; ++c) {
    s.informed[c] = 0;
    s.vwork[c] = 0;
  }
  for (uint32_t v = 0; v < nb.n; ++v) {
    s.avail[v] = 0;
    s.work[v] = 0;
    s.remaining[v] = 0;
  }
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nb_message& msg = nb.r->messages[m];
    s.informed[static_cast<size_t>(m) * nb.n + msg.source] = 1;
    for (size_t d = 0; d < msg.destination_count; ++d) {
      ++s.remaining[msg.destinations[d]];
    }
  }
}

uint64_t LowerBound(const Nb& nb, const NbScratch& s) {
  uint64_t bound = 0;
  // Per message: Dijkstra from the source over source + destinations.
  // dist[] holds L - R at the target (the idealised arrival); the release
  // dates are gathered per destination afterwards.
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  uint64_t* arrival = s.vwork;  // Reused: [k * n + v] idealised arrival.
  for (size_t c = 0; c < cells; ++c) arrival[c] = kCap;
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nb_message& msg = nb.r->messages[m];
    const size_t count = msg.destination_count + 1;
    auto node = [&](size_t a) {
      return a == 0 ? msg.source : msg.destinations[a - 1];
    };
    // reach[a]: earliest time node(a) holds m (after its receive).
    for (size_t a = 0; a < count; ++a) {
      s.dist[a] = a == 0 ? 0 : kCap;
      s.done[a] = 0;
    }
    for (size_t round = 0; round < count; ++round) {
      size_t u = count;
      for (size_t a = 0; a < count; ++a) {
        if (!s.done[a] && (u == count || s.dist[a] < s.dist[u])) u = a;
      }
      if (u == count || s.dist[u] >= kCap) break;
      s.done[u] = 1;
      const uint32_t from = node(u);
      for (size_t b = 1; b < count; ++b) {
        if (s.done[b]) continue;
        const uint32_t to = node(b);
        const uint64_t at =
            Add(Add(s.dist[u], nb.S(from, m)), nb.X(from, to, m));
        arrival[static_cast<size_t>(m) * nb.n + to] =
            std::min(arrival[static_cast<size_t>(m) * nb.n + to], at);
        s.dist[b] = std::min(s.dist[b], Add(at, nb.R(to, m)));
      }
    }
  }
  // Per destination: receives in order of arrival (release dates).
  for (uint32_t v = 0; v < nb.n; ++v) {
    size_t jobs = 0;
    for (uint32_t m = 0; m < nb.k; ++m) {
      if (!nb.Dest(m, v)) continue;
      s.release[2 * jobs] = arrival[static_cast<size_t>(m) * nb.n + v];
      s.release[2 * jobs + 1] = nb.R(v, m);
      ++jobs;
    }
    // Insertion sort of (release, processing) pairs by release.
    for (size_t a = 1; a < jobs; ++a) {
      const uint64_t r = s.release[2 * a], p = s.release[2 * a + 1];
      size_t b = a;
      for (; b > 0 && s.release[2 * (b - 1)] > r; --b) {
        s.release[2 * b] = s.release[2 * (b - 1)];
        s.release[2 * b + 1] = s.release[2 * (b - 1) + 1];
      }
      s.release[2 * b] = r;
      s.release[2 * b + 1] = p;
    }
    uint64_t t = 0;
    for (size_t a = 0; a < jobs; ++a) {
      t = Add(std::max(t, s.release[2 * a]), s.release[2 * a + 1]);
    }
    bound = std::max(bound, t);
  }
  return bound;
}

hetcast_status Prepare(const hetcast_nb_request* r, void* workspace,
                       size_t size, Nb* nb, NbScratch* s) {
  hetcast_status status = Shape(r, nb);
  if (status != HETCAST_OK) return status;
  Arena arena(workspace, size);
  if (!Carve(*nb, &arena, s)) return HETCAST_WORKSPACE_TOO_SMALL;
  nb->member = s->member;
  return Members(nb);
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

using hetcast::internal::Nb;
using hetcast::internal::NbScratch;

extern "C" {

hetcast_status hetcast_nb_sizes_of(const hetcast_nb_request* request,
                                   hetcast_nb_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  Nb nb;
  hetcast_status status = hetcast::internal::Shape(request, &nb);
  if (status != HETCAST_OK) return status;
  hetcast::internal::Arena measure;
  NbScratch s;
  hetcast::internal::Carve(nb, &measure, &s);
  sizes->task_count = 2 * nb.total;
  sizes->workspace_bytes = measure.used();
  return HETCAST_OK;
}

hetcast_status hetcast_nb_lower_bound(const hetcast_nb_request* request,
                                      void* workspace, size_t workspace_size,
                                      uint64_t* lower_bound) {
  if (lower_bound == nullptr) return HETCAST_INVALID_ARGUMENT;
  Nb nb;
  NbScratch s;
  hetcast_status status =
      hetcast::internal::Prepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  *lower_bound = hetcast::internal::LowerBound(nb, s);
  return *lower_bound >= hetcast::internal::kCap ? HETCAST_OVERFLOW
                                                 : HETCAST_OK;
}

hetcast_status hetcast_nb_plan(const hetcast_nb_request* request,
                               hetcast_algorithm algorithm, void* workspace,
                               size_t workspace_size, hetcast_nb_task* tasks,
                               size_t task_capacity, size_t* list_begin,
                               hetcast_answer* answer) {
  if (answer == nullptr || tasks == nullptr || list_begin == nullptr ||
      (algorithm != HETCAST_ALGORITHM_FEF &&
       algorithm != HETCAST_ALGORITHM_ECF &&
       algorithm != HETCAST_ALGORITHM_WR &&
       algorithm != HETCAST_ALGORITHM_WRP)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  *answer = hetcast_answer();
  Nb nb;
  NbScratch s;
  hetcast_status status =
      hetcast::internal::Prepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  if (task_capacity < 2 * nb.total) return HETCAST_OUTPUT_TOO_SMALL;
  hetcast::internal::ResetState(nb, s);
  uint64_t completion = 0;
  size_t count = 0;
  if (algorithm == HETCAST_ALGORITHM_WRP) {
    count = hetcast::internal::RunWrp(nb, s, s.recv_task);
    size_t w = 0;
    for (uint32_t v = 0; v < nb.n; ++v) {
      list_begin[v] = w;
      for (uint32_t t = s.head[v]; t != hetcast::internal::kNone;
           t = s.next[t]) {
        tasks[w++] = s.pool[t];
        if (s.pool[t].op == HETCAST_NB_RECV) {
          completion = std::max(completion, s.pool[t].end);
        }
      }
    }
    list_begin[nb.n] = w;
  } else {
    count = algorithm == HETCAST_ALGORITHM_WR
                ? hetcast::internal::RunWr(nb, s)
                : hetcast::internal::RunFefOrEcf(
                      nb, s, algorithm == HETCAST_ALGORITHM_FEF);
    // Lists: each node's tasks in decision order.
    for (uint32_t v = 0; v <= nb.n; ++v) list_begin[v] = 0;
    for (size_t d = 0; d < count; ++d) {
      ++list_begin[s.decisions[d].sender + 1];
      ++list_begin[s.decisions[d].receiver + 1];
    }
    for (uint32_t v = 0; v < nb.n; ++v) list_begin[v + 1] += list_begin[v];
    for (uint32_t v = 0; v < nb.n; ++v)
      s.cursor[v] = static_cast<uint32_t>(list_begin[v]);
    for (size_t d = 0; d < count; ++d) {
      const hetcast::internal::Decision& x = s.decisions[d];
      tasks[s.cursor[x.sender]++] =
          hetcast_nb_task{HETCAST_NB_SEND, x.sender,  x.receiver, x.message,
                          x.send_start,    x.arrival, x.send_end};
      tasks[s.cursor[x.receiver]++] =
          hetcast_nb_task{HETCAST_NB_RECV, x.receiver, x.sender,  x.message,
                          x.recv_start,    x.arrival,  x.recv_end};
      completion = std::max(completion, x.recv_end);
    }
  }
  if (completion >= hetcast::internal::kCap) return HETCAST_OVERFLOW;
  answer->algorithm = algorithm;
  answer->completion_time = completion;
  answer->lower_bound = hetcast::internal::LowerBound(nb, s);
  answer->lower_bound_kind = HETCAST_BOUND_EARLIEST_REACH;
  answer->exact = answer->lower_bound == completion;
  answer->node_count = nb.n;
  answer->participant_count = nb.n;
  answer->transfer_count = count;
  return HETCAST_OK;
}

hetcast_status hetcast_nb_evaluate(const hetcast_nb_request* request,
                                   void* workspace, size_t workspace_size,
                                   hetcast_nb_task* tasks, size_t task_count,
                                   const size_t* list_begin,
                                   hetcast_answer* answer) {
  using hetcast::internal::kNone;
  if (answer == nullptr || list_begin == nullptr ||
      (tasks == nullptr && task_count != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  *answer = hetcast_answer();
  Nb nb;
  NbScratch s;
  hetcast_status status =
      hetcast::internal::Prepare(request, workspace, workspace_size, &nb, &s);
  if (status != HETCAST_OK) return status;
  if (task_count != 2 * nb.total || list_begin[0] != 0 ||
      list_begin[nb.n] != task_count) {
    return HETCAST_INVALID_SCHEDULE;
  }
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  for (size_t c = 0; c < cells; ++c) {
    s.send_task[c] = kNone;
    s.recv_task[c] = kNone;
  }
  // Static checks.
  for (uint32_t v = 0; v < nb.n; ++v) {
    if (list_begin[v] > list_begin[v + 1]) return HETCAST_INVALID_SCHEDULE;
    for (size_t t = list_begin[v]; t < list_begin[v + 1]; ++t) {
      const hetcast_nb_task& x = tasks[t];
      if (x.node != v || x.partner >= nb.n || x.partner == v ||
          x.message >= nb.k || x.op > HETCAST_NB_RECV) {
        return HETCAST_INVALID_SCHEDULE;
      }
      const uint32_t sender = x.op == HETCAST_NB_SEND ? v : x.partner;
      const uint32_t receiver = x.op == HETCAST_NB_SEND ? x.partner : v;
      if (!nb.Holds(x.message, sender) || !nb.Dest(x.message, receiver)) {
        return HETCAST_INVALID_SCHEDULE;
      }
      uint32_t& slot =
          (x.op == HETCAST_NB_SEND
               ? s.send_task
               : s.recv_task)[static_cast<size_t>(x.message) * nb.n + receiver];
      if (slot != kNone) return HETCAST_INVALID_SCHEDULE;  // Twice.
      slot = static_cast<uint32_t>(t);
    }
  }
  // Every destination receives once, from the sender whose send matches.
  for (uint32_t m = 0; m < nb.k; ++m) {
    const hetcast_nb_message& msg = request->messages[m];
    for (size_t d = 0; d < msg.destination_count; ++d) {
      const size_t c = static_cast<size_t>(m) * nb.n + msg.destinations[d];
      if (s.send_task[c] == kNone || s.recv_task[c] == kNone ||
          tasks[s.send_task[c]].node != tasks[s.recv_task[c]].partner) {
        return HETCAST_INVALID_SCHEDULE;
      }
    }
  }
  // A relay's send comes after its own receive of the message.
  for (uint32_t v = 0; v < nb.n; ++v) {
    for (size_t t = list_begin[v]; t < list_begin[v + 1]; ++t) {
      const hetcast_nb_task& x = tasks[t];
      if (x.op != HETCAST_NB_SEND || v == request->messages[x.message].source) {
        continue;
      }
      const uint32_t own =
          s.recv_task[static_cast<size_t>(x.message) * nb.n + v];
      if (own == kNone || own > t) return HETCAST_INVALID_SCHEDULE;
    }
  }
  // Replay: run every node as far as it can; a receive waits for its send.
  for (uint32_t v = 0; v < nb.n; ++v) {
    s.cursor[v] = static_cast<uint32_t>(list_begin[v]);
    s.avail[v] = 0;
  }
  for (size_t t = 0; t < task_count; ++t) s.executed[t] = 0;
  size_t executed = 0, depth = 0;
  for (uint32_t v = 0; v < nb.n; ++v) s.stack[depth++] = v;
  uint64_t completion = 0;
  while (depth > 0) {
    const uint32_t v = s.stack[--depth];
    while (s.cursor[v] < list_begin[v + 1]) {
      const uint32_t t = s.cursor[v];
      hetcast_nb_task& x = tasks[t];
      if (x.op == HETCAST_NB_SEND) {
        x.start = s.avail[v];
        x.end = hetcast::internal::Add(x.start, nb.S(v, x.message));
        x.arrival =
            hetcast::internal::Add(x.end, nb.X(v, x.partner, x.message));
        s.avail[v] = x.end;
        // Wake the receiver if it is blocked on exactly this receive.
        const uint32_t r =
            s.recv_task[static_cast<size_t>(x.message) * nb.n + x.partner];
        if (s.cursor[x.partner] == r) s.stack[depth++] = x.partner;
      } else {
        const uint32_t from =
            s.send_task[static_cast<size_t>(x.message) * nb.n + v];
        if (!s.executed[from]) break;  // Blocked.
        x.start = s.avail[v];
        x.arrival = tasks[from].arrival;
        x.end = hetcast::internal::Add(std::max(x.start, x.arrival),
                                       nb.R(v, x.message));
        s.avail[v] = x.end;
        completion = std::max(completion, x.end);
      }
      s.executed[t] = 1;
      ++executed;
      ++s.cursor[v];
    }
  }
  if (executed != task_count) return HETCAST_INVALID_SCHEDULE;  // Deadlock.
  if (completion >= hetcast::internal::kCap) return HETCAST_OVERFLOW;
  answer->algorithm = HETCAST_ALGORITHM_EVALUATED;
  answer->completion_time = completion;
  answer->lower_bound = hetcast::internal::LowerBound(nb, s);
  answer->lower_bound_kind = HETCAST_BOUND_EARLIEST_REACH;
  answer->exact = answer->lower_bound == completion;
  answer->node_count = nb.n;
  answer->participant_count = nb.n;
  answer->transfer_count = nb.total;
  return HETCAST_OK;
}

}  // extern "C"
