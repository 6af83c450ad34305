// table_writer.h: serialises solved profiles into a table file (".hct").
//
// The layout is tables/hetcast_table.fbs. The bytes depend only on the
// profiles and their solutions, so the same profile gives a byte-identical
// file.
#ifndef HETCAST_TOOLS_GEN_TABLE_WRITER_H_
#define HETCAST_TOOLS_GEN_TABLE_WRITER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"

namespace hetcast {

// The schema version this writer produces (tables/hetcast_table.fbs).
inline constexpr uint32_t kTableSchemaVersion = 1;

// The PTAS's answers for every entry (layout: tables/hetcast_table.fbs).
struct PtasEntries {
  uint64_t epsilon_numerator = 0;
  uint64_t epsilon_denominator = 0;
  std::vector<uint64_t> time;   // Completion per entry.
  std::vector<uint64_t> bound;  // Lower bound per entry.
  std::vector<uint8_t> bound_kind;
  std::vector<uint32_t> offsets;  // entry_count + 1.
  std::vector<uint32_t> nodes;    // parent | send_index << 16.
};

// Exactly one of `table` (method ExactDp) and `ptas` (method Ptas) is used:
// `ptas` when it has entries.
struct SolvedProfile {
  ProfileSpec profile;
  ExactTable table;
  PtasEntries ptas;
};

// Packs every entry (see the schema for the bit layout) and builds the file.
// Errors: duplicate profile names, an entry wider than 64 bits.
absl::StatusOr<std::string> WriteTable(
    const std::vector<SolvedProfile>& profiles);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_TABLE_WRITER_H_
