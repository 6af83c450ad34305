// ptas.cc: Khuller & Kim §6-7 on typed instances; see ptas.h and
// docs/khuller-kim-ptas-notes.md.
#include "tools/gen/ptas.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_format.h"
#include "runtime/node/layout.h"
#include "runtime/node/relays.h"
#include "tools/gen/exact_dp.h"
#include "tools/gen/ptas_stored_order.h"

namespace hetcast {
namespace {

constexpr uint32_t kInf = UINT32_MAX;
// Deadlines and guesses are kept below this many ticks.
constexpr uint64_t kMaxPtasTime = uint64_t{1} << 40;
// Budgets of one attempt's attachment DP: count vectors (8 bytes each) and
// vector x tree checks (about a second). Larger requests are refused
// (OutOfRange) rather than run for hours.
constexpr uint64_t kMaxAttachStates = uint64_t{1} << 24;
constexpr uint64_t kWorkBudget = 100'000'000;
constexpr uint64_t kMaxEpsilonDenominator = 1'000'000;
// (relay counts tried) x (nodes) one multicast request may cost.
constexpr uint64_t kMaxRelayNodeRuns = 20'000'000;
// Nodes one request may have (the CLI's limit too; memory is O(n)).
constexpr uint64_t kMaxPtasNodes = 10'000'000;
// A PTAS table runs the whole scheme per entry (milliseconds each).
constexpr uint64_t kMaxPtasTableEntries = uint64_t{1} << 20;

struct Plan {
  hetcast_answer answer = {};
  std::vector<hetcast_node> nodes;
  std::vector<hetcast_transfer> transfers;
};

hetcast_node_request MakeRequest(const std::vector<uint64_t>& costs,
                                 uint32_t source_type,
                                 const std::vector<uint64_t>& counts,
                                 const std::vector<uint64_t>* relays) {
  return hetcast_node_request{costs.data(), costs.size(), source_type,
                              counts.data(),
                              relays == nullptr ? nullptr : relays->data()};
}

absl::StatusOr<Plan> RunFnf(const hetcast_node_request& r) {
  hetcast_node_sizes sizes;
  if (hetcast_node_plan_sizes(&r, &sizes, nullptr) != HETCAST_OK) {
    return absl::InvalidArgumentError("PTAS: invalid request");
  }
  Plan f;
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  f.nodes.resize(sizes.node_count);
  f.transfers.resize(sizes.transfer_count);
  if (hetcast_node_plan(&r, HETCAST_ALGORITHM_FNF, workspace.data(),
                        workspace.size(), f.nodes.data(), f.nodes.size(),
                        f.transfers.data(), f.transfers.size(), &f.answer,
                        nullptr) != HETCAST_OK) {
    return absl::OutOfRangeError("PTAS: FNF failed (a time overflows)");
  }
  f.transfers.resize(f.answer.transfer_count);
  return f;
}

// Evaluates `sends` on `r`; canonical ids when asked.
absl::StatusOr<Plan> Evaluate(const hetcast_node_request& r,
                              const std::vector<hetcast_send>& sends,
                              bool canonical) {
  size_t bytes = 0;
  hetcast_node_sizes sizes;
  if (hetcast_node_plan_sizes(&r, &sizes, nullptr) != HETCAST_OK ||
      hetcast_node_evaluate_workspace_size(&r, sends.size(), &bytes, nullptr) !=
          HETCAST_OK) {
    return absl::InternalError("PTAS: cannot size the evaluation");
  }
  Plan plan;
  std::vector<unsigned char> workspace(bytes);
  plan.nodes.resize(sizes.node_count);
  plan.transfers.resize(sizes.node_count);
  const char* why = "";
  const hetcast_status status =
      (canonical ? hetcast_node_evaluate_canonical : hetcast_node_evaluate)(
          &r, sends.data(), sends.size(), workspace.data(), workspace.size(),
          plan.nodes.data(), plan.nodes.size(), plan.transfers.data(),
          plan.transfers.size(), &plan.answer, &why);
  if (status != HETCAST_OK) {
    return absl::InternalError(absl::StrFormat(
        "PTAS built a schedule the evaluator rejects (%s)", why));
  }
  plan.transfers.resize(plan.answer.transfer_count);
  return plan;
}

struct Attempt {
  bool feasible = false;
  uint64_t completion = 0;
  std::vector<hetcast_send>
      sends;  // Broadcast-instance ids, per sender in order.
};

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

// The broadcast scheme on one instance (costs, source, counts); ids are the
// instance's canonical type ranges (not canonical arrival order).
class Broadcast {
 public:
  Broadcast(const std::vector<uint64_t>& costs, uint32_t source_type,
            const std::vector<uint64_t>& counts, const Epsilon& eps)
      : costs_(costs),
        source_(source_type),
        counts_(counts),
        p_(eps.numerator),
        q_(eps.denominator),
        k_(static_cast<uint32_t>(costs.size())) {
    base_.resize(k_);
    uint64_t next = 1;
    for (uint32_t j = 0; j < k_; ++j) {
      base_[j] = next;
      next += counts_[j];
    }
  }

