#!/usr/bin/env bash
# tests/mpi/interpose_build_test.sh AMALGAMATION CLIENT
#
# libhetcast_mpi built without Bazel, the way a cluster builds it: the
# command that the amalgamation's first lines document, with MPICH's
# wrapper as the site's mpicxx (at -O0 instead of -O2: the suite's time;
# the optimised build is //tools/mpi:libhetcast_mpi_openmpi.so, from the
# same source). The library must export the MPI entry point only, and a
# preloaded unmodified client (CLIENT, bcast_check.c built by mpicc.mpich)
# must have its broadcast planned with the right bytes.
set -euo pipefail
# The sanitizer rerun of the suite: nothing here is instrumented (the
# compile is the site's, outside Bazel), so the normal pass has checked it.
if [[ -n "${HETCAST_SANITIZER_RUN:-}" ]]; then
  echo "skipped in the sanitizer run"
  exit 0
fi
amalgamation=$(realpath "$1")
client=$(realpath "$2")
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

cat >cluster.json <<'JSON'
{"version": 1, "types": [{"name": "fast", "cost": 2}, {"name": "slow", "cost": 5}],
 "hosts": [{"name": "h0", "type": "fast"}, {"name": "h1", "type": "slow"}],
 "sizes": [{"min_bytes": 1024, "max_bytes": 8192, "action": "plan"}]}
JSON
HETCAST_CONFIG=cluster.json HETCAST_HOSTNAME_OVERRIDE=h0,h1 \
  HETCAST_STATS=stats.jsonl LD_PRELOAD=$work/libhetcast_mpi.so \
  timeout 60 mpiexec.mpich -n 2 "$client" quick >out 2>err ||
  fail "the client: $(cat out err)"
grep -qx "wrong: 0" out || fail "wrong bytes: $(cat out)"
[[ $(grep -c '"planned": 1, "handed_over": 0' stats.jsonl) == 2 ]] ||
  fail "not planned on both ranks: $(cat stats.jsonl err)"
echo "PASS"
