#!/usr/bin/env bash
# tests/mpi/calibrate_smpi_test.sh HETCAST_CALIBRATE SMPI_PLATFORM
#
# hetcast-calibrate (its SMPI build) on simulated clusters whose truth is
# known: smpi_platform's mixed platforms, hosts of 2, 3 and 4 network
# generations (its `labels` file: each host's generation among the drawn
# ones, fastest first). The node types of the cluster file it writes must
# be exactly the generations: the same partition of the hosts, in the same
# order (type0 the fastest). The 4-generation platform runs two ranks per
# host (a doubled hostfile), so the host leaders are what is measured.
# Then smpi_platform's clusters platforms (its `labels`: each host's
# cluster): the clusters of the file must be exactly the platform's, one
# of them a single host, and one platform with two ranks per host; the
# file's range must run model cluster (1 KiB, where it beats MPI_Bcast).
# At 1 MiB the clusters must be found to be sites behind their uplinks
# (each no faster than the platform's; a model trees range carries them),
# and on a one-switch platform no sites.
# SMPI's clock is simulated, so the groups are the same on any host.
set -euo pipefail
calibrate=$(realpath "$1")
platform=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# calibrate_on KIND SEED HOSTS LABELS RANKS_PER_HOST SIZES: draws the
# platform into $dir (set by the caller), checks that it has LABELS
# distinct labels, runs hetcast-calibrate on it.
calibrate_on() {
  local kind=$1 seed=$2 hosts=$3 labels=$4 per_host=$5 sizes=$6
  mkdir -p "$dir"
  "$platform" --kind="$kind" --ranks="$hosts" --seed="$seed" --out="$dir" >"$dir/draw"
  [[ $(tr ',' '\n' <"$dir/labels" | sort -u | wc -l) == "$labels" ]] ||
    fail "seed $seed draws $(cat "$dir/draw"), the test wants $labels labels"
  awk -v n="$per_host" '{ for (i = 0; i < n; ++i) print }' "$dir/hostfile" >"$dir/ranks"
  timeout 120 smpirun --log=root.thres:critical \
    --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich \
    -np $((hosts * per_host)) -platform "$dir/platform.xml" -hostfile "$dir/ranks" \
    "$calibrate" --sizes "$sizes" --repeats 1 --out "$dir/cluster.json" \
    >"$dir/out" 2>&1 || fail "seed $seed: hetcast-calibrate failed: $(cat "$dir/out")"
}

# check SEED HOSTS CLASSES RANKS_PER_HOST
check() {
  local seed=$1 hosts=$2 classes=$3 per_host=$4
  local dir=$work/$seed
  calibrate_on mixed "$seed" "$hosts" "$classes" "$per_host" 1KiB:64KiB
  grep -q "^wrote $dir/cluster.json: $classes types" "$dir/out" ||
    fail "seed $seed: $(cat "$dir/draw"): $(cat "$dir/out")"
  # The file's host patterns expanded (bracket ranges as the library reads
  # them), each host's type index against its label.
  python3 - "$dir/cluster.json" "$dir/labels" <<'PY' || fail "seed $seed: $(cat "$dir/draw"): groups differ from the platform's generations: $(cat "$dir/out")"
import json, re, sys
cluster = json.load(open(sys.argv[1]))
labels = [int(x) for x in open(sys.argv[2]).read().strip().split(",")]
types = [t["name"] for t in cluster["types"]]
type_of = {}
for entry in cluster["hosts"]:
    m = re.fullmatch(r"(.*)\[(\d+)-(\d+)\](.*)", entry["name"])
    if m:
        low, high = m.group(2), m.group(3)
        width = len(low) if len(low) > 1 and low[0] == "0" else 0
        names = [m.group(1) + str(i).zfill(width) + m.group(4)
                 for i in range(int(low), int(high) + 1)]
    else:
        names = [entry["name"]]
    for name in names:
        assert name not in type_of, name + " listed twice"
        type_of[name] = types.index(entry["type"])
want = {"h%d" % h: label for h, label in enumerate(labels)}
if type_of != want:
    sys.exit("calibrated %s\nplatform   %s" % (sorted(type_of.items()), sorted(want.items())))
PY
  echo "ok: seed $seed, $(cat "$dir/draw"), $per_host rank(s) per host: $classes types = the generations"
}

