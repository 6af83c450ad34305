// why_table_cases.cc: the tables' refusals (why_cases.h): the lookups,
// then hetcast_table_open's checks, each on a small table built here with
// one fault.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "runtime/include/hetcast/hetcast.h"
#include "tables/default_table.h"
#include "tables/hetcast_table_generated.h"
#include "tests/planner/why_cases.h"

namespace hetcast {
namespace testing {
namespace {

// The open-time checks of a table, each on a small table built here with
// one fault. The valid table: one exact profile of types A (cost 1, limit
// 2) and B (cost 2, limit 1), 6 states (index d_A + 3 d_B); each state's
// decision sends to the first present type with nothing else (split 0),
// so a state's time is its destination count times the source's cost.
// Entries: time (8 bits) | first child type << 8 | split << 9.
struct TypeFields {
  const char* name;
  uint64_t cost;
  uint32_t limit;
};

struct TableFields {
  uint32_t schema_version = HETCAST_TABLE_SCHEMA_VERSION;
  bool profiles = true;  // False: an empty profile vector.
  const char* name = "p";
  std::vector<TypeFields> types = {{"A", 1, 2}, {"B", 2, 1}};
  uint8_t method = 0;  // ExactDp.
  uint64_t state_count = 6;
  uint8_t time_bits = 8, type_bits = 1, split_bits = 3;
  bool entries = true;
  std::vector<uint32_t> entries32 = {0, 1, 2, 1 | 1 << 8, 2, 3,
                                     0, 2, 4, 2 | 1 << 8, 4, 6};
  uint64_t epsilon_numerator = 0, epsilon_denominator = 0;
  // Method Ptas's vectors, written when ptas_vectors is set.
  bool ptas_vectors = false;
  std::vector<uint64_t> ptas_bound;
  std::vector<uint8_t> ptas_bound_kind;
  std::vector<uint32_t> ptas_offsets, ptas_nodes;
  // Bytes the builder does not write: ptas_bound's elements at 4 mod 8;
  // the profile vector's one offset 0 (which points at itself).
  bool misaligned_bound = false;
  bool zero_profile_offset = false;
};

// The valid PTAS table: one type A (cost 1, limit 2), states of 0, 1 and 2
// destinations, times 0, 1 and 2. Each schedule has the source send to
// destination v as its v-th send (record: parent | send index << 16), so v
// arrives at v; every lower bound is the exact time.
TableFields PtasTable() {
  TableFields f;
  f.types = {{"A", 1, 2}};
  f.method = 1;  // Ptas.
  f.state_count = 3;
  f.type_bits = f.split_bits = 0;
  f.entries32 = {0, 1, 2};
  f.epsilon_numerator = 1;
  f.epsilon_denominator = 4;
  f.ptas_vectors = true;
  f.ptas_bound = {0, 1, 2};
  f.ptas_bound_kind.assign(3, HETCAST_BOUND_EXACT);
  f.ptas_offsets = {0, 0, 1, 3};
  f.ptas_nodes = {1u << 16, 1u << 16, 2u << 16};
  return f;
}

TableFields ExactTable() { return TableFields(); }

// A vector of `count` 8-byte elements written as 4-byte words, placed so
// that its elements start at 4 mod 8 in the finished buffer (whose size is
// a multiple of 8: an object at offset o from its end is at -o mod 8).
flatbuffers::Offset<flatbuffers::Vector<uint64_t>> MisalignedVector(
    flatbuffers::FlatBufferBuilder* b, const std::vector<uint64_t>& values) {
  if (b->GetSize() % 8 == 0) b->PushElement<uint32_t>(0);
  b->StartVector(values.size() * 2, sizeof(uint32_t));
  for (size_t i = values.size(); i-- > 0;) {
    b->PushElement(static_cast<uint32_t>(values[i] >> 32));
    b->PushElement(static_cast<uint32_t>(values[i]));
  }
  return flatbuffers::Offset<flatbuffers::Vector<uint64_t>>(
      b->EndVector(values.size()));
}

// A vector of one table offset whose value is 0.
flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::Profile>>>
ZeroOffsetVector(flatbuffers::FlatBufferBuilder* b) {
  b->StartVector(1, sizeof(uint32_t));
  b->PushElement<uint32_t>(0);
  return flatbuffers::Offset<
      flatbuffers::Vector<flatbuffers::Offset<fb::Profile>>>(b->EndVector(1));
}

// The table of `f`, size-prefixed as hetcast_table_open reads it, in
// 8-byte aligned storage.
std::vector<uint64_t> BuildTable(const TableFields& f, size_t* size) {
  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<fb::NodeType>> types;
  for (const TypeFields& t : f.types) {
    types.push_back(fb::CreateNodeType(
        b, t.name != nullptr ? b.CreateString(t.name) : 0, t.cost, t.limit));
  }
  const auto name = f.name != nullptr ? b.CreateString(f.name) : 0;
  const auto type_vector = b.CreateVector(types);
  const auto entries = f.entries ? b.CreateVector(f.entries32) : 0;
  flatbuffers::Offset<flatbuffers::Vector<uint64_t>> bound;
  if (f.ptas_vectors) {
    bound = f.misaligned_bound ? MisalignedVector(&b, f.ptas_bound)
                               : b.CreateVector(f.ptas_bound);
  }
  const auto kind = f.ptas_vectors ? b.CreateVector(f.ptas_bound_kind) : 0;
  const auto offsets = f.ptas_vectors ? b.CreateVector(f.ptas_offsets) : 0;
  const auto nodes = f.ptas_vectors ? b.CreateVector(f.ptas_nodes) : 0;
  fb::ProfileBuilder p(b);
  if (f.name != nullptr) p.add_name(name);
  p.add_types(type_vector);
  p.add_method(static_cast<fb::Method>(f.method));
  p.add_state_count(f.state_count);
  p.add_time_bits(f.time_bits);
  p.add_type_bits(f.type_bits);
  p.add_split_bits(f.split_bits);
  if (f.entries) p.add_entries32(entries);
  p.add_epsilon_numerator(f.epsilon_numerator);
  p.add_epsilon_denominator(f.epsilon_denominator);
  if (f.ptas_vectors) {
    p.add_ptas_bound(bound);
    p.add_ptas_bound_kind(kind);
    p.add_ptas_offsets(offsets);
    p.add_ptas_nodes(nodes);
  }
  const auto profile = p.Finish();
  std::vector<flatbuffers::Offset<fb::Profile>> profiles;
  if (f.profiles) profiles.push_back(profile);
  const auto profile_vector =
      f.zero_profile_offset ? ZeroOffsetVector(&b) : b.CreateVector(profiles);
  const auto root =
      fb::CreateHetcastTable(b, f.schema_version, 0, profile_vector);
  fb::FinishSizePrefixedHetcastTableBuffer(b, root);
  *size = b.GetSize();
  std::vector<uint64_t> storage(*size / 8 + 1);
  memcpy(storage.data(), b.GetBufferPointer(), *size);
  return storage;
}

hetcast_status OpenTable(const TableFields& f, const char** why) {
  size_t size;
  const std::vector<uint64_t> bytes = BuildTable(f, &size);
  hetcast_table table;
  return hetcast_table_open(bytes.data(), size, &table, why);
}

// A case of the valid table `valid()` changed by `change`.
WhyCase Fault(TableFields (*valid)(), const char* name, const char* names,
              void (*change)(TableFields*)) {
  return {name, HETCAST_INVALID_TABLE, names,
          [valid, change](const char** why) {
            TableFields f = valid();
            change(&f);
            return OpenTable(f, why);
          }};
}

WhyCase TableFault(const char* name, const char* names,
                   void (*change)(TableFields*)) {
  return Fault(ExactTable, name, names, change);
}

WhyCase PtasFault(const char* name, const char* names,
                  void (*change)(TableFields*)) {
  return Fault(PtasTable, name, names, change);
}

}  // namespace

const hetcast_table* DefaultTable() {
  static hetcast_table table;
  hetcast_table_open(hetcast_default_table, hetcast_default_table_size, &table,
                     nullptr);
  return &table;
}

hetcast_status OpenExactTable(const char** why) {
  return OpenTable(ExactTable(), why);
}

hetcast_status OpenPtasTable(const char** why) {
  return OpenTable(PtasTable(), why);
}

// hetcast_table_find_profile and hetcast_profile_open on the default
// table.
std::vector<WhyCase> TableLookupCases() {
  return {
      {"table no such profile", HETCAST_INVALID_ARGUMENT, "no profile",
       [](const char** why) {
         size_t index;
         return hetcast_table_find_profile(DefaultTable(), "no such profile",
                                           &index, why);
       }},
      {"table find NULL name", HETCAST_INVALID_ARGUMENT,
       "table, name or index is NULL",
       [](const char** why) {
         size_t index;
         return hetcast_table_find_profile(DefaultTable(), nullptr, &index,
                                           why);
       }},
      {"profile index", HETCAST_INVALID_ARGUMENT, "index",
       [](const char** why) {
         hetcast_profile profile;
         return hetcast_profile_open(DefaultTable(), 1000, &profile, why);
       }},
  };
}

// hetcast_table_open's checks of the buffer, its header and its root.
std::vector<WhyCase> TableBufferCases() {
  return {
      {"table NULL", HETCAST_INVALID_ARGUMENT, "NULL table buffer",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(nullptr, 0, &table, why);
       }},
      {"table misaligned", HETCAST_INVALID_ARGUMENT, "aligned",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(hetcast_default_table + 1,
                                   hetcast_default_table_size - 1, &table, why);
       }},
      {"table truncated", HETCAST_INVALID_TABLE, "shorter than a table header",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(hetcast_default_table, 8, &table, why);
       }},
      {"table too large", HETCAST_INVALID_TABLE, "2 GiB",
       [](const char** why) {
         hetcast_table table;
         return hetcast_table_open(hetcast_default_table, size_t{1} << 31,
                                   &table, why);
       }},
      {"table identifier", HETCAST_INVALID_TABLE, "HCT1",
       [](const char** why) {
         size_t size;
         std::vector<uint64_t> bytes = BuildTable(TableFields(), &size);
         reinterpret_cast<unsigned char*>(bytes.data())[8] ^= 0xff;
         hetcast_table table;
         return hetcast_table_open(bytes.data(), size, &table, why);
       }},
      {"table cut short", HETCAST_INVALID_TABLE, "FlatBuffers verification",
       [](const char** why) {
         size_t size;
         const std::vector<uint64_t> bytes = BuildTable(TableFields(), &size);
         hetcast_table table;
         return hetcast_table_open(bytes.data(), 16, &table, why);
       }},
      TableFault("table schema missing", "schema_version is missing",
                 [](TableFields* f) { f->schema_version = 0; }),
      TableFault("table schema newer", "newer",
                 [](TableFields* f) { f->schema_version = 99; }),
      TableFault("table no profiles", "no profiles",
                 [](TableFields* f) { f->profiles = false; }),
      // FlatBuffers reads a table offset of 0 as a table with no fields.
      TableFault("table profile offset 0", "profile has no name",
                 [](TableFields* f) { f->zero_profile_offset = true; }),
  };
}

