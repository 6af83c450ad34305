/* finalize_shim.c: preloaded into the MPICH ranks that netcluster.py
 * launches (unless --mpich-finalize=real). MPICH 4.0.2 over UCX 1.13's TCP
 * transport hangs in MPI_Finalize on most runs across namespaces: a rank's
 * ucp_disconnect_nb of an endpoint waits for a peer that has already left
 * its own disconnect loop for the launcher's closing barrier, and so never
 * progresses UCX again (seen with gdb: one rank in uct_tcp_iface_progress
 * under PMPI_Finalize, the others in a read from their hydra proxy). This
 * MPI_Finalize waits for every rank and returns without closing UCX: by
 * then every message has been received (the barrier), and the process
 * exits with its program's own status. */
#include <mpi.h>

int MPI_Finalize(void) { return PMPI_Barrier(MPI_COMM_WORLD); }
