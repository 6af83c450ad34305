// platform.h: platform graphs for pipelined multicast (Beaumont, Legrand,
// Marchal & Robert 2004), read from JSON (tables/platform.fbs) with
// FlatBuffers' own parser, checked, and pruned to what the source reaches.
#ifndef HETCAST_TOOLS_GRAPH_PLATFORM_H_
#define HETCAST_TOOLS_GRAPH_PLATFORM_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "flatbuffers/flatbuffers.h"
#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// The newest platform schema version this build reads.
inline constexpr uint32_t kPlatformVersion = 1;

// The size limits of the exact LP algorithms (`hetcast plan --model graph
// --algorithm lb|ub|broadcast|the LP heuristics|best`), checked before any
// LP is built: a platform (after pruning) of at most kGraphLpMaxNodeEdges
// nodes x edges for the one-program algorithms (lb, ub, broadcast), at
// most kGraphLpHeuristicMaxNodeEdges for the three LP heuristics and best,
// and at most 5/2 edges per node on average for all
// (kGraphLpMaxEdgesPerNode*). The product is the flow columns of
// Broadcast-EB on the whole platform (one flow per node and edge), the
// largest program every LP algorithm but lb solves (lb's has targets x
// edges); the heuristics solve such programs once per move and candidate,
// and dense platforms and costs near HETCAST_MAX_COST make them far slower
// than sparse ones of the same product with small costs (README.md,
// "Limits", has the measured cost at the limits). Fig. 11's platforms, 65
// nodes and at most 140 edges (tests/graph/tiers_platform_test.cc), fit the
// one-program limit; the heuristics run on them through tools/experiments/
// fig11 (the library, no limit).
inline constexpr uint64_t kGraphLpMaxNodeEdges = 10000;
inline constexpr uint64_t kGraphLpHeuristicMaxNodeEdges = 2500;
// Edges per node on average, at most 5/2: numerator and denominator.
inline constexpr uint64_t kGraphLpMaxEdgesPerNodeNum = 5;
inline constexpr uint64_t kGraphLpMaxEdgesPerNodeDen = 2;

// GraphPlatform
//
// A checked platform with the arrays a hetcast_graph_request points into.
// Node ids are positions in the file's "nodes" after the nodes the source
// cannot reach have been removed (the others keep their order); edges keep
// file order, an edge with "both_directions" giving (from, to) and then
// (to, from); targets keep file order.
struct GraphPlatform {
  std::vector<std::string> names;  // Indexed by node id.
  std::vector<hetcast_graph_edge> edges;
  uint32_t source = 0;
  std::vector<uint32_t> targets;
  // Nodes the source cannot reach, removed, in file order.
  std::vector<std::string> pruned;

  // A request over this platform's arrays (valid while *this lives and is
  // not modified).
  hetcast_graph_request Request(uint32_t flags = 0) const;
};

// GraphEndpoints
//
// A source and targets given outside the file (the command line's --source
// and --targets): each one that is set replaces the file's field, and its
// errors name it ("--source: unknown node 'x'", "--targets[1]: ...").
// Pruning follows the source actually used.
struct GraphEndpoints {
  std::optional<std::string> source;
  std::optional<std::vector<std::string>> targets;
};

// ParseGraphPlatform()
//
// Parses and checks a platform. Errors are InvalidArgument with one line
// that names the item, e.g. "edges[2].to: unknown node 'x'",
// "targets[1]: 'c' cannot be reached from the source 's'". Refused: JSON
// the schema rejects, a version newer than kPlatformVersion, no or more
// than HETCAST_GRAPH_MAX_NODES nodes, an empty or repeated node name, an
// unknown node, a self-loop, an edge given twice (also through
// "both_directions"), a cost outside 1 .. HETCAST_MAX_COST, more than
// HETCAST_GRAPH_MAX_EDGES directed edges, a missing or unknown source, no
// targets, a target listed twice, the source among the targets, a target
// the source cannot reach, and targets x (nodes + edges) past MCPH's work
// limit, HETCAST_GRAPH_MAX_WORK.
absl::StatusOr<GraphPlatform> ParseGraphPlatform(
    absl::string_view json, const GraphEndpoints& endpoints = {});

// CheckGraphPlatformBuffer()
//
// The checks and pruning of ParseGraphPlatform on a platform::Platform
// (tables/platform.fbs) finished in `builder`: for importers of other
// formats (simgrid_platform.h), which build one in memory.
absl::StatusOr<GraphPlatform> CheckGraphPlatformBuffer(
    const flatbuffers::FlatBufferBuilder& builder,
    const GraphEndpoints& endpoints);

// "pruned 2 nodes the source cannot reach: x, y" (empty when none were).
std::string PrunedNote(const GraphPlatform& platform);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_PLATFORM_H_
