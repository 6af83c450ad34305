// ptas_flags.h: the PTAS's command-line inputs: --epsilon as an exact
// fraction and the guarantee it gives, and --node-costs (a cost per node)
// as a typed request.
#ifndef HETCAST_TOOLS_GEN_PTAS_FLAGS_H_
#define HETCAST_TOOLS_GEN_PTAS_FLAGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/gen/ptas.h"

namespace hetcast {

// Parses a decimal in (0, 1) with at most 6 digits after the point
// ("0.1", ".25"); anything else (NaN, inf, <= 0, >= 1, exponents, junk) is
// an InvalidArgument naming --epsilon.
absl::StatusOr<Epsilon> ParseEpsilon(absl::string_view text);

// The guaranteed factor (1 + eps)(1 + 3 eps) as "1.43" (rounded up); with
// `grid`, the paper's (1 + eps)^2 (1 + 3 eps).
std::string FactorText(const Epsilon& eps, bool grid = false);

// A plain list of per-node costs (entry 0 is the source, the rest are the
// destinations) as a typed request: one type per distinct cost, ascending.
struct TypedNodes {
  std::vector<uint64_t> costs;
  uint32_t source_type = 0;
  std::vector<uint64_t> counts;
};
absl::StatusOr<TypedNodes> TypesFromNodeCosts(
    const std::vector<uint64_t>& node_costs);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_PTAS_FLAGS_H_
