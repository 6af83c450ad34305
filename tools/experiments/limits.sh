#!/usr/bin/env bash
# tools/experiments/limits.sh: the worst requests the command line accepts,
# one per class of the README's "Limits" (every command and model), each
# with its wall time, CPU time (user + sys: what a shared machine inflates
# least) and peak memory (/usr/bin/time -v). Output goes to /dev/null; only
# the figures are printed. Run from the workspace root after
# `bazel build -c opt //tools:hetcast`:
#   tools/experiments/limits.sh [path/to/hetcast [CLASS...]]
# CLASS selects rows: node, certify, cluster, json (and SimGrid XML), mcph,
# graph-text, graph-lp, gen, inspect, render (default: all; graph-lp and
# gen take minutes of CPU).
set -uo pipefail
hetcast=${1:-bazel-bin/tools/hetcast}
shift || true
classes=" ${*:-node certify cluster json mcph graph-text graph-lp gen inspect render} "
selected() { [[ "$classes" == *" $1 "* ]]; }
[[ -x "$hetcast" ]] || { echo "limits.sh: build //tools:hetcast first" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "limits.sh: needs GNU time (package time)" >&2; exit 2; }

measure() {  # LABEL ARGS...
  local label=$1 log
  shift
  log=$(mktemp)
  /usr/bin/time -v "$hetcast" "$@" >/dev/null 2>"$log"
  local status=$?
  local wall rss cpu
  wall=$(sed -nE 's/.*Elapsed \(wall clock\) time.*: (.*)/\1/p' "$log")
  rss=$(sed -nE 's/.*Maximum resident set size \(kbytes\): (.*)/\1/p' "$log")
  cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }' "$log")
  printf '%-58s exit %d  wall %8s  cpu %7s s  peak %6d MB\n' "$label" "$status" \
    "$wall" "$cpu" $((rss / 1024))
  rm -f "$log"
}

# nonblocking_request N ENTRIES: a non-blocking request of N nodes whose link
# matrix lists ENTRIES ones (N * N of them make it valid).
nonblocking_request() {
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

if selected node; then
measure "FNF, 10^7 nodes (the cap), text" \
  plan --costs 2,3 --source-type 0 --counts 5000000,4999999
measure "FNF, 10^7 nodes, json" \
  plan --costs 2,3 --source-type 0 --counts 5000000,4999999 --format json
measure "FNF, 3 nodes offered 10^7 relays" \
  plan --costs 2,3 --source-type 0 --counts 1,1 --relays 5000000,4999997
measure "FNF relay search, 2*10^9 node-steps (the cap)" \
  plan --costs 2,3 --source-type 1 --counts 0,31621 --relays 31621,0
fi
if selected certify; then
# plan --certify: 10^4 destinations of 8 types (its limits are 10^4 and 32),
# the counting LP just under its 5,500 columns (295 ticks x 17): the
# slowest accepted request found (README, "Limits").
measure "plan --certify, 10^4 destinations of 8 types, LP 5,015 columns" \
  plan --costs 21,26,31,36,39,41,45,48 --source-type 7 \
  --counts 1250,1250,1250,1250,1250,1250,1250,1250 --certify
measure "plan --certify, 10,001 destinations (refused)" \
  plan --costs 2,3 --counts 5001,5000 --certify
fi
if selected cluster; then
measure "LCF, one cluster of 10^7 processors" \
  plan --model cluster --cluster-sizes 10000000 --inter-cost 4
measure "postal LCF, C = 2^40 - 1" \
  plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 1099511627775 --postal
measure "Interleaved LCF, C = 2^40 - 1" \
  plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 1099511627775 \
  --algorithm interleaved
fi
if selected json; then
# JSON inputs are at most 16 MiB (kMaxTextFileBytes). The parser's worst
# case is one dense array: 8 million link entries, refused after parsing
# (2 nodes need 4), and the largest explicit matrix that fits (2,860 nodes).
nonblocking_request 2 8300000 >"$work/dense.json"
measure "non-blocking JSON, 16 MiB of one dense array ($(stat -c %s "$work/dense.json") B)" \
  plan --model nonblocking --input "$work/dense.json"
nonblocking_request 2860 $((2860 * 2860)) >"$work/matrix.json"
measure "multi-source, 2,860 nodes, explicit matrix ($(stat -c %s "$work/matrix.json") B)" \
  plan --model nonblocking --input "$work/matrix.json"
# A SimGrid platform (--platform-xml, at most kMaxSimgridBytes, 16 MiB):
# 20,000 hosts, a chain of links from h0 and random links after it,
# 135,000 symmetrical links and routes (270,000 edges) in 16.5 MB.
awk -v n=20000 -v m=135000 'BEGIN {
  x = 20261129
  print "<?xml version=\x27" "1.0\x27?>\n<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">"
  for (v = 0; v < n; ++v) printf "<host id=\"h%d\" speed=\"1Gf\"/>\n", v
  for (i = 0; i < m; ++i) {
    if (i < n - 1) { u = i; w = i + 1 }
    else do {
      x = (x * 16807) % 2147483647; u = x % n
      x = (x * 16807) % 2147483647; w = x % n
    } while (u == w || (u "," w) in seen || (w "," u) in seen)
    seen[u "," w] = 1
    printf "<link id=\"l%d\" bandwidth=\"%dMBps\" latency=\"1us\"/>\n", i, 1 + i % 997
    printf "<route src=\"h%d\" dst=\"h%d\"><link_ctn id=\"l%d\"/></route>\n", u, w, i
  }
  print "</zone>\n</platform>"
}' >"$work/simgrid.xml"
measure "SimGrid XML, 20,000 hosts, 135,000 links ($(stat -c %s "$work/simgrid.xml") B)" \
  plan --model graph --platform-xml "$work/simgrid.xml" --message-bytes 1000000 \
  --tick 1us --source h0 --targets h19999
