// table.cc: the table reader (hetcast.h, "Exact tables").
//
// A table is untrusted input: hetcast_table_open runs the FlatBuffers
// Verifier with explicit limits and then checks every entry's semantics
// (VerifyProfile below), once. After that the query path reads entries with
// unchecked arithmetic: every decision has been proven to point to smaller,
// in-range states whose times add up, so reconstruction terminates, stays in
// bounds and never overflows.
//
// Reconstruction. An entry of state (s, i) says: the source's first send
// goes to a node of type l whose subtree is the state (l, y); the source
// continues with (s, i - e_l - y) one send period later. Unrolling both
// sides gives the whole tree. Canonical ids (hetcast.h) number each type's
// nodes by arrival, ties by parent id, so the tree is expanded in exactly
// that order: a binary heap of senders keyed by (next arrival, sender id).
// Popping a sender assigns its next child the next free id of the child's
// type; the child joins the heap if its subtree is not empty. Transfers come
// out ordered by (arrival, from); grouped by the sender's type that is also
// (start, from) order, so a k-way merge of those groups gives the schedule's
// (start, from) order in O(n k).
#include <string.h>

#include "flatbuffers/flatbuffers.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node_layout.h"
#include "tables/hetcast_table_generated.h"

namespace hetcast {
namespace internal {
namespace {

constexpr uint64_t kMaxCost = uint64_t{1} << 40;
constexpr uint32_t kMaxTimeBits = 62;
constexpr uint32_t kMaxEntryBits = 63;

struct TableView {
  const fb::HetcastTable* root;
  uint64_t profile_count;
  uint32_t schema_version;
};
static_assert(sizeof(TableView) <= sizeof(hetcast_table), "table handle");

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
  uint8_t by_cost[HETCAST_TABLE_MAX_TYPES];  // Type indices, cheapest first.

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

const TableView& View(const hetcast_table* t) {
  return *reinterpret_cast<const TableView*>(t->opaque_);
}
const ProfileView& View(const hetcast_profile* p) {
  return *reinterpret_cast<const ProfileView*>(p->opaque_);
}

uint32_t BitWidth(uint64_t max) {
  uint32_t bits = 0;
  while (bits < 64 && (max >> bits) != 0) ++bits;
  return bits;
}

// Fills `view` from a structurally verified profile, checking everything
// the view relies on. Returns a static reason on failure, NULL on success.
const char* LoadProfile(const fb::Profile* p, ProfileView* view) {
  memset(view, 0, sizeof(*view));
  view->profile = p;
  if (p->name() == nullptr) return "a profile has no name";
  const auto* types = p->types();
  if (types == nullptr || types->size() == 0) return "a profile has no types";
  if (types->size() > HETCAST_TABLE_MAX_TYPES) {
    return "a profile has more than HETCAST_TABLE_MAX_TYPES types";
  }
  const uint32_t k = types->size();
  view->type_count = k;
  uint64_t states = 1;
  for (uint32_t j = 0; j < k; ++j) {
    const fb::NodeType* t = types->Get(j);
    if (t == nullptr || t->name() == nullptr) return "a node type has no name";
    if (t->cost() == 0 || t->cost() > kMaxCost) {
      return "a node type's cost is 0 or above 2^40";
    }
    view->cost[j] = t->cost();
    view->limit[j] = t->limit();
    view->stride[j] = states;
    if (__builtin_mul_overflow(states, uint64_t{t->limit()} + 1, &states) ||
        states > HETCAST_TABLE_MAX_ENTRIES) {
      return "a profile's limits give too many states";
    }
  }
  uint64_t entries;
  if (__builtin_mul_overflow(states, uint64_t{k}, &entries) ||
      entries > HETCAST_TABLE_MAX_ENTRIES) {
    return "a profile has more than HETCAST_TABLE_MAX_ENTRIES entries";
  }
  if (p->state_count() != states) {
    return "a profile's state_count does not match its limits";
  }
  view->state_count = states;
  if (p->method() != fb::Method_ExactDp) return "unknown profile method";
  view->method = p->method();
  const uint32_t time_bits = p->time_bits();
  const uint32_t type_bits = p->type_bits();
  const uint32_t split_bits = p->split_bits();
  if (time_bits == 0 || time_bits > kMaxTimeBits ||
      type_bits != BitWidth(k - 1) || split_bits != BitWidth(states - 1) ||
      time_bits + type_bits + split_bits > kMaxEntryBits) {
    return "a profile's entry bit widths are inconsistent";
  }
  view->time_bits = time_bits;
  view->time_mask = (uint64_t{1} << time_bits) - 1;
  view->split_shift = time_bits + type_bits;
  view->type_mask = (uint32_t{1} << type_bits) - 1;
  const bool narrow = time_bits + type_bits + split_bits <= 32;
  if (narrow) {
    if (p->entries32() == nullptr || p->entries64() != nullptr ||
        p->entries32()->size() != entries) {
      return "a profile's entries32 vector is missing or has the wrong size";
    }
    view->entry_bytes = 4;
    view->entries = reinterpret_cast<const uint8_t*>(p->entries32()->data());
  } else {
    if (p->entries64() == nullptr || p->entries32() != nullptr ||
        p->entries64()->size() != entries) {
      return "a profile's entries64 vector is missing or has the wrong size";
    }
    view->entry_bytes = 8;
    view->entries = reinterpret_cast<const uint8_t*>(p->entries64()->data());
  }
  // Types by cost (insertion sort; k <= 16), ties by index.
  for (uint32_t j = 0; j < k; ++j) {
    uint32_t pos = j;
    while (pos > 0 && view->cost[view->by_cost[pos - 1]] > view->cost[j]) {
      view->by_cost[pos] = view->by_cost[pos - 1];
      --pos;
    }
    view->by_cost[pos] = static_cast<uint8_t>(j);
  }
  return nullptr;
}

// The semantic check of every entry (see hetcast_table_open).
const char* VerifyEntries(const ProfileView& v) {
  const uint32_t k = v.type_count;
  uint32_t digits[HETCAST_TABLE_MAX_TYPES];
  for (uint32_t s = 0; s < k; ++s) {
    memset(digits, 0, sizeof(digits));
    for (uint64_t state = 0; state < v.state_count; ++state) {
      const uint64_t entry = v.Entry(s * v.state_count + state);
      if (state == 0) {
        if (entry != 0) return "the empty state's entry is not 0";
      } else {
        const uint32_t l = (entry >> v.time_bits) & v.type_mask;
        const uint64_t y = entry >> v.split_shift;
        if (l >= k || digits[l] == 0) {
          return "a decision's first child type is out of range";
        }
        if (y >= v.state_count) return "a decision's split is out of range";
        uint64_t rest_of_y = y;
        for (uint32_t j = k; j-- > 0;) {
          const uint64_t yj = rest_of_y / v.stride[j];
          rest_of_y -= yj * v.stride[j];
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

// A request resolved against a profile: the start state, including the
// relays chosen by the Theorem 7.1 search.
struct Resolved {
  uint32_t source;
  uint64_t state;
  uint64_t completion;
  uint64_t destinations;
  uint64_t relays_used[HETCAST_TABLE_MAX_TYPES];
  uint64_t relay_total;
};

hetcast_status CheckRequestShape(const ProfileView& v,
                                 const hetcast_node_request* r) {
  if (r == nullptr || r->destination_counts == nullptr ||
      r->type_count != v.type_count || r->source_type >= v.type_count) {
    return HETCAST_INVALID_ARGUMENT;
  }
  if (r->costs != nullptr) {
    for (uint32_t j = 0; j < v.type_count; ++j) {
      if (r->costs[j] != v.cost[j]) return HETCAST_INVALID_ARGUMENT;
    }
  }
  return HETCAST_OK;
}

hetcast_status Resolve(const ProfileView& v, const hetcast_node_request* r,
                       Resolved* out) {
  hetcast_status status = CheckRequestShape(v, r);
  if (status != HETCAST_OK) return status;
  const uint32_t k = v.type_count;
  out->source = r->source_type;
  out->state = 0;
  out->destinations = 0;
  out->relay_total = 0;
  uint64_t slowest_destination = 0;
  for (uint32_t j = 0; j < k; ++j) {
    out->relays_used[j] = 0;
    const uint64_t d = r->destination_counts[j];
    if (d > v.limit[j]) return HETCAST_NOT_IN_TABLE;
    out->state += d * v.stride[j];
    out->destinations += d;
    if (d > 0 && v.cost[j] > slowest_destination) {
      slowest_destination = v.cost[j];
    }
  }
  out->completion = v.Time(out->source, out->state);
  if (r->relay_counts == nullptr || out->destinations == 0) return HETCAST_OK;
  // Theorem 7.1: try the m cheapest useful relays for m = 1..D. A relay no
  // cheaper than the slowest destination never helps: in a schedule that
  // uses one, move the last-arriving destination (a leaf, no faster than
  // the relay) into the relay's place and drop the relay. And m <= D
  // suffices (node_api.cc, UsefulRelayClasses, from K&K Lemma 4.1).
  uint64_t taken[HETCAST_TABLE_MAX_TYPES] = {};
  uint64_t state = out->state;
  uint64_t m = 0;
  for (uint32_t rank = 0; rank < k && m < out->destinations; ++rank) {
    const uint32_t j = v.by_cost[rank];
    if (v.cost[j] >= slowest_destination) break;
    const uint64_t available = r->relay_counts[j];
    for (uint64_t u = 0; u < available && m < out->destinations; ++u) {
      if (r->destination_counts[j] + taken[j] + 1 > v.limit[j]) {
        return HETCAST_NOT_IN_TABLE;
      }
      ++taken[j];
      ++m;
      state += v.stride[j];
      const uint64_t t = v.Time(out->source, state);
      if (t < out->completion) {
        out->completion = t;
        out->state = state;
        out->relay_total = m;
        for (uint32_t i = 0; i < k; ++i) out->relays_used[i] = taken[i];
      }
    }
  }
  return HETCAST_OK;
}

// A sender in the expansion heap.
struct Sender {
  uint64_t next_arrival;  // Arrival of its next child.
  uint32_t id;
  uint32_t type;
  uint32_t state;  // Its remaining subtree.
  uint32_t sends;  // Sends made so far.
};

inline bool Before(const Sender& a, const Sender& b) {
  return a.next_arrival < b.next_arrival ||
         (a.next_arrival == b.next_arrival && a.id < b.id);
}

void SiftDown(Sender* heap, size_t size, size_t i) {
  const Sender moving = heap[i];
  while (true) {
    size_t child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && Before(heap[child + 1], heap[child])) ++child;
    if (!Before(heap[child], moving)) break;
    heap[i] = heap[child];
    i = child;
  }
  heap[i] = moving;
}

void SiftUp(Sender* heap, size_t i) {
  const Sender moving = heap[i];
  while (i > 0) {
    const size_t parent = (i - 1) / 2;
    if (!Before(moving, heap[parent])) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = moving;
}

// Expands the tree of `resolved` in canonical order, calling
// visit(sender, sender_type, child_id, arrival, send_index, sender_done,
// child_sends) for every transfer; `visit` returns false to stop early. `heap`
// has room for every participant. `layout` supplies the id ranges.
template <typename Visit>
void Expand(const ProfileView& v, const Resolved& resolved,
            const NodeLayout& layout, Sender* heap, Visit visit) {
  const uint32_t k = v.type_count;
  uint64_t position[HETCAST_TABLE_MAX_TYPES] = {};
  size_t size = 0;
  if (resolved.state != 0) {
    heap[size++] = Sender{v.cost[resolved.source], 0, resolved.source,
                          static_cast<uint32_t>(resolved.state), 0};
  }
  while (size > 0) {
    Sender& top = heap[0];
    const uint32_t sender_id = top.id;
    const uint32_t sender_type = top.type;
    const uint64_t entry = v.Entry(sender_type * v.state_count + top.state);
    const uint32_t l = (entry >> v.time_bits) & v.type_mask;
    const uint32_t y = static_cast<uint32_t>(entry >> v.split_shift);
    const uint64_t arrival = top.next_arrival;
    const uint32_t send_index = ++top.sends;
    // Relays of a type take the first positions of that type. Any labelling
    // is fine: with the smallest best m, no node of a type that has chosen
    // relays is a leaf (dropping such a leaf, and swapping the costliest
    // chosen relay's node for that cheaper type, would serve m - 1 relays no
    // later), so every relay forwards, towards destinations in the end.
    const uint64_t p = position[l]++;
    const uint32_t child_id =
        p < resolved.relays_used[l]
            ? layout.class_base[k + l] + static_cast<uint32_t>(p)
            : layout.class_base[l] +
                  static_cast<uint32_t>(p - resolved.relays_used[l]);
    const uint32_t remaining =
        top.state - static_cast<uint32_t>(v.stride[l]) - y;
    if (remaining != 0) {
      top.state = remaining;
      top.next_arrival += v.cost[sender_type];
      SiftDown(heap, size, 0);
    } else {
      heap[0] = heap[--size];
      if (size > 0) SiftDown(heap, size, 0);
    }
    if (y != 0) {
      heap[size] = Sender{arrival + v.cost[l], child_id, l, y, 0};
      SiftUp(heap, size++);
    }
    if (!visit(sender_id, sender_type, child_id, arrival, send_index,
               remaining == 0, y != 0)) {
      return;
    }
  }
}

hetcast_status BuildLayout(const ProfileView& v, const hetcast_node_request* r,
                           NodeLayout* layout) {
  hetcast_node_request with_costs = *r;
  with_costs.costs = v.cost;
  return BuildNodeLayout(&with_costs, layout);
}

// Workspace carving shared by the sizes function and the queries.
struct Scratch {
  Sender* heap;
  hetcast_transfer* popped;
  uint32_t* next_same_type;
};

bool Carve(size_t participants, Arena* arena, Scratch* scratch) {
  scratch->heap = arena->Allocate<Sender>(participants);
  scratch->popped = arena->Allocate<hetcast_transfer>(participants);
  scratch->next_same_type = arena->Allocate<uint32_t>(participants);
  return !arena->failed();
}

hetcast_status Prepare(const hetcast_profile* profile,
                       const hetcast_node_request* request, Resolved* resolved,
                       NodeLayout* layout) {
  if (profile == nullptr) return HETCAST_INVALID_ARGUMENT;
  const ProfileView& v = View(profile);
  hetcast_status status = Resolve(v, request, resolved);
  if (status != HETCAST_OK) return status;
  return BuildLayout(v, request, layout);
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

using hetcast::internal::Arena;
using hetcast::internal::NodeLayout;
using hetcast::internal::ProfileView;
using hetcast::internal::Resolved;
using hetcast::internal::Scratch;
using hetcast::internal::Sender;
using hetcast::internal::TableView;
using hetcast::internal::View;

extern "C" {

hetcast_status hetcast_table_open(const void* data, size_t size,
                                  hetcast_table* table, const char** error) {
  const char* reason = nullptr;
  hetcast_status status = HETCAST_INVALID_TABLE;
  if (error != nullptr) *error = "";
  if (table != nullptr) memset(table, 0, sizeof(*table));
  if (data == nullptr || table == nullptr) {
    if (error != nullptr) *error = "NULL table buffer or handle";
    return HETCAST_INVALID_ARGUMENT;
  }
  if (reinterpret_cast<uintptr_t>(data) % HETCAST_TABLE_ALIGNMENT != 0) {
    if (error != nullptr) *error = "table buffer is not 8-byte aligned";
    return HETCAST_INVALID_ARGUMENT;
  }
  const uint8_t* bytes = static_cast<const uint8_t*>(data);
  // Size prefix, root offset, identifier: 12 bytes before anything else.
  if (size < 12) {
    reason = "truncated: shorter than a table header";
  } else if (size >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    reason = "larger than the 2 GiB FlatBuffers limit";
  } else if (!flatbuffers::BufferHasIdentifier(
                 bytes, hetcast::fb::HetcastTableIdentifier(),
                 /*size_prefixed=*/true)) {
    reason = "not a hetcast table (file identifier is not HCT1)";
  } else {
    // Depth: Table -> profiles -> Profile -> types -> NodeType -> name.
    flatbuffers::Verifier verifier(bytes, size, /*max_depth=*/16,
                                   /*max_tables=*/1 << 14,
                                   /*check_alignment=*/true);
    if (!hetcast::fb::VerifySizePrefixedHetcastTableBuffer(verifier)) {
      reason =
          "corrupt or truncated (size prefix or FlatBuffers verification "
          "failed)";
    }
  }
  if (reason == nullptr) {
    const hetcast::fb::HetcastTable* root =
        hetcast::fb::GetSizePrefixedHetcastTable(bytes);
    if (root->schema_version() == 0) {
      reason = "schema_version is missing";
    } else if (root->schema_version() > HETCAST_TABLE_SCHEMA_VERSION) {
      reason = "schema_version is newer than this library reads";
    } else if (root->profiles() == nullptr || root->profiles()->size() == 0) {
      reason = "the table holds no profiles";
    } else {
      for (uint32_t p = 0; p < root->profiles()->size() && !reason; ++p) {
        const hetcast::fb::Profile* profile = root->profiles()->Get(p);
        ProfileView view;
        reason = profile == nullptr
                     ? "a profile is missing"
                     : hetcast::internal::LoadProfile(profile, &view);
        if (reason == nullptr) {
          reason = hetcast::internal::VerifyEntries(view);
        }
      }
    }
    if (reason == nullptr) {
      TableView* view = reinterpret_cast<TableView*>(table->opaque_);
      view->root = root;
      view->profile_count = root->profiles()->size();
      view->schema_version = root->schema_version();
      status = HETCAST_OK;
    }
  }
  if (reason != nullptr && error != nullptr) *error = reason;
  return status;
}

size_t hetcast_table_profile_count(const hetcast_table* table) {
  return View(table).profile_count;
}

uint32_t hetcast_table_schema_version(const hetcast_table* table) {
  return View(table).schema_version;
}

hetcast_status hetcast_table_find_profile(const hetcast_table* table,
                                          const char* name, size_t* index) {
  if (table == nullptr || name == nullptr || index == nullptr ||
      View(table).root == nullptr) {
    return HETCAST_INVALID_ARGUMENT;
  }
  const auto* profiles = View(table).root->profiles();
  for (uint32_t p = 0; p < profiles->size(); ++p) {
    if (strcmp(profiles->Get(p)->name()->c_str(), name) == 0) {
      *index = p;
      return HETCAST_OK;
    }
  }
  return HETCAST_INVALID_ARGUMENT;
}

hetcast_status hetcast_profile_open(const hetcast_table* table, size_t index,
                                    hetcast_profile* profile) {
  if (table == nullptr || profile == nullptr || View(table).root == nullptr ||
      index >= View(table).profile_count) {
    return HETCAST_INVALID_ARGUMENT;
  }
  ProfileView* view = reinterpret_cast<ProfileView*>(profile->opaque_);
  // Verified by hetcast_table_open; this only re-derives the handle.
  if (hetcast::internal::LoadProfile(
          View(table).root->profiles()->Get(static_cast<uint32_t>(index)),
          view) != nullptr) {
    return HETCAST_INVALID_TABLE;
  }
  return HETCAST_OK;
}

void hetcast_profile_get_info(const hetcast_profile* profile,
                              hetcast_profile_info* info) {
  const ProfileView& v = View(profile);
  info->name = v.profile->name()->c_str();
  info->type_count = v.type_count;
  info->state_count = v.state_count;
  info->entry_count = v.state_count * v.type_count;
  info->entry_bytes = v.entry_bytes;
  info->method = static_cast<hetcast_table_method>(v.method);
  info->exact = v.method == hetcast::fb::Method_ExactDp;
}

hetcast_status hetcast_profile_type(const hetcast_profile* profile, size_t type,
                                    const char** name, uint64_t* cost,
                                    uint64_t* limit) {
  if (profile == nullptr || type >= View(profile).type_count) {
    return HETCAST_INVALID_ARGUMENT;
  }
  const ProfileView& v = View(profile);
  if (name != nullptr) {
    *name =
        v.profile->types()->Get(static_cast<uint32_t>(type))->name()->c_str();
  }
  if (cost != nullptr) *cost = v.cost[type];
  if (limit != nullptr) *limit = v.limit[type];
  return HETCAST_OK;
}

hetcast_status hetcast_profile_completion(const hetcast_profile* profile,
                                          const hetcast_node_request* request,
                                          uint64_t* completion_time) {
  if (profile == nullptr || completion_time == nullptr) {
    return HETCAST_INVALID_ARGUMENT;
  }
  const ProfileView& v = View(profile);
  if (request != nullptr && request->relay_counts == nullptr &&
      request->costs == nullptr && request->destination_counts != nullptr &&
      request->type_count == v.type_count &&
      request->source_type < v.type_count) {
    // The common case, kept to one pass: no relays, profile costs.
    uint64_t state = 0;
    for (uint32_t j = 0; j < v.type_count; ++j) {
      const uint64_t d = request->destination_counts[j];
      if (d > v.limit[j]) return HETCAST_NOT_IN_TABLE;
      state += d * v.stride[j];
    }
    *completion_time = v.Time(request->source_type, state);
    return HETCAST_OK;
  }
  Resolved resolved;
  hetcast_status status = hetcast::internal::Resolve(v, request, &resolved);
  if (status != HETCAST_OK) return status;
  *completion_time = resolved.completion;
  return HETCAST_OK;
}

hetcast_status hetcast_profile_plan_sizes(const hetcast_profile* profile,
                                          const hetcast_node_request* request,
                                          hetcast_node_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  Resolved resolved;
  NodeLayout layout;
  hetcast_status status =
      hetcast::internal::Prepare(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  const size_t participants = 1 + resolved.destinations + resolved.relay_total;
  Arena measure;
  Scratch scratch;
  hetcast::internal::Carve(participants, &measure, &scratch);
  sizes->node_count = layout.node_count;
  sizes->transfer_count = participants - 1;
  sizes->workspace_bytes = measure.used();
  sizes->fnf_runs = 0;
  return HETCAST_OK;
}

hetcast_status hetcast_profile_plan(const hetcast_profile* profile,
                                    const hetcast_node_request* request,
                                    void* workspace, size_t workspace_size,
                                    hetcast_node* nodes, size_t node_capacity,
                                    hetcast_transfer* transfers,
                                    size_t transfer_capacity,
                                    hetcast_answer* answer) {
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  memset(answer, 0, sizeof(*answer));
  if (nodes == nullptr || (transfers == nullptr && transfer_capacity != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  Resolved resolved;
  NodeLayout layout;
  hetcast_status status =
      hetcast::internal::Prepare(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  const ProfileView& v = View(profile);
  const size_t participants = 1 + resolved.destinations + resolved.relay_total;
  if (node_capacity < layout.node_count) return HETCAST_OUTPUT_TOO_SMALL;
  if (transfers != nullptr && transfer_capacity < participants - 1) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  Arena arena(workspace, workspace_size);
  Scratch scratch;
  if (!hetcast::internal::Carve(participants, &arena, &scratch)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  hetcast::internal::ResetNodes(layout, nodes);
  nodes[0].arrival = 0;
  nodes[0].parent = HETCAST_NO_NODE;
  nodes[0].send_index = 0;
  size_t popped = 0;
  hetcast_transfer* out = scratch.popped;
  hetcast::internal::Expand(
      v, resolved, layout, scratch.heap,
      [&](uint32_t sender, uint32_t sender_type, uint32_t child,
          uint64_t arrival, uint32_t send_index, bool /*sender_done*/,
          bool /*child_sends*/) {
        hetcast_node& node = nodes[child];
        node.arrival = arrival;
        node.parent = sender;
        node.send_index = send_index;
        out[popped++] = hetcast_transfer{
            sender, child, arrival - v.cost[sender_type], arrival};
        return true;
      });
  if (transfers != nullptr && popped > 0) {
    // k-way merge of the per-sender-type runs into (start, from) order.
    const uint32_t k = v.type_count;
    uint32_t head[HETCAST_TABLE_MAX_TYPES], tail[HETCAST_TABLE_MAX_TYPES];
    for (uint32_t j = 0; j < k; ++j) head[j] = tail[j] = UINT32_MAX;
    for (uint32_t i = 0; i < popped; ++i) {
      const uint32_t j = nodes[out[i].from].type;
      scratch.next_same_type[i] = UINT32_MAX;
      if (tail[j] == UINT32_MAX) {
        head[j] = i;
      } else {
        scratch.next_same_type[tail[j]] = i;
      }
      tail[j] = i;
    }
    for (size_t w = 0; w < popped; ++w) {
      uint32_t best = UINT32_MAX;
      for (uint32_t j = 0; j < k; ++j) {
        if (head[j] == UINT32_MAX) continue;
        if (best == UINT32_MAX) {
          best = j;
          continue;
        }
        const hetcast_transfer& a = out[head[j]];
        const hetcast_transfer& b = out[head[best]];
        if (a.start < b.start || (a.start == b.start && a.from < b.from)) {
          best = j;
        }
      }
      transfers[w] = out[head[best]];
      head[best] = scratch.next_same_type[head[best]];
    }
  }
  answer->algorithm = HETCAST_ALGORITHM_TABLE;
  answer->exact = v.method == hetcast::fb::Method_ExactDp;
  answer->completion_time = resolved.completion;
  answer->lower_bound = resolved.completion;
  answer->lower_bound_kind = HETCAST_BOUND_EXACT;
  answer->node_count = layout.node_count;
  answer->participant_count = participants;
  answer->transfer_count = participants - 1;
  return HETCAST_OK;
}

hetcast_status hetcast_profile_node_role(
    const hetcast_profile* profile, const hetcast_node_request* request,
    uint32_t node_id, void* workspace, size_t workspace_size,
    hetcast_node* node, hetcast_transfer* children, size_t children_capacity,
    size_t* child_count) {
  if (node == nullptr || child_count == nullptr ||
      (children == nullptr && children_capacity != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  *child_count = 0;
  Resolved resolved;
  NodeLayout layout;
  hetcast_status status =
      hetcast::internal::Prepare(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  if (node_id >= layout.node_count) return HETCAST_INVALID_ARGUMENT;
  const ProfileView& v = View(profile);
  const size_t participants = 1 + resolved.destinations + resolved.relay_total;
  Arena arena(workspace, workspace_size);
  Scratch scratch;
  if (!hetcast::internal::Carve(participants, &arena, &scratch)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  // The node's own entry, as ResetNodes would write it.
  const uint32_t cls = node_id == 0 ? 0 : layout.ClassOf(node_id);
  node->type = node_id == 0 ? resolved.source : layout.TypeOfClass(cls);
  node->is_relay = node_id != 0 && layout.IsRelayClass(cls);
  node->arrival = node_id == 0 ? 0 : HETCAST_NEVER;
  node->parent = HETCAST_NO_NODE;
  node->send_index = 0;
  size_t count = 0;
  bool overflowed = false;
  hetcast::internal::Expand(
      v, resolved, layout, scratch.heap,
      [&](uint32_t sender, uint32_t sender_type, uint32_t child,
          uint64_t arrival, uint32_t send_index, bool sender_done,
          bool child_sends) {
        if (child == node_id) {
          node->arrival = arrival;
          node->parent = sender;
          node->send_index = send_index;
          // A leaf's role is complete once it is placed.
          if (!child_sends) return false;
        }
        if (sender == node_id) {
          if (count < children_capacity) {
            children[count] = hetcast_transfer{
                sender, child, arrival - v.cost[sender_type], arrival};
          } else {
            overflowed = true;
          }
          ++count;
          if (sender_done) return false;
        }
        return true;
      });
  *child_count = count;
  if (overflowed) return HETCAST_OUTPUT_TOO_SMALL;
  return HETCAST_OK;
}

}  // extern "C"
