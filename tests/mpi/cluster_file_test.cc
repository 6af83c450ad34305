// cluster_file_test.cc: the cluster file of libhetcast_mpi
// (tools/mpi/cluster_file.h): what a good file gives, host names to types,
// size ranges, and a message naming the field for each bad file.

#include "tools/mpi/cluster_file.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace hetcast {
namespace mpi {
namespace {

using ::testing::HasSubstr;

constexpr char kTypes[] =
    R"("version": 1, "types": [{"name": "fast", "cost": 2},
                               {"name": "slow", "cost": 5}])";
constexpr char kHosts[] =
    R"("hosts": [{"name": "login", "type": "fast"},
                 {"name": "node[001-064]", "type": "slow"},
                 {"name": "rack[1-8]-gpu", "type": "fast"}])";

std::string File(const std::string& sizes) {
  return std::string("{") + kTypes + ", " + kHosts +
         (sizes.empty() ? "" : ", \"sizes\": [" + sizes + "]") + "}";
}

// The parse error of `json` ("" when it parses).
std::string ErrorOf(const std::string& json) {
  ClusterFile file;
  std::string error;
  return ParseClusterFile(json, "", &file, &error) ? "" : error;
}

std::string TestTable() {
  std::ifstream in("tables/test.hct", std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

uint64_t HashOf(const std::string& bytes) {
  OpenedTable table;
  table.words.resize((bytes.size() + 7) / 8);
  std::memcpy(table.words.data(), bytes.data(), bytes.size());
  EXPECT_EQ(hetcast_table_open(table.words.data(), bytes.size(), &table.table,
                               nullptr),
            HETCAST_OK);
  return hetcast_table_hash(&table.table);
}

TEST(ClusterFileTest, GoodFileGivesTypesHostsAndSortedRanges) {
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(
      File(R"({"min_bytes": 1024, "max_bytes": 4095, "action": "plan",
               "algorithm": "fnf", "segment_bytes": 512, "costs": [3, 7],
               "predicted_us": 10.5, "measured_us": 11, "mpi_us": 20},
              {"min_bytes": 0, "max_bytes": 1023, "action": "mpi"})"),
      "", &file, &error))
      << error;
  EXPECT_EQ(file.type_names, (std::vector<std::string>{"fast", "slow"}));
  ASSERT_EQ(file.hosts.size(), 3u);
  ASSERT_EQ(file.sizes.size(), 2u);
  EXPECT_EQ(file.sizes[0].min_bytes, 0u);
  EXPECT_FALSE(file.sizes[0].plan);
  EXPECT_EQ(file.sizes[0].costs, (std::vector<uint64_t>{2, 5}));
  EXPECT_EQ(file.sizes[1].min_bytes, 1024u);
  EXPECT_TRUE(file.sizes[1].plan);
  EXPECT_EQ(file.sizes[1].algorithm, HETCAST_ALGORITHM_FNF);
  EXPECT_EQ(file.sizes[1].segment_bytes, 512u);
  EXPECT_EQ(file.sizes[1].costs, (std::vector<uint64_t>{3, 7}));
  EXPECT_EQ(file.sizes[1].predicted_us, 10.5);
  EXPECT_EQ(file.sizes[1].mpi_us, 20);
  EXPECT_EQ(RuleForSize(file, 0), &file.sizes[0]);
  EXPECT_EQ(RuleForSize(file, 1023), &file.sizes[0]);
  EXPECT_EQ(RuleForSize(file, 1024), &file.sizes[1]);
  EXPECT_EQ(RuleForSize(file, 4095), &file.sizes[1]);
  EXPECT_EQ(RuleForSize(file, 4096), nullptr);
}

