// program_args.cc: the flag parsing of program_args.h.

#include "tools/mpi/program_args.h"

#include <algorithm>
#include <cerrno>
#include <climits>
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
                         const std::vector<std::string>& known,
                         bool separate_values) {
  for (int i = 1; i < argc && error_.empty(); ++i) {
    const std::string arg = argv[i];
    const size_t equals = arg.find('=');
    const std::string name =
        arg.substr(0, equals).substr(arg.rfind("--", 0) == 0 ? 2 : 0);
    const bool is_known =
        std::find(known.begin(), known.end(), name) != known.end();
    if (separate_values && arg.rfind("--", 0) == 0 &&
        equals == std::string::npos && is_known && i + 1 < argc) {
      values_[name] = argv[++i];  // --name value
      continue;
    }
    if (arg.rfind("--", 0) != 0 || equals == std::string::npos || !is_known) {
      error_ =
          "unknown or malformed argument '" + arg + "' (expected " +
          (separate_values ? "--name=value or --name value" : "--name=value") +
          "; --help lists them)";
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

size_t LabelCount(const std::vector<uint64_t>& labels, int size) {
  if (size <= 0 || labels.size() != static_cast<size_t>(size)) return 0;
  // Every label of 0 .. max has a rank, so max < size (no overflow below).
  const uint64_t max = *std::max_element(labels.begin(), labels.end());
  if (max >= labels.size()) return 0;
  std::vector<char> used(max + 1, 0);
  for (uint64_t label : labels) used[label] = 1;
  return std::find(used.begin(), used.end(), 0) == used.end() ? max + 1 : 0;
}

namespace {

// A flag of 1 .. max; "" or the error.
std::string Positive(ProgramArgs* args, const char* name, uint64_t fallback,
                     uint64_t max, uint64_t* value) {
  *value = args->Unsigned(name, fallback);
  if (!args->error().empty()) return args->error();
  if (!args->Has(name) && fallback == 0) {
    return std::string("--") + name + ": missing; give 1 .. " +
           std::to_string(max);
  }
  if (*value < 1 || *value > max) {
    return std::string("--") + name + "=" + std::to_string(*value) +
           ": must be 1 .. " + std::to_string(max);
  }
  return "";
}

// One label per rank, every label 0 .. max used; "" or the error.
std::string Labels(ProgramArgs* args, const char* name, int size,
                   std::vector<int>* labels, size_t* count) {
  const std::vector<uint64_t> list = args->UnsignedList(name);
  if (!args->error().empty()) return args->error();
  *count = LabelCount(list, size);
  if (*count == 0) {
    return std::string("--") + name + ": give one label per rank (" +
           std::to_string(size) + " ranks, " + std::to_string(list.size()) +
           " given), every label 0 .. max used";
  }
  labels->assign(list.begin(), list.end());
  return "";
}

bool PlainName(const std::string& name) {
  for (char c : name) {
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
  }
  return !name.empty();
}

}  // namespace

std::string ReadCalibrateInput(ProgramArgs* args, int size,
                               CalibrateInput* input) {
  if (!args->error().empty()) return args->error();
  if (size < 2) return "needs 2 ranks or more";
  constexpr uint64_t kIntMax = INT_MAX;
  uint64_t bytes = 0, repeats = 0;
  std::string error = Positive(args, "size", 0, kIntMax, &bytes);
  if (error.empty()) error = Positive(args, "repeats", 5, kIntMax, &repeats);
  if (error.empty()) {
    error = Positive(args, "tick-ns", 1, UINT64_MAX, &input->tick_ns);
  }
  if (error.empty()) {
    error = Positive(args, "limit", 20, uint64_t{1} << 25, &input->limit);
  }
  if (!error.empty()) return error;
  input->bytes = static_cast<int>(bytes);
  input->repeats = static_cast<int>(repeats);
  error =
      Labels(args, "rank-types", size, &input->rank_types, &input->type_count);
  if (error.empty() && args->Has("rank-clusters")) {
    error = Labels(args, "rank-clusters", size, &input->rank_clusters,
                   &input->cluster_count);
  }
  if (!error.empty()) return error;
  input->name = args->String("name", "calibrated");
  if (!PlainName(input->name)) {
    return "--name: give printable ASCII without quotes or backslashes";
  }
  return "";
}

bool ParseByteSize(const std::string& text, uint64_t* bytes) {
  static const struct {
    const char* suffix;
    int shift;
  } kUnits[] = {{"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}, {"", 0}};
  for (const auto& unit : kUnits) {
    const std::string suffix = unit.suffix;
    if (text.size() < suffix.size() ||
        text.compare(text.size() - suffix.size(), suffix.size(), suffix) != 0) {
      continue;
    }
    uint64_t number = 0;
    if (!ParseUnsigned(text.substr(0, text.size() - suffix.size()), &number) ||
        number > (UINT64_MAX >> unit.shift)) {
      return false;
    }
    *bytes = number << unit.shift;
    return true;
  }
  return false;
}

std::string ReadSizeRange(const std::string& text,
                          std::vector<uint64_t>* sizes) {
  const size_t colon = text.find(':');
  uint64_t low = 0, high = 0;
  if (colon == std::string::npos ||
      !ParseByteSize(text.substr(0, colon), &low) ||
      !ParseByteSize(text.substr(colon + 1), &high)) {
    return "--sizes: '" + text +
           "' is not MIN:MAX (byte counts such as 1024, 1KiB, 64MiB, 1GiB)";
  }
  if (low < 1 || low > high || high > INT_MAX) {
    return "--sizes: '" + text +
           "' must have 1 <= MIN <= MAX <= " + std::to_string(INT_MAX) +
           " bytes (MPI_Bcast's int count of bytes)";
  }
  sizes->assign(1, low);
  for (uint64_t power = 1; power <= high; power *= 2) {
    if (power > low && power < high) sizes->push_back(power);
  }
  if (high > low) sizes->push_back(high);
  return "";
}

std::string ReadClusterCalibrateInput(ProgramArgs* args, int size,
                                      ClusterCalibrateInput* input) {
  if (!args->error().empty()) return args->error();
  if (size < 2) return "needs 2 ranks or more (on 2 hosts or more)";
  if (!args->Has("sizes"))
    return "--sizes: missing; give MIN:MAX, e.g. 1KiB:64MiB";
  std::string error = ReadSizeRange(args->String("sizes", ""), &input->sizes);
  if (!error.empty()) return error;
  input->out = args->String("out", "");
  if (input->out.empty()) return "--out: missing; give the cluster file's path";
  uint64_t repeats = 0;
  error = Positive(args, "repeats", 3, 1000, &repeats);
  if (!error.empty()) return error;
  input->repeats = static_cast<int>(repeats);
  const std::string gap = args->String("min-gap", "0.10");
  char* end = nullptr;
  input->min_gap = std::strtod(gap.c_str(), &end);
  if (gap.empty() || *end != '\0' || !(input->min_gap >= 0.0) ||
      input->min_gap > 100.0) {
    return "--min-gap: '" + gap +
           "' is not a relative gap 0 .. 100 (0.10: hosts within 10% are one "
           "type)";
  }
  input->name = args->String("name", "calibrated by hetcast-calibrate");
  const std::string decide = args->String("decide", "timed");
  if (decide != "timed" && decide != "plan") {
    return "--decide: '" + decide + "' is not timed or plan";
  }
  input->plan_always = decide == "plan";
  return "";
}

std::string CalibratedProfileJson(const std::string& name,
                                  const std::vector<uint64_t>& costs,
                                  uint64_t limit) {
  std::string json = "{\"name\": \"" + name + "\", \"types\": [";
  for (size_t j = 0; j < costs.size(); ++j) {
    json += (j ? ",\n  " : "\n  ");
    json += "{\"name\": \"type" + std::to_string(j) +
            "\", \"cost\": " + std::to_string(costs[j]) +
            ", \"limit\": " + std::to_string(limit) + "}";
  }
  return json + "\n]}\n";
}

}  // namespace mpi
}  // namespace hetcast
