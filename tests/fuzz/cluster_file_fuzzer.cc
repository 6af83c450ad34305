// cluster_file_fuzzer.cc: libFuzzer target for libhetcast_mpi's cluster
// file (tools/mpi/cluster_file.h; tests only).
//
// The input is a cluster file's text. ParseClusterFile must return, never
// crash; a refusal carries a message; what it accepts satisfies the rules
// the parser states, checked here again from the parsed fields, and every
// host entry maps its own names to its type. Relative table paths point
// into a folder that does not exist.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_check.h"
#include "tools/mpi/cluster_file.h"
#include "tools/mpi/degree_tree.h"
#include "tools/mpi/site_trees.h"

namespace {

using hetcast::mpi::ClusterFile;
using hetcast::mpi::HostPattern;

// A name that `pattern` matches: its low bound with the pattern's width.
std::string NameOf(const HostPattern& pattern, uint64_t value) {
  if (!pattern.range) return pattern.prefix;
  char number[32];
  std::snprintf(number, sizeof(number), "%0*llu",
                static_cast<int>(pattern.width),
                static_cast<unsigned long long>(value));
  return pattern.prefix + number + pattern.suffix;
}

// A model-trees rule: its rates and uplinks in range (one uplink per
// cluster, or none), and the plan the library makes from them
// (MultiPortPlan on TypeRatesPlatform) on two hosts of each type, the hosts
// dealt to the clusters in turn, is a valid plan from every root.
void CheckTrees(const hetcast::mpi::SizeRule& rule, size_t types,
                size_t clusters) {
  using hetcast::mpi::kMaxLinkValue;
  FUZZ_CHECK(rule.segment_bytes >= 1 || !rule.plan);
  FUZZ_CHECK_EQ(rule.send_ps_per_byte.size(), types);
  FUZZ_CHECK_EQ(rule.receive_ps_per_byte.size(), types);
  FUZZ_CHECK(rule.uplink_ps_per_byte.empty() ||
             rule.uplink_ps_per_byte.size() == clusters);
  for (uint64_t rate : rule.send_ps_per_byte) {
    FUZZ_CHECK(rate >= 1 && rate <= kMaxLinkValue);
  }
  for (uint64_t rate : rule.receive_ps_per_byte) {
    FUZZ_CHECK(rate >= 1 && rate <= kMaxLinkValue);
  }
  for (uint64_t rate : rule.uplink_ps_per_byte) {
    FUZZ_CHECK(rate >= 1 && rate <= kMaxLinkValue);
  }
  std::vector<int> host_types, host_sites;
  for (size_t t = 0; t < types && t < 8; ++t) {
    for (int copy = 0; copy < 2; ++copy) {
      host_sites.push_back(
          static_cast<int>(host_types.size() % std::max<size_t>(1, clusters)));
      host_types.push_back(static_cast<int>(t));
    }
  }
  const hetcast::mpi::LargePlatform platform = hetcast::mpi::TypeRatesPlatform(
      rule.send_ps_per_byte.data(), rule.receive_ps_per_byte.data(), host_types,
      host_sites,
      rule.uplink_ps_per_byte.empty() ? nullptr
                                      : rule.uplink_ps_per_byte.data());
  const int n = static_cast<int>(host_types.size());
  for (int root = 0; root < n; ++root) {
    const hetcast::mpi::MultiTreePlan plan = hetcast::mpi::MultiPortPlan(
        platform, root, rule.segment_bytes == 0 ? 1 : rule.segment_bytes);
    FUZZ_CHECK(hetcast::mpi::CheckMultiTreePlan(plan, n).empty());
    FUZZ_CHECK(hetcast::mpi::MultiPortTreesPeriod(platform, plan.trees) >= 1);
  }
}

void CheckAccepted(const ClusterFile& file) {
  const size_t types = file.type_names.size();
  FUZZ_CHECK(types >= 1);
  FUZZ_CHECK(!file.hosts.empty());
  for (const HostPattern& pattern : file.hosts) {
    FUZZ_CHECK(pattern.type < types);
    FUZZ_CHECK(!pattern.range || pattern.low <= pattern.high);
    for (uint64_t value : {pattern.low, pattern.high}) {
      const std::string name = NameOf(pattern, value);
      size_t type = types;
      std::string error;
      // Another entry may claim the name for another type: then a message.
      if (hetcast::mpi::TypeOfHost(file, name, &type, &error)) {
        FUZZ_CHECK(type < types);
      } else {
        FUZZ_CHECK(!error.empty());
      }
    }
  }
  const size_t clusters = file.cluster_names.size();
  FUZZ_CHECK(clusters >= 1 || file.cluster_hosts.empty());
  for (const HostPattern& pattern : file.cluster_hosts) {
    FUZZ_CHECK(pattern.type < clusters);
    for (uint64_t value : {pattern.low, pattern.high}) {
      size_t cluster = clusters;
      std::string error;
      if (hetcast::mpi::ClusterOfHost(file, NameOf(pattern, value), &cluster,
                                      &error)) {
        FUZZ_CHECK(cluster < clusters);
      } else {
        FUZZ_CHECK(!error.empty());
      }
    }
  }
  for (size_t s = 0; s < file.sizes.size(); ++s) {
    const hetcast::mpi::SizeRule& rule = file.sizes[s];
    FUZZ_CHECK(!(rule.trees && rule.cluster));
    if (rule.cluster) {
      FUZZ_CHECK(rule.inter_cost >= 1);
      FUZZ_CHECK_EQ(rule.cluster_count, clusters);
      FUZZ_CHECK(clusters >= 1);
      FUZZ_CHECK(rule.local_us.empty() || rule.local_us.size() == clusters);
    } else {
      FUZZ_CHECK(rule.algorithm != HETCAST_ALGORITHM_LCF &&
                 rule.algorithm != HETCAST_ALGORITHM_EAGER_LCF);
    }
    FUZZ_CHECK(rule.min_bytes <= rule.max_bytes);
    FUZZ_CHECK(s == 0 || file.sizes[s - 1].max_bytes < rule.min_bytes);
    FUZZ_CHECK_EQ(rule.costs.size(), types);
    for (uint64_t cost : rule.costs) FUZZ_CHECK(cost >= 1);
    FUZZ_CHECK(!rule.plan || rule.table ||
               (rule.algorithm != HETCAST_ALGORITHM_TABLE &&
                rule.algorithm != HETCAST_ALGORITHM_PTAS));
    if (rule.trees) CheckTrees(rule, types, clusters);
    FUZZ_CHECK(hetcast::mpi::RuleForSize(file, rule.min_bytes) == &rule);
    FUZZ_CHECK(hetcast::mpi::RuleForSize(file, rule.max_bytes) == &rule);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string json(reinterpret_cast<const char*>(data), size);
  const std::string folder = "/nonexistent-hetcast-fuzz";
  ClusterFile file;
  std::string error;
  if (!hetcast::mpi::ParseClusterFile(json, folder, &file, &error)) {
    FUZZ_CHECK(!error.empty());
    return 0;
  }
  CheckAccepted(file);
  // The same text parses to the same configuration.
  ClusterFile again;
  FUZZ_CHECK(hetcast::mpi::ParseClusterFile(json, folder, &again, &error));
  FUZZ_CHECK_EQ(again.hash, file.hash);
  FUZZ_CHECK_EQ(again.sizes.size(), file.sizes.size());
  return 0;
}
