// names_cli_test.cc: a plan in the user's own names (issue 32): a table's
// type names in every output of `hetcast plan` and `hetcast render`, types
// given by name wherever an index is (flags and request files), and
// `--hosts FILE --source HOST` labelling every output by host (node and
// cluster models). The oracle of each named request is the
// same request by index: the answers must be the same, byte for byte, but
// for the names.
#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/cli/cli_run.h"

namespace {

using ::cli_testing::CliRun;
using ::cli_testing::RunCli;
using ::testing::HasSubstr;
using ::testing::Not;

// tables/test.hct's profile small3 (tables/profiles/small3.json): types
// slow (cost 5), fast (1), medium (3).
const char kTable[] = "tables/test.hct";
const std::vector<std::string> kSmall3 = {"--table", kTable, "--profile",
                                          "small3"};
// tests/testdata/hosts_small3.txt: s1 slow; f1, f2 fast; m1, m2, m3 medium.
const char kHosts[] = "tests/testdata/hosts_small3.txt";

std::vector<std::string> Args(const std::string& command,
                              std::vector<std::string> extra) {
  std::vector<std::string> args = {command};
  args.insert(args.end(), kSmall3.begin(), kSmall3.end());
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

CliRun Ok(const std::vector<std::string>& args) {
  CliRun run = RunCli(args);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  return run;
}

// The JSON with every "host":"..." member taken out.
std::string WithoutHosts(const std::string& json) {
  return std::regex_replace(json, std::regex("\"host\":\"[^\"]*\","), "");
}

// The host file's hosts and their types, read here (not by the tool).
std::map<std::string, std::string> HostTypes(const std::string& path) {
  std::map<std::string, std::string> types;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    std::istringstream fields(line);
    std::string host, type;
    if (fields >> host >> type) types[host] = type;
  }
  return types;
}

// A host file and the flags beside --hosts FILE that `hetcast plan`
// refuses with `message`.
struct HostFileCase {
  std::string file;  // The file's contents.
  std::vector<std::string> extra;
  std::string message;
};

// Each case's file written to `path` and planned with the arguments
// `command` makes of its flags: exit 2, its message, nothing on stdout.
void ExpectHostFilesRefused(
    const std::vector<HostFileCase>& cases, const std::string& path,
    const std::function<std::vector<std::string>(std::vector<std::string>)>&
        command) {
  for (const HostFileCase& c : cases) {
    std::ofstream(path, std::ios::trunc) << c.file;
    std::vector<std::string> args = {"--hosts", path};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const CliRun run = RunCli(command(args));
    EXPECT_EQ(run.exit_code, 2) << c.message;
    EXPECT_EQ(run.err, c.message);
    EXPECT_EQ(run.out, "");
  }
}

// The JSON plan names every host of `group_of` once, each on a node of
// its group (the member `field`, "type" or "cluster", indexing `groups`),
// and `source` on node 0.
void ExpectHostsOnTheirGroups(
    const std::string& json, const std::string& field,
    const std::map<std::string, std::string>& group_of,
    const std::vector<std::string>& groups, const std::string& source) {
  const std::regex node("\"id\":([0-9]+),\"host\":\"([^\"]*)\",\"" + field +
                        "\":([0-9]+)");
  std::map<std::string, int> seen;
  for (std::sregex_iterator it(json.begin(), json.end(), node), end; it != end;
       ++it) {
    const std::string host = (*it)[2];
    ++seen[host];
    ASSERT_EQ(group_of.count(host), 1u) << host;
    EXPECT_EQ(group_of.at(host), groups.at(std::stoul((*it)[3]))) << host;
    if ((*it)[1] == "0") {
      EXPECT_EQ(host, source);
    }
  }
  EXPECT_EQ(seen.size(), group_of.size());
  for (const auto& [host, count] : seen) EXPECT_EQ(count, 1) << host;
}

TEST(CliNames, TypeNamesInTextJsonExplainSvgAndDot) {
  const std::vector<std::string> request = {"--source-type", "1", "--counts",
                                            "1,2,3"};
  std::vector<std::string> args = request;
  args.push_back("--explain");
  const CliRun text = Ok(Args("plan", args));
  EXPECT_THAT(text.out, HasSubstr("0 (source)  fast (type 1)  cost 1"));
  EXPECT_THAT(text.out, HasSubstr("  medium (type 2)  cost 3  arrives "));
  EXPECT_THAT(text.out,
              HasSubstr("because the request (source fast; destinations 1 "
                        "slow, 2 fast and 3 medium) is within the limits"));
  args.insert(args.end(), {"--format", "json"});
  const CliRun json = Ok(Args("plan", args));
  EXPECT_THAT(json.out,
              HasSubstr("\"type_costs\":[5,1,3],"
                        "\"type_names\":[\"slow\",\"fast\",\"medium\"],"));
  EXPECT_THAT(json.out, HasSubstr("request (source fast; destinations"));
  const CliRun svg = Ok(Args("render", request));
  const CliRun dot = Ok(Args(
      "render", {"--source-type", "1", "--counts", "1,2,3", "--to", "dot"}));
  for (const char* legend : {"slow (type 0, cost 5)", "fast (type 1, cost 1)",
                             "medium (type 2, cost 3)"}) {
    EXPECT_THAT(svg.out, HasSubstr(std::string(">") + legend + "<"));
    EXPECT_THAT(dot.out, HasSubstr(std::string("\"") + legend + "\""));
  }
}

TEST(CliNames, TypesByNameAnswerAsTheirIndices) {
  struct Pair {
    std::vector<std::string> by_name, by_index;
  };
  const Pair pairs[] = {
      {{"--source-type", "fast", "--counts", "slow=1,fast=2,medium=3"},
       {"--source-type", "1", "--counts", "1,2,3"}},
      // Order free; types left out are 0.
      {{"--source-type", "medium", "--counts", "fast=4,slow=2"},
       {"--source-type", "2", "--counts", "2,4,0"}},
      {{"--source-type", "slow", "--counts", "medium=1", "--relays", "fast=2"},
       {"--source-type", "0", "--counts", "0,0,1", "--relays", "0,2,0"}},
  };
  for (const Pair& pair : pairs) {
    for (const char* format : {"text", "json"}) {
      std::vector<std::string> named = pair.by_name, indexed = pair.by_index;
      for (auto* args : {&named, &indexed}) {
        args->insert(args->end(), {"--format", format, "--explain"});
      }
      const CliRun a = Ok(Args("plan", named));
      const CliRun b = Ok(Args("plan", indexed));
      EXPECT_EQ(a.out, b.out) << pair.by_name[1] << " " << format;
      EXPECT_EQ(a.err, "");
    }
  }
}

TEST(CliNames, UnknownOrMisplacedNamesAreRefusedWithTheNames) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::string types = "; the types are slow, fast, medium\n";
  const Case cases[] = {
      {Args("plan", {"--source-type", "fsat", "--counts", "1,1,1"}),
       "hetcast plan: --source-type: no type is named 'fsat' (did you mean "
       "'fast'?)" +
           types},
      {Args("plan", {"--source-type", "gpu", "--counts", "1,1,1"}),
       "hetcast plan: --source-type: no type is named 'gpu'" + types},
      {Args("plan", {"--source-type", "fast", "--counts", "fast=1,gpu=2"}),
       "hetcast plan: --counts: no type is named 'gpu'" + types},
      {Args("render", {"--source-type", "0", "--counts", "fast=1,fast=2"}),
       "hetcast render: --counts: type 'fast' is given twice\n"},
      {Args("plan", {"--source-type", "0", "--counts", "fast=1,2"}),
       "hetcast plan: --counts: '2' has no '='; give every entry as "
       "TYPE=COUNT (e.g. slow=3) or none (one count per type, in order)\n"},
      {{"plan", "--costs", "2,3", "--source-type", "fast", "--counts", "1,1"},
       "hetcast plan: --source-type: 'fast' is a type name, but types have "
       "names only in a table's profile (--table); give the type's index\n"},
  };
  for (const Case& c : cases) {
    const CliRun run = RunCli(c.args);
    EXPECT_EQ(run.exit_code, 2) << c.message;
    EXPECT_EQ(run.err, c.message);
    EXPECT_EQ(run.out, "");
  }
}

