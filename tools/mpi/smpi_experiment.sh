#!/usr/bin/env bash
# tools/mpi/smpi_experiment.sh: hetcast's broadcasts against every SMPI
# broadcast algorithm on seeded simulated clusters (SimGrid 3.32).
#
#   bazel run //tools/mpi:smpi_experiment -- [--kinds=homogeneous,mixed,clusters]
#       [--ranks=16,64] [--sizes=1024,65536,1048576] [--seed=2026]
#       [--algorithms=NAME,...] [--out=DIR]
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
#      the call went to MPI_Bcast.
# Output: DIR/results.csv (every number) and DIR/table.md (one row per
# platform and size: MPI's default and hetcast under it, the best MPI
# algorithm and hetcast under it, the ratios, what hetcast ran, its
# predicted / simulated). Times are SMPI's simulated clock: deterministic,
# the same on any host.
#
# With the defaults this is the README's table (about 30 minutes of host
# time on a loaded 2-core machine). More ranks work (--ranks=256,1024) but
# cost much more: at 256 ranks each arrival_pattern_aware* run alone takes
# minutes of host time.
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
kinds=homogeneous,mixed,clusters
ranks=16,64
sizes=1024,65536,1048576
seed=2026
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
    *) echo "smpi_experiment: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
smpi_dir=$(realpath "$smpi_dir")
platform_bin=$(realpath "$platform_bin")
hetcast_bin=$(realpath "$hetcast_bin")

simulate() {  # DIR N [SMPIRUN OPTIONS...] -- PROGRAM ARGS...
  local dir=$1 n=$2
  shift 2
  local options=()
  while [[ $1 != -- ]]; do options+=("$1"); shift; done
  shift
  timeout 900 smpirun --log=root.thres:critical \
    --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich \
    "${options[@]}" -np "$n" -platform "$dir/platform.xml" \
    -hostfile "$dir/hostfile" "$@"
}

field() { grep -oE "$1=[^ ]+" | head -1 | cut -d= -f2; }

# Largest number of ranks of one label among ranks 1..N-1, and label count.
label_stats() {
  tr ',' '\n' <"$1" | tail -n +2 | sort | uniq -c | sort -rn | head -1 | awk '{print $1}'
}

# The number after "KEY": in the MODEL object of a rules JSON.
rule() {  # FILE MODEL KEY
  grep -oE "\"$2\": \{[^}]*\}" "$1" | grep -oE "\"$3\": [0-9]+" | grep -oE '[0-9]+$'
}

# Writes the model's bench arguments for DIR's platform into BENCH_ARGS,
# calibrated with MPI_Bcast = BCAST.
calibrate_and_plan() {  # DIR N SIZE KIND BCAST
  local dir=$1 n=$2 size=$3 kind=$4 bcast=$5 labels
  labels=$(cat "$dir/labels")
  if [[ $kind == clusters ]]; then
    simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/calibrate" \
      --size="$size" --rank-types="$(sed 's/[0-9][0-9]*/0/g' <<<"$labels")" \
      --rank-clusters="$labels" --repeats=1 --tick-ns=1 \
      --cluster-out="$dir/clusters.json" --rules-out="$dir/rules-$bcast.json" \
      >"$dir/calibrate-$bcast.out"
    local inter intra_ps
    inter=$(grep -oE '"inter_cost": [0-9]+' "$dir/clusters.json" | grep -oE '[0-9]+$')
    intra_ps=$(grep -oE '"intra_seconds": [^,]+' "$dir/clusters.json" |
               awk '{printf "%.0f", $2 * 1e12}')
    BENCH_ARGS=(--model=cluster --rank-labels="$labels" --inter-cost="$inter"
                --tick-ps="$intra_ps")
  else
    local limit types costs
    limit=$(label_stats "$dir/labels")
    simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/calibrate" \
      --size="$size" --rank-types="$labels" --repeats=1 --tick-ns=1 \
      --limit="$limit" --profile-out="$dir/profile.json" \
      --rules-out="$dir/rules-$bcast.json" >"$dir/calibrate-$bcast.out"
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
echo "kind,ranks,bytes,platform,program,algorithm,simulated_seconds,planned_seconds,mpi_bcast,segment_bytes,handed_to_mpi" >"$csv"
table=$out/table.md
{
  echo "| platform | ranks | bytes | MPI default | hetcast, MPI default | default / hetcast | best MPI | hetcast, MPI best | best / hetcast | hetcast ran (MPI best) | planned / simulated |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
} >"$table"

# hetcast.h's algorithm numbers, for the table.
algorithm_name() {
  case "$1" in 2) echo fnf ;; 3) echo table ;; 4) echo lcf ;; *) echo "algorithm $1" ;; esac
}