// Model trees: the per-type rates and the segment size as written.
TEST(ClusterFileTest, TreesRangeGivesItsRates) {
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(
      File(R"({"min_bytes": 1048576, "max_bytes": 67108864, "action": "plan",
               "model": "trees", "segment_bytes": 65536,
               "send_ps_per_byte": [80, 800],
               "receive_ps_per_byte": [90, 1099511627776]})"),
      "", &file, &error))
      << error;
  ASSERT_EQ(file.sizes.size(), 1u);
  const SizeRule& rule = file.sizes[0];
  EXPECT_TRUE(rule.plan);
  EXPECT_TRUE(rule.trees);
  EXPECT_EQ(rule.segment_bytes, 65536u);
  EXPECT_EQ(rule.send_ps_per_byte, (std::vector<uint64_t>{80, 800}));
  EXPECT_EQ(rule.receive_ps_per_byte,
            (std::vector<uint64_t>{90, uint64_t{1} << 40}));
}

// Version 2: the hosts' clusters and a range of model cluster.
constexpr char kClusters[] =
    R"("clusters": [{"name": "hall_a", "hosts": ["login", "node[001-032]"]},
                    {"name": "hall_b", "hosts": ["node[033-064]",
                                                 "rack[1-8]-gpu"]}])";

std::string ClusterFile2(const std::string& sizes) {
  std::string text = File(sizes);
  text.replace(text.find("\"version\": 1"), 12, "\"version\": 2");
  return text.substr(0, text.size() - 1) + ", " + kClusters + "}";
}

TEST(ClusterFileTest, ClusterRangeGivesItsModelAndHostsTheirClusters) {
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(
      ParseClusterFile(ClusterFile2(R"({"min_bytes": 1024, "max_bytes": 65535,
                       "action": "plan", "model": "cluster",
                       "algorithm": "lcf", "inter_cost": 6,
                       "segment_bytes": 128, "local_us": [21.5, 0],
                       "inter_us": 240})"),
                       "", &file, &error))
      << error;
  EXPECT_EQ(file.cluster_names, (std::vector<std::string>{"hall_a", "hall_b"}));
  ASSERT_EQ(file.sizes.size(), 1u);
  const SizeRule& rule = file.sizes[0];
  EXPECT_TRUE(rule.plan);
  EXPECT_TRUE(rule.cluster);
  EXPECT_FALSE(rule.trees);
  EXPECT_EQ(rule.algorithm, HETCAST_ALGORITHM_LCF);
  EXPECT_EQ(rule.inter_cost, 6u);
  EXPECT_EQ(rule.cluster_count, 2u);
  EXPECT_EQ(rule.segment_bytes, 128u);
  EXPECT_EQ(rule.local_us, (std::vector<double>{21.5, 0}));
  EXPECT_EQ(rule.inter_us, 240);
  const std::pair<const char*, size_t> want[] = {
      {"login", 0},   {"node001", 0}, {"node032.lab.org", 0},
      {"node033", 1}, {"node064", 1}, {"rack3-gpu", 1}};
  for (const auto& [host, cluster] : want) {
    size_t found = 9;
    EXPECT_TRUE(ClusterOfHost(file, host, &found, &error)) << host << error;
    EXPECT_EQ(found, cluster) << host;
  }
  size_t found = 9;
  EXPECT_FALSE(ClusterOfHost(file, "node065", &found, &error));
  EXPECT_EQ(error, "host 'node065' matches no entry of clusters");
}

// Model trees with sites: one uplink per cluster, as written; a trees
// range without them has none.
TEST(ClusterFileTest, TreesRangeGivesItsClustersUplinks) {
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(
      ClusterFile2(R"({"min_bytes": 1048576, "max_bytes": 67108864,
                       "action": "plan", "model": "trees",
                       "segment_bytes": 65536, "send_ps_per_byte": [80, 800],
                       "receive_ps_per_byte": [90, 900],
                       "uplink_ps_per_byte": [8000, 1099511627776]},
                      {"min_bytes": 1, "max_bytes": 1048575,
                       "action": "plan", "model": "trees",
                       "segment_bytes": 8192, "send_ps_per_byte": [80, 800],
                       "receive_ps_per_byte": [90, 900]})"),
      "", &file, &error))
      << error;
  ASSERT_EQ(file.sizes.size(), 2u);
  EXPECT_TRUE(file.sizes[0].uplink_ps_per_byte.empty());
  EXPECT_EQ(file.sizes[1].uplink_ps_per_byte,
            (std::vector<uint64_t>{8000, uint64_t{1} << 40}));
}

