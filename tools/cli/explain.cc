// explain.cc: the planner's answer as a reason, a guarantee and a gap.
#include "tools/cli/explain.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli/plan_output.h"

namespace hetcast {
namespace {

const char* ModelName(hetcast_model model) {
  switch (model) {
    case HETCAST_MODEL_CLUSTER:
      return "cluster";
    case HETCAST_MODEL_NONBLOCKING:
      return "multi-source";
    case HETCAST_MODEL_GRAPH:
      return "graph";
    default:
      return "node";
  }
}

const char* ChoiceName(hetcast_choice choice) {
  switch (choice) {
    case HETCAST_CHOICE_PINNED:
      return "pinned";
    case HETCAST_CHOICE_TABLE:
      return "table";
    case HETCAST_CHOICE_NO_TABLE:
      return "no_table";
    case HETCAST_CHOICE_NO_MATCHING_PROFILE:
      return "no_matching_profile";
    case HETCAST_CHOICE_OUTSIDE_TABLE:
      return "outside_table";
    case HETCAST_CHOICE_MODEL:
      break;
  }
  return "model";
}

// Why the planner chose what it did, as a clause.
std::string Reason(const ExplainInput& in) {
  const std::string request =
      in.request.empty() ? std::string("the request")
                         : absl::StrCat("the request (", in.request, ")");
  switch (in.info.choice) {
    case HETCAST_CHOICE_PINNED:
      return in.request.empty()
                 ? "--algorithm pinned it"
                 : absl::StrCat("--algorithm pinned it for ", request);
    case HETCAST_CHOICE_TABLE:
      return absl::StrFormat(
          "%s is within the limits of table profile '%s', which "
          "holds its schedule%s",
          request, in.profile,
          in.info.answer.exact ? " (optimal: exact dynamic program)" : "");
    case HETCAST_CHOICE_NO_TABLE:
      return "no table was given, so the node model's fallback, FNF with "
             "the relay search, answered";
    case HETCAST_CHOICE_NO_MATCHING_PROFILE:
      return "no profile of the table has the request's types and costs, so "
             "FNF answered";
    case HETCAST_CHOICE_OUTSIDE_TABLE:
      return absl::StrCat(request,
                          " exceeds the limits of every profile with its "
                          "types and costs, so FNF answered");
    case HETCAST_CHOICE_MODEL:
      break;
  }
  return absl::StrFormat(
      "it is the %s model's algorithm for %s", ModelName(in.info.model),
      in.request.empty() ? "the request's constraints" : request);
}

// "completion <= 3/2 OPT + 7", and its parts.
void Guarantee(const ExplainInput& in, Explanation* out) {
  const hetcast_plan_info& info = in.info;
  out->guarantee_source = info.guarantee_source == nullptr
                              ? std::string()
                              : std::string(info.guarantee_source);
  if (info.factor_denominator != 0) {
    out->guarantee_factor =
        absl::StrCat(info.factor_numerator, "/", info.factor_denominator);
    out->guarantee_additive = info.additive;
  } else if (!in.decimal_factor.empty()) {
    out->guarantee_factor = in.decimal_factor;
  }
  if (out->guarantee_factor.empty()) {
    out->guarantee = "none";
    return;
  }
  if (out->guarantee_factor == "1/1" &&
      out->guarantee_additive.value_or(0) == 0) {
    out->guarantee = "optimal";
    return;
  }
  out->guarantee =
      absl::StrCat("completion <= ", out->guarantee_factor, " OPT");
  if (out->guarantee_additive.value_or(0) != 0) {
    absl::StrAppend(&out->guarantee, " + ", *out->guarantee_additive);
  }
}

// Graph model: period - bound = (pn bd - bn pd) / (pd bd), reduced; the
// products fit 128 bits. "?" in the rare case the reduced fraction does
// not fit 64-bit terms.
std::string GapFraction(const hetcast_graph_answer& g) {
  using u128 = unsigned __int128;
  const u128 left =
      static_cast<u128>(g.period_numerator) * g.lower_bound_denominator;
  const u128 right =
      static_cast<u128>(g.lower_bound_numerator) * g.period_denominator;
  u128 num = left > right ? left - right : 0;
  u128 den =
      static_cast<u128>(g.period_denominator) * g.lower_bound_denominator;
  u128 a = num, b = den;  // Euclid.
  while (b != 0) {
    const u128 r = a % b;
    a = b;
    b = r;
  }
  if (a > 1) {
    num /= a;
    den /= a;
  }
  if (num > UINT64_MAX || den > UINT64_MAX) return "?";
  return absl::StrCat(static_cast<uint64_t>(num), "/",
                      static_cast<uint64_t>(den));
}

// The certified gap as a percentage, "p.qq%": 100 * excess / base rounded
// up to hundredths (never understated: the bound is at most the optimum,
// so the answer is at most this far above it). Empty when base is 0 with a
// positive excess, or when the terms do not fit.
std::string GapPercent(unsigned __int128 excess, unsigned __int128 base) {
  using u128 = unsigned __int128;
  if (excess == 0) return "0.00%";
  if (base == 0 || excess > ~u128{0} / 10000) return std::string();
  const u128 scaled = excess * 10000;
  const u128 hundredths = scaled / base + (scaled % base != 0 ? 1 : 0);
  if (hundredths > UINT64_MAX) return std::string();
  const uint64_t h = static_cast<uint64_t>(hundredths);
  return absl::StrFormat("%d.%02d%%", h / 100, h % 100);
}

// " (certified: at most 4.17% above the optimum)", or nothing.
std::string PercentClause(const std::string& percent) {
  if (percent.empty() || percent == "0.00%") return std::string();
  return absl::StrCat(" (certified: at most ", percent, " above the optimum)");
}

// The lower bound, and how far the answer may be from the optimum.
std::string BoundSentence(const ExplainInput& in, Explanation* out) {
  const hetcast_plan_info& info = in.info;
  if (info.model == HETCAST_MODEL_GRAPH) {
    const hetcast_graph_answer& g = info.graph;
    out->gap_fraction = GapFraction(g);
    using u128 = unsigned __int128;
    const u128 period =
        static_cast<u128>(g.period_numerator) * g.lower_bound_denominator;
    const u128 bound =
        static_cast<u128>(g.lower_bound_numerator) * g.period_denominator;
    out->gap_percent = GapPercent(period > bound ? period - bound : 0, bound);
    return absl::StrFormat(
        "Period per message %d/%d ticks; lower bound %d/%d (%s); gap %s%s.",
        g.period_numerator, g.period_denominator, g.lower_bound_numerator,
        g.lower_bound_denominator, out->lower_bound_source, out->gap_fraction,
        PercentClause(out->gap_percent));
  }
  const hetcast_answer& a = info.answer;
  out->gap =
      a.completion_time > a.lower_bound ? a.completion_time - a.lower_bound : 0;
  out->gap_percent = GapPercent(*out->gap, a.lower_bound);
  return absl::StrFormat(
      "Completion %d ticks; lower bound %d (%s); gap %d tick%s%s%s.",
      a.completion_time, a.lower_bound, out->lower_bound_source, *out->gap,
      *out->gap == 1 ? "" : "s", PercentClause(out->gap_percent),
      *out->gap == 0 ? ", so the schedule is optimal" : "");
}

}  // namespace

ExplainInput FromPlanInfo(const hetcast_plan_info& info) {
  ExplainInput in;
  in.info = info;
  const hetcast_algorithm algorithm = info.model == HETCAST_MODEL_GRAPH
                                          ? info.graph.algorithm
                                          : info.answer.algorithm;
  in.algorithm = AlgorithmName(algorithm);
  return in;
}

Explanation Explain(const ExplainInput& in) {
  Explanation out;
  out.choice = ChoiceName(in.info.choice);
  out.reason =
      in.improved.empty()
          ? Reason(in)
          : absl::StrCat("--certify improved ", in.improved,
                         " with deadline-aware receive orders and a local "
                         "search");
  Guarantee(in, &out);
  const hetcast_bound kind = in.info.model == HETCAST_MODEL_GRAPH
                                 ? in.info.graph.lower_bound_kind
                                 : in.info.answer.lower_bound_kind;
  out.lower_bound_kind = BoundName(kind);
  out.lower_bound_source = BoundExplanation(kind);
  const std::string bound = BoundSentence(in, &out);
  out.text = absl::StrFormat(
      "Algorithm %s answered %s%s. Guarantee: %s%s. %s", in.algorithm,
      in.improved.empty() ? "because " : "as ", out.reason, out.guarantee,
      out.guarantee_source.empty()
          ? std::string()
          : absl::StrCat(" (", out.guarantee_source, ")"),
      bound);
  return out;
}

void WriteExplain(const Explanation& e, JsonWriter* json) {
  json->StartObject("explain");
  json->Str("choice", e.choice);
  json->Str("reason", e.reason);
  json->Str("guarantee", e.guarantee);
  if (!e.guarantee_factor.empty()) {
    json->Str("guarantee_factor", e.guarantee_factor);
  }
  if (e.guarantee_additive) {
    json->U64("guarantee_additive", *e.guarantee_additive);
  }
  if (!e.guarantee_source.empty()) {
    json->Str("guarantee_source", e.guarantee_source);
  }
  json->Str("lower_bound_kind", e.lower_bound_kind);
  json->Str("lower_bound_source", e.lower_bound_source);
  if (e.gap) json->U64("gap", *e.gap);
  if (!e.gap_fraction.empty()) json->Str("gap_fraction", e.gap_fraction);
  if (!e.gap_percent.empty()) json->Str("gap_percent", e.gap_percent);
  json->Str("text", e.text);
  json->EndObject();
}

}  // namespace hetcast
