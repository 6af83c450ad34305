// view.h: the handles of an opened table, and how a profile is loaded.
//
// hetcast_table and hetcast_profile (hetcast.h) are opaque caller-owned
// buffers; inside them live a TableView and a ProfileView. A ProfileView is
// derived from a structurally verified FlatBuffers profile by
// LoadProfileView, which checks everything the view relies on (dimensions,
// bit widths, vector sizes); the semantic check of the entries is
// verify.cc's. After that, queries read entries with unchecked arithmetic.
#ifndef HETCAST_RUNTIME_TABLE_VIEW_H_
#define HETCAST_RUNTIME_TABLE_VIEW_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/flatbuffers.h"
#include "tables/hetcast_table_generated.h"

namespace hetcast {
namespace internal {

// Widest completion time a table stores, and widest entry (time, first
// child type and split together).
constexpr uint32_t kTableMaxTimeBits = 62;
constexpr uint32_t kTableMaxEntryBits = 63;

// TableView
//
// What hetcast_table holds once hetcast_table_open has verified the buffer.
struct TableView {
  const fb::HetcastTable* root;
  uint64_t profile_count;
  uint32_t schema_version;
  uint64_t hash;  // hetcast_table_hash.
};
static_assert(sizeof(TableView) <= sizeof(hetcast_table), "table handle");

// ProfileView
//
// What hetcast_profile holds: one profile's dimensions and entry layout,
// copied out of the buffer so that a lookup is arithmetic on a few fields.
// An entry is `time | first_child_type << time_bits | split << split_shift`
// (exact profiles) or just the time (PTAS profiles, whose schedules are
// stored whole in the ptas_* vectors).
struct ProfileView {
  const fb::Profile* profile;
  const uint8_t* entries;  // Little-endian, entry_bytes each.
  uint64_t state_count;
  uint64_t time_mask;
  uint32_t entry_bytes;
  uint32_t type_count;
  uint32_t time_bits;
  uint32_t split_shift;  // time_bits + type_bits (< 64).
  uint32_t type_mask;
  uint32_t method;
  uint64_t cost[HETCAST_TABLE_MAX_TYPES];
  uint64_t stride[HETCAST_TABLE_MAX_TYPES];
  uint32_t limit[HETCAST_TABLE_MAX_TYPES];
  // Method Ptas only (tables/hetcast_table.fbs).
  const flatbuffers::Vector<uint64_t>* ptas_bound;
  const flatbuffers::Vector<uint8_t>* ptas_bound_kind;
  const flatbuffers::Vector<uint32_t>* ptas_offsets;
  const flatbuffers::Vector<uint32_t>* ptas_nodes;
  uint64_t epsilon_numerator;
  uint64_t epsilon_denominator;

  bool IsPtas() const { return method == fb::Method_Ptas; }

  uint64_t Entry(uint64_t e) const {
    return entry_bytes == 4
               ? flatbuffers::ReadScalar<uint32_t>(entries + 4 * e)
               : flatbuffers::ReadScalar<uint64_t>(entries + 8 * e);
  }
  uint64_t Time(uint32_t s, uint64_t state) const {
    return Entry(s * state_count + state) & time_mask;
  }
};
static_assert(sizeof(ProfileView) <= sizeof(hetcast_profile), "profile handle");

inline const TableView& TableViewOf(const hetcast_table* t) {
  return *reinterpret_cast<const TableView*>(t->opaque_);
}
inline const ProfileView& ProfileViewOf(const hetcast_profile* p) {
  return *reinterpret_cast<const ProfileView*>(p->opaque_);
}

// The number of bits needed to write `max` (0 for 0).
inline uint32_t TableBitWidth(uint64_t max) {
  uint32_t bits = 0;
  while (bits < 64 && (max >> bits) != 0) ++bits;
  return bits;
}

// FNV-1a, 64-bit (Fowler, Noll, Vo), of a table buffer: the table's
// identity (hetcast_table_hash), not a defence against a forger (a rank that
// wants to lie can).
uint64_t TableFnv1a64(const uint8_t* bytes, size_t size);

// Fills `view` from a structurally verified profile, checking everything
// the view relies on. Returns a static reason on failure, NULL on success.
const char* LoadProfileView(const fb::Profile* p, ProfileView* view);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_TABLE_VIEW_H_
