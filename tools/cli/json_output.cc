// json_output.cc: FlatBuffers buffers <-> the CLI's JSON (json_output.h).
#include "tools/cli/json_output.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
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

// `text` without the blanks FlatBuffers puts after ':' and ',' (outside
// strings), so the output is as compact as before.
std::string Compact(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
      out += c;
    } else if (c != ' ' && c != '\n') {
      out += c;
    }
  }
  return out;
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

flatbuffers::Offset<flatbuffers::String> JsonString(JsonBuilder* builder,
                                                    absl::string_view text) {
  return builder->CreateString(ValidUtf8(text));
}

flatbuffers::Offset<
    flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>>
JsonStrings(JsonBuilder* builder, const std::vector<std::string>& texts) {
  std::vector<flatbuffers::Offset<flatbuffers::String>> offsets;
  for (const std::string& text : texts) {
    offsets.push_back(JsonString(builder, text));
  }
  return builder->CreateVector(offsets);
}

absl::StatusOr<std::string> ToJson(JsonBuilder* builder,
                                   flatbuffers::Offset<void> root,
                                   const char* root_type) {
  builder->Finish(root);
  flatbuffers::IDLOptions options;
  options.strict_json = true;
  options.indent_step = -1;
  flatbuffers::Parser parser(options);
  absl::Status status = LoadSchema(root_type, &parser);
  if (!status.ok()) return status;
  std::string text;
  if (!flatbuffers::GenerateText(parser, builder->GetBufferPointer(), &text)) {
    return absl::InternalError(
        absl::StrFormat("cannot print the %s as JSON", root_type));
  }
  return Compact(text) + "\n";
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
  return parser->builder_.GetBufferPointer();
}

}  // namespace hetcast