fi

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
if selected mcph; then
graph_platform 9878 4939 >"$work/graph_limit.json"
measure "MCPH at HETCAST_GRAPH_MAX_WORK (9,878 nodes, 4,939 targets)" \
  plan --model graph --platform "$work/graph_limit.json"
graph_platform 9880 4941 >"$work/graph_past.json"
measure "MCPH one past HETCAST_GRAPH_MAX_WORK (refused)" \
  plan --model graph --platform "$work/graph_past.json"
fi

# random_platform N E T MAXCOST [SEED]: N nodes, E directed edges (node
# v > 0 gets an in-edge from a uniformly drawn earlier node, then uniformly
# drawn pairs; a pair drawn twice is skipped), costs uniform in 1..MAXCOST
# (past 2^31 - 1 from two 20-bit draws), T targets uniformly drawn; Park
# and Miller's generator from SEED (default 20261129; exact in awk's
# doubles, so every awk draws the same platform).
random_platform() {
  awk -v n="$1" -v e="$2" -v t="$3" -v maxcost="$4" -v seed="${5:-20261129}" '
    function draw(m) { x = (x * 16807) % 2147483647; return x % m }
    function cost() {
      if (maxcost <= 2147483647) return 1 + draw(maxcost)
      return 1 + (draw(1048576) * 1048576 + draw(1048576)) % maxcost
    }
    BEGIN {
      x = seed
      printf "{\"nodes\":["
      for (v = 0; v < n; ++v) printf "%s\"n%d\"", (v ? "," : ""), v
      printf "],\"edges\":["
      count = 0
      for (v = 1; v < n; ++v) {
        u = draw(v); seen[u "," v] = 1
        printf "%s{\"from\":\"n%d\",\"to\":\"n%d\",\"cost\":%.0f}", (count++ ? "," : ""), u, v, cost()
      }
      while (count < e) {
        u = draw(n); v = draw(n)
        if (u == v || (u "," v) in seen) continue
        seen[u "," v] = 1
        printf ",{\"from\":\"n%d\",\"to\":\"n%d\",\"cost\":%.0f}", u, v, cost()
        ++count
      }
      printf "],\"source\":\"n0\",\"targets\":["
      chosen = 0
      while (chosen < t) {
        v = 1 + draw(n - 1)
        if (v in target) continue
        target[v] = 1
        printf "%s\"n%d\"", (chosen++ ? "," : ""), v
      }
      printf "]}"
    }'
}

