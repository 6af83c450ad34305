// answer.h: the planner's rule for answering with the earlier of two
// algorithms (hetcast.h, "The planner"), written once for every model.
#ifndef HETCAST_RUNTIME_ANSWER_H_
#define HETCAST_RUNTIME_ANSWER_H_

#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// When `completion`, the second algorithm's, is strictly earlier than the
// answer's, the answer becomes the second algorithm's (same request, same
// lower bound) and this returns true; the first algorithm wins ties.
inline bool TakeIfEarlier(hetcast_algorithm algorithm, uint64_t completion,
                          hetcast_answer* answer) {
  if (completion >= answer->completion_time) return false;
  answer->algorithm = algorithm;
  answer->completion_time = completion;
  answer->exact = answer->lower_bound == completion;
  return true;
}

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_ANSWER_H_
