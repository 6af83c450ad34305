// saturating.h: time arithmetic that cannot wrap. Each result is the true
// value while it is below HETCAST_NEVER (2^64 - 1, not a time: hetcast.h)
// and HETCAST_NEVER once the true value is 2^64 - 1 or more. The functions
// are monotone and compose (TimeAdd(TimeAdd(a, b), c) is the true sum
// clamped at HETCAST_NEVER), so min, max and comparisons over their results
// are exact below HETCAST_NEVER, and a schedule or bound whose value is
// HETCAST_NEVER is reported as HETCAST_OVERFLOW.
#ifndef HETCAST_RUNTIME_SATURATING_H_
#define HETCAST_RUNTIME_SATURATING_H_

#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

inline uint64_t TimeAdd(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? HETCAST_NEVER : r;
}

inline uint64_t TimeMul(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? HETCAST_NEVER : r;
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_SATURATING_H_