  uint64_t Deadline(uint64_t t) const {
    const unsigned __int128 d = static_cast<unsigned __int128>(q_ + p_) *
                                (q_ + 3 * p_) * t /
                                (static_cast<unsigned __int128>(q_) * q_);
    return d > kMaxPtasTime ? kMaxPtasTime : static_cast<uint64_t>(d);
  }

  // The guess T with deadline d <= D(T) (F and the classes from T); sound
  // for every d, complete for d = D(T) (ptas.h).
  absl::StatusOr<Attempt> Try(uint64_t t, uint64_t d) const;

 private:
  bool Fast(uint64_t cost, uint64_t t) const {  // cost <= eps' T
    return static_cast<unsigned __int128>(q_) * cost <=
           static_cast<unsigned __int128>(p_) * t;
  }

  // The phases of Try, in the order of the paper's steps.
  absl::StatusOr<FastPhase> ScheduleFast(uint64_t t) const;
  uint32_t InstanceId(const FastPhase& fast, uint32_t fnf_id) const;
  absl::StatusOr<bool> HangSlow(const FastPhase& fast, uint64_t t, uint64_t d,
                                std::vector<Keyed>* sends) const;
  std::vector<Point> SendingPoints(const FastPhase& fast, uint64_t d) const;
  SlowClasses Classify(uint64_t t, uint64_t d, uint64_t reach) const;
  void AssignNodes(const SlowClasses& classes, std::vector<Slot>* slots) const;
  absl::StatusOr<Attempt> Finish(std::vector<Keyed> sends, uint64_t d) const;

