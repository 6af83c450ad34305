// profile.cc: profile JSON -> ProfileSpec, through flatbuffers::Parser.
#include "tools/gen/profile.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "flatbuffers/idl.h"
#include "runtime/table/state_index.h"
#include "tables/profile_generated.h"
#include "tables/profile_schema.h"
#include "tools/json_verifier.h"

namespace hetcast {
namespace {

// The key ("name": or name:) of the colon at `colon` in `text`.
std::string KeyBefore(const std::string& text, size_t colon) {
  size_t stop = colon;
  while (stop > 0 && std::isspace(static_cast<unsigned char>(text[stop - 1])))
    --stop;
  if (stop > 0 && text[stop - 1] == '"') --stop;
  size_t begin = stop;
  while (begin > 0 &&
         (std::isalnum(static_cast<unsigned char>(text[begin - 1])) ||
          text[begin - 1] == '_')) {
    --begin;
  }
  return text.substr(begin, stop - begin);
}

// The offset in `text` of the position a flatbuffers::Parser error message
// ("LINE: COLUMN: error: ...") points at; npos when it names none.
size_t ErrorOffset(const std::string& text, const std::string& error) {
  size_t line = 0, column = 0, i = 0;
  while (i < error.size() &&
         std::isdigit(static_cast<unsigned char>(error[i]))) {
    line = line * 10 + (error[i++] - '0');
  }
  if (i + 1 >= error.size() || error[i] != ':') return std::string::npos;
  i += 1;
  while (i < error.size() && error[i] == ' ') ++i;
  while (i < error.size() &&
         std::isdigit(static_cast<unsigned char>(error[i]))) {
    column = column * 10 + (error[i++] - '0');
  }
  size_t end = 0;
  for (size_t l = 1; l < line && end < text.size(); ++end) {
    if (text[end] == '\n') ++l;
  }
  return std::min(text.size(), end + column);
}

// The key whose value is the one the error quotes ("invalid number:
// \"-2\""): the parser checks a table's scalars when the table ends, so
// its position is past the field at fault. Empty when none is found.
std::string KeyOfQuotedValue(const std::string& text, const std::string& error,
                             size_t end) {
  const size_t open = error.find(": \"");
  if (open == std::string::npos) return "";
  const size_t close = error.find('"', open + 3);
  if (close == std::string::npos || close == open + 3) return "";
  const std::string value = error.substr(open + 3, close - open - 3);
  for (size_t at = text.rfind(value, end); at != std::string::npos && at > 0;
       at = text.rfind(value, at - 1)) {
    size_t colon = at;
    while (colon > 0 &&
           std::isspace(static_cast<unsigned char>(text[colon - 1]))) {
      --colon;
    }
    if (colon > 0 && text[colon - 1] == ':') return KeyBefore(text, colon - 1);
    if (at == 0) break;
  }
  return "";
}

// The field a flatbuffers::Parser error is about: the key of the value it
// quotes, else the last key before the position it points at.
std::string FieldBefore(const std::string& text, const std::string& error) {
  const size_t end = ErrorOffset(text, error);
  if (end == std::string::npos) return "";
  const std::string quoted = KeyOfQuotedValue(text, error, end);
  if (!quoted.empty()) return quoted;
  std::string field;
  for (size_t pos = 0; pos < end; ++pos) {
    if (text[pos] != ':') continue;
    const std::string key = KeyBefore(text, pos);
    if (!key.empty()) field = key;
  }
  return field;
}

}  // namespace

absl::StatusOr<ProfileSpec> ParseProfileJson(absl::string_view json) {
  flatbuffers::IDLOptions options;
  options.strict_json = false;  // Accept unquoted keys like flatc does.
  flatbuffers::Parser parser(options);
  if (!parser.Parse(kProfileSchema)) {
    return absl::InternalError(
        absl::StrFormat("profile schema does not parse: %s", parser.error_));
  }
  absl::Status numbers =
      RefuseQuotedNumbers(json, {"cost", "limit"}, "profile JSON");
  if (!numbers.ok()) return numbers;
  const std::string text(json);
  if (!parser.Parse(text.c_str())) {
    // The parser says where ("LINE: COLUMN: error: ...") but not always which
    // field ("enum values need to be qualified..." for "cost": "fast"), so
    // the message also names the last key before that position.
    const std::string field = FieldBefore(text, parser.error_);
    return absl::InvalidArgumentError(absl::StrFormat(
        "profile JSON%s: %s",
        field.empty() ? "" : absl::StrFormat(", field '%s'", field),
        parser.error_));
  }
  flatbuffers::Verifier verifier = ParsedJsonVerifier(parser.builder_);
  if (!profile::VerifyProfileBuffer(verifier)) {
    return absl::InvalidArgumentError("profile JSON: not a Profile object");
  }
  const profile::Profile* root =
      profile::GetProfile(parser.builder_.GetBufferPointer());
  ProfileSpec spec;
  if (root->name() != nullptr) spec.name = root->name()->str();
  if (root->types() != nullptr) {
    for (const profile::NodeType* type : *root->types()) {
      NodeTypeSpec t;
      if (type->name() != nullptr) t.name = type->name()->str();
      t.cost = type->cost();
      t.limit = type->limit();
      spec.types.push_back(std::move(t));
    }
  }
  absl::Status valid = ValidateProfile(spec);
  if (!valid.ok()) return valid;
  return spec;
}

namespace {

// The states of `profile` (TableStrides, the runtime's numbering) while
// they stay at most `max_states`: returns how many leading types fit.
uint32_t StatesThatFit(const ProfileSpec& profile, uint64_t max_states,
                       uint64_t* states) {
  const uint32_t k = static_cast<uint32_t>(profile.types.size());
  std::vector<uint32_t> limits(k);
  std::vector<uint64_t> strides(k);
  for (uint32_t j = 0; j < k; ++j) limits[j] = profile.types[j].limit;
  return internal::TableStrides(k, limits.data(), strides.data(), max_states,
                                states);
}

}  // namespace

absl::Status ValidateProfile(const ProfileSpec& profile) {
  if (profile.name.empty()) {
    return absl::InvalidArgumentError("name: missing or empty profile name");
  }
  if (profile.types.empty()) {
    return absl::InvalidArgumentError(
        "types: a profile needs at least one node type");
  }
  if (profile.types.size() > kMaxProfileTypes) {
    return absl::InvalidArgumentError(
        absl::StrFormat("types: %d types, at most %d are supported",
                        profile.types.size(), kMaxProfileTypes));
  }
  // Each type's name and cost are checked before the states its limit adds.
  uint64_t states = 0;
  const uint32_t fit = StatesThatFit(profile, kMaxProfileEntries, &states);
  for (size_t j = 0; j < profile.types.size(); ++j) {
    const NodeTypeSpec& t = profile.types[j];
    if (t.name.empty()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("types[%d].name: missing or empty", j));
    }
    if (t.cost == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "types[%d].cost: missing or 0; every cost must be at least 1", j));
    }
    if (t.cost > HETCAST_MAX_COST) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "types[%d].cost: %d exceeds the maximum 2^40", j, t.cost));
    }
    for (size_t i = 0; i < j; ++i) {
      if (profile.types[i].cost == t.cost) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "types[%d].cost: %d duplicates types[%d].cost; types with equal "
            "costs are one type",
            j, t.cost, i));
      }
      if (profile.types[i].name == t.name) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "types[%d].name: '%s' duplicates types[%d].name", j, t.name, i));
      }
    }
    if (j == fit) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "types[%d].limit: the limits give more than 2^25 states per "
          "source type (prod(limit+1)); the documented maximum is 2^25 "
          "entries per profile",
          j));
    }
  }
  uint64_t entries = 0;
  if (__builtin_mul_overflow(states, profile.types.size(), &entries) ||
      entries > kMaxProfileEntries) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "types: %d types x %d states = more than the documented maximum of "
        "2^25 entries per profile; lower the limits",
        profile.types.size(), states));
  }
  return absl::OkStatus();
}

uint64_t StateCount(const ProfileSpec& profile) {
  uint64_t states = 0;
  StatesThatFit(profile, UINT64_MAX, &states);
  return states;
}

}  // namespace hetcast
