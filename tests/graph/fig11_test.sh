#!/bin/bash
# fig11_test.sh: a tiny run of the Fig. 11 experiment (tools/experiments/
# fig11.cc): two 10-node Tiers-like platforms, two densities, every
# algorithm. Checks the files' shape, that no heuristic beats Multicast-LB
# (a lower bound: every ratio over LB is >= 1), that --tables_only rebuilds
# the same tables from the CSV, and that bad flags exit 2.
set -euo pipefail
fig11="$1"
out="${TEST_TMPDIR:-$(mktemp -d)}"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$fig11" --out="$out" --size=tiny --platforms=2 --densities=0,100
# Header + 2 platforms x 2 densities x (LB, UB, 5 algorithms).
lines=$(wc -l < "$out/fig11.csv")
[[ "$lines" == 29 ]] || fail "fig11.csv has $lines lines, expected 29"
grep -q '^<!-- made by: bazel run -c opt //tools:fig11 -- ' "$out/fig11.md" ||
  fail "fig11.md does not say which command made it"
grep -q '^| 1 target | 1 |' "$out/fig11.md" || fail "no one-target row"
grep -q '^| 100% | 5 |' "$out/fig11.md" || fail "no 100% row"

# The table over Multicast-LB: the second ratio table.
awk '/over Multicast-LB/ {on = 1; next} /wall time/ {on = 0}
     on && /^\| [0-9]/ || on && /^\| 1 target/ {
       for (i = 4; i < NF; ++i) if ($i + 0 < 1) { print; bad = 1 } }
     END { exit bad }' FS='|' "$out/fig11.md" ||
  fail "a period below Multicast-LB"

cp "$out/fig11.md" "$out/first.md"
"$fig11" --out="$out" --size=tiny --platforms=2 --densities=0,100 \
  --tables_only
diff <(tail -n +2 "$out/first.md") <(tail -n +2 "$out/fig11.md") ||
  fail "--tables_only made other tables"

for bad in --size=huge --densities=101 --algorithms=mcph,nope; do
  status=0
  "$fig11" --out="$out" "$bad" 2> "$out/err" || status=$?
  [[ "$status" == 2 ]] || fail "$bad: exit $status, expected 2"
  [[ $(wc -l < "$out/err") == 1 ]] || fail "$bad: not one line"
done
echo "PASS"
