// ptas_flags.cc: see ptas_flags.h.
#include "tools/gen/ptas_flags.h"

#include <algorithm>

#include "absl/strings/str_format.h"

namespace hetcast {

absl::StatusOr<Epsilon> ParseEpsilon(absl::string_view text) {
  const auto bad = [&]() {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--epsilon: '%s' is not a decimal strictly between 0 and 1 with at "
        "most 6 digits after the point (e.g. 0.1)",
        text));
  };
  size_t i = 0;
  if (i < text.size() && text[i] == '0') ++i;
  if (i >= text.size() || text[i] != '.') return bad();
  ++i;
  const size_t digits = text.size() - i;
  if (digits == 0 || digits > 6) return bad();
  uint64_t numerator = 0;
  uint64_t denominator = 1;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return bad();
    numerator = numerator * 10 + static_cast<uint64_t>(text[i] - '0');
    denominator *= 10;
  }
  if (numerator == 0) return bad();
  const uint64_t g = std::__gcd(numerator, denominator);
  return Epsilon{numerator / g, denominator / g};
}

std::string FactorText(const Epsilon& eps, bool grid) {
  // (q+p)(q+3p)/q^2 (grid: times (q+p)/q) rounded up to two decimals, in
  // integers.
  const unsigned __int128 q = eps.denominator;
  const unsigned __int128 p = eps.numerator;
  unsigned __int128 num = (q + p) * (q + 3 * p) * 100;
  unsigned __int128 den = q * q;
  if (grid) {
    num *= q + p;
    den *= q;
  }
  const uint64_t hundredths = static_cast<uint64_t>((num + den - 1) / den);
  return absl::StrFormat("%d.%02d", hundredths / 100, hundredths % 100);
}

absl::StatusOr<TypedNodes> TypesFromNodeCosts(
    const std::vector<uint64_t>& node_costs) {
  if (node_costs.empty()) {
    return absl::InvalidArgumentError(
        "--node-costs: the list is empty (give the source's cost first)");
  }
  TypedNodes typed;
  typed.costs = node_costs;
  std::sort(typed.costs.begin(), typed.costs.end());
  typed.costs.erase(std::unique(typed.costs.begin(), typed.costs.end()),
                    typed.costs.end());
  if (typed.costs.size() > HETCAST_MAX_TYPES) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--node-costs: %d distinct costs; at most %d are supported",
        typed.costs.size(), HETCAST_MAX_TYPES));
  }
  typed.counts.assign(typed.costs.size(), 0);
  auto type_of = [&](uint64_t c) {
    return static_cast<uint32_t>(
        std::lower_bound(typed.costs.begin(), typed.costs.end(), c) -
        typed.costs.begin());
  };
  typed.source_type = type_of(node_costs[0]);
  for (size_t i = 1; i < node_costs.size(); ++i) {
    ++typed.counts[type_of(node_costs[i])];
  }
  return typed;
}

}  // namespace hetcast
