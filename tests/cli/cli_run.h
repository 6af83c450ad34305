// cli_run.h: runs the real `hetcast` binary for the CLI tests and captures
// its exit status, stdout and stderr.
#ifndef HETCAST_TESTS_CLI_CLI_RUN_H_
#define HETCAST_TESTS_CLI_CLI_RUN_H_

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace cli_testing {

// The binary under test: the tests' main sets it from argv[1].
inline std::string* binary_path = nullptr;

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// Arguments are single-quoted for the shell; none of ours contain quotes.
inline CliRun RunCli(const std::vector<std::string>& args) {
  const std::string dir = ::testing::TempDir();
  const std::string out_path = dir + "/cli_out.txt";
  const std::string err_path = dir + "/cli_err.txt";
  std::string command = "'" + *binary_path + "'";
  for (const std::string& arg : args) command += " '" + arg + "'";
  command += " >'" + out_path + "' 2>'" + err_path + "'";
  const int status = std::system(command.c_str());
  CliRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = ReadFile(out_path);
  run.err = ReadFile(err_path);
  return run;
}

// The tests' main: `test_name PATH_TO_HETCAST [gtest flags]`.
inline int CliTestMain(int argc, char** argv, const char* test_name) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PATH_TO_HETCAST\n", test_name);
    return 2;
  }
  binary_path = new std::string(argv[1]);
  return RUN_ALL_TESTS();
}

}  // namespace cli_testing

#endif  // HETCAST_TESTS_CLI_CLI_RUN_H_