// Uplinks: one per cluster, in range, only with clusters and model trees.
TEST(ClusterFileTest, EachBadUplinkNamesItsProblem) {
  const std::string trees =
      R"({"min_bytes": 1, "max_bytes": 8, "action": "plan", "model": "trees",
          "segment_bytes": 4, "send_ps_per_byte": [1, 2],
          "receive_ps_per_byte": [1, 2], )";
  EXPECT_EQ(ErrorOf(ClusterFile2(trees + R"("uplink_ps_per_byte": [5]})")),
            "sizes[0]: model trees needs uplink_ps_per_byte with 2 entries "
            "(one per cluster)");
  EXPECT_EQ(ErrorOf(ClusterFile2(trees + R"("uplink_ps_per_byte": []})")),
            "sizes[0]: model trees needs uplink_ps_per_byte with 2 entries "
            "(one per cluster)");
  EXPECT_EQ(ErrorOf(ClusterFile2(trees + R"("uplink_ps_per_byte": [5, 0]})")),
            "sizes[0]: uplink_ps_per_byte[1] is 0; it must be 1 .. 2^40 ps "
            "per byte");
  EXPECT_EQ(
      ErrorOf(ClusterFile2(trees + R"("uplink_ps_per_byte": [1099511627777,
                                                              5]})")),
      "sizes[0]: uplink_ps_per_byte[0] is 1099511627777; it must be 1 .. "
      "2^40 ps per byte");
  EXPECT_EQ(ErrorOf(File(trees + R"("uplink_ps_per_byte": [5, 6]})")),
            "sizes[0]: uplink_ps_per_byte needs the file's clusters (each "
            "cluster a site behind its uplink)");
  EXPECT_EQ(ErrorOf(ClusterFile2(
                R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                    "algorithm": "fnf", "uplink_ps_per_byte": [5, 6]})")),
            "sizes[0]: uplink_ps_per_byte is model trees'; model is node");
}

TEST(ClusterFileTest, FileWithoutClustersPutsEveryHostInCluster0) {
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(File(""), "", &file, &error)) << error;
  size_t cluster = 9;
  EXPECT_TRUE(ClusterOfHost(file, "anything", &cluster, &error));
  EXPECT_EQ(cluster, 0u);
}

TEST(ClusterFileTest, EachBadClusterNamesItsProblem) {
  const std::string plan =
      R"({"min_bytes": 1, "max_bytes": 9, "action": "plan", )";
  EXPECT_EQ(
      ErrorOf(File("").substr(0, File("").size() - 1) + ", " + kClusters + "}"),
      "clusters: version 1 has no clusters; write version 3");
  EXPECT_EQ(ErrorOf(File(plan + R"("model": "cluster", "inter_cost": 2})")),
            "sizes[0]: model cluster needs the file's clusters");
  EXPECT_EQ(ErrorOf(ClusterFile2(plan + R"("model": "cluster"})")),
            "sizes[0]: model cluster needs inter_cost (the cost of a transfer "
            "between clusters, at least 1)");
  EXPECT_EQ(
      ErrorOf(ClusterFile2(plan + R"("model": "cluster", "algorithm": "fnf",
                          "inter_cost": 2})")),
      "sizes[0]: algorithm fnf is not the cluster model's (any, lcf or "
      "eager_lcf)");
  EXPECT_EQ(ErrorOf(ClusterFile2(plan + R"("algorithm": "eager_lcf"})")),
            "sizes[0]: algorithm eager_lcf is the cluster model's; model is "
            "node");
  EXPECT_EQ(ErrorOf(ClusterFile2(plan + R"("model": "cluster", "inter_cost": 2,
                          "local_us": [1, 2, 3]})")),
            "sizes[0]: local_us has 3 entries; clusters has 2");
  std::string file = ClusterFile2("");
  const std::string head = file.substr(0, file.find("\"clusters\""));
  EXPECT_EQ(ErrorOf(head + R"("clusters": []})"),
            "clusters: the list is empty (leave it out when the hosts form no "
            "clusters)");
  EXPECT_EQ(ErrorOf(head + R"("clusters": [{"name": "a", "hosts": ["x"]},
                                            {"name": "a", "hosts": ["y"]}]})"),
            "clusters[1]: cluster 'a' is repeated");
  EXPECT_EQ(ErrorOf(head + R"("clusters": [{"hosts": ["x"]}]})"),
            "clusters[0]: the name is missing");
  EXPECT_EQ(ErrorOf(head + R"("clusters": [{"name": "a"}]})"),
            "clusters[0] ('a'): hosts is empty");
  EXPECT_EQ(
      ErrorOf(head + R"("clusters": [{"name": "a", "hosts": ["n[2-1]"]}]})"),
      "clusters[0].hosts[0] ('n[2-1]'): the range's low bound 2 is above "
      "its high bound 1");
  ClusterFile two;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(
      head + R"("clusters": [{"name": "a", "hosts": ["node[001-010]"]},
                             {"name": "b", "hosts": ["node[010-020]"]}]})",
      "", &two, &error))
      << error;
  size_t cluster = 0;
  EXPECT_FALSE(ClusterOfHost(two, "node010", &cluster, &error));
  EXPECT_EQ(error,
            "host 'node010' matches 'node[001-010]' (cluster 'a') and "
            "'node[010-020]' (cluster 'b')");
}

