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

# nb_request N ENTRIES: a multi-source request of N nodes whose link
# matrix lists ENTRIES ones (N * N of them make it valid).
nb_request() {
  awk -v n="$1" -v entries="$2" 'BEGIN {
    printf "{\"nodes\":["
    for (i = 0; i < n; ++i) {
      printf "%s{\"send_fixed\":1,\"send_per_byte\":1,\"recv_fixed\":1,\"recv_per_byte\":1}", (i ? "," : "")
    }
    printf "],\"link_per_byte\":["
    for (i = 0; i < entries; ++i) printf "%s1", (i ? "," : "")
    printf "],\"messages\":[{\"source\":0,\"length\":1,\"destinations\":[1]}]}"
  }'
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure "FNF, 10^7 nodes (the cap), text" \
  plan --costs 2,3 --source-type 0 --counts 5000000,4999999
measure "FNF, 10^7 nodes, json" \
  plan --costs 2,3 --source-type 0 --counts 5000000,4999999 --format json
measure "FNF, 3 nodes offered 10^7 relays" \
  plan --costs 2,3 --source-type 0 --counts 1,1 --relays 5000000,4999997
measure "FNF relay search, 2*10^9 node-steps (the cap)" \
  plan --costs 2,3 --source-type 1 --counts 0,31621 --relays 31621,0
# plan --certify: 10^4 destinations of 8 types (its limits are 10^4 and 32),
# the counting LP just under its 5,500 columns (295 ticks x 17): the
# slowest accepted request found (README, "Limits").
measure "plan --certify, 10^4 destinations of 8 types, LP 5,015 columns" \
  plan --costs 21,26,31,36,39,41,45,48 --source-type 7 \
  --counts 1250,1250,1250,1250,1250,1250,1250,1250 --certify
measure "plan --certify, 10,001 destinations (refused)" \
  plan --costs 2,3 --counts 5001,5000 --certify
measure "LCF, one cluster of 10^7 processors" \
  plan --model cluster --cluster-sizes 10000000 --inter-cost 4
measure "postal LCF, C = 2^40 - 1" \
  plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 1099511627775 --postal
measure "Interleaved LCF, C = 2^40 - 1" \
  plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 1099511627775 \
  --algorithm interleaved
# JSON inputs are at most 16 MiB (kMaxTextFileBytes). The parser's worst
# case is one dense array: 8 million link entries, refused after parsing
# (2 nodes need 4), and the largest explicit matrix that fits (2,860 nodes).
nb_request 2 8300000 >"$work/dense.json"
measure "multi-source JSON, 16 MiB of one dense array ($(stat -c %s "$work/dense.json") B)" \
  plan --model nonblocking --input "$work/dense.json"
nb_request 2860 $((2860 * 2860)) >"$work/matrix.json"
measure "multi-source, 2,860 nodes, explicit matrix ($(stat -c %s "$work/matrix.json") B)" \
  plan --model nonblocking --input "$work/matrix.json"

# graph_platform N T: MCPH's worst case at its work limit
# (HETCAST_GRAPH_MAX_WORK, targets x (nodes + edges) <= 2^28): a region of
# A = N - T non-targets joined by cost-1 edges (each to the next 1, 2, 3,
# 5, 8, 13, 21 and 34 of the region, cyclically), and T targets, target i
# behind one cost-100 edge from region node i. Every path search settles
# the whole region before it reaches a target.
graph_platform() {
  awk -v n="$1" -v t="$2" 'BEGIN {
    a = n - t
    split("1 2 3 5 8 13 21 34", offset, " ")
    printf "{\"nodes\":["
    for (v = 0; v < n; ++v) printf "%s\"n%d\"", (v ? "," : ""), v
    printf "],\"edges\":["
    first = 1
    for (v = 0; v < a; ++v) {
      for (i = 1; i <= 8; ++i) {
        printf "%s{\"from\":\"n%d\",\"to\":\"n%d\",\"cost\":1}", (first ? "" : ","), v, (v + offset[i]) % a
        first = 0
      }
    }
    for (i = 0; i < t; ++i) printf ",{\"from\":\"n%d\",\"to\":\"n%d\",\"cost\":100}", i, a + i
    printf "],\"source\":\"n0\",\"targets\":["
    for (i = 0; i < t; ++i) printf "%s\"n%d\"", (i ? "," : ""), a + i
    printf "]}"
  }'
}
# 4,939 targets x (9,878 nodes + 44,451 edges) = 2^28 - 104,525: accepted;
# 4,941 x (9,880 + 44,453): refused (exit 2).
graph_platform 9878 4939 >"$work/graph_limit.json"
measure "MCPH at HETCAST_GRAPH_MAX_WORK (9,878 nodes, 4,939 targets)" \
  plan --model graph --platform "$work/graph_limit.json"
graph_platform 9880 4941 >"$work/graph_past.json"
measure "MCPH one past HETCAST_GRAPH_MAX_WORK (refused)" \
  plan --model graph --platform "$work/graph_past.json"
