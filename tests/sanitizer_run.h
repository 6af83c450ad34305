// tests/sanitizer_run.h: whether this run is the suite's sanitizer rerun
// (tools/run_tests.sh sets HETCAST_SANITIZER_RUN=1 in its ASan + UBSan
// pass), where the slow tests take smaller sizes, never a skip.
#ifndef HETCAST_TESTS_SANITIZER_RUN_H_
#define HETCAST_TESTS_SANITIZER_RUN_H_

#include <cstdlib>

namespace hetcast {

inline bool SanitizerRun() {
  return std::getenv("HETCAST_SANITIZER_RUN") != nullptr;
}

}  // namespace hetcast

#endif  // HETCAST_TESTS_SANITIZER_RUN_H_
