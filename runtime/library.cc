// library.cc: what the whole library shares (hetcast.h, "Common
// definitions"): its version, the descriptions of its status codes, the
// sentence of a failure that is its status alone, and the algorithms of
// each model by index and by name, read from the models' algorithm tables
// (cluster/, nonblocking/, node/ and graph/algorithms.h).
#include "runtime/cluster/algorithms.h"
#include "runtime/graph/algorithms.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/algorithms.h"
#include "runtime/nonblocking/algorithms.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// The node model's pinnable rows, in order.
hetcast_algorithm PinnableNodeAlgorithm(size_t index) {
  for (size_t i = 0; NodeAlgorithmAt(i) != nullptr; ++i) {
    if (NodeAlgorithmAt(i)->pinnable && index-- == 0) {
      return NodeAlgorithmAt(i)->algorithm;
    }
  }
  return HETCAST_ALGORITHM_NONE;
}

// The name of `algorithm` in its model's table, or nullptr.
const char* TableName(hetcast_algorithm algorithm) {
  if (const char* name = ClusterAlgorithmName(algorithm)) return name;
  if (const NodeAlgorithm* row = FindNodeAlgorithm(algorithm)) return row->name;
  if (const NonblockingAlgorithm* row = FindNonblockingAlgorithm(algorithm))
    return row->name;
  if (const GraphAlgorithm* row = FindGraphAlgorithm(algorithm)) {
    return row->name;
  }
  return nullptr;
}

hetcast_algorithm ModelAlgorithm(hetcast_model model, size_t index) {
  switch (model) {
    case HETCAST_MODEL_NODE:
      return PinnableNodeAlgorithm(index);
    case HETCAST_MODEL_CLUSTER:
      return ClusterAlgorithmAt(index);
    case HETCAST_MODEL_NONBLOCKING:
      return NonblockingAlgorithmAt(index)
                 ? NonblockingAlgorithmAt(index)->algorithm
                 : HETCAST_ALGORITHM_NONE;
    case HETCAST_MODEL_GRAPH:
      return GraphAlgorithmAt(index) ? GraphAlgorithmAt(index)->algorithm
                                     : HETCAST_ALGORITHM_NONE;
  }
  return HETCAST_ALGORITHM_NONE;
}

// The descriptions of the status codes (hetcast_status_str), each an
// object of its own. As literals in a switch that the compiler turns into a
// table, they would share the one-file build's (the amalgamation's) common
// string section, which a linker keeps whole: 1.6 KB of other functions'
// messages in a firmware that only reads tables, whose queries give these
// descriptions as their reasons (StatusWhy).
constexpr char kStatusOk[] = "ok";
constexpr char kStatusInvalidArgument[] = "invalid argument";
constexpr char kStatusOverflow[] = "a time or count overflows 64 bits";
constexpr char kStatusTooLarge[] =
    "request over a size limit (nodes, types or work)";
constexpr char kStatusWorkspaceTooSmall[] = "workspace too small";
constexpr char kStatusOutputTooSmall[] = "output array too small";
constexpr char kStatusInvalidSchedule[] = "invalid schedule";
constexpr char kStatusNotInTable[] = "request not in table";
constexpr char kStatusInvalidTable[] = "invalid table";
constexpr char kStatusUnknown[] = "unknown status";

}  // namespace

const char* StatusWhy(hetcast_status status) {
  return hetcast_status_str(status);
}

extern "C" {

HETCAST_API int hetcast_version_number(void) { return HETCAST_VERSION_NUMBER; }

HETCAST_API const char* hetcast_status_str(hetcast_status status) {
  switch (status) {
    case HETCAST_OK:
      return kStatusOk;
    case HETCAST_INVALID_ARGUMENT:
      return kStatusInvalidArgument;
    case HETCAST_OVERFLOW:
      return kStatusOverflow;
    case HETCAST_TOO_LARGE:
      return kStatusTooLarge;
    case HETCAST_WORKSPACE_TOO_SMALL:
      return kStatusWorkspaceTooSmall;
    case HETCAST_OUTPUT_TOO_SMALL:
      return kStatusOutputTooSmall;
    case HETCAST_INVALID_SCHEDULE:
      return kStatusInvalidSchedule;
    case HETCAST_NOT_IN_TABLE:
      return kStatusNotInTable;
    case HETCAST_INVALID_TABLE:
      return kStatusInvalidTable;
  }
  return kStatusUnknown;
}

HETCAST_API hetcast_algorithm hetcast_model_algorithm(hetcast_model model,
                                                      size_t index) {
  return ModelAlgorithm(model, index);
}

HETCAST_API const char* hetcast_algorithm_name(hetcast_algorithm algorithm) {
  if (algorithm == HETCAST_ALGORITHM_EVALUATED) return "evaluated";
  const char* name = TableName(algorithm);
  return name != nullptr ? name : "none";
}

}  // extern "C"

}  // namespace internal
}  // namespace hetcast
