// relays.cc: the useful relays of Khuller & Kim Theorem 7.1 (relays.h).
#include "runtime/node/relays.h"

namespace hetcast {
namespace internal {

void FindUsefulRelays(uint32_t k, const uint64_t* costs,
                      const uint64_t* destination_counts,
                      const uint64_t* relay_counts, UsefulRelays* useful) {
  uint64_t slowest_destination = 0;
  uint64_t destinations = 0;
  for (uint32_t j = 0; j < k; ++j) {
    const uint64_t d = destination_counts[j];
    if (d > 0 && costs[j] > slowest_destination) slowest_destination = costs[j];
    destinations =
        d > UINT64_MAX - destinations ? UINT64_MAX : destinations + d;
  }
  useful->type_count = 0;
  useful->max_relays = 0;
  for (uint32_t j = 0; j < k; ++j) {
    if (relay_counts[j] == 0 || costs[j] >= slowest_destination) continue;
    // Insertion by cost after every type no costlier: ties keep index order
    // (k <= HETCAST_MAX_TYPES, and the runtime does not allocate).
    uint32_t pos = useful->type_count++;
    while (pos > 0 && costs[useful->types[pos - 1]] > costs[j]) {
      useful->types[pos] = useful->types[pos - 1];
      --pos;
    }
    useful->types[pos] = j;
    const uint64_t room = destinations - useful->max_relays;
    useful->max_relays += relay_counts[j] < room ? relay_counts[j] : room;
  }
}

}  // namespace internal
}  // namespace hetcast
