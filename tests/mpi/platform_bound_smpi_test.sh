#!/usr/bin/env bash
# tests/mpi/platform_bound_smpi_test.sh PLATFORM_BOUND SMPI_BENCH PLATFORM:
# the platform file's lower bound on any broadcast (tools/mpi/
# platform_bound.h) against every SMPI broadcast algorithm's simulated time
# (the independent oracle: SimGrid's own simulation of each algorithm), on
# a small mixed platform at 1 KB and 64 KB and on three clusters behind
# their uplinks at 1 KB and 1 MiB (there the uplinks' crossings must be the
# largest term), under the smpirun options of smpi_experiment.sh. Every
# algorithm that finishes must take at least the bound; one that fails or runs past 10 s is reported and
# left out (SMPI 3.32's `automatic` deadlocks, some abort on some
# platforms).
set -euo pipefail
bound_bin=$1
bench=$2
platform=$3
dir=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "platform_bound_smpi_test: $*" >&2; exit 1; }
ALGORITHMS="default arrival_pattern_aware arrival_pattern_aware_wait
  arrival_scatter binomial_tree flattree flattree_pipeline NTSB NTSL
  NTSL_Isend scatter_LR_allgather scatter_rdb_allgather SMP_binary
  SMP_binomial SMP_linear ompi ompi_split_bintree ompi_pipeline mpich mvapich2
  mvapich2_inter_node mvapich2_intra_node mvapich2_knomial_intra_node impi"
least=60
# The sanitizer run (tools/run_tests.sh) checks the sanitized bound program
# against four algorithms: the simulations themselves are the same bytes as
# in the normal run.
if [[ -n "${HETCAST_SANITIZER_RUN:-}" ]]; then
  ALGORITHMS="default binomial_tree flattree scatter_rdb_allgather"
  least=12
fi

checked=0
# kind ranks seed sizes
for case in "mixed 8 11 1024,65536" "clusters 12 2 1024,1048576"; do
  read -r kind ranks seed sizes <<<"$case"
  "$platform" --kind=$kind --ranks=$ranks --seed=$seed --out="$dir" >/dev/null
  for size in ${sizes//,/ }; do
    line=$("$bound_bin" --platform="$dir/platform.xml" \
      --hostfile="$dir/hostfile" --bytes=$size)
    bound=$(grep -oE 'platform_bound_seconds=[0-9.]+' <<<"$line" | cut -d= -f2)
    term=${line#*limiting_link=}
    [[ $kind != clusters || $term == uplinks* ]] ||
      fail "$kind $size: the bound is $term's, not the uplinks'"
    lowest=
    for name in $ALGORITHMS; do
      out=$(timeout 10 smpirun --log=root.thres:critical \
        --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich \
        --cfg=smpi/bcast:$name -np $ranks -platform "$dir/platform.xml" \
        -hostfile "$dir/hostfile" "$bench" --model=mpi --size=$size \
        2>/dev/null || true)
      seconds=$(grep -oE 'mpi_seconds=[^ ]+' <<<"$out" | cut -d= -f2 || true)
      if [[ -z $seconds ]]; then
        echo "$kind $size $name: no time (fails or times out), left out"
        continue
      fi
      awk -v b="$bound" -v s="$seconds" 'BEGIN { exit !(b <= s) }' ||
        fail "$kind $size $name: $seconds s is below the bound $bound s"
      lowest=$(awk -v l="${lowest:-$seconds}" -v s="$seconds" \
        'BEGIN { print (s < l ? s : l) }')
      checked=$((checked + 1))
    done
    echo "$kind $ranks ranks $size B: bound $bound s ($term)" \
      "<= fastest algorithm $lowest s"
  done
done
[[ $checked -ge $least ]] || fail "only $checked algorithm runs finished"
echo "platform_bound_smpi_test: $checked runs, all at or above the bound"
