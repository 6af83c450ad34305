// simgrid_oracle_test.cc: SimGrid's own loader as an oracle of the XML
// import (tools/graph/simgrid_platform.h). SimGrid reads the same file;
// for every edge the import made, SimGrid must route the pair over one
// link whose latency and bandwidth (as SimGrid parsed them, in doubles)
// give the same cost in ticks, up to the doubles' rounding.
#include <cmath>
#include <fstream>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tools/graph/simgrid_platform.h"

namespace hetcast {
namespace {

constexpr char kFile[] = "tests/testdata/graph/simgrid_hosts.xml";

TEST(SimgridOracle, SimgridRoutesEveryEdgeAtItsCost) {
  std::ifstream in(kFile);
  std::stringstream text;
  text << in.rdbuf();
  const uint64_t bytes = 1000000;
  const double tick = 1e-6;
  GraphEndpoints ends;
  ends.source = "a";
  ends.targets = std::vector<std::string>{"b", "c", "d"};
  absl::StatusOr<GraphPlatform> p =
      ParseSimgridPlatform(text.str(), bytes, "1us", ends);
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->edges.size(), 8u);  // ab, ba, bc, cb, cd, ad, da, ca.

  int argc = 1;
  char name[] = "simgrid_oracle_test";
  char* argv[] = {name, nullptr};
  simgrid::s4u::Engine engine(&argc, argv);
  engine.load_platform(kFile);
  EXPECT_EQ(engine.get_host_count(), p->names.size());
  for (const hetcast_graph_edge& e : p->edges) {
    const simgrid::s4u::Host* from =
        simgrid::s4u::Host::by_name(p->names[e.from]);
    const simgrid::s4u::Host* to = simgrid::s4u::Host::by_name(p->names[e.to]);
    std::vector<simgrid::s4u::Link*> links;
    double latency = 0;
    from->route_to(to, links, &latency);
    ASSERT_EQ(links.size(), 1u) << p->names[e.from] << " -> " << p->names[e.to];
    const double cost =
        (latency + static_cast<double>(bytes) / links[0]->get_bandwidth()) /
        tick;
    const double slack = 1e-9 * cost;
    EXPECT_GT(cost + slack, static_cast<double>(e.cost) - 1)
        << links[0]->get_name();
    EXPECT_LE(cost - slack, static_cast<double>(e.cost))
        << links[0]->get_name();
  }
}

}  // namespace
}  // namespace hetcast
