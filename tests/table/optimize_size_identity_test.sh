#!/usr/bin/env bash
# tests/table/optimize_size_identity_test.sh DEFAULT_DIGEST SIZE_DIGEST PTAS_TABLE
#
# Runs plan_digest (tests/table/plan_digest.cc) built by default and built
# with HETCAST_OPTIMIZE_SIZE (runtime/config.h) and requires the same lines:
# the two builds answer every request it makes byte for byte alike.
set -uo pipefail

die() { echo "optimize_size_identity_test: FAIL: $*" >&2; exit 1; }

(($# == 3)) || die "usage: optimize_size_identity_test.sh DEFAULT_DIGEST SIZE_DIGEST PTAS_TABLE"
work=${TEST_TMPDIR:-$(mktemp -d)}
! cmp -s "$1" "$2" ||
  die "both programs are one binary: the size-optimized build did not take effect"
"$1" "$3" >"$work/default.out" || die "the default build of plan_digest failed"
"$2" "$3" >"$work/size.out" || die "the size-optimized build of plan_digest failed"
cat "$work/default.out"
families=$(grep -c ' answers=[1-9][0-9]* digest=' "$work/default.out")
((families >= 5)) || die "expected at least 5 families of answers, got $families"
if ! cmp -s "$work/default.out" "$work/size.out"; then
  diff -u "$work/default.out" "$work/size.out" >&2
  die "the size-optimized build answers differently (diff above: - default, + size)"
fi
# The comparison must notice a single changed digest.
sed '0,/digest=./s/digest=./digest=x/' "$work/size.out" >"$work/changed.out"
! cmp -s "$work/default.out" "$work/changed.out" ||
  die "the comparison did not notice a changed digest"
echo "optimize_size_identity_test: PASS ($families families, identical digests)"
