// simgrid_platform.cc: SimGrid platform XML (the subset of
// simgrid_platform.h) -> checked GraphPlatform, parsed with expat.
#include "tools/graph/simgrid_platform.h"

#include <expat.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "runtime/include/hetcast/hetcast.h"
#include "tables/platform_generated.h"

namespace hetcast {
namespace {

absl::Status Bad(const std::string& message) {
  return absl::InvalidArgumentError(message);
}

struct Unit {
  std::string name;
  mpq_class scale;
};

// The exponent of "e[+-]d..." at text[i], moving i past it; 0 when there
// is none (an 'E' then a letter is the exa prefix of a unit).
absl::StatusOr<int64_t> Exponent(absl::string_view text, size_t& i) {
  if (i >= text.size() || (text[i] != 'e' && text[i] != 'E')) return 0;
  size_t j = i + 1;
  const bool negative = j < text.size() && text[j] == '-';
  if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
  if (j >= text.size() || !absl::ascii_isdigit(text[j])) return 0;
  int64_t power = 0;
  for (; j < text.size() && absl::ascii_isdigit(text[j]); ++j) {
    power = power * 10 + (text[j] - '0');
    if (power > 60) return Bad("exponent beyond 60");
  }
  i = j;
  return negative ? -power : power;
}

// The exact value of "d[.d][e[+-]d]" followed by one of `units`, at most
// 40 digits and an exponent of at most 60, so no value grows unbounded.
absl::StatusOr<mpq_class> ParseQuantity(absl::string_view text,
                                        const std::vector<Unit>& units,
                                        const char* what) {
  const absl::Status bad = Bad(absl::StrFormat(
      "'%s' is not a %s with its unit (e.g. 2%s)", text, what, units[0].name));
  size_t i = 0;
  mpz_class digits = 0;
  int64_t exponent = 0, digit_count = 0;
  for (bool fraction = false; i < text.size(); ++i) {
    if (text[i] == '.' && !fraction) {
      fraction = true;
    } else if (absl::ascii_isdigit(text[i]) && digit_count < 40) {
      digits = digits * 10 + (text[i] - '0');
      ++digit_count;
      if (fraction) --exponent;
    } else {
      break;
    }
  }
  absl::StatusOr<int64_t> power = Exponent(text, i);
  if (digit_count == 0 || !power.ok()) return bad;
  exponent += *power;
  for (const Unit& unit : units) {
    if (text.substr(i) != unit.name) continue;
    mpz_class ten;
    mpz_ui_pow_ui(ten.get_mpz_t(), 10, exponent < 0 ? -exponent : exponent);
    mpq_class value =
        exponent < 0 ? mpq_class(digits, ten) : mpq_class(digits * ten);
    value.canonicalize();
    return value * unit.scale;
  }
  return bad;
}

const std::vector<Unit>& TimeUnits() {
  static const std::vector<Unit> kUnits = {
      {"s", 1},
      {"ms", mpq_class(1, 1000)},
      {"us", mpq_class(1, 1000000)},
      {"ns", mpq_class(1, 1000000000)},
      {"ps", mpq_class(mpz_class(1), mpz_class("1000000000000"))},
      {"m", 60},
      {"h", 3600},
      {"d", 86400},
      {"w", 604800}};
  return kUnits;
}

// Bps, then bps (bits: / 8), each with no prefix, k M G T P E (1000^p)
// and Ki Mi Gi Ti Pi Ei (1024^p).
const std::vector<Unit>& BandwidthUnits() {
  static const std::vector<Unit> kUnits = [] {
    static const char* const kPrefixes[] = {"k", "M", "G", "T", "P", "E"};
    std::vector<Unit> units;
    for (const auto& [base, scale] :
         {std::pair{"Bps", mpq_class(1)}, {"bps", mpq_class(1, 8)}}) {
      units.push_back({base, scale});
      mpz_class decimal = 1, binary = 1;
      for (const char* prefix : kPrefixes) {
        decimal *= 1000, binary *= 1024;
        units.push_back({absl::StrCat(prefix, base), scale * decimal});
        units.push_back({absl::StrCat(prefix, "i", base), scale * binary});
      }
    }
    for (Unit& unit : units) {  // "ki" is not SimGrid's: "Ki".
      if (unit.name.rfind("ki", 0) == 0) unit.name[0] = 'K';
    }
    return units;
  }();
  return kUnits;
}

}  // namespace

absl::StatusOr<mpq_class> ParseSimgridTime(absl::string_view text) {
  return ParseQuantity(text, TimeUnits(), "time");
}

absl::StatusOr<mpq_class> ParseSimgridBandwidth(absl::string_view text) {
  absl::StatusOr<mpq_class> value =
      ParseQuantity(text, BandwidthUnits(), "bandwidth");
  if (value.ok() && *value <= 0) {
    return Bad(absl::StrFormat("'%s': a bandwidth must be > 0", text));
  }
  return value;
}

absl::StatusOr<uint64_t> SimgridEdgeCost(const mpq_class& latency,
                                         const mpq_class& bandwidth,
                                         uint64_t message_bytes,
                                         const mpq_class& tick) {
  const mpq_class bytes(mpz_class(absl::StrCat(message_bytes)));
  const mpq_class ticks = (latency + bytes / bandwidth) / tick;
  mpz_class cost;
  mpz_cdiv_q(cost.get_mpz_t(), ticks.get_num_mpz_t(), ticks.get_den_mpz_t());
  if (cost < 1 || cost > mpz_class(absl::StrCat(HETCAST_MAX_COST))) {
    return Bad(absl::StrFormat("cost %s ticks is outside 1 .. %d",
                               cost.get_str(), HETCAST_MAX_COST));
  }
  return static_cast<uint64_t>(std::stoull(cost.get_str()));
}

namespace {

constexpr char kSubset[] =
    "the supported subset is <platform version=\"4.1\"><zone "
    "routing=\"Full\"> with <host>, <router>, <link> and one-link <route>s";

// An element of the subset: its parent, its attributes (required first).
struct ElementRule {
  const char* name;
  const char* parent;
  std::vector<const char*> required, optional;
};

const std::vector<ElementRule>& Rules() {
  static const std::vector<ElementRule> kRules = {
      {"platform", "", {"version"}, {}},
      {"zone", "platform", {"id", "routing"}, {}},
      {"host", "zone", {"id"}, {"speed", "core"}},
      {"router", "zone", {"id"}, {}},
      {"link", "zone", {"id", "bandwidth"}, {"latency", "sharing_policy"}},
      {"route", "zone", {"src", "dst"}, {"symmetrical"}},
      {"link_ctn", "route", {"id"}, {"direction"}},
  };
  return kRules;
}

struct XmlLink {
  int line = 0;
  std::string id;
  std::string latency = "0s", bandwidth;
  std::string policy = "SHARED";
};

struct XmlRoute {
  int line = 0;
  std::string src, dst;
  bool symmetrical = true;
  std::vector<std::pair<std::string, std::string>> links;  // id, direction
};

// What the handlers collect, and the first error (which stops the parse).
struct XmlRead {
  XML_Parser parser = nullptr;
  absl::Status error;
  std::vector<std::string> open;  // Element names, outermost first.
  std::vector<std::string> nodes;
  std::map<std::string, int> node_line;
  std::vector<XmlLink> links;
  std::vector<XmlRoute> routes;
  int zones = 0;

