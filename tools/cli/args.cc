// args.cc: strict list parsing and subcommand flag handling.
#include "tools/cli/args.h"

#include <algorithm>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/reflection.h"
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

namespace hetcast {

absl::StatusOr<uint64_t> ParseUint(absl::string_view text,
                                   absl::string_view flag) {
  if (text.empty()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--%s: empty value", flag));
  }
  uint64_t value = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--%s: '%s' is not a non-negative integer", flag, text));
    }
    if (__builtin_mul_overflow(value, uint64_t{10}, &value) ||
        __builtin_add_overflow(value, uint64_t(ch - '0'), &value)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--%s: '%s' does not fit in 64 bits", flag, text));
    }
  }
  return value;
}

absl::StatusOr<std::vector<uint64_t>> ParseUintList(absl::string_view text,
                                                    absl::string_view flag) {
  if (text.empty()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--%s: the list is empty", flag));
  }
  std::vector<uint64_t> values;
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    if (item.empty()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--%s: empty entry in '%s'", flag, text));
    }
    absl::StatusOr<uint64_t> value = ParseUint(item, flag);
    if (!value.ok()) return value.status();
    values.push_back(*value);
  }
  return values;
}

namespace {

// Flags that replace a file's field when given, whose empty value would
// therefore mean "not given": `--targets ""` silently kept the file's
// targets. Given empty, they are refused.
bool MustNotBeEmpty(absl::string_view name) {
  return name == "source" || name == "targets";
}

}  // namespace

absl::Status ApplyFlags(const std::vector<std::string>& args,
                        const FlagNameCheck& check,
                        std::vector<std::string>* positional,
                        std::vector<std::string>* given) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.size() < 2 || arg[0] != '-') {
      positional->push_back(arg);
      continue;
    }
    std::string body = arg.substr(arg[1] == '-' ? 2 : 1);
    std::string name = body;
    std::string value;
    bool has_value = false;
    const size_t equals = body.find('=');
    if (equals != std::string::npos) {
      name = body.substr(0, equals);
      value = body.substr(equals + 1);
      has_value = true;
    }
    std::replace(name.begin(), name.end(), '-', '_');
    absl::Status allowed = check(arg, name);
    if (!allowed.ok()) return allowed;
    absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    if (flag == nullptr || name.empty()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("unknown flag '%s'", arg));
    }
    if (given != nullptr) given->push_back(name);
    if (!has_value) {
      if (flag->IsOfType<bool>()) {
        value = "true";
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        return absl::InvalidArgumentError(
            absl::StrFormat("flag '%s' needs a value", arg));
      }
    }
    if (value.empty() && MustNotBeEmpty(name)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "flag '%s': the value is empty; give at least one name, or leave "
          "the flag out to use the platform file's",
          arg));
    }
    std::string error;
    if (!flag->ParseFrom(value, &error)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("flag '%s': %s", arg, error));
    }
  }
  return absl::OkStatus();
}

}  // namespace hetcast
