// platform_bound_test.cc: the platform file's lower bound on any broadcast
// (tools/mpi/platform_bound.h) on a hand-made two-cluster platform whose
// terms are worked out by hand below, the unit parsing and its rounding
// directions, and the refusals. tests/mpi/platform_bound_smpi_test.sh
// checks the bound against every SMPI algorithm's simulated time.

#include "tools/mpi/platform_bound.h"

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/sanitizer_run.h"
#include "tools/mpi/group_uplinks.h"
#include "tools/mpi/platform_xml.h"
#include "tools/mpi/route_cuts.h"

namespace hetcast {
namespace mpi {
namespace {

// Cluster A: a0 (1 MB/s, 10 us), a1 (2 MB/s, 1 us); cluster B: b0 (1 MB/s,
// 20 us); A and B joined by one shared link `up` (UPLINK, 100 us).
std::string TwoClusters(const std::string& uplink) {
  return "<?xml version='1.0'?>\n<!-- a comment <host id=\"x\"/> -->\n"
         "<platform version=\"4.1\"><zone id=\"w\" routing=\"Full\">\n"
         "<zone id=\"A\" routing=\"Cluster\"><router id=\"A_r\"/>\n"
         "<host id=\"a0\" speed=\"1Gf\"/><link id=\"la0\" bandwidth=\"1MBps\" "
         "latency=\"10us\" sharing_policy=\"SPLITDUPLEX\"/>"
         "<host_link id=\"a0\" up=\"la0_UP\" down=\"la0_DOWN\"/>\n"
         "<host id=\"a1\" speed=\"1Gf\"/><link id=\"la1\" bandwidth=\"2MBps\" "
         "latency=\"1us\" sharing_policy=\"SPLITDUPLEX\"/>"
         "<host_link id=\"a1\" up=\"la1_UP\" down=\"la1_DOWN\"/>\n"
         "<backbone id=\"bbA\" bandwidth=\"100GBps\" latency=\"0us\"/></zone>\n"
         "<zone id=\"B\" routing=\"Cluster\"><router id=\"B_r\"/>\n"
         "<host id=\"b0\" speed=\"1Gf\"/><link id=\"lb0\" bandwidth=\"1MBps\" "
         "latency=\"20us\" sharing_policy=\"SPLITDUPLEX\"/>"
         "<host_link id=\"b0\" up=\"lb0_UP\" down=\"lb0_DOWN\"/></zone>\n"
         "<link id=\"up\" bandwidth=\"" +
         uplink +
         "\" latency=\"100us\" sharing_policy=\"SHARED\"/>\n"
         "<zoneRoute src=\"A\" dst=\"B\" gw_src=\"A_r\" gw_dst=\"B_r\">"
         "<link_ctn id=\"up\"/></zoneRoute>\n</zone></platform>\n";
}

// Factors: kBw = 2 (the larger of 0.5 and 2), kLat = 1.5.
constexpr char kBw[] = "100:2;0:0.5";
constexpr char kLat[] = "100:1.5;0:3";

PlatformBound Bound(const std::string& uplink, uint64_t bytes) {
  Platform platform;
  PlatformBound bound;
  std::string error;
  EXPECT_TRUE(ParsePlatform(TwoClusters(uplink), &platform, &error)) << error;
  EXPECT_TRUE(ComputePlatformBound(platform, {"a0", "a1", "b0"}, 0, bytes, kBw,
                                   kLat, &bound, &error))
      << error;
  return bound;
}

// By hand, M = 1000 B, root a0. Route latencies x 1.5: a0->a1 11 us ->
// 16.5 us; a0->b0 130 us -> 195 us; a1->b0 121 us -> 181.5 us (via a1:
// 198 us, later). Cuts: into a1 {la1_DOWN} (the route from b0 shares only
// it): 16.5 us + 1000 B / (2 x 2 MB/s) = 266.5 us; into b0 {up, lb0_DOWN}:
// 195 us + 1000 / (2 x min(up, 1 MB/s)); out of the root {la0_UP}: 16.5 us
// + 1000 / (2 x 1 MB/s) = 516.5 us.
TEST(PlatformBoundTest, HandComputedTwoClusters) {
  const PlatformBound slow_uplink = Bound("1kBps", 1000);  // b0: 0.5 s
  EXPECT_EQ(slow_uplink.ps, 500000000000u + 195000000u);
  EXPECT_EQ(slow_uplink.limiting_rank, 2u);
  EXPECT_EQ(slow_uplink.limiting_link, "up");
  EXPECT_EQ(slow_uplink.earliest_byte_ps,
            (std::vector<uint64_t>{0, 16500000, 195000000}));

  const PlatformBound fast_uplink = Bound("1GBps", 1000);  // b0: 695 us
  EXPECT_EQ(fast_uplink.ps, 695000000u);
  EXPECT_EQ(fast_uplink.limiting_link, "lb0_DOWN");
}

// The root's cut decides when every receiver is faster than its link.
TEST(PlatformBoundTest, RootUplinkCanDecide) {
  Platform platform;
  PlatformBound bound;
  std::string error;
  ASSERT_TRUE(ParsePlatform(TwoClusters("1GBps"), &platform, &error));
  // Root a1 (2 MB/s up, 1 us): a1 -> a0 11 us x 1.5; a0's cut {la0_DOWN}:
  // 16.5 us + 250 us; b0: 181.5 us + 500 us; root: 16.5 + 250 us.
  ASSERT_TRUE(ComputePlatformBound(platform, {"a0", "a1", "b0"}, 1, 1000, kBw,
                                   kLat, &bound, &error));
  EXPECT_EQ(bound.ps, 681500000u);
  EXPECT_EQ(bound.limiting_rank, 2u);
}

// Two hosts behind the shared link: the route between b0 and b1 does not
// cross it, so no single link lies on every route into b0, yet a whole
// copy must come through `up`. By hand, M = 1000 B, root a0, kBw = 2,
// kLat = 1.5: the cut {up} gives 1000 B / (2 x 1 kB/s) = 0.5 s after the
// first bytes flow out of the root, 16.5 us (a0 -> a1); `up` is also the
// uplink of the group {b0, b1} (group_uplinks.h: 1 crossing, the entry),
// whose first bytes flow no sooner than 195 us (a0 -> b0; a1 -> b0 after
// a1's 16.5 us: 198 us): 0.5 s + 195 us. Links into b0 alone give 195 us
// + 1000 B / (2 x 1 MB/s) = 695 us.
TEST(PlatformBoundTest, SharedLinkCutBoundsASiteOfSeveralHosts) {
  std::string xml = TwoClusters("1kBps");
  const std::string b1 =
      "<host id=\"b1\" speed=\"1Gf\"/><link id=\"lb1\" bandwidth=\"1MBps\" "
      "latency=\"20us\" sharing_policy=\"SPLITDUPLEX\"/>"
      "<host_link id=\"b1\" up=\"lb1_UP\" down=\"lb1_DOWN\"/>";
  xml.insert(xml.find("</zone>\n<link id=\"up\""), b1);
  Platform platform;
  PlatformBound bound;
  std::string error;
  ASSERT_TRUE(ParsePlatform(xml, &platform, &error)) << error;
  ASSERT_TRUE(ComputePlatformBound(platform, {"a0", "a1", "b0", "b1"}, 0, 1000,
                                   kBw, kLat, &bound, &error))
      << error;
  EXPECT_EQ(bound.ps, 500000000000u + 195000000u);
  EXPECT_EQ(bound.limiting_rank, 0u);
  EXPECT_EQ(bound.limiting_link, "uplinks up (1 crossing)");
}

// Zones of hosts (each on its own SPLITDUPLEX link, 100 MB/s, 1 us), each
// zone behind its uplink "up<id>" unless `bandwidth` is empty; the route
// between two zones crosses their uplinks (a SPLITDUPLEX one on its way).
struct TestZone {
  std::string id;
  std::vector<std::string> hosts;
  std::string bandwidth, latency, policy;
};

std::string ZonePlatform(const std::vector<TestZone>& zones) {
  std::string xml =
      "<platform version=\"4.1\"><zone id=\"w\" routing=\"Full\">";
  for (const TestZone& zone : zones) {
    xml += "<zone id=\"" + zone.id + "\" routing=\"Cluster\">";
    for (const std::string& host : zone.hosts) {
      xml += "<host id=\"" + host + "\"/><link id=\"l" + host +
             "\" bandwidth=\"100MBps\" latency=\"1us\" "
             "sharing_policy=\"SPLITDUPLEX\"/><host_link id=\"" +
             host + "\" up=\"l" + host + "_UP\" down=\"l" + host + "_DOWN\"/>";
    }
    xml += "</zone>";
    if (zone.bandwidth.empty()) continue;
    xml += "<link id=\"up" + zone.id + "\" bandwidth=\"" + zone.bandwidth +
           "\" latency=\"" + zone.latency + "\" sharing_policy=\"" +
           zone.policy + "\"/>";
  }
  const auto uplink = [](const TestZone& zone, const char* direction) {
    if (zone.bandwidth.empty()) return std::string();
    return "<link_ctn id=\"up" + zone.id + "\"" +
           (zone.policy == "SPLITDUPLEX"
                ? " direction=\"" + std::string(direction) + "\""
                : "") +
           "/>";
  };
  for (size_t a = 0; a < zones.size(); ++a) {
    for (size_t b = a + 1; b < zones.size(); ++b) {
      xml += "<zoneRoute src=\"" + zones[a].id + "\" dst=\"" + zones[b].id +
             "\">" + uplink(zones[a], "UP") + uplink(zones[b], "DOWN") +
             "</zoneRoute>";
    }
  }
  return xml + "</zone></platform>";
}

// Three clusters: A {a0, a1} behind upA (3 MB/s, 10 us), B {b0} behind upB
// (2.75 MB/s, 20.000001 us), C {c0, c1} behind upC (2.2500005 MB/s, read
// as 2,250,001 B/s, 30 us; POLICY).
std::vector<TestZone> ThreeClusters(const std::string& policy) {
  return {{"A", {"a0", "a1"}, "3MBps", "10us", "SHARED"},
          {"B", {"b0"}, "2.75MBps", "20.000001us", "SHARED"},
          {"C", {"c0", "c1"}, "2.2500005MBps", "30us", policy}};
}

struct Computed {
  UplinkGroups groups;
  PlatformBound bound;
};

Computed Compute(const std::string& xml, const std::vector<std::string>& hosts,
                 uint64_t bytes) {
  Platform platform;
  Computed computed;
  std::string error;
  EXPECT_TRUE(ParsePlatform(xml, &platform, &error)) << error << "\n" << xml;
  EXPECT_TRUE(FindUplinkGroups(platform, hosts, &computed.groups, &error))
      << error;
  EXPECT_TRUE(ComputePlatformBound(platform, hosts, 0, bytes, kBw, kLat,
                                   &computed.bound, &error))
      << error;
  return computed;
}

const std::vector<std::string> kThreeClusterHosts = {"a0", "a1", "b0", "c0",
                                                     "c1"};

// By hand, M = 10^6 B, root a0, kBw = 2, kLat = 1.5. Each uplink is on
// exactly the routes that leave or enter its cluster: groups B (size 1),
// A, C (size 2, by link name), every rank in one, so k = 3 and every byte
// crosses the uplinks 2(k - 1) = 4 times; they move at most 2 x
// (3,000,000 + 2,750,000 + 2,250,001) = 16,000,002 B/s:
// 4 x 10^6 x 10^12 / 16,000,002 = 249,999,968,750.0039 ps, down. The first
// flow that crosses an uplink: a0 -> b0 after (1 + 10 + 20.000001 + 1) us
// x 1.5 = 48,000,001.5 ps, down (a0 -> c0: 63 us; a1 -> b0: 3 us later).
// Total 250,047,968,751 ps. It is reached by the fluid schedule that sends
// A -> B 0.875 M, A -> C 0.625 M, B -> C 0.375 M, C -> B 0.125 M in 0.25 s
// (each uplink full). The other terms: the cut {upC} 3 us + 10^6 / (2 x
// 2,250,001) s = 0.2222 s; {upB} 0.18 s; down links 48 us + 5 ms.
TEST(GroupUplinksTest, ThreeClustersCrossTwicePerGroup) {
  const Computed computed = Compute(ZonePlatform(ThreeClusters("SHARED")),
                                    kThreeClusterHosts, 1000000);
  EXPECT_EQ(computed.groups.links,
            (std::vector<std::string>{"upB", "upA", "upC"}));
  EXPECT_EQ(computed.groups.group, (std::vector<int>{1, 1, 0, 2, 2}));
  EXPECT_EQ(computed.groups.bytes_per_second, 8000001u);
  EXPECT_EQ(UplinkCrossings(computed.groups), 4u);
  EXPECT_EQ(computed.bound.ps, 249999968750u + 48000001u);
  EXPECT_EQ(computed.bound.limiting_rank, 0u);
  EXPECT_EQ(computed.bound.limiting_link, "uplinks upA,upB,upC (4 crossings)");
}

// upC SPLITDUPLEX: each side carries one direction, so C is no group and
// its ranks are in none; A and B are, k = 2, and only the weaker count
// holds: 2 crossings (B's entry, A's exit) over 2 x 5,750,000 B/s =
// 173,913,043,478 ps after 48,000,001 ps. The cut {upC_DOWN} decides:
// 3 us (a0 -> a1) + 10^6 x 10^12 / (2 x 2,250,001) = 222,222,123,456 ps.
TEST(GroupUplinksTest, SplitDuplexUplinkMakesNoGroup) {
  const Computed computed = Compute(ZonePlatform(ThreeClusters("SPLITDUPLEX")),
                                    kThreeClusterHosts, 1000000);
  EXPECT_EQ(computed.groups.links, (std::vector<std::string>{"upB", "upA"}));
  EXPECT_EQ(computed.groups.group, (std::vector<int>{1, 1, 0, -1, -1}));
  EXPECT_EQ(UplinkCrossings(computed.groups), 2u);
  EXPECT_EQ(computed.bound.ps, 3000000u + 222222123456u);
  EXPECT_EQ(computed.bound.limiting_rank, 3u);
  EXPECT_EQ(computed.bound.limiting_link, "upC_DOWN");
}

// A main switch M {m0 (root), m1} with no uplink of its own, A {a0}, B
// {b0}, C {c0} each behind a 2 MB/s uplink (10, 20, 30 us): M's ranks are
// in no group, so the entries alone count, 3 crossings: 3 x 10^6 /
// (2 x 6 MB/s) = 0.25 s after m0 -> a0's 12 us x 1.5 = 18 us. 2(k - 1) = 4
// would claim 0.333 s, yet m0 sending to a0, b0 and c0 at once fills each
// uplink at 4 MB/s and is done 0.25 s after the latencies. c0's down side
// decides: (1 + 30 + 1) us x 1.5 = 48 us + 10^6 / (2 x 2 MB/s).
TEST(GroupUplinksTest, UngroupedMainSwitchCountsEntriesOnly) {
  const Computed computed =
      Compute(ZonePlatform({{"M", {"m0", "m1"}, "", "", ""},
                            {"A", {"a0"}, "2MBps", "10us", "SHARED"},
                            {"B", {"b0"}, "2MBps", "20us", "SHARED"},
                            {"C", {"c0"}, "2MBps", "30us", "SHARED"}}),
              {"m0", "m1", "a0", "b0", "c0"}, 1000000);
  EXPECT_EQ(computed.groups.group, (std::vector<int>{-1, -1, 0, 1, 2}));
  EXPECT_EQ(UplinkCrossings(computed.groups), 3u);
  EXPECT_EQ(computed.bound.ps, 250000000000u + 48000000u);
  EXPECT_EQ(computed.bound.limiting_rank, 4u);
  EXPECT_EQ(computed.bound.limiting_link, "upC");
}

// SimGrid 3.32's reading (checked with smpirun: a SPLITDUPLEX link needs a
// direction, a symmetrical route's way back takes the other side).
TEST(PlatformXmlTest, SplitDuplexDirectionsAndSymmetry) {
  const std::string xml =
      "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">"
      "<host id=\"a\" speed=\"1Gf\"/><host id=\"b\" speed=\"1Gf\"/>"
      "<host id=\"c\" speed=\"1Gf\"/>"
      "<link id=\"l\" bandwidth=\"1MBps\" latency=\"1us\" "
      "sharing_policy=\"SPLITDUPLEX\"/>"
      "<link id=\"s\" bandwidth=\"1MBps\" latency=\"1us\"/>"
      "<link id=\"f\" bandwidth=\"1MBps\" latency=\"1us\" "
      "sharing_policy=\"FATPIPE\"/>"
      "<route src=\"a\" dst=\"b\"><link_ctn id=\"l\" direction=\"UP\"/>"
      "<link_ctn id=\"s\"/></route>"
      "<route src=\"b\" dst=\"c\" symmetrical=\"NO\"><link_ctn id=\"f\"/>"
      "</route>"
      "<route src=\"c\" dst=\"b\" symmetrical=\"NO\"><link_ctn id=\"l\" "
      "direction=\"DOWN\"/></route></zone></platform>";
  Platform platform;
  std::string error;
  ASSERT_TRUE(ParsePlatform(xml, &platform, &error)) << error;
  std::vector<std::string> links;
  ASSERT_TRUE(RouteLinks(platform, "a", "b", &links, &error));
  EXPECT_EQ(links, (std::vector<std::string>{"l_UP", "s"}));
  ASSERT_TRUE(RouteLinks(platform, "b", "a", &links, &error));
  EXPECT_EQ(links, (std::vector<std::string>{"s", "l_DOWN"}));
  ASSERT_TRUE(RouteLinks(platform, "b", "c", &links, &error));
  EXPECT_EQ(links, (std::vector<std::string>{"f"}));
  ASSERT_TRUE(RouteLinks(platform, "c", "b", &links, &error));
  EXPECT_EQ(links, (std::vector<std::string>{"l_DOWN"}));
  EXPECT_TRUE(platform.links.at("f").fatpipe);

  const std::string head =
      "<platform><zone id=\"z\" routing=\"Full\"><host id=\"a\"/>"
      "<host id=\"b\"/><link id=\"l\" bandwidth=\"1MBps\" latency=\"1us\" "
      "sharing_policy=\"SPLITDUPLEX\"/><link id=\"s\" bandwidth=\"1MBps\" "
      "latency=\"1us\"/><route src=\"a\" dst=\"b\">";
  const std::string tail = "</route></zone></platform>";
  for (const auto& [route, message] :
       std::vector<std::pair<std::string, std::string>>{
           {"<link_ctn id=\"l\"/>", "needs direction UP or DOWN"},
           {"<link_ctn id=\"l\" direction=\"UPWARDS\"/>",
            "needs direction UP or DOWN"},
           {"<link_ctn id=\"s\" direction=\"UP\"/>",
            "direction applies to SPLITDUPLEX links only"},
           {"<link_ctn id=\"x\"/>", "no such link declared before it"}}) {
    EXPECT_FALSE(ParsePlatform(head + route + tail, &platform, &error));
    EXPECT_NE(error.find(message), std::string::npos) << route << ": " << error;
  }
  EXPECT_FALSE(ParsePlatform(head + "<link_ctn id=\"s\"/></zone></platform>",
                             &platform, &error));
  EXPECT_NE(error.find("unterminated <route>"), std::string::npos) << error;
}

// The oracle: every set of links (each SPLITDUPLEX side apart; FATPIPE
// links cannot be cut) tried on tiny platforms; a set is a cut when no
// chain of routes from the root's host to the rank's avoids it.
class CutOracle {
 public:
  CutOracle(const Platform& platform, const std::vector<std::string>& hosts)
      : platform_(platform), n_(hosts.size()) {
    for (const auto& [id, link] : platform.links) {
      if (!link.fatpipe) cuttable_.push_back(id);
    }
    route_masks_.assign(n_ * n_, 0);
    for (size_t a = 0; a < n_; ++a) {
      for (size_t b = 0; b < n_; ++b) {
        std::vector<std::string> links;
        std::string error;
        if (a == b) continue;
        EXPECT_TRUE(RouteLinks(platform, hosts[a], hosts[b], &links, &error));
        route_masks_[a * n_ + b] = Mask({links.begin(), links.end()});
      }
    }
  }

