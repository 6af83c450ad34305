#!/usr/bin/env bash
# tests/mpi/smpi_library_test.sh HETCAST_CALIBRATE SMPI_PLATFORM CLIENT
#
# libhetcast_mpi in SimGrid SMPI (//tools/mpi:smpi_library): the unmodified
# C client (bcast_check.c, compiled by smpicc, linked with the library's
# amalgamation) on an 8-host mixed platform of two speed classes, with the
# cluster file hetcast-calibrate wrote there (1 KiB .. 64 KiB).
#  1. The client's check (every root, every size and datatype, count 0,
#     MPI_COMM_SELF; SMPI has no MPI_Intercomm_create): every byte right on
#     every rank, and the stats file counts every broadcast as the cluster
#     file's range says (planned, handed over, or in no range), per rank.
#  2. Calibrated is what runs: the client's timed broadcast through the
#     library takes the time hetcast-calibrate measured for the rule it
#     wrote (measured_us for "plan", mpi_us for "mpi"), within 0.1% (SMPI's
#     clock is deterministic; the library's own calls before the plan add
#     a few nanoseconds).
#  3. Under SMPI's NTSB broadcast (which aborts on one-rank communicators)
#     calibration and the library run, bytes right.
set -euo pipefail
calibrate=$(realpath "$1")
platform=$(realpath "$2")
client=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$platform" --kind=mixed --ranks=8 --seed=2042 --out="$work" >draw
simulate() {  # BCAST PROGRAM ARGS...
  local bcast=$1
  shift
  timeout 120 smpirun --log=root.thres:critical \
    --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich \
    "--cfg=smpi/bcast:$bcast" -np 8 -platform platform.xml -hostfile hostfile "$@"
}

simulate default "$calibrate" --sizes 1KiB:64KiB --repeats 1 --out cluster.json \
  >calibrate.out 2>&1 || fail "hetcast-calibrate: $(cat calibrate.out)"
grep -q '"action": "plan"' cluster.json || fail "no plan range: $(cat calibrate.out)"

# 1. The check with the stats file.
HETCAST_CONFIG=cluster.json HETCAST_STATS=$work/stats.jsonl \
  simulate default "$client" no-intercomm >out 2>err || fail "client: $(cat out err)"
grep -qx "wrong: 0" out || fail "wrong bytes: $(cat out err)"
python3 - <<'PY' || fail "stats: $(cat stats.jsonl)"
import json
ranges = json.load(open("cluster.json"))["sizes"]
want = [{"planned": 0, "handed_over": 0} for _ in ranges]
other = 0
for line in open("out"):
    words = line.split()
    if words[0] == "other":
        other += 1
    elif words[0] == "bcast":
        size = int(words[1])
        index = [i for i, r in enumerate(ranges) if r["min_bytes"] <= size <= r["max_bytes"]]
        if not index:
            other += 1
        else:
            field = "planned" if ranges[index[0]]["action"] == "plan" else "handed_over"
            want[index[0]][field] += 1
assert sum(w["planned"] for w in want) > 0, "no broadcast in a plan range"
lines = [json.loads(line) for line in open("stats.jsonl")]
assert sorted(l["rank"] for l in lines) == list(range(8)), "not one line per rank"
for rank in lines:
    got = [{"planned": r["planned"], "handed_over": r["handed_over"]} for r in rank["ranges"]]
    assert rank["used"] and got == want, "rank %d: %s, expected %s" % (rank["rank"], got, want)
    assert rank["other"]["handed_over"] == other, "rank %d: other %d, expected %d" % (
        rank["rank"], rank["other"]["handed_over"], other)
print("ok: stats: %d planned, %d handed over, %d other per rank" % (
    sum(w["planned"] for w in want), sum(w["handed_over"] for w in want), other))
PY

# 2. The timed broadcast against the file's calibrated time.
for bytes in 1024 16384 65536; do
  line=$(HETCAST_CONFIG=cluster.json simulate default "$client" time "$bytes") ||
    fail "timed $bytes: $line"
  grep -qx "wrong: 0" <<<"$line" || fail "timed $bytes: wrong bytes: $line"
  seconds=$(grep -oE 'seconds=[^ ]+' <<<"$line" | cut -d= -f2)
  python3 - "$bytes" "$seconds" <<'PY' || fail "timed $bytes"
import json, sys
size, seconds = int(sys.argv[1]), float(sys.argv[2])
rule = next(r for r in json.load(open("cluster.json"))["sizes"]
            if r["min_bytes"] <= size <= r["max_bytes"])
want = rule["measured_us"] if rule["action"] == "plan" else rule["mpi_us"]
assert abs(1e6 * seconds - want) <= 1e-3 * want, "%d bytes: %.4f us through the library, calibrated %.3f us (%s)" % (
    size, 1e6 * seconds, want, rule["action"])
print("ok: %d bytes: %.3f us, calibrated %.3f us (%s)" % (size, 1e6 * seconds, want, rule["action"]))
PY
done

# 3. Under NTSB.
simulate NTSB "$calibrate" --sizes 1KiB:1KiB --repeats 1 --out ntsb.json \
  >ntsb.out 2>&1 || fail "hetcast-calibrate under NTSB: $(grep -v '^  ->' ntsb.out | head)"
line=$(HETCAST_CONFIG=ntsb.json simulate NTSB "$client" time 1024 2>&1) ||
  fail "client under NTSB: $(grep -v '^  ->' <<<"$line" | head)"
grep -qx "wrong: 0" <<<"$line" || fail "NTSB: wrong bytes: $line"
echo "ok: NTSB"
