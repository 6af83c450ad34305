// flags.cc: the definitions of the `hetcast` command line's flags (flags.h).
#include "tools/cli/flags.h"

#include <string>

#include "absl/flags/flag.h"

ABSL_FLAG(std::string, costs, "",
          "Send cost in ticks of each node type, e.g. 2,3 (each >= 1).");
ABSL_FLAG(std::string, source_type, "0",
          "Type of the source: its index, 0 to k - 1 (k types), or with "
          "--table its name in the profile; when --counts is given without "
          "it, the source is of type 0 and a note on stderr says so.");
ABSL_FLAG(std::string, counts, "",
          "Destinations of each type, not counting the source, e.g. 4,7 "
          "(one entry per type): 4 + 7 destinations and the source make 12 "
          "nodes; with --table also by type name, e.g. gpu=4,cpu=7 (types "
          "left out: 0).");
ABSL_FLAG(std::string, relays, "",
          "Optional relay nodes of each type: they may forward, need not "
          "receive (with --table also by name, e.g. cpu=2).");
ABSL_FLAG(std::string, hosts, "",
          "plan --table: the machines instead of --counts and --source-type: "
          "a file with one line per host, 'HOST TYPE' (a type name of the "
          "profile); --source names the sending host. The output is "
          "labelled by host.");
ABSL_FLAG(std::string, format, "text", "Output format: text or json.");
ABSL_FLAG(std::string, table, "",
          "plan: answer from this table file (@default: the embedded one).");
ABSL_FLAG(std::string, profile, "",
          "plan: profile name within --table (default: the first); gen: "
          "comma-separated profile JSON files.");
ABSL_FLAG(std::string, out, "", "gen: the table file to write.");
ABSL_FLAG(int, threads, 0, "gen: worker threads (0 = every core).");
ABSL_FLAG(std::string, method, "auto",
          "gen: auto (exact DP unless its estimated work is too large, then "
          "the PTAS), exact or ptas.");
ABSL_FLAG(std::string, model, "node",
          "plan: node (heterogeneous node model), cluster (two-level "
          "clusters), nonblocking (multi-source, non-blocking sends) or "
          "graph (pipelined multicast on a platform graph).");
ABSL_FLAG(std::string, cluster_sizes, "",
          "plan --model cluster: processors per cluster, source in the first.");
ABSL_FLAG(std::string, inter_cost, "",
          "plan --model cluster: ticks per inter-cluster transfer (C >= 1).");
ABSL_FLAG(std::string, algorithm, "",
          "plan: pins the algorithm (default: the planner's choice); node: "
          "fnf, table or ptas; cluster: lcf, eager, flat, interleaved, "
          "bounded-degree or bounded-size; nonblocking: wrp, critical-first, "
          "wr, ecf or fef; "
          "graph: mcph, lb, ub, broadcast, reduced-broadcast, "
          "augmented-multicast, augmented-sources or best.");
ABSL_FLAG(std::string, degrees, "",
          "plan --model cluster: bounded degree d_i per cluster.");
ABSL_FLAG(std::string, matching, "",
          "plan --model cluster: at most B inter-cluster transfers at once.");
ABSL_FLAG(bool, postal, false, "plan --model cluster: postal model.");
ABSL_FLAG(std::string, members, "",
          "plan --model cluster: multicast members per cluster.");
ABSL_FLAG(std::string, cluster_names, "",
          "plan --model cluster: a name per cluster, e.g. rack1,rack2 (the "
          "outputs name the clusters by them).");
ABSL_FLAG(std::string, input, "",
          "plan: the request JSON file (--model nonblocking: "
          "tables/nonblocking_request.fbs; node, cluster: "
          "tables/model_request.fbs, instead of the request flags).");
ABSL_FLAG(std::string, platform, "",
          "plan --model graph: the platform JSON file (tables/platform.fbs).");
ABSL_FLAG(std::string, platform_xml, "",
          "plan --model graph: a SimGrid platform XML file (version 4.1, one "
          "Full zone, one-link routes) instead of --platform; needs --source, "
          "--targets, --message-bytes and --tick.");
ABSL_FLAG(uint64_t, message_bytes, 0,
          "plan --model graph --platform-xml: the message size in bytes.");
ABSL_FLAG(std::string, tick, "",
          "plan --model graph --platform-xml: the length of a tick with its "
          "unit, e.g. 1us; an edge costs ceil((latency + bytes / bandwidth) "
          "/ tick) ticks.");
ABSL_FLAG(std::string, source, "",
          "plan --hosts: the host that sends; plan --model graph: the "
          "source's name, instead of the file's (given empty: refused).");
ABSL_FLAG(std::string, targets, "",
          "plan --model graph: the targets' names, e.g. a,b,c, instead of the "
          "file's (given empty: refused).");
ABSL_FLAG(std::string, mcph_update, "prose",
          "plan --model graph: MCPH's cost update, prose (as Beaumont et al. "
          "§6 intend) or literal (as Fig. 9 prints it).");
ABSL_FLAG(std::string, epsilon, "0.1",
          "plan --algorithm ptas: eps in (0, 1); the schedule is within "
          "(1 + eps)(1 + 3 eps) of the optimum.");
ABSL_FLAG(std::string, search, "bisection",
          "plan --algorithm ptas: bisection (default; factor (1 + eps)(1 + 3 "
          "eps)) or grid (the paper's (1 + eps) grid; (1 + eps)^2 (1 + 3 "
          "eps)).");
ABSL_FLAG(std::string, node_costs, "",
          "plan: per-node costs instead of --costs/--counts/--source-type: "
          "the source first, then every destination, e.g. 3,1,1,2,7.");
ABSL_FLAG(bool, fnf_stats, true,
          "inspect: compare FNF with the table on every state (on a sample "
          "of count vectors when that would plan more than 2^23 nodes).");
ABSL_FLAG(bool, explain, false,
          "plan: say which algorithm answered and why, its guarantee and the "
          "paper behind it, the lower bound and the gap.");
ABSL_FLAG(bool, certify, false,
          "plan --model node: improve the answer and prove it close to "
          "optimal with the tools' pipeline (deadline rule and local search, "
          "counting LP bound; docs/models.md); no relays, at "
          "most 10000 destinations and 32 types with destinations.");
ABSL_FLAG(std::string, to, "svg",
          "render: svg (a Gantt chart) or dot (Graphviz: the tree, or the "
          "multi-source deliveries).");
ABSL_FLAG(std::string, plan, "",
          "render: a plan as `hetcast plan --format json` prints it ('-': "
          "stdin), instead of planning from the request flags.");
