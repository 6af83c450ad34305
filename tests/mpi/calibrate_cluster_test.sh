#!/usr/bin/env bash
# tests/mpi/calibrate_cluster_test.sh HETCAST_CALIBRATE LIB_MPICH CLIENT
#     HETCAST_CALIBRATE_OPENMPI
#
# hetcast-calibrate on real MPICH processes writes a cluster file that
# libhetcast_mpi then reads and plans with: 4 ranks on hosts named with the
# test-only HETCAST_HOSTNAME_OVERRIDE (ranks 0 and 1 share host n01, so the
# host leaders are what is measured and planned between). Timings on shared
# cores are noise, so the calibration runs with --decide=plan (every range
# the plan, whatever the timings); the client (tests/mpi/interpose/
# bcast_check.c, unmodified, the library preloaded in strict mode) must then
# have every broadcast of the calibrated sizes planned (the stats file) and
# every byte right. On Open MPI, the algorithms it times. Then --help and bad arguments: exit 2 and a message
# naming the problem on every run, none hangs.
set -euo pipefail
calibrate=$(realpath "$1")
source "$(dirname "$0")/preload.sh"
preload lib "$(realpath "$2")"
client=$(realpath "$3")
calibrate_openmpi=$(realpath "$4")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
export HETCAST_HOSTNAME_OVERRIDE=n01,n01,n02,n03

timeout 120 mpiexec.mpich -n 4 "$calibrate" --sizes 1KiB:256KiB --repeats 1 \
  --decide plan --out cluster.json >out 2>err || fail "calibrate: $(cat out err)"
grep -q "^hetcast-calibrate: 4 ranks on 3 hosts" out || fail "no host line: $(cat out)"
grep -q "^wrote cluster.json: [1-3] types, [0-9]* size ranges; wall time" out ||
  fail "no summary: $(cat out)"
# The file's ranges cover 1 KiB .. 256 KiB, all "plan" (any candidate: the
# node model, model trees, or the cluster model where the noisy timings
# made clusters of the three hosts); an exact table is embedded in the file
# with its hash.
python3 - <<'PY' || fail "cluster file: $(cat cluster.json)"
import json
sizes = json.load(open("cluster.json"))["sizes"]
assert sizes[0]["min_bytes"] == 1024 and sizes[-1]["max_bytes"] == 262144, sizes
assert all(r["action"] == "plan" and (r["model"], r["algorithm"]) in
           {("node", "fnf"), ("node", "table"), ("trees", "any"),
            ("cluster", "any")}
           for r in sizes), sizes
assert all(r["table_data"] and r["table_hash"] for r in sizes
           if r["algorithm"] == "table"), sizes
assert all(a["max_bytes"] + 1 == b["min_bytes"] for a, b in zip(sizes, sizes[1:]))
PY

HETCAST_CONFIG=$work/cluster.json HETCAST_MODE=strict HETCAST_STATS=$work/stats \
  LD_PRELOAD="$lib" timeout 60 mpiexec.mpich -n 4 "$client" >client 2>client.err ||
  fail "client: $(cat client client.err)"
grep -qx "wrong: 0" client || fail "wrong bytes: $(cat client client.err)"
planned=$(awk '$1 == "bcast" && $2 >= 1024 && $2 <= 262144' client | wc -l)
((planned > 0)) || fail "the client made no broadcast of 1 KiB .. 256 KiB"
python3 - "$planned" <<'PY' || fail "stats: $(cat stats)"
import json, sys
want = int(sys.argv[1])
lines = [json.loads(line) for line in open("stats")]
assert len(lines) == 4, lines
for rank in lines:
    assert rank["used"], rank
    got = sum(r["planned"] for r in rank["ranges"])
    over = sum(r["handed_over"] for r in rank["ranges"])
    assert (got, over) == (want, 0), (rank["rank"], got, over, want)
PY
echo "ok: the calibrated file planned $planned broadcasts on each of 4 ranks"

