#!/usr/bin/env bash
# tests/mpi/interpose_build_test.sh AMALGAMATION CLIENT EXAMPLE_RUN
#
# libhetcast_mpi built without Bazel, the way a cluster builds it: the
# command that the amalgamation's first lines document, with MPICH's
# wrapper as the site's mpicxx (at -O0 instead of -O2: the suite's time;
# the optimised build is //tools/mpi:libhetcast_mpi_openmpi.so, from the
# same source). The library must export MPI_Bcast and none of hetcast's
# own functions, and the example's command (EXAMPLE_RUN, examples/mpi/run.sh)
# must have the broadcast of an unmodified client (CLIENT, bcast_check.c
# built by mpicc.mpich) planned on every rank with the right bytes.
set -euo pipefail
amalgamation=$(realpath "$1")
client=$(realpath "$2")
run_example=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

line=$(sed -n 's/^ \*   \(mpicxx .*\)$/\1/p' "$amalgamation")
[[ -n "$line" ]] || fail "the amalgamation documents no mpicxx line"
echo "documented: $line"
cp "$amalgamation" .
command=${line/mpicxx/mpicxx.mpich}
command=${command/-O2/-O0}
echo "running: $command"
eval "$command"

# Strong symbols: MPI_Bcast only (the C++ standard library's template
# instantiations are weak symbols of default visibility in any C++ library).
exported=$(nm -D --defined-only libhetcast_mpi.so | awk '$2 ~ /^[TDBR]$/ { print $3 }')
[[ "$exported" == MPI_Bcast ]] || fail "exports: $exported"

# The example's commands (examples/mpi/run.sh: 4 ranks on three hosts, the
# example cluster file), with the library just built.
HETCAST_STATS=$work/stats.jsonl "$run_example" "$work/libhetcast_mpi.so" \
  "$client" quick >out 2>err || fail "the example: $(cat out err)"
grep -qx "wrong: 0" out || fail "wrong bytes: $(cat out)"
grep -q "1024..67108864 bytes: hetcast's plan" err ||
  fail "no verbose line: $(cat err)"
[[ $(grep -c '"planned": 1, "handed_over": 0' stats.jsonl) == 4 ]] ||
  fail "not planned on every rank: $(cat stats.jsonl err)"
echo "PASS"
