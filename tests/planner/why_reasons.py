#!/usr/bin/env python3
"""tests/planner/why_reasons.py: the reasons the runtime can give, for why_test.

    why_reasons.py OUT.inc NOT_REASONS... -- SOURCE...

The reasons are the string literals of the runtime's sources (SOURCE...:
comments left out, adjacent literals joined, `extern "C"` and static_assert
messages skipped) but those the NOT_REASONS files list (one per line; `#`
starts a comment): names and citations (why_exempt.txt), and reasons that
another test reaches (why_32bit.txt). Writes each reason to OUT.inc as a
C++ initializer, {"file:line", "reason"}, for why_test.cc, which fails
naming every reason none of its cases reaches. Fails when a line of a
NOT_REASONS file is no literal of the sources.
"""
import json
import sys


def literals(text):
    """The file's string literals, adjacent ones joined, with their lines."""
    out, i, n, line = [], 0, len(text), 1
    joining = False  # The last token was a string literal.
    skip_next = False  # The next literal follows `extern`.
    depth_static_assert = None  # Parenthesis depth inside static_assert.
    depth = 0
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i)
            line += text.count("\n", i, j)
            i = j + 2
            continue
        if c == "\n":
            line += 1
        if c.isspace():
            i += 1
            continue
        if c == "#":  # A preprocessor line (includes are not literals).
            while True:
                j = text.find("\n", i)
                if j < 0 or text[j - 1] != "\\":
                    break
                i = j + 1
            i = n if j < 0 else j
            joining = False
            continue
        if c in "\"'":
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == "\\" else 1
            body = text[i + 1:j]
            i = j + 1
            if c == "'":
                joining = False
                continue
            body = body.encode().decode("unicode_escape")
            if joining:
                out[-1] = (out[-1][0] + body, out[-1][1], out[-1][2])
            else:
                out.append((body, line, skip_next or depth_static_assert is not None))
            joining, skip_next = True, False
            continue
        joining = False
        if text.startswith("extern", i) and not text[i + 6].isalnum():
            skip_next = True
        if text.startswith("static_assert", i):
            depth_static_assert = depth
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth_static_assert == depth:
                depth_static_assert = None
        j = i + 1
        if c.isalnum() or c == "_":
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            if text[i:j] != "extern":
                skip_next = False
        i = j
    # The empty string is no reason (a guarantee without a source, the
    # table's "no error").
    return [(body, line) for body, line, skipped in out
            if not skipped and body != ""]


def read_list(path):
    """The entries of a NOT_REASONS file."""
    entries = set()
    with open(path, encoding="utf-8") as f:
        for raw in f:
            entry = raw.rstrip("\n")
            if entry.strip() == "" or entry.startswith("#"):
                continue
            entries.add(entry)
    return entries


def main(argv):
    if "--" not in argv[2:]:
        print("usage: why_reasons.py OUT.inc NOT_REASONS... -- SOURCE...",
              file=sys.stderr)
        return 2
    split = argv.index("--", 2)
    out_path, not_reasons_paths = argv[1], argv[2:split]
    sources = argv[split + 1:]
    found = {}  # literal -> first "file:line"
    for path in sources:
        with open(path, encoding="utf-8") as f:
            for body, line in literals(f.read()):
                found.setdefault(body, f"{path}:{line}")
    not_reasons = set()
    stale = False
    for path in not_reasons_paths:
        listed = read_list(path)
        for body in sorted(listed - set(found)):
            print(f"{path}: \"{body}\" is no literal of the sources",
                  file=sys.stderr)
            stale = True
        not_reasons |= listed
    if stale:
        return 1
    with open(out_path, "w", encoding="utf-8") as out:
        for body in sorted(set(found) - not_reasons, key=lambda b: found[b]):
            out.write(f"{{{json.dumps(found[body])}, {json.dumps(body)}}},\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
