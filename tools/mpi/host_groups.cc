// host_groups.cc: grouping hosts by cost and compact host names
// (host_groups.h).

#include "tools/mpi/host_groups.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

namespace hetcast {
namespace mpi {
namespace {

// The parser's limit on a range's digits (cluster_file.cc).
constexpr size_t kMaxRangeDigits = 18;

double RelativeGap(double a, double b) {
  return std::max(a, b) / std::min(a, b) - 1;
}

bool Apart(const HostCost& a, const HostCost& b, double threshold) {
  for (size_t s = 0; s < a.seconds.size(); ++s) {
    if (RelativeGap(a.seconds[s], b.seconds[s]) > threshold) return true;
  }
  return false;
}

void Summarise(const std::vector<HostCost>& hosts, HostGroup* group) {
  std::sort(group->hosts.begin(), group->hosts.end());
  const size_t sizes = hosts[group->hosts[0]].seconds.size();
  for (size_t s = 0; s < sizes; ++s) {
    std::vector<double> costs;
    for (size_t h : group->hosts) costs.push_back(hosts[h].seconds[s]);
    std::sort(costs.begin(), costs.end());
    group->seconds.push_back(costs[(costs.size() - 1) / 2]);
    group->spread = std::max(group->spread, costs.back() / costs.front() - 1);
  }
}

// A host name split at its last decimal number.
struct NumberedName {
  std::string prefix, digits, suffix;
};

NumberedName Split(const std::string& name) {
  const size_t last = name.find_last_of("0123456789");
  if (last == std::string::npos) return {name, "", ""};
  size_t first = last;
  while (first > 0 && name[first - 1] >= '0' && name[first - 1] <= '9') {
    --first;
  }
  return {name.substr(0, first), name.substr(first, last + 1 - first),
          name.substr(last + 1)};
}

}  // namespace

Grouping GroupHostsByCost(const std::vector<HostCost>& hosts, double min_gap) {
  Grouping grouping;
  double spread = 0;
  for (const HostCost& host : hosts) spread = std::max(spread, host.spread);
  grouping.threshold = std::max(min_gap, 2 * spread);
  std::vector<size_t> order(hosts.size());
  for (size_t h = 0; h < order.size(); ++h) order[h] = h;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const HostCost& x = hosts[a];
    const HostCost& y = hosts[b];
    return std::tie(x.seconds.back(), x.seconds.front(), x.host, a) <
           std::tie(y.seconds.back(), y.seconds.front(), y.host, b);
  });
  grouping.group_of.assign(hosts.size(), 0);
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0 ||
        Apart(hosts[order[i - 1]], hosts[order[i]], grouping.threshold)) {
      grouping.groups.emplace_back();
    }
    grouping.groups.back().hosts.push_back(order[i]);
    grouping.group_of[order[i]] = grouping.groups.size() - 1;
  }
  for (HostGroup& group : grouping.groups) Summarise(hosts, &group);
  return grouping;
}

namespace {

// The fast set of `from` among `others` (its cheapest group); the grouping's
// threshold in `*threshold`.
std::vector<size_t> FastSet(size_t from, const std::vector<size_t>& others,
                            const TransferRow& measure, double min_gap,
                            double* threshold, double* spread,
                            std::vector<double>* times) {
  double row_spread = 0;
  *times = measure(from, others, &row_spread);
  std::vector<HostCost> costs;
  for (size_t i = 0; i < others.size(); ++i) {
    HostCost cost;
    cost.host = std::to_string(others[i]);
    cost.seconds = {(*times)[i]};
    cost.spread = row_spread;
    costs.push_back(cost);
  }
  const Grouping grouping = GroupHostsByCost(costs, min_gap);
  *threshold = grouping.threshold;
  std::vector<size_t> fast;
  for (size_t i : grouping.groups[0].hosts) fast.push_back(others[i]);
  *spread = grouping.groups[0].spread;
  return fast;
}

}  // namespace

Clustering FindClusters(size_t hosts, const TransferRow& measure,
                        double min_gap) {
  Clustering clustering;
  clustering.cluster_of.assign(hosts, 0);
  std::vector<size_t> unplaced(hosts);
  for (size_t h = 0; h < hosts; ++h) unplaced[h] = h;
  while (!unplaced.empty()) {
    const size_t from = unplaced[0];
    const std::vector<size_t> others(unplaced.begin() + 1, unplaced.end());
    HostCluster cluster;
    cluster.hosts = {from};
    if (!others.empty()) {
      double threshold = 0, spread = 0, pair_spread = 0;
      std::vector<double> times;
      std::vector<size_t> fast =
          FastSet(from, others, measure, min_gap, &threshold, &spread, &times);
      clustering.transfers += others.size();
      clustering.threshold = std::max(clustering.threshold, threshold);
      bool alone = false;
      if (fast.size() >= 2) {
        const double to_first =
            times[std::find(others.begin(), others.end(), fast[0]) -
                  others.begin()];
        const std::vector<size_t> rest(fast.begin() + 1, fast.end());
        const std::vector<double> from_first =
            measure(fast[0], rest, &pair_spread);
        clustering.transfers += rest.size();
        alone =
            to_first > *std::min_element(from_first.begin(), from_first.end()) *
                           (1 + threshold);
      }
      if (!alone) {
        cluster.hosts.insert(cluster.hosts.end(), fast.begin(), fast.end());
        cluster.spread = spread;
      }
    }
    for (size_t h : cluster.hosts) {
      clustering.cluster_of[h] = clustering.clusters.size();
      unplaced.erase(std::find(unplaced.begin(), unplaced.end(), h));
    }
    clustering.clusters.push_back(cluster);
  }
  return clustering;
}

std::vector<uint64_t> CostTicks(const Grouping& grouping, size_t size) {
  std::vector<uint64_t> ticks;
  const double fastest = grouping.groups[0].seconds[size];
  for (const HostGroup& group : grouping.groups) {
    const double exact = 100 * group.seconds[size] / fastest;
    const double unit =
        exact < 100 ? 1 : std::pow(10.0, std::floor(std::log10(exact)) - 1);
    ticks.push_back(
        std::max<uint64_t>(1, std::llround(std::round(exact / unit) * unit)));
  }
  return ticks;
}

std::vector<std::string> CompactHostNames(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  // Families of names with one prefix, suffix and number of digits: a
  // range of numbers of one length is exactly what the parser matches
  // (with a leading zero it fixes the width; without, no number of the
  // range has one).
  std::map<std::tuple<std::string, std::string, size_t>,
           std::vector<std::pair<uint64_t, std::string>>>
      families;
  std::vector<std::string> out;
  for (const std::string& name : names) {
    const NumberedName split = Split(name);
    if (split.digits.empty() || split.digits.size() > kMaxRangeDigits) {
      out.push_back(name);
      continue;
    }
    families[{split.prefix, split.suffix, split.digits.size()}].emplace_back(
        std::stoull(split.digits), split.digits);
  }
  for (auto& [key, numbers] : families) {
    const std::string& prefix = std::get<0>(key);
    const std::string& suffix = std::get<1>(key);
    std::sort(numbers.begin(), numbers.end());
    for (size_t begin = 0; begin < numbers.size();) {
      size_t end = begin + 1;
      while (end < numbers.size() &&
             numbers[end].first == numbers[end - 1].first + 1) {
        ++end;
      }
      if (end - begin == 1) {
        out.push_back(prefix + numbers[begin].second + suffix);
      } else {
        out.push_back(prefix + "[" + numbers[begin].second + "-" +
                      numbers[end - 1].second + "]" + suffix);
      }
      begin = end;
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace mpi
}  // namespace hetcast