  uint32_t Mask(const std::set<std::string>& links) const {
    uint32_t mask = 0;
    for (size_t i = 0; i < cuttable_.size(); ++i) {
      if (links.count(cuttable_[i])) mask |= 1u << i;
    }
    return mask;
  }

  bool Separates(size_t root, size_t rank, uint32_t cut) const {
    std::vector<bool> reached(n_, false);
    std::vector<size_t> stack{root};
    reached[root] = true;
    while (!stack.empty()) {
      const size_t from = stack.back();
      stack.pop_back();
      for (size_t to = 0; to < n_; ++to) {
        if (!reached[to] && (route_masks_[from * n_ + to] & cut) == 0) {
          reached[to] = true;
          stack.push_back(to);
        }
      }
    }
    return !reached[rank];
  }

  // The smallest cut's bandwidth; 0 when no set of links separates them.
  uint64_t MinCut(size_t root, size_t rank) const {
    uint64_t best = 0;
    for (uint32_t mask = 1; mask < (1u << cuttable_.size()); ++mask) {
      uint64_t capacity = 0;
      for (size_t i = 0; i < cuttable_.size(); ++i) {
        if (mask >> i & 1) {
          capacity += platform_.links.at(cuttable_[i]).bytes_per_second;
        }
      }
      if ((best == 0 || capacity < best) && Separates(root, rank, mask)) {
        best = capacity;
      }
    }
    return best;
  }

