// evaluator.h: the node model's rule, applied to a given structure.
#ifndef HETCAST_RUNTIME_NODE_EVALUATOR_H_
#define HETCAST_RUNTIME_NODE_EVALUATOR_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/node/layout.h"

namespace hetcast {
namespace internal {

// Scratch for EvaluateStructure, taken from an arena up front.
struct EvaluatorScratch {
  uint32_t* offsets;   // node_count + 1
  uint32_t* cursor;    // node_count
  uint32_t* children;  // max(send_count, 1)
  uint32_t* queue;     // node_count
};
bool AllocateEvaluatorScratch(const NodeLayout& layout, size_t send_count,
                              Arena* arena, EvaluatorScratch* scratch);

// Recomputes all times of `sends` (see hetcast_node_evaluate) into `nodes`
// (node_count entries, ids as given). On success `*completion` is the last
// destination arrival and `*participants` the number of informed nodes;
// HETCAST_INVALID_SCHEDULE with the rule `sends` breaks in `*why`
// (optional).
hetcast_status EvaluateStructure(const NodeLayout& layout,
                                 const hetcast_send* sends, size_t send_count,
                                 const EvaluatorScratch& scratch,
                                 hetcast_node* nodes, uint64_t* completion,
                                 size_t* participants, const char** why);

// The doubling bound of hetcast_node_lower_bound.
hetcast_status DoublingLowerBound(const NodeLayout& layout,
                                  uint64_t* lower_bound);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_EVALUATOR_H_