TEST(CliHosts, EveryOutputIsLabelledByHost) {
  const std::map<std::string, std::string> hosts = HostTypes(kHosts);
  ASSERT_EQ(hosts.size(), 6u);
  const std::vector<std::string> by_hosts = {"--hosts", kHosts, "--source",
                                             "f1"};
  // The same request by index: the source fast (1); s1, f2, m1-m3 as
  // destinations: 1 slow, 1 fast, 3 medium.
  const std::vector<std::string> by_index = {"--source-type", "1", "--counts",
                                             "1,1,3"};
  std::vector<std::string> json_args = by_hosts;
  json_args.insert(json_args.end(), {"--format", "json"});
  const CliRun json = Ok(Args("plan", json_args));
  std::vector<std::string> index_json = by_index;
  index_json.insert(index_json.end(), {"--format", "json"});
  EXPECT_EQ(WithoutHosts(json.out), Ok(Args("plan", index_json)).out);
  // Every host once, on a node of its type, the source first.
  ExpectHostsOnTheirGroups(json.out, "type", hosts, {"slow", "fast", "medium"},
                           "f1");
  // Text, SVG and DOT name each host.
  const CliRun text = Ok(Args("plan", by_hosts));
  EXPECT_THAT(text.out, HasSubstr("\nf1 (source)  fast (type 1)  cost 1"));
  std::vector<std::string> dot_args = by_hosts;
  dot_args.insert(dot_args.end(), {"--to", "dot"});
  const CliRun svg = Ok(Args("render", by_hosts));
  const CliRun dot = Ok(Args("render", dot_args));
  for (const auto& [host, type] : hosts) {
    if (host == "f1") continue;
    EXPECT_THAT(text.out, HasSubstr("-- " + host + "  " + type + " (type "));
    EXPECT_THAT(svg.out, HasSubstr(">" + host + "<"));
    EXPECT_THAT(svg.out, HasSubstr(">\u2192" + host + "<"));
    EXPECT_THAT(dot.out, HasSubstr("[label=\"" + host + "\""));
  }
  EXPECT_THAT(svg.out, HasSubstr(">f1 (source)<"));
  // render --plan reads the hosts back from the JSON.
  const std::string plan = ::testing::TempDir() + "/hosts_plan.json";
  std::ofstream(plan) << json.out;
  EXPECT_EQ(Ok({"render", "--plan", plan}).out, svg.out);
}

