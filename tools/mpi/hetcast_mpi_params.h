/* hetcast_mpi_params.h: what HETCAST_MPI_Bcast and HETCAST_MPI_Mcast need
 * besides MPI's arguments (tools/mpi/hetcast_mpi.h). MPI-free, so that the
 * rank mapping (rank_map.h) builds without MPI. */
#ifndef HETCAST_TOOLS_MPI_HETCAST_MPI_PARAMS_H_
#define HETCAST_TOOLS_MPI_HETCAST_MPI_PARAMS_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the node and cluster models need from each rank. Zero-initialise and
 * fill the fields of the model. */
typedef struct HETCAST_MPI_Params {
  hetcast_model model; /* HETCAST_MODEL_NODE or HETCAST_MODEL_CLUSTER. */
  /* Node model: this rank's node type (< type_count); cluster model: its
   * cluster label (< cluster_count). */
  int my_type;
  /* Node model: send cost in ticks per type (the same on every rank). */
  const uint64_t* costs;
  size_t type_count;
  /* Node model, optional (NULL): an opened table; every profile of it is
   * offered to the planner. Its content hash is compared across ranks. */
  const hetcast_table* table;
  /* Cluster model: labels 0 .. cluster_count - 1, inter-cluster cost C in
   * local-transfer units, the postal variant, and optional per-label
   * degree bounds (NULL: unbounded) or a matching bound (0: unbounded). */
  size_t cluster_count;
  uint64_t inter_cost;
  int postal;
  const uint64_t* degrees;
  uint64_t matching;
  /* HETCAST_ALGORITHM_NONE lets the planner choose; otherwise pinned. */
  hetcast_algorithm algorithm;
  /* Segments (tools/mpi/call_rules.h): 0 sends the whole message per
   * transfer; S > 0 sends a message of at least 2 S bytes down the tree in
   * pipelined segments of S bytes (whole elements). tools/mpi/calibrate
   * measures which S is fastest. */
  size_t segment_bytes;
  /* HETCAST_MPI_Bcast only: MPI_Bcast's calibrated completion on the
   * scale of the plan's predicted completion (tools/mpi/calibrate writes
   * it as planned * measured MPI_Bcast / measured HETCAST_MPI_Bcast). The
   * call goes to MPI_Bcast when this is nonzero and at most the plan's
   * predicted completion. 0: unknown (only the homogeneous rule). */
  uint64_t mpi_bcast_ticks;
  /* Node model, HETCAST_MPI_Bcast only, optional (both NULL: the node
   * model's plan): per type, the cost of a byte sent by a rank of that type
   * to a fast one and sent to it by a fast one, in picoseconds (1 .. 2^40).
   * With both set the broadcast is for large messages: the ranks run the
   * multi-port degree tree of these rates (tools/mpi/degree_tree.h) in
   * pipelined byte segments of segment_bytes (>= 1) with non-blocking
   * sends (tools/mpi/multi_tree.h); type_count is the rates' length, and
   * costs (may be NULL), table, algorithm and mpi_bcast_ticks are not
   * used. */
  const uint64_t* send_ps_per_byte;
  const uint64_t* receive_ps_per_byte;
  /* Link rates only, optional (site_count 0: every rank on one switch):
   * sites, groups of ranks behind one shared uplink each (a cluster on its
   * own switch; tools/mpi/sites.h). This rank's site (< site_count), and per
   * site its uplink's cost of a byte in picoseconds (1 .. 2^40); the plan
   * is then the degree tree or the weighted site trees that share the
   * uplinks out (tools/mpi/site_trees.h, MultiPortTrees). */
  int my_site;
  size_t site_count;
  const uint64_t* uplink_ps_per_byte;
} HETCAST_MPI_Params;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HETCAST_TOOLS_MPI_HETCAST_MPI_PARAMS_H_ */
