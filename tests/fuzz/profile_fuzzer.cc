// profile_fuzzer.cc: libFuzzer target for profile JSON (tests only).
//
// The input is a profile file as `hetcast gen --profile` reads it
// (tools/gen/profile.h). ParseProfileJson must return, never crash; what it
// accepts must satisfy every rule ValidateProfile states, checked here
// again from the parsed fields.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/gen/profile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view json(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<hetcast::ProfileSpec> profile =
      hetcast::ParseProfileJson(json);
  if (!profile.ok()) {
    FUZZ_CHECK(!profile.status().message().empty());
    return 0;
  }
  FUZZ_CHECK(hetcast::ValidateProfile(*profile).ok());
  FUZZ_CHECK(!profile->name.empty());
  const size_t k = profile->types.size();
  FUZZ_CHECK(k >= 1 && k <= hetcast::kMaxProfileTypes);
  std::set<uint64_t> costs;
  for (const hetcast::NodeTypeSpec& type : profile->types) {
    FUZZ_CHECK(!type.name.empty());
    FUZZ_CHECK(type.cost >= 1 && type.cost <= HETCAST_MAX_COST);
    FUZZ_CHECK(costs.insert(type.cost).second);
  }
  const uint64_t states = hetcast::StateCount(*profile);
  FUZZ_CHECK(states >= 1);
  FUZZ_CHECK(states <= hetcast::kMaxProfileEntries / k);
  // The same text parses to the same profile.
  const absl::StatusOr<hetcast::ProfileSpec> again =
      hetcast::ParseProfileJson(json);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(again->name == profile->name);
  FUZZ_CHECK_EQ(again->types.size(), k);
  return 0;
}
