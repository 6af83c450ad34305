// textbook_fnf.h: Fastest-Node-First exactly as Libeskind-Hadas et al.
// describe it (Lemma 1): a binary heap over all informed senders.
//
// TEST-ONLY REFERENCE and benchmark baseline: never use in production. One
// heap entry per node, O(n log n); it ignores that nodes of one type share a
// cost, which is what the runtime's cohort FNF exploits.
#ifndef HETCAST_TESTS_ORACLES_TEXTBOOK_FNF_H_
#define HETCAST_TESTS_ORACLES_TEXTBOOK_FNF_H_

#include <cstdint>
#include <vector>

namespace hetcast {
namespace testing {

struct TextbookFnfResult {
  uint64_t completion = 0;
  std::vector<uint32_t> parent;  // By position in FNF's receive order.
  std::vector<uint64_t> arrival;
};

// Destinations only (no relays). Receivers are informed cheapest first.
TextbookFnfResult TextbookFnf(const std::vector<uint64_t>& costs,
                              uint32_t source_type,
                              const std::vector<uint64_t>& destinations);

}  // namespace testing
}  // namespace hetcast

#endif  // HETCAST_TESTS_ORACLES_TEXTBOOK_FNF_H_
