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
#include "tools/cli/table_file.h"
#include "tools/gen/ptas.h"

namespace hetcast {
namespace {

// FNF against the table over every state of one profile.
struct FnfComparison {
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
    hetcast_profile_open(&table.table, p, &profile);
    hetcast_profile_info info;
    hetcast_profile_get_info(&profile, &info);
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
  hetcast_profile_get_info(&profile, &info);
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  const std::vector<uint64_t> limits = ProfileLimits(profile);
  std::string out =
      absl::StrFormat("profile '%s': %s\n", info.name, MethodText(info));
  for (size_t j = 0; j < info.type_count; ++j) {
    const char* name = "";
    hetcast_profile_type(&profile, j, &name, nullptr, nullptr);
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

// Runs FNF on every state of `profile` (every source type, every count
// vector within the limits) and compares it with the table's completion.
absl::StatusOr<FnfComparison> CompareFnf(const hetcast_profile& profile) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info);
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  const std::vector<uint64_t> limits = ProfileLimits(profile);
  FnfComparison stats;
  std::vector<uint64_t> counts(info.type_count, 0);
  std::vector<hetcast_node> nodes;
  std::vector<unsigned char> workspace;
  while (true) {
    for (uint32_t s = 0; s < info.type_count; ++s) {
      hetcast_node_request request = {costs.data(), info.type_count, s,
                                      counts.data(), nullptr};
      uint64_t optimum = 0;
      hetcast_profile_completion(&profile, &request, &optimum);
      hetcast_node_sizes sizes;
      hetcast_node_plan_sizes(&request, &sizes);
      nodes.resize(sizes.node_count);
      workspace.resize(sizes.workspace_bytes);
      hetcast_answer answer;
      if (hetcast_node_plan(&request, HETCAST_ALGORITHM_FNF, workspace.data(),
                            workspace.size(), nodes.data(), nodes.size(),
                            nullptr, 0, &answer) != HETCAST_OK) {
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
  if (stats.suboptimal > 0) {
    absl::StrAppendFormat(
        &out,
        "; by up to %d ticks; ratio FNF/%s: mean %.4f over those "
        "states, max %.4f (source type %d, counts %s)",
        stats.max_excess, versus, stats.ratio_sum / stats.suboptimal,
        stats.max_ratio, stats.worst_source, absl::StrJoin(stats.worst, ","));
  }
  return out + "\n";
}

// The text report on `table`.
absl::StatusOr<std::string> InspectText(const LoadedTable& table) {
  std::string out = TableSummary(table);
  for (size_t p = 0; p < hetcast_table_profile_count(&table.table); ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table.table, p, &profile);
    out += DescribeProfile(profile);
    if (!absl::GetFlag(FLAGS_fnf_stats)) continue;
    absl::StatusOr<FnfComparison> stats = CompareFnf(profile);
    if (!stats.ok()) return stats.status();
    hetcast_profile_info info;
    hetcast_profile_get_info(&profile, &info);
    out += FnfComparisonText(*stats, info.exact);
  }
  return out;
}

flatbuffers::Offset<out::FnfStats> BuildFnfStats(const FnfComparison& stats,
                                                 JsonBuilder* builder) {
  const auto worst = builder->CreateVector(stats.worst);
  out::FnfStatsBuilder b(*builder);
  b.add_states(stats.states);
  b.add_suboptimal(stats.suboptimal);
  b.add_max_excess(stats.max_excess);
  if (stats.suboptimal > 0) {
    b.add_mean_ratio(stats.ratio_sum / static_cast<double>(stats.suboptimal));
    b.add_worst_source_type(stats.worst_source);
  }
  b.add_max_ratio(stats.max_ratio);
  b.add_worst_counts(worst);
  return b.Finish();
}

flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<out::InspectType>>>
BuildTypes(const hetcast_profile& profile, JsonBuilder* builder) {
  const std::vector<uint64_t> costs = ProfileCosts(profile);
  const std::vector<uint64_t> limits = ProfileLimits(profile);
  std::vector<flatbuffers::Offset<out::InspectType>> types;
  for (size_t j = 0; j < costs.size(); ++j) {
    const char* name = "";
    hetcast_profile_type(&profile, j, &name, nullptr, nullptr);
    types.push_back(out::CreateInspectType(*builder, static_cast<uint32_t>(j),
                                           JsonString(builder, name), costs[j],
                                           limits[j]));
  }
  return builder->CreateVector(types);
}

// One profile, as DescribeProfile and FnfComparisonText say it.
absl::StatusOr<flatbuffers::Offset<out::InspectProfile>> BuildProfile(
    const hetcast_profile& profile, JsonBuilder* builder) {
  hetcast_profile_info info;
  hetcast_profile_get_info(&profile, &info);
  const bool ptas = info.method == HETCAST_METHOD_PTAS;
  flatbuffers::Offset<out::FnfStats> fnf;
  if (absl::GetFlag(FLAGS_fnf_stats)) {
    absl::StatusOr<FnfComparison> stats = CompareFnf(profile);
    if (!stats.ok()) return stats.status();
    fnf = BuildFnfStats(*stats, builder);
  }
  std::vector<uint64_t> dims = {info.type_count};
  for (uint64_t limit : ProfileLimits(profile)) dims.push_back(limit + 1);
  const auto name = JsonString(builder, info.name);
  const auto method = JsonString(builder, ptas ? "ptas" : "exact");
  const Epsilon eps = {info.epsilon_numerator, info.epsilon_denominator};
  const auto epsilon =
      ptas ? JsonString(builder,
                        absl::StrCat(eps.numerator, "/", eps.denominator))
           : flatbuffers::Offset<flatbuffers::String>();
  const auto types = BuildTypes(profile, builder);
  const auto dimensions = builder->CreateVector(dims);
  out::InspectProfileBuilder b(*builder);
  b.add_name(name);
  b.add_method(method);
  b.add_exact(info.exact != 0);
  b.add_epsilon(epsilon);
  if (ptas) b.add_guarantee(std::stod(FactorText(eps)));
  b.add_types(types);
  b.add_dimensions(dimensions);
  b.add_states(info.entry_count);
  b.add_count_vectors(info.state_count);
  b.add_entry_bytes(info.entry_bytes);
  b.add_schedule_bytes(info.schedule_bytes);
  b.add_bytes_per_state(BytesPerState(info));
  b.add_fnf(fnf);
  return b.Finish();
}

// The JSON report on `table` (tables/cli_output.fbs, Inspect).
absl::StatusOr<std::string> InspectJson(const LoadedTable& table) {
  JsonBuilder builder;
  const size_t count = hetcast_table_profile_count(&table.table);
  std::vector<flatbuffers::Offset<out::InspectProfile>> profiles;
  const uint64_t states = TotalStates(table);
  for (size_t p = 0; p < count; ++p) {
    hetcast_profile profile;
    hetcast_profile_open(&table.table, p, &profile);
    absl::StatusOr<flatbuffers::Offset<out::InspectProfile>> built =
        BuildProfile(profile, &builder);
    if (!built.ok()) return built.status();
    profiles.push_back(*built);
  }
  const auto name = JsonString(&builder, table.name);
  const auto hash = JsonString(
      &builder, absl::StrFormat("%016x", hetcast_table_hash(&table.table)));
  const auto profile_vector = builder.CreateVector(profiles);
  out::InspectBuilder root(builder);
  root.add_table(name);
  root.add_bytes(table.size);
  root.add_schema_version(hetcast_table_schema_version(&table.table));
  root.add_profile_count(static_cast<uint32_t>(count));
  root.add_states(states);
  root.add_bytes_per_state(static_cast<double>(table.size) /
                           static_cast<double>(states));
  root.add_content_hash(hash);
  root.add_profiles(profile_vector);
  return ToJson(&builder, root.Finish().Union(), "Inspect");
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