TEST(ClusterFileTest, HashFollowsTheText) {
  ClusterFile a, b, c;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(File(""), "", &a, &error)) << error;
  ASSERT_TRUE(ParseClusterFile(File(""), "", &b, &error)) << error;
  ASSERT_TRUE(ParseClusterFile(File("") + " ", "", &c, &error)) << error;
  const std::string text = File("");
  EXPECT_EQ(a.hash, Fnv1a(kFnvOffset, text.data(), text.size()));
  EXPECT_EQ(a.hash, b.hash);
  EXPECT_NE(a.hash, c.hash);
}

TEST(ClusterFileTest, HostNamesMapToTypes) {
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(File(""), "", &file, &error)) << error;
  const auto type_of = [&](const std::string& host) -> std::string {
    size_t type = 0;
    std::string why;
    return TypeOfHost(file, host, &type, &why) ? file.type_names[type]
                                               : "none: " + why;
  };
  EXPECT_EQ(type_of("login"), "fast");
  EXPECT_EQ(type_of("login.cluster.example"), "fast");  // the short name
  EXPECT_EQ(type_of("node001"), "slow");
  EXPECT_EQ(type_of("node064"), "slow");
  EXPECT_EQ(type_of("node042.cluster.example"), "slow");
  EXPECT_EQ(type_of("rack1-gpu"), "fast");
  EXPECT_EQ(type_of("rack8-gpu"), "fast");
  // Widths: with leading zeros exactly three digits; without, none.
  EXPECT_EQ(type_of("node1"), "none: host 'node1' matches no entry of hosts");
  EXPECT_THAT(type_of("node0001"), HasSubstr("matches no entry"));
  EXPECT_THAT(type_of("node065"), HasSubstr("matches no entry"));
  EXPECT_THAT(type_of("node000"), HasSubstr("matches no entry"));
  EXPECT_THAT(type_of("rack01-gpu"), HasSubstr("matches no entry"));
  EXPECT_THAT(type_of("rack9-gpu"), HasSubstr("matches no entry"));
  EXPECT_THAT(type_of("rack1-gpux"), HasSubstr("matches no entry"));
  EXPECT_THAT(type_of("nodeabc"), HasSubstr("matches no entry"));
  EXPECT_THAT(type_of(""), HasSubstr("matches no entry"));
}

TEST(ClusterFileTest, HostOfTwoTypesIsRefused) {
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(
      ParseClusterFile(std::string("{") + kTypes +
                           R"(, "hosts": [{"name": "n[1-9]", "type": "fast"},
                         {"name": "n5", "type": "slow"},
                         {"name": "n[5-6]", "type": "fast"}]})",
                       "", &file, &error))
      << error;
  size_t type = 0;
  EXPECT_TRUE(TypeOfHost(file, "n6", &type, &error));  // two entries, one type
  EXPECT_EQ(type, 0u);
  EXPECT_FALSE(TypeOfHost(file, "n5", &type, &error));
  EXPECT_EQ(error,
            "host 'n5' matches 'n[1-9]' (type 'fast') and 'n5' (type 'slow')");
}

