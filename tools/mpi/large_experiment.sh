#!/usr/bin/env bash
# tools/mpi/large_experiment.sh: hetcast's large-message broadcast
# (large_plan.h, multi_tree.h) against SMPI's broadcast algorithms on seeded
# simulated clusters (SimGrid 3.32), the way a user would run it:
#   1. smpi_platform draws the platform (as for smpi_experiment.sh);
#   2. bench --model=bound --times-out measures every pair's uncontended
#      transfer of CALIBRATION bytes in the simulation, and --gaps-out the
#      executor's gap between segments of 8, 32, 128, 512 and 2048 KiB
#      from each rank to its fastest pair and what a relay adds to that
#      stream (nothing is read from the platform file);
#   3. large_plan makes the multi-port plan for the message from the pairs
#      file, each rank's cost per segment from the gaps (segment_gaps.h),
#      and bench --model=multi-tree runs it at each of those sizes that
#      cuts the message into 2 to 256 segments (SMPI's host time grows
#      with the messages): the fastest run is hetcast's time and its
#      segment size the calibrated one; the "model's pick" column is the
#      size large_plan predicts fastest among all five;
#   4. bench --model=mpi runs MPI_Bcast under each --algorithms entry;
#   5. with --library: hetcast-calibrate runs beside the fastest of them
#      (--cfg=smpi/bcast:NAME, --sizes SIZE:SIZE) and writes a cluster file,
#      and the unmodified C client (tests/mpi/interpose/bcast_check.c,
#      linked with libhetcast_mpi) times one MPI_Bcast through the library
#      with HETCAST_CONFIG = that file, every byte checked on every rank:
#      the library's plan from calibration alone (with the sites' uplinks
#      when calibration finds its clusters to be sites).
#
#   bazel run //tools/mpi:large_experiment -- [--kinds=mixed,homogeneous]
#       [--ranks=16] [--sizes=1048576,16777216] [--seed=2026]
#       [--calibration=1048576] [--algorithms=NAME,...] [--library] [--out=DIR]
#
# Prints a Markdown table (also DIR/table.md): per platform and size, the
# fastest MPI algorithm and its time, hetcast's time and segment size,
# their ratio,
# hetcast's predicted / simulated, the multi-port model's bound from the
# calibrated pairs (large_plan.h, MultiPortBound: no broadcast in that
# model is faster, but SMPI moves some message sizes faster than the one
# the pairs were measured at) and the any-schedule bound from the platform
# file with SMPI's network factors (platform_bound.h, as in
# smpi_experiment.sh), each with hetcast / bound; with --library also the
# library's time, fastest MPI / library, the library's predicted /
# simulated (the cluster file's predicted_us, which is the leaders' step)
# and what the cluster file runs. Simulated times are deterministic. Stops
# when buffers differ.
set -euo pipefail

here=$(dirname "$0")
smpi_dir=$(realpath "${SMPI_DIR:-$here/smpi}")
platform_bin=$(realpath "${PLATFORM_BIN:-$here/smpi_platform}")
plan_bin=$(realpath "${LARGE_PLAN_BIN:-$here/large_plan_tool}")
bound_bin=$(realpath "${PLATFORM_BOUND_BIN:-$here/platform_bound}")
kinds=mixed,homogeneous
ranks=16
sizes=1048576,16777216
seed=2026
calibration=1048576
algorithms=default,binomial_tree,flattree_pipeline,NTSL,scatter_LR_allgather,scatter_rdb_allgather,SMP_binomial,ompi_pipeline,ompi_split_bintree,mvapich2,impi
library=0
out=${BUILD_WORKING_DIRECTORY:-.}/large_results
for arg in "$@"; do
  case "$arg" in
    --kinds=*) kinds=${arg#*=} ;;
    --ranks=*) ranks=${arg#*=} ;;
    --sizes=*) sizes=${arg#*=} ;;
    --seed=*) seed=${arg#*=} ;;
    --calibration=*) calibration=${arg#*=} ;;
    --algorithms=*) algorithms=${arg#*=} ;;
    --library) library=1 ;;
    --out=*) out=${arg#*=} ;;
    *) echo "large_experiment: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"

# simulate, field, ms, ratio: beside this script, or in its runfiles.
common=$(dirname "$0")/smpi_common.sh
[[ -f $common ]] || common=$0.runfiles/hetcast/tools/mpi/smpi_common.sh
source "$common"

