#!/usr/bin/env bash
# embed_table_test.sh EMBED_TABLE HETCAST TABLE.hct: embed_table's output
# compiles as C11 (gcc -std=c11) and as C++17 (g++ -std=c++17), and a
# program including its header, in either language, links against either
# object and reads back exactly the table file's bytes, 16-byte aligned.
# The header's static-buffer macros are the largest of `hetcast inspect`'s
# figures over the table's profiles, and size static arrays. --help and
# --version exit 0.
set -euo pipefail
embed=$(realpath "$1")
hetcast=$(realpath "$2")
table=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}/embed
rm -rf "$work" && mkdir -p "$work" && cd "$work"

"$embed" --help >help.txt
grep -q '^usage: embed_table IN.hct OUT.c SYMBOL' help.txt
"$embed" --version >version.txt
[[ $(wc -l <version.txt) -eq 1 ]] && grep -q '^embed_table (hetcast [0-9]' version.txt

"$embed" "$table" lab_table.c hetcast_lab_table
[[ -f lab_table.h ]] || { echo "FAIL: no header lab_table.h"; exit 1; }

# The reader, one source for both languages: writes the array to stdout.
cat >reader.c <<'READER'
#include <stdint.h>
#include <stdio.h>
#include "lab_table.h"
static unsigned char workspace[HETCAST_LAB_TABLE_WORKSPACE_BYTES];
static unsigned char nodes[HETCAST_LAB_TABLE_NODE_COUNT];
static unsigned char transfers[HETCAST_LAB_TABLE_TRANSFER_COUNT];
int main(void) {
  if (sizeof(workspace) + sizeof(nodes) + sizeof(transfers) == 0) return 5;
  if ((uintptr_t)hetcast_lab_table % 16 != 0) return 3;
  return fwrite(hetcast_lab_table, 1, hetcast_lab_table_size, stdout) ==
                 hetcast_lab_table_size ? 0 : 4;
}
READER
flags=(-Wall -Wextra -Werror -pedantic)
gcc -std=c11 "${flags[@]}" -c lab_table.c -o table_c.o
g++ -std=c++17 "${flags[@]}" -x c++ -c lab_table.c -o table_cxx.o
gcc -std=c11 "${flags[@]}" -c reader.c -o reader_c.o
g++ -std=c++17 "${flags[@]}" -x c++ -c reader.c -o reader_cxx.o
for table_object in table_c.o table_cxx.o; do
  for reader_object in reader_c.o reader_cxx.o; do
    g++ -o reader "$reader_object" "$table_object"
    ./reader >read.hct
    cmp read.hct "$table" || {
      echo "FAIL: $reader_object + $table_object read other bytes"; exit 1; }
    echo "ok: $reader_object + $table_object: $(wc -c <read.hct) bytes"
  done
done

# The macros: the largest of inspect's per-profile figures.
largest() {  # FIELD_NUMBER: the largest value of that field of the lines
  "$hetcast" inspect "$table" --fnf-stats=false |
    sed -nE 's/^  static buffers .*: workspace ([0-9]+) bytes, ([0-9]+) nodes, ([0-9]+) transfers;.*/\1 \2 \3/p' |
    awk -v f="$1" '$f > max { max = $f } END { print max + 0 }'
}
for pair in 1:WORKSPACE_BYTES 2:NODE_COUNT 3:TRANSFER_COUNT; do
  want=$(largest "${pair%%:*}")
  got=$(sed -nE "s/^#define HETCAST_LAB_TABLE_${pair#*:} ([0-9]+)u$/\1/p" lab_table.h)
  [[ $want -gt 0 && $got == "$want" ]] || {
    echo "FAIL: ${pair#*:} is '$got' in the header, inspect's largest $want"; exit 1; }
  echo "ok: ${pair#*:} $got"
done

# Bad arguments: exit 2 with a message, nothing written.
if "$embed" help.txt out.c sym 2>err.txt; then exit 1; fi
grep -q "embed_table: " err.txt
if "$embed" "$table" out.c "1bad" 2>err.txt; then exit 1; fi
grep -q "not a C identifier" err.txt
if "$embed" "$table" 2>err.txt; then exit 1; fi
grep -q "expected 3 arguments" err.txt
echo PASS
