// table_writer.cc: ExactTable -> FlatBuffers bytes.
#include "tools/gen/table_writer.h"

#include "absl/strings/str_format.h"
#include "flatbuffers/flatbuffers.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/hetcast_table_generated.h"

namespace hetcast {
namespace {

// Bits needed to write every value in 0..max.
uint32_t BitWidth(uint64_t max) {
  uint32_t bits = 0;
  while (bits < 64 && (max >> bits) != 0) ++bits;
  return bits;
}

}  // namespace

absl::StatusOr<std::string> WriteTable(
    const std::vector<SolvedProfile>& profiles) {
  flatbuffers::FlatBufferBuilder builder(1 << 16);
  std::vector<flatbuffers::Offset<fb::Profile>> offsets;
  for (size_t p = 0; p < profiles.size(); ++p) {
    const ProfileSpec& spec = profiles[p].profile;
    const ExactTable& table = profiles[p].table;
    for (size_t q = 0; q < p; ++q) {
      if (profiles[q].profile.name == spec.name) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "profile name '%s' appears twice in one table", spec.name));
      }
    }
    const PtasEntries& ptas = profiles[p].ptas;
    const bool is_ptas = !ptas.time.empty();
    const std::vector<uint64_t>& times = is_ptas ? ptas.time : table.time;
    const uint64_t state_count = is_ptas ? StateCount(spec) : table.state_count;
    uint64_t max_time = 0;
    for (uint64_t t : times) max_time = std::max(max_time, t);
    const uint32_t time_bits = std::max<uint32_t>(1, BitWidth(max_time));
    const uint32_t type_bits = is_ptas ? 0 : BitWidth(table.type_count - 1);
    const uint32_t split_bits = is_ptas ? 0 : BitWidth(table.state_count - 1);
    const uint32_t entry_bits = time_bits + type_bits + split_bits;
    if (entry_bits > 64) {
      return absl::OutOfRangeError(absl::StrFormat(
          "profile '%s': an entry needs %d bits (time %d, type %d, split "
          "%d), more than 64; use smaller costs or limits",
          spec.name, entry_bits, time_bits, type_bits, split_bits));
    }
    std::vector<uint64_t> packed(times.size());
    for (size_t e = 0; e < packed.size(); ++e) {
      if (e % state_count == 0) continue;  // Empty state: entry 0.
      packed[e] =
          is_ptas
              ? times[e]
              : table.time[e] | (uint64_t{table.first_child[e]} << time_bits) |
                    (uint64_t{table.split[e]} << (time_bits + type_bits));
    }
    std::vector<flatbuffers::Offset<fb::NodeType>> types;
    for (const NodeTypeSpec& t : spec.types) {
      types.push_back(fb::CreateNodeType(builder, builder.CreateString(t.name),
                                         t.cost, t.limit));
    }
    const auto name = builder.CreateString(spec.name);
    const auto type_vector = builder.CreateVector(types);
    flatbuffers::Offset<flatbuffers::Vector<uint32_t>> entries32 = 0;
    flatbuffers::Offset<flatbuffers::Vector<uint64_t>> entries64 = 0;
    if (entry_bits <= 32) {
      std::vector<uint32_t> narrow(packed.begin(), packed.end());
      entries32 = builder.CreateVector(narrow);
    } else {
      entries64 = builder.CreateVector(packed);
    }
    flatbuffers::Offset<flatbuffers::Vector<uint64_t>> bound = 0;
    flatbuffers::Offset<flatbuffers::Vector<uint8_t>> bound_kind = 0;
    flatbuffers::Offset<flatbuffers::Vector<uint32_t>> ptas_offsets = 0;
    flatbuffers::Offset<flatbuffers::Vector<uint32_t>> ptas_nodes = 0;
    if (is_ptas) {
      bound = builder.CreateVector(ptas.bound);
      bound_kind = builder.CreateVector(ptas.bound_kind);
      ptas_offsets = builder.CreateVector(ptas.offsets);
      ptas_nodes = builder.CreateVector(ptas.nodes);
    }
    offsets.push_back(fb::CreateProfile(
        builder, name, type_vector,
        is_ptas ? fb::Method_Ptas : fb::Method_ExactDp, state_count,
        static_cast<uint8_t>(time_bits), static_cast<uint8_t>(type_bits),
        static_cast<uint8_t>(split_bits), entries32, entries64,
        ptas.epsilon_numerator, ptas.epsilon_denominator, bound, bound_kind,
        ptas_offsets, ptas_nodes));
  }
  const auto generator = builder.CreateString(
      absl::StrFormat("hetcast gen %s", HETCAST_VERSION_STRING));
  const auto profile_vector = builder.CreateVector(offsets);
  builder.FinishSizePrefixed(
      fb::CreateHetcastTable(builder, kTableSchemaVersion, generator,
                             profile_vector),
      fb::HetcastTableIdentifier());
  return std::string(reinterpret_cast<const char*>(builder.GetBufferPointer()),
                     builder.GetSize());
}

}  // namespace hetcast
