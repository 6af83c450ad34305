// evaluator.cc: the exact evaluator of the graph model (pipelined
// multicast, Beaumont, Legrand, Marchal & Robert 2004 §2).
//
// A periodic schedule is judged by integers only: a slot's busy time is
// compared with amount * cost as 128-bit products, loads are sums of
// durations inside [0, period), and the throughput is the reduced fraction
// messages / period. The one-port rule of §2 ("at any given time-step,
// there are at most two communications involving a given processor, one in
// emission and the other in reception") is checked per node on the sorted
// slots, which is the same as asking every instant's slots to be a
// matching of senders to receivers.
//
// Notes A8.3 ("throughput" and "time" are mixed in the paper): the
// objective is §2's "maximize the throughput, i.e. the average number of
// multicasts initiated per time-unit", so the evaluator reports both the
// throughput K / T and its inverse, the period per message T / K, each a
// reduced fraction, and never calls one by the other's name.
//
// Notes A8.13: §2 says "Start-up costs are included in the values of the
// link capacities c_{j,k}", yet the paper's programs send fractions of a
// message at the same cost per unit. The evaluator follows the paper (a
// part of 1/D of a message costs cost / D), which is a modelling limit: a
// real link pays its start-up once per transfer, so cutting messages into
// many parts is cheaper here than on the wire.
//
// Causality is checked per period, not per message: a node may forward in
// period p only parts of a route it received by the end of period p - 1
// (§2: schedules need "initialisation and clean-up phases"), so what the
// evaluator demands is that each route is a tree hanging from the source,
// that every route edge carries exactly the route's parts each period, and
// that no node sends more of a route than it receives. The route depth
// bounds the warm-up.
#include "runtime/arena.h"
#include "runtime/graph/graph.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// The full 128-bit product of two 64-bit values, from 32-bit halves (32-bit
// targets such as the Cortex-M have no __int128).
struct GraphWide {
  uint64_t high;
  uint64_t low;
};

GraphWide GraphMulWide(uint64_t a, uint64_t b) {
  const uint64_t a_low = a & 0xffffffffu, a_high = a >> 32;
  const uint64_t b_low = b & 0xffffffffu, b_high = b >> 32;
  const uint64_t low_low = a_low * b_low;
  const uint64_t low_high = a_low * b_high;
  const uint64_t high_low = a_high * b_low;
  const uint64_t middle =
      (low_low >> 32) + (low_high & 0xffffffffu) + (high_low & 0xffffffffu);
  return {
      a_high * b_high + (low_high >> 32) + (high_low >> 32) + (middle >> 32),
      (low_low & 0xffffffffu) | (middle << 32)};
}

constexpr uint32_t kGraphNoEntry = UINT32_MAX;
constexpr uint32_t kGraphDepthVisiting = UINT32_MAX;

struct GraphEvalScratch {
  GraphIndex index;
  uint8_t* target_mark;    // node_count: 0, 1 = target, 2 = target covered
  uint32_t* route_order;   // route edges sorted by (route, to, position)
  uint32_t* sort_scratch;  // max(route edges, slots)
  uint32_t* depth;         // per route edge: edges from the source, or 0
  uint32_t* chain;         // route edges being resolved
  uint64_t* carried;       // per route edge: parts per period in its slots,
  uint32_t* carried_high;  // mod 2^64, and how many times 2^64 (< slots)
  uint32_t* slot_entry;    // per slot: its route edge
  uint32_t* slot_order;    // slots sorted by sender (receiver), start
  uint64_t* send_busy;     // node_count
  uint64_t* receive_busy;  // node_count
};

