// graph_schedule_output.h: a periodic schedule of the graph model
// (tools/graph/periodic_schedule.h) rendered with node names, for every
// achievable answer of `hetcast plan --model graph` with an LP algorithm.
#ifndef HETCAST_TOOLS_CLI_GRAPH_SCHEDULE_OUTPUT_H_
#define HETCAST_TOOLS_CLI_GRAPH_SCHEDULE_OUTPUT_H_

#include <string>
#include <vector>

#include "tools/cli/json_output.h"
#include "tools/graph/periodic_schedule.h"
#include "tools/graph/platform.h"

namespace hetcast {

// "schedule: 2 messages every 12 ticks, 1 part each ..." and one line per
// route ("route 0: s -> C1 -> X1  parts [0, 1)"; a tree as its edges,
// "s->C1, C1->X1, C1->X2").
std::string ScheduleText(const GraphPlatform& platform,
                         const PeriodicSchedule& schedule);

// The member "schedule" of the object `json` is writing: {"period":12,
// "messages":2,"parts":1,"routes":[{"first_part":0,"part_count":1,
// "edges":[{"from":"s","to":"C1"},...]}],"slots":[{"start":0,"duration":2,
// "from":"s","to":"C1","route":0,"amount":1},...]}
void WriteScheduleJson(const GraphPlatform& platform,
                       const PeriodicSchedule& schedule, JsonWriter* json);

// The member "edges": [{"from":"s","to":"a"},...], by name.
void WriteEdgesJson(const GraphPlatform& platform,
                    const std::vector<hetcast_graph_route_edge>& edges,
                    JsonWriter* json);

// When there is no schedule: the routes it would have used, each with
// the exact fraction of every message it carries. Text: "flows (...):" and
// one line per route ("  flow 0: s -> a -> t  carries 3/7"); JSON: the
// member "flows": [{"fraction":"3/7","edges":[{"from":"s","to":"a"},...]}].
std::string FlowsText(const GraphPlatform& platform,
                      const hetcast_graph_request& request,
                      const std::vector<WeightedRoute>& routes);
void WriteFlowsJson(const GraphPlatform& platform,
                    const hetcast_graph_request& request,
                    const std::vector<WeightedRoute>& routes, JsonWriter* json);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_GRAPH_SCHEDULE_OUTPUT_H_
