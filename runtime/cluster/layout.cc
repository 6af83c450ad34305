// layout.cc: a cluster request checked once (Khuller, Kim & Wan §2's model,
// §5's bounds, §4's member counts), its cluster-major ids, and the
// relabelling of a planned schedule into canonical ids.
#include "runtime/cluster/layout.h"

#include <algorithm>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// Every processor's arrival, parent and send index under provisional ids;
// transfers were produced in non-decreasing start order per sender.
void RecordClusterTree(const ClusterLayout& l, const LcfScratch& s,
                       size_t count) {
  for (uint32_t v = 0; v < l.n; ++v) {
    s.sends[v] = 0;
    s.arrival[v] = HETCAST_NEVER;
  }
  s.arrival[0] = 0;
  for (size_t i = 0; i < count; ++i) {
    const hetcast_transfer& x = s.raw[i];
    s.arrival[x.to] = x.arrival;
    s.parent[x.to] = x.from;
    s.send_index[x.to] = ++s.sends[x.from];
  }
}

// Sorts s.by_arrival[begin, end), processors that arrive together, by
// (parent's canonical id, send index). Parents arrived earlier, so their
// canonical ids exist. The key is unique (one parent's i-th send reaches
// one processor), so an unstable in-place sort gives the one order:
// O(g log g) for a group of g (binomial doubling lands N / 2 processors
// together) and no allocation; the key is computed in the comparison, not
// stored (8 bytes a processor).
void SortArrivalGroup(const LcfScratch& s, uint32_t begin, uint32_t end) {
  const uint32_t* new_id = s.new_id;
  const uint32_t* parent = s.parent;
  const uint32_t* send_index = s.send_index;
  auto key = [new_id, parent, send_index](uint32_t v) {
    return (uint64_t{new_id[parent[v]]} << 32) | send_index[v];
  };
  ClusterWork* work = s.work;
  std::sort(s.by_arrival + begin, s.by_arrival + end,
            [key, work](uint32_t a, uint32_t b) {
              if (work != nullptr) ++work->comparisons;
              return key(a) < key(b);
            });
}

// s.new_id: per cluster by arrival, then parent's canonical id, then send
// order; processors that never receive (multicast helpers) take the last
// ids of their clusters, in id order.
void AssignCanonicalIds(const ClusterLayout& l, const LcfScratch& s) {
  const uint32_t n = l.n;
  for (uint32_t v = 1; v < n; ++v) s.by_arrival[v - 1] = v;
  const uint64_t* arrival = s.arrival;
  std::sort(
      s.by_arrival, s.by_arrival + (n - 1), [arrival](uint32_t a, uint32_t b) {
        return arrival[a] < arrival[b] || (arrival[a] == arrival[b] && a < b);
      });
  uint32_t* position = s.informed;  // Reused: next position per cluster.
  for (uint32_t c = 0; c < l.k; ++c) position[c] = 0;
  s.new_id[0] = 0;
  position[0] = 1;
  for (uint32_t i = 0; i + 1 < n;) {
    uint32_t end = i;
    while (end + 1 < n &&
           arrival[s.by_arrival[end]] == arrival[s.by_arrival[i]]) {
      ++end;
    }
    if (arrival[s.by_arrival[i]] == HETCAST_NEVER) {
      std::sort(s.by_arrival + i, s.by_arrival + end);
    } else {
      SortArrivalGroup(s, i, end);
    }
    for (uint32_t g = i; g < end; ++g) {
      const uint32_t v = s.by_arrival[g];
      const uint32_t c = ClusterOf(s.base, l.k, v);
      s.new_id[v] = s.base[c] + position[c]++;
    }
    i = end;
  }
}

void WriteCanonicalNodes(const ClusterLayout& l, const LcfScratch& s,
                         hetcast_node* nodes) {
  nodes[0] = hetcast_node{0, HETCAST_NO_NODE, 0, 0, 0};
  for (uint32_t v = 1; v < l.n; ++v) {
    const uint32_t id = s.new_id[v];
    const uint32_t c = ClusterOf(s.base, l.k, v);
    const uint32_t helper = IsClusterMember(l, s.base, c, id) ? 0u : 1u;
    if (s.arrival[v] == HETCAST_NEVER) {
      nodes[id] = hetcast_node{HETCAST_NEVER, HETCAST_NO_NODE, c, 0, helper};
    } else {
      nodes[id] = hetcast_node{s.arrival[v], s.new_id[s.parent[v]], c,
                               s.send_index[v], helper};
    }
  }
}

}  // namespace

