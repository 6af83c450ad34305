// nonblocking_full_scan.cc: the full-scan FEF/ECF reference (see the header).
#include "tests/oracles/nonblocking_full_scan.h"

#include <vector>

#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace testing {
namespace {

using internal::NonblockingBest;
using internal::NonblockingProblem;
using internal::NonblockingScratch;
using internal::TimeAdd;

size_t RunFefOrEcfByFullScan(const NonblockingProblem& nb,
                             const NonblockingScratch& s, bool fef) {
  size_t count = 0;
  while (count < nb.total) {
    NonblockingBest best;
    for (uint32_t m = 0; m < nb.k; ++m) {
      const hetcast_nonblocking_message& msg = nb.r->messages[m];
      const uint8_t* informed = s.informed + static_cast<size_t>(m) * nb.n;
      for (size_t a = 0; a <= msg.destination_count; ++a) {
        const uint32_t j = a == 0 ? msg.source : msg.destinations[a - 1];
        if (!informed[j]) continue;
        for (size_t b = 0; b < msg.destination_count; ++b) {
          const uint32_t i = msg.destinations[b];
          if (informed[i]) continue;
          const uint64_t value =
              fef ? TimeAdd(TimeAdd(nb.S(j, m), nb.X(j, i, m)), nb.R(i, m))
                  : internal::NonblockingCompleteTime(nb, s, m, j, i);
          best.Offer(value, m, j, i);
        }
      }
    }
    internal::NonblockingCommit(nb, s, &count, best.m, best.j, best.i);
  }
  return count;
}

}  // namespace

hetcast_status NonblockingPlanByFullScan(
    const hetcast_nonblocking_request* request, bool fef,
    hetcast_nonblocking_task* tasks, size_t* list_begin) {
  hetcast_nonblocking_sizes sizes;
  hetcast_status status =
      hetcast_nonblocking_plan_sizes(request, &sizes, nullptr);
  if (status != HETCAST_OK) return status;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  NonblockingProblem nb;
  NonblockingScratch s;
  status = internal::NonblockingPrepare(request, workspace.data(),
                                        workspace.size(), &nb, &s);
  if (status != HETCAST_OK) return status;
  internal::NonblockingResetState(nb, s);
  const size_t count = RunFefOrEcfByFullScan(nb, s, fef);
  internal::NonblockingListsFromDecisions(nb, s, count, tasks, list_begin);
  return HETCAST_OK;
}

}  // namespace testing
}  // namespace hetcast
