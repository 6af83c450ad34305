#!/usr/bin/env bash
# render_png_test.sh HETCAST: looks at `hetcast render`'s SVG as a person
# would: headless Chromium (Debian's chromium, tools/setup.sh's
# TEST_PACKAGES) draws it to a PNG, which must have the SVG's size, not be
# blank, and show the chart's colours (bars of both types of Fig. 1, the
# completion line). A collapsed chart (more than 300 nodes) is checked too.
set -euo pipefail
hetcast=$1
dir=${TEST_TMPDIR:-$(mktemp -d)}/render
rm -rf "$dir" && mkdir -p "$dir"
export HOME=$dir  # Chromium writes its profile under $HOME.

shoot() {  # shoot NAME: NAME.svg -> NAME.png at the SVG's own size.
  local svg=$dir/$1.svg size
  size=$(head -1 "$svg" | sed -n 's/.*width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p')
  [[ -n $size ]] || { echo "FAIL: no size in $svg"; exit 1; }
  echo "$size" >"$dir/$1.size"
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --hide-scrollbars --user-data-dir="$dir/profile" \
    --window-size="$size" --screenshot="$dir/$1.png" "file://$svg" \
    >"$dir/$1.log" 2>&1 || { cat "$dir/$1.log"; exit 1; }
}

"$hetcast" render --costs 2,3 --source-type 1 --counts 4,7 >"$dir/fig1.svg"
"$hetcast" render --costs 2,3,5 --source-type 0 --counts 300,300,300 \
  >"$dir/collapsed.svg"
grep -q "more than 300 rows" "$dir/collapsed.svg"
shoot fig1
shoot collapsed

/usr/bin/python3 - "$dir" <<'PY'
import struct, sys, zlib

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
for name in ("fig1", "collapsed"):
    width, height, rows = decode_png(f"{directory}/{name}.png")
    expected = tuple(int(v) for v in open(f"{directory}/{name}.size").read().split(","))
    assert (width, height) == expected, f"{name}: {width}x{height}, not {expected}"
    pixels = [p for row in rows for p in row]
    inked = sum(1 for p in pixels if p != (255, 255, 255)) / len(pixels)
    assert inked > 0.03, f"{name}: only {inked:.1%} of the picture is not white"
    for colour, what in ((blue, "type 0 bars"), (orange, "type 1 bars"),
                         (red, "the completion line")):
        count = sum(1 for p in pixels if near(p, colour))
        assert count > 50, f"{name}: no {what} ({count} pixels of {colour})"
    print(f"{name}.png: {width}x{height}, {inked:.1%} inked")
PY
