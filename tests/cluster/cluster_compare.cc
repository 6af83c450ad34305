// cluster_compare.cc: LCF, Interleaved LCF, a cluster-unaware binomial
// tree and the planner's answer on random cluster mixes, each as a ratio to
// the lower bound of its model (the table for issue 5's closing note).
//
//   bazel run //tests:cluster_compare            (seed 1, 200 mixes per row)
//   bazel run //tests:cluster_compare -- 7 500   (seed, mixes per row)
//
// Blocking model: LCF and the flat binomial tree against
// hetcast_cluster_lower_bound (max of ceil(log2 N), pC, Theorem 3.2).
// Postal model: LCF and Interleaved LCF against the postal bound
// (max of ceil(log2 N), Lemma 6.4). Both also with the cluster-fill bound
// (runtime/cluster/layout.h, issue 18): the answer's bound is the larger.
// Mean and max of completion / bound; "paper only" gives LCF's (blocking,
// postal) mean against the paper's bounds alone, as before issue 18;
// "answer" the planner's default (the earlier of LCF and Eager LCF,
// runtime/cluster/eager.cc) against the answer's bound. The last lines
// average the 12 rows: the gap (ratio - 1) before and after, and how much
// of it is gone.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "runtime/cluster/algorithms.h"
#include "runtime/cluster/layout.h"
#include "runtime/include/hetcast/hetcast.h"

namespace {

struct Stats {
  double sum = 0, max = 0;
  int n = 0;
  void Add(double x) {
    sum += x;
    max = x > max ? x : max;
    ++n;
  }
};

// HETCAST_ALGORITHM_NONE: the planner's default (PlanClusterEarliest).
uint64_t Completion(hetcast_cluster_request r, hetcast_algorithm algorithm,
                    uint64_t* bound) {
  hetcast_node_sizes sizes;
  if (hetcast_cluster_plan_sizes(&r, &sizes, nullptr) != HETCAST_OK)
    std::abort();
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  hetcast_answer answer;
  const hetcast_status status =
      algorithm == HETCAST_ALGORITHM_NONE
          ? hetcast::internal::PlanClusterEarliest(
                &r, workspace.data(), workspace.size(), nodes.data(),
                nodes.size(), nullptr, 0, &answer)
          : hetcast_cluster_plan(&r, algorithm, workspace.data(),
                                 workspace.size(), nodes.data(), nodes.size(),
                                 nullptr, 0, &answer, nullptr);
  if (status != HETCAST_OK) std::abort();
  *bound = answer.lower_bound;
  return answer.completion_time;
}

// Means over the rows of the "paper only" and "answer" columns.
struct Summary {
  double before[2] = {0, 0}, after[2] = {0, 0};  // blocking, postal
  int rows = 0;
  void Print() const {
    const char* names[2] = {"blocking (LCF)", "postal (LCF)"};
    std::printf("\nmean over %d rows, gap = completion / bound - 1:\n", rows);
    for (int m = 0; m < 2; ++m) {
      const double was = before[m] / rows - 1, now = after[m] / rows - 1;
      std::printf(
          "  %-15s paper's LCF vs paper's bounds %.3f -> answer vs bound "
          "%.3f (gap %.3f -> %.3f, %.1f%% removed)\n",
          names[m], was + 1, now + 1, was, now, 100 * (was - now) / was);
    }
  }
};

// The paper's bounds alone for `r` (no cluster fill).
uint64_t PaperBound(const hetcast_cluster_request& r) {
  hetcast::internal::ClusterLayout layout;
  if (hetcast::internal::ValidateClusterRequest(&r, &layout) != HETCAST_OK) {
    std::abort();
  }
  std::vector<uint32_t> order(layout.k);
  std::vector<uint64_t> sorted(layout.k), reduced(layout.k);
  uint64_t bound = 0;
  hetcast_bound kind;
  hetcast::internal::ClusterPaperLowerBound(layout, order.data(), sorted.data(),
                                            reduced.data(), &bound, &kind);
  return bound;
}

}  // namespace

