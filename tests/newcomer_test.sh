#!/usr/bin/env bash
# newcomer_test.sh README HETCAST: a newcomer's first day, from the README
# alone. Runs the command-line steps of its five-minute walkthrough (the
# lines of its sh blocks, between "## Five-minute walkthrough" and the next
# section, that run hetcast, mkdir or cp) in a scratch repository root, and
# checks that the plan speaks the user's names: every type name of
# examples/lab.json and every host of examples/lab_hosts.txt (read here, not
# by hetcast) appear in the text, the JSON and the SVG, each host on a node
# of its own type; and that nothing was written outside out/.
set -euo pipefail
readme=$(realpath "$1")
hetcast=$(realpath "$2")
root=$PWD
work=${TEST_TMPDIR:-$(mktemp -d)}/newcomer
logs=$work.logs
rm -rf "$work" "$logs" && mkdir -p "$work" "$logs"
ln -s "$root/examples" "$work/examples"

fail() { echo "FAIL: $*"; exit 1; }

walkthrough=$(awk '
  /^## Five-minute walkthrough/ { inside = 1; next }
  /^## / { inside = 0 }
  inside && /^```sh$/ { block = 1; next }
  /^```/ { block = 0; next }
  inside && block' "$readme" | grep -E '^(hetcast|mkdir|cp) ' || true)
[[ -n $walkthrough ]] || fail "no walkthrough commands in $readme"
n=0
while IFS= read -r line; do
  n=$((n + 1))
  printf '%s\n' "$line" >"$logs/$n.cmd"
  (cd "$work" && hetcast=$hetcast bash -euo pipefail -c \
    "${line//hetcast /\"\$hetcast\" }") >"$logs/$n.out" 2>"$logs/$n.err" ||
    { cat "$logs/$n.err"; fail "$line"; }
  echo "ran: $line"
done <<<"$walkthrough"

# The log of the one walkthrough command whose line matches $1 and not $2.
log_of() {
  local found="" i
  for ((i = 1; i <= n; i++)); do
    if grep -qE -- "$1" "$logs/$i.cmd" && ! grep -qE -- "$2" "$logs/$i.cmd"; then
      [[ -z $found ]] || fail "two walkthrough commands match '$1'"
      found=$logs/$i.out
    fi
  done
  [[ -n $found ]] || fail "no walkthrough command matches '$1'"
  echo "$found"
}

# The oracle: the profile's type names and the host file's hosts.
mapfile -t types < <(python3 -c '
import json, sys
for t in json.load(open(sys.argv[1]))["types"]: print(t["name"])' \
  examples/lab.json)
declare -A type_of
while read -r host type; do
  type_of[$host]=$type
done < <(sed 's/#.*//' examples/lab_hosts.txt | awk 'NF == 2')
((${#types[@]} >= 2 && ${#type_of[@]} >= 2)) || fail "no types or hosts read"

# Text: the plan by type names (--explain) and the plan of the hosts.
explained=$(log_of '--explain' '--hosts')
hosts_text=$(log_of '--hosts' '--format')
for type in "${types[@]}"; do
  grep -q -- " $type (type " "$explained" || fail "text lacks type $type"
  grep -q -- "explain: .*$type" "$explained" || fail "--explain lacks $type"
done
for host in "${!type_of[@]}"; do
  grep -qE -- "^(.*-- )?$host( \(source\))?  ${type_of[$host]} \(type " \
    "$hosts_text" || fail "text lacks host $host of type ${type_of[$host]}"
done

# JSON: the type names, and every host once on a node of its type.
[[ -f $work/out/plan.json ]] || fail "the walkthrough wrote no out/plan.json"
python3 - "$work/out/plan.json" examples/lab_hosts.txt "${types[@]}" <<'EOF'
import json, sys
plan = json.load(open(sys.argv[1]))
hosts = {}
for line in open(sys.argv[2]):
    fields = line.split("#")[0].split()
    if len(fields) == 2:
        hosts[fields[0]] = fields[1]
types = sys.argv[3:]
assert plan["type_names"] == types, plan.get("type_names")
seen = [node["host"] for node in plan["nodes"]]
assert sorted(seen) == sorted(hosts), (seen, hosts)
for node in plan["nodes"]:
    assert types[node["type"]] == hosts[node["host"]], node
print(f"JSON: {len(seen)} hosts, each on a node of its type")
EOF

# SVG: a row per host, a legend entry per type.
svg=$work/out/plan.svg
[[ -f $svg ]] || fail "the walkthrough wrote no out/plan.svg"
for host in "${!type_of[@]}"; do
  grep -qE -- ">$host( \(source\))?<" "$svg" || fail "SVG lacks host $host"
done
for type in "${types[@]}"; do
  grep -q -- ">$type (type " "$svg" || fail "SVG lacks type $type"
done

# Nothing outside out/.
left=$(cd "$work" && find . -mindepth 1 -maxdepth 1 ! -name out \
  ! -name examples -printf '%P\n')
[[ -z $left ]] || fail "the walkthrough left files outside out/: $left"
echo "PASS: ${#types[@]} type names and ${#type_of[@]} hosts in the text, JSON and SVG"
