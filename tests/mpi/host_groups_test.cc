// host_groups_test.cc: hetcast-calibrate's MPI-free parts: grouping hosts
// by cost, the types' ticks, compact host names (checked by the library's
// own parser against brute force), size ranges, merging, the file's text.

#include "tools/mpi/host_groups.h"

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tools/mpi/cluster_file.h"
#include "tools/mpi/cluster_file_writer.h"
#include "tools/mpi/program_args.h"

namespace hetcast {
namespace mpi {
namespace {

using ::testing::ElementsAre;

// Hosts of known classes: class c costs base[c] * size_factor at each
// size, times a per-host jitter of at most `jitter` (relative).
std::vector<HostCost> Hosts(const std::vector<int>& class_of,
                            const std::vector<double>& base, double jitter,
                            std::mt19937_64* rng) {
  std::uniform_real_distribution<double> noise(1.0, 1.0 + jitter);
  std::vector<HostCost> hosts;
  for (size_t h = 0; h < class_of.size(); ++h) {
    HostCost host;
    host.host = "h" + std::to_string(h);
    for (double factor : {1.0, 8.0, 64.0}) {
      host.seconds.push_back(base[class_of[h]] * factor * noise(*rng));
    }
    host.spread = jitter / 2;
    hosts.push_back(host);
  }
  return hosts;
}

TEST(GroupHostsByCost, FindsTheClassesWhenGapsExceedTheJitter) {
  std::mt19937_64 rng(29);
  // Classes 2, 3, 4 with costs 1.5x apart or more; jitter 5%.
  for (int classes = 1; classes <= 4; ++classes) {
    const std::vector<double> base = {1e-6, 2.5e-6, 2.5e-5, 1e-4};
    std::vector<int> class_of;
    for (int h = 0; h < 20; ++h) {
      class_of.push_back(static_cast<int>(rng() % classes));
    }
    for (int c = 0; c < classes; ++c) class_of[c] = c;  // each class used
    std::shuffle(class_of.begin(), class_of.end(), rng);
    const std::vector<HostCost> hosts = Hosts(class_of, base, 0.05, &rng);
    const Grouping grouping = GroupHostsByCost(hosts, 0.10);
    ASSERT_EQ(grouping.groups.size(), static_cast<size_t>(classes));
    for (size_t h = 0; h < hosts.size(); ++h) {
      EXPECT_EQ(grouping.group_of[h], static_cast<size_t>(class_of[h])) << h;
    }
    EXPECT_DOUBLE_EQ(grouping.threshold, 0.10);
  }
}

TEST(GroupHostsByCost, SpreadRaisesTheThreshold) {
  std::mt19937_64 rng(7);
  // Costs 1.3x apart; a spread of 0.2 (threshold 0.4) cannot tell them.
  std::vector<HostCost> hosts = Hosts({0, 1, 0, 1}, {1e-6, 1.3e-6}, 0, &rng);
  EXPECT_EQ(GroupHostsByCost(hosts, 0.10).groups.size(), 2u);
  hosts[0].spread = 0.2;
  const Grouping grouping = GroupHostsByCost(hosts, 0.10);
  EXPECT_DOUBLE_EQ(grouping.threshold, 0.4);
  EXPECT_EQ(grouping.groups.size(), 1u);
}

TEST(GroupHostsByCost, DeterministicWhateverTheInputOrder) {
  std::mt19937_64 rng(3);
  std::vector<HostCost> hosts =
      Hosts({0, 1, 2, 0, 1, 2, 2}, {1e-6, 1e-5, 1e-4}, 0.02, &rng);
  const Grouping first = GroupHostsByCost(hosts, 0.10);
  std::reverse(hosts.begin(), hosts.end());
  const Grouping second = GroupHostsByCost(hosts, 0.10);
  ASSERT_EQ(first.groups.size(), second.groups.size());
  for (size_t g = 0; g < first.groups.size(); ++g) {
    std::set<std::string> a, b;
    for (size_t h : first.groups[g].hosts) a.insert(hosts[6 - h].host);
    for (size_t h : second.groups[g].hosts) b.insert(hosts[h].host);
    EXPECT_EQ(a, b);
    EXPECT_EQ(first.groups[g].seconds, second.groups[g].seconds);
  }
}

TEST(CostTicks, HundredForTheFirstGroupTwoSignificantDigits) {
  Grouping grouping;
  grouping.groups.resize(4);
  grouping.groups[0].seconds = {2e-6};
  grouping.groups[1].seconds = {5.06e-6};   // 253 -> 250
  grouping.groups[2].seconds = {5.06e-5};   // 2530 -> 2500
  grouping.groups[3].seconds = {1.974e-6};  // 98.7 -> 99
  EXPECT_THAT(CostTicks(grouping, 0), ElementsAre(100, 250, 2500, 99));
}

// Every name of `names` must get its own entry's type from the library's
// parser, and the `others` no type at all.
void ExpectExactCover(const std::vector<std::string>& names,
                      const std::vector<std::string>& others) {
  ClusterFileDraft draft;
  draft.name = "cover";
  draft.types = {{"in", 1, CompactHostNames(names)}};
  std::string error;
  ClusterFile file;
  ASSERT_TRUE(ParseClusterFile(ClusterFileJson(draft), "", &file, &error))
      << error << "\n"
      << ClusterFileJson(draft);
  for (const std::string& name : names) {
    size_t type = 9;
    EXPECT_TRUE(TypeOfHost(file, name, &type, &error)) << name << ": " << error;
  }
  for (const std::string& name : others) {
    size_t type = 9;
    EXPECT_FALSE(TypeOfHost(file, name, &type, &error)) << name;
  }
}

TEST(CompactHostNames, BracketRangesWhereNumbersAreConsecutive) {
  EXPECT_THAT(CompactHostNames({"node03", "node01", "node02", "node07", "login",
                                "rack2-gpu1", "rack2-gpu2"}),
              ElementsAre("login", "node07", "node[01-03]", "rack2-gpu[1-2]"));
  EXPECT_THAT(CompactHostNames({"n9", "n10", "n11", "n12"}),
              ElementsAre("n9", "n[10-12]"));
  EXPECT_THAT(CompactHostNames({"a1", "a01"}), ElementsAre("a01", "a1"));
}

TEST(CompactHostNames, MatchesExactlyItsNamesByBruteForce) {
  std::mt19937_64 rng(2026);
  const std::vector<std::string> prefixes = {"n", "node", "r1-c", ""};
  const std::vector<std::string> suffixes = {"", "-ib", ".lab"};
  for (int trial = 0; trial < 200; ++trial) {
    // A random subset of a small universe of names, the rest as others.
    std::vector<std::string> universe;
    const std::string prefix = prefixes[rng() % prefixes.size()];
    const std::string suffix = suffixes[rng() % suffixes.size()];
    for (int number = 0; number < 24; ++number) {
      universe.push_back(prefix + std::to_string(number) + suffix);
      char padded[8];
      std::snprintf(padded, sizeof(padded), "%03d", number);
      universe.push_back(prefix + padded + suffix);
    }
    universe.push_back("login");
    std::vector<std::string> names, others;
    for (const std::string& name : universe) {
      (rng() % 2 ? names : others).push_back(name);
    }
    if (names.empty()) continue;
    ExpectExactCover(names, others);
  }
}

TEST(ReadSizeRange, PowersOfTwoBetweenTheBounds) {
  std::vector<uint64_t> sizes;
  EXPECT_EQ(ReadSizeRange("1KiB:8KiB", &sizes), "");
  EXPECT_THAT(sizes, ElementsAre(1024, 2048, 4096, 8192));
  EXPECT_EQ(ReadSizeRange("1000:5000", &sizes), "");
  EXPECT_THAT(sizes, ElementsAre(1000, 1024, 2048, 4096, 5000));
  EXPECT_EQ(ReadSizeRange("64MiB:64MiB", &sizes), "");
  EXPECT_THAT(sizes, ElementsAre(64u << 20));
  for (const char* bad : {"", "1KiB", "1KB:2KiB", "2KiB:1KiB", "0:1", "1:2GiB",
                          "1:x", "-1:5", "99999999999999999999:1"}) {
    EXPECT_NE(ReadSizeRange(bad, &sizes), "") << bad;
  }
}

TEST(ParseByteSize, Units) {
  uint64_t bytes = 0;
  EXPECT_TRUE(ParseByteSize("1GiB", &bytes));
  EXPECT_EQ(bytes, uint64_t{1} << 30);
  EXPECT_TRUE(ParseByteSize("12B", &bytes));
  EXPECT_EQ(bytes, 12u);
  EXPECT_FALSE(ParseByteSize("17179869184GiB", &bytes));  // 2^34 * 2^30
  EXPECT_FALSE(ParseByteSize("1 KiB", &bytes));
}

DraftRange Range(uint64_t low, uint64_t high, bool plan, uint64_t segment,
                 std::vector<uint64_t> costs) {
  DraftRange range;
  range.min_bytes = low;
  range.max_bytes = high;
  range.plan = plan;
  range.segment_bytes = segment;
  range.costs = std::move(costs);
  range.measured_us = static_cast<double>(high);
  return range;
}

TEST(MergeRanges, AdjacentRangesThatRunTheSameThing) {
  const std::vector<DraftRange> merged = MergeRanges({
      Range(1, 9, false, 0, {}), Range(10, 19, false, 0, {}),
      Range(20, 29, true, 0, {100, 250}), Range(30, 39, true, 0, {100, 250}),
      Range(40, 49, true, 8, {100, 250}), Range(50, 59, true, 8, {100, 240}),
      Range(61, 69, true, 8, {100, 240}),  // not adjacent
  });
  ASSERT_EQ(merged.size(), 5u);
  EXPECT_EQ(merged[0].min_bytes, 1u);
  EXPECT_EQ(merged[0].max_bytes, 19u);
  EXPECT_EQ(merged[1].min_bytes, 20u);
  EXPECT_EQ(merged[1].max_bytes, 39u);
  EXPECT_EQ(merged[1].measured_us, 39);  // the last size's times
  EXPECT_EQ(merged[2].min_bytes, 40u);
  EXPECT_EQ(merged[3].min_bytes, 50u);
  EXPECT_EQ(merged[4].min_bytes, 61u);
}

// "mpi" ranges merge only where they name the same MPI algorithm, and
// the written name reads back through the library's parser.
TEST(MergeRanges, MpiRangesOfOtherAlgorithmsStayApart) {
  std::vector<DraftRange> ranges = {
      Range(1, 9, false, 0, {}), Range(10, 19, false, 0, {}),
      Range(20, 29, false, 0, {}), Range(30, 39, false, 0, {})};
  ranges[1].mpi_algorithm = "binomial";
  ranges[2].mpi_algorithm = "binomial";
  ranges[3].mpi_algorithm = "scatter_ring_allgather";
  ClusterFileDraft draft;
  draft.name = "algorithms";
  draft.types = {{"t", 1, {"h[0-3]"}}};
  draft.sizes = MergeRanges(ranges);
  ASSERT_EQ(draft.sizes.size(), 3u);
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(ClusterFileJson(draft), "", &file, &error))
      << error << ClusterFileJson(draft);
  ASSERT_EQ(file.sizes.size(), 3u);
  EXPECT_EQ(file.sizes[0].max_bytes, 9u);
  EXPECT_EQ(file.sizes[0].mpi_algorithm, "");
  EXPECT_EQ(file.sizes[1].min_bytes, 10u);
  EXPECT_EQ(file.sizes[1].max_bytes, 29u);
  EXPECT_EQ(file.sizes[1].mpi_algorithm, "binomial");
  EXPECT_EQ(file.sizes[2].mpi_algorithm, "scatter_ring_allgather");
}

// Every set partition of `n` hosts (restricted growth strings: host h's
// cluster is at most one more than the largest before it).
std::vector<std::vector<size_t>> Partitions(size_t n) {
  std::vector<std::vector<size_t>> all;
  std::vector<size_t> label(n, 0);
  const auto next = [&](size_t h, size_t used, const auto& self) -> void {
    if (h == n) {
      all.push_back(label);
      return;
    }
    for (size_t c = 0; c <= used && c < n; ++c) {
      label[h] = c;
      self(h + 1, std::max(used, c + 1), self);
    }
  };
  if (n > 0) next(0, 0, next);
  return all;
}

// The two-level model's transfer times of a partition: 20 us inside a
// cluster, 240 us between clusters, each pair with its own jitter of at
// most 2% (below the 10% gap).
TransferRow TwoLevelRow(const std::vector<size_t>& cluster_of,
                        size_t* transfers) {
  return [cluster_of, transfers](size_t from, const std::vector<size_t>& to,
                                 double* spread) {
    std::vector<double> times;
    for (size_t h : to) {
      EXPECT_NE(h, from);
      const double jitter =
          1 + 0.02 * static_cast<double>((from * 7 + h * 13) % 11) / 10;
      times.push_back((cluster_of[from] == cluster_of[h] ? 20e-6 : 240e-6) *
                      jitter);
    }
    *transfers += to.size();
    *spread = 0;
    return times;
  };
}

// Exhaustive over every partition of up to 7 hosts: the clusters found are
// the partition's whenever at most one of its clusters has a single host,
// each labelled by its lowest host; and the transfers are at most
// (clusters + 1) x hosts, counted as measured.
TEST(FindClusters, FindsEveryPartitionWithAtMostOneLoneHost) {
  size_t checked = 0, all = 0;
  for (size_t n = 1; n <= 7; ++n) {
    for (const std::vector<size_t>& truth : Partitions(n)) {
      ++all;
      std::vector<size_t> sizes(n, 0);
      for (size_t c : truth) ++sizes[c];
      const size_t clusters = *std::max_element(truth.begin(), truth.end()) + 1;
      const size_t lone = std::count(sizes.begin(), sizes.end(), 1u);
      size_t transfers = 0;
      const Clustering found =
          FindClusters(n, TwoLevelRow(truth, &transfers), 0.10);
      EXPECT_EQ(found.transfers, transfers);
      ASSERT_EQ(found.cluster_of.size(), n);
      size_t hosts = 0;
      for (const HostCluster& cluster : found.clusters) {
        hosts += cluster.hosts.size();
        EXPECT_TRUE(std::is_sorted(cluster.hosts.begin(), cluster.hosts.end()));
      }
      EXPECT_EQ(hosts, n);
      if (lone > 1) continue;
      EXPECT_EQ(found.cluster_of, truth) << "n " << n;
      EXPECT_LE(transfers, (clusters + 1) * n);
      ++checked;
    }
  }
  // The Bell numbers B(1..7); of those partitions, 1, 1, 4, 8, 31, 107 and
  // 449 have at most one cluster of one host.
  EXPECT_EQ(all, 1u + 2 + 5 + 15 + 52 + 203 + 877);
  EXPECT_EQ(checked, 1u + 1 + 4 + 8 + 31 + 107 + 449);
}

TEST(ClusterFileJson, ClustersAndClusterRangeReadBack) {
  ClusterFileDraft draft;
  draft.name = "two halls";
  draft.types = {{"type0", 100, {"n[01-08]"}}};
  draft.clusters = {{"cluster0", {"n[01-03]"}}, {"cluster1", {"n[04-08]"}}};
  DraftRange range;
  range.min_bytes = 1024;
  range.max_bytes = 65535;
  range.plan = range.cluster = true;
  range.inter_cost = 11;
  range.segment_bytes = 128;
  range.local_us = {21.941, 0};
  range.inter_us = 240.083;
  draft.sizes = {range};
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(ClusterFileJson(draft), "", &file, &error))
      << error << ClusterFileJson(draft);
  EXPECT_THAT(file.cluster_names, ElementsAre("cluster0", "cluster1"));
  size_t cluster = 9;
  ASSERT_TRUE(ClusterOfHost(file, "n03", &cluster, &error));
  EXPECT_EQ(cluster, 0u);
  ASSERT_TRUE(ClusterOfHost(file, "n04", &cluster, &error));
  EXPECT_EQ(cluster, 1u);
  ASSERT_EQ(file.sizes.size(), 1u);
  const SizeRule& rule = file.sizes[0];
  EXPECT_TRUE(rule.cluster);
  EXPECT_EQ(rule.inter_cost, 11u);
  EXPECT_EQ(rule.segment_bytes, 128u);
  EXPECT_EQ(rule.algorithm, HETCAST_ALGORITHM_NONE);
  EXPECT_THAT(rule.local_us, ElementsAre(21.941, 0));
  EXPECT_DOUBLE_EQ(rule.inter_us, 240.083);
  // Ranges of another C do not merge; of the same C they do.
  DraftRange next = range;
  next.min_bytes = 65536;
  next.max_bytes = 1048576;
  EXPECT_EQ(MergeRanges({range, next}).size(), 1u);
  next.inter_cost = 12;
  EXPECT_EQ(MergeRanges({range, next}).size(), 2u);
}

// Model trees with sites: each cluster's uplink, read back as written;
// ranges of other uplinks do not merge.
TEST(ClusterFileJson, TreesRangeWithUplinksReadsBack) {
  ClusterFileDraft draft;
  draft.name = "three halls";
  draft.types = {{"type0", 100, {"n[01-06]"}}, {"type1", 300, {"m1"}}};
  draft.clusters = {{"cluster0", {"n[01-03]"}},
                    {"cluster1", {"n[04-06]"}},
                    {"cluster2", {"m1"}}};
  DraftRange range;
  range.min_bytes = 1048576;
  range.max_bytes = 16777215;
  range.plan = range.trees = true;
  range.segment_bytes = 65536;
  range.send_ps_per_byte = {800, 2400};
  range.receive_ps_per_byte = {810, 2500};
  range.uplink_ps_per_byte = {8000, 8100, 1099511627776};
  draft.sizes = {range};
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(ClusterFileJson(draft), "", &file, &error))
      << error << ClusterFileJson(draft);
  ASSERT_EQ(file.sizes.size(), 1u);
  const SizeRule& rule = file.sizes[0];
  EXPECT_TRUE(rule.trees);
  EXPECT_EQ(rule.send_ps_per_byte, range.send_ps_per_byte);
  EXPECT_EQ(rule.receive_ps_per_byte, range.receive_ps_per_byte);
  EXPECT_EQ(rule.uplink_ps_per_byte, range.uplink_ps_per_byte);
  size_t cluster = 9;
  ASSERT_TRUE(ClusterOfHost(file, "m1", &cluster, &error));
  EXPECT_EQ(cluster, 2u);
  DraftRange next = range;
  next.min_bytes = 16777216;
  next.max_bytes = 67108864;
  EXPECT_EQ(MergeRanges({range, next}).size(), 1u);
  next.uplink_ps_per_byte[1] = 9000;
  EXPECT_EQ(MergeRanges({range, next}).size(), 2u);
  next.uplink_ps_per_byte.clear();
  EXPECT_EQ(MergeRanges({range, next}).size(), 2u);
}