# On Open MPI calibration also times each of its broadcast algorithms
# (coll_tuned_bcast_algorithm, chosen through MPI_T): their names must be
# ompi_info's list, every size must show their times, and a range handed
# to MPI may name one of them only.
names=$(ompi_info --param coll tuned --level 9 --parsable |
  sed -n 's/^mca:coll:tuned:param:coll_tuned_bcast_algorithm:enumerator:value:[1-9][0-9]*://p' |
  paste -sd, | sed 's/,/, /g')
[[ -n "$names" ]] || fail "ompi_info lists no broadcast algorithm"
timeout 180 mpirun.openmpi --allow-run-as-root --oversubscribe -n 4 \
  -x HETCAST_HOSTNAME_OVERRIDE "$calibrate_openmpi" --sizes 1KiB:64KiB --repeats 1 \
  --out ompi.json >ompi.out 2>ompi.err || fail "calibrate on Open MPI: $(cat ompi.out ompi.err)"
grep -qF "MPI's broadcast: its default and $(awk -F', ' '{print NF}' <<<"$names") algorithms chosen through coll_tuned_bcast_algorithm ($names)" ompi.out ||
  fail "Open MPI's algorithms are not ompi_info's ($names): $(cat ompi.out)"
[[ $(grep -c "^  [0-9]* bytes: MPI's algorithms: default [0-9.]* us, " ompi.out) == 7 ]] ||
  fail "not every size (1 to 64 KiB, 7) timed MPI's algorithms: $(cat ompi.out)"
python3 - "$names" <<'PY' || fail "Open MPI's cluster file: $(cat ompi.json)"
import json, sys
names = sys.argv[1].split(", ")
data = json.load(open("ompi.json"))
assert data["version"] == 3, data["version"]
for r in data["sizes"]:
    assert r["action"] == "plan" or r.get("mpi_algorithm", names[0]) in names, r
PY
echo "ok: calibration on Open MPI timed its $(awk -F', ' '{print NF}' <<<"$names") algorithms at 7 sizes"

mpiexec.mpich -n 1 "$calibrate" --help >help || fail "--help: status $?"
grep -q "^usage: mpiexec -n N hetcast-calibrate --sizes MIN:MAX --out FILE" help ||
  fail "--help: $(cat help)"

# bad ARGS... EXPECTED: exit status 2 and EXPECTED in the message.
bad() {
  local expected=${*: -1} status=0
  timeout 60 mpiexec.mpich "${@:1:$#-1}" >/dev/null 2>bad.err || status=$?
  [[ $status == 2 ]] && grep -q -- "$expected" bad.err ||
    fail "$*: status $status: $(cat bad.err)"
}
bad -n 2 "$calibrate" --sizes 1KiB:2KiB "--out: missing"
bad -n 2 "$calibrate" --out x.json "--sizes: missing"
bad -n 2 "$calibrate" --sizes 1KB:2KiB --out x.json "is not MIN:MAX"
bad -n 2 "$calibrate" --sizes 1KiB:4GiB --out x.json "1 <= MIN <= MAX"
bad -n 2 "$calibrate" --sizes 1KiB:2KiB --out x.json --repeats 0 "--repeats=0"
bad -n 2 "$calibrate" --sizes 1KiB:2KiB --out x.json --decide maybe "--decide"
bad -n 2 "$calibrate" --sizes 1KiB:2KiB --out x.json --bogus 1 "unknown or malformed argument '--bogus'"
bad -n 1 "$calibrate" --sizes 1KiB:2KiB --out x.json "needs 2 ranks"
HETCAST_HOSTNAME_OVERRIDE=same,same bad -n 2 "$calibrate" --sizes 1KiB:2KiB --out x.json "run on one host"
HETCAST_HOSTNAME_OVERRIDE=only bad -n 2 "$calibrate" --sizes 1KiB:2KiB --out x.json "names no host for rank 1"
# An unwritable output: exit 1 on every rank, the file not half written.
status=0
HETCAST_HOSTNAME_OVERRIDE=a,b timeout 60 mpiexec.mpich -n 2 "$calibrate" --sizes 1KiB:1KiB --repeats 1 \
  --out "$work/no/such/dir/c.json" >/dev/null 2>bad.err || status=$?
[[ $status == 1 ]] && grep -q "cannot write" bad.err || fail "unwritable: status $status: $(cat bad.err)"
echo "calibrate_cluster_test: passed"