# Every MPI algorithm; sets BEST, BEST_NAME and DEFAULT.
run_mpi() {  # DIR KIND N SIZE DESCRIPTION
  local dir=$1 kind=$2 n=$3 size=$4 description=$5 name seconds
  BEST=inf BEST_NAME=none DEFAULT=fail
  for name in ${algorithms//,/ }; do
    seconds=$(simulate "$dir" "$n" "--cfg=smpi/bcast:$name" -- "$smpi_dir/bench" \
              --model=mpi --size="$size" 2>/dev/null | field mpi_seconds) || seconds=""
    [[ -n "$seconds" ]] || seconds=fail
    echo "$kind,$n,$size,$description,mpi,$name,$seconds,,,," >>"$csv"
    [[ $name == default ]] && DEFAULT=$seconds
    if [[ $seconds != fail ]] && awk -v s="$seconds" -v b="$BEST" 'BEGIN { exit !(b == "inf" || s < b) }'; then
      BEST=$seconds
      BEST_NAME=$name
    fi
  done
}

# HETCAST_MPI_Bcast with MPI_Bcast = BCAST; sets LINE (bench's output).
run_hetcast() {  # DIR KIND N SIZE DESCRIPTION BCAST
  local dir=$1 kind=$2 n=$3 size=$4 description=$5 bcast=$6
  calibrate_and_plan "$dir" "$n" "$size" "$kind" "$bcast"
  printf '%s\n' "${BENCH_ARGS[@]}" >"$dir/bench_args-$bcast"
  LINE=$(simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/bench" \
         "${BENCH_ARGS[@]}" --size="$size")
  [[ $(field buffers_equal <<<"$LINE") == 1 ]] || { echo "buffers differ: $dir" >&2; exit 1; }
  local segment
  segment=$(printf '%s\n' "${BENCH_ARGS[@]}" | field segment-bytes)
  echo "$kind,$n,$size,$description,hetcast,$(algorithm_name "$(field algorithm <<<"$LINE")"),$(field hetcast_seconds <<<"$LINE"),$(field planned_seconds <<<"$LINE"),$bcast,$segment,$(field handed_to_mpi <<<"$LINE")" >>"$csv"
  SEGMENT=$segment
}

run_case() {  # KIND N SIZE
  local kind=$1 n=$2 size=$3 dir=$out/$1-$2-$3
  mkdir -p "$dir"
  local description
  description=$("$platform_bin" --kind="$kind" --ranks="$n" --seed=$((seed + n)) --out="$dir")
  run_mpi "$dir" "$kind" "$n" "$size" "$description"
  local with_default=fail with_best line ran model=node
  [[ $kind == clusters ]] && model=cluster
  if [[ $DEFAULT != fail ]]; then
    run_hetcast "$dir" "$kind" "$n" "$size" "$description" default
    with_default=$(field hetcast_seconds <<<"$LINE")
  fi
  if [[ $BEST_NAME != default || $DEFAULT == fail ]]; then
    run_hetcast "$dir" "$kind" "$n" "$size" "$description" "$BEST_NAME"
  fi
  line=$LINE
  with_best=$(field hetcast_seconds <<<"$line")
  if [[ $(field handed_to_mpi <<<"$line") == 1 ]]; then
    ran="MPI_Bcast"
  else
    ran="$model, $(algorithm_name "$(field algorithm <<<"$line")"), segments $SEGMENT"
  fi
  awk -v d="$description" -v n="$n" -v b="$size" -v df="$DEFAULT" -v hd="$with_default" \
      -v bn="$BEST_NAME" -v bs="$BEST" -v hb="$with_best" -v r="$ran" \
      -v p="$(field planned_seconds <<<"$line")" -v h="$(field handed_to_mpi <<<"$line")" '
      function ms(x) { return x == "fail" ? "fail" : sprintf("%.3g ms", x * 1e3) }
      function ratio(x, y) { return (x == "fail" || y == "fail") ? "-" : sprintf("%.2f", x / y) }
      BEGIN {
        printf "| %s | %d | %d | %s | %s | %s | %s (%s) | %s | %s | %s | %s |\n",
          d, n, b, ms(df), ms(hd), ratio(df, hd), ms(bs), bn, ms(hb), ratio(bs, hb), r,
          (h == 1 ? "-" : sprintf("%.2f", p / hb)) }' >>"$table"
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