if selected mcph; then
  # MCPH at its work limit on a random sparse platform: 624 targets x
  # (10^5 nodes + 330,000 edges) = 2^28 - 32,768 (15 MB of JSON): each
  # path search settles most of the platform, with the cache misses of a
  # graph larger than the caches (the region above fits them).
  random_platform 100000 330000 624 1000 >"$work/mcph_random.json"
  measure "MCPH at HETCAST_GRAPH_MAX_WORK, random 10^5 nodes, 330,000 edges" \
    plan --model graph --platform "$work/mcph_random.json"
  # Other shapes at the limit, all faster: another seed, costs up to 10^9
  # (639 targets, 320,000 edges: the file stays under 16 MiB), a random
  # tree of 280,000 nodes (479 targets) and a denser platform of 20,000
  # nodes and 380,000 edges (671 targets; fewer nodes to settle).
  for spec in "100000 330000 624 1000 13:random 10^5 x 330,000, seed 13" \
    "100000 320000 639 1000000000 12:random 10^5 x 320,000, costs to 10^9" \
    "280000 280000 479 1000 14:random tree of 280,000 nodes" \
    "20000 380000 671 1000 11:random 20,000 x 380,000"; do
    random_platform ${spec%%:*} >"$work/mcph_other.json"
    measure "MCPH at the limit, ${spec#*:}" \
      plan --model graph --platform "$work/mcph_other.json"
  done
fi

if selected graph-text; then
  # The graph model's text of a path of 10^5 nodes (one target at its
  # end): indentation stops at 16 levels, so the text is linear.
  awk -v n=100000 'BEGIN {
    printf "{\"nodes\":["
    for (v = 0; v < n; ++v) printf "%s\"v%d\"", (v ? "," : ""), v
    printf "],\"edges\":["
    for (v = 0; v + 1 < n; ++v) printf "%s{\"from\":\"v%d\",\"to\":\"v%d\",\"cost\":1}", (v ? "," : ""), v, v + 1
    printf "],\"source\":\"v0\",\"targets\":[\"v%d\"]}", n - 1
  }' >"$work/path.json"
  measure "graph text, a path of 10^5 nodes" \
    plan --model graph --platform "$work/path.json"
  measure "graph json, a path of 10^5 nodes" \
    plan --model graph --platform "$work/path.json" --format json
fi

if selected graph-lp; then
  # lb, ub and broadcast (one program each) at their limit (nodes x edges
  # <= 10,000, at most 5/2 edges per node): the densest random platform at
  # the product, 63 nodes x 157 edges, costs up to 2^40 (HETCAST_MAX_COST),
  # half and all of the other nodes targets (lb's program grows with the
  # targets, broadcast's does not); past it (refused): 101 x 100, and
  # 30 x 333 (3 edges per node).
  random_platform 63 157 31 1099511627776 3 >"$work/lp63.json"
  random_platform 63 157 62 1099511627776 3 >"$work/lp63all.json"
  for algorithm in lb ub broadcast; do
    measure "LP $algorithm, 63 x 157, costs to 2^40, 31 targets" \
      plan --model graph --platform "$work/lp63.json" --algorithm $algorithm
    measure "LP $algorithm, 63 x 157, costs to 2^40, 62 targets" \
      plan --model graph --platform "$work/lp63all.json" --algorithm $algorithm
  done
  random_platform 101 100 50 40 >"$work/lp101.json"
  random_platform 30 333 14 40 >"$work/lp30.json"
  measure "LP lb, 101 nodes x 100 edges (refused)" \
    plan --model graph --platform "$work/lp101.json" --algorithm lb
  measure "LP lb, 30 nodes x 333 edges (refused)" \
    plan --model graph --platform "$work/lp30.json" --algorithm lb
  # The LP heuristics and best at theirs (nodes x edges <= 2,500): best
  # runs Multicast-LB, MCPH, Broadcast-EB, Multicast-UB and the three
  # heuristics, so it is the slowest. The densest random platform at the
  # product, 32 x 78, costs up to 2^40, 10 targets: seeds 7 and 3, the
  # slowest of the seeds 1-8, target counts 2-31 and symmetric platforms
  # tried (large costs make the exact solves several times slower than
  # costs of 1 to 40); past it (refused): 33 x 78.
  random_platform 32 78 10 1099511627776 7 >"$work/lp32.json"
  random_platform 32 78 10 1099511627776 3 >"$work/lp32b.json"
  random_platform 33 78 5 1099511627776 3 >"$work/lp33.json"
  for algorithm in best reduced-broadcast augmented-multicast augmented-sources; do
    measure "LP $algorithm, 32 x 78, costs to 2^40, 10 targets" \
      plan --model graph --platform "$work/lp32.json" --algorithm $algorithm
  done
  measure "LP best, 32 x 78, costs to 2^40, 10 targets, seed 3" \
    plan --model graph --platform "$work/lp32b.json" --algorithm best
  measure "LP best, 33 nodes x 78 edges (refused)" \
    plan --model graph --platform "$work/lp33.json" --algorithm best
