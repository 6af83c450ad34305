// relays.h: which relays can help a node-model multicast, and how many.
//
// Khuller & Kim Theorem 7.1: some optimal multicast with relays uses the m
// cheapest relays for some m, so a planner tries m = 0, 1, ... with the
// cheapest relays first and keeps the best. FindUsefulRelays narrows the
// search for every planner that does this (FNF in node_api.cc, the table's
// resolution in runtime/table/resolve.cc, the PTAS in tools/gen/ptas.cc):
//
//  - Only relays strictly cheaper than the slowest destination can help. In
//    a schedule that uses a relay no cheaper than every destination, move the
//    last-arriving destination (a leaf, no faster than the relay) into the
//    relay's place, sending the relay's children in its order, and drop the
//    relay: every destination is still served, none later.
//
//  - m <= D (the destination count) suffices. Take an optimal tree with the
//    fewest relays; every relay in it forwards (else drop it). It is an
//    optimal broadcast tree on its own nodes, and Khuller & Kim Lemma 4.1
//    rebuilds it so that only the floor(n/2) fastest non-source nodes send,
//    n = D + r. A relay left without children could be dropped,
//    contradicting minimality, so all r relays still send: r <= (D + r) / 2,
//    i.e. r <= D. Theorem 7.1's guarantee thus needs only m <= D.
//
// Example (costs 2, 3, 5; destinations only of type 2; relays of all):
//   UsefulRelays useful;
//   FindUsefulRelays(3, costs, destinations, relays, &useful);
//   // useful.types = {0, 1}: the type-2 relays cannot help.
#ifndef HETCAST_RUNTIME_NODE_RELAYS_H_
#define HETCAST_RUNTIME_NODE_RELAYS_H_

#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// UsefulRelays
//
// The relay types worth trying, cheapest first (ties by type index), and
// the most relays worth trying in all: min(their relay count, D). The m
// cheapest relays are the first m of types[0], then of types[1], and so on.
struct UsefulRelays {
  uint32_t type_count;                // Entries of `types`.
  uint32_t types[HETCAST_MAX_TYPES];  // Types with relays that can help.
  uint64_t max_relays;                // The cap on m.
};

// Fills `useful` for k types (1 <= k <= HETCAST_MAX_TYPES): `costs[j]`,
// `destination_counts[j]` and `relay_counts[j]` (any values: the sum is
// capped, never overflows) of type j.
void FindUsefulRelays(uint32_t k, const uint64_t* costs,
                      const uint64_t* destination_counts,
                      const uint64_t* relay_counts, UsefulRelays* useful);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_RELAYS_H_
