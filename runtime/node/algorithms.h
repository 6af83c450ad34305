// algorithms.h: the node model's algorithm table (algorithms.cc): each
// algorithm with its name, whether a request may pin it, and its
// guarantee. The planner (hetcast_plan_info's guarantee, the pins it
// takes), the algorithm names and the CLI (the offline PTAS's guarantee)
// read it. Which one answers is the planner's rule (a covering profile,
// else FNF; runtime/planner.cc), not a row's.
#ifndef HETCAST_RUNTIME_NODE_ALGORITHMS_H_
#define HETCAST_RUNTIME_NODE_ALGORITHMS_H_

#include <stddef.h>

#include "runtime/algorithm_table.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

struct NodeAlgorithm {
  hetcast_algorithm algorithm;
  const char* name;
  bool pinnable;  // hetcast_request::algorithm may name it.
  // The PTAS's factor is the profile's (or the offline run's epsilon);
  // its row gives the source only.
  Guarantee guarantee;
};

// The row of `algorithm`, or nullptr; the i-th row, nullptr past the last.
const NodeAlgorithm* FindNodeAlgorithm(hetcast_algorithm algorithm);
const NodeAlgorithm* NodeAlgorithmAt(size_t i);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_ALGORITHMS_H_
