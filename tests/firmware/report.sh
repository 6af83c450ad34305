#!/usr/bin/env bash
# tests/firmware/report.sh DIR: the flash figures of the size images that
# cross_build.sh wrote to DIR, and the check that they link no heap, no
# stdio and nothing of libstdc++'s runtime. Exits non-zero if they do.
# tests/firmware/report.sh --forbidden MAP: only lists the forbidden symbols
# that one linker map shows, and exits non-zero if there are any (the test
# runs it on the semihosting program's map, which must show some).
#
# Flash = what the image stores in flash: the vector table, .text, .rodata,
# .ARM.exidx and .data's initial values, split by where it comes from
# (runtime.o; newlib and libgcc; startup code and harness), all read from
# the linker map. The embedded table (its own output section, .table) is
# counted apart.
set -euo pipefail

die() { echo "report: $*" >&2; exit 1; }
(($# == 1 || $# == 2)) || die "usage: report.sh DIR | report.sh --forbidden MAP"

# Symbols that must not be in a size image: the heap, stdio (printf and its
# kin), and libstdc++'s runtime (operator new and delete, the __cxa_*
# support, std::__throw_*, exception unwinding), and assert's reporter,
# which pulls stdio and the heap in.
FORBIDDEN='malloc|_malloc_r|calloc|_calloc_r|realloc|_realloc_r|free|_free_r|_sbrk|printf|_printf_r|vfprintf|_vfprintf_r|iprintf|puts|fputs|fwrite|_Znw[jm]|_Zna[jm]|_ZdlPv[jm]?|_ZdaPv[jm]?|__cxa_[a-z_]+|_ZSt[0-9]+__throw_[a-z_]+|__gxx_personality_v0|_Unwind_[A-Za-z_]+|__assert_func|abort'

# "SECTION<TAB>FILE<TAB>BYTES" for every input section the map placed.
placed_sections() {
  awk '
    function hex(text,   i, value) {  # mawk has no strtonum.
      value = 0
      text = tolower(substr(text, 3))
      for (i = 1; i <= length(text); i++) value = value * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
      return value
    }
    /^Linker script and memory map/ { in_map = 1; next }
    !in_map { next }
    /^\.[A-Za-z_.]+/ { section = $1 }
    /^ [.A-Za-z_*]/ && NF == 1 { pending = 1; next }      # name wrapped
    pending && NF == 3 && $1 ~ /^0x/ && $2 ~ /^0x/ { print section "\t" $3 "\t" hex($2); pending = 0; next }
    /^ [.A-Za-z]/ && NF == 4 && $2 ~ /^0x/ && $3 ~ /^0x/ { print section "\t" $4 "\t" hex($3) }
    { pending = 0 }' "$1"
}

# One line of flash figures for IMAGE (an .elf with its .map).
flash_line() {
  local image=$1 label=$2
  placed_sections "$dir/${image%.elf}.map" | awk -F'\t' -v label="$label" '
    $1 == ".table" { table += $3; next }
    $1 !~ /^\.(vectors|text|rodata|ARM\.exidx|data)$/ { next }
    { total += $3 }
    $2 ~ /\/runtime\.o$/ { runtime += $3; next }
    $2 ~ /\/lib(c|c_nano|g|gcc|rdimon)\.a\(/ { library += $3; next }
    { other += $3 }
    END {
      printf "%s: %d bytes of flash = runtime %d + newlib and libgcc %d + startup and harness %d; table %d bytes apart\n",
             label, total, runtime, library, other, table
    }'
}

# The forbidden symbols that the map shows in the image (placed sections
# and symbols, and the archive members pulled in for them).
forbidden_in() {
  awk '/^Discarded input sections/ { skip = 1 } /^Memory Configuration/ { skip = 0 }
       !skip' "$1" | tr -s ' \t()' '\n' | sed -E 's/^\.(text|rodata|data|bss)\.//' |
    grep -xE "$FORBIDDEN" | sort -u || true
}

# The archive members of newlib and libgcc whose code or data the image
# holds (the link may load more, whose sections --gc-sections drops).
members_of() {
  placed_sections "$1" | awk -F'\t' '$1 ~ /^\.(text|rodata|ARM\.exidx|data)$/ && $3 > 0 { print $2 }' |
    sed -nE 's#^.*/(lib[a-z_]+\.a)\(([^)]+)\)$#\1(\2)#p' | sort -u | tr '\n' ' '
}

if [[ $1 == --forbidden ]]; then
  bad=$(forbidden_in "$2")
  echo "$bad"
  [[ -z "$bad" ]]
  exit
fi
dir=$1
flash_line table_path.elf "table path (open, verify, lookup, plan, per-node query)"
flash_line runtime.elf "whole runtime (every function of hetcast.h)"
status=0
for image in table_path runtime; do
  bad=$(forbidden_in "$dir/$image.map")
  if [[ -n "$bad" ]]; then
    echo "FAIL: $image.elf links $(tr '\n' ' ' <<<"$bad")(see $image.map)"
    status=1
  else
    echo "ok: $image.elf links no malloc, printf or libstdc++ runtime; library members: $(members_of "$dir/$image.map")"
  fi
done
exit $status
