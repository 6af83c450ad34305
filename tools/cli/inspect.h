// inspect.h: `hetcast inspect`: what a table holds, and how FNF compares
// with it on every state.
//
//   hetcast inspect T.hct|@default [--fnf-stats=false]
#ifndef HETCAST_TOOLS_CLI_INSPECT_H_
#define HETCAST_TOOLS_CLI_INSPECT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace hetcast {

// InspectCommand()
//
// The report on the one table named by `positional` (or --table): its size,
// then per profile the method, types, dimensions and entry sizes, and with
// --fnf-stats (the default) FNF's completion against the table's on every
// state. Errors are InvalidArgument naming the problem.
absl::StatusOr<std::string> InspectCommand(
    const std::vector<std::string>& positional);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_INSPECT_H_
