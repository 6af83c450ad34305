// type_names.cc: node types by name (type_names.h).
#include "tools/cli/type_names.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "tools/cli/args.h"
#include "tools/strict_json.h"

namespace hetcast {

std::vector<std::string> ProfileTypeNames(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  std::vector<std::string> names;
  for (size_t j = 0; j < info.type_count; ++j) {
    const char* name = "";
    hetcast_profile_type(&profile, j, &name, nullptr, nullptr, nullptr);
    names.push_back(name);
  }
  return names;
}

std::string NameList(const std::vector<std::string>& names) {
  return absl::StrJoin(names, ", ");
}

absl::StatusOr<uint32_t> TypeByName(absl::string_view name,
                                    const std::vector<std::string>& names,
                                    absl::string_view field,
                                    absl::string_view noun) {
  if (names.empty()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: '%s' is a type name, but types have names only in a table's "
        "profile (--table); give the type's index",
        field, name));
  }
  std::vector<uint32_t> found;
  size_t closest = 0;
  for (size_t j = 0; j < names.size(); ++j) {
    if (names[j] == name) found.push_back(static_cast<uint32_t>(j));
    if (EditDistance(names[j], name) < EditDistance(names[closest], name)) {
      closest = j;
    }
  }
  if (found.size() == 1) return found[0];
  if (found.size() > 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: the profile names types %s '%s'; give the type's index", field,
        absl::StrJoin(found, " and "), name));
  }
  const bool near = EditDistance(names[closest], name) <= 2;
  return absl::InvalidArgumentError(absl::StrFormat(
      "%s: no %s is named '%s'%s; the %ss are %s", field, noun, name,
      near ? absl::StrCat(" (did you mean '", names[closest], "'?)") : "", noun,
      NameList(names)));
}

bool IsNamedList(absl::string_view text) {
  return text.find('=') != absl::string_view::npos;
}

namespace {

// The flag's "gpu=3,cpu=5" as its entries.
absl::StatusOr<std::vector<NamedCount>> EntriesOf(
    absl::string_view text, const std::vector<std::string>& names,
    absl::string_view field) {
  std::vector<NamedCount> entries;
  for (absl::string_view entry : absl::StrSplit(text, ',')) {
    const size_t equals = entry.find('=');
    if (equals == absl::string_view::npos) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: '%s' has no '='; give every entry as TYPE=COUNT (e.g. %s=3) "
          "or none (one count per type, in order)",
          field, entry, names.empty() ? "gpu" : names[0]));
    }
    absl::StatusOr<uint64_t> count =
        ParseUint(entry.substr(equals + 1), absl::StripPrefix(field, "--"));
    if (!count.ok()) return count.status();
    entries.push_back({std::string(entry.substr(0, equals)), *count});
  }
  return entries;
}

}  // namespace

absl::StatusOr<std::vector<uint64_t>> CountsByName(
    const NamedCounts& list, const std::vector<std::string>& names,
    absl::string_view field) {
  absl::StatusOr<std::vector<NamedCount>> entries =
      list.entries.has_value() ? *list.entries
                               : EntriesOf(list.text, names, field);
  if (!entries.ok()) return entries.status();
  std::vector<uint64_t> counts(names.size(), 0);
  std::vector<bool> given(names.size(), false);
  for (const NamedCount& entry : *entries) {
    absl::StatusOr<uint32_t> type = TypeByName(entry.type, names, field);
    if (!type.ok()) return type.status();
    if (given[*type]) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: type '%s' is given twice", field, names[*type]));
    }
    given[*type] = true;
    counts[*type] = entry.count;
  }
  return counts;
}

}  // namespace hetcast