hetcast_status ValidateClusterRequest(const hetcast_cluster_request* r,
                                      ClusterLayout* out, const char** why) {
  if (r == nullptr || r->sizes == nullptr || r->cluster_count == 0 ||
      r->cluster_count > HETCAST_MAX_NODES) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "cluster request: no clusters (sizes NULL or count 0)", why);
  }
  if (r->inter_cost == 0 || r->inter_cost > HETCAST_MAX_COST) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "cluster request: inter_cost C must be in 1 .. 2^40", why);
  }
  if (r->postal != 0 && r->postal != 1) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "cluster request: postal must be 0 or 1", why);
  }
  if (r->postal && (r->degrees != nullptr || r->matching != 0)) {
    // §5's bounds are for the blocking model.
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "cluster request: degree and matching bounds belong to the "
                  "blocking model, not the postal one",
                  why);
  }
  uint64_t total = 0;
  for (size_t c = 0; c < r->cluster_count; ++c) {
    if (r->sizes[c] == 0) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "cluster request: a cluster has no processors", why);
    }
    if (r->degrees != nullptr &&
        (r->degrees[c] == 0 || r->degrees[c] > r->sizes[c])) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "cluster request: a degree is 0 or above its cluster's "
                    "size",
                    why);
    }
    if (r->members != nullptr && r->members[c] > r->sizes[c]) {
      return Reject(HETCAST_INVALID_ARGUMENT,
                    "cluster request: more members than processors in a "
                    "cluster",
                    why);
    }
    if (__builtin_add_overflow(total, r->sizes[c], &total) ||
        total > HETCAST_MAX_NODES) {
      return Reject(HETCAST_TOO_LARGE,
                    "cluster request: more than HETCAST_MAX_NODES (2^31 - 1) "
                    "processors",
                    why);
    }
  }
  out->request = r;
  out->k = static_cast<uint32_t>(r->cluster_count);
  out->n = static_cast<uint32_t>(total);
  out->cost = r->inter_cost;
  out->size = r->sizes;
  return HETCAST_OK;
}

void FillClusterBases(const ClusterLayout& l, uint32_t* base) {
  uint32_t next = 0;
  for (uint32_t c = 0; c < l.k; ++c) {
    base[c] = next;
    next += static_cast<uint32_t>(l.size[c]);
  }
  base[l.k] = next;
}

void SortOtherClusters(const ClusterLayout& l, uint32_t* order) {
  for (uint32_t c = 1; c < l.k; ++c) order[c - 1] = c;
  const uint64_t* size = l.size;
  std::sort(order, order + (l.k - 1), [size](uint32_t a, uint32_t b) {
    return size[a] > size[b] || (size[a] == size[b] && a < b);
  });
}

// Cluster i shrunk to its d_i processors that may transfer globally.
ClusterLayout DegreeReducedLayout(const ClusterLayout& l, uint64_t* reduced) {
  ClusterLayout r = l;
  uint64_t n = 0;
  for (uint32_t c = 0; c < l.k; ++c) {
    reduced[c] = l.request->degrees[c];  // Validated: 1 <= d_c <= n_c.
    n += reduced[c];
  }
  r.size = reduced;
  r.n = static_cast<uint32_t>(n);
  return r;
}

uint64_t CappedMatching(const ClusterLayout& l) {
  const uint64_t b = l.request->matching;
  return b > l.n / 2 ? l.n / 2 : b;
}

uint32_t OtherMemberClusters(const ClusterLayout& l) {
  uint32_t k_prime = 0;
  for (uint32_t c = 1; c < l.k; ++c) k_prime += l.request->members[c] > 0;
  return k_prime;
}

bool IsClusterMember(const ClusterLayout& l, const uint32_t* base,
                     uint32_t cluster, uint32_t id) {
  const uint64_t* members = l.request->members;
  return members == nullptr || id - base[cluster] < members[cluster];
}

void SortClusterTransfers(hetcast_transfer* transfers, size_t count) {
  std::sort(transfers, transfers + count,
            [](const hetcast_transfer& a, const hetcast_transfer& b) {
              return a.start < b.start ||
                     (a.start == b.start && a.from < b.from);
            });
}

void CanonicalizeCluster(const ClusterLayout& l, const LcfScratch& s,
                         size_t count, hetcast_node* nodes,
                         hetcast_transfer* transfers) {
  RecordClusterTree(l, s, count);
  AssignCanonicalIds(l, s);
  WriteCanonicalNodes(l, s, nodes);
  if (transfers == nullptr) return;
  for (size_t i = 0; i < count; ++i) {
    const hetcast_transfer& x = s.raw[i];
    transfers[i] =
        hetcast_transfer{s.new_id[x.from], s.new_id[x.to], x.start, x.arrival};
  }
  SortClusterTransfers(transfers, count);
}

}  // namespace internal
}  // namespace hetcast