# check_clusters SEED HOSTS CLUSTERS RANKS_PER_HOST
check_clusters() {
  local seed=$1 hosts=$2 clusters=$3 per_host=$4
  local dir=$work/clusters-$seed
  calibrate_on clusters "$seed" "$hosts" "$clusters" "$per_host" 1KiB:1KiB
  python3 - "$dir/cluster.json" "$dir/labels" <<'PY' || fail "seed $seed: $(cat "$dir/draw"): clusters differ from the platform's: $(cat "$dir/out")"
import json, re, sys
cluster = json.load(open(sys.argv[1]))
labels = [int(x) for x in open(sys.argv[2]).read().strip().split(",")]
rule = cluster["sizes"][0]
assert rule["action"] == "plan" and rule["model"] == "cluster", "the range runs %s" % rule
def expand(pattern):
    m = re.fullmatch(r"(.*)\[(\d+)-(\d+)\](.*)", pattern)
    if not m:
        return [pattern]
    low, high = m.group(2), m.group(3)
    width = len(low) if len(low) > 1 and low[0] == "0" else 0
    return [m.group(1) + str(i).zfill(width) + m.group(4)
            for i in range(int(low), int(high) + 1)]
found = {}
for index, entry in enumerate(cluster["clusters"]):
    for pattern in entry["hosts"]:
        for name in expand(pattern):
            assert name not in found, name + " in two clusters"
            found[name] = index
want = {"h%d" % h: label for h, label in enumerate(labels)}
# Cluster indices are in the order of their lowest host, as the platform's.
if found != want:
    sys.exit("calibrated %s\nplatform   %s" % (sorted(found.items()), sorted(want.items())))
PY
  echo "ok: seed $seed, $(cat "$dir/draw"), $per_host rank(s) per host: the clusters are the platform's"
}

# check_sites SEED HOSTS CLUSTERS: on a clusters platform (each cluster on
# its own switch, behind its own shared uplink: the platform's truth),
# calibrated at 1 MiB, the file's clusters are the platform's and
# calibration finds them to be sites, each uplink (its report) no faster
# than the platform's uplink (platform.xml's up0) and slower than 3/2 x the
# hosts' own rate (sites.h's gap: the cluster's local time); when the
# range runs model trees, it carries those uplinks, one per cluster.
check_sites() {
  local seed=$1 hosts=$2 clusters=$3
  local dir=$work/sites-$seed
  calibrate_on clusters "$seed" "$hosts" "$clusters" 1 1MiB:1MiB
  grep -q "^sites: the clusters" "$dir/out" ||
    fail "seed $seed: $(cat "$dir/draw"): no sites found: $(cat "$dir/out")"
  python3 - "$dir/cluster.json" "$dir/labels" "$dir/platform.xml" "$dir/out" <<'PY' || fail "seed $seed: $(cat "$dir/draw"): sites differ from the platform's: $(cat "$dir/out")"
import json, re, sys
cluster = json.load(open(sys.argv[1]))
labels = [int(x) for x in open(sys.argv[2]).read().strip().split(",")]
xml = open(sys.argv[3]).read()
out = open(sys.argv[4]).read()
up = re.search(r'<link id="up0" bandwidth="([0-9.]+)MBps"', xml)
uplink_ps = 1e12 / (float(up.group(1)) * 1e6)
found = {}
for index, entry in enumerate(cluster["clusters"]):
    for pattern in entry["hosts"]:
        m = re.fullmatch(r"(.*)\[(\d+)-(\d+)\](.*)", pattern)
        names = [m.group(1) + str(i) + m.group(4) for i in range(int(m.group(2)), int(m.group(3)) + 1)] if m else [pattern]
        for name in names:
            found[name] = index
want = {"h%d" % h: label for h, label in enumerate(labels)}
assert found == want, "calibrated %s\nplatform   %s" % (sorted(found.items()), sorted(want.items()))
uplinks = [int(u) for u in re.findall(r"^  cluster\d+: uplink (\d+) ps per byte", out, re.M)]
local_us = [float(t) for t in re.findall(r"^  cluster\d+: .* local ([0-9.]+) us at", out, re.M)]
own = 1e6 * max(local_us) / 1048576
assert len(uplinks) == len(set(labels)), "uplinks %s" % uplinks
for u in uplinks:
    assert u >= uplink_ps and 2 * u > 3 * own, "uplink %d ps/B: the platform's %.0f, hosts' own %.0f" % (u, uplink_ps, own)
rule = cluster["sizes"][0]
if rule.get("model") == "trees":
    assert rule["uplink_ps_per_byte"] == uplinks, "the range's uplinks %s" % rule
print("uplinks %s ps/B (the platform's %.0f), hosts' own %.0f ps/B; the range runs %s" % (uplinks, uplink_ps, own, rule.get("model")))
PY
  echo "ok: seed $seed, $(cat "$dir/draw"): the clusters are sites, each with its uplink"
}

check 5 12 2 1   # 9x10G 3x100M
check 3 12 3 1   # 3x10G 5x1G 4x100M
check 2 12 4 2   # 5x25G 2x10G 2x1G 3x100M, two ranks per host
check_clusters 2 12 3 1  # clusters: 3 4 5
check_clusters 7 12 3 1  # clusters: 5 1 6 (h5 alone)
check_clusters 8 12 2 2  # clusters: 6 6, two ranks per host
check_sites 2 12 3       # clusters: 3 4 5, the uplinks found
grep -q "^sites: none" "$work/5/out" ||
  fail "a one-switch platform has sites: $(cat "$work/5/out")"
echo "calibrate_smpi_test: passed"
