// limits_cli_test.cc: the real `hetcast` binary on accepted inputs that
// grow (docs/limits.md): what it prints stays linear in the answer,
// requests past a limit are refused before the work with a message naming
// the limit, and `render --plan` refuses plans no evaluator accepts. Sizes
// are small; wall time is never asserted (tools/experiments/limits.sh
// measures the limits themselves).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/cli/cli_run.h"
#include "tests/sanitizer_run.h"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using ::cli_testing::CliRun;
using ::cli_testing::RunCli;

std::string WriteTemp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// A platform JSON: the path v0 -> v1 -> ... -> v(n-1), every edge of cost
// 1, source v0, the one target v(n-1).
std::string PathPlatform(size_t n) {
  std::string json = "{\"nodes\":[";
  for (size_t v = 0; v < n; ++v) {
    json += (v ? ",\"v" : "\"v") + std::to_string(v) + "\"";
  }
  json += "],\"edges\":[";
  for (size_t v = 0; v + 1 < n; ++v) {
    json += (v ? "," : "") + std::string("{\"from\":\"v") + std::to_string(v) +
            "\",\"to\":\"v" + std::to_string(v + 1) + "\",\"cost\":1}";
  }
  return json + "],\"source\":\"v0\",\"targets\":[\"v" + std::to_string(n - 1) +
         "\"]}";
}

// The graph model's text draws a tree's indentation to 16 levels at most
// and prints the depth of deeper lines: a path of n nodes prints O(n)
// bytes. Each of the n - 1 tree lines is at most 16 four-column levels,
// "[depth NNNN] ", "`-- ", the name and "(target)  edge cost 1  load 1"
// (under 120 bytes), each slot line under 30: 150 bytes a node bounds it
// (indented by depth, the path of 3,000 nodes printed 18 MB).
TEST(GraphTextOutput, IsLinearInTheTreesSize) {
  constexpr size_t kNodes = 3000;
  const std::string platform = WriteTemp("path.json", PathPlatform(kNodes));
  const CliRun run =
      RunCli({"plan", "--model", "graph", "--platform", platform});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // (ASSERT: the output is not printed when it is too long.)
  ASSERT_LE(run.out.size(), 150 * kNodes);
  const std::string indent(4 * 16, ' ');
  EXPECT_THAT(run.out, HasSubstr("\n" + indent + "`-- v17 (relay)"));
  EXPECT_THAT(run.out, HasSubstr("\n" + indent + "[depth 18] `-- v18 (relay)"));
  EXPECT_THAT(run.out, HasSubstr("\n" + indent +
                                 "[depth 2999] `-- v2999 "
                                 "(target)  edge cost 1\n"));
}

// `render --plan` of `plan`'s JSON with `from` replaced by `to` (the
// replacement must apply).
CliRun RenderEdited(const std::vector<std::string>& plan_args,
                    const std::string& from, const std::string& to) {
  std::vector<std::string> args = {"plan", "--format", "json"};
  args.insert(args.end(), plan_args.begin(), plan_args.end());
  const CliRun planned = RunCli(args);
  EXPECT_EQ(planned.exit_code, 0) << planned.err;
  std::string json = planned.out;
  const size_t at = json.find(from);
  EXPECT_NE(at, std::string::npos) << from << " in " << json;
  if (at != std::string::npos) json.replace(at, from.size(), to);
  return RunCli({"render", "--plan", WriteTemp("edited.json", json)});
}

const std::vector<std::string> kNodePlan = {"--costs", "2,3", "--counts",
                                            "1,1"};
const std::vector<std::string> kGraphPlan = {
    "--model", "graph", "--platform",
    "tests/testdata/graph/fig4_triangle.json"};
const std::vector<std::string> kNonblockingPlan = {
    "--model", "nonblocking", "--input",
    "tests/testdata/nonblocking_request.json"};

// The unedited plans are drawn (every model's real plans are drawn by
// cli_test's render tests too).
TEST(RenderChecksThePlan, DrawsTheRealPlans) {
  for (const auto& plan : {kNodePlan, kGraphPlan, kNonblockingPlan}) {
    const CliRun run = RenderEdited(plan, "{", "{");
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err, "");
  }
}

