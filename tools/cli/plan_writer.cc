// plan_writer.cc: see plan_writer.h.
#include "tools/cli/plan_writer.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli/plan_output.h"

namespace hetcast {

PlanWriter::PlanWriter(bool json, TextSink* out)
    : out_(out), json_(json ? std::make_unique<JsonWriter>(out) : nullptr) {}

void PlanWriter::Head(absl::string_view model, absl::string_view algorithm,
                      bool exact) {
  if (json()) {
    json_->StartObject();
    json_->Str("model", model);
    json_->Str("algorithm", algorithm);
    json_->Bool("exact", exact);
    return;
  }
  out_->Append(absl::StrCat("model: ", model, "    algorithm: ", algorithm,
                            "    exact: ", exact ? "yes" : "no", "\n"));
}

void PlanWriter::TimedAnswer(const hetcast_answer& answer,
                             const std::string* tick) {
  if (json()) {
    if (tick != nullptr) json_->Str("tick", *tick);
    json_->U64("completion_time", answer.completion_time);
    json_->U64("lower_bound", answer.lower_bound);
    json_->Str("lower_bound_kind", BoundName(answer.lower_bound_kind));
    return;
  }
  out_->Append(absl::StrFormat(
      "completion time: %d%s\nlower bound: %d (%s)\n", answer.completion_time,
      tick == nullptr ? std::string() : absl::StrCat(" ", *tick),
      answer.lower_bound, BoundExplanation(answer.lower_bound_kind)));
}

void PlanWriter::Explain(const Explanation& explanation) {
  if (json()) {
    WriteExplain(explanation, json_.get());
    return;
  }
  out_->Append(absl::StrCat("explain: ", explanation.text, "\n"));
}

absl::Status PlanWriter::Finish() {
  if (!json()) return absl::OkStatus();
  json_->EndObject();
  return json_->Finish().status();
}

absl::StatusOr<std::string> WrittenPlan(
    bool json, const std::function<void(PlanWriter*)>& write) {
  StringSink sink;
  PlanWriter out(json, &sink);
  write(&out);
  const absl::Status finished = out.Finish();
  if (!finished.ok()) return finished;
  return std::move(sink.text());
}

}  // namespace hetcast
