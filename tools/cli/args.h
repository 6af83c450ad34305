// args.h: strict parsing of the hetcast command line's list arguments.
#ifndef HETCAST_TOOLS_CLI_ARGS_H_
#define HETCAST_TOOLS_CLI_ARGS_H_

#include <cstdint>
#include <functional>
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

// Says whether flag `name` (underscored) may be set, as typed in `arg`;
// its error is returned as is. Only the program's own flags should pass:
// Abseil registers others (--flagfile, --fromenv, --undefok) that a
// program's users must not reach by accident.
using FlagNameCheck =
    std::function<absl::Status(absl::string_view arg, absl::string_view name)>;

// Applies `args` (everything after the subcommand) to the registered Abseil
// flags that `check` accepts. Accepts --name=value and --name value; dashes
// and underscores in names are interchangeable (--source-type sets the flag
// source_type). Positional arguments are returned in `positional`, the
// names of the flags set (underscored, in order) in `given` (optional).
absl::Status ApplyFlags(const std::vector<std::string>& args,
                        const FlagNameCheck& check,
                        std::vector<std::string>* positional,
                        std::vector<std::string>* given = nullptr);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_ARGS_H_
