// exhaustive_search.cc: branch and bound over all non-idling schedules.
//
// The search advances in time. Every informed node has its next "slot": the
// tick its next send would complete. At the earliest slot, the node either
// sends to a not-yet-informed node of some class (destination or relay of a
// type) or stops sending for good. All such choice sequences are exactly the
// non-idling schedules (up to renaming nodes of one class).
#include "tests/oracles/exhaustive_search.h"

#include <algorithm>
#include <limits>

namespace hetcast {
namespace testing {
namespace {

struct Sender {
  uint64_t cost;
  uint64_t slot;
};

class Search {
 public:
  explicit Search(const TinyInstance& instance) : instance_(instance) {
    const size_t k = instance.costs.size();
    for (size_t j = 0; j < k; ++j) {
      remaining_.push_back(instance.destinations[j]);
      class_cost_.push_back(instance.costs[j]);
      is_destination_.push_back(true);
      destinations_left_ += instance.destinations[j];
    }
    for (size_t j = 0; j < instance.relays.size(); ++j) {
      remaining_.push_back(instance.relays[j]);
      class_cost_.push_back(instance.costs[j]);
      is_destination_.push_back(false);
    }
    cheapest_ = std::numeric_limits<uint64_t>::max();
    for (size_t c = 0; c < remaining_.size(); ++c) {
      if (remaining_[c] > 0) cheapest_ = std::min(cheapest_, class_cost_[c]);
    }
  }

  uint64_t Run() {
    if (destinations_left_ == 0) return 0;
    const uint64_t source_cost = instance_.costs[instance_.source_type];
    active_.push_back(Sender{source_cost, source_cost});
    Recurse(0);
    return best_;
  }

 private:
  // Nodes that could still be informed by `horizon` (a valid over-estimate:
  // every future node costs at least cheapest_, so a node informed at a has
  // at most 2^((horizon - a) / cheapest_) nodes in its subtree by then).
  uint64_t Capacity(uint64_t horizon) const {
    uint64_t total = 0;
    for (const Sender& sender : active_) {
      for (uint64_t t = sender.slot; t <= horizon; t += sender.cost) {
        const uint64_t exponent = (horizon - t) / cheapest_;
        if (exponent >= 40) return std::numeric_limits<uint64_t>::max();
        total += uint64_t{1} << exponent;
        if (total >= destinations_left_) return total;
      }
    }
    return total;
  }

  void Recurse(uint64_t last_destination) {
    if (destinations_left_ == 0) {
      best_ = std::min(best_, last_destination);
      return;
    }
    if (active_.empty()) return;
    size_t pick = 0;
    for (size_t i = 1; i < active_.size(); ++i) {
      if (active_[i].slot < active_[pick].slot) pick = i;
    }
    const uint64_t now = active_[pick].slot;
    // Every destination still missing arrives at `now` or later.
    if (now >= best_) return;
    if (best_ != std::numeric_limits<uint64_t>::max() &&
        Capacity(best_ - 1) < destinations_left_) {
      return;
    }
    const Sender sender = active_[pick];
    for (size_t c = 0; c < remaining_.size(); ++c) {
      if (remaining_[c] == 0) continue;
      --remaining_[c];
      if (is_destination_[c]) --destinations_left_;
      active_[pick].slot = now + sender.cost;
      active_.push_back(Sender{class_cost_[c], now + class_cost_[c]});
      Recurse(is_destination_[c] ? std::max(last_destination, now)
                                 : last_destination);
      active_.pop_back();
      active_[pick] = sender;
      if (is_destination_[c]) ++destinations_left_;
      ++remaining_[c];
    }
    // Or the sender stops for good.
    active_.erase(active_.begin() + pick);
    Recurse(last_destination);
    active_.insert(active_.begin() + pick, sender);
  }

  const TinyInstance& instance_;
  std::vector<uint64_t> remaining_;
  std::vector<uint64_t> class_cost_;
  std::vector<bool> is_destination_;
  uint64_t destinations_left_ = 0;
  uint64_t cheapest_;
  std::vector<Sender> active_;
  uint64_t best_ = std::numeric_limits<uint64_t>::max();
};

}  // namespace

uint64_t ExhaustiveOptimum(const TinyInstance& instance) {
  return Search(instance).Run();
}

}  // namespace testing
}  // namespace hetcast
