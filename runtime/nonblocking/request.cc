// request.cc: the non-blocking request (Wu, Yeh & Liu §2-3): its shape and
// validation, the scratch carved from the caller's workspace, and the state
// every heuristic of §4 starts from.
#include "runtime/nonblocking/request.h"

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {
namespace {

// The work measure of HETCAST_NONBLOCKING_MAX_WORK (hetcast.h); UINT64_MAX when
// it does not fit.
uint64_t NonblockingWork(uint64_t total, uint64_t k, uint64_t n) {
  const uint64_t per_node = (k + n - 1) / n;  // ceil(k / n), n >= 2
  uint64_t work;
  if (__builtin_mul_overflow(total, total + k + n, &work) ||
      __builtin_mul_overflow(work, per_node, &work)) {
    return UINT64_MAX;
  }
  return work;
}

// Sets `*rejection` (when given) and returns `status`: the one place a
// check of the request says what failed.
hetcast_status NonblockingReject(hetcast_status status,
                                 hetcast_nonblocking_field field, size_t index,
                                 size_t item, const char* reason,
                                 NonblockingRejection* rejection) {
  if (rejection != nullptr) {
    rejection->where.field = static_cast<uint32_t>(field);
    rejection->where.index = index;
    rejection->where.item = item;
    rejection->reason = reason;
  }
  return status;
}

// Every overhead and link time at most HETCAST_MAX_COST.
hetcast_status NonblockingCosts(const hetcast_nonblocking_request& r,
                                NonblockingRejection* rejection) {
  const size_t n = r.node_count;
  for (size_t v = 0; v < n; ++v) {
    if (r.send_fixed[v] > HETCAST_MAX_COST ||
        r.send_per_byte[v] > HETCAST_MAX_COST ||
        r.recv_fixed[v] > HETCAST_MAX_COST ||
        r.recv_per_byte[v] > HETCAST_MAX_COST) {
      return NonblockingReject(
          HETCAST_INVALID_ARGUMENT, HETCAST_NONBLOCKING_FIELD_NODE, v, 0,
          "an overhead exceeds HETCAST_MAX_COST (2^40 ticks)", rejection);
    }
  }
  for (size_t c = 0; c < n * n; ++c) {
    if (r.link_per_byte[c] > HETCAST_MAX_COST) {
      return NonblockingReject(
          HETCAST_INVALID_ARGUMENT, HETCAST_NONBLOCKING_FIELD_LINK, c, 0,
          "a link time exceeds HETCAST_MAX_COST (2^40 ticks per "
          "byte)",
          rejection);
    }
  }
  return HETCAST_OK;
}

// Each message's source, length and destination count.
hetcast_status NonblockingMessages(const hetcast_nonblocking_request& r,
                                   NonblockingProblem* nb,
                                   NonblockingRejection* rejection) {
  nb->total = 0;
  for (size_t m = 0; m < r.message_count; ++m) {
    const hetcast_nonblocking_message& msg = r.messages[m];
    if (msg.source >= nb->n) {
      return NonblockingReject(HETCAST_INVALID_ARGUMENT,
                               HETCAST_NONBLOCKING_FIELD_SOURCE, m, 0,
                               "the source is not a node", rejection);
    }
    if (msg.length == 0) {
      return NonblockingReject(HETCAST_INVALID_ARGUMENT,
                               HETCAST_NONBLOCKING_FIELD_LENGTH, m, 0,
                               "a message has at least one byte", rejection);
    }
    if ((msg.destinations == nullptr && msg.destination_count != 0) ||
        msg.destination_count >= nb->n) {
      return NonblockingReject(
          HETCAST_INVALID_ARGUMENT, HETCAST_NONBLOCKING_FIELD_DESTINATIONS, m,
          0, "destinations NULL, or more than the other nodes", rejection);
    }
    nb->total += msg.destination_count;
  }
  return HETCAST_OK;
}

// What is wrong with destination v of message `msg`, or NULL.
const char* NonblockingDestinationFault(const NonblockingProblem& nb,
                                        uint32_t m,
                                        const hetcast_nonblocking_message& msg,
                                        uint32_t v) {
  if (v >= nb.n) return "the node does not exist";
  if (v == msg.source) return "the node is the message's source";
  if (nb.Dest(m, v)) return "the node is listed twice";
  return nullptr;
}

// Fills the membership table; rejects a destination equal to its source, out
// of range or listed twice.
hetcast_status NonblockingMembers(NonblockingProblem* nb,
                                  NonblockingRejection* rejection) {
  const size_t cells = static_cast<size_t>(nb->k) * nb->n;
  for (size_t c = 0; c < cells; ++c) nb->member[c] = kNonblockingNone;
  for (uint32_t m = 0; m < nb->k; ++m) {
    const hetcast_nonblocking_message& msg = nb->r->messages[m];
    for (size_t d = 0; d < msg.destination_count; ++d) {
      const uint32_t v = msg.destinations[d];
      const char* fault = NonblockingDestinationFault(*nb, m, msg, v);
      if (fault != nullptr) {
        return NonblockingReject(HETCAST_INVALID_ARGUMENT,
                                 HETCAST_NONBLOCKING_FIELD_DESTINATION, m, d,
                                 fault, rejection);
      }
      nb->member[static_cast<size_t>(m) * nb->n + v] = static_cast<uint32_t>(d);
    }
  }
  return HETCAST_OK;
}

}  // namespace

hetcast_status NonblockingShape(const hetcast_nonblocking_request* r,
                                NonblockingProblem* nb,
                                NonblockingRejection* rejection) {
  if (r == nullptr) {
    return NonblockingReject(HETCAST_INVALID_ARGUMENT,
                             HETCAST_NONBLOCKING_FIELD_NONE, 0, 0,
                             "request is NULL", rejection);
  }
  if (r->node_count < 2) {
    return NonblockingReject(HETCAST_INVALID_ARGUMENT,
                             HETCAST_NONBLOCKING_FIELD_NODE_COUNT, 0, 0,
                             "give at least two nodes", rejection);
  }
  if (r->message_count == 0) {
    return NonblockingReject(HETCAST_INVALID_ARGUMENT,
                             HETCAST_NONBLOCKING_FIELD_MESSAGES, 0, 0,
                             "give at least one message", rejection);
  }
  if (r->send_fixed == nullptr || r->send_per_byte == nullptr ||
      r->recv_fixed == nullptr || r->recv_per_byte == nullptr ||
      r->link_per_byte == nullptr || r->messages == nullptr) {
    return NonblockingReject(HETCAST_INVALID_ARGUMENT,
                             HETCAST_NONBLOCKING_FIELD_NONE, 0, 0,
                             "an array is NULL", rejection);
  }
  // The limits of hetcast.h, checked before anything is sized or run.
  if (r->node_count > HETCAST_NONBLOCKING_MAX_NODES) {
    return NonblockingReject(
        HETCAST_TOO_LARGE, HETCAST_NONBLOCKING_FIELD_NODE_COUNT, 0, 0,
        "more than HETCAST_NONBLOCKING_MAX_NODES (16,384) nodes: the link "
        "matrix would pass 2^28 entries",
        rejection);
  }
  if (r->message_count > HETCAST_NONBLOCKING_MAX_CELLS / r->node_count) {
    return NonblockingReject(
        HETCAST_TOO_LARGE, HETCAST_NONBLOCKING_FIELD_MESSAGES, 0, 0,
        "messages times nodes exceeds HETCAST_NONBLOCKING_MAX_CELLS (2^24)",
        rejection);
  }
  nb->r = r;
  nb->n = static_cast<uint32_t>(r->node_count);
  nb->k = static_cast<uint32_t>(r->message_count);
  hetcast_status status = NonblockingMessages(*r, nb, rejection);
  if (status != HETCAST_OK) return status;
  if (NonblockingWork(nb->total, nb->k, nb->n) > HETCAST_NONBLOCKING_MAX_WORK) {
    return NonblockingReject(
        HETCAST_TOO_LARGE, HETCAST_NONBLOCKING_FIELD_MESSAGES, 0, 0,
        "the destinations exceed HETCAST_NONBLOCKING_MAX_WORK (hetcast.h)",
        rejection);
  }
  return HETCAST_OK;
}

hetcast_status NonblockingChecked(const hetcast_nonblocking_request* r,
                                  NonblockingProblem* nb,
                                  NonblockingRejection* rejection) {
  hetcast_status status = NonblockingShape(r, nb, rejection);
  return status == HETCAST_OK ? NonblockingCosts(*r, rejection) : status;
}

bool NonblockingCarve(const NonblockingProblem& nb, Arena* a,
                      NonblockingScratch* s) {
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  s->member = a->Allocate<uint32_t>(cells);
  s->informed = a->Allocate<uint8_t>(cells);
  s->avail = a->Allocate<uint64_t>(nb.n);
  s->work = a->Allocate<uint64_t>(nb.n);
  s->vwork = a->Allocate<uint64_t>(cells);
  s->remaining = a->Allocate<uint32_t>(nb.n);
  s->decisions = a->Allocate<NonblockingDecision>(nb.total + 1);
  s->dist = a->Allocate<uint64_t>(nb.n);
  s->done = a->Allocate<uint8_t>(nb.n);
  s->release = a->Allocate<uint64_t>(2 * static_cast<size_t>(nb.k));
  s->cursor = a->Allocate<uint32_t>(nb.n + 1);
  s->send_task = a->Allocate<uint32_t>(cells);
  s->recv_task = a->Allocate<uint32_t>(cells);
  s->executed = a->Allocate<uint8_t>(2 * nb.total + 1);
  // Each node once at the start, then once per receive it is woken for.
  s->stack = a->Allocate<uint32_t>(nb.n + nb.total + 1);
  s->pool = a->Allocate<hetcast_nonblocking_task>(2 * nb.total + 1);
  s->next = a->Allocate<uint32_t>(2 * nb.total + 1);
  s->head = a->Allocate<uint32_t>(nb.n);
  s->tail = a->Allocate<uint32_t>(nb.n);
  s->last_send = a->Allocate<uint32_t>(nb.n);
  s->rows = a->Allocate<NonblockingRow>(static_cast<size_t>(nb.k) + nb.total);
  return !a->failed();
}

hetcast_status NonblockingPrepare(const hetcast_nonblocking_request* r,
                                  void* workspace, size_t size,
                                  NonblockingProblem* nb, NonblockingScratch* s,
                                  NonblockingRejection* rejection) {
  hetcast_status status = NonblockingChecked(r, nb, rejection);
  if (status != HETCAST_OK) return status;
  Arena arena(workspace, size);
  if (!NonblockingCarve(*nb, &arena, s)) {
    return NonblockingReject(
        HETCAST_WORKSPACE_TOO_SMALL, HETCAST_NONBLOCKING_FIELD_NONE, 0, 0,
        "workspace smaller than hetcast_nonblocking_plan_sizes says",
        rejection);
  }
  nb->member = s->member;
  return NonblockingMembers(nb, rejection);
}

void NonblockingResetState(const NonblockingProblem& nb,
                           const NonblockingScratch& s) {
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
    const hetcast_nonblocking_message& msg = nb.r->messages[m];
    s.informed[static_cast<size_t>(m) * nb.n + msg.source] = 1;
    for (size_t d = 0; d < msg.destination_count; ++d) {
      ++s.remaining[msg.destinations[d]];
    }
  }
}

}  // namespace internal
}  // namespace hetcast
