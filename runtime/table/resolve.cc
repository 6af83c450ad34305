// resolve.cc: request -> start state (with the relay search) -> id layout.
// The state index is hetcast_state_index_, behind hetcast.h's fence.
#define HETCAST_STATIC_LINKING_ONLY 1

#include "runtime/table/resolve.h"

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"
#include "runtime/node/relays.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {
namespace {

hetcast_status CheckTableRequestShape(const ProfileView& v,
                                      const hetcast_node_request* r) {
  if (r == nullptr || r->destination_counts == nullptr ||
      r->type_count != v.type_count || r->source_type >= v.type_count) {
    return HETCAST_INVALID_ARGUMENT;
  }
  if (r->costs != nullptr) {
    for (uint32_t j = 0; j < v.type_count; ++j) {
      if (r->costs[j] != v.cost[j]) return HETCAST_INVALID_ARGUMENT;
    }
  }
  return HETCAST_OK;
}

// PTAS profiles: lowers the bound to the stored bound of `state` (a bound
// on the multicast optimum when `state` is one Theorem 7.1 tries); the
// request's own state sets it. Exact profiles store no bounds.
void NoteTableBound(const ProfileView& v, uint64_t state, Resolved* out) {
  if (!v.IsPtas()) return;
  const uint32_t e = static_cast<uint32_t>(out->source * v.state_count + state);
  if (state == out->state || v.ptas_bound->Get(e) < out->bound) {
    out->bound = v.ptas_bound->Get(e);
    out->bound_kind = v.ptas_bound_kind->Get(e);
  }
}

// Theorem 7.1 (runtime/node/relays.h): looks up the destinations plus the
// m cheapest useful relays for m = 1, 2, ... and keeps the best state (the
// smallest m on ties).
hetcast_status SearchTableRelays(const ProfileView& v,
                                 const hetcast_node_request* r, Resolved* out) {
  const uint32_t k = v.type_count;
  UsefulRelays useful;
  FindUsefulRelays(k, v.cost, r->destination_counts, r->relay_counts, &useful);
  uint32_t taken[HETCAST_TABLE_MAX_TYPES] = {};
  uint64_t state = out->state;
  uint64_t m = 0;
  for (uint32_t i = 0; i < useful.type_count && m < useful.max_relays; ++i) {
    const uint32_t j = useful.types[i];
    const uint64_t available = r->relay_counts[j];
    for (uint64_t u = 0; u < available && m < useful.max_relays; ++u) {
      if (r->destination_counts[j] + taken[j] + 1 > v.limit[j]) {
        return HETCAST_NOT_IN_TABLE;
      }
      ++taken[j];
      ++m;
      state += v.stride[j];
      const uint64_t t = v.Time(out->source, state);
      NoteTableBound(v, state, out);
      if (t < out->completion) {
        out->completion = t;
        out->state = state;
        out->relay_total = m;
        for (uint32_t l = 0; l < k; ++l) out->relays_used[l] = taken[l];
      }
    }
  }
  return HETCAST_OK;
}

}  // namespace

hetcast_status ResolveTableRequest(const ProfileView& v,
                                   const hetcast_node_request* r,
                                   Resolved* out) {
  hetcast_status status = CheckTableRequestShape(v, r);
  if (status != HETCAST_OK) return status;
  const uint32_t k = v.type_count;
  out->source = r->source_type;
  out->destinations = 0;
  out->relay_total = 0;
  for (uint32_t j = 0; j < k; ++j) {
    out->relays_used[j] = 0;
    // 32 bits once the state index below has checked the limits.
    out->destination_count[j] = static_cast<uint32_t>(r->destination_counts[j]);
    out->destinations += r->destination_counts[j];
  }
  if (hetcast_state_index_(k, r->destination_counts, v.limit, v.stride, 0,
                           &out->state)) {
    return HETCAST_NOT_IN_TABLE;
  }
  out->completion = v.Time(out->source, out->state);
  out->bound = out->completion;
  out->bound_kind = HETCAST_BOUND_EXACT;
  NoteTableBound(v, out->state, out);
  if (r->relay_counts == nullptr || out->destinations == 0) return HETCAST_OK;
  status = SearchTableRelays(v, r, out);
  if (status != HETCAST_OK) return status;
  // Exact profile: Theorem 7.1 makes the best m optimal, so the bound is the
  // completion found (the no-relay time set above is no bound on it).
  if (!v.IsPtas()) out->bound = out->completion;
  return HETCAST_OK;
}

hetcast_status BuildTableLayout(const ProfileView& v,
                                const hetcast_node_request* r,
                                const Resolved& resolved, TableLayout* out) {
  // Destinations are within the limits, so only the relays can make the
  // ids too many.
  hetcast_status status = CanonicalIdBases(
      v.type_count, r->destination_counts, r->relay_counts,
      out->destination_base, out->relay_base, &out->node_count);
  if (status != HETCAST_OK) return status;
  for (uint32_t j = 0; j < v.type_count; ++j) {
    // CanonicalIdBases checked that the ids fit 32 bits.
    out->relay_count[j] =
        r->relay_counts ? static_cast<uint32_t>(r->relay_counts[j]) : 0;
  }
  out->participants =
      static_cast<uint32_t>(1 + resolved.destinations + resolved.relay_total);
  return HETCAST_OK;
}

hetcast_status PrepareTableRequest(const hetcast_profile* profile,
                                   const hetcast_node_request* request,
                                   Resolved* resolved, TableLayout* layout) {
  if (profile == nullptr) return HETCAST_INVALID_ARGUMENT;
  const ProfileView& v = ProfileViewOf(profile);
  hetcast_status status = ResolveTableRequest(v, request, resolved);
  if (status != HETCAST_OK) return status;
  return BuildTableLayout(v, request, *resolved, layout);
}

void WriteSourceAndUnusedRelays(const ProfileView& v, const Resolved& resolved,
                                const TableLayout& layout,
                                hetcast_node* nodes) {
  nodes[0] = hetcast_node{0, HETCAST_NO_NODE, resolved.source, 0, 0};
  for (uint32_t j = 0; j < v.type_count; ++j) {
    for (uint64_t r = resolved.relays_used[j]; r < layout.relay_count[j]; ++r) {
      nodes[layout.relay_base[j] + r] =
          hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, j, 0, 1};
    }
  }
}

}  // namespace internal
}  // namespace hetcast
