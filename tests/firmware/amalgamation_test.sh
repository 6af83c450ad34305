#!/usr/bin/env bash
# tests/firmware/amalgamation_test.sh AMALGAMATION.cc HETCAST.h
#     DEFAULT_TABLE.c QUERIES_HOST
#
# Proves that the amalgamation stands alone: the host's g++ compiles it with
# no include path of the project (FlatBuffers' headers come from the
# system), as C++17 without exceptions or RTTI; then queries.c, compiled as
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
(cd "$work" && g++ -std=c++17 -fno-exceptions -fno-rtti -Wall -Wextra -O1 \
   -c hetcast_amalgamation.cc -o amalgamation.o) ||
  die "g++ could not compile the amalgamation alone"
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
