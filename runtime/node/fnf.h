// fnf.h: Fastest-Node-First on typed nodes, in O(n + events * types).
//
// The textbook FNF (Libeskind-Hadas et al. Lemma 1) keeps every informed
// node in a priority queue keyed by the time its next send would complete:
// O(n log n). Here all nodes of one type share one cost, so we keep, per
// node class, a FIFO of cohorts: the nodes of that class informed at the same
// tick. A cohort's nodes always send together, so one queue entry stands for
// all of them, and since FNF completes sends in non-decreasing time, every
// key pushed to a class FIFO is at least the keys already in it (a re-pushed
// cohort and a new cohort both get key t + cost). The next event is the
// smallest FIFO front, found by scanning the classes.
//
// Tie-breaking (documented in hetcast.h): at tick t the senders are served in
// canonical id order (source, then classes in index order, then cohorts in
// arrival order), and each takes the next receiver in FNF's receive order.
// Its ids are grouped as canonical ids are, but within a group by arrival
// (receivers of one class informed at one tick get consecutive ids in the
// order of their parents' ids); hetcast_node_plan relabels them into
// canonical (depth-first) order (depth_first_order.h).
#ifndef HETCAST_RUNTIME_NODE_FNF_H_
#define HETCAST_RUNTIME_NODE_FNF_H_

#include <stdint.h>

#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"

namespace hetcast {
namespace internal {

struct FnfCohort {
  uint64_t key;    // Tick at which the cohort's next sends complete.
  uint32_t first;  // First canonical id of the cohort.
  uint32_t count;
  uint32_t sends;  // Sends each member has made so far.
};

struct FnfRing;  // One FIFO of cohorts per class (fnf.cc).

// FnfScratch
//
// RunFnf's working memory: one cohort per non-source id (at least one) and
// one FIFO per class, carved from the caller's workspace.
struct FnfScratch {
  FnfCohort* cohorts;
  FnfRing* rings;
};

// Cohorts FnfScratch holds: one per non-source id, at least one.
inline uint32_t FnfCohortCapacity(const NodeLayout& layout) {
  return layout.node_count > 1 ? layout.node_count - 1 : 1;
}

// Carves `scratch` for `layout`. False when `arena` runs out.
bool CarveFnfScratch(const NodeLayout& layout, Arena* arena,
                     FnfScratch* scratch);

// Informs, for every class c, the first inform_count[c] ids of c (relays
// included as ordinary receivers) and writes their arrival, parent and
// send_index into `nodes`, which ResetNodes must have prepared.
// `*completion` is the last arrival at a destination (0 if none).
// HETCAST_OVERFLOW if a needed tick does not fit below HETCAST_NEVER.
hetcast_status RunFnf(const NodeLayout& layout, const uint32_t* inform_count,
                      const FnfScratch& scratch, hetcast_node* nodes,
                      uint64_t* completion);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NODE_FNF_H_
