// transfer_bound_test.cc: the whole-transfer bound (tools/mpi/
// transfer_bound.h) against an exhaustive search over every chain of
// transfers on small random matrices, and its refusals.

#include "tools/mpi/transfer_bound.h"

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace hetcast {
namespace mpi {
namespace {

// The shortest chain from `at` (reached at `time`) to `target` over ranks
// not yet `used`, by trying every next rank (exponential; n <= 6).
uint64_t Exhaustive(const std::vector<uint64_t>& times, size_t n, size_t at,
                    size_t target, uint64_t time, std::vector<char>* used) {
  if (at == target) return time;
  uint64_t best = std::numeric_limits<uint64_t>::max();
  for (size_t next = 0; next < n; ++next) {
    if ((*used)[next]) continue;
    (*used)[next] = 1;
    best = std::min(best, Exhaustive(times, n, next, target,
                                     time + times[at * n + next], used));
    (*used)[next] = 0;
  }
  return best;
}

TEST(TransferBound, EqualsExhaustiveSearchOnRandomMatrices) {
  std::mt19937_64 rng(13);
  for (int trial = 0; trial < 300; ++trial) {
    const size_t n = 2 + trial % 5;
    const size_t root = trial % n;
    std::vector<uint64_t> times(n * n);
    for (uint64_t& t : times) t = 1 + rng() % 50;
    const std::vector<uint64_t> arrivals = EarliestArrivals(times, n, root);
    ASSERT_EQ(arrivals.size(), n);
    uint64_t farthest = 0;
    for (size_t v = 0; v < n; ++v) {
      std::vector<char> used(n, 0);
      used[root] = 1;
      const uint64_t expected = Exhaustive(times, n, root, v, 0, &used);
      EXPECT_EQ(arrivals[v], expected) << "trial " << trial << " rank " << v;
      farthest = std::max(farthest, expected);
    }
    EXPECT_EQ(WholeTransferBound(times, n, root), farthest);
  }
}

// A fast relay: 0 -> 1 -> 2 (3 + 4) beats the direct 0 -> 2 (10).
TEST(TransferBound, ARelayBeatsADirectSlowTransfer) {
  const std::vector<uint64_t> times = {0,  3, 10,  //
                                       3,  0, 4,   //
                                       10, 4, 0};
  EXPECT_EQ(EarliestArrivals(times, 3, 0), (std::vector<uint64_t>{0, 3, 7}));
  EXPECT_EQ(WholeTransferBound(times, 3, 0), 7u);
}

TEST(TransferBound, RefusesBadShapesAndOverflow) {
  EXPECT_TRUE(EarliestArrivals({0, 1, 1, 0}, 2, 2).empty());  // root
  EXPECT_TRUE(EarliestArrivals({0, 1, 1}, 2, 0).empty());     // not n * n
  EXPECT_TRUE(EarliestArrivals({}, 0, 0).empty());            // no rank
  // 0 -> 1 takes 2^63, then 1 -> 2 another 2^63: the sum does not fit.
  const uint64_t huge = uint64_t{1} << 63;
  const uint64_t top = std::numeric_limits<uint64_t>::max() - 1;
  EXPECT_TRUE(
      EarliestArrivals({0, huge, top, huge, 0, huge, 1, 1, 0}, 3, 0).empty());
  EXPECT_EQ(WholeTransferBound({0, 1, 1}, 2, 0), 0u);
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
