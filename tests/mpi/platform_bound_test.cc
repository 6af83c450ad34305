// platform_bound_test.cc: the platform file's lower bound on any broadcast
// (tools/mpi/platform_bound.h) on a hand-made two-cluster platform whose
// terms are worked out by hand below, the unit parsing and its rounding
// directions, and the refusals. tests/mpi/platform_bound_smpi_test.sh
// checks the bound against every SMPI algorithm's simulated time.

#include "tools/mpi/platform_bound.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tools/mpi/platform_xml.h"

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