TEST(ClusterFileTest, EachBadFileNamesItsProblem) {
  EXPECT_EQ(ErrorOf(R"({"version": 4, "types": []})"),
            "version is 4; this library reads versions 1 to 3");
  EXPECT_EQ(ErrorOf(R"({"types": []})"),
            "version is 0 (missing); this library reads versions 1 to 3");
  EXPECT_THAT(ErrorOf(File("").substr(0, 60)), HasSubstr("not a cluster file"));
  EXPECT_THAT(ErrorOf(""), HasSubstr("not a cluster file"));
  EXPECT_THAT(ErrorOf(R"({"version": 1, "typos": []})"),
              HasSubstr("not a cluster file"));
  EXPECT_EQ(ErrorOf(R"({"version": 1, "types": [], "hosts": []})"),
            "types: the file names no node type");
  EXPECT_EQ(ErrorOf(std::string("{") + kTypes + "}"),
            "hosts: the file names no host");
  EXPECT_EQ(ErrorOf(R"({"version": 1, "types": [{"name": "a", "cost": 1},
                                                  {"name": "b"}]})"),
            "types[1] ('b'): cost is missing or 0; it must be at least 1 tick");
  EXPECT_EQ(ErrorOf(R"({"version": 1, "types": [{"name": "a", "cost": 1},
                                                  {"name": "a", "cost": 2}]})"),
            "types[1]: type 'a' is repeated");
  EXPECT_EQ(ErrorOf(R"({"version": 1, "types": [{"cost": 1}]})"),
            "types[0]: the name is missing");
  const std::string types = std::string("{") + kTypes;
  EXPECT_EQ(ErrorOf(types + R"(, "hosts": [{"name": "a", "type": "medium"}]})"),
            "hosts[0] ('a'): type 'medium' is not an entry of types");
  EXPECT_EQ(ErrorOf(types + R"(, "hosts": [{"name": "", "type": "fast"}]})"),
            "hosts[0]: the name is empty");
  EXPECT_EQ(
      ErrorOf(types + R"(, "hosts": [{"name": "n[9-1]", "type": "fast"}]})"),
      "hosts[0] ('n[9-1]'): the range's low bound 9 is above its high "
      "bound 1");
  EXPECT_EQ(
      ErrorOf(types + R"(, "hosts": [{"name": "n[01-100]", "type": "fast"}]})"),
      "hosts[0] ('n[01-100]'): with leading zeros both bounds need 2 digits");
  for (const char* name :
       {"n[1-2][3-4]", "n[1-2", "n1-2]", "n[a-b]", "n[1]", "n[-2]",
        "n[1234567890123456789-1234567890123456790]"}) {
    EXPECT_THAT(ErrorOf(types + R"(, "hosts": [{"name": ")" + name +
                        R"(", "type": "fast"}]})"),
                HasSubstr("hosts[0] ('" + std::string(name) + "'): "))
        << name;
  }
}

// Size ranges: bounds, action, costs and tables.
TEST(ClusterFileTest, EachBadSizeRangeNamesItsProblem) {
  EXPECT_EQ(
      ErrorOf(File(R"({"min_bytes": 9, "max_bytes": 8, "action": "mpi"})")),
      "sizes[0]: min_bytes 9 is above max_bytes 8");
  EXPECT_EQ(ErrorOf(File(R"({"min_bytes": 1, "max_bytes": 8})")),
            "sizes[0]: action is missing (\"plan\" or \"mpi\")");
  EXPECT_EQ(
      ErrorOf(File(R"({"min_bytes": 100, "max_bytes": 200, "action": "mpi"},
                            {"min_bytes": 0, "max_bytes": 100, "action": "plan"})")),
      "sizes[0] [100, 200] overlaps sizes[1] [0, 100]");
  EXPECT_EQ(ErrorOf(File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                            "costs": [1]})")),
            "sizes[0]: costs has 1 entries; types has 2");
  EXPECT_EQ(ErrorOf(File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                            "costs": [1, 0]})")),
            "sizes[0]: costs[1] is 0; costs are at least 1 tick");
  EXPECT_EQ(ErrorOf(File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                            "algorithm": "table"})")),
            "sizes[0]: algorithm table needs a table (table_path or "
            "table_data)");
  EXPECT_EQ(ErrorOf(File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                            "table_path": "x", "table_data": [1]})")),
            "sizes[0]: give table_path or table_data, not both");
  EXPECT_THAT(
      ErrorOf(File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                              "table_path": "/nonexistent/t.hct"})")),
      HasSubstr("sizes[0]: table_path: cannot read /nonexistent/t.hct"));
  EXPECT_THAT(ErrorOf(File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                              "table_data": [1, 2, 3, 4, 5, 6, 7, 8]})")),
              HasSubstr("sizes[0]: the table does not open: "));
}

