// large_plan.cc: the large-message plan of large_plan.h.

#include "tools/mpi/large_plan.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/graph/broadcast_schedule.h"
#include "tools/graph/multicast_lp.h"
#include "tools/graph/periodic_schedule.h"
#include "tools/mpi/site_trees.h"
#include "tools/mpi/sites.h"

namespace hetcast {
namespace mpi {
namespace {

constexpr uint64_t kMaxExactDenominator = uint64_t{1} << 20;
constexpr uint64_t kRoundedTotal = 4096;
// Segment sizes tried: powers of two from 4 KiB to 64 MiB.
constexpr uint64_t kSmallestSegment = uint64_t{1} << 12;
constexpr uint64_t kLargestSegment = uint64_t{1} << 26;

mpq_class Q(uint64_t value) {
  return mpq_class(mpz_class(absl::StrCat(value)));
}

absl::Status CheckSites(const Sites& sites, size_t n) {
  if (sites.of_rank.empty()) return absl::OkStatus();
  if (sites.of_rank.size() != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("sites for ", sites.of_rank.size(), " ranks, not ", n));
  }
  for (size_t r = 0; r < n; ++r) {
    const int site = sites.of_rank[r];
    if (site < 0 ||
        static_cast<size_t>(site) >= sites.uplink_ps_per_byte.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("rank ", r, ": site ", site, " is not one of the ",
                       sites.uplink_ps_per_byte.size(), " sites"));
    }
  }
  for (size_t s = 0; s < sites.uplink_ps_per_byte.size(); ++s) {
    const uint64_t uplink = sites.uplink_ps_per_byte[s];
    if (uplink < 1 || uplink > kMaxLinkValue) {
      return absl::InvalidArgumentError(
          absl::StrCat("site ", s, ": its uplink's ", uplink,
                       " ps per byte is outside 1 .. 2^40"));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckPlatform(const LargePlatform& platform, int root) {
  const size_t n = platform.ps_per_byte.size();
  if (n < 2 || n > kLargePlanMaxRanks) {
    return absl::InvalidArgumentError(
        absl::StrCat("a large-message plan needs 2 .. ", kLargePlanMaxRanks,
                     " ranks, not ", n));
  }
  if (root < 0 || static_cast<size_t>(root) >= n) {
    return absl::InvalidArgumentError(
        absl::StrCat("root ", root, " is outside ranks 0 .. ", n - 1));
  }
  if (platform.overhead_ps.size() != n) {
    return absl::InvalidArgumentError(absl::StrCat(
        "overheads for ", platform.overhead_ps.size(), " ranks, not ", n));
  }
  if (!platform.relay_ps.empty() && platform.relay_ps.size() != n) {
    return absl::InvalidArgumentError(absl::StrCat(
        "relay times for ", platform.relay_ps.size(), " ranks, not ", n));
  }
  for (size_t i = 0; i < n; ++i) {
    if (platform.ps_per_byte[i].size() != n) {
      return absl::InvalidArgumentError(
          absl::StrCat("row ", i, " of the costs has ",
                       platform.ps_per_byte[i].size(), " entries, not ", n));
    }
    if (platform.overhead_ps[i] > kMaxLinkValue ||
        (!platform.relay_ps.empty() && platform.relay_ps[i] > kMaxLinkValue)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "rank ", i, ": the overhead or relay time is above 2^40 ps"));
    }
    for (size_t j = 0; j < n; ++j) {
      const uint64_t c = platform.ps_per_byte[i][j];
      if (i != j && (c < 1 || c > kMaxLinkValue)) {
        return absl::InvalidArgumentError(
            absl::StrCat("rank ", i, " to rank ", j, ": ", c,
                         " ps per byte is outside 1 .. 2^40"));
      }
    }
  }
  return CheckSites(platform.sites, n);
}

// Integer weights for fractions summing to 1 (see BroadcastEbTrees()).
std::vector<uint64_t> IntegerWeights(const std::vector<mpq_class>& fractions) {
  mpz_class common = 1;
  for (const mpq_class& f : fractions) common = Lcm(common, f.get_den());
  std::vector<uint64_t> weights(fractions.size(), 0);
  if (common <= Q(kMaxExactDenominator)) {
    for (size_t i = 0; i < fractions.size(); ++i) {
      const mpq_class scaled = fractions[i] * common;
      weights[i] = mpz_class(scaled.get_num() / scaled.get_den()).get_ui();
    }
    return weights;
  }
  std::vector<std::pair<mpq_class, size_t>> remainders;
  uint64_t given = 0;
  for (size_t i = 0; i < fractions.size(); ++i) {
    const mpq_class scaled = fractions[i] * Q(kRoundedTotal);
    const mpz_class whole = scaled.get_num() / scaled.get_den();
    weights[i] = whole.get_ui();
    given += weights[i];
    remainders.emplace_back(scaled - mpq_class(whole), i);
  }
  std::stable_sort(
      remainders.begin(), remainders.end(),
      [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t k = 0; given < kRoundedTotal && k < remainders.size(); ++k) {
    ++weights[remainders[k].second];
    ++given;
  }
  return weights;
}

std::vector<std::vector<mpq_class>> CostMatrix(const LargePlatform& platform,
                                               uint64_t segment,
                                               bool overheads) {
  const size_t n = platform.ps_per_byte.size();
  std::vector<std::vector<mpq_class>> cost(n, std::vector<mpq_class>(n));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      cost[i][j] = Q(segment) * Q(platform.ps_per_byte[i][j]);
      if (overheads) cost[i][j] += Q(platform.overhead_ps[i]);
    }
  }
  return cost;
}

// The latest arrival of one segment down `tree` from the root at time 0.
mpq_class TreeFill(const WeightedTree& tree, int root,
                   const std::vector<std::vector<mpq_class>>& cost) {
  mpq_class latest = 0;
  std::vector<std::pair<int, mpq_class>> stack = {{root, mpq_class(0)}};
  while (!stack.empty()) {
    const auto [at, arrived] = stack.back();
    stack.pop_back();
    latest = std::max(latest, arrived);
    mpq_class clock = arrived;
    for (int child : tree.children[at]) {
      clock += cost[at][child];
      stack.emplace_back(child, clock);
    }
  }
  return latest;
}

absl::StatusOr<std::vector<WeightedTree>> McphTree(
    const hetcast_graph_request& request) {
  hetcast_graph_sizes sizes;
  hetcast_status status = hetcast_graph_plan_sizes(&request, &sizes, nullptr);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  std::vector<hetcast_graph_route_edge> edges(sizes.tree_edge_count);
  std::vector<hetcast_graph_slot> slots(sizes.slot_count);
  hetcast_graph_answer answer;
  if (status == HETCAST_OK) {
    status =
        hetcast_graph_plan(&request, HETCAST_ALGORITHM_MCPH, workspace.data(),
                           workspace.size(), edges.data(), edges.size(),
                           slots.data(), slots.size(), &answer, nullptr);
  }
  if (status != HETCAST_OK) {
    return absl::InternalError(
        absl::StrCat("MCPH on the ranks' graph: ", hetcast_status_str(status)));
  }
  WeightedTree tree;
  tree.children.resize(request.node_count);
  for (size_t e = 0; e < answer.tree_edge_count; ++e) {
    tree.children[edges[e].from].push_back(static_cast<int>(edges[e].to));
  }
  return std::vector<WeightedTree>{std::move(tree)};
}

// The segment size of least PredictedPs() among the powers of two tried
// that fit in the message (ties: the larger), or the whole message when it
// is below them.
uint64_t ChooseSegment(const LargePlatform& platform, MultiTreePlan plan,
                       uint64_t bytes, LargeModel model, mpq_class* predicted) {
  uint64_t best = std::max<uint64_t>(1, std::min(bytes, kSmallestSegment));
  plan.segment_bytes = best;
  *predicted = PredictedPs(platform, plan, bytes, model);
  for (uint64_t s = kSmallestSegment * 2; s <= kLargestSegment && s <= bytes;
       s *= 2) {
    plan.segment_bytes = s;
    const mpq_class time = PredictedPs(platform, plan, bytes, model);
    if (time <= *predicted) {
      *predicted = time;
      best = s;
    }
  }
  return best;
}

// Sets plan->plan.segment_bytes (`pinned`, else ChooseSegment()'s) and
// plan->predicted_ps at it.
void SetSegment(const LargePlatform& platform, uint64_t bytes, LargeModel model,
                uint64_t pinned, LargePlan* plan) {
  if (pinned == 0) {
    plan->plan.segment_bytes =
        ChooseSegment(platform, plan->plan, bytes, model, &plan->predicted_ps);
    return;
  }
  plan->plan.segment_bytes = pinned;
  plan->predicted_ps = PredictedPs(platform, plan->plan, bytes, model);
}

// The multi-port plan: the candidate of least predicted completion.
LargePlan LeastPredictedPlan(const LargePlatform& platform, int root,
                             uint64_t bytes, uint64_t pinned) {
  LargePlan best;
  std::vector<MultiPortCandidate> candidates =
      MultiPortCandidates(platform, root);  // the least period's first
  for (size_t c = 0; c < candidates.size(); ++c) {
    LargePlan trial;
    trial.plan.root = root;
    trial.plan.trees = std::move(candidates[c].trees);
    trial.algorithm = std::move(candidates[c].algorithm);
    SetQueues(&trial.plan);
    SetSegment(platform, bytes, LargeModel::kMultiPort, pinned, &trial);
    if (c == 0 || trial.predicted_ps < best.predicted_ps) {
      best = std::move(trial);
    }
  }
  best.period_ps_per_byte = MultiPortPeriod(platform, best.plan.trees);
  best.bound_ps_per_byte = MultiPortBound(platform, root);
  return best;
}

}  // namespace

