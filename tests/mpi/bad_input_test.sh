#!/usr/bin/env bash
# tests/mpi/bad_input_test.sh CHECK: the MPI executor's bad inputs
# (bad_input_check.cc) under MPICH's mpiexec with 2, 3 and 4 ranks. Each
# run is bounded: a rank that returns while the others wait would hang
# the run, and `timeout` turns that into a failure (a run takes about a
# second).
set -euo pipefail
check=$1
for ranks in 2 3 4; do
  echo "== mpiexec -n $ranks"
  status=0
  timeout 30 mpiexec.mpich -n "$ranks" "$check" || status=$?
  if ((status != 0)); then
    echo "bad_input_test: $ranks ranks: exit status $status" \
      "$( ((status == 124)) && echo "(timed out: a rank waited)")" >&2
    exit 1
  fi
done
echo "bad_input_test: passed"
