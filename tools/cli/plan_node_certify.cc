// plan_node_certify.cc: `hetcast plan --certify` (plan_node_certify.h).
#include "tools/cli/plan_node_certify.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/gen/certified_node_answer.h"

namespace hetcast {
namespace {

// The improved structure re-timed by the evaluator, in canonical ids, as
// the plan's nodes, transfers and answer.
absl::Status TakeSchedule(const hetcast_node_request& request,
                          const std::vector<hetcast_send>& sends,
                          NodePlan* plan) {
  hetcast_node_sizes sizes;
  size_t bytes = 0;
  hetcast_status status = hetcast_node_plan_sizes(&request, &sizes, nullptr);
  if (status == HETCAST_OK) {
    status = hetcast_node_evaluate_workspace_size(&request, sends.size(),
                                                  &bytes, nullptr);
  }
  std::vector<unsigned char> workspace(bytes);
  std::vector<hetcast_node> nodes(sizes.node_count);
  std::vector<hetcast_transfer> transfers(sends.size());
  hetcast_answer answer;
  if (status == HETCAST_OK) {
    status = hetcast_node_evaluate_canonical(
        &request, sends.data(), sends.size(), workspace.data(), bytes,
        nodes.data(), nodes.size(), transfers.data(), transfers.size(), &answer,
        nullptr);
  }
  if (status != HETCAST_OK) {
    return absl::InternalError(
        absl::StrCat("--certify: the evaluator refused the improved schedule: ",
                     hetcast_status_str(status)));
  }
  transfers.resize(answer.transfer_count);
  plan->answer = answer;
  plan->nodes = std::move(nodes);
  plan->transfers = std::move(transfers);
  return absl::OkStatus();
}

// What --certify did, for the text output.
std::string CertifyNote(const CertifiedNodeAnswer& c, const NodePlan& plan) {
  std::string note = absl::StrFormat(
      "certified (--certify): completion %d (FNF %d), lower bound %d (%s)",
      plan.answer.completion_time, c.fnf_completion, plan.answer.lower_bound,
      BoundName(plan.answer.lower_bound_kind));
  if (c.lp_skipped) {
    const CertifyOptions limits;
    absl::StrAppend(
        &note, absl::StrFormat("; counting LP skipped: %d ticks, over %d and "
                               "over %d columns",
                               c.lp_ticks, limits.lp_ticks_always,
                               limits.max_lp_columns));
  }
  return plan.note.empty() ? note : absl::StrCat(plan.note, "; ", note);
}

}  // namespace

absl::Status CheckCertifiable(const hetcast_node_request& request,
                              const FieldNames& name) {
  uint64_t destinations = 0, types = 0;
  for (size_t j = 0; j < request.type_count; ++j) {
    if (request.relay_counts != nullptr && request.relay_counts[j] > 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--certify: %s: requests with relays are not certified (the "
          "improved schedules do not place relays); leave out --certify or "
          "the relays",
          name("relays")));
    }
    destinations += request.destination_counts[j];
    types += request.destination_counts[j] > 0 ? 1 : 0;
  }
  if (destinations > kCertifyMaxDestinations) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--certify: %s: %d destinations; --certify plans at most %d",
        name("counts"), destinations, kCertifyMaxDestinations));
  }
  if (types > kCertifyMaxTypes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--certify: %s: %d types with destinations; --certify plans at most "
        "%d",
        name("counts"), types, kCertifyMaxTypes));
  }
  return absl::OkStatus();
}

absl::StatusOr<NodePlan> CertifyPlan(const hetcast_node_request& request,
                                     NodePlan plan) {
  if (plan.answer.exact) {
    const std::string note =
        "certified (--certify): the answer is already proven optimal";
    plan.note = plan.note.empty() ? note : absl::StrCat(plan.note, "; ", note);
    plan.certified = true;
    return plan;
  }
  absl::StatusOr<CertifiedNodeAnswer> c =
      CertifyNodeAnswer(request, plan.answer, CertifyOptions());
  if (!c.ok()) return c.status();
  if (c->completion < plan.answer.completion_time) {
    plan.explain_input.improved =
        absl::StrFormat("%s's %d-tick schedule", plan.explain_input.algorithm,
                        plan.answer.completion_time);
    absl::Status taken = TakeSchedule(request, c->sends, &plan);
    if (!taken.ok()) return taken;
    if (plan.answer.completion_time != c->completion) {
      return absl::InternalError(
          "--certify: the evaluator's completion differs from the search's");
    }
    plan.algorithm_label = "fnf-improved";
  }
  hetcast_answer& answer = plan.answer;
  answer.lower_bound = c->lower_bound;
  answer.lower_bound_kind = c->lower_bound_kind;
  answer.exact = answer.lower_bound == answer.completion_time ? 1 : 0;
  plan.fnf_completion = c->fnf_completion;
  plan.certified = true;
  plan.explain_input.info.answer = answer;
  if (!plan.algorithm_label.empty()) {
    plan.explain_input.algorithm = plan.algorithm_label;
  }
  plan.note = CertifyNote(*c, plan);
  return plan;
}

const NodeCertifier kNodeCertifier = {CheckCertifiable, CertifyPlan};

}  // namespace hetcast
