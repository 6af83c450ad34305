// cluster_file.h: the cluster file of libhetcast_mpi (HETCAST_CONFIG;
// schema tables/cluster_file.fbs): which node type and which cluster each
// host is, and per message-size range whether a broadcast runs hetcast's
// plan (and which) or goes to the MPI library's MPI_Bcast. MPI-free, so that it
// is tested and fuzzed without processes.

#ifndef HETCAST_TOOLS_MPI_CLUSTER_FILE_H_
#define HETCAST_TOOLS_MPI_CLUSTER_FILE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace mpi {

// The version of the cluster file this library writes; it reads every
// version from 1 (version 2 added clusters, version 3 mpi_algorithm).
constexpr uint32_t kClusterFileVersion = 3;

// One entry of "hosts" (or of a cluster's "hosts"): an exact name, or prefix +
// a decimal number in [low, high] + suffix (with `width` > 0 the number has
// exactly that many digits, leading zeros included; with 0 it has none).
struct HostPattern {
  std::string text;  // as written, for messages
  std::string prefix, suffix;
  bool range = false;
  uint64_t low = 0, high = 0;
  size_t width = 0;
  // Index into ClusterFile::type_names (in ClusterFile::hosts) or
  // cluster_names (in ClusterFile::cluster_hosts).
  size_t type = 0;
};

// An opened table with the bytes it reads (the handle points into them).
struct OpenedTable {
  std::vector<uint64_t> words;  // the bytes, 8-byte aligned
  hetcast_table table = {};
};

// One entry of "sizes".
struct SizeRule {
  uint64_t min_bytes = 0, max_bytes = 0;  // both included
  bool plan = false;                      // false: hand to MPI_Bcast
  // Not plan: the MPI library's algorithm by its name ("": its default).
  std::string mpi_algorithm;
  bool trees = false;    // model trees (degree_tree.h)
  bool cluster = false;  // model cluster; neither: the node model
  hetcast_algorithm algorithm = HETCAST_ALGORITHM_NONE;
  uint64_t segment_bytes = 0;
  std::vector<uint64_t> costs;  // one per type
  // Model trees: one per type, 1 .. kMaxLinkValue; empty otherwise.
  std::vector<uint64_t> send_ps_per_byte, receive_ps_per_byte;
  // Model trees with sites: one per cluster (each cluster a site behind its
  // uplink), 1 .. kMaxLinkValue; empty: no sites.
  std::vector<uint64_t> uplink_ps_per_byte;
  std::shared_ptr<OpenedTable> table;  // null: none
  // Model cluster: C (>= 1) and the file's cluster count; local_us (one per
  // cluster, or empty) and inter_us are informational.
  uint64_t inter_cost = 0;
  size_t cluster_count = 0;
  std::vector<double> local_us;
  double inter_us = 0;
  double predicted_us = 0, measured_us = 0, mpi_us = 0;
};

struct ClusterFile {
  std::string name;
  std::vector<std::string> type_names;
  std::vector<HostPattern> hosts;
  std::vector<std::string> cluster_names;  // empty: the file has none
  std::vector<HostPattern> cluster_hosts;  // every cluster's patterns
  std::vector<SizeRule> sizes;             // in increasing min_bytes, disjoint
  // FNV-1a (64-bit) of the file's bytes and of every table's bytes: ranks
  // whose hashes are equal read the same configuration.
  uint64_t hash = 0;
};

// Parses a cluster file's text. Relative table paths are taken from
// `folder` ("" for the current folder). On failure returns false and sets
// `*error` to a one-line message naming the field ("sizes[2]: min_bytes
// 4096 is above max_bytes 1024").
bool ParseClusterFile(const std::string& json, const std::string& folder,
                      ClusterFile* out, std::string* error);

// Reads and parses the file at `path` (errors as ParseClusterFile's, and
// "cannot read PATH: REASON").
bool ReadClusterFile(const std::string& path, ClusterFile* out,
                     std::string* error);

// The type of host `host`: the entries that match its full name, or else
// its short name (up to the first '.'), must all name one type. False with
// a message when none matches or two types do.
bool TypeOfHost(const ClusterFile& file, const std::string& host, size_t* type,
                std::string* error);

// The cluster of host `host` (an index into cluster_names), by the same
// rules as TypeOfHost over the clusters' host entries. False with a message
// when the file has clusters and none or two match; when the file has no
// clusters, true with *cluster = 0.
bool ClusterOfHost(const ClusterFile& file, const std::string& host,
                   size_t* cluster, std::string* error);

// The rule of a message of `bytes` bytes; nullptr when no range holds it.
const SizeRule* RuleForSize(const ClusterFile& file, uint64_t bytes);

// FNV-1a (64-bit) of `size` bytes, continuing from `hash`.
uint64_t Fnv1a(uint64_t hash, const void* data, size_t size);
constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ull;

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_CLUSTER_FILE_H_
