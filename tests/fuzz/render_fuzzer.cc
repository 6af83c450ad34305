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
//
// Inputs that do not start with '{' drive a size-scaled generator instead
// (GeneratedPlan): byte 0 picks the model, bytes 1 and 2 the size (up to
// MaxNodes() nodes, or as many transfers on one sender: the large inputs
// that byte mutations of kilobyte plans never reach), byte 3 a defect (none, a
// transfer starting after its arrival or a period of 0, a parent cycle, an
// undeclared node), the rest the seed. A plan generated valid (times from
// the model's rules) must be drawn; one with a defect must be refused.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
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

// SplitMix64: a fixed sequence per seed.
struct Random {
  uint64_t state;
  uint64_t Next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t Below(uint64_t n) { return Next() % n; }
};

enum Defect { kNone, kStartAfterArrival, kParentCycle, kUndeclared };

// A node or cluster plan of n nodes: node i's parent a random earlier
// node, each sender's sends in id order, times by the model's rule (node:
// the j-th send of v arrives j x its type's cost after v; cluster: one
// transfer at a time, 1 tick inside a cluster, C across).
std::string TreePlan(bool cluster, size_t n, Defect defect, Random* random) {
  const uint64_t costs[] = {2, 3, 5};
  // At most n groups: render refuses a group number past the node count.
  const size_t groups = 1 + random->Below(std::min<size_t>(3, n));
  const uint64_t inter = 2 + random->Below(5);
  std::vector<uint64_t> group(n), parent(n, 0), arrival(n, 0), busy(n, 0);
  std::vector<uint64_t> start(n, 0);
  for (size_t v = 0; v < n; ++v)
    group[v] = cluster && v == 0 ? 0 : random->Below(groups);
  uint64_t completion = 0;
  for (size_t v = 1; v < n; ++v) {
    const size_t p = random->Below(v);
    parent[v] = p;
    const uint64_t duration =
        cluster ? (group[p] == group[v] ? 1 : inter) : costs[group[p]];
    start[v] = std::max(arrival[p], busy[p]);
    arrival[v] = start[v] + duration;
    busy[p] = arrival[v];
    completion = std::max(completion, arrival[v]);
  }
  std::string json = absl::StrCat(
      "{\"model\":\"", cluster ? "cluster" : "node",
      "\",\"algorithm\":\"generated\",\"completion_time\":", completion,
      ",\"lower_bound\":1");
  if (!cluster) json += ",\"type_costs\":[2,3,5]";
  json += ",\"nodes\":[";
  for (size_t v = 0; v < n; ++v) {
    const int64_t p = v == 0 ? -1
                      : defect == kParentCycle && v == 1
                          ? 1
                          : static_cast<int64_t>(parent[v]);
    absl::StrAppend(&json, v ? "," : "", "{\"id\":", v,
                    cluster ? ",\"cluster\":" : ",\"type\":", group[v],
                    ",\"arrival\":", arrival[v], ",\"parent\":", p, "}");
  }
  json += "],\"transfers\":[";
  for (size_t v = 1; v < n; ++v) {
    const uint64_t to = defect == kUndeclared && v == 1 ? n + 5 : v;
    const uint64_t begin =
        defect == kStartAfterArrival && v == 1 ? arrival[v] + 1 : start[v];
    absl::StrAppend(&json, v > 1 ? "," : "", "{\"from\":", parent[v],
                    ",\"to\":", to, ",\"start\":", begin,
                    ",\"arrival\":", arrival[v], "}");
  }
  return json + "]}";
}

// A non-blocking plan: node 0 sends message i to node i + 1 at tick i, all
// sends overlapping (non-blocking: as many lanes on its row), each
// received when it lands.
std::string NonblockingPlan(size_t n, Defect defect, Random* random) {
  const size_t transfers = std::max<size_t>(n - 1, 1);
  const uint64_t latency = 1 + random->Below(1000);
  std::string json;
  uint64_t completion = 0;
  for (size_t i = 0; i < transfers; ++i) {
    const size_t to = n > 2 ? 1 + i : 1;
    const uint64_t arrival = i + latency;
    const uint64_t start =
        defect == kStartAfterArrival && i == 0 ? arrival + 1 : i;
    completion = std::max(completion, arrival + 1);
    absl::StrAppend(
        &json, i ? "," : "", "{\"from\":0,\"to\":",
        defect != kNone && defect != kStartAfterArrival && i == 0 ? n + 5 : to,
        ",\"source\":0,\"message\":", i, ",\"start\":", start,
        ",\"arrival\":", arrival, ",\"receive_start\":", arrival,
        ",\"end\":", arrival + 1, "}");
  }
  std::string nodes;
  for (size_t v = 0; v < n; ++v) absl::StrAppend(&nodes, v ? "," : "", "{}");
  return absl::StrCat(
      "{\"model\":\"nonblocking\",\"algorithm\":\"generated\","
      "\"completion_time\":",
      completion, ",\"lower_bound\":1,\"nodes\":[", nodes, "],\"transfers\":[",
      json, "]}");
}