// hetcast_table_open's checks of a profile's fields and types.
std::vector<WhyCase> TableProfileCases() {
  return {
      TableFault("profile no name", "no name",
                 [](TableFields* f) { f->name = nullptr; }),
      TableFault("profile no types", "no types",
                 [](TableFields* f) { f->types.clear(); }),
      TableFault("profile too many types", "HETCAST_TABLE_MAX_TYPES",
                 [](TableFields* f) {
                   f->types.assign(HETCAST_TABLE_MAX_TYPES + 1, {"A", 1, 0});
                 }),
      TableFault("type no name", "type has no name",
                 [](TableFields* f) { f->types[1].name = nullptr; }),
      TableFault("type cost", "cost is 0",
                 [](TableFields* f) { f->types[1].cost = 0; }),
      TableFault("profile too many states", "too many states",
                 [](TableFields* f) {
                   f->types[0].limit = HETCAST_TABLE_MAX_ENTRIES;
                 }),
      TableFault("profile too many entries", "HETCAST_TABLE_MAX_ENTRIES",
                 [](TableFields* f) {
                   f->types[0].limit = HETCAST_TABLE_MAX_ENTRIES / 2;
                   f->types[1].limit = 0;
                 }),
      TableFault("profile state count", "state_count",
                 [](TableFields* f) { f->state_count = 7; }),
      TableFault("profile method", "unknown profile method",
                 [](TableFields* f) { f->method = 5; }),
      TableFault("profile bit widths", "bit widths",
                 [](TableFields* f) { f->time_bits = 0; }),
      TableFault("exact profile with PTAS vectors", "carries PTAS",
                 [](TableFields* f) { f->ptas_vectors = true; }),
      TableFault("entries missing", "missing or mis-sized",
                 [](TableFields* f) { f->entries = false; }),
  };
}

