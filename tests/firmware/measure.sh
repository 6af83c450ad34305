#!/usr/bin/env bash
# tests/firmware/measure.sh [BAZEL_FLAGS...]: rebuilds the firmware figures
# that tests/firmware/README.md quotes.
#
# Builds //tests/firmware:firmware_images (cross_build.sh: the runtime's
# amalgamation for a Cortex-M4 with -Os -DNDEBUG -DHETCAST_OPTIMIZE_SIZE
# -ffunction-sections -fdata-sections, linked with --gc-sections and
# newlib-nano), then prints:
#  - flash of the table-path image and of the whole-runtime image, the table
#    apart, and the check that neither links malloc, printf or libstdc++'s
#    runtime (report.sh, from the linker maps);
#  - the stack high-water mark of each query of queries.c, run under QEMU;
#  - the largest stack frames (-fstack-usage) of the runtime's functions
#    that the whole-runtime image links, which explain them;
#  - each figure against the issue's targets (table path <= 12 KB of flash,
#    <= 2 KB of stack per query) and the bounds firmware_test enforces
#    (limits.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/firmware/limits.sh

bazel build "$@" //tests/firmware:firmware_images //tests/firmware:queries_host \
  2>&1 | grep -E '^(ERROR|FAILED)' >&2 || true
dir=$(bazel info "$@" bazel-bin 2>/dev/null)/tests/firmware/fw
[[ -f "$dir/queries.elf" ]] || { echo "measure: the build failed (run bazel build //tests/firmware:firmware_images)" >&2; exit 1; }

echo "== flash (arm-none-eabi-gcc $(arm-none-eabi-gcc -dumpversion), -mcpu=cortex-m4 -mthumb -Os)"
report=$(tests/firmware/report.sh "$dir") || { echo "$report"; exit 1; }
echo "$report"
# What firmware_test enforces: the runtime's bytes and the newlib and libgcc
# code they pull in, not the size harness (vector table, reset, main).
image=$(sed -nE 's/^table path .*: ([0-9]+) bytes of flash.*/\1/p' <<<"$report")
table_path=$(sed -nE 's/^table path .*= runtime ([0-9]+) \+ newlib and libgcc ([0-9]+) .*/\1 + \2/p' <<<"$report")
table_path=$((table_path))
echo "table path: $table_path bytes (runtime, newlib and libgcc) against a target of $FLASH_TARGET:" \
  "$( ((table_path <= FLASH_TARGET)) && echo met || echo "missed by $((table_path - FLASH_TARGET)) bytes")" \
  "(firmware_test's bound: $FLASH_BOUND); with the size harness (vector table, reset, main):" \
  "$image bytes"

echo "== stack per query (QEMU mps2-an386; bytes below the caller's stack pointer)"
stacks=$(timeout 30 qemu-system-arm -M mps2-an386 -nographic -semihosting \
           -kernel "$dir/queries.elf" </dev/null | grep '^stack ')
while read -r _ name bytes; do
  bytes=${bytes#bytes=}
  printf '%-22s %6d  %s\n' "${name%:}" "$bytes" \
    "$( ((bytes <= STACK_TARGET)) && echo "ok (<= $STACK_TARGET, enforced)" || echo "over $STACK_TARGET by $((bytes - STACK_TARGET))")"
done <<<"$stacks"

# Qualified function names without return type, template arguments and
# parameters, one per line, as -fstack-usage and nm -C spell them.
bare_names() {
  sed -E 's/\(anonymous namespace\)/{anonymous}/g; s/<[^()]*>//g; s/\(.*//; s/.* //'
}
echo "== the largest stack frames of the runtime's functions in runtime.elf (runtime.su: bytes, function)"
linked=$(arm-none-eabi-nm -C "$dir/runtime.elf" | cut -d' ' -f3- | bare_names | sort -u)
sort -t$'\t' -k2,2 -n -r "$dir/runtime.su" |
  awk -F'\t' '{ name = $1; sub(/^[^:]*:[0-9]+:[0-9]+:/, "", name); print $2 "\t" name }' |
  while IFS=$'\t' read -r bytes name; do
    bare=$(bare_names <<<"$name")
    grep -qxF -- "$bare" <<<"$linked" && printf '%6d  %s\n' "$bytes" "$bare"
  done | head -8