  const std::vector<uint64_t>& costs_;
  uint32_t source_;
  const std::vector<uint64_t>& counts_;
  uint64_t p_, q_;
  uint32_t k_;
  std::vector<uint64_t> base_;  // First id of each type.
};

// 5. h(m) from the exact DP over the classes, for trees of at most M nodes:
// a tree hung at x >= x_1 ends by D (`reach` = D - x_1), and a subtree whose
// senders all cost >= c_min at most doubles every c_min ticks, so it holds
// at most 2^floor((D - x_1) / c_min) nodes (leaf-only nodes never send).
// Refuses (OutOfRange) a DP beyond the budgets.
absl::StatusOr<ClassTrees> SolveClassTrees(const SlowClasses& classes,
                                           uint64_t t, uint64_t reach) {
  const uint32_t kc = static_cast<uint32_t>(classes.types.size());
  uint64_t max_tree = 1;
  if (!(kc == 1 && classes.leaf_only)) {  // Some class can send.
    const uint64_t doublings = reach / classes.rep[0];
    max_tree = doublings >= 63
                   ? classes.total
                   : std::min(classes.total, uint64_t{1} << doublings);
  }
  ProfileSpec spec;
  spec.name = "ptas";
  uint64_t tree_pairs = 1;  // Bounds the class DP's (vector, split) work.
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

struct Searched {
  Attempt best;
  uint64_t guess = 0;
  uint64_t bound = 0;  // Largest rejected guess + 1.
  uint64_t attempts = 0;
};

// The paper's search: guesses T_0 = L0 (lo + 1), T_{i+1} = max(T_i + 1,
// floor((1 + eps) T_i)), capped at FNF's completion hi (accepted by Theorem
// 6.1); the first accepted guess's schedule, within D((1 + eps) OPT).
absl::StatusOr<Searched> SearchGrid(const Broadcast& scheme, uint64_t lo,
                                    uint64_t hi, const Epsilon& eps) {
  Searched out;
  uint64_t t = lo + 1;
  while (true) {
    if (t >= hi) t = hi;
    absl::StatusOr<Attempt> attempt = scheme.Try(t, scheme.Deadline(t));
    ++out.attempts;
    if (!attempt.ok()) return attempt.status();
    if (attempt->feasible) {
      out.best = *std::move(attempt);
      out.guess = t;
      out.bound = lo + 1;
      return out;
    }
    if (t == hi) {
      return absl::InternalError("PTAS rejected FNF's completion time (bug)");
    }
    lo = t;
    const uint64_t step = static_cast<uint64_t>(
        static_cast<unsigned __int128>(eps.numerator) * t / eps.denominator);
    t += std::max<uint64_t>(1, step);
  }
}

// Integer bisection on T between lo (rejected) and hi (accepted); returns
// the final hi, out->bound = lo + 1 and the best schedule seen in out.
absl::StatusOr<uint64_t> BisectGuess(const Broadcast& scheme, uint64_t lo,
                                     uint64_t hi, Searched* out) {
  absl::StatusOr<Attempt> first = scheme.Try(hi, scheme.Deadline(hi));
  ++out->attempts;
  if (!first.ok()) return first.status();
  if (!first->feasible) {
    return absl::InternalError("PTAS rejected FNF's completion time (bug)");
  }
  out->best = *std::move(first);
  out->guess = hi;
  while (hi - lo > 1) {
    const uint64_t mid = lo + (hi - lo) / 2;
    absl::StatusOr<Attempt> attempt = scheme.Try(mid, scheme.Deadline(mid));
    ++out->attempts;
    if (!attempt.ok()) return attempt.status();
    if (attempt->feasible) {
      hi = mid;
      if (attempt->completion <= out->best.completion) {
        out->best = *std::move(attempt);
        out->guess = mid;
      }
    } else {
      lo = mid;
    }
  }
  out->bound = lo + 1;
  return hi;
}

// The accepted schedule is only known to be within D(hi). Keep F and the
// classes of T = hi and bisect the deadline itself, from dlo (rejected) to
// D(hi) (every accepted deadline is sound, so the factor stays): with few
// fast nodes this finds nearly the best schedule of the family. Deadlines
// are judged with representative costs, so acceptance is monotone only
// roughly; the invariant is dlo rejected, dhi accepted, and the best real
// completion seen is kept.
absl::Status RefineDeadline(const Broadcast& scheme, uint64_t hi, uint64_t dlo,
                            Searched* out) {
  uint64_t dhi = scheme.Deadline(hi);
  while (dhi - dlo > 1 && out->best.completion > dlo + 1) {
    const uint64_t mid = dlo + (dhi - dlo) / 2;
    absl::StatusOr<Attempt> attempt = scheme.Try(hi, mid);
    ++out->attempts;
    if (!attempt.ok()) return attempt.status();
    if (attempt->feasible) {
      dhi = mid;
      if (attempt->completion < out->best.completion) {
        out->best = *std::move(attempt);
        out->guess = hi;
      }
    } else {
      dlo = mid;
    }
  }
  return absl::OkStatus();
}

// Bisection over integer guesses (notes §5.3 b): lo rejected (virtually at
// the foundation's bound - 1), hi accepted (FNF's completion, Theorem 6.1);
// `grid` runs the paper's search instead.
absl::StatusOr<Searched> Search(const std::vector<uint64_t>& costs,
                                uint32_t source_type,
                                const std::vector<uint64_t>& counts,
                                const Epsilon& eps, bool grid) {
  absl::StatusOr<Plan> fnf =
      RunFnf(MakeRequest(costs, source_type, counts, nullptr));
  if (!fnf.ok()) return fnf.status();
  if (fnf->answer.completion_time == 0) {  // No destinations.
    Searched out;
    out.best.feasible = true;
    return out;
  }
  const Broadcast scheme(costs, source_type, counts, eps);
  const uint64_t lo = std::max<uint64_t>(1, fnf->answer.lower_bound) - 1;
  const uint64_t hi = fnf->answer.completion_time;
  if (grid) return SearchGrid(scheme, lo, hi, eps);
  Searched out;
  absl::StatusOr<uint64_t> accepted = BisectGuess(scheme, lo, hi, &out);
  if (!accepted.ok()) return accepted.status();
  const absl::Status refined =
      RefineDeadline(scheme, *accepted,
                     std::max(out.bound, fnf->answer.lower_bound) - 1, &out);
  if (!refined.ok()) return refined;
  return out;
}

}  // namespace

absl::StatusOr<Epsilon> ParseEpsilon(absl::string_view text) {
  const auto bad = [&]() {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--epsilon: '%s' is not a decimal strictly between 0 and 1 with at "
        "most 6 digits after the point (e.g. 0.1)",
        text));
  };
  size_t i = 0;
  if (i < text.size() && text[i] == '0') ++i;
  if (i >= text.size() || text[i] != '.') return bad();
  ++i;
  const size_t digits = text.size() - i;
  if (digits == 0 || digits > 6) return bad();
  uint64_t numerator = 0;
  uint64_t denominator = 1;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return bad();
    numerator = numerator * 10 + static_cast<uint64_t>(text[i] - '0');
    denominator *= 10;
  }
  if (numerator == 0) return bad();
  const uint64_t g = std::__gcd(numerator, denominator);
  return Epsilon{numerator / g, denominator / g};
}

