// plan_cluster.cc: `hetcast plan --model cluster`: the request's fields
// (flags or file, or the clusters as a host list) ->
// hetcast_cluster_request -> the runtime planner -> NodePlan.
#include "tools/cli/plan_cluster.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/hosts.h"
#include "tools/cli/model_request.h"
#include "tools/cli/plan_output.h"
#include "tools/plan.h"

namespace hetcast {
namespace {

// The request the fields describe, with the arrays hetcast_cluster_request
// points into.
struct ClusterInput {
  std::vector<uint64_t> sizes;
  uint64_t inter_cost = 0;
  std::vector<uint64_t> degrees;  // Empty: no degree bound.
  std::vector<uint64_t> members;  // Empty: broadcast.
  uint64_t matching = 0;          // 0: no matching bound.
  bool postal = false;
};

// cluster_sizes: all of them fit the CLI (that every cluster has a
// processor is the runtime's to check).
absl::StatusOr<std::vector<uint64_t>> ClusterSizesFromField(
    const ClusterFields& f) {
  absl::StatusOr<std::vector<uint64_t>> sizes =
      RequiredList(f.cluster_sizes, f.name, "cluster-sizes");
  if (!sizes.ok()) return sizes.status();
  uint64_t total = 0;
  for (uint64_t size : *sizes) {
    if (__builtin_add_overflow(total, size, &total) || total > kCliMaxNodes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: more than %d processors in total; the CLI plans at most that "
          "many",
          f.name("cluster-sizes"), kCliMaxNodes));
    }
  }
  return sizes;
}

// inter_cost: C (its range is the runtime's to check).
absl::StatusOr<uint64_t> InterCostFromField(const ClusterFields& f) {
  if (!f.inter_cost.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        f.name("inter-cost"),
        ": give C, the ticks of an inter-cluster transfer (>= 1)"));
  }
  return *f.inter_cost;
}

// A per-cluster list (`list` of field `flag`; absent: none): at most one
// entry per cluster (its values are the runtime's to check).
absl::Status PerClusterFromField(
    const std::optional<std::vector<uint64_t>>& list, const FieldNames& name,
    const char* flag, const std::vector<uint64_t>& sizes,
    std::vector<uint64_t>* out) {
  if (!list.has_value()) return absl::OkStatus();
  if (list->size() > sizes.size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s has %d entries but there are %d clusters",
                        name(flag), list->size(), sizes.size()));
  }
  *out = *list;
  return absl::OkStatus();
}

// degrees, members, matching and postal.
absl::Status BoundsFromFields(const ClusterFields& f, ClusterInput* in) {
  absl::Status status = PerClusterFromField(f.degrees, f.name, "degrees",
                                            in->sizes, &in->degrees);
  if (!status.ok()) return status;
  status = PerClusterFromField(f.members, f.name, "members", in->sizes,
                               &in->members);
  if (!status.ok()) return status;
  in->postal = f.postal;
  if (!f.matching.has_value()) return absl::OkStatus();
  if (*f.matching == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(f.name("matching"),
                     ": B must be at least 1 (leave it out for no bound)"));
  }
  in->matching = *f.matching;
  return absl::OkStatus();
}

// cluster_names: none, or one distinct, non-empty name per cluster.
absl::Status CheckClusterNames(const ClusterFields& f, size_t clusters) {
  const std::vector<std::string>& names = f.cluster_names;
  if (names.empty()) return absl::OkStatus();
  if (names.size() != clusters) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s has %d names; give one per cluster (%d)",
                        f.name("cluster-names"), names.size(), clusters));
  }
  std::set<std::string> seen;
  for (size_t c = 0; c < names.size(); ++c) {
    if (names[c].empty()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: cluster %d has an empty name", f.name("cluster-names"), c));
    }
    if (!seen.insert(names[c]).second) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: '%s' names two clusters", f.name("cluster-names"), names[c]));
    }
  }
  return absl::OkStatus();
}

// --hosts FILE --source HOST: the hosts by cluster (named by
// cluster_names, or by the file), the source's cluster first.
absl::StatusOr<HostList> HostsOfClusters(const ClusterFields& f) {
  if (f.cluster_sizes.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s lists every processor by cluster; leave out %s",
                        f.name("hosts"), f.name("cluster-sizes")));
  }
  absl::Status status = CheckClusterNames(f, f.cluster_names.size());
  if (!status.ok()) return status;
  HostKinds kinds;
  kinds.noun = "cluster";
  kinds.names = f.cluster_names;
  kinds.from_file = f.cluster_names.empty();
  absl::StatusOr<HostList> hosts =
      ReadHosts(f.hosts, f.name("hosts"), f.source, kinds);
  if (!hosts.ok()) return hosts;
  const std::string& home = hosts->kinds[hosts->types[hosts->source]];
  if (hosts->types[hosts->source] != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: host '%s' is in cluster '%s', but the source's cluster is the "
        "first: list '%s' first in %s",
        f.name("source"), f.source, home, home, f.name("cluster-names")));
  }
  const std::vector<uint64_t> others = HostCounts(*hosts, hosts->kinds.size());
  for (size_t c = 1; c < others.size(); ++c) {
    if (others[c] != 0) continue;
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: cluster '%s' has no host in '%s'; give each cluster a host, or "
        "leave it out",
        f.name("cluster-names"), hosts->kinds[c], f.hosts));
  }
  return hosts;
}

