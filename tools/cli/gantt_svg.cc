// gantt_svg.cc: Chart -> SVG (gantt_svg.h).
#include "tools/cli/gantt_svg.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli/json_output.h"

namespace hetcast {
namespace {

// Geometry, in pixels.
constexpr int kWidth = 1000;
// The row labels' column: at least kMinLeft, wide enough for the longest
// label (kCharWidth per character, an estimate for 12 px sans-serif) up to
// kMaxLeft, past which a label runs off the picture's left edge.
constexpr int kMinLeft = 140;
constexpr int kMaxLeft = 420;
constexpr int kCharWidth = 7;
constexpr int kRight = 30;
constexpr int kTop = 74;  // Title, subtitle and the lines' labels.
constexpr int kRowHeight = 18;
// A collapsed row (past kMaxChartRows) holds a histogram of its group's
// arrivals, tall enough for the difference between bins to show.
constexpr int kCollapsedRowHeight = 3 * kRowHeight;
// At most this many histogram bins per collapsed row: at least 8 px each.
constexpr uint64_t kMaxBins = 100;
constexpr int kSendStripHeight = 6;
constexpr int kCollapsedNoteLines = 3;
constexpr int kAxisHeight = 40;
constexpr int kLegendLine = 18;

// Colour-blind-safe qualitative palette (Okabe & Ito), then repeated.
constexpr const char* kPalette[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7",
                                    "#56B4E9", "#D55E00", "#F0E442", "#000000"};

const char* Colour(size_t group) {
  return kPalette[group % (sizeof(kPalette) / sizeof(kPalette[0]))];
}

// The rows drawn: the chart's, or one per group when there are too many.
// Bars that overlap in time on one row (non-blocking sends) go to lanes of
// their own, one below the other, unless the rows are collapsed.
struct Layout {
  std::vector<ChartRow> rows;
  std::vector<size_t> row_of;  // Chart row -> drawn row.
  bool collapsed = false;
  std::vector<size_t> lane_of_bar;
  std::vector<int> row_top;  // Drawn row -> y; one more entry: the bottom.
  // Collapsed rows: how many nodes each drawn row stands for.
  std::vector<size_t> members;
  int left = kMinLeft;  // Where the time axis starts.
};

// Characters, not bytes, of UTF-8 text.
size_t Characters(const std::string& text) {
  size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::string MembersLine(size_t members) {
  return absl::StrCat(members, members == 1 ? " node" : " nodes");
}

void SetLabelColumn(Layout* layout) {
  size_t longest = 0;
  for (const ChartRow& row : layout->rows) {
    longest = std::max(longest, Characters(row.label));
  }
  const int wanted = kCharWidth * static_cast<int>(std::min<size_t>(
                                      longest, kMaxLeft / kCharWidth)) +
                     12;
  layout->left = std::clamp(wanted, kMinLeft, kMaxLeft);
}

// One drawn row's lanes while the bars are laid out in order of start:
// the lanes free by the current start (a min-heap of lane numbers) and the
// busy ones (a min-heap of their ends). Since the starts only grow, a lane
// once free stays free until a bar takes it, so each bar costs O(log
// lanes) rather than a scan of every lane.
struct RowLanes {
  using Busy = std::pair<uint64_t, size_t>;  // (end, lane)
  std::priority_queue<size_t, std::vector<size_t>, std::greater<size_t>> free;
  std::priority_queue<Busy, std::vector<Busy>, std::greater<Busy>> busy;
  size_t count = 0;

  // The lowest-numbered lane free at `start` (a new one when none is),
  // taken until `end`.
  size_t Take(uint64_t start, uint64_t end) {
    while (!busy.empty() && busy.top().first <= start) {
      free.push(busy.top().second);
      busy.pop();
    }
    size_t lane = count;
    if (free.empty()) {
      ++count;
    } else {
      lane = free.top();
      free.pop();
    }
    // A free lane ended by `start`; a bar ending before its start (not
    // drawn by a valid plan) leaves it free.
    if (end > start) {
      busy.emplace(end, lane);
    } else {
      free.push(lane);
    }
    return lane;
  }
};

// Each bar's lane: the lowest of its row free by its start, bars taken in
// order of start (ties in chart order), which keeps the lanes few.
// Collapsed rows draw merged spans, one lane each.
void AssignLanes(const Chart& chart, Layout* layout) {
  std::vector<size_t> order(chart.bars.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return chart.bars[a].start < chart.bars[b].start;
  });
  std::vector<RowLanes> lanes(layout->rows.size());
  layout->lane_of_bar.assign(chart.bars.size(), 0);
  for (size_t i : order) {
    const ChartBar& bar = chart.bars[i];
    RowLanes& row = lanes[layout->row_of[bar.row]];
    if (layout->collapsed) {
      row.count = 1;
      continue;
    }
    layout->lane_of_bar[i] = row.Take(bar.start, bar.end);
  }
  int y = kTop;
  for (const RowLanes& row : lanes) {
    layout->row_top.push_back(y);
    y += layout->collapsed
             ? kCollapsedRowHeight
             : kRowHeight * static_cast<int>(std::max<size_t>(row.count, 1));
  }
  layout->row_top.push_back(y);
}

Layout LayOut(const Chart& chart) {
  Layout layout;
  layout.collapsed = chart.rows.size() > kMaxChartRows;
  if (!layout.collapsed) {
    layout.rows = chart.rows;
    for (size_t r = 0; r < chart.rows.size(); ++r) layout.row_of.push_back(r);
    AssignLanes(chart, &layout);
    SetLabelColumn(&layout);
    return layout;
  }
  std::vector<size_t> counts(chart.groups.size(), 0);
  for (const ChartRow& row : chart.rows) ++counts[row.group];
  std::vector<size_t> drawn(chart.groups.size(), SIZE_MAX);
  for (size_t g = 0; g < chart.groups.size(); ++g) {
    if (counts[g] == 0) continue;
    drawn[g] = layout.rows.size();
    layout.rows.push_back({chart.groups[g], g});
    layout.members.push_back(counts[g]);
  }
  for (const ChartRow& row : chart.rows)
    layout.row_of.push_back(drawn[row.group]);
  AssignLanes(chart, &layout);
  SetLabelColumn(&layout);
  return layout;
}

uint64_t TimeSpan(const Chart& chart) {
  uint64_t span = std::max<uint64_t>(chart.completion, 1);
  if (chart.lower_bound) span = std::max(span, *chart.lower_bound);
  for (const ChartBar& bar : chart.bars) span = std::max(span, bar.end);
  return span;
}

// A step of 1, 2 or 5 times a power of ten giving at most ~10 labels.
uint64_t AxisStep(uint64_t span) {
  uint64_t step = 1;
  while (true) {
    for (uint64_t factor : {1, 2, 5}) {
      if (span / (step * factor) <= 10) return step * factor;
    }
    if (step > UINT64_MAX / 10) return step;
    step *= 10;
  }
}

// Time -> x: [0, span] onto the width right of the labels.
struct Scale {
  uint64_t span;
  int left;
  double x(uint64_t t) const {
    return left + (kWidth - left - kRight) *
                      (static_cast<double>(t) / static_cast<double>(span));
  }
};

int LegendHeight(const Chart& chart, bool collapsed) {
  return kLegendLine * static_cast<int>(chart.groups.size() + 2 +
                                        (collapsed ? kCollapsedNoteLines : 0));
}

void DrawRows(const Layout& layout, std::string* out) {
  for (size_t r = 0; r < layout.rows.size(); ++r) {
    const int y = layout.row_top[r];
    if (r % 2 == 1) {
      absl::StrAppendFormat(
          out,
          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
          "fill=\"#f3f3f3\"/>\n",
          layout.left, y, kWidth - layout.left - kRight,
          layout.row_top[r + 1] - y);
    }
    // A collapsed row's label: its group, and how many nodes it holds.
    const int text_y = layout.collapsed ? (y + layout.row_top[r + 1]) / 2 - 2
                                        : y + kRowHeight - 5;
    absl::StrAppendFormat(out,
                          "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
                          "fill=\"%s\">%s</text>\n",
                          layout.left - 6, text_y, Colour(layout.rows[r].group),
                          XmlEscape(layout.rows[r].label));
    if (layout.collapsed) {
      absl::StrAppendFormat(out,
                            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
                            "fill=\"%s\">%s</text>\n",
                            layout.left - 6, text_y + 15,
                            Colour(layout.rows[r].group),
                            MembersLine(layout.members[r]));
    }
  }
}

// One bar per send, in its lane, labelled with its receiver when it fits,
// and a mark at its arrival on the receiver's row.
void DrawBars(const Chart& chart, const Layout& layout, const Scale& scale,
              std::string* out) {
  for (size_t i = 0; i < chart.bars.size(); ++i) {
    const ChartBar& bar = chart.bars[i];
    const double x0 = scale.x(bar.start);
    const double x1 = std::max(scale.x(bar.end), x0 + 1.0);
    const int y = layout.row_top[layout.row_of[bar.row]] +
                  static_cast<int>(layout.lane_of_bar[i]) * kRowHeight;
    absl::StrAppendFormat(
        out,
        "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" rx=\"2\" "
        "fill=\"%s\" fill-opacity=\"0.9\" stroke=\"#333\" "
        "stroke-width=\"0.5\"><title>%s</title></rect>\n",
        x0, y + 3, x1 - x0, kRowHeight - 6, Colour(bar.group),
        XmlEscape(absl::StrCat(chart.rows[bar.row].label, " ", bar.label, " [",
                               bar.start, ", ", bar.end, ")")));
    if (x1 - x0 >= 7.0 * bar.label.size()) {
      absl::StrAppendFormat(out,
                            "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" "
                            "fill=\"#fff\">%s</text>\n",
                            x0 + 3, y + kRowHeight - 6, XmlEscape(bar.label));
    }
    const int to_y = layout.row_top[layout.row_of[bar.to_row]];
    absl::StrAppendFormat(
        out, "<circle cx=\"%.1f\" cy=\"%d\" r=\"3\" fill=\"%s\"/>\n",
        scale.x(bar.end), to_y + kRowHeight / 2, Colour(bar.group));
  }
}

// Collapsed rows, a strip along the top: per group, the times when some
// node of it sends, as merged intervals (so the picture stays small however
// many sends there are), darker where more sends overlap.
void DrawSendStrips(const Chart& chart, const Layout& layout,
                    const Scale& scale, std::string* out) {
  struct Span {
    uint64_t start, end, sends;
  };
  std::vector<std::vector<std::pair<uint64_t, uint64_t>>> by_row(
      layout.rows.size());
  for (const ChartBar& bar : chart.bars) {
    by_row[layout.row_of[bar.row]].emplace_back(bar.start, bar.end);
  }
  for (size_t r = 0; r < by_row.size(); ++r) {
    std::sort(by_row[r].begin(), by_row[r].end());
    std::vector<Span> spans;
    uint64_t most = 1;
    for (const auto& [start, end] : by_row[r]) {
      if (spans.empty() || start > spans.back().end) {
        spans.push_back({start, end, 0});
      }
      spans.back().end = std::max(spans.back().end, end);
      most = std::max(most, ++spans.back().sends);
    }
    for (const Span& span : spans) {
      const double x0 = scale.x(span.start);
      const double x1 = std::max(scale.x(span.end), x0 + 1.0);
      absl::StrAppendFormat(
          out,
          "<rect class=\"sends\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
          "height=\"%d\" fill=\"%s\" fill-opacity=\"%.2f\"><title>%s"
          "</title></rect>\n",
          x0, layout.row_top[r] + 2, x1 - x0, kSendStripHeight,
          Colour(layout.rows[r].group),
          0.35 + 0.6 * static_cast<double>(span.sends) / most,
          XmlEscape(absl::StrCat(layout.rows[r].label, ": ", span.sends,
                                 " sends in [", span.start, ", ", span.end,
                                 ")")));
    }
  }
}

// Ticks per histogram bin: at most kMaxBins bins over the time axis.
uint64_t BinWidth(uint64_t span) {
  return std::max<uint64_t>(1, span / kMaxBins + (span % kMaxBins != 0));
}

// Arrivals binned for the histograms of collapsed rows: bin b holds the
// arrivals in (b * width, (b + 1) * width] (bin 0 also those at 0), so
// that a bar ends where its arrivals do, as a send's bar does.
struct ArrivalBins {
  uint64_t width = 1;
  std::vector<std::vector<uint64_t>> count;  // [drawn row][bin]
  std::vector<uint64_t> total;               // [drawn row]
};

ArrivalBins BinArrivals(const Chart& chart, const Layout& layout,
                        uint64_t span) {
  ArrivalBins bins;
  bins.width = BinWidth(span);
  const uint64_t bin_count = (span - 1) / bins.width + 1;
  bins.count.assign(layout.rows.size(), std::vector<uint64_t>(bin_count, 0));
  bins.total.assign(layout.rows.size(), 0);
  for (const ChartBar& bar : chart.bars) {
    const size_t row = layout.row_of[bar.to_row];
    ++bins.count[row][bar.end == 0 ? 0 : (bar.end - 1) / bins.width];
    ++bins.total[row];
  }
  return bins;
}

// One collapsed row's histogram: a bar per bin with arrivals, as tall as
// its count against the row's largest bin, and a grey line that climbs to
// the top by the time every arrival of the group is in.
void DrawHistogram(const ArrivalBins& bins, size_t r, const Layout& layout,
                   const Scale& scale, const std::string& unit,
                   std::string* out) {
  const std::vector<uint64_t>& count = bins.count[r];
  const uint64_t most = *std::max_element(count.begin(), count.end());
  if (most == 0) return;
  const int base = layout.row_top[r + 1] - 3;
  const int height = kCollapsedRowHeight - kSendStripHeight - 8;
  std::string line = absl::StrFormat("%.1f,%d", scale.x(0), base);
  uint64_t reached = 0;
  for (uint64_t b = 0; b < count.size(); ++b) {
    if (count[b] == 0) continue;
    const uint64_t from = b * bins.width;
    const uint64_t to = std::min(from + bins.width, scale.span);
    const double x0 = scale.x(from);
    const double x1 = std::max(scale.x(to), x0 + 1.0);
    const int bar = std::max(
        1, static_cast<int>(height * static_cast<double>(count[b]) / most));
    absl::StrAppendFormat(
        out,
        "<rect class=\"arrivals\" data-group=\"%d\" data-from=\"%d\" "
        "data-to=\"%d\" data-count=\"%d\" x=\"%.1f\" y=\"%d\" "
        "width=\"%.1f\" height=\"%d\" fill=\"%s\" stroke=\"#fff\" "
        "stroke-width=\"0.5\"><title>%s</title></rect>\n",
        layout.rows[r].group, from, to, count[b], x0, base - bar, x1 - x0, bar,
        Colour(layout.rows[r].group),
        XmlEscape(absl::StrCat(layout.rows[r].label, ": ", count[b],
                               count[b] == 1 ? " arrival " : " arrivals ",
                               bins.width == 1
                                   ? absl::StrCat("at ", to)
                                   : absl::StrCat("in (", from, ", ", to, "]"),
                               " ", unit)));
    const int before =
        base -
        static_cast<int>(height * static_cast<double>(reached) / bins.total[r]);
    reached += count[b];
    const int after =
        base -
        static_cast<int>(height * static_cast<double>(reached) / bins.total[r]);
    absl::StrAppendFormat(&line, " %.1f,%d %.1f,%d", x1, before, x1, after);
  }
  absl::StrAppendFormat(&line, " %.1f,%d", scale.x(scale.span), base - height);
  absl::StrAppendFormat(out,
                        "<polyline class=\"arrived-share\" points=\"%s\" "
                        "fill=\"none\" stroke=\"#444\" "
                        "stroke-width=\"1.5\"/>\n",
                        line);
}

// Collapsed rows: when each group sends (a strip) and when its nodes are
// reached (a histogram).
void DrawCollapsedRows(const Chart& chart, const Layout& layout,
                       const Scale& scale, std::string* out) {
  DrawSendStrips(chart, layout, scale, out);
  const ArrivalBins bins = BinArrivals(chart, layout, scale.span);
  for (size_t r = 0; r < layout.rows.size(); ++r) {
    DrawHistogram(bins, r, layout, scale, chart.unit, out);
  }
}

void DrawAxis(const Scale& scale, int bottom, const std::string& unit,
              std::string* out) {
  absl::StrAppendFormat(out,
                        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                        "stroke=\"#000\"/>\n",
                        scale.left, bottom, kWidth - kRight, bottom);
  const uint64_t step = AxisStep(scale.span);
  for (uint64_t t = 0; t <= scale.span; t += step) {
    absl::StrAppendFormat(out,
                          "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                          "stroke=\"#000\"/><text x=\"%.1f\" y=\"%d\" "
                          "text-anchor=\"middle\">%d</text>\n",
                          scale.x(t), bottom, scale.x(t), bottom + 5,
                          scale.x(t), bottom + 18, t);
    if (t > UINT64_MAX - step) break;
  }
  absl::StrAppendFormat(out,
                        "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time "
                        "(%s)</text>\n",
                        (scale.left + kWidth - kRight) / 2, bottom + 34,
                        XmlEscape(unit));
}

// A vertical line across the rows at `t`, labelled above them.
struct Mark {
  const char* name;  // The line's class, for programs reading the SVG.
  const char* colour;
  const char* dash;
  int width;
  int label_y;
};

void DrawMark(const Scale& scale, uint64_t t, int bottom, const Mark& mark,
              const std::string& label, std::string* out) {
  absl::StrAppendFormat(out,
                        "<line class=\"%s\" x1=\"%.1f\" y1=\"%d\" "
                        "x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                        "stroke-width=\"%d\" stroke-dasharray=\"%s\"/>"
                        "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" "
                        "fill=\"%s\">%s</text>\n",
                        mark.name, scale.x(t), kTop - 4, scale.x(t), bottom,
                        mark.colour, mark.width, mark.dash, scale.x(t) - 3,
                        mark.label_y, mark.colour, XmlEscape(label));
}

// The completion line, then the lower bound's dashes over it: when the two
// are equal (an optimal schedule) the bound's dashes show on a wider
// completion line instead of vanishing under it.
void DrawMarks(const Chart& chart, const Scale& scale, int bottom,
               std::string* out) {
  const bool met = chart.lower_bound && *chart.lower_bound == chart.completion;
  DrawMark(scale, chart.completion, bottom,
           {"completion", "#c00", "none", met ? 5 : 2, kTop - 8},
           chart.completion_label, out);
  if (chart.lower_bound) {
    DrawMark(scale, *chart.lower_bound, bottom,
             {"lower-bound", "#06c", "5,3", 2, kTop - 22},
             chart.lower_bound_label, out);
  }
}

void DrawLegend(const Chart& chart, const Layout& layout, int top,
                std::string* out) {
  const int left = layout.left;
  const bool collapsed = layout.collapsed;
  int y = top;
  for (size_t g = 0; g < chart.groups.size(); ++g, y += kLegendLine) {
    absl::StrAppendFormat(out,
                          "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" "
                          "fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>\n",
                          left, y, Colour(g), left + 20, y + 10,
                          XmlEscape(chart.groups[g]));
  }
  absl::StrAppendFormat(out,
                        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                        "stroke=\"#c00\" stroke-width=\"2\"/><text x=\"%d\" "
                        "y=\"%d\">%s</text>\n",
                        left, y + 5, left + 14, y + 5, left + 20, y + 10,
                        XmlEscape(chart.completion_legend));
  y += kLegendLine;
  if (chart.lower_bound) {
    const bool met = *chart.lower_bound == chart.completion;
    absl::StrAppendFormat(
        out,
        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#06c\" "
        "stroke-width=\"2\" stroke-dasharray=\"5,3\"/><text x=\"%d\" "
        "y=\"%d\">lower bound (no schedule completes earlier)%s</text>\n",
        left, y + 5, left + 14, y + 5, left + 20, y + 10,
        met ? ": met by the completion time, so this schedule is optimal" : "");
    y += kLegendLine;
  }
  if (collapsed) {
    const uint64_t width = BinWidth(TimeSpan(chart));
    const std::string lines[] = {
        absl::StrFormat("%d nodes: more than %d rows, so each group is one "
                        "row:",
                        chart.rows.size(), kMaxChartRows),
        absl::StrCat("its bars count the arrivals at its nodes ",
                     width == 1 ? std::string("at each time step")
                                : absl::StrCat("per ", width, " ", chart.unit),
                     " (the tallest: the most), the grey line climbs to the "
                     "top as they all arrive;"),
        "the strip along its top: when its nodes send (darker: more at once)."};
    for (const std::string& line : lines) {
      absl::StrAppendFormat(out,
                            "<text x=\"%d\" y=\"%d\" "
                            "font-style=\"italic\">%s</text>\n",
                            left, y + 10, XmlEscape(line));
      y += kLegendLine;
    }
  }
}

}  // namespace

std::string XmlEscape(const std::string& text) {
  std::string out;
  for (const char c : ValidUtf8(text)) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 allows no control characters but tab, newline, return.
        out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
  }
  return out;
}

