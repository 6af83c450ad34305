// simgrid_platform_test.cc: the SimGrid platform XML import
// (tools/graph/simgrid_platform.h). Expected costs are worked out by hand
// from cost = ceil((latency + bytes / bandwidth) / tick), in the comments.
#include "tools/graph/simgrid_platform.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace hetcast {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

MATCHER_P3(Edge, from, to, cost, "") {
  return arg.from == from && arg.to == to && arg.cost == cost;
}

GraphEndpoints Ends(std::string source, std::vector<std::string> targets) {
  GraphEndpoints ends;
  ends.source = source;
  ends.targets = targets;
  return ends;
}

std::string Platform(const std::string& zone_body, const std::string& zone =
                                                       "<zone id=\"z\" "
                                                       "routing=\"Full\">") {
  return "<?xml version='1.0'?>\n<platform version=\"4.1\">\n" + zone + "\n" +
         zone_body + "\n</zone>\n</platform>\n";
}

const char kThreeLinks[] = R"(
  <host id="a" speed="1Gf"/>
  <host id="b" speed="2Gf" core="4"/>
  <router id="r"/>
  <link id="l1" bandwidth="1.25GBps" latency="50us"/>
  <link id="l2" bandwidth="100Mbps" latency="1ms" sharing_policy="SPLITDUPLEX"/>
  <link id="l3" bandwidth="3Bps" latency="0s" sharing_policy="FATPIPE"/>
  <route src="a" dst="r"><link_ctn id="l1"/></route>
  <route src="r" dst="b" symmetrical="NO"><link_ctn id="l2" direction="UP"/></route>
  <route src="b" dst="r" symmetrical="NO"><link_ctn id="l2" direction="DOWN"/></route>
  <route src="a" dst="b" symmetrical="NO"><link_ctn id="l3"/></route>)";

TEST(SimgridPlatform, EdgesFollowTheCostFormula) {
  absl::StatusOr<GraphPlatform> p = ParseSimgridPlatform(
      Platform(kThreeLinks), 1000000, "1us", Ends("a", {"b"}));
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_THAT(p->names, ElementsAre("a", "b", "r"));
  EXPECT_EQ(p->source, 0u);
  EXPECT_THAT(p->targets, ElementsAre(1u));
  EXPECT_THAT(
      p->edges,
      ElementsAre(
          // l1: 50 us + 10^6 B / 1.25e9 B/s = 50 + 800 us: 850 ticks, both
          // ways (symmetrical by default).
          Edge(0u, 2u, 850u), Edge(2u, 0u, 850u),
          // l2: 100 Mb/s = 12.5e6 B/s: 1 ms + 80 ms = 81000 us, per side.
          Edge(2u, 1u, 81000u), Edge(1u, 2u, 81000u),
          // l3: 10^6 / 3 s = 333333333333.33... us: rounded up.
          Edge(0u, 1u, 333333333334u)));
}

// SimGrid's own files start with this DOCTYPE (its loader requires it);
// the DTD it names is not read.
TEST(SimgridPlatform, AcceptsSimgridsDoctype) {
  absl::StatusOr<GraphPlatform> p = ParseSimgridPlatform(
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM "
      "\"https://simgrid.org/simgrid.dtd\">\n" +
          Platform(kThreeLinks).substr(22),
      1000000, "1us", Ends("a", {"b"}));
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->edges.size(), 5u);
}

TEST(SimgridPlatform, TickAndSizeScaleTheCost) {
  // l1 with 1000 bytes and a tick of 0.1 ms: 50 us + 0.8 us = 50.8 us =
  // 0.508 ticks: 1 tick.
  absl::StatusOr<GraphPlatform> p =
      ParseSimgridPlatform(Platform(R"(<host id="a"/><host id="b"/>
        <link id="l1" bandwidth="1.25GBps" latency="50us"/>
        <route src="a" dst="b"><link_ctn id="l1"/></route>)"),
                           1000, "0.1ms", Ends("a", {"b"}));
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_THAT(p->edges, ElementsAre(Edge(0u, 1u, 1u), Edge(1u, 0u, 1u)));
}

TEST(SimgridUnits, ParseExactly) {
  const auto time = [](const char* s) { return *ParseSimgridTime(s); };
  const auto rate = [](const char* s) { return *ParseSimgridBandwidth(s); };
  EXPECT_EQ(time("50us"), mpq_class(1, 20000));
  EXPECT_EQ(time("2m"), 120);
  EXPECT_EQ(time("1.5e-3s"), mpq_class(3, 2000));
  EXPECT_EQ(time("3ps"), mpq_class(3, 1000000000000));
  EXPECT_EQ(time("1w"), 7 * 86400);
  EXPECT_EQ(rate("1.25GBps"), 1250000000);
  EXPECT_EQ(rate("1KiBps"), 1024);
  EXPECT_EQ(rate("1kBps"), 1000);
  EXPECT_EQ(rate("1Mibps"), 131072);
  EXPECT_EQ(rate("8bps"), 1);
  EXPECT_EQ(rate("1e3Bps"), 1000);
  EXPECT_EQ(rate("2EBps"), mpq_class(mpz_class("2000000000000000000")));
  for (const char* bad :
       {"", "1.5", "s", "1.2.3s", "1e99s", "1 s", "-1s", "1sec", "1e"}) {
    EXPECT_FALSE(ParseSimgridTime(bad).ok()) << bad;
  }
  EXPECT_FALSE(ParseSimgridBandwidth("0Bps").ok());
  EXPECT_FALSE(ParseSimgridBandwidth("1GB").ok());
}

