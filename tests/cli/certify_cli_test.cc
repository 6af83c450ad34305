// certify_cli_test.cc: `hetcast plan --certify` as users run it: on tiny
// requests its bound never above the exhaustive optimum and its schedule
// re-timed by the evaluator to exactly the completion it prints; the same
// bytes twice; its refusals (limit, relays, PTAS) with exit 2 and one line;
// its JSON names.
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rapidjson/document.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tests/cli/cli_run.h"
#include "tests/node/node_test_util.h"
#include "tests/oracles/exhaustive_search.h"

namespace hetcast {
namespace testing {
namespace {

using ::cli_testing::CliRun;
using ::cli_testing::RunCli;
using ::testing::HasSubstr;

std::string List(const std::vector<uint64_t>& values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) {
    text += (i ? "," : "") + std::to_string(values[i]);
  }
  return text;
}

std::vector<std::string> CertifyArgs(const TinyInstance& instance) {
  return {"plan",
          "--costs",
          List(instance.costs),
          "--source-type",
          std::to_string(instance.source_type),
          "--counts",
          List(instance.destinations),
          "--certify",
          "--explain",
          "--format",
          "json"};
}

// The printed plan's structure (its transfers in start order) for the
// evaluator.
std::vector<hetcast_send> SendsOf(const rapidjson::Document& plan) {
  std::vector<hetcast_send> sends;
  for (const auto& t : plan["transfers"].GetArray()) {
    sends.push_back(hetcast_send{t["from"].GetUint(), t["to"].GetUint()});
  }
  return sends;
}

// Plans `instance` with --certify and checks the answer against `opt`.
void ExpectCertifiedAgainst(const TinyInstance& instance, uint64_t opt) {
  const CliRun run = RunCli(CertifyArgs(instance));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  rapidjson::Document plan;
  plan.Parse(run.out.c_str());
  ASSERT_FALSE(plan.HasParseError());
  const uint64_t completion = plan["completion_time"].GetUint64();
  const uint64_t bound = plan["lower_bound"].GetUint64();
  EXPECT_LE(bound, opt) << "a bound above the optimum";
  EXPECT_GE(completion, opt);
  EXPECT_EQ(plan["exact"].GetBool(), bound == completion);
  EXPECT_TRUE(plan["certified"].GetBool());
  const PlanResult evaluated = Evaluate(instance, SendsOf(plan));
  ASSERT_EQ(evaluated.status, HETCAST_OK);
  EXPECT_EQ(evaluated.answer.completion_time, completion);
  // --explain's gap follows the certified bound.
  EXPECT_EQ(plan["explain"]["gap"].GetUint64(), completion - bound);
  EXPECT_STREQ(plan["explain"]["lower_bound_kind"].GetString(),
               plan["lower_bound_kind"].GetString());
}

TEST(CliCertify, NeverAboveTheExhaustiveOptimumOnTinyRequests) {
  std::mt19937_64 rng(18);
  for (int trial = 0; trial < 40; ++trial) {
    const TinyInstance instance = RandomTinyInstance(rng, 7, false);
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    ExpectCertifiedAgainst(instance, ExhaustiveOptimum(instance));
  }
}

TEST(CliCertify, FigureOneIsImprovedToTheOptimum) {
  // Libeskind-Hadas et al. Fig. 1: FNF 10, the optimum 9 (exhaustive
  // search): --certify finds 9 and proves it.
  const TinyInstance fig1{{2, 3}, 1, {4, 7}, {}};
  ExpectCertifiedAgainst(fig1, ExhaustiveOptimum(fig1));
  const CliRun run = RunCli(CertifyArgs(fig1));
  EXPECT_THAT(run.out, HasSubstr("\"algorithm\":\"fnf-improved\",\"exact\":"
                                 "true,\"completion_time\":9,"));
  EXPECT_THAT(run.out, HasSubstr("\"fnf_completion\":10,"));
  // --explain says what --certify did, plainly (it said "fnf-improved
  // answered because ... FNF ... answered").
  const CliRun explained =
      RunCli({"plan", "--costs", "2,3", "--source-type", "1", "--counts", "4,7",
              "--certify", "--explain"});
  ASSERT_EQ(explained.exit_code, 0) << explained.err;
  EXPECT_THAT(explained.out,
              HasSubstr("explain: Algorithm fnf-improved answered as "
                        "--certify improved fnf's 10-tick schedule with "
                        "deadline-aware receive orders and a local search."));
  EXPECT_THAT(explained.out, ::testing::Not(HasSubstr("because")));
}

TEST(CliCertify, TheLpBoundIsNamedAndTheOutputIsTheSameTwice) {
  // 10^4 destinations over 8 costs, where only the counting LP proves
  // FNF's answer optimal (the plain plan's bound is below it).
  const std::vector<std::string> args = {
      "plan",
      "--costs",
      "3,5,8,13,21,34,40,55",
      "--counts",
      "1250,1250,1250,1250,1250,1250,1250,1250",
      "--source-type",
      "2",
      "--certify",
      "--format",
      "json"};
  const CliRun first = RunCli(args);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_THAT(first.out, HasSubstr("\"lower_bound_kind\":\"counting_lp\""));
  EXPECT_EQ(RunCli(args).out, first.out);
  std::vector<std::string> text = args;
  text.resize(text.size() - 2);
  const CliRun readable = RunCli(text);
  ASSERT_EQ(readable.exit_code, 0) << readable.err;
  EXPECT_THAT(readable.out, HasSubstr("certified (--certify): completion "));
  EXPECT_THAT(readable.out, HasSubstr("(counting_lp)"));
  EXPECT_EQ(RunCli(text).out, readable.out);
}

TEST(CliCertify, ARequestFileAnswersAsTheFlags) {
  const TinyInstance fig1{{2, 3}, 1, {4, 7}, {}};
  const std::string path = ::testing::TempDir() + "/certify_request.json";
  std::ofstream(path) << "{\"costs\": [2, 3], \"source_type\": 1, "
                         "\"counts\": [4, 7]}";
  const CliRun file = RunCli({"plan", "--model", "node", "--input", path,
                              "--certify", "--explain", "--format", "json"});
  ASSERT_EQ(file.exit_code, 0) << file.err;
  EXPECT_EQ(file.out, RunCli(CertifyArgs(fig1)).out);
}

TEST(CliCertify, ATableAnswerIsKeptAsItIs) {
  const CliRun run = RunCli({"plan", "--table", "tables/test.hct", "--profile",
                             "fig1", "--source-type", "1", "--counts", "4,7",
                             "--certify", "--format", "json"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr("\"algorithm\":\"table\",\"exact\":true,"
                                 "\"completion_time\":9,\"lower_bound\":9,"
                                 "\"lower_bound_kind\":\"exact\""));
  EXPECT_THAT(run.out, HasSubstr("\"certified\":true}"));
}

void ExpectRefused(const std::vector<std::string>& args,
                   const std::string& message) {
  const CliRun run = RunCli(args);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, HasSubstr(message));
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << "one line";
}

TEST(CliCertify, RefusesPastItsLimitsRelaysAndThePtas) {
  ExpectRefused(
      {"plan", "--costs", "2,3", "--counts", "5001,5000", "--certify"},
      "--certify: --counts: 10001 destinations; --certify plans "
      "at most 10000");
  std::vector<uint64_t> costs, counts;
  for (uint64_t c = 1; c <= 33; ++c) {
    costs.push_back(c);
    counts.push_back(1);
  }
  ExpectRefused(
      {"plan", "--costs", List(costs), "--counts", List(counts), "--certify"},
      "--certify: --counts: 33 types with destinations; "
      "--certify plans at most 32");
  ExpectRefused({"plan", "--costs", "2,3", "--counts", "3,3", "--relays", "1,0",
                 "--certify"},
                "--certify: --relays: requests with relays are not "
                "certified");
  ExpectRefused({"plan", "--costs", "2,3", "--counts", "3,3", "--algorithm",
                 "ptas", "--certify"},
                "--certify improves the runtime's answer");
}

}  // namespace
}  // namespace testing
}  // namespace hetcast

int main(int argc, char** argv) {
  return cli_testing::CliTestMain(argc, argv, "certify_cli_test");
}