std::vector<MultiPortCandidate> MultiPortCandidates(
    const LargePlatform& platform, int root) {
  std::vector<MultiPortCandidate> candidates(1);
  const char* algorithm = "";
  candidates[0].trees = MultiPortTrees(platform, root, &algorithm);
  candidates[0].algorithm = algorithm;
  const uint64_t n = platform.ps_per_byte.size();
  for (uint64_t d = 2; d < n && d <= kLargePlanMaxFanOut; ++d) {
    uint64_t period = 0;
    MultiPortCandidate fan_out;
    fan_out.trees = {FanOutTree(platform, root, d, &period)};
    fan_out.algorithm = absl::StrCat("fanout-", d);
    const bool seen = std::any_of(
        candidates.begin(), candidates.end(), [&](const auto& before) {
          return before.trees.size() == 1 &&
                 before.trees[0].children == fan_out.trees[0].children;
        });
    if (!seen) candidates.push_back(std::move(fan_out));
  }
  return candidates;
}

absl::StatusOr<LargePlatform> PairsPlatform(const std::string& text) {
  std::istringstream in(text);
  uint64_t n = 0, bytes = 0;
  const bool times = text.rfind("hetcast-pair-times 1", 0) == 0;
  if (times) {
    std::string magic, version;
    in >> magic >> version;
  }
  in >> n >> bytes;
  if (!in || n < 2 || n > kLargePlanMaxRanks || bytes == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a pairs file starts with the rank count (2 .. ", kLargePlanMaxRanks,
        ") and the bytes per transfer (at least 1)"));
  }
  std::vector<uint64_t> send(n, 0);
  if (!times) {
    for (uint64_t& cost : send) in >> cost;
  }
  LargePlatform platform;
  platform.overhead_ps.assign(n, 0);
  platform.ps_per_byte.assign(n, std::vector<uint64_t>(n, 0));
  for (uint64_t s = 0; s < n; ++s) {
    for (uint64_t r = 0; r < n; ++r) {
      uint64_t link = 0;
      in >> link;
      if (s == r || !in) continue;
      // Pair times: the whole time per byte rounded up; calibrate's: the
      // send cost per byte rounded up plus the link's.
      if (times) link = link / bytes + (link % bytes != 0);
      const uint64_t per_byte = send[s] / bytes + (send[s] % bytes != 0);
      if (per_byte > kMaxLinkValue || link > kMaxLinkValue) {
        return absl::InvalidArgumentError(
            absl::StrCat("rank ", s, " to rank ", r, ": a cost above 2^40 ps"));
      }
      platform.ps_per_byte[s][r] = std::max<uint64_t>(1, per_byte + link);
    }
  }
  std::string rest;
  if (!in || (in >> rest)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a pairs file of ", n, " ranks has ", times ? 0 : n, " send costs and ",
        n * n, times ? " transfer times" : " link costs",
        ", whole numbers, and nothing after them"));
  }
  platform.sites = FindSites(platform);
  return platform;
}

