// resolve.h: a node-model request read against a table profile.
//
// ResolveTableRequest finds the state a request starts from, including the
// relays Khuller & Kim Theorem 7.1 says to try; BuildTableLayout gives the
// request's canonical id ranges (hetcast.h, "Canonical node ids"). Every
// query of a profile (completion, plan, node role) starts here.
#ifndef HETCAST_RUNTIME_TABLE_RESOLVE_H_
#define HETCAST_RUNTIME_TABLE_RESOLVE_H_

#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// Resolved
//
// A request resolved against a profile: the start state, including the
// relays chosen by the Theorem 7.1 search.
struct Resolved {
  uint32_t source;
  uint64_t state;
  uint64_t completion;
  uint64_t destinations;
  // Per type; 32 bits, since both are within the profile's limits (kept
  // narrow: every query holds a Resolved on the stack).
  uint32_t destination_count[HETCAST_TABLE_MAX_TYPES];
  uint32_t relays_used[HETCAST_TABLE_MAX_TYPES];
  uint64_t relay_total;
  // PTAS profiles: the least stored bound over the instances tried (a bound
  // on the multicast optimum, Khuller & Kim Theorem 7.1), and its kind.
  uint64_t bound;
  uint32_t bound_kind;
};

// TableLayout
//
// Canonical id ranges of a table request (hetcast.h, "Canonical node ids"):
// the source, destinations by type, then every relay by type.
struct TableLayout {
  uint32_t destination_base[HETCAST_TABLE_MAX_TYPES];
  uint32_t relay_base[HETCAST_TABLE_MAX_TYPES];
  uint32_t relay_count[HETCAST_TABLE_MAX_TYPES];  // Offered, used or not.
  uint32_t node_count;
  uint32_t participants;  // Source + destinations + relays used.
};

// Resolves `r` against `v`: HETCAST_INVALID_ARGUMENT for a request of
// another shape, HETCAST_NOT_IN_TABLE when a state tried is outside the
// limits.
hetcast_status ResolveTableRequest(const ProfileView& v,
                                   const hetcast_node_request* r,
                                   Resolved* out);

// Fills `out` for a resolved request: HETCAST_TOO_LARGE when the ids do not
// fit HETCAST_MAX_NODES.
hetcast_status BuildTableLayout(const ProfileView& v,
                                const hetcast_node_request* r,
                                const Resolved& resolved, TableLayout* out);

// Both of the above, for a profile handle (NULL: HETCAST_INVALID_ARGUMENT).
hetcast_status PrepareTableRequest(const hetcast_profile* profile,
                                   const hetcast_node_request* request,
                                   Resolved* resolved, TableLayout* layout);

// The source and the relays the schedule leaves out (the last of their
// type); the reconstructions write every other node exactly once.
void WriteSourceAndUnusedRelays(const ProfileView& v, const Resolved& resolved,
                                const TableLayout& layout, hetcast_node* nodes);

// The id of the `position`-th node of type l in canonical (depth-first)
// order: destinations take a type's first positions, relays the rest, so
// each group's ids grow with the position (hetcast.h).
//
// Relays of a type take the last positions of that type. Any labelling is
// fine: with the smallest best m, no node of a type that has chosen relays
// is a leaf (dropping such a leaf, and swapping the costliest chosen relay's
// node for that cheaper type, would serve m - 1 relays no later), so every
// relay forwards, towards destinations in the end.
inline uint32_t TableIdOf(const TableLayout& layout, const Resolved& resolved,
                          uint32_t l, uint64_t position) {
  const uint32_t d = resolved.destination_count[l];
  return position < d
             ? layout.destination_base[l] + static_cast<uint32_t>(position)
             : layout.relay_base[l] + static_cast<uint32_t>(position - d);
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_RESOLVE_H_
