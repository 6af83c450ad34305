#!/usr/bin/env bash
# tests/firmware/why32_test.sh WHY32_ELF WHY_32BIT_TXT
#
# Runs why32.cc on a Cortex-M4 under QEMU (mps2-an386, semihosting output,
# a timeout so it can never hang the suite), where size_t has 32 bits, and
# requires it to end with "done: failed=0" and to print as "reason: ..."
# exactly the reasons WHY_32BIT_TXT lists (tests/planner/why_32bit.txt,
# which //tests:why_test's EveryReasonIsReached leaves to this test), no
# more and no fewer. Also checks that the comparison can fail: a list with
# one more reason must not match.
set -uo pipefail

die() { echo "why32_test: FAIL: $*" >&2; exit 1; }

(($# == 2)) || die "usage: why32_test.sh WHY32_ELF WHY_32BIT_TXT"
elf=$1
list=$2
work=${TEST_TMPDIR:-$(mktemp -d)}
QEMU_TIMEOUT_SECONDS=30

command -v qemu-system-arm >/dev/null ||
  die "qemu-system-arm not found: install the test packages with tools/setup.sh test"

timeout "$QEMU_TIMEOUT_SECONDS" qemu-system-arm -M mps2-an386 -nographic \
  -semihosting -kernel "$elf" >"$work/target.out" 2>"$work/qemu.err" </dev/null
status=$?
((status != 124)) || die "QEMU did not finish within ${QEMU_TIMEOUT_SECONDS}s"
cat "$work/target.out"
((status == 0)) || die "QEMU exited with status $status: $(cat "$work/qemu.err")"
grep -qx 'done: failed=0' "$work/target.out" ||
  die "the run did not end with 'done: failed=0'"

# The listed reasons and the reached ones, one per line, sorted.
grep -v -e '^#' -e '^[[:space:]]*$' "$list" | LC_ALL=C sort >"$work/listed"
sed -n 's/^reason: //p' "$work/target.out" | LC_ALL=C sort >"$work/reached"
[[ -s "$work/listed" ]] || die "$list lists no reason"
same() { cmp -s "$1" "$2"; }
if ! same "$work/listed" "$work/reached"; then
  diff -u "$work/listed" "$work/reached" >&2
  die "the reasons reached differ from $list's (diff above: - listed, + reached)"
fi
{ cat "$work/listed"; echo "a reason no call gives"; } | LC_ALL=C sort >"$work/more"
! same "$work/more" "$work/reached" || die "the comparison did not notice a missing reason"
echo "why32_test: PASS: the Cortex-M4 reaches the $(wc -l <"$work/listed") reasons of $list"
