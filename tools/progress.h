// progress.h: a progress line on stderr for offline work that runs longer
// than a few seconds (table generation, the experiments).
//
//   ProgressLine progress("hetcast gen");
//   for (...) progress.Report("profile 'lab'", done, total);
//
// Report() prints "PROGRAM: WHAT: DONE/TOTAL (P%) after T s" at most every
// two seconds, and only once the work has run for two seconds, so short
// runs print nothing.
#ifndef HETCAST_TOOLS_PROGRESS_H_
#define HETCAST_TOOLS_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

namespace hetcast {

class ProgressLine {
 public:
  explicit ProgressLine(std::string program)
      : program_(std::move(program)),
        start_(std::chrono::steady_clock::now()),
        last_(start_) {}

  void Report(const std::string& what, uint64_t done, uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    if (elapsed <= kQuietSeconds ||
        std::chrono::duration<double>(now - last_).count() <= kQuietSeconds) {
      return;
    }
    std::fprintf(
        stderr, "%s: %s: %llu/%llu (%.0f%%) after %.1f s\n", program_.c_str(),
        what.c_str(), static_cast<unsigned long long>(done),
        static_cast<unsigned long long>(total),
        total == 0
            ? 100.0
            : 100.0 * static_cast<double>(done) / static_cast<double>(total),
        elapsed);
    last_ = now;
  }

  // "PROGRAM: WHAT in T s", when the work ran for more than two seconds
  // (or always, when `always`).
  void Done(const std::string& what, bool always = false) const {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
            .count();
    if (always || elapsed > kQuietSeconds) {
      std::fprintf(stderr, "%s: %s in %.1f s\n", program_.c_str(), what.c_str(),
                   elapsed);
    }
  }

 private:
  static constexpr double kQuietSeconds = 2.0;
  std::string program_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace hetcast

#endif  // HETCAST_TOOLS_PROGRESS_H_
