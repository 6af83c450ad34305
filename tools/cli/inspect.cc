// inspect.cc: `hetcast inspect`: a table's header, its profiles, and FNF
// against every state.
#include "tools/cli/inspect.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/flags.h"
#include "tools/cli/json_output.h"
#include "tools/cli/static_sizes.h"
#include "tools/cli/table_file.h"
#include "tools/gen/ptas_flags.h"

namespace hetcast {
namespace {

// FNF plans at most about this many nodes per profile for the statistics
// (a fraction of a second): a larger profile is compared on every stride-th
// count vector (FnfStride), so `inspect` stays linear in the table's size
// (a one-type profile of limit 2^20 holds 5.5 * 10^11 nodes in all).
constexpr uint64_t kFnfStatsNodes = uint64_t{1} << 23;

// FNF against the table over the states of one profile.
struct FnfComparison {
  uint64_t stride = 1;   // Every stride-th count vector was compared.
  uint64_t vectors = 0;  // Count vectors in the profile.
  uint64_t states = 0;
  uint64_t suboptimal = 0;  // States where FNF is slower than the table.
  uint64_t max_excess = 0;  // In ticks.
  double max_ratio = 1.0;
  double ratio_sum = 0.0;  // Over the suboptimal states.
  std::vector<uint64_t> worst;
  uint32_t worst_source = 0;
};

// The entries of every profile of `table`.
uint64_t TotalStates(const LoadedTable& table) {
  uint64_t total = 0;
  for (size_t p = 0; p < hetcast_table_profile_count(&table.table); ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table.table, p, &profile, nullptr);
    hetcast_profile_info info;
    hetcast_profile_get_info(&profile, &info, nullptr);
    total += info.entry_count;
  }
  return total;
}

// A profile's bytes per entry, its stored schedules included.
double BytesPerState(const hetcast_profile_info& info) {
  return static_cast<double>(info.entry_bytes) +
         static_cast<double>(info.schedule_bytes) /
             static_cast<double>(info.entry_count);
}

// The table's first line: size, version and states of the whole file.
std::string TableSummary(const LoadedTable& table) {
  const size_t profiles = hetcast_table_profile_count(&table.table);
  const uint64_t total_states = TotalStates(table);
  return absl::StrFormat(
      "table: %s\n  %d bytes, schema version %d, %d profile(s), %d states, "
      "%.2f bytes per state (whole file)\n  content hash %016x (FNV-1a; "
      "ranks compare it before planning)\n",
      table.name, table.size, hetcast_table_schema_version(&table.table),
      profiles, total_states,
      static_cast<double>(table.size) / static_cast<double>(total_states),
      hetcast_table_hash(&table.table));
}

// How the profile's entries were made, and what that guarantees.
std::string MethodText(const hetcast_profile_info& info) {
  if (info.exact) return "exact (Libeskind-Hadas Lemma 5 DP)";
  if (info.method != HETCAST_METHOD_PTAS) return "approximate";
  return absl::StrFormat(
      "approximate: PTAS of Khuller & Kim, eps %d/%d, every answer within %s "
      "x optimal",
      info.epsilon_numerator, info.epsilon_denominator,
      FactorText({info.epsilon_numerator, info.epsilon_denominator}));
}

// A profile's method, types, dimensions and entry sizes.
std::string DescribeProfile(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  const std::vector<uint64_t> limits = ProfileLimits(profile);
  std::string out =
      absl::StrFormat("profile '%s': %s\n", info.name, MethodText(info));
  for (size_t j = 0; j < info.type_count; ++j) {
    const char* name = "";
    hetcast_profile_type(&profile, j, &name, nullptr, nullptr, nullptr);
    absl::StrAppendFormat(&out, "  type %d '%s': cost %d, limit %d\n", j, name,
                          costs[j], limits[j]);
  }
  std::vector<std::string> dims = {absl::StrCat(info.type_count)};
  for (uint64_t limit : limits) dims.push_back(absl::StrCat(limit + 1));
  absl::StrAppendFormat(
      &out,
      "  dimensions: %s (source type x count of each type)\n"
      "  states: %d (%d source types x %d count vectors)\n"
      "  entries: %d bytes each%s, %.2f bytes per state in the profile\n",
      absl::StrJoin(dims, " x "), info.entry_count, info.type_count,
      info.state_count, info.entry_bytes,
      info.method == HETCAST_METHOD_PTAS
          ? absl::StrFormat(" + %d bytes of stored schedules and bounds",
                            info.schedule_bytes)
          : std::string(),
      BytesPerState(info));
  return out;
}

// "  static buffers: ...": what a caller with fixed buffers allocates.
std::string StaticSizesText(const StaticSizes& sizes) {
  return absl::StrFormat(
      "  static buffers for any of its %d requests without relays "
      "(hetcast_profile_plan_sizes' largest): workspace %d bytes, %d nodes, "
      "%d transfers; %d bytes in all (nodes %d bytes each, transfers %d)\n",
      sizes.requests, sizes.workspace_bytes, sizes.node_count,
      sizes.transfer_count, sizes.total_bytes, sizeof(hetcast_node),
      sizeof(hetcast_transfer));
}

// The stride over count vectors that keeps FNF's nodes, summed over every
// compared state, near kFnfStatsNodes: 1 when the whole profile fits.
uint64_t FnfStride(const std::vector<uint64_t>& limits, uint64_t vectors) {
  // Nodes over all count vectors, for one source type: the vectors (their
  // sources) plus, per type j, limit_j (limit_j + 1) / 2 times the vectors
  // of the other types.
  unsigned __int128 nodes = vectors;
  for (uint64_t limit : limits) {
    nodes += static_cast<unsigned __int128>(vectors / (limit + 1)) * limit *
             (limit + 1) / 2;
  }
  nodes *= limits.size();
  const unsigned __int128 stride =
      (nodes + kFnfStatsNodes - 1) / kFnfStatsNodes;
  return stride <= 1 ? 1 : static_cast<uint64_t>(stride);
}

// Runs FNF on every source type of every count vector of `profile` (every
// stride-th one when that would exceed kFnfStatsNodes) and compares it with
// the table's completion.
absl::StatusOr<FnfComparison> CompareFnf(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  const std::vector<uint64_t> limits = ProfileLimits(profile);
  FnfComparison stats;
  stats.vectors = info.state_count;
  stats.stride = FnfStride(limits, info.state_count);
  std::vector<uint64_t> counts(info.type_count, 0);
  std::vector<hetcast_node> nodes;
  std::vector<unsigned char> workspace;
  for (uint64_t vector = 0; true; ++vector) {
    for (uint32_t s = 0; vector % stats.stride == 0 && s < info.type_count;
         ++s) {
      hetcast_node_request request = {costs.data(), info.type_count, s,
                                      counts.data(), nullptr};
      uint64_t optimum = 0;
      hetcast_profile_completion(&profile, &request, &optimum, nullptr);
      hetcast_node_sizes sizes;
      hetcast_node_plan_sizes(&request, &sizes, nullptr);
      nodes.resize(sizes.node_count);
      workspace.resize(sizes.workspace_bytes);
      hetcast_answer answer;
      if (hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                            workspace.size(), nodes.data(), nodes.size(),
                            nullptr, 0, &answer, nullptr) != HETCAST_OK) {
        return absl::InternalError("FNF failed on a table state");
      }
      ++stats.states;
      if (answer.completion_time <= optimum) continue;
      ++stats.suboptimal;
      const double ratio = static_cast<double>(answer.completion_time) /
                           static_cast<double>(optimum);
      stats.ratio_sum += ratio;
      if (answer.completion_time - optimum > stats.max_excess) {
        stats.max_excess = answer.completion_time - optimum;
      }
      if (ratio > stats.max_ratio) {
        stats.max_ratio = ratio;
        stats.worst = counts;
        stats.worst_source = s;
      }
    }
    size_t j = 0;
    while (j < counts.size() && counts[j] == limits[j]) counts[j++] = 0;
    if (j == counts.size()) break;
    ++counts[j];
  }
  return stats;
}