// An "mpi" range may name the MPI library's algorithm (version 3); the
// name is kept as written, and each misuse is refused naming the field.
TEST(ClusterFileTest, MpiAlgorithmIsVersion3sAndOnlyForActionMpi) {
  const std::string v3 = File(R"({"min_bytes": 1, "max_bytes": 8,
      "action": "mpi", "mpi_algorithm": "scatter_allgather_ring"},
      {"min_bytes": 9, "max_bytes": 16, "action": "mpi"})");
  const std::string head = R"("version": 1)";
  std::string text = v3;
  text.replace(text.find(head), head.size(), R"("version": 3)");
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(text, "", &file, &error)) << error;
  ASSERT_EQ(file.sizes.size(), 2u);
  EXPECT_EQ(file.sizes[0].mpi_algorithm, "scatter_allgather_ring");
  EXPECT_EQ(file.sizes[1].mpi_algorithm, "");
  EXPECT_EQ(ErrorOf(v3),
            "sizes[0]: mpi_algorithm is new in version 3; the file says "
            "version 1");
  auto version3 = [&](const std::string& sizes) {
    std::string t = File(sizes);
    return t.replace(t.find(head), head.size(), R"("version": 3)");
  };
  EXPECT_EQ(ErrorOf(version3(R"({"min_bytes": 1, "max_bytes": 8,
                "action": "plan", "mpi_algorithm": "binomial"})")),
            "sizes[0]: mpi_algorithm names the MPI library's algorithm of "
            "action mpi; action is plan");
  EXPECT_EQ(ErrorOf(version3(R"({"min_bytes": 1, "max_bytes": 8,
                "action": "mpi", "mpi_algorithm": ""})")),
            "sizes[0]: mpi_algorithm \"\" is not an algorithm's name (1 to 64 "
            "letters, digits and underscores)");
  EXPECT_EQ(ErrorOf(version3(R"({"min_bytes": 1, "max_bytes": 8,
                "action": "mpi", "mpi_algorithm": "a b"})")),
            "sizes[0]: mpi_algorithm \"a b\" is not an algorithm's name (1 to "
            "64 letters, digits and underscores)");
  EXPECT_THAT(ErrorOf(version3(R"({"min_bytes": 1, "max_bytes": 8,
                "action": "mpi", "mpi_algorithm": ")" +
                               std::string(65, 'a') + R"("})")),
              HasSubstr("is not an algorithm's name"));
}

