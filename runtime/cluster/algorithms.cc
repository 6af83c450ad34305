// algorithms.cc: the cluster model's algorithm table (algorithms.h), the
// one place that says which algorithm plans which request (Khuller, Kim &
// Wan's variants of LCF, and this library's Eager LCF and baselines), with
// what guarantee, by which function.
#include "runtime/cluster/algorithms.h"

namespace hetcast {
namespace internal {
namespace {

constexpr uint8_t kPostal = kClusterPostal;
constexpr uint8_t kDegrees = kClusterDegrees;
constexpr uint8_t kMatching = kClusterMatching;
constexpr uint8_t kMembers = kClusterMembers;
constexpr uint8_t kConstraints = kClusterConstraints;

size_t RunPlainLcf(const ClusterLayout& l, const LcfScratch& s) {
  return RunLcf(l, s);
}

// Combinations of fields no row plans, and why (checked before the rows).
// The degree and matching bounds with postal are refused with the request
// (ValidateClusterRequest: they belong to the blocking model).
struct ClusterUnplanned {
  uint8_t features;
  const char* why;
};
constexpr ClusterUnplanned kUnplanned[] = {
    {kDegrees | kMatching,
     "cluster request: degrees and matching together are not implemented "
     "(the paper treats them separately)"},
    {kPostal | kMembers,
     "cluster request: multicast is implemented for LCF in the blocking "
     "model only (members with postal)"},
};

// clang-format off
constexpr ClusterAlgorithm kClusterRows[] = {
    // LCF, the default, in the variant the request's fields call for.
    {HETCAST_ALGORITHM_LCF, "lcf", nullptr, true,
     kPostal, 0, RunPostalLcf, {3, 1, 4, "Khuller, Kim & Wan Theorem 6.3"}},
    {HETCAST_ALGORITHM_LCF, nullptr, nullptr, false,
     kDegrees | kMembers, 0, RunBoundedDegreeMulticast,
     {3, 1, 10, "Khuller, Kim & Wan Theorem 5.2"}},
    {HETCAST_ALGORITHM_LCF, nullptr, nullptr, false,
     kMatching | kMembers, 0, RunBoundedSizeMulticast,
     {2, 1, 10, "Khuller, Kim & Wan Theorem 5.6"}},
    {HETCAST_ALGORITHM_LCF, nullptr, nullptr, false,
     kDegrees, 0, RunBoundedDegree, {3, 1, 7, "Khuller, Kim & Wan Theorem 5.1"}},
    {HETCAST_ALGORITHM_LCF, nullptr, nullptr, false,
     kMatching, 0, RunBoundedSize, {2, 1, 6, "Khuller, Kim & Wan Theorem 5.5"}},
    {HETCAST_ALGORITHM_LCF, nullptr, nullptr, false,
     kMembers, 0, RunLcfMulticast, {2, 1, 10, "Khuller, Kim & Wan Theorem 4.3"}},
    {HETCAST_ALGORITHM_LCF, nullptr, nullptr, false,
     0, 0, RunPlainLcf, {2, 1, 7, "Khuller, Kim & Wan Theorem 3.3"}},
    {HETCAST_ALGORITHM_EAGER_LCF, "eager",
     "pinned EAGER_LCF: Eager LCF plans broadcasts (blocking or postal) "
     "without degrees, matching or members", true,
     0, kConstraints, RunEagerLcf, kNoGuarantee},
    {HETCAST_ALGORITHM_FLAT_BINOMIAL, "flat",
     "pinned FLAT_BINOMIAL: the flat binomial tree ignores clusters; it is "
     "planned for the blocking model without degrees, matching or members",
     false, 0, kPostal | kConstraints, RunFlatBinomial, kNoGuarantee},
    {HETCAST_ALGORITHM_INTERLEAVED_LCF, "interleaved",
     "pinned INTERLEAVED_LCF: Interleaved LCF is defined for the postal "
     "model (set postal)", false,
     kPostal, 0, RunInterleavedLcf, kNoGuarantee},
#ifdef HETCAST_TEST_FAKE_ROW
    {kClusterFakeAlgorithm, "fake",
     "pinned the fake algorithm: it plans blocking broadcasts only", false,
     0, kPostal | kConstraints, RunPlainLcf, {5, 1, 3, "the fake row's test"}},
#endif
};
// clang-format on
constexpr size_t kClusterRowCount =
    sizeof(kClusterRows) / sizeof(kClusterRows[0]);

}  // namespace

uint8_t ClusterFeatures(const hetcast_cluster_request& r) {
  return (r.postal ? kPostal : 0) | (r.degrees != nullptr ? kDegrees : 0) |
         (r.matching != 0 ? kMatching : 0) |
         (r.members != nullptr ? kMembers : 0);
}

const ClusterAlgorithm* ClusterAlgorithms(size_t* count) {
  *count = kClusterRowCount;
  return kClusterRows;
}

const ClusterAlgorithm* FindClusterAlgorithm(const hetcast_cluster_request& r,
                                             hetcast_algorithm algorithm,
                                             const char** why) {
  const uint8_t features = ClusterFeatures(r);
  for (const ClusterUnplanned& u : kUnplanned) {
    if ((features & u.features) != u.features) continue;
    if (why != nullptr) *why = u.why;
    return nullptr;
  }
  const char* refusal = nullptr;
  for (const ClusterAlgorithm& row : kClusterRows) {
    if (row.algorithm != algorithm) continue;
    if (row.refusal != nullptr) refusal = row.refusal;
    if ((features & row.needs) == row.needs && (features & row.refuses) == 0) {
      return &row;
    }
  }
  if (why != nullptr) {
    *why = refusal != nullptr ? refusal
                              : "the cluster model has no such algorithm "
                                "(hetcast_model_algorithm lists its "
                                "algorithms)";
  }
  return nullptr;
}

hetcast_algorithm ClusterDefaultAlgorithm() {
  return kClusterRows[0].algorithm;
}

hetcast_algorithm ClusterAlgorithmAt(size_t i) {
  for (const ClusterAlgorithm& row : kClusterRows) {
    if (row.name != nullptr && i-- == 0) return row.algorithm;
  }
  return HETCAST_ALGORITHM_NONE;
}

const char* ClusterAlgorithmName(hetcast_algorithm algorithm) {
  for (const ClusterAlgorithm& row : kClusterRows) {
    if (row.algorithm == algorithm && row.name != nullptr) return row.name;
  }
  return nullptr;
}

}  // namespace internal
}  // namespace hetcast