 private:
  const Platform& platform_;
  size_t n_;
  std::vector<std::string> cuttable_;
  std::vector<uint32_t> route_masks_;  // [a * n + b]: the route's links
};

// Random tiny platforms of the two shapes the bound meets: hosts on their
// own links in zones joined by shared uplinks (the cut found must be the
// smallest), and Full zones of arbitrary routes over shared links (the
// cut found must be a real cut; it may be larger than the smallest, since
// the network lets flows switch routes where routes share a link).
std::string RandomPlatform(std::mt19937* rng, bool zones, int* host_count) {
  const auto pick = [&](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(*rng);
  };
  const char* policies[] = {"SHARED", "SPLITDUPLEX", "FATPIPE"};
  std::string xml = "<platform><zone id=\"w\" routing=\"Full\">";
  const auto link = [&](const std::string& id, const char* policy) {
    return "<link id=\"" + id + "\" bandwidth=\"" + std::to_string(pick(1, 9)) +
           "MBps\" latency=\"1us\" " + "sharing_policy=\"" + policy + "\"/>";
  };
  if (zones) {
    const int zone_count = pick(2, 3);
    *host_count = 0;
    for (int z = 0; z < zone_count; ++z) {
      xml += "<zone id=\"z" + std::to_string(z) + "\" routing=\"Cluster\">";
      for (int h = pick(1, 2); h > 0; --h) {
        const std::string id = "h" + std::to_string((*host_count)++);
        xml += "<host id=\"" + id + "\"/>" + link("l" + id, "SPLITDUPLEX") +
               "<host_link id=\"" + id + "\" up=\"l" + id + "_UP\" down=\"l" +
               id + "_DOWN\"/>";
      }
      xml +=
          "</zone>" + link("up" + std::to_string(z), policies[pick(0, 2) & 2]);
    }
    for (int a = 0; a < zone_count; ++a) {
      for (int b = a + 1; b < zone_count; ++b) {
        xml += "<zoneRoute src=\"z" + std::to_string(a) + "\" dst=\"z" +
               std::to_string(b) + "\"><link_ctn id=\"up" + std::to_string(a) +
               "\"/><link_ctn id=\"up" + std::to_string(b) + "\"/></zoneRoute>";
      }
    }
    return xml + "</zone></platform>";
  }
  *host_count = pick(3, 4);
  const int link_count = pick(3, 5);
  std::vector<bool> split(link_count);
  for (int h = 0; h < *host_count; ++h) {
    xml += "<host id=\"h" + std::to_string(h) + "\"/>";
  }
  for (int l = 0; l < link_count; ++l) {
    const char* policy = policies[pick(0, 2)];
    split[l] = std::string(policy) == "SPLITDUPLEX";
    xml += link("l" + std::to_string(l), policy);
  }
  for (int a = 0; a < *host_count; ++a) {
    for (int b = a + 1; b < *host_count; ++b) {
      xml += "<route src=\"h" + std::to_string(a) + "\" dst=\"h" +
             std::to_string(b) + "\">";
      for (int k = pick(1, 2); k > 0; --k) {
        const int l = pick(0, link_count - 1);
        xml += "<link_ctn id=\"l" + std::to_string(l) + "\"" +
               (split[l]
                    ? (pick(0, 1) ? " direction=\"UP\"" : " direction=\"DOWN\"")
                    : "") +
               "/>";
      }
      xml += "</route>";
    }
  }
  return xml + "</zone></platform>";
}

TEST(RouteCutsTest, AgreeWithEverySetOfLinksOnTinyPlatforms) {
  std::mt19937 rng(5);
  int compared = 0;
  const int trials = SanitizerRun() ? 40 : 120;
  for (int trial = 0; trial < trials; ++trial) {
    const bool zones = trial % 2 == 0;
    int host_count = 0;
    const std::string xml = RandomPlatform(&rng, zones, &host_count);
    Platform platform;
    std::string error;
    ASSERT_TRUE(ParsePlatform(xml, &platform, &error)) << error << "\n" << xml;
    std::vector<std::string> hosts;
    for (int h = 0; h < host_count; ++h)
      hosts.push_back("h" + std::to_string(h));
    std::vector<RouteCut> cuts;
    ASSERT_TRUE(SmallestCuts(platform, hosts, 0, &cuts, &error)) << error;
    const CutOracle oracle_cuts(platform, hosts);
    for (size_t v = 1; v < hosts.size(); ++v) {
      const uint64_t oracle = oracle_cuts.MinCut(0, v);
      const RouteCut& cut = cuts[v];
      if (cut.bytes_per_second == 0) {  // the network has no finite cut
        if (zones) {
          EXPECT_EQ(oracle, 0u) << xml;
        }
        continue;
      }
      uint64_t capacity = 0;
      for (const std::string& link : cut.links) {
        capacity += platform.links.at(link).bytes_per_second;
      }
      EXPECT_EQ(capacity, cut.bytes_per_second) << xml;
      EXPECT_TRUE(oracle_cuts.Separates(
          0, v, oracle_cuts.Mask({cut.links.begin(), cut.links.end()})))
          << xml;
      if (zones) {
        EXPECT_EQ(cut.bytes_per_second, oracle) << xml;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, trials);
}

// The fewest uplink crossings of one byte over every broadcast tree of
// direct transfers (a parent for each rank but the root, no cycle): a
// byte's first arrivals form such a tree, and any other transfer only
// adds crossings. `crossings[p * n + v]`: the groups' uplinks on p -> v.
uint64_t FewestCrossings(const std::vector<uint64_t>& crossings, size_t n) {
  uint64_t fewest = ~uint64_t{0};
  std::vector<size_t> parent(n, 0);
  while (true) {
    bool tree = true;
    uint64_t total = 0;
    for (size_t v = 1; v < n && tree; ++v) {
      size_t at = v;
      for (size_t steps = 0; at != 0 && steps <= n; ++steps) at = parent[at];
      tree = at == 0 && parent[v] != v;
      total += crossings[parent[v] * n + v];
    }
    if (tree) fewest = std::min(fewest, total);
    size_t v = 1;
    while (v < n && ++parent[v] == n) parent[v++] = 0;
    if (v == n) return fewest;
  }
}

// Checks one platform: every group's uplink is SHARED, lies on exactly the
// routes between its group and the rest, the groups are disjoint with
// distinct uplinks, and no broadcast tree from hosts[0] crosses the
// uplinks fewer times than UplinkCrossings counts. Tallies the platforms
// with groups, those where some tree meets the count, and those among them
// with three groups or more holding every rank (2(k - 1) > k).
struct Tally {
  int grouped = 0, tight = 0, tight_all_grouped = 0;
};

void CheckCrossings(const std::string& xml,
                    const std::vector<std::string>& hosts, Tally* tally) {
  Platform platform;
  UplinkGroups groups;
  std::string error;
  const size_t n = hosts.size();
  ASSERT_TRUE(ParsePlatform(xml, &platform, &error)) << error;
  ASSERT_TRUE(FindUplinkGroups(platform, hosts, &groups, &error)) << error;
  std::set<std::string> distinct(groups.links.begin(), groups.links.end());
  EXPECT_EQ(distinct.size(), groups.links.size()) << xml;
  std::vector<uint64_t> crossings(n * n, 0);
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      std::vector<std::string> links;
      if (a == b) continue;
      ASSERT_TRUE(RouteLinks(platform, hosts[a], hosts[b], &links, &error));
      for (size_t g = 0; g < groups.links.size(); ++g) {
        const bool on =
            std::count(links.begin(), links.end(), groups.links[g]) > 0;
        EXPECT_EQ(on, (groups.group[a] == static_cast<int>(g)) !=
                          (groups.group[b] == static_cast<int>(g)))
            << xml;
        crossings[a * n + b] += on;
      }
    }
  }
  for (const std::string& link : groups.links) {
    EXPECT_FALSE(platform.split_duplex.at(link)) << xml;
    EXPECT_FALSE(platform.links.at(link).fatpipe) << xml;
  }
  const uint64_t fewest = FewestCrossings(crossings, n);
  EXPECT_GE(fewest, UplinkCrossings(groups)) << xml;
  if (groups.links.empty()) return;
  const bool all_grouped =
      std::count(groups.group.begin(), groups.group.end(), -1) == 0;
  const bool tight = fewest == UplinkCrossings(groups);
  ++tally->grouped;
  tally->tight += tight;
  tally->tight_all_grouped += tight && all_grouped && groups.links.size() >= 3;
}

// Zones of one or two hosts behind uplinks of any policy, the first one
// (holding the root) sometimes a main switch without an uplink.
std::vector<TestZone> RandomZones(std::mt19937* rng,
                                  std::vector<std::string>* hosts) {
  const auto pick = [&](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(*rng);
  };
  const char* policies[] = {"SHARED", "SPLITDUPLEX", "FATPIPE"};
  std::vector<TestZone> zones;
  hosts->clear();
  const int zone_count = pick(2, 4);
  for (int z = 0; z < zone_count; ++z) {
    TestZone zone{"Z" + std::to_string(z), {}, "", "1us", ""};
    for (int h = pick(1, zone_count == 4 ? 1 : 2); h > 0; --h) {
      zone.hosts.push_back("h" + std::to_string(hosts->size()));
      hosts->push_back(zone.hosts.back());
    }
    if (z > 0 || pick(0, 1)) {
      const int roll = pick(0, 5);  // SHARED mostly
      zone.bandwidth = std::to_string(pick(1, 9)) + "MBps";
      zone.policy = policies[roll < 4 ? 0 : roll - 3];
    }
    zones.push_back(zone);
  }
  return zones;
}

// On random tiny platforms: the shapes of the cut test (zones behind
// uplinks; Full zones of arbitrary routes over shared links) and zones
// around a main switch. The count is met on clusters behind their uplinks
// (the root's cluster sends to one host of each other cluster) and around
// a main switch (the root sends to one host of each cluster).
TEST(GroupUplinksTest, CrossingsHoldOnEveryTreeOfTinyPlatforms) {
  std::mt19937 rng(7);
  Tally tally;
  for (int trial = 0; trial < 300; ++trial) {
    int n = 0;
    std::vector<std::string> hosts;
    std::string xml;
    if (trial % 3 == 2) {
      xml = ZonePlatform(RandomZones(&rng, &hosts));
    } else {
      xml = RandomPlatform(&rng, trial % 3 == 0, &n);
      for (int h = 0; h < n; ++h) hosts.push_back("h" + std::to_string(h));
    }
    CheckCrossings(xml, hosts, &tally);
  }
  EXPECT_GT(tally.grouped, 100);
  EXPECT_GT(tally.tight, 50);
  EXPECT_GT(tally.tight_all_grouped, 5);
}

TEST(PlatformBoundTest, UnitsRoundTowardsALowerBound) {
  uint64_t value = 0;
  EXPECT_TRUE(ParseLatencyPs("50us", &value));
  EXPECT_EQ(value, 50000000u);
  EXPECT_TRUE(ParseLatencyPs("1.5ps", &value));
  EXPECT_EQ(value, 1u);  // down
  EXPECT_TRUE(ParseLatencyPs("0.002", &value));
  EXPECT_EQ(value, 2000000000u);  // seconds
  EXPECT_TRUE(ParseBandwidth("12.5MBps", &value));
  EXPECT_EQ(value, 12500000u);
  EXPECT_TRUE(ParseBandwidth("3.125GBps", &value));
  EXPECT_EQ(value, 3125000000u);
  EXPECT_TRUE(ParseBandwidth("1Gbps", &value));
  EXPECT_EQ(value, 125000000u);
  EXPECT_TRUE(ParseBandwidth("1.5Bps", &value));
  EXPECT_EQ(value, 2u);  // up
  EXPECT_TRUE(ParseBandwidth("1KiBps", &value));
  EXPECT_EQ(value, 1024u);
  EXPECT_FALSE(ParseLatencyPs("50 furlongs", &value));
  EXPECT_FALSE(ParseBandwidth("12.5MB", &value));
  EXPECT_FALSE(ParseBandwidth("99999999999999999999TBps", &value));
}

TEST(PlatformBoundTest, SimgridDefaultFactorsParse) {
  std::vector<Factor> factors;
  ASSERT_TRUE(ParseFactors(kSmpiBwFactors, &factors));
  EXPECT_EQ(factors.size(), 9u);
  ASSERT_TRUE(ParseFactors(kSmpiLatFactors, &factors));
  EXPECT_EQ(factors.size(), 9u);
  EXPECT_FALSE(ParseFactors("", &factors));
  EXPECT_FALSE(ParseFactors("0:", &factors));
  EXPECT_FALSE(ParseFactors("x:1", &factors));
  EXPECT_FALSE(ParseFactors("0:1;", &factors));
}

TEST(PlatformBoundTest, Refusals) {
  Platform platform;
  PlatformBound bound;
  std::string error;
  EXPECT_FALSE(ParsePlatform("<platform><cluster id=\"c\"/></platform>",
                             &platform, &error));
  EXPECT_NE(error.find("unsupported element <cluster>"), std::string::npos);
  EXPECT_FALSE(
      ParsePlatform("<platform><zone id=\"z\"><link id=\"l\" "
                    "bandwidth=\"fast\" latency=\"1us\"/>",
                    &platform, &error));
  EXPECT_FALSE(ParsePlatform("<platform>", &platform, &error));
  EXPECT_FALSE(ParsePlatform("<platform><zone id=\"z\"", &platform, &error));
  ASSERT_TRUE(ParsePlatform(TwoClusters("1GBps"), &platform, &error));
  EXPECT_FALSE(ComputePlatformBound(platform, {"a0", "nowhere"}, 0, 1, kBw,
                                    kLat, &bound, &error));
  EXPECT_NE(error.find("unknown host 'nowhere'"), std::string::npos);
  EXPECT_FALSE(ComputePlatformBound(platform, {"a0", "a1"}, 2, 1, kBw, kLat,
                                    &bound, &error));
  EXPECT_FALSE(
      ComputePlatformBound(platform, {"a0"}, 0, 1, kBw, kLat, &bound, &error));
  EXPECT_FALSE(ComputePlatformBound(platform, {"a0", "a1"}, 0, 1, "0:x", kLat,
                                    &bound, &error));
}

}  // namespace
}  // namespace mpi
}  // namespace hetcast
