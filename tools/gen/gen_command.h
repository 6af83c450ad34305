// gen_command.h: `hetcast gen`, shared by the CLI and the build-time
// generator binary (//tools:hetcast_gen, which tables/BUILD runs).
#ifndef HETCAST_TOOLS_GEN_GEN_COMMAND_H_
#define HETCAST_TOOLS_GEN_GEN_COMMAND_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "tools/gen/profile.h"

namespace hetcast {

// Files the tools read are untrusted: only regular files are read (a FIFO,
// a device or a directory is refused without blocking), and only up to a
// size known before reading starts.
// JSON inputs: FlatBuffers' JSON parser holds about 50 bytes per byte of
// a dense array ("0,0,..."): 16 MiB parse in at most about 0.8 GB (the
// README's Limits).
inline constexpr size_t kMaxTextFileBytes = size_t{16} << 20;
inline constexpr size_t kMaxTableFileBytes = size_t{1} << 30;  // Tables.

// Reads a whole regular file of at most `max_bytes`. The error names the
// path and the limit.
absl::StatusOr<std::string> ReadFileBytes(const std::string& path,
                                          size_t max_bytes = kMaxTextFileBytes);

// A table file's header: size prefix, root offset, file identifier.
inline constexpr size_t kTableHeaderBytes = 12;

// Reads a table file into 8-byte-aligned memory (what hetcast_table_open
// requires), at most `max_bytes`, with no second copy. The header is read
// and its file identifier checked first: a file of kTableHeaderBytes or
// more that is no table is refused after reading those bytes alone.
absl::StatusOr<std::vector<uint64_t>> ReadTableFile(
    const std::string& path, size_t* size,
    size_t max_bytes = kMaxTableFileBytes);

// Writes `bytes` to `path` safely: into a new file beside it, renamed over
// `path` only once complete, so a failed run leaves nothing (and no partial
// file). Refuses a `path` that exists and is not a regular file (a device,
// a FIFO, a directory, a symbolic link): it is never replaced or followed.
// `flag` prefixes the errors (e.g. "--out").
absl::Status WriteFileSafely(const std::string& path, const std::string& bytes,
                             const char* flag);

// Parses every profile, solves it exactly and writes one table holding all
// of them (in the given order) to `out_path`. Prints a progress line to
// stderr every 2 s once a run has taken more than 2 s. `threads` = 0 uses
// every core.
struct GenOptions {
  int threads = 0;
  // "auto" (exact DP unless its estimated work is beyond a limit, then the
  // PTAS), "exact" or "ptas".
  std::string method = "auto";
  std::string epsilon = "0.1";  // For the PTAS.
  // One line on stderr on success: "hetcast gen: wrote T.hct (B bytes): N
  // profiles: NAME (exact, S states), ... in T s". Off: only the progress
  // line of runs past two seconds (the build's own generator runs).
  bool summary = true;
};

absl::Status GenerateTableFile(const std::vector<std::string>& profile_paths,
                               const std::string& out_path,
                               const GenOptions& options);

// The exact DP's limit, checked before it starts: its work estimate at
// most kMaxExactWork. The estimate counts the (state, split) pairs before
// the pruning of exact_dp.cc, with the slowest type's digit found by
// bisection (its Rule 2): k * prod_{j != slowest} (l_j + 1)(l_j + 2) / 2 *
// (l_s + 1) * ceil(log2(l_s + 2)). `--method exact` refuses
// a profile past it, naming the limit; "auto" makes a PTAS table instead,
// within the PTAS's own limits (ptas.h). README.md, "Limits", has the
// measured cost at the limit.
inline constexpr double kMaxExactWork = 17179869184.0;  // 2^34
double ExactWorkEstimate(const ProfileSpec& profile);

// OK, or InvalidArgument naming the profile, its estimate and the limit.
absl::Status CheckExactWork(const ProfileSpec& profile);

// A PTAS table's limit, checked before the first entry: entries x states
// (k * S^2, S = prod (l_j + 1)) at most kMaxPtasTableWork. The PTAS runs
// once per entry, and each run's attachment DP ranges over up to S class
// counts per guess (ptas.h). README.md, "Limits", has the measured cost at
// the limit.
inline constexpr double kMaxPtasTableWork = 16777216.0;  // 2^24
double PtasTableWorkEstimate(const ProfileSpec& profile);
absl::Status CheckPtasTableWork(const ProfileSpec& profile);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_GEN_COMMAND_H_