  int Line() const {
    return static_cast<int>(XML_GetCurrentLineNumber(parser));
  }
  void Fail(const std::string& message) {
    if (!error.ok()) return;
    error = Bad(absl::StrFormat("line %d: %s", Line(), message));
    XML_StopParser(parser, XML_FALSE);
  }
};

// The attributes of `rule` as a map; fails on an unknown or missing one.
bool ReadAttributes(XmlRead& read, const ElementRule& rule,
                    const XML_Char** attributes,
                    std::map<std::string, std::string>& out) {
  for (size_t i = 0; attributes[i] != nullptr; i += 2) {
    const std::string name = attributes[i];
    bool known = false;
    for (const auto* list : {&rule.required, &rule.optional}) {
      for (const char* a : *list) known = known || name == a;
    }
    if (!known) {
      read.Fail(
          absl::StrFormat("<%s>: attribute '%s' is not in the "
                          "supported subset",
                          rule.name, name));
      return false;
    }
    out[name] = attributes[i + 1];
  }
  for (const char* a : rule.required) {
    if (out.count(a) == 0) {
      read.Fail(
          absl::StrFormat("<%s>: attribute '%s' is missing", rule.name, a));
      return false;
    }
  }
  return true;
}

void AddNode(XmlRead& read, const std::string& element, const std::string& id) {
  if (id.empty()) return read.Fail(absl::StrCat("<", element, ">: empty id"));
  const auto [it, fresh] = read.node_line.emplace(id, read.Line());
  if (!fresh) {
    return read.Fail(
        absl::StrFormat("<%s id=\"%s\">: the id is already "
                        "taken on line %d",
                        element, id, it->second));
  }
  read.nodes.push_back(id);
}

void Element(XmlRead& read, const ElementRule& rule,
             std::map<std::string, std::string>& a) {
  const std::string name = rule.name;
  if (name == "platform" && a["version"] != "4.1") {
    return read.Fail("<platform>: version '" + a["version"] +
                     "' is not 4.1, the version of the supported subset");
  }
  if (name == "zone" && ++read.zones > 1) {
    return read.Fail("<zone>: a second zone is not in the supported subset");
  }
  if (name == "zone" && a["routing"] != "Full") {
    return read.Fail("<zone>: routing '" + a["routing"] +
                     "' is not in the supported subset (only Full, whose "
                     "routes are the file's)");
  }
  if (name == "host" || name == "router") AddNode(read, name, a["id"]);
  if (name == "link") {
    XmlLink link;
    link.line = read.Line();
    link.id = a["id"];
    if (a.count("latency")) link.latency = a["latency"];
    link.bandwidth = a["bandwidth"];
    if (a.count("sharing_policy")) link.policy = a["sharing_policy"];
    read.links.push_back(link);
  }
  if (name == "route") {
    XmlRoute route;
    route.line = read.Line();
    route.src = a["src"], route.dst = a["dst"];
    if (a.count("symmetrical")) {
      if (a["symmetrical"] != "YES" && a["symmetrical"] != "NO") {
        return read.Fail("<route>: symmetrical '" + a["symmetrical"] +
                         "' is not YES or NO");
      }
      route.symmetrical = a["symmetrical"] == "YES";
    }
    read.routes.push_back(route);
  }
  if (name == "link_ctn") {
    read.routes.back().links.emplace_back(a["id"], a["direction"]);
  }
}

void XMLCALL OnStart(void* data, const XML_Char* name,
                     const XML_Char** attributes) {
  XmlRead& read = *static_cast<XmlRead*>(data);
  const std::string parent = read.open.empty() ? "" : read.open.back();
  read.open.push_back(name);
  for (const ElementRule& rule : Rules()) {
    if (rule.name != read.open.back() || parent != rule.parent) continue;
    std::map<std::string, std::string> values;
    if (ReadAttributes(read, rule, attributes, values)) {
      Element(read, rule, values);
    }
    return;
  }
  read.Fail(absl::StrFormat(
      "<%s>%s is not in the supported subset (%s)", name,
      parent.empty() ? "" : absl::StrCat(" inside <", parent, ">"), kSubset));
}

void XMLCALL OnEnd(void* data, const XML_Char*) {
  static_cast<XmlRead*>(data)->open.pop_back();
}

void XMLCALL OnText(void* data, const XML_Char* text, int length) {
  XmlRead& read = *static_cast<XmlRead*>(data);
  for (int i = 0; i < length; ++i) {
    if (!absl::ascii_isspace(static_cast<unsigned char>(text[i]))) {
      return read.Fail(
          absl::StrFormat("text inside <%s> is not in the "
                          "supported subset",
                          read.open.back()));
    }
  }
}

// SimGrid requires `<!DOCTYPE platform SYSTEM ".../simgrid.dtd">`; the DTD
// is never read (no external entity handler, parameter entities off), and
// an internal subset, where entities would be declared, is refused.
void XMLCALL OnDoctype(void* data, const XML_Char* name, const XML_Char* sysid,
                       const XML_Char* pubid, int has_internal_subset) {
  XmlRead& read = *static_cast<XmlRead*>(data);
  const absl::string_view system = sysid == nullptr ? "" : sysid;
  if (std::string(name) != "platform" || pubid != nullptr ||
      has_internal_subset || !absl::EndsWith(system, "simgrid.dtd")) {
    read.Fail(
        "<!DOCTYPE> is refused unless it is <!DOCTYPE platform SYSTEM "
        "\"https://simgrid.org/simgrid.dtd\"> (which is never read; no "
        "entity is declared or expanded)");
  }
}

void XMLCALL OnEntity(void* data, const XML_Char* name, int, const XML_Char*,
                      int, const XML_Char*, const XML_Char*, const XML_Char*,
                      const XML_Char*) {
  static_cast<XmlRead*>(data)->Fail(
      absl::StrFormat("<!ENTITY %s> is refused (no entity is expanded)", name));
}

void XMLCALL OnInstruction(void* data, const XML_Char* target,
                           const XML_Char*) {
  static_cast<XmlRead*>(data)->Fail(absl::StrFormat(
      "processing instruction <?%s?> is not in the supported subset", target));
}

absl::Status ParseXml(absl::string_view xml, XmlRead& read) {
  if (xml.size() > kMaxSimgridBytes) {
    return Bad(absl::StrFormat("%d bytes; at most %d are read", xml.size(),
                               kMaxSimgridBytes));
  }
  read.parser = XML_ParserCreate(nullptr);
  if (read.parser == nullptr) return absl::ResourceExhaustedError("expat");
  XML_SetUserData(read.parser, &read);
  XML_SetElementHandler(read.parser, OnStart, OnEnd);
  XML_SetCharacterDataHandler(read.parser, OnText);
  XML_SetStartDoctypeDeclHandler(read.parser, OnDoctype);
  XML_SetEntityDeclHandler(read.parser, OnEntity);
  XML_SetProcessingInstructionHandler(read.parser, OnInstruction);
  XML_SetParamEntityParsing(read.parser, XML_PARAM_ENTITY_PARSING_NEVER);
  const XML_Status status = XML_Parse(read.parser, xml.data(),
                                      static_cast<int>(xml.size()), XML_TRUE);
  if (status != XML_STATUS_OK && read.error.ok()) {
    read.error =
        Bad(absl::StrFormat("line %d: malformed XML: %s", read.Line(),
                            XML_ErrorString(XML_GetErrorCode(read.parser))));
  }
  XML_ParserFree(read.parser);
  read.parser = nullptr;
  if (read.error.ok() && read.zones == 0) {
    return Bad("no <zone>: " + std::string(kSubset));
  }
  return read.error;
}

}  // namespace

namespace {

struct ImportedEdge {
  std::string from, to;
  uint64_t cost;
};

std::string LinkTag(const XmlLink& link) {
  return absl::StrFormat("line %d: <link id=\"%s\">", link.line, link.id);
}

std::string RouteTag(const XmlRoute& route) {
  return absl::StrFormat("line %d: <route src=\"%s\" dst=\"%s\">", route.line,
                         route.src, route.dst);
}

// Each link's cost in ticks, by id (ids checked distinct).
absl::StatusOr<std::map<std::string, std::pair<const XmlLink*, uint64_t>>>
LinkCosts(const std::vector<XmlLink>& links, uint64_t message_bytes,
          const mpq_class& tick) {
  std::map<std::string, std::pair<const XmlLink*, uint64_t>> out;
  for (const XmlLink& link : links) {
    const auto fail = [&](const std::string& why) {
      return Bad(absl::StrCat(LinkTag(link), ": ", why));
    };
    if (out.count(link.id)) {
      return fail(absl::StrFormat("the id is already taken on line %d",
                                  out[link.id].first->line));
    }
    if (link.policy != "SHARED" && link.policy != "SPLITDUPLEX" &&
        link.policy != "FATPIPE") {
      return fail("sharing_policy '" + link.policy +
                  "' is not SHARED, SPLITDUPLEX or FATPIPE");
    }
    absl::StatusOr<mpq_class> latency = ParseSimgridTime(link.latency);
    if (!latency.ok())
      return fail(absl::StrCat("latency: ", latency.status().message()));
    absl::StatusOr<mpq_class> bandwidth = ParseSimgridBandwidth(link.bandwidth);
    if (!bandwidth.ok()) {
      return fail(absl::StrCat("bandwidth: ", bandwidth.status().message()));
    }
    absl::StatusOr<uint64_t> cost =
        SimgridEdgeCost(*latency, *bandwidth, message_bytes, tick);
    if (!cost.ok()) return fail(std::string(cost.status().message()));
    out[link.id] = {&link, *cost};
  }
  return out;
}

// The link resources a route takes: the link, or for SPLITDUPLEX the side
// of each direction it is used in.
absl::StatusOr<std::vector<std::string>> RouteSides(const XmlRoute& route,
                                                    const XmlLink& link) {
  const auto& [id, direction] = route.links[0];
  if (link.policy != "SPLITDUPLEX") {
    if (!direction.empty()) {
      return Bad(absl::StrCat(RouteTag(route), ": <link_ctn id=\"", id,
                              "\" direction>: direction applies to "
                              "SPLITDUPLEX links only"));
    }
    return std::vector<std::string>{id};
  }
  if (direction != "UP" && direction != "DOWN") {
    return Bad(absl::StrCat(RouteTag(route), ": <link_ctn id=\"", id,
                            "\">: a SPLITDUPLEX link needs direction UP or "
                            "DOWN"));
  }
  std::vector<std::string> sides = {id + "_" + direction};
  if (route.symmetrical) {
    sides.push_back(id + (direction == "UP" ? "_DOWN" : "_UP"));
  }
  return sides;
}

// The directed edges of the routes, each checked.
using LinkCostMap = std::map<std::string, std::pair<const XmlLink*, uint64_t>>;

// The route's link with its cost, once the route is one link between two
// distinct known nodes.
absl::StatusOr<LinkCostMap::const_iterator> RouteLink(
    const XmlRead& read, const XmlRoute& route, const LinkCostMap& costs) {
  const auto fail = [&](const std::string& why) {
    return Bad(absl::StrCat(RouteTag(route), ": ", why));
  };
  if (route.links.size() != 1) {
    return fail(absl::StrFormat(
        "%d links; only a route of one link is an independent edge",
        route.links.size()));
  }
  for (const std::string& end : {route.src, route.dst}) {
    if (!read.node_line.count(end)) return fail("unknown node '" + end + "'");
  }
  if (route.src == route.dst) return fail("a route from a node to itself");
  const auto link = costs.find(route.links[0].first);
  if (link == costs.end()) {
    return fail("unknown link '" + route.links[0].first + "'");
  }
  return link;
}

// The directed edges of the routes, each link (side) and edge used once.
absl::StatusOr<std::vector<ImportedEdge>> RouteEdges(const XmlRead& read,
                                                     const LinkCostMap& costs) {
  std::vector<ImportedEdge> edges;
  std::map<std::string, int> side_used;
  std::map<std::pair<std::string, std::string>, int> edge_line;
  for (const XmlRoute& route : read.routes) {
    absl::StatusOr<LinkCostMap::const_iterator> link =
        RouteLink(read, route, costs);
    if (!link.ok()) return link.status();
    absl::StatusOr<std::vector<std::string>> sides =
        RouteSides(route, *(*link)->second.first);
    if (!sides.ok()) return sides.status();
    for (const std::string& side : *sides) {
      const auto [it, fresh] = side_used.emplace(side, route.line);
      if (!fresh) {
        return Bad(absl::StrFormat(
            "%s: link '%s' is already used by the route on line %d; a link "
            "shared by routes is not an independent edge",
            RouteTag(route), route.links[0].first, it->second));
      }
    }
    std::vector<std::pair<std::string, std::string>> directed = {
        {route.src, route.dst}};
    if (route.symmetrical) directed.emplace_back(route.dst, route.src);
    for (const auto& e : directed) {
      const auto [it, fresh] = edge_line.emplace(e, route.line);
      if (!fresh) {
        return Bad(absl::StrFormat(
            "%s: the edge '%s' -> '%s' is already given on line %d",
            RouteTag(route), e.first, e.second, it->second));
      }
      edges.push_back({e.first, e.second, (*link)->second.second});
    }
  }
  return edges;
}

absl::StatusOr<GraphPlatform> Build(const XmlRead& read,
                                    const std::vector<ImportedEdge>& edges,
                                    const GraphEndpoints& endpoints) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<platform::Edge>> edge_offsets;
  for (const ImportedEdge& e : edges) {
    edge_offsets.push_back(platform::CreateEdgeDirect(
        builder, e.from.c_str(), e.to.c_str(), static_cast<int64_t>(e.cost)));
  }
  const auto nodes = builder.CreateVectorOfStrings(read.nodes);
  const auto edge_vector = builder.CreateVector(edge_offsets);
  builder.Finish(
      platform::CreatePlatform(builder, kPlatformVersion, nodes, edge_vector));
  return CheckGraphPlatformBuffer(builder, endpoints);
}

}  // namespace

