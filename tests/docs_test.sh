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
#   a compile line of                     (the recipe users copy is the one
#   tests/firmware/recipe.sh missing       the firmware tests run)
#   from docs/firmware.md
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
journal+="|\\bon main\\b|\\bmain's (binary|build)|\\bafter the merge\\b|\\b(this|previous|last|next) session\\b"
journal+='|\bprevious (build|run|binary|calibration|table)\b|\bthe day before\b|\(before:'
while IFS=: read -r file number text; do
  fail "$file:$number: journal entry: $text"
done < <(grep -HniE "$journal" "${files[@]}" || true)
while IFS=: read -r file number word; do
  [[ ${word,,} =~ [a-f] && $word =~ [0-9] ]] &&
    fail "$file:$number: looks like a commit hash: $word"
done < <(grep -HnoiwE '[0-9a-f]{7,40}' "${files[@]}" || true)

# Every heading's anchor as GitHub makes it (lower case, punctuation but
# '-' and '_' dropped, spaces to '-'), and every relative link outside code
# blocks ([text](target), ![alt](target)), in one pass over the files.
declare -A anchor_of=()
while IFS=$'\t' read -r file anchor; do
  anchor_of[$file#$anchor]=1
done < <(awk 'FNR == 1 { code = 0 } /^```/ { code = !code; next }
              !code && /^#+ / { h = tolower($0); sub(/^#+ /, "", h)
                                gsub(/[^a-z0-9 _-]/, "", h); gsub(/ /, "-", h)
                                print FILENAME "\t" h }' "${files[@]}")
normalize() {  # normalize PATH: sets $normal, without "./" and "DIR/.."
  local part out=()
  IFS=/ read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    case $part in
      . | '') ;;
      ..) if ((${#out[@]} > 0)) && [[ ${out[-1]} != .. ]]; then unset 'out[-1]'
          else out+=(..); fi ;;
      *) out+=("$part") ;;
    esac
  done
  local IFS=/
  normal="${out[*]}"
}
while IFS=$'\t' read -r file number target; do
  case $target in http://* | https://* | mailto:*) continue ;; esac
  path=${target%%#*}
  anchor=
  [[ $target == *'#'* ]] && anchor=${target#*#}
  if [[ -z $path ]]; then
    normal=$file
  else
    dir=.
    [[ $file == */* ]] && dir=${file%/*}
    normalize "$dir/$path"
    [[ -e $normal ]] || { fail "$file:$number: link to a missing file: $target"; continue; }
  fi
  [[ -z $anchor || -n ${anchor_of[$normal#$anchor]:-} ]] ||
    fail "$file:$number: link to a missing heading: $target"
done < <(awk 'FNR == 1 { code = 0 } /^```/ { code = !code; next }
              !code { line = $0
                      while (match(line, /\]\([^) ]+\)/)) {
                        print FILENAME "\t" FNR "\t" substr(line, RSTART + 2, RLENGTH - 3)
                        line = substr(line, RSTART + RLENGTH) } }' "${files[@]}")

# docs/development.md's Layout block: an entry is a line indented by 0 or
# 2 spaces per level; its first column (up to two spaces) lists names, comma
# separated, relative to the folder it is indented under.
layout_paths() {
  [[ -f docs/development.md ]] || return 0
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
[[ -f docs/development.md ]] ||
  fail "docs/development.md:1: missing: the guide for contributors, with the Layout"
declare -a parents=()
while read -r number indent column; do
  level=$((indent / 2))
  parents=("${parents[@]:0:level}")
  prefix=
  for parent in "${parents[@]}"; do prefix+=$parent; done
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

# The amalgamation's compile lines: docs/firmware.md shows, word for word,
# the ones tests/firmware/recipe.sh holds and the firmware tests run.
recipes=0
while IFS= read -r recipe; do
  recipes=$((recipes + 1))
  grep -qxF -- "$recipe" docs/firmware.md ||
    fail "docs/firmware.md:1: lacks tests/firmware/recipe.sh's line: $recipe"
done < <(sed -nE "s/^[A-Z_]+_RECIPE='(.*)'$/\1/p" tests/firmware/recipe.sh)
((recipes >= 3)) ||
  fail "tests/firmware/recipe.sh:1: $recipes compile lines read; expected the host's and Cortex-M's"

if ((failures > 0)); then
  echo "FAIL: $failures problem(s) in README.md and docs/*.md"
  exit 1
fi
echo "README.md ($lines lines) and ${#files[@]} files: no journal entries, every link and Layout path resolves, $recipes firmware compile lines shown"