TEST(CliHosts, BadHostFilesAreRefusedByName) {
  const std::string path = ::testing::TempDir() + "/hosts.txt";
  const std::string at = "hetcast plan: --hosts: '" + path + "' ";
  const std::vector<HostFileCase> cases = {
      {"a fast\nb gpu\n",
       {"--source", "a"},
       at + "line 2: host 'b': no type is named 'gpu'; the types are slow, "
            "fast, medium\n"},
      {"a fast\nb slow\n\na medium\n",
       {"--source", "a"},
       at + "line 4: host 'a' is already on line 1\n"},
      {"",
       {"--source", "a"},
       at + "lists no host (one line per host: HOST TYPE)\n"},
      {"# only a comment\n\n",
       {"--source", "a"},
       at + "lists no host (one line per host: HOST TYPE)\n"},
      {"a fast\nb slow extra\n",
       {"--source", "a"},
       at + "line 2: expected 'HOST TYPE', got 3 fields\n"},
      {"a fast\n",
       {},
       "hetcast plan: --hosts needs --source HOST: which host of '" + path +
           "' sends\n"},
      {"a fast\nb slow\n",
       {"--source", "c"},
       "hetcast plan: --source: 'c' is not a host of '" + path +
           "' (did you mean 'a'? 2 hosts, the first 'a')\n"},
      {"fast01 fast\nslow01 slow\n",
       {"--source", "slow1"},
       "hetcast plan: --source: 'slow1' is not a host of '" + path +
           "' (did you mean 'slow01'? 2 hosts, the first 'fast01')\n"},
      {"fast01 fast\nslow01 slow\n",
       {"--source", "gpu"},
       "hetcast plan: --source: 'gpu' is not a host of '" + path +
           "' (2 hosts, the first 'fast01')\n"},
      {"a fast\n",
       {"--source", "a", "--counts", "1,1,1"},
       "hetcast plan: --hosts lists every node, the source named by "
       "--source; leave out --counts, --source-type and --relays\n"},
  };
  ExpectHostFilesRefused(cases, path, [](std::vector<std::string> args) {
    return Args("plan", std::move(args));
  });
  // Types have names only in a table.
  const CliRun no_table =
      RunCli({"plan", "--costs", "5,1,3", "--hosts", kHosts, "--source", "f1"});
  EXPECT_EQ(no_table.exit_code, 2);
  EXPECT_EQ(no_table.err,
            "hetcast plan: --hosts names each host's type, and only a table's "
            "profile names types: give --table\n");
  // --source without --hosts (node model).
  const CliRun lone = RunCli(Args("plan", {"--source", "f1"}));
  EXPECT_EQ(lone.exit_code, 2);
  EXPECT_THAT(lone.err, HasSubstr("--source names the sending host of "
                                  "--hosts; give --hosts too"));
}

