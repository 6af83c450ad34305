// algorithm_names.cc: the algorithms of each model by index and by name
// (hetcast.h, hetcast_model_algorithm and hetcast_algorithm_name), read
// from the models' algorithm tables (cluster/, nonblocking/, node/ and
// graph/algorithms.h).
#include "runtime/cluster/algorithms.h"
#include "runtime/graph/algorithms.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/algorithms.h"
#include "runtime/nonblocking/algorithms.h"

namespace hetcast {
namespace internal {
namespace {

// The node model's pinnable rows, in order.
hetcast_algorithm PinnableNodeAlgorithm(size_t index) {
  for (size_t i = 0; NodeAlgorithmAt(i) != nullptr; ++i) {
    if (NodeAlgorithmAt(i)->pinnable && index-- == 0) {
      return NodeAlgorithmAt(i)->algorithm;
    }
  }
  return HETCAST_ALGORITHM_NONE;
}

// The name of `algorithm` in its model's table, or nullptr.
const char* TableName(hetcast_algorithm algorithm) {
  if (const char* name = ClusterAlgorithmName(algorithm)) return name;
  if (const NodeAlgorithm* row = FindNodeAlgorithm(algorithm)) return row->name;
  if (const NbAlgorithm* row = FindNbAlgorithm(algorithm)) return row->name;
  if (const GraphAlgorithm* row = FindGraphAlgorithm(algorithm)) {
    return row->name;
  }
  return nullptr;
}

hetcast_algorithm ModelAlgorithm(hetcast_model model, size_t index) {
  switch (model) {
    case HETCAST_MODEL_NODE:
      return PinnableNodeAlgorithm(index);
    case HETCAST_MODEL_CLUSTER:
      return ClusterAlgorithmAt(index);
    case HETCAST_MODEL_NONBLOCKING:
      return NbAlgorithmAt(index) ? NbAlgorithmAt(index)->algorithm
                                  : HETCAST_ALGORITHM_NONE;
    case HETCAST_MODEL_GRAPH:
      return GraphAlgorithmAt(index) ? GraphAlgorithmAt(index)->algorithm
                                     : HETCAST_ALGORITHM_NONE;
  }
  return HETCAST_ALGORITHM_NONE;
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

extern "C" {

hetcast_algorithm hetcast_model_algorithm(hetcast_model model, size_t index) {
  return hetcast::internal::ModelAlgorithm(model, index);
}

const char* hetcast_algorithm_name(hetcast_algorithm algorithm) {
  if (algorithm == HETCAST_ALGORITHM_EVALUATED) return "evaluated";
  const char* name = hetcast::internal::TableName(algorithm);
  return name != nullptr ? name : "none";
}

}  // extern "C"
