// type_names.h: node types by name where the command line takes a type
// index. A table's profile names its types (tables/profile.fbs); with one,
// `--source-type gpu`, `--counts gpu=3,cpu=5` and `--relays cpu=2` mean
// what the indices mean, and the outputs print the names beside the
// indices. The C API keeps indices only; the names live in the table and
// in these tools.
#ifndef HETCAST_TOOLS_CLI_TYPE_NAMES_H_
#define HETCAST_TOOLS_CLI_TYPE_NAMES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/model_request.h"

namespace hetcast {

// The names of `profile`'s types, by type index.
std::vector<std::string> ProfileTypeNames(const hetcast_profile& profile);

// "gpu, cpu, edge": the names as an error message lists them.
std::string NameList(const std::vector<std::string>& names);

// TypeByName()
//
// The index of the type called `name` among `names`. An unknown name (or,
// with no names, any name) is an InvalidArgument that begins with `field`
// and lists the valid names, suggesting the closest one. `noun` is what
// the names name ("type", or "cluster" for the cluster model's hosts).
absl::StatusOr<uint32_t> TypeByName(absl::string_view name,
                                    const std::vector<std::string>& names,
                                    absl::string_view field,
                                    absl::string_view noun = "type");

// IsNamedList()
//
// Whether a list flag gives its entries by name ("gpu=3,cpu=5") rather
// than by position ("3,5").
bool IsNamedList(absl::string_view text);

// CountsByName()
//
// The list as one count per type of `names` (types left out: 0). Each
// entry TYPE=COUNT (the flag's text), each name at most once; the error
// names `field`.
absl::StatusOr<std::vector<uint64_t>> CountsByName(
    const NamedCounts& list, const std::vector<std::string>& names,
    absl::string_view field);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_TYPE_NAMES_H_
