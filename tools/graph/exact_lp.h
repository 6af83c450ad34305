// exact_lp.h: a small interface for exact linear programs in GMP rationals,
// solved by QSopt_ex (GPL-3+; tools only, never the runtime: README.md,
// "LP bounds and licence"), each reported optimum checked by a certificate
// of our own (lp_certificate.cc) before anyone sees it.
//
//   LinearProgram lp;
//   const size_t x = lp.AddColumn("x", 1);         // minimise x
//   lp.AddRow("r", {{x, 2}}, RowSense::kGreaterEqual, 3);
//   absl::StatusOr<LpSolution> s = SolveExactLp(lp);  // s->objective: 3/2
#ifndef HETCAST_TOOLS_GRAPH_EXACT_LP_H_
#define HETCAST_TOOLS_GRAPH_EXACT_LP_H_

#include <gmpxx.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace hetcast {

enum class RowSense { kLessEqual, kEqual, kGreaterEqual };

// LinearProgram
//
// minimise sum_j objective[j] * x_j subject to, for every row r,
// sum_j a_rj x_j (<=, =, >=) rhs_r, and x_j >= 0 for every column: every
// variable of the paper's programs is non-negative, so no other bound is
// offered. Names are what the CPLEX LP file shows (letters, digits, '_',
// '.', not starting with a digit or '.').
struct LinearProgram {
  struct Column {
    std::string name;
    mpq_class objective;
  };
  struct Row {
    std::string name;
    std::vector<std::pair<size_t, mpq_class>> terms;  // (column, a_rj)
    RowSense sense;
    mpq_class rhs;
  };
  std::vector<Column> columns;
  std::vector<Row> rows;

  size_t AddColumn(std::string name, mpq_class objective);
  size_t AddRow(std::string name,
                std::vector<std::pair<size_t, mpq_class>> terms, RowSense sense,
                mpq_class rhs);
};

// A simplex basis in QSopt_ex's terms: one status character per column
// and per row ('0' at lower bound, '1' basic, '2' at upper bound). Only a
// starting point: it never changes which optimum is proved, and a basis
// that does not fit the program is ignored.
struct LpBasis {
  std::string column_status;
  std::string row_status;
};

// An optimum with the duals that prove it: x (one value per column), y
// (one per row; the multipliers of the dual max rhs.y s.t. A^T y <= c, with
// y_r >= 0 on >= rows and y_r <= 0 on <= rows) and the objective value.
struct LpSolution {
  std::vector<mpq_class> x;
  std::vector<mpq_class> y;
  mpq_class objective;
};

// SolveExactLp()
//
// Solves `lp` exactly with QSopt_ex and checks the optimum it reports with
// CheckLpCertificate(). Anything but a checked optimum is an InternalError
// naming the reason ("the LP is infeasible", "... unbounded", a solver
// error, the certificate's failure): the paper's programs are feasible and
// bounded whenever their callers build them. Calls are serialised
// (QSopt_ex keeps global state).
//
// With `start` (a basis of this program that is primal feasible, e.g. an
// optimal basis of the same rows under another objective, plus basic
// rows appended), the primal simplex starts from it: the face-minimum LPs
// of grouped programs start from an optimal basis of the ranking program
// or of another of its face LPs (face_minimum.h). With
// `start` and kDual, the dual simplex starts from it instead (a basis that
// is dual feasible, e.g. an optimal basis of a program that this one
// extends by columns and rows: carried_optimum.h, GrownBasis()). The
// optimum is certified the same way. With `final_basis`, the optimal basis
// the solver ended with goes there (empty if it gave none).
enum class Simplex { kPrimal, kDual };
absl::StatusOr<LpSolution> SolveExactLp(const LinearProgram& lp,
                                        const LpBasis* start = nullptr,
                                        LpBasis* final_basis = nullptr,
                                        Simplex from_start = Simplex::kPrimal);

// The longest SolveExactLp() call since the last reset, in seconds of the
// process's CPU time (solve and certificate): what the LP benchmark
// reports against the "every LP at 65 nodes under 1 s"
// (tests/graph/lp_benchmark.cc). For measurements only.
double LongestExactLpSeconds();
void ResetLongestExactLp();

// CheckLpCertificate()
//
// Exact optimality proof in GMP rationals, independent of the solver:
// x is primal feasible (x >= 0, every row holds), y is dual feasible (sign
// by row sense, A^T y <= c column by column) and c.x == rhs.y (weak
// duality then makes both optimal). InternalError naming the first row or
// column that fails.
absl::Status CheckLpCertificate(const LinearProgram& lp,
                                const LpSolution& solution);

// WriteCplexLp()
//
// The program in CPLEX LP format ("Minimize", "Subject To", "End"; the
// columns' default bound x >= 0 is the format's too). The format has no
// fractions, so a coefficient or right-hand side that is not an integer is
// an InvalidArgument (the paper's programs have integer data: costs in
// ticks, 0, 1 and -1).
absl::StatusOr<std::string> WriteCplexLp(const LinearProgram& lp);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_EXACT_LP_H_
