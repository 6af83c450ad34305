// transfer_bound.cc: Dijkstra's shortest paths on the dense matrix of
// transfer times (transfer_bound.h).

#include "tools/mpi/transfer_bound.h"

#include <algorithm>
#include <limits>

namespace hetcast {
namespace mpi {

std::vector<uint64_t> EarliestArrivals(const std::vector<uint64_t>& times,
                                       size_t n, size_t root) {
  constexpr uint64_t kUnreached = std::numeric_limits<uint64_t>::max();
  if (root >= n || times.size() / n != n || times.size() % n != 0) return {};
  std::vector<uint64_t> arrival(n, kUnreached);
  std::vector<char> settled(n, 0);
  arrival[root] = 0;
  for (size_t round = 0; round < n; ++round) {
    size_t u = n;
    for (size_t v = 0; v < n; ++v) {
      if (!settled[v] && (u == n || arrival[v] < arrival[u])) u = v;
    }
    settled[u] = 1;
    for (size_t v = 0; v < n; ++v) {
      if (settled[v]) continue;
      const uint64_t step = times[u * n + v];
      if (step > kUnreached - 1 - arrival[u]) return {};  // overflow
      arrival[v] = std::min(arrival[v], arrival[u] + step);
    }
  }
  return arrival;
}

uint64_t WholeTransferBound(const std::vector<uint64_t>& times, size_t n,
                            size_t root) {
  const std::vector<uint64_t> arrival = EarliestArrivals(times, n, root);
  return arrival.empty() ? 0
                         : *std::max_element(arrival.begin(), arrival.end());
}

}  // namespace mpi
}  // namespace hetcast