TEST(RenderChecksThePlan, RefusesATransferStartingAfterItsArrival) {
  const CliRun run =
      RenderEdited(kNodePlan, R"("to":1,"start":0,)", R"("to":1,"start":5,)");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err, HasSubstr("plan JSON: transfer 0 -> 1 starts at 5, "
                                 "not before its arrival at 2"));
  EXPECT_EQ(run.out, "");
  const CliRun nb =
      RenderEdited(kNonblockingPlan, R"("start":0,"arrival":8272)",
                   R"("start":9000,"arrival":8272)");
  EXPECT_EQ(nb.exit_code, 2);
  EXPECT_THAT(nb.err, HasSubstr("transfer 0 -> 1: start 9000, arrival 8272, "
                                "receive_start 8272 and end 8372 are out of "
                                "order"));
}

// Node 2's parent is made node 1 and node 1's node 2: the parents no
// longer reach the source.
TEST(RenderChecksThePlan, RefusesParentsInACycle) {
  std::vector<std::string> args = {"plan", "--format", "json"};
  args.insert(args.end(), kNodePlan.begin(), kNodePlan.end());
  std::string json = RunCli(args).out;
  for (const auto& [from, to] :
       std::vector<std::pair<std::string, std::string>>{
           {R"("arrival":2,"parent":0)", R"("arrival":2,"parent":2)"},
           {R"("arrival":4,"parent":0)", R"("arrival":4,"parent":1)"}}) {
    const size_t at = json.find(from);
    ASSERT_NE(at, std::string::npos) << json;
    json.replace(at, from.size(), to);
  }
  const CliRun run =
      RunCli({"render", "--plan", WriteTemp("cycle.json", json)});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err, HasSubstr("plan JSON: the parents of node 1 form a "
                                 "cycle that never reaches the source 0"));
  const CliRun graph =
      RenderEdited(kGraphPlan, R"("name":"C1","role":"relay","parent":"s")",
                   R"("name":"C1","role":"relay","parent":"X1")");
  EXPECT_EQ(graph.exit_code, 2);
  EXPECT_THAT(graph.err, HasSubstr("the parents of node C1 form a cycle"));
}

TEST(RenderChecksThePlan, RefusesAPeriodOfZero) {
  const CliRun run =
      RenderEdited(kGraphPlan, R"("period":4,)", R"("period":0,)");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err, HasSubstr("plan JSON: schedule: period 0, messages 1 "
                                 "and parts 1 must be at least 1"));
}

TEST(RenderChecksThePlan, RefusesUndeclaredNodes) {
  const CliRun graph = RenderEdited(kGraphPlan, R"("from":"C2","to":"X3")",
                                    R"("from":"C2","to":"X9")");
  EXPECT_EQ(graph.exit_code, 2);
  EXPECT_THAT(graph.err, HasSubstr("names 'X9', not in \"nodes\""));
  const CliRun nb =
      RenderEdited(kNonblockingPlan, R"("transfers":[{"from":0,"to":1,)",
                   R"("transfers":[{"from":0,"to":7,)");
  EXPECT_EQ(nb.exit_code, 2);
  EXPECT_THAT(nb.err, HasSubstr("transfer 0 -> 7 of message 0 (from 0) names "
                                "a node past the 4 in \"nodes\""));
}

// Times the node model cannot give: node 1 (type 0, cost 2) arriving at 3,
// its transfer [1, 3): consistent with itself, not with the costs.
TEST(RenderChecksThePlan, RefusesTimesTheModelsEvaluatorDoesNotGive) {
  std::vector<std::string> args = {"plan", "--format", "json"};
  args.insert(args.end(), kNodePlan.begin(), kNodePlan.end());
  std::string json = RunCli(args).out;
  for (const auto& [from, to] :
       std::vector<std::pair<std::string, std::string>>{
           {R"("arrival":2,"parent":0)", R"("arrival":3,"parent":0)"},
           {R"("to":1,"start":0,"arrival":2)",
            R"("to":1,"start":1,"arrival":3)"}}) {
    const size_t at = json.find(from);
    ASSERT_NE(at, std::string::npos) << json;
    json.replace(at, from.size(), to);
  }
  const CliRun run =
      RunCli({"render", "--plan", WriteTemp("times.json", json)});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.err, HasSubstr("plan JSON: node 1 arrives at 3, but the "
                                 "node model's rule"));
  // The graph model's evaluator: X3's slot moved into C2's first send.
  const CliRun graph =
      RenderEdited(kGraphPlan, R"({"start":0,"duration":1,"from":"C2")",
                   R"({"start":3,"duration":1,"from":"C2")");
  EXPECT_EQ(graph.exit_code, 0) << graph.err;
  const CliRun overlap =
      RenderEdited(kGraphPlan, R"({"start":1,"duration":1,"from":"C1")",
                   R"({"start":0,"duration":1,"from":"C1")");
  EXPECT_EQ(overlap.exit_code, 2);
  EXPECT_THAT(overlap.err, HasSubstr("the graph model's evaluator refuses the "
                                     "schedule"));
}

