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
// that order. Two algorithms do it (they give byte-identical schedules; a
// test checks):
//  - the step path (the usual one, when the completion time T is small next
//    to the number of nodes n: (T + 1) k <= 8 n + 256): one arrival time at
//    a time, senders kept in per-class ranges, transfers written straight
//    to their final place; O(n + k T), no sorting (see "The step path");
//  - the queue path (any T): senders in 2k time-ordered queues, the least
//    head popped next; transfers come out ordered by (arrival, from),
//    grouped by the sender's type that is also (start, from) order, so a
//    k-way merge gives the schedule's order; O(n k).
#include <string.h>

#include <type_traits>

#include "flatbuffers/flatbuffers.h"
#include "runtime/arena.h"
#include "runtime/include/hetcast/hetcast.h"
#include "runtime/node/layout.h"
#include "runtime/table/internal.h"
#include "tables/hetcast_table_generated.h"

namespace hetcast {
namespace internal {
namespace {

constexpr uint32_t kMaxTimeBits = 62;
constexpr uint32_t kMaxEntryBits = 63;

struct TableView {
  const fb::HetcastTable* root;
  uint64_t profile_count;
  uint32_t schema_version;
  uint64_t hash;  // hetcast_table_hash.
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

// FNV-1a, 64-bit (Fowler, Noll, Vo): the table's identity, not a defence
// against a forger (a rank that wants to lie can).
uint64_t Fnv1a64(const uint8_t* bytes, size_t size) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (size_t i = 0; i < size; ++i) {
    hash = (hash ^ bytes[i]) * 0x100000001b3u;
  }
  return hash;
}

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
    if (t->cost() == 0 || t->cost() > HETCAST_MAX_COST) {
      return "a node type's cost is 0 or above HETCAST_MAX_COST (2^40)";
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
  if (p->method() != fb::Method_ExactDp && p->method() != fb::Method_Ptas) {
    return "unknown profile method";
  }
  view->method = p->method();
  const bool ptas = view->IsPtas();
  const uint32_t time_bits = p->time_bits();
  const uint32_t type_bits = p->type_bits();
  const uint32_t split_bits = p->split_bits();
  if (time_bits == 0 || time_bits > kMaxTimeBits ||
      type_bits != (ptas ? 0 : BitWidth(k - 1)) ||
      split_bits != (ptas ? 0 : BitWidth(states - 1)) ||
      time_bits + type_bits + split_bits > kMaxEntryBits) {
    return "a profile's entry bit widths are inconsistent";
  }
  if (ptas) {
    uint64_t destinations = 0;
    for (uint32_t j = 0; j < k; ++j) destinations += view->limit[j];
    view->ptas_bound = p->ptas_bound();
    view->ptas_bound_kind = p->ptas_bound_kind();
    view->ptas_offsets = p->ptas_offsets();
    view->ptas_nodes = p->ptas_nodes();
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
  } else if (p->ptas_bound() != nullptr || p->ptas_nodes() != nullptr ||
             p->ptas_offsets() != nullptr || p->ptas_bound_kind() != nullptr) {
    return "an exact profile carries PTAS schedule vectors";
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

// One stored PTAS schedule: the broadcast instance of an entry, ids 0..n
// (source, then destinations by type), node v's record at nodes[first+v-1].
struct PtasSchedule {
  const ProfileView* v;
  uint32_t source;
  uint32_t n;
  uint32_t first;
  uint32_t base[HETCAST_TABLE_MAX_TYPES + 1];  // base[k] = n + 1.

  PtasSchedule(const ProfileView& view, uint32_t s, uint64_t state) {
    v = &view;
    source = s;
    const uint64_t e = s * view.state_count + state;
    first = view.ptas_offsets->Get(static_cast<uint32_t>(e));
    uint32_t next = 1;
    for (uint32_t j = 0; j < view.type_count; ++j) {
      base[j] = next;
      next += static_cast<uint32_t>((state / view.stride[j]) %
                                    (uint64_t{view.limit[j]} + 1));
    }
    base[view.type_count] = next;
    n = next - 1;
  }
  uint32_t TypeOf(uint32_t id) const {
    if (id == 0) return source;
    uint32_t j = 0;
    while (id >= base[j + 1]) ++j;
    return j;
  }
  uint32_t Parent(uint32_t id) const {
    return v->ptas_nodes->Get(first + id - 1) & 0xFFFFu;
  }
  uint32_t Send(uint32_t id) const {
    return v->ptas_nodes->Get(first + id - 1) >> 16;
  }
  // Arrival by walking up; false on a cycle, a bad record or an overflow.
  bool Arrival(uint32_t id, uint64_t* arrival) const {
    uint64_t t = 0;
    for (uint32_t steps = 0; id != 0; ++steps) {
      const uint32_t parent = Parent(id);
      const uint32_t send = Send(id);
      if (steps > n || parent > n || parent == id || send == 0) return false;
      if (__builtin_add_overflow(t, send * v->cost[TypeOf(parent)], &t) ||
          t > (uint64_t{1} << kMaxTimeBits)) {
        return false;
      }
      id = parent;
    }
    *arrival = t;
    return true;
  }
};

// The semantic check of a PTAS profile: every stored schedule is a valid
// broadcast of its state in canonical ids whose completion is the entry's
// time, and every bound is at most that time. O(sum of n^2) over entries.
const char* VerifyPtasEntries(const ProfileView& v) {
  const uint32_t k = v.type_count;
  for (uint32_t s = 0; s < k; ++s) {
    for (uint64_t state = 0; state < v.state_count; ++state) {
      const uint64_t e = s * v.state_count + state;
      const PtasSchedule t(v, s, state);
      if (v.ptas_offsets->Get(static_cast<uint32_t>(e + 1)) <
              v.ptas_offsets->Get(static_cast<uint32_t>(e)) ||
          v.ptas_offsets->Get(static_cast<uint32_t>(e + 1)) - t.first != t.n) {
        return "a PTAS schedule's length is not its state's destination count";
      }
      uint64_t completion = 0;
      uint64_t previous = 0;
      for (uint32_t id = 1; id <= t.n; ++id) {
        uint64_t arrival;
        if (!t.Arrival(id, &arrival)) {
          return "a PTAS schedule has a bad parent, send index or cycle";
        }
        if (id > 1 && t.TypeOf(id) == t.TypeOf(id - 1) &&
            (arrival < previous ||
             (arrival == previous && t.Parent(id) < t.Parent(id - 1)))) {
          return "a PTAS schedule's ids are not in canonical order";
        }
        for (uint32_t other = 1; other < id; ++other) {
          if (t.Parent(other) == t.Parent(id) && t.Send(other) == t.Send(id)) {
            return "a PTAS schedule has two receivers of one send";
          }
        }
        previous = arrival;
        if (arrival > completion) completion = arrival;
      }
      if (completion != v.Time(s, state)) {
        return "a PTAS completion time disagrees with its schedule";
      }
      if (v.ptas_bound->Get(static_cast<uint32_t>(e)) > completion ||
          v.ptas_bound_kind->Get(static_cast<uint32_t>(e)) >
              HETCAST_BOUND_PTAS_GUESS) {
        return "a PTAS lower bound exceeds its completion time or has an "
               "unknown kind";
      }
    }
  }
  return nullptr;
}

// The semantic check of every entry (see hetcast_table_open).
const char* VerifyEntries(const ProfileView& v) {
  if (v.IsPtas()) return VerifyPtasEntries(v);
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
  uint64_t destination_count[HETCAST_TABLE_MAX_TYPES];
  uint64_t relays_used[HETCAST_TABLE_MAX_TYPES];
  uint64_t relay_total;
  // PTAS profiles: the least stored bound over the instances tried (a bound
  // on the multicast optimum, Khuller & Kim Theorem 7.1), and its kind.
  uint64_t bound;
  uint32_t bound_kind;
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
    out->destination_count[j] = d;
    if (d > v.limit[j]) return HETCAST_NOT_IN_TABLE;
    out->state += d * v.stride[j];
    out->destinations += d;
    if (d > 0 && v.cost[j] > slowest_destination) {
      slowest_destination = v.cost[j];
    }
  }
  out->completion = v.Time(out->source, out->state);
  auto note_bound = [&](uint64_t state) {
    if (!v.IsPtas()) return;
    const uint32_t e =
        static_cast<uint32_t>(out->source * v.state_count + state);
    if (state == out->state || v.ptas_bound->Get(e) < out->bound) {
      out->bound = v.ptas_bound->Get(e);
      out->bound_kind = v.ptas_bound_kind->Get(e);
    }
  };
  out->bound = out->completion;
  out->bound_kind = HETCAST_BOUND_EXACT;
  note_bound(out->state);
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
      note_bound(state);
      if (t < out->completion) {
        out->completion = t;
        out->state = state;
        out->relay_total = m;
        for (uint32_t i = 0; i < k; ++i) out->relays_used[i] = taken[i];
      }
    }
  }
  // Exact profile: Theorem 7.1 makes the best m optimal, so the bound is the
  // completion found (the no-relay time set above is no bound on it).
  if (!v.IsPtas()) out->bound = out->completion;
  return HETCAST_OK;
}

// Canonical id ranges of a table request (hetcast.h, "Canonical node ids"):
// the source, destinations by type, then every relay by type.
struct TableLayout {
  uint32_t destination_base[HETCAST_TABLE_MAX_TYPES];
  uint32_t relay_base[HETCAST_TABLE_MAX_TYPES];
  uint64_t relay_count[HETCAST_TABLE_MAX_TYPES];  // Offered, used or not.
  uint32_t node_count;
  uint32_t participants;  // Source + destinations + relays used.
};

hetcast_status BuildTableLayout(const ProfileView& v,
                                const hetcast_node_request* r,
                                const Resolved& resolved, TableLayout* out) {
  uint64_t next = 1;
  for (uint32_t j = 0; j < v.type_count; ++j) {
    out->destination_base[j] = static_cast<uint32_t>(next);
    next += r->destination_counts[j];  // <= limit: cannot overflow.
  }
  for (uint32_t j = 0; j < v.type_count; ++j) {
    out->relay_base[j] = static_cast<uint32_t>(next);
    const uint64_t offered = r->relay_counts ? r->relay_counts[j] : 0;
    out->relay_count[j] = offered;
    if (offered > HETCAST_MAX_NODES || next + offered > HETCAST_MAX_NODES) {
      return HETCAST_TOO_LARGE;
    }
    next += offered;
  }
  out->node_count = static_cast<uint32_t>(next);
  out->participants =
      static_cast<uint32_t>(1 + resolved.destinations + resolved.relay_total);
  return HETCAST_OK;
}

// The id of the `position`-th node of type l to be informed: destinations
// take a type's first positions, relays the rest (see Expand). Ids grow with
// the position, which Expand's queues rely on.
inline uint32_t IdOf(const TableLayout& layout, const Resolved& resolved,
                     uint32_t l, uint64_t position) {
  const uint64_t d = resolved.destination_count[l];
  return position < d
             ? layout.destination_base[l] + static_cast<uint32_t>(position)
             : layout.relay_base[l] + static_cast<uint32_t>(position - d);
}

// A PTAS entry's stored schedule in the request's ids: instance id ->
// (type, position) -> IdOf, so destinations take each type's earliest
// positions and the relays used the rest, as in Expand.
struct PtasMapped {
  PtasSchedule t;
  const TableLayout* layout;
  const Resolved* resolved;

