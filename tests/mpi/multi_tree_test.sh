#!/usr/bin/env bash
# tests/mpi/multi_tree_test.sh CHECK: the pipelined multi-tree broadcast's
# check (multi_tree_check.cc) under MPICH's mpiexec with 4, 8 and 16 ranks;
# most trials at 4 ranks, since ranks beyond the 2 cores poll while they
# wait. Each run is bounded: a deadlock fails the test instead of hanging.
set -euo pipefail
check=$1
run() {  # RANKS SEED TRIALS
  timeout 120 mpiexec.mpich -n "$1" "$check" "$2" "$3"
}
if [[ -n "${HETCAST_SANITIZER_RUN:-}" ]]; then
  run 4 1 10
  run 8 2 2
else
  run 4 1 30
  run 8 2 4
  run 16 3 1
fi
