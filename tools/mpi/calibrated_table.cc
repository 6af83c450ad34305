// calibrated_table.cc: a profile of the calibrated types, solved exactly
// and written as a table (tools/gen's DP and writer).

#include "tools/mpi/calibrated_table.h"

#include <cstring>
#include <utility>

#include "runtime/include/hetcast/hetcast.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/profile.h"
#include "tools/gen/table_writer.h"

namespace hetcast {
namespace mpi {

std::string SolveCalibratedTable(const std::vector<uint64_t>& costs,
                                 const std::vector<size_t>& hosts,
                                 const std::string& name,
                                 CalibratedTable* table) {
  ProfileSpec profile;
  profile.name = name;
  for (size_t t = 0; t < costs.size(); ++t) {
    profile.types.push_back({"type" + std::to_string(t), costs[t],
                             static_cast<uint32_t>(hosts[t])});
  }
  const absl::Status valid = ValidateProfile(profile);
  if (!valid.ok()) return std::string(valid.message());
  const uint64_t entries = costs.size() * StateCount(profile);
  if (entries > kCalibratedTableMaxEntries) {
    return "its " + std::to_string(entries) + " entries are more than " +
           std::to_string(kCalibratedTableMaxEntries);
  }
  DpOptions options;
  options.threads = 1;  // SMPI runs every rank in one process
  absl::StatusOr<ExactTable> solved = SolveExact(profile, options);
  if (!solved.ok()) return std::string(solved.status().message());
  SolvedProfile entry;
  entry.profile = profile;
  entry.table = *std::move(solved);
  absl::StatusOr<std::string> bytes = WriteTable({entry});
  if (!bytes.ok()) return std::string(bytes.status().message());
  std::vector<uint64_t> words((bytes->size() + 7) / 8);
  std::memcpy(words.data(), bytes->data(), bytes->size());
  hetcast_table opened;
  const char* why = nullptr;
  if (hetcast_table_open(words.data(), bytes->size(), &opened, &why) !=
      HETCAST_OK) {
    return std::string("the written table does not open: ") +
           (why ? why : "invalid");
  }
  table->hash = hetcast_table_hash(&opened);
  table->bytes = *std::move(bytes);
  return "";
}

}  // namespace mpi
}  // namespace hetcast
