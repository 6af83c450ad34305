#!/usr/bin/env bash
# json_schema_test.sh HETCAST SCHEMA HEADER: every kind of JSON `hetcast`
# prints (each model, the PTAS, tables, --explain, inspect, names with
# quotes, backslashes and bytes that are not UTF-8) is valid JSON and valid
# against docs/hetcast-output.schema.json, checked by Debian's
# python3-jsonschema; every plan reads back (hetcast render --plan); and
# the graph schedule's routes mean what hetcast.h (HEADER) says: the
# schema's part_count has the header's least value, and every printed
# route's parts lie within the period's messages x parts.
set -euo pipefail
hetcast=$1
schema=$2
header=$3
out=${TEST_TMPDIR:-$(mktemp -d)}/json_outputs
rm -rf "$out" && mkdir -p "$out"
n=0
run() {  # run ARGS...: one JSON output, kept for the validator.
  n=$((n + 1))
  "$hetcast" "$@" >"$out/$n.json" 2>"$out/$n.err" ||
    { echo "FAIL: hetcast $* exited $?: $(cat "$out/$n.err")"; exit 1; }
  printf '%s\n' "$*" >"$out/$n.cmd"
}
data=tests/testdata
run plan --costs 2,3 --source-type 1 --counts 4,7 --relays 0,2 --format json
run plan --costs 2,3 --source-type 1 --counts 4,7 --format json --explain
run plan --node-costs 3,2,2,2,2,3,3,3,3,3,3,3 --algorithm ptas --format json --explain
run plan --costs 2,3 --source-type 1 --counts 4,7 --algorithm ptas --search grid --format json
run plan --table @default --source-type 2 --counts 6,9,12 --format json --explain
run plan --table @default --source-type 0 --counts 40,0,0 --format json --explain
run plan --table tables/test.hct --profile small3 --hosts $data/hosts_small3.txt --source f1 --format json --explain
run plan --table tables/ptas_test.hct --source-type 4 --counts 3,3,2,2,2 --format json --explain
run plan --costs 2,3 --source-type 1 --counts 4,7 --certify --format json --explain
run plan --costs 3,5,8,13,21,34,40,55 --source-type 2 --counts 1250,1250,1250,1250,1250,1250,1250,1250 --certify --format json
run plan --table tables/ptas_test.hct --source-type 1 --counts 3,2,2,2,1 --certify --format json --explain
run plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4 --format json --explain
run plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4 --members 8,2,0,3,1 --format json
run plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4 --cluster-names home,rack2,rack3,rack4,edge --format json --explain
run plan --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4 --algorithm interleaved --format json
run plan --model cluster --hosts $data/hosts_clusters.txt --source b2 --inter-cost 4 --format json --explain
for algorithm in wrp wr ecf fef; do
  run plan --model nonblocking --input $data/nonblocking_request.json --algorithm $algorithm --format json --explain
done
run plan --model nonblocking --input $data/nb_no_destinations.json --format json
run plan --model nonblocking --input $data/nb_tick_quote.json --format json
run plan --model graph --platform $data/graph/fig1_example.json --format json --explain
run plan --model graph --platform $data/graph/small_pruned.json --format json
# The graph model's exact LPs and LP heuristics (and --emit-solution's
# file), which render does not draw.
lp_first=$((n + 1))
for algorithm in lb ub broadcast best; do
  run plan --model graph --platform $data/graph/fig4_triangle.json --algorithm $algorithm --format json --explain
done
for algorithm in reduced-broadcast augmented-multicast augmented-sources; do
  run plan --model graph --platform $data/graph/fig4_triangle.json --algorithm $algorithm --trace --format json
done
run plan --model graph --platform $data/graph/fig5_star.json --algorithm ub --format json
run plan --model graph --platform $data/graph/fig1_example.json --algorithm ub --max-period 100 --format json
run plan --model graph --platform $data/graph/solver_fallback.json --algorithm ub --format json
run plan --model graph --platform $data/graph/solver_fallback.json --algorithm broadcast --max-period 1000000 --format json
lp_last=$n
n=$((n + 1))
"$hetcast" plan --model graph --platform $data/graph/fig4_triangle.json \
  --algorithm broadcast --emit-solution "$out/$n.json" >/dev/null
