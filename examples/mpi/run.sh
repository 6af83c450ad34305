#!/usr/bin/env bash
# examples/mpi/run.sh LIBRARY PROGRAM [ARGS...]
#
# Runs an unmodified MPI program on 4 MPICH ranks with libhetcast_mpi
# (LIBRARY, built for MPICH) preloaded and examples/mpi/cluster.json as the
# cluster file; rank 0 says what runs per size range (HETCAST_VERBOSE=1) and
# every rank appends its counts to HETCAST_STATS (default
# ./hetcast-stats.jsonl). tests/mpi/interpose_build_test.sh runs it.
#
# One machine stands for the hosts login1, node01 and node02 (twice: two
# ranks on one host): HETCAST_HOSTNAME_OVERRIDE is test-only; on a cluster
# each rank's host name comes from MPI_Get_processor_name. With Open MPI:
#   mpirun -n 4 -x HETCAST_CONFIG -x HETCAST_VERBOSE -x HETCAST_STATS \
#     -x LD_PRELOAD=LIBRARY PROGRAM
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
library=$(realpath "$1")
shift
export HETCAST_CONFIG=$here/cluster.json
export HETCAST_VERBOSE=1
export HETCAST_STATS=${HETCAST_STATS:-$PWD/hetcast-stats.jsonl}
export HETCAST_HOSTNAME_OVERRIDE=login1,node01,node02,node02
LD_PRELOAD=$library timeout 60 mpiexec.mpich -n 4 "$@"
