// gantt_svg.h: a schedule as an SVG Gantt chart (`hetcast render`).
//
// One row per node, grouped and coloured by group (node type, cluster, or
// the source of a multi-source message); a bar per send from its start to
// its arrival, labelled with the receiver; a time axis in ticks; the
// completion time and the lower bound as vertical lines (the bound's dashes
// drawn over the completion, so both show when they are equal); a legend.
// Past kMaxChartRows rows, each group collapses into one row: a histogram
// of when its nodes are reached, with a line for the share reached so far,
// under a strip of when its nodes send (darker where more send at once).
// The picture stays small however many nodes there are, and a note says how
// to read it. Programs may find the lines and bins by class: "completion",
// "lower-bound", "arrivals" (with data-group, data-from, data-to,
// data-count: that many arrivals at the group's nodes in (from, to]),
// "arrived-share", "sends".
#ifndef HETCAST_TOOLS_CLI_GANTT_SVG_H_
#define HETCAST_TOOLS_CLI_GANTT_SVG_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hetcast {

inline constexpr size_t kMaxChartRows = 300;

struct ChartRow {
  std::string label;  // "0 (source)", "P3".
  size_t group = 0;   // Index into Chart::groups.
};

struct ChartBar {
  size_t row = 0;  // The sender's row.
  uint64_t start = 0;
  uint64_t end = 0;   // Arrival.
  size_t to_row = 0;  // The receiver's row (a mark at `end` there).
  std::string label;  // "→5".
  size_t group = 0;   // Colour.
};

struct Chart {
  std::string title;                // "Broadcast from node 0 to 27 nodes: ...".
  std::string subtitle;             // "optimal; algorithm: table".
  std::vector<std::string> groups;  // Legend entries, in colour order.
  std::vector<ChartRow> rows;       // Top to bottom.
  std::vector<ChartBar> bars;
  uint64_t completion = 0;
  std::string completion_label;  // "completion 10".
  std::string completion_legend = "completion time";
  std::optional<uint64_t> lower_bound;
  std::string lower_bound_label;
  std::string unit = "ticks";
};

// Width and height of GanttSvg(chart)'s picture, in pixels.
struct SvgSize {
  int width = 0;
  int height = 0;
};
SvgSize GanttSize(const Chart& chart);

// Each bar's lane within its drawn row (0 the top one): bars are taken in
// order of start (ties in chart order) and each gets the lowest lane of
// its row free by its start (every earlier bar in it ended by then).
// Collapsed rows (past kMaxChartRows) have one lane.
std::vector<size_t> BarLanes(const Chart& chart);

// The chart as a standalone SVG document (UTF-8; names XML-escaped).
std::string GanttSvg(const Chart& chart);

// `text` escaped for XML character data and attribute values.
std::string XmlEscape(const std::string& text);

}  // namespace hetcast

#endif  // HETCAST_TOOLS_CLI_GANTT_SVG_H_
