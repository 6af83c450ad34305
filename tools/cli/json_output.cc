// json_output.cc: the CLI's JSON written (RapidJSON) and read back
// (FlatBuffers), json_output.h.
#include "tools/cli/json_output.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "rapidjson/writer.h"
#include "tables/cli_output_schema.h"

namespace hetcast {
namespace {

// The length of the UTF-8 sequence at `text[i]` (1 to 4), or 0 when the
// bytes there are not one (overlong forms, surrogates and code points past
// U+10FFFF included).
size_t Utf8Length(absl::string_view text, size_t i) {
  const unsigned char lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) return 1;
  size_t length = 0;
  uint32_t code = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2, code = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3, code = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4, code = lead & 0x07;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    const unsigned char next = static_cast<unsigned char>(text[i + k]);
    if ((next & 0xc0) != 0x80) return 0;
    code = (code << 6) | (next & 0x3f);
  }
  const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < least[length] || code > 0x10ffff ||
      (code >= 0xd800 && code <= 0xdfff)) {
    return 0;
  }
  return length;
}

// A parser holding the schema, its root set to `root_type`.
absl::Status LoadSchema(const char* root_type, flatbuffers::Parser* parser) {
  if (!parser->Parse(kCliOutputSchema) || !parser->SetRootType(root_type)) {
    return absl::InternalError(absl::StrFormat("the output schema (%s): %s",
                                               root_type, parser->error_));
  }
  return absl::OkStatus();
}

}  // namespace

std::string ValidUtf8(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t length = Utf8Length(text, i);
    if (length == 0) {
      out += "\xef\xbf\xbd";  // U+FFFD
      ++i;
    } else {
      out.append(text.data() + i, length);
      i += length;
    }
  }
  return out;
}

namespace {

// RapidJSON's output stream concept: the document is built in `text`
// (returned by Finish(), never copied), or, with a sink, passed on to it
// in pieces of kChunk bytes.
struct ChunkedOutput {
  typedef char Ch;
  static constexpr size_t kChunk = 1 << 16;
  std::string text;
  TextSink* sink = nullptr;
  void Put(char c) {
    text.push_back(c);
    if (sink != nullptr && text.size() >= kChunk) Flush();
  }
  void Flush() {
    if (sink == nullptr) return;
    sink->Append(text);
    text.clear();
  }
};

// What RapidJSON's writer calls, found by argument-dependent lookup (the
// string grows geometrically by itself; reserving exact sizes would not).
void PutReserve(ChunkedOutput&, size_t) {}
void PutUnsafe(ChunkedOutput& output, char c) { output.Put(c); }

}  // namespace

// RapidJSON's writer: UTF-8 in, ASCII out.
struct JsonWriter::State {
  ChunkedOutput output;
  rapidjson::Writer<ChunkedOutput, rapidjson::UTF8<>, rapidjson::ASCII<>>
      writer{output};
};

JsonWriter::JsonWriter() : state_(new State) {}

JsonWriter::JsonWriter(TextSink* sink) : state_(new State) {
  state_->output.sink = sink;
}
JsonWriter::~JsonWriter() = default;

void JsonWriter::Key(absl::string_view key) {
  if (key.empty()) return;
  state_->writer.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
}

void JsonWriter::StartObject(absl::string_view key) {
  Key(key);
  state_->writer.StartObject();
}

void JsonWriter::EndObject() { state_->writer.EndObject(); }

void JsonWriter::StartArray(absl::string_view key) {
  Key(key);
  state_->writer.StartArray();
}

void JsonWriter::EndArray() { state_->writer.EndArray(); }

void JsonWriter::Str(absl::string_view key, absl::string_view value) {
  Key(key);
  const std::string valid = ValidUtf8(value);
  state_->writer.String(valid.data(),
                        static_cast<rapidjson::SizeType>(valid.size()));
}

void JsonWriter::U64(absl::string_view key, uint64_t value) {
  Key(key);
  state_->writer.Uint64(value);
}

void JsonWriter::I64(absl::string_view key, int64_t value) {
  Key(key);
  state_->writer.Int64(value);
}

void JsonWriter::Bool(absl::string_view key, bool value) {
  Key(key);
  state_->writer.Bool(value);
}

void JsonWriter::Null(absl::string_view key) {
  Key(key);
  state_->writer.Null();
}

void JsonWriter::Double(absl::string_view key, double value) {
  Key(key);
  state_->writer.Double(value);
}

void JsonWriter::U64s(absl::string_view key,
                      const std::vector<uint64_t>& values) {
  StartArray(key);
  for (const uint64_t value : values) U64({}, value);
  EndArray();
}

void JsonWriter::Strs(absl::string_view key,
                      const std::vector<std::string>& values) {
  StartArray(key);
  for (const std::string& value : values) Str({}, value);
  EndArray();
}

absl::StatusOr<std::string> JsonWriter::Finish() {
  if (!state_->writer.IsComplete()) {
    return absl::InternalError("the JSON output is incomplete");
  }
  state_->output.text.push_back('\n');
  state_->output.Flush();
  return std::move(state_->output.text);
}

absl::StatusOr<const uint8_t*> ParseJson(absl::string_view json,
                                         const char* root_type,
                                         flatbuffers::Parser* parser) {
  absl::Status status = LoadSchema(root_type, parser);
  if (!status.ok()) return status;
  const std::string text(json);
  if (!parser->Parse(text.c_str())) {
    return absl::InvalidArgumentError(
        absl::StrFormat("plan JSON: %s", parser->error_));
  }
  // Schema text ("union z{}") parses without making a buffer.
  if (parser->builder_.GetSize() == 0) {
    return absl::InvalidArgumentError("plan JSON: no JSON object");
  }
  return parser->builder_.GetBufferPointer();
}

}  // namespace hetcast