std::string FactorText(const Epsilon& eps, bool grid) {
  // (q+p)(q+3p)/q^2 (grid: times (q+p)/q) rounded up to two decimals, in
  // integers.
  const unsigned __int128 q = eps.denominator;
  const unsigned __int128 p = eps.numerator;
  unsigned __int128 num = (q + p) * (q + 3 * p) * 100;
  unsigned __int128 den = q * q;
  if (grid) {
    num *= q + p;
    den *= q;
  }
  const uint64_t hundredths = static_cast<uint64_t>((num + den - 1) / den);
  return absl::StrFormat("%d.%02d", hundredths / 100, hundredths % 100);
}

namespace {

absl::Status ValidateRequest(const std::vector<uint64_t>& costs,
                             uint32_t source_type,
                             const std::vector<uint64_t>& counts,
                             const std::vector<uint64_t>& relays,
                             const Epsilon& eps) {
  if (eps.denominator == 0 || eps.numerator == 0 ||
      eps.numerator >= eps.denominator ||
      eps.denominator > kMaxEpsilonDenominator) {
    return absl::InvalidArgumentError(
        "--epsilon: must be strictly between 0 and 1 with a denominator of "
        "at most 10^6");
  }
  const size_t k = costs.size();
  if (k == 0) {
    return absl::InvalidArgumentError("PTAS: the cost list is empty");
  }
  if (k > HETCAST_MAX_TYPES || counts.size() != k ||
      (!relays.empty() && relays.size() != k) || source_type >= k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "PTAS: %d types (at most %d) need as many counts (%d) and relays "
        "(%d), and a source type below %d",
        k, HETCAST_MAX_TYPES, counts.size(), relays.size(), k));
  }
  uint64_t nodes = 1;
  for (size_t j = 0; j < k; ++j) {
    if (costs[j] == 0 || costs[j] > HETCAST_MAX_COST) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "PTAS: cost %d of type %d is outside 1 .. 2^40", costs[j], j));
    }
    if (__builtin_add_overflow(nodes, counts[j], &nodes) ||
        (!relays.empty() && __builtin_add_overflow(nodes, relays[j], &nodes)) ||
        nodes > kMaxPtasNodes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "PTAS: more than %d nodes (destinations and relays)", kMaxPtasNodes));
    }
  }
  return absl::OkStatus();
}

// Instance ids -> request ids: per type, destinations first, then the
// promoted relays (relay ids follow all destination ids). `counts` are the
// instance's (the request's destinations plus the promoted relays).
std::vector<hetcast_send> ToRequestIds(
    const PtasRequest& request, const std::vector<uint64_t>& counts,
    const std::vector<uint64_t>& relays,
    const std::vector<hetcast_send>& instance_sends) {
  // Both are canonical layouts (ValidateRequest keeps them small): per
  // type, destinations first, then the promoted relays (relay ids follow
  // all destination ids).
  const size_t k = counts.size();
  std::vector<uint32_t> instance_base(k), no_relays(k);
  std::vector<uint32_t> dest_base(k), relay_base(k);
  uint32_t instance_nodes, request_nodes;
  internal::CanonicalIdBases(static_cast<uint32_t>(k), counts.data(), nullptr,
                             instance_base.data(), no_relays.data(),
                             &instance_nodes);
  internal::CanonicalIdBases(static_cast<uint32_t>(k), request.counts.data(),
                             relays.data(), dest_base.data(), relay_base.data(),
                             &request_nodes);
  auto map = [&](uint32_t id) -> uint32_t {
    if (id == 0) return 0;
    size_t j = k - 1;
    while (id < instance_base[j]) --j;
    const uint64_t offset = id - instance_base[j];
    return static_cast<uint32_t>(offset < request.counts[j]
                                     ? dest_base[j] + offset
                                     : relay_base[j] +
                                           (offset - request.counts[j]));
  };
  std::vector<hetcast_send> sends;
  for (const hetcast_send& s : instance_sends) {
    sends.push_back({map(s.from), map(s.to)});
  }
  return sends;
}