fi

# profile NAME LIMIT COST...: a profile of one type per cost, each of LIMIT.
profile() {
  local name=$1 limit=$2 sep="" j=0
  shift 2
  printf '{"name":"%s","types":[' "$name"
  for cost in "$@"; do
    printf '%s{"name":"t%d","cost":%d,"limit":%d}' "$sep" "$j" "$cost" "$limit"
    sep=","
    j=$((j + 1))
  done
  printf ']}'
}

if selected gen; then
  # The exact DP at its limit (ExactWorkEstimate <= 2^34): the largest
  # equal limits for 2, 3, 4 and 6 types of costs 2, 3, 5, 7, 11, 13.
  for spec in "1158 2 3" "78 2 3 5" "24 2 3 5 7" "7 2 3 5 7 11 13"; do
    set -- $spec
    profile exact "$@" >"$work/exact.json"
    limit=$1
    shift
    measure "gen exact at its limit, $# types of limit $limit" \
      gen --profile "$work/exact.json" --out "$work/exact.hct"
  done
  profile exact 79 2 3 5 >"$work/exact.json"
  measure "gen, 3 types of limit 79 (refused)" \
    gen --profile "$work/exact.json" --out "$work/exact.hct" --method exact
  # A PTAS table at its limit (entries x states <= 2^24).
  for spec in "4095 3" "52 2 3" "12 2 3 5"; do
    set -- $spec
    profile ptas "$@" >"$work/ptas.json"
    limit=$1
    shift
    measure "gen ptas at its limit, $# types of limit $limit" \
      gen --profile "$work/ptas.json" --out "$work/ptas.hct" --method ptas
  done
fi

if selected inspect; then
  # inspect's statistics plan at most about 2^23 nodes per profile, then
  # sample: a one-type exact table of limit 2^20.
  profile one 1048576 3 >"$work/one.json"
  "$hetcast" gen --profile "$work/one.json" --out "$work/one.hct" 2>/dev/null
  measure "inspect, one type of limit 2^20" inspect "$work/one.hct"
fi

if selected render; then
  # render --plan at its input limit (16 MiB): a non-blocking plan whose
  # 170,000 transfers all overlap on one sender (as many lanes), and a
  # node plan of 140,000 nodes (rows collapsed by group).
  awk -v m=170000 'BEGIN {
    printf "{\"model\":\"nonblocking\",\"algorithm\":\"g\",\"completion_time\":%d,\"nodes\":[{},{}],\"transfers\":[", 2 * m
    for (i = 0; i < m; ++i) printf "%s{\"to\":1,\"message\":%d,\"start\":%d,\"arrival\":%d,\"receive_start\":%d,\"end\":%d}", (i ? "," : ""), i, i, m + i, m + i, m + i + 1
    printf "]}"
  }' >"$work/render_nb.json"
  measure "render, 170,000 overlapping transfers ($(stat -c %s "$work/render_nb.json") B)" \
    render --plan "$work/render_nb.json"
  "$hetcast" plan --costs 2,3 --counts 70000,69999 --format json \
    >"$work/render_node.json"
  measure "render, node plan of 140,000 nodes ($(stat -c %s "$work/render_node.json") B)" \
    render --plan "$work/render_node.json"
fi