// The comparison's line; "optimal" for an exact profile, else "table".
std::string FnfComparisonText(const FnfComparison& stats, bool exact) {
  const char* versus = exact ? "optimal" : "table";
  std::string out =
      absl::StrFormat("  FNF vs %s: FNF is %s on %d of %d states (%.2f%%)",
                      versus, exact ? "suboptimal" : "worse", stats.suboptimal,
                      stats.states, 100.0 * stats.suboptimal / stats.states);
  if (stats.stride > 1) {
    absl::StrAppendFormat(&out,
                          " (a sample: every %d-th of the %d count vectors, "
                          "so that FNF plans at most about %d nodes)",
                          stats.stride, stats.vectors, kFnfStatsNodes);
  }
  if (stats.suboptimal > 0) {
    absl::StrAppendFormat(
        &out,
        "; by up to %d tick%s; ratio FNF/%s: mean %.4f over those "
        "states, max %.4f (source type %d, counts %s)",
        stats.max_excess, stats.max_excess == 1 ? "" : "s", versus,
        stats.ratio_sum / stats.suboptimal, stats.max_ratio, stats.worst_source,
        absl::StrJoin(stats.worst, ","));
  }
  return out + "\n";
}

// The text report on `table`.
absl::StatusOr<std::string> InspectText(const LoadedTable& table) {
  std::string out = TableSummary(table);
  for (size_t p = 0; p < hetcast_table_profile_count(&table.table); ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table.table, p, &profile, nullptr);
    out += DescribeProfile(profile);
    absl::StatusOr<StaticSizes> sizes = ProfileStaticSizes(profile);
    if (!sizes.ok()) return sizes.status();
    out += StaticSizesText(*sizes);
    if (!absl::GetFlag(FLAGS_fnf_stats)) continue;
    absl::StatusOr<FnfComparison> stats = CompareFnf(profile);
    if (!stats.ok()) return stats.status();
    hetcast_profile_info info;
    hetcast_profile_get_info(&profile, &info, nullptr);
    out += FnfComparisonText(*stats, info.exact);
  }
  return out;
}