hetcast_graph_request LargeGraph(const LargePlatform& platform, int root,
                                 std::vector<hetcast_graph_edge>* edges,
                                 std::vector<uint32_t>* targets) {
  const uint32_t n = static_cast<uint32_t>(platform.ps_per_byte.size());
  edges->clear();
  targets->clear();
  for (uint32_t i = 0; i < n; ++i) {
    if (i != static_cast<uint32_t>(root)) targets->push_back(i);
    for (uint32_t j = 0; j < n; ++j) {
      if (i != j) edges->push_back({i, j, platform.ps_per_byte[i][j]});
    }
  }
  hetcast_graph_request request = {};
  request.node_count = n;
  request.edges = edges->data();
  request.edge_count = edges->size();
  request.source = static_cast<uint32_t>(root);
  request.targets = targets->data();
  request.target_count = targets->size();
  return request;
}

absl::StatusOr<std::vector<WeightedTree>> BroadcastEbTrees(
    const hetcast_graph_request& request, mpq_class* bound) {
  const std::vector<bool> kept(request.node_count, true);
  absl::StatusOr<LpBound> eb = BroadcastEb(request, kept);
  if (!eb.ok()) return eb.status();
  if (!eb->finite) {
    return absl::InvalidArgumentError("the source reaches not every node");
  }
  *bound = eb->period;
  absl::StatusOr<std::vector<WeightedRoute>> routes =
      BroadcastRoutes(request, kept, *eb);
  if (!routes.ok()) return routes.status();
  std::vector<mpq_class> fractions;
  for (const WeightedRoute& route : *routes) fractions.push_back(route.weight);
  const std::vector<uint64_t> weights = IntegerWeights(fractions);
  std::vector<WeightedTree> trees;
  for (size_t r = 0; r < routes->size(); ++r) {
    if (weights[r] == 0) continue;
    WeightedTree tree;
    tree.children.resize(request.node_count);
    for (size_t e : (*routes)[r].edges) {
      tree.children[request.edges[e].from].push_back(
          static_cast<int>(request.edges[e].to));
    }
    tree.weight = weights[r];
    trees.push_back(std::move(tree));
  }
  return trees;
}