int main(int argc, char** argv) {
  const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const int mixes = argc > 2 ? std::atoi(argv[2]) : 200;
  std::mt19937_64 rng(seed);
  struct Row {
    const char* name;
    int clusters_min, clusters_max;
    uint64_t size_max;
    bool skewed;
  };
  const Row rows[] = {
      {"few large (2-4 x 1-256)", 2, 4, 256, false},
      {"many small (20-60 x 1-8)", 20, 60, 8, false},
      {"mixed (5-30 x 1-64)", 5, 30, 64, false},
      {"skewed (one big, rest 1-4)", 5, 40, 4, true},
  };
  std::printf(
      "seed %llu, %d random mixes per row; ratio = completion / lower "
      "bound (mean / max)\n\n",
      static_cast<unsigned long long>(seed), mixes);
  std::printf("%-28s %3s | %-13s %-13s | %-13s %-13s | %-11s | %-11s\n",
              "cluster mix", "C", "LCF", "flat binomial", "postal LCF",
              "interleaved", "paper only", "answer");
  Summary summary;
  for (const Row& row : rows) {
    for (uint64_t cost : {2, 8, 32}) {
      Stats lcf, flat, postal, interleaved, lcf_paper, postal_paper;
      Stats answer, postal_answer;
      for (int m = 0; m < mixes; ++m) {
        std::vector<uint64_t> sizes;
        const int k =
            row.clusters_min +
            static_cast<int>(rng() % (row.clusters_max - row.clusters_min + 1));
        for (int c = 0; c < k; ++c) sizes.push_back(1 + rng() % row.size_max);
        if (row.skewed) sizes[1 + rng() % (k - 1)] = 512;
        hetcast_cluster_request r = {};
        r.sizes = sizes.data();
        r.cluster_count = sizes.size();
        r.inter_cost = cost;
        uint64_t bound = 0;
        uint64_t t = Completion(r, HETCAST_ALGORITHM_LCF, &bound);
        lcf.Add(static_cast<double>(t) / bound);
        lcf_paper.Add(static_cast<double>(t) / PaperBound(r));
        t = Completion(r, HETCAST_ALGORITHM_NONE, &bound);
        answer.Add(static_cast<double>(t) / bound);
        t = Completion(r, HETCAST_ALGORITHM_FLAT_BINOMIAL, &bound);
        flat.Add(static_cast<double>(t) / bound);
        r.postal = 1;
        t = Completion(r, HETCAST_ALGORITHM_LCF, &bound);
        postal.Add(static_cast<double>(t) / bound);
        postal_paper.Add(static_cast<double>(t) / PaperBound(r));
        t = Completion(r, HETCAST_ALGORITHM_NONE, &bound);
        postal_answer.Add(static_cast<double>(t) / bound);
        t = Completion(r, HETCAST_ALGORITHM_INTERLEAVED_LCF, &bound);
        interleaved.Add(static_cast<double>(t) / bound);
      }
      std::printf(
          "%-28s %3llu | %5.2f / %5.2f %5.2f / %5.2f | %5.2f / %5.2f "
          "%5.2f / %5.2f | %5.2f %5.2f | %5.2f %5.2f\n",
          row.name, static_cast<unsigned long long>(cost), lcf.sum / lcf.n,
          lcf.max, flat.sum / flat.n, flat.max, postal.sum / postal.n,
          postal.max, interleaved.sum / interleaved.n, interleaved.max,
          lcf_paper.sum / lcf_paper.n, postal_paper.sum / postal_paper.n,
          answer.sum / answer.n, postal_answer.sum / postal_answer.n);
      summary.before[0] += lcf_paper.sum / lcf_paper.n;
      summary.before[1] += postal_paper.sum / postal_paper.n;
      summary.after[0] += answer.sum / answer.n;
      summary.after[1] += postal_answer.sum / postal_answer.n;
      ++summary.rows;
    }
  }
  summary.Print();
  return 0;
}
