// pmpi_counts.cc: the profiling-interface wrappers of pmpi_counts.h.

#include "tests/mpi/pmpi_counts.h"

#include <mpi.h>

namespace hetcast {
namespace mpi_test {
namespace {
CallCounts counts;
}  // namespace

CallCounts Counts() { return counts; }
void ResetCounts() { counts = CallCounts(); }

}  // namespace mpi_test
}  // namespace hetcast

using hetcast::mpi_test::counts;

extern "C" {

int MPI_Send(const void* buffer, int count, MPI_Datatype datatype, int dest,
             int tag, MPI_Comm comm) {
  ++counts.sends;
  return PMPI_Send(buffer, count, datatype, dest, tag, comm);
}

int MPI_Isend(const void* buffer, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request* request) {
  ++counts.sends;
  return PMPI_Isend(buffer, count, datatype, dest, tag, comm, request);
}

int MPI_Recv(void* buffer, int count, MPI_Datatype datatype, int source,
             int tag, MPI_Comm comm, MPI_Status* status) {
  ++counts.receives;
  return PMPI_Recv(buffer, count, datatype, source, tag, comm, status);
}

int MPI_Irecv(void* buffer, int count, MPI_Datatype datatype, int source,
              int tag, MPI_Comm comm, MPI_Request* request) {
  ++counts.receives;
  return PMPI_Irecv(buffer, count, datatype, source, tag, comm, request);
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root,
              MPI_Comm comm) {
  ++counts.bcasts;
  return PMPI_Bcast(buffer, count, datatype, root, comm);
}

int MPI_Allgather(const void* send, int send_count, MPI_Datatype send_type,
                  void* receive, int receive_count, MPI_Datatype receive_type,
                  MPI_Comm comm) {
  ++counts.allgathers;
  return PMPI_Allgather(send, send_count, send_type, receive, receive_count,
                        receive_type, comm);
}

}  // extern "C"