mpq_class TreesPeriod(const std::vector<WeightedTree>& trees,
                      const std::vector<std::vector<mpq_class>>& cost) {
  const size_t n = cost.size();
  std::vector<mpq_class> out(n), in(n);
  mpq_class total = 0;
  for (const WeightedTree& tree : trees) {
    const mpq_class weight = Q(tree.weight);
    total += weight;
    for (size_t from = 0; from < n; ++from) {
      for (int to : tree.children[from]) {
        out[from] += weight * cost[from][to];
        in[to] += weight * cost[from][to];
      }
    }
  }
  mpq_class busiest = 0;
  for (size_t v = 0; v < n; ++v) busiest = std::max({busiest, out[v], in[v]});
  return total == 0 ? busiest : mpq_class(busiest / total);
}

mpq_class LargeCountingBound(const LargePlatform& platform, int root) {
  const size_t n = platform.ps_per_byte.size();
  mpq_class root_send = -1, slowest_receive = 0, receptions = 0;
  for (size_t j = 0; j < n; ++j) {
    if (j == static_cast<size_t>(root)) continue;
    const mpq_class send = Q(platform.ps_per_byte[root][j]);
    if (root_send < 0 || send < root_send) root_send = send;
    mpq_class cheapest = -1;
    for (size_t i = 0; i < n; ++i) {
      if (i == j) continue;
      const mpq_class in = Q(platform.ps_per_byte[i][j]);
      if (cheapest < 0 || in < cheapest) cheapest = in;
    }
    slowest_receive = std::max(slowest_receive, cheapest);
    receptions += cheapest;
  }
  return std::max({root_send, slowest_receive, mpq_class(receptions / Q(n))});
}

mpq_class MultiPortPeriod(const LargePlatform& platform,
                          const std::vector<WeightedTree>& trees) {
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  const size_t n = up.size();
  std::vector<mpq_class> out(n), in(n);
  std::vector<std::vector<mpq_class>> edge(n, std::vector<mpq_class>(n));
  mpq_class total = 0;
  for (const WeightedTree& tree : trees) {
    const mpq_class weight = Q(tree.weight);
    total += weight;
    for (size_t from = 0; from < n; ++from) {
      out[from] += weight * Q(tree.children[from].size()) * Q(up[from]);
      for (int to : tree.children[from]) {
        in[to] += weight * Q(down[to]);
        edge[from][to] += weight * Q(platform.ps_per_byte[from][to]);
      }
    }
  }
  mpq_class busiest = 0;
  for (size_t v = 0; v < n; ++v) {
    busiest = std::max({busiest, out[v], in[v],
                        *std::max_element(edge[v].begin(), edge[v].end())});
  }
  const Sites& sites = platform.sites;
  std::vector<mpq_class> uplink(sites.uplink_ps_per_byte.size());
  for (const WeightedTree& tree : trees) {
    const std::vector<uint64_t> crossings = SiteCrossings(sites, tree);
    for (size_t s = 0; s < uplink.size(); ++s) {
      uplink[s] +=
          Q(tree.weight) * Q(crossings[s]) * Q(sites.uplink_ps_per_byte[s]);
      busiest = std::max(busiest, uplink[s]);
    }
  }
  return total == 0 ? busiest : mpq_class(busiest / total);
}

