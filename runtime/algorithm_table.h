// algorithm_table.h: what the models' algorithm tables share
// (cluster/algorithms.h, nonblocking/algorithms.h, node/algorithms.h,
// graph/algorithms.h): the guarantee a row states, as hetcast_plan_info
// reports it, and the look-ups by algorithm and by index.
#ifndef HETCAST_RUNTIME_ALGORITHM_TABLE_H_
#define HETCAST_RUNTIME_ALGORITHM_TABLE_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// completion <= numerator / denominator * OPT + additive, on the result
// `source` names; {0, 0, 0, ""} for an algorithm without one.
struct Guarantee {
  uint64_t numerator, denominator, additive;
  const char* source;
};

constexpr Guarantee kNoGuarantee = {0, 0, 0, ""};

// The first row of `rows` (each with a member `algorithm`) of `algorithm`,
// or nullptr.
template <typename Row, size_t N>
const Row* FindRow(const Row (&rows)[N], hetcast_algorithm algorithm) {
  for (const Row& row : rows) {
    if (row.algorithm == algorithm) return &row;
  }
  return nullptr;
}

// Row `i`, or nullptr past the last.
template <typename Row, size_t N>
const Row* RowAt(const Row (&rows)[N], size_t i) {
  return i < N ? &rows[i] : nullptr;
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_ALGORITHM_TABLE_H_