// Drop relays (ids above `destinations`, below `node_count`) that feed
// nobody, until none is left (each drop only moves later sends of its
// parent earlier).
void DropIdleRelays(uint64_t destinations, size_t node_count,
                    std::vector<hetcast_send>* sends) {
  while (true) {
    std::vector<uint32_t> out_degree(node_count, 0);
    for (const hetcast_send& s : *sends) ++out_degree[s.from];
    const size_t before = sends->size();
    sends->erase(std::remove_if(sends->begin(), sends->end(),
                                [&](const hetcast_send& s) {
                                  return s.to > destinations &&
                                         out_degree[s.to] == 0;
                                }),
                 sends->end());
    if (sends->size() == before) break;
  }
}

// The answer: the scheme's best schedule, or FNF's when it is strictly
// better and `use_fnf_if_better`; the bounds are the foundation's (FNF's
// answer) and the rejected guesses' (out->guess_bound).
void ChooseAnswer(bool use_fnf_if_better, Plan fnf, Plan best,
                  PtasResult* out) {
  out->ptas_completion = best.answer.completion_time;
  out->fnf_completion = fnf.answer.completion_time;
  const bool fnf_wins = use_fnf_if_better && fnf.answer.completion_time <
                                                 best.answer.completion_time;
  Plan& chosen = fnf_wins ? fnf : best;
  out->answer = chosen.answer;
  out->answer.algorithm =
      fnf_wins ? HETCAST_ALGORITHM_FNF : HETCAST_ALGORITHM_PTAS;
  out->answer.lower_bound = fnf.answer.lower_bound;
  out->answer.lower_bound_kind = fnf.answer.lower_bound_kind;
  if (out->guess_bound > out->answer.lower_bound) {
    out->answer.lower_bound = out->guess_bound;
    out->answer.lower_bound_kind = HETCAST_BOUND_PTAS_GUESS;
  }
  out->answer.exact =
      out->answer.lower_bound == out->answer.completion_time ? 1 : 0;
  out->nodes = std::move(chosen.nodes);
  out->transfers = std::move(chosen.transfers);
}

}  // namespace

