// exact_lp.cc: LinearProgram -> QSopt_ex's exact simplex -> a checked
// optimum; and the CPLEX LP writer.
#include "tools/graph/exact_lp.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <mutex>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

// exact.h has no extern "C" guards of its own; gmp.h (through gmpxx.h) must
// come first.
extern "C" {
#include <qsopt_ex/QSopt_ex.h>
}

namespace hetcast {

size_t LinearProgram::AddColumn(std::string name, mpq_class objective) {
  columns.push_back({std::move(name), std::move(objective)});
  return columns.size() - 1;
}

size_t LinearProgram::AddRow(std::string name,
                             std::vector<std::pair<size_t, mpq_class>> terms,
                             RowSense sense, mpq_class rhs) {
  rows.push_back({std::move(name), std::move(terms), sense, std::move(rhs)});
  return rows.size() - 1;
}

namespace {

// A C array of initialised mpq_t laid out as QSopt_ex's own arrays are
// (eg_lpnum.h, __EGlpNumAllocArray): the length in a size_t just before the
// first element. QSexact_solver reads that length, so a plain array makes
// it read garbage.
class MpqArray {
 public:
  explicit MpqArray(size_t size)
      : block_(static_cast<size_t*>(
            std::malloc(sizeof(size_t) + sizeof(mpq_t) * size))) {
    if (block_ == nullptr) std::abort();
    block_[0] = size;
    for (size_t i = 0; i < size; ++i) mpq_init(data()[i]);
  }
  ~MpqArray() {
    for (size_t i = 0; i < block_[0]; ++i) mpq_clear(data()[i]);
    std::free(block_);
  }
  MpqArray(const MpqArray&) = delete;
  MpqArray& operator=(const MpqArray&) = delete;

  mpq_t* data() { return reinterpret_cast<mpq_t*>(block_ + 1); }
  mpq_ptr at(size_t i) { return data()[i]; }

