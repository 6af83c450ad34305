// face_minimum.cc: the optimal face's minimum by T fixed, or by a
// penalised objective checked to stay on the face.
#include "tools/graph/face_minimum.h"

#include <utility>

namespace hetcast {

absl::StatusOr<LpSolution> FixedPeriodFaceMinimum(
    const MulticastProgram& program, const mpq_class& period,
    const std::vector<size_t>& columns, const LpBasis* start,
    LpBasis* final_basis) {
  // Room for fix_T before the copy: mpq_class's move is not noexcept, so
  // a vector<Row> that grows deep-copies every row instead of moving it.
  LinearProgram lp;
  lp.columns = program.lp.columns;
  lp.rows.reserve(program.lp.rows.size() + 1);
  lp.rows = program.lp.rows;
  for (LinearProgram::Column& column : lp.columns) column.objective = 0;
  for (size_t column : columns) lp.columns[column].objective = 1;
  lp.AddRow("fix_T", {{program.period_column, 1}}, RowSense::kEqual, period);
  absl::StatusOr<LpSolution> solution = SolveExactLp(lp, start, final_basis);
  if (!solution.ok()) return solution.status();
  solution->x.resize(program.lp.columns.size());
  return solution;
}

// The penalty 1/1000, measured on BM_Heuristic<ReducedBroadcast>/65 (CPU,
// load 2-4; tests/graph/lp_benchmark.cc): its worst face LP, a
// Broadcast-EB of 19,353 rows whose minimum is 0, took 0.6 s so against
// 0.8-1.0 s by FixedPeriodFaceMinimum() from scratch (and 4.2-5.8 s by
// the primal simplex from the program's optimal vertex: some 4,000 pivots
// on the unscaled program, QSopt_ex does not scale from a given basis);
// every face LP of that run and of BM_Heuristic<AugmentedMulticast>/65
// stayed on the face. A penalty of 10^-6 took 3-75 s per LP: the
// floating-point solve misses the optimum and QSopt_ex goes on in higher
// precision.
absl::StatusOr<std::optional<LpSolution>> PenalisedFaceMinimum(
    const MulticastProgram& program, const mpq_class& period,
    const std::vector<size_t>& columns) {
  static const mpq_class kPenalty(1, 1000);
  LinearProgram lp = program.lp;
  for (LinearProgram::Column& column : lp.columns) column.objective = 0;
  for (size_t column : columns) lp.columns[column].objective = kPenalty;
  lp.columns[program.period_column].objective = 1;
  absl::StatusOr<LpSolution> solution = SolveExactLp(lp);
  if (!solution.ok()) return solution.status();
  if (solution->x[program.period_column] != period) return std::nullopt;
  solution->objective = 0;
  for (size_t column : columns) solution->objective += solution->x[column];
  return std::move(solution).value();
}

}  // namespace hetcast
