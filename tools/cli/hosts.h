// hosts.h: `hetcast plan --hosts FILE --source HOST`: the request as the
// machines an administrator has, and the plan labelled with their names.
//
// The file has one host per line, its name and its type's name (node
// model: a type of the table's profile) or its cluster's name (cluster
// model), separated by spaces or tabs; blank lines and everything after a
// '#' are ignored:
//
//   # host     type
//   gpu01      gpu-node
//   cpu01      cpu-node
//
// --source names the host that sends; every other host is a destination.
// Hosts are matched to the canonical ids of their type (or cluster) in
// file order: the first gpu-node line other than the source gets the
// lowest gpu-node id.
#ifndef HETCAST_TOOLS_CLI_HOSTS_H_
#define HETCAST_TOOLS_CLI_HOSTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// What a host line's second field names.
struct HostKinds {
  // "type" (the node model) or "cluster".
  const char* noun = "type";
  // The valid names: the profile's types, or --cluster-names.
  std::vector<std::string> names;
  // Any name is valid (the cluster model without --cluster-names): the
  // file names the clusters, the source's first, then the others in the
  // order they first appear.
  bool from_file = false;
};

struct HostList {
  std::vector<std::string> names;  // In file order.
  std::vector<uint32_t> types;     // Each host's type (cluster) index.
  size_t source = 0;               // Index into `names`.
  // The names `types` index: HostKinds::names, or the file's clusters.
  std::vector<std::string> kinds;
};

// ParseHosts()
//
// The host file's `text` (called `path` in messages) against `kinds`, with
// `source` the sending host. Refused, with a message naming the line: a
// line that is not "HOST TYPE", an unknown type or cluster (the valid ones
// listed, the closest suggested), a host given twice, no host at all, no
// --source or a source not in the file.
absl::StatusOr<HostList> ParseHosts(absl::string_view text,
                                    const std::string& path,
                                    const std::string& source,
                                    const HostKinds& kinds);

// ReadHosts()
//
// The host file at `path`, read and parsed (ParseHosts); `field` names it
// in the messages of a file that cannot be read ("--hosts").
absl::StatusOr<HostList> ReadHosts(const std::string& path,
                                   const std::string& field,
                                   const std::string& source,
                                   const HostKinds& kinds);

// Destinations per type (cluster): every host but the source.
std::vector<uint64_t> HostCounts(const HostList& hosts, size_t type_count);

// Each canonical id's host name (`nodes` as the planner returns them: the
// source first, every node's type or cluster), the hosts of each type
// taken in file order.
std::vector<std::string> HostsById(const HostList& hosts,
                                   const std::vector<hetcast_node>& nodes);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_HOSTS_H_