TEST(SimgridUnits, CostRange) {
  EXPECT_EQ(*SimgridEdgeCost(0, 1, 5, 1), 5u);
  EXPECT_EQ(*SimgridEdgeCost(mpq_class(1, 2), 2, 1, 1), 1u);
  // 2^40 ticks is the largest cost; one more is refused.
  const mpq_class max(mpz_class("1099511627776"));
  EXPECT_EQ(*SimgridEdgeCost(0, 1, 1, 1 / max), uint64_t{1} << 40);
  EXPECT_THAT(std::string(SimgridEdgeCost(1, 1, 1, 1 / max).status().message()),
              HasSubstr("outside 1 .."));
}

// The message of a refused platform (body inside the zone).
std::string Refusal(const std::string& xml,
                    GraphEndpoints ends = Ends("a", {"b"}),
                    const char* tick = "1us") {
  absl::StatusOr<GraphPlatform> p = ParseSimgridPlatform(xml, 1000, tick, ends);
  EXPECT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(p.status().message());
}

const char kTwo[] = R"(<host id="a"/><host id="b"/>
  <link id="l" bandwidth="1MBps" latency="1ms"/>)";

TEST(SimgridPlatform, RefusesElementsOutsideTheSubset) {
  EXPECT_THAT(
      Refusal(Platform(std::string(kTwo) + R"(<zoneRoute src="a" dst="b"/>)")),
      HasSubstr("<zoneRoute> inside <zone> is not in the supported"));
  EXPECT_THAT(
      Refusal(Platform(std::string(kTwo) + R"(<cluster id="c" prefix="n"/>)")),
      HasSubstr("line 5: <cluster> inside <zone>"));
  EXPECT_THAT(Refusal(Platform(R"(<host id="a"><prop id="x" value="1"/>
              </host>)")),
              HasSubstr("<prop> inside <host>"));
  EXPECT_THAT(Refusal("<platform version=\"4.1\"><AS id=\"x\" "
                      "routing=\"Full\"/></platform>"),
              HasSubstr("<AS> inside <platform>"));
  EXPECT_THAT(Refusal("<zone id=\"z\" routing=\"Full\"/>"),
              HasSubstr("<zone> is not in the supported subset"));
  EXPECT_THAT(Refusal(Platform(kTwo, "<zone id=\"z\" routing=\"Floyd\">")),
              HasSubstr("routing 'Floyd'"));
  EXPECT_THAT(Refusal("<platform version=\"4\"><zone id=\"z\" "
                      "routing=\"Full\"/></platform>"),
              HasSubstr("version '4' is not 4.1"));
  EXPECT_THAT(Refusal(Platform(R"(<host id="a" availability_file="f"/>)")),
              HasSubstr("<host>: attribute 'availability_file'"));
  EXPECT_THAT(Refusal(Platform(R"(<link id="l" latency="1s"/>)")),
              HasSubstr("<link>: attribute 'bandwidth' is missing"));
  EXPECT_THAT(Refusal(Platform(std::string(kTwo) + "some text")),
              HasSubstr("text inside <zone>"));
}

TEST(SimgridPlatform, RefusesRoutesThatAreNotIndependentEdges) {
  const std::string two(kTwo);
  EXPECT_THAT(Refusal(Platform(two + R"(<link id="m" bandwidth="1MBps"/>
        <route src="a" dst="b"><link_ctn id="l"/><link_ctn id="m"/></route>)")),
              HasSubstr("<route src=\"a\" dst=\"b\">: 2 links"));
  EXPECT_THAT(Refusal(Platform(two + R"(<route src="a" dst="b"></route>)")),
              HasSubstr("0 links"));
  EXPECT_THAT(Refusal(Platform(two + R"(<host id="c"/>
        <route src="a" dst="b"><link_ctn id="l"/></route>
        <route src="a" dst="c"><link_ctn id="l"/></route>)")),
              HasSubstr("link 'l' is already used by the route on line 6"));
  EXPECT_THAT(Refusal(Platform(two + R"(<link id="m" bandwidth="1MBps"/>
        <route src="a" dst="b"><link_ctn id="l"/></route>
        <route src="b" dst="a"><link_ctn id="m"/></route>)")),
              HasSubstr("the edge 'b' -> 'a' is already given on line 6"));
  EXPECT_THAT(Refusal(Platform(two + R"(
        <route src="a" dst="a"><link_ctn id="l"/></route>)")),
              HasSubstr("from a node to itself"));
  EXPECT_THAT(Refusal(Platform(two + R"(
        <route src="a" dst="x"><link_ctn id="l"/></route>)")),
              HasSubstr("unknown node 'x'"));
  EXPECT_THAT(Refusal(Platform(two + R"(
        <route src="a" dst="b"><link_ctn id="nope"/></route>)")),
              HasSubstr("unknown link 'nope'"));
  EXPECT_THAT(Refusal(Platform(two + R"(
        <route src="a" dst="b"><link_ctn id="l" direction="UP"/></route>)")),
              HasSubstr("direction applies to SPLITDUPLEX links only"));
  EXPECT_THAT(Refusal(Platform(R"(<host id="a"/><host id="b"/>
        <link id="s" bandwidth="1MBps" sharing_policy="SPLITDUPLEX"/>
        <route src="a" dst="b"><link_ctn id="s"/></route>)")),
              HasSubstr("needs direction UP or DOWN"));
}

TEST(SimgridPlatform, RefusesBadValuesNamingTheLink) {
  EXPECT_THAT(Refusal(Platform(R"(<host id="a"/><host id="b"/>
        <link id="l" bandwidth="100" latency="1ms"/>
        <route src="a" dst="b"><link_ctn id="l"/></route>)")),
              HasSubstr("line 5: <link id=\"l\">: bandwidth: '100' is not"));
  EXPECT_THAT(Refusal(Platform(R"(<host id="a"/><host id="b"/>
        <link id="l" bandwidth="1bps" latency="1ms"/>
        <route src="a" dst="b"><link_ctn id="l"/></route>)"),
                      Ends("a", {"b"}), "1ps"),
              HasSubstr("<link id=\"l\">: cost"));
  EXPECT_THAT(Refusal(Platform(R"(<host id="a"/><host id="b"/>
        <link id="l" bandwidth="1Bps" sharing_policy="WIFI"/>)")),
              HasSubstr("sharing_policy 'WIFI'"));
  EXPECT_THAT(Refusal(Platform(R"(<host id=""/>)")),
              HasSubstr("line 4: <host>: empty id"));
  EXPECT_THAT(Refusal(Platform(R"(<host id="a"/><router id="a"/>)")),
              HasSubstr("the id is already taken on line 4"));
  EXPECT_THAT(Refusal(Platform(kTwo), Ends("a", {"b"}), "0s"),
              HasSubstr("--tick: must be > 0"));
  EXPECT_THAT(Refusal(Platform(kTwo), GraphEndpoints()),
              HasSubstr("--source and --targets: required"));
  EXPECT_THAT(Refusal(Platform(kTwo)), HasSubstr("no <route>"));
}

TEST(SimgridPlatform, RefusesDtdsEntitiesAndMalformedXml) {
  // A billion-laughs prologue is refused at its DOCTYPE, before any entity.
  EXPECT_THAT(Refusal("<?xml version='1.0'?>\n<!DOCTYPE platform [\n"
                      "<!ENTITY a \"aaaaaaaaaa\">\n<!ENTITY b "
                      "\"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n"
                      "<platform version=\"4.1\">&b;</platform>"),
              HasSubstr("line 2: <!DOCTYPE> is refused"));
  EXPECT_THAT(Refusal("<!DOCTYPE html SYSTEM "
                      "\"https://simgrid.org/simgrid.dtd\"><platform/>"),
              HasSubstr("<!DOCTYPE> is refused"));
  EXPECT_THAT(Refusal("<!DOCTYPE platform SYSTEM \"file:///etc/passwd\">"
                      "<platform/>"),
              HasSubstr("<!DOCTYPE> is refused"));
  EXPECT_THAT(Refusal("<platform version=\"4.1\">"),
              HasSubstr("malformed XML"));
  EXPECT_THAT(Refusal("<platform version=\"4.1\">&undefined;</platform>"),
              HasSubstr("malformed XML"));
  EXPECT_THAT(Refusal("<?php x?><platform/>"),
              HasSubstr("processing instruction <?php?>"));
  EXPECT_THAT(Refusal(std::string(kMaxSimgridBytes + 1, ' ')),
              HasSubstr("at most"));
}

TEST(SimgridPlatform, EndpointsAreCheckedLikeJsonPlatforms) {
  const std::string xml = Platform(std::string(kTwo) + R"(<host id="c"/>
      <route src="a" dst="b" symmetrical="NO"><link_ctn id="l"/></route>)");
  EXPECT_THAT(Refusal(xml, Ends("a", {"c"})),
              HasSubstr("'c' cannot be reached from the source 'a'"));
  EXPECT_THAT(Refusal(xml, Ends("x", {"b"})), HasSubstr("--source"));
  absl::StatusOr<GraphPlatform> p =
      ParseSimgridPlatform(xml, 1000, "1us", Ends("a", {"b"}));
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_THAT(p->pruned, ElementsAre("c"));
}

}  // namespace
}  // namespace hetcast
