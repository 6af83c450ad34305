// lp_certificate.cc: the optimality proof of an exact LP solution, in GMP
// rationals, trusting nothing the solver computed but x and y.
//
// For min c.x s.t. A x (<=, =, >=) b, x >= 0 the dual is max b.y s.t.
// A^T y <= c with y_r >= 0 on >= rows, y_r <= 0 on <= rows, y_r free on =
// rows. Weak duality: for any primal-feasible x and dual-feasible y,
// c.x >= b.y; so equality proves both optimal.
#include "absl/strings/str_cat.h"
#include "tools/graph/exact_lp.h"

namespace hetcast {
namespace {

absl::Status Fails(const std::string& what) {
  return absl::InternalError(absl::StrCat("LP certificate: ", what));
}

bool RowHolds(RowSense sense, const mpq_class& lhs, const mpq_class& rhs) {
  switch (sense) {
    case RowSense::kLessEqual:
      return lhs <= rhs;
    case RowSense::kEqual:
      return lhs == rhs;
    case RowSense::kGreaterEqual:
      return lhs >= rhs;
  }
  return false;
}

// The dual multiplier's sign that the row's sense allows.
bool DualSignHolds(RowSense sense, const mpq_class& y) {
  switch (sense) {
    case RowSense::kLessEqual:
      return sgn(y) <= 0;
    case RowSense::kEqual:
      return true;
    case RowSense::kGreaterEqual:
      return sgn(y) >= 0;
  }
  return false;
}

absl::Status CheckPrimal(const LinearProgram& lp, const LpSolution& s) {
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    if (sgn(s.x[j]) < 0) {
      return Fails(
          absl::StrCat(lp.columns[j].name, " = ", s.x[j].get_str(), " < 0"));
    }
  }
  mpq_class lhs, term;
  for (const LinearProgram::Row& r : lp.rows) {
    lhs = 0;
    for (const auto& [column, a] : r.terms) {
      if (sgn(s.x[column]) == 0) continue;  // most of a vertex is 0
      mpq_mul(term.get_mpq_t(), a.get_mpq_t(), s.x[column].get_mpq_t());
      lhs += term;  // no temporary per term (term's limbs are reused)
    }
    if (!RowHolds(r.sense, lhs, r.rhs)) {
      return Fails(absl::StrCat("row ", r.name, " is violated (", lhs.get_str(),
                                " against ", r.rhs.get_str(), ")"));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckDual(const LinearProgram& lp, const LpSolution& s) {
  std::vector<mpq_class> reduced_cost;
  mpq_class term;
  for (const LinearProgram::Column& c : lp.columns) {
    reduced_cost.push_back(c.objective);
  }
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    const LinearProgram::Row& row = lp.rows[r];
    if (!DualSignHolds(row.sense, s.y[r])) {
      return Fails(absl::StrCat("dual of row ", row.name,
                                " has the wrong sign (", s.y[r].get_str(),
                                ")"));
    }
    if (sgn(s.y[r]) == 0) continue;
    for (const auto& [column, a] : row.terms) {
      mpq_mul(term.get_mpq_t(), a.get_mpq_t(), s.y[r].get_mpq_t());
      reduced_cost[column] -= term;
    }
  }
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    if (sgn(reduced_cost[j]) < 0) {
      return Fails(absl::StrCat("reduced cost of ", lp.columns[j].name, " is ",
                                reduced_cost[j].get_str(), " < 0"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckLpCertificate(const LinearProgram& lp,
                                const LpSolution& solution) {
  if (solution.x.size() != lp.columns.size() ||
      solution.y.size() != lp.rows.size()) {
    return Fails("the solution's sizes do not match the program");
  }
  absl::Status status = CheckPrimal(lp, solution);
  if (!status.ok()) return status;
  status = CheckDual(lp, solution);
  if (!status.ok()) return status;
  mpq_class primal = 0;
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    primal += lp.columns[j].objective * solution.x[j];
  }
  mpq_class dual = 0;
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    dual += lp.rows[r].rhs * solution.y[r];
  }
  if (primal != dual || primal != solution.objective) {
    return Fails(absl::StrCat("primal objective ", primal.get_str(),
                              " != dual objective ", dual.get_str()));
  }
  return absl::OkStatus();
}

}  // namespace hetcast