// hetcast_table_open's checks of each entry of an exact profile.
std::vector<WhyCase> TableEntryCases() {
  return {
      TableFault("table empty state", "empty state",
                 [](TableFields* f) { f->entries32[0] = 1; }),
      TableFault("table child type", "first child type",
                 [](TableFields* f) { f->entries32[1] = 1 | 1 << 8; }),
      TableFault("table split range", "split is out of range",
                 [](TableFields* f) { f->entries32[1] = 1 | 6 << 9; }),
      TableFault("table split exceeds", "split exceeds",
                 [](TableFields* f) { f->entries32[1] = 1 | 1 << 9; }),
      TableFault("table time", "completion time disagrees",
                 [](TableFields* f) { f->entries32[1] = 5; }),
  };
}

// The checks of a PTAS profile: its fields, then each stored schedule.
std::vector<WhyCase> PtasFaultCases() {
  return {
      PtasFault("PTAS epsilon", "epsilon",
                [](TableFields* f) { f->epsilon_numerator = 0; }),
      PtasFault("PTAS destinations", "65534",
                [](TableFields* f) {
                  f->types = {{"A", 1, 70000}};
                  f->state_count = 70001;
                }),
      PtasFault("PTAS vectors", "schedule vectors",
                [](TableFields* f) { f->ptas_vectors = false; }),
      PtasFault("PTAS bound misaligned", "not 8-byte aligned",
                [](TableFields* f) { f->misaligned_bound = true; }),
      PtasFault("PTAS schedule length", "length",
                [](TableFields* f) {
                  f->ptas_offsets = {0, 1, 1, 3};
                }),
      PtasFault("PTAS schedule cycle", "cycle",
                [](TableFields* f) { f->ptas_nodes[2] = 2 | 1u << 16; }),
      PtasFault("PTAS send index past the sender's sends", "send index",
                [](TableFields* f) { f->ptas_nodes[2] = 3u << 16; }),
      PtasFault("PTAS two receivers of one send", "two receivers",
                [](TableFields* f) { f->ptas_nodes[2] = 1u << 16; }),
      PtasFault("PTAS completion time", "completion time disagrees",
                [](TableFields* f) { f->entries32[2] = 3; }),
      PtasFault("PTAS bound above the time", "lower bound exceeds",
                [](TableFields* f) { f->ptas_bound[2] = 3; }),
      PtasFault("PTAS bound kind", "wrong kind",
                [](TableFields* f) { f->ptas_bound_kind[1] = 200; }),
      PtasFault("PTAS exact bound below the time", "wrong kind",
                [](TableFields* f) { f->ptas_bound[2] = 1; }),
  };
}

}  // namespace testing
}  // namespace hetcast
