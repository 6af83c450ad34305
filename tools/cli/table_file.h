// table_file.h: a table named on the command line (a path or @default),
// opened and verified, and the selection of one of its profiles; shared by
// `hetcast plan --table` and `hetcast inspect`.
#ifndef HETCAST_TOOLS_CLI_TABLE_FILE_H_
#define HETCAST_TOOLS_CLI_TABLE_FILE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// LoadedTable
//
// A verified table and the memory it lives in. `table` points into `words`
// (a moved LoadedTable keeps it valid: the vector's buffer moves with it).
struct LoadedTable {
  std::string name;             // The path, or "@default".
  std::vector<uint64_t> words;  // Empty for the embedded table.
  const void* data = nullptr;
  size_t size = 0;
  hetcast_table table = {};
};

// LoadTable()
//
// Reads and opens the table `spec` names: "@default" is the table embedded
// at build time (tables/BUILD), anything else a file. Errors are
// InvalidArgument, prefixed with `flag` (e.g. "--table: ", or "").
absl::StatusOr<LoadedTable> LoadTable(const std::string& spec,
                                      const char* flag);

// SelectProfile()
//
// The profile called `name` in `loaded`, or its first profile when `name` is
// empty. An unknown name is an InvalidArgument listing the names there are.
absl::StatusOr<hetcast_profile> SelectProfile(const LoadedTable& loaded,
                                              const std::string& name);

// A profile's name, and its per-type costs and destination limits.
std::string ProfileName(const hetcast_profile& profile);
std::vector<uint64_t> ProfileCosts(const hetcast_profile& profile);
std::vector<uint64_t> ProfileLimits(const hetcast_profile& profile);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_TABLE_FILE_H_