void WriteFnfStats(const FnfComparison& stats, JsonWriter* json) {
  json->StartObject("fnf");
  json->U64("states", stats.states);
  json->U64("suboptimal", stats.suboptimal);
  json->U64("max_excess", stats.max_excess);
  if (stats.suboptimal > 0) {
    json->Double("mean_ratio",
                 stats.ratio_sum / static_cast<double>(stats.suboptimal));
  }
  json->Double("max_ratio", stats.max_ratio);
  if (stats.suboptimal > 0) {
    json->U64("worst_source_type", stats.worst_source);
  }
  json->U64s("worst_counts", stats.worst);
  json->EndObject();
}

void WriteTypes(const hetcast_profile& profile, JsonWriter* json) {
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  const std::vector<uint64_t> limits = ProfileLimits(profile);
  json->StartArray("types");
  for (size_t j = 0; j < costs.size(); ++j) {
    const char* name = "";
    hetcast_profile_type(&profile, j, &name, nullptr, nullptr, nullptr);
    json->StartObject();
    json->U64("index", j);
    json->Str("name", name);
    json->U64("cost", costs[j]);
    json->U64("limit", limits[j]);
    json->EndObject();
  }
  json->EndArray();
}

// One profile, as DescribeProfile and FnfComparisonText say it.
absl::Status WriteProfile(const hetcast_profile& profile, JsonWriter* json) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info, nullptr);
  const bool ptas = info.method == HETCAST_METHOD_PTAS;
  const Epsilon eps = {info.epsilon_numerator, info.epsilon_denominator};
  std::vector<uint64_t> dims = {info.type_count};
  for (uint64_t limit : ProfileLimits(profile)) dims.push_back(limit + 1);
  json->StartObject();
  json->Str("name", info.name);
  json->Str("method", ptas ? "ptas" : "exact");
  json->Bool("exact", info.exact != 0);
  if (ptas) {
    json->Str("epsilon", absl::StrCat(eps.numerator, "/", eps.denominator));
    json->Double("guarantee", std::stod(FactorText(eps)));
  }
  WriteTypes(profile, json);
  json->U64s("dimensions", dims);
  json->U64("states", info.entry_count);
  json->U64("count_vectors", info.state_count);
  json->U64("entry_bytes", info.entry_bytes);
  json->U64("schedule_bytes", info.schedule_bytes);
  json->Double("bytes_per_state", BytesPerState(info));
  if (absl::GetFlag(FLAGS_fnf_stats)) {
    absl::StatusOr<FnfComparison> stats = CompareFnf(profile);
    if (!stats.ok()) return stats.status();
    WriteFnfStats(*stats, json);
  }
  json->EndObject();
  return absl::OkStatus();
}

// The JSON report on `table` (docs/hetcast-output.schema.json, inspect).
absl::StatusOr<std::string> InspectJson(const LoadedTable& table) {
  const size_t count = hetcast_table_profile_count(&table.table);
  const uint64_t states = TotalStates(table);
  JsonWriter json;
  json.StartObject();
  json.Str("table", table.name);
  json.U64("bytes", table.size);
  json.U64("schema_version", hetcast_table_schema_version(&table.table));
  json.U64("profile_count", count);
  json.U64("states", states);
  json.Double("bytes_per_state",
              static_cast<double>(table.size) / static_cast<double>(states));
  json.Str("content_hash",
           absl::StrFormat("%016x", hetcast_table_hash(&table.table)));
  json.StartArray("profiles");
  for (size_t p = 0; p < count; ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table.table, p, &profile, nullptr);
    absl::Status status = WriteProfile(profile, &json);
    if (!status.ok()) return status;
  }
  json.EndArray();
  json.EndObject();
  return json.Finish();
}

}  // namespace

absl::StatusOr<std::string> InspectCommand(
    const std::vector<std::string>& positional) {
  std::string spec = absl::GetFlag(FLAGS_table);
  if (positional.size() == 1 && spec.empty()) {
    spec = positional[0];
  } else if (!positional.empty() || spec.empty()) {
    return absl::InvalidArgumentError(
        "give exactly one table: hetcast inspect T.hct (or @default)");
  }
  const std::string format = absl::GetFlag(FLAGS_format);
  if (format != "text" && format != "json") {
    return absl::InvalidArgumentError(
        absl::StrFormat("--format: '%s' is not one of text, json", format));
  }
  absl::StatusOr<LoadedTable> table = LoadTable(spec, "");
  if (!table.ok()) return table.status();
  return format == "json" ? InspectJson(*table) : InspectText(*table);
}

}  // namespace hetcast
