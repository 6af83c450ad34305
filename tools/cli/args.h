// args.h: strict parsing of the hetcast command line's list arguments.
#ifndef HETCAST_TOOLS_CLI_ARGS_H_
#define HETCAST_TOOLS_CLI_ARGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace hetcast {

// Parses "2,3,10" into unsigned 64-bit integers. Rejects an empty list, an
// empty element, signs, spaces, anything but decimal digits, and values that
// do not fit; the message names `flag`.
absl::StatusOr<std::vector<uint64_t>> ParseUintList(absl::string_view text,
                                                    absl::string_view flag);

// Parses one unsigned decimal integer (same rules).
absl::StatusOr<uint64_t> ParseUint(absl::string_view text,
                                   absl::string_view flag);

// Applies `args` (everything after the subcommand) to the registered Abseil
// flags. Accepts --name=value and --name value; dashes and underscores in
// names are interchangeable (--source-type sets the flag source_type).
// Positional arguments are returned in `positional`.
absl::Status ApplyFlags(const std::vector<std::string>& args,
                        std::vector<std::string>* positional);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_ARGS_H_
