// plan_writer.h: the one writer of `hetcast plan`'s output, for every
// model, as text or as JSON (--format), into a TextSink as it is made.
// Each model's renderer (plan_output.cc: node and cluster;
// plan_nonblocking.cc; plan_graph.cc: MCPH; plan_graph_lp.cc: the LPs)
// says what its plan holds through it, and what every model's output shares
// is written here once: the head (model, algorithm, exactness), the
// completion and lower bound of a timed answer, --explain, the document's
// end.
//
//   StringSink sink;
//   PlanWriter out(/*json=*/false, &sink);
//   out.Head("node", "fnf", /*exact=*/false);
//   out.TimedAnswer(answer, /*tick=*/nullptr);
//   out.Text("tree (children in send order):\n");  // Text only.
//   out.Explain(explanation);
//   absl::Status written = out.Finish();
#ifndef HETCAST_TOOLS_CLI_PLAN_WRITER_H_
#define HETCAST_TOOLS_CLI_PLAN_WRITER_H_

#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/cli/explain.h"
#include "tools/cli/json_output.h"
#include "tools/cli/text_sink.h"

namespace hetcast {

class PlanWriter {
 public:
  // JSON when `json`, else text; `out` must outlive the writer.
  PlanWriter(bool json, TextSink* out);

  bool json() const { return json_ != nullptr; }
  // The JSON document's writer (JSON only), for a model's own members.
  JsonWriter* Json() { return json_.get(); }
  // Appends a model's own text (text only).
  void Text(absl::string_view text) { out_->Append(text); }

  // Text "model: M    algorithm: A    exact: yes|no\n"; JSON opens the
  // document with "model", "algorithm" and "exact".
  void Head(absl::string_view model, absl::string_view algorithm, bool exact);

  // Text "completion time: T[ TICK]\nlower bound: L (why)\n"; JSON "tick"
  // (when given), "completion_time", "lower_bound", "lower_bound_kind".
  void TimedAnswer(const hetcast_answer& answer, const std::string* tick);

  // --explain: text "explain: ...\n"; JSON the "explain" member.
  void Explain(const Explanation& explanation);

  // JSON closes the document (one line); an internal error when the
  // members did not make one complete document.
  absl::Status Finish();

 private:
  TextSink* out_;
  std::unique_ptr<JsonWriter> json_;
};

// The output `write` makes, whole, as a string: for the models whose plans
// are small by construction (multi-source, graph).
absl::StatusOr<std::string> WrittenPlan(
    bool json, const std::function<void(PlanWriter*)>& write);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_PLAN_WRITER_H_
