#!/usr/bin/env bash
# tools/mpi/smpi_experiment.sh: hetcast's broadcasts against every SMPI
# broadcast algorithm on seeded simulated clusters (SimGrid 3.32).
#
#   bazel run //tools/mpi:smpi_experiment -- [--kinds=homogeneous,mixed,clusters]
#       [--ranks=16,64] [--sizes=1024,65536,1048576] [--seed=2026]
#       [--algorithms=NAME,...] [--timeout=900] [--bound-max-ranks=256]
#       [--out=DIR]
#
# For every platform kind, rank count N and message size, the way a user
# would do it:
#   1. smpi_platform draws the platform from seed + N (smpi_platform.cc says
#      what each kind is); nothing in it is derived from a model;
#   2. bench runs MPI_Bcast under every --cfg=smpi/bcast:NAME; the fastest
#      is "best", SMPI's `default` is MPI's own choice;
#   3. for MPI = default and MPI = best (the MPI library's MPI_Bcast that
#      hetcast may hand a call to, call_rules.h), calibrate runs on the
#      platform (in simulation, under that MPI_Bcast) and writes the profile
#      (node types' send costs in 1 ns ticks), the cluster parameters and
#      the rules (the fastest segment size, mpi_bcast_ticks);
#   4. `hetcast gen` makes a table of the profile when it is small
#      (types * (limit + 1)^types <= 2^20, limit = the largest count of one
#      type; else the planner uses FNF);
#   5. bench runs HETCAST_MPI_Bcast from rank 0 under that MPI_Bcast (node
#      model on the homogeneous and mixed platforms, cluster model on the
#      clusters) with the calibrated segment size and mpi_bcast_ticks, and
#      prints the simulated completion, the plan's prediction and whether
#      the call went to MPI_Bcast;
#   6. for N <= --bound-max-ranks (N * (N - 1) timed transfers): bench
#      --model=bound, the lower bound on every tree of whole-message
#      transfers (transfer_bound.h), and hetcast's non-blocking model
#      calibrated per pair (calibrate --pairs-out, bench --model=pairs);
#   7. platform_bound: the lower bound on ANY broadcast (pieces, pipelines,
#      scatter + allgather included) from the platform file's own links and
#      SMPI's network factors (platform_bound.h); no simulation, every N.
# An MPI algorithm that fails or runs past --timeout seconds of host time
# (per smpirun) is left out of "best" and listed under "skipped"; when the
# calibration under the best fails, hetcast runs beside the next fastest
# MPI_Bcast that works. The script stops only when buffers differ.
# Output: DIR/results.csv (every number) and DIR/table.md (one row per
# platform and size: MPI's default and hetcast under it, the best MPI
# algorithm and hetcast under it, the ratios, what hetcast ran, its
# predicted / simulated, the tree bound, the per-pair model, the
# any-schedule bound, what was skipped; results.csv also has each run's host seconds). Times are SMPI's
# simulated clock: deterministic, the same on any host.
#
# With the defaults this is the README's table (about 8 minutes on a loaded
# 2-core machine). More ranks work (--ranks=256,1024) but cost much more: at
# 256 ranks each arrival_pattern_aware* run alone takes minutes of host
# time (docs/mpi-results.md has the measured costs).
#
# Every smpirun gets --cfg=smpi/simulate-computation:no (host CPU time is not
# injected, so results do not depend on the host's load) and
# --cfg=smpi/allgather:mpich: SMPI 3.32's default allgather takes about 100 s
# of host time for 128 ranks, and the executor's one type gather per
# communicator (outside the timed broadcasts) would otherwise dominate.
set -euo pipefail

