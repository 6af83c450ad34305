#!/usr/bin/env bash
# tools/mpi/smpi_library_experiment.sh: libhetcast_mpi in SimGrid SMPI, on
# the platforms of docs/mpi-results.md's table, from cluster files that
# hetcast-calibrate writes, against that table's figures.
#
#   bazel run //tools/mpi:smpi_library_experiment -- [--kinds=homogeneous,mixed,clusters]
#       [--ranks=16,64] [--sizes=1024,65536,1048576] [--seed=2026]
#       [--results=docs/mpi-runs/16-64-results.csv] [--timeout=900] [--out=DIR]
#
# For every platform kind, rank count N and message size:
#   1. smpi_platform draws the platform from seed + N, as smpi_experiment.sh
#      does (its description must be the one --results holds);
#   2. from --results (smpi_experiment.sh's results.csv): MPI's default time,
#      the fastest SMPI algorithm ("best") and its time, and the table's
#      hetcast columns (HETCAST_MPI_Bcast called by bench, beside the default
#      and beside the best);
#   3. for MPI = default and MPI = best: hetcast-calibrate runs in simulation
#      under that MPI_Bcast (--cfg=smpi/bcast:NAME) with --sizes SIZE:SIZE
#      and writes a cluster file; then the unmodified C client
#      (tests/mpi/interpose/bcast_check.c, compiled by smpicc and linked with
#      libhetcast_mpi's amalgamation compiled by smpicxx) times one
#      MPI_Bcast through the library with HETCAST_CONFIG = that file, and
#      once more with HETCAST_MODE=off (MPI's own broadcast, measured in this
#      run). The client checks every byte on every rank; the library's stats
#      file (HETCAST_STATS) must show both of the client's broadcasts
#      planned on every rank when the file says "plan" and handed over when
#      it says "mpi".
# Output: DIR/table.md (one row per platform and size) and DIR/results.csv.
# Columns: MPI's default and the library beside it, the table's hetcast
# beside the default, library / table; the best algorithm, the library
# beside it, the table's hetcast beside it, library / table, best /
# library; what the library ran beside the best (the cluster file's rule).
# Times are SMPI's simulated clock: deterministic, the same on any host.
# The script stops when a rank's bytes are wrong or the stats disagree.
set -euo pipefail

here=$(dirname "$0")
smpi_dir=${SMPI_DIR:-$here/smpi}
platform_bin=${PLATFORM_BIN:-$here/smpi_platform}
workspace=${BUILD_WORKSPACE_DIRECTORY:-.}
kinds=homogeneous,mixed,clusters
ranks=16,64
sizes=1024,65536,1048576
seed=2026
timeout_seconds=900
results=$workspace/docs/mpi-runs/16-64-results.csv
out=${BUILD_WORKING_DIRECTORY:-.}/smpi_library_results
for arg in "$@"; do
  case "$arg" in
    --kinds=*) kinds=${arg#*=} ;;
    --ranks=*) ranks=${arg#*=} ;;
    --sizes=*) sizes=${arg#*=} ;;
    --seed=*) seed=${arg#*=} ;;
    --results=*) results=${arg#*=} ;;
    --timeout=*) timeout_seconds=${arg#*=} ;;
    --out=*) out=${arg#*=} ;;
    *) echo "smpi_library_experiment: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done
[[ -r $results ]] ||
  { echo "smpi_library_experiment: cannot read --results=$results" >&2; exit 2; }
mkdir -p "$out"
out=$(realpath "$out")
results=$(realpath "$results")
smpi_dir=$(realpath "$smpi_dir")
platform_bin=$(realpath "$platform_bin")

# simulate, field: beside this script, or in its runfiles.
common=$(dirname "$0")/smpi_common.sh
[[ -f $common ]] || common=$0.runfiles/hetcast/tools/mpi/smpi_common.sh
source "$common"
SMPI_TIMEOUT=$timeout_seconds

