// limits_cli_test.cc: the real `hetcast` binary on accepted inputs that
// grow (README.md, "Limits"): what it prints stays linear in the answer,
// requests past a limit are refused before the work with a message naming
// the limit, and `render --plan` refuses plans no evaluator accepts. Sizes
// are small; wall time is never asserted (tools/experiments/limits.sh
// measures the limits themselves).
#include <sys/resource.h>

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

}  // namespace

int main(int argc, char** argv) {
  return cli_testing::CliTestMain(argc, argv, "limits_cli_test");
}