// A graph plan (MCPH's shape): a random tree, every leaf a target, each
// node sending to its children one after the other from tick 0, the
// period the largest send load.
std::string GraphPlan(size_t n, Defect defect, Random* random) {
  std::vector<size_t> parent(n, 0);
  std::vector<uint64_t> cost(n, 0), load(n, 0), start(n, 0);
  std::vector<bool> leaf(n, true);
  uint64_t period = 1;
  for (size_t v = 1; v < n; ++v) {
    parent[v] = random->Below(v);
    cost[v] = 1 + random->Below(9);
    leaf[parent[v]] = false;
    start[v] = load[parent[v]];
    load[parent[v]] += cost[v];
    period = std::max(period, load[parent[v]]);
  }
  std::string nodes, edges, slots;
  for (size_t v = 0; v < n; ++v) {
    absl::StrAppend(&nodes, v ? "," : "", "{\"id\":", v, ",\"name\":\"v", v,
                    "\",\"role\":\"",
                    v == 0    ? "source"
                    : leaf[v] ? "target"
                              : "relay",
                    "\"");
    if (v > 0) {
      const size_t p = defect == kParentCycle && v == 1 ? 1 : parent[v];
      absl::StrAppend(&nodes, ",\"parent\":\"v", p, "\"");
      absl::StrAppend(&edges, v > 1 ? "," : "", "{\"from\":\"v", parent[v],
                      "\",\"to\":\"v", v, "\"}");
      const std::string to =
          defect == kUndeclared && v == 1 ? "zz" : absl::StrCat("v", v);
      absl::StrAppend(&slots, v > 1 ? "," : "", "{\"start\":", start[v],
                      ",\"duration\":", cost[v], ",\"from\":\"v", parent[v],
                      "\",\"to\":\"", to, "\",\"tree\":0,\"amount\":1}");
    }
    absl::StrAppend(&nodes, ",\"send_load\":", load[v], "}");
  }
  return absl::StrCat(
      "{\"model\":\"graph\",\"algorithm\":\"mcph\",\"throughput\":\"1/", period,
      "\",\"nodes\":[", nodes, "],\"trees\":[{\"edges\":[", edges,
      "]}],\"schedule\":{\"period\":",
      defect == kStartAfterArrival ? 0 : period,
      ",\"messages\":1,\"parts\":1,\"slots\":[", slots, "]}}");
}

// The largest generated plan: HETCAST_FUZZ_RENDER_NODES, else 1,024 (a
// few seconds an input in the sanitizer build; the command line's largest
// plans, 16 MiB, have some 250,000 nodes: give more for long runs).
size_t MaxNodes() {
  static const size_t max_nodes = [] {
    const char* given = std::getenv("HETCAST_FUZZ_RENDER_NODES");
    const size_t n = given == nullptr ? 0 : std::strtoull(given, nullptr, 10);
    return n >= 2 ? n : size_t{1024};
  }();
  return max_nodes;
}

// The generator's plan for `data` (not JSON: it does not start with '{'),
// and whether it has a defect.
std::string GeneratedPlan(const uint8_t* data, size_t size, bool* defective) {
  uint8_t head[4] = {0, 0, 0, 0};
  std::copy(data, data + std::min<size_t>(size, 4), head);
  Random random{0};
  for (size_t i = 4; i < size; ++i) random.state = random.state * 131 + data[i];
  // Mostly small plans (up to 65 nodes, fast under the sanitizers); one
  // in 32 scaled up to MaxNodes().
  const size_t n = head[2] % 32 == 31 ? 2 + (MaxNodes() - 2) * head[1] / 255
                                      : 2 + head[1] % 64;
  const Defect defect = static_cast<Defect>(head[3] % 5 == 4 ? 0 : head[3] % 5);
  *defective = defect != kNone;
  switch (head[0] % 4) {
    case 0:
      return TreePlan(false, n, defect, &random);
    case 1:
      return TreePlan(true, n, defect, &random);
    case 2:
      return NonblockingPlan(n, defect, &random);
    default:
      return GraphPlan(n, defect, &random);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  bool generated = size > 0 && data[0] != '{';
  bool defective = false;
  const std::string json =
      generated ? GeneratedPlan(data, size, &defective)
                : std::string(reinterpret_cast<const char*>(data), size);
  const absl::StatusOr<std::string> svg = hetcast::RenderPlanJson(json, "svg");
  const absl::StatusOr<std::string> dot = hetcast::RenderPlanJson(json, "dot");
  FUZZ_CHECK_EQ(svg.ok(), dot.ok());
  if (generated) FUZZ_CHECK_EQ(svg.ok(), !defective);
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
