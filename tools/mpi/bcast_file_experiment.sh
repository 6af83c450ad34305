#!/usr/bin/env bash
# tools/mpi/bcast_file_experiment.sh: hetcast-bcast-file's transfer against
# an sbcast-like baseline and MPI_Bcast in chunks, in SimGrid's SMPI on the
# seeded platforms of large_experiment.sh, the way a user would run it:
#   1. smpi_platform draws the platform;
#   2. bench --model=bound --times-out measures every pair's uncontended
#      transfer of 1 MiB in the simulation and --gaps-out the executor's
#      gap between segments of 128 KiB to 2 MiB (nothing is read from the
#      platform file), and large_plan makes the multi-port plan for one
#      chunk at the segment size it predicts fastest;
#   3. hetcast-bcast-file copies the same random file to every simulated
#      host (one target per host, %h) five times: with that plan as a user
#      runs it (--plan: the file's first 4 MiB over the plan, the next
#      over the chain, both timed, the rest over the faster), with
#      the plan alone (--trial=0), with no platform information (the
#      default chain; the SMPI build has no planner for a probe),
#      --transfer=sbcast
#      (512 KiB blocks down an 8-ary tree, the root waiting for every host
#      before the next block) and --transfer=mpi-bcast (one MPI_Bcast per
#      chunk, SMPI's default algorithm). Every copy is compared with cmp.
#
#   bazel run //tools/mpi:bcast_file_experiment -- [--kinds=mixed,clusters,homogeneous]
#       [--ranks=16] [--bytes=67108864] [--chunk-bytes=16777216] [--seed=2026]
#       [--out=DIR]
#
# The time is the program's own (rank 0, from the first chunk to every
# host's rename) on SMPI's simulated clock, deterministic; the file I/O
# costs no simulated time (--cfg=smpi/simulate-computation:no), so the
# columns compare the transfers. SMPI runs every rank in one process on this
# machine, with every host's copy written to this machine's disk: the
# default 64 MiB file with 16 MiB chunks needs 256 MiB of buffers and 1 GiB
# of disk at 16 ranks (each run's copies are removed after the check).
# The any-schedule bound is the platform file's (platform_bound.h, as in
# large_experiment.sh): no broadcast of the file's bytes is faster.
# Prints a Markdown table (also DIR/table.md).
set -euo pipefail

here=$(dirname "$0")
smpi_dir=$(realpath "${SMPI_DIR:-$here/smpi}")
platform_bin=$(realpath "${PLATFORM_BIN:-$here/smpi_platform}")
plan_bin=$(realpath "${LARGE_PLAN_BIN:-$here/large_plan_tool}")
bound_bin=$(realpath "${PLATFORM_BOUND_BIN:-$here/platform_bound}")
kinds=mixed,clusters,homogeneous
ranks=16
bytes=67108864
chunk=16777216
seed=2026
out=${BUILD_WORKING_DIRECTORY:-.}/bcast_file_results
for arg in "$@"; do
  case "$arg" in
    --kinds=*) kinds=${arg#*=} ;;
    --ranks=*) ranks=${arg#*=} ;;
    --bytes=*) bytes=${arg#*=} ;;
    --chunk-bytes=*) chunk=${arg#*=} ;;
    --seed=*) seed=${arg#*=} ;;
    --out=*) out=${arg#*=} ;;
    *) echo "bcast_file_experiment: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out=$(realpath "$out")

# simulate, field, ms, ratio: beside this script, or in its runfiles.
common=$(dirname "$0")/smpi_common.sh
[[ -f $common ]] || common=$0.runfiles/hetcast/tools/mpi/smpi_common.sh
source "$common"
SMPI_TIMEOUT=1800

# copy DIR N ARGS...: the program's seconds (its summary line in
# DIR/last.out); stops when a copy differs.
copy() {
  local dir=$1 n=$2
  shift 2
  rm -rf "$dir/copies" && mkdir -p "$dir/copies"
  local line
  line=$(simulate "$dir" "$n" -- "$smpi_dir/hetcast-bcast-file" --progress=0 \
         --chunk-bytes="$chunk" "$@" "$out/source.bin" "$dir/copies/%h")
  echo "$line" >"$dir/last.out"
  local copies
  copies=$(find "$dir/copies" -type f | wc -l)
  [[ $copies == "$n" ]] ||
    { echo "bcast_file_experiment: $copies copies in $dir: $line" >&2; exit 1; }
  for copy in "$dir"/copies/*; do
    cmp -s "$out/source.bin" "$copy" ||
      { echo "bcast_file_experiment: $copy differs" >&2; exit 1; }
  done
  rm -rf "$dir/copies"
  grep -oE "in [0-9.]+ s" <<<"$line" | cut -d' ' -f2
}

head -c "$bytes" /dev/urandom >"$out/source.bin"
table=$out/table.md
echo "bcast_file_experiment: kinds $kinds, ranks $ranks, $bytes bytes in chunks of $chunk; table in $table"
{
  echo "| platform | ranks | bytes | hetcast | it ran | plan alone | segment | chain alone | sbcast-like | sbcast / hetcast | MPI_Bcast chunks | MPI / hetcast | any-schedule bound | hetcast / bound |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$table"
IFS=, read -ra kind_list <<<"$kinds"
IFS=, read -ra rank_list <<<"$ranks"
for kind in "${kind_list[@]}"; do
  for n in "${rank_list[@]}"; do
    dir=$out/$kind-$n
    mkdir -p "$dir"
    description=$("$platform_bin" --kind="$kind" --ranks="$n" \
                  --seed=$((seed + n)) --out="$dir")
    simulate "$dir" "$n" -- "$smpi_dir/bench" --model=bound \
      --size=1048576 --times-out="$dir/pairs.txt" \
      --gap-segments=131072,524288,2097152 --gaps-out="$dir/gaps.txt" \
      >"$dir/times.out" 2>&1
    "$plan_bin" --pairs="$dir/pairs.txt" --gaps="$dir/gaps.txt" --bytes="$chunk" \
      --out="$dir/plan.txt" >"$dir/plan.out"
    segment=$(field segment_bytes <"$dir/plan.out")
    hetcast=$(copy "$dir" "$n" --plan="$dir/plan.txt")
    ran=plan
    ! grep -q "the chain of the hosts was faster" "$dir/last.out" || ran=chain
    planned=$(copy "$dir" "$n" --plan="$dir/plan.txt" --trial=0)
    chain=$(copy "$dir" "$n")
    sbcast=$(copy "$dir" "$n" --transfer=sbcast)
    mpi=$(copy "$dir" "$n" --transfer=mpi-bcast)
    bound=$("$bound_bin" --platform="$dir/platform.xml" \
            --hostfile="$dir/hostfile" --bytes="$bytes" |
            field platform_bound_seconds)
    echo "| $description | $n | $bytes | $(ms "$hetcast") | $ran | $(ms "$planned") | $segment | $(ms "$chain") | $(ms "$sbcast") | $(ratio "$sbcast" "$hetcast") | $(ms "$mpi") | $(ratio "$mpi" "$hetcast") | $(ms "$bound") | $(ratio "$hetcast" "$bound") |" |
      tee -a "$table"
  done
done
rm -f "$out/source.bin"