 private:
  size_t* block_;
};

// QSopt_ex's global set-up. QSexactStart() installs GMP memory functions
// of its own (their free() aborts on memory that GMP's default malloc gave,
// and its own constants must stay with them: it frees and reallocates them
// when it raises the precision), so it must run before any GMP number of
// the process is made: a constructor of this library, before main() and
// before any test builds a program. QSexactClear() is never called: GMP
// numbers may outlive any point where it could run; its constants stay
// reachable until exit.
__attribute__((constructor)) void StartQsoptEx() { QSexactStart(); }

// Serialises every use of QSopt_ex (global state).
std::mutex& SolverMutex() {
  static std::mutex* mutex = new std::mutex;
  return *mutex;
}

struct ProblemDeleter {
  void operator()(mpq_QSdata* p) const { mpq_QSfree_prob(p); }
};
using Problem = std::unique_ptr<mpq_QSdata, ProblemDeleter>;

char SenseChar(RowSense sense) {
  switch (sense) {
    case RowSense::kLessEqual:
      return 'L';
    case RowSense::kEqual:
      return 'E';
    case RowSense::kGreaterEqual:
      return 'G';
  }
  return 'E';
}

// The program's matrix by column, as mpq_QSload_prob() takes it.
struct ColumnMajor {
  std::vector<int> count;
  std::vector<int> begin;
  std::vector<int> row;
  std::vector<const mpq_class*> value;
};

ColumnMajor ByColumn(const LinearProgram& lp) {
  ColumnMajor m;
  m.count.assign(lp.columns.size(), 0);
  for (const LinearProgram::Row& r : lp.rows) {
    for (const auto& term : r.terms) ++m.count[term.first];
  }
  int next = 0;
  for (int c : m.count) {
    m.begin.push_back(next);
    next += c;
  }
  m.row.resize(next);
  m.value.resize(next);
  std::vector<int> fill = m.begin;
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    for (const auto& [column, a] : lp.rows[r].terms) {
      m.row[fill[column]] = static_cast<int>(r);
      m.value[fill[column]++] = &a;
    }
  }
  return m;
}

// The program as a QSopt_ex problem (a minimisation; columns 0 .. +inf),
// loaded whole: adding rows one by one (mpq_QSadd_row) costs as much as
// the floating-point simplex on the larger programs.
absl::StatusOr<Problem> LoadProblem(const LinearProgram& lp) {
  const ColumnMajor m = ByColumn(lp);
  const size_t columns = lp.columns.size();
  const size_t rows = lp.rows.size();
  MpqArray value(m.value.size());
  for (size_t k = 0; k < m.value.size(); ++k) {
    mpq_set(value.at(k), m.value[k]->get_mpq_t());
  }
  MpqArray objective(columns), lower(columns), upper(columns), rhs(rows);
  std::vector<const char*> column_names;
  for (size_t j = 0; j < columns; ++j) {
    mpq_set(objective.at(j), lp.columns[j].objective.get_mpq_t());
    mpq_set(upper.at(j), mpq_ILL_MAXDOUBLE);
    column_names.push_back(lp.columns[j].name.c_str());
  }
  std::string sense;
  std::vector<const char*> row_names;
  for (size_t r = 0; r < rows; ++r) {
    mpq_set(rhs.at(r), lp.rows[r].rhs.get_mpq_t());
    sense.push_back(SenseChar(lp.rows[r].sense));
    row_names.push_back(lp.rows[r].name.c_str());
  }
  std::vector<int> count = m.count, begin = m.begin, row = m.row;
  Problem p(mpq_QSload_prob(
      "hetcast", static_cast<int>(columns), static_cast<int>(rows),
      count.data(), begin.data(), row.data(), value.data(), QS_MIN,
      objective.data(), rhs.data(), sense.data(), lower.data(), upper.data(),
      column_names.data(), row_names.data()));
  if (p == nullptr) return absl::InternalError("QSopt_ex: cannot load the LP");
  mpq_QSset_param(p.get(), QS_PARAM_SIMPLEX_DISPLAY, 0);
  // Primal pricing by devex (QS_PRICE_PDEVEX), not QSopt_ex's default
  // steepest edge, whose edge norms cost a BTRAN per pivot and, from a
  // given basis, a first pass over every column. The primal simplex runs
  // for the face LPs of grouped programs (lp_heuristics.cc,
  // FaceMinimumInflow()) and for Fig. 8's grown programs, whose dual
  // simplex from GrownBasis() goes on in the primal: there one program of
  // 1,859 rows took 4.4 s under steepest edge, 0.56 s under devex
  // (BM_Heuristic<AugmentedSources>/65: 61 -> 47 s of CPU, longest LP 4.4
  // -> 0.73 s, load 3; tests/graph/lp_benchmark.cc). Devex made the face
  // LPs of Broadcast-EB, started from its optimal basis, slower still
  // (26 s for one where steepest edge took 5.8 s and a cold dual simplex
  // 0.8 s): those are solved from scratch (face_minimum.cc,
  // PenalisedFaceMinimum()).
  // (QS_PRICE_PMULTPARTIAL crashes QSopt_ex at 65 nodes.)
  mpq_QSset_param(p.get(), QS_PARAM_PRIMAL_PRICING, QS_PRICE_PDEVEX);
  return p;
}

struct BasisDeleter {
  void operator()(QSbasis* b) const { mpq_QSfree_basis(b); }
};
using Basis = std::unique_ptr<QSbasis, BasisDeleter>;

// `start` loaded into `p` as QSexact_solver's starting basis; null when
// there is none or it does not fit.
Basis StartingBasis(mpq_QSdata* p, const LinearProgram& lp,
                    const LpBasis* start) {
  if (start == nullptr || start->column_status.size() != lp.columns.size() ||
      start->row_status.size() != lp.rows.size()) {
    return nullptr;
  }
  std::string columns = start->column_status;
  std::string rows = start->row_status;
  if (mpq_QSload_basis_array(p, columns.data(), rows.data()) != 0) {
    return nullptr;
  }
  return Basis(mpq_QSget_basis(p));
}

// The basis QSopt_ex ended with (empty if it has none).
LpBasis FinalBasis(mpq_QSdata* p, const LinearProgram& lp) {
  LpBasis basis;
  basis.column_status.assign(lp.columns.size(), '0');
  basis.row_status.assign(lp.rows.size(), '0');
  if (mpq_QSget_basis_array(p, basis.column_status.data(),
                            basis.row_status.data()) != 0) {
    return LpBasis();
  }
  return basis;
}

// The longest call's CPU time (LongestExactLpSeconds()), guarded by
// SolverMutex().
std::clock_t longest_solve = 0;

// Times one call, whatever it returns.
class SolveTimer {
 public:
  SolveTimer() : begin_(std::clock()) {}
  ~SolveTimer() {
    longest_solve = std::max(longest_solve, std::clock() - begin_);
  }

 private:
  std::clock_t begin_;
};

}  // namespace

