// ptas_table.cc: see ptas_table.h.
#include "tools/gen/ptas_table.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "tools/gen/ptas_stored_order.h"

namespace hetcast {
namespace {

// A PTAS table runs the whole scheme per entry (milliseconds each).
constexpr uint64_t kMaxPtasTableEntries = uint64_t{1} << 20;

// What a PTAS table asks beyond ValidateProfile: types and eps the PTAS
// accepts, node ids that fit 16 bits, and a bounded number of entries.
absl::Status CheckPtasProfile(const ProfileSpec& profile, const Epsilon& eps) {
  absl::Status valid = ValidateProfile(profile);
  if (!valid.ok()) return valid;
  const size_t k = profile.types.size();
  std::vector<uint64_t> no_counts(k, 0), type_costs(k);
  uint64_t destinations = 0;
  for (size_t j = 0; j < k; ++j) {
    type_costs[j] = profile.types[j].cost;
    destinations += profile.types[j].limit;
  }
  valid = ValidatePtasRequest(PtasRequest{type_costs, 0, no_counts, {}, eps});
  if (!valid.ok()) return valid;
  if (destinations > 65534) {
    return absl::OutOfRangeError(absl::StrFormat(
        "profile '%s': a PTAS table stores node ids in 16 bits; the limits "
        "add up to %d destinations (at most 65534)",
        profile.name, destinations));
  }
  const uint64_t states = StateCount(profile);
  if (states * k > kMaxPtasTableEntries) {
    return absl::OutOfRangeError(absl::StrFormat(
        "profile '%s': %d entries; a PTAS table runs the PTAS on every entry "
        "and allows at most %d (lower the limits)",
        profile.name, states * k, kMaxPtasTableEntries));
  }
  return absl::OkStatus();
}

// Entry `e` of a PTAS table (`request` is its source type and counts, state
// number `state` of profile `name`): the completion, the bound and the tree
// as (parent, send index) pairs of 16 bits each.
absl::Status SolvePtasEntry(const std::string& name, const PtasRequest& request,
                            uint64_t state, uint64_t e, PtasEntries* out) {
  absl::StatusOr<PtasResult> r = PlanPtas(request);
  if (!r.ok()) {
    return absl::Status(r.status().code(),
                        absl::StrFormat("profile '%s', source type %d, "
                                        "state %d: %s",
                                        name, request.source_type, state,
                                        r.status().message()));
  }
  out->time[e] = r->answer.completion_time;
  out->bound[e] = r->answer.lower_bound;
  out->bound_kind[e] = static_cast<uint8_t>(r->answer.lower_bound_kind);
  const std::vector<hetcast_node> stored = StoredPtasOrder(r->nodes);
  for (size_t id = 1; id < stored.size(); ++id) {
    const hetcast_node& n = stored[id];
    if (n.send_index == 0 || n.send_index > 0xFFFF) {
      return absl::OutOfRangeError(
          absl::StrFormat("profile '%s': a node's send index %d does not "
                          "fit 16 bits",
                          name, n.send_index));
    }
    out->nodes.push_back(n.parent | (n.send_index << 16));
  }
  return absl::OkStatus();
}

// The next count vector in state order (type 0's count moves fastest).
void NextCounts(const std::vector<uint64_t>& limits,
                std::vector<uint64_t>* counts) {
  for (size_t j = 0; j < limits.size(); ++j) {
    if ((*counts)[j] < limits[j]) {
      ++(*counts)[j];
      return;
    }
    (*counts)[j] = 0;
  }
}

// `entries` empty entries for eps, to be filled in entry order.
PtasEntries EmptyEntries(const Epsilon& eps, uint64_t entries) {
  PtasEntries out;
  out.epsilon_numerator = eps.numerator;
  out.epsilon_denominator = eps.denominator;
  out.time.assign(entries, 0);
  out.bound.assign(entries, 0);
  out.bound_kind.assign(entries, HETCAST_BOUND_EXACT);
  out.offsets.assign(entries + 1, 0);
  return out;
}

}  // namespace

absl::StatusOr<PtasEntries> SolvePtasProfile(
    const ProfileSpec& profile, const Epsilon& eps,
    const std::function<void(uint64_t, uint64_t)>& progress) {
  const absl::Status valid = CheckPtasProfile(profile, eps);
  if (!valid.ok()) return valid;
  const size_t k = profile.types.size();
  std::vector<uint64_t> costs(k), limits(k);
  for (size_t j = 0; j < k; ++j) {
    costs[j] = profile.types[j].cost;
    limits[j] = profile.types[j].limit;
  }
  const uint64_t states = StateCount(profile);
  const uint64_t entries = states * k;
  PtasEntries out = EmptyEntries(eps, entries);
  std::vector<uint64_t> counts(k, 0);
  for (uint32_t s = 0; s < k; ++s) {
    std::fill(counts.begin(), counts.end(), 0);
    for (uint64_t state = 0; state < states; ++state) {
      const uint64_t e = s * states + state;
      out.offsets[e] = static_cast<uint32_t>(out.nodes.size());
      if (state != 0) {
        absl::Status solved = SolvePtasEntry(
            profile.name, PtasRequest{costs, s, counts, {}, eps, true}, state,
            e, &out);
        if (!solved.ok()) return solved;
      }
      if (out.nodes.size() > UINT32_MAX) {
        return absl::OutOfRangeError("PTAS table: more than 2^32 node records");
      }
      NextCounts(limits, &counts);
      if (progress) progress(e + 1, entries);
    }
  }
  out.offsets[entries] = static_cast<uint32_t>(out.nodes.size());
  return out;
}

}  // namespace hetcast
