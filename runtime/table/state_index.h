// state_index.h: the mixed-radix numbering of a profile's count vectors.
//
// A profile of k types with limits L numbers the count vectors
// 0 <= c <= L (componentwise) with type 0 fastest:
//   state = sum over j of c[j] * stride[j],
//   stride[0] = 1, stride[j + 1] = stride[j] * (L[j] + 1),
// so there are prod(L[j] + 1) states. The index itself is
// hetcast_state_index_ (hetcast.h, behind HETCAST_STATIC_LINKING_ONLY: the
// inline lookup there needs it);
// here are the strides and the digits, for the table reader and the
// generators in tools/gen.
#ifndef HETCAST_RUNTIME_TABLE_STATE_INDEX_H_
#define HETCAST_RUNTIME_TABLE_STATE_INDEX_H_

#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// Fills strides[0, k) for `limits` and sets `*state_count` to the number of
// states, as long as the product stays at most `max_states`. Returns the
// number of leading types that fit: k when all do; j < k when the states of
// types 0..j exceed `max_states` (strides[0..j] are written then).
inline uint32_t TableStrides(uint32_t k, const uint32_t* limits,
                             uint64_t* strides, uint64_t max_states,
                             uint64_t* state_count) {
  uint64_t states = 1;
  for (uint32_t j = 0; j < k; ++j) {
    strides[j] = states;
    if (__builtin_mul_overflow(states, uint64_t{limits[j]} + 1, &states) ||
        states > max_states) {
      return j;
    }
  }
  *state_count = states;
  return k;
}

// The count of the type with `stride` and `limit` in `state`. In 32 bits:
// a profile has at most HETCAST_TABLE_MAX_ENTRIES (2^25) states, so every
// state and stride fits, and firmware divides 32-bit words in one
// instruction where 64-bit ones call a library routine.
inline uint64_t TableStateDigit(uint64_t state, uint64_t stride,
                                uint32_t limit) {
  return static_cast<uint32_t>(state) / static_cast<uint32_t>(stride) %
         (limit + 1);
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_STATE_INDEX_H_
