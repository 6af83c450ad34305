// multi_tree_plan.h: the plan of a broadcast over several weighted trees
// in pipelined segments (multi_tree.h runs it with MPI; large_plan.h makes
// it): MPI-free, so that planners and tests build without MPI.
#ifndef HETCAST_TOOLS_MPI_MULTI_TREE_PLAN_H_
#define HETCAST_TOOLS_MPI_MULTI_TREE_PLAN_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

struct WeightedTree {
  // children[r]: rank r's children, in the order r sends to them. Every
  // rank but the root has exactly one parent; every rank is reached.
  std::vector<std::vector<int>> children;
  uint64_t weight = 1;  // > 0
};

struct MultiTreePlan {
  int root = 0;
  std::vector<WeightedTree> trees;
  size_t segment_bytes = 1 << 16;  // > 0
  int window = 8;                  // receives posted ahead, 1 .. 4096
  int sends_in_flight = 4;         // outstanding sends per rank, 1 .. 4096
};

// Empty when `plan` is valid on a communicator of `ranks` ranks; else why
// not (the same words on every rank that passes the same plan).
std::string CheckMultiTreePlan(const MultiTreePlan& plan, int ranks);

// The tree of each of `segments` segments, by smooth weighted round-robin.
std::vector<int> SegmentTrees(const std::vector<WeightedTree>& trees,
                              size_t segments);

// Each rank's parent in `tree` (-1 for the root) when it is a spanning
// tree of `ranks` ranks rooted at `root`; else why not.
std::string TreeParents(const WeightedTree& tree, int ranks, int root,
                        std::vector<int>* parent);

// The plan as text, for a plan made offline (large_plan) and run by an MPI
// program:
//   hetcast-multi-tree 1
//   ranks N root R segment_bytes S window W sends_in_flight F
//   tree WEIGHT P_0 P_1 ... P_{N-1}      (one line per tree)
// P_r is rank r's parent in that tree, -1 for the root; each rank sends to
// its children in increasing rank order.
std::string FormatMultiTreePlan(const MultiTreePlan& plan);

// Reads FormatMultiTreePlan()'s text into `plan` and `ranks`: "" when it
// is a valid plan (CheckMultiTreePlan()), else what is wrong.
std::string ParseMultiTreePlan(const std::string& text, MultiTreePlan* plan,
                               int* ranks);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_MULTI_TREE_PLAN_H_
