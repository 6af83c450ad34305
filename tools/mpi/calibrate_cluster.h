// calibrate_cluster.h: hetcast-calibrate's main mode, which writes the
// cluster file of libhetcast_mpi (calibrate.cc's top comment says what it
// measures and decides).

#ifndef HETCAST_TOOLS_MPI_CALIBRATE_CLUSTER_H_
#define HETCAST_TOOLS_MPI_CALIBRATE_CLUSTER_H_

#include "tools/mpi/program_args.h"

namespace hetcast {
namespace mpi {

// Collective over MPI_COMM_WORLD: measures, decides and writes
// `input.out`. Returns the process's exit status, the same on every rank:
// 0, 1 (a measurement, a plan or the output failed) or 2 (bad input).
int CalibrateClusterFile(const ClusterCalibrateInput& input);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_CALIBRATE_CLUSTER_H_
