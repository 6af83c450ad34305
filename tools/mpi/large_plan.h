// large_plan.h: the large-message plan. A broadcast pipelined over several
// weighted trees at the throughput of Broadcast-EB (Beaumont, Legrand,
// Marchal & Robert 2004, §5.1.3: the optimal steady state of a broadcast in
// the one-port model, reached by a weighted packing of spanning
// arborescences), on the platform that the ranks' measured links make
// (degree_tree.h), with the segment size that balances the pipeline's fill
// against the cost of each segment. multi_tree.h runs the result.
//
// The platform: every rank sends through its own up link and receives
// through its own down link, all on one switch (no shared link). In the
// paper's one-port model a byte from i to j holds i's out-port and j's
// in-port for c(i, j) = max(send_i, receive_j) picoseconds, and a segment
// of S bytes for overhead_i + S c(i, j).
//
// Planning links the exact LP (tools/graph, QSopt_ex): an offline step
// (calibration), never the MPI library's.
#ifndef HETCAST_TOOLS_MPI_LARGE_PLAN_H_
#define HETCAST_TOOLS_MPI_LARGE_PLAN_H_

#include <gmpxx.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/mpi/degree_tree.h"
#include "tools/mpi/multi_tree_plan.h"

namespace hetcast {
namespace mpi {

// From measured pairs, one of two texts:
//  - bench --model=bound --times-out: "hetcast-pair-times 1", "N BYTES",
//    then N x N uncontended transfer times T(s, r) of BYTES in picoseconds
//    (row = sender): ps_per_byte[s][r] = ceil(T(s, r) / BYTES);
//  - calibrate --pairs-out: "N BYTES", N send costs S(s) in picoseconds per
//    send of BYTES, then N x N link costs L(s, r) in picoseconds per byte:
//    ps_per_byte[s][r] = ceil(S(s) / BYTES) + L(s, r). S(s) is a sender's
//    back-to-back sends to several ranks, so a slow receiver among them
//    slows every pair of s: the pair times are the better input.
// No overhead; the sites that FindSites() sees in the pairs (sites.h).
// InvalidArgument saying what is wrong with the text.
absl::StatusOr<LargePlatform> PairsPlatform(const std::string& text);

// The network model the plan is made in and judged by.
//  - kOnePort: the paper's (§2): a transfer from i to j holds i's out-port
//    and j's in-port for its whole time; Broadcast-EB up to
//    kLargePlanMaxLpRanks ranks, else MCPH.
//  - kMultiPort: a switched network as TCP and SMPI's flow model see it: a
//    rank sends to several ranks at once, sharing its up rate (u_i ps per
//    byte, its fastest pair) among them, and receives at up to its down
//    rate (d_j, its fastest pair). One tree at rate 1/p: each rank j needs
//    d_j <= p and rank i feeds at most p / u_i children; with sites, a
//    site's uplink carries at most p / uplink crossings. DegreeTree(),
//    or a tree of bounded fan-out when predicted to finish first
//    (MultiPortCandidates()). The one-port plans leave sites out.
//    Measured in SMPI (16 ranks, 16 MiB, docs/mpi.md): a 10G rank feeding
//    two 100M ranks at once takes 1.50 s, a chain through one of them 2.19
//    s, where the one-port model ranks the chain first.
enum class LargeModel { kOnePort, kMultiPort };

struct LargePlan {
  MultiTreePlan plan;  // integer tree weights and the segment size
  // One-port: "broadcast-eb" (the LP's arborescences), or "mcph" (one
  // tree of the Minimum Cost Path Heuristic, when the LP is too large or
  // its packing needs more than 63 bits). Multi-port: the candidate of
  // MultiPortCandidates() that won, "degree-tree", "site-trees" or
  // "fanout-D".
  std::string algorithm;
  // Steady state of plan.trees with their integer weights: picoseconds per
  // byte broadcast, the busiest port's load (overheads left out).
  mpq_class period_ps_per_byte;
  // No schedule broadcasts a byte faster on average: Broadcast-EB's T*
  // when the LP ran (bound_is_lp), else the largest of three counting
  // bounds (LargeCountingBound(), MultiPortBound()).
  mpq_class bound_ps_per_byte;
  bool bound_is_lp = false;
  // The whole broadcast at plan.segment_bytes: the pipeline's fill (the
  // last arrival of one segment with no other traffic) plus a period per
  // further segment (PredictedPs()).
  mpq_class predicted_ps;
};

// Ranks (root included) up to which the LP is solved: Broadcast-EB on the
// complete graph has (n - 1) targets x n (n - 1) edges of flow columns
// (392 at 8 ranks), and its exact arborescence packing's integers grow
// with the LP's denominators: at 12 to 20 ranks of random links the LP
// takes tens of seconds and the packing can pass 63 bits.
inline constexpr int kLargePlanMaxLpRanks = 8;
// PlanLargeBroadcast()
//
// The plan for `bytes` bytes from `root` on `platform` in segments of
// `segment_bytes` (0: the power of two from 4 KiB to 64 MiB that fits the
// message with the least PredictedPs(), the larger on ties), every rank's
// children in increasing rank order. Multi-port: of MultiPortCandidates(),
// the one of least PredictedPs(), each at its own segment size (the
// earlier candidate on ties). InvalidArgument naming the entry out of
// range, a root outside the ranks, a matrix that is not square, or fewer
// than 2 or more than kLargePlanMaxRanks ranks. Deterministic.
absl::StatusOr<LargePlan> PlanLargeBroadcast(
    const LargePlatform& platform, int root, uint64_t bytes,
    LargeModel model = LargeModel::kOnePort, uint64_t segment_bytes = 0);

// The largest fan-out of MultiPortCandidates()'s bounded trees.
inline constexpr uint64_t kLargePlanMaxFanOut = 8;

struct MultiPortCandidate {
  std::vector<WeightedTree> trees;  // weighted as the plan runs them
  std::string algorithm;            // LargePlan's algorithm when it wins
};

// The multi-port plan's candidates from `root`: the least period's trees,
// MultiPortTrees() (site_trees.h: "degree-tree" or "site-trees"), then
// FanOutTree() for D = 2 .. min(n - 1, kLargePlanMaxFanOut) ("fanout-D"),
// each left out when its tree is one of the candidates before it. The
// least period's chain (one child per rank) or star pays the most fill:
// each hop out of a relay delays the pipeline by a window of segments
// (degree_tree.h), so at a few hundred segments a bounded fan-out can
// finish first though its period is longer.
std::vector<MultiPortCandidate> MultiPortCandidates(
    const LargePlatform& platform, int root);

// Multi-port: the busiest rank's, pair's or uplink's time per byte of
// `trees` (weights as fractions of their total): a rank's out, children x
// u_i per tree; its in, d_j; an edge's, c(i, j) per tree that uses it; a
// site's uplink, its crossings x its cost per tree.
mpq_class MultiPortPeriod(const LargePlatform& platform,
                          const std::vector<WeightedTree>& trees);

// Multi-port: no broadcast is faster per byte than the slowest receiver
// (max d_j), the root's up rate (u_root), all ranks' up rates together
// carrying n - 1 copies ((n - 1) / sum of 1 / u_i), and with k sites the
// slowest uplink (each is crossed once at least) and all uplinks together
// carrying 2 (k - 1) crossings.
mpq_class MultiPortBound(const LargePlatform& platform, int root);

// The complete one-port graph of `platform` rooted at `root`, every other
// rank a target, edge (i, j) of cost ps_per_byte[i][j]. `edges` and
// `targets` are filled and must outlive the request.
hetcast_graph_request LargeGraph(const LargePlatform& platform, int root,
                                 std::vector<hetcast_graph_edge>* edges,
                                 std::vector<uint32_t>* targets);

// Broadcast-EB's weighted arborescences on a broadcast `request` (every
// node but the source a target) as trees over its nodes, with integer
// weights: exactly the LP's fractions when their common denominator is at
// most 2^20, else rounded to 4,096 in all by largest remainders. `bound`
// gets T*.
absl::StatusOr<std::vector<WeightedTree>> BroadcastEbTrees(
    const hetcast_graph_request& request, mpq_class* bound);

// The one-port period per unit of `trees` (weights as fractions of their
// total) when a transfer from i to j costs cost[i][j]: the busiest port.
mpq_class TreesPeriod(const std::vector<WeightedTree>& trees,
                      const std::vector<std::vector<mpq_class>>& cost);

// The counting bound per byte: the root sends every byte at least once
// (its cheapest edge), every other rank receives it once (its cheapest
// in-edge), and all those receptions are sent by n ports in parallel.
mpq_class LargeCountingBound(const LargePlatform& platform, int root);

// fill + (ceil(bytes / segment) - 1) x period, in picoseconds, where the
// period is TreesPeriod() at segment costs overhead_i + segment c(i, j)
// and the fill is the latest arrival of one segment down any tree, each
// rank sending to its children in order.
// Multi-port: DegreeTreePredictedPs() of the plan's trees (the only model
// that charges the platform's relay times).
mpq_class PredictedPs(const LargePlatform& platform, const MultiTreePlan& plan,
                      uint64_t bytes, LargeModel model = LargeModel::kOnePort);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_LARGE_PLAN_H_
