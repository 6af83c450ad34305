// nonblocking_full_scan.h: FEF and ECF (Wu, Yeh & Liu §4.1-4.2) as first
// written: every step scans every (message, sender, receiver) triple,
// O(total * sum of d_m^2). The runtime's RunFefOrEcf must make the same
// choices faster. Test-only reference: never for production.
#ifndef HETCAST_TESTS_ORACLES_NONBLOCKING_FULL_SCAN_H_
#define HETCAST_TESTS_ORACLES_NONBLOCKING_FULL_SCAN_H_

#include <stddef.h>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace testing {

// Plans `request` with FEF (`fef`) or ECF by the full scan into `tasks` and
// `list_begin` (hetcast_nonblocking_plan's layout and sizes); returns the
// status of preparing the request, HETCAST_OK when planned.
hetcast_status NonblockingPlanByFullScan(
    const hetcast_nonblocking_request* request, bool fef,
    hetcast_nonblocking_task* tasks, size_t* list_begin);

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_NONBLOCKING_FULL_SCAN_H_
