#!/usr/bin/env bash
# tools/experiments/limits.sh: the worst requests the command line accepts,
# one per algorithm family, each with its wall time and peak memory
# (/usr/bin/time -v), for the README's "Limits". Output goes to /dev/null;
# only the figures are printed. Run from the workspace root after
# `bazel build -c opt //tools:hetcast`:
#   tools/experiments/limits.sh [path/to/hetcast]
set -uo pipefail
hetcast=${1:-bazel-bin/tools/hetcast}
[[ -x "$hetcast" ]] || { echo "limits.sh: build //tools:hetcast first" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "limits.sh: needs GNU time (package time)" >&2; exit 2; }

measure() {  # LABEL ARGS...
  local label=$1 log
  shift
  log=$(mktemp)
  /usr/bin/time -v "$hetcast" "$@" >/dev/null 2>"$log"
  local status=$?
  local wall rss
  wall=$(sed -nE 's/.*Elapsed \(wall clock\) time.*: (.*)/\1/p' "$log")
  rss=$(sed -nE 's/.*Maximum resident set size \(kbytes\): (.*)/\1/p' "$log")
  printf '%-58s exit %d  wall %8s  peak %6d MB\n' "$label" "$status" "$wall" \
    $((rss / 1024))
  rm -f "$log"
}

measure "FNF, 10^7 nodes (the cap), text" \
  plan --costs 2,3 --source-type 0 --counts 5000000,4999999
measure "FNF, 10^7 nodes, json" \
  plan --costs 2,3 --source-type 0 --counts 5000000,4999999 --format json
measure "FNF, 3 nodes offered 10^7 relays" \
  plan --costs 2,3 --source-type 0 --counts 1,1 --relays 5000000,4999997
measure "FNF relay search, 2*10^9 node-steps (the cap)" \
  plan --costs 2,3 --source-type 1 --counts 0,31621 --relays 31621,0
measure "LCF, one cluster of 10^7 processors" \
  plan --model cluster --cluster-sizes 10000000 --inter-cost 4
measure "postal LCF, C = 2^40 - 1" \
  plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 1099511627775 --postal
measure "Interleaved LCF, C = 2^40 - 1" \
  plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 1099511627775 \
  --algorithm interleaved
