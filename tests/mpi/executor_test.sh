#!/usr/bin/env bash
# tests/mpi/executor_test.sh CHECK TABLE: runs the MPI executor's check
# (executor_check.cc) under MPICH's mpiexec with several rank counts and
# seeds. 8 and 16 ranks on 2 cores oversubscribe the machine, and MPICH's
# ranks poll while they wait: a trial takes about 0.35 s at 4 ranks, 1.7 s at
# 8 and 3.6 s at 16, so most trials run at 4 ranks and few at 8 and 16.
set -euo pipefail
check=$1
table=$2
run() {  # RANKS SEED TRIALS
  echo "== mpiexec -n $1: seed $2, $3 trials per kind"
  timeout 120 mpiexec.mpich -n "$1" "$check" "$2" "$3" "$table"
}
# The sanitizer rerun of the suite (tools/run_tests.sh sets
# HETCAST_SANITIZER_RUN): half the trials at 4 ranks, one at 8, none at 16
# (the normal run's; the bad-input cases run in full at every rank count
# run).
if [[ -n "${HETCAST_SANITIZER_RUN:-}" ]]; then
  run 4 1 8
  run 8 2 1
else
  run 4 1 16
  run 8 2 2
  run 16 3 1
fi