mpq_class MultiPortBound(const LargePlatform& platform, int root) {
  std::vector<uint64_t> up, down;
  PortRates(platform, &up, &down);
  const size_t n = up.size();
  mpq_class bound = Q(up[root]), rates = 0;
  for (size_t i = 0; i < n; ++i) {
    rates += mpq_class(1) / Q(up[i]);
    if (i != static_cast<size_t>(root)) bound = std::max(bound, Q(down[i]));
  }
  bound = std::max(bound, mpq_class(Q(n - 1) / rates));
  // Sites: every byte leaves the root's site and enters each other site
  // once at least, so k sites cross 2 (k - 1) times in all.
  const Sites& sites = platform.sites;
  const size_t k = sites.uplink_ps_per_byte.size();
  if (k < 2) return bound;
  mpq_class uplink_rates = 0;
  for (uint64_t uplink : sites.uplink_ps_per_byte) {
    bound = std::max(bound, Q(uplink));
    uplink_rates += mpq_class(1) / Q(uplink);
  }
  return std::max(bound, mpq_class(Q(2 * (k - 1)) / uplink_rates));
}

mpq_class PredictedPs(const LargePlatform& platform, const MultiTreePlan& plan,
                      uint64_t bytes, LargeModel model) {
  const uint64_t segment = plan.segment_bytes;
  const uint64_t segments = bytes == 0 ? 0 : (bytes + segment - 1) / segment;
  if (segments == 0) return 0;
  if (model == LargeModel::kMultiPort) {
    return Q(DegreeTreePredictedPs(platform, plan, bytes));
  }
  const std::vector<std::vector<mpq_class>> cost =
      CostMatrix(platform, segment, true);
  mpq_class fill = 0;
  for (const WeightedTree& tree : plan.trees) {
    fill = std::max(fill, TreeFill(tree, plan.root, cost));
  }
  return fill + Q(segments - 1) * TreesPeriod(plan.trees, cost);
}

absl::StatusOr<LargePlan> PlanLargeBroadcast(const LargePlatform& platform,
                                             int root, uint64_t bytes,
                                             LargeModel model,
                                             uint64_t segment_bytes) {
  if (absl::Status status = CheckPlatform(platform, root); !status.ok()) {
    return status;
  }
  if (model == LargeModel::kMultiPort) {
    return LeastPredictedPlan(platform, root, bytes, segment_bytes);
  }
  const size_t n = platform.ps_per_byte.size();
  std::vector<hetcast_graph_edge> edges;
  std::vector<uint32_t> targets;
  const hetcast_graph_request request =
      LargeGraph(platform, root, &edges, &targets);
  LargePlan out;
  out.plan.root = root;
  absl::StatusOr<std::vector<WeightedTree>> trees =
      absl::OutOfRangeError("more ranks than the LP takes");
  if (n <= static_cast<size_t>(kLargePlanMaxLpRanks)) {
    mpq_class bound;
    trees = BroadcastEbTrees(request, &bound);
    if (trees.ok() || absl::IsOutOfRange(trees.status())) {
      out.bound_ps_per_byte = bound;
      out.bound_is_lp = bound > 0;
    }
    out.algorithm = "broadcast-eb";
  }
  if (absl::IsOutOfRange(trees.status())) {
    if (!out.bound_is_lp) {
      out.bound_ps_per_byte = LargeCountingBound(platform, root);
    }
    out.algorithm = "mcph";
    trees = McphTree(request);
  }
  if (!trees.ok()) return trees.status();
  out.plan.trees = std::move(*trees);
  for (WeightedTree& tree : out.plan.trees) {
    for (std::vector<int>& children : tree.children) {
      std::sort(children.begin(), children.end());
    }
  }
  out.period_ps_per_byte =
      TreesPeriod(out.plan.trees, CostMatrix(platform, 1, false));
  SetQueues(&out.plan);
  SetSegment(platform, bytes, model, segment_bytes, &out);
  return out;
}

}  // namespace mpi
}  // namespace hetcast
