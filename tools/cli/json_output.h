// json_output.h: the CLI's JSON: written by RapidJSON's streaming writer,
// read back (hetcast render --plan) by FlatBuffers' parser over
// tables/cli_output.fbs.
//
// JsonWriter escapes every string (after making it valid UTF-8: bytes that
// are not become U+FFFD) and writes non-ASCII characters as \uXXXX, so the
// output is one line of ASCII. docs/hetcast-output.schema.json documents
// every output field by field; tests validate every kind against it and
// read the plans back through the .fbs schema.
//
//   JsonWriter json;
//   json.StartObject();
//   json.Str("model", "node");
//   json.U64("completion_time", 10);
//   json.EndObject();
//   std::string text = json.Finish();  // {"model":"node",...}\n
#ifndef HETCAST_TOOLS_CLI_JSON_OUTPUT_H_
#define HETCAST_TOOLS_CLI_JSON_OUTPUT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "flatbuffers/flatbuffers.h"
#include "flatbuffers/idl.h"
#include "tools/cli/text_sink.h"

namespace hetcast {

// `text` with every byte sequence that is not UTF-8 replaced by U+FFFD.
std::string ValidUtf8(absl::string_view text);

// JsonWriter
//
// Members are written in the order of the calls. The keyed calls write a
// member of the current object; the unkeyed ones (`key` empty) an element
// of the current array.
class JsonWriter {
 public:
  JsonWriter();
  // Writes the document to `sink` as it is made (Finish() then returns an
  // empty string); `sink` must outlive the writer.
  explicit JsonWriter(TextSink* sink);
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void StartObject(absl::string_view key = {});
  void EndObject();
  void StartArray(absl::string_view key = {});
  void EndArray();
  void Str(absl::string_view key, absl::string_view value);
  void U64(absl::string_view key, uint64_t value);
  void I64(absl::string_view key, int64_t value);
  void Bool(absl::string_view key, bool value);
  void Null(absl::string_view key);
  void Double(absl::string_view key, double value);
  // An array of numbers or of strings.
  void U64s(absl::string_view key, const std::vector<uint64_t>& values);
  void Strs(absl::string_view key, const std::vector<std::string>& values);

  // The document, one line ending in a newline (empty when written to a
  // sink); an internal error if the calls did not make one complete value.
  absl::StatusOr<std::string> Finish();

 private:
  void Key(absl::string_view key);
  struct State;
  std::unique_ptr<State> state_;
};

// Parses `json` as root table `root_type` of tables/cli_output.fbs into
// `parser` (which must outlive the result); errors name the JSON.
// ReadJson also verifies the buffer.
absl::StatusOr<const uint8_t*> ParseJson(absl::string_view json,
                                         const char* root_type,
                                         flatbuffers::Parser* parser);

template <typename Table>
absl::StatusOr<const Table*> ReadJson(absl::string_view json,
                                      const char* root_type,
                                      flatbuffers::Parser* parser) {
  absl::StatusOr<const uint8_t*> buffer = ParseJson(json, root_type, parser);
  if (!buffer.ok()) return buffer.status();
  // A table takes at least 4 bytes: the buffer's size bounds their number
  // (the Verifier's default of 10^6 would refuse plans of 500,000 nodes).
  const size_t size = parser->builder_.GetSize();
  flatbuffers::Verifier verifier(*buffer, size, /*max_depth=*/64,
                                 /*max_tables=*/size / 4 + 1);
  if (!verifier.VerifyBuffer<Table>(nullptr)) {
    return absl::InvalidArgumentError(
        "plan JSON: the parsed plan does not verify");
  }
  return flatbuffers::GetRoot<Table>(*buffer);
}

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_JSON_OUTPUT_H_
