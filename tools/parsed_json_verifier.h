// parsed_json_verifier.h: the FlatBuffers Verifier for a buffer parsed from
// a user's JSON. Needs only FlatBuffers' headers (libhetcast_mpi includes it
// without Abseil); tools/json_verifier.h builds on it.
#ifndef HETCAST_TOOLS_PARSED_JSON_VERIFIER_H_
#define HETCAST_TOOLS_PARSED_JSON_VERIFIER_H_

#include <cstdint>

#include "flatbuffers/flatbuffers.h"

namespace hetcast {

// ParsedJsonVerifier
//
// FlatBuffers' default Verifier refuses a buffer of more than 10^6 tables,
// so a well-formed request of 10^6 nodes failed as "not a Request object".
// Every table takes at least 4 bytes, so a limit of size / 4 + 1 tables
// rejects no buffer the parser built; the size limits of the reader that
// follows (which name the field and the limit) then decide.
//
// Text that is schema, not JSON ("union z{}"), parses without making a
// buffer, whose pointer the builder then refuses (an assertion; found by
// the profile fuzzer): the Verifier gets an empty buffer, which fails.
inline flatbuffers::Verifier ParsedJsonVerifier(
    const flatbuffers::FlatBufferBuilder& builder) {
  static const uint8_t kNoBuffer[1] = {0};
  if (builder.GetSize() == 0) return flatbuffers::Verifier(kNoBuffer, 0);
  return flatbuffers::Verifier(builder.GetBufferPointer(), builder.GetSize(),
                               /*max_depth=*/64,
                               /*max_tables=*/builder.GetSize() / 4 + 1);
}

}  // namespace hetcast

#endif  // HETCAST_TOOLS_PARSED_JSON_VERIFIER_H_
