// table_file.cc: tables named on the command line, and their profiles.
#include "tools/cli/table_file.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tables/default_table.h"
#include "tools/gen/gen_command.h"

namespace hetcast {
namespace {

// One column of the profile's type list: the costs, or (`limits`) the
// destination limits.
std::vector<uint64_t> ProfileColumn(const hetcast_profile& profile,
                                    bool limits) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  std::vector<uint64_t> values(info.type_count);
  for (size_t j = 0; j < values.size(); ++j) {
    hetcast_profile_type(&profile, j, nullptr, limits ? nullptr : &values[j],
                         limits ? &values[j] : nullptr, nullptr);
  }
  return values;
}

}  // namespace

absl::StatusOr<LoadedTable> LoadTable(const std::string& spec,
                                      const char* flag) {
  LoadedTable loaded;
  loaded.name = spec;
  if (spec == "@default") {
    loaded.data = hetcast_default_table;
    loaded.size = hetcast_default_table_size;
  } else {
    absl::StatusOr<std::vector<uint64_t>> words =
        ReadTableFile(spec, &loaded.size);
    if (!words.ok()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s%s", flag, words.status().message()));
    }
    loaded.words = *std::move(words);
    loaded.data = loaded.words.data();
    // The runtime would see no buffer at all, and say so in its terms.
    if (loaded.size == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s'%s' is empty (0 bytes); a hetcast table is made by hetcast gen",
          flag, spec));
    }
  }
  const char* error = "";
  if (hetcast_table_open(loaded.data, loaded.size, &loaded.table, &error) !=
      HETCAST_OK) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s'%s' is not a valid hetcast table: %s", flag, spec, error));
  }
  return loaded;
}

absl::StatusOr<hetcast_profile> SelectProfile(const LoadedTable& loaded,
                                              const std::string& name) {
  size_t index = 0;
  if (!name.empty() &&
      hetcast_table_find_profile(&loaded.table, name.c_str(), &index,
                                 nullptr) != HETCAST_OK) {
    std::vector<std::string> names;
    for (size_t p = 0; p < hetcast_table_profile_count(&loaded.table); ++p) {
      hetcast_profile profile;
      hetcast_profile_open(&loaded.table, p, &profile, nullptr);
      names.push_back(ProfileName(profile));
    }
    return absl::InvalidArgumentError(absl::StrFormat(
        "--profile: '%s' holds no profile named '%s' (it has: %s)", loaded.name,
        name, absl::StrJoin(names, ", ")));
  }
  hetcast_profile profile;
  if (hetcast_profile_open(&loaded.table, index, &profile, nullptr) !=
      HETCAST_OK) {
    return absl::InternalError("cannot open a verified profile");
  }
  return profile;
}

std::string ProfileName(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  return info.name;
}

std::vector<uint64_t> ProfileCosts(const hetcast_profile& profile) {
  return ProfileColumn(profile, /*limits=*/false);
}

std::vector<uint64_t> ProfileLimits(const hetcast_profile& profile) {
  return ProfileColumn(profile, /*limits=*/true);
}

}  // namespace hetcast
