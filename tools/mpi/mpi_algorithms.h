// mpi_algorithms.h: the MPI library's own broadcast algorithms, chosen by a
// running process through MPI_T control variables (MPI 3.1, 14.3.6), so
// that hetcast-calibrate can time each and libhetcast_mpi can hand a size
// range to the fastest (the cluster file's "mpi_algorithm").
//
//  - Open MPI: coll_tuned_bcast_algorithm, read when a communicator's
//    collectives are set up: a communicator duplicated while it is written
//    runs that algorithm. Names from its MPI_T enum. It takes effect only
//    with coll_tuned_use_dynamic_rules, which is read-only once MPI is
//    initialized: AllowMpiAlgorithmChoice sets it in the environment before
//    MPI_Init (with no algorithm written, the dynamic rules fall back to the
//    fixed ones, MPI's default choice).
//  - MPICH 4.0.2 reads its algorithm variables at MPI_Init only: none
//    (mpi_algorithms.cc says what was measured). Nor SimGrid SMPI, which
//    has no control variables.

#ifndef HETCAST_TOOLS_MPI_MPI_ALGORITHMS_H_
#define HETCAST_TOOLS_MPI_MPI_ALGORITHMS_H_

#include <mpi.h>

#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

// Sets OMPI_MCA_coll_tuned_use_dynamic_rules=1 when it is unset; call before
// MPI_Init. Harmless to other libraries.
void AllowMpiAlgorithmChoice();

struct MpiAlgorithm {
  std::string name;  // the library's own ("scatter_allgather_ring")
  int value = 0;     // the control variable's value
};

struct MpiAlgorithms {
  std::string variable;            // the control variable's name
  std::vector<MpiAlgorithm> list;  // without the library's default
  std::string why_none;            // list empty: why (one line)
};

// The running library's algorithms (local; after MPI_Init).
MpiAlgorithms FindMpiAlgorithms();

// The entry of `name`, or nullptr.
const MpiAlgorithm* FindMpiAlgorithm(const MpiAlgorithms& algorithms,
                                     const std::string& name);

// Collective over `comm`: in *chosen a duplicate of `comm` made while the
// variable holds `algorithm`, whose MPI_Bcast runs it (free it with
// PMPI_Comm_free). An MPI error code, or MPI_ERR_OTHER when the variable
// cannot be written (nothing made).
int CommForAlgorithm(const MpiAlgorithms& algorithms,
                     const MpiAlgorithm& algorithm, MPI_Comm comm,
                     MPI_Comm* chosen);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_MPI_ALGORITHMS_H_