bool GraphCarveEval(const hetcast_graph_request& request,
                    const hetcast_graph_schedule& schedule, Arena* arena,
                    GraphEvalScratch* s) {
  const size_t n = request.node_count;
  const size_t routes = schedule.route_edge_count;
  const size_t slots = schedule.slot_count;
  GraphCarveIndex(request, arena, &s->index);
  s->target_mark = arena->Allocate<uint8_t>(n);
  s->route_order = arena->Allocate<uint32_t>(routes + 1);
  s->sort_scratch =
      arena->Allocate<uint32_t>((routes > slots ? routes : slots) + 1);
  s->depth = arena->Allocate<uint32_t>(routes + 1);
  s->chain = arena->Allocate<uint32_t>(routes + 1);
  s->carried = arena->Allocate<uint64_t>(routes + 1);
  s->carried_high = arena->Allocate<uint32_t>(routes + 1);
  s->slot_entry = arena->Allocate<uint32_t>(slots + 1);
  s->slot_order = arena->Allocate<uint32_t>(slots + 1);
  s->send_busy = arena->Allocate<uint64_t>(n);
  s->receive_busy = arena->Allocate<uint64_t>(n);
  return !arena->failed();
}

// Everything the checks need, and where a violation is recorded.
class GraphEvaluator {
 public:
  GraphEvaluator(const hetcast_graph_request& request,
                 const hetcast_graph_schedule& schedule,
                 const GraphEvalScratch& scratch,
                 hetcast_graph_evaluation* result)
      : r_(request), s_(schedule), x_(scratch), out_(result) {}

  // Runs the checks in the order of hetcast_graph_violation; false at the
  // first violation (recorded in *out_).
  bool Run() {
    return CheckPeriod() && CheckRoutes() && CheckRouteEdges() &&
           CheckParents() && CheckAttached() && CheckSlotRoutes() &&
           CheckSlotTimes() && CheckSlotDurations() && CheckOnePort() &&
           CheckAmounts() && CheckTargets();
  }

 private:
  bool Fail(hetcast_graph_violation violation, size_t item, uint32_t node) {
    out_->violation = violation;
    out_->item = item;
    out_->node = node;
    return false;
  }

  bool CheckPeriod() {
    if (s_.period == 0 || s_.messages == 0 || s_.parts == 0 ||
        __builtin_mul_overflow(s_.messages, s_.parts, &total_parts_)) {
      return Fail(HETCAST_GRAPH_BAD_PERIOD, SIZE_MAX, HETCAST_NO_NODE);
    }
    return true;
  }

  bool CheckRoutes() {
    for (size_t i = 0; i < s_.route_count; ++i) {
      const hetcast_graph_route& route = s_.routes[i];
      uint64_t end;
      if (route.part_count == 0 ||
          __builtin_add_overflow(route.first_part, route.part_count, &end) ||
          end > total_parts_) {
        return Fail(HETCAST_GRAPH_BAD_ROUTE, i, HETCAST_NO_NODE);
      }
    }
    return true;
  }

  bool CheckRouteEdges() {
    for (size_t i = 0; i < s_.route_edge_count; ++i) {
      const hetcast_graph_route_edge& e = s_.route_edges[i];
      if (e.route >= s_.route_count ||
          GraphFindEdge(r_, x_.index, e.from, e.to) == UINT32_MAX) {
        return Fail(HETCAST_GRAPH_ROUTE_EDGE_UNKNOWN, i, e.from);
      }
    }
    return true;
  }

  // (route, to) identifies a route edge once each node has one parent.
  bool EntryLess(uint32_t a, uint32_t b) const {
    const hetcast_graph_route_edge& x = s_.route_edges[a];
    const hetcast_graph_route_edge& y = s_.route_edges[b];
    if (x.route != y.route) return x.route < y.route;
    return x.to < y.to;
  }