double LongestExactLpSeconds() {
  std::lock_guard<std::mutex> lock(SolverMutex());
  return static_cast<double>(longest_solve) / CLOCKS_PER_SEC;
}

void ResetLongestExactLp() {
  std::lock_guard<std::mutex> lock(SolverMutex());
  longest_solve = 0;
}

absl::StatusOr<LpSolution> SolveExactLp(const LinearProgram& lp,
                                        const LpBasis* start,
                                        LpBasis* final_basis,
                                        Simplex from_start) {
  std::lock_guard<std::mutex> lock(SolverMutex());
  SolveTimer timer;
  absl::StatusOr<Problem> p = LoadProblem(lp);
  if (!p.ok()) return p.status();
  Basis basis = StartingBasis(p->get(), lp, start);
  // QSexact_solver crashes without a dual array, and writes past an x of
  // one entry per column once there are inequality rows (it copies values
  // of its internal logical columns too): both get room for every column
  // and every row.
  const size_t room = lp.columns.size() + lp.rows.size() + 1;
  MpqArray x(room);
  MpqArray y(room);
  int status = 0;
  if (QSexact_solver(p->get(), x.data(), y.data(), basis.get(),
                     basis != nullptr && from_start == Simplex::kPrimal
                         ? PRIMAL_SIMPLEX
                         : DUAL_SIMPLEX,
                     &status) != 0) {
    return absl::InternalError("QSopt_ex: the exact solver failed");
  }
  if (status == QS_LP_INFEASIBLE) {
    return absl::InternalError("the LP is infeasible");
  }
  if (status == QS_LP_UNBOUNDED) {
    return absl::InternalError("the LP is unbounded");
  }
  if (status != QS_LP_OPTIMAL) {
    return absl::InternalError(
        absl::StrFormat("QSopt_ex: no optimum (status %d)", status));
  }
  LpSolution solution;
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    solution.x.emplace_back(x.at(j));
    solution.objective += lp.columns[j].objective * solution.x.back();
  }
  for (size_t r = 0; r < lp.rows.size(); ++r) solution.y.emplace_back(y.at(r));
  if (final_basis != nullptr) *final_basis = FinalBasis(p->get(), lp);
  absl::Status proof = CheckLpCertificate(lp, solution);
  if (!proof.ok()) return proof;
  return solution;
}

namespace {

// " + 3 x" / " - x": one term of a CPLEX LP expression.
absl::StatusOr<std::string> Term(const mpq_class& a, const std::string& name) {
  if (a.get_den() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "coefficient ", a.get_str(), " of ", name, " is not an integer"));
  }
  const mpz_class magnitude = abs(a.get_num());
  return absl::StrCat(sgn(a) < 0 ? " - " : " + ",
                      magnitude == 1 ? "" : magnitude.get_str() + " ", name);
}

// The format has no empty expression: " 0 x" for the first column.
std::string EmptyExpression(const LinearProgram& lp) {
  return absl::StrCat(" 0 ", lp.columns.empty() ? "x" : lp.columns[0].name);
}

}  // namespace

absl::StatusOr<std::string> WriteCplexLp(const LinearProgram& lp) {
  std::string out =
      "\\ hetcast: exact LP (every variable >= 0)\nMinimize\n obj:";
  bool any = false;
  for (const LinearProgram::Column& c : lp.columns) {
    if (sgn(c.objective) == 0) continue;
    absl::StatusOr<std::string> term = Term(c.objective, c.name);
    if (!term.ok()) return term.status();
    absl::StrAppend(&out, *term);
    any = true;
  }
  if (!any) absl::StrAppend(&out, EmptyExpression(lp));
  absl::StrAppend(&out, "\nSubject To\n");
  for (const LinearProgram::Row& r : lp.rows) {
    absl::StrAppend(&out, " ", r.name, ":");
    for (const auto& [column, a] : r.terms) {
      absl::StatusOr<std::string> term = Term(a, lp.columns[column].name);
      if (!term.ok()) return term.status();
      absl::StrAppend(&out, *term);
    }
    if (r.terms.empty()) absl::StrAppend(&out, EmptyExpression(lp));
    if (r.rhs.get_den() != 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("right-hand side of ", r.name, " is not an integer"));
    }
    const char* sense = r.sense == RowSense::kLessEqual ? "<="
                        : r.sense == RowSense::kEqual   ? "="
                                                        : ">=";
    absl::StrAppend(&out, " ", sense, " ", r.rhs.get_str(), "\n");
  }
  absl::StrAppend(&out, "End\n");
  return out;
}

}  // namespace hetcast
