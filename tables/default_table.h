/* default_table.h: the default profile's table, embedded at build time.
 *
 * tables/BUILD generates it from tables/profiles/default.json with
 * //tools:hetcast_gen and embeds the bytes with //tools:embed_table. Pass it
 * straight to hetcast_table_open (the array is 16-byte aligned). */
#ifndef HETCAST_TABLES_DEFAULT_TABLE_H_
#define HETCAST_TABLES_DEFAULT_TABLE_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

extern const unsigned char hetcast_default_table[];
extern const size_t hetcast_default_table_size;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HETCAST_TABLES_DEFAULT_TABLE_H_ */
