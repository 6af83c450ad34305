// platform_bound.cc: the platform's lower bound on any broadcast
// (platform_bound.h): cuts at each rank's incoming links and the root's
// outgoing ones, after the earliest byte (Dijkstra, transfer_bound.h), and
// the smallest cut between the root and each rank (route_cuts.h).

#include "tools/mpi/platform_bound.h"

#include <algorithm>
#include <limits>
#include <set>

#include "tools/mpi/group_uplinks.h"
#include "tools/mpi/route_cuts.h"
#include "tools/mpi/transfer_bound.h"

namespace hetcast {
namespace mpi {

const char kSmpiBwFactors[] =
    "65472:0.940694;15424:0.697866;9376:0.58729;5776:1.08739;3484:0.77493;"
    "1426:0.608902;732:0.341987;257:0.338112;0:0.812084";
const char kSmpiLatFactors[] =
    "65472:11.6436;15424:3.48845;9376:2.59299;5776:2.18796;3484:1.88101;"
    "1426:1.61075;732:1.9503;257:1.95341;0:2.01467";

namespace {

using u128 = unsigned __int128;
constexpr uint64_t kPsPerSecond = 1000000000000;

// a/b < c/d, exactly.
bool Less(const Factor& a, const Factor& c) {
  return u128{a.numerator} * c.denominator < u128{c.numerator} * a.denominator;
}

// The links on every route into `to` from each of `from` (or out of `to`
// into each of them when `outgoing`); the slowest's bandwidth, 0 if none.
bool CutBandwidth(const Platform& platform,
                  const std::vector<std::string>& hosts, size_t to,
                  bool outgoing, std::string* slowest, uint64_t* bandwidth,
                  std::string* error) {
  std::set<std::string> common;
  bool first = true;
  for (size_t other = 0; other < hosts.size(); ++other) {
    if (other == to) continue;
    std::vector<std::string> links;
    if (!RouteLinks(platform, outgoing ? hosts[to] : hosts[other],
                    outgoing ? hosts[other] : hosts[to], &links, error)) {
      return false;
    }
    std::set<std::string> these(links.begin(), links.end()), kept;
    for (const std::string& link : first ? these : common) {
      if (first || these.count(link)) kept.insert(link);
    }
    common.swap(kept);
    first = false;
  }
  *bandwidth = 0;
  for (const std::string& link : common) {
    if (platform.links.at(link).fatpipe) continue;  // limits no total
    const uint64_t bw = platform.links.at(link).bytes_per_second;
    if (*bandwidth == 0 || bw < *bandwidth) {
      *bandwidth = bw;
      *slowest = link;
    }
  }
  return true;
}

// floor(M seconds-worth at `bandwidth` x kBw) in picoseconds, never above
// the exact value: past 2^88 bytes, or where the product would pass 128
// bits, M and then the factor's fraction are lowered first.
uint64_t TransferPs(u128 bytes, uint64_t bandwidth, Factor bw) {
  const u128 scaled = std::min(bytes, u128{1} << 88) * kPsPerSecond;
  while (scaled > ~u128{0} / bw.denominator) {
    bw.denominator >>= 1;  // >= 1: scaled < 2^128
    bw.numerator = (bw.numerator >> 1) + 1;
  }
  const u128 ps = scaled * bw.denominator / (u128{bandwidth} * bw.numerator);
  return ps > std::numeric_limits<uint64_t>::max() / 2
             ? std::numeric_limits<uint64_t>::max() / 2
             : static_cast<uint64_t>(ps);
}

// kLat x the route latency of every ordered pair of ranks, rounded down.
bool LatencyMatrix(const Platform& platform,
                   const std::vector<std::string>& hosts, const Factor& lat,
                   std::vector<uint64_t>* times, std::string* error) {
  const size_t n = hosts.size();
  times->assign(n * n, 0);
  for (size_t s = 0; s < n; ++s) {
    for (size_t r = 0; r < n; ++r) {
      std::vector<std::string> links;
      if (s == r) continue;
      if (!RouteLinks(platform, hosts[s], hosts[r], &links, error)) {
        return false;
      }
      u128 ps = 0;
      for (const std::string& link : links) {
        ps += platform.links.at(link).latency_ps;
      }
      ps = ps * lat.numerator / lat.denominator;
      if (ps > std::numeric_limits<uint64_t>::max() / 4) {
        *error = "route latencies overflow";
        return false;
      }
      (*times)[s * n + r] = static_cast<uint64_t>(ps);
    }
  }
  return true;
}

// The extreme factors: the smallest latency factor, max(1, the largest
// bandwidth factor).
bool ExtremeFactors(const std::string& bw_factors,
                    const std::string& lat_factors, Factor* bw, Factor* lat,
                    std::string* error) {
  std::vector<Factor> bws, lats;
  if (!ParseFactors(bw_factors, &bws) || !ParseFactors(lat_factors, &lats)) {
    *error = "malformed factor table (threshold:value;...)";
    return false;
  }
  *bw = Factor{1, 1};
  for (const Factor& f : bws) {
    if (Less(*bw, f)) *bw = f;
  }
  *lat = lats.front();
  for (const Factor& f : lats) {
    if (Less(f, *lat)) *lat = f;
  }
  return true;
}

// "a,b,c".
std::string Joined(const std::vector<std::string>& links) {
  std::string joined;
  for (const std::string& link : links) {
    joined += (joined.empty() ? "" : ",") + link;
  }
  return joined;
}

// A cut's links: "a" for one, "{a,b}" for several.
std::string CutName(const std::vector<std::string>& links) {
  return links.size() == 1 ? links[0] : "{" + Joined(links) + "}";
}

// The uplinks' term (group_uplinks.h): from the earliest flow on a route
// that crosses one (a relay's after its earliest byte), M x the crossings /
// (kBw x their bandwidths summed); 0 without groups.
bool UplinkTerm(const Platform& platform, const std::vector<std::string>& hosts,
                const std::vector<uint64_t>& times,
                const std::vector<uint64_t>& earliest, uint64_t bytes,
                const Factor& bw, uint64_t* term, std::string* name,
                std::string* error) {
  UplinkGroups groups;
  if (!FindUplinkGroups(platform, hosts, &groups, error)) return false;
  const uint64_t crossings = UplinkCrossings(groups);
  *term = 0;
  if (crossings == 0) return true;
  const size_t n = hosts.size();
  u128 first = ~u128{0};
  for (size_t s = 0; s < n; ++s) {
    for (size_t r = 0; r < n; ++r) {
      if (groups.group[s] == groups.group[r]) continue;
      first = std::min(first, u128{earliest[s]} + times[s * n + r]);
    }
  }
  const uint64_t start = static_cast<uint64_t>(
      std::min(first, u128{std::numeric_limits<uint64_t>::max() / 4}));
  *term =
      start + TransferPs(u128{bytes} * crossings, groups.bytes_per_second, bw);
  std::sort(groups.links.begin(), groups.links.end());
  *name = "uplinks " + Joined(groups.links) + " (" + std::to_string(crossings) +
          (crossings == 1 ? " crossing)" : " crossings)");
  return true;
}

}  // namespace

bool ParseFactors(const std::string& text, std::vector<Factor>* factors) {
  factors->clear();
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string::npos) end = text.size();
    const std::string entry = text.substr(start, end - start);
    const size_t colon = entry.find(':');
    Factor factor;
    if (colon == std::string::npos ||
        entry.substr(0, colon).find_first_not_of("0123456789") !=
            std::string::npos ||
        colon == 0 ||
        !ParseExactDecimal(entry.substr(colon + 1), &factor.numerator,
                           &factor.denominator) ||
        factor.numerator == 0) {
      return false;
    }
    factors->push_back(factor);
    start = end + 1;
  }
  return !factors->empty();
}

