// hosts.h: `hetcast plan --hosts FILE --source HOST`: the request as the
// machines an administrator has, and the plan labelled with their names.
//
// The file has one host per line, its name and its type's name (a type of
// the table's profile), separated by spaces or tabs; blank lines and
// everything after a '#' are ignored:
//
//   # host     type
//   gpu01      gpu-node
//   cpu01      cpu-node
//
// --source names the host that sends; every other host is a destination.
// Hosts are matched to the canonical ids of their type in file order: the
// first gpu-node line other than the source gets the lowest gpu-node id.
#ifndef HETCAST_TOOLS_CLI_HOSTS_H_
#define HETCAST_TOOLS_CLI_HOSTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

struct HostList {
  std::vector<std::string> names;  // In file order.
  std::vector<uint32_t> types;     // Each host's type index.
  size_t source = 0;               // Index into `names`.
};

// ParseHosts()
//
// The host file's `text` (called `path` in messages) against the profile's
// `type_names`, with `source` the sending host. Refused, with a message
// naming the line: a line that is not "HOST TYPE", an unknown type (the
// types listed), a host given twice, no host at all, no --source or a
// source not in the file.
absl::StatusOr<HostList> ParseHosts(absl::string_view text,
                                    const std::string& path,
                                    const std::string& source,
                                    const std::vector<std::string>& type_names);

// Destinations per type: every host but the source.
std::vector<uint64_t> HostCounts(const HostList& hosts, size_t type_count);

// Each canonical id's host name (`nodes` as the planner returns them: the
// source first, every node's type), the hosts of each type taken in file
// order.
std::vector<std::string> HostsById(const HostList& hosts,
                                   const std::vector<hetcast_node>& nodes);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_HOSTS_H_
