// simgrid_fuzzer.cc: libFuzzer target for SimGrid platform XML (tests
// only; tools/graph/simgrid_platform.h).
//
// The input is an XML file, imported with a message of 10^6 bytes, a tick
// of 1us, source "a" and target "b". ParseSimgridPlatform must return,
// never crash or expand anything; a platform it accepts must name each
// node once, have the source and target it was given, and pass the
// runtime's own check (hetcast_graph_check) with every cost in
// 1 .. HETCAST_MAX_COST. The input is also read as a time and as a
// bandwidth string, whose parsers must return.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/graph/simgrid_platform.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  if (size <= 64) {
    absl::StatusOr<mpq_class> time = hetcast::ParseSimgridTime(text);
    FUZZ_CHECK(!time.ok() || *time >= 0);
    absl::StatusOr<mpq_class> rate = hetcast::ParseSimgridBandwidth(text);
    FUZZ_CHECK(!rate.ok() || *rate > 0);
  }
  hetcast::GraphEndpoints ends;
  ends.source = "a";
  ends.targets = std::vector<std::string>{"b"};
  absl::StatusOr<hetcast::GraphPlatform> platform =
      hetcast::ParseSimgridPlatform(text, 1000000, "1us", ends);
  if (!platform.ok()) {
    FUZZ_CHECK(!platform.status().message().empty());
    return 0;
  }
  const std::set<std::string> names(platform->names.begin(),
                                    platform->names.end());
  FUZZ_CHECK_EQ(names.size(), platform->names.size());
  FUZZ_CHECK(platform->names[platform->source] == "a");
  FUZZ_CHECK_EQ(platform->targets.size(), 1);
  FUZZ_CHECK(platform->names[platform->targets[0]] == "b");
  for (const hetcast_graph_edge& e : platform->edges) {
    FUZZ_CHECK(e.cost >= 1 && e.cost <= HETCAST_MAX_COST);
  }
  const hetcast_graph_request request = platform->Request();
  hetcast_graph_sizes sizes;
  FUZZ_CHECK_EQ(hetcast_graph_plan_sizes(&request, &sizes, nullptr),
                HETCAST_OK);
  std::vector<unsigned char> workspace(sizes.workspace_bytes);
  FUZZ_CHECK_EQ(hetcast_graph_check(&request, workspace.data(),
                                    workspace.size(), nullptr, nullptr),
                HETCAST_OK);
  return 0;
}
