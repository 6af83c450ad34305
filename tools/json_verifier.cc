// json_verifier.cc: numbers written as strings, found before FlatBuffers'
// parser (which reads "3" as 3) sees them.
#include "tools/json_verifier.h"

#include <cctype>
#include <vector>

#include "absl/strings/str_cat.h"

namespace hetcast {
namespace {

// One open object or array: its index (arrays) or current key (objects),
// and whether the next token of an object is a key.
struct JsonFrame {
  bool array = false;
  size_t index = 0;
  std::string key;
  bool expect_key = true;
};

// "types[1].cost": where the value being read sits.
std::string JsonPath(const std::vector<JsonFrame>& stack) {
  std::string path;
  for (const JsonFrame& frame : stack) {
    if (frame.array) {
      absl::StrAppend(&path, "[", frame.index, "]");
    } else {
      absl::StrAppend(&path, path.empty() ? "" : ".", frame.key);
    }
  }
  return path;
}

// The end of the string token opening at `begin` (one past its closing
// quote, or the text's end).
size_t StringEnd(absl::string_view text, size_t begin) {
  size_t i = begin + 1;
  while (i < text.size() && text[i] != text[begin])
    i += text[i] == '\\' ? 2 : 1;
  return i < text.size() ? i + 1 : text.size();
}

bool IsBareChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '+' || c == '-';
}

}  // namespace

absl::Status RefuseQuotedNumbers(absl::string_view json,
                                 const std::vector<std::string>& keys,
                                 const char* what) {
  std::vector<JsonFrame> stack;
  size_t i = 0;
  while (i < json.size()) {
    const char c = json[i];
    if (std::isspace(static_cast<unsigned char>(c)) || c == ':') {
      ++i;
    } else if (c == '/' && i + 1 < json.size() &&
               (json[i + 1] == '/' || json[i + 1] == '*')) {
      const bool line = json[i + 1] == '/';
      const size_t end = json.find(line ? "\n" : "*/", i + 2);
      i = end == absl::string_view::npos ? json.size() : end + (line ? 1 : 2);
    } else if (c == '{' || c == '[') {
      stack.push_back(JsonFrame{c == '[', 0, "", c == '{'});
      ++i;
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
      ++i;
    } else if (c == ',') {
      if (!stack.empty()) {
        ++stack.back().index;
        stack.back().expect_key = !stack.back().array;
      }
      ++i;
    } else {
      const bool quoted = c == '"' || c == '\'';
      size_t end = i + 1;
      if (quoted) {
        end = StringEnd(json, i);
      } else {
        while (end < json.size() && IsBareChar(json[end])) ++end;
      }
      const absl::string_view token = json.substr(i, end - i);
      if (!stack.empty() && !stack.back().array && stack.back().expect_key) {
        stack.back().key = std::string(quoted && token.size() >= 2
                                           ? token.substr(1, token.size() - 2)
                                           : token);
        stack.back().expect_key = false;
      } else if (quoted && !stack.empty() && !stack.back().array) {
        for (const std::string& key : keys) {
          if (stack.back().key != key) continue;
          return absl::InvalidArgumentError(
              absl::StrCat(what, ": ", JsonPath(stack), " = ", token,
                           " is a string; write the number without quotes"));
        }
      }
      i = end;
    }
  }
  return absl::OkStatus();
}

}  // namespace hetcast
