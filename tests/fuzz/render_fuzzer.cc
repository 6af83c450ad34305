// render_fuzzer.cc: libFuzzer target for the plan JSON `hetcast render
// --plan` reads back (tables/cli_output.fbs; tests only).
//
// The input is drawn as SVG and as DOT (tools/cli/render_plan.h): both
// must return, never crash, and agree on whether the plan is accepted. An
// accepted plan's drawing is one well-formed document whose user text is
// escaped: SVG from "<svg " to "</svg>\n" with as many '<' as '>' (a '<' or
// '>' in a name would break that); DOT from "digraph hetcast {" to "}\n"
// with its quotes paired (a quote inside a label is escaped). Drawing is
// deterministic: a second drawing is the same bytes. A refusal has a
// one-line message.
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "tests/fuzz/fuzz_check.h"
#include "tools/cli/render_plan.h"

namespace {

size_t CountOf(const std::string& text, char c) {
  size_t n = 0;
  for (char x : text) n += x == c;
  return n;
}

// Quotes not preceded by a backslash (DOT's escape) pair up.
bool QuotesPaired(const std::string& dot) {
  bool inside = false;
  for (size_t i = 0; i < dot.size(); ++i) {
    if (inside && dot[i] == '\\') {
      ++i;
    } else if (dot[i] == '"') {
      inside = !inside;
    } else if (inside && dot[i] == '\n') {
      return false;
    }
  }
  return !inside;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string json(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<std::string> svg = hetcast::RenderPlanJson(json, "svg");
  const absl::StatusOr<std::string> dot = hetcast::RenderPlanJson(json, "dot");
  FUZZ_CHECK_EQ(svg.ok(), dot.ok());
  if (!svg.ok()) {
    FUZZ_CHECK(!svg.status().message().empty());
    FUZZ_CHECK_EQ(svg.status().code(), dot.status().code());
    FUZZ_CHECK(svg.status().message() == dot.status().message());
    return 0;
  }
  FUZZ_CHECK(absl::StartsWith(*svg, "<svg "));
  FUZZ_CHECK(absl::EndsWith(*svg, "</svg>\n"));
  FUZZ_CHECK_EQ(CountOf(*svg, '<'), CountOf(*svg, '>'));
  FUZZ_CHECK(absl::StrContains(*dot, "digraph hetcast {"));
  FUZZ_CHECK(absl::EndsWith(*dot, "}\n"));
  FUZZ_CHECK(QuotesPaired(*dot));
  FUZZ_CHECK(*hetcast::RenderPlanJson(json, "svg") == *svg);
  return 0;
}
