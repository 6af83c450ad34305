// cluster_search.cc: depth-first search over every schedule, tick by tick.
#include "tests/oracles/cluster_search.h"

#include <algorithm>
#include <map>
#include <vector>

namespace hetcast {
namespace testing {
namespace {

constexpr int64_t kUninformed = -1;

struct Proc {
  int cluster;
  int64_t has_at;      // Tick from which it holds the message, or -1.
  int64_t busy_until;  // Busy while tick < busy_until.
  bool global;         // Its current transfer is inter-cluster.
};

class Search {
 public:
  explicit Search(const ClusterInstance& instance)
      : cost_(static_cast<int64_t>(instance.inter_cost)),
        degrees_(instance.degrees),
        matching_(instance.matching),
        postal_(instance.postal),
        single_external_(instance.single_external),
        members_(instance.members) {
    for (size_t c = 0; c < instance.sizes.size(); ++c) {
      for (uint64_t i = 0; i < instance.sizes[c]; ++i) {
        procs_.push_back(Proc{static_cast<int>(c), kUninformed, 0, false});
      }
    }
    procs_[0].has_at = 0;
    clusters_ = static_cast<int>(instance.sizes.size());
    // An upper bound: everybody informed one at a time by the source.
    best_ = 0;
    for (size_t v = 1; v < procs_.size(); ++v) {
      best_ += procs_[v].cluster == 0 ? 1 : cost_;
    }
  }

  int64_t Run() {
    Step(0);
    return best_;
  }

 private:
  // A key for (tick, state) with interchangeable processors merged.
  std::vector<int64_t> Key(int64_t t) const {
    std::vector<int64_t> key;
    for (int c = 0; c < clusters_; ++c) {
      std::vector<int64_t> items;
      for (const Proc& p : procs_) {
        if (p.cluster != c) continue;
        const int64_t has =
            p.has_at == kUninformed ? -1 : std::max<int64_t>(0, p.has_at - t);
        const int64_t busy = std::max<int64_t>(0, p.busy_until - t);
        items.push_back((has * 1000 + busy) * 2 +
                        (p.global && p.busy_until > t));
      }
      std::sort(items.begin(), items.end());
      key.insert(key.end(), items.begin(), items.end());
      key.push_back(-7);
    }
    return key;
  }

  // The completion time if every processor that must receive has the
  // message or has it under way, else -1.
  int64_t Completion() const {
    if (members_.empty()) {
      int64_t last = 0;
      for (const Proc& p : procs_) {
        if (p.has_at == kUninformed) return -1;
        last = std::max(last, p.has_at);
      }
      return last;
    }
    int64_t last = 0;
    for (int c = 0; c < clusters_; ++c) {
      std::vector<int64_t> times;
      for (const Proc& p : procs_) {
        if (p.cluster == c && p.has_at != kUninformed)
          times.push_back(p.has_at);
      }
      if (times.size() < members_[c]) return -1;
      std::sort(times.begin(), times.end());
      if (members_[c] > 0) last = std::max(last, times[members_[c] - 1]);
    }
    return last;
  }

  void Step(int64_t t) {
    const int64_t done = Completion();
    if (done >= 0) {
      best_ = std::min(best_, done);
      return;
    }
    if (t + 1 >= best_) return;  // Someone uninformed arrives at t + 1 at best.
    auto key = Key(t);
    auto it = seen_.find(key);
    if (it != seen_.end() && it->second <= t) return;
    seen_[key] = t;
    idle_.clear();
    for (size_t v = 0; v < procs_.size(); ++v) {
      const Proc& p = procs_[v];
      if (p.has_at != kUninformed && p.has_at <= t && p.busy_until <= t) {
        idle_.push_back(static_cast<int>(v));
      }
    }
    std::vector<int> holders = idle_;
    Assign(t, holders, 0, -1);
  }

  // Holder i chooses a target cluster (or none = -1); identical consecutive
  // holders choose in non-decreasing order.
  void Assign(int64_t t, const std::vector<int>& holders, size_t i,
              int previous_choice) {
    if (i == holders.size()) {
      Step(t + 1);
      return;
    }
    const Proc& h = procs_[holders[i]];
    const bool same_as_previous =
        i > 0 && procs_[holders[i - 1]].cluster == h.cluster;
    const int first = same_as_previous ? previous_choice : -1;
    for (int c = first; c < clusters_; ++c) {
      if (c == -1) {
        Assign(t, holders, i + 1, -1);
        continue;
      }
      int target = -1;
      for (size_t v = 0; v < procs_.size(); ++v) {
        if (procs_[v].cluster == c && procs_[v].has_at == kUninformed) {
          target = static_cast<int>(v);
          break;
        }
      }
      if (target < 0) continue;
      if (c != h.cluster && !GlobalAllowed(t, h.cluster, c)) continue;
      if (c != h.cluster && single_external_ && !Untouched(c)) continue;
      const int64_t d = c == h.cluster ? 1 : cost_;
      Proc saved_h = procs_[holders[i]], saved_t = procs_[target];
      procs_[holders[i]].busy_until = postal_ ? t + 1 : t + d;
      procs_[holders[i]].global = !postal_ && c != h.cluster;
      procs_[target].has_at = t + d;
      procs_[target].busy_until = t + d;
      procs_[target].global = !postal_ && c != h.cluster;
      Assign(t, holders, i + 1, c);
      procs_[holders[i]] = saved_h;
      procs_[target] = saved_t;
    }
  }

  // Whether one more inter-cluster transfer between clusters a and b may
  // start at t.
  bool GlobalAllowed(int64_t t, int a, int b) const {
    if (degrees_.empty() && matching_ == 0) return true;
    std::vector<uint64_t> per_cluster(clusters_, 0);
    uint64_t endpoints = 0;
    for (const Proc& p : procs_) {
      if (p.global && p.busy_until > t) {
        ++per_cluster[p.cluster];
        ++endpoints;
      }
    }
    if (!degrees_.empty() && (per_cluster[a] + 1 > degrees_[a] ||
                              per_cluster[b] + 1 > degrees_[b])) {
      return false;
    }
    return matching_ == 0 || endpoints / 2 + 1 <= matching_;
  }

  // No processor of cluster c holds or awaits the message (and c is not
  // the source's cluster).
  bool Untouched(int c) const {
    if (c == 0) return false;
    for (const Proc& p : procs_) {
      if (p.cluster == c && p.has_at != kUninformed) return false;
    }
    return true;
  }

  int64_t cost_;
  std::vector<uint64_t> degrees_;
  uint64_t matching_;
  bool postal_;
  bool single_external_;
  std::vector<uint64_t> members_;
  int clusters_ = 0;
  std::vector<Proc> procs_;
  std::vector<int> idle_;
  int64_t best_;
  std::map<std::vector<int64_t>, int64_t> seen_;
};

}  // namespace

uint64_t ClusterExhaustiveOptimum(const ClusterInstance& instance) {
  Search search(instance);
  return static_cast<uint64_t>(search.Run());
}

}  // namespace testing
}  // namespace hetcast
