#!/usr/bin/env bash
# tools/netcluster/bcast_bench.sh [--sizes=1048576,4194304,16777216]
#     [--repeats=3] [--out=DIR] [--description=FILE]
#
# A first measurement on the emulated cluster (not calibrated: issue 30's
# table needs the calibration of issue 29): every broadcast algorithm of
# MPICH (MPIR_CVAR_BCAST_INTRA_ALGORITHM, with
# MPIR_CVAR_DEVICE_COLLECTIVES=none) and of Open MPI (coll_tuned_bcast_algorithm
# 0-9 with coll_tuned_use_dynamic_rules=1; 0 is Open MPI's own choice) against
# hetcast's HETCAST_MPI_Bcast under each library (node model, whole message,
# and in 256 KiB segments), root 0, on 8 hosts of three NIC speeds
# (tools/netcluster/cluster8.json: 100, 50 and 25 Mbit/s, tbf). Each run is
# its own launch of tools/mpi's bench with --repeats=1 (the slowest rank's
# time from a barrier, after a first call); the table gives the median over
# --repeats launches. hetcast's node-model costs come from the description's
# NIC speeds (1, 2, 4: send time per byte relative to the 100 Mbit/s hosts),
# not from a calibration, and its prediction uses the 100 Mbit/s host's wire
# time per byte as the tick.
#
# Run as root after
#   bazel build -c opt //tools/mpi:mpich_programs //tools/mpi:openmpi_programs
# (the programs of bazel-bin, as it points when this starts). Writes DIR/results.csv (every run) and DIR/table.md (medians).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sizes=1048576,4194304,16777216
repeats=3
out=${TMPDIR:-/tmp}/netcluster-bench
description=$here/cluster8.json
for arg in "$@"; do
  case "$arg" in
    --sizes=*) sizes=${arg#*=} ;;
    --repeats=*) repeats=${arg#*=} ;;
    --out=*) out=${arg#*=} ;;
    --description=*) description=${arg#*=} ;;
    --inner) inner=1 ;;
    *) echo "bcast_bench.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done
# Resolved once: a bazel command in another configuration while this runs
# moves bazel-bin, and the runs would then mix builds.
programs=$(realpath "$root/bazel-bin/tools/mpi")
if [[ -z ${inner:-} ]]; then
  for mpi in mpich openmpi; do
    [[ -x $programs/$mpi/bench ]] ||
      { echo "bcast_bench.sh: build //tools/mpi:${mpi}_programs first" >&2; exit 2; }
  done
  mkdir -p "$out"
  exec /usr/bin/python3 "$here/netcluster.py" run "$description" --mpi none \
    --timeout 36000 -- "$0" --inner --sizes="$sizes" --repeats="$repeats" \
    --out="$out" --description="$description"
fi

# Inside the cluster: $NETCLUSTER_MPICH and $NETCLUSTER_OPENMPI launch one
# rank per host.
labels=0,0,1,1,1,2,2,2  # the hosts of cluster8.json, in rank order
csv=$out/results.csv
echo "mpi,algorithm,bytes,repeat,seconds,planned_seconds,buffers_equal" >"$csv"

# run MPI ALGORITHM SIZE REPEAT ENV... -- ARGS...: one launch, one CSV row.
run() {
  local mpi=$1 algorithm=$2 size=$3 repeat=$4 env=() line seconds planned equal
  shift 4
  while [[ $1 != -- ]]; do env+=("$1"); shift; done
  shift
  local launcher=$NETCLUSTER_MPICH
  [[ $mpi == openmpi ]] && launcher=$NETCLUSTER_OPENMPI
  line=$(env "${env[@]}" timeout 600 "$launcher" "$programs/$mpi/bench" "$@" \
    --size="$size" --repeats=1 2>/dev/null | grep -E '_seconds=' | tail -1) || line=failed
  seconds=$(sed -n 's/.*\(hetcast\|mpi\)_seconds=\([^ ]*\).*/\2/p' <<<"$line")
  planned=$(sed -n 's/.*planned_seconds=\([^ ]*\).*/\1/p' <<<"$line")
  equal=$(sed -n 's/.*buffers_equal=\([^ ]*\).*/\1/p' <<<"$line")
  echo "$mpi,$algorithm,$size,$repeat,${seconds:-failed},$planned,$equal" >>"$csv"
  echo "$mpi $algorithm $size #$repeat: ${seconds:-failed}" >&2
}

IFS=, read -ra size_list <<<"$sizes"
for size in "${size_list[@]}"; do
  tick_ps=$((size * 80000))  # 8 bits at 100 Mbit/s: 80 ns a byte
  for ((repeat = 1; repeat <= repeats; ++repeat)); do
    for algorithm in auto binomial scatter_recursive_doubling_allgather \
        scatter_ring_allgather; do
      run mpich "$algorithm" "$size" "$repeat" \
        MPIR_CVAR_DEVICE_COLLECTIVES=none \
        MPIR_CVAR_BCAST_INTRA_ALGORITHM="$algorithm" -- --model=mpi
    done
    for algorithm in 0 1 2 3 4 5 6 7 8 9; do
      run openmpi "tuned_$algorithm" "$size" "$repeat" \
        OMPI_MCA_coll_tuned_use_dynamic_rules=1 \
        OMPI_MCA_coll_tuned_bcast_algorithm="$algorithm" -- --model=mpi
    done
    for mpi in mpich openmpi; do
      for segment in 0 262144; do
        run "$mpi" "hetcast_seg$segment" "$size" "$repeat" -- --model=node \
          --rank-labels=$labels --costs=1,2,4 --tick-ps=$tick_ps \
          --segment-bytes=$segment
      done
    done
  done
done

# Medians per library, algorithm and size; the fastest MPI algorithm and
# hetcast's best against it.
/usr/bin/python3 - "$csv" >"$out/table.md" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
runs = {}
for r in rows:
    if r["seconds"] != "failed":
        runs.setdefault((r["mpi"], r["algorithm"], int(r["bytes"])), []).append(
            float(r["seconds"]))
print("| MPI | bytes | algorithm | median s (runs) |")
print("|---|---:|---|---:|")
for key in sorted(runs):
    print("| %s | %d | %s | %.3f (%d) |" % (key[0], key[2], key[1],
                                          statistics.median(runs[key]),
                                          len(runs[key])))
print()
print("| MPI | bytes | fastest MPI algorithm, median s | hetcast best, median s | MPI / hetcast |")
print("|---|---:|---|---|---:|")
for mpi in ("mpich", "openmpi"):
    for size in sorted({k[2] for k in runs}):
        mine = {k[1]: statistics.median(v) for k, v in runs.items()
                if k[0] == mpi and k[2] == size}
        theirs = {a: s for a, s in mine.items() if not a.startswith("hetcast")}
        ours = {a: s for a, s in mine.items() if a.startswith("hetcast")}
        if theirs and ours:
            a, s = min(theirs.items(), key=lambda x: x[1])
            h, t = min(ours.items(), key=lambda x: x[1])
            print("| %s | %d | %s %.3f | %s %.3f | %.2f |" % (mpi, size, a, s, h,
                                                          t, s / t))
EOF
cat "$out/table.md"
