// algorithms.cc: the graph model's algorithm table (algorithms.h).
#include "runtime/graph/algorithms.h"

namespace hetcast {
namespace internal {
namespace {

constexpr GraphAlgorithm kGraphRows[] = {
    {HETCAST_ALGORITHM_MCPH, "mcph"},
};

}  // namespace

const GraphAlgorithm* FindGraphAlgorithm(hetcast_algorithm algorithm) {
  return FindRow(kGraphRows, algorithm);
}

const GraphAlgorithm* GraphAlgorithmAt(size_t i) {
  return RowAt(kGraphRows, i);
}

}  // namespace internal
}  // namespace hetcast
