// cluster_file_fuzzer.cc: libFuzzer target for libhetcast_mpi's cluster
// file (tools/mpi/cluster_file.h; tests only).
//
// The input is a cluster file's text. ParseClusterFile must return, never
// crash; a refusal carries a message; what it accepts satisfies the rules
// the parser states, checked here again from the parsed fields, and every
// host entry maps its own names to its type. Relative table paths point
// into a folder that does not exist.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_check.h"
#include "tools/mpi/cluster_file.h"
#include "tools/mpi/degree_tree.h"

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

// A model-trees rule: its rates in range, and the tree the library plans
// from them on two hosts of each type is a valid plan from every root.
void CheckTrees(const hetcast::mpi::SizeRule& rule, size_t types) {
  using hetcast::mpi::kMaxLinkValue;
  FUZZ_CHECK(rule.segment_bytes >= 1 || !rule.plan);
  FUZZ_CHECK_EQ(rule.send_ps_per_byte.size(), types);
  FUZZ_CHECK_EQ(rule.receive_ps_per_byte.size(), types);
  std::vector<hetcast::mpi::RankLink> links;
  for (size_t t = 0; t < types && t < 8; ++t) {
    for (uint64_t rate :
         {rule.send_ps_per_byte[t], rule.receive_ps_per_byte[t]})
      FUZZ_CHECK(rate >= 1 && rate <= kMaxLinkValue);
    links.push_back({rule.send_ps_per_byte[t], rule.receive_ps_per_byte[t], 0});
    links.push_back(links.back());
  }
  const hetcast::mpi::LargePlatform platform =
      hetcast::mpi::SwitchPlatform(links);
  for (int root = 0; root < static_cast<int>(links.size()); ++root) {
    hetcast::mpi::MultiTreePlan plan;
    uint64_t period = 0;
    plan.root = root;
    plan.trees = {hetcast::mpi::DegreeTree(platform, root, &period)};
    plan.segment_bytes = rule.segment_bytes == 0 ? 1 : rule.segment_bytes;
    hetcast::mpi::SetQueues(&plan);
    FUZZ_CHECK(
        hetcast::mpi::CheckMultiTreePlan(plan, static_cast<int>(links.size()))
            .empty());
    FUZZ_CHECK(period >= 1);
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
    if (rule.trees) CheckTrees(rule, types);
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
