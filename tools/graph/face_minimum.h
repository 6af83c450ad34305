// face_minimum.h: the least value of a sum of columns over the optimal
// face of a solved MulticastProgram (the LP heuristics' scores,
// lp_heuristics.cc: the flow into a candidate, minimised over every
// optimum of the ranking program), by two exact LPs.
//
//   // T* = bound.period; columns: the flow into node m
//   absl::StatusOr<LpSolution> s =
//       FixedPeriodFaceMinimum(program, T*, columns, nullptr, nullptr);
//   // s->objective: the minimum; s->x: an optimum of `program` reaching it
#ifndef HETCAST_TOOLS_GRAPH_FACE_MINIMUM_H_
#define HETCAST_TOOLS_GRAPH_FACE_MINIMUM_H_

#include <gmpxx.h>

#include <cstddef>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/graph/exact_lp.h"
#include "tools/graph/multicast_lp.h"

namespace hetcast {

// FixedPeriodFaceMinimum()
//
// minimise the sum of `columns` subject to `program`'s rows and T = the
// program's optimum `period` (a row "fix_T" appended): the definition of
// the face minimum. Its objective is the minimum; its x, cut to the
// program's columns, an optimum of the program. `start` (rows: the
// program's plus fix_T), when set, starts the primal simplex: the
// program's optimal basis with fix_T basic is one, and so is any optimal
// basis of another face LP of the same program; null: the dual simplex
// from scratch. `final_basis`, when set, gets the optimal basis.
absl::StatusOr<LpSolution> FixedPeriodFaceMinimum(
    const MulticastProgram& program, const mpq_class& period,
    const std::vector<size_t>& columns, const LpBasis* start,
    LpBasis* final_basis);

// PenalisedFaceMinimum()
//
// The same minimum from `program` with objective T + sum(columns) / 1000,
// solved from scratch, when its optimum keeps T = `period` (then it is on
// the optimal face, and no point z of the face has a smaller sum: T* +
// sum(z) / 1000 would be less): that optimum with the sum as its
// objective. nullopt when the optimum leaves the face (the penalty too
// large for this program).
absl::StatusOr<std::optional<LpSolution>> PenalisedFaceMinimum(
    const MulticastProgram& program, const mpq_class& period,
    const std::vector<size_t>& columns);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_FACE_MINIMUM_H_
