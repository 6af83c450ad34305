#!/usr/bin/env bash
# tests/firmware/amalgamation_test.sh AMALGAMATION.cc HETCAST.h
#     DEFAULT_TABLE.c QUERIES_HOST
#
# Proves that the amalgamation stands alone: the host's compiler compiles it
# with the documented line (recipe.sh: no include path of the project,
# FlatBuffers' headers from the system, C++17 without exceptions or RTTI,
# -DNDEBUG) into an object that needs no assert and no C++ runtime; then
# queries.c, compiled as
# C against the amalgamation's hetcast.h and linked with it by the C driver
# (so nothing of libstdc++ is linked), must print exactly what the Bazel
# build of the runtime's own sources prints (QUERIES_HOST).
set -uo pipefail

die() { echo "amalgamation_test: FAIL: $*" >&2; exit 1; }

(($# == 4)) || die "usage: amalgamation_test.sh AMALGAMATION.cc HETCAST.h DEFAULT_TABLE.c QUERIES_HOST"
amalgamation=$1
header=$2
table_c=$3
host_program=$4
work=${TEST_TMPDIR:-$(mktemp -d)}
mkdir -p "$work/include/hetcast"
cp "$header" "$work/include/hetcast/hetcast.h"

cp "$amalgamation" "$work/hetcast_amalgamation.cc"
# shellcheck source=tests/firmware/recipe.sh
source tests/firmware/recipe.sh
# The documented line, word for word (it writes hetcast_amalgamation.o),
# with warnings as errors, which leave the code alone.
(cd "$work" && eval "$HOST_RECIPE -Wall -Wextra -Werror") ||
  die "the documented recipe could not compile the amalgamation: $HOST_RECIPE"
mv "$work/hetcast_amalgamation.o" "$work/amalgamation.o"
# With -DNDEBUG no assert is left to link, nor any C++ runtime.
undefined=$(nm -u "$work/amalgamation.o" |
              grep -E '__assert|__cxa_|_Unwind|__gxx_personality' || true)
[[ -z $undefined ]] ||
  die "the recipe's object needs what a C program does not link: $undefined"
for source in tests/firmware/queries.c tests/firmware/host_stack_probe.c "$table_c"; do
  gcc -std=c11 -Wall -Wextra -O1 -I "$work/include" -I . -c "$source" \
    -o "$work/$(basename "${source%.c}").o" || die "gcc could not compile $source"
done
gcc "$work/queries.o" "$work/host_stack_probe.o" "$work/default_table.o" \
  "$work/amalgamation.o" -o "$work/queries" ||
  die "the amalgamation does not link into a C program without libstdc++"
"$work/queries" >"$work/amalgamation.out" || die "queries.c failed on the amalgamation"
"$host_program" >"$work/host.out" || die "the Bazel build of queries.c failed"
if ! cmp -s "$work/host.out" "$work/amalgamation.out"; then
  diff -u "$work/host.out" "$work/amalgamation.out" | head -40 >&2
  die "the amalgamation answers differently from the runtime's own sources"
fi
echo "amalgamation_test: PASS ($(wc -l <"$amalgamation") lines, same answers as the Bazel build)"