TEST(ClusterFileJson, ReadsBackAsWritten) {
  ClusterFileDraft draft;
  draft.name = "quote \" backslash \\ tab \t";
  draft.types = {{"type0", 100, {"n[01-04]", "login"}}, {"type1", 250, {"x"}}};
  draft.sizes = {Range(1024, 4095, false, 0, {}),
                 Range(4096, 65536, true, 8192, {100, 240})};
  draft.sizes[1].predicted_us = 12.5;
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(ClusterFileJson(draft), "", &file, &error))
      << error;
  EXPECT_EQ(file.name, draft.name);
  EXPECT_THAT(file.type_names, ElementsAre("type0", "type1"));
  size_t type = 9;
  ASSERT_TRUE(TypeOfHost(file, "n03", &type, &error));
  EXPECT_EQ(type, 0u);
  ASSERT_TRUE(TypeOfHost(file, "x", &type, &error));
  EXPECT_EQ(type, 1u);
  ASSERT_EQ(file.sizes.size(), 2u);
  EXPECT_FALSE(file.sizes[0].plan);
  EXPECT_TRUE(file.sizes[1].plan);
  EXPECT_EQ(file.sizes[1].algorithm, HETCAST_ALGORITHM_FNF);
  EXPECT_EQ(file.sizes[1].segment_bytes, 8192u);
  EXPECT_THAT(file.sizes[1].costs, ElementsAre(100, 240));
  EXPECT_DOUBLE_EQ(file.sizes[1].predicted_us, 12.5);
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
