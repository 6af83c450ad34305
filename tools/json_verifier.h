// json_verifier.h: parsing a user's JSON (profiles, non-blocking requests,
// platform files) against a schema and verifying the buffer.
#ifndef HETCAST_TOOLS_JSON_VERIFIER_H_
#define HETCAST_TOOLS_JSON_VERIFIER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "flatbuffers/flatbuffers.h"
#include "flatbuffers/idl.h"
#include "tools/parsed_json_verifier.h"

namespace hetcast {

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