# The --results figures of a case: "DEFAULT BEST_NAME BEST HETCAST_DEFAULT
# HETCAST_BEST" (hetcast: bench's HETCAST_MPI_Bcast beside that MPI).
table_figures() {  # KIND N SIZE DESCRIPTION
  awk -F, -v k="$1" -v n="$2" -v b="$3" -v d="$4" '
    $1 == k && $2 == n && $3 == b {
      if ($4 != d) { print "platform differs: " $4; exit 1 }
      if ($5 == "mpi" && $7 ~ /^[0-9.e+-]+$/) {
        time[$6] = $7
        if (best == "" || $7 + 0 < time[best] + 0) best = $6
      }
      if ($5 == "hetcast" && $6 != "wrp_pairs") hetcast[$9] = $7
    }
    END { print time["default"], best, time[best], hetcast["default"], hetcast[best] }' "$results"
}

# The cluster file's rule for SIZE bytes as text: "mpi", or the plan.
rule_text() {  # FILE SIZE
  python3 - "$1" "$2" <<'PY'
import json, sys
rules = json.load(open(sys.argv[1]))["sizes"]
size = int(sys.argv[2])
rule = next(r for r in rules if r["min_bytes"] <= size <= r["max_bytes"])
if rule["action"] == "mpi":
    print("mpi")
else:
    model = rule.get("model", "node")
    if model == "node":
        model = rule.get("algorithm", "fnf")
    elif model == "cluster":
        model = "cluster %s, C %d" % (rule.get("algorithm", "any"), rule["inter_cost"])
    print("%s, segments %d" % (model, rule.get("segment_bytes", 0)))
PY
}

# Every rank's stats line must count the client's two broadcasts (the
# first one and the timed one) as ACTION says: planned or handed over.
check_stats() {  # FILE N ACTION
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
n, action = int(sys.argv[2]), sys.argv[3]
assert len(lines) == n, "%d stats lines for %d ranks" % (len(lines), n)
for rank in lines:
    assert rank["used"], "rank %d did not use the cluster file" % rank["rank"]
    planned = sum(r["planned"] for r in rank["ranges"])
    handed = sum(r["handed_over"] for r in rank["ranges"]) + rank["other"]["handed_over"]
    want = (2, 0) if action == "plan" else (0, 2)
    assert (planned, handed) == want, "rank %d: planned %d, handed over %d, want %s" % (
        rank["rank"], planned, handed, want)
PY
}

