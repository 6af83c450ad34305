// bcast_file.cc: the MPI-free parts of hetcast-bcast-file (bcast_file.h).

#include "tools/mpi/bcast_file.h"

#include <cstdio>

namespace hetcast {
namespace mpi {

uint64_t Fnv1a64(const void* data, size_t bytes, uint64_t state) {
  constexpr uint64_t kPrime = 0x100000001b3ULL;
  const unsigned char* byte = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) {
    state = (state ^ byte[i]) * kPrime;
  }
  return state;
}

std::string ExpandTargetPath(const std::string& pattern,
                             const std::string& host, int rank,
                             std::string* path) {
  path->clear();
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      path->push_back(pattern[i]);
      continue;
    }
    const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
    if (next == 'h') {
      *path += host;
    } else if (next == 'r') {
      *path += std::to_string(rank);
    } else if (next == '%') {
      path->push_back('%');
    } else {
      return "the target '" + pattern +
             "' has a '%' not followed by h, r or % (placeholders: %h the "
             "host name, %r the writing rank, %% a '%')";
    }
    ++i;
  }
  if (path->empty() || path->back() == '/') {
    return "the target '" + pattern + "' names no file";
  }
  return "";
}

std::string TargetDirectory(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string TemporaryPattern(const std::string& path) {
  const size_t slash = path.rfind('/');
  const std::string name =
      slash == std::string::npos ? path : path.substr(slash + 1);
  const std::string directory = TargetDirectory(path);
  return (directory == "/" ? "" : directory) + "/." + name +
         ".hetcast-bcast-file.XXXXXX";
}

MultiTreePlan DefaultFilePlan(int hosts) {
  MultiTreePlan plan;
  plan.root = 0;
  plan.segment_bytes = kDefaultFileSegmentBytes;
  WeightedTree chain;
  chain.children.assign(static_cast<size_t>(hosts), {});
  for (int r = 0; r + 1 < hosts; ++r) chain.children[r].push_back(r + 1);
  plan.trees.push_back(chain);
  return plan;
}

size_t ChunkBytes(size_t chunk, size_t segment_bytes) {
  if (chunk <= segment_bytes) return segment_bytes;
  return chunk - chunk % segment_bytes;
}

std::string ByteText(uint64_t bytes) {
  static const char* const kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  if (bytes < 1024) return std::to_string(bytes) + " B";
  double value = static_cast<double>(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, value < 10 ? "%.2f %s" : "%.1f %s", value,
                kUnits[unit]);
  return text;
}

std::string ProgressText(uint64_t done, uint64_t total, double seconds) {
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  const double percent = total == 0 ? 100.0
                                    : 100.0 * static_cast<double>(done) /
                                          static_cast<double>(total);
  std::string text = ByteText(done) + " of " + ByteText(total);
  char tail[96];
  if (rate > 0) {
    std::snprintf(tail, sizeof tail, " (%.0f%%), %s/s, %.1f s left", percent,
                  ByteText(static_cast<uint64_t>(rate)).c_str(),
                  static_cast<double>(total - done) / rate);
  } else {
    std::snprintf(tail, sizeof tail, " (%.0f%%)", percent);
  }
  return text + tail;
}

}  // namespace mpi
}  // namespace hetcast
