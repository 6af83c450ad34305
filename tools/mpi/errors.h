// errors.h: the executor's error classes with a detailed message per thread.

#ifndef HETCAST_TOOLS_MPI_ERRORS_H_
#define HETCAST_TOOLS_MPI_ERRORS_H_

#include <mpi.h>

#include <string>

namespace hetcast {
namespace mpi {

// Records `message` as this thread's last error and returns `code`.
int Fail(int code, const std::string& message);

// Clears the last error and returns HETCAST_MPI_SUCCESS.
int Succeed();

// Checks an MPI call's result: HETCAST_MPI_ERR_MPI with the call's name and
// MPI's error string, or HETCAST_MPI_SUCCESS.
int CheckMpi(int mpi_result, const char* call);

// HETCAST_MPI_ERR_ARG for MPI_DATATYPE_NULL, which MPI's calls on it would
// treat as a fatal error (the default handler aborts every rank).
int CheckDatatype(MPI_Datatype datatype);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_ERRORS_H_
