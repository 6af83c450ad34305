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
constexpr int kLeft = 140;  // Row labels.
constexpr int kRight = 30;
constexpr int kTop = 56;  // Title and the lines' labels.
constexpr int kRowHeight = 18;
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
};

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
    y += kRowHeight * static_cast<int>(std::max<size_t>(row.count, 1));
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
    return layout;
  }
  std::vector<size_t> counts(chart.groups.size(), 0);
  for (const ChartRow& row : chart.rows) ++counts[row.group];
  std::vector<size_t> drawn(chart.groups.size(), SIZE_MAX);
  for (size_t g = 0; g < chart.groups.size(); ++g) {
    if (counts[g] == 0) continue;
    drawn[g] = layout.rows.size();
    layout.rows.push_back(
        {absl::StrCat(chart.groups[g], " (", counts[g], ")"), g});
  }
  for (const ChartRow& row : chart.rows)
    layout.row_of.push_back(drawn[row.group]);
  AssignLanes(chart, &layout);
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

struct Scale {
  uint64_t span;
  double x(uint64_t t) const {
    return kLeft + (kWidth - kLeft - kRight) *
                       (static_cast<double>(t) / static_cast<double>(span));
  }
};

int LegendHeight(const Chart& chart, bool collapsed) {
  return kLegendLine *
         static_cast<int>(chart.groups.size() + 2 + (collapsed ? 1 : 0));
}

void DrawRows(const Layout& layout, std::string* out) {
  for (size_t r = 0; r < layout.rows.size(); ++r) {
    const int y = layout.row_top[r];
    if (r % 2 == 1) {
      absl::StrAppendFormat(
          out,
          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
          "fill=\"#f3f3f3\"/>\n",
          kLeft, y, kWidth - kLeft - kRight, layout.row_top[r + 1] - y);
    }
    absl::StrAppendFormat(out,
                          "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
                          "fill=\"%s\">%s</text>\n",
                          kLeft - 6, y + kRowHeight - 5,
                          Colour(layout.rows[r].group),
                          XmlEscape(layout.rows[r].label));
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

// Collapsed rows: per group, the times when some node of it sends, as
// merged intervals (so the picture stays small however many sends there
// are), darker where more sends overlap.
void DrawMergedBars(const Chart& chart, const Layout& layout,
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
          "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
          "fill=\"%s\" fill-opacity=\"%.2f\" stroke=\"#333\" "
          "stroke-width=\"0.5\"><title>%s</title></rect>\n",
          x0, layout.row_top[r] + 3, x1 - x0, kRowHeight - 6,
          Colour(layout.rows[r].group),
          0.35 + 0.6 * static_cast<double>(span.sends) / most,
          XmlEscape(absl::StrCat(layout.rows[r].label, ": ", span.sends,
                                 " sends in [", span.start, ", ", span.end,
                                 ")")));
    }
  }
}

void DrawAxis(const Scale& scale, int bottom, const std::string& unit,
              std::string* out) {
  absl::StrAppendFormat(out,
                        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                        "stroke=\"#000\"/>\n",
                        kLeft, bottom, kWidth - kRight, bottom);
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
                        (kLeft + kWidth - kRight) / 2, bottom + 34,
                        XmlEscape(unit));
}

// A vertical line across the rows at `t`, labelled above them.
void DrawMark(const Scale& scale, uint64_t t, int bottom, const char* colour,
              const char* dash, int label_y, const std::string& label,
              std::string* out) {
  absl::StrAppendFormat(out,
                        "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                        "stroke=\"%s\" stroke-width=\"2\" "
                        "stroke-dasharray=\"%s\"/><text x=\"%.1f\" y=\"%d\" "
                        "text-anchor=\"end\" fill=\"%s\">%s</text>\n",
                        scale.x(t), kTop - 4, scale.x(t), bottom, colour, dash,
                        scale.x(t) - 3, label_y, colour, XmlEscape(label));
}

void DrawLegend(const Chart& chart, bool collapsed, int top, std::string* out) {
  int y = top;
  for (size_t g = 0; g < chart.groups.size(); ++g, y += kLegendLine) {
    absl::StrAppendFormat(out,
                          "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"10\" "
                          "fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>\n",
                          kLeft, y, Colour(g), kLeft + 20, y + 10,
                          XmlEscape(chart.groups[g]));
  }
  absl::StrAppendFormat(out,
                        "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                        "stroke=\"#c00\" stroke-width=\"2\"/><text x=\"%d\" "
                        "y=\"%d\">%s</text>\n",
                        kLeft, y + 5, kLeft + 14, y + 5, kLeft + 20, y + 10,
                        XmlEscape(chart.completion_legend));
  y += kLegendLine;
  if (chart.lower_bound) {
    absl::StrAppendFormat(out,
                          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                          "stroke=\"#06c\" stroke-width=\"2\" "
                          "stroke-dasharray=\"5,3\"/><text x=\"%d\" "
                          "y=\"%d\">lower bound (no schedule completes "
                          "earlier)</text>\n",
                          kLeft, y + 5, kLeft + 14, y + 5, kLeft + 20, y + 10);
  }
  if (collapsed) {
    absl::StrAppendFormat(
        out,
        "<text x=\"%d\" y=\"%d\" font-style=\"italic\">%d "
        "nodes: more than %d rows, so each group is one row "
        "(when its nodes send; darker: more at once)</text>\n",
        kLeft, y + kLegendLine + 10, chart.rows.size(), kMaxChartRows);
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
  const Scale scale = {TimeSpan(chart)};
  const int bottom = layout.row_top.back();
  std::string out = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
      "<text x=\"%d\" y=\"20\" font-size=\"15\" "
      "font-weight=\"bold\">%s</text>\n",
      size.width, size.height, size.width, size.height, kLeft,
      XmlEscape(chart.title));
  DrawRows(layout, &out);
  if (layout.collapsed) {
    DrawMergedBars(chart, layout, scale, &out);
  } else {
    DrawBars(chart, layout, scale, &out);
  }
  DrawAxis(scale, bottom, chart.unit, &out);
  if (chart.lower_bound) {
    DrawMark(scale, *chart.lower_bound, bottom, "#06c", "5,3", kTop - 22,
             chart.lower_bound_label, &out);
  }
  DrawMark(scale, chart.completion, bottom, "#c00", "none", kTop - 8,
           chart.completion_label, &out);
  DrawLegend(chart, layout.collapsed, bottom + kAxisHeight + 10, &out);
  out += "</svg>\n";
  return out;
}

}  // namespace hetcast