  PtasMapped(const ProfileView& v, const Resolved& r, const TableLayout& l)
      : t(v, r.source, r.state), layout(&l), resolved(&r) {}
  uint32_t RequestId(uint32_t id) const {
    if (id == 0) return 0;
    const uint32_t j = t.TypeOf(id);
    return IdOf(*layout, *resolved, j, id - t.base[j]);
  }
  // The instance id of request id `rid`, or UINT32_MAX for an unused relay.
  uint32_t InstanceId(uint32_t rid) const {
    if (rid == 0) return 0;
    const uint32_t k = t.v->type_count;
    const bool relay = rid >= layout->relay_base[0];
    const uint32_t* base =
        relay ? layout->relay_base : layout->destination_base;
    uint32_t j = 0;
    while (j + 1 < k && rid >= base[j + 1]) ++j;
    uint64_t position = rid - base[j];
    if (relay) {
      if (position >= resolved->relays_used[j]) return UINT32_MAX;
      position += resolved->destination_count[j];
    }
    return t.base[j] + static_cast<uint32_t>(position);
  }
  hetcast_node Node(uint32_t id) const {
    uint64_t arrival = 0;
    t.Arrival(id, &arrival);  // Verified at open.
    const uint32_t rid = RequestId(id);
    return hetcast_node{arrival, RequestId(t.Parent(id)), t.TypeOf(id),
                        t.Send(id), rid >= layout->relay_base[0] ? 1u : 0u};
  }
};

void PlanPtasEntry(const ProfileView& v, const Resolved& resolved,
                   const TableLayout& layout, hetcast_node* nodes,
                   hetcast_transfer* transfers) {
  const PtasMapped m(v, resolved, layout);
  size_t count = 0;
  for (uint32_t id = 1; id <= m.t.n; ++id) {
    const hetcast_node node = m.Node(id);
    const uint32_t rid = m.RequestId(id);
    nodes[rid] = node;
    if (transfers != nullptr) {
      const uint64_t cost = v.cost[m.t.TypeOf(m.t.Parent(id))];
      transfers[count++] =
          hetcast_transfer{node.parent, rid, node.arrival - cost, node.arrival};
    }
  }
  if (transfers != nullptr) SortTransfers(transfers, count);
}

// A sender in the expansion heap, ordered by (next arrival, id). Packed:
// both in one 64-bit key, time above the id bits (when the completion time
// leaves room, which is the usual case); Wide: two fields.
struct PackedSender {
  uint64_t key;
  uint32_t state;       // Its remaining subtree.
  uint32_t type_sends;  // type in the low 4 bits, sends made above.
};
struct WideSender {
  uint64_t time;
  uint32_t id;
  uint32_t state;
  uint32_t type_sends;
};
static_assert(HETCAST_TABLE_MAX_TYPES <= 16, "type field is 4 bits");

struct PackedKeys {
  using Sender = PackedSender;
  using Key = uint64_t;
  // Larger than any real key: times are at most 2^62 and the key has room
  // for time and id, so all ones is never a (time, id) pair in use.
  static constexpr Key kEmpty = UINT64_MAX;
  static Key KeyOf(const Sender& x) { return x.key; }
  static bool Less(Key a, Key b) { return a < b; }
  Key MakeKey(uint64_t time, uint32_t id) const {
    return (time << id_bits) | id;
  }
  uint32_t id_bits;
  uint64_t id_mask;
  Sender Make(uint64_t time, uint32_t id, uint32_t state, uint32_t type,
              uint32_t sends) const {
    return Sender{(time << id_bits) | id, state, type | (sends << 4)};
  }
  static bool Before(const Sender& a, const Sender& b) { return a.key < b.key; }
  uint64_t Time(const Sender& x) const { return x.key >> id_bits; }
  uint32_t Id(const Sender& x) const {
    return static_cast<uint32_t>(x.key & id_mask);
  }
  void Advance(Sender* x, uint64_t cost) const { x->key += cost << id_bits; }
};

struct WideKey {
  uint64_t time;
  uint32_t id;
};

struct WideKeys {
  using Sender = WideSender;
  using Key = WideKey;
  static constexpr Key kEmpty = {UINT64_MAX, UINT32_MAX};
  static Key KeyOf(const Sender& x) { return Key{x.time, x.id}; }
  static bool Less(Key a, Key b) {
    return a.time < b.time || (a.time == b.time && a.id < b.id);
  }
  Key MakeKey(uint64_t time, uint32_t id) const { return Key{time, id}; }
  Sender Make(uint64_t time, uint32_t id, uint32_t state, uint32_t type,
              uint32_t sends) const {
    return Sender{time, id, state, type | (sends << 4)};
  }
  static bool Before(const Sender& a, const Sender& b) {
    return a.time < b.time || (a.time == b.time && a.id < b.id);
  }
  uint64_t Time(const Sender& x) const { return x.time; }
  uint32_t Id(const Sender& x) const { return x.id; }
  void Advance(Sender* x, uint64_t cost) const { x->time += cost; }
};

// The index of the least of keys[0, count) (count >= 1), the first on ties,
// and its key. Branch-free: which queue or run wins is unpredictable.
template <typename Keys>
inline uint32_t ArgMin(const typename Keys::Key* keys, uint32_t count,
                       typename Keys::Key* min) {
  uint32_t best = 0;
  typename Keys::Key best_key = keys[0];
  for (uint32_t i = 1; i < count; ++i) {
    const bool less = Keys::Less(keys[i], best_key);
    best = less ? i : best;
    best_key = less ? keys[i] : best_key;
  }
  *min = best_key;
  return best;
}

template <typename EntryWord>
struct EntryReader {
  using Word = EntryWord;
  const uint8_t* base;
  // Entries from e on, as little-endian words (the buffer is aligned).
  const Word* Row(uint64_t e) const {
    return reinterpret_cast<const Word*>(base + sizeof(Word) * e);
  }
  void Prefetch(const Word* p) const {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
  }
  uint64_t operator()(uint64_t e) const {
    return flatbuffers::ReadScalar<Word>(base + sizeof(Word) * e);
  }
  void Prefetch(uint64_t e) const {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(base + sizeof(Word) * e);
#else
    (void)e;
#endif
  }
};

// Expands the tree of `resolved` in canonical order, calling
// visit(sender, sender_type, child, child_type, arrival, send_index,
// sender_done, child_sends) for every transfer; `visit` returns false to
// stop early.
//
// Senders wait in 2k FIFO queues, two per type: senders that have already
// sent (re-queued after each send) and new nodes that have not. Every entry
// queued while handling a sender popped at time t has key t + C(its type),
// and pops happen in nondecreasing (time, id) order, so each queue stays
// sorted by (time, id): in the re-queue the ids at one time are the popped
// senders' ids, in pop order; in the new-node queue they are positions of
// one type in pop order, and ids grow with positions. The next sender is the
// least of the 2k queue heads, O(k) per transfer. `pool` and `next` have
// room for 2 * participants entries.
//
// Relays of a type take the last positions of that type. Any labelling is
// fine: with the smallest best m, no node of a type that has chosen relays
// is a leaf (dropping such a leaf, and swapping the costliest chosen relay's
// node for that cheaper type, would serve m - 1 relays no later), so every
// relay forwards, towards destinations in the end.
template <typename Keys, typename Reader, typename Visit>
void Expand(const ProfileView& v, const Resolved& resolved,
            const TableLayout& layout, const Keys& keys, Reader entry,
            typename Keys::Sender* pool, uint32_t* next, Visit visit) {
  using Sender = typename Keys::Sender;
  constexpr uint32_t kNone = UINT32_MAX;
  // Local copies: the compiler need not reload them after every write to
  // the caller's arrays.
  uint64_t cost[HETCAST_TABLE_MAX_TYPES], stride[HETCAST_TABLE_MAX_TYPES];
  uint64_t position[HETCAST_TABLE_MAX_TYPES];
  const uint32_t k = v.type_count;
  for (uint32_t j = 0; j < k; ++j) {
    cost[j] = v.cost[j];
    stride[j] = v.stride[j];
    position[j] = 0;
  }
  // Queue q: its first and last pool slot, and a copy of its head's sort
  // key (Keys::kEmpty when empty) so choosing the next sender is a scan of
  // one small array.
  uint32_t head[2 * HETCAST_TABLE_MAX_TYPES], tail[2 * HETCAST_TABLE_MAX_TYPES];
  typename Keys::Key head_key[2 * HETCAST_TABLE_MAX_TYPES];
  const uint32_t queues = 2 * k;
  for (uint32_t q = 0; q < queues; ++q) {
    head[q] = tail[q] = kNone;
    head_key[q] = Keys::kEmpty;
  }
  const uint32_t time_bits = v.time_bits;
  const uint32_t split_shift = v.split_shift;
  const uint32_t type_mask = v.type_mask;
  const uint64_t state_count = v.state_count;
  uint32_t used = 0;
  auto push = [&](uint32_t q, const Sender& x) {
    // The entry is read when x is popped; start loading it now.
    entry.Prefetch((x.type_sends & 15) * state_count + x.state);
    pool[used] = x;
    next[used] = kNone;
    if (tail[q] == kNone) {
      head[q] = used;
      head_key[q] = Keys::KeyOf(x);
    } else {
      next[tail[q]] = used;
    }
    tail[q] = used++;
  };
  if (resolved.state != 0) {
    push(2 * resolved.source,
         keys.Make(cost[resolved.source], 0,
                   static_cast<uint32_t>(resolved.state), resolved.source, 0));
  }
  while (true) {
    typename Keys::Key best_key;
    const uint32_t best = ArgMin<Keys>(head_key, queues, &best_key);
    if (!Keys::Less(best_key, Keys::kEmpty)) return;
    const uint32_t slot = head[best];
    const uint32_t after = next[slot];
    head[best] = after;
    if (after == kNone) {
      tail[best] = kNone;
      head_key[best] = Keys::kEmpty;
    } else {
      head_key[best] = Keys::KeyOf(pool[after]);
    }
    Sender top = pool[slot];
    const uint32_t sender_id = keys.Id(top);
    const uint32_t sender_type = top.type_sends & 15;
    const uint64_t word = entry(sender_type * state_count + top.state);
    const uint32_t l = (word >> time_bits) & type_mask;
    const uint32_t y = static_cast<uint32_t>(word >> split_shift);
    const uint64_t arrival = keys.Time(top);
    top.type_sends += 16;
    const uint32_t send_index = top.type_sends >> 4;
    const uint32_t child_id = IdOf(layout, resolved, l, position[l]++);
    const uint32_t remaining = top.state - static_cast<uint32_t>(stride[l]) - y;
    if (remaining != 0) {
      top.state = remaining;
      keys.Advance(&top, cost[sender_type]);
      push(2 * sender_type, top);
    }
    if (y != 0) {
      push(2 * l + 1, keys.Make(arrival + cost[l], child_id, y, l, 0));
    }
    if (!visit(sender_id, sender_type, child_id, l, arrival, send_index,
               remaining == 0, y != 0)) {
      return;
    }
  }
}

// Merges the per-sender-type runs of the expansion (run j starts at
// first[j] and continues through next[]) by (start, from) into `out`. K is
// the type count when known at compile time (the head keys then live in
// registers), else an upper bound with the count in `k`.
template <typename Keys, uint32_t K>
void MergeRuns(const uint32_t* first, const hetcast_transfer* in,
               const typename Keys::Key* key, const uint32_t* next,
               uint32_t count, hetcast_transfer* out, uint32_t k = K) {
  uint32_t cursor[K];
  typename Keys::Key head[K];
  for (uint32_t j = 0; j < K; ++j) {
    cursor[j] = j < k ? first[j] : UINT32_MAX;
    head[j] = cursor[j] == UINT32_MAX ? Keys::kEmpty : key[cursor[j]];
  }
  for (uint32_t w = 0; w < count; ++w) {
    typename Keys::Key best_key;
    const uint32_t best = ArgMin<Keys>(head, K, &best_key);
    const uint32_t i = cursor[best];
    out[w] = in[i];
    const uint32_t after = next[i];
    cursor[best] = after;
    head[best] = after == UINT32_MAX ? Keys::kEmpty : key[after];
  }
}

// Calls fn(keys, reader) with the fastest key and entry representation
// that fit this request: packed keys when completion time and ids share 64
// bits (the usual case), 4- or 8-byte entries as the profile stores them.
template <typename Fn>
void Dispatch(const ProfileView& v, const Resolved& resolved,
              const TableLayout& layout, Fn fn) {
  const uint32_t id_bits = BitWidth(layout.node_count - 1);
  const bool packed = BitWidth(resolved.completion) + id_bits <= 63;
  const PackedKeys packed_keys{id_bits, (uint64_t{1} << id_bits) - 1};
  if (v.entry_bytes == 4) {
    const EntryReader<uint32_t> reader{v.entries};
    if (packed) {
      fn(packed_keys, reader);
    } else {
      fn(WideKeys{}, reader);
    }
  } else {
    const EntryReader<uint64_t> reader{v.entries};
    if (packed) {
      fn(packed_keys, reader);
    } else {
      fn(WideKeys{}, reader);
    }
  }
}

// ---------------------------------------------------------------------------
// The step path: when the completion time T is small next to the number of
// participants n (the common case: times are counts of small send costs),
// the tree is expanded one arrival time at a time. Canonical ids and the
// (start, from) order of transfers both fall out of the walk: no heap, no
// sorting, and no data-dependent branch per node.
//
// A node of type j that arrives at a sends without a pause while its
// subtree is not empty: its m-th child arrives at a + m C(j). So the
// children arriving at t > 0 are one child of each node of each type j
// that sent a child arriving at t - C(j) and still has a nonempty subtree,
// and of each node of type j that arrived at t - C(j) with a nonempty
// subtree.
//
// Classes. Canonical ids (hetcast.h) come in 2k ranges: the destinations of
// type 0, 1, ..., then the relays of type 0, 1, ...; within a range they
// follow positions, and positions are (arrival, parent id) order per type.
// A node's class is its range (k classes when no relay is used).
//
// Lists. List (c, s) holds the class-c nodes that send a transfer starting
// at s (s > 0: arriving at s + C(j)), in id order, as two ranges:
//   A: the class's senders that sent at step s (arrival s) and kept a
//      nonempty subtree, written to `survivors` by that step's walk of
//      class c (contiguous), then
//   B: the class's nodes that arrived at s with a nonempty subtree, written
//      to the class's part of `fresh` during step s (contiguous).
// Every node of A arrived before every node of B and both are in position
// order, so A then B is id order. The source (id 0, least of all) is kept
// apart.
//
// Step t (t = 1..T) makes the children arriving at t: the source sends
// first, then class by class in id order, list (c, t - C(j)) is walked and
// every node on it sends one child (one decision read). The child takes the
// next position of its type, which fixes its id and class; it is written to
// its class's part of `fresh`, whose end advances only when its subtree is
// not empty. The sender is written to the end of `survivors`, which
// advances only when its remaining subtree is not empty. Children are
// generated in (parent id) order within a step and steps run in time order,
// so positions are assigned in exactly canonical order.
//
// Transfers. The transfers starting at s are, in (start, from) order: the
// source's (if it sends at s), then list (c, s)'s for c = 0, 1, ..., each
// in id order. At the end of step s every list (c, s) is complete (A and B
// are written by then), so its final offset in the output is known then:
// the walk that empties it C(j) steps later writes each transfer straight
// to its place.
//
// Only lists with nodes are walked: at the end of step s, list (c, s) with
// nodes sets bit c of due[s + C(j)], and step t walks the classes of due[t]
// in bit order (= class order). A step where nothing arrives (no due list,
// no send of the source) is skipped.
//
// O(n + k T) time; workspace O(n + k T).

// The send of one node: inlined into the walk.
#if defined(__GNUC__) || defined(__clang__)
#define HETCAST_INLINE __attribute__((always_inline))
#else
#define HETCAST_INLINE
#endif

struct StepSender {
  uint32_t state;  // Remaining subtree.
  uint32_t id;     // Canonical id.
  uint32_t sends;  // Sends made so far.
};

// List (c, s): A = survivors[a_begin, a_end), B = fresh[b_begin, b_end),
// and where its transfers go. Written at the end of step s.
struct StepList {
  uint32_t a_begin;
  uint32_t a_end;
  uint32_t b_begin;
  uint32_t b_end;
  uint32_t out;  // Output offset of its first transfer.
};

struct StepScratch {
  StepSender* survivors;  // One entry per send at most.
  StepSender* fresh;      // One part per class.
  StepList* lists;        // classes x (T + 2), list (c, s) at c (T + 2) + s.
  uint32_t* source_out;   // T + 1: output offset of the source's transfer
                          // starting at s.
  uint32_t* due;          // 2 (T + 2): classes to walk at each step (bits).
};

// What the step path needs beyond the request.
struct StepPlan {
  uint32_t completion;
  uint32_t classes;  // k, or 2k when relays are used.
  bool relays;
  uint32_t fresh_base[2 * HETCAST_TABLE_MAX_TYPES];
};

// The step path's limits: times and counts fit in 32 bits.
constexpr uint64_t kStepMaxTime = uint64_t{1} << 26;

bool StepPathFits(const Resolved& resolved, const TableLayout& layout) {
  return resolved.completion < kStepMaxTime &&
         layout.participants < kStepMaxTime;
}

// Whether the step path is the cheaper one: its per-step overhead (k
// classes for each of T steps) is small next to the per-node work.
bool StepPathPays(const ProfileView& v, const Resolved& resolved,
                  const TableLayout& layout) {
  return (resolved.completion + 1) * v.type_count <=
         8 * uint64_t{layout.participants} + 256;
}

// Requires StepPathFits.
void MakeStepPlan(const ProfileView& v, const Resolved& resolved,
                  StepPlan* plan) {
  const uint32_t k = v.type_count;
  plan->relays = resolved.relay_total != 0;
  plan->completion = static_cast<uint32_t>(resolved.completion);
  plan->classes = plan->relays ? 2 * k : k;
  uint32_t fresh = 0;
  for (uint32_t j = 0; j < k; ++j) {
    plan->fresh_base[j] = fresh;
    fresh += static_cast<uint32_t>(resolved.destination_count[j]);
  }
  for (uint32_t j = 0; plan->relays && j < k; ++j) {
    plan->fresh_base[k + j] = fresh;
    fresh += static_cast<uint32_t>(resolved.relays_used[j]);
  }
}

void CarveSteps(size_t participants, const StepPlan& plan, bool with_transfers,
                Arena* arena, StepScratch* s) {
  *s = StepScratch();
  const size_t steps = size_t{plan.completion} + 2;
  s->survivors = arena->Allocate<StepSender>(participants);
  s->fresh = arena->Allocate<StepSender>(participants);
  s->lists = arena->Allocate<StepList>(steps * plan.classes);
  s->due = arena->Allocate<uint32_t>(2 * steps);
  if (with_transfers) s->source_out = arena->Allocate<uint32_t>(steps);
}

// Per type, what a send reads, in one record.
template <typename Word>
struct StepType {
  const Word* row;  // Its entries.
  uint32_t next;    // No relays: the next id; else the next position.
  uint32_t stride;
  uint32_t destinations;
  uint32_t destination_base;
  uint32_t relay_base;
  uint32_t cost;  // 0 when above T: such a node never sends.
};

#if defined(__GNUC__) || defined(__clang__)
#define HETCAST_NOINLINE __attribute__((noinline))
#else
#define HETCAST_NOINLINE
#endif

// What a walk reads and writes. The walk is a function of its own so that
// the step loop and the walk each keep their own values in registers.
// kTransfers: transfers wanted; kRelays: relays used (else every child is
// a destination and k classes suffice).
template <bool kTransfers, bool kRelays, typename Reader>
struct StepWalker {
  using Word = typename Reader::Word;
  StepType<Word> type[HETCAST_TABLE_MAX_TYPES];
  uint32_t fresh_end[2 * HETCAST_TABLE_MAX_TYPES];  // Per class.
  Reader entry;
  StepSender* survivors;
  StepSender* fresh;
  hetcast_node* nodes;
  hetcast_transfer* transfers;
  uint32_t k;
  uint32_t time_bits;
  uint32_t split_shift;
  uint32_t type_mask;

