// algorithms.cc: the non-blocking model's algorithm table (algorithms.h).
#include "runtime/nonblocking/algorithms.h"

namespace hetcast {
namespace internal {
namespace {

size_t RunFef(const NonblockingProblem& nb, const NonblockingScratch& s) {
  return RunFefOrEcf(nb, s, /*fef=*/true);
}
size_t RunEcf(const NonblockingProblem& nb, const NonblockingScratch& s) {
  return RunFefOrEcf(nb, s, /*fef=*/false);
}
size_t RunPlainWrp(const NonblockingProblem& nb, const NonblockingScratch& s) {
  return RunWrp(nb, s, s.recv_task);
}
size_t RunCriticalFirst(const NonblockingProblem& nb,
                        const NonblockingScratch& s) {
  return RunWrp(nb, s, s.recv_task, /*critical_first=*/true);
}
// FEF, ECF and WR decide transfers one by one (s.decisions).
uint64_t WriteDecisions(const NonblockingProblem& nb,
                        const NonblockingScratch& s, size_t count,
                        hetcast_nonblocking_task* tasks, size_t* list_begin) {
  return NonblockingListsFromDecisions(nb, s, count, tasks, list_begin);
}
// WRP keeps per-node linked lists (s.pool).
uint64_t WriteWrpLists(const NonblockingProblem& nb,
                       const NonblockingScratch& s, size_t /*count*/,
                       hetcast_nonblocking_task* tasks, size_t* list_begin) {
  return NonblockingListsFromWrp(nb, s, tasks, list_begin);
}

// clang-format off
constexpr NonblockingAlgorithm kNonblockingRows[] = {
    {HETCAST_ALGORITHM_WRP, "wrp", true, RunPlainWrp, WriteWrpLists,
     kNoGuarantee},
    {HETCAST_ALGORITHM_CRITICAL_FIRST, "critical-first", true,
     RunCriticalFirst, WriteWrpLists, kNoGuarantee},
    {HETCAST_ALGORITHM_WR, "wr", false, RunWr, WriteDecisions, kNoGuarantee},
    {HETCAST_ALGORITHM_ECF, "ecf", false, RunEcf, WriteDecisions,
     kNoGuarantee},
    {HETCAST_ALGORITHM_FEF, "fef", false, RunFef, WriteDecisions,
     kNoGuarantee},
};
// clang-format on

}  // namespace

const NonblockingAlgorithm* FindNonblockingAlgorithm(
    hetcast_algorithm algorithm) {
  return FindRow(kNonblockingRows, algorithm);
}

const NonblockingAlgorithm* NonblockingAlgorithmAt(size_t i) {
  return RowAt(kNonblockingRows, i);
}

}  // namespace internal
}  // namespace hetcast
