#!/usr/bin/env bash
# tests/mpi/smpi_test.sh EXPERIMENT SMPI_BENCH PLATFORM HETCAST: one small
# simulated case per model on SimGrid's SMPI, through the same path as the
# comparison of docs/mpi.md (smpi_experiment.sh: platform, calibration in the
# simulation, gen, plan, execute): the node model on a mixed platform and
# the cluster model on two-level clusters, against two SMPI algorithms; and
# a multi-source multicast. The experiment also runs its analysis columns
# (the whole-transfer bound and the non-blocking model calibrated per pair,
# whose buffers it checks too). Checks that every rank's buffer equals the
# source's; the prediction ratio is reported, no timing is asserted.
set -euo pipefail
experiment=$1
bench=$2
platform=$3
hetcast=$4
dir=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "smpi_test: $*" >&2; exit 1; }

SMPI_DIR=$(dirname "$bench") PLATFORM_BIN=$platform HETCAST_BIN=$hetcast \
  "$experiment" --kinds=mixed,clusters --ranks=12 --sizes=4096 \
  --algorithms=default,binomial_tree --out="$dir/experiment"
# smpi_experiment.sh stops with an error when a buffer differs.
# One hetcast row per model under MPI's default broadcast (the column
# after planned_seconds names the MPI_Bcast it may hand the call to).
[[ $(grep -cE ',hetcast,[^,]*,[^,]*,[^,]*,default,' "$dir/experiment/results.csv") -eq 2 ]] ||
  fail "expected one hetcast row per model under MPI's default"
[[ $(grep -c ',bound,whole_transfer,[0-9]' "$dir/experiment/results.csv") -eq 2 &&
   $(grep -c ',hetcast,wrp_pairs,[0-9]' "$dir/experiment/results.csv") -eq 2 ]] ||
  fail "expected a bound and a per-pair row per case"
cat "$dir/experiment/table.md"

"$platform" --kind=mixed --ranks=8 --seed=7 --out="$dir" >/dev/null
line=$(smpirun --log=root.thres:critical --cfg=smpi/simulate-computation:no \
  --cfg=smpi/allgather:mpich -np 8 -platform "$dir/platform.xml" \
  -hostfile "$dir/hostfile" "$bench" --model=multi --size=4096 \
  --send-ps=2000000 --byte-ps=800 --recv-ps=2000000)
echo "non-blocking: $line"
grep -q 'buffers_equal=1' <<<"$line" || fail "multi-source buffers differ"
echo "smpi_test: passed"
