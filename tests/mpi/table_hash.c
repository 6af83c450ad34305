/* table_hash.c: prints a hetcast table file's content hash
 * (hetcast_table_hash) as 16 hex digits, as `hetcast inspect` does, for
 * tests that write it into a cluster file without the whole command line.
 *
 *   table_hash TABLE.hct */
#include <stdio.h>
#include <stdlib.h>

#include "runtime/include/hetcast/hetcast.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: table_hash TABLE.hct\n");
    return 2;
  }
  FILE* file = fopen(argv[1], "rb");
  if (file == NULL || fseek(file, 0, SEEK_END) != 0) {
    fprintf(stderr, "table_hash: cannot read %s\n", argv[1]);
    return 1;
  }
  const long size = ftell(file);
  rewind(file);
  /* 8-byte aligned, as hetcast_table_open requires. */
  unsigned long long* words = calloc((size_t)size / 8 + 1, 8);
  const char* why = NULL;
  hetcast_table table;
  if (size <= 0 || words == NULL ||
      fread(words, 1, (size_t)size, file) != (size_t)size ||
      hetcast_table_open(words, (size_t)size, &table, &why) != HETCAST_OK) {
    fprintf(stderr, "table_hash: %s: %s\n", argv[1],
            why ? why : "cannot read it");
    return 1;
  }
  printf("%016llx\n", (unsigned long long)hetcast_table_hash(&table));
  fclose(file);
  free(words);
  return 0;
}
