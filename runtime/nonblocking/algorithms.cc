// algorithms.cc: the non-blocking model's algorithm table (algorithms.h).
#include "runtime/nonblocking/algorithms.h"

namespace hetcast {
namespace internal {
namespace {

size_t RunFef(const Nb& nb, const NbScratch& s) {
  return RunFefOrEcf(nb, s, /*fef=*/true);
}
size_t RunEcf(const Nb& nb, const NbScratch& s) {
  return RunFefOrEcf(nb, s, /*fef=*/false);
}
size_t RunPlainWrp(const Nb& nb, const NbScratch& s) {
  return RunWrp(nb, s, s.recv_task);
}
size_t RunCriticalFirst(const Nb& nb, const NbScratch& s) {
  return RunWrp(nb, s, s.recv_task, /*critical_first=*/true);
}
// FEF, ECF and WR decide transfers one by one (s.decisions).
uint64_t WriteDecisions(const Nb& nb, const NbScratch& s, size_t count,
                        hetcast_nonblocking_task* tasks, size_t* list_begin) {
  return NbListsFromDecisions(nb, s, count, tasks, list_begin);
}
// WRP keeps per-node linked lists (s.pool).
uint64_t WriteWrpLists(const Nb& nb, const NbScratch& s, size_t /*count*/,
                       hetcast_nonblocking_task* tasks, size_t* list_begin) {
  return NbListsFromWrp(nb, s, tasks, list_begin);
}

// clang-format off
constexpr NbAlgorithm kNbRows[] = {
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

const NbAlgorithm* FindNbAlgorithm(hetcast_algorithm algorithm) {
  return FindRow(kNbRows, algorithm);
}

const NbAlgorithm* NbAlgorithmAt(size_t i) { return RowAt(kNbRows, i); }

}  // namespace internal
}  // namespace hetcast