bool ComputePlatformBound(const Platform& platform,
                          const std::vector<std::string>& hosts, size_t root,
                          uint64_t bytes, const std::string& bw_factors,
                          const std::string& lat_factors, PlatformBound* bound,
                          std::string* error) {
  const size_t n = hosts.size();
  Factor bw, lat;
  std::vector<uint64_t> times;
  if (n < 2 || root >= n) {
    *error = "need two or more ranks and a root among them";
    return false;
  }
  if (!ExtremeFactors(bw_factors, lat_factors, &bw, &lat, error) ||
      !LatencyMatrix(platform, hosts, lat, &times, error)) {
    return false;
  }
  *bound = PlatformBound();
  bound->earliest_byte_ps = EarliestArrivals(times, n, root);
  // Bytes flow only after the latency of a route out of the root.
  uint64_t first_flow = std::numeric_limits<uint64_t>::max();
  for (size_t r = 0; r < n; ++r) {
    if (r != root) first_flow = std::min(first_flow, times[root * n + r]);
  }
  const auto consider = [&](uint64_t term, size_t v, const std::string& link) {
    if (term > bound->ps) {
      *bound = PlatformBound{term, v, link, bound->earliest_byte_ps};
    }
  };
  for (size_t v = 0; v < n; ++v) {
    std::string link;
    uint64_t bandwidth = 0;
    if (!CutBandwidth(platform, hosts, v, v == root, &link, &bandwidth,
                      error)) {
      return false;
    }
    if (bandwidth == 0) continue;  // no link certain (shared host)
    const uint64_t start = v == root ? first_flow : bound->earliest_byte_ps[v];
    consider(start + TransferPs(bytes, bandwidth, bw), v, link);
  }
  std::vector<RouteCut> cuts;
  if (!SmallestCuts(platform, hosts, root, &cuts, error)) return false;
  for (size_t v = 0; v < n; ++v) {
    if (cuts[v].bytes_per_second == 0) continue;
    consider(first_flow + TransferPs(bytes, cuts[v].bytes_per_second, bw), v,
             CutName(cuts[v].links));
  }
  uint64_t uplink_term = 0;
  std::string uplinks;
  if (!UplinkTerm(platform, hosts, times, bound->earliest_byte_ps, bytes, bw,
                  &uplink_term, &uplinks, error)) {
    return false;
  }
  consider(uplink_term, root, uplinks);
  return true;
}

}  // namespace mpi
}  // namespace hetcast
