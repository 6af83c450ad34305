/* tools/mpi/lmm_flows.c: the smallest program found that crashes SimGrid
 * 3.32's bandwidth solver, and the check that --cfg=maxmin/precision
 * avoids it (docs/mpi-results.md, "SimGrid 3.32's solver and many
 * flows"). Every rank posts M receives of B bytes from the previous rank
 * and M sends of B bytes to the next rank at once, then waits: ranks * M
 * flows share the cluster's backbone. Rank 0 prints the simulated time.
 *
 *   smpicc -O1 tools/mpi/lmm_flows.c -o lmm_flows
 *   bazel run //tools/mpi:smpi_platform -- --kind=mixed --ranks=64 \
 *       --seed=2026 --out=/tmp/p
 *   smpirun --cfg=smpi/simulate-computation:no -np 64 \
 *       -platform /tmp/p/platform.xml -hostfile /tmp/p/hostfile \
 *       ./lmm_flows M 8192
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int m = argc == 3 ? atoi(argv[1]) : 0;
  const int b = argc == 3 ? atoi(argv[2]) : 0;
  if (m < 1 || b < 1) {
    if (rank == 0) fprintf(stderr, "usage: lmm_flows MESSAGES BYTES\n");
    MPI_Finalize();
    return 2;
  }
  char* out = calloc((size_t)m, (size_t)b);
  char* in = calloc((size_t)m, (size_t)b);
  MPI_Request* requests = malloc(sizeof(MPI_Request) * 2 * (size_t)m);
  if (!out || !in || !requests) MPI_Abort(MPI_COMM_WORLD, 1);
  for (int k = 0; k < m; ++k) {
    MPI_Irecv(in + (size_t)k * b, b, MPI_CHAR, (rank + size - 1) % size, 0,
              MPI_COMM_WORLD, &requests[k]);
  }
  for (int k = 0; k < m; ++k) {
    MPI_Isend(out + (size_t)k * b, b, MPI_CHAR, (rank + 1) % size, 0,
              MPI_COMM_WORLD, &requests[m + k]);
  }
  MPI_Waitall(2 * m, requests, MPI_STATUSES_IGNORE);
  if (rank == 0) printf("seconds=%.9f\n", MPI_Wtime());
  free(requests);
  free(in);
  free(out);
  MPI_Finalize();
  return 0;
}
