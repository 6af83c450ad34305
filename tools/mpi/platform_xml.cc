// platform_xml.cc: the platform subset of platform_xml.h, read with a tag
// scanner (no XML library: the files are SimGrid's flat, attribute-only
// format).

#include "tools/mpi/platform_xml.h"

#include <cctype>
#include <cstddef>

namespace hetcast {
namespace mpi {
namespace {

using u128 = unsigned __int128;
constexpr u128 kMaxResult = ~uint64_t{0};
// Far above any real route's, and keeps the cut search's recursion shallow.
constexpr size_t kMaxRouteLinks = 4096;

struct Tag {
  std::string name;  // "/zone" for a closing tag
  std::map<std::string, std::string> attributes;
  bool self_closing = false;
};

// A decimal "12.5" as 125 and 1 decimal; the unit is the rest of `text`.
bool ParseDecimal(const std::string& text, u128* digits, int* decimals,
                  std::string* unit) {
  size_t i = 0;
  *digits = 0;
  *decimals = -1;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && *decimals < 0) {
      *decimals = 0;
      continue;
    }
    if (!std::isdigit(static_cast<unsigned char>(c))) break;
    if (*digits > kMaxResult) return false;
    *digits = *digits * 10 + static_cast<unsigned>(c - '0');
    if (*decimals >= 0) ++*decimals;
  }
  if (*decimals < 0) *decimals = 0;
  *unit = text.substr(i);
  return i > 0 && *decimals <= 18;
}

u128 PowerOfTen(int exponent) {
  u128 value = 1;
  for (int i = 0; i < exponent; ++i) value *= 10;
  return value;
}

// Reads `name attr="v" ...` from inside < >; false when malformed.
bool ParseTag(const std::string& body, Tag* tag) {
  size_t i = 0;
  while (i < body.size() && !std::isspace(static_cast<unsigned char>(body[i])))
    ++i;
  tag->name = body.substr(0, i);
  while (true) {
    while (i < body.size() && std::isspace(static_cast<unsigned char>(body[i])))
      ++i;
    if (i == body.size()) return !tag->name.empty();
    const size_t equals = body.find('=', i);
    if (equals == std::string::npos || equals + 1 >= body.size()) return false;
    const char quote = body[equals + 1];
    if (quote != '"' && quote != '\'') return false;
    const size_t end = body.find(quote, equals + 2);
    if (end == std::string::npos) return false;
    tag->attributes[body.substr(i, equals - i)] =
        body.substr(equals + 2, end - equals - 2);
    i = end + 1;
  }
}

std::string RouteKey(const std::string& src, const std::string& dst) {
  return src + "\n" + dst;
}

// The state of the scan: the open zones and the open route, if any.
struct Scan {
  Platform* platform;
  std::vector<std::string> zones;
  std::string src, dst;  // of the open <route>/<zoneRoute>, or empty
  bool symmetrical = true;
  std::vector<std::string> links;  // the open route's, in order
};

bool AddLink(Tag& tag, Scan* scan, std::string* error) {
  PlatformLink link;
  const std::string id = tag.attributes["id"];
  const std::string policy = tag.attributes["sharing_policy"];
  if (id.empty() ||
      !ParseLatencyPs(tag.attributes["latency"], &link.latency_ps) ||
      !ParseBandwidth(tag.attributes["bandwidth"], &link.bytes_per_second) ||
      link.bytes_per_second == 0) {
    *error = "link '" + id + "': needs an id, a latency and a bandwidth > 0";
    return false;
  }
  if (!policy.empty() && policy != "SHARED" && policy != "SPLITDUPLEX" &&
      policy != "FATPIPE") {
    *error = "link '" + id + "': sharing_policy '" + policy +
             "' is not SHARED, SPLITDUPLEX or FATPIPE";
    return false;
  }
  link.fatpipe = policy == "FATPIPE";
  scan->platform->split_duplex[id] = policy == "SPLITDUPLEX";
  if (policy == "SPLITDUPLEX") {
    scan->platform->links[id + "_UP"] = link;
    scan->platform->links[id + "_DOWN"] = link;
  } else {
    scan->platform->links[id] = link;
  }
  return true;
}

bool IsYes(const std::string& value) { return value != "NO" && value != "no"; }

bool OpenRoute(Tag& tag, Scan* scan, std::string* error) {
  const std::string src = tag.attributes["src"], dst = tag.attributes["dst"];
  if (src.empty() || dst.empty() || !scan->src.empty()) {
    *error = "<" + tag.name + "> needs src and dst, and cannot be nested";
    return false;
  }
  scan->src = src;
  scan->dst = dst;
  scan->symmetrical = IsYes(tag.attributes["symmetrical"]);
  scan->links.clear();
  return true;
}

// The same link used the other way: ID_UP <-> ID_DOWN.
std::string Reversed(const std::string& link, const Platform& platform) {
  for (const char* side : {"_UP", "_DOWN"}) {
    const std::string suffix = side;
    if (link.size() > suffix.size() &&
        link.compare(link.size() - suffix.size(), suffix.size(), suffix) == 0) {
      const std::string id = link.substr(0, link.size() - suffix.size());
      const auto split = platform.split_duplex.find(id);
      if (split != platform.split_duplex.end() && split->second) {
        return id + (suffix == "_UP" ? "_DOWN" : "_UP");
      }
    }
  }
  return link;
}

void CloseRoute(Scan* scan) {
  Platform& p = *scan->platform;
  p.routes[RouteKey(scan->src, scan->dst)] = scan->links;
  if (scan->symmetrical) {
    std::vector<std::string>& back = p.routes[RouteKey(scan->dst, scan->src)];
    back.assign(scan->links.rbegin(), scan->links.rend());
    for (std::string& link : back) link = Reversed(link, p);
  }
  scan->src.clear();
  scan->dst.clear();
}

// A <link_ctn>: the link, or the side its direction names.
bool AddRouteLink(Tag& tag, Scan* scan, std::string* error) {
  const std::string id = tag.attributes["id"];
  const auto direction = tag.attributes.find("direction");
  const auto split = scan->platform->split_duplex.find(id);
  if (split == scan->platform->split_duplex.end()) {
    *error = "<link_ctn id=\"" + id + "\">: no such link declared before it";
    return false;
  }
  if (scan->links.size() >= kMaxRouteLinks) {
    *error =
        "a route of more than " + std::to_string(kMaxRouteLinks) + " links";
    return false;
  }
  if (!split->second) {
    if (direction != tag.attributes.end()) {
      *error = "<link_ctn id=\"" + id +
               "\" direction>: direction applies to SPLITDUPLEX links only";
      return false;
    }
    scan->links.push_back(id);
    return true;
  }
  if (direction == tag.attributes.end() ||
      (direction->second != "UP" && direction->second != "DOWN")) {
    *error = "<link_ctn id=\"" + id +
             "\">: a SPLITDUPLEX link needs direction UP or DOWN";
    return false;
  }
  scan->links.push_back(id + "_" + direction->second);
  return true;
}

// One element; false with *error when it is not supported or malformed.
bool Apply(Tag& tag, Scan* scan, std::string* error) {
  Platform& p = *scan->platform;
  const std::string& name = tag.name;
  if (name == "platform" || name == "/platform" || name == "router" ||
      name == "backbone" || name == "prop") {
    return true;
  }
  if (name == "zone" || name == "AS") {
    if (!tag.self_closing) scan->zones.push_back(tag.attributes["id"]);
    return true;
  }
  if (name == "/zone" || name == "/AS") {
    if (scan->zones.empty()) *error = "unbalanced </zone>";
    if (!scan->zones.empty()) scan->zones.pop_back();
    return error->empty();
  }
  if (name == "host") {
    if (scan->zones.empty()) *error = "<host> outside a zone";
    if (error->empty()) p.host_zone[tag.attributes["id"]] = scan->zones.back();
    return error->empty();
  }
  if (name == "link") return AddLink(tag, scan, error);
  if (name == "host_link") {
    p.host_up[tag.attributes["id"]] = tag.attributes["up"];
    p.host_down[tag.attributes["id"]] = tag.attributes["down"];
    return true;
  }
  if (name == "route" || name == "zoneRoute" || name == "ASroute") {
    if (!OpenRoute(tag, scan, error)) return false;
    if (tag.self_closing) CloseRoute(scan);
    return true;
  }
  if (name == "/route" || name == "/zoneRoute" || name == "/ASroute") {
    if (scan->src.empty()) {
      *error = "unbalanced <" + name + ">";
      return false;
    }
    CloseRoute(scan);
    return true;
  }
  if (name == "link_ctn" && !scan->src.empty()) {
    return AddRouteLink(tag, scan, error);
  }
  *error = "unsupported element <" + name + ">";
  return false;
}

}  // namespace

