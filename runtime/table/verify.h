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

#include "runtime/table/view.h"

namespace hetcast {
namespace internal {

// Verifies the `size` bytes at `bytes` (non-NULL, aligned) as a table and
// fills `view`. Returns a static reason on failure, NULL on success.
const char* OpenTableView(const uint8_t* bytes, size_t size, TableView* view);

// The semantic check of every entry of a loaded profile. Returns a static
// reason on failure, NULL on success.
const char* VerifyProfileEntries(const ProfileView& v);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_VERIFY_H_