// Model trees: rates, segments and algorithm, each refusal naming its field.
TEST(ClusterFileTest, EachBadTreesRangeNamesItsProblem) {
  const std::string trees =
      R"({"min_bytes": 1, "max_bytes": 8, "action": "plan", "model": "trees")";
  EXPECT_EQ(ErrorOf(File(trees + R"(, "segment_bytes": 4,
                            "receive_ps_per_byte": [1, 2]})")),
            "sizes[0]: model trees needs send_ps_per_byte with 2 entries (one "
            "per type)");
  EXPECT_EQ(ErrorOf(File(trees + R"(, "segment_bytes": 4,
                            "send_ps_per_byte": [1, 2],
                            "receive_ps_per_byte": [1]})")),
            "sizes[0]: model trees needs receive_ps_per_byte with 2 entries "
            "(one per type)");
  EXPECT_EQ(ErrorOf(File(trees + R"(, "segment_bytes": 4,
                            "send_ps_per_byte": [0, 2],
                            "receive_ps_per_byte": [1, 2]})")),
            "sizes[0]: send_ps_per_byte[0] is 0; it must be 1 .. 2^40 ps per "
            "byte");
  EXPECT_EQ(ErrorOf(File(trees + R"(, "segment_bytes": 4,
                            "send_ps_per_byte": [1, 2],
                            "receive_ps_per_byte": [1, 1099511627777]})")),
            "sizes[0]: receive_ps_per_byte[1] is 1099511627777; it must be 1 "
            ".. 2^40 ps per byte");
  EXPECT_EQ(ErrorOf(File(trees + R"(, "send_ps_per_byte": [1, 2],
                            "receive_ps_per_byte": [1, 2]})")),
            "sizes[0]: model trees needs segment_bytes >= 1");
  EXPECT_EQ(ErrorOf(File(trees + R"(, "algorithm": "fnf", "segment_bytes": 4,
                            "send_ps_per_byte": [1, 2],
                            "receive_ps_per_byte": [1, 2]})")),
            "sizes[0]: model trees plans its own tree; algorithm must be any, "
            "not fnf");
}

// A table by path (from the file's folder) or embedded, checked against
// its hash as the runtime computes it.
TEST(ClusterFileTest, TablesByPathOrBytesMatchTheirHash) {
  const std::string bytes = TestTable();
  ASSERT_FALSE(bytes.empty());
  const uint64_t hash = HashOf(bytes);
  const std::string by_path =
      File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
               "algorithm": "table", "table_path": "test.hct",
               "table_hash": )" +
           std::to_string(hash) + "}");
  ClusterFile file;
  std::string error;
  ASSERT_TRUE(ParseClusterFile(by_path, "tables", &file, &error)) << error;
  ASSERT_NE(file.sizes[0].table, nullptr);
  EXPECT_EQ(hetcast_table_hash(&file.sizes[0].table->table), hash);
  EXPECT_EQ(file.sizes[0].algorithm, HETCAST_ALGORITHM_TABLE);
  // The table's bytes count in the file's hash.
  EXPECT_NE(file.hash, Fnv1a(kFnvOffset, by_path.data(), by_path.size()));
  // As `hetcast inspect` prints it: hexadecimal.
  char hex[32];
  std::snprintf(hex, sizeof(hex), "0x%016llx",
                static_cast<unsigned long long>(hash));
  ASSERT_TRUE(ParseClusterFile(
      File(std::string(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                         "table_path": "test.hct", "table_hash": )") +
           hex + "}"),
      "tables", &file, &error))
      << error;
  std::string data;
  for (unsigned char byte : bytes) {
    data += (data.empty() ? "" : ",") + std::to_string(byte);
  }
  ASSERT_TRUE(ParseClusterFile(
      File(R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
               "table_data": [)" +
           data + "], \"table_hash\": " + std::to_string(hash) + "}"),
      "", &file, &error))
      << error;
  EXPECT_EQ(ErrorOf(File(
                R"({"min_bytes": 1, "max_bytes": 8, "action": "plan",
                            "table_data": [)" +
                data + "], \"table_hash\": " + std::to_string(hash ^ 1) + "}")),
            "sizes[0]: table_hash is " + std::to_string(hash ^ 1) +
                " but the table's hash is " + std::to_string(hash));
}

TEST(ClusterFileTest, ReadClusterFileNamesThePath) {
  ClusterFile file;
  std::string error;
  EXPECT_FALSE(ReadClusterFile("/nonexistent/cluster.json", &file, &error));
  EXPECT_THAT(error, HasSubstr("cannot read /nonexistent/cluster.json"));
  const std::string path = std::string(std::getenv("TEST_TMPDIR")) + "/c.json";
  std::ofstream(path) << R"({"version": 4})";
  EXPECT_FALSE(ReadClusterFile(path, &file, &error));
  EXPECT_EQ(error, path + ": version is 4; this library reads versions 1 to 3");
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
