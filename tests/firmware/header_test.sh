#!/usr/bin/env bash
# tests/firmware/header_test.sh HETCAST.h: the amalgamation's public header
# as a user who has nothing else of the repository meets it.
#  - It compiles alone, as the first and only include of a file, as C89,
#    C99 and C11 (gcc, and clang for C89 and C11; -pedantic) and as C++11
#    and C++17, with -Wall -Wextra -Werror; likewise with
#    HETCAST_STATIC_LINKING_ONLY defined, and included a second time with
#    it defined (the fenced part then appears, as zstd's does), where the
#    inline lookup compiles.
#  - It names no file of the repository (a user of the amalgamation has
#    none): no path under the project's folders, no source or build file
#    name but its own; papers are cited instead.
#  - The planner comes first: hetcast_plan is declared within its first
#    300 lines.
set -uo pipefail
die() { echo "header_test: FAIL: $*" >&2; exit 1; }
(($# == 1)) || die "usage: header_test.sh HETCAST.h"
header=$1
work=${TEST_TMPDIR:-$(mktemp -d)}/header
rm -rf "$work" && mkdir -p "$work/include/hetcast"
cp "$header" "$work/include/hetcast/hetcast.h"

echo '#include "hetcast/hetcast.h"' >"$work/alone.c"
cat >"$work/twice.c" <<'C'
#include "hetcast/hetcast.h"
#define HETCAST_STATIC_LINKING_ONLY 1
#include "hetcast/hetcast.h"
uint64_t first(const hetcast_profile* profile, const uint64_t* counts) {
  hetcast_lookup lookup;
  uint64_t t = 0;
  hetcast_profile_lookup_view(profile, &lookup, NULL);
  return hetcast_lookup_completion(&lookup, 0, counts, &t) == HETCAST_OK ? t : 0;
}
C
compiled=0
compile() {  # compile COMPILER LANGUAGE STANDARD FILE [FLAGS...]
  local compiler=$1 language=$2 standard=$3 file=$4
  shift 4
  "$compiler" -x "$language" -std="$standard" -Wall -Wextra -Werror -fsyntax-only \
    -I "$work/include" "$@" "$work/$file" ||
    die "$compiler -std=$standard $* does not compile $file"
  compiled=$((compiled + 1))
}
for standard in c89 c99 c11; do
  compile gcc c "$standard" alone.c -pedantic
  compile gcc c "$standard" alone.c -pedantic -DHETCAST_STATIC_LINKING_ONLY
  compile gcc c "$standard" twice.c -pedantic
done
compile clang c c89 alone.c -pedantic
compile clang c c11 twice.c -pedantic
compile g++ c++ c++11 alone.c
for file in alone.c twice.c; do compile g++ c++ c++17 "$file"; done
# (That the fenced part stays out of sight without the macro is
# tests/api_surface_test.sh's.)

# Repository paths: a folder of the project followed by '/', or a file name
# with a source, build or doc extension, other than the header's own name
# and the C library headers it includes.
paths=$(grep -nE '(^|[^A-Za-z0-9_])(runtime|tools|tables|tests|docs|examples|third_party|bazel-[a-z]+)/|[A-Za-z0-9_./-]+\.(h|hh|cc|c|fbs|bzl|md|json|sh|py|txt)([^A-Za-z0-9_]|$)|(^|[^A-Za-z0-9_])(README|BUILD|WORKSPACE)([^A-Za-z0-9_]|$)' \
          "$header" |
        grep -vE '^[0-9]+:#include <[a-z]+\.h>$' |
        grep -vE '^1:/\* hetcast\.h: ' || true)
[[ -z $paths ]] || die "the header names files of the repository:
$paths"

line=$(grep -nE '^HETCAST_API hetcast_status hetcast_plan\(' "$header" | cut -d: -f1)
[[ -n $line ]] || die "no declaration of hetcast_plan"
((line <= 300)) || die "hetcast_plan is declared at line $line, past the first 300"
echo "header_test: $compiled compiles passed; no repository path; hetcast_plan at line $line of $(wc -l <"$header")"
