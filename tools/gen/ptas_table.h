// ptas_table.h: a PTAS table: the PTAS (ptas.h) on every entry of a typed
// profile, packed for the table writer (tools/gen/table_writer.h).
#ifndef HETCAST_TOOLS_GEN_PTAS_TABLE_H_
#define HETCAST_TOOLS_GEN_PTAS_TABLE_H_

#include <cstdint>
#include <functional>

#include "absl/status/statusor.h"
#include "tools/gen/profile.h"
#include "tools/gen/ptas.h"
#include "tools/gen/table_writer.h"

namespace hetcast {

// The PTAS on every entry of a typed profile (every source type, every
// destination mix within the limits, no relays), FNF's schedule where it is
// better, packed for the table. `progress(done, total)` is called after
// every entry. Errors: a state beyond the PTAS's budget, more than 65534
// destinations in a state.
absl::StatusOr<PtasEntries> SolvePtasProfile(
    const ProfileSpec& profile, const Epsilon& eps,
    const std::function<void(uint64_t, uint64_t)>& progress);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_PTAS_TABLE_H_
