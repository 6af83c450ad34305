#!/usr/bin/env bash
# tests/mpi/executor_test.sh CHECK TABLE: runs the MPI executor's check
# (executor_check.cc) under MPICH's mpiexec with several rank counts and
# seeds. 16 ranks on 2 cores oversubscribe the machine: fewer trials there.
set -euo pipefail
check=$1
table=$2
run() {  # RANKS SEED TRIALS
  echo "== mpiexec -n $1: seed $2, $3 trials per kind"
  timeout 120 mpiexec -n "$1" "$check" "$2" "$3" "$table"
}
run 4 1 16
run 8 2 8
run 16 3 3
