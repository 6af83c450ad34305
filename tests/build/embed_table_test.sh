#!/usr/bin/env bash
# embed_table_test.sh EMBED_TABLE TABLE.hct: embed_table's output compiles as
# C11 (gcc -std=c11) and as C++17 (g++ -std=c++17), and a program including
# its header, in either language, links against either object and reads
# back exactly the table file's bytes, 16-byte aligned. --help and
# --version exit 0.
set -euo pipefail
embed=$(realpath "$1")
table=$(realpath "$2")
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
int main(void) {
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

# Bad arguments: exit 2 with a message, nothing written.
if "$embed" "$table" out.c "1bad" 2>err.txt; then exit 1; fi
grep -q "not a C identifier" err.txt
if "$embed" "$table" 2>err.txt; then exit 1; fi
grep -q "expected 3 arguments" err.txt
echo PASS