// --counts counts destinations only: the text says how many nodes that
// makes with the source, and the tree has exactly that many.
TEST(CliNames, TheTextCountsTheSourceApartFromTheDestinations) {
  const CliRun run =
      Ok({"plan", "--costs", "2,3", "--source-type", "1", "--counts", "4,7"});
  EXPECT_THAT(run.out,
              HasSubstr("\nrequest: source type 1; destinations 4 of type 0 "
                        "and 7 of type 1 (11, and the source makes 12 "
                        "nodes)\n"));
  const std::string tree = run.out.substr(run.out.find("tree ("));
  EXPECT_EQ(std::count(tree.begin(), tree.end(), '\n'), 1 + 12);
  const CliRun named = Ok(Args("plan", {"--hosts", kHosts, "--source", "f1"}));
  EXPECT_THAT(named.out,
              HasSubstr("\nrequest: source fast (type 1); destinations 1 "
                        "slow, 1 fast and 3 medium (5, and the source makes "
                        "6 nodes)\n"));
  EXPECT_THAT(named.out, Not(HasSubstr("\n0 (source)")));
}

// The cluster model's clusters by name (--cluster-names, or cluster_names
// in a request file): in the text, the JSON, the SVG legend and the DOT
// boxes; the plan itself is the unnamed one's.
TEST(CliNames, ClusterNamesInEveryOutput) {
  const std::vector<std::string> request = {
      "--model", "cluster", "--cluster-sizes", "3,2,1", "--inter-cost", "4"};
  auto with = [&request](std::vector<std::string> extra) {
    std::vector<std::string> args = {"plan"};
    args.insert(args.end(), request.begin(), request.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const std::vector<std::string> names = {"--cluster-names",
                                          "home,rack-b,edge"};
  const CliRun text = Ok(with(names));
  EXPECT_THAT(text.out, HasSubstr("\n0 (source)  cluster home (0)  arrives 0"));
  EXPECT_THAT(text.out, HasSubstr("  cluster rack-b (1)  arrives "));
  EXPECT_THAT(text.out, HasSubstr("  cluster edge (2)  arrives "));
  std::vector<std::string> json_args = names;
  json_args.insert(json_args.end(), {"--format", "json"});
  const CliRun json = Ok(with(json_args));
  const std::string key = ",\"cluster_names\":[\"home\",\"rack-b\",\"edge\"]";
  EXPECT_THAT(json.out, HasSubstr(key));
  std::string unnamed = json.out;
  unnamed.erase(unnamed.find(key), key.size());
  EXPECT_EQ(unnamed, Ok(with({"--format", "json"})).out);
  // The same names from a request file.
  const std::string file = ::testing::TempDir() + "/cluster_names.json";
  std::ofstream(file) << "{\"cluster_sizes\": [3, 2, 1], \"inter_cost\": 4, "
                         "\"cluster_names\": [\"home\", \"rack-b\", "
                         "\"edge\"]}";
  EXPECT_EQ(
      Ok({"plan", "--model", "cluster", "--input", file, "--format", "json"})
          .out,
      json.out);
  const std::string plan = ::testing::TempDir() + "/cluster_plan.json";
  std::ofstream(plan) << json.out;
  const CliRun svg = Ok({"render", "--plan", plan});
  const CliRun dot = Ok({"render", "--plan", plan, "--to", "dot"});
  for (const char* legend :
       {"home (cluster 0)", "rack-b (cluster 1)", "edge (cluster 2)"}) {
    EXPECT_THAT(svg.out, HasSubstr(std::string(">") + legend + "<"));
    EXPECT_THAT(dot.out, HasSubstr(std::string("label=\"") + legend + "\""));
  }
  // One distinct name per cluster.
  const CliRun few = RunCli(with({"--cluster-names", "a,b"}));
  EXPECT_EQ(few.exit_code, 2);
  EXPECT_EQ(few.err,
            "hetcast plan: --cluster-names has 2 names; give one per cluster "
            "(3)\n");
  const CliRun twice = RunCli(with({"--cluster-names", "a,b,a"}));
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_EQ(twice.err,
            "hetcast plan: --cluster-names: 'a' names two clusters\n");
}

// A request file's types by name (source_type_name, counts_by_name,
// relays_by_name) answer as the flags' names and as the indices.
TEST(CliNames, RequestFilesTakeTypeNames) {
  const std::string file = ::testing::TempDir() + "/by_name.json";
  std::ofstream(file) << R"({"table": ")" << kTable << R"(",
      "profile": "small3", "source_type_name": "slow",
      "counts_by_name": [{"type": "medium", "count": 1},
                         {"type": "fast", "count": 2}],
      "relays_by_name": [{"type": "fast", "count": 2}]})";
  const std::vector<std::string> by_name = {"--source-type", "slow",
                                            "--counts",      "medium=1,fast=2",
                                            "--relays",      "fast=2"};
  const std::vector<std::string> by_index = {
      "--source-type", "0", "--counts", "0,2,1", "--relays", "0,2,0"};
  for (const char* format : {"text", "json"}) {
    const std::vector<std::string> extra = {"--format", format, "--explain"};
    std::vector<std::string> from_file = {"plan", "--input", file};
    from_file.insert(from_file.end(), extra.begin(), extra.end());
    std::vector<std::string> named = by_name, indexed = by_index;
    named.insert(named.end(), extra.begin(), extra.end());
    indexed.insert(indexed.end(), extra.begin(), extra.end());
    const CliRun run = Ok(from_file);
    EXPECT_EQ(run.out, Ok(Args("plan", named)).out) << format;
    EXPECT_EQ(run.out, Ok(Args("plan", indexed)).out) << format;
    EXPECT_THAT(run.out, HasSubstr("source slow; destinations 2 fast and 1 "
                                   "medium; relays, if they help: 2 fast"));
  }
}

