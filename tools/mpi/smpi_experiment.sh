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
#   2. calibrate runs on it (in simulation) and writes the profile (node
#      types' send costs in 1 ns ticks) and the cluster parameters;
#   3. `hetcast gen` makes a table of the profile when it is small
#      (types * (limit + 1)^types <= 2^20, limit = the largest count of one
#      type; else the planner uses FNF);
#   4. bench runs HETCAST_MPI_Bcast from rank 0 (node model on the
#      homogeneous and mixed platforms, cluster model on the clusters) and
#      prints the simulated completion and the plan's prediction;
#   5. bench runs MPI_Bcast under every --cfg=smpi/bcast:NAME.
# Output: DIR/results.csv (every number) and DIR/table.md (one row per
# platform and size: hetcast, the best MPI algorithm, the ratio, SMPI's
# default, hetcast's predicted / simulated). Times are SMPI's simulated
# clock: deterministic, the same on any host.
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

# Writes the model's bench arguments for DIR's platform into BENCH_ARGS.
calibrate_and_plan() {  # DIR N SIZE KIND
  local dir=$1 n=$2 size=$3 kind=$4 labels
  labels=$(cat "$dir/labels")
  if [[ $kind == clusters ]]; then
    simulate "$dir" "$n" -- "$smpi_dir/calibrate" --size="$size" \
      --rank-types="$(sed 's/[0-9][0-9]*/0/g' <<<"$labels")" \
      --rank-clusters="$labels" --repeats=1 --tick-ns=1 \
      --cluster-out="$dir/clusters.json" >"$dir/calibrate.out"
    local inter intra_ps
    inter=$(grep -oE '"inter_cost": [0-9]+' "$dir/clusters.json" | grep -oE '[0-9]+$')
    intra_ps=$(grep -oE '"intra_seconds": [^,]+' "$dir/clusters.json" |
               awk '{printf "%.0f", $2 * 1e12}')
    BENCH_ARGS=(--model=cluster --rank-labels="$labels" --inter-cost="$inter"
                --tick-ps="$intra_ps")
    return
  fi
  local limit types
  limit=$(label_stats "$dir/labels")
  simulate "$dir" "$n" -- "$smpi_dir/calibrate" --size="$size" \
    --rank-types="$labels" --repeats=1 --tick-ns=1 --limit="$limit" \
    --profile-out="$dir/profile.json" >"$dir/calibrate.out"
  local costs
  costs=$(grep -oE '"cost": [0-9]+' "$dir/profile.json" | grep -oE '[0-9]+$' | paste -sd,)
  types=$(tr ',' '\n' <<<"$costs" | wc -l)
  BENCH_ARGS=(--model=node --rank-labels="$labels" --costs="$costs" --tick-ps=1000)
  if (( types * (limit + 1) ** types <= 1 << 20 )); then
    "$hetcast_bin" gen --profile "$dir/profile.json" --out "$dir/table.hct" >/dev/null
    BENCH_ARGS+=(--table="$dir/table.hct")
  fi
}

csv=$out/results.csv
echo "kind,ranks,bytes,platform,program,algorithm,simulated_seconds,planned_seconds" >"$csv"
table=$out/table.md
{
  echo "| platform | ranks | bytes | hetcast (model, algorithm) | planned / simulated | best MPI | MPI / hetcast | SMPI default |"
  echo "|---|---|---|---|---|---|---|---|"
} >"$table"

# hetcast.h's algorithm numbers, for the table.
algorithm_name() {
  case "$1" in 2) echo fnf ;; 3) echo table ;; 4) echo lcf ;; *) echo "algorithm $1" ;; esac
}

run_case() {  # KIND N SIZE
  local kind=$1 n=$2 size=$3 dir=$out/$1-$2-$3
  mkdir -p "$dir"
  local description
  description=$("$platform_bin" --kind="$kind" --ranks="$n" --seed=$((seed + n)) --out="$dir")
  calibrate_and_plan "$dir" "$n" "$size" "$kind"
  local line hetcast planned algorithm
  line=$(simulate "$dir" "$n" -- "$smpi_dir/bench" "${BENCH_ARGS[@]}" --size="$size")
  hetcast=$(field hetcast_seconds <<<"$line")
  planned=$(field planned_seconds <<<"$line")
  algorithm=$(algorithm_name "$(field algorithm <<<"$line")")
  [[ $(field buffers_equal <<<"$line") == 1 ]] || { echo "buffers differ: $dir" >&2; exit 1; }
  echo "$kind,$n,$size,$description,hetcast,$algorithm,$hetcast,$planned" >>"$csv"
  local best=inf best_name=none default=fail name seconds
  for name in ${algorithms//,/ }; do
    seconds=$(simulate "$dir" "$n" "--cfg=smpi/bcast:$name" -- "$smpi_dir/bench" \
              --model=mpi --size="$size" 2>/dev/null | field mpi_seconds) || seconds=""
    [[ -n "$seconds" ]] || seconds=fail
    echo "$kind,$n,$size,$description,mpi,$name,$seconds," >>"$csv"
    [[ $name == default ]] && default=$seconds
    if [[ $seconds != fail ]] && awk -v s="$seconds" -v b="$best" 'BEGIN { exit !(b == "inf" || s < b) }'; then
      best=$seconds
      best_name=$name
    fi
  done
  local model=node
  [[ $kind == clusters ]] && model=cluster
  awk -v d="$description" -v n="$n" -v b="$size" -v h="$hetcast" -v p="$planned" \
      -v m="$model, $algorithm" -v bn="$best_name" -v bs="$best" -v df="$default" 'BEGIN {
        printf "| %s | %d | %d | %.3g ms (%s) | %.2f | %.3g ms (%s) | %.2f | %s |\n",
          d, n, b, h * 1e3, m, p / h, bs * 1e3, bn, bs / h,
          (df == "fail" ? "fail" : sprintf("%.3g ms", df * 1e3)) }' >>"$table"
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