  // The route edge of `route` into `to`, or kGraphNoEntry.
  uint32_t FindEntry(uint32_t route, uint32_t to) const {
    size_t lo = 0;
    size_t hi = s_.route_edge_count;
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      const hetcast_graph_route_edge& e = s_.route_edges[x_.route_order[mid]];
      if (e.route == route && e.to == to) return x_.route_order[mid];
      if (e.route < route || (e.route == route && e.to < to)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return kGraphNoEntry;
  }

  bool CheckParents() {
    const size_t count = s_.route_edge_count;
    for (size_t i = 0; i < count; ++i) {
      if (s_.route_edges[i].to == r_.source) {
        return Fail(HETCAST_GRAPH_ROUTE_TWO_PARENTS, i, r_.source);
      }
      x_.route_order[i] = static_cast<uint32_t>(i);
    }
    GraphMergeSort(x_.route_order, x_.sort_scratch, count,
                   [this](uint32_t a, uint32_t b) { return EntryLess(a, b); });
    for (size_t i = 1; i < count; ++i) {
      if (!EntryLess(x_.route_order[i - 1], x_.route_order[i])) {
        // Stable: the later of the two in the caller's array.
        const uint32_t second = x_.route_order[i];
        return Fail(HETCAST_GRAPH_ROUTE_TWO_PARENTS, second,
                    s_.route_edges[second].to);
      }
    }
    return true;
  }

  // Depth of every route edge, following parents up to the source.
  bool CheckAttached() {
    const size_t count = s_.route_edge_count;
    for (size_t i = 0; i < count; ++i) x_.depth[i] = 0;
    uint64_t deepest = 0;
    for (size_t i = 0; i < count; ++i) {
      size_t chain = 0;
      uint32_t at = static_cast<uint32_t>(i);
      uint32_t base = 0;
      while (x_.depth[at] == 0) {
        x_.depth[at] = kGraphDepthVisiting;
        x_.chain[chain++] = at;
        const hetcast_graph_route_edge& e = s_.route_edges[at];
        if (e.from == r_.source) break;
        const uint32_t parent = FindEntry(e.route, e.from);
        if (parent == kGraphNoEntry ||
            x_.depth[parent] == kGraphDepthVisiting) {
          return Fail(HETCAST_GRAPH_ROUTE_DETACHED, i, s_.route_edges[i].from);
        }
        at = parent;
      }
      if (x_.depth[at] != kGraphDepthVisiting) base = x_.depth[at];
      while (chain > 0) x_.depth[x_.chain[--chain]] = ++base;
      if (x_.depth[i] > deepest) deepest = x_.depth[i];
    }
    out_->warmup_periods = deepest;
    return true;
  }

  bool CheckSlotRoutes() {
    for (size_t i = 0; i < s_.slot_count; ++i) {
      const hetcast_graph_slot& slot = s_.slots[i];
      const uint32_t entry = slot.stream < s_.route_count
                                 ? FindEntry(slot.stream, slot.to)
                                 : kGraphNoEntry;
      if (entry == kGraphNoEntry || s_.route_edges[entry].from != slot.from) {
        return Fail(HETCAST_GRAPH_SLOT_NOT_IN_ROUTE, i, slot.from);
      }
      x_.slot_entry[i] = entry;
    }
    return true;
  }

  bool CheckSlotTimes() {
    for (size_t i = 0; i < s_.slot_count; ++i) {
      uint64_t end;
      if (__builtin_add_overflow(s_.slots[i].start, s_.slots[i].duration,
                                 &end) ||
          end > s_.period) {
        return Fail(HETCAST_GRAPH_SLOT_OUTSIDE_PERIOD, i, s_.slots[i].from);
      }
    }
    return true;
  }

  // Busy time = amount * cost, in ticks of parts: duration * D must equal
  // amount * cost exactly (full 128-bit products, portable to 32-bit
  // targets that have no __int128).
  bool CheckSlotDurations() {
    for (size_t i = 0; i < s_.slot_count; ++i) {
      const hetcast_graph_slot& slot = s_.slots[i];
      const uint32_t edge = GraphFindEdge(r_, x_.index, slot.from, slot.to);
      const GraphWide busy = GraphMulWide(slot.duration, s_.parts);
      const GraphWide needed = GraphMulWide(slot.amount, r_.edges[edge].cost);
      if (slot.amount == 0 || busy.high != needed.high ||
          busy.low != needed.low) {
        return Fail(HETCAST_GRAPH_SLOT_DURATION, i, slot.from);
      }
    }
    return true;
  }

  // One port per direction: consecutive slots of a node (by start) must not
  // overlap. `receiving` selects the receiver's side.
  bool CheckPort(bool receiving) {
    const size_t count = s_.slot_count;
    const hetcast_graph_slot* slots = s_.slots;
    for (size_t i = 0; i < count; ++i) {
      x_.slot_order[i] = static_cast<uint32_t>(i);
    }
    GraphMergeSort(
        x_.slot_order, x_.sort_scratch, count,
        [slots, receiving](uint32_t a, uint32_t b) {
          const uint32_t na = receiving ? slots[a].to : slots[a].from;
          const uint32_t nb = receiving ? slots[b].to : slots[b].from;
          if (na != nb) return na < nb;
          return slots[a].start < slots[b].start;
        });
    uint64_t* busy = receiving ? x_.receive_busy : x_.send_busy;
    for (size_t v = 0; v < r_.node_count; ++v) busy[v] = 0;
    for (size_t i = 0; i < count; ++i) {
      const hetcast_graph_slot& slot = slots[x_.slot_order[i]];
      const uint32_t node = receiving ? slot.to : slot.from;
      if (i > 0) {
        const hetcast_graph_slot& before = slots[x_.slot_order[i - 1]];
        const uint32_t node_before = receiving ? before.to : before.from;
        if (node_before == node &&
            before.start + before.duration > slot.start) {
          return Fail(receiving ? HETCAST_GRAPH_RECEIVE_OVERLAP
                                : HETCAST_GRAPH_SEND_OVERLAP,
                      x_.slot_order[i], node);
        }
      }
      // Disjoint slots inside [0, period): the sum stays <= period.
      busy[node] += slot.duration;
      if (busy[node] > out_->busy_period) out_->busy_period = busy[node];
    }
    return true;
  }

  bool CheckOnePort() { return CheckPort(false) && CheckPort(true); }

  // Route edge a carries more than b, exactly (sums may pass 64 bits).
  bool CarriesMore(size_t a, size_t b) const {
    if (x_.carried_high[a] != x_.carried_high[b]) {
      return x_.carried_high[a] > x_.carried_high[b];
    }
    return x_.carried[a] > x_.carried[b];
  }

  bool CheckAmounts() {
    const size_t count = s_.route_edge_count;
    for (size_t i = 0; i < count; ++i) x_.carried[i] = x_.carried_high[i] = 0;
    for (size_t i = 0; i < s_.slot_count; ++i) {
      const uint32_t entry = x_.slot_entry[i];
      if (__builtin_add_overflow(x_.carried[entry], s_.slots[i].amount,
                                 &x_.carried[entry])) {
        ++x_.carried_high[entry];  // At most one per slot: no wrap.
      }
    }
    for (size_t i = 0; i < count; ++i) {
      const hetcast_graph_route_edge& e = s_.route_edges[i];
      if (e.from == r_.source) continue;
      if (CarriesMore(i, FindEntry(e.route, e.from))) {
        return Fail(HETCAST_GRAPH_FORWARDS_UNRECEIVED, i, e.from);
      }
    }
    for (size_t i = 0; i < count; ++i) {
      const hetcast_graph_route_edge& e = s_.route_edges[i];
      if (x_.carried_high[i] != 0 ||
          x_.carried[i] != s_.routes[e.route].part_count) {
        return Fail(HETCAST_GRAPH_EDGE_AMOUNT, i, e.from);
      }
    }
    return true;
  }

  // Every target gets parts [0, K * D) of each period: the part ranges of
  // the routes that reach it, swept in order of their first part, leave no
  // gap.
  bool CheckTargets() {
    size_t listed = 0;
    for (size_t i = 0; i < s_.route_edge_count; ++i) {
      if (x_.target_mark[s_.route_edges[i].to] != 0) {
        x_.route_order[listed++] = static_cast<uint32_t>(i);
      }
    }
    const hetcast_graph_route_edge* edges = s_.route_edges;
    const hetcast_graph_route* routes = s_.routes;
    GraphMergeSort(x_.route_order, x_.sort_scratch, listed,
                   [edges, routes](uint32_t a, uint32_t b) {
                     if (edges[a].to != edges[b].to) {
                       return edges[a].to < edges[b].to;
                     }
                     return routes[edges[a].route].first_part <
                            routes[edges[b].route].first_part;
                   });
    size_t i = 0;
    while (i < listed) {
      const uint32_t target = edges[x_.route_order[i]].to;
      uint64_t covered = 0;
      bool gap = false;
      for (; i < listed && edges[x_.route_order[i]].to == target; ++i) {
        const hetcast_graph_route& route =
            routes[edges[x_.route_order[i]].route];
        if (route.first_part > covered) gap = true;
        const uint64_t end = route.first_part + route.part_count;
        if (end > covered) covered = end;
      }
      if (!gap && covered == total_parts_) x_.target_mark[target] = 2;
    }
    for (size_t t = 0; t < r_.target_count; ++t) {
      if (x_.target_mark[r_.targets[t]] != 2) {
        return Fail(HETCAST_GRAPH_TARGET_MISSING_PARTS, t, r_.targets[t]);
      }
    }
    return true;
  }

  const hetcast_graph_request& r_;
  const hetcast_graph_schedule& s_;
  const GraphEvalScratch& x_;
  hetcast_graph_evaluation* out_;
  uint64_t total_parts_ = 0;
};

hetcast_status GraphCheckSchedule(const hetcast_graph_schedule* schedule,
                                  const char** why) {
  if (schedule == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "schedule is NULL", why);
  }
  const hetcast_graph_schedule& s = *schedule;
  if ((s.route_count != 0 && s.routes == nullptr) ||
      (s.route_edge_count != 0 && s.route_edges == nullptr) ||
      (s.slot_count != 0 && s.slots == nullptr)) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "schedule: routes, route_edges or slots is NULL with a "
                  "nonzero count",
                  why);
  }
  // Route, route-edge and slot positions are kept as uint32_t.
  if (s.route_count >= UINT32_MAX || s.route_edge_count >= UINT32_MAX ||
      s.slot_count >= UINT32_MAX) {
    return Reject(HETCAST_TOO_LARGE,
                  "schedule: 2^32 - 1 or more routes, route edges or slots",
                  why);
  }
  return HETCAST_OK;
}

