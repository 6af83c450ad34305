// verify.cc: the open-time verification of a table and of its profiles.
//
// After these checks the query path reads entries with unchecked
// arithmetic: every decision of an exact profile has been proven to point
// to smaller, in-range states whose times add up, so reconstruction
// terminates, stays in bounds and never overflows; every schedule of a PTAS
// profile has been proven a tree in canonical order with the stored time.
#include "runtime/table/verify.h"

#include <string.h>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/table/flatbuffers.h"
#include "runtime/table/ptas_entries.h"
#include "runtime/table/state_index.h"
#include "runtime/table/view.h"
#include "tables/hetcast_table_generated.h"

namespace hetcast {
namespace internal {

// A valid broadcast of its state in canonical ids, completing at
// `completion`. Canonical order sorts each type's ids
// by (arrival, parent), and two receivers of one send share both, so
// merging the types by that key must give a strictly increasing sequence:
// one check for both rules, O(n k) comparisons and one walk up per node
// (within `*budget` parent links).
const char* VerifyPtasTree(const PtasSchedule& t, uint64_t completion,
                           uint32_t* budget) {
  const uint32_t k = t.v->type_count;
  uint64_t head[HETCAST_TABLE_MAX_TYPES];  // Key of next[j]: arrival, parent.
  uint32_t next[HETCAST_TABLE_MAX_TYPES];  // Type j's next id to merge.
  for (uint32_t j = 0; j < k; ++j) next[j] = t.base[j];
  uint64_t last = 0;  // Every arrival is at least 1.
  for (uint32_t popped = k, j;; popped = j) {
    j = k;  // The type whose next node comes first; k once all are merged.
    for (uint32_t i = 0; i < k; ++i) {
      if (next[i] == t.base[i + 1]) continue;
      // A head not walked yet: every type's at first, then the popped one's.
      if (popped == k || i == popped) {
        const uint32_t depth = t.Arrival(next[i], &head[i]);
        if (depth == 0 || depth > *budget) {
          return "a PTAS schedule is too deep or has a bad parent, send "
                 "index or cycle";
        }
        *budget -= depth;
        head[i] = head[i] << 16 | t.Parent(next[i]);
      }
      if (j == k || head[i] < head[j]) j = i;
    }
    if (j == k) break;
    if (head[j] <= last) {
      return "a PTAS schedule is not canonical or has two receivers of one "
             "send";
    }
    last = head[j];
    ++next[j];
  }
  if (last >> 16 != completion) {
    return "a PTAS completion time disagrees with its schedule";
  }
  return nullptr;
}

namespace {

// One stored PTAS entry: its schedule's length, the schedule, its time, and
// a bound at most that time.
const char* VerifyPtasSchedule(const ProfileView& v, uint32_t s,
                               uint64_t state) {
  const uint64_t e = s * v.state_count + state;
  const PtasSchedule t(v, s, state);
  if (v.ptas_offsets->Get(static_cast<uint32_t>(e + 1)) <
          v.ptas_offsets->Get(static_cast<uint32_t>(e)) ||
      v.ptas_offsets->Get(static_cast<uint32_t>(e + 1)) - t.first != t.n) {
    return "a PTAS schedule's length is not its state's destination count";
  }
  const uint64_t completion = v.Time(s, state);
  uint32_t budget = kPtasMaxMeanDepth * t.n;
  const char* reason = VerifyPtasTree(t, completion, &budget);
  if (reason != nullptr) return reason;
  // Kinds a PTAS entry can carry: its guess, or FNF's answer's bound (which
  // may be the nested-slots bound, appended after the guess).
  // A bound of kind "exact" must equal the completion time.
  const uint8_t kind = v.ptas_bound_kind->Get(static_cast<uint32_t>(e));
  const uint64_t bound = v.ptas_bound->Get(static_cast<uint32_t>(e));
  if (bound > completion ||
      (kind > HETCAST_BOUND_PTAS_GUESS && kind != HETCAST_BOUND_NESTED_SLOTS) ||
      (kind == HETCAST_BOUND_EXACT && bound != completion)) {
    return "a PTAS lower bound exceeds its completion time or has a wrong "
           "kind";
  }
  return nullptr;
}

// The semantic check of a PTAS profile: every stored schedule, O(n k) per
// schedule of n destinations (k types), at most kPtasMaxMeanDepth n parent
// links walked.
const char* VerifyPtasEntries(const ProfileView& v) {
  for (uint32_t s = 0; s < v.type_count; ++s) {
    for (uint64_t state = 0; state < v.state_count; ++state) {
      const char* reason = VerifyPtasSchedule(v, s, state);
      if (reason != nullptr) return reason;
    }
  }
  return nullptr;
}

// The decision of a nonempty state (counts `digits`): the first child's
// type is present, the split fits in the state minus that child, and the
// stored time is what the decision gives. The two sub-states are smaller
// than `state`, so they were checked before it.
const char* VerifyExactDecision(const ProfileView& v, uint32_t s,
                                uint64_t state, uint64_t entry,
                                const uint32_t* digits) {
  const uint32_t k = v.type_count;
  const uint32_t l = (entry >> v.time_bits) & v.type_mask;
  const uint64_t y = entry >> v.split_shift;
  if (l >= k || digits[l] == 0) {
    return "a decision's first child type is out of range";
  }
  if (y >= v.state_count) return "a decision's split is out of range";
  for (uint32_t j = k; j-- > 0;) {
    const uint64_t yj = TableStateDigit(y, v.stride[j], v.limit[j]);
    if (yj + (j == l ? 1 : 0) > digits[j]) {
      return "a decision's split exceeds its state";
    }
  }
  // y <= i - e_l componentwise: both sub-states are smaller and were
  // checked before this one.
  const uint64_t rest = state - v.stride[l] - y;
  const uint64_t child = v.Time(l, y);
  const uint64_t source = v.Time(s, rest);
  const uint64_t expected = (child > source ? child : source) + v.cost[s];
  if ((entry & v.time_mask) != expected) {
    return "a completion time disagrees with its decision";
  }
  return nullptr;
}

// The semantic check of an exact profile: every decision, states in index
// order (so every sub-state is checked before the states that use it).
const char* VerifyExactEntries(const ProfileView& v) {
  const uint32_t k = v.type_count;
  uint32_t digits[HETCAST_TABLE_MAX_TYPES];
  for (uint32_t s = 0; s < k; ++s) {
    memset(digits, 0, sizeof(digits));
    for (uint64_t state = 0; state < v.state_count; ++state) {
      const uint64_t entry = v.Entry(s * v.state_count + state);
      if (state == 0) {
        if (entry != 0) return "the empty state's entry is not 0";
      } else {
        const char* reason = VerifyExactDecision(v, s, state, entry, digits);
        if (reason != nullptr) return reason;
      }
      for (uint32_t j = 0; j < k; ++j) {  // Next count vector.
        if (digits[j] < v.limit[j]) {
          ++digits[j];
          break;
        }
        digits[j] = 0;
      }
    }
  }
  return nullptr;
}

// Sizes, file identifier and the FlatBuffers Verifier: after this every
// offset in the buffer may be followed.
const char* VerifyTableStructure(const uint8_t* bytes, size_t size) {
  // Size prefix, root offset, identifier: 12 bytes before anything else.
  if (size < 12) return "truncated: shorter than a table header";
  if (size >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    return "larger than the 2 GiB FlatBuffers limit";
  }
  if (!flatbuffers::BufferHasIdentifier(bytes, fb::HetcastTableIdentifier(),
                                        /*size_prefixed=*/true)) {
    return "not a hetcast table (file identifier is not HCT1)";
  }
  // Depth: Table -> profiles -> Profile -> types -> NodeType -> name.
  flatbuffers::Verifier verifier(bytes, size, /*max_depth=*/16,
                                 /*max_tables=*/1 << 14,
                                 /*check_alignment=*/true);
  if (!fb::VerifySizePrefixedHetcastTableBuffer(verifier)) {
    return "corrupt or truncated (size prefix or FlatBuffers verification "
           "failed)";
  }
  return nullptr;
}

// The schema version, then every profile: loaded, then its entries.
const char* VerifyTableProfiles(const fb::HetcastTable* root) {
  if (root->schema_version() == 0) return "schema_version is missing";
  if (root->schema_version() > HETCAST_TABLE_SCHEMA_VERSION) {
    return "schema_version is newer than this library reads";
  }
  if (root->profiles() == nullptr || root->profiles()->size() == 0) {
    return "the table holds no profiles";
  }
  for (uint32_t p = 0; p < root->profiles()->size(); ++p) {
    // Never null: FlatBuffers reads an offset of 0 as a table with no
    // fields, which LoadProfileView refuses for its missing name.
    const fb::Profile* profile = root->profiles()->Get(p);
    ProfileView view;
    const char* reason = LoadProfileView(profile, &view);
    if (reason == nullptr) reason = VerifyProfileEntries(view);
    if (reason != nullptr) return reason;
  }
  return nullptr;
}

}  // namespace

const char* VerifyProfileEntries(const ProfileView& v) {
  return v.IsPtas() ? VerifyPtasEntries(v) : VerifyExactEntries(v);
}

const char* OpenTableView(const uint8_t* bytes, size_t size, TableView* view) {
  const char* reason = VerifyTableStructure(bytes, size);
  if (reason != nullptr) return reason;
  const fb::HetcastTable* root = fb::GetSizePrefixedHetcastTable(bytes);
  reason = VerifyTableProfiles(root);
  if (reason != nullptr) return reason;
  view->root = root;
  view->profile_count = root->profiles()->size();
  view->schema_version = root->schema_version();
  view->hash = TableFnv1a64(bytes, size);
  return nullptr;
}

}  // namespace internal
}  // namespace hetcast
