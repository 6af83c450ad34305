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

}  // namespace

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
    absl::StrAppend(&out, "  route ", r, ": ", names[by_route[r][0].from]);
    for (const hetcast_graph_route_edge& e : by_route[r]) {
      absl::StrAppend(&out, " -> ", names[e.to]);
    }
    const hetcast_graph_route& route = schedule.routes[r];
    absl::StrAppend(&out, "  parts [", route.first_part, ", ",
                    route.first_part + route.part_count, ")\n");
  }
  return out;
}

std::string ScheduleJson(const GraphPlatform& platform,
                         const PeriodicSchedule& schedule) {
  const std::vector<std::string>& names = platform.names;
  std::string out = absl::StrCat(
      "{\"period\":", schedule.period, ",\"messages\":", schedule.messages,
      ",\"parts\":", schedule.parts, ",\"routes\":[");
  const auto by_route = EdgesByRoute(schedule);
  for (size_t r = 0; r < by_route.size(); ++r) {
    const hetcast_graph_route& route = schedule.routes[r];
    absl::StrAppend(&out, r == 0 ? "" : ",",
                    "{\"first_part\":", route.first_part,
                    ",\"part_count\":", route.part_count, ",\"edges\":[");
    for (size_t i = 0; i < by_route[r].size(); ++i) {
      const hetcast_graph_route_edge& e = by_route[r][i];
      absl::StrAppend(&out, i == 0 ? "" : ",",
                      "{\"from\":", GraphJsonString(names[e.from]),
                      ",\"to\":", GraphJsonString(names[e.to]), "}");
    }
    absl::StrAppend(&out, "]}");
  }
  absl::StrAppend(&out, "],\"slots\":[");
  for (size_t i = 0; i < schedule.slots.size(); ++i) {
    absl::StrAppend(&out, i == 0 ? "" : ",",
                    GraphSlotJson(names, schedule.slots[i], "route"));
  }
  absl::StrAppend(&out, "]}");
  return out;
}

}  // namespace hetcast
