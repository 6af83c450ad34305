// verify.h: the open-time check of a table buffer (hetcast_table_open).
//
// A table is untrusted input: it is verified once, when it is opened
// (FlatBuffers Verifier with explicit limits, file identifier, schema
// version, then every profile's dimensions and every entry's semantics).
// Afterwards queries read it with unchecked arithmetic.
#ifndef HETCAST_RUNTIME_TABLE_VERIFY_H_
#define HETCAST_RUNTIME_TABLE_VERIFY_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/table/ptas_entries.h"
#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// Verifies the `size` bytes at `bytes` (non-NULL, aligned) as a table and
// fills `view`. Returns a static reason on failure, NULL on success.
const char* OpenTableView(const uint8_t* bytes, size_t size, TableView* view);

// A PTAS profile's stored schedules may walk at most this many parent links
// per node in all (the sum of the nodes' depths is at most this times n),
// which bounds both the check at open and every later query on them.
// (64 * 65534 destinations fits in 32 bits.)
constexpr uint32_t kPtasMaxMeanDepth = 64;

// The semantic check of every entry of a loaded profile. Returns a static
// reason on failure, NULL on success.
const char* VerifyProfileEntries(const ProfileView& v);

// The tree check of one stored PTAS schedule (VerifyProfileEntries runs it
// on every entry with a budget of kPtasMaxMeanDepth * n): walks each node's
// arrival once, taking one unit of `*budget` per parent link (tests count
// them), and checks that it completes at `completion`. Returns a static
// reason on failure, NULL on success.
const char* VerifyPtasTree(const PtasSchedule& t, uint64_t completion,
                           uint32_t* budget);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_VERIFY_H_
