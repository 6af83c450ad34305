// graph_schedule_output.cc: routes and slots by name.
#include "tools/cli/graph_schedule_output.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "tools/cli/plan_graph.h"

namespace hetcast {
namespace {

// Each route's edges, in the order they were listed (source first).
std::vector<std::vector<hetcast_graph_route_edge>> EdgesByRoute(
    const PeriodicSchedule& schedule) {
  std::vector<std::vector<hetcast_graph_route_edge>> by_route(
      schedule.routes.size());
  for (const hetcast_graph_route_edge& e : schedule.route_edges) {
    by_route[e.route].push_back(e);
  }
  return by_route;
}

// A path as "s -> a -> t"; a tree (a broadcast's arborescence, a
// multi-source route) as its edges "s->a, a->t, a->u", parents first.
std::string RouteText(const std::vector<std::string>& names,
                      const std::vector<hetcast_graph_route_edge>& edges) {
  bool path = true;
  for (size_t i = 1; i < edges.size(); ++i) {
    path = path && edges[i].from == edges[i - 1].to;
  }
  std::string out;
  if (path) {
    out = names[edges[0].from];
    for (const hetcast_graph_route_edge& e : edges) {
      absl::StrAppend(&out, " -> ", names[e.to]);
    }
    return out;
  }
  for (const hetcast_graph_route_edge& e : edges) {
    absl::StrAppend(&out, out.empty() ? "" : ", ", names[e.from], "->",
                    names[e.to]);
  }
  return out;
}

// A weighted route's edges as route edges (route index 0).
std::vector<hetcast_graph_route_edge> RouteEdges(
    const hetcast_graph_request& request, const WeightedRoute& route) {
  std::vector<hetcast_graph_route_edge> edges;
  for (size_t e : route.edges) {
    edges.push_back({0, request.edges[e].from, request.edges[e].to});
  }
  return edges;
}

std::string FractionText(const mpq_class& q) {
  return absl::StrCat(q.get_num().get_str(), "/", q.get_den().get_str());
}

}  // namespace

std::string FlowsText(const GraphPlatform& platform,
                      const hetcast_graph_request& request,
                      const std::vector<WeightedRoute>& routes) {
  std::string out =
      absl::StrCat("flows (", routes.size(),
                   " routes; each carries its fraction of every message):\n");
  for (size_t r = 0; r < routes.size(); ++r) {
    absl::StrAppend(&out, "  flow ", r, ": ",
                    RouteText(platform.names, RouteEdges(request, routes[r])),
                    "  carries ", FractionText(routes[r].weight), "\n");
  }
  return out;
}

void WriteEdgesJson(const GraphPlatform& platform,
                    const std::vector<hetcast_graph_route_edge>& edges,
                    JsonWriter* json) {
  json->StartArray("edges");
  for (const hetcast_graph_route_edge& e : edges) {
    json->StartObject();
    json->Str("from", platform.names[e.from]);
    json->Str("to", platform.names[e.to]);
    json->EndObject();
  }
  json->EndArray();
}

void WriteFlowsJson(const GraphPlatform& platform,
                    const hetcast_graph_request& request,
                    const std::vector<WeightedRoute>& routes,
                    JsonWriter* json) {
  json->StartArray("flows");
  for (const WeightedRoute& route : routes) {
    json->StartObject();
    json->Str("fraction", FractionText(route.weight));
    WriteEdgesJson(platform, RouteEdges(request, route), json);
    json->EndObject();
  }
  json->EndArray();
}

std::string ScheduleText(const GraphPlatform& platform,
                         const PeriodicSchedule& schedule) {
  const std::vector<std::string>& names = platform.names;
  std::string out =
      absl::StrCat("schedule: ", schedule.messages,
                   schedule.messages == 1 ? " message" : " messages", " every ",
                   schedule.period, " ticks in ", schedule.parts,
                   schedule.parts == 1 ? " part" : " parts", " each; ",
                   schedule.routes.size(), " routes, ", schedule.slots.size(),
                   " slots (the evaluator accepts it)\n");
  const auto by_route = EdgesByRoute(schedule);
  for (size_t r = 0; r < by_route.size(); ++r) {
    absl::StrAppend(&out, "  route ", r, ": ", RouteText(names, by_route[r]));
    const hetcast_graph_route& route = schedule.routes[r];
    absl::StrAppend(&out, "  parts [", route.first_part, ", ",
                    route.first_part + route.part_count, ")\n");
  }
  return out;
}

void WriteScheduleJson(const GraphPlatform& platform,
                       const PeriodicSchedule& schedule, JsonWriter* json) {
  const std::vector<std::string>& names = platform.names;
  json->StartObject("schedule");
  json->U64("period", schedule.period);
  json->U64("messages", schedule.messages);
  json->U64("parts", schedule.parts);
  json->StartArray("routes");
  const auto by_route = EdgesByRoute(schedule);
  for (size_t r = 0; r < by_route.size(); ++r) {
    json->StartObject();
    json->U64("first_part", schedule.routes[r].first_part);
    json->U64("part_count", schedule.routes[r].part_count);
    json->StartArray("edges");
    for (const hetcast_graph_route_edge& e : by_route[r]) {
      json->StartObject();
      json->Str("from", names[e.from]);
      json->Str("to", names[e.to]);
      json->EndObject();
    }
    json->EndArray();
    json->EndObject();
  }
  json->EndArray();
  json->StartArray("slots");
  for (const hetcast_graph_slot& slot : schedule.slots) {
    WriteGraphSlot(names, slot, "route", json);
  }
  json->EndArray();
  json->EndObject();
}

}  // namespace hetcast