TEST(CliNames, RequestFilesWithBadNamesAreRefusedWithTheNames) {
  const std::string head =
      std::string(R"({"table": ")") + kTable + R"(", "profile": "small3", )";
  const std::string types = "; the types are slow, fast, medium\n";
  const std::pair<std::string, std::string> cases[] = {
      {R"("source_type_name": "fsat", "counts": [1, 1, 1]})",
       "hetcast plan: source_type_name: no type is named 'fsat' (did you "
       "mean 'fast'?)" +
           types},
      {R"("counts_by_name": [{"type": "gpu", "count": 1}]})",
       "hetcast plan: counts_by_name: no type is named 'gpu'" + types},
      {R"("relays_by_name": [{"type": "fast", "count": 1},
          {"type": "fast", "count": 2}], "counts": [1, 1, 1]})",
       "hetcast plan: relays_by_name: type 'fast' is given twice\n"},
      {R"("source_type": 1, "source_type_name": "fast", "counts": [1, 1, 1]})",
       "hetcast plan: source_type gives the types by index and "
       "source_type_name by name; give one of them\n"},
      {R"("counts": [1, 1, 1], "counts_by_name": []})",
       "hetcast plan: counts gives the types by index and counts_by_name by "
       "name; give one of them\n"},
      {R"("count_by_name": [{"type": "fast", "count": 1}]})",
       "hetcast plan: node request JSON, line 1: unknown field "
       "'count_by_name'; did you mean 'counts_by_name'? (known fields here: "
       "costs, source_type, counts, relays, node_costs, table, profile, "
       "source_type_name, counts_by_name, relays_by_name)\n"},
      {R"("counts_by_name": [{"type": "fast"}]})",
       "hetcast plan: node request JSON, line 1: counts_by_name[0].count: "
       "missing: every entry of 'counts_by_name' needs 'count', a whole "
       "number from 0 to 18446744073709551615\n"},
  };
  const std::string file = ::testing::TempDir() + "/bad_names.json";
  for (const auto& [fields, message] : cases) {
    std::ofstream(file, std::ios::trunc) << head << fields;
    const CliRun run = RunCli({"plan", "--input", file});
    EXPECT_EQ(run.exit_code, 2) << fields;
    EXPECT_EQ(run.err, message);
    EXPECT_EQ(run.out, "");
  }
}

