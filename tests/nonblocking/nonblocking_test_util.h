// nonblocking_test_util.h: requests the non-blocking model's tests share.
#ifndef HETCAST_TESTS_NONBLOCKING_NB_TEST_UTIL_H_
#define HETCAST_TESTS_NONBLOCKING_NB_TEST_UTIL_H_

#include <cstddef>
#include <cstdint>

#include "tools/cli/plan_nonblocking.h"

namespace hetcast {
namespace testing {

// n nodes with fixed overheads S = send, R = recv, per-byte parts 0, X = x
// per byte on every link; no messages yet (add them, then Finish()).
inline NonblockingRequest UniformNonblockingRequest(uint32_t n, uint64_t send,
                                                    uint64_t recv, uint64_t x) {
  NonblockingRequest in;
  in.send_fixed.assign(n, send);
  in.send_per_byte.assign(n, 0);
  in.recv_fixed.assign(n, recv);
  in.recv_per_byte.assign(n, 0);
  in.link.assign(static_cast<size_t>(n) * n, x);
  return in;
}

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_NONBLOCKING_NB_TEST_UTIL_H_
