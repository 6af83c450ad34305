// view.cc: loading a profile's handle from a verified table buffer.
//
// LoadProfileView runs at open (once per profile, before verify.cc checks
// the entries) and again in hetcast_profile_open, which only re-derives the
// handle. Its checks come in the order the fields depend on each other:
// types and limits, then the counts they imply, then the entry layout.
#include "runtime/table/view.h"

#include <stdint.h>
#include <string.h>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/state_index.h"

namespace hetcast {
namespace internal {
namespace {

// Whether a [ulong] vector's elements are 8-byte aligned. The buffer is,
// but FlatBuffers' Verifier checks a vector's alignment only for its length
// field (4 bytes), so a crafted table can put 8-byte elements at 4 mod 8;
// they are read wide (Get), which on strict-alignment cores faults.
// One message for both vectors read 64 bits wide (flash is scarce in the
// firmware build; the vector is named).
constexpr char kEntriesMissing[] =
    "a profile's entries32 or entries64 vector is missing or mis-sized";
constexpr char kMisaligned[] =
    "a profile's entries64 or ptas_bound vector is not 8-byte aligned";

bool AlignedForUlong(const flatbuffers::Vector<uint64_t>* vector) {
  return reinterpret_cast<uintptr_t>(vector->data()) % alignof(uint64_t) == 0;
}

// Types, costs, limits and the mixed-radix strides; `*states` is the
// product of (limit + 1).
const char* LoadProfileTypes(const fb::Profile* p, ProfileView* view,
                             uint64_t* states) {
  const auto* types = p->types();
  if (types == nullptr || types->size() == 0) return "a profile has no types";
  if (types->size() > HETCAST_TABLE_MAX_TYPES) {
    return "a profile has more than HETCAST_TABLE_MAX_TYPES types";
  }
  const uint32_t k = types->size();
  view->type_count = k;
  for (uint32_t j = 0; j < k; ++j) {
    const fb::NodeType* t = types->Get(j);
    view->limit[j] = t == nullptr ? 0 : t->limit();
  }
  // Types are checked in order, each type's costs before the states its
  // limit adds (so a table with several faults names the first).
  const uint32_t fit = TableStrides(k, view->limit, view->stride,
                                    HETCAST_TABLE_MAX_ENTRIES, states);
  for (uint32_t j = 0; j < k; ++j) {
    const fb::NodeType* t = types->Get(j);
    if (t == nullptr || t->name() == nullptr) return "a node type has no name";
    if (t->cost() == 0 || t->cost() > HETCAST_MAX_COST) {
      return "a node type's cost is 0 or above HETCAST_MAX_COST (2^40)";
    }
    view->cost[j] = t->cost();
    if (j == fit) return "a profile's limits give too many states";
  }
  return nullptr;
}

// The widths of an entry's fields: an exact entry holds a time, a type and
// a state; a PTAS entry only a time.
const char* LoadEntryWidths(const fb::Profile* p, ProfileView* view) {
  const bool ptas = view->IsPtas();
  const uint32_t time_bits = p->time_bits();
  const uint32_t type_bits = p->type_bits();
  const uint32_t split_bits = p->split_bits();
  if (time_bits == 0 || time_bits > kTableMaxTimeBits ||
      type_bits != (ptas ? 0 : TableBitWidth(view->type_count - 1)) ||
      split_bits != (ptas ? 0 : TableBitWidth(view->state_count - 1)) ||
      time_bits + type_bits + split_bits > kTableMaxEntryBits) {
    return "a profile's entry bit widths are inconsistent";
  }
  view->time_bits = time_bits;
  view->time_mask = (uint64_t{1} << time_bits) - 1;
  view->split_shift = time_bits + type_bits;
  view->type_mask = (uint32_t{1} << type_bits) - 1;
  view->entry_bytes = time_bits + type_bits + split_bits <= 32 ? 4 : 8;
  return nullptr;
}

// A PTAS profile's epsilon and schedule vectors (one record per
// destination of every entry); an exact profile must carry none.
const char* LoadPtasVectors(const fb::Profile* p, uint64_t entries,
                            ProfileView* view) {
  view->ptas_bound = p->ptas_bound();
  view->ptas_bound_kind = p->ptas_bound_kind();
  view->ptas_offsets = p->ptas_offsets();
  view->ptas_nodes = p->ptas_nodes();
  if (!view->IsPtas()) {
    if (view->ptas_bound != nullptr || view->ptas_nodes != nullptr ||
        view->ptas_offsets != nullptr || view->ptas_bound_kind != nullptr) {
      return "an exact profile carries PTAS schedule vectors";
    }
    return nullptr;
  }
  uint64_t destinations = 0;
  for (uint32_t j = 0; j < view->type_count; ++j) {
    destinations += view->limit[j];
  }
  view->epsilon_numerator = p->epsilon_numerator();
  view->epsilon_denominator = p->epsilon_denominator();
  if (view->epsilon_numerator == 0 ||
      view->epsilon_numerator >= view->epsilon_denominator ||
      view->epsilon_denominator > 1000000) {
    return "a PTAS profile's epsilon is not in (0, 1)";
  }
  if (destinations > 65534) {
    return "a PTAS profile's limits exceed 65534 destinations";
  }
  if (view->ptas_bound == nullptr || view->ptas_bound_kind == nullptr ||
      view->ptas_offsets == nullptr || view->ptas_nodes == nullptr ||
      view->ptas_bound->size() != entries ||
      view->ptas_bound_kind->size() != entries ||
      view->ptas_offsets->size() != entries + 1 ||
      view->ptas_offsets->Get(0) != 0 ||
      view->ptas_offsets->Get(static_cast<uint32_t>(entries)) !=
          view->ptas_nodes->size()) {
    return "a PTAS profile's schedule vectors are missing or mis-sized";
  }
  if (!AlignedForUlong(view->ptas_bound)) {
    return kMisaligned;
  }
  return nullptr;
}

// The entry vector of the width LoadEntryWidths chose; the other must be
// absent.
const char* LoadEntryVector(const fb::Profile* p, uint64_t entries,
                            ProfileView* view) {
  const auto* entries32 = p->entries32();
  const auto* entries64 = p->entries64();
  if (view->entry_bytes == 4) {
    if (entries32 == nullptr || entries64 != nullptr ||
        entries32->size() != entries) {
      return kEntriesMissing;
    }
    view->entries = reinterpret_cast<const uint8_t*>(entries32->data());
  } else {
    if (entries64 == nullptr || entries32 != nullptr ||
        entries64->size() != entries) {
      return kEntriesMissing;
    }
    if (!AlignedForUlong(entries64)) {
      return kMisaligned;
    }
    view->entries = reinterpret_cast<const uint8_t*>(entries64->data());
  }
  return nullptr;
}

}  // namespace

uint64_t TableFnv1a64(const uint8_t* bytes, size_t size) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (size_t i = 0; i < size; ++i) {
    hash = (hash ^ bytes[i]) * 0x100000001b3u;
  }
  return hash;
}

const char* LoadProfileView(const fb::Profile* p, ProfileView* view) {
  memset(view, 0, sizeof(*view));
  view->profile = p;
  if (p->name() == nullptr) return "a profile has no name";
  uint64_t states = 0;
  const char* reason = LoadProfileTypes(p, view, &states);
  if (reason != nullptr) return reason;
  uint64_t entries;
  if (__builtin_mul_overflow(states, uint64_t{view->type_count}, &entries) ||
      entries > HETCAST_TABLE_MAX_ENTRIES) {
    return "a profile has more than HETCAST_TABLE_MAX_ENTRIES entries";
  }
  if (p->state_count() != states) {
    return "a profile's state_count does not match its limits";
  }
  view->state_count = states;
  if (p->method() != fb::Method_ExactDp && p->method() != fb::Method_Ptas) {
    return "unknown profile method";
  }
  view->method = p->method();
  reason = LoadEntryWidths(p, view);
  if (reason == nullptr) reason = LoadPtasVectors(p, entries, view);
  if (reason == nullptr) reason = LoadEntryVector(p, entries, view);
  return reason;
}

}  // namespace internal
}  // namespace hetcast