// The peak RSS, in KB, of `args` run alone: a forked child runs it and
// reports the peak of its own children (getrusage counts a waited-for
// child's children when that child waited for them, as the shell does).
long PeakRssKb(const std::vector<std::string>& args) {
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0) return -1;
  const pid_t child = fork();
  if (child == 0) {
    close(pipe_ends[0]);
    RunCli(args);
    struct rusage usage = {};
    getrusage(RUSAGE_CHILDREN, &usage);
    const long peak = usage.ru_maxrss;
    _exit(write(pipe_ends[1], &peak, sizeof(peak)) == sizeof(peak) ? 0 : 1);
  }
  close(pipe_ends[1]);
  long peak = -1;
  if (read(pipe_ends[0], &peak, sizeof(peak)) != sizeof(peak)) peak = -1;
  close(pipe_ends[0]);
  int status = 0;
  waitpid(child, &status, 0);
  return peak;
}

// The text of a path of 10^4 nodes in bounded memory: 13 MB in an -O2
// build, under 160 MB under ASan (its shadow memory: 74 MB at 5,000
// nodes), where the text indented by depth took 290 MB in an -O2 build
// (the output and a prefix per pending line).
TEST(GraphTextOutput, PeakMemoryIsBounded) {
  const std::string platform = WriteTemp("path10000.json", PathPlatform(10000));
  const long peak =
      PeakRssKb({"plan", "--model", "graph", "--platform", platform});
  ASSERT_GT(peak, 0);
  EXPECT_LE(peak, 160 * 1024);
}

// RunCli under `timeout SECONDS`: a refusal up front returns at once; the
// bound only keeps a run that does the work (the code before the limits)
// from holding the suite (exit status 124).
CliRun RunCliWithin(int seconds, const std::vector<std::string>& args) {
  std::vector<std::string> bounded = args;
  const std::string binary = *cli_testing::binary_path;
  *cli_testing::binary_path = "timeout";
  bounded.insert(bounded.begin(), {std::to_string(seconds), binary});
  const CliRun run = RunCli(bounded);
  *cli_testing::binary_path = binary;
  return run;
}

// A profile JSON of types t0, t1, ... with these costs, all of `limit`.
std::string Profile(const std::vector<int>& costs, int limit) {
  std::string json = "{\"name\":\"p\",\"types\":[";
  for (size_t j = 0; j < costs.size(); ++j) {
    json += (j ? "," : "") + std::string("{\"name\":\"t") + std::to_string(j) +
            "\",\"cost\":" + std::to_string(costs[j]) +
            ",\"limit\":" + std::to_string(limit) + "}";
  }
  return json + "]}";
}

