// simgrid_platform.h: the optional import of a SimGrid platform (XML,
// version 4.1) as a graph-model platform, for the subset whose links are
// independent edges (shared/notes/pipelined-multicast.md, "SimGrid
// platform XML").
//
// The subset, and nothing else:
//
//   <?xml version='1.0'?>
//   <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">  (optional)
//   <platform version="4.1">
//     <zone id="z" routing="Full">
//       <host id="a" speed="1Gf"/>          (speed, core: read, ignored)
//       <router id="r"/>
//       <link id="l" bandwidth="125MBps" latency="50us"
//             sharing_policy="SHARED|SPLITDUPLEX|FATPIPE"/>
//       <route src="a" dst="r" symmetrical="YES|NO">
//         <link_ctn id="l" direction="UP|DOWN"/>
//       </route>
//     </zone>
//   </platform>
//
// Hosts and routers are nodes, in file order. A route of exactly one link
// is the edge src -> dst, plus dst -> src when symmetrical (SimGrid's
// default). Each link (each side of a SPLITDUPLEX link: a route's
// `direction` side for src -> dst, the other for its reverse) carries one
// edge only. Refused, each naming the element and its line: any other
// element (zoneRoute, cluster, AS, prop, ...), any other attribute, a
// routing other than Full, a route of zero or several links, a link used
// by two edges, a repeated id or edge, a route from a node to itself, an
// unknown id, any other DOCTYPE (the DTD named is never read; an internal
// subset, where entities are declared, is refused, so nothing is ever
// expanded or fetched), text, more than kMaxSimgridBytes or nesting deeper than
// the subset's. A SHARED link used both ways: SimGrid shares its bandwidth
// between the two directions, the graph model does not (SPLITDUPLEX is
// the exact match); said here, not refused, as the notes choose.
//
// Cost of an edge, in ticks per message (the model's unit message is the
// whole message of `message_bytes` bytes):
//
//   cost = ceil((latency + message_bytes / bandwidth) / tick)
//
// computed in exact rationals from the decimal strings (no floating
// point), e.g. latency "50us", bandwidth "1.25GBps", 10^6 bytes and a
// tick of "1us": (50e-6 + 10^6 / 1.25e9) / 1e-6 = 850 ticks. Units as
// SimGrid reads them: times w, d, h, m, s, ms, us, ns, ps; bandwidths
// Bps and bps (bits: / 8) with the prefixes k M G T P E (powers of 1000)
// and Ki Mi Gi Ti Pi Ei (powers of 1024). A value needs its unit. The cost
// must be 1 .. HETCAST_MAX_COST, else the link is named.
#ifndef HETCAST_TOOLS_GRAPH_SIMGRID_PLATFORM_H_
#define HETCAST_TOOLS_GRAPH_SIMGRID_PLATFORM_H_

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/graph/platform.h"

namespace hetcast {

inline constexpr size_t kMaxSimgridBytes = size_t{16} << 20;

// "50us" -> 1/20000 seconds; InvalidArgument without a known time unit.
absl::StatusOr<mpq_class> ParseSimgridTime(absl::string_view text);

// "1.25GBps" -> 1250000000 bytes per second; must be > 0.
absl::StatusOr<mpq_class> ParseSimgridBandwidth(absl::string_view text);

// ceil((latency + bytes / bandwidth) / tick), all in seconds and bytes;
// InvalidArgument when outside 1 .. HETCAST_MAX_COST.
absl::StatusOr<uint64_t> SimgridEdgeCost(const mpq_class& latency,
                                         const mpq_class& bandwidth,
                                         uint64_t message_bytes,
                                         const mpq_class& tick);

// ParseSimgridPlatform()
//
// The platform of `xml` with `endpoints`' source and targets (both
// required: the XML has none), checked and pruned like a JSON platform
// (platform.h). Errors are InvalidArgument with one line, e.g.
// "line 7: <zoneRoute> is not in the supported subset (...)".
absl::StatusOr<GraphPlatform> ParseSimgridPlatform(
    absl::string_view xml, uint64_t message_bytes, absl::string_view tick,
    const GraphEndpoints& endpoints);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_GRAPH_SIMGRID_PLATFORM_H_
