// evaluator.cc: the cluster-model evaluator (Khuller, Kim & Wan §2, §5 and
// §6's rules). It recomputes every time of a schedule from who sends to
// whom and when, and rejects anything the model forbids; the tests judge
// every cluster algorithm through it.
#include <algorithm>

#include "runtime/arena.h"
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// A half-open interval [begin, end) during which `id` (a processor, or a
// cluster's global ports) is busy.
struct BusyInterval {
  uint32_t id;
  uint64_t begin, end;
};

struct ClusterEvalScratch {
  uint32_t* base;
  uint64_t* arrival;
  uint32_t* parent;
  uint32_t* sends;
  BusyInterval* busy;         // 2 per transfer.
  BusyInterval* global_busy;  // Inter-cluster transfers, per endpoint cluster.
  size_t busy_count;
  size_t global_count;
  hetcast_transfer* by_start;
  uint32_t* order;
  uint64_t* sorted;
  uint64_t* reduced;
};

bool CarveClusterEval(const ClusterLayout& l, size_t m, Arena* arena,
                      ClusterEvalScratch* s) {
  s->base = arena->Allocate<uint32_t>(l.k + 1);
  s->arrival = arena->Allocate<uint64_t>(l.n);
  s->parent = arena->Allocate<uint32_t>(l.n);
  s->sends = arena->Allocate<uint32_t>(l.n);
  s->busy = arena->Allocate<BusyInterval>(2 * m + 1);
  s->global_busy = arena->Allocate<BusyInterval>(2 * m + 1);
  s->by_start = arena->Allocate<hetcast_transfer>(m + 1);
  s->order = arena->Allocate<uint32_t>(l.k);
  s->sorted = arena->Allocate<uint64_t>(ClusterBoundArray(l));
  s->reduced = arena->Allocate<uint64_t>(ClusterBoundArray(l));
  return !arena->failed();
}

