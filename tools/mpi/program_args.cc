// program_args.cc: the flag parsing of program_args.h.

#include "tools/mpi/program_args.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace hetcast {
namespace mpi {
namespace {

bool ParseUnsigned(const std::string& text, uint64_t* value) {
  if (text.empty() ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  errno = 0;
  *value = std::strtoull(text.c_str(), nullptr, 10);
  return errno == 0;
}

}  // namespace

ProgramArgs::ProgramArgs(int argc, char** argv,
                         const std::vector<std::string>& known) {
  for (int i = 1; i < argc && error_.empty(); ++i) {
    const std::string arg = argv[i];
    const size_t equals = arg.find('=');
    const std::string name =
        arg.substr(0, equals).substr(arg.rfind("--", 0) == 0 ? 2 : 0);
    if (arg.rfind("--", 0) != 0 || equals == std::string::npos ||
        std::find(known.begin(), known.end(), name) == known.end()) {
      error_ =
          "unknown or malformed argument '" + arg + "' (expected --name=value)";
      return;
    }
    values_[name] = arg.substr(equals + 1);
  }
}

std::string ProgramArgs::String(const std::string& name,
                                const std::string& fallback) {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

uint64_t ProgramArgs::Unsigned(const std::string& name, uint64_t fallback) {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  uint64_t value = 0;
  if (!ParseUnsigned(it->second, &value) && error_.empty()) {
    error_ = "--" + name + ": '" + it->second + "' is not a whole number";
  }
  return value;
}

std::vector<uint64_t> ProgramArgs::UnsignedList(const std::string& name) {
  std::vector<uint64_t> list;
  const std::string text = String(name, "");
  size_t begin = 0;
  while (!text.empty() && begin <= text.size()) {
    const size_t comma = std::min(text.find(',', begin), text.size());
    uint64_t value = 0;
    if (!ParseUnsigned(text.substr(begin, comma - begin), &value)) {
      if (error_.empty()) error_ = "--" + name + ": bad list '" + text + "'";
      return {};
    }
    list.push_back(value);
    begin = comma + 1;
  }
  return list;
}

}  // namespace mpi
}  // namespace hetcast
