// growth_bound.cc: the postal-growth lower bound of the non-blocking model
// (HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH; proof in lower_bound.h, item 2):
// how fast the holders of one message can multiply when each sends one copy at
// a time, slowest receivers served first.
#include <algorithm>
#include <functional>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/lower_bound.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {
namespace {

// The relaxed costs of message m (lower_bound.h: S0, X0, g, R1, X1).
struct NonblockingGrowthCosts {
  uint64_t source_send, source_link, relay_send, relay_receive, relay_link;
};

NonblockingGrowthCosts NonblockingRelaxedCosts(const NonblockingProblem& nb,
                                               uint32_t m) {
  const hetcast_nonblocking_message& msg = nb.r->messages[m];
  NonblockingGrowthCosts c = {nb.S(msg.source, m), HETCAST_NEVER, HETCAST_NEVER,
                              HETCAST_NEVER, HETCAST_NEVER};
  for (size_t a = 0; a < msg.destination_count; ++a) {
    const uint32_t w = msg.destinations[a];
    c.source_link = std::min(c.source_link, nb.X(msg.source, w, m));
    c.relay_send = std::min(c.relay_send, nb.S(w, m));
    c.relay_receive = std::min(c.relay_receive, nb.R(w, m));
    for (size_t b = 0; b < msg.destination_count; ++b) {
      if (b != a) {
        c.relay_link = std::min(c.relay_link, nb.X(w, msg.destinations[b], m));
      }
    }
  }
  return c;
}

// Claims A and B for message m: the d earliest slots of the greedy process,
// the i-th paired with the i-th largest receive cost. `holders` (a min-heap
// of each holder's next slot) and `receive` need d entries each.
uint64_t NonblockingMessageGrowth(const NonblockingProblem& nb, uint32_t m,
                                  uint64_t* holders, uint64_t* receive) {
  const hetcast_nonblocking_message& msg = nb.r->messages[m];
  const size_t d = msg.destination_count;
  const NonblockingGrowthCosts c = NonblockingRelaxedCosts(nb, m);
  const uint64_t holder_delay =
      TimeAdd(TimeAdd(c.relay_receive, c.relay_send), c.relay_link);
  if (d == 0 || holder_delay == 0) return 0;  // Claim A needs c > 0.
  for (size_t a = 0; a < d; ++a) receive[a] = nb.R(msg.destinations[a], m);
  std::make_heap(receive, receive + d);  // Largest first.
  const std::greater<uint64_t> later;
  size_t held = 0;
  uint64_t source_next = TimeAdd(c.source_link, c.source_send), bound = 0;
  for (size_t i = 0; i < d; ++i) {
    uint64_t slot;
    if (held > 0 && holders[0] < source_next) {
      slot = holders[0];
      std::pop_heap(holders, holders + held, later);
      holders[held - 1] = TimeAdd(slot, c.relay_send);
      std::push_heap(holders, holders + held, later);
    } else {
      slot = source_next;
      source_next = TimeAdd(source_next, c.source_send);
    }
    holders[held++] = TimeAdd(slot, holder_delay);  // The new holder.
    std::push_heap(holders, holders + held, later);
    std::pop_heap(receive, receive + (d - i));
    bound = std::max(bound, TimeAdd(slot, receive[d - i - 1]));
  }
  return bound;
}

}  // namespace

uint64_t NonblockingGrowthBound(const NonblockingProblem& nb,
                                const NonblockingScratch& s) {
  uint64_t bound = 0;
  for (uint32_t m = 0; m < nb.k; ++m) {
    bound = std::max(bound, NonblockingMessageGrowth(nb, m, s.dist, s.avail));
  }
  return bound;
}

}  // namespace internal
}  // namespace hetcast