// The cluster sizes: cluster_sizes, or the hosts of each cluster (the
// source's holds the source too).
absl::StatusOr<std::vector<uint64_t>> ClusterSizes(
    const ClusterFields& f, std::optional<HostList>* hosts) {
  if (f.hosts.empty()) {
    if (!f.source.empty()) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s names the sending host of %s; give %s too",
                          f.name("source"), f.name("hosts"), f.name("hosts")));
    }
    return ClusterSizesFromField(f);
  }
  absl::StatusOr<HostList> list = HostsOfClusters(f);
  if (!list.ok()) return list.status();
  std::vector<uint64_t> sizes = HostCounts(*list, list->kinds.size());
  ++sizes[0];
  *hosts = *std::move(list);
  return sizes;
}

// --algorithm as the planner's pin: a name of the runtime's cluster
// algorithms (hetcast_model_algorithm), or bounded-degree = LCF on
// I(d_i, d_i) (§5.1), bounded-size = LCF(B) then B copies per C ticks
// (§5.3): LCF with the bound set, which the request must then give.
absl::StatusOr<hetcast_algorithm> PinFromFlag(const std::string& algorithm,
                                              const FieldNames& name,
                                              const ClusterInput& in) {
  if (algorithm.empty()) return HETCAST_ALGORITHM_NONE;
  std::vector<std::string> names;
  const hetcast_algorithm pin =
      ModelAlgorithmByName(HETCAST_MODEL_CLUSTER, algorithm, &names);
  if (pin != HETCAST_ALGORITHM_NONE) return pin;
  if (algorithm == "bounded-degree" && in.degrees.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--algorithm bounded-degree needs ", name("degrees")));
  }
  if (algorithm == "bounded-size" && in.matching == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--algorithm bounded-size needs ", name("matching")));
  }
  if (algorithm == "bounded-degree" || algorithm == "bounded-size") {
    return HETCAST_ALGORITHM_LCF;
  }
  names.push_back("bounded-degree");
  names.push_back("bounded-size");
  return absl::InvalidArgumentError(
      absl::StrFormat("--algorithm: '%s' is not one of %s", algorithm,
                      absl::StrJoin(names, ", ")));
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
  cluster.postal = in.postal || pin == HETCAST_ALGORITHM_INTERLEAVED_LCF;
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

absl::StatusOr<NodePlan> PlanClusterRequest(const ClusterFields& fields,
                                            const std::string& algorithm) {
  ClusterInput in;
  std::optional<HostList> hosts;
  absl::StatusOr<std::vector<uint64_t>> sizes = ClusterSizes(fields, &hosts);
  if (!sizes.ok()) return sizes.status();
  in.sizes = *std::move(sizes);
  absl::StatusOr<uint64_t> cost = InterCostFromField(fields);
  if (!cost.ok()) return cost.status();
  in.inter_cost = *cost;
  absl::Status status = BoundsFromFields(fields, &in);
  if (!status.ok()) return status;
  absl::StatusOr<hetcast_algorithm> pin =
      PinFromFlag(algorithm, fields.name, in);
  if (!pin.ok()) return pin.status();
  // The runtime reads one degree per cluster; members may stop early (the
  // rest have none).
  if (!in.degrees.empty() && in.degrees.size() != in.sizes.size()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s has %d entries; give one per cluster (%d)", fields.name("degrees"),
        in.degrees.size(), in.sizes.size()));
  }
  if (!in.members.empty()) in.members.resize(in.sizes.size(), 0);
  status = CheckClusterNames(fields, in.sizes.size());
  if (!status.ok()) return status;
  absl::StatusOr<NodePlan> plan = PlanCluster(in, *pin);
  if (!plan.ok()) return plan;
  plan->type_names = hosts ? hosts->kinds : fields.cluster_names;
  if (hosts) plan->host_names = HostsById(*hosts, plan->nodes);
  if (!plan->type_names.empty()) {
    plan->explain_input.request = RequestWords(*plan, /*brief=*/true);
  }
  return plan;
}

}  // namespace hetcast
