// platform_xml.h: the part of a SimGrid platform file (XML version 4.1)
// that a lower bound on a broadcast's completion needs: every host's
// route to every other host as a list of links with their latency and
// bandwidth, read exactly (integer picoseconds, bandwidth rounded up to
// whole bytes per second: both in the direction that can only lower a
// bound computed from them).
//
// Supported: nested <zone> elements (Full routing, Cluster zones); hosts
// with a <host_link> (the host's up and down links); <zoneRoute> between
// two zones and <route> between two hosts, each with <link_ctn> children,
// as SimGrid 3.32 reads them (checked with smpirun): a SPLITDUPLEX link ID
// is two links, ID_UP and ID_DOWN, and a <link_ctn> of it must say which
// (direction="UP" or "DOWN"; refused otherwise, and on any other link); a
// route is symmetrical unless symmetrical="NO": the reverse route takes
// the links in reverse order, each SPLITDUPLEX link in the other
// direction. <router> and <backbone> are read and left out of routes (a
// route is then a subset of SimGrid's: lower latency, fewer links, so a
// bound stays a bound). Any other element is refused with a message,
// never guessed.

#ifndef HETCAST_TOOLS_MPI_PLATFORM_XML_H_
#define HETCAST_TOOLS_MPI_PLATFORM_XML_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hetcast {
namespace mpi {

struct PlatformLink {
  uint64_t latency_ps = 0;
  uint64_t bytes_per_second = 0;  // rounded up
  // FATPIPE: every flow gets the whole bandwidth, so the link bounds no
  // total of several flows.
  bool fatpipe = false;
};

struct Platform {
  std::map<std::string, PlatformLink> links;
  std::map<std::string, std::string> host_zone;  // host -> innermost zone
  std::map<std::string, std::string> host_up;    // host -> its up link
  std::map<std::string, std::string> host_down;  // host -> its down link
  // "src\ndst" -> links in order, for zone pairs (<zoneRoute>) and host
  // pairs (<route>); a symmetrical route is stored both ways.
  std::map<std::string, std::vector<std::string>> routes;
  std::map<std::string, bool> split_duplex;  // declared link id -> SPLITDUPLEX
};

// Parses `xml`; on failure returns false with *error set.
bool ParsePlatform(const std::string& xml, Platform* platform,
                   std::string* error);

// The links a message from host `src` to host `dst` certainly crosses:
// src's up link, the links of a <route> between the hosts or else of a
// <zoneRoute> between their zones, dst's down link. False with *error when
// a host is unknown or two different hosts have no route.
bool RouteLinks(const Platform& platform, const std::string& src,
                const std::string& dst, std::vector<std::string>* links,
                std::string* error);

// "50us" -> picoseconds (s, ms, us, ns, ps; no unit: seconds), rounded
// down; "12.5MBps" -> bytes per second (Bps or bps with k, M, G, T: powers
// of 1000; Ki, Mi, Gi, Ti: of 1024), rounded up. False when malformed or
// too large.
bool ParseLatencyPs(const std::string& text, uint64_t* ps);
bool ParseBandwidth(const std::string& text, uint64_t* bytes_per_second);

// A plain decimal "0.812084" as 812084 / 1000000, exactly (at most 18
// digits); false otherwise.
bool ParseExactDecimal(const std::string& text, uint64_t* numerator,
                       uint64_t* denominator);

}  // namespace mpi
}  // namespace hetcast

#endif  // HETCAST_TOOLS_MPI_PLATFORM_XML_H_
