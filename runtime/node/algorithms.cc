// algorithms.cc: the node model's algorithm table (algorithms.h).
#include "runtime/node/algorithms.h"

namespace hetcast {
namespace internal {
namespace {

// clang-format off
constexpr NodeAlgorithm kNodeRows[] = {
    {HETCAST_ALGORITHM_TABLE, "table", true,
     {1, 1, 0, "Libeskind-Hadas et al. Lemma 5 (exact table)"}},
    {HETCAST_ALGORITHM_FNF, "fnf", true,
     {3, 2, 0, "Khuller & Kim Corollary 4.1 (multicast: Theorem 7.1)"}},
    {HETCAST_ALGORITHM_PTAS, "ptas", false,
     {0, 0, 0, "Khuller & Kim Theorem 6.2 (multicast: Theorem 7.2)"}},
};
// clang-format on

}  // namespace

const NodeAlgorithm* FindNodeAlgorithm(hetcast_algorithm algorithm) {
  return FindRow(kNodeRows, algorithm);
}

const NodeAlgorithm* NodeAlgorithmAt(size_t i) { return RowAt(kNodeRows, i); }

}  // namespace internal
}  // namespace hetcast
