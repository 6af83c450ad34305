// table_writer.cc: ExactTable -> FlatBuffers bytes.
#include "tools/table_writer.h"

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
    uint64_t max_time = 0;
    for (uint64_t t : table.time) max_time = std::max(max_time, t);
    const uint32_t time_bits = std::max<uint32_t>(1, BitWidth(max_time));
    const uint32_t type_bits = BitWidth(table.type_count - 1);
    const uint32_t split_bits = BitWidth(table.state_count - 1);
    const uint32_t entry_bits = time_bits + type_bits + split_bits;
    if (entry_bits > 64) {
      return absl::OutOfRangeError(absl::StrFormat(
          "profile '%s': an entry needs %d bits (time %d, type %d, split "
          "%d), more than 64; use smaller costs or limits",
          spec.name, entry_bits, time_bits, type_bits, split_bits));
    }
    std::vector<uint64_t> packed(table.time.size());
    for (size_t e = 0; e < packed.size(); ++e) {
      if (e % table.state_count == 0) continue;  // Empty state: entry 0.
      packed[e] = table.time[e] |
                  (uint64_t{table.first_child[e]} << time_bits) |
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
    offsets.push_back(fb::CreateProfile(
        builder, name, type_vector, fb::Method_ExactDp, table.state_count,
        static_cast<uint8_t>(time_bits), static_cast<uint8_t>(type_bits),
        static_cast<uint8_t>(split_bits), entries32, entries64));
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
