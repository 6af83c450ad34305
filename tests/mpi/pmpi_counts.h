// pmpi_counts.h: counts the point-to-point calls and gathers this process
// makes, through MPI's profiling interface (the test defines MPI_Send & co.
// and forwards to PMPI_Send & co.). Test-only.

#ifndef HETCAST_TESTS_MPI_PMPI_COUNTS_H_
#define HETCAST_TESTS_MPI_PMPI_COUNTS_H_

namespace hetcast {
namespace mpi_test {

struct CallCounts {
  long sends = 0;       // MPI_Send and MPI_Isend
  long receives = 0;    // MPI_Recv and MPI_Irecv
  long allgathers = 0;  // MPI_Allgather
  long bcasts = 0;      // MPI_Bcast
};

// The counts since the last ResetCounts().
CallCounts Counts();
void ResetCounts();

}  // namespace mpi_test
}  // namespace hetcast

#endif  // HETCAST_TESTS_MPI_PMPI_COUNTS_H_