// The request's and the schedule's checks that need no memory.
hetcast_status GraphCheckRequestAndSchedule(
    const hetcast_graph_request* request,
    const hetcast_graph_schedule* schedule, const char** why) {
  GraphRejection rejection = {};
  const hetcast_status status = GraphCheckShape(request, &rejection);
  if (status != HETCAST_OK) return Reject(status, rejection.reason, why);
  return GraphCheckSchedule(schedule, why);
}

// The sentence of hetcast_graph_evaluate's `*why` for `violation`.
const char* GraphViolationWhy(hetcast_graph_violation violation) {
  switch (violation) {
    case HETCAST_GRAPH_BAD_PERIOD:
      return "period, messages or parts is 0, or messages * parts overflows";
    case HETCAST_GRAPH_BAD_ROUTE:
      return "a route carries no part, or parts beyond messages * parts";
    case HETCAST_GRAPH_ROUTE_EDGE_UNKNOWN:
      return "a route edge names an unknown route or an edge not in the "
             "platform";
    case HETCAST_GRAPH_ROUTE_TWO_PARENTS:
      return "a node gets one route over two edges, or the source gets a "
             "route";
    case HETCAST_GRAPH_ROUTE_DETACHED:
      return "a route edge leaves a node the route does not reach from the "
             "source";
    case HETCAST_GRAPH_SLOT_NOT_IN_ROUTE:
      return "a slot is not on an edge of its stream's route";
    case HETCAST_GRAPH_SLOT_OUTSIDE_PERIOD:
      return "a slot ends after the period";
    case HETCAST_GRAPH_SLOT_DURATION:
      return "a slot's duration is not its amount times the edge's cost";
    case HETCAST_GRAPH_SEND_OVERLAP:
      return "two slots of one sender overlap (one-port)";
    case HETCAST_GRAPH_RECEIVE_OVERLAP:
      return "two slots of one receiver overlap (one-port)";
    case HETCAST_GRAPH_FORWARDS_UNRECEIVED:
      return "a node forwards more of a route than it receives";
    case HETCAST_GRAPH_EDGE_AMOUNT:
      return "a route edge does not carry exactly the route's parts";
    case HETCAST_GRAPH_VALID:  // GraphEvaluator::Run fails with a violation.
    case HETCAST_GRAPH_TARGET_MISSING_PARTS:
      break;
  }
  return "a target does not get every part of a period";
}

}  // namespace

