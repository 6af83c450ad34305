// calibrated_table.h: the exact table (Libeskind-Hadas et al.'s DP,
// tools/gen/exact_dp.h) of the node types that hetcast-calibrate found, for
// a size range of the cluster file: one profile whose types have the
// range's costs and whose limits are the types' host counts, so that it
// covers every broadcast between the host leaders. MPI-free.

#ifndef HETCAST_TOOLS_MPI_CALIBRATED_TABLE_H_
#define HETCAST_TOOLS_MPI_CALIBRATED_TABLE_H_

#include <cstdint>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

// Largest table entry count (types x prod(hosts + 1)) calibration solves
// and embeds: the table's bytes go into the cluster file's JSON.
inline constexpr uint64_t kCalibratedTableMaxEntries = uint64_t{1} << 14;

struct CalibratedTable {
  std::string bytes;  // the table file's bytes
  uint64_t hash = 0;  // hetcast_table_hash of them
};

// The table of types with `costs` (ticks) and `hosts` hosts each, its
// profile named `name`. "" and the table, or why there is none: costs that
// are not pairwise distinct (the profile's types are told apart by cost),
// more than kCalibratedTableMaxEntries entries, or the DP's own refusal.
// The same input gives the same bytes.
std::string SolveCalibratedTable(const std::vector<uint64_t>& costs,
                                 const std::vector<size_t>& hosts,
                                 const std::string& name,
                                 CalibratedTable* table);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_CALIBRATED_TABLE_H_