echo "plan --model graph --algorithm broadcast --emit-solution (the file)" >"$out/$n.cmd"
run inspect tables/test.hct --format json
run inspect tables/ptas_test.hct --format json
run inspect @default --format json --fnf-stats=false
# A profile named a"b\c, and a table path with a quote and a byte that is
# not UTF-8.
"$hetcast" gen --profile $data/quote_profile.json --out "$out/quote.hct"
run plan --table "$out/quote.hct" --source-type 0 --counts 2,2 --format json --explain
odd=$(printf '%s/t"\\\377.hct' "$out")
cp tables/test.hct "$odd"
run inspect "$odd" --format json --fnf-stats=false

# Every plan reads back through tables/cli_output.fbs (what `render --plan`
# parses with): the writer and the reader's schema agree.
for ((i = 1; i <= n; i++)); do
  if ((i >= lp_first && i <= lp_last + 1)); then
    "$hetcast" render --plan "$out/$i.json" >/dev/null 2>"$out/render.err" &&
      { echo "FAIL: render --plan drew an LP answer: $(cat "$out/$i.cmd")"; exit 1; }
    grep -q "not drawn\|not the JSON" "$out/render.err" ||
      { echo "FAIL: render --plan of an LP answer: $(cat "$out/render.err")"; exit 1; }
  elif [[ $(cat "$out/$i.cmd") == plan* ]]; then
    for to in svg dot; do
      "$hetcast" render --plan "$out/$i.json" --to $to >/dev/null ||
        { echo "FAIL: render --plan of: hetcast $(cat "$out/$i.cmd")"; exit 1; }
    done
  fi
done

/usr/bin/python3 - "$schema" "$out" "$n" "$header" <<'PY'
import json, re, sys
import jsonschema
schema_path, out, count, header = sys.argv[1:5]
count = int(count)
with open(schema_path) as f:
    schema = json.load(f)

# hetcast_graph_route in hetcast.h: "uint64_t part_count; /* >= N;
# first_part + part_count <= K * D */".
route_rule = re.search(
    r"uint64_t part_count; /\* >= (\d+); first_part \+ part_count <= K \* D",
    open(header).read())
assert route_rule, "hetcast.h: hetcast_graph_route's part_count rule not found"
least_parts = int(route_rule.group(1))

def find(node, key):
    """Every value of `key` anywhere in the schema."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key:
                yield v
            yield from find(v, key)
    elif isinstance(node, list):
        for v in node:
            yield from find(v, key)

part_counts = list(find(schema, "part_count"))
assert part_counts, "the schema has no part_count"
for p in part_counts:
    assert p.get("minimum") == least_parts, (
        f"schema part_count minimum {p.get('minimum')}, hetcast.h says >= {least_parts}")
    assert "messages x parts" in p["description"], p["description"]

def check_routes(document):
    """Each schedule's routes within the period's K x D parts (hetcast.h)."""
    schedule = document.get("schedule") if isinstance(document, dict) else None
    if not isinstance(schedule, dict) or "routes" not in schedule:
        return 0
    total = schedule["messages"] * schedule["parts"]
    for route in schedule["routes"]:
        assert route["part_count"] >= least_parts, route
        assert route["first_part"] + route["part_count"] <= total, (route, total)
    return 1
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failed = 0
schedules = 0
for i in range(1, count + 1):
    command = open(f"{out}/{i}.cmd", errors="replace").read().strip()
    raw = open(f"{out}/{i}.json", "rb").read()
    try:
        text = raw.decode("utf-8")  # Strict: every output is UTF-8.
        assert text.endswith("\n") and text.count("\n") == 1, "not one line"
        document = json.loads(text)
        errors = sorted(validator.iter_errors(document), key=str)
        schedules += check_routes(document)
        if errors:
            raise ValueError("; ".join(
                f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                for e in errors[:3]))
    except Exception as error:  # noqa: BLE001 - report and go on
        failed += 1
        print(f"FAIL: hetcast {command}: {error}")
print(f"{count - failed} of {count} JSON outputs valid against {schema_path}; "
      f"{schedules} graph schedules' routes as hetcast.h defines them")
assert schedules > 0, "no graph schedule was checked"
sys.exit(1 if failed else 0)
PY
