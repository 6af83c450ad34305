// gen.h: `hetcast gen`, the command line's part: the flags, then
// tools/gen/gen_command.h does the work (as for //tools:hetcast_gen).
//
//   hetcast gen --profile P.json[,Q.json...] --out T.hct [--threads N]
//               [--method auto|exact|ptas] [--epsilon 0.1]
#ifndef HETCAST_TOOLS_CLI_GEN_H_
#define HETCAST_TOOLS_CLI_GEN_H_

#include "absl/status/status.h"

namespace hetcast {

// GenFromFlags()
//
// Generates the table of the --profile files into --out. Writes nothing to
// stdout; errors name the flag or the profile field at fault.
absl::Status GenFromFlags();

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_GEN_H_
