// cli_test.cc: runs the real `hetcast` binary and checks its output and exit
// status, including every class of bad argument.
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/cli/cli_run.h"

namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::StartsWith;

using ::cli_testing::binary_path;
using ::cli_testing::CliRun;
using ::cli_testing::ReadFile;
using ::cli_testing::RunCli;

// The number after the first `"key":` in `json` (0 if none).
unsigned long long JsonNumber(const std::string& json, const std::string& key) {
  const size_t at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return 0;
  return std::strtoull(json.c_str() + at + key.size() + 3, nullptr, 10);
}

std::vector<std::string> Plan(std::vector<std::string> extra) {
  std::vector<std::string> args = {"plan"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(CliPlan, JsonForFigure1) {
  const CliRun run = RunCli(Plan({"--costs", "2,3", "--source-type", "1",
                                  "--counts", "4,7", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_THAT(run.out, StartsWith("{\"model\":\"node\",\"algorithm\":\"fnf\","
                                  "\"exact\":false,\"completion_time\":10,"
                                  "\"lower_bound\":"));
  EXPECT_THAT(run.out, HasSubstr("\"nodes\":[{\"id\":0,\"type\":1,"
                                 "\"arrival\":0,\"parent\":-1"));
  EXPECT_THAT(run.out, HasSubstr("\"transfers\":[{\"from\":0,\"to\":1,"
                                 "\"start\":0,\"arrival\":3}"));
}

// Fig. 1 (costs 2,3; source type 1; 4 + 7 destinations): FNF needs 10,
// the optimum is 9 (exhaustive search, tests/node/node_model_test.cc). With eps
// = 0.1 every type is slow, so the PTAS is the exact DP hung off the source
// and finds 9; the answer carries the guarantee.
TEST(CliPlan, PtasJsonForFigure1) {
  const CliRun run = RunCli(
      Plan({"--costs", "2,3", "--source-type", "1", "--counts", "4,7",
            "--algorithm", "ptas", "--epsilon", "0.1", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_THAT(run.out, StartsWith("{\"model\":\"node\",\"algorithm\":\"ptas\","
                                  "\"exact\":true,\"completion_time\":9,"));
  EXPECT_THAT(run.out, HasSubstr("\"epsilon\":\"0.1\",\"search\":\"bisection\","
                                 "\"guarantee\":1.43,\"ptas_completion\":9,"
                                 "\"fnf_completion\":10,"));
  const CliRun grid = RunCli(
      Plan({"--costs", "2,3", "--source-type", "1", "--counts", "4,7",
            "--algorithm", "ptas", "--search", "grid", "--format", "json"}));
  ASSERT_EQ(grid.exit_code, 0) << grid.err;
  EXPECT_THAT(grid.out, HasSubstr("\"search\":\"grid\",\"guarantee\":1.58,"));
  EXPECT_THAT(run.out, HasSubstr("\"nodes\":[{\"id\":0,\"type\":1,"));
}

TEST(CliPlan, PtasFromPerNodeCosts) {
  // Source cost 3, destinations 2,2,2,2,3,3,3,3,3,3,3: Fig. 1 again.
  const CliRun run = RunCli(Plan({"--node-costs", "3,2,2,2,2,3,3,3,3,3,3,3",
                                  "--algorithm", "ptas", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\"completion_time\":9,"));
  EXPECT_THAT(run.out, HasSubstr("\"type_costs\":[2,3],"));
  const CliRun fnf = RunCli(Plan({"--node-costs", "3,2,2,2,2,3,3,3,3,3,3,3"}));
  ASSERT_EQ(fnf.exit_code, 0) << fnf.err;
  EXPECT_THAT(fnf.out, HasSubstr("completion time: 10"));
}

TEST(CliPlanTable, PtasTableSaysApproximateWithItsGuarantee) {
  const std::string out = ::testing::TempDir() + "/many5.hct";
  const CliRun gen =
      RunCli({"gen", "--profile", "tables/profiles/many5.json", "--out", out,
              "--method", "ptas", "--epsilon", "0.25"});
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  EXPECT_EQ(ReadFile(out), ReadFile("tables/ptas_test.hct"));  // Same bytes.
  const CliRun inspect = RunCli({"inspect", out});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  EXPECT_THAT(inspect.out,
              HasSubstr("profile 'many5': approximate: PTAS of Khuller & Kim, "
                        "eps 1/4, every answer within 2.19 x optimal"));
  EXPECT_THAT(inspect.out, HasSubstr("bytes of stored schedules and bounds"));
  const CliRun plan =
      RunCli(Plan({"--table", out, "--source-type", "4", "--counts",
                   "3,3,2,2,2", "--format", "json"}));
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  // A PTAS answer is approximate by construction; it says exact only when
  // its lower bound proves it optimal (the node model's prefix search can).
  EXPECT_THAT(plan.out, StartsWith("{\"model\":\"node\",\"algorithm\":"
                                   "\"table\",\"exact\":"));
  const bool proven = JsonNumber(plan.out, "lower_bound") ==
                      JsonNumber(plan.out, "completion_time");
  EXPECT_THAT(plan.out,
              HasSubstr(proven ? "\"exact\":true," : "\"exact\":false,"));
  EXPECT_THAT(plan.out, HasSubstr("\"method\":\"ptas\",\"epsilon\":\"1/4\","
                                  "\"guarantee\":2.19,"));
  const CliRun bad = RunCli({"gen", "--profile", "tables/profiles/many5.json",
                             "--out", out, "--method", "guess"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--method: 'guess' is not one of auto, exact, "
                                 "ptas"));
  const CliRun negative =
      RunCli({"gen", "--profile", "tables/profiles/many5.json", "--out", out,
              "--threads", "-1"});
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_EQ(negative.err,
            "hetcast gen: --threads: -1 is negative; give 0 (every core) or a "
            "number of worker threads from 1\n");
}

// The node model's limit counts every node, the source too (docs/limits.md,
// "Node model"): 10^7 nodes in all are planned, one more is refused. Relays of
// the destination's cost cannot help (runtime/node/relays.h), so the plan
// at the limit is the source's one send.
TEST(CliPlan, TheNodeLimitCountsTheSource) {
  const CliRun at_limit = RunCli({"plan", "--costs", "2", "--counts", "1",
                                  "--relays", "9999998", "--format", "json"});
  EXPECT_EQ(at_limit.exit_code, 0) << at_limit.err;
  EXPECT_THAT(at_limit.out,
              HasSubstr(R"("transfers":[{"from":0,"to":1,"start":0,)"));
  const CliRun over = RunCli({"plan", "--costs", "2", "--counts", "1",
                              "--relays", "9999999", "--format", "json"});
  EXPECT_EQ(over.exit_code, 2);
  EXPECT_THAT(over.err, HasSubstr("--counts/--relays: 10000001 nodes in "
                                  "total; the CLI plans at most 10000000"));
}

TEST(CliPlan, TextTreeAndEqualsSyntax) {
  const CliRun run = RunCli(
      Plan({"--costs=2,3", "--source_type=1", "--counts=4,7", "--relays=0,2"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("completion time: 10"));
  EXPECT_THAT(run.out, HasSubstr("0 (source)  type 1  cost 3  arrives 0"));
  EXPECT_THAT(run.out, HasSubstr("`-- "));
}

// ---------------------------------------------------------------------------
// Tables: gen, inspect, plan --table. Paths are runfiles (tests/BUILD data).

const char kTestTable[] = "tables/test.hct";
const char kFig1Profile[] = "tables/profiles/fig1.json";
const char kSmall3Profile[] = "tables/profiles/small3.json";

TEST(CliGen, ReproducesTheBuildsTableByteForByte) {
  const std::string out = ::testing::TempDir() + "/gen.hct";
  const CliRun run =
      RunCli({"gen", "--profile",
              std::string(kFig1Profile) + "," + kSmall3Profile, "--out", out});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  const std::string generated = ReadFile(out);
  ASSERT_FALSE(generated.empty());
  // One summary line on stderr: profiles, states (prod(limit + 1): fig1
  // 8 x 8, small3 4 x 5 x 4), the file's size, the time.
  EXPECT_THAT(run.err,
              StartsWith("hetcast gen: wrote " + out + " (" +
                         std::to_string(generated.size()) +
                         " bytes): 2 profiles: fig1 (exact, 64 states), "
                         "small3 (exact, 80 states) in "));
  EXPECT_THAT(run.err, EndsWith(" s\n"));
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1);
  // The same profiles give the same bytes as tables/BUILD's genrule did.
  EXPECT_EQ(generated, ReadFile(kTestTable));
  const CliRun again = RunCli({"gen", "--profile",
                               std::string(kFig1Profile) + "," + kSmall3Profile,
                               "--out", out, "--threads", "1"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(ReadFile(out), generated);
}

// Files are untrusted: only regular files are read, without blocking on a
// FIFO, and `gen --out` never replaces what is not a regular file
// (issue 15, items 3 and 7).
TEST(CliFiles, OnlyRegularFilesAreReadOrReplaced) {
  for (const char* device : {"/dev/zero", "/dev/null"}) {
    const CliRun run = RunCli({"inspect", device});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_THAT(run.err, HasSubstr("is not a regular file")) << device;
  }
  const std::string fifo = ::testing::TempDir() + "/table.fifo";
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const CliRun from_fifo = RunCli({"inspect", fifo});  // Must not block.
  EXPECT_EQ(from_fifo.exit_code, 2);
  EXPECT_THAT(from_fifo.err, HasSubstr("is not a regular file"));

  struct stat before;
  ASSERT_EQ(stat("/dev/null", &before), 0);
  const std::string dir = ::testing::TempDir() + "/out_dir";
  mkdir(dir.c_str(), 0700);
  for (const std::string& out : {std::string("/dev/null"), dir, fifo}) {
    const CliRun run = RunCli({"gen", "--profile", kFig1Profile, "--out", out});
    EXPECT_EQ(run.exit_code, 2) << out;
    EXPECT_THAT(run.err, HasSubstr("is not a regular file")) << out;
  }
  struct stat after;
  ASSERT_EQ(stat("/dev/null", &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode));
  EXPECT_EQ(after.st_rdev, before.st_rdev);
  // A run that cannot write leaves nothing behind.
  const std::string missing = ::testing::TempDir() + "/no/such/dir/t.hct";
  const CliRun failed =
      RunCli({"gen", "--profile", kFig1Profile, "--out", missing});
  EXPECT_NE(failed.exit_code, 0);
  EXPECT_THAT(failed.err, HasSubstr("--out: cannot create a file beside"));
}

// Names from files are escaped by the JSON library (issue 15, item 8: a
// profile named a"b\c gave invalid JSON); bytes that are not UTF-8 become
// U+FFFD. tests/cli/json_schema_test.sh parses and validates these.
TEST(CliJson, NamesAreEscaped) {
  const std::string table = ::testing::TempDir() + "/quote.hct";
  const CliRun gen =
      RunCli({"gen", "--profile", "tests/testdata/quote_profile.json", "--out",
              table});
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const CliRun plan = RunCli(Plan({"--table", table, "--source-type", "0",
                                   "--counts", "2,2", "--format", "json"}));
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  EXPECT_THAT(plan.out, HasSubstr("\"profile\":\"a\\\"b\\\\c\","));
  const CliRun tick =
      RunCli(Plan({"--model", "nonblocking", "--input",
                   "tests/testdata/nb_tick_quote.json", "--format", "json"}));
  ASSERT_EQ(tick.exit_code, 0) << tick.err;
  EXPECT_THAT(tick.out, HasSubstr("\"tick\":\"p\\\"s\\\\\","));
  const std::string odd = ::testing::TempDir() + "/t\xff.hct";
  std::ofstream(odd) << ReadFile(kTestTable);
  const CliRun inspect =
      RunCli({"inspect", odd, "--format", "json", "--fnf-stats=false"});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  EXPECT_THAT(inspect.out, HasSubstr("/t\\uFFFD.hct\","));
}

// --explain: which algorithm answered and why, the guarantee with its
// source, the lower bound and the gap, from the planner's typed answer.
TEST(CliExplain, SaysWhyAndHowFar) {
  const CliRun fnf = RunCli(Plan({"--costs", "2,3", "--source-type", "1",
                                  "--counts", "4,7", "--explain"}));
  ASSERT_EQ(fnf.exit_code, 0) << fnf.err;
  EXPECT_THAT(fnf.out, HasSubstr("explain: Algorithm fnf answered because no "
                                 "table was given"));
  EXPECT_THAT(fnf.out, HasSubstr("completion <= 3/2 OPT (Khuller & Kim "
                                 "Corollary 4.1"));
  // FNF's 10 against the doubling bound's 9 (JsonForFigure1).
  EXPECT_THAT(fnf.out, HasSubstr("Completion 10 ticks; lower bound 9"));
  // The certified gap, 1/9 of the bound, in hundredths of a percent
  // rounded up: ceil(10000 / 9) = 1112.
  const uint64_t hundredths = (10000 + 9 - 1) / 9;
  const std::string percent = std::to_string(hundredths / 100) + "." +
                              std::to_string(hundredths % 100 / 10) +
                              std::to_string(hundredths % 10) + "%";
  EXPECT_THAT(fnf.out, HasSubstr("gap 1 tick (certified: at most " + percent +
                                 " above the optimum)."));
  const CliRun table =
      RunCli(Plan({"--table", kTestTable, "--source-type", "1", "--counts",
                   "4,7", "--format", "json", "--explain"}));
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("\"explain\":{\"choice\":\"table\","));
  EXPECT_THAT(table.out, HasSubstr("\"guarantee_factor\":\"1/1\","));
  EXPECT_THAT(table.out, HasSubstr("\"gap\":0,"));
  EXPECT_THAT(table.out, HasSubstr("\"gap_percent\":\"0.00%\","));
  const CliRun outside =
      RunCli(Plan({"--table", kTestTable, "--source-type", "1", "--counts",
                   "4,8", "--format", "json", "--explain"}));
  EXPECT_THAT(outside.out, HasSubstr("\"choice\":\"outside_table\""));
  const CliRun pinned = RunCli(Plan(
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "4", "--algorithm", "flat", "--explain", "--format", "json"}));
  EXPECT_THAT(pinned.out, HasSubstr("\"choice\":\"pinned\""));
  EXPECT_THAT(pinned.out, HasSubstr("\"guarantee\":\"none\""));
  const CliRun lcf =
      RunCli(Plan({"--model", "cluster", "--cluster-sizes", "8,5,5,3,1",
                   "--inter-cost", "4", "--explain"}));
  EXPECT_THAT(lcf.out, HasSubstr("completion <= 2/1 OPT + 7 (Khuller, Kim & "
                                 "Wan Theorem 3.3)"));
}

// How often `needle` occurs in `text`.
size_t Count(const std::string& text, const std::string& needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

// The Gantt chart has a bar (with a tooltip) per transfer and a row per
// node; DOT has an edge per transfer; a plan's JSON on stdin draws the same
// picture as planning from the flags.
TEST(CliRender, OneBarAndOneEdgePerTransfer) {
  const std::vector<std::string> fig1 = {"--costs", "2,3",      "--source-type",
                                         "1",       "--counts", "4,7"};
  std::vector<std::string> args = {"render"};
  args.insert(args.end(), fig1.begin(), fig1.end());
  const CliRun svg = RunCli(args);
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_THAT(svg.out, StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  // 12 nodes, 11 transfers (JsonForFigure1), completion 10, bound 9.
  EXPECT_EQ(Count(svg.out, "<title>"), 11u);
  EXPECT_THAT(svg.out, HasSubstr(">completion 10</text>"));
  EXPECT_THAT(svg.out, HasSubstr(">lower bound 9 (doubling)</text>"));
  EXPECT_THAT(svg.out, HasSubstr(">type 1 (cost 3)</text>"));
  args.insert(args.end(), {"--to", "dot"});
  const CliRun dot = RunCli(args);
  ASSERT_EQ(dot.exit_code, 0) << dot.err;
  EXPECT_THAT(dot.out, HasSubstr("digraph hetcast {"));
  EXPECT_EQ(Count(dot.out, " -> "), 11u);
  EXPECT_THAT(dot.out, HasSubstr("n0 -> n1 [label=\"\u21921 [0, 3)\""));

  const std::string plan_file = ::testing::TempDir() + "/fig1_plan.json";
  std::vector<std::string> plan_args = Plan(fig1);
  plan_args.insert(plan_args.end(), {"--format", "json"});
  const CliRun plan = RunCli(plan_args);
  std::ofstream(plan_file) << plan.out;
  const std::string command = "'" + *binary_path + "' render --plan - <'" +
                              plan_file + "' >'" + plan_file + ".svg'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(ReadFile(plan_file + ".svg"), svg.out);
}

TEST(CliRender, EveryModelAndCollapsedRows) {
  const CliRun nb =
      RunCli({"render", "--model", "nonblocking", "--input",
              "tests/testdata/nonblocking_request.json", "--to", "dot"});
  ASSERT_EQ(nb.exit_code, 0) << nb.err;
  // Five deliveries: message 0 to three nodes, message 1 to two.
  EXPECT_EQ(Count(nb.out, " -> "), 5u);
  EXPECT_THAT(nb.out, HasSubstr("message from node 3"));
  const CliRun graph = RunCli({"render", "--model", "graph", "--platform",
                               "tests/testdata/graph/fig5_star.json"});
  ASSERT_EQ(graph.exit_code, 0) << graph.err;
  EXPECT_THAT(graph.out, HasSubstr(">period 4</text>"));
  const CliRun cluster =
      RunCli({"render", "--model", "cluster", "--cluster-sizes", "8,5,5,3,1",
              "--inter-cost", "4", "--to", "dot"});
  ASSERT_EQ(cluster.exit_code, 0) << cluster.err;
  EXPECT_EQ(Count(cluster.out, "subgraph cluster_"), 5u);
  EXPECT_EQ(Count(cluster.out, " -> "), 21u);  // 22 processors.
  // 901 nodes: one row per type, and a note.
  const CliRun big =
      RunCli({"render", "--costs", "2,3,5", "--counts", "300,300,300"});
  ASSERT_EQ(big.exit_code, 0) << big.err;
  EXPECT_THAT(big.out, HasSubstr("901 nodes: more than 300 rows"));
  EXPECT_THAT(big.out, HasSubstr(">type 2 (cost 5)</text>"));
  EXPECT_THAT(big.out, HasSubstr(">300 nodes</text>"));
  // Merged spans and at most 100 histogram bins per type, not a bar per
  // send: the picture stays small.
  EXPECT_LT(Count(big.out, "<rect"), 3 * 100 + 20u);
  const CliRun bad = RunCli({"render", "--plan", "-", "--costs", "2"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("leave out --costs"));
  const CliRun not_plan = RunCli({"render", "--plan", kFig1Profile});
  EXPECT_EQ(not_plan.exit_code, 2);
  EXPECT_THAT(not_plan.err,
              HasSubstr("--plan is not the JSON of hetcast plan"));
}

// A request whose messages have no destinations has nothing to deliver:
// an empty plan, complete at 0, not "planning failed" (empty output arrays
// are passed as NULL).
TEST(CliNonblocking, NoDestinationsIsAnEmptyPlan) {
  const CliRun run = RunCli(
      Plan({"--model", "nonblocking", "--input",
            "tests/testdata/nb_no_destinations.json", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\"completion_time\":0,"));
  EXPECT_THAT(run.out, HasSubstr("\"transfers\":[]"));
}

// A failed write to stdout exits 1 and says so on stderr (issue 15, item
// 11; it exited 1 with nothing on stderr).
TEST(CliFiles, AFailedWriteToStdoutIsReported) {
  const std::string err_path = ::testing::TempDir() + "/full_err.txt";
  const std::string command = "'" + *binary_path +
                              "' plan --costs 2,3 --counts 4,7 >/dev/full 2>'" +
                              err_path + "'";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_THAT(ReadFile(err_path), HasSubstr("cannot write the output"));
}

TEST(CliInspect, DescribesEveryProfile) {
  const CliRun run = RunCli({"inspect", kTestTable});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("2 profile(s), 368 states"));
  // The table's identity, FNV-1a 64 of its bytes, computed here on its own.
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char byte : ReadFile(kTestTable)) {
    hash = (hash ^ byte) * 1099511628211ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx",
                static_cast<unsigned long long>(hash));
  EXPECT_THAT(run.out, HasSubstr(std::string("content hash ") + hex));
  EXPECT_THAT(run.out, HasSubstr("bytes per state"));
  EXPECT_THAT(run.out, HasSubstr("profile 'fig1': exact"));
  EXPECT_THAT(run.out, HasSubstr("type 1 'slow': cost 3, limit 7"));
  EXPECT_THAT(run.out, HasSubstr("dimensions: 2 x 8 x 8"));
  EXPECT_THAT(run.out, HasSubstr("profile 'small3'"));
  EXPECT_THAT(run.out, HasSubstr("FNF vs optimal: FNF is suboptimal on"));
  const CliRun embedded = RunCli({"inspect", "@default", "--fnf-stats=false"});
  ASSERT_EQ(embedded.exit_code, 0) << embedded.err;
  EXPECT_THAT(embedded.out, HasSubstr("profile 'default'"));
  EXPECT_THAT(embedded.out, ::testing::Not(HasSubstr("FNF vs optimal")));
}

// FNF's statistics once planned every state: on a one-type table of limit
// 2^20 that is 5.5 * 10^11 nodes, hours, far past this test's timeout. They
// now compare a deterministic sample of count vectors and say so.
TEST(CliInspect, FnfStatisticsOfAHugeProfileAreASample) {
  const std::string profile = ::testing::TempDir() + "/one_type.json";
  std::ofstream(profile)
      << R"({"name": "one", "types": [{"name": "a", "cost": 3, )"
      << R"("limit": 1048576}]})";
  const std::string table = ::testing::TempDir() + "/one_type.hct";
  const CliRun gen = RunCli({"gen", "--profile", profile, "--out", table});
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  const CliRun run = RunCli({"inspect", table});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("FNF vs optimal: FNF is suboptimal on 0 of"));
  EXPECT_THAT(run.out, HasSubstr("of the 1048577 count vectors"));
  // A small profile is still compared on every state: fig1 in test.hct has
  // 2 source types x 8 x 8 count vectors.
  const CliRun small = RunCli({"inspect", kTestTable});
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_THAT(small.out, HasSubstr(" of 128 states ("));
  EXPECT_THAT(small.out, ::testing::Not(HasSubstr("a sample")));
}

TEST(CliPlanTable, Figure1FromTheTableIsExactNine) {
  const CliRun run =
      RunCli(Plan({"--table", kTestTable, "--profile", "fig1", "--source-type",
                   "1", "--counts", "4,7", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, StartsWith("{\"model\":\"node\",\"algorithm\":\"table\","
                                  "\"exact\":true,\"completion_time\":9,"
                                  "\"lower_bound\":9,"));
  // The first profile is the default, and matching --costs are accepted.
  const CliRun first = RunCli(Plan({"--table", kTestTable, "--costs", "2,3",
                                    "--source-type", "1", "--counts", "4,7"}));
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_THAT(first.out, HasSubstr("algorithm: table    exact: yes"));
  EXPECT_THAT(first.out, HasSubstr("completion time: 9"));
}

TEST(CliPlanTable, OutsideTheTableFallsBackToFnfAndSaysSo) {
  const CliRun run = RunCli(Plan({"--table", kTestTable, "--source-type", "1",
                                  "--counts", "4,8", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\"algorithm\":\"fnf-outside-table\""));
  const CliRun text = RunCli(
      Plan({"--table", kTestTable, "--source-type", "1", "--counts", "4,8"}));
  EXPECT_THAT(text.out, HasSubstr("outside the table"));
}

TEST(CliCluster, LcfJsonAndText) {
  const CliRun run =
      RunCli(Plan({"--model", "cluster", "--cluster-sizes", "8,5,5,3,1",
                   "--inter-cost", "4", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, StartsWith("{\"model\":\"cluster\",\"algorithm\":"
                                  "\"lcf\","));
  EXPECT_THAT(run.out, HasSubstr("{\"id\":0,\"cluster\":0,\"arrival\":0,"
                                 "\"parent\":-1}"));
  const CliRun text =
      RunCli(Plan({"--model", "cluster", "--cluster-sizes", "8,5,5,3,1",
                   "--inter-cost", "4", "--algorithm", "flat"}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("model: cluster    algorithm: flat"));
  EXPECT_THAT(text.out, HasSubstr("0 (source)  cluster 0  arrives 0"));
  const CliRun degree = RunCli(Plan(
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "4", "--algorithm", "bounded-degree", "--degrees", "2,1,1,1,1"}));
  ASSERT_EQ(degree.exit_code, 0) << degree.err;
  EXPECT_THAT(degree.out, HasSubstr("algorithm: lcf"));
  const CliRun postal = RunCli(Plan(
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "4", "--postal", "--algorithm", "interleaved", "--format", "json"}));
  ASSERT_EQ(postal.exit_code, 0) << postal.err;
  EXPECT_THAT(postal.out, HasSubstr("\"algorithm\":\"interleaved\""));
  const CliRun eager = RunCli(Plan(
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "4", "--postal", "--algorithm", "eager", "--format", "json"}));
  ASSERT_EQ(eager.exit_code, 0) << eager.err;
  EXPECT_THAT(eager.out, HasSubstr("\"algorithm\":\"eager\""));
  const CliRun multicast = RunCli(Plan(
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "4", "--members", "8,2,0,3,1", "--format", "json"}));
  ASSERT_EQ(multicast.exit_code, 0) << multicast.err;
  EXPECT_THAT(multicast.out, HasSubstr("\"member\":true"));
}

// A well-formed request past a size limit says which limit: 10^6 nodes once
// failed FlatBuffers' default table limit as "not a Request object".
TEST(CliNonblocking, TooManyNodesNamesTheLimit) {
  const std::string path = ::testing::TempDir() + "/million_nodes.json";
  {
    std::ofstream out(path);
    out << R"({"tick": "ns", "nodes": [)";
    for (int v = 0; v < 1000000; ++v) {
      // Empty nodes: 10^6 of them stay under the 16 MiB JSON limit.
      out << (v == 0 ? "{}" : ",{}");
    }
    out << R"(], "uniform_link_per_byte": 1, "messages": [{"source": 0, )"
        << R"("length": 1, "destinations": [1]}]})";
  }
  const CliRun run =
      RunCli({"plan", "--model", "nonblocking", "--input", path});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err,
              HasSubstr("nodes: 1000000 nodes; the CLI's n x n link matrix "
                        "holds at most HETCAST_NONBLOCKING_MAX_CELLS (2^24) "
                        "entries, 4,096 nodes"));
}

TEST(CliNonblocking, PlansAJsonRequest) {
  const CliRun run = RunCli(Plan({"--model", "nonblocking", "--input",
                                  "tests/testdata/nonblocking_request.json",
                                  "--algorithm", "wrp", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, StartsWith("{\"model\":\"nonblocking\",\"algorithm\":"
                                  "\"wrp\","));
  EXPECT_THAT(run.out, HasSubstr("\"receive_start\":"));
  EXPECT_THAT(run.out, HasSubstr("\"source\":3"));
  for (const char* algorithm : {"fef", "ecf", "wr", "critical-first"}) {
    const CliRun other = RunCli(Plan({"--model", "nonblocking", "--input",
                                      "tests/testdata/nonblocking_request.json",
                                      "--algorithm", algorithm}));
    ASSERT_EQ(other.exit_code, 0) << other.err;
    EXPECT_THAT(other.out, HasSubstr("completion time:"));
  }
  const CliRun critical =
      RunCli(Plan({"--model", "nonblocking", "--input",
                   "tests/testdata/nonblocking_request.json", "--algorithm",
                   "critical-first", "--format", "json"}));
  ASSERT_EQ(critical.exit_code, 0) << critical.err;
  EXPECT_THAT(critical.out, HasSubstr("\"algorithm\":\"critical-first\""));
}

// ---------------------------------------------------------------------------
// Platform graphs (pipelined multicast, MCPH).

std::string GraphFile(const std::string& name) {
  return "tests/testdata/graph/" + name;
}

// §3's platform (costs x10): MCPH's tree sends 15 ticks per message from the
// source (mcph_test.cc, Section3NoSingleTreeReachesThroughputOne).
TEST(CliGraph, JsonHasExactFractionsAndNames) {
  const CliRun run =
      RunCli(Plan({"--model", "graph", "--platform",
                   GraphFile("fig1_example.json"), "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_THAT(run.out,
              StartsWith("{\"model\":\"graph\",\"algorithm\":\"mcph\","
                         "\"exact\":false,\"period_per_message\":\"15/1\","
                         "\"throughput\":\"1/15\",\"lower_bound\":\"5/1\","
                         "\"lower_bound_kind\":\"graph_ports\","
                         "\"mcph_update\":\"prose\",\"source\":\"s\","
                         "\"bottleneck\":\"s\",\"pruned\":[],"));
  // The source has no parent: the member is left out.
  EXPECT_THAT(run.out, HasSubstr("{\"id\":0,\"name\":\"s\",\"role\":"
                                 "\"source\",\"send_load\":15}"));
  // Edges in the order MCPH added them: P7's path first (bottleneck 10
  // through P3, whose edge costs 5).
  EXPECT_THAT(run.out, HasSubstr("\"trees\":[{\"throughput\":\"1/15\","
                                 "\"edges\":[{\"from\":\"s\",\"to\":"
                                 "\"P3\"},{\"from\":\"P3\",\"to\":\"P2\"}"));
  EXPECT_THAT(run.out, HasSubstr("\"schedule\":{\"period\":15,\"messages\":1,"
                                 "\"parts\":1,\"slots\":[{\"start\":0,"
                                 "\"duration\":10,\"from\":\"s\",\"to\":"
                                 "\"P1\",\"tree\":0,\"amount\":1}"));
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1) << "one line";
}

// Fig. 5's star (costs x4): optimal, and the port bound proves it.
TEST(CliGraph, TextShowsTheTreeByNameAndTheSlots) {
  const CliRun run =
      RunCli(Plan({"--model", "graph", "--platform",
                   GraphFile("fig5_star.json"), "--algorithm", "mcph"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_THAT(run.out, StartsWith("model: graph    algorithm: mcph    exact: "
                                  "yes\nperiod per message: 4/1 ticks\n"
                                  "throughput: 1/4 messages per tick\n"
                                  "lower bound: 4/1 (one-port:"));
  EXPECT_THAT(run.out, HasSubstr("s (source)  load 4\n"
                                 "`-- r (relay)  edge cost 4  load 4\n"
                                 "    |-- t1 (target)  edge cost 1\n"));
  EXPECT_THAT(run.out, HasSubstr("    `-- t4 (target)  edge cost 1\n"));
  EXPECT_THAT(run.out, HasSubstr("  [0, 4)  s -> r\n"));
  EXPECT_THAT(run.out, HasSubstr("  [3, 4)  r -> t4\n"));
}

TEST(CliGraph, PrunedNodesAreNotedOnStderr) {
  const CliRun run =
      RunCli(Plan({"--model", "graph", "--platform",
                   GraphFile("small_pruned.json"), "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err,
            "hetcast plan: note: pruned 2 nodes the source cannot reach: "
            "lonely, island\n");
  EXPECT_THAT(run.out, HasSubstr("\"pruned\":[\"lonely\",\"island\"]"));
  EXPECT_THAT(run.out, HasSubstr("\"period_per_message\":\"8/1\""));
}

TEST(CliGraph, SourceAndTargetsFromFlagsReplaceTheFiles) {
  const CliRun run = RunCli(
      Plan({"--model", "graph", "--platform", GraphFile("small_pruned.json"),
            "--source", "a", "--targets", "b", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\"source\":\"a\""));
  EXPECT_THAT(run.out, HasSubstr("\"period_per_message\":\"2/1\""));
  EXPECT_THAT(run.out, HasSubstr("\"pruned\":[\"lonely\",\"s\",\"c\","
                                 "\"island\"]"));
  EXPECT_THAT(run.err, HasSubstr("pruned 4 nodes"));
}

// SimGrid XML: simgrid_star.xml's comment derives each edge's cost from
// ceil((latency + bytes / bandwidth) / tick); the tree shows the costs of
// the edges it uses.
TEST(CliGraph, ImportsSimgridXml) {
  const CliRun run =
      RunCli(Plan({"--model", "graph", "--platform-xml",
                   GraphFile("simgrid_star.xml"), "--message-bytes", "1000000",
                   "--tick", "1us", "--source", "s", "--targets", "t1,t2,t3"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("r (relay)  edge cost 850"));
  EXPECT_THAT(run.out, HasSubstr("t1 (target)  edge cost 8100"));
  EXPECT_THAT(run.out, HasSubstr("t3 (target)  edge cost 80200"));
}

TEST(CliGraph, RefusesSimgridXmlOutsideTheSubset) {
  const std::string path = ::testing::TempDir() + "/cluster.xml";
  {
    std::ofstream file(path);
    file << "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">"
            "\n<cluster id=\"c\"/>\n</zone></platform>\n";
  }
  const std::vector<std::string> base = {
      "--model", "graph", "--platform-xml", path, "--message-bytes", "1",
      "--tick",  "1s",    "--source",       "a",  "--targets",       "b"};
  const CliRun run = RunCli(Plan(base));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, HasSubstr(path + ": line 3: <cluster> inside <zone> "
                                        "is not in the supported subset"));
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1);
  const CliRun no_tick = RunCli(
      Plan({"--model", "graph", "--platform-xml", GraphFile("simgrid_star.xml"),
            "--message-bytes", "10", "--source", "s", "--targets", "t1"}));
  EXPECT_EQ(no_tick.exit_code, 2);
  EXPECT_THAT(no_tick.err, HasSubstr("--tick: '' is not a time"));
  const CliRun both =
      RunCli(Plan({"--model", "graph", "--platform",
                   GraphFile("fig5_star.json"), "--tick", "1us"}));
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_THAT(both.err, HasSubstr("only with --platform-xml"));
}

// The two readings of Fig. 9's cost update (mcph_test.cc,
// LiteralUpdateDoubleCounts).
TEST(CliGraph, McphUpdateSelectsTheReading) {
  const std::vector<std::string> args = {
      "--model",  "graph", "--platform", GraphFile("literal_update.json"),
      "--format", "json"};
  const CliRun prose = RunCli(Plan(args));
  ASSERT_EQ(prose.exit_code, 0) << prose.err;
  EXPECT_THAT(prose.out, HasSubstr("\"period_per_message\":\"6/1\""));
  std::vector<std::string> literal_args = args;
  literal_args.insert(literal_args.end(), {"--mcph-update", "literal"});
  const CliRun literal = RunCli(Plan(literal_args));
  ASSERT_EQ(literal.exit_code, 0) << literal.err;
  EXPECT_THAT(literal.out, HasSubstr("\"period_per_message\":\"7/1\","));
  EXPECT_THAT(literal.out, HasSubstr("\"mcph_update\":\"literal\""));
}

// ---------------------------------------------------------------------------
// Help: every subcommand explains itself, and its examples run.

// The subcommands (plan per model) as `--help` is asked for them.
const std::vector<std::vector<std::string>> kHelpAsked = {
    {"plan"},
    {"plan", "--model", "cluster"},
    {"plan", "--model=nonblocking"},
    {"plan", "--model", "graph"},
    {"gen"},
    {"inspect"},
    {"render"},
    {"render", "--model", "nonblocking"},
};

TEST(CliHelp, OverviewNamesEveryCommandAndTheExitStatuses) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"help"}, {"--help"}}) {
    const CliRun run = RunCli(args);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    for (const char* command : {"plan", "render", "gen", "inspect", "help"}) {
      EXPECT_THAT(run.out, HasSubstr(std::string("  ") + command + " "));
    }
    for (const char* model : {"node", "cluster", "nonblocking", "graph"}) {
      EXPECT_THAT(run.out, HasSubstr(model));
    }
    EXPECT_THAT(run.out, HasSubstr("0  success"));
    EXPECT_THAT(run.out, HasSubstr("1  internal error"));
    EXPECT_THAT(run.out, HasSubstr("2  bad input"));
  }
}

// The lines of `text` that start with `prefix`, without it.
std::vector<std::string> LinesAfter(const std::string& text,
                                    const std::string& prefix) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(prefix, 0) == 0) lines.push_back(line.substr(prefix.size()));
  }
  return lines;
}

TEST(CliHelp, EveryCommandHasSynopsisFlagsWithDefaultsAndTwoExamples) {
  for (std::vector<std::string> args : kHelpAsked) {
    args.push_back("--help");
    const CliRun run = RunCli(args);
    ASSERT_EQ(run.exit_code, 0) << args[0] << run.err;
    EXPECT_THAT(run.out, StartsWith("usage:\n  hetcast " + args[0]));
    EXPECT_THAT(run.out, HasSubstr("\nflags:\n"));
    EXPECT_THAT(run.out, HasSubstr("exit status: 0 success"));
    const std::vector<std::string> examples = LinesAfter(run.out, "  hetcast ");
    // The synopsis' first line starts the same way; the rest are examples.
    EXPECT_EQ(examples.size(), 3u) << run.out;
    // Every flag line shows its default.
    const std::vector<std::string> flags = LinesAfter(run.out, "  --");
    EXPECT_GE(flags.size(), 3u);
    for (const std::string& flag : flags) {
      EXPECT_THAT(flag, HasSubstr(" (default: ")) << flag;
    }
  }
  // Defaults are the flags' own.
  const CliRun gen = RunCli({"gen", "--help"});
  EXPECT_THAT(gen.out, HasSubstr("  --epsilon (default: 0.1)\n"));
  EXPECT_THAT(gen.out, HasSubstr("  --method (default: auto)\n"));
  const CliRun help_gen = RunCli({"help", "gen"});
  EXPECT_EQ(help_gen.out, gen.out);
  const CliRun cluster = RunCli({"plan", "--model", "cluster", "-h"});
  EXPECT_THAT(cluster.out, HasSubstr("  --postal (default: false)\n"));
  EXPECT_THAT(cluster.out, ::testing::Not(HasSubstr("--costs")));
}

// Help speaks of the command asked about and points to guides that exist
// (issue 32): gen's and inspect's flags in their own terms, not plan's;
// no README sections, only the docs/ guides.
TEST(CliHelp, EachCommandInItsOwnWordsAndOnlyRealGuides) {
  const std::set<std::string> guides = {
      "docs/models.md",      "docs/c-api.md",  "docs/mpi.md",
      "docs/firmware.md",    "docs/limits.md", "docs/performance.md",
      "docs/development.md", "docs/cli.md"};
  std::vector<std::vector<std::string>> asked = kHelpAsked;
  asked.push_back({"help"});
  for (std::vector<std::string> args : asked) {
    if (args[0] != "help") args.push_back("--help");
    const CliRun run = RunCli(args);
    ASSERT_EQ(run.exit_code, 0) << args[0];
    EXPECT_THAT(run.out, ::testing::Not(HasSubstr("README"))) << args[0];
    for (size_t at = run.out.find("docs/"); at != std::string::npos;
         at = run.out.find("docs/", at + 1)) {
      const size_t end = run.out.find(".md", at);
      ASSERT_NE(end, std::string::npos) << run.out.substr(at);
      EXPECT_EQ(guides.count(run.out.substr(at, end + 3 - at)), 1u)
          << run.out.substr(at, end + 3 - at);
    }
  }
  for (const char* command : {"gen", "inspect"}) {
    const CliRun run = RunCli({command, "--help"});
    const std::string flags = run.out.substr(run.out.find("\nflags:\n"));
    EXPECT_THAT(flags, ::testing::Not(HasSubstr("plan:"))) << command;
    EXPECT_THAT(flags, ::testing::Not(HasSubstr("plan --"))) << command;
  }
  EXPECT_THAT(RunCli({"help"}).out, HasSubstr("  version "));
}

// Messages name the valid range and what was assumed (issue 32).
TEST(CliWords, RangesAssumptionsAndPlurals) {
  const CliRun type =
      RunCli(Plan({"--costs", "2,3", "--source-type", "5", "--counts", "4,7"}));
  EXPECT_EQ(type.exit_code, 2);
  EXPECT_EQ(type.err,
            "hetcast plan: --source-type: 5 is out of range: --costs has 2 "
            "types, so the source type is 0 to 1\n");
  const CliRun table_type = RunCli(
      Plan({"--table", kTestTable, "--source-type", "2", "--counts", "1,1"}));
  EXPECT_EQ(table_type.exit_code, 2);
  EXPECT_THAT(table_type.err, HasSubstr("so the source type is 0 to 1"));
  // --counts without --source-type: planned from type 0, and said.
  const CliRun assumed = RunCli(Plan({"--costs", "2,3", "--counts", "4,7"}));
  ASSERT_EQ(assumed.exit_code, 0) << assumed.err;
  EXPECT_EQ(assumed.err,
            "hetcast plan: note: --source-type not given: the source is of "
            "type 0 (--counts counts the destinations only)\n");
  const CliRun explicit_zero =
      RunCli(Plan({"--costs", "2,3", "--source-type", "0", "--counts", "4,7"}));
  EXPECT_EQ(explicit_zero.err, "");
  EXPECT_EQ(explicit_zero.out, assumed.out);
  const CliRun help = RunCli({"plan", "--help"});
  EXPECT_THAT(help.out, HasSubstr("not counting the source"));
  // "by up to N tick(s)": the plural follows N.
  const CliRun inspect = RunCli({"inspect", kTestTable});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  for (size_t at = inspect.out.find("by up to "); at != std::string::npos;
       at = inspect.out.find("by up to ", at + 1)) {
    const size_t number = at + std::string("by up to ").size();
    const size_t space = inspect.out.find(' ', number);
    const std::string n = inspect.out.substr(number, space - number);
    const std::string unit = inspect.out.substr(space + 1, 5);
    EXPECT_EQ(unit, n == "1" ? "tick;" : "ticks") << inspect.out;
  }
}

// --explain says "optimal" for an exact answer's guarantee, names no
// source file, and says plainly what --certify did (issue 32).
TEST(CliExplain, PlainWords) {
  std::vector<std::vector<std::string>> runs = {
      Plan({"--table", kTestTable, "--source-type", "1", "--counts", "4,7",
            "--explain"}),
      Plan({"--costs", "2,3", "--source-type", "1", "--counts", "4,7",
            "--explain"}),
      Plan({"--model", "cluster", "--cluster-sizes", "8,5,5,3,1",
            "--inter-cost", "4", "--explain"}),
      Plan({"--model", "nonblocking", "--input",
            "tests/testdata/nonblocking_request.json", "--explain"}),
  };
  for (const std::vector<std::string>& args : runs) {
    for (const char* format : {"text", "json"}) {
      std::vector<std::string> with = args;
      with.insert(with.end(), {"--format", format});
      const CliRun run = RunCli(with);
      ASSERT_EQ(run.exit_code, 0) << run.err;
      for (const char* file : {"runtime/", "tools/", ".h)", ".cc"}) {
        EXPECT_THAT(run.out, ::testing::Not(HasSubstr(file))) << args[2];
      }
      EXPECT_THAT(run.out, ::testing::Not(HasSubstr("1/1 OPT")));
    }
  }
  const CliRun exact = RunCli(runs[0]);
  EXPECT_THAT(exact.out, HasSubstr("Guarantee: optimal (Libeskind-Hadas"));
}

// Each example of every help text runs and succeeds (outputs go to the
// test's temporary directory).
TEST(CliHelp, EveryExampleRuns) {
  const std::string dir = ::testing::TempDir();
  for (std::vector<std::string> args : kHelpAsked) {
    args.push_back("--help");
    const CliRun run = RunCli(args);
    ASSERT_EQ(run.exit_code, 0);
    std::vector<std::string> examples = LinesAfter(run.out, "  hetcast ");
    ASSERT_FALSE(examples.empty());
    examples.erase(examples.begin());  // The synopsis.
    for (const std::string& example : examples) {
      std::string command = "'" + *binary_path + "' ";
      for (const char c : example) {
        command += c;
        if (command.size() >= 6 &&
            command.compare(command.size() - 6, 6, "--out ") == 0) {
          command += dir + "/";
        }
      }
      for (size_t at = command.find("hetcast "); at != std::string::npos;
           at = command.find("hetcast ", at + 1)) {
        if (at > 0 && command[at - 1] == '/') continue;  // The binary.
        command.replace(at, 8, "'" + *binary_path + "' ");
      }
      command += " >/dev/null 2>&1";
      EXPECT_EQ(std::system(command.c_str()), 0) << example;
    }
  }
}

// The exact LPs on Fig. 4's triangle (multicast_lp_test.cc,
// Figure4NoBoundIsTight: LB 3, OPT 4, UB 6; MCPH finds the optimal tree).
TEST(CliGraph, LpBoundsAsExactFractions) {
  const auto run = [](const char* algorithm) {
    return RunCli(
        Plan({"--model", "graph", "--platform", GraphFile("fig4_triangle.json"),
              "--algorithm", algorithm, "--format", "json"}));
  };
  const CliRun lb = run("lb");
  ASSERT_EQ(lb.exit_code, 0) << lb.err;
  EXPECT_EQ(lb.err, "");
  EXPECT_THAT(lb.out, StartsWith("{\"model\":\"graph\",\"algorithm\":\"lb\","
                                 "\"exact\":false,\"achievable\":false,"
                                 "\"period_per_message\":\"3/1\","
                                 "\"throughput\":\"1/3\","
                                 "\"lower_bound\":\"3/1\","
                                 "\"lower_bound_kind\":\"multicast_lb\","
                                 "\"upper_bound\":\"6/1\""));
  const CliRun ub = run("ub");
  ASSERT_EQ(ub.exit_code, 0) << ub.err;
  EXPECT_THAT(ub.out, HasSubstr("\"achievable\":true,"
                                "\"period_per_message\":\"6/1\""));
  const CliRun best = run("best");
  ASSERT_EQ(best.exit_code, 0) << best.err;
  EXPECT_THAT(best.out, HasSubstr("\"period_per_message\":\"4/1\""));
  EXPECT_THAT(best.out, HasSubstr("\"candidates\":{\"mcph\":\"4/1\","
                                  "\"broadcast\":\"6/1\",\"ub\":\"6/1\","
                                  "\"reduced-broadcast\":\"4/1\","
                                  "\"augmented-multicast\":\"4/1\","));
  EXPECT_THAT(best.out, HasSubstr("\"chosen\":\"mcph\""));
  EXPECT_EQ(best.out.find('\n'), best.out.size() - 1) << "one line";
}

// lp_heuristics_test.cc, Figure4TriangleReachesTheOptimum: the broadcast
// loses C1 (4 ticks); the grown set takes C1 (still +infinity) and C2.
TEST(CliGraph, HeuristicsWithTheirTrace) {
  const CliRun reduced = RunCli(
      Plan({"--model", "graph", "--platform", GraphFile("fig4_triangle.json"),
            "--algorithm", "reduced-broadcast", "--trace"}));
  ASSERT_EQ(reduced.exit_code, 0) << reduced.err;
  EXPECT_THAT(reduced.out, HasSubstr("period per message: 4/1 ticks"));
  EXPECT_THAT(reduced.out, HasSubstr("\nkept: s C2 C3 X1 X2 X3\ntrace "
                                     "(accepted moves; the value after each):"
                                     "\n  remove C1 -> 4/1\n"));
  const CliRun augmented = RunCli(Plan(
      {"--model", "graph", "--platform", GraphFile("fig4_triangle.json"),
       "--algorithm", "augmented-multicast", "--trace", "--format", "json"}));
  ASSERT_EQ(augmented.exit_code, 0) << augmented.err;
  EXPECT_THAT(augmented.out, HasSubstr("\"period_per_message\":\"4/1\""));
  EXPECT_THAT(augmented.out,
              HasSubstr("\"broadcast_set\":[\"s\",\"C1\",\"C2\",\"X1\","
                        "\"X2\",\"X3\"],\"trace\":[{\"move\":\"add\","
                        "\"node\":\"C1\",\"value\":\"inf\"},{\"move\":"
                        "\"add\",\"node\":\"C2\",\"value\":\"4/1\"}]"));
}

// Every achievable LP answer carries its periodic schedule, which the
// command had the exact evaluator accept at exactly the period printed
// (Fig. 4's triangle: broadcast 6, the two broadcast heuristics 4, best
// MCPH's tree at 4; lp_heuristics_test.cc; the multi-source scatter's one
// tree s -> C1 -> X2, s -> C3 -> {X1, X3} 4, where its program counts 6:
// broadcast_schedule_test.cc, TreesNeedLessThanTheProgramCounts).
TEST(CliGraph, EveryAchievableAnswerCarriesItsSchedule) {
  for (const auto& [algorithm, period] :
       std::vector<std::pair<std::string, std::string>>{
           {"broadcast", "6/1"},
           {"reduced-broadcast", "4/1"},
           {"augmented-multicast", "4/1"},
           {"augmented-sources", "4/1"},
           {"best", "4/1"}}) {
    SCOPED_TRACE(algorithm);
    const CliRun json = RunCli(
        Plan({"--model", "graph", "--platform", GraphFile("fig4_triangle.json"),
              "--algorithm", algorithm, "--format", "json"}));
    ASSERT_EQ(json.exit_code, 0) << json.err;
    EXPECT_THAT(json.out,
                HasSubstr("\"period_per_message\":\"" + period + "\""));
    EXPECT_THAT(json.out, HasSubstr("\"schedule\":{\"period\":"));
    const CliRun text = RunCli(
        Plan({"--model", "graph", "--platform", GraphFile("fig4_triangle.json"),
              "--algorithm", algorithm}));
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_THAT(text.out, HasSubstr("slots (the evaluator accepts it)\n"));
  }
}

// far_apart_costs.json: costs 3, 10^12 and 10^12 + 1. Every answer is 3
// ticks per message (a receives every message over s -> a or over an edge
// of more than 10^12 ticks; lp_heuristics_test.cc, FarApartCostsAreCertified,
// checks it against the Theorem 4 oracle), and nothing reaches stderr.
// solver_fallback.json: costs near 10^11, where QSopt_ex's floating-point
// passes give up and hand over to higher precision: its trace lines stay
// off stderr.
TEST(CliGraph, LargeCostsAnswerQuietly) {
  for (const char* algorithm : {"best", "reduced-broadcast"}) {
    SCOPED_TRACE(algorithm);
    const CliRun far = RunCli(
        Plan({"--model", "graph", "--platform",
              GraphFile("far_apart_costs.json"), "--algorithm", algorithm}));
    EXPECT_EQ(far.exit_code, 0);
    EXPECT_EQ(far.err, "");
    EXPECT_THAT(far.out, HasSubstr("period per message: 3/1 ticks"));
  }
  const CliRun fallback = RunCli(
      Plan({"--model", "graph", "--platform", GraphFile("solver_fallback.json"),
            "--algorithm", "augmented-sources"}));
  EXPECT_EQ(fallback.exit_code, 0);
  EXPECT_EQ(fallback.err, "");
}

// sources_rounding.json: AUGMENTED_SOURCES' trees need less than its
// program's T* (566/77, the trace's last value); the answer is what its
// schedule needs, the evaluator's figure, with or without --max-period
// (565 is below the exact schedule of the program's flows, 566 ticks).
TEST(CliGraph, AugmentedSourcesReportsItsSchedule) {
  for (const char* bound : {"0", "565"}) {
    SCOPED_TRACE(bound);
    const CliRun run =
        RunCli(Plan({"--model", "graph", "--platform",
                     GraphFile("sources_rounding.json"), "--algorithm",
                     "augmented-sources", "--trace", "--max-period", bound}));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_THAT(run.out, HasSubstr("add source v4 -> 566/77\n"));
    EXPECT_THAT(run.out, HasSubstr("(the evaluator accepts it)"));
    EXPECT_THAT(run.out,
                ::testing::Not(HasSubstr("period per message: 566/77")));
  }
}

// wide_costs.json: Broadcast-EB = 810144 + 146629 * 131799 / 941943 =
// 260811675121/313981 ticks per message (broadcast_schedule_test.cc,
// WideCostsKeepTheirExactSchedule). Its exact schedule fits 64 bits with
// or without a --max-period above it; a bound below rounds; a larger
// bound never has no schedule where a smaller one has one.
// solver_fallback.json (costs near 10^11; exact periods of 36 digits, a
// packing of 4 x 10^23 arborescences): every LP answer gets a schedule
// the evaluator accepts, rounded to fit 64 bits (the broadcast's one
// message of T* ticks, ub's rounded and said so), and from one --max-period
// on every larger one has one (broadcast_schedule_test.cc,
// BeyondSixtyFourBitsStillSchedules, checks the throughputs); below one
// message the answer keeps its flows and what they need.
TEST(CliGraph, MaxPeriodIsMonotone) {
  const auto run = [](const char* file, const char* algorithm,
                      const char* bound) {
    return RunCli(Plan({"--model", "graph", "--platform", GraphFile(file),
                        "--algorithm", algorithm, "--max-period", bound}));
  };
  for (const char* bound : {"0", "1000000000000"}) {
    SCOPED_TRACE(bound);
    const CliRun exact = run("wide_costs.json", "broadcast", bound);
    ASSERT_EQ(exact.exit_code, 0) << exact.err;
    EXPECT_THAT(exact.out, HasSubstr("schedule: 313981 messages every "
                                     "260811675121 ticks in "));
    EXPECT_THAT(exact.out, ::testing::Not(HasSubstr("rounded")));
  }
  const CliRun rounded = run("wide_costs.json", "broadcast", "10000000");
  ASSERT_EQ(rounded.exit_code, 0) << rounded.err;
  EXPECT_THAT(rounded.out, HasSubstr("(the evaluator accepts it)"));
  EXPECT_THAT(rounded.out, HasSubstr("rounded (--max-period 10000000)"));
  for (const char* algorithm : {"best", "ub", "augmented-sources"}) {
    SCOPED_TRACE(algorithm);
    const CliRun unbounded = run("solver_fallback.json", algorithm, "0");
    ASSERT_EQ(unbounded.exit_code, 0) << unbounded.err;
    EXPECT_THAT(unbounded.out, HasSubstr("(the evaluator accepts it)"));
    bool scheduled = false;
    for (const char* bound : {"600000000000", "1000000000000", "2000000000000",
                              "18446744073709551615"}) {
      SCOPED_TRACE(bound);
      const CliRun bounded = run("solver_fallback.json", algorithm, bound);
      ASSERT_EQ(bounded.exit_code, 0) << bounded.err;
      const bool has =
          bounded.out.find("(the evaluator accepts it)") != std::string::npos;
      EXPECT_TRUE(has || !scheduled) << "a smaller bound had a schedule";
      scheduled = scheduled || has;
    }
    EXPECT_TRUE(scheduled);
  }
  const CliRun ub = run("solver_fallback.json", "ub", "0");
  EXPECT_THAT(ub.out, HasSubstr("rounded (the exact schedule needs more than "
                                "64 bits): "));
  const CliRun none = RunCli(
      Plan({"--model", "graph", "--platform", GraphFile("solver_fallback.json"),
            "--algorithm", "broadcast", "--max-period", "1000000", "--format",
            "json"}));
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_THAT(none.out, HasSubstr("\"schedule\":null,\"no_schedule\":\""
                                  "--max-period 1000000: rounded down"));
  EXPECT_THAT(none.out, HasSubstr("\"flows\":[{\"fraction\":\""));
  EXPECT_THAT(none.out, HasSubstr("\"flows_period_per_message\":\""));
  // best's MCPH tree (wide_costs.json: s -> t, 810144 ticks) likewise.
  const CliRun tree = run("wide_costs.json", "best", "1000");
  ASSERT_EQ(tree.exit_code, 0) << tree.err;
  EXPECT_THAT(tree.out, HasSubstr("chosen: mcph\nschedule: none (--max-period "
                                  "1000: one message of mcph needs 810144 "
                                  "ticks)\nflows (1 routes"));
}

// --max-period: Fig. 1's scatter needs 140 ticks for 3 messages; within
// 100 ticks the command rounds the flows down (the evaluator accepted the
// result) and reports the throughput lost; below one message the answer
// has no schedule but its flows and what they need (the scatter's T*);
// an answer without a schedule (lb) is refused.
TEST(CliGraph, MaxPeriodRoundsTheSchedule) {
  const auto run = [](const char* algorithm, const char* bound) {
    return RunCli(Plan({"--model", "graph", "--platform",
                        GraphFile("fig1_example.json"), "--algorithm",
                        algorithm, "--max-period", bound, "--format", "json"}));
  };
  const CliRun rounded = run("ub", "100");
  ASSERT_EQ(rounded.exit_code, 0) << rounded.err;
  EXPECT_THAT(rounded.out, HasSubstr("\"period_per_message\":\"140/3\""));
  EXPECT_THAT(rounded.out, HasSubstr("\"rounded\":{\"max_period\":100,"));
  const CliRun exact = run("ub", "140");
  ASSERT_EQ(exact.exit_code, 0) << exact.err;
  EXPECT_THAT(exact.out, HasSubstr("\"schedule\":{\"period\":140,"));
  EXPECT_THAT(exact.out, ::testing::Not(HasSubstr("\"rounded\"")));
  const CliRun small = run("ub", "10");
  EXPECT_EQ(small.exit_code, 0);
  EXPECT_THAT(small.out, HasSubstr("\"no_schedule\":\"--max-period 10: "
                                   "rounded down"));
  EXPECT_THAT(small.out, HasSubstr("\"flows_period_per_message\":\"140/3\""));
  const CliRun lb = run("lb", "100");
  EXPECT_EQ(lb.exit_code, 2);
  EXPECT_THAT(lb.err, HasSubstr("--max-period: needs an LP algorithm"));
}

// Fig. 5's star: the scatter sends each t_i its own copy over s -> r (16
// ticks per message); the schedule is checked by the evaluator.
TEST(CliGraph, UbCarriesTheScattersSchedule) {
  const CliRun run = RunCli(
      Plan({"--model", "graph", "--platform", GraphFile("fig5_star.json"),
            "--algorithm", "ub", "--format", "json"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\"period_per_message\":\"16/1\""));
  EXPECT_THAT(run.out, HasSubstr("\"schedule\":{\"period\":16,\"messages\":"
                                 "1,\"parts\":4,\"routes\":[{\"first_part\":"
                                 "0,\"part_count\":4,\"edges\":[{\"from\":"
                                 "\"s\",\"to\":\"r\"},{\"from\":\"r\",\"to\":"
                                 "\"t1\"}]}"));
  const CliRun text =
      RunCli(Plan({"--model", "graph", "--platform",
                   GraphFile("fig5_star.json"), "--algorithm", "ub"}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("schedule: 1 message every 16 ticks in 4 "
                                  "parts each; 4 routes, "));
  EXPECT_THAT(text.out, HasSubstr("  route 3: s -> r -> t4  parts [0, 4)\n"));
}

// best runs MCPH with the reading --mcph-update selects (6 and 7 ticks,
// McphUpdateSelectsTheReading).
TEST(CliGraph, BestUsesTheMcphReading) {
  for (const auto& [update, period] :
       {std::pair<const char*, const char*>{"prose", "6/1"},
        {"literal", "7/1"}}) {
    const CliRun run = RunCli(Plan(
        {"--model", "graph", "--platform", GraphFile("literal_update.json"),
         "--algorithm", "best", "--mcph-update", update, "--format", "json"}));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_THAT(run.out, HasSubstr(std::string("\"candidates\":{\"mcph\":\"") +
                                   period + "\""));
  }
}

// render draws MCPH's tree; an LP answer (a throughput of many routes) is
// refused with a message that says so, planned or read back.
TEST(CliGraph, RenderRefusesLpAnswers) {
  const CliRun planned =
      RunCli({"render", "--model", "graph", "--platform",
              GraphFile("fig5_star.json"), "--algorithm", "ub"});
  EXPECT_EQ(planned.exit_code, 2);
  EXPECT_THAT(planned.err, HasSubstr("render draws the graph model's MCPH "
                                     "tree (--algorithm mcph)"));
  EXPECT_EQ(planned.out, "");
  const std::string json = ::testing::TempDir() + "/ub_answer.json";
  const CliRun ub = RunCli(
      Plan({"--model", "graph", "--platform", GraphFile("fig5_star.json"),
            "--algorithm", "ub", "--format", "json"}));
  ASSERT_EQ(ub.exit_code, 0) << ub.err;
  {
    std::ofstream file(json);
    file << ub.out;
  }
  const CliRun read_back = RunCli({"render", "--plan", json});
  EXPECT_EQ(read_back.exit_code, 2);
  EXPECT_THAT(read_back.err, HasSubstr("--plan: render draws the graph"));
}

TEST(CliGraph, EmitsTheProgramAndItsExactSolution) {
  const std::string lp = ::testing::TempDir() + "/fig4.lp";
  const std::string solution = ::testing::TempDir() + "/fig4_solution.json";
  const CliRun run = RunCli(Plan(
      {"--model", "graph", "--platform", GraphFile("fig4_triangle.json"),
       "--algorithm", "lb", "--emit-lp", lp, "--emit-solution", solution}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, StartsWith("model: graph    algorithm: lb    exact: "
                                  "no\nperiod per message: 3/1 ticks"));
  const std::string program = ReadFile(lp);
  EXPECT_THAT(program, StartsWith("\\ hetcast: exact LP (every variable >= "
                                  "0)\nMinimize\n obj: + T\nSubject To\n"));
  // X1 (node 4) is reached from C1 (1) or C3 (3); (10') for it on s -> C1.
  EXPECT_THAT(program, HasSubstr("\n reach_4: + x_0_4_1_4 + x_0_4_3_4 = 1\n"));
  EXPECT_THAT(program, HasSubstr("\n largest_0_4_0_1: + n_0_1 - x_0_4_0_1 "
                                 ">= 0\n"));
  EXPECT_THAT(program, HasSubstr("\n send_0: + T - 2 n_0_1 - 2 n_0_2 - 2 n_0_3 "
                                 ">= 0\n"));
  EXPECT_THAT(program, testing::EndsWith("\nEnd\n"));
  const std::string exact = ReadFile(solution);
  EXPECT_THAT(exact, StartsWith("{\"program\":\"Multicast-LB\",\"objective\":"
                                "\"3/1\",\"nodes\":[\"s\",\"C1\",\"C2\",\"C3\","
                                "\"X1\",\"X2\",\"X3\"],\"values\":{"));
  EXPECT_THAT(exact, HasSubstr("\"T\":\"3/1\""));
  EXPECT_THAT(exact, HasSubstr("\"duals\":{\"leave_4\":"));
}

// The request file of `plan --input` for a request given as flags: each
// flag becomes the field of the same name (dashes as underscores): lists as
// arrays, --table and --profile as strings, --postal as true, numbers as
// they are. Flags past the request's (--model, --algorithm, ...) are kept
// as flags in `*rest`.
std::string RequestJson(const std::vector<std::string>& flags,
                        std::vector<std::string>* rest) {
  const std::set<std::string> kept = {"--model",  "--algorithm", "--epsilon",
                                      "--search", "--format",    "--explain"};
  std::string json = "{";
  for (size_t i = 0; i < flags.size(); ++i) {
    if (kept.count(flags[i]) != 0) {
      rest->push_back(flags[i]);
      if (flags[i] != "--explain") rest->push_back(flags[++i]);
      continue;
    }
    std::string field = flags[i].substr(2);
    std::replace(field.begin(), field.end(), '-', '_');
    if (json.size() > 1) json += ", ";
    json += "\"" + field + "\": ";
    if (field == "postal") {
      json += "true";
      continue;
    }
    const std::string value = flags[++i];
    const bool list = field == "costs" || field == "counts" ||
                      field == "relays" || field == "node_costs" ||
                      field == "cluster_sizes" || field == "degrees" ||
                      field == "members";
    if (list) {
      json += "[" + value + "]";
    } else if (field == "table" || field == "profile") {
      json += "\"" + value + "\"";
    } else {
      json += value;
    }
  }
  return json + "}";
}

std::string WriteTemp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// `plan --input FILE` (and `render --input FILE`) print exactly what the
// same request as flags prints, in both formats, for every way of giving a
// node or cluster request.
TEST(CliRequestFile, AnswersByteForByteAsTheFlags) {
  const std::vector<std::vector<std::string>> requests = {
      {"--costs", "2,3", "--source-type", "1", "--counts", "4,7", "--relays",
       "0,2"},
      {"--node-costs", "3,2,2,2,2,3,3,3,3,3,3,3"},
      {"--table", "@default", "--source-type", "2", "--counts", "6,9,12",
       "--explain"},
      {"--table", kTestTable, "--profile", "small3", "--counts", "1,2,3"},
      {"--costs", "2,3", "--counts", "4,7", "--algorithm", "ptas", "--epsilon",
       "0.5", "--search", "grid"},
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "4", "--members", "8,2,0,3,1"},
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "3", "--degrees", "2,2,3,1,1", "--algorithm", "bounded-degree"},
      {"--model", "cluster", "--cluster-sizes", "6,4,4,2", "--inter-cost", "5",
       "--matching", "2", "--algorithm", "bounded-size"},
      {"--model", "cluster", "--cluster-sizes", "8,5,5,3,1", "--inter-cost",
       "4", "--postal", "--algorithm", "interleaved"},
  };
  for (const std::vector<std::string>& flags : requests) {
    std::vector<std::string> rest;
    const std::string path =
        WriteTemp("request.json", RequestJson(flags, &rest));
    rest.push_back("--input");
    rest.push_back(path);
    for (const std::string format : {"json", "text"}) {
      std::vector<std::string> by_flags = Plan(flags);
      std::vector<std::string> by_file = Plan(rest);
      for (auto* args : {&by_flags, &by_file}) {
        args->push_back("--format");
        args->push_back(format);
      }
      const CliRun expected = RunCli(by_flags);
      const CliRun got = RunCli(by_file);
      ASSERT_EQ(expected.exit_code, 0) << expected.err;
      EXPECT_EQ(got.exit_code, 0) << got.err << ReadFile(path);
      EXPECT_EQ(got.out, expected.out) << ReadFile(path);
    }
    std::vector<std::string> render_flags = {"render"};
    std::vector<std::string> render_file = {"render"};
    for (size_t i = 0; i < flags.size(); ++i) {
      if (flags[i] == "--explain") continue;
      render_flags.push_back(flags[i]);
    }
    for (const std::string& arg : rest) {
      if (arg != "--explain") render_file.push_back(arg);
    }
    const CliRun drawn = RunCli(render_file);
    EXPECT_EQ(drawn.exit_code, 0) << drawn.err;
    EXPECT_EQ(drawn.out, RunCli(render_flags).out) << ReadFile(path);
  }
}

// A bad request file: exit 2, one line naming the field (and the limit).
TEST(CliRequestFile, BadFilesNameTheField) {
  const std::string node = WriteTemp("node.json", R"({"costs": [2, 3],
      "counts": [4, 7]})");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {Plan({"--input", node, "--counts", "1,1"}),
       "--input: the request file is the whole request; leave out "
       "--counts"},
      {Plan({"--model", "cluster", "--input", node, "--postal"}),
       "leave out --postal"},
      {Plan({"--model", "cluster", "--input", node}), "unknown field 'costs'"},
      {Plan({"--input", WriteTemp("a.json", R"({"costs": [2]})")}),
       "counts: missing"},
      {Plan({"--input",
             WriteTemp("b.json", R"({"costs": [2], "counts": [1, 2]})")}),
       "counts has 2 entries but costs has 1"},
      {Plan({"--input", WriteTemp("c.json", R"({"counts": [1]})")}),
       "costs: missing"},
      {Plan({"--input", WriteTemp("d.json", R"({"costs": [2],
               "counts": [9999999], "relays": [1]})")}),
       "counts/relays: 10000001 nodes in total; the CLI plans at most "
       "10000000"},
      {Plan({"--input", WriteTemp("e.json", R"({"costs": [2],
               "counts": [1], "source_type": 4294967296})")}),
       "source_type: 4294967296 is not a type index"},
      {Plan({"--input", WriteTemp("f.json", R"({"node_costs": [3, 0]})")}),
       "node_costs: node 1 has cost 0; every cost must be in 1 .. 2^64-2"},
      {Plan({"--input", WriteTemp("g.json", R"({"node_costs": [3, 2],
               "source_type": 1})")}),
       "node_costs lists every node (the source first); leave out costs, "
       "counts, source_type and table"},
      {Plan({"--input", WriteTemp("h.json", R"({"profile": "x", "costs": [2],
                     "counts": [1]})")}),
       "profile needs table"},
      {Plan({"--input", WriteTemp("i.json", R"({"costs": [-2]})")}),
       "costs[0]: -2 is negative; expected a whole number from 0 to "
       "18446744073709551615"},
      {Plan({"--model", "cluster", "--input",
             WriteTemp("j.json", R"({"cluster_sizes": [9999999, 2],
                     "inter_cost": 1})")}),
       "cluster_sizes: more than 10000000 processors in total; the CLI "
       "plans at most that many"},
      {Plan({"--model", "cluster", "--input",
             WriteTemp("k.json", R"({"cluster_sizes": [2, 2]})")}),
       "inter_cost: give C, the ticks of an inter-cluster transfer"},
      {Plan({"--model", "cluster", "--input",
             WriteTemp("l.json", R"({"cluster_sizes": [2, 2],
                     "inter_cost": 2, "matching": 0})")}),
       "matching: B must be at least 1"},
      {Plan({"--model", "cluster", "--input",
             WriteTemp("m.json", R"({"cluster_sizes": [2, 2],
                     "inter_cost": 2, "degrees": [1, 1, 1]})")}),
       "degrees has 3 entries but there are 2 clusters"},
      {Plan({"--model", "cluster", "--algorithm", "bounded-size", "--input",
             WriteTemp("n.json", R"({"cluster_sizes": [2, 2],
                     "inter_cost": 2})")}),
       "--algorithm bounded-size needs matching"},
      {Plan({"--model", "cluster", "--input",
             WriteTemp("o.json", R"({"cluster_sizes": [2, 2],
                     "inter_cost": 1099511627777})")}),
       "inter_cost C must be in 1 .. 2^40"},
      {Plan({"--input", "/nonexistent/request.json"}),
       "/nonexistent/request.json"},
  };
  for (const auto& [args, message] : cases) {
    const CliRun run = RunCli(args);
    EXPECT_EQ(run.exit_code, 2) << message;
    EXPECT_EQ(run.out, "");
    EXPECT_THAT(run.err, HasSubstr(message));
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
  }
}

// Each bad input: exit status 2, one line on stderr naming the problem, and
// nothing on stdout.
struct BadCase {
  std::vector<std::string> args;
  std::string message;
};

class CliBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(CliBadInput, ExitsTwoWithOneLine) {
  const CliRun run = RunCli(GetParam().args);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, HasSubstr(GetParam().message));
  ASSERT_FALSE(run.err.empty());
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
}

const std::string kMax = "18446744073709551615";     // 2^64 - 1
const std::string kTooBig = "18446744073709551616";  // 2^64

INSTANTIATE_TEST_SUITE_P(
    AllBadArguments, CliBadInput,
    ::testing::Values(
        BadCase{{}, "usage"}, BadCase{{"frobnicate"}, "unknown command"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1", "--algorithm",
                      "ptas", "--epsilon", "0"}),
                "--epsilon: '0' is not a decimal strictly between 0 and 1"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1", "--algorithm",
                      "ptas", "--epsilon", "1"}),
                "--epsilon: '1'"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1", "--algorithm",
                      "ptas", "--epsilon", "nan"}),
                "--epsilon: 'nan'"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1", "--algorithm",
                      "ptas", "--epsilon", "-0.1"}),
                "--epsilon: '-0.1'"},
        BadCase{Plan({"--costs", "2,1099511627777", "--counts", "1,1",
                      "--algorithm", "ptas"}),
                "outside 1 .. 2^40"},
        BadCase{Plan({"--costs", "1,50,51,57,63,70", "--counts",
                      "2,300,300,300,300,300", "--algorithm", "ptas",
                      "--epsilon", "0.01"}),
                "budget"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1", "--algorithm",
                      "ptas", "--search", "linear"}),
                "--search: 'linear' is not one of bisection, grid"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1", "--algorithm",
                      "quantum"}),
                "--algorithm: 'quantum' is not one of fnf, table, ptas"},
        BadCase{Plan({"--table", "@default", "--counts", "1,1,1", "--algorithm",
                      "ptas"}),
                "leave out --algorithm ptas"},
        BadCase{Plan({"--table", "@default", "--algorithm", "table", "--counts",
                      "40,0,0"}),
                "pinned TABLE, but the request exceeds the limits"},
        BadCase{Plan({"--node-costs", ""}), "--costs: the list is empty"},
        BadCase{Plan({"--node-costs", "3,0,1", "--algorithm", "ptas"}),
                "--node-costs: node 1 has cost 0"},
        BadCase{Plan({"--node-costs", "3,1", "--costs", "1,3"}),
                "leave out --costs"},
        BadCase{Plan({"--costs", "", "--counts", "1"}),
                "--costs: the list is empty"},
        BadCase{Plan({"--counts", "1"}), "--costs: the list is empty"},
        BadCase{Plan({"--costs", "2,3", "--counts", ""}),
                "--counts: the list is empty"},
        BadCase{Plan({"--costs", "2,x", "--counts", "1,1"}),
                "'x' is not a non-negative integer"},
        BadCase{Plan({"--costs", "2,,3", "--counts", "1,1,1"}), "empty entry"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1.5"}), "'1.5' is not"},
        BadCase{Plan({"--costs", "2,-3", "--counts", "1,1"}),
                "'-3' is not a non-negative"},
        // A newline in an argument stays one line of stderr (issue 15, item
        // 11).
        BadCase{Plan({"--costs", "2\nx", "--counts", "1"}), "'2\\nx'"},
        BadCase{Plan({"--costs", "2,0", "--counts", "1,1"}),
                "node request: a cost is 0"},
        BadCase{Plan({"--costs", "2", "--counts", "1,1"}),
                "--counts has 2 entries but --costs has 1"},
        BadCase{Plan({"--costs", "2,3", "--counts", "1,1", "--relays", "1"}),
                "--relays has 1 entries"},
        BadCase{
            Plan({"--costs", "2,3", "--counts", "1,1", "--source-type", "2"}),
            "--source-type: 2 is out of range: --costs has 2 types, so the "
            "source type is 0 to 1"},
        BadCase{
            Plan({"--costs", "2,3", "--counts", "1,1", "--source-type", "-1"}),
            "is not a non-negative integer"},
        BadCase{Plan({"--costs", kTooBig, "--counts", "1"}),
                "does not fit in 64 bits"},
        BadCase{Plan({"--costs", "2,3", "--counts", kMax + ",1"}),
                "total number of nodes overflows"},
        BadCase{Plan({"--costs", "2,3", "--counts", "20000000,1"}),
                "the CLI plans at most"},
        BadCase{Plan({"--costs", "4611686018427387904", "--counts", "8"}),
                "completion time overflows"},
        BadCase{Plan({"--costs", "1,10", "--counts", "0,100000", "--relays",
                      "100000,0"}),
                "FNF passes"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "--format", "xml"}),
                "--format: 'xml'"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "--bogus", "1"}),
                "unknown flag '--bogus'"},
        BadCase{Plan({"--costs", "2", "--counts"}), "needs a value"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "extra"}),
                "unexpected argument 'extra'"},
        // Tables.
        BadCase{Plan({"--table", "no/such.hct", "--counts", "1,1"}),
                "cannot open 'no/such.hct'"},
        BadCase{Plan({"--table", kFig1Profile, "--counts", "1,1"}),
                "is not a valid hetcast table"},
        BadCase{Plan({"--table", kTestTable, "--profile", "nope", "--counts",
                      "1,1"}),
                "no profile named 'nope' (it has: fig1, small3)"},
        BadCase{
            Plan({"--table", kTestTable, "--costs", "2,4", "--counts", "1,1"}),
            "--costs 2,4 do not match profile 'fig1'"},
        BadCase{Plan({"--table", kTestTable, "--counts", "1,1,1"}),
                "--counts has 3 entries but the profile has 2"},
        BadCase{Plan({"--profile", "fig1", "--costs", "2", "--counts", "1"}),
                "--profile needs --table"},
        BadCase{{"gen", "--profile", kFig1Profile}, "--out"},
        BadCase{{"gen", "--out", "x.hct"}, "give at least one file"},
        BadCase{{"gen", "--profile", "tests/testdata/bad_duplicate_cost.json",
                 "--out", "x.hct"},
                "types[1].cost: 2 duplicates types[0].cost"},
        BadCase{{"gen", "--profile", "tests/testdata/bad_unknown_field.json",
                 "--out", "x.hct"},
                "types[0]: unknown field 'speed'; did you mean"},
        BadCase{{"inspect"}, "give exactly one table"},
        // Clusters.
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "",
                      "--inter-cost", "2"}),
                "--cluster-sizes: the list is empty"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,0",
                      "--inter-cost", "2"}),
                "cluster request: a cluster has no processors"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "0"}),
                "cluster request: inter_cost C must be in 1 .. 2^40"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "1099511627777"}),
                "C must be in 1 .. 2^40"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2"}),
                "--inter-cost: give C"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--degrees", "1,1,1"}),
                "--degrees has 3 entries but there are 2 clusters"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--members", "1,3"}),
                "cluster request: more members than processors in a cluster"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--degrees", "0,1"}),
                "cluster request: a degree is 0 or above its cluster's size"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--matching", "0"}),
                "--matching: B must be at least 1"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--members", "1,1", "--postal"}),
                "multicast is implemented for LCF in the blocking model"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--algorithm", "interleaved",
                      "--matching", "1"}),
                "belong to the blocking model"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--algorithm", "fastest"}),
                "--algorithm: 'fastest' is not one of"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--costs", "1"}),
                "--costs is for --model node"},
        BadCase{Plan({"--model", "mesh"}), "--model: 'mesh' is not one of"},
        // Non-blocking requests.
        BadCase{Plan({"--model", "nonblocking"}), "--input: give"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_source_dest.json"}),
                "messages[0].destinations[0] = 0: the node is the message's "
                "source"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_unknown_node.json"}),
                "messages[0].destinations[0] = 5: the node does not exist"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_negative.json"}),
                "request JSON"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_zero_length.json"}),
                "messages[0].length = 0: a message has at least one byte"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_large_overhead.json"}),
                "nodes[1]: an overhead exceeds HETCAST_MAX_COST"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_one_node.json"}),
                "nodes (1 of them): give at least two nodes"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_duplicate_destination.json"}),
                "messages[0].destinations[2] = 2: the node is listed twice"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nb_link_matrix.json"}),
                "link_per_byte: 3 entries, a 2 x 2 matrix needs 4"},
        BadCase{Plan({"--model", "nonblocking", "--input",
                      "tests/testdata/nonblocking_request.json", "--algorithm",
                      "lcf"}),
                "--algorithm: 'lcf' is not one of wrp, critical-first, wr, "
                "ecf, fef"},
        BadCase{{"inspect", kFig1Profile}, "not a valid hetcast table"},
        // Platform graphs.
        BadCase{Plan({"--model", "graph"}), "--platform: give the platform"},
        BadCase{Plan({"--model", "graph", "--platform", "no/such.json"}),
                "no/such.json"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_unknown_node.json")}),
                "bad_unknown_node.json: edges[1].to: unknown node 'x'"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--targets", "b,zz"}),
                "--targets[1]: unknown node 'zz'"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--source", "q"}),
                "--source: unknown node 'q'"},
        BadCase{Plan({"--model", "graph", "--platform",
                      WriteTemp("no_cost.json",
                                R"({"nodes": ["s", "a"], "edges": [
                                    {"from": "s", "to": "a"}],
                                    "source": "s", "targets": ["a"]})")}),
                "no_cost.json: edges[0].cost: missing"},
        BadCase{Plan({"--model", "graph", "--platform",
                      WriteTemp("zero_cost.json",
                                R"({"nodes": ["s", "a"], "edges": [
                                    {"from": "s", "to": "a", "cost": 0}],
                                    "source": "s", "targets": ["a"]})")}),
                "zero_cost.json: edges[0].cost = 0"},
        BadCase{Plan({"--model", "graph", "--platform",
                      WriteTemp("string_cost.json",
                                R"({"nodes": ["s", "a"], "edges": [
                                    {"from": "s", "to": "a", "cost": "3"}],
                                    "source": "s", "targets": ["a"]})")}),
                "edges[0].cost = \"3\" is a string; write the number "
                "without quotes"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--targets", ""}),
                "flag '--targets': the value is empty"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--source="}),
                "flag '--source=': the value is empty"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_self_loop.json")}),
                "edges[1] ('a' -> 'a'): a self-loop"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_duplicate_edge.json")}),
                "edges[2] ('a' -> 's'), as edges[0]: a directed edge given "
                "twice"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_zero_cost.json")}),
                "edges[0].cost = 0: a cost is 1 .. HETCAST_MAX_COST (2^40)"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_large_cost.json")}),
                "edges[0].cost = 2199023255552: a cost is 1 .. "
                "HETCAST_MAX_COST (2^40)"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_source_target.json")}),
                "targets[1] = 's': the target is the source"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--targets", "c,s"}),
                "--targets[1] = 's': the target is the source"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_no_targets.json")}),
                "targets: give at least one target"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("bad_unreachable.json")}),
                "targets[1]: 'b' cannot be reached from the source 's'"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--targets", "island"}),
                "--targets[0]: 'island' cannot be reached from the source 's'"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--targets", "b,,c"}),
                "--targets: empty entry in 'b,,c'"},
        BadCase{
            Plan({"--model", "graph", "--platform",
                  GraphFile("small_pruned.json"), "--mcph-update", "doubled"}),
            "--mcph-update: 'doubled' is not one of prose, literal"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--costs", "1"}),
                "--costs is for --model node, not --model graph"},
        // Flags of another model, or of no subcommand (Abseil's own), are
        // refused naming them, never ignored.
        BadCase{Plan({"--costs", "2", "--counts", "1", "--inter-cost", "4"}),
                "--inter-cost is for --model cluster, not --model node"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("small_pruned.json"), "--postal"}),
                "--postal is for --model cluster, not --model graph"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "2", "--source-type", "1"}),
                "--source-type is for --model node, not --model cluster"},
        BadCase{{"gen", "--profile", kFig1Profile, "--out", "x.hct", "--counts",
                 "1"},
                "--counts is not a flag of hetcast gen"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "--flagfile=/dev/null"}),
                "unknown flag '--flagfile=/dev/null'"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "--fromenv=costs"}),
                "unknown flag '--fromenv=costs'"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "--undefok=bogus"}),
                "unknown flag '--undefok=bogus'"},
        // Unknown flags suggest the closest known one.
        BadCase{Plan({"--cost", "2", "--counts", "1"}),
                "unknown flag '--cost'; did you mean '--costs'?"},
        BadCase{Plan({"--model", "cluster", "--cluster-size", "2"}),
                "did you mean '--cluster-sizes'?"},
        // The field at fault, not the last one of its object (a negative
        // cost is not a bad limit).
        BadCase{{"gen", "--profile", "tests/testdata/bad_negative_cost.json",
                 "--out", "x.hct"},
                "types[0].cost: -2 is negative; expected a whole number from "
                "0 to"},
        // An empty file is named as such (it said "NULL table buffer or
        // handle").
        BadCase{{"inspect", "tests/testdata/empty.hct"},
                "'tests/testdata/empty.hct' is empty (0 bytes)"},
        BadCase{{"help", "frobnicate"}, "unknown command 'frobnicate'"},
        // render --plan reads untrusted JSON.
        BadCase{{"render", "--plan", "tests/testdata/plan_bad_type.json"},
                "node 0 is of type 4000000000, but there are 1 nodes"},
        BadCase{{"render", "--to", "png", "--costs", "2", "--counts", "1"},
                "--to: 'png' is not one of svg, dot"},
        BadCase{{"plan", "--model", "mesh", "--help"},
                "--model: 'mesh' is not one of"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "--platform",
                      GraphFile("small_pruned.json")}),
                "--platform is for --model graph, not --model node"},
        BadCase{Plan({"--costs", "2", "--counts", "1", "--trace"}),
                "--trace is for --model graph, not --model node"},
        BadCase{Plan({"--model", "cluster", "--cluster-sizes", "8,2",
                      "--inter-cost", "4", "--emit-lp", "x.lp"}),
                "--emit-lp is for --model graph, not --model cluster"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("fig4_triangle.json"), "--algorithm", "mcph",
                      "--emit-lp", "x.lp"}),
                "--emit-lp: needs --algorithm lb, ub or broadcast"},
        BadCase{Plan({"--model", "graph", "--platform",
                      GraphFile("fig4_triangle.json"), "--algorithm", "best",
                      "--emit-solution", "x.json"}),
                "--emit-solution: needs --algorithm lb, ub or broadcast"},
        BadCase{
            Plan({"--model", "graph", "--platform",
                  GraphFile("fig4_triangle.json"), "--algorithm", "simplex"}),
            "--algorithm: 'simplex' is not one of mcph, lb, ub"}));

}  // namespace

int main(int argc, char** argv) {
  return cli_testing::CliTestMain(argc, argv, "cli_test");
}
