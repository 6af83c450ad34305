#!/usr/bin/env bash
# tests/mpi/interpose_test.sh LIB_MPICH LIB_OPENMPI TABLE_HASH TABLE MPI4PY PROGRAM...
#
# libhetcast_mpi under unmodified clients, compiled with each MPI's own
# wrappers and no hetcast header (PROGRAM...: tests/mpi/BUILD,
# :interpose_client_programs): a C program (bcast_check.c), Fortran
# programs with `use mpi`, `use mpi_f08` and mpif.h, on MPICH
# (mpiexec.mpich) and Open MPI (mpirun.openmpi), and an mpi4py script
# (Debian's python3-mpi4py, on Open MPI), 4 ranks each and the C program
# on 8 ranks too, and a C program whose threads broadcast at once under
# MPI_THREAD_MULTIPLE (bcast_threads.c), the library loaded with
# LD_PRELOAD. Each
# client checks every byte on every rank; the stats file
# (HETCAST_STATS) must show every broadcast of the cluster file's "plan"
# range planned and every other one handed over, with counts derived from
# the sizes the client reports and the ranges of the cluster file; the C
# program also with a table, with model trees (pipelined) and with model
# cluster (8 ranks, two clusters of hosts), and a range handed to the MPI
# algorithm the file names. Then the
# bad cluster files, each in HETCAST_MODE=on (one line from rank 0, MPI's
# broadcast, right bytes) and strict (the message, a non-zero exit), every
# run bounded by `timeout`. One machine has one host name: the runs name
# each rank's host with HETCAST_HOSTNAME_OVERRIDE (test-only).
set -euo pipefail
source "$(dirname "$0")/preload.sh"
lib_mpich=$(realpath "$1")
lib_openmpi=$(realpath "$2")
table_hash=$(realpath "$3")
table=$(realpath "$4")
mpi4py_script=$(realpath "$5")
shift 5
declare -A program
for file in "$@"; do program[$(basename "$file")]=$(realpath "$file"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# Hosts: h0 is fast; n1..n3 slow; ranks 1 and 2 share host n1 (two levels:
# host leaders, then a broadcast on n1). Broadcasts of 1..1023 bytes go to
# MPI by the file; 1024..262144 bytes are planned; larger are in no range.
cat >cluster.json <<'EOF'
{"version": 1, "name": "interpose test",
 "types": [{"name": "fast", "cost": 2}, {"name": "slow", "cost": 5}],
 "hosts": [{"name": "h0", "type": "fast"}, {"name": "n[1-3]", "type": "slow"}],
 "sizes": [{"min_bytes": 1, "max_bytes": 1023, "action": "mpi"},
           {"min_bytes": 1024, "max_bytes": 262144, "action": "plan",
            "algorithm": "fnf", "predicted_us": 100}]}
EOF
hosts=h0,n1,n1,n3

# run MPI PROGRAM [ARGS...]: 4 ranks with the library preloaded and the
# HETCAST_* variables of the environment; stdout to out, stderr to err.
run() {
  local mpi=$1
  shift
  local status=0
  rm -f stats.jsonl
  if [[ "$mpi" == mpich ]]; then
    LD_PRELOAD=$lib_mpich timeout 60 mpiexec.mpich -n "${RANKS:-4}" "$@" \
      >out 2>err || status=$?
  else
    local -a pass=()
    local name
    for name in $(compgen -e | grep '^HETCAST_'); do pass+=(-x "$name"); done
    timeout 60 mpirun.openmpi --allow-run-as-root --oversubscribe \
      -n "${RANKS:-4}" "${pass[@]}" -x LD_PRELOAD="$lib_openmpi" "$@" \
      >out 2>err || status=$?
  fi
  ((status != 124)) || fail "$mpi $*: timed out (a hang)"
  return "$status"
}

# The stats file's sums over ranks, read once per run: counts[INDEX.FIELD]
# for size range INDEX, counts[other.FIELD], counts[lines].
declare -A counts
read_stats() {
  counts=()
  local key value
  while read -r key value; do counts[$key]=$value; done < <(python3 -c '
import collections, json
total = collections.Counter()
for line in open("stats.jsonl"):
    rank = json.loads(line)
    total["lines"] += 1
    for index, stats in enumerate(rank["ranges"]):
        for field in ("planned", "handed_over"):
            total["%d.%s" % (index, field)] += stats[field]
    total["other.handed_over"] += rank["other"]["handed_over"]
for key in ("lines", "0.planned", "0.handed_over", "1.planned",
            "1.handed_over", "other.handed_over"):
    print(key, total[key])
')
}

# Expected counts from the client's "bcast BYTES" / "other" lines and the
# cluster file's ranges (times the ranks, RANKS or 4).
expect_counts() {  # LABEL [EXTRA_PLANNED]
  local label=$1 extra=${2:-0}
  local small planned other ranks=${RANKS:-4}
  small=$(awk '$1 == "bcast" && $2 >= 1 && $2 <= 1023' out | wc -l)
  planned=$(awk '$1 == "bcast" && $2 >= 1024 && $2 <= 262144' out | wc -l)
  other=$(awk '$1 == "other" || ($1 == "bcast" && $2 > 262144)' out | wc -l)
  planned=$((planned + extra))
  read_stats
  [[ ${counts[lines]} == "$ranks" ]] ||
    fail "$label: ${counts[lines]} stats lines, expected $ranks"
  ((planned > 0)) || fail "$label: the client made no broadcast of the plan range"
  [[ ${counts[1.planned]} == $((ranks * planned)) ]] ||
    fail "$label: planned ${counts[1.planned]}, expected $((ranks * planned))"
  [[ ${counts[1.handed_over]} == 0 ]] || fail "$label: plan range handed over"
  [[ ${counts[0.planned]} == 0 ]] || fail "$label: mpi range planned"
  if [[ "$label" != mpi4py ]]; then  # mpi4py broadcasts lengths of its own
    [[ ${counts[0.handed_over]} == $((ranks * small)) ]] ||
      fail "$label: mpi range handed over ${counts[0.handed_over]}, expected $((ranks * small))"
    [[ ${counts[other.handed_over]} == $((ranks * other)) ]] ||
      fail "$label: other ${counts[other.handed_over]}, expected $((ranks * other))"
  fi
  grep -qx "wrong: 0" out || fail "$label: wrong bytes: $(cat out err)"
  echo "ok: $label: $((ranks * planned)) planned rank-calls (at ${SECONDS} s)"
}

export HETCAST_CONFIG=$work/cluster.json HETCAST_HOSTNAME_OVERRIDE=$hosts
export HETCAST_STATS=$work/stats.jsonl
# The sanitizer rerun of the suite (tools/run_tests.sh sets
# HETCAST_SANITIZER_RUN) runs the C client only, and two bad files: the
# clients' other runs check the same library code again. An instrumented
# library needs the sanitizer's runtime loaded first.
sanitizer=${HETCAST_SANITIZER_RUN:+1}
preload lib_mpich "$lib_mpich"
preload lib_openmpi "$lib_openmpi"

# HETCAST_VERBOSE=1 (the first run): rank 0's line per size range, once.
HETCAST_VERBOSE=1 run mpich "${program[c_mpich]}" || fail "C on mpich: $(cat err)"
expect_counts "C on mpich"
[[ $(grep -c "1024..262144 bytes: hetcast's plan" err) == 1 ]] ||
  fail "verbose: no plan line: $(cat err)"
run openmpi "${program[c_openmpi]}" || fail "C on openmpi: $(cat err)"
expect_counts "C on openmpi"
fortran_mpis="mpich openmpi"
[[ -z "$sanitizer" ]] || fortran_mpis=
for mpi in $fortran_mpis; do
  run "$mpi" "${program[use_mpi_$mpi]}" || fail "use mpi on $mpi: $(cat err)"
  expect_counts "Fortran use mpi on $mpi"
  run "$mpi" "${program[use_mpi_f08_$mpi]}" || fail "use mpi_f08 on $mpi: $(cat err)"
  expect_counts "Fortran use mpi_f08 on $mpi"
  run "$mpi" "${program[mpif_$mpi]}" || fail "mpif.h on $mpi: $(cat err)"
  expect_counts "Fortran mpif.h on $mpi"
done
# 8 ranks on 4 hosts, three of them with several ranks.
eight_mpis="mpich openmpi"
[[ -z "$sanitizer" ]] || eight_mpis=
for mpi in $eight_mpis; do
  RANKS=8 HETCAST_HOSTNAME_OVERRIDE=h0,n1,n1,n2,n2,n2,n3,n3 run "$mpi" \
    "${program[c_$mpi]}" || fail "C on $mpi, 8 ranks: $(cat err)"
  RANKS=8 expect_counts "C on $mpi, 8 ranks"
done
# MPI_THREAD_MULTIPLE: four threads per rank broadcast at once, each on
# its own communicator.
if [[ -z "$sanitizer" ]]; then
  for mpi in mpich openmpi; do
    run "$mpi" "${program[threads_$mpi]}" || fail "threads on $mpi: $(cat err)"
    expect_counts "threads on $mpi"
  done
fi
# mpi4py: each comm.bcast of an object broadcasts its pickle (about 20
# KB, in the plan range) after its length (4 bytes).
if [[ -z "$sanitizer" ]]; then
  run openmpi /usr/bin/python3 "$mpi4py_script" || fail "mpi4py: $(cat err)"
  expect_counts mpi4py "$(awk '$1 == "objects" { print $2 }' out)"
fi

# A table (tables/test.hct's profile fig1: costs 2 and 3) pinned for the
# plan range, with its content hash (table_hash.c).
hash=$("$table_hash" "$table")
sed -e 's/"cost": 5/"cost": 3/' \
    -e "s|\"algorithm\": \"fnf\"|\"algorithm\": \"table\", \"table_path\": \"$table\", \"table_hash\": 0x$hash|" \
    cluster.json >table.json
if [[ -z "$sanitizer" ]]; then
  HETCAST_CONFIG=$work/table.json run mpich "${program[c_mpich]}" || fail "table: $(cat err)"
  expect_counts "C on MPICH, table"
fi

# Model trees for the plan range (the pipelined degree tree of per-type
# rates): segments of 1000 bytes, so that a broadcast of 1024 bytes ends
# 24 bytes past a segment and the larger ones run many segments.
sed -e 's|"algorithm": "fnf"|"model": "trees", "segment_bytes": 1000, "send_ps_per_byte": [100, 800], "receive_ps_per_byte": [100, 900]|' \
    cluster.json >trees.json
tree_mpis="mpich openmpi"
[[ -z "$sanitizer" ]] || tree_mpis=mpich
for mpi in $tree_mpis; do
  HETCAST_CONFIG=$work/trees.json HETCAST_VERBOSE=1 run "$mpi" "${program[c_$mpi]}" ||
    fail "trees on $mpi: $(cat err)"
  grep -q "1024..262144 bytes: hetcast's plan (between host leaders, trees" err ||
    fail "trees on $mpi: no verbose line for model trees: $(cat err)"
  expect_counts "C on $mpi, model trees"
done

# Model cluster (version 2) for the plan range: hosts h0 and n1 in one
# cluster, n2 and n3 in the other; the cluster model's LCF between the host
# leaders in segments of 1000 bytes; 8 ranks on 4 hosts.
sed -e 's|"version": 1|"version": 2|' \
    -e 's|"sizes": \[|"clusters": [{"name": "a", "hosts": ["h0", "n1"]}, {"name": "b", "hosts": ["n[2-3]"]}], "sizes": [|' \
    -e 's|"algorithm": "fnf"|"model": "cluster", "algorithm": "lcf", "inter_cost": 4, "segment_bytes": 1000|' \
    cluster.json >clusters.json
HETCAST_CONFIG=$work/clusters.json HETCAST_VERBOSE=1 RANKS=8 \
  HETCAST_HOSTNAME_OVERRIDE=h0,n1,n1,n2,n2,n2,n3,n3 run mpich "${program[c_mpich]}" ||
  fail "model cluster on mpich: $(cat err)"
grep -q "1024..262144 bytes: hetcast's plan (between host leaders, cluster model, lcf" err ||
  fail "model cluster: no verbose line for model cluster: $(cat err)"
RANKS=8 expect_counts "C on mpich, model cluster, 8 ranks"

# An "mpi" range naming the MPI library's algorithm (version 3): on Open
# MPI the library runs its binomial algorithm there (which algorithm ran is
# checked by the bytes the root sends, //tests/netcluster:netcluster_test);
# MPICH cannot choose one at run time (tools/mpi/mpi_algorithms.h), so rank
# 0 says so and MPICH's default runs. Every byte right either way.
sed -e 's|"version": 1|"version": 3|' \
    -e 's|"max_bytes": 1023, "action": "mpi"|"max_bytes": 1023, "action": "mpi", "mpi_algorithm": "binomial"|' \
    cluster.json >algorithm.json
HETCAST_CONFIG=$work/algorithm.json HETCAST_VERBOSE=1 run openmpi "${program[c_openmpi]}" ||
  fail "mpi_algorithm on openmpi: $(cat err)"
grep -q "1..1023 bytes: MPI_Bcast (the cluster file says mpi, its binomial algorithm)" err ||
  fail "mpi_algorithm on openmpi: no verbose line naming it: $(cat err)"
expect_counts "C on openmpi, mpi_algorithm binomial"
HETCAST_CONFIG=$work/algorithm.json run mpich "${program[c_mpich]}" ||
  fail "mpi_algorithm on mpich: $(cat err)"
grep -q "sizes\[0\]: mpi_algorithm binomial is not one this MPI library lets a process choose (MPICH reads its broadcast algorithm at MPI_Init only" err ||
  fail "mpi_algorithm on mpich: no line saying MPICH's default runs: $(cat err)"
expect_counts "C on mpich, mpi_algorithm binomial (its default runs)"

# HETCAST_MODE=off: MPI's broadcast, no stats.
HETCAST_MODE=off run mpich "${program[c_mpich]}" quick || fail "off: $(cat err)"
[[ ! -e stats.jsonl ]] || fail "off: a stats file"

# Bad cluster files: NAME, JSON (or "-" for none), the expected message,
# the hosts, the MPIs (the file's checks are the same code on both: Open
# MPI, whose runs cost more here, takes the rank 0 and the other-rank case).
bad_case() {
  local name=$1 json=$2 message=$3 hosts=${4:-$hosts} mpis=${5:-mpich}
  local file=$work/bad-$name.json
  if [[ "$json" == - ]]; then rm -f "$file"; else printf '%s' "$json" >"$file"; fi
  for mpi in $mpis; do
    HETCAST_CONFIG=$file HETCAST_HOSTNAME_OVERRIDE=$hosts HETCAST_MODE=on \
      RANKS=2 run "$mpi" "${program[c_$mpi]}" quick || fail "$name, on, $mpi: $(cat err)"
    grep -qx "wrong: 0" out || fail "$name, on, $mpi: wrong bytes"
    [[ $(grep -c "^hetcast: " err) == 1 ]] && grep -qF -- "$message" err ||
      fail "$name, on, $mpi: expected one line with '$message': $(cat err)"
    [[ $(grep -c '"other": {"handed_over": 1}' stats.jsonl) == 2 ]] ||
      fail "$name, on, $mpi: not handed over: $(cat stats.jsonl)"
    if HETCAST_CONFIG=$file HETCAST_HOSTNAME_OVERRIDE=$hosts HETCAST_MODE=strict \
        RANKS=2 run "$mpi" "${program[c_$mpi]}" quick; then
      fail "$name, strict, $mpi: exit 0"
    fi
    grep -qF -- "$message" err && grep -qF "HETCAST_MODE=strict: aborting" err ||
      fail "$name, strict, $mpi: expected '$message': $(cat err)"
  done
  echo "ok: bad file: $name (at ${SECONDS} s)"
}
good_head='"version": 1, "types": [{"name": "fast", "cost": 2}, {"name": "slow", "cost": 5}]'
good_hosts='"hosts": [{"name": "h0", "type": "fast"}, {"name": "n[1-3]", "type": "slow"}]'
plan='{"min_bytes": 1024, "max_bytes": 8192, "action": "plan"}'
bad_case missing - "cannot read $work/bad-missing.json" "$hosts" "mpich openmpi"
bad_case unknown-host "{$good_head, $good_hosts, \"sizes\": [$plan]}" \
  "host 'x9' matches no entry of hosts" h0,x9 "mpich openmpi"
[[ -z "$sanitizer" ]] || { echo "PASS (sanitizer run) in ${SECONDS} s"; exit 0; }
bad_case truncated "{$good_head, $good_hosts, \"sizes\": [$plan" "not a cluster file"
bad_case version "{\"version\": 4, ${good_head#*, }, $good_hosts}" \
  "version is 4; this library reads versions 1 to 3"
bad_case no-cost "{\"version\": 1, \"types\": [{\"name\": \"fast\"}], $good_hosts}" \
  "types[0] ('fast'): cost is missing or 0"
bad_case overlap "{$good_head, $good_hosts, \"sizes\": [$plan, {\"min_bytes\": 8192, \"max_bytes\": 9000, \"action\": \"mpi\"}]}" \
  "sizes[1] [8192, 9000] overlaps sizes[0] [1024, 8192]"
bad_case table-hash "{$good_head, $good_hosts, \"sizes\": [{\"min_bytes\": 1, \"max_bytes\": 9, \"action\": \"plan\", \"table_path\": \"$table\", \"table_hash\": 1}]}" \
  "sizes[0]: table_hash is 1 but the table's hash is"
echo "PASS in ${SECONDS} s"
