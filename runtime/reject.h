// reject.h: a rejected request's status and its reason, written once.
//
// Validators take an optional `const char** why` and set it to a static,
// NUL-terminated reason that names what is wrong (hetcast_table_open's
// convention); the planner hands it to its caller.
#ifndef HETCAST_RUNTIME_REJECT_H_
#define HETCAST_RUNTIME_REJECT_H_

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

inline hetcast_status Reject(hetcast_status status, const char* reason,
                             const char** why) {
  if (why != nullptr) *why = reason;
  return status;
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_REJECT_H_
