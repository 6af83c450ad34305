// request.cc: the multi-source request (Wu, Yeh & Liu §2-3): its shape and
// validation, the scratch carved from the caller's workspace, and the state
// every heuristic of §4 starts from.
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/internal.h"

namespace hetcast {
namespace internal {
namespace {

// The work measure of HETCAST_NB_MAX_WORK (hetcast.h); UINT64_MAX when it
// does not fit.
uint64_t NbWork(uint64_t total, uint64_t k, uint64_t n) {
  const uint64_t per_node = (k + n - 1) / n;  // ceil(k / n), n >= 2
  uint64_t work;
  if (__builtin_mul_overflow(total, total + k + n, &work) ||
      __builtin_mul_overflow(work, per_node, &work)) {
    return UINT64_MAX;
  }
  return work;
}

// Fills the membership table; rejects a destination equal to its source, out
// of range or listed twice.
hetcast_status NbMembers(Nb* nb) {
  const size_t cells = static_cast<size_t>(nb->k) * nb->n;
  for (size_t c = 0; c < cells; ++c) nb->member[c] = kNbNone;
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

}  // namespace

hetcast_status NbShape(const hetcast_nb_request* r, Nb* nb) {
  if (r == nullptr || r->node_count < 2 || r->send_fixed == nullptr ||
      r->send_per_byte == nullptr || r->recv_fixed == nullptr ||
      r->recv_per_byte == nullptr || r->link_per_byte == nullptr ||
      r->messages == nullptr || r->message_count == 0) {
    return HETCAST_INVALID_ARGUMENT;
  }
  // The limits of hetcast.h, checked before anything is sized or run.
  if (r->node_count > HETCAST_NB_MAX_NODES ||
      r->message_count > HETCAST_NB_MAX_CELLS / r->node_count) {
    return HETCAST_TOO_LARGE;
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
  if (NbWork(nb->total, nb->k, nb->n) > HETCAST_NB_MAX_WORK) {
    return HETCAST_TOO_LARGE;
  }
  return HETCAST_OK;
}

bool NbCarve(const Nb& nb, Arena* a, NbScratch* s) {
  const size_t cells = static_cast<size_t>(nb.k) * nb.n;
  s->member = a->Allocate<uint32_t>(cells);
  s->informed = a->Allocate<uint8_t>(cells);
  s->avail = a->Allocate<uint64_t>(nb.n);
  s->work = a->Allocate<uint64_t>(nb.n);
  s->vwork = a->Allocate<uint64_t>(cells);
  s->remaining = a->Allocate<uint32_t>(nb.n);
  s->decisions = a->Allocate<NbDecision>(nb.total + 1);
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
  s->rows = a->Allocate<NbRow>(static_cast<size_t>(nb.k) + nb.total);
  return !a->failed();
}

hetcast_status NbPrepare(const hetcast_nb_request* r, void* workspace,
                         size_t size, Nb* nb, NbScratch* s) {
  hetcast_status status = NbShape(r, nb);
  if (status != HETCAST_OK) return status;
  Arena arena(workspace, size);
  if (!NbCarve(*nb, &arena, s)) return HETCAST_WORKSPACE_TOO_SMALL;
  nb->member = s->member;
  return NbMembers(nb);
}

void NbResetState(const Nb& nb, const NbScratch& s) {
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

}  // namespace internal
}  // namespace hetcast
