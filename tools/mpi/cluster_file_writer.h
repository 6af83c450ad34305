// cluster_file_writer.h: the cluster file's text (tables/cluster_file.fbs)
// from what hetcast-calibrate found. MPI-free. The text is read back with
// ParseClusterFile (cluster_file.h) before anything is written.

#ifndef HETCAST_TOOLS_MPI_CLUSTER_FILE_WRITER_H_
#define HETCAST_TOOLS_MPI_CLUSTER_FILE_WRITER_H_

#include <cstdint>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

struct DraftType {
  std::string name;
  uint64_t cost = 1;               // ticks, >= 1
  std::vector<std::string> hosts;  // names or bracket ranges
};

struct DraftCluster {
  std::string name;
  std::vector<std::string> hosts;  // names or bracket ranges
};

// One size range: "mpi", or "plan" with the node model and per-type costs
// (FNF, or the exact table embedded in the file when `table_data` holds
// one), with model trees and per-type link rates, or with model cluster
// and its inter_cost; its segment size.
struct DraftRange {
  uint64_t min_bytes = 0, max_bytes = 0;
  bool plan = false;
  std::string mpi_algorithm;  // not plan: MPI's algorithm ("": its default)
  bool trees = false;         // model trees
  bool cluster = false;       // model cluster; neither: the node model
  uint64_t segment_bytes = 0;
  std::vector<uint64_t> costs;  // node model: one per type
  // Node model: a table file's bytes and content hash, or empty (FNF).
  std::string table_data;
  uint64_t table_hash = 0;
  // Model trees: one per type; uplinks one per cluster, or none.
  std::vector<uint64_t> send_ps_per_byte, receive_ps_per_byte;
  std::vector<uint64_t> uplink_ps_per_byte;
  // Model cluster: C, and the informational figures (one per cluster).
  uint64_t inter_cost = 0;
  std::vector<double> local_us;
  double inter_us = 0;
  double predicted_us = 0, measured_us = 0, mpi_us = 0;
};

struct ClusterFileDraft {
  std::string name;
  std::vector<DraftType> types;
  std::vector<DraftCluster> clusters;  // empty: none
  std::vector<DraftRange> sizes;
};

// Whether two ranges run the same thing ("mpi" with the same algorithm, or
// "plan" with the same model, segments, costs, table, rates, uplinks and
// inter_cost).
bool SameRule(const DraftRange& a, const DraftRange& b);

// Adjacent ranges (each `max_bytes + 1` the next one's `min_bytes`) that
// run the same thing become one; the merged range keeps the times of its
// largest size (its last).
std::vector<DraftRange> MergeRanges(const std::vector<DraftRange>& ranges);

// The cluster file's JSON text (version kClusterFileVersion), one entry per
// line, strings escaped.
std::string ClusterFileJson(const ClusterFileDraft& draft);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_CLUSTER_FILE_WRITER_H_
