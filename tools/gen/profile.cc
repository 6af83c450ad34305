// profile.cc: profile JSON -> ProfileSpec, through flatbuffers::Parser.
#include "tools/gen/profile.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "flatbuffers/idl.h"
#include "runtime/table/state_index.h"
#include "tables/profile_generated.h"
#include "tables/profile_schema.h"
#include "tools/json_verifier.h"
#include "tools/strict_json.h"

namespace hetcast {

absl::StatusOr<ProfileSpec> ParseProfileJson(absl::string_view json) {
  flatbuffers::IDLOptions options;
  options.strict_json = false;  // Accept unquoted keys like flatc does.
  flatbuffers::Parser parser(options);
  if (!parser.Parse(kProfileSchema)) {
    return absl::InternalError(
        absl::StrFormat("profile schema does not parse: %s", parser.error_));
  }
  // Every mistake FlatBuffers' parser would let through or word in its
  // own terms is found first, with the field's path.
  absl::Status strict = CheckStrictJson(json, parser, "profile JSON");
  if (!strict.ok()) return strict;
  const std::string text(json);
  if (!parser.Parse(text.c_str())) {
    return absl::InvalidArgumentError(
        absl::StrFormat("profile JSON: %s", parser.error_));
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
