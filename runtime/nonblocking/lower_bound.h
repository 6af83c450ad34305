// lower_bound.h: lower bounds on the completion time of a multiple multicast
// in the non-blocking model (Wu, Yeh & Liu §2-3); an answer carries the
// largest, and says which one it was.
//
// What every proof below uses, from the model's rules (evaluator.cc): in any
// valid schedule every destination w of message m receives m exactly once,
// from one send of m by a node that holds m (m's source, or a destination
// that has already finished its own receive of m, which precedes the send in
// its task list). A send of m by j takes S(j, m) of j's time and arrives
// X(j, w, m) after it ends; the receive at w ends at e(m, w) >= arrival +
// R(w, m). Every node runs its tasks one at a time. The completion time is
// T = max e(m, w). Every send ends before its matching receive ends, so all
// work happens in [0, T].
//
// 1. Earliest reach (HETCAST_BOUND_EARLIEST_REACH, §3.1, Eq. 2): see
//    lower_bound.cc. `L - R` is a lower bound on m's arrival at w, written
//    to s.vwork[m * n + w] (the other bounds reuse it).
//
// 2. Postal growth (HETCAST_BOUND_NONBLOCKING_POSTAL_GROWTH), per message m
// with
//    d >= 1 destinations. Let S0 = S(source, m), X0 = min over destinations
//    w of X(source, w, m); g, R1 = the least S(w, m), R(w, m) over the
//    destinations, X1 = the least X(u, w, m) over ordered pairs of distinct
//    destinations, and c = R1 + g + X1.
//    Slots: the source offers slots X0 + k S0 (k >= 1); each slot, once
//    taken, creates a holder offering slots at (slot) + c + k g (k >= 0).
//    Let s_1 <= s_2 <= ... be the d earliest slots of this process (greedy:
//    every slot is taken).
//    Claim A: if c > 0, the arrivals of m in any schedule, sorted
//    a_1 <= ... <= a_d, satisfy a_i >= s_i.
//    Proof. The source's k-th send of m starts at >= (k - 1) S0, so arrives
//    at >= X0 + k S0: at most cnt0(t) = #{k >= 1 : X0 + k S0 <= t} of its
//    arrivals are <= t. A destination w with arrival a_w sends m only after
//    its receive ends (>= a_w + R1), its sends of m one at a time (each
//    >= g), so its k-th arrives at >= a_w + R1 + X1 + k g: at most
//    cnt(t - a_w) = #{k >= 1 : R1 + X1 + k g <= t - a_w} of them are <= t.
//    At t = a_i at least i arrivals are <= t. A destination contributes only
//    if a_w + c <= a_i, so a_w < a_i (c > 0): only w among the first i - 1.
//    So i <= cnt0(a_i) + sum_{j < i} cnt(a_i - a_j) <= cnt0(a_i) +
//    sum_{j < i} cnt(a_i - s_j) (induction: a_j >= s_j, cnt nondecreasing).
//    The right side counts the process's slots <= a_i offered by the source
//    and the holders of slots 1 .. i-1; holders of later slots offer only
//    slots >= s_i + c > s_i, so s_i is the least t where that count reaches
//    i, and a_i >= s_i.
//    Claim B: T >= max_i (s_i + R_i), R_1 >= R_2 >= ... the destinations'
//    receive costs sorted in decreasing order. Proof: the i destinations
//    with the largest R take i distinct arrival ranks, one of them rank
//    r >= i; it finishes at >= a_r + R_i >= s_i + R_i.
//    The bound is the maximum over messages (other messages only delay).
//
// 3. Serial work (HETCAST_BOUND_NONBLOCKING_SERIAL_WORK). Per node v: the jobs
// v
//    must run one at a time are its receives (release: the earliest-reach
//    arrival, length R(v, m)) and, for each message it is the source of with
//    d >= 1, at least one send (release 0, length S(v, m)); all end by T, so
//    T >= the least makespan of one machine with release dates, which the
//    jobs in order of release attain. Over all nodes: node v can work only
//    in [b_v, T], b_v = 0 for a source and otherwise the least earliest-reach
//    arrival of its messages (its first task is a receive); nodes that are
//    neither hold nothing and do nothing. The work is at least
//    W = sum over m with d >= 1 of [sum_w R(w, m) + S(source, m) + (d - 1)
//    min(S0, g)] (d sends, one of them the source's), so sum_v max(0, T -
//    b_v) >= W, and T >= the least integer with that property.
//
// Every bound is computed with TimeAdd and TimeMul, which clamp at
// HETCAST_NEVER: each intermediate is min(true value, HETCAST_NEVER), so a
// bound is rounded down only when its true value is HETCAST_NEVER or more, and
// then it is HETCAST_NEVER (reported as HETCAST_OVERFLOW: no schedule fits).
// The serial-work bound's W, a sum that may pass 64 bits while T fits, is
// held in two words (work_bound.cc). All scratch comes from NonblockingScratch
// (no heap).
#ifndef HETCAST_RUNTIME_NONBLOCKING_LOWER_BOUND_H_
#define HETCAST_RUNTIME_NONBLOCKING_LOWER_BOUND_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hetcast/hetcast.h"
#include "runtime/nonblocking/request.h"

namespace hetcast {
namespace internal {

// 1 (lower_bound.cc); fills s.vwork with the earliest-reach arrivals.
uint64_t NonblockingEarliestReachBound(const NonblockingProblem& nb,
                                       const NonblockingScratch& s);
// 2 (growth_bound.cc); uses s.dist and s.avail.
uint64_t NonblockingGrowthBound(const NonblockingProblem& nb,
                                const NonblockingScratch& s);
// 3 (work_bound.cc); reads s.vwork as NonblockingEarliestReachBound left it,
// uses s.release and s.work.
uint64_t NonblockingSerialWorkBound(const NonblockingProblem& nb,
                                    const NonblockingScratch& s);

// The least makespan of one machine with release dates: `count` (release,
// length) pairs in `jobs`, run in order of release (sorts them in place).
uint64_t NonblockingReleaseMakespan(uint64_t* jobs, size_t count);

// The largest of the three and its kind (ties go to the earlier one).
uint64_t NonblockingLowerBound(const NonblockingProblem& nb,
                               const NonblockingScratch& s,
                               hetcast_bound* kind);

}  // namespace internal
}  // namespace hetcast

#endif  // HETCAST_RUNTIME_NONBLOCKING_LOWER_BOUND_H_
