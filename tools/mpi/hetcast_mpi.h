/* hetcast_mpi.h: hetcast's schedules executed with MPI point-to-point calls.
 *
 * A broadcast or multicast in MPI's calling style (buffer, count, datatype,
 * root, communicator) plus what the plan needs: the model and this rank's
 * place in it (its node type, or its cluster) and an optional exact table.
 * Every rank plans its own part with hetcast_plan_participant(); the only
 * communication besides the message itself is one MPI_Allgather per
 * communicator and model, whose result is cached on the communicator as an
 * MPI attribute (the way MPI libraries cache their topology data).
 *
 * Conventions:
 *  - Collective: every rank of `comm` calls with the same root, count,
 *    datatype, destinations and model parameters, as for MPI_Bcast. A
 *    rank's type (cluster) and table must stay the same for a communicator
 *    and model once gathered; to change them, use a new communicator
 *    (MPI_Comm_dup). A rank whose type or table differs from what was
 *    gathered gets HETCAST_MPI_ERR_CHANGED (erroneous use, like passing
 *    another root: the others cannot know it and may wait).
 *  - Errors: HETCAST_MPI_SUCCESS (= MPI_SUCCESS) or one of the
 *    HETCAST_MPI_ERR_* classes below. Every error listed as "every rank" is
 *    decided from data all ranks hold (the arguments or the gathered
 *    types), so every rank returns it, before any point-to-point message:
 *    no rank waits for one that gave up. HETCAST_MPI_Error_string() gives
 *    the class's text, HETCAST_MPI_Last_error() this thread's last detailed
 *    message ("rank 3 has node type 7; the model has 3 types").
 *  - Buffers: every rank passes a buffer of `count` elements. The root's is
 *    read; a destination's receives the message; a relay's (a rank the
 *    plan uses to forward without being a destination) is overwritten; the
 *    other ranks' buffers are not touched and those ranks send and receive
 *    nothing.
 *
 *  - Choices per call (tools/mpi/call_rules.h): a broadcast whose plan
 *    offers nothing (homogeneous communicator) or that calibration predicts
 *    MPI to do at least as fast (params.mpi_bcast_ticks) is handed to
 *    MPI_Bcast, unless params.algorithm pins the planner's algorithm; with
 *    params.segment_bytes a large message travels the tree in pipelined
 *    segments.
 *
 * Mapping from ranks to the planner's canonical ids (deterministic; nodes of
 * one type are interchangeable in the node model, processors of one cluster
 * in the cluster model, so any fixed bijection gives the planned times):
 *  - Node model: the root is id 0. Destinations of type 0 take the next ids
 *    in increasing rank order, then destinations of type 1, ...; then the
 *    non-destination ranks (relays) of type 0, type 1, ..., each group in
 *    increasing rank order (HETCAST_MPI_Mcast with relays allowed; without
 *    them those ranks are left out of the request).
 *  - Cluster model: the root's cluster is canonical cluster 0, the other
 *    clusters that have ranks follow in increasing label order. Within a
 *    cluster the root (cluster 0 only) comes first, then the destinations,
 *    then the other ranks (the helpers of LCF Multicast), each in
 *    increasing rank order. Ids are cluster-major.
 *  - Non-blocking model: node i is rank i.
 */
#ifndef HETCAST_TOOLS_MPI_HETCAST_MPI_H_
#define HETCAST_TOOLS_MPI_HETCAST_MPI_H_

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"
#include "tools/mpi/hetcast_mpi_params.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error classes (values pinned; 0 is MPI_SUCCESS). */
#define HETCAST_MPI_SUCCESS 0
/* An argument every rank passes is wrong: count <= 0, a NULL buffer,
 * MPI_DATATYPE_NULL, a NULL or malformed parameter struct (a table handle
 * that was never opened included), a destination out of range. */
#define HETCAST_MPI_ERR_ARG 1
/* The communicator has a single rank or is MPI_COMM_NULL. */
#define HETCAST_MPI_ERR_COMM 2
/* The root is outside the communicator. */
#define HETCAST_MPI_ERR_ROOT 3
/* A rank's node type is outside the model's types, or its cluster label
 * outside 0 .. cluster_count - 1 (the message names the rank). */
#define HETCAST_MPI_ERR_TYPE 4
/* The ranks' tables (content hash) or model parameters differ. */
#define HETCAST_MPI_ERR_MISMATCH 5
/* The planner refused the request (the message carries its reason). */
#define HETCAST_MPI_ERR_PLAN 6
/* An MPI call failed (the message names it and MPI's error string). */
#define HETCAST_MPI_ERR_MPI 7
/* This rank's type or table differs from what was gathered on the
 * communicator (see the conventions). */
#define HETCAST_MPI_ERR_CHANGED 8
/* Memory for the plan could not be allocated. */
#define HETCAST_MPI_ERR_NO_MEM 9

/* Broadcast from `root` to every rank of `comm` along hetcast's plan. */
int HETCAST_MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root,
                      MPI_Comm comm, const HETCAST_MPI_Params* params);

/* Multicast from `root` to the `destination_count` ranks in `destinations`
 * (distinct, none the root; the same list on every rank). With
 * `allow_relays` nonzero the other ranks may forward (node model: relays,
 * Khuller & Kim §7; cluster model: the helpers of LCF Multicast, which are
 * always allowed). */
int HETCAST_MPI_Mcast(void* buffer, int count, MPI_Datatype datatype, int root,
                      const int* destinations, int destination_count,
                      int allow_relays, MPI_Comm comm,
                      const HETCAST_MPI_Params* params);

/* Multicasts of the non-blocking model (Wu, Yeh & Liu), several sources at
 * once: `request`
 * (the same on every rank; node i is rank i, node_count the communicator's
 * size) names each message's source and destinations and the costs; the
 * planner's Work-Racing-Preemptive (or `algorithm` when not NONE) plans the
 * task lists. buffers[k] is message k's buffer of
 * request->messages[k].length elements of `datatype` on its source and
 * destinations (may be NULL elsewhere). Each rank runs its own task list in
 * order: sends as MPI_Isend, receives as blocking MPI_Recv (tag = message
 * index), then waits for its sends. */
int HETCAST_MPI_Multicast_multi(void* const* buffers, MPI_Datatype datatype,
                                const hetcast_nonblocking_request* request,
                                hetcast_algorithm algorithm, MPI_Comm comm);

/* The text of an error class (static). Sets *resultlen like
 * MPI_Error_string; `string` needs MPI_MAX_ERROR_STRING bytes. */
int HETCAST_MPI_Error_string(int errorcode, char* string, int* resultlen);

/* This thread's last detailed error message ("" when the last call
 * succeeded). Valid until the next call of this library on the thread. */
const char* HETCAST_MPI_Last_error(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HETCAST_TOOLS_MPI_HETCAST_MPI_H_ */
