// flags.h: the `hetcast` command line's flags (defined in flags.cc), shared
// by the subcommands, and the limits they all apply.
//
// The flags are read after tools/cli/args.h's ApplyFlags() has applied the
// arguments that follow the subcommand; each flag's help names the
// subcommands it belongs to.
#ifndef HETCAST_TOOLS_CLI_FLAGS_H_
#define HETCAST_TOOLS_CLI_FLAGS_H_

#include <cstdint>
#include <string>

#include "absl/flags/declare.h"

// plan, node model.
ABSL_DECLARE_FLAG(std::string, costs);
ABSL_DECLARE_FLAG(std::string, source_type);
ABSL_DECLARE_FLAG(std::string, counts);
ABSL_DECLARE_FLAG(std::string, relays);
ABSL_DECLARE_FLAG(std::string, node_costs);
ABSL_DECLARE_FLAG(std::string, hosts);
ABSL_DECLARE_FLAG(std::string, table);
ABSL_DECLARE_FLAG(std::string, epsilon);
ABSL_DECLARE_FLAG(std::string, search);
ABSL_DECLARE_FLAG(bool, certify);
// plan, every model.
ABSL_DECLARE_FLAG(std::string, model);
ABSL_DECLARE_FLAG(std::string, algorithm);
ABSL_DECLARE_FLAG(std::string, format);
ABSL_DECLARE_FLAG(bool, explain);
// plan --model cluster.
ABSL_DECLARE_FLAG(std::string, cluster_sizes);
ABSL_DECLARE_FLAG(std::string, inter_cost);
ABSL_DECLARE_FLAG(std::string, degrees);
ABSL_DECLARE_FLAG(std::string, matching);
ABSL_DECLARE_FLAG(bool, postal);
ABSL_DECLARE_FLAG(std::string, members);
ABSL_DECLARE_FLAG(std::string, cluster_names);
// plan --model nonblocking.
ABSL_DECLARE_FLAG(std::string, input);
// plan --model graph.
ABSL_DECLARE_FLAG(std::string, platform);
ABSL_DECLARE_FLAG(std::string, platform_xml);
ABSL_DECLARE_FLAG(uint64_t, message_bytes);
ABSL_DECLARE_FLAG(std::string, tick);
ABSL_DECLARE_FLAG(std::string, source);
ABSL_DECLARE_FLAG(std::string, targets);
ABSL_DECLARE_FLAG(std::string, mcph_update);
// gen (and plan --table's --profile).
ABSL_DECLARE_FLAG(std::string, profile);
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(int, threads);
ABSL_DECLARE_FLAG(std::string, method);
// inspect.
ABSL_DECLARE_FLAG(bool, fnf_stats);
// render.
ABSL_DECLARE_FLAG(std::string, to);
ABSL_DECLARE_FLAG(std::string, plan);

#endif  // HETCAST_TOOLS_CLI_FLAGS_H_
