#!/usr/bin/env bash
# tests/firmware/measure.sh [BAZEL_FLAGS...]: rebuilds the firmware figures
# that tests/firmware/README.md quotes.
#
# Builds //tests/firmware:firmware_images (cross_build.sh: the runtime's
# amalgamation for a Cortex-M4 with -Os -DNDEBUG -ffunction-sections
# -fdata-sections, linked with --gc-sections and newlib-nano), then prints:
#  - flash of the table-path image and of the whole-runtime image, the table
#    apart, and the check that neither links malloc, printf or libstdc++'s
#    runtime (report.sh, from the linker maps);
#  - the stack high-water mark of each query of queries.c, run under QEMU;
#  - the runtime's largest stack frames (-fstack-usage), which explain them;
#  - each figure against the issue's targets (table path <= 12 KB of flash,
#    <= 2 KB of stack per query).
set -euo pipefail
cd "$(dirname "$0")/../.."

FLASH_TARGET=$((12 * 1024))
STACK_TARGET=$((2 * 1024))

bazel build "$@" //tests/firmware:firmware_images //tests/firmware:queries_host \
  2>&1 | grep -E '^(ERROR|FAILED)' >&2 || true
dir=$(bazel info "$@" bazel-bin 2>/dev/null)/tests/firmware/fw
[[ -f "$dir/queries.elf" ]] || { echo "measure: the build failed (run bazel build //tests/firmware:firmware_images)" >&2; exit 1; }

echo "== flash (arm-none-eabi-gcc $(arm-none-eabi-gcc -dumpversion), -mcpu=cortex-m4 -mthumb -Os)"
report=$(tests/firmware/report.sh "$dir") || { echo "$report"; exit 1; }
echo "$report"
table_path=$(sed -nE 's/^table path .*: ([0-9]+) bytes of flash.*/\1/p' <<<"$report")
echo "table path: $table_path bytes against a target of $FLASH_TARGET:" \
  "$( ((table_path <= FLASH_TARGET)) && echo met || echo "missed by $((table_path - FLASH_TARGET)) bytes")"

echo "== stack per query (QEMU mps2-an386; bytes below the caller's stack pointer)"
stacks=$(timeout 30 qemu-system-arm -M mps2-an386 -nographic -semihosting \
           -kernel "$dir/queries.elf" </dev/null | grep '^stack ')
while read -r _ name bytes; do
  bytes=${bytes#bytes=}
  printf '%-22s %6d  %s\n' "${name%:}" "$bytes" \
    "$( ((bytes <= STACK_TARGET)) && echo "ok (<= $STACK_TARGET)" || echo "over $STACK_TARGET by $((bytes - STACK_TARGET))")"
done <<<"$stacks"

echo "== the runtime's largest stack frames (runtime.su: bytes, function)"
sort -t$'\t' -k2,2 -n -r "$dir/runtime.su" | head -8 |
  awk -F'\t' '{ name = $1; sub(/^[^:]*:[0-9]+:[0-9]+:/, "", name); sub(/\(.*/, "", name)
                printf "%6d  %s\n", $2, name }'
