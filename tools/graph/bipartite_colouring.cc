// bipartite_colouring.cc: regular padding, then perfect matchings by
// augmenting paths (Kuhn), each run for its least remaining weight.
#include "tools/graph/bipartite_colouring.h"

#include <algorithm>

#include "absl/strings/str_format.h"

namespace hetcast {
namespace {

constexpr size_t kDummy = SIZE_MAX;

struct Edge {
  uint32_t from;  // Sender side.
  uint32_t to;    // Receiver side.
  uint64_t left;  // Ticks still to run.
  size_t transfer;
};

// Per node, the ticks it sends and receives per period (checked <= period).
absl::Status Loads(size_t n, const std::vector<Transfer>& transfers,
                   uint64_t period, std::vector<uint64_t>* send,
                   std::vector<uint64_t>* receive) {
  send->assign(n, 0);
  receive->assign(n, 0);
  for (const Transfer& t : transfers) {
    if (t.from >= n || t.to >= n) {
      return absl::InvalidArgumentError("a transfer names an unknown node");
    }
    if (t.ticks > period - (*send)[t.from] ||
        t.ticks > period - (*receive)[t.to]) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "node %d or %d is busy more than the period (%d ticks)", t.from, t.to,
          period));
    }
    (*send)[t.from] += t.ticks;
    (*receive)[t.to] += t.ticks;
  }
  return absl::OkStatus();
}

// The transfers plus dummy edges that bring every sender and every
// receiver to exactly `period` ticks (deficits paired greedily in id
// order; both sides miss the same total).
std::vector<Edge> RegularEdges(size_t n, const std::vector<Transfer>& transfers,
                               uint64_t period, std::vector<uint64_t> send,
                               std::vector<uint64_t> receive) {
  std::vector<Edge> edges;
  for (size_t i = 0; i < transfers.size(); ++i) {
    const Transfer& t = transfers[i];
    if (t.ticks > 0) edges.push_back({t.from, t.to, t.ticks, i});
  }
  uint32_t u = 0;
  uint32_t v = 0;
  while (u < n && v < n) {
    if (send[u] == period) {
      ++u;
    } else if (receive[v] == period) {
      ++v;
    } else {
      const uint64_t ticks = std::min(period - send[u], period - receive[v]);
      edges.push_back({u, v, ticks, kDummy});
      send[u] += ticks;
      receive[v] += ticks;
    }
  }
  return edges;
}

// A perfect matching among the edges with ticks left: matched_edge[v] is
// the edge into receiver v. Kuhn's augmenting paths, senders in id order.
class Matching {
 public:
  Matching(size_t n, const std::vector<Edge>& edges)
      : edges_(edges), out_(n), edge_of_receiver_(n, kDummy), seen_(n) {
    for (size_t e = 0; e < edges.size(); ++e) out_[edges[e].from].push_back(e);
  }

  // False if some sender cannot be matched (never, for a regular graph).
  bool Find() {
    std::fill(edge_of_receiver_.begin(), edge_of_receiver_.end(), kDummy);
    for (uint32_t u = 0; u < out_.size(); ++u) {
      std::fill(seen_.begin(), seen_.end(), false);
      if (!Augment(u)) return false;
    }
    return true;
  }

  const std::vector<size_t>& edge_of_receiver() const {
    return edge_of_receiver_;
  }

 private:
  bool Augment(uint32_t u) {
    for (size_t e : out_[u]) {
      if (edges_[e].left == 0 || seen_[edges_[e].to]) continue;
      const uint32_t v = edges_[e].to;
      seen_[v] = true;
      const size_t held = edge_of_receiver_[v];
      if (held == kDummy || Augment(edges_[held].from)) {
        edge_of_receiver_[v] = e;
        return true;
      }
    }
    return false;
  }

  const std::vector<Edge>& edges_;
  std::vector<std::vector<size_t>> out_;
  std::vector<size_t> edge_of_receiver_;
  std::vector<bool> seen_;
};

}  // namespace

absl::StatusOr<std::vector<TransferPiece>> ColourTransfers(
    size_t node_count, const std::vector<Transfer>& transfers,
    uint64_t period) {
  std::vector<uint64_t> send;
  std::vector<uint64_t> receive;
  absl::Status status = Loads(node_count, transfers, period, &send, &receive);
  if (!status.ok()) return status;
  std::vector<Edge> edges =
      RegularEdges(node_count, transfers, period, send, receive);
  Matching matching(node_count, edges);
  std::vector<TransferPiece> pieces;
  for (uint64_t now = 0; now < period;) {
    if (!matching.Find()) {
      return absl::InternalError("no perfect matching in a regular graph");
    }
    uint64_t run = period - now;
    for (size_t e : matching.edge_of_receiver())
      run = std::min(run, edges[e].left);
    std::vector<TransferPiece> round;
    for (size_t e : matching.edge_of_receiver()) {
      edges[e].left -= run;
      if (edges[e].transfer != kDummy) {
        round.push_back({edges[e].transfer, now, run});
      }
    }
    std::sort(round.begin(), round.end(),
              [](const TransferPiece& a, const TransferPiece& b) {
                return a.transfer < b.transfer;
              });
    pieces.insert(pieces.end(), round.begin(), round.end());
    now += run;
  }
  return pieces;
}

}  // namespace hetcast
