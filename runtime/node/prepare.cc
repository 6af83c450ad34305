// prepare.cc: the node model's request prepared once (algorithms.h,
// PrepareNodePlan): the profile whose table covers it, else FNF, with the
// reason a pinned algorithm cannot answer, and what the answer needs.
#include <stdint.h>

#include "runtime/node/algorithms.h"
#include "runtime/reject.h"

namespace hetcast {
namespace internal {
namespace {

// Whether `profile` has the request's types: the same count, and the same
// costs unless the request leaves them to the profile.
bool ProfileMatches(const hetcast_profile& profile,
                    const hetcast_node_request& request) {
  hetcast_profile_info info;
  // A NULL-free but never-opened (zeroed) profile matches nothing.
  if (hetcast_profile_get_info(&profile, &info, nullptr) != HETCAST_OK)
    return false;
  if (info.type_count != request.type_count) return false;
  if (request.costs == nullptr) return true;
  for (size_t j = 0; j < info.type_count; ++j) {
    uint64_t cost = 0;
    hetcast_profile_type(&profile, j, nullptr, &cost, nullptr, nullptr);
    if (cost != request.costs[j]) return false;
  }
  return true;
}

// The request's costs taken from `profile` into `costs` when it left them
// out.
void FillCosts(const hetcast_profile& profile, uint64_t* costs,
               hetcast_node_request* request) {
  if (request->costs != nullptr) return;
  for (size_t j = 0; j < request->type_count; ++j) {
    hetcast_profile_type(&profile, j, nullptr, &costs[j], nullptr, nullptr);
  }
  request->costs = costs;
}

// The first matching profile that covers the request, if any. Returns
// HETCAST_NOT_IN_TABLE when none does (prepared->why says why), or the
// profile's own error for a request it cannot take at all.
hetcast_status PrepareTable(const NodeProfiles& profiles,
                            NodePrepared* prepared, const char** why) {
  bool matched = false;
  for (size_t p = 0; p < profiles.count; ++p) {
    const hetcast_profile& profile = profiles.profiles[p];
    if (!ProfileMatches(profile, prepared->request)) continue;
    if (!matched) FillCosts(profile, profiles.costs, &prepared->request);
    matched = true;
    const char* refused = nullptr;
    const hetcast_status status = hetcast_profile_plan_sizes(
        &profile, &prepared->request, &prepared->sizes, &refused);
    if (status == HETCAST_NOT_IN_TABLE) continue;
    if (status != HETCAST_OK) return Reject(status, refused, why);
    prepared->algorithm = HETCAST_ALGORITHM_TABLE;
    prepared->why = HETCAST_CHOICE_TABLE;
    prepared->profile = &profile;
    prepared->profile_index = p;
    return HETCAST_OK;
  }
  prepared->why = matched          ? HETCAST_CHOICE_OUTSIDE_TABLE
                  : profiles.count ? HETCAST_CHOICE_NO_MATCHING_PROFILE
                                   : HETCAST_CHOICE_NO_TABLE;
  return HETCAST_NOT_IN_TABLE;
}

// FNF, for a request with costs (its own, or a profile's when one was
// offered).
hetcast_status PrepareFnf(const NodeProfiles& profiles, NodePrepared* prepared,
                          const char** why) {
  if (prepared->request.costs == nullptr && profiles.count != 0) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "node request: costs are NULL and no profile of the same "
                  "type count supplies them",
                  why);
  }
  const hetcast_status status =
      BuildNodeLayout(&prepared->request, &prepared->layout, why);
  if (status != HETCAST_OK) return status;
  prepared->algorithm = HETCAST_ALGORITHM_FNF;
  return FnfPlanSizes(prepared->layout, &prepared->sizes, why);
}

}  // namespace

hetcast_status PrepareNodePlan(const hetcast_node_request* request,
                               const NodeProfiles& profiles,
                               hetcast_algorithm algorithm,
                               NodePrepared* prepared, const char** why) {
  const NodeAlgorithm* pinned = FindNodeAlgorithm(algorithm);
  if (algorithm != HETCAST_ALGORITHM_NONE &&
      (pinned == nullptr || !pinned->pinnable)) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "the node model plans with FNF or TABLE only (the PTAS "
                  "answers through PTAS tables, or offline in tools/)",
                  why);
  }
  if (profiles.count != 0 && profiles.profiles == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT,
                  "profiles is NULL but profile_count is not 0", why);
  }
  if (request == nullptr) {
    return Reject(HETCAST_INVALID_ARGUMENT, "request is NULL", why);
  }
  prepared->request = *request;
  if (algorithm == HETCAST_ALGORITHM_FNF) {
    prepared->why = HETCAST_CHOICE_PINNED;
    return PrepareFnf(profiles, prepared, why);
  }
  const hetcast_status status = PrepareTable(profiles, prepared, why);
  if (status != HETCAST_NOT_IN_TABLE) {
    if (status == HETCAST_OK && algorithm != HETCAST_ALGORITHM_NONE) {
      prepared->why = HETCAST_CHOICE_PINNED;
    }
    return status;
  }
  if (algorithm == HETCAST_ALGORITHM_TABLE) {
    return Reject(HETCAST_NOT_IN_TABLE,
                  prepared->why == HETCAST_CHOICE_OUTSIDE_TABLE
                      ? "pinned TABLE, but the request exceeds the limits "
                        "of every profile with its costs"
                      : "pinned TABLE, but no profile has the request's "
                        "types and costs",
                  why);
  }
  return PrepareFnf(profiles, prepared, why);
}

Guarantee NodeGuarantee(const NodePrepared& prepared) {
  if (prepared.algorithm == HETCAST_ALGORITHM_FNF) {
    return FindNodeAlgorithm(HETCAST_ALGORITHM_FNF)->guarantee;
  }
  hetcast_profile_info info;
  hetcast_profile_get_info(prepared.profile, &info, nullptr);
  if (info.method != HETCAST_METHOD_PTAS) {
    return FindNodeAlgorithm(HETCAST_ALGORITHM_TABLE)->guarantee;
  }
  Guarantee ptas = FindNodeAlgorithm(HETCAST_ALGORITHM_PTAS)->guarantee;
  ptas.numerator = info.guarantee_numerator;
  ptas.denominator = info.guarantee_denominator;
  return ptas;
}

}  // namespace internal
}  // namespace hetcast
