// exact_lp.cc: LinearProgram -> QSopt_ex's exact simplex -> a checked
// optimum; and the CPLEX LP writer.
#include "tools/graph/exact_lp.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <mutex>
#include <string>
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
//
// QSopt_ex reports through one log function (QSlog(), stderr unless a
// handler is set): its simplex display, which LoadProblem() turns off, and
// trace lines from inside the solver ("in move_pivot (qsopt_ex/
// factor_dbl.c:...)") whenever a floating-point pass gives up and a more
// precise one takes over, which the exact solver does on valid programs
// that it then solves. They are no error of the caller's, and a tool's
// stderr is for those: the handler installed here keeps only the last
// message, for the error of a call that fails (SolveExactLp()). It is set
// once, before main() and any thread, and QSopt_ex calls it only inside
// solver calls, which SolverMutex() serialises.
std::string& LastSolverMessage() {
  static std::string* message = new std::string;
  return *message;
}

void KeepLastSolverMessage(const char* message, void*) {
  LastSolverMessage() = message;
}

__attribute__((constructor)) void StartQsoptEx() {
  QSexactStart();
  QSlog_set_handler(KeepLastSolverMessage, nullptr);
}

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

// Powers of two by which the solver's copy of a program is scaled: row r
// multiplied by 2^row[r], column j's coefficients by 2^column[j] (so its
// value is 2^column[j] times the solver's, and row r's dual 2^row[r]
// times the solver's). Exact in rationals, and invisible outside
// SolveExactLp(): the solution is scaled back and certified on the
// program itself.
//
// Why: QSopt_ex first solves in doubles with absolute tolerances, on a
// copy it scales by the matrix alone. With costs near 10^12 ticks, T*
// and the port rows' terms are near 10^12 too, where one unit in the last
// place of a double is 2^-13: a row that pins T to T* (face_minimum.h)
// is violated by more than the tolerance, the floating-point simplex
// calls the program infeasible, and QSopt_ex retries at rising precisions
// (every one claims the same; the rational check of its basis finds it
// optimal each time) before it gives up on its own answer: seconds for a
// three-node platform. Scaled so that every row's largest entry,
// right-hand side included, and every column's largest coefficient are
// near 1, the same programs are solved in doubles. Programs whose entries
// and right-hand sides are all below 2^32 (every platform with costs below
// that) are not scaled: their doubles err by less than 2^-20, and the
// solver's vertices and times on them stay as they were measured.
struct Scaling {
  std::vector<long> row;
  std::vector<long> column;
};

// The binary exponent of |q| (q != 0), within one.
long Magnitude(const mpq_class& q) {
  return static_cast<long>(mpz_sizeinbase(q.get_num_mpz_t(), 2)) -
         static_cast<long>(mpz_sizeinbase(q.get_den_mpz_t(), 2));
}

constexpr long kUnscaledMagnitude = 32;

Scaling Equilibrate(const LinearProgram& lp) {
  Scaling s;
  s.row.assign(lp.rows.size(), 0);
  s.column.assign(lp.columns.size(), 0);
  long largest = LONG_MIN;
  for (const LinearProgram::Row& r : lp.rows) {
    if (sgn(r.rhs) != 0) largest = std::max(largest, Magnitude(r.rhs));
    for (const auto& term : r.terms) {
      if (sgn(term.second) != 0) {
        largest = std::max(largest, Magnitude(term.second));
      }
    }
  }
  if (largest < kUnscaledMagnitude) return s;
  // Rows, columns, rows again: each brings its largest entry to 2^0.
  const auto scale_rows = [&] {
    for (size_t r = 0; r < lp.rows.size(); ++r) {
      long most =
          sgn(lp.rows[r].rhs) != 0 ? Magnitude(lp.rows[r].rhs) : LONG_MIN;
      for (const auto& [j, a] : lp.rows[r].terms) {
        if (sgn(a) != 0) most = std::max(most, Magnitude(a) + s.column[j]);
      }
      s.row[r] = most == LONG_MIN ? 0 : -most;
    }
  };
  scale_rows();
  std::vector<long> most(lp.columns.size(), LONG_MIN);
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    for (const auto& [j, a] : lp.rows[r].terms) {
      if (sgn(a) != 0) most[j] = std::max(most[j], Magnitude(a) + s.row[r]);
    }
  }
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    s.column[j] = most[j] == LONG_MIN ? 0 : -most[j];
  }
  scale_rows();
  return s;
}

// q times 2^exponent, into `out`.
void SetScaled(mpq_ptr out, const mpq_class& q, long exponent) {
  if (exponent >= 0) {
    mpq_mul_2exp(out, q.get_mpq_t(), static_cast<mp_bitcnt_t>(exponent));
  } else {
    mpq_div_2exp(out, q.get_mpq_t(), static_cast<mp_bitcnt_t>(-exponent));
  }
}

