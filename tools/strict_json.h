// strict_json.h: a user's JSON checked against a FlatBuffers schema before
// FlatBuffers' own parser reads it, with messages in the user's terms.
//
// FlatBuffers' parser, lenient by design, reads "3" as 3, accepts trailing
// commas and leaves out a missing scalar (it reads as its default, 0); its
// messages speak of tokens ("Cannot assign token starting with 'float
// constant' to value of <ulong> type"). CheckStrictJson refuses all of
// these and says where (the line and the field's path, "types[1].cost")
// and what was expected.
#ifndef HETCAST_TOOLS_STRICT_JSON_H_
#define HETCAST_TOOLS_STRICT_JSON_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "flatbuffers/idl.h"

namespace hetcast {

// A field the schema marks `(json_required)` (the schema declares
// `attribute "json_required";`) must be written, whatever its type.
inline constexpr char kJsonRequired[] = "json_required";

// CheckStrictJson()
//
// Checks `json` against the root table of the schema `parser` has parsed:
// one JSON object; every key a field of its table (an unknown one gets the
// closest field name by edit distance: "did you mean 'limit'?"), at most
// once; every value of its field's type (strings quoted, numbers not,
// integers whole and within their type's range, tables and vectors as
// objects and arrays); no trailing comma; every `json_required` field
// present. Comments and unquoted keys are accepted, as FlatBuffers' parser
// accepts them. Errors: InvalidArgument "WHAT, line N: PATH: ...".
absl::Status CheckStrictJson(absl::string_view json,
                             const flatbuffers::Parser& parser,
                             const char* what);

// The edit (Levenshtein) distance between `a` and `b`.
size_t EditDistance(absl::string_view a, absl::string_view b);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_STRICT_JSON_H_