std::vector<size_t> BarLanes(const Chart& chart) {
  return LayOut(chart).lane_of_bar;
}

SvgSize GanttSize(const Chart& chart) {
  const Layout layout = LayOut(chart);
  return {kWidth, layout.row_top.back() + kAxisHeight + 10 +
                      LegendHeight(chart, layout.collapsed)};
}

std::string GanttSvg(const Chart& chart) {
  const Layout layout = LayOut(chart);
  const SvgSize size = GanttSize(chart);
  const Scale scale = {TimeSpan(chart), layout.left};
  const int bottom = layout.row_top.back();
  std::string out = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
      "<text x=\"%d\" y=\"20\" font-size=\"15\" "
      "font-weight=\"bold\">%s</text>\n"
      "<text x=\"%d\" y=\"38\">%s</text>\n",
      size.width, size.height, size.width, size.height, layout.left,
      XmlEscape(chart.title), layout.left, XmlEscape(chart.subtitle));
  DrawRows(layout, &out);
  if (layout.collapsed) {
    DrawCollapsedRows(chart, layout, scale, &out);
  } else {
    DrawBars(chart, layout, scale, &out);
  }
  DrawAxis(scale, bottom, chart.unit, &out);
  DrawMarks(chart, scale, bottom, &out);
  DrawLegend(chart, layout, bottom + kAxisHeight + 10, &out);
  out += "</svg>\n";
  return out;
}

}  // namespace hetcast
