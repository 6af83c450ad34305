// algorithms.h: the graph model's algorithm table (algorithms.cc): the
// runtime's one algorithm for pipelined multicast, MCPH (Beaumont et al.
// §6), with its name; the LP bounds and the other heuristics of the paper
// run offline. The planner, hetcast_graph_plan and the algorithm names
// read it.
#ifndef HETCAST_RUNTIME_GRAPH_ALGORITHMS_H_
#define HETCAST_RUNTIME_GRAPH_ALGORITHMS_H_

#include <stddef.h>

#include "runtime/algorithm_table.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

struct GraphAlgorithm {
  hetcast_algorithm algorithm;
  const char* name;
};

// The row of `algorithm`, or nullptr; the i-th row (the first is the
// default), nullptr past the last.
const GraphAlgorithm* FindGraphAlgorithm(hetcast_algorithm algorithm);
const GraphAlgorithm* GraphAlgorithmAt(size_t i);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_GRAPH_ALGORITHMS_H_
