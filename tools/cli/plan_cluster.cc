// plan_cluster.cc: `hetcast plan --model cluster`: flags ->
// hetcast_cluster_request -> the runtime planner -> NodePlan.
#include "tools/cli/plan_cluster.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/args.h"
#include "tools/cli/flags.h"
#include "tools/plan.h"

namespace hetcast {
namespace {

// The request the flags describe, with the arrays hetcast_cluster_request
// points into.
struct ClusterInput {
  std::vector<uint64_t> sizes;
  uint64_t inter_cost = 0;
  std::vector<uint64_t> degrees;  // Empty: no degree bound.
  std::vector<uint64_t> members;  // Empty: broadcast.
  uint64_t matching = 0;          // 0: no matching bound.
};

// --cluster-sizes: all of them fit the CLI (that every cluster has a
// processor is the runtime's to check).
absl::StatusOr<std::vector<uint64_t>> ClusterSizesFromFlag() {
  absl::StatusOr<std::vector<uint64_t>> sizes =
      ParseUintList(absl::GetFlag(FLAGS_cluster_sizes), "cluster-sizes");
  if (!sizes.ok()) return sizes.status();
  uint64_t total = 0;
  for (uint64_t size : *sizes) {
    if (__builtin_add_overflow(total, size, &total) || total > kCliMaxNodes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--cluster-sizes: more than %d processors in total; the CLI plans "
          "at most that many",
          kCliMaxNodes));
    }
  }
  return sizes;
}

// --inter-cost: C (its range is the runtime's to check).
absl::StatusOr<uint64_t> InterCostFromFlag() {
  if (absl::GetFlag(FLAGS_inter_cost).empty()) {
    return absl::InvalidArgumentError(
        "--inter-cost: give C, the ticks of an inter-cluster transfer (>= 1)");
  }
  return ParseUint(absl::GetFlag(FLAGS_inter_cost), "inter-cost");
}

// A per-cluster list (`text` of flag `flag`; empty: none): at most one entry
// per cluster (its values are the runtime's to check).
absl::Status PerClusterFromFlag(const std::string& text, const char* flag,
                                const std::vector<uint64_t>& sizes,
                                std::vector<uint64_t>* out) {
  if (text.empty()) return absl::OkStatus();
  absl::StatusOr<std::vector<uint64_t>> list = ParseUintList(text, flag);
  if (!list.ok()) return list.status();
  if (list->size() > sizes.size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--%s has %d entries but there are %d clusters", flag,
                        list->size(), sizes.size()));
  }
  *out = *std::move(list);
  return absl::OkStatus();
}

// --degrees, --members and --matching.
absl::Status BoundsFromFlags(ClusterInput* in) {
  absl::Status status = PerClusterFromFlag(absl::GetFlag(FLAGS_degrees),
                                           "degrees", in->sizes, &in->degrees);
  if (!status.ok()) return status;
  status = PerClusterFromFlag(absl::GetFlag(FLAGS_members), "members",
                              in->sizes, &in->members);
  if (!status.ok()) return status;
  if (absl::GetFlag(FLAGS_matching).empty()) return absl::OkStatus();
  absl::StatusOr<uint64_t> matching =
      ParseUint(absl::GetFlag(FLAGS_matching), "matching");
  if (!matching.ok()) return matching.status();
  if (*matching == 0) {
    return absl::InvalidArgumentError(
        "--matching: B must be at least 1 (leave it out for no bound)");
  }
  in->matching = *matching;
  return absl::OkStatus();
}

// --algorithm as the planner's pin. bounded-degree = LCF on I(d_i, d_i)
// (§5.1); bounded-size = LCF(B) then B copies per C ticks (§5.3): LCF with
// the bound set, which the flag must then give.
absl::StatusOr<hetcast_algorithm> PinFromFlag(const ClusterInput& in) {
  const std::string algorithm = absl::GetFlag(FLAGS_algorithm);
  if (!algorithm.empty() && algorithm != "lcf" && algorithm != "eager" &&
      algorithm != "flat" && algorithm != "interleaved" &&
      algorithm != "bounded-degree" && algorithm != "bounded-size") {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--algorithm: '%s' is not one of lcf, eager, flat, interleaved, "
        "bounded-degree, bounded-size",
        algorithm));
  }
  if (algorithm == "bounded-degree" && in.degrees.empty()) {
    return absl::InvalidArgumentError(
        "--algorithm bounded-degree needs --degrees");
  }
  if (algorithm == "bounded-size" && in.matching == 0) {
    return absl::InvalidArgumentError(
        "--algorithm bounded-size needs --matching");
  }
  return algorithm == "flat"          ? HETCAST_ALGORITHM_FLAT_BINOMIAL
         : algorithm == "interleaved" ? HETCAST_ALGORITHM_INTERLEAVED_LCF
         : algorithm == "eager"       ? HETCAST_ALGORITHM_EAGER_LCF
         : algorithm.empty()          ? HETCAST_ALGORITHM_NONE
                                      : HETCAST_ALGORITHM_LCF;
}

// The runtime planner's answer. Interleaved LCF is defined for the postal
// model (§6.2): it implies it. Which combinations can be planned is the
// runtime's to say.
absl::StatusOr<NodePlan> PlanCluster(const ClusterInput& in,
                                     hetcast_algorithm pin) {
  hetcast_cluster_request cluster = {};
  cluster.sizes = in.sizes.data();
  cluster.cluster_count = in.sizes.size();
  cluster.inter_cost = in.inter_cost;
  cluster.degrees = in.degrees.empty() ? nullptr : in.degrees.data();
  cluster.matching = in.matching;
  cluster.postal =
      absl::GetFlag(FLAGS_postal) || pin == HETCAST_ALGORITHM_INTERLEAVED_LCF;
  cluster.members = in.members.empty() ? nullptr : in.members.data();
  hetcast_request request = {};
  request.model = HETCAST_MODEL_CLUSTER;
  request.algorithm = pin;
  request.cluster = &cluster;
  absl::StatusOr<Planned> planned = PlanRequest(request);
  if (!planned.ok()) return planned.status();
  NodePlan plan;
  plan.model = "cluster";
  plan.multicast = !in.members.empty();
  plan.answer = planned->info.answer;
  plan.nodes = std::move(planned->nodes);
  plan.transfers = std::move(planned->transfers);
  plan.explain_input = FromPlanInfo(planned->info);
  return plan;
}

}  // namespace

absl::StatusOr<NodePlan> PlanClusterFromFlags() {
  ClusterInput in;
  absl::StatusOr<std::vector<uint64_t>> sizes = ClusterSizesFromFlag();
  if (!sizes.ok()) return sizes.status();
  in.sizes = *std::move(sizes);
  absl::StatusOr<uint64_t> cost = InterCostFromFlag();
  if (!cost.ok()) return cost.status();
  in.inter_cost = *cost;
  absl::Status status = BoundsFromFlags(&in);
  if (!status.ok()) return status;
  absl::StatusOr<hetcast_algorithm> pin = PinFromFlag(in);
  if (!pin.ok()) return pin.status();
  // The runtime reads one degree per cluster; members may stop early (the
  // rest have none).
  if (!in.degrees.empty() && in.degrees.size() != in.sizes.size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--degrees has %d entries; give one per cluster (%d)",
                        in.degrees.size(), in.sizes.size()));
  }
  if (!in.members.empty()) in.members.resize(in.sizes.size(), 0);
  return PlanCluster(in, *pin);
}

}  // namespace hetcast
