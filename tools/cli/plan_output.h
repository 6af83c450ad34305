// plan_output.h: text and JSON renderings of a node-model plan.
#ifndef HETCAST_TOOLS_CLI_PLAN_OUTPUT_H_
#define HETCAST_TOOLS_CLI_PLAN_OUTPUT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/explain.h"
#include "tools/cli/text_sink.h"

namespace hetcast {

// A planned node-model schedule, as the tools hold it.
struct NodePlan {
  std::vector<uint64_t> costs;
  // The types' names, by index (a table's profile names them; empty
  // without one), printed beside the indices ("type_names" in JSON); the
  // cluster model: the clusters' names ("cluster_names").
  std::vector<std::string> type_names;
  // Each canonical id's host (`plan --hosts`; empty without): the outputs
  // are labelled by host ("host" of each node in JSON).
  std::vector<std::string> host_names;
  hetcast_answer answer = {};
  std::vector<hetcast_node> nodes;          // Indexed by canonical id.
  std::vector<hetcast_transfer> transfers;  // Sorted by (start, from).
  // When set, replaces AlgorithmName(answer.algorithm) in the output, e.g.
  // "fnf-outside-table" for a table request that fell back to FNF.
  std::string algorithm_label;
  // Table plans: the profile used (printed as "profile" in JSON).
  std::string profile;
  // A PTAS table ("method":"ptas") or `plan --algorithm ptas`: eps, the
  // bisection or grid search, the factor, both completion times.
  std::string method;
  std::string epsilon;
  std::string search;
  std::optional<double> guarantee;
  std::optional<uint64_t> ptas_completion;
  std::optional<uint64_t> fnf_completion;
  // What --explain says (printed when `explain` is set).
  ExplainInput explain_input;
  bool explain = false;
  // One extra line for the text rendering (empty: none).
  std::string note;
  // "node" (hetcast_node.type is the node type) or "cluster" (it is the
  // processor's cluster; `costs` is unused).
  std::string model = "node";
  // Cluster multicast: nodes say whether they are members.
  bool multicast = false;
  // `plan --certify` answered (printed as "certified": true in JSON).
  bool certified = false;
};

// Short algorithm name used in JSON ("fnf", "table", "evaluated").
const char* AlgorithmName(hetcast_algorithm algorithm);

// The algorithm of `model` that `name` names (hetcast_model_algorithm), or
// HETCAST_ALGORITHM_NONE; `names` (optional) gets every name, in order.
hetcast_algorithm ModelAlgorithmByName(hetcast_model model,
                                       const std::string& name,
                                       std::vector<std::string>* names);

// A lower-bound kind's JSON name ("graph_ports") and a readable explanation.
const char* BoundName(hetcast_bound bound);
const char* BoundExplanation(hetcast_bound bound);

// {"model":"node","algorithm":...,"nodes":[...],"transfers":[...]}, one line
// (tables/cli_output.fbs, NodePlan).
absl::StatusOr<std::string> RenderJson(const NodePlan& plan);

// A readable tree: each node with id (or host), type, cost and arrival.
std::string RenderText(const NodePlan& plan);

// The request in words: "source gpu (type 0); destinations 3 gpu, 5 cpu
// and 2 edge (10, and the source makes 11 nodes)"; `brief`: "source gpu;
// destinations 3 gpu, 5 cpu and 2 edge". The cluster model: "source in
// home; processors 3 in home, 2 in rack-b and 1 in edge".
std::string RequestWords(const NodePlan& plan, bool brief);

// The plan written to `out` as it is made (plan_writer.h), JSON when
// `json`, else the readable tree. The command line's stdout: a plan of 10^7
// nodes is about a gigabyte of either.
absl::Status WritePlan(const NodePlan& plan, bool json, TextSink* out);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_OUTPUT_H_