# Calibrates beside MPI_Bcast = BCAST and times the client through the
# library and with HETCAST_MODE=off; sets LIBRARY, MPI and RAN, or status
# 1 when calibration fails (its output in DIR/calibrate-BCAST.out).
run_library() {  # DIR N SIZE BCAST
  local dir=$1 n=$2 size=$3 bcast=$4 cluster=$1/cluster-$4.json line
  LIBRARY=fail MPI=fail RAN="calibration failed"
  simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/hetcast-calibrate" --sizes "$size:$size" \
    --repeats 1 --out "$cluster" >"$dir/calibrate-$bcast.out" 2>&1 || return 1
  RAN=$(rule_text "$cluster" "$size")
  rm -f "$dir/stats-$bcast.jsonl"
  line=$(HETCAST_CONFIG=$cluster HETCAST_STATS=$dir/stats-$bcast.jsonl \
         simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/bcast_check" time "$size" \
         2>"$dir/library-$bcast.err") ||
    { echo "library beside $bcast failed: $dir" >&2; exit 1; }
  [[ $(grep '^wrong:' <<<"$line") == "wrong: 0" ]] ||
    { echo "wrong bytes through the library: $dir ($bcast)" >&2; exit 1; }
  local action=plan
  [[ $RAN != mpi ]] || action=mpi
  check_stats "$dir/stats-$bcast.jsonl" "$n" "$action" ||
    { echo "stats disagree: $dir ($bcast)" >&2; exit 1; }
  LIBRARY=$(field seconds <<<"$line")
  line=$(HETCAST_MODE=off simulate "$dir" "$n" "--cfg=smpi/bcast:$bcast" -- "$smpi_dir/bcast_check" \
         time "$size" 2>"$dir/mpi-$bcast.err")
  [[ $(grep '^wrong:' <<<"$line") == "wrong: 0" ]] ||
    { echo "wrong bytes from MPI_Bcast: $dir ($bcast)" >&2; exit 1; }
  MPI=$(field seconds <<<"$line")
}

csv=$out/results.csv
echo "kind,ranks,bytes,platform,mpi_bcast,mpi_seconds,library_seconds,table_hetcast_seconds,library_ran,host_seconds" >"$csv"
table=$out/table.md
{
  echo "| platform | ranks | bytes | MPI default | library, MPI default | table's hetcast, MPI default | library / table | best MPI | library, MPI best | table's hetcast, MPI best | library / table | best / library | library ran (MPI best) |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$table"

run_case() {  # KIND N SIZE
  local kind=$1 n=$2 size=$3 dir=$out/$1-$2-$3 description figures start
  mkdir -p "$dir"
  description=$("$platform_bin" --kind="$kind" --ranks="$n" --seed=$((seed + n)) --out="$dir")
  figures=$(table_figures "$kind" "$n" "$size" "$description") ||
    { echo "smpi_library_experiment: $kind $n $size: $figures" >&2; exit 1; }
  read -r table_default best_name table_best hetcast_default hetcast_best <<<"$figures"
  [[ -n $best_name ]] ||
    { echo "smpi_library_experiment: $kind $n $size is not in $results" >&2; exit 1; }
  local bcast lib_default mpi_default lib_best mpi_best ran="" beside=(default)
  [[ $best_name == default ]] || beside+=("$best_name")
  for bcast in "${beside[@]}"; do
    start=$(date +%s)
    run_library "$dir" "$n" "$size" "$bcast" || true
    echo "$kind,$n,$size,$description,$bcast,$MPI,$LIBRARY,$([[ $bcast == default ]] && echo "$hetcast_default" || echo "$hetcast_best"),\"$RAN\",$(( $(date +%s) - start ))" >>"$csv"
    if [[ $bcast == default ]]; then
      lib_default=$LIBRARY mpi_default=$MPI
    else
      lib_best=$LIBRARY mpi_best=$MPI ran=$RAN
    fi
  done
  [[ $best_name != default ]] || { lib_best=$lib_default mpi_best=$mpi_default; }
  [[ -n $ran ]] || ran=$(rule_text "$dir/cluster-default.json" "$size" 2>/dev/null || echo "calibration failed")
  # MPI's times measured here must be the table's (SMPI is deterministic).
  for pair in "$mpi_default $table_default" "$mpi_best $table_best"; do
    awk -v p="$pair" 'BEGIN { split(p, a, " "); exit !(a[1] == "fail" || (a[1] - a[2]) ^ 2 <= (1e-6 * a[2]) ^ 2) }' ||
      echo "smpi_library_experiment: $kind $n $size: MPI_Bcast took $pair (here, table)" >&2
  done
  awk -v d="$description" -v n="$n" -v b="$size" -v df="$mpi_default" -v ld="$lib_default" \
      -v td="$hetcast_default" -v bn="$best_name" -v bs="$mpi_best" -v lb="$lib_best" \
      -v tb="$hetcast_best" -v r="$ran" '
      function bad(x) { return x == "fail" || x == "" }
      function ms(x) { return bad(x) ? "fail" : sprintf("%.3g ms", x * 1e3) }
      function ratio(x, y) { return (bad(x) || bad(y)) ? "-" : sprintf("%.2f", x / y) }
      BEGIN {
        printf "| %s | %d | %d | %s | %s | %s | %s | %s (%s) | %s | %s | %s | %s | %s |\n",
          d, n, b, ms(df), ms(ld), ms(td), ratio(ld, td), ms(bs), bn, ms(lb), ms(tb),
          ratio(lb, tb), ratio(bs, lb), r }' >>"$table"
  tail -1 "$table"
}

IFS=, read -ra kind_list <<<"$kinds"
IFS=, read -ra rank_list <<<"$ranks"
IFS=, read -ra size_list <<<"$sizes"
total=$(( ${#kind_list[@]} * ${#rank_list[@]} * ${#size_list[@]} ))
done_cases=0
for kind in "${kind_list[@]}"; do
  for n in "${rank_list[@]}"; do
    for size in "${size_list[@]}"; do
      echo "smpi_library_experiment: case $((done_cases + 1)) of $total: $kind, $n ranks, $size bytes" >&2
      run_case "$kind" "$n" "$size"
      done_cases=$((done_cases + 1))
    done
  done
done
echo "smpi_library_experiment: $table, $csv"
