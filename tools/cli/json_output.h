// json_output.h: the CLI's JSON, written by FlatBuffers' text generator over
// tables/cli_output.fbs and read back by its parser (hetcast render).
//
// Build a buffer of one of the schema's root tables with a JsonBuilder
// (strings through JsonString, which makes any bytes valid UTF-8), then
// ToJson() prints it: one line, every string escaped by the library, fields
// in the schema's order, absent fields left out.
#ifndef HETCAST_TOOLS_CLI_JSON_OUTPUT_H_
#define HETCAST_TOOLS_CLI_JSON_OUTPUT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "flatbuffers/flatbuffers.h"
#include "flatbuffers/idl.h"
#include "tables/cli_output_generated.h"

namespace hetcast {

// JsonBuilder
//
// Stores every scalar it is given, defaults included, so "exact":false and
// "completion_time":0 are printed; optional fields (`= null` in the schema)
// left unset are not.
class JsonBuilder : public flatbuffers::FlatBufferBuilder {
 public:
  JsonBuilder() { ForceDefaults(true); }
};

// `text` with every byte sequence that is not UTF-8 replaced by U+FFFD.
std::string ValidUtf8(absl::string_view text);

// A string of the buffer: ValidUtf8(text).
flatbuffers::Offset<flatbuffers::String> JsonString(JsonBuilder* builder,
                                                    absl::string_view text);

// Vectors of strings and numbers, always present (an empty one prints []).
flatbuffers::Offset<
    flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>>
JsonStrings(JsonBuilder* builder, const std::vector<std::string>& texts);

// The finished buffer (root table `root_type` of tables/cli_output.fbs) as
// one line of JSON ending in a newline.
absl::StatusOr<std::string> ToJson(JsonBuilder* builder,
                                   flatbuffers::Offset<void> root,
                                   const char* root_type);

// Parses `json` as root table `root_type` into `parser` (which must
// outlive the result); errors name the JSON. ReadJson also verifies it.
absl::StatusOr<const uint8_t*> ParseJson(absl::string_view json,
                                         const char* root_type,
                                         flatbuffers::Parser* parser);

template <typename Table>
absl::StatusOr<const Table*> ReadJson(absl::string_view json,
                                      const char* root_type,
                                      flatbuffers::Parser* parser) {
  absl::StatusOr<const uint8_t*> buffer = ParseJson(json, root_type, parser);
  if (!buffer.ok()) return buffer.status();
  flatbuffers::Verifier verifier(*buffer, parser->builder_.GetSize());
  if (!verifier.VerifyBuffer<Table>(nullptr)) {
    return absl::InvalidArgumentError("plan JSON: not a plan");
  }
  return flatbuffers::GetRoot<Table>(*buffer);
}

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_JSON_OUTPUT_H_
