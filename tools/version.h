// version.h: the one line every program prints for --version.
#ifndef HETCAST_TOOLS_VERSION_H_
#define HETCAST_TOOLS_VERSION_H_

#include <cstdio>
#include <string>

#include "runtime/include/hetcast/hetcast.h"

namespace hetcast {

// "PROGRAM (hetcast 0.4.0, C API 0.4.0, table schema 1)\n": the project's
// version is the C API's (HETCAST_VERSION_STRING); the schema is that of the
// table files the program reads or writes.
inline std::string VersionLine(const char* program) {
  return std::string(program) +
         " (hetcast " HETCAST_VERSION_STRING ", C API " HETCAST_VERSION_STRING
         ", table schema " +
         std::to_string(HETCAST_TABLE_SCHEMA_VERSION) + ")\n";
}

// Whether `arg` asks for the version.
inline bool IsVersionFlag(const std::string& arg) {
  return arg == "--version" || arg == "-version";
}

// Whether any argument asks for --help or --version (MPI programs: every
// rank stops, rank 0 answers with AnswerHelpOrVersion()).
inline bool AsksHelpOrVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-help" || arg == "-h" || IsVersionFlag(arg))
      return true;
  }
  return false;
}

// A small program's --help (`usage` on stdout) or --version, wherever among
// its arguments: true when it answered one (exit 0).
inline bool AnswerHelpOrVersion(int argc, char** argv, const char* program,
                                const char* usage) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      std::fputs(usage, stdout);
      return true;
    }
    if (IsVersionFlag(arg)) {
      std::fputs(VersionLine(program).c_str(), stdout);
      return true;
    }
  }
  return false;
}

}  // namespace hetcast

#endif  // HETCAST_TOOLS_VERSION_H_
