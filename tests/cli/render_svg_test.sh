#!/usr/bin/env bash
# render_svg_test.sh HETCAST: reads `hetcast render`'s SVG as XML and checks
# it against the plan's own JSON (`plan --format json`, an independent
# account of the same schedule):
#   - when the completion time equals the lower bound, both lines are
#     drawn, at the same x, the bound's dashes over a wider completion line
#     (so neither hides the other);
#   - past 300 nodes, each group's row still shows when its nodes arrive:
#     its histogram bins count exactly the arrivals the JSON gives for the
#     nodes of that type, every one of them, and no bin overlaps another;
#   - the title speaks plainly (no "model", no bare algorithm name first);
#   - every model's `render --to dot` is drawn by Graphviz's `dot` (the
#     walkthrough's step 6; tools/setup.sh's test packages).
set -euo pipefail
hetcast=$1
dir=${TEST_TMPDIR:-$(mktemp -d)}/render_svg
rm -rf "$dir" && mkdir -p "$dir"

optimal=(--table @default --source-type 2 --counts 6,9,12)
big=(--costs 2,3,5 --source-type 0 --counts 300,300,300)
"$hetcast" plan "${optimal[@]}" --format json >"$dir/optimal.json"
"$hetcast" render "${optimal[@]}" >"$dir/optimal.svg"
"$hetcast" plan "${big[@]}" --format json >"$dir/big.json"
"$hetcast" render "${big[@]}" >"$dir/big.svg"

/usr/bin/python3 - "$dir" <<'PY'
import json, sys
import xml.etree.ElementTree as ET

directory = sys.argv[1]
SVG = "{http://www.w3.org/2000/svg}"

def load(name):
    plan = json.load(open(f"{directory}/{name}.json"))
    svg = ET.parse(f"{directory}/{name}.svg").getroot()
    return plan, svg, list(svg.iter())

def by_class(elements, name):
    return [e for e in elements if e.get("class") == name]

# The bound line stays visible when it equals the completion line.
plan, svg, elements = load("optimal")
assert plan["completion_time"] == plan["lower_bound"], plan
# The vertical lines across the rows (the legend's are short), by colour.
def across(colour):
    return [e for e in elements if e.tag == SVG + "line" and e.get("stroke") == colour
            and float(e.get("y2")) - float(e.get("y1")) > 100]
completion, bound = across("#c00"), across("#06c")
assert len(completion) == 1 and len(bound) == 1, (completion, bound)
completion, bound = completion[0], bound[0]
assert completion.get("x1") == bound.get("x1"), "the two lines should meet"
assert elements.index(bound) > elements.index(completion), \
    "the lower bound is painted under the completion line"
assert (completion.get("class"), bound.get("class")) == ("completion", "lower-bound")
assert bound.get("stroke-dasharray") not in (None, "none"), "bound not dashed"
assert bound.get("stroke") != completion.get("stroke"), "same colour"
assert float(completion.get("stroke-width")) > float(bound.get("stroke-width")), \
    "the completion line should show around the bound's dashes"

# Plain titles: what happened, not the model's or algorithm's jargon.
texts = [e for e in elements if e.tag == SVG + "text"]
title = texts[0].text
assert "model" not in title and not title.startswith(plan["algorithm"]), title
assert title.startswith("Broadcast from node 0 to 27 nodes"), title
assert "optimal" in texts[1].text, texts[1].text
print("optimal:", title, "/", texts[1].text)

# Past 300 nodes: per group, the arrivals of its nodes.
plan, svg, elements = load("big")
assert len(plan["nodes"]) > 300
arrivals = {}
for node in plan["nodes"]:
    if node["id"] != 0:
        arrivals.setdefault(node["type"], []).append(node["arrival"])
bins = by_class(elements, "arrivals")
assert bins, "no arrival histogram in the collapsed chart"
seen = {}
for b in bins:
    group, low, high, count = (int(b.get(k)) for k in
                               ("data-group", "data-from", "data-to", "data-count"))
    assert low < high and count > 0 and float(b.get("height")) > 0, b.attrib
    inside = sum(1 for a in arrivals.get(group, []) if low < a <= high or a == low == 0)
    assert inside == count, f"type {group} ({low}, {high}]: SVG {count}, JSON {inside}"
    seen.setdefault(group, []).append((low, high, count))
for group, times in arrivals.items():
    spans = sorted(seen.get(group, []))
    assert sum(c for _, _, c in spans) == len(times), \
        f"type {group}: the histogram shows {sum(c for _, _, c in spans)} of {len(times)} arrivals"
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), f"type {group}: bins overlap"
    print(f"type {group}: {len(times)} arrivals in {len(spans)} bins")
assert len(by_class(elements, "arrived-share")) == len(arrivals)
PY

# DOT for every model, drawn by Graphviz.
"$hetcast" render "${optimal[@]}" --to dot >"$dir/node.dot"
"$hetcast" render --model cluster --cluster-sizes 8,5,5,3,1 --inter-cost 4 \
  --to dot >"$dir/cluster.dot"
"$hetcast" render --model nonblocking --input tests/testdata/nonblocking_request.json \
  --to dot >"$dir/nb.dot"
"$hetcast" render --model graph --platform tests/testdata/graph/fig5_star.json \
  --to dot >"$dir/graph.dot"
for model in node cluster nb graph; do
  dot -Tsvg "$dir/$model.dot" -o "$dir/$model.dot.svg"
  grep -q "<svg" "$dir/$model.dot.svg" || { echo "FAIL: dot drew no SVG of $model"; exit 1; }
  echo "dot drew $model.dot"
done
echo "render_svg_test: passed"
