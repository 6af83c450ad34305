// explain.h: `hetcast plan --explain`: which algorithm answered and why,
// what it guarantees and on which result of which paper, the lower bound
// and the gap, from the planner's typed answer (hetcast_plan_info).
#ifndef HETCAST_TOOLS_CLI_EXPLAIN_H_
#define HETCAST_TOOLS_CLI_EXPLAIN_H_

#include <cstdint>
#include <optional>
#include <string>

#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/json_output.h"

namespace hetcast {

// What the explanation is made of: the planner's answer, or (the PTAS,
// which the CLI runs itself) the same fields filled by the caller.
struct ExplainInput {
  hetcast_plan_info info = {};
  std::string algorithm;  // As the output names it ("fnf-outside-table").
  std::string profile;    // The table profile that answered, if any.
  // The request in words, by type name (RequestWords()); empty: "the
  // request".
  std::string request;
  // A guarantee given as a decimal factor (the PTAS's "1.43"), when the
  // info's fraction is 0 / 0.
  std::string decimal_factor;
  // --certify's improvement of the planner's answer: "FNF's 10-tick
  // schedule" (empty when it kept the answer).
  std::string improved;
};

// The explanation as typed fields, and as one paragraph (`text`).
struct Explanation {
  std::string choice;  // pinned, table, no_table, ... (hetcast_choice).
  std::string reason;
  // "completion <= 3/2 OPT", "optimal" (factor 1/1) or "none".
  std::string guarantee;
  std::string guarantee_factor;
  std::optional<uint64_t> guarantee_additive;
  std::string guarantee_source;
  std::string lower_bound_kind;
  std::string lower_bound_source;
  std::optional<uint64_t> gap;  // Ticks; graph model: gap_fraction.
  std::string gap_fraction;
  // (completion - bound) / bound as "p.qq%", rounded up; every model.
  std::string gap_percent;
  std::string text;
};

// The hetcast_plan_info was filled by hetcast_plan() for `info.model`.
ExplainInput FromPlanInfo(const hetcast_plan_info& info);

Explanation Explain(const ExplainInput& input);

// The explanation as the member "explain" of the object `json` is writing.
void WriteExplain(const Explanation& explanation, JsonWriter* json);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_EXPLAIN_H_