here=$(dirname "$0")
smpi_dir=${SMPI_DIR:-$here/smpi}
platform_bin=${PLATFORM_BIN:-$here/smpi_platform}
hetcast_bin=${HETCAST_BIN:-$here/../hetcast}
bound_bin=${PLATFORM_BOUND_BIN:-$here/platform_bound}
kinds=homogeneous,mixed,clusters
ranks=16,64
sizes=1024,65536,1048576
seed=2026
timeout_seconds=900
bound_ranks=256
out=${BUILD_WORKING_DIRECTORY:-.}/smpi_results
ALL_ALGORITHMS=default,arrival_pattern_aware,arrival_pattern_aware_wait,arrival_scatter,binomial_tree,flattree,flattree_pipeline,NTSB,NTSL,NTSL_Isend,scatter_LR_allgather,scatter_rdb_allgather,SMP_binary,SMP_binomial,SMP_linear,ompi,ompi_split_bintree,ompi_pipeline,mpich,mvapich2,mvapich2_inter_node,mvapich2_intra_node,mvapich2_knomial_intra_node,impi,automatic
algorithms=$ALL_ALGORITHMS
for arg in "$@"; do
  case "$arg" in
    --kinds=*) kinds=${arg#*=} ;;
    --ranks=*) ranks=${arg#*=} ;;
    --sizes=*) sizes=${arg#*=} ;;
    --seed=*) seed=${arg#*=} ;;
    --algorithms=*) algorithms=${arg#*=} ;;
    --out=*) out=${arg#*=} ;;
    --timeout=*) timeout_seconds=${arg#*=} ;;
    --bound-max-ranks=*) bound_ranks=${arg#*=} ;;
    *) echo "smpi_experiment: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
smpi_dir=$(realpath "$smpi_dir")
platform_bin=$(realpath "$platform_bin")
hetcast_bin=$(realpath "$hetcast_bin")
bound_bin=$(realpath "$bound_bin")

# simulate, field, ms, ratio: beside this script, or in its runfiles.
common=$(dirname "$0")/smpi_common.sh
[[ -f $common ]] || common=$0.runfiles/hetcast/tools/mpi/smpi_common.sh
source "$common"
SMPI_TIMEOUT=$timeout_seconds

# Host seconds since START (date +%s.%N).
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# Largest number of ranks of one label among ranks 1..N-1, and label count.
label_stats() {
  tr ',' '\n' <"$1" | tail -n +2 | sort | uniq -c | sort -rn | head -1 | awk '{print $1}'
}

# The number after "KEY": in the MODEL object of a rules JSON.
rule() {  # FILE MODEL KEY
  grep -oE "\"$2\": \{[^}]*\}" "$1" | grep -oE "\"$3\": [0-9]+" | grep -oE '[0-9]+$'
}

# Writes the model's bench arguments for DIR's platform into BENCH_ARGS,
# calibrated with MPI_Bcast = BCAST; status 1 when calibration fails under
# it (its output is in DIR/calibrate-BCAST.out).
calibrate_and_plan() {  # DIR N SIZE KIND BCAST
  local dir=$1 n=$2 size=$3 kind=$4 bcast=$5 labels
  labels=$(cat "$dir/labels")
  if [[ $kind == clusters ]]; then
    simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/hetcast-calibrate" \
      --size="$size" --rank-types="$(sed 's/[0-9][0-9]*/0/g' <<<"$labels")" \
      --rank-clusters="$labels" --repeats=1 --tick-ns=1 \
      --cluster-out="$dir/clusters.json" --rules-out="$dir/rules-$bcast.json" \
      >"$dir/calibrate-$bcast.out" 2>&1 || return 1
    local inter intra_ps
    inter=$(grep -oE '"inter_cost": [0-9]+' "$dir/clusters.json" | grep -oE '[0-9]+$')
    intra_ps=$(grep -oE '"intra_seconds": [^,]+' "$dir/clusters.json" |
               awk '{printf "%.0f", $2 * 1e12}')
    BENCH_ARGS=(--model=cluster --rank-labels="$labels" --inter-cost="$inter"
                --tick-ps="$intra_ps")
  else
    local limit types costs
    limit=$(label_stats "$dir/labels")
    simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/hetcast-calibrate" \
      --size="$size" --rank-types="$labels" --repeats=1 --tick-ns=1 \
      --limit="$limit" --profile-out="$dir/profile.json" \
      --rules-out="$dir/rules-$bcast.json" >"$dir/calibrate-$bcast.out" 2>&1 ||
      return 1
    costs=$(grep -oE '"cost": [0-9]+' "$dir/profile.json" | grep -oE '[0-9]+$' | paste -sd,)
    types=$(tr ',' '\n' <<<"$costs" | wc -l)
    BENCH_ARGS=(--model=node --rank-labels="$labels" --costs="$costs" --tick-ps=1000)
    if (( types * (limit + 1) ** types <= 1 << 20 )); then
      "$hetcast_bin" gen --profile "$dir/profile.json" --out "$dir/table.hct" >/dev/null
      BENCH_ARGS+=(--table="$dir/table.hct")
    fi
  fi
  local model=node
  [[ $kind == clusters ]] && model=cluster
  BENCH_ARGS+=(--segment-bytes="$(rule "$dir/rules-$bcast.json" $model segment_bytes)"
               --mpi-bcast-ticks="$(rule "$dir/rules-$bcast.json" $model mpi_bcast_ticks)")
}

