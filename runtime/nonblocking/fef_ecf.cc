// fef_ecf.cc: Fastest-Edge-First and Earliest-Completion-First (Wu, Yeh &
// Liu §4.1-4.2, after Bhat et al.), adapted to several sources: each step
// takes, over every message, the informed sender and uninformed destination
// with the cheapest edge (FEF, Eq. 1) or the earliest completion (ECF,
// Eq. 4).
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/internal.h"

namespace hetcast {
namespace internal {

size_t RunFefOrEcf(const Nb& nb, const NbScratch& s, bool fef) {
  size_t count = 0;
  while (count < nb.total) {
    NbBest best;
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
              fef ? NbAdd(NbAdd(nb.S(j, m), nb.X(j, i, m)), nb.R(i, m))
                  : NbCompleteTime(nb, s, m, j, i);
          best.Offer(value, m, j, i);
        }
      }
    }
    NbCommit(nb, s, &count, best.m, best.j, best.i);
  }
  return count;
}

}  // namespace internal
}  // namespace hetcast
