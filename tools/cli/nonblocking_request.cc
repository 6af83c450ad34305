// nonblocking_request.cc: pointing a non-blocking request into its arrays.
#include "tools/cli/nonblocking_request.h"

namespace hetcast {

void NonblockingRequest::Finish() {
  for (size_t m = 0; m < messages.size(); ++m) {
    messages[m].destinations = destinations[m].data();
    messages[m].destination_count = destinations[m].size();
  }
  request.node_count = send_fixed.size();
  request.send_fixed = send_fixed.data();
  request.send_per_byte = send_per_byte.data();
  request.recv_fixed = recv_fixed.data();
  request.recv_per_byte = recv_per_byte.data();
  request.link_per_byte = link.data();
  request.messages = messages.data();
  request.message_count = messages.size();
}

}  // namespace hetcast