absl::StatusOr<GraphPlatform> ParseSimgridPlatform(
    absl::string_view xml, uint64_t message_bytes, absl::string_view tick,
    const GraphEndpoints& endpoints) {
  if (message_bytes < 1) return Bad("--message-bytes: must be >= 1");
  absl::StatusOr<mpq_class> tick_seconds = ParseSimgridTime(tick);
  if (!tick_seconds.ok()) {
    return Bad(absl::StrCat("--tick: ", tick_seconds.status().message()));
  }
  if (*tick_seconds <= 0) return Bad("--tick: must be > 0");
  if (!endpoints.source.has_value() || !endpoints.targets.has_value()) {
    return Bad(
        "--source and --targets: required with a SimGrid platform, which "
        "names neither");
  }
  XmlRead read;
  absl::Status status = ParseXml(xml, read);
  if (!status.ok()) return status;
  auto costs = LinkCosts(read.links, message_bytes, *tick_seconds);
  if (!costs.ok()) return costs.status();
  absl::StatusOr<std::vector<ImportedEdge>> edges = RouteEdges(read, *costs);
  if (!edges.ok()) return edges.status();
  if (edges->empty()) return Bad("no <route>: the platform has no edge");
  return Build(read, *edges, endpoints);
}

}  // namespace hetcast