// True when intervals of one id never overlap more than `limit(id)` at a
// time (limit 1: pairwise disjoint). Sorts `items` by (id, begin); `scratch`
// holds the sorted ends of one id when its limit exceeds 1 (not touched
// otherwise), so it needs room for `count` uint64_t.
template <typename Limit>
bool WithinOverlapLimit(BusyInterval* items, size_t count, Limit limit,
                        BusyInterval* scratch) {
  std::sort(items, items + count,
            [](const BusyInterval& a, const BusyInterval& b) {
              return a.id < b.id || (a.id == b.id && a.begin < b.begin);
            });
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
      // Active intervals at each begin: the begins seen so far minus the
      // ends at or before it.
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

// Recomputes every arrival and parent, and records the busy intervals:
// both ends for the whole transfer, except that a postal inter-cluster
// transfer holds its sender for the first tick and its receiver for the
// last; inter-cluster transfers also per endpoint cluster (degrees) or
// all under one key (matching). HETCAST_INVALID_SCHEDULE for a malformed
// transfer, HETCAST_OVERFLOW for one landing at HETCAST_NEVER or later.
hetcast_status RecordClusterTransfers(const ClusterLayout& l,
                                      const hetcast_transfer* schedule,
                                      size_t transfer_count,
                                      ClusterEvalScratch* s, const char** why) {
  const hetcast_cluster_request* request = l.request;
  const uint32_t n = l.n;
  for (uint32_t v = 0; v < n; ++v) {
    s->arrival[v] = HETCAST_NEVER;
    s->parent[v] = HETCAST_NO_NODE;
    s->sends[v] = 0;
  }
  s->arrival[0] = 0;
  size_t busy_count = 0, global_count = 0;
  for (size_t i = 0; i < transfer_count; ++i) {
    const hetcast_transfer& x = schedule[i];
    if (x.from >= n || x.to >= n || x.to == 0 || x.from == x.to) {
      return Reject(HETCAST_INVALID_SCHEDULE,
                    "a transfer names an id out of range, or the source or "
                    "its sender as its receiver",
                    why);
    }
    if (s->parent[x.to] != HETCAST_NO_NODE) {
      return Reject(HETCAST_INVALID_SCHEDULE, "a processor receives twice",
                    why);
    }
    const uint32_t cf = ClusterOf(s->base, l.k, x.from);
    const uint32_t ct = ClusterOf(s->base, l.k, x.to);
    const bool inter = cf != ct;
    const uint64_t arrival = TimeAdd(x.start, inter ? l.cost : 1);
    if (arrival == HETCAST_NEVER) {
      return Reject(HETCAST_OVERFLOW,
                    "a transfer would land at HETCAST_NEVER (2^64 - 1)", why);
    }
    s->parent[x.to] = x.from;
    s->arrival[x.to] = arrival;
    if (request->postal != 0 && inter) {
      s->busy[busy_count++] = BusyInterval{x.from, x.start, x.start + 1};
      s->busy[busy_count++] = BusyInterval{x.to, arrival - 1, arrival};
    } else {
      s->busy[busy_count++] = BusyInterval{x.from, x.start, arrival};
      s->busy[busy_count++] = BusyInterval{x.to, x.start, arrival};
    }
    if (inter) {
      if (request->degrees != nullptr) {
        s->global_busy[global_count++] = BusyInterval{cf, x.start, arrival};
        s->global_busy[global_count++] = BusyInterval{ct, x.start, arrival};
      } else if (request->matching != 0) {
        s->global_busy[global_count++] = BusyInterval{0, x.start, arrival};
      }
    }
  }
  s->busy_count = busy_count;
  s->global_count = global_count;
  return HETCAST_OK;
}

// The first rule of causality, reach, one transfer at a time per
// processor, and the degree or matching bound that the schedule breaks;
// nullptr when it breaks none.
const char* BrokenClusterRule(const ClusterLayout& l,
                              const hetcast_transfer* schedule,
                              size_t transfer_count,
                              const ClusterEvalScratch& s) {
  for (size_t i = 0; i < transfer_count; ++i) {
    if (s.arrival[schedule[i].from] > schedule[i].start) {
      return "a transfer starts before its sender has the message";
    }
  }
  for (uint32_t v = 1; v < l.n; ++v) {
    if (s.parent[v] == HETCAST_NO_NODE &&
        IsClusterMember(l, s.base, ClusterOf(s.base, l.k, v), v)) {
      return "a member never receives the message";
    }
  }
  if (!WithinOverlapLimit(
          s.busy, s.busy_count, [](uint32_t) -> uint64_t { return 1; },
          s.global_busy)) {
    return "two transfers of one processor overlap (one-port)";
  }
  if (s.global_count == 0) return nullptr;
  const uint64_t* degrees = l.request->degrees;
  const uint64_t matching = l.request->matching;
  // `busy` is free now: scratch for the sorted end times.
  if (!WithinOverlapLimit(
          s.global_busy, s.global_count,
          [degrees, matching](uint32_t key) -> uint64_t {
            return degrees != nullptr ? degrees[key] : matching;
          },
          s.busy)) {
    return degrees != nullptr
               ? "a cluster has more inter-cluster transfers at once than its "
                 "degree"
               : "more inter-cluster transfers at once than the matching "
                 "bound";
  }
  return nullptr;
}

// Nodes, the transfers sorted by (start, from) with send indices in that
// order, and the answer.
void WriteClusterEvaluation(const ClusterLayout& l,
                            const hetcast_transfer* schedule,
                            size_t transfer_count, const ClusterEvalScratch& s,
                            hetcast_node* nodes, hetcast_transfer* transfers,
                            hetcast_answer* answer) {
  for (size_t i = 0; i < transfer_count; ++i) {
    s.by_start[i] = schedule[i];
    s.by_start[i].arrival = s.arrival[schedule[i].to];
  }
  SortClusterTransfers(s.by_start, transfer_count);
  uint64_t completion = 0;
  size_t participants = 0;
  for (uint32_t v = 0; v < l.n; ++v) {
    const uint32_t c = ClusterOf(s.base, l.k, v);
    const bool member = IsClusterMember(l, s.base, c, v);
    nodes[v] = hetcast_node{s.arrival[v], s.parent[v], c, 0,
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
  ClusterLowerBound(l, s.order, s.sorted, s.reduced, &answer->lower_bound,
                    &answer->lower_bound_kind);
  answer->exact = answer->lower_bound == completion;
  answer->node_count = l.n;
  answer->participant_count = participants;
  answer->transfer_count = transfer_count;
}

}  // namespace

bool ClusterEvaluationBytes(const ClusterLayout& l, size_t transfer_count,
                            size_t* bytes) {
  Arena measure;
  ClusterEvalScratch s;
  CarveClusterEval(l, transfer_count, &measure, &s);
  *bytes = measure.used();
  return !measure.failed();
}

hetcast_status EvaluateClusterSchedule(
    const ClusterLayout& l, const hetcast_transfer* schedule,
    size_t transfer_count, Arena* arena, hetcast_node* nodes,
    hetcast_transfer* transfers, hetcast_answer* answer, const char** why) {
  ClusterEvalScratch s;
  if (!CarveClusterEval(l, transfer_count, arena, &s)) {
    return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                  "workspace smaller than "
                  "hetcast_cluster_evaluate_workspace_size says",
                  why);
  }
  FillClusterBases(l, s.base);
  const hetcast_status status =
      RecordClusterTransfers(l, schedule, transfer_count, &s, why);
  if (status != HETCAST_OK) return status;
  const char* broken = BrokenClusterRule(l, schedule, transfer_count, s);
  if (broken != nullptr) return Reject(HETCAST_INVALID_SCHEDULE, broken, why);
  WriteClusterEvaluation(l, schedule, transfer_count, s, nodes, transfers,
                         answer);
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
