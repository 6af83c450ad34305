#!/usr/bin/env bash
# render_png_test.sh HETCAST: looks at `hetcast render`'s SVG as a person
# would: headless Chromium (Debian's chromium, tools/setup.sh's
# TEST_PACKAGES) draws it to a PNG, in which each picture must have the
# SVG's size, not be blank, and show the chart's colours (bars of both types of Fig. 1, the
# completion line). A collapsed chart (more than 300 nodes) is checked too,
# and an optimal schedule's chart, where the lower bound's blue dashes must
# show on the completion line they equal.
set -euo pipefail
hetcast=$1
dir=${TEST_TMPDIR:-$(mktemp -d)}/render
rm -rf "$dir" && mkdir -p "$dir"
export HOME=$dir  # Chromium writes its profile under $HOME.

"$hetcast" render --costs 2,3 --source-type 1 --counts 4,7 >"$dir/fig1.svg"
"$hetcast" render --costs 2,3,5 --source-type 0 --counts 300,300,300 \
  >"$dir/collapsed.svg"
grep -q "more than 300 rows" "$dir/collapsed.svg"
"$hetcast" render --table @default --source-type 2 --counts 6,9,12 \
  >"$dir/optimal.svg"

# One page shows the three SVGs one below the other at their own sizes, so
# that Chromium starts once (its start dominates the test's time): the
# screenshot is as wide as the widest and as tall as all of them.
names=(fig1 collapsed optimal)
width=0 height=0
{
  echo '<!DOCTYPE html><body style="margin:0;background:#fff">'
  for name in "${names[@]}"; do
    size=$(head -1 "$dir/$name.svg" | sed -n 's/.*width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p')
    [[ -n $size ]] || { echo "FAIL: no size in $name.svg" >&2; exit 1; }
    read -r w h <<<"$size"
    echo "$name $w $h $height" >>"$dir/layout"
    ((w > width)) && width=$w
    height=$((height + h))
    echo "<img src=\"$name.svg\" style=\"display:block\" width=\"$w\" height=\"$h\">"
  done
  echo '</body>'
} >"$dir/page.html"
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
  --hide-scrollbars --user-data-dir="$dir/profile" \
  --window-size="$width,$height" --screenshot="$dir/page.png" "file://$dir/page.html" \
  >"$dir/chromium.log" 2>&1 || { cat "$dir/chromium.log"; exit 1; }

/usr/bin/python3 - "$dir" <<'PY'
import re, struct, sys, zlib

def decode_png(path):
    """(width, height, rows of (r, g, b) pixels) of an 8-bit RGB/RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    step = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * step, [], None
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        prior = previous or bytearray(stride)
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up, corner = prior[i], prior[i - step] if i >= step else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + best) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, step)])
        previous = line
    return width, height, rows

def near(pixel, colour):
    return all(abs(a - b) <= 24 for a, b in zip(pixel, colour))

directory = sys.argv[1]
blue, orange, red = (0x00, 0x72, 0xB2), (0xE6, 0x9F, 0x00), (0xCC, 0x00, 0x00)
layout = [line.split() for line in open(f"{directory}/layout")]
width, height, page = decode_png(f"{directory}/page.png")
expected = (max(int(w) for _, w, _, _ in layout), sum(int(h) for _, _, h, _ in layout))
assert (width, height) == expected, f"page: {width}x{height}, not {expected}"
pictures = {name: [row[:int(w)] for row in page[int(top):int(top) + int(h)]]
            for name, w, h, top in layout}
for name in ("fig1", "collapsed", "optimal"):
    rows = pictures[name]
    pixels = [p for row in rows for p in row]
    inked = sum(1 for p in pixels if p != (255, 255, 255)) / len(pixels)
    assert inked > 0.03, f"{name}: only {inked:.1%} of the picture is not white"
    for colour, what in ((blue, "type 0 bars"), (orange, "type 1 bars"),
                         (red, "the completion line")):
        count = sum(1 for p in pixels if near(p, colour))
        assert count > 50, f"{name}: no {what} ({count} pixels of {colour})"
    print(f"{name}: {len(rows[0])}x{len(rows)}, {inked:.1%} inked")

# The optimal chart: along the completion line (its x and extent from the
# SVG), both its red and the bound's blue show.
# The completion line: the red line across the rows (the legend's is short).
svg = open(f"{directory}/optimal.svg").read()
lines = [dict(re.findall(r'([a-z0-9-]+)="([^"]*)"', tag))
         for tag in re.findall(r"<line [^>]*>", svg)]
line = next((l for l in lines if l.get("stroke") == "#c00"
             and float(l["y2"]) - float(l["y1"]) > 100), None)
assert line, "no completion line in optimal.svg"
x, top, bottom = round(float(line["x1"])), int(line["y1"]), int(line["y2"])
rows = pictures["optimal"]
column = [rows[y][x + dx] for y in range(top, bottom) for dx in (-1, 0, 1)]
bound_blue = (0x00, 0x66, 0xCC)
for colour, what in ((red, "completion"), (bound_blue, "lower bound")):
    count = sum(1 for p in column if near(p, colour))
    assert count > 50, f"optimal: the {what} line does not show ({count} pixels)"
    print(f"optimal: {count} pixels of the {what} line at x={x}")
PY
