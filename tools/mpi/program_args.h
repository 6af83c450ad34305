// program_args.h: `--name=value` flags of the MPI programs (calibrate,
// bench). They are also compiled by smpicxx outside Bazel (smpi/), so they
// use only the standard library, not Abseil's flags.

#ifndef HETCAST_TOOLS_MPI_PROGRAM_ARGS_H_
#define HETCAST_TOOLS_MPI_PROGRAM_ARGS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

class ProgramArgs {
 public:
  // Parses argv[1..]; every argument must be `--name=value` (or, with
  // `separate_values`, `--name` followed by its value) with a name in
  // `known`. On failure error() is non-empty.
  ProgramArgs(int argc, char** argv, const std::vector<std::string>& known,
              bool separate_values = false);

  const std::string& error() const { return error_; }
  bool Has(const std::string& name) const { return values_.count(name) != 0; }
  std::string String(const std::string& name, const std::string& fallback);
  // A non-negative integer; records an error naming the flag otherwise.
  uint64_t Unsigned(const std::string& name, uint64_t fallback);
  // A comma-separated list of non-negative integers.
  std::vector<uint64_t> UnsignedList(const std::string& name);

 private:
  std::map<std::string, std::string> values_;
  std::string error_;
};

// What calibrate's flags ask for (tools/mpi/calibrate.cc's top comment),
// checked. MPI-free, so that the fuzz target reads it too.
struct CalibrateInput {
  std::vector<int> rank_types, rank_clusters;
  size_t type_count = 0, cluster_count = 0;  // cluster_count 0: no clusters
  int bytes = 0, repeats = 0;
  uint64_t tick_ns = 1;
  uint64_t limit = 20;  // the profile's limit per type
  std::string name;     // the profile's name
};

// The type (or cluster) count of a per-rank label list, or 0 when its
// length is not `size` or a label in 0 .. max has no rank.
size_t LabelCount(const std::vector<uint64_t>& labels, int size);

// Reads calibrate's flags for a communicator of `size` ranks into `input`.
// Returns "" or the first problem, naming the flag and its limit: --size
// and --repeats 1 .. INT_MAX, --tick-ns >= 1, one type (and cluster) per
// rank with every label 0 .. max used, --limit 1 .. 2^25, a --name of
// printable ASCII without quotes or backslashes (it is written into the
// profile's JSON as it is).
std::string ReadCalibrateInput(ProgramArgs* args, int size,
                               CalibrateInput* input);

// "1024", "1024B", "1KiB", "64MiB", "1GiB" (binary units): a byte count.
// False on anything else or past 2^64 - 1.
bool ParseByteSize(const std::string& text, uint64_t* bytes);

// --sizes MIN:MAX: the sizes hetcast-calibrate times, MIN, every power of
// two between, and MAX (1 <= MIN <= MAX <= INT_MAX). "" or the problem.
std::string ReadSizeRange(const std::string& text,
                          std::vector<uint64_t>* sizes);

// What hetcast-calibrate's flags ask for when it writes a cluster file
// (tools/mpi/calibrate.cc's top comment), checked.
struct ClusterCalibrateInput {
  std::vector<uint64_t> sizes;  // ReadSizeRange's
  std::string out;              // the cluster file's path
  int repeats = 3;              // per timed measurement, 1 .. 1000
  double min_gap = 0.10;        // GroupHostsByCost's
  std::string name;             // the cluster file's name
  // --decide=plan (test-only): every range runs the plan whatever the
  // timings, so that a test on shared cores knows what the file says.
  bool plan_always = false;
};

// Reads --sizes, --out, --repeats, --min-gap, --name and --decide for a
// communicator of `size` ranks. "" or the first problem, naming the flag.
std::string ReadClusterCalibrateInput(ProgramArgs* args, int size,
                                      ClusterCalibrateInput* input);

// The profile JSON calibrate writes (`hetcast gen --profile`): `name`, and
// per cost one type "type<j>" with that cost and `limit`. `name` as
// ReadCalibrateInput accepts it: it is written without escaping.
std::string CalibratedProfileJson(const std::string& name,
                                  const std::vector<uint64_t>& costs,
                                  uint64_t limit);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_PROGRAM_ARGS_H_