# With --library: calibration beside MPI_Bcast = BCAST at SIZE bytes, then
# the client through the library; sets LIBRARY (seconds), PREDICTED
# (seconds) and RAN (the cluster file's rule).
run_library() {  # DIR N SIZE BCAST
  local dir=$1 n=$2 size=$3 bcast=$4 cluster=$1/cluster-$3.json line
  simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/hetcast-calibrate" \
    --sizes "$size:$size" --repeats 1 --out "$cluster" >"$dir/calibrate-$size.out" 2>&1 ||
    { echo "large_experiment: calibration failed: $dir/calibrate-$size.out" >&2; exit 1; }
  line=$(HETCAST_CONFIG=$cluster simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- \
         "$smpi_dir/bcast_check" time "$size" 2>"$dir/library-$size.err")
  [[ $(grep '^wrong:' <<<"$line") == "wrong: 0" ]] ||
    { echo "large_experiment: wrong bytes through the library: $dir, $size bytes" >&2; exit 1; }
  LIBRARY=$(field seconds <<<"$line")
  read -r PREDICTED RAN < <(python3 - "$cluster" "$size" <<'PY'
import json, sys
rules = json.load(open(sys.argv[1]))["sizes"]
size = int(sys.argv[2])
rule = next(r for r in rules if r["min_bytes"] <= size <= r["max_bytes"])
if rule["action"] == "mpi":
    print(0, "mpi")
else:
    ran = "%s, segments %d" % (rule.get("model", "node"), rule.get("segment_bytes", 0))
    if "uplink_ps_per_byte" in rule:
        ran += ", %d sites" % len(rule["uplink_ps_per_byte"])
    print(rule["predicted_us"] * 1e-6, ran)
PY
)
}

table=$out/table.md
echo "large_experiment: kinds $kinds, ranks $ranks, sizes $sizes; table in $table"
{
  header="| platform | ranks | bytes | fastest MPI | its time | hetcast | segment | model's pick | MPI / hetcast | predicted / simulated | model bound | hetcast / model bound | any-schedule bound | hetcast / any bound |"
  rule="|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  if ((library)); then
    header+=" library | MPI / library | library predicted / simulated | library ran |"
    rule+="---|---|---|---|"
  fi
  echo "$header"
  echo "$rule"
} >"$table"
IFS=, read -ra kind_list <<<"$kinds"
IFS=, read -ra rank_list <<<"$ranks"
IFS=, read -ra size_list <<<"$sizes"
IFS=, read -ra algorithm_list <<<"$algorithms"
for kind in "${kind_list[@]}"; do
  for n in "${rank_list[@]}"; do
    dir=$out/$kind-$n
    mkdir -p "$dir"
    description=$("$platform_bin" --kind="$kind" --ranks="$n" \
                  --seed=$((seed + n)) --out="$dir")
    simulate "$dir" "$n" -- "$smpi_dir/bench" --model=bound \
      --size="$calibration" --times-out="$dir/pairs.txt" \
      --gap-segments=8192,32768,131072,524288,2097152 \
      --gaps-out="$dir/gaps.txt" >"$dir/times.out" 2>&1
    for size in "${size_list[@]}"; do
      hetcast="" plan_line="" segment=""
      for pin in 8192 32768 131072 524288 2097152; do
        ((pin < size && size / pin <= 256)) || continue
        candidate=$("$plan_bin" --pairs="$dir/pairs.txt" --gaps="$dir/gaps.txt" --bytes="$size" \
                    --segment-bytes="$pin" --out="$dir/plan-$size-$pin.txt")
        line=$(simulate "$dir" "$n" -- "$smpi_dir/bench" --model=multi-tree \
               --plan="$dir/plan-$size-$pin.txt" --size="$size")
        [[ $(field buffers_equal <<<"$line") == 1 ]] ||
          { echo "large_experiment: buffers differ: $dir, $size bytes" >&2; exit 1; }
        seconds=$(field hetcast_seconds <<<"$line")
        if [[ -z "$hetcast" ]] || awk -v a="$seconds" -v b="$hetcast" 'BEGIN { exit !(a < b) }'; then
          hetcast=$seconds plan_line=$candidate segment=$(field segment_bytes <<<"$line")
        fi
      done
      pick=$("$plan_bin" --pairs="$dir/pairs.txt" --gaps="$dir/gaps.txt" \
             --bytes="$size" --out="$dir/plan-$size-pick.txt" | field segment_bytes)
      best_name="" best=""
      for algorithm in "${algorithm_list[@]}"; do
        seconds=$(simulate "$dir" "$n" "--cfg=smpi/bcast:$algorithm" -- \
                  "$smpi_dir/bench" --model=mpi --size="$size" 2>/dev/null |
                  field mpi_seconds) || continue
        [[ -n "$seconds" ]] || continue
        if [[ -z "$best" ]] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then
          best=$seconds best_name=$algorithm
        fi
      done
      predicted=$(field predicted_seconds <<<"$plan_line")
      bound_ns_per_mb=$(field bound_ns_per_MB <<<"$plan_line")
      bound=$(awk -v b="$bound_ns_per_mb" -v s="$size" 'BEGIN { print b * 1e-9 * s / 1e6 }')
      any_bound=$("$bound_bin" --platform="$dir/platform.xml" \
                  --hostfile="$dir/hostfile" --bytes="$size" |
                  field platform_bound_seconds)
      row="| $description | $n | $size | $best_name | $(ms "$best") | $(ms "$hetcast") | $segment | $pick | $(ratio "$best" "$hetcast") | $(ratio "$predicted" "$hetcast") | $(ms "$bound") | $(ratio "$hetcast" "$bound") | $(ms "$any_bound") | $(ratio "$hetcast" "$any_bound") |"
      if ((library)); then
        run_library "$dir" "$n" "$size" "$best_name"
        row+=" $(ms "$LIBRARY") | $(ratio "$best" "$LIBRARY") | $(ratio "$PREDICTED" "$LIBRARY") | $RAN |"
      fi
      echo "$row" | tee -a "$table"
    done
  done
done