csv=$out/results.csv
echo "kind,ranks,bytes,platform,program,algorithm,simulated_seconds,planned_seconds,mpi_bcast,segment_bytes,handed_to_mpi,host_seconds" >"$csv"
table=$out/table.md
{
  echo "| platform | ranks | bytes | MPI default | hetcast, MPI default | default / hetcast | best MPI | hetcast, MPI best | best / hetcast | hetcast ran (MPI best) | planned / simulated | tree bound | best / bound | hetcast pairs | best / pairs | any-schedule bound | best / any bound | skipped |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$table"

# hetcast.h's algorithm numbers, for the table.
algorithm_name() {
  case "$1" in 2) echo fnf ;; 3) echo table ;; 4) echo lcf ;; *) echo "algorithm $1" ;; esac
}

# Every MPI algorithm; sets DEFAULT, BEST and BEST_NAME (the fastest that
# did not fail), RANKED (the working ones, fastest first) and FAILED
# ("NAME: fail" or "NAME: timeout" per failing algorithm).
run_mpi() {  # DIR KIND N SIZE DESCRIPTION
  local dir=$1 kind=$2 n=$3 size=$4 description=$5 name seconds start status
  DEFAULT=fail FAILED=()
  : >"$dir/mpi_times"
  for name in ${algorithms//,/ }; do
    start=$(date +%s.%N) status=0
    simulate "$dir" "$n" "--cfg=smpi/bcast:$name" -- "$smpi_dir/bench" \
      --model=mpi --size="$size" >"$dir/mpi-$name.out" 2>"$dir/mpi-$name.err" ||
      status=$?
    seconds=$(field mpi_seconds <"$dir/mpi-$name.out" || true)
    if [[ -z "$seconds" ]]; then
      seconds=fail
      [[ $status == 124 ]] && seconds=timeout
      FAILED+=("$name: $seconds")
    else
      echo "$seconds $name" >>"$dir/mpi_times"
    fi
    echo "$kind,$n,$size,$description,mpi,$name,$seconds,,,,,$(since "$start")" >>"$csv"
    [[ $name == default ]] && DEFAULT=$seconds
  done
  RANKED=($(sort -g -k1,1 -s "$dir/mpi_times" | awk '{print $2}'))
  BEST_NAME=${RANKED[0]:-none}
  BEST=$(awk -v n="$BEST_NAME" '$2 == n { print $1 }' "$dir/mpi_times")
  BEST=${BEST:-fail}
}

# HETCAST_MPI_Bcast with MPI_Bcast = BCAST; sets LINE (bench's output) and
# SEGMENT. Status 1 when calibration or the run fails under BCAST (an
# MPI_Bcast that fails on some calls, e.g. the calibration's broadcasts of
# one double from other roots); stops the script when buffers differ.
run_hetcast() {  # DIR KIND N SIZE DESCRIPTION BCAST
  local dir=$1 kind=$2 n=$3 size=$4 description=$5 bcast=$6 start segment
  start=$(date +%s.%N)
  LINE=""
  if ! calibrate_and_plan "$dir" "$n" "$size" "$kind" "$bcast" ||
     ! LINE=$(simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/bench" \
              "${BENCH_ARGS[@]}" --size="$size" 2>"$dir/bench-$bcast.err"); then
    echo "$kind,$n,$size,$description,hetcast,fail,,,$bcast,,,$(since "$start")" >>"$csv"
    return 1
  fi
  printf '%s\n' "${BENCH_ARGS[@]}" >"$dir/bench_args-$bcast"
  [[ $(field buffers_equal <<<"$LINE") == 1 ]] || { echo "buffers differ: $dir" >&2; exit 1; }
  segment=$(printf '%s\n' "${BENCH_ARGS[@]}" | field segment-bytes)
  echo "$kind,$n,$size,$description,hetcast,$(algorithm_name "$(field algorithm <<<"$LINE")"),$(field hetcast_seconds <<<"$LINE"),$(field planned_seconds <<<"$LINE"),$bcast,$segment,$(field handed_to_mpi <<<"$LINE"),$(since "$start")" >>"$csv"
  SEGMENT=$segment
}

# The whole-transfer bound (transfer_bound.h) and hetcast's non-blocking
# model calibrated per pair (calibrate --pairs-out, then bench
# --model=pairs), for N <= --bound-max-ranks; sets TREE_BOUND and PAIRS
# (seconds, or "-" when not measured, "fail").
run_pairs() {  # DIR KIND N SIZE DESCRIPTION
  local dir=$1 kind=$2 n=$3 size=$4 description=$5 start line
  TREE_BOUND=- PAIRS=-
  (( n <= bound_ranks )) || return 0
  start=$(date +%s.%N)
  TREE_BOUND=$(simulate "$dir" "$n" -- "$smpi_dir/bench" --model=bound \
               --size="$size" 2>"$dir/bound.err" | field bound_seconds) || TREE_BOUND=fail
  echo "$kind,$n,$size,$description,bound,whole_transfer,${TREE_BOUND},,,,,$(since "$start")" >>"$csv"
  start=$(date +%s.%N)
  if simulate "$dir" "$n" -- "$smpi_dir/hetcast-calibrate" --size="$size" \
       --rank-types="$(sed 's/[0-9][0-9]*/0/g' "$dir/labels")" --repeats=1 \
       --pairs-out="$dir/pairs.txt" >"$dir/calibrate-pairs.out" 2>&1 &&
     line=$(simulate "$dir" "$n" -- "$smpi_dir/bench" --model=pairs \
            --pairs="$dir/pairs.txt" --size="$size" 2>"$dir/pairs.err"); then
    [[ $(field buffers_equal <<<"$line") == 1 ]] || { echo "buffers differ: $dir (pairs)" >&2; exit 1; }
    PAIRS=$(field hetcast_seconds <<<"$line")
    echo "$kind,$n,$size,$description,hetcast,wrp_pairs,$PAIRS,$(field planned_seconds <<<"$line"),,,,$(since "$start")" >>"$csv"
  else
    PAIRS=fail
    echo "$kind,$n,$size,$description,hetcast,wrp_pairs,fail,,,,,$(since "$start")" >>"$csv"
  fi
}

run_case() {  # KIND N SIZE
  local kind=$1 n=$2 size=$3 dir=$out/$1-$2-$3
  mkdir -p "$dir"
  local description
  description=$("$platform_bin" --kind="$kind" --ranks="$n" --seed=$((seed + n)) --out="$dir")
  run_mpi "$dir" "$kind" "$n" "$size" "$description"
  local with_default=fail with_best=fail line="" ran=- model=node beside=""
  local skipped=("${FAILED[@]}") name default_line="" default_segment=""
  [[ $kind == clusters ]] && model=cluster
  if [[ $DEFAULT != fail && $DEFAULT != timeout ]]; then
    if run_hetcast "$dir" "$kind" "$n" "$size" "$description" default; then
      with_default=$(field hetcast_seconds <<<"$LINE")
      default_line=$LINE default_segment=$SEGMENT
    else
      skipped+=("hetcast beside default: calibration failed")
    fi
  fi
  # Beside the fastest MPI_Bcast that also works for the calibration's calls.
  for name in "${RANKED[@]}"; do
    if [[ $name == default ]]; then
      [[ -n $default_line ]] || continue
      line=$default_line SEGMENT=$default_segment beside=default
      break
    fi
    if run_hetcast "$dir" "$kind" "$n" "$size" "$description" "$name"; then
      line=$LINE beside=$name
      break
    fi
    skipped+=("$name: fails in calibration, hetcast runs beside the next")
  done
  if [[ -n "$line" ]]; then
    with_best=$(field hetcast_seconds <<<"$line")
    if [[ $(field handed_to_mpi <<<"$line") == 1 ]]; then
      ran="MPI_Bcast"
    else
      ran="$model, $(algorithm_name "$(field algorithm <<<"$line")"), segments $SEGMENT"
    fi
    [[ $beside == "$BEST_NAME" ]] || ran="$ran (beside $beside)"
  fi
  run_pairs "$dir" "$kind" "$n" "$size" "$description"
  local any_bound
  any_bound=$("$bound_bin" --platform="$dir/platform.xml" \
              --hostfile="$dir/hostfile" --bytes="$size" | field platform_bound_seconds)
  echo "$kind,$n,$size,$description,bound,any_schedule,$any_bound,,,,,0" >>"$csv"
  local notes
  notes=$(IFS=';'; echo "${skipped[*]:-}")
  awk -v d="$description" -v n="$n" -v b="$size" -v df="$DEFAULT" -v hd="$with_default" \
      -v bn="$BEST_NAME" -v bs="$BEST" -v hb="$with_best" -v r="$ran" \
      -v p="$(field planned_seconds <<<"$line")" -v h="$(field handed_to_mpi <<<"$line")" \
      -v tb="$TREE_BOUND" -v pr="$PAIRS" -v ab="$any_bound" -v sk="${notes:--}" '
      function bad(x) { return x == "fail" || x == "timeout" || x == "-" || x == "" }
      function ms(x) { return bad(x) ? (x == "" ? "-" : x) : sprintf("%.3g ms", x * 1e3) }
      function ratio(x, y) { return (bad(x) || bad(y)) ? "-" : sprintf("%.2f", x / y) }
      BEGIN {
        printf "| %s | %d | %d | %s | %s | %s | %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
          d, n, b, ms(df), ms(hd), ratio(df, hd), ms(bs), bn, ms(hb), ratio(bs, hb), r,
          (h == 1 || bad(p) || bad(hb) ? "-" : sprintf("%.2f", p / hb)),
          ms(tb), ratio(bs, tb), ms(pr), ratio(bs, pr), ms(ab), ratio(bs, ab), sk }' >>"$table"
  tail -1 "$table"
}

# A progress line on stderr before each case (a case takes seconds to
# minutes of host time).
kind_list=(${kinds//,/ }) rank_list=(${ranks//,/ }) size_list=(${sizes//,/ })
total=$(( ${#kind_list[@]} * ${#rank_list[@]} * ${#size_list[@]} ))
done_cases=0
for kind in "${kind_list[@]}"; do
  for n in "${rank_list[@]}"; do
    for size in "${size_list[@]}"; do
      echo "smpi_experiment: case $((done_cases + 1)) of $total: $kind, $n ranks, $size bytes" >&2
      run_case "$kind" "$n" "$size"
      done_cases=$((done_cases + 1))
    done
  done
done
echo "smpi_experiment: $table, $csv"
