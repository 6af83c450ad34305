// flat.cc: the binomial tree over all processors that ignores the clusters
// (what a cluster-unaware MPI broadcast does). Not from Khuller, Kim & Wan:
// a baseline to compare LCF with. Basic model only.
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {
namespace internal {

// Over ids 0..N-1: i sends to i + 2^r for every r above its highest set bit
// (the source: every r), in increasing r, each send starting when the
// previous one ends.
size_t RunFlatBinomial(const ClusterLayout& l, const LcfScratch& s) {
  const uint32_t n = l.n;
  size_t written = 0;
  s.arrival[0] = 0;
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t r = 0;
    if (i > 0) {
      while ((uint64_t{2} << r) <= i) ++r;  // r = msb(i)
      ++r;
    }
    uint64_t t = s.arrival[i];
    const uint32_t from_cluster = ClusterOf(s.base, l.k, i);
    for (; r < 32 && i + (uint64_t{1} << r) < n; ++r) {
      const uint32_t j = i + (uint32_t{1} << r);
      const uint64_t d = ClusterOf(s.base, l.k, j) == from_cluster ? 1 : l.cost;
      s.raw[written++] = hetcast_transfer{i, j, t, t + d};
      s.arrival[j] = t + d;
      t += d;
    }
  }
  return written;
}

}  // namespace internal
}  // namespace hetcast
