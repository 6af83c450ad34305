// bcast_file.h: the MPI-free parts of hetcast-bcast-file (bcast_file_main.cc),
// a file copied from rank 0 to a path on every host, pipelined over the
// large-message plan's trees: the checksum, the target path's placeholders,
// the temporary name, the default plan and the progress line.
#ifndef HETCAST_TOOLS_MPI_BCAST_FILE_H_
#define HETCAST_TOOLS_MPI_BCAST_FILE_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "tools/mpi/multi_tree_plan.h"

namespace hetcast {
namespace mpi {

// 64-bit FNV-1a (Fowler, Noll & Vo): for each byte, xor it into the state,
// then multiply by the FNV prime 2^40 + 2^8 + 0xb3 (mod 2^64). Start from
// kFnv1a64Offset; feeding a file in pieces gives the value of the whole.
inline constexpr uint64_t kFnv1a64Offset = 0xcbf29ce484222325ULL;
uint64_t Fnv1a64(const void* data, size_t bytes,
                 uint64_t state = kFnv1a64Offset);

// The target path of one host: `pattern` with "%h" replaced by `host`,
// "%r" by `rank` (the world rank that writes there, the host's lowest) and
// "%%" by "%". "" when done, else what is wrong (another character after
// '%', a '%' at the end, an empty result, a name ending in '/').
std::string ExpandTargetPath(const std::string& pattern,
                             const std::string& host, int rank,
                             std::string* path);

// The directory of `path` ("." when it has no '/') and the mkstemp pattern
// of its temporary file there: DIR/.NAME.hetcast-bcast-file.XXXXXX, hidden
// and in the same directory, so that rename() makes it the target at once.
std::string TargetDirectory(const std::string& path);
std::string TemporaryPattern(const std::string& path);

// Without platform information: a chain of the hosts in rank order, each
// forwarding every segment to the next, in kDefaultFileSegmentBytes
// segments. On a switch a chain pipelines at the slowest link's rate.
inline constexpr size_t kDefaultFileSegmentBytes = 256 * 1024;
MultiTreePlan DefaultFilePlan(int hosts);

// The bytes carried per MultiTreeBcast: `chunk` rounded down to a multiple
// of the plan's segment size (at least one segment), so that no segment
// but the file's last is short.
size_t ChunkBytes(size_t chunk, size_t segment_bytes);

// "12.0 MiB", "1.50 GiB", "512 B": binary units.
std::string ByteText(uint64_t bytes);

// The progress line: "12.0 MiB of 1.00 GiB (1%), 85.3 MiB/s, 11.9 s left"
// after `seconds` with `done` of `total` bytes copied.
std::string ProgressText(uint64_t done, uint64_t total, double seconds);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_BCAST_FILE_H_
