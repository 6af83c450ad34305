// nonblocking_request.h: a multi-source non-blocking request
// (hetcast_nonblocking_request) with the arrays it points into, as `hetcast
// plan --model nonblocking` parses it (plan_nonblocking.h) and as tests build
// it. Its own library
// (//tools:nonblocking_request, the runtime its only dependency), so that a
// test that only builds requests does not link the command line.
#ifndef HETCAST_TOOLS_CLI_NB_REQUEST_H_
#define HETCAST_TOOLS_CLI_NB_REQUEST_H_

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// A request with the arrays it points into.
struct NonblockingRequest {
  std::string tick = "tick";
  std::vector<uint64_t> send_fixed, send_per_byte, recv_fixed, recv_per_byte,
      link;
  bool link_matrix = false;  // "link_per_byte" given (else the uniform one).
  std::vector<std::vector<uint32_t>> destinations;
  std::vector<hetcast_nonblocking_message> messages;
  hetcast_nonblocking_request request = {};
  // Points `messages` and `request` into the vectors above.
  void Finish();
};

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_NB_REQUEST_H_
