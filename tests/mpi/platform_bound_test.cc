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
// kLat = 1.5: the first bytes flow 16.5 us after the start (a0 -> a1, the
// shortest route out of the root), then 1000 B / (2 x 1 kB/s) = 0.5 s.
// Links into b0 alone give 195 us + 1000 B / (2 x 1 MB/s) = 695 us.
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
  EXPECT_EQ(bound.ps, 500000000000u + 16500000u);
  EXPECT_EQ(bound.limiting_rank, 2u);
  EXPECT_EQ(bound.limiting_link, "up");
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
