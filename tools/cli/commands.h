// commands.h: what each `hetcast` subcommand accepts, and its help.
//
// One table lists, per subcommand (and per model for `plan`), its synopsis,
// the flags it accepts and two examples. Everything that must agree with
// it reads it: `hetcast help`, `hetcast CMD --help`, the unknown-flag
// suggestions, and the check that a flag belongs to the model asked for.
// Flag texts and defaults come from the flags themselves (flags.cc), so the
// help cannot drift from them.
#ifndef HETCAST_TOOLS_CLI_COMMANDS_H_
#define HETCAST_TOOLS_CLI_COMMANDS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace hetcast {

// Exit statuses of `hetcast`, documented in `hetcast help`.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;  // A bug, or the output not written.
inline constexpr int kExitBadInput = 2;  // Arguments or input files.

// CommandSpec
//
// One subcommand: `command` ("plan", "gen", "inspect", "render") and, for
// plan and render, the `model` ("node", "cluster", "nonblocking", "graph";
// empty otherwise). `flags` are the flag names as typed, without dashes.
struct CommandSpec {
  const char* command;
  const char* model;
  const char* synopsis;
  const char* summary;
  std::vector<const char*> flags;
  std::vector<const char*> examples;
  // {flag, help}: this command's own words for a flag whose text (flags.cc)
  // is written for another command (--profile is a name for plan, files
  // for gen).
  std::vector<std::pair<const char*, const char*>> flag_help = {};
};

// The spec of `command` with `model` (ignored unless the command has
// models), or nullptr for an unknown command or model.
const CommandSpec* FindCommand(absl::string_view command,
                               absl::string_view model);

// Whether `command` is a subcommand of `hetcast`.
bool IsCommand(absl::string_view command);

// `hetcast help`: the commands, the models and the exit statuses.
std::string OverviewHelp();

// `hetcast CMD --help`: synopsis, every flag with its default, examples.
std::string CommandHelp(const CommandSpec& spec);

// Every flag some subcommand accepts, with underscores ("source_type").
bool IsKnownFlag(absl::string_view name);

// "unknown flag '--arg'", with the closest known flag when one is near.
absl::Status UnknownFlagError(absl::string_view arg, absl::string_view name);

// OK when every flag in `given` (underscored names) belongs to `spec`;
// otherwise names the first that does not, and where it belongs.
absl::Status CheckFlagsBelong(const CommandSpec& spec,
                              const std::vector<std::string>& given);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_COMMANDS_H_
