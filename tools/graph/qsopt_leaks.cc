// qsopt_leaks.cc: LeakSanitizer's suppression of a leak inside QSopt_ex,
// for the suite's ASan + UBSan pass (.bazelrc, --config=asan).
//
// QSopt_ex 2.5.10 (Debian's libqsopt-ex2): QSexact_solver takes the
// double-precision basis with dbl_QSget_basis on some of its paths and does
// not free it (24 bytes, with 48 indirect, per occurrence; seen when its
// dual simplex starts from a given basis, RerouteFlows in
// carried_optimum.cc). The allocation is the library's, and hetcast never
// sees the pointer, so it cannot free it. ASan's fast unwinder stops at
// the library's allocator (QSopt_ex is built without frame pointers), so
// the suppression names that allocator, ILLutil_allocrus: it covers every
// allocation of QSopt_ex's own. What hetcast allocates through QSopt_ex
// (problems, bases) it frees by owners in exact_lp.cc (Problem, Basis).
//
// LeakSanitizer reads this hook from the executable (the sanitizer
// runtime's weak default wins over one in a shared library): BUILD links
// this file statically into every program that links the LP code.

// GCC says ASan by __SANITIZE_ADDRESS__, clang (the fuzz targets,
// tests/fuzz/build_fuzzers.sh) by __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define HETCAST_QSOPT_LEAKS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HETCAST_QSOPT_LEAKS_ASAN 1
#endif
#endif

#if defined(HETCAST_QSOPT_LEAKS_ASAN)
extern "C" const char* __lsan_default_suppressions() {
  return "leak:ILLutil_allocrus\n";
}

// The suppression is expected: its report ("Suppressions used: ...") on a
// tool's stderr would only be noise (a successful run prints nothing
// there; tests/cli/cli_test.cc, LargeCostsAnswerQuietly).
extern "C" const char* __lsan_default_options() {
  return "print_suppressions=0";
}
#endif
