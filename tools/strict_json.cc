// strict_json.cc: a recursive descent over the JSON text, led by the
// schema's tables and fields (tools/strict_json.h).
#include "tools/strict_json.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace hetcast {
namespace {

// The range of an integer field's type, as text and as limits.
struct IntegerRange {
  bool is_signed;
  uint64_t max;      // Largest value (signed: largest positive).
  uint64_t min_abs;  // Signed: |smallest value|.
};

IntegerRange RangeOf(flatbuffers::BaseType type) {
  switch (type) {
    case flatbuffers::BASE_TYPE_UCHAR:
      return {false, UINT8_MAX, 0};
    case flatbuffers::BASE_TYPE_USHORT:
      return {false, UINT16_MAX, 0};
    case flatbuffers::BASE_TYPE_UINT:
      return {false, UINT32_MAX, 0};
    case flatbuffers::BASE_TYPE_ULONG:
      return {false, UINT64_MAX, 0};
    case flatbuffers::BASE_TYPE_CHAR:
      return {true, INT8_MAX, uint64_t{INT8_MAX} + 1};
    case flatbuffers::BASE_TYPE_SHORT:
      return {true, INT16_MAX, uint64_t{INT16_MAX} + 1};
    case flatbuffers::BASE_TYPE_INT:
      return {true, INT32_MAX, uint64_t{INT32_MAX} + 1};
    default:
      return {true, INT64_MAX, uint64_t{INT64_MAX} + 1};
  }
}

std::string RangeText(const IntegerRange& range) {
  return range.is_signed ? absl::StrCat("a whole number from -", range.min_abs,
                                        " to ", range.max)
                         : absl::StrCat("a whole number from 0 to ", range.max);
}

// What a value of `type` is, for messages.
std::string Expected(const flatbuffers::Type& type) {
  using flatbuffers::BaseType;
  if (type.enum_def != nullptr &&
      type.base_type != flatbuffers::BASE_TYPE_UNION) {
    std::vector<std::string> names;
    for (const flatbuffers::EnumVal* value : type.enum_def->Vals()) {
      names.push_back(value->name);
    }
    return absl::StrCat("one of ", absl::StrJoin(names, ", "));
  }
  switch (type.base_type) {
    case flatbuffers::BASE_TYPE_BOOL:
      return "true or false";
    case flatbuffers::BASE_TYPE_FLOAT:
    case flatbuffers::BASE_TYPE_DOUBLE:
      return "a number";
    case flatbuffers::BASE_TYPE_STRING:
      return "a string in double quotes";
    case flatbuffers::BASE_TYPE_VECTOR:
      return absl::StrCat("an array [...] of ", Expected(type.VectorType()));
    case flatbuffers::BASE_TYPE_STRUCT:
      return "an object {...}";
    default:
      return flatbuffers::IsInteger(type.base_type)
                 ? RangeText(RangeOf(type.base_type))
                 : "a value";
  }
}

class Checker {
 public:
  Checker(absl::string_view text, const char* what)
      : text_(text), what_(what) {}

  absl::Status Root(const flatbuffers::StructDef& root) {
    flatbuffers::Type type(flatbuffers::BASE_TYPE_STRUCT,
                           const_cast<flatbuffers::StructDef*>(&root));
    absl::Status status = Value(type, "", "the top-level object");
    if (!status.ok()) return status;
    SkipSpace();
    if (at_ < text_.size()) {
      return Error(
          "", absl::StrCat("unexpected text after the ", root.name, " object"));
    }
    return absl::OkStatus();
  }

 private:
  absl::Status Error(const std::string& path, const std::string& message) {
    const size_t line =
        1 + std::count(text_.begin(),
                       text_.begin() + std::min(at_, text_.size()), '\n');
    return absl::InvalidArgumentError(
        absl::StrCat(what_, ", line ", line, ": ",
                     path.empty() ? "" : path + ": ", message));
  }