bool ParseLatencyPs(const std::string& text, uint64_t* ps) {
  static const std::map<std::string, uint64_t> kUnits = {
      {"", 1000000000000}, {"s", 1000000000000}, {"ms", 1000000000},
      {"us", 1000000},     {"ns", 1000},         {"ps", 1}};
  u128 digits;
  int decimals;
  std::string unit;
  if (!ParseDecimal(text, &digits, &decimals, &unit)) return false;
  const auto found = kUnits.find(unit);
  if (found == kUnits.end() || digits > kMaxResult) return false;
  const u128 value = digits * found->second / PowerOfTen(decimals);
  if (value > kMaxResult) return false;
  *ps = static_cast<uint64_t>(value);
  return true;
}

bool ParseBandwidth(const std::string& text, uint64_t* bytes_per_second) {
  u128 digits;
  int decimals;
  std::string unit;
  if (!ParseDecimal(text, &digits, &decimals, &unit) || unit.size() < 3 ||
      digits > kMaxResult) {
    return false;
  }
  const std::string suffix = unit.substr(unit.size() - 3);
  const std::string prefix = unit.substr(0, unit.size() - 3);
  if (suffix != "Bps" && suffix != "bps") return false;
  static const std::map<std::string, u128> kPrefixes = {{"", 1},
                                                        {"k", 1000},
                                                        {"K", 1000},
                                                        {"M", 1000000},
                                                        {"G", 1000000000},
                                                        {"T", 1000000000000},
                                                        {"Ki", 1024},
                                                        {"Mi", 1048576},
                                                        {"Gi", 1073741824},
                                                        {"Ti", 1099511627776}};
  const auto found = kPrefixes.find(prefix);
  if (found == kPrefixes.end()) return false;
  const u128 divisor = PowerOfTen(decimals) * (suffix == "bps" ? 8 : 1);
  const u128 value = (digits * found->second + divisor - 1) / divisor;
  if (value > kMaxResult) return false;
  *bytes_per_second = static_cast<uint64_t>(value);
  return true;
}

