// json_verifier.h: parsing a user's JSON (profiles, multi-source requests,
// platform files) against a schema and verifying the buffer.
#ifndef HETCAST_TOOLS_JSON_VERIFIER_H_
#define HETCAST_TOOLS_JSON_VERIFIER_H_

#include <string>

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

}  // namespace hetcast

#endif  // HETCAST_TOOLS_JSON_VERIFIER_H_