absl::StatusOr<PtasResult> PlanPtas(const PtasRequest& request) {
  const Epsilon& eps = request.epsilon;
  const absl::Status valid = ValidateRequest(
      request.costs, request.source_type, request.counts, request.relays, eps);
  if (!valid.ok()) return valid;
  const size_t k = request.costs.size();
  const std::vector<uint64_t> no_relays(k, 0);
  const std::vector<uint64_t>& relays =
      request.relays.empty() ? no_relays : request.relays;
  const hetcast_node_request full =
      MakeRequest(request.costs, request.source_type, request.counts, &relays);
  hetcast_node_sizes sizes;
  if (hetcast_node_plan_sizes(&full, &sizes, nullptr) != HETCAST_OK) {
    return absl::InvalidArgumentError("PTAS: invalid request");
  }

  // Useful relays, cheapest first, and how many to try (Khuller & Kim
  // Theorem 7.1; runtime/node/relays.h gives the rule and its proof).
  uint64_t destinations = 0;
  for (size_t j = 0; j < k; ++j) destinations += request.counts[j];
  internal::UsefulRelays useful_relays;
  internal::FindUsefulRelays(static_cast<uint32_t>(k), request.costs.data(),
                             request.counts.data(), relays.data(),
                             &useful_relays);
  const std::vector<uint32_t> relay_types(
      useful_relays.types, useful_relays.types + useful_relays.type_count);
  const uint64_t useful = useful_relays.max_relays;
  // Theorem 7.2 runs the whole scheme once per relay count: refuse rather
  // than run for hours (each run is about 20 attempts of O(n) or more).
  // Checked before FNF, whose own relay search makes useful + 2 passes.
  const uint64_t nodes = sizes.node_count;
  if (useful > 0 && (useful + 1) > kMaxRelayNodeRuns / nodes) {
    return absl::OutOfRangeError(absl::StrFormat(
        "--relays: trying every relay count needs %d PTAS runs over %d nodes "
        "(at most %d node-runs); give fewer relays or destinations",
        useful + 1, nodes, kMaxRelayNodeRuns));
  }
  absl::StatusOr<Plan> fnf = RunFnf(full);
  if (!fnf.ok()) return fnf.status();

  PtasResult out;
  bool have = false;
  Plan best_plan;
  uint64_t bound = HETCAST_NEVER;  // min over relay counts (Theorem 7.1).
  for (uint64_t r = 0; r <= useful; ++r) {
    // Instance: the destinations plus the r cheapest useful relays.
    std::vector<uint64_t> promoted(k, 0);
    uint64_t left = r;
    for (uint32_t j : relay_types) {
      promoted[j] = std::min(left, relays[j]);
      left -= promoted[j];
    }
    std::vector<uint64_t> counts(request.counts);
    for (size_t j = 0; j < k; ++j) counts[j] += promoted[j];
    absl::StatusOr<Searched> searched =
        Search(request.costs, request.source_type, counts, eps, request.grid);
    if (!searched.ok()) return searched.status();
    out.attempts += searched->attempts;
    ++out.relays_tried;
    bound = std::min(bound, searched->bound);
    std::vector<hetcast_send> sends =
        ToRequestIds(request, counts, relays, searched->best.sends);
    if (r > 0) DropIdleRelays(destinations, fnf->nodes.size(), &sends);
    absl::StatusOr<Plan> plan = Evaluate(full, sends, true);
    if (!plan.ok()) return plan.status();
    if (!have ||
        plan->answer.completion_time < best_plan.answer.completion_time) {
      have = true;
      best_plan = *std::move(plan);
      out.guess = searched->guess;
    }
  }
  out.guess_bound = bound == HETCAST_NEVER ? 0 : bound;
  ChooseAnswer(request.use_fnf_if_better, *std::move(fnf), std::move(best_plan),
               &out);
  return out;
}

absl::StatusOr<GuessOutcome> PtasTryGuess(const std::vector<uint64_t>& costs,
                                          uint32_t source_type,
                                          const std::vector<uint64_t>& counts,
                                          const Epsilon& eps, uint64_t guess) {
  const absl::Status valid =
      ValidateRequest(costs, source_type, counts, {}, eps);
  if (!valid.ok()) return valid;
  const Broadcast scheme(costs, source_type, counts, eps);
  absl::StatusOr<Attempt> attempt = scheme.Try(guess, scheme.Deadline(guess));
  if (!attempt.ok()) return attempt.status();
  return GuessOutcome{attempt->feasible, attempt->completion,
                      scheme.Deadline(guess)};
}