bool ParseExactDecimal(const std::string& text, uint64_t* numerator,
                       uint64_t* denominator) {
  u128 digits;
  int decimals;
  std::string unit;
  if (!ParseDecimal(text, &digits, &decimals, &unit) || !unit.empty() ||
      digits > kMaxResult) {
    return false;
  }
  *numerator = static_cast<uint64_t>(digits);
  *denominator = static_cast<uint64_t>(PowerOfTen(decimals));
  return true;
}

bool ParsePlatform(const std::string& xml, Platform* platform,
                   std::string* error) {
  *platform = Platform();
  Scan scan{platform, {}, "", "", true, {}};
  error->clear();
  for (size_t at = xml.find('<'); at != std::string::npos;
       at = xml.find('<', at + 1)) {
    if (xml.compare(at, 4, "<!--") == 0) {
      at = xml.find("-->", at);
      if (at == std::string::npos) break;
      continue;
    }
    const size_t end = xml.find('>', at);
    if (end == std::string::npos) {
      *error = "unterminated tag";
      return false;
    }
    if (xml[at + 1] == '?' || xml[at + 1] == '!') continue;
    Tag tag;
    std::string body = xml.substr(at + 1, end - at - 1);
    tag.self_closing = !body.empty() && body.back() == '/';
    if (tag.self_closing) body.pop_back();
    if (!ParseTag(body, &tag)) {
      *error = "malformed tag <" + body + ">";
      return false;
    }
    if (!Apply(tag, &scan, error)) return false;
  }
  if (!scan.src.empty()) *error = "unterminated <route> or <zoneRoute>";
  if (platform->host_zone.empty()) *error = "no <host> in the platform";
  return error->empty();
}

bool RouteLinks(const Platform& platform, const std::string& src,
                const std::string& dst, std::vector<std::string>* links,
                std::string* error) {
  links->clear();
  if (!platform.host_zone.count(src) || !platform.host_zone.count(dst)) {
    *error =
        "unknown host '" + (platform.host_zone.count(src) ? dst : src) + "'";
    return false;
  }
  if (src == dst) return true;  // the same host: no link is certain
  const auto up = platform.host_up.find(src);
  if (up != platform.host_up.end()) links->push_back(up->second);
  auto route = platform.routes.find(RouteKey(src, dst));
  const std::string& zone_a = platform.host_zone.at(src);
  const std::string& zone_b = platform.host_zone.at(dst);
  if (route == platform.routes.end() && zone_a != zone_b) {
    route = platform.routes.find(RouteKey(zone_a, zone_b));
    if (route == platform.routes.end()) {
      *error = "no route between '" + src + "' and '" + dst + "'";
      return false;
    }
  }
  if (route != platform.routes.end()) {
    links->insert(links->end(), route->second.begin(), route->second.end());
  }
  const auto down = platform.host_down.find(dst);
  if (down != platform.host_down.end()) links->push_back(down->second);
  for (const std::string& link : *links) {
    if (!platform.links.count(link)) {
      *error = "route uses unknown link '" + link + "'";
      return false;
    }
  }
  return true;
}

}  // namespace mpi
}  // namespace hetcast