// The exact DP's limit (gen_command.h, kMaxExactWork = 2^34): three types
// of limit 78 are inside it (an estimate of 1.66e10), 79 past it
// (1.76e10; ExactWorkEstimate's formula by hand). Past it --method exact
// refuses before the DP starts.
TEST(GenLimits, ExactPastItsWorkLimitIsRefusedUpFront) {
  const std::string past = WriteTemp("past.json", Profile({2, 3, 5}, 79));
  const CliRun run =
      RunCliWithin(30, {"gen", "--profile", past, "--method", "exact", "--out",
                        ::testing::TempDir() + "/past.hct"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_THAT(run.err, HasSubstr("the exact DP's work estimate"));
  EXPECT_THAT(run.err, HasSubstr("is 1.76e+10, past its limit 2^34"));
}

// A PTAS table's limit (kMaxPtasTableWork = 2^24 entries x states): two
// types of limit 60 have 2 x 61^4 = 2.77e7 (52: 1.58e7, inside); --method
// ptas refuses before the first entry.
TEST(GenLimits, PtasPastItsWorkLimitIsRefusedUpFront) {
  const std::string past = WriteTemp("ptas.json", Profile({2, 3}, 60));
  const CliRun run =
      RunCliWithin(30, {"gen", "--profile", past, "--method", "ptas", "--out",
                        ::testing::TempDir() + "/ptas.hct"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_THAT(run.err, HasSubstr("a PTAS table's work estimate"));
  EXPECT_THAT(run.err, HasSubstr("is 2.77e+07, past its limit 2^24"));
}

// The issue's profiles, which ran for many minutes: two types of limit
// 1,600, three of 140, four of 40. By default (--method auto) each is past
// the exact DP's limit and a PTAS table's: refused at once, naming both.
TEST(GenLimits, ProfilesPastEveryMethodsLimitAreRefusedUpFront) {
  for (const auto& [costs, limit] :
       std::vector<std::pair<std::vector<int>, int>>{
           {{2, 3}, 1600}, {{2, 3, 5}, 140}, {{2, 3, 5, 7}, 40}}) {
    const std::string path = WriteTemp("big.json", Profile(costs, limit));
    const CliRun run = RunCliWithin(30, {"gen", "--profile", path, "--out",
                                         ::testing::TempDir() + "/big.hct"});
    EXPECT_EQ(run.exit_code, 2) << costs.size() << " types: " << run.err;
    EXPECT_THAT(run.err, HasSubstr("past its limit 2^24"));
    EXPECT_THAT(run.err, HasSubstr("past the exact DP's limit too"));
  }
}

// The path of `n` nodes is solved by `inside` and refused by each of
// `algorithms`, the message naming its size and `limit`.
void ExpectPathLimit(size_t n, const char* inside,
                     const std::vector<const char*>& algorithms,
                     const std::string& limit) {
  const std::string path = WriteTemp("path.json", PathPlatform(n - 1));
  const CliRun solved = RunCli(
      {"plan", "--model", "graph", "--platform", path, "--algorithm", inside});
  EXPECT_EQ(solved.exit_code, 0) << solved.err;
  const std::string past = WriteTemp("past.json", PathPlatform(n));
  for (const char* algorithm : algorithms) {
    const CliRun run =
        RunCliWithin(30, {"plan", "--model", "graph", "--platform", past,
                          "--algorithm", algorithm});
    EXPECT_EQ(run.exit_code, 2) << algorithm << ": " << run.err;
    EXPECT_THAT(run.err, HasSubstr(std::string("--algorithm ") + algorithm +
                                   ": the platform has " + std::to_string(n) +
                                   " nodes and " + std::to_string(n - 1) +
                                   " edges (after pruning); " + limit));
  }
}

// The LP algorithms' limits (platform.h: at most 10,000 nodes x edges for
// lb, ub and broadcast, 2,500 for the LP heuristics and best, and 5/2
// edges per node): a path of 100 nodes (99 edges, 9,900) is solved by lb,
// one of 101 (100 edges, 10,100) refused before any LP, naming the limit;
// for the heuristics and best a path of 50 nodes (49 edges, 2,450) is
// solved, one of 51 (50 edges, 2,550) refused; and so is a platform of 4
// nodes and 12 edges (3 per node).
TEST(GraphLpLimits, PastTheSizeLimitIsRefusedUpFront) {
  ExpectPathLimit(101, "lb", {"lb", "ub", "broadcast"},
                  "lb, ub and broadcast take at most 10000 nodes x edges and "
                  "5/2 edges per node");
  ExpectPathLimit(
      51, "best",
      {"reduced-broadcast", "augmented-multicast", "augmented-sources", "best"},
      "the LP heuristics and best take at most 2500 nodes x edges "
      "and 5/2 edges per node (kGraphLpHeuristicMaxNodeEdges, "
      "kGraphLpMaxEdgesPerNode*; docs/limits.md); lb, ub "
      "and broadcast take 10000");
  // Every pair of 4 nodes joined both ways: 12 edges, 3 per node.
  std::string dense = "{\"nodes\":[\"a\",\"b\",\"c\",\"d\"],\"edges\":[";
  for (const char* from : {"a", "b", "c", "d"}) {
    for (const char* to : {"a", "b", "c", "d"}) {
      if (std::string(from) == to) continue;
      dense += std::string(dense.back() == '[' ? "" : ",") + "{\"from\":\"" +
               from + "\",\"to\":\"" + to + "\",\"cost\":1}";
    }
  }
  dense += "],\"source\":\"a\",\"targets\":[\"d\"]}";
  const CliRun past =
      RunCliWithin(30, {"plan", "--model", "graph", "--platform",
                        WriteTemp("dense.json", dense), "--algorithm", "lb"});
  EXPECT_EQ(past.exit_code, 2) << past.err;
  EXPECT_THAT(past.err, HasSubstr("the platform has 4 nodes and 12 edges"));
}

}  // namespace

int main(int argc, char** argv) {
  return cli_testing::CliTestMain(argc, argv, "limits_cli_test");
}
