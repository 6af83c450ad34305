// nonblocking_search.h: optimal multiple-multicast schedules in the
// non-blocking model by brute force.
//
// TEST-ONLY REFERENCE: never use in production. It tries every delivery
// tree of every message (each destination's parent among the message's
// source and other destinations) and every order of every node's tasks
// (a relay's sends after its receive), and times each with the model's
// evaluator. Exponential: a handful of nodes and destinations only.
#ifndef HETCAST_TESTS_ORACLES_NONBLOCKING_SEARCH_H_
#define HETCAST_TESTS_ORACLES_NONBLOCKING_SEARCH_H_

#include <cstdint>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace testing {

// The least completion time over all task schedules of `request`.
uint64_t NonblockingExhaustiveOptimum(
    const hetcast_nonblocking_request& request);

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_NONBLOCKING_SEARCH_H_