// tests/testdata/hosts_clusters.txt, read here: each host's cluster, and
// the clusters in the order --model cluster --hosts numbers them without
// --cluster-names (the source's first, then as they first appear).
struct ClusterHosts {
  std::map<std::string, std::string> cluster_of;
  std::vector<std::string> clusters;
};
const char kClusterHosts[] = "tests/testdata/hosts_clusters.txt";

ClusterHosts ReadClusterHosts(const std::string& source) {
  ClusterHosts hosts;
  std::ifstream in(kClusterHosts);
  std::vector<std::string> order;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line.substr(0, line.find('#')));
    std::string host, cluster;
    if (!(fields >> host >> cluster)) continue;
    hosts.cluster_of[host] = cluster;
    if (std::find(order.begin(), order.end(), cluster) == order.end()) {
      order.push_back(cluster);
    }
  }
  hosts.clusters = {hosts.cluster_of[source]};
  for (const std::string& cluster : order) {
    if (cluster != hosts.clusters[0]) hosts.clusters.push_back(cluster);
  }
  return hosts;
}

std::vector<std::string> ClusterPlan(std::vector<std::string> extra) {
  std::vector<std::string> args = {"plan", "--model", "cluster", "--inter-cost",
                                   "4"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// --model cluster --hosts: the plan of the clusters' sizes and names the
// file gives, every output labelled by host and cluster.
TEST(CliHosts, ClusterHostsLabelEveryOutput) {
  const ClusterHosts hosts = ReadClusterHosts("b2");
  ASSERT_EQ(hosts.cluster_of.size(), 6u);
  ASSERT_EQ(hosts.clusters.size(), 3u);
  std::vector<uint64_t> sizes(hosts.clusters.size(), 0);
  for (const auto& [host, cluster] : hosts.cluster_of) {
    sizes[std::find(hosts.clusters.begin(), hosts.clusters.end(), cluster) -
          hosts.clusters.begin()]++;
  }
  std::string size_list, name_list;
  for (size_t c = 0; c < sizes.size(); ++c) {
    size_list += (c == 0 ? "" : ",") + std::to_string(sizes[c]);
    name_list += (c == 0 ? "" : ",") + hosts.clusters[c];
  }
  const std::vector<std::string> by_hosts = {"--hosts", kClusterHosts,
                                             "--source", "b2"};
  std::vector<std::string> json_args = by_hosts;
  json_args.insert(json_args.end(), {"--format", "json", "--explain"});
  const CliRun json = Ok(ClusterPlan(json_args));
  EXPECT_EQ(WithoutHosts(json.out),
            Ok(ClusterPlan({"--cluster-sizes", size_list, "--cluster-names",
                            name_list, "--format", "json", "--explain"}))
                .out);
  // Every host once, on a processor of its cluster, the source first.
  ExpectHostsOnTheirGroups(json.out, "cluster", hosts.cluster_of,
                           hosts.clusters, "b2");
  // The clusters in the order --cluster-names gives (the source's first).
  std::vector<std::string> named = by_hosts;
  named.insert(named.end(),
               {"--cluster-names", "rack-b,edge,rack-a", "--format", "json"});
  EXPECT_THAT(Ok(ClusterPlan(named)).out,
              HasSubstr("\"cluster_names\":[\"rack-b\",\"edge\",\"rack-a\"]"));
  // Text (and --explain), SVG and DOT name each host and cluster.
  std::vector<std::string> text_args = by_hosts;
  text_args.push_back("--explain");
  const CliRun text = Ok(ClusterPlan(text_args));
  EXPECT_THAT(text.out, HasSubstr("\nb2 (source)  cluster rack-b (0)  "
                                  "arrives 0\n"));
  EXPECT_THAT(text.out,
              HasSubstr("cluster model's algorithm for the request (source "
                        "in rack-b; processors 2 in rack-b, 3 in rack-a and "
                        "1 in edge)"));
  std::vector<std::string> render = ClusterPlan(by_hosts);
  render[0] = "render";
  const CliRun svg = Ok(render);
  render.insert(render.end(), {"--to", "dot"});
  const CliRun dot = Ok(render);
  for (const auto& [host, cluster] : hosts.cluster_of) {
    if (host == "b2") continue;
    EXPECT_THAT(text.out, HasSubstr("-- " + host + "  cluster " + cluster));
    EXPECT_THAT(svg.out, HasSubstr(">" + host + "<"));
    EXPECT_THAT(dot.out, HasSubstr("[label=\"" + host + "\""));
  }
  for (size_t c = 0; c < hosts.clusters.size(); ++c) {
    const std::string legend =
        hosts.clusters[c] + " (cluster " + std::to_string(c) + ")";
    EXPECT_THAT(svg.out, HasSubstr(">" + legend + "<"));
  }
  // render --plan reads the hosts and clusters back from the JSON.
  std::vector<std::string> plain = by_hosts;
  plain.insert(plain.end(), {"--format", "json"});
  const std::string plan = ::testing::TempDir() + "/cluster_hosts_plan.json";
  std::ofstream(plan) << Ok(ClusterPlan(plain)).out;
  EXPECT_EQ(Ok({"render", "--plan", plan}).out, svg.out);
}

TEST(CliHosts, BadClusterHostsAreRefusedByName) {
  const std::string path = ::testing::TempDir() + "/cluster_hosts.txt";
  const std::string at = "hetcast plan: --hosts: '" + path + "' ";
  const std::vector<HostFileCase> cases = {
      {"a1 rack-a\nb1 rack-b\n",
       {"--source", "b1", "--cluster-names", "rack-a,rack-b"},
       "hetcast plan: --source: host 'b1' is in cluster 'rack-b', but the "
       "source's cluster is the first: list 'rack-b' first in "
       "--cluster-names\n"},
      {"a1 rack-a\nb1 rack-b\n",
       {"--source", "a1", "--cluster-names", "rack-a,rack-b,spare"},
       "hetcast plan: --cluster-names: cluster 'spare' has no host in '" +
           path + "'; give each cluster a host, or leave it out\n"},
      {"a1 rack-a\nc1 rack-c\n",
       {"--source", "a1", "--cluster-names", "rack-a,rack-b"},
       at + "line 2: host 'c1': no cluster is named 'rack-c' (did you mean "
            "'rack-a'?); the clusters are rack-a, rack-b\n"},
      {"a1 rack-a\nb1\n",
       {"--source", "a1"},
       at + "line 2: expected 'HOST CLUSTER', got 1 field\n"},
      {"a1 rack-a\n",
       {"--source", "a1", "--cluster-names", "x,x"},
       "hetcast plan: --cluster-names: 'x' names two clusters\n"},
      {"a1 rack-a\n",
       {"--source", "a1", "--cluster-sizes", "1"},
       "hetcast plan: --hosts lists every processor by cluster; leave out "
       "--cluster-sizes\n"},
  };
  ExpectHostFilesRefused(cases, path, ClusterPlan);
  const CliRun lone =
      RunCli(ClusterPlan({"--cluster-sizes", "2,1", "--source", "a1"}));
  EXPECT_EQ(lone.exit_code, 2);
  EXPECT_EQ(lone.err,
            "hetcast plan: --source names the sending host of --hosts; give "
            "--hosts too\n");
}

}  // namespace

int main(int argc, char** argv) {
  return cli_testing::CliTestMain(argc, argv, "names_cli_test");
}