  void SkipSpace() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++at_;
      } else if (c == '/' && at_ + 1 < text_.size() &&
                 (text_[at_ + 1] == '/' || text_[at_ + 1] == '*')) {
        const bool line = text_[at_ + 1] == '/';
        const size_t end = text_.find(line ? "\n" : "*/", at_ + 2);
        at_ = end == absl::string_view::npos ? text_.size()
                                             : end + (line ? 1 : 2);
      } else {
        return;
      }
    }
  }

  char Peek() {
    SkipSpace();
    return at_ < text_.size() ? text_[at_] : '\0';
  }

  // One token: a quoted string (with its quotes) or a bare word.
  std::string Token() {
    SkipSpace();
    const size_t begin = at_;
    if (at_ < text_.size() && (text_[at_] == '"' || text_[at_] == '\'')) {
      // A string ends at its quote, or (not closed: no JSON string holds
      // a line break) at the end of its line.
      const char quote = text_[at_++];
      while (at_ < text_.size() && text_[at_] != quote && text_[at_] != '\n') {
        at_ += text_[at_] == '\\' ? 2 : 1;
      }
      at_ = std::min(at_, text_.size());
      if (at_ < text_.size() && text_[at_] == quote) ++at_;
    } else {
      while (at_ < text_.size() &&
             (std::isalnum(static_cast<unsigned char>(text_[at_])) ||
              std::string("_.+-").find(text_[at_]) != std::string::npos)) {
        ++at_;
      }
      if (at_ == begin && at_ < text_.size()) ++at_;  // One punctuation mark.
    }
    return std::string(text_.substr(begin, at_ - begin));
  }

  // A token as messages quote it: at most 40 characters.
  static std::string Shown(const std::string& token) {
    return token.size() <= 40 ? token : token.substr(0, 37) + "...";
  }

  // A string token without its closing quote is refused.
  absl::Status Closed(const std::string& token, const std::string& path) {
    if (token.empty() || (token[0] != '"' && token[0] != '\'') ||
        Quoted(token)) {
      return absl::OkStatus();
    }
    return Error(path, absl::StrCat("the string ", Shown(token),
                                    " is not closed on its line"));
  }

  static bool Quoted(const std::string& token) {
    return token.size() >= 2 && (token[0] == '"' || token[0] == '\'') &&
           token.back() == token[0];
  }

  // The value at `path`; `holder` names its objects in messages ("every
  // entry of 'types'").
  absl::Status Value(const flatbuffers::Type& type, const std::string& path,
                     const std::string& holder) {
    if (type.base_type == flatbuffers::BASE_TYPE_STRUCT) {
      return Object(*type.struct_def, path, holder);
    }
    if (type.base_type == flatbuffers::BASE_TYPE_VECTOR) {
      return Array(type, path, holder);
    }
    const size_t begin = at_;
    const char first = Peek();
    if (first == '{' || first == '[') {
      return Error(path, absl::StrCat("expected ", Expected(type), ", got ",
                                      first == '{' ? "an object" : "an array"));
    }
    const std::string token = Token();
    absl::Status closed = Closed(token, path);
    if (!closed.ok()) return closed;
    if (token.empty()) {
      return Error(path, absl::StrCat("expected ", Expected(type),
                                      ", got the end of the text"));
    }
    absl::Status status = Scalar(type, token, path);
    if (!status.ok()) at_ = begin;  // The line of the value, not past it.
    return status;
  }

  absl::Status Scalar(const flatbuffers::Type& type, const std::string& token,
                      const std::string& path) {
    const bool quoted = Quoted(token);
    if (type.base_type == flatbuffers::BASE_TYPE_STRING) {
      if (quoted) return absl::OkStatus();
      return Error(path,
                   absl::StrCat(Shown(token), " is not a string; expected ",
                                Expected(type)));
    }
    if (type.enum_def != nullptr) {
      const std::string name =
          quoted ? token.substr(1, token.size() - 2) : token;
      if (type.enum_def->Lookup(name) != nullptr) return absl::OkStatus();
      return Error(path,
                   absl::StrCat(Shown(token), " is not ", Expected(type)));
    }
    if (quoted) {
      return Error(path, absl::StrCat(Shown(token),
                                      " is a string; write the number without "
                                      "quotes (expected ",
                                      Expected(type), ")"));
    }
    if (type.base_type == flatbuffers::BASE_TYPE_BOOL) {
      if (token == "true" || token == "false") return absl::OkStatus();
      return Error(path, absl::StrCat(Shown(token), " is not true or false"));
    }
    if (flatbuffers::IsFloat(type.base_type)) {
      char* end = nullptr;
      std::strtod(token.c_str(), &end);
      if (end != token.c_str() && *end == '\0') return absl::OkStatus();
      return Error(path, absl::StrCat(Shown(token), " is not a number"));
    }
    return Integer(RangeOf(type.base_type), token, path);
  }

  absl::Status Integer(const IntegerRange& range, const std::string& token,
                       const std::string& path) {
    const bool negative = token[0] == '-';
    const std::string digits = token.substr(negative ? 1 : 0);
    const bool whole = !digits.empty() &&
                       std::all_of(digits.begin(), digits.end(), [](char c) {
                         return std::isdigit(static_cast<unsigned char>(c));
                       });
    const std::string expected = absl::StrCat("expected ", RangeText(range));
    if (!whole) {
      return Error(path, absl::StrCat(Shown(token), " is not a whole number; ",
                                      expected));
    }
    uint64_t value = 0;
    bool overflow = false;
    for (const char c : digits) {
      overflow = overflow || __builtin_mul_overflow(value, 10, &value) ||
                 __builtin_add_overflow(value, uint64_t(c - '0'), &value);
    }
    if (negative && !range.is_signed && value != 0) {
      return Error(path,
                   absl::StrCat(Shown(token), " is negative; ", expected));
    }
    const uint64_t limit = negative ? range.min_abs : range.max;
    if (overflow || value > limit) {
      return Error(path,
                   absl::StrCat(Shown(token), " is out of range; ", expected));
    }
    return absl::OkStatus();
  }

  // After a ',' in an object or array: a closing bracket is a trailing
  // comma, which FlatBuffers accepts and JSON does not.
  absl::Status NoTrailingComma(char close, const std::string& path) {
    if (Peek() != close) return absl::OkStatus();
    return Error(path, absl::StrCat("a comma before '", std::string(1, close),
                                    "' (JSON has no trailing commas)"));
  }

  absl::Status Array(const flatbuffers::Type& type, const std::string& path,
                     const std::string& holder) {
    if (Peek() != '[') {
      return Error(path, absl::StrCat("expected ", Expected(type), ", got ",
                                      Shown(Token())));
    }
    ++at_;
    const flatbuffers::Type element = type.VectorType();
    for (size_t index = 0; Peek() != ']'; ++index) {
      absl::Status status =
          Value(element, absl::StrCat(path, "[", index, "]"), holder);
      if (!status.ok()) return status;
      const char next = Peek();
      if (next == ',') {
        ++at_;
        status = NoTrailingComma(']', path);
        if (!status.ok()) return status;
      } else if (next != ']') {
        return Error(path, "expected ',' or ']' after an element");
      }
    }
    ++at_;
    return absl::OkStatus();
  }

  // "did you mean 'limit'?": the known field closest to `key`.
  static std::string Suggestion(const flatbuffers::StructDef& table,
                                const std::string& key) {
    std::string best;
    size_t best_distance = SIZE_MAX;
    std::vector<std::string> names;
    for (const flatbuffers::FieldDef* field : table.fields.vec) {
      if (field->deprecated) continue;
      names.push_back(field->name);
      const size_t distance = EditDistance(key, field->name);
      if (distance < best_distance) {
        best_distance = distance;
        best = field->name;
      }
    }
    return absl::StrCat("did you mean '", best,
                        "'? (known fields here: ", absl::StrJoin(names, ", "),
                        ")");
  }

  absl::Status Object(const flatbuffers::StructDef& table,
                      const std::string& path, const std::string& holder) {
    if (Peek() != '{') {
      return Error(
          path, absl::StrCat("expected an object {...}, got ", Shown(Token())));
    }
    ++at_;
    std::set<std::string> seen;
    while (Peek() != '}') {
      const size_t key_at = at_;
      std::string key = Token();
      absl::Status closed = Closed(key, path);
      if (!closed.ok()) return closed;
      if (Quoted(key)) key = key.substr(1, key.size() - 2);
      const std::string field_path = path.empty() ? key : path + "." + key;
      const flatbuffers::FieldDef* field = table.fields.Lookup(key);
      if (field == nullptr || field->deprecated) {
        at_ = key_at;
        return Error(path, absl::StrCat("unknown field '", Shown(key), "'; ",
                                        Suggestion(table, key)));
      }
      if (!seen.insert(key).second) {
        at_ = key_at;
        return Error(field_path, "written twice");
      }
      if (Peek() != ':') return Error(field_path, "expected ':' after the key");
      ++at_;
      absl::Status status = Value(field->value.type, field_path,
                                  absl::StrCat("every entry of '", key, "'"));
      if (!status.ok()) return status;
      const char next = Peek();
      if (next == ',') {
        ++at_;
        status = NoTrailingComma('}', path);
        if (!status.ok()) return status;
      } else if (next != '}') {
        return Error(field_path, "expected ',' or '}' after the value");
      }
    }
    for (const flatbuffers::FieldDef* field : table.fields.vec) {
      if (field->attributes.Lookup(kJsonRequired) != nullptr &&
          seen.count(field->name) == 0) {
        return Error(path.empty() ? field->name : path + "." + field->name,
                     absl::StrCat("missing: ", holder, " needs '", field->name,
                                  "', ", Expected(field->value.type)));
      }
    }
    ++at_;
    return absl::OkStatus();
  }

  absl::string_view text_;
  const char* what_;
  size_t at_ = 0;
};

}  // namespace

size_t EditDistance(absl::string_view a, absl::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

absl::Status CheckStrictJson(absl::string_view json,
                             const flatbuffers::Parser& parser,
                             const char* what) {
  if (parser.root_struct_def_ == nullptr) {
    return absl::InternalError("the schema has no root_type");
  }
  return Checker(json, what).Root(*parser.root_struct_def_);
}

}  // namespace hetcast
