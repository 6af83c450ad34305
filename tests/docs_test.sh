#!/usr/bin/env bash
# docs_test.sh [ROOT]: checks README.md and the guides in docs/*.md as a
# reader meets them. ROOT is the repository (default: the folder README.md
# links to, so that under Bazel the links resolve against the source tree,
# not only against this test's data). Fails naming FILE:LINE for each of:
#
#   README.md longer than 300 lines       (the README is a front door; the
#                                          rest belongs in a guide)
#   a journal entry: a date (2026-11-23,  (docs state present facts; a
#   November 23, 2026), a commit hash,     figure carries the command that
#   "(was ...)", a branch, "on main",      reproduces it, not when or where
#   "this session", "the previous build"   it was measured)
#   a relative link whose file, or        (links between the README and
#   whose #anchor among the headings of    the guides must resolve)
#   its file, does not exist
#   a path in docs/development.md's       (the layout names only files that
#   Layout block that does not exist       exist)
set -euo pipefail
root=${1:-$(dirname "$(realpath README.md)")}
cd "$root"
failures=0
fail() { echo "$1"; failures=$((failures + 1)); }
files=(README.md docs/*.md)

# The README's length.
lines=$(wc -l <README.md)
((lines <= 300)) ||
  fail "README.md:$lines: README.md has $lines lines; at most 300 (move the rest into a guide in docs/)"

# Journal patterns, case-insensitive where a word is meant. Commit hashes:
# 7 to 40 hex digits with at least one letter and one digit (plain numbers
# such as 1048576 are figures, not hashes).
months='January|February|March|April|May|June|July|August|September|October|November|December'
journal="20[0-9][0-9]-[01][0-9]|($months) [0-9]{1,2},? 20[0-9][0-9]|[0-9]{1,2} ($months) 20[0-9][0-9]"
journal+='|\(was[ )]|\bcommit [0-9a-f]{7}|\b(this|that|a|the|on) branch\b|\bbranch [a-z]+[0-9]'
journal+="|\\bon main\\b|\\bmain's (binary|build)|\\bafter the merge\\b|\\bthis session\\b"
journal+='|\bprevious (build|run|binary|calibration|table)\b|\bthe day before\b|\(before:'
for file in "${files[@]}"; do
  while IFS= read -r hit; do
    fail "$file:${hit%%:*}: journal entry: ${hit#*:}"
  done < <(grep -niE "$journal" "$file" || true)
  while IFS=: read -r number word; do
    [[ $word =~ [a-f] && $word =~ [0-9] ]] &&
      fail "$file:$number: looks like a commit hash: $word"
  done < <(grep -noiwE '[0-9a-f]{7,40}' "$file" | tr 'A-F' 'a-f' || true)
done

# GitHub's anchor of a heading: lower case, punctuation but '-' and '_'
# dropped, spaces to '-'.
anchors() {  # anchors FILE: one per line
  awk '/^```/ { code = !code } !code && /^#+ / { sub(/^#+ /, ""); print }' "$1" |
    tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g'
}

# Relative links, outside code blocks: [text](target) and ![alt](target).
for file in "${files[@]}"; do
  dir=$(dirname "$file")
  while IFS=: read -r number target; do
    case $target in http://* | https://* | mailto:*) continue ;; esac
    path=${target%%#*}
    anchor=
    [[ $target == *'#'* ]] && anchor=${target#*#}
    if [[ -z $path ]]; then
      resolved=$file
    else
      resolved=$dir/$path
      [[ -e $resolved ]] || { fail "$file:$number: link to a missing file: $target"; continue; }
    fi
    if [[ -n $anchor ]]; then
      anchors "$resolved" | grep -qxF "$anchor" ||
        fail "$file:$number: link to a missing heading: $target"
    fi
  done < <(awk '/^```/ { code = !code; next } !code { print NR ":" $0 }' "$file" |
             grep -oE '^[0-9]+:|\]\([^) ]+\)' |
             awk '/^[0-9]+:$/ { n = $0; next } { sub(/^\]\(/, ""); sub(/\)$/, ""); print n $0 }')
done

# docs/development.md's Layout block: an entry is a line indented by 0 or
# 2 spaces per level; its first column (up to two spaces) lists names, comma
# separated, relative to the folder it is indented under.
layout_paths() {
  awk '/^## Layout/ { layout = 1 } layout && /^```$/ { if (inside) exit; inside = 1; next }
       inside { print NR "\t" $0 }' docs/development.md |
    while IFS=$'\t' read -r number line; do
      indent=${line%%[! ]*}
      ((${#indent} % 2 == 0 && ${#indent} <= 4)) || continue
      column=${line#"$indent"}
      column=${column%%  *}
      [[ -n $column ]] || continue
      echo "$number ${#indent} $column"
    done
}
declare -a parents=()
while read -r number indent column; do
  level=$((indent / 2))
  parents=("${parents[@]:0:level}")
  prefix=$(IFS=; echo "${parents[*]}")
  IFS=',' read -ra names <<<"$column"
  for name in "${names[@]}"; do
    name=${name# }
    case $name in *'*'*) compgen -G "$prefix$name" >/dev/null ||
                            fail "docs/development.md:$number: Layout names no file: $prefix$name"
                          continue ;; esac
    [[ -e $prefix$name ]] ||
      fail "docs/development.md:$number: Layout names a missing file: $prefix$name"
  done
  [[ ${names[-1]} == */ ]] && parents[level]=${names[-1]# }
done < <(layout_paths)

if ((failures > 0)); then
  echo "FAIL: $failures problem(s) in README.md and docs/*.md"
  exit 1
fi
echo "README.md ($lines lines) and ${#files[@]} files: no journal entries, every link and Layout path resolves"
