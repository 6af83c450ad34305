// hosts.cc: the host list of `hetcast plan --hosts` (hosts.h).
#include "tools/cli/hosts.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "tools/cli/type_names.h"
#include "tools/gen/gen_command.h"
#include "tools/strict_json.h"

namespace hetcast {
namespace {

// One line's fields, comments and surrounding blanks dropped.
std::vector<absl::string_view> Fields(absl::string_view line) {
  const size_t hash = line.find('#');
  if (hash != absl::string_view::npos) line = line.substr(0, hash);
  return absl::StrSplit(line, absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
}

// --source: the host that sends, which must be in the file.
absl::Status SourceIn(const std::string& path, const std::string& source,
                      HostList* hosts) {
  if (source.empty()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--hosts needs --source HOST: which host of '%s' sends", path));
  }
  std::vector<std::string>::const_iterator found =
      std::find(hosts->names.begin(), hosts->names.end(), source);
  if (found == hosts->names.end()) {
    size_t closest = 0;
    for (size_t h = 1; h < hosts->names.size(); ++h) {
      if (EditDistance(hosts->names[h], source) <
          EditDistance(hosts->names[closest], source)) {
        closest = h;
      }
    }
    const std::string& near = hosts->names[closest];
    return absl::InvalidArgumentError(absl::StrFormat(
        "--source: '%s' is not a host of '%s' (%s%d hosts, the first '%s')",
        source, path,
        EditDistance(near, source) <= 2
            ? absl::StrCat("did you mean '", near, "'? ")
            : "",
        hosts->names.size(), hosts->names[0]));
  }
  hosts->source = static_cast<size_t>(found - hosts->names.begin());
  return absl::OkStatus();
}

// A host line's type (or cluster) `name` as an index of hosts->kinds;
// `where` begins the message of an unknown one.
absl::StatusOr<uint32_t> KindOf(absl::string_view name, const HostKinds& kinds,
                                const std::string& where, HostList* hosts) {
  if (!kinds.from_file) {
    return TypeByName(name, hosts->kinds, where, kinds.noun);
  }
  std::vector<std::string>& names = hosts->kinds;
  const size_t found = static_cast<size_t>(
      std::find(names.begin(), names.end(), name) - names.begin());
  if (found == names.size()) names.emplace_back(name);
  return static_cast<uint32_t>(found);
}

// Clusters named by the file: the source's first, the others in the order
// they first appear.
void SourceKindFirst(HostList* hosts) {
  const uint32_t first = hosts->types[hosts->source];
  if (first == 0) return;
  std::rotate(hosts->kinds.begin(), hosts->kinds.begin() + first,
              hosts->kinds.begin() + first + 1);
  for (uint32_t& type : hosts->types) {
    type = type == first ? 0 : type < first ? type + 1 : type;
  }
}

}  // namespace

absl::StatusOr<HostList> ParseHosts(absl::string_view text,
                                    const std::string& path,
                                    const std::string& source,
                                    const HostKinds& kinds) {
  HostList hosts;
  hosts.kinds = kinds.names;
  const std::string form =
      absl::StrCat("HOST ", absl::AsciiStrToUpper(kinds.noun));
  std::map<std::string, size_t> line_of;
  size_t number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    const std::vector<absl::string_view> fields = Fields(line);
    if (fields.empty()) continue;
    if (fields.size() != 2) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--hosts: '%s' line %d: expected '%s', got %d field%s", path, number,
          form, fields.size(), fields.size() == 1 ? "" : "s"));
    }
    const std::string host(fields[0]);
    absl::StatusOr<uint32_t> type = KindOf(
        fields[1], kinds,
        absl::StrFormat("--hosts: '%s' line %d: host '%s'", path, number, host),
        &hosts);
    if (!type.ok()) return type.status();
    const auto [at, added] = line_of.emplace(host, number);
    if (!added) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--hosts: '%s' line %d: host '%s' is already on line %d", path,
          number, host, at->second));
    }
    hosts.names.push_back(host);
    hosts.types.push_back(*type);
  }
  if (hosts.names.empty()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--hosts: '%s' lists no host (one line per host: %s)", path, form));
  }
  absl::Status status = SourceIn(path, source, &hosts);
  if (!status.ok()) return status;
  if (kinds.from_file) SourceKindFirst(&hosts);
  return hosts;
}

absl::StatusOr<HostList> ReadHosts(const std::string& path,
                                   const std::string& field,
                                   const std::string& source,
                                   const HostKinds& kinds) {
  absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", text.status().message()));
  }
  return ParseHosts(*text, path, source, kinds);
}

std::vector<uint64_t> HostCounts(const HostList& hosts, size_t type_count) {
  std::vector<uint64_t> counts(type_count, 0);
  for (size_t h = 0; h < hosts.names.size(); ++h) {
    if (h != hosts.source) ++counts[hosts.types[h]];
  }
  return counts;
}

std::vector<std::string> HostsById(const HostList& hosts,
                                   const std::vector<hetcast_node>& nodes) {
  std::map<uint32_t, std::vector<size_t>> of_type;
  for (size_t h = hosts.names.size(); h-- > 0;) {
    if (h != hosts.source) of_type[hosts.types[h]].push_back(h);
  }
  std::vector<std::string> names(nodes.size());
  if (nodes.empty()) return names;
  names[0] = hosts.names[hosts.source];
  for (size_t id = 1; id < nodes.size(); ++id) {
    std::vector<size_t>& left = of_type[nodes[id].type];
    if (left.empty()) continue;  // Not a host's node (never, for a plan).
    names[id] = hosts.names[left.back()];
    left.pop_back();
  }
  return names;
}

}  // namespace hetcast
