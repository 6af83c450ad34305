// bipartite_colouring.h: the König step of Beaumont et al. (2004, §2,
// "weighted bipartite edge colouring"): per-node loads within a period
// turned into one-port slots. Senders on one side, receivers on the other,
// an edge per transfer weighted by the ticks it needs per period; if no
// node sends, or receives, more than `period` ticks, the transfers fit in
// `period` ticks with every instant a matching (each node sends at most one
// and receives at most one).
#ifndef HETCAST_TOOLS_GRAPH_BIPARTITE_COLOURING_H_
#define HETCAST_TOOLS_GRAPH_BIPARTITE_COLOURING_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"

namespace hetcast {

// One transfer: `from` sends to `to` for `ticks` ticks in each period.
struct Transfer {
  uint32_t from;
  uint32_t to;
  uint64_t ticks;
};

// A piece of transfer `transfer` during [start, start + ticks).
struct TransferPiece {
  size_t transfer;
  uint64_t start;
  uint64_t ticks;
};

// ColourTransfers()
//
// Pads the bipartite multigraph to be `period`-regular with dummy edges,
// then repeatedly takes a perfect matching of the edges with ticks left
// (one exists in a regular bipartite multigraph) and runs it for the least
// ticks left among its edges: each round ends at least one edge, so there
// are at most (transfers + 2 * node_count) rounds. Pieces come in time
// order, ties by transfer index. InvalidArgument when a node sends or
// receives more than `period` ticks, or a transfer names a node
// >= node_count.
absl::StatusOr<std::vector<TransferPiece>> ColourTransfers(
    size_t node_count, const std::vector<Transfer>& transfers, uint64_t period);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_BIPARTITE_COLOURING_H_
