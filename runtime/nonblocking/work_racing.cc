// work_racing.cc: Work-Racing and Work-Racing-Preemptive (Wu, Yeh & Liu
// §4.3-4.4). Each step serves the destination with the least virtual work
// (Eqs. 5-6), with the message and sender that complete it earliest (Eq. 4).
//
// WR's "fastest" destination, for ties in virtual work: the smallest receive
// overhead R(v, L), L the longest message of the request; then the lower
// index.
#include <algorithm>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {
namespace {

// Whether R(v, L) < R(w, L), exactly even when either passes 64 bits:
// a_v + p_v L < a_w + p_w L compares the difference of the fixed parts with
// the difference of the per-byte parts times L.
bool WrFaster(const NonblockingProblem& nb, uint32_t v, uint32_t w,
              uint64_t length) {
  const uint64_t av = nb.r->recv_fixed[v], pv = nb.r->recv_per_byte[v];
  const uint64_t aw = nb.r->recv_fixed[w], pw = nb.r->recv_per_byte[w];
  if (pv == pw) return av < aw;
  if (pv < pw) return av <= aw || av - aw < TimeMul(pw - pv, length);
  return aw > av && TimeMul(pv - pw, length) < aw - av;
}

// WR/WRP Step 1: "Let P_i be the node with the minimum completed work whose
// source set SR_i is not empty. If there are multiple possibilities, choose
// the fastest one" (least R at the longest message, then lowest index).
uint32_t WrNextReceiver(const NonblockingProblem& nb,
                        const NonblockingScratch& s) {
  uint64_t longest = 0;
  for (uint32_t m = 0; m < nb.k; ++m) {
    longest = std::max(longest, nb.r->messages[m].length);
  }
  uint32_t i = kNonblockingNone;
  for (uint32_t v = 0; v < nb.n; ++v) {
    if (s.remaining[v] == 0) continue;
    if (i == kNonblockingNone || s.work[v] < s.work[i] ||
        (s.work[v] == s.work[i] && WrFaster(nb, v, i, longest))) {
      i = v;
    }
  }
  return i;
}

// Eqs. 5-6: receiver i's virtual time after receiving m from j.
void WrAddVirtualWork(const NonblockingProblem& nb, const NonblockingScratch& s,
                      uint32_t m, uint32_t j, uint32_t i) {
  const uint64_t base = j == nb.r->messages[m].source
                            ? 0
                            : s.vwork[static_cast<size_t>(m) * nb.n + j];
  const uint64_t ar = TimeAdd(TimeAdd(base, nb.S(j, m)), nb.X(j, i, m));
  s.work[i] = TimeAdd(std::max(s.work[i], ar), nb.R(i, m));
  s.vwork[static_cast<size_t>(m) * nb.n + i] = s.work[i];
  --s.remaining[i];
}

// Calls fn(m, j) for every message m that node i still waits for and every
// node j holding it (its source or an informed destination), in (m, j)
// order: the candidate transfers j -> i of WR and WRP.
template <typename Fn>
void WrForEachSender(const NonblockingProblem& nb, const NonblockingScratch& s,
                     uint32_t i, Fn fn) {
  for (uint32_t m = 0; m < nb.k; ++m) {
    const uint8_t* informed = s.informed + static_cast<size_t>(m) * nb.n;
    if (!nb.Dest(m, i) || informed[i]) continue;
    const hetcast_nonblocking_message& msg = nb.r->messages[m];
    for (size_t a = 0; a <= msg.destination_count; ++a) {
      const uint32_t j = a == 0 ? msg.source : msg.destinations[a - 1];
      if (informed[j]) fn(m, j);
    }
  }
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
struct WrpSlot {
  uint64_t start;
  uint32_t before;  // Insert before this task, or kNonblockingNone to append.
};

// The earliest send slot for message m at node j (rules 1-3), searched from
// the later of j's last send and its receive of m.
WrpSlot WrpSendSlot(const NonblockingProblem& nb, const NonblockingScratch& s,
                    uint32_t j, uint32_t m, const uint32_t* recv_of) {
  uint32_t from = s.last_send[j];
  if (j != nb.r->messages[m].source) {
    const uint32_t own = recv_of[static_cast<size_t>(m) * nb.n + j];
    // Which comes later in j's list: walk from the last send (or the head).
    if (from == kNonblockingNone) {
      from = own;
    } else {
      for (uint32_t t = s.next[from]; t != kNonblockingNone; t = s.next[t]) {
        if (t == own) {
          from = own;
          break;
        }
      }
    }
  }
  const uint64_t S = nb.S(j, m);
  uint64_t free_at = from == kNonblockingNone ? 0 : s.pool[from].end;
  for (uint32_t t = from == kNonblockingNone ? s.head[j] : s.next[from];
       t != kNonblockingNone; t = s.next[t]) {
    // Every task after the last send is a receive (rule 1).
    if (TimeAdd(free_at, S) < s.pool[t].arrival) return WrpSlot{free_at, t};
    free_at = s.pool[t].end;
  }
  return WrpSlot{free_at, kNonblockingNone};
}

// When node v's list ends: where a receive appended to it is issued.
uint64_t WrpListEnd(const NonblockingScratch& s, uint32_t v) {
  return s.tail[v] == kNonblockingNone ? 0 : s.pool[s.tail[v]].end;
}

void WrpAppend(const NonblockingScratch& s, uint32_t v, uint32_t task) {
  s.next[task] = kNonblockingNone;
  if (s.tail[v] == kNonblockingNone) {
    s.head[v] = task;
  } else {
    s.next[s.tail[v]] = task;
  }
  s.tail[v] = task;
}

// Links `task` in front of `before` in v's list. The predecessor is found by
// walking from the head; `before` follows v's last send or own receive, so
// the walk is short.
void WrpInsertBefore(const NonblockingScratch& s, uint32_t v, uint32_t task,
                     uint32_t before) {
  uint32_t prev = kNonblockingNone;
  for (uint32_t t = s.head[v]; t != before; t = s.next[t]) prev = t;
  s.next[task] = before;
  if (prev == kNonblockingNone) {
    s.head[v] = task;
  } else {
    s.next[prev] = task;
  }
}

// WRP Step 2 for receiver i: the message, sender and send slot that complete
// earliest, with the arrival that gives.
struct WrpChoice {
  uint32_t m, j;
  WrpSlot slot;
  uint64_t arrival;
};

WrpChoice WrpChoose(const NonblockingProblem& nb, const NonblockingScratch& s,
                    uint32_t i, const uint32_t* recv_of) {
  NonblockingBest best;
  WrpSlot best_slot{0, kNonblockingNone};
  uint64_t best_arrival = 0;
  WrForEachSender(nb, s, i, [&](uint32_t m, uint32_t j) {
    const WrpSlot slot = WrpSendSlot(nb, s, j, m, recv_of);
    const uint64_t arrival =
        TimeAdd(TimeAdd(slot.start, nb.S(j, m)), nb.X(j, i, m));
    const uint64_t ct =
        TimeAdd(std::max(arrival, WrpListEnd(s, i)), nb.R(i, m));
    const uint64_t before = best.value;
    best.Offer(ct, m, j, i);
    if (best.value != before || (best.m == m && best.j == j)) {
      best_slot = slot;
      best_arrival = arrival;
    }
  });
  return WrpChoice{best.m, best.j, best_slot, best_arrival};
}

}  // namespace

size_t RunWr(const NonblockingProblem& nb, const NonblockingScratch& s) {
  size_t count = 0;
  while (count < nb.total) {
    const uint32_t i = WrNextReceiver(nb, s);
    // Step 2: its message and sender by earliest completion (Eq. 4).
    NonblockingBest best;
    WrForEachSender(nb, s, i, [&](uint32_t m, uint32_t j) {
      best.Offer(NonblockingCompleteTime(nb, s, m, j, i), m, j, i);
    });
    WrAddVirtualWork(nb, s, best.m, best.j, i);
    NonblockingCommit(nb, s, &count, best.m, best.j, i);
  }
  return count;
}

size_t RunWrp(const NonblockingProblem& nb, const NonblockingScratch& s,
              uint32_t* recv_of, bool critical_first) {
  for (uint32_t v = 0; v < nb.n; ++v) {
    s.head[v] = s.tail[v] = s.last_send[v] = kNonblockingNone;
  }
  if (critical_first) CriticalFirstStart(nb, s);
  uint32_t used = 0;
  size_t count = 0;
  while (count < nb.total) {
    const uint32_t i =
        critical_first ? CriticalFirstReceiver(nb, s) : WrNextReceiver(nb, s);
    const WrpChoice c = WrpChoose(nb, s, i, recv_of);
    const uint32_t m = c.m, j = c.j;
    if (critical_first) CriticalFirstServed(nb, s, m, i);
    WrAddVirtualWork(nb, s, m, j, i);  // Eqs. 5-6, as in WR.
    s.informed[static_cast<size_t>(m) * nb.n + i] = 1;
    // The send, inserted into j's list.
    const uint32_t send = used++;
    s.pool[send] = hetcast_nonblocking_task{
        HETCAST_NONBLOCKING_SEND,         j, i, m, c.slot.start, c.arrival,
        TimeAdd(c.slot.start, nb.S(j, m))};
    if (c.slot.before == kNonblockingNone) {
      WrpAppend(s, j, send);
    } else {
      WrpInsertBefore(s, j, send, c.slot.before);
      // The preempted receive is issued later; its end stays (rule 3).
      s.pool[c.slot.before].start = s.pool[send].end;
    }
    s.last_send[j] = send;
    // The receive, appended to i's list.
    const uint32_t recv = used++;
    const uint64_t issue = WrpListEnd(s, i);
    s.pool[recv] = hetcast_nonblocking_task{
        HETCAST_NONBLOCKING_RECV,
        i,
        j,
        m,
        issue,
        c.arrival,
        TimeAdd(std::max(c.arrival, issue), nb.R(i, m))};
    WrpAppend(s, i, recv);
    recv_of[static_cast<size_t>(m) * nb.n + i] = recv;
    ++count;
  }
  return count;
}

}  // namespace internal
}  // namespace hetcast
