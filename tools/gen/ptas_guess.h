// ptas_guess.h: one guess T of Khuller & Kim §6's broadcast scheme, the
// steps that ptas.h outlines: FNF on the fast types (1-2), the sending
// points (3), the slow types rounded into classes (4), the exact DP over
// class trees (5), their attachment to the points (6) and the schedule,
// timed by the evaluator (7). ptas.cc searches over T with it.
#ifndef HETCAST_TOOLS_GEN_PTAS_GUESS_H_
#define HETCAST_TOOLS_GEN_PTAS_GUESS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tools/gen/ptas.h"

namespace hetcast {
namespace ptas_internal {

// The steps' data (ptas_guess.cc).
struct FastPhase;
struct Keyed;
struct Point;
struct SlowClasses;
struct Slot;

struct Attempt {
  bool feasible = false;
  uint64_t completion = 0;
  std::vector<hetcast_send>
      sends;  // Broadcast-instance ids, per sender in order.
};

// The broadcast scheme on one instance (costs, source, counts); ids are the
// instance's canonical type ranges (not canonical arrival order).
class Broadcast {
 public:
  Broadcast(const std::vector<uint64_t>& costs, uint32_t source_type,
            const std::vector<uint64_t>& counts, const Epsilon& eps)
      : costs_(costs),
        source_(source_type),
        counts_(counts),
        p_(eps.numerator),
        q_(eps.denominator),
        k_(static_cast<uint32_t>(costs.size())) {
    base_.resize(k_);
    uint64_t next = 1;
    for (uint32_t j = 0; j < k_; ++j) {
      base_[j] = next;
      next += counts_[j];
    }
  }

  // D(T) = floor((1 + eps)(1 + 3 eps) T), at most 2^40 (ptas.h).
  uint64_t Deadline(uint64_t t) const;

  // The guess T with deadline d <= D(T) (F and the classes from T); sound
  // for every d, complete for d = D(T) (ptas.h).
  absl::StatusOr<Attempt> Try(uint64_t t, uint64_t d) const;

 private:
  bool Fast(uint64_t cost, uint64_t t) const {  // cost <= eps' T
    return static_cast<unsigned __int128>(q_) * cost <=
           static_cast<unsigned __int128>(p_) * t;
  }

  // The phases of Try, in the order of the paper's steps.
  absl::StatusOr<FastPhase> ScheduleFast(uint64_t t) const;
  uint32_t InstanceId(const FastPhase& fast, uint32_t fnf_id) const;
  absl::StatusOr<bool> HangSlow(const FastPhase& fast, uint64_t t, uint64_t d,
                                std::vector<Keyed>* sends) const;
  std::vector<Point> SendingPoints(const FastPhase& fast, uint64_t d) const;
  SlowClasses Classify(uint64_t t, uint64_t d, uint64_t reach) const;
  void AssignNodes(const SlowClasses& classes, std::vector<Slot>* slots) const;
  absl::StatusOr<Attempt> Finish(std::vector<Keyed> sends, uint64_t d) const;

  const std::vector<uint64_t>& costs_;
  uint32_t source_;
  const std::vector<uint64_t>& counts_;
  uint64_t p_, q_;
  uint32_t k_;
  std::vector<uint64_t> base_;  // First id of each type.
};

}  // namespace ptas_internal
}  // namespace hetcast

#endif  // HETCAST_TOOLS_GEN_PTAS_GUESS_H_
