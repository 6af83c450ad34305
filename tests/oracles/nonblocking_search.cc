// nonblocking_search.cc: trees x per-node task orders, each timed by
// hetcast_nonblocking_evaluate.
#include "tests/oracles/nonblocking_search.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace hetcast {
namespace testing {
namespace {

class Search {
 public:
  explicit Search(const hetcast_nonblocking_request& r)
      : r_(r), n_(r.node_count) {
    hetcast_nonblocking_sizes sizes;
    hetcast_nonblocking_plan_sizes(&r_, &sizes, nullptr);
    workspace_.resize(sizes.workspace_bytes);
    for (size_t m = 0; m < r_.message_count; ++m) {
      parent_.push_back(
          std::vector<uint32_t>(r_.messages[m].destination_count));
    }
  }

  uint64_t Run() {
    Trees(0, 0);
    return best_;
  }

 private:
  // Every parent choice for every destination of every message.
  void Trees(size_t m, size_t d) {
    if (m == r_.message_count) {
      if (Acyclic()) Orders();
      return;
    }
    const hetcast_nonblocking_message& msg = r_.messages[m];
    if (d == msg.destination_count) {
      Trees(m + 1, 0);
      return;
    }
    for (size_t p = 0; p <= msg.destination_count; ++p) {
      if (p == d + 1) continue;  // Not its own parent.
      parent_[m][d] = p == 0 ? msg.source : msg.destinations[p - 1];
      Trees(m, d + 1);
    }
  }

  bool Acyclic() const {
    for (size_t m = 0; m < r_.message_count; ++m) {
      const hetcast_nonblocking_message& msg = r_.messages[m];
      for (size_t d = 0; d < msg.destination_count; ++d) {
        uint32_t v = msg.destinations[d];
        for (size_t steps = 0; v != msg.source; ++steps) {
          if (steps > msg.destination_count) return false;
          const size_t at =
              std::find(msg.destinations,
                        msg.destinations + msg.destination_count, v) -
              msg.destinations;
          v = parent_[m][at];
        }
      }
    }
    return true;
  }

  // Builds each node's tasks, then tries every order.
  void Orders() {
    lists_.assign(n_, {});
    for (size_t m = 0; m < r_.message_count; ++m) {
      const hetcast_nonblocking_message& msg = r_.messages[m];
      for (size_t d = 0; d < msg.destination_count; ++d) {
        const uint32_t to = msg.destinations[d], from = parent_[m][d];
        const uint32_t mm = static_cast<uint32_t>(m);
        lists_[from].push_back(
            {HETCAST_NONBLOCKING_SEND, from, to, mm, 0, 0, 0});
        lists_[to].push_back({HETCAST_NONBLOCKING_RECV, to, from, mm, 0, 0, 0});
      }
    }
    for (auto& list : lists_) {
      std::sort(list.begin(), list.end(), Less);
    }
    Permute(0);
  }

  static bool Less(const hetcast_nonblocking_task& a,
                   const hetcast_nonblocking_task& b) {
    return std::make_tuple(a.op, a.partner, a.message) <
           std::make_tuple(b.op, b.partner, b.message);
  }

  void Permute(size_t v) {
    if (v == n_) {
      Evaluate();
      return;
    }
    std::vector<hetcast_nonblocking_task>& list = lists_[v];
    std::sort(list.begin(), list.end(), Less);
    do {
      Permute(v + 1);
    } while (std::next_permutation(list.begin(), list.end(), Less));
  }

  void Evaluate() {
    std::vector<hetcast_nonblocking_task> tasks;
    std::vector<size_t> begin;
    for (const auto& list : lists_) {
      begin.push_back(tasks.size());
      tasks.insert(tasks.end(), list.begin(), list.end());
    }
    begin.push_back(tasks.size());
    hetcast_answer answer;
    if (hetcast_nonblocking_evaluate(
            &r_, tasks.data(), tasks.size(), begin.data(), workspace_.data(),
            workspace_.size(), &answer, nullptr) == HETCAST_OK) {
      best_ = std::min(best_, answer.completion_time);
    }
  }

  const hetcast_nonblocking_request& r_;
  const size_t n_;
  std::vector<unsigned char> workspace_;
  std::vector<std::vector<uint32_t>> parent_;
  std::vector<std::vector<hetcast_nonblocking_task>> lists_;
  uint64_t best_ = ~uint64_t{0};
};

}  // namespace

uint64_t NonblockingExhaustiveOptimum(
    const hetcast_nonblocking_request& request) {
  Search search(request);
  return search.Run();
}

}  // namespace testing
}  // namespace hetcast
