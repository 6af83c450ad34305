// gen_command.h: `hetcast gen`, shared by the CLI and the build-time
// generator binary (//tools:hetcast_gen, which tables/BUILD runs).
#ifndef HETCAST_TOOLS_GEN_COMMAND_H_
#define HETCAST_TOOLS_GEN_COMMAND_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace hetcast {

// Reads a whole file. The error names the path.
absl::StatusOr<std::string> ReadFileBytes(const std::string& path);

// Reads a table file into 8-byte-aligned memory (what hetcast_table_open
// requires).
absl::StatusOr<std::vector<uint64_t>> ReadTableFile(const std::string& path,
                                                    size_t* size);

// Parses every profile, solves it exactly and writes one table holding all
// of them (in the given order) to `out_path`. Prints a progress line to
// stderr every 2 s once a run has taken more than 2 s. `threads` = 0 uses
// every core.
absl::Status GenerateTableFile(const std::vector<std::string>& profile_paths,
                               const std::string& out_path, int threads);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_COMMAND_H_
