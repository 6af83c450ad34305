// gen.cc: `hetcast gen`: flags -> GenerateTableFile().
#include "tools/cli/gen.h"

#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_split.h"
#include "tools/cli/flags.h"
#include "tools/gen/gen_command.h"

namespace hetcast {

absl::Status GenFromFlags() {
  if (absl::GetFlag(FLAGS_out).empty()) {
    return absl::InvalidArgumentError("--out: give the table file to write");
  }
  const std::vector<std::string> paths =
      absl::StrSplit(absl::GetFlag(FLAGS_profile), ',', absl::SkipEmpty());
  GenOptions options;
  options.threads = absl::GetFlag(FLAGS_threads);
  options.method = absl::GetFlag(FLAGS_method);
  options.epsilon = absl::GetFlag(FLAGS_epsilon);
  return GenerateTableFile(paths, absl::GetFlag(FLAGS_out), options);
}

}  // namespace hetcast