namespace {

// Entry `e` of a PTAS table (`request` is its source type and counts, state
// number `state` of profile `name`): the completion, the bound and the tree
// as (parent, send index) pairs of 16 bits each.
absl::Status SolvePtasEntry(const std::string& name, const PtasRequest& request,
                            uint64_t state, uint64_t e, PtasEntries* out) {
  absl::StatusOr<PtasResult> r = PlanPtas(request);
  if (!r.ok()) {
    return absl::Status(r.status().code(),
                        absl::StrFormat("profile '%s', source type %d, "
                                        "state %d: %s",
                                        name, request.source_type, state,
                                        r.status().message()));
  }
  out->time[e] = r->answer.completion_time;
  out->bound[e] = r->answer.lower_bound;
  out->bound_kind[e] = static_cast<uint8_t>(r->answer.lower_bound_kind);
  const std::vector<hetcast_node> stored = StoredPtasOrder(r->nodes);
  for (size_t id = 1; id < stored.size(); ++id) {
    const hetcast_node& n = stored[id];
    if (n.send_index == 0 || n.send_index > 0xFFFF) {
      return absl::OutOfRangeError(
          absl::StrFormat("profile '%s': a node's send index %d does not "
                          "fit 16 bits",
                          name, n.send_index));
    }
    out->nodes.push_back(n.parent | (n.send_index << 16));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<PtasEntries> SolvePtasProfile(
    const ProfileSpec& profile, const Epsilon& eps,
    const std::function<void(uint64_t, uint64_t)>& progress) {
  absl::Status valid = ValidateProfile(profile);
  if (!valid.ok()) return valid;
  const size_t k = profile.types.size();
  std::vector<uint64_t> no_counts(k, 0), type_costs(k);
  for (size_t j = 0; j < k; ++j) type_costs[j] = profile.types[j].cost;
  valid = ValidateRequest(type_costs, 0, no_counts, {}, eps);
  if (!valid.ok()) return valid;
  std::vector<uint64_t> costs(k), limits(k), stride(k);
  uint64_t destinations = 0;
  for (size_t j = 0; j < k; ++j) {
    costs[j] = profile.types[j].cost;
    limits[j] = profile.types[j].limit;
    destinations += limits[j];
  }
  if (destinations > 65534) {
    return absl::OutOfRangeError(absl::StrFormat(
        "profile '%s': a PTAS table stores node ids in 16 bits; the limits "
        "add up to %d destinations (at most 65534)",
        profile.name, destinations));
  }
  const uint64_t states = StateCount(profile);
  if (states * k > kMaxPtasTableEntries) {
    return absl::OutOfRangeError(absl::StrFormat(
        "profile '%s': %d entries; a PTAS table runs the PTAS on every entry "
        "and allows at most %d (lower the limits)",
        profile.name, states * k, kMaxPtasTableEntries));
  }
  PtasEntries out;
  out.epsilon_numerator = eps.numerator;
  out.epsilon_denominator = eps.denominator;
  const uint64_t entries = states * k;
  out.time.assign(entries, 0);
  out.bound.assign(entries, 0);
  out.bound_kind.assign(entries, HETCAST_BOUND_EXACT);
  out.offsets.assign(entries + 1, 0);
  std::vector<uint64_t> counts(k, 0);
  for (uint32_t s = 0; s < k; ++s) {
    std::fill(counts.begin(), counts.end(), 0);
    for (uint64_t state = 0; state < states; ++state) {
      const uint64_t e = s * states + state;
      out.offsets[e] = static_cast<uint32_t>(out.nodes.size());
      if (state != 0) {
        absl::Status solved = SolvePtasEntry(
            profile.name, PtasRequest{costs, s, counts, {}, eps, true}, state,
            e, &out);
        if (!solved.ok()) return solved;
      }
      if (out.nodes.size() > UINT32_MAX) {
        return absl::OutOfRangeError("PTAS table: more than 2^32 node records");
      }
      for (size_t j = 0; j < k; ++j) {  // Next count vector.
        if (counts[j] < limits[j]) {
          ++counts[j];
          break;
        }
        counts[j] = 0;
      }
      if (progress) progress(e + 1, entries);
    }
  }
  out.offsets[entries] = static_cast<uint32_t>(out.nodes.size());
  return out;
}

absl::StatusOr<TypedNodes> TypesFromNodeCosts(
    const std::vector<uint64_t>& node_costs) {
  if (node_costs.empty()) {
    return absl::InvalidArgumentError(
        "--node-costs: the list is empty (give the source's cost first)");
  }
  TypedNodes typed;
  typed.costs = node_costs;
  std::sort(typed.costs.begin(), typed.costs.end());
  typed.costs.erase(std::unique(typed.costs.begin(), typed.costs.end()),
                    typed.costs.end());
  if (typed.costs.size() > HETCAST_MAX_TYPES) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--node-costs: %d distinct costs; at most %d are supported",
        typed.costs.size(), HETCAST_MAX_TYPES));
  }
  typed.counts.assign(typed.costs.size(), 0);
  auto type_of = [&](uint64_t c) {
    return static_cast<uint32_t>(
        std::lower_bound(typed.costs.begin(), typed.costs.end(), c) -
        typed.costs.begin());
  };
  typed.source_type = type_of(node_costs[0]);
  for (size_t i = 1; i < node_costs.size(); ++i) {
    ++typed.counts[type_of(node_costs[i])];
  }
  return typed;
}

}  // namespace hetcast