// The program, scaled by `scaling`, as a QSopt_ex problem (a
// minimisation; columns 0 .. +inf), loaded whole: adding rows one by one
// (mpq_QSadd_row) costs as much as the floating-point simplex on the
// larger programs.
absl::StatusOr<Problem> LoadProblem(const LinearProgram& lp,
                                    const Scaling& scaling) {
  const ColumnMajor m = ByColumn(lp);
  const size_t columns = lp.columns.size();
  const size_t rows = lp.rows.size();
  MpqArray value(m.value.size());
  for (size_t j = 0; j < columns; ++j) {
    for (int k = m.begin[j]; k < m.begin[j] + m.count[j]; ++k) {
      SetScaled(value.at(k), *m.value[k],
                scaling.row[m.row[k]] + scaling.column[j]);
    }
  }
  MpqArray objective(columns), lower(columns), upper(columns), rhs(rows);
  std::vector<const char*> column_names;
  for (size_t j = 0; j < columns; ++j) {
    SetScaled(objective.at(j), lp.columns[j].objective, scaling.column[j]);
    mpq_set(upper.at(j), mpq_ILL_MAXDOUBLE);
    column_names.push_back(lp.columns[j].name.c_str());
  }
  std::string sense;
  std::vector<const char*> row_names;
  for (size_t r = 0; r < rows; ++r) {
    SetScaled(rhs.at(r), lp.rows[r].rhs, scaling.row[r]);
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
  // (BM_Heuristic<AugmentedSources>/65 of tests/graph/lp_benchmark.cc: 47 s
  // of CPU under devex against 61 s under steepest edge, the longest LP
  // 0.73 s against 4.4 s, load 3). Devex made the face
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

// The optimum QSexact_solver() reported: the primal and dual solution it
// proved optimal in rational arithmetic, which every path of it that ends
// with QS_LP_OPTIMAL leaves in the problem's solution cache (its own
// optimality test, or the rational basis check of the last basis). Not
// its x and y arguments: the path where the floating-point simplex calls
// the program infeasible and the rational check of its basis finds it
// optimal reports QS_LP_OPTIMAL without writing them (QSopt_ex 2.5.10,
// exact.c; met on a face LP whose fix_T row pins T* to a fraction of 36
// digits: the rounded row has no solution).
absl::StatusOr<LpSolution> CertifiedBySolver(mpq_QSdata* p,
                                             const LinearProgram& lp,
                                             const Scaling& scaling) {
  MpqArray x(lp.columns.size());
  MpqArray y(lp.rows.size());
  if (mpq_QSget_x_array(p, x.data()) != 0 ||
      mpq_QSget_pi_array(p, y.data()) != 0) {
    return absl::InternalError("QSopt_ex: optimal, but no solution to read");
  }
  LpSolution solution;
  solution.x.resize(lp.columns.size());
  for (size_t j = 0; j < lp.columns.size(); ++j) {
    SetScaled(solution.x[j].get_mpq_t(), mpq_class(x.at(j)), scaling.column[j]);
    solution.objective += lp.columns[j].objective * solution.x[j];
  }
  solution.y.resize(lp.rows.size());
  for (size_t r = 0; r < lp.rows.size(); ++r) {
    SetScaled(solution.y[r].get_mpq_t(), mpq_class(y.at(r)), scaling.row[r]);
  }
  return solution;
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
  LastSolverMessage().clear();
  const Scaling scaling = Equilibrate(lp);
  absl::StatusOr<Problem> p = LoadProblem(lp, scaling);
  if (!p.ok()) return p.status();
  Basis basis = StartingBasis(p->get(), lp, start);
  // QSexact_solver crashes without a dual array, and writes past an x of
  // one entry per column once there are inequality rows (it copies values
  // of its internal logical columns too): both get room for every column
  // and every row. The optimum is read from the problem afterwards
  // (CertifiedBySolver()).
  const size_t room = lp.columns.size() + lp.rows.size() + 1;
  MpqArray x(room);
  MpqArray y(room);
  int status = 0;
  if (QSexact_solver(p->get(), x.data(), y.data(), basis.get(),
                     basis != nullptr && from_start == Simplex::kPrimal
                         ? PRIMAL_SIMPLEX
                         : DUAL_SIMPLEX,
                     &status) != 0) {
    return absl::InternalError(
        absl::StrCat("QSopt_ex: the exact solver failed (its last message: \"",
                     LastSolverMessage(), "\")"));
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
  absl::StatusOr<LpSolution> solution =
      CertifiedBySolver(p->get(), lp, scaling);
  if (!solution.ok()) return solution.status();
  if (final_basis != nullptr) *final_basis = FinalBasis(p->get(), lp);
  absl::Status proof = CheckLpCertificate(lp, *solution);
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
