#!/usr/bin/env bash
# tests/mpi/calibrate_test.sh CALIBRATE HETCAST: the calibration path a user
# takes on real MPICH processes: calibrate writes a profile and cluster
# parameters, `hetcast gen` turns the profile into a table, and the planner
# answers from that table. The measured numbers are noise here (4 ranks on
# 2 shared cores), so only the path and the files' form are checked.
set -euo pipefail
calibrate=$1
hetcast=$2
dir=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "calibrate_test: $*" >&2; exit 1; }

timeout 120 mpiexec.mpich -n 4 "$calibrate" --size=1024 --rank-types=0,1,1,0 \
  --rank-clusters=0,0,1,1 --repeats=2 --tick-ns=100 --limit=4 --name=lab \
  --profile-out="$dir/p.json" --cluster-out="$dir/c.json" \
  --rules-out="$dir/r.json" | tee "$dir/out"
# Node costs: the "any" set is always checked; the profile holds the set the
# output names, whose costs are the ones printed per type.
grep -q '^check, node (any) model: planned' "$dir/out" || fail "no node-model check"
chosen=$(sed -n 's/^node costs from receivers: \(any\|same\)$/\1/p' "$dir/out")
[[ -n $chosen ]] || fail "no chosen node cost set"
measured() { sed -n "s/^check, node ($1) model: .*, measured \([^ ]*\) s .*/\1/p" "$dir/out"; }
if [[ $chosen == same ]]; then  # only when measured faster than "any"
  awk -v s="$(measured same)" -v a="$(measured any)" \
    'BEGIN { exit !(s != "" && s + 0 < a + 0) }' || fail "'same' chosen, not faster"
fi
printed=$(sed -n 's/^type [0-9]*: .* = \([0-9]*\) ticks$/\1/p' "$dir/out" | paste -sd,)
profiled=$(grep -oE '"cost": [0-9]+' "$dir/p.json" | grep -oE '[0-9]+$' | paste -sd,)
[[ -n $printed && $printed == "$profiled" ]] ||
  fail "profile costs $profiled, printed $printed"
grep -q '^check, cluster model: planned' "$dir/out" || fail "no cluster-model check"
grep -qE '"inter_cost": [1-9][0-9]*' "$dir/c.json" || fail "bad cluster file"
# The hand-over rule's input per model; the segment size is the whole
# message (0) or one of calibrate's candidates for 1 KB, 512, 256 and 128
# (1 KB / 2, / 4, / 8; 8 KiB is not below 1 KB / 8): which one wins is noise
# on shared cores.
for model in node cluster; do
  grep -qE "\"$model\": \{\"planned_ticks\": [1-9][0-9]*, .*\"segment_bytes\": (0|128|256|512), .*\"mpi_bcast_ticks\": [1-9][0-9]*\}" "$dir/r.json" ||
    fail "bad rules file for the $model model: $(cat "$dir/r.json")"
done

"$hetcast" gen --profile "$dir/p.json" --out "$dir/t.hct"
"$hetcast" plan --table "$dir/t.hct" --source-type 1 --counts 2,1 \
  --format json >"$dir/plan.json"
grep -q '"algorithm":"table"' "$dir/plan.json" || fail "table did not answer"

# The per-pair costs (--pairs-out): "N BYTES", N send costs, N * N link
# costs; an unwritable path fails on every rank (exit 1), no hang.
timeout 120 mpiexec.mpich -n 3 "$calibrate" --size=512 --rank-types=0,0,0 \
  --repeats=1 --pairs-out="$dir/pairs.txt" >/dev/null
[[ $(head -1 "$dir/pairs.txt") == "3 512" ]] || fail "bad pairs header"
[[ $(tail -n +2 "$dir/pairs.txt" | wc -w) -eq 12 ]] || fail "bad pairs costs"
status=0
timeout 60 mpiexec.mpich -n 3 "$calibrate" --size=512 --rank-types=0,0,0 \
  --repeats=1 --pairs-out="$dir/no/such/dir/p.txt" 2>"$dir/err" >/dev/null ||
  status=$?
[[ $status -eq 1 ]] && grep -q "cannot write" "$dir/err" ||
  fail "unwritable --pairs-out: status $status"

# Bad input: a type with no rank, one rank, a size past INT_MAX (which a
# 32-bit read would wrap to 1 byte), a name that would break the profile's
# JSON, a limit of 0; exit 2 with a message naming the flag.
for bad in "-n 2 $calibrate --size=8 --rank-types=0,2" \
           "-n 1 $calibrate --size=8 --rank-types=0" \
           "-n 2 $calibrate --size=4294967297 --rank-types=0,1" \
           "-n 2 $calibrate --size=8 --repeats=4294967297 --rank-types=0,1" \
           "-n 2 $calibrate --size=8 --rank-types=0,1 --name=a\"b" \
           "-n 2 $calibrate --size=8 --rank-types=0,1 --limit=0" \
           "-n 2 $calibrate --size=8 --rank-types=0,1 --rank-clusters="; do
  status=0
  timeout 60 mpiexec.mpich $bad 2>"$dir/err" >/dev/null || status=$?
  [[ $status -eq 2 && -s "$dir/err" ]] || fail "mpiexec $bad: status $status"
  grep -qE "needs 2 ranks|--(size|repeats|rank-types|rank-clusters|name|limit)" "$dir/err" ||
    fail "mpiexec $bad: the message names no flag: $(cat "$dir/err")"
done
echo "calibrate_test: passed"