  // Sender x (entries `base`) sends its next child, arriving at t, as
  // transfer `out`; returns the sender's remaining subtree.
  HETCAST_INLINE uint32_t Send(const StepSender& x, const Word* base,
                               uint32_t t, uint32_t start, uint32_t out,
                               hetcast_node* nodes_out,
                               hetcast_transfer* transfers_out,
                               StepSender* fresh_out) {
    const uint64_t word = flatbuffers::EndianScalar(base[x.state]);
    const uint32_t l = (word >> time_bits) & type_mask;
    const uint32_t y = static_cast<uint32_t>(word >> split_shift);
    StepType<Word>& to = type[l];
    entry.Prefetch(to.row + y);  // Read one send period later.
    uint32_t child, child_class, relay;
    if (kRelays) {
      const uint32_t p = to.next++;
      relay = p >= to.destinations;
      child = relay ? to.relay_base + (p - to.destinations)
                    : to.destination_base + p;
      child_class = relay ? k + l : l;
    } else {
      child = to.next++;
      child_class = l;
      relay = 0;
    }
    const uint32_t stride = to.stride;
    nodes_out[child] = hetcast_node{t, x.id, l, x.sends + 1, relay};
    const uint32_t slot = fresh_end[child_class];
    fresh_end[child_class] = slot + (y != 0);
    fresh_out[slot] = StepSender{y, child, 0};
    if (kTransfers) {
      transfers_out[out] = hetcast_transfer{x.id, child, start, t};
    }
    return x.state - stride - y;
  }

  // Every sender of `list` (entries `base`) sends at step t, its transfers
  // going to list.out, list.out + 1, ...; survivors go to
  // survivors[survivor_end, ...). Returns the new survivor end.
  HETCAST_NOINLINE uint32_t Walk(const StepList& list, const Word* base,
                                 uint32_t t, uint32_t start,
                                 uint32_t survivor_end) {
    hetcast_node* const nodes_out = nodes;
    hetcast_transfer* const transfers_out = transfers;
    StepSender* const fresh_out = fresh;
    StepSender* const kept = survivors;
    uint32_t out = list.out;
    const StepSender* const a_end = kept + list.a_end;
    for (const StepSender* x = kept + list.a_begin; x != a_end; ++x, ++out) {
      const uint32_t remaining =
          Send(*x, base, t, start, out, nodes_out, transfers_out, fresh_out);
      entry.Prefetch(base + remaining);
      kept[survivor_end] = StepSender{remaining, x->id, x->sends + 1};
      survivor_end += remaining != 0;
    }
    const StepSender* const b_end = fresh_out + list.b_end;
    for (const StepSender* x = fresh_out + list.b_begin; x != b_end;
         ++x, ++out) {
      const uint32_t remaining =
          Send(*x, base, t, start, out, nodes_out, transfers_out, fresh_out);
      entry.Prefetch(base + remaining);
      kept[survivor_end] = StepSender{remaining, x->id, 1};
      survivor_end += remaining != 0;
    }
    return survivor_end;
  }
};

template <bool kTransfers, bool kRelays, typename Reader>
void PlanBySteps(const ProfileView& v, const Resolved& resolved,
                 const TableLayout& layout, Reader entry, const StepPlan& plan,
                 const StepScratch& s, hetcast_node* nodes,
                 hetcast_transfer* transfers) {
  if (resolved.state == 0) return;  // The source alone.
  using Word = typename Reader::Word;
  const uint32_t k = v.type_count;
  const uint32_t T = plan.completion;
  const uint32_t classes = kRelays ? 2 * k : k;
  StepWalker<kTransfers, kRelays, Reader> w;
  StepType<Word>* type = w.type;
  uint32_t* fresh_end = w.fresh_end;
  w.entry = entry;
  w.survivors = s.survivors;
  w.fresh = s.fresh;
  w.nodes = nodes;
  w.transfers = transfers;
  w.k = k;
  w.time_bits = v.time_bits;
  w.split_shift = v.split_shift;
  w.type_mask = v.type_mask;
  for (uint32_t j = 0; j < k; ++j) {
    StepType<Word>& x = type[j];
    x.row = entry.Row(j * v.state_count);
    x.next = kRelays ? 0 : layout.destination_base[j];
    x.stride = static_cast<uint32_t>(v.stride[j]);  // < 2^32 states.
    x.destinations = static_cast<uint32_t>(resolved.destination_count[j]);
    x.destination_base = layout.destination_base[j];
    x.relay_base = layout.relay_base[j];
    x.cost = v.cost[j] <= T ? static_cast<uint32_t>(v.cost[j]) : 0;
  }
  const size_t list_stride = size_t{T} + 2;
  StepList* lists = s.lists;
  for (uint32_t c = 0; c < classes; ++c) fresh_end[c] = plan.fresh_base[c];
  StepSender* fresh = s.fresh;
  uint32_t survivor_end = 0;
  uint32_t* source_out = s.source_out;
  uint32_t out_end = 0;  // Transfers placed so far (offsets given out).
  const uint32_t source_type = resolved.source;
  const Word* source_row = type[source_type].row;
  const uint32_t source_cost = type[source_type].cost;
  StepSender source{static_cast<uint32_t>(resolved.state), 0, 0};
  uint32_t source_next = source_cost;  // Its next child's arrival.
  // Per class: its lists, the step between its sends (T + 1: never sends),
  // its entries, where its fresh part stood when the step began, and the
  // survivors its walk kept in this step.
  StepList* class_lists[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t class_step[2 * HETCAST_TABLE_MAX_TYPES];
  const Word* class_row[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t fresh_start[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t kept_begin[2 * HETCAST_TABLE_MAX_TYPES];
  uint32_t kept_end[2 * HETCAST_TABLE_MAX_TYPES];
  for (uint32_t c = 0; c < classes; ++c) {
    const uint32_t j = kRelays && c >= k ? c - k : c;
    class_lists[c] = lists + c * list_stride;
    class_step[c] = type[j].cost != 0 ? type[j].cost : T + 1;
    class_row[c] = type[j].row;
    fresh_start[c] = fresh_end[c];
    kept_begin[c] = kept_end[c] = 0;
  }
  // due[t]: bit c when list (c, t - step of c) is not empty, so step t
  // walks only those (bit order is class order, so id order is kept). A
  // list is read only when its bit is set; lists are written at the end of
  // their step, steps where nothing arrives are skipped.
  uint32_t* due = s.due;
  memset(due, 0, sizeof(uint32_t) * (2 * size_t{T} + 2));
  if (kTransfers) source_out[0] = out_end++;
  for (uint32_t t = 1; t <= T; ++t) {
    const bool source_sends = t == source_next && source.state != 0;
    uint32_t mask = due[t];
    if (!source_sends && mask == 0) continue;  // Nothing arrives at t.
    if (source_sends) {
      const uint32_t start = t - source_cost;
      source.state =
          w.Send(source, source_row, t, start,
                 kTransfers ? source_out[start] : 0, nodes, transfers, fresh);
      ++source.sends;
      source_next += source_cost;
    }
    for (; mask != 0; mask &= mask - 1) {
      const uint32_t c = static_cast<uint32_t>(__builtin_ctz(mask));
      const uint32_t step = class_step[c];
      kept_begin[c] = survivor_end;
      survivor_end = w.Walk(class_lists[c][t - step], class_row[c], t, t - step,
                            survivor_end);
      kept_end[c] = survivor_end;
    }
    // Every list of start t is complete: record it, give out its transfers'
    // offsets (the source's first) and note when it is walked.
    if (kTransfers && source.state != 0 && source_next - source_cost == t) {
      source_out[t] = out_end++;
    }
    for (uint32_t c = 0; c < classes; ++c) {
      StepList& made = class_lists[c][t];
      made.a_begin = kept_begin[c];
      made.a_end = kept_end[c];
      made.b_begin = fresh_start[c];
      made.b_end = fresh_end[c];
      made.out = out_end;
      const uint32_t size =
          (kept_end[c] - kept_begin[c]) + (fresh_end[c] - fresh_start[c]);
      if (kTransfers) out_end += size;
      due[t + class_step[c]] |= static_cast<uint32_t>(size != 0) << c;
      fresh_start[c] = fresh_end[c];
      kept_begin[c] = kept_end[c] = 0;
    }
  }
}

// Runs the step path with the template arguments that fit.
template <typename Reader>
void RunSteps(const ProfileView& v, const Resolved& resolved,
              const TableLayout& layout, Reader entry, const StepPlan& plan,
              const StepScratch& s, hetcast_node* nodes,
              hetcast_transfer* transfers) {
  if (transfers == nullptr) {
    if (plan.relays) {
      PlanBySteps<false, true>(v, resolved, layout, entry, plan, s, nodes,
                               transfers);
    } else {
      PlanBySteps<false, false>(v, resolved, layout, entry, plan, s, nodes,
                                transfers);
    }
  } else if (plan.relays) {
    PlanBySteps<true, true>(v, resolved, layout, entry, plan, s, nodes,
                            transfers);
  } else {
    PlanBySteps<true, false>(v, resolved, layout, entry, plan, s, nodes,
                             transfers);
  }
}

// Workspace carving shared by the sizes function and the queries. The heap
// is sized for the wider sender so either representation fits.
struct Scratch {
  WideSender* pool;
  uint32_t* pool_next;
  hetcast_transfer* popped;  // Transfers in expansion order,
  WideKey* popped_key;       // their (start, from) keys (either Key fits),
  uint32_t* popped_next;     // the next one with a sender of the same type.
};

bool Carve(size_t participants, bool with_transfers, Arena* arena,
           Scratch* scratch) {
  *scratch = Scratch();
  scratch->pool = arena->Allocate<WideSender>(2 * participants);
  scratch->pool_next = arena->Allocate<uint32_t>(2 * participants);
  if (with_transfers) {
    scratch->popped = arena->Allocate<hetcast_transfer>(participants);
    scratch->popped_key = arena->Allocate<WideKey>(participants);
    scratch->popped_next = arena->Allocate<uint32_t>(participants);
  }
  return !arena->failed();
}

hetcast_status Prepare(const hetcast_profile* profile,
                       const hetcast_node_request* request, Resolved* resolved,
                       TableLayout* layout) {
  if (profile == nullptr) return HETCAST_INVALID_ARGUMENT;
  const ProfileView& v = View(profile);
  hetcast_status status = Resolve(v, request, resolved);
  if (status != HETCAST_OK) return status;
  return BuildTableLayout(v, request, *resolved, layout);
}

}  // namespace
}  // namespace internal
}  // namespace hetcast

namespace hetcast {
namespace internal {

bool UseSteps(PlanPath path, const ProfileView& v, const Resolved& resolved,
              const TableLayout& layout) {
  if (path == PlanPath::kQueues || !StepPathFits(resolved, layout)) {
    return false;
  }
  return path == PlanPath::kSteps || StepPathPays(v, resolved, layout);
}

// Carves the scratch of the chosen path (measuring when `arena` measures).
bool CarvePlan(bool steps, const StepPlan& step_plan, const TableLayout& layout,
               bool with_transfers, Arena* arena, Scratch* queues,
               StepScratch* step_scratch) {
  if (steps) {
    CarveSteps(layout.participants, step_plan, with_transfers, arena,
               step_scratch);
    return !arena->failed();
  }
  return Carve(layout.participants, with_transfers, arena, queues);
}

hetcast_status PlanSizes(const hetcast_profile* profile,
                         const hetcast_node_request* request, PlanPath path,
                         hetcast_node_sizes* sizes) {
  if (sizes == nullptr) return HETCAST_INVALID_ARGUMENT;
  Resolved resolved;
  TableLayout layout;
  hetcast_status status = Prepare(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  const ProfileView& v = View(profile);
  Arena measure;
  Scratch scratch;
  StepScratch step_scratch;
  StepPlan step_plan;
  const bool steps = UseSteps(path, v, resolved, layout);
  if (steps) MakeStepPlan(v, resolved, &step_plan);
  CarvePlan(steps, step_plan, layout, /*with_transfers=*/true, &measure,
            &scratch, &step_scratch);
  sizes->node_count = layout.node_count;
  sizes->transfer_count = layout.participants - 1;
  // The node-role query needs the queue path's pool; ask for the larger.
  Arena measure_role;
  Carve(layout.participants, /*with_transfers=*/false, &measure_role, &scratch);
  sizes->workspace_bytes = measure.used() > measure_role.used()
                               ? measure.used()
                               : measure_role.used();
  sizes->fnf_runs = 0;
  return HETCAST_OK;
}

hetcast_status Plan(const hetcast_profile* profile,
                    const hetcast_node_request* request, PlanPath path,
                    void* workspace, size_t workspace_size, hetcast_node* nodes,
                    size_t node_capacity, hetcast_transfer* transfers,
                    size_t transfer_capacity, hetcast_answer* answer) {
  if (answer == nullptr) return HETCAST_INVALID_ARGUMENT;
  memset(answer, 0, sizeof(*answer));
  if (nodes == nullptr || (transfers == nullptr && transfer_capacity != 0)) {
    return HETCAST_INVALID_ARGUMENT;
  }
  Resolved resolved;
  TableLayout layout;
  hetcast_status status = Prepare(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  const ProfileView& v = View(profile);
  const size_t participants = layout.participants;
  if (node_capacity < layout.node_count) return HETCAST_OUTPUT_TOO_SMALL;
  if (transfers != nullptr && transfer_capacity < participants - 1) {
    return HETCAST_OUTPUT_TOO_SMALL;
  }
  const bool steps = UseSteps(path, v, resolved, layout);
  StepPlan step_plan;
  if (steps) MakeStepPlan(v, resolved, &step_plan);
  Arena arena(workspace, workspace_size);
  Scratch scratch;
  StepScratch step_scratch;
  if (!CarvePlan(steps, step_plan, layout, transfers != nullptr, &arena,
                 &scratch, &step_scratch)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  // The source and the relays the schedule leaves out; the paths write
  // every other node exactly once.
  nodes[0] = hetcast_node{0, HETCAST_NO_NODE, resolved.source, 0, 0};
  for (uint32_t j = 0; j < v.type_count; ++j) {
    for (uint64_t r = resolved.relays_used[j]; r < layout.relay_count[j]; ++r) {
      nodes[layout.relay_base[j] + r] =
          hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, j, 0, 1};
    }
  }
  if (v.IsPtas()) {
    PlanPtasEntry(v, resolved, layout, nodes, transfers);
  } else if (steps) {
    if (v.entry_bytes == 4) {
      RunSteps(v, resolved, layout, EntryReader<uint32_t>{v.entries}, step_plan,
               step_scratch, nodes, transfers);
    } else {
      RunSteps(v, resolved, layout, EntryReader<uint64_t>{v.entries}, step_plan,
               step_scratch, nodes, transfers);
    }
  } else {
    const bool with_transfers = transfers != nullptr;
    Dispatch(v, resolved, layout, [&](const auto& keys, auto reader) {
      using Keys = typename std::decay<decltype(keys)>::type;
      uint32_t popped = 0;
      hetcast_transfer* out = scratch.popped;
      typename Keys::Key* out_key =
          reinterpret_cast<typename Keys::Key*>(scratch.popped_key);
      uint32_t* out_next = scratch.popped_next;
      uint32_t first[HETCAST_TABLE_MAX_TYPES], last[HETCAST_TABLE_MAX_TYPES];
      for (uint32_t j = 0; j < v.type_count; ++j) {
        first[j] = last[j] = UINT32_MAX;
      }
      Expand(v, resolved, layout, keys, reader,
             reinterpret_cast<typename Keys::Sender*>(scratch.pool),
             scratch.pool_next,
             [&](uint32_t sender, uint32_t sender_type, uint32_t child,
                 uint32_t child_type, uint64_t arrival, uint32_t send_index,
                 bool /*sender_done*/, bool /*child_sends*/) {
               nodes[child] =
                   hetcast_node{arrival, sender, child_type, send_index,
                                child >= layout.relay_base[0]};
               if (with_transfers) {
                 const uint64_t start = arrival - v.cost[sender_type];
                 out[popped] = hetcast_transfer{sender, child, start, arrival};
                 out_key[popped] = keys.MakeKey(start, sender);
                 if (last[sender_type] == UINT32_MAX) {
                   first[sender_type] = popped;
                 } else {
                   out_next[last[sender_type]] = popped;
                 }
                 last[sender_type] = popped++;
               }
               return true;
             });
      if (!with_transfers || popped == 0) return;
      // Expansion order is (arrival, from); for the senders of one type that
      // is also (start, from) order, so the schedule is a merge of the k
      // per-sender-type subsequences, linked through `out_next`.
      for (uint32_t j = 0; j < v.type_count; ++j) {
        if (last[j] != UINT32_MAX) out_next[last[j]] = UINT32_MAX;
      }
      switch (v.type_count) {
        case 1:
          for (uint32_t w = 0; w < popped; ++w) transfers[w] = out[w];
          break;
        case 2:
          MergeRuns<Keys, 2>(first, out, out_key, out_next, popped, transfers);
          break;
        case 3:
          MergeRuns<Keys, 3>(first, out, out_key, out_next, popped, transfers);
          break;
        case 4:
          MergeRuns<Keys, 4>(first, out, out_key, out_next, popped, transfers);
          break;
        default:
          MergeRuns<Keys, HETCAST_TABLE_MAX_TYPES>(
              first, out, out_key, out_next, popped, transfers, v.type_count);
      }
    });
  }
  answer->algorithm = HETCAST_ALGORITHM_TABLE;
  answer->completion_time = resolved.completion;
  answer->lower_bound = resolved.bound;
  answer->lower_bound_kind = static_cast<hetcast_bound>(resolved.bound_kind);
  answer->exact = resolved.bound == resolved.completion;
  answer->node_count = layout.node_count;
  answer->participant_count = participants;
  answer->transfer_count = participants - 1;
  return HETCAST_OK;
}

}  // namespace internal
}  // namespace hetcast

using hetcast::internal::Arena;
using hetcast::internal::ProfileView;
using hetcast::internal::Resolved;
using hetcast::internal::Scratch;
using hetcast::internal::TableLayout;
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
      view->hash = hetcast::internal::Fnv1a64(bytes, size);
      status = HETCAST_OK;
    }
  }
  if (reason != nullptr && error != nullptr) *error = reason;
  return status;
}

uint64_t hetcast_table_hash(const hetcast_table* table) {
  return View(table).hash;
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
  info->epsilon_numerator = v.epsilon_numerator;
  info->epsilon_denominator = v.epsilon_denominator;
  {
    // (q + p)(q + 3p) / q^2 with p/q <= 1 and q <= 10^6: fits 64 bits.
    const uint64_t p = v.epsilon_numerator, q = v.epsilon_denominator;
    info->guarantee_numerator = v.IsPtas() ? (q + p) * (q + 3 * p) : 1;
    info->guarantee_denominator = v.IsPtas() ? q * q : 1;
  }
  info->schedule_bytes = v.IsPtas() ? v.ptas_bound->size() * 9 +
                                          v.ptas_offsets->size() * 4 +
                                          uint64_t{v.ptas_nodes->size()} * 4
                                    : 0;
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

void hetcast_profile_lookup_view(const hetcast_profile* profile,
                                 hetcast_lookup* lookup) {
  const ProfileView& v = View(profile);
  memset(lookup, 0, sizeof(*lookup));
  lookup->entries_ = v.entries;
  lookup->state_count_ = v.state_count;
  lookup->time_mask_ = v.time_mask;
  lookup->entry_bytes_ = v.entry_bytes;
  lookup->type_count_ = v.type_count;
  for (uint32_t j = 0; j < v.type_count; ++j) {
    lookup->limit_[j] = v.limit[j];
    lookup->stride_[j] = v.stride[j];
  }
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
    const uint64_t* counts = request->destination_counts;
    uint64_t state = request->source_type * v.state_count;
    bool outside = false;
    auto add = [&](uint32_t j) {
      outside |= counts[j] > v.limit[j];
      state += counts[j] * v.stride[j];
    };
    switch (v.type_count) {  // Unrolled for up to 4 types.
      case 4:
        add(3);
        [[fallthrough]];
      case 3:
        add(2);
        [[fallthrough]];
      case 2:
        add(1);
        [[fallthrough]];
      case 1:
        add(0);
        break;
      default:
        for (uint32_t j = 0; j < v.type_count; ++j) add(j);
    }
    if (outside) return HETCAST_NOT_IN_TABLE;
    *completion_time = v.Entry(state) & v.time_mask;
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
  return hetcast::internal::PlanSizes(
      profile, request, hetcast::internal::PlanPath::kAuto, sizes);
}

hetcast_status hetcast_profile_plan(const hetcast_profile* profile,
                                    const hetcast_node_request* request,
                                    void* workspace, size_t workspace_size,
                                    hetcast_node* nodes, size_t node_capacity,
                                    hetcast_transfer* transfers,
                                    size_t transfer_capacity,
                                    hetcast_answer* answer) {
  return hetcast::internal::Plan(profile, request,
                                 hetcast::internal::PlanPath::kAuto, workspace,
                                 workspace_size, nodes, node_capacity,
                                 transfers, transfer_capacity, answer);
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
  TableLayout layout;
  hetcast_status status =
      hetcast::internal::Prepare(profile, request, &resolved, &layout);
  if (status != HETCAST_OK) return status;
  if (node_id >= layout.node_count) return HETCAST_INVALID_ARGUMENT;
  const ProfileView& v = View(profile);
  Arena arena(workspace, workspace_size);
  Scratch scratch;
  if (!hetcast::internal::Carve(layout.participants, /*with_transfers=*/false,
                                &arena, &scratch)) {
    return HETCAST_WORKSPACE_TOO_SMALL;
  }
  // The node's type and group, from the id ranges.
  *node = hetcast_node{0, HETCAST_NO_NODE, resolved.source, 0, 0};
  if (node_id != 0) {
    const bool relay = node_id >= layout.relay_base[0];
    uint32_t j = 0;
    const uint32_t* base = relay ? layout.relay_base : layout.destination_base;
    while (j + 1 < v.type_count && node_id >= base[j + 1]) ++j;
    *node = hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, j, 0, relay ? 1u : 0u};
  }
  size_t count = 0;
  bool overflowed = false;
  if (v.IsPtas()) {
    // The stored schedule: the node's record, then its children by send
    // index (the first children_capacity of them kept in order).
    const hetcast::internal::PtasMapped m(v, resolved, layout);
    const uint32_t self = m.InstanceId(node_id);
    if (self == UINT32_MAX) return HETCAST_OK;  // An unused relay.
    if (self != 0) *node = m.Node(self);
    for (uint32_t id = 1; id <= m.t.n; ++id) {
      if (m.t.Parent(id) != self) continue;
      const hetcast_node child = m.Node(id);
      const hetcast_transfer x{node_id, m.RequestId(id),
                               child.arrival - v.cost[m.t.TypeOf(self)],
                               child.arrival};
      size_t pos = count < children_capacity ? count : children_capacity;
      while (pos > 0 && children[pos - 1].arrival > x.arrival) {
        if (pos < children_capacity) children[pos] = children[pos - 1];
        --pos;
      }
      if (pos < children_capacity) children[pos] = x;
      ++count;
    }
    *child_count = count;
    return count > children_capacity ? HETCAST_OUTPUT_TOO_SMALL : HETCAST_OK;
  }
  hetcast::internal::Dispatch(
      v, resolved, layout, [&](const auto& keys, auto reader) {
        using Keys = typename std::decay<decltype(keys)>::type;
        hetcast::internal::Expand(
            v, resolved, layout, keys, reader,
            reinterpret_cast<typename Keys::Sender*>(scratch.pool),
            scratch.pool_next,
            [&](uint32_t sender, uint32_t sender_type, uint32_t child,
                uint32_t /*child_type*/, uint64_t arrival, uint32_t send_index,
                bool sender_done, bool child_sends) {
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
      });
  *child_count = count;
  if (overflowed) return HETCAST_OUTPUT_TOO_SMALL;
  return HETCAST_OK;
}

}  // extern "C"
