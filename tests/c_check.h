/* c_check.h: the one assertion the C API tests use: on failure, print the
 * file, line and condition and return 1 from main. */
#ifndef HETCAST_TESTS_C_CHECK_H_
#define HETCAST_TESTS_C_CHECK_H_

#include <stdio.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      return 1;                                                                \
    }                                                                          \
  } while (0)

#endif /* HETCAST_TESTS_C_CHECK_H_ */
