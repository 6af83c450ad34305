// program_args.h: `--name=value` flags of the MPI programs (calibrate,
// bench). They are also compiled by smpicxx outside Bazel (smpi/), so they
// use only the standard library, not Abseil's flags.

#ifndef HETCAST_TOOLS_MPI_PROGRAM_ARGS_H_
#define HETCAST_TOOLS_MPI_PROGRAM_ARGS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

class ProgramArgs {
 public:
  // Parses argv[1..]; every argument must be `--name=value` with a name in
  // `known`. On failure error() is non-empty.
  ProgramArgs(int argc, char** argv, const std::vector<std::string>& known);

  const std::string& error() const { return error_; }
  bool Has(const std::string& name) const { return values_.count(name) != 0; }
  std::string String(const std::string& name, const std::string& fallback);
  // A non-negative integer; records an error naming the flag otherwise.
  uint64_t Unsigned(const std::string& name, uint64_t fallback);
  // A comma-separated list of non-negative integers.
  std::vector<uint64_t> UnsignedList(const std::string& name);

 private:
  std::map<std::string, std::string> values_;
  std::string error_;
};

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_PROGRAM_ARGS_H_
