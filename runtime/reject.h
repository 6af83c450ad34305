// reject.h: the C API's one error channel, written once.
//
// Every public function that returns a hetcast_status takes, last, an
// optional `const char** why` (hetcast.h, "Conventions"): on failure it
// points to a static, NUL-terminated sentence naming what is wrong; on
// HETCAST_OK it is left alone. Validators take the same `why` and set it
// where they know the reason (Reject); a public function's body runs
// inside Explained, which gives every failure that no validator explained
// its status's name, so that no failure goes unexplained, in every build.
#ifndef HETCAST_RUNTIME_REJECT_H_
#define HETCAST_RUNTIME_REJECT_H_

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// Returns `status` and, when it fails and `why` is given, points `*why` to
// `reason`.
inline hetcast_status Reject(hetcast_status status, const char* reason,
                             const char** why) {
  if (status != HETCAST_OK && why != nullptr) *why = reason;
  return status;
}

// The reason of a failure no validator explained: its status's name
// (hetcast_status_str). Every failure tests/planner/why_test.cc reaches has
// a reason of its own.
const char* StatusWhy(hetcast_status status);

// Runs `body(const char** why)` and returns its status; a failure leaves
// `*why` (when `why` is given) pointing to the reason `body` gave, else to
// StatusWhy's.
template <typename Body>
hetcast_status Explained(const char** why, Body body) {
  const char* reason = nullptr;
  const hetcast_status status = body(&reason);
  if (status != HETCAST_OK && why != nullptr) {
    *why = reason != nullptr ? reason : StatusWhy(status);
  }
  return status;
}

// Explained, for a public function whose output `out` may not be NULL: a
// NULL `out` is refused with `null_reason`; else `*out` is zeroed (and stays
// so on a failure before `body` writes it) and `body(why)` runs.
template <typename Out, typename Body>
hetcast_status ExplainedInto(Out* out, const char* null_reason,
                             const char** why, Body body) {
  return Explained(why, [&](const char** reason) -> hetcast_status {
    if (out == nullptr) {
      return Reject(HETCAST_INVALID_ARGUMENT, null_reason, reason);
    }
    *out = Out();
    return body(reason);
  });
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_REJECT_H_
