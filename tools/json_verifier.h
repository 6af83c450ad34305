// json_verifier.h: the FlatBuffers Verifier for a buffer parsed from a
// user's JSON (profiles, multi-source requests, platform files).
#ifndef HETCAST_TOOLS_JSON_VERIFIER_H_
#define HETCAST_TOOLS_JSON_VERIFIER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "flatbuffers/flatbuffers.h"
#include "flatbuffers/idl.h"

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

// ParseJsonAs()
//
// Parses `json` with FlatBuffers' parser against `schema` (the schema's
// text) as a `Root` table called `root_type`, and verifies the buffer,
// which lives in `parser`. Errors: InvalidArgument "WHAT: <parser error>"
// or "WHAT: not a ROOT_TYPE object"; a schema that does not parse is
// Internal.
template <typename Root>
absl::StatusOr<const Root*> ParseJsonAs(absl::string_view json,
                                        const char* schema,
                                        const char* root_type, const char* what,
                                        flatbuffers::Parser* parser) {
  if (!parser->Parse(schema) || !parser->SetRootType(root_type)) {
    return absl::InternalError(parser->error_);
  }
  const std::string text(json);
  if (!parser->Parse(text.c_str())) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: %s", what, parser->error_));
  }
  flatbuffers::Verifier verifier = ParsedJsonVerifier(parser->builder_);
  if (!verifier.VerifyBuffer<Root>(nullptr)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: not a %s object", what, root_type));
  }
  return flatbuffers::GetRoot<Root>(parser->builder_.GetBufferPointer());
}

// RefuseQuotedNumbers()
//
// FlatBuffers' parser reads a number written as a string ("cost": "3") as
// the number. Where a field must be written as a number, this finds any of
// `keys` (at any depth) whose value is a string and names it with its path:
// InvalidArgument "WHAT: types[1].cost = "3" is a string; write the number
// without quotes". Run before the parser; text that is no JSON is left to
// the parser's own error.
absl::Status RefuseQuotedNumbers(absl::string_view json,
                                 const std::vector<std::string>& keys,
                                 const char* what);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_JSON_VERIFIER_H_
