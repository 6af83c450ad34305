#!/usr/bin/env bash
# tests/firmware/firmware_test.sh QUERIES_HOST QUERIES_ELF REPORT_SH LIMITS_SH
#
# Runs queries.c on a Cortex-M4 under QEMU (mps2-an386, semihosting output,
# a timeout so it can never hang the suite) and requires its answers to be
# byte for byte those of the host build (QUERIES_HOST; the firmware's
# runtime is the size-optimized build, HETCAST_OPTIMIZE_SIZE, the host's the
# default one); then requires every query's stack high-water mark and the
# table-path image's flash to stay within the bounds of LIMITS_SH, and
# checks that the size images link no heap, stdio or libstdc++ runtime
# (REPORT_SH). Also checks that the checks can fail: a changed byte must
# make the comparison fail, a stack figure above the bound must be noticed,
# and the semihosting program's map (which has stdio) must fail the link
# check.
set -uo pipefail

die() { echo "firmware_test: FAIL: $*" >&2; exit 1; }

(($# == 4)) || die "usage: firmware_test.sh QUERIES_HOST QUERIES_ELF REPORT_SH LIMITS_SH"
host_program=$1
elf=$2
report=$3
# shellcheck source=limits.sh
source "$4"
work=${TEST_TMPDIR:-$(mktemp -d)}
QEMU_TIMEOUT_SECONDS=30

command -v qemu-system-arm >/dev/null ||
  die "qemu-system-arm not found: install the test packages with tools/setup.sh test"

# The answers of one run: everything but the firmware's "stack" lines.
answers() { grep -v '^stack ' "$1"; }

# Succeeds when the two runs gave the same answers, byte for byte.
same_answers() { cmp -s <(answers "$1") <(answers "$2"); }

# The queries of a run whose stack figure is above STACK_BOUND.
stacks_over_bound() {
  sed -nE 's/^stack ([a-z_]+): bytes=([0-9]+)$/\1 \2/p' "$1" |
    awk -v bound="$STACK_BOUND" '$2 > bound { printf "%s (%d bytes) ", $1, $2 }'
}

run_target() {
  timeout "$QEMU_TIMEOUT_SECONDS" qemu-system-arm -M mps2-an386 -nographic \
    -semihosting -kernel "$elf" >"$work/target.out" 2>"$work/qemu.err" </dev/null
  local status=$?
  ((status != 124)) || die "QEMU did not finish within ${QEMU_TIMEOUT_SECONDS}s"
  ((status == 0)) || die "QEMU exited with status $status: $(cat "$work/qemu.err" "$work/target.out")"
  grep -qx 'done: queries=[0-9]* failed=0' "$work/target.out" ||
    die "the firmware run did not end with 'done: ... failed=0': $(tail -3 "$work/target.out")"
}

run_target
"$host_program" >"$work/host.out" || die "the host build of queries.c failed: $(tail -3 "$work/host.out")"
if ! same_answers "$work/host.out" "$work/target.out"; then
  diff -u <(answers "$work/host.out") <(answers "$work/target.out") | head -40 >&2
  die "the firmware's answers differ from the host's (diff above: - host, + QEMU)"
fi
queries=$(grep -c '^query ' "$work/target.out")
stacks=$(grep -c '^stack [a-z_]*: bytes=' "$work/target.out")
((queries > 0 && stacks == queries)) ||
  die "$queries queries but $stacks stack figures (an overflow of the painted stack?)"
echo "firmware and host answer the $queries queries identically ($(answers "$work/host.out" | wc -c) bytes)"

# The comparison must notice a single changed byte.
sed '0,/completion=/s/completion=/completion=1/' "$work/target.out" >"$work/changed.out"
! same_answers "$work/host.out" "$work/changed.out" ||
  die "the comparison did not notice a changed answer"

echo "stack high-water marks (bytes below the caller's stack pointer; bound $STACK_BOUND):"
grep '^stack ' "$work/target.out"
over=$(stacks_over_bound "$work/target.out")
[[ -z "$over" ]] || die "stack above $STACK_BOUND bytes: $over"
sed '0,/^stack [a-z_]*: bytes=/s/bytes=[0-9]*/bytes=99999/' "$work/target.out" >"$work/deep.out"
[[ -n "$(stacks_over_bound "$work/deep.out")" ]] ||
  die "the stack check did not notice a query above the bound"

flash=$("$report" "$(dirname "$elf")") || { echo "$flash"; die "a size image links what it must not (above)"; }
echo "$flash"
# The table path's own bytes: the runtime's and the newlib and libgcc code
# it pulls in; the image's vector table, reset handler and main are the
# test harness's.
table_path=$(sed -nE 's/^table path .*: ([0-9]+) bytes of flash = runtime ([0-9]+) \+ newlib and libgcc ([0-9]+) .*/\2 \3/p' <<<"$flash" |
               awk '{ print $1 + $2 }')
[[ -n "$table_path" ]] || die "no table path figure in report.sh's output"
((table_path <= FLASH_BOUND)) ||
  die "the table path needs $table_path bytes of flash, above the bound of $FLASH_BOUND (limits.sh)"
echo "table path: $table_path bytes of flash (bound $FLASH_BOUND, target $FLASH_TARGET)"
"$report" --forbidden "$(dirname "$elf")/queries.map" >/dev/null &&
  die "the link check found no stdio in the semihosting program, so it cannot fail"
echo "firmware_test: PASS"