hetcast_status GraphEvaluateWorkspaceSize(
    const hetcast_graph_request* request,
    const hetcast_graph_schedule* schedule, size_t* bytes, const char** why) {
  if (bytes == nullptr)
    return Reject(HETCAST_INVALID_ARGUMENT, "bytes is NULL", why);
  const hetcast_status status =
      GraphCheckRequestAndSchedule(request, schedule, why);
  if (status != HETCAST_OK) return status;
  Arena measure;
  GraphEvalScratch scratch;
  GraphCarveEval(*request, *schedule, &measure, &scratch);
  *bytes = measure.used();
  return HETCAST_OK;
}

hetcast_status GraphEvaluate(const hetcast_graph_request* request,
                             const hetcast_graph_schedule* schedule,
                             void* workspace, size_t workspace_size,
                             hetcast_graph_evaluation* evaluation,
                             const char** why) {
  if (evaluation == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "evaluation is NULL", why);
  }
  memset(evaluation, 0, sizeof(*evaluation));
  evaluation->violation = HETCAST_GRAPH_VALID;
  evaluation->item = SIZE_MAX;
  evaluation->node = HETCAST_NO_NODE;
  hetcast_status status = GraphCheckRequestAndSchedule(request, schedule, why);
  if (status != HETCAST_OK) return status;
  Arena arena(workspace, workspace_size);
  GraphEvalScratch scratch;
  if (!GraphCarveEval(*request, *schedule, &arena, &scratch)) {
    return Reject(HETCAST_WORKSPACE_TOO_SMALL,
                  "workspace smaller than "
                  "hetcast_graph_evaluate_workspace_size says",
                  why);
  }
  GraphRejection rejection = {};
  status = GraphBuildIndex(*request, &scratch.index, &rejection);
  if (status != HETCAST_OK) return Reject(status, rejection.reason, why);
  status = GraphMarkTargets(*request, scratch.target_mark);
  if (status != HETCAST_OK) {
    return Reject(status, "graph request: a target is given twice", why);
  }
  GraphEvaluator evaluator(*request, *schedule, scratch, evaluation);
  if (!evaluator.Run()) {
    evaluation->throughput_numerator = 0;
    evaluation->throughput_denominator = 0;
    evaluation->busy_period = 0;
    evaluation->warmup_periods = 0;
    return Reject(HETCAST_INVALID_SCHEDULE,
                  GraphViolationWhy(evaluation->violation), why);
  }
  const uint64_t g = GraphGcd(schedule->messages, schedule->period);
  evaluation->throughput_numerator = schedule->messages / g;
  evaluation->throughput_denominator = schedule->period / g;
  evaluation->period_numerator = schedule->period / g;
  evaluation->period_denominator = schedule->messages / g;
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast
