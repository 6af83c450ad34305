// ptas_guess.cc: one guess of Khuller & Kim §6; see ptas_guess.h and
// docs/khuller-kim-ptas-notes.md.
#include "tools/gen/ptas_guess.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_format.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/ptas_node_api.h"
#include "tools/gen/ptas_stored_order.h"

namespace hetcast {
namespace ptas_internal {
namespace {

constexpr uint32_t kInf = UINT32_MAX;
// Deadlines and guesses are kept below this many ticks.
constexpr uint64_t kMaxPtasTime = uint64_t{1} << 40;
// Budgets of one attempt's attachment DP: count vectors (8 bytes each) and
// vector x tree checks (about a second). Larger requests are refused
// (OutOfRange) rather than run for hours.
constexpr uint64_t kMaxAttachStates = uint64_t{1} << 24;
constexpr uint64_t kWorkBudget = 100'000'000;

}  // namespace

// A send of the schedule being built, keyed by its order at the sender.
struct Keyed {
  uint32_t sender;
  uint64_t key;  // Send number at the sender.
  uint32_t receiver;
};

// Steps 1-2: FNF on the source and the fast types.
struct FastPhase {
  Plan fnf;
  std::vector<uint64_t> fnf_base;   // First FNF id of each type.
  std::vector<uint64_t> fnf_sends;  // Sends of each FNF node.
  std::vector<Keyed> sends;         // FNF's, in instance ids.
  uint64_t slow_total = 0;          // Destinations of the slow types.
};

// Step 3: a later send of the source or of an F node.
struct Point {
  uint64_t x;
  uint32_t node;  // Instance id.
  uint64_t send;
  uint64_t cost;  // The node's.
};

// Step 4: the slow types rounded into classes, cheapest first.
struct SlowClasses {
  std::vector<std::vector<uint32_t>> types;  // Per class, cheapest first.
  std::vector<uint64_t> rep;                 // Representative costs.
  bool leaf_only = false;       // The last class is the leaf-only one.
  std::vector<uint64_t> count;  // Slow destinations per class.
  uint64_t total = 0;
};

// Step 5: the exact DP over the classes, and the radix of the attachment
// DP's count vectors.
struct ClassTrees {
  ExactTable tree;
  std::vector<uint64_t> attach_stride;
  uint64_t attach_states = 1;
};

// Step 5: a tree that fits somewhere: h(m) = min over the root class r of
// tau(r, m - e_r) <= D - x_1; cap = how many leading points are early
// enough for it.
struct Useful {
  uint64_t m;       // Tree-table state.
  uint64_t offset;  // The same vector in the attachment radix.
  uint32_t root;
  uint64_t cap;
  std::vector<uint32_t> digits;
};

// Step 6: jmin[n] = the fewest leading points carrying n; choice[n] = the
// tree (index into the useful ones) hung on the last of them.
struct Attachment {
  std::vector<uint32_t> jmin;
  std::vector<uint32_t> choice;
};

// Step 7: a position in a slow tree, filled by a real node at the end.
struct Slot {
  uint32_t cls;
  uint64_t arrival;  // With representatives.
  uint32_t parent;   // Slot index, or kInf: real_parent below.
  uint32_t real_parent;
  uint64_t key;  // Send number at the parent.
  uint32_t id;
};

namespace {

// The most nodes one slow tree can hold (see SolveClassTrees).
uint64_t MaxTreeNodes(const SlowClasses& classes, uint64_t reach) {
  const uint32_t kc = static_cast<uint32_t>(classes.types.size());
  if (kc == 1 && classes.leaf_only) return 1;  // No class can send.
  const uint64_t doublings = reach / classes.rep[0];
  return doublings >= 63 ? classes.total
                         : std::min(classes.total, uint64_t{1} << doublings);
}

// OutOfRange when the class DP's (vector, split) work passes kWorkBudget.
absl::Status CheckTreeWork(const SlowClasses& classes, uint64_t t,
                           uint64_t max_tree) {
  const uint32_t kc = static_cast<uint32_t>(classes.types.size());
  uint64_t tree_pairs = 1;
  for (uint32_t r = 0; r < kc; ++r) {
    const uint64_t l = std::min(classes.count[r], max_tree);
    if (l >= (uint64_t{1} << 30) ||
        __builtin_mul_overflow(tree_pairs, (l + 1) * (l + 2) / 2,
                               &tree_pairs) ||
        tree_pairs > kWorkBudget) {
      return absl::OutOfRangeError(absl::StrFormat(
          "PTAS: at guess T = %d the trees of %d slow nodes in %d classes "
          "need a DP beyond the budget of %d (vector, split) pairs; use a "
          "larger --epsilon or FNF",
          t, classes.total, kc, kWorkBudget));
    }
  }
  return absl::OkStatus();
}

// 5. h(m) from the exact DP over the classes, for trees of at most M nodes:
// a tree hung at x >= x_1 ends by D (`reach` = D - x_1), and a subtree whose
// senders all cost >= c_min at most doubles every c_min ticks, so it holds
// at most 2^floor((D - x_1) / c_min) nodes (leaf-only nodes never send).
// Refuses (OutOfRange) a DP beyond the budgets.
absl::StatusOr<ClassTrees> SolveClassTrees(const SlowClasses& classes,
                                           uint64_t t, uint64_t reach) {
  const uint32_t kc = static_cast<uint32_t>(classes.types.size());
  const uint64_t max_tree = MaxTreeNodes(classes, reach);
  const absl::Status work = CheckTreeWork(classes, t, max_tree);
  if (!work.ok()) return work;
  ProfileSpec spec;
  spec.name = "ptas";
  ClassTrees out;
  out.attach_stride.resize(kc);
  for (uint32_t r = 0; r < kc; ++r) {
    out.attach_stride[r] = out.attach_states;
    if (__builtin_mul_overflow(out.attach_states, classes.count[r] + 1,
                               &out.attach_states) ||
        out.attach_states > kMaxAttachStates) {
      return absl::OutOfRangeError(absl::StrFormat(
          "PTAS: at guess T = %d the %d slow nodes fall into %d classes, "
          "more count vectors than the budget of %d; use a larger "
          "--epsilon or FNF",
          t, classes.total, kc, kMaxAttachStates));
    }
    spec.types.push_back(NodeTypeSpec{
        absl::StrFormat("c%d", r), classes.rep[r],
        static_cast<uint32_t>(std::min(classes.count[r], max_tree))});
  }
  const absl::Status valid = ValidateProfile(spec);
  if (!valid.ok()) {
    return absl::OutOfRangeError(absl::StrFormat(
        "PTAS: the slow classes at guess T = %d are beyond the DP's limits "
        "(%s); use a larger --epsilon or FNF",
        t, valid.message()));
  }
  DpOptions options;
  options.threads = 1;
  absl::StatusOr<ExactTable> tree = SolveExact(spec, options);
  if (!tree.ok()) return tree.status();
  out.tree = *std::move(tree);
  return out;
}

// 5 (cont.). The trees that fit somewhere (see Useful), and the attachment
// DP's work over them checked against the budget.
absl::StatusOr<std::vector<Useful>> UsefulTrees(
    const ClassTrees& trees, const std::vector<Point>& points, uint64_t t,
    uint64_t d) {
  const ExactTable& tree = trees.tree;
  const uint32_t kc = static_cast<uint32_t>(trees.attach_stride.size());
  const uint64_t states = tree.state_count;
  std::vector<Useful> useful;
  for (uint64_t m = 1; m < states; ++m) {
    uint64_t h = ~uint64_t{0};
    uint32_t root = kInf;
    Useful u{m, 0, kInf, 0, std::vector<uint32_t>(kc)};
    for (uint32_t r = 0; r < kc; ++r) {
      u.digits[r] = static_cast<uint32_t>((m / tree.stride[r]) %
                                          (uint64_t{tree.limit[r]} + 1));
      u.offset += u.digits[r] * trees.attach_stride[r];
      if (u.digits[r] == 0) continue;
      const uint64_t value = tree.time[r * states + (m - tree.stride[r])];
      if (value < h) {
        h = value;
        root = r;
      }
    }
    if (h > d - points.front().x) continue;
    u.root = root;
    u.cap = std::upper_bound(
                points.begin(), points.end(), d - h,
                [](uint64_t value, const Point& p) { return value < p.x; }) -
            points.begin();
    useful.push_back(std::move(u));
  }
  uint64_t work = 0;
  if (__builtin_mul_overflow(trees.attach_states, useful.size(), &work) ||
      work > kWorkBudget) {
    return absl::OutOfRangeError(absl::StrFormat(
        "PTAS: at guess T = %d the attachment DP needs %d count vectors x "
        "%d trees, beyond the budget of %d; use a larger --epsilon or FNF",
        t, trees.attach_states, useful.size(), kWorkBudget));
  }
  return useful;
}

// 6. Attachment DP: jmin[n] = the fewest leading points carrying n.
Attachment Attach(const ClassTrees& trees, const std::vector<uint64_t>& count,
                  const std::vector<Useful>& useful) {
  const uint32_t kc = static_cast<uint32_t>(count.size());
  Attachment out;
  out.jmin.assign(trees.attach_states, kInf);
  out.choice.assign(trees.attach_states, 0);
  out.jmin[0] = 0;
  std::vector<uint64_t> digits(kc);
  for (uint64_t n = 1; n < trees.attach_states; ++n) {
    for (uint32_t r = 0; r < kc; ++r) {
      digits[r] = (n / trees.attach_stride[r]) % (count[r] + 1);
    }
    uint32_t best = kInf;
    for (uint32_t i = 0; i < useful.size(); ++i) {
      const Useful& u = useful[i];
      bool fits = true;
      for (uint32_t r = 0; r < kc && fits; ++r) fits = u.digits[r] <= digits[r];
      if (!fits) continue;
      const uint32_t before = out.jmin[n - u.offset];
      if (before == kInf) continue;
      const uint64_t need = uint64_t{before} + 1;
      if (need < best && need <= u.cap) {
        best = static_cast<uint32_t>(need);
        out.choice[n] = i;
      }
    }
    out.jmin[n] = best;
  }
  return out;
}

// 7. Rebuild the trees of class slots on the chosen points, from the
// vector of every class at its total down.
std::vector<Slot> RebuildSlots(const ClassTrees& trees,
                               const SlowClasses& classes,
                               const std::vector<Useful>& useful,
                               const Attachment& attached,
                               const std::vector<Point>& points) {
  const ExactTable& tree = trees.tree;
  const uint64_t states = tree.state_count;
  std::vector<Slot> slots;
  // Expands the children of `slot` (class cls) holding `state`; iterative
  // over the root's children, recursive per child (depth <= D / cost).
  auto expand = [&](auto&& self, uint32_t slot, uint32_t cls,
                    uint64_t state) -> void {
    uint64_t sends_made = 0;
    while (state != 0) {
      const uint64_t e = cls * states + state;
      const uint32_t l = tree.first_child[e];
      const uint64_t y = tree.split[e];
      ++sends_made;
      const uint32_t child = static_cast<uint32_t>(slots.size());
      slots.push_back({l, slots[slot].arrival + sends_made * classes.rep[cls],
                       slot, kInf, sends_made, kInf});
      self(self, child, l, y);
      state = state - tree.stride[l] - y;
    }
  };
  for (uint64_t n = trees.attach_states - 1; n != 0;) {
    const Useful& u = useful[attached.choice[n]];
    const Point& at = points[attached.jmin[n] - 1];
    const uint32_t slot = static_cast<uint32_t>(slots.size());
    slots.push_back({u.root, at.x, kInf, at.node, at.send, kInf});
    expand(expand, slot, u.root, u.m - tree.stride[u.root]);
    n -= u.offset;
  }
  return slots;
}

}  // namespace

uint64_t Broadcast::Deadline(uint64_t t) const {
  const unsigned __int128 d = static_cast<unsigned __int128>(q_ + p_) *
                              (q_ + 3 * p_) * t /
                              (static_cast<unsigned __int128>(q_) * q_);
  return d > kMaxPtasTime ? kMaxPtasTime : static_cast<uint64_t>(d);
}

// 1-2. FNF on the source and the fast types (the whole of each), its sends
// in instance ids.
absl::StatusOr<FastPhase> Broadcast::ScheduleFast(uint64_t t) const {
  FastPhase fast;
  std::vector<uint64_t> fast_counts(k_, 0);
  for (uint32_t j = 0; j < k_; ++j) {
    if (Fast(costs_[j], t)) {
      fast_counts[j] = counts_[j];
    } else {
      fast.slow_total += counts_[j];
    }
  }
  absl::StatusOr<Plan> fnf =
      RunFnf(MakeRequest(costs_, source_, fast_counts, nullptr));
  if (!fnf.ok()) return fnf.status();
  // The scheme's tie-breaks (sending points by node id) are those of FNF's
  // ids in schema 1's order, by arrival (ptas_stored_order.h).
  fast.fnf = *std::move(fnf);
  fast.fnf.nodes = StoredPtasOrder(fast.fnf.nodes);
  fast.fnf.transfers = TransfersOf(costs_, fast.fnf.nodes);
  fast.fnf_base.resize(k_);
  uint64_t next = 1;
  for (uint32_t j = 0; j < k_; ++j) {
    fast.fnf_base[j] = next;
    next += fast_counts[j];
  }
  fast.fnf_sends.assign(fast.fnf.nodes.size(), 0);
  for (const hetcast_transfer& x : fast.fnf.transfers) {
    ++fast.fnf_sends[x.from];
    fast.sends.push_back({InstanceId(fast, x.from), fast.fnf_sends[x.from],
                          InstanceId(fast, x.to)});
  }
  return fast;
}

// FNF ids -> instance ids (a fast type keeps its range's start).
uint32_t Broadcast::InstanceId(const FastPhase& fast, uint32_t fnf_id) const {
  if (fnf_id == 0) return 0;
  const uint32_t j = fast.fnf.nodes[fnf_id].type;
  return static_cast<uint32_t>(base_[j] + (fnf_id - fast.fnf_base[j]));
}

// 3. Sending points: the later sends of the source and every F node,
// earliest first; the first slow_total suffice (a tree that fits at x fits
// at any earlier point).
std::vector<Point> Broadcast::SendingPoints(const FastPhase& fast,
                                            uint64_t d) const {
  // A k-way merge of every node's progression: O(|F| + slow log |F|) time
  // and O(|F|) memory, however many points lie before D.
  auto later = [](const Point& a, const Point& b) {
    return a.x > b.x || (a.x == b.x && (a.node > b.node ||
                                        (a.node == b.node && a.send > b.send)));
  };
  std::vector<Point> heap;
  for (uint32_t v = 0; v < fast.fnf.nodes.size(); ++v) {
    const hetcast_node& node = fast.fnf.nodes[v];
    const uint64_t m = fast.fnf_sends[v] + 1;
    const uint64_t c = costs_[node.type];
    const uint64_t x = node.arrival + m * c;  // < 2^41.
    if (x <= d) heap.push_back({x, InstanceId(fast, v), m, c});
  }
  std::make_heap(heap.begin(), heap.end(), later);
  std::vector<Point> points;
  while (!heap.empty() && points.size() < fast.slow_total) {
    std::pop_heap(heap.begin(), heap.end(), later);
    Point next = heap.back();
    heap.pop_back();
    points.push_back(next);
    next.x += next.cost;
    ++next.send;
    if (next.x <= d) {
      heap.push_back(next);
      std::push_heap(heap.begin(), heap.end(), later);
    }
  }
  return points;
}

// 4. Classes, cheapest first; a node that cannot finish a send by D from
// the earliest point (cost > D - x_1 = `reach`) is leaf-only.
SlowClasses Broadcast::Classify(uint64_t t, uint64_t d, uint64_t reach) const {
  std::vector<uint32_t> slow_types;
  for (uint32_t j = 0; j < k_; ++j) {
    if (counts_[j] > 0 && !Fast(costs_[j], t)) slow_types.push_back(j);
  }
  std::sort(slow_types.begin(), slow_types.end(), [&](uint32_t a, uint32_t b) {
    return costs_[a] < costs_[b] || (costs_[a] == costs_[b] && a < b);
  });
  SlowClasses out;
  std::vector<uint32_t> leaf;
  for (uint32_t j : slow_types) {
    if (costs_[j] > reach) {
      leaf.push_back(j);
      continue;
    }
    if (!out.types.empty()) {
      const uint64_t low = costs_[out.types.back().front()];
      if (static_cast<unsigned __int128>(q_) * costs_[j] <=
          static_cast<unsigned __int128>(q_ + p_) * low) {
        out.types.back().push_back(j);
        out.rep.back() = costs_[j];
        continue;
      }
    }
    out.types.push_back({j});
    out.rep.push_back(costs_[j]);
  }
  if (!leaf.empty()) {
    out.types.push_back(leaf);
    out.rep.push_back(d + 1);
    out.leaf_only = true;
  }
  out.count.assign(out.types.size(), 0);
  for (size_t r = 0; r < out.types.size(); ++r) {
    for (uint32_t j : out.types[r]) out.count[r] += counts_[j];
    out.total += out.count[r];
  }
  return out;
}

// Real nodes into slots: per class, the earliest slots get the cheapest
// nodes (any assignment is within D; this one is deterministic).
void Broadcast::AssignNodes(const SlowClasses& classes,
                            std::vector<Slot>* slots) const {
  std::vector<uint64_t> used(k_, 0);
  for (uint32_t r = 0; r < classes.types.size(); ++r) {
    std::vector<uint32_t> mine;
    for (uint32_t s = 0; s < slots->size(); ++s) {
      if ((*slots)[s].cls == r) mine.push_back(s);
    }
    std::stable_sort(mine.begin(), mine.end(), [&](uint32_t a, uint32_t b) {
      return (*slots)[a].arrival < (*slots)[b].arrival;
    });
    size_t next = 0;
    for (uint32_t j : classes.types[r]) {  // Cheapest type first.
      for (uint64_t i = 0; i < counts_[j]; ++i) {
        (*slots)[mine[next++]].id = static_cast<uint32_t>(base_[j] + used[j]++);
      }
    }
  }
}

// 3-7. Hangs the slow nodes in trees on the sending points within d and
// adds their sends; false when the guess is rejected.
absl::StatusOr<bool> Broadcast::HangSlow(const FastPhase& fast, uint64_t t,
                                         uint64_t d,
                                         std::vector<Keyed>* sends) const {
  const std::vector<Point> points = SendingPoints(fast, d);
  if (points.empty()) return false;  // Nowhere to hang the slow nodes.
  const SlowClasses classes = Classify(t, d, d - points.front().x);
  absl::StatusOr<ClassTrees> trees =
      SolveClassTrees(classes, t, d - points.front().x);
  if (!trees.ok()) return trees.status();
  absl::StatusOr<std::vector<Useful>> useful =
      UsefulTrees(*trees, points, t, d);
  if (!useful.ok()) return useful.status();
  const Attachment attached = Attach(*trees, classes.count, *useful);
  // Every class at its total.
  if (attached.jmin[trees->attach_states - 1] == kInf) return false;
  std::vector<Slot> slots =
      RebuildSlots(*trees, classes, *useful, attached, points);
  AssignNodes(classes, &slots);
  for (const Slot& s : slots) {
    const uint32_t from = s.parent == kInf ? s.real_parent : slots[s.parent].id;
    sends->push_back({from, s.key, s.id});
  }
  return true;
}

// The sends in order at each sender, timed by the evaluator with the real
// costs: within d, or a bug.
absl::StatusOr<Attempt> Broadcast::Finish(std::vector<Keyed> sends,
                                          uint64_t d) const {
  Attempt result;
  std::sort(sends.begin(), sends.end(), [](const Keyed& a, const Keyed& b) {
    return a.sender < b.sender || (a.sender == b.sender && a.key < b.key);
  });
  for (const Keyed& s : sends) result.sends.push_back({s.sender, s.receiver});
  absl::StatusOr<Plan> timed = Evaluate(
      MakeRequest(costs_, source_, counts_, nullptr), result.sends, false);
  if (!timed.ok()) return timed.status();
  if (timed->answer.completion_time > d) {
    return absl::InternalError("PTAS schedule exceeds its deadline (bug)");
  }
  result.completion = timed->answer.completion_time;
  result.feasible = true;
  return result;
}

absl::StatusOr<Attempt> Broadcast::Try(uint64_t t, uint64_t d) const {
  if (d >= kMaxPtasTime) {
    return absl::OutOfRangeError(
        "PTAS: times of 2^40 ticks or more are not "
        "supported");
  }
  absl::StatusOr<FastPhase> fast = ScheduleFast(t);
  if (!fast.ok()) return fast.status();
  if (fast->fnf.answer.completion_time > d) return Attempt();  // Rejected.
  std::vector<Keyed> sends = std::move(fast->sends);
  if (fast->slow_total > 0) {
    absl::StatusOr<bool> hung = HangSlow(*fast, t, d, &sends);
    if (!hung.ok()) return hung.status();
    if (!*hung) return Attempt();  // Rejected.
  }
  return Finish(std::move(sends), d);
}

}  // namespace ptas_internal
}  // namespace hetcast
