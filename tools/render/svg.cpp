#include "tools/render/svg.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

namespace tiaoqi::render {
namespace {

constexpr double kRowHeight = 0.8660254037844386;  // sqrt(3) / 2
// Opposite arms get complementary colours, as on the usual boards.
constexpr std::array<const char*, kArmies> kColours = {"#d7263d", "#f08a24", "#e8c21a",
                                                       "#2e9e44", "#1f5fbf", "#8e44ad"};
constexpr std::array<const char*, kArmies> kDarkColours = {"#7a1020", "#8a4a0c", "#86700a",
                                                           "#175526", "#0f3270", "#4e2360"};

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

struct Frame {
  double margin = 0, top = 0, half_width = 0, half_height = 0;
};

Frame frame_of(int arm_size, const SvgStyle& style) {
  const Geometry& geometry = Geometry::of(arm_size);
  Frame frame;
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const Cube c = geometry.cube(static_cast<Hole>(h));
    frame.half_width = std::max(frame.half_width, std::abs(2 * c.x + c.y) * style.spacing / 2);
    frame.half_height = std::max(frame.half_height, std::abs(c.y) * style.spacing * kRowHeight);
  }
  // The rank numbers stand in a column left of the board.
  frame.margin = style.spacing * (style.coordinates ? 1.8 : 1.45);
  frame.top = style.spacing * 1.0;  // room for the caption
  return frame;
}

Point centre_of(const Frame& frame) {
  return {frame.margin + frame.half_width, frame.top + frame.margin + frame.half_height};
}

// A legend line's height, and the legend's.
double legend_line(const SvgStyle& style) { return style.spacing * 0.6; }
double legend_height(const std::vector<LegendEntry>& legend, const SvgStyle& style) {
  return legend.empty() ? 0 : legend_line(style) * (static_cast<double>(legend.size()) + 0.5);
}

// Screen position of cube coordinates (x, y), on the board or off it.
Point cube_point(const Frame& frame, int x, int y, const SvgStyle& style) {
  const Point centre = centre_of(frame);
  return {centre.x + (2 * x + y) * style.spacing / 2, centre.y - y * style.spacing * kRowHeight};
}

std::string label(const Point& p, const std::string& text, const SvgStyle& style) {
  return "<text class=\"coordinate\" x=\"" + number(p.x) + "\" y=\"" +
         number(p.y + style.spacing * 0.11) + "\" font-size=\"" + number(style.spacing * 0.32) +
         "\" text-anchor=\"middle\" fill=\"#5a4a3a\" font-family=\"sans-serif\">" + text +
         "</text>\n";
}

// Rank numbers in a column left of the board, level with their ranks;
// file letters a little below each file's lowest hole, along the file (a
// file runs up and to the right). Both stand off the board, clear of
// every hole.
std::string coordinates_layer(const Geometry& geometry, const Frame& frame, const SvgStyle& style) {
  const double s = style.spacing;
  const Point centre = centre_of(frame);
  std::string out = "<g class=\"coordinates\">\n";
  const int ranks = 4 * geometry.arm_size() + 1;
  for (int rank = 1; rank <= ranks; ++rank) {
    const Cube first = geometry.cube(geometry.rank_first(rank));
    const Point row = cube_point(frame, first.x, first.y, style);
    out += label({centre.x - frame.half_width - 1.1 * s, row.y}, std::to_string(rank), style);
  }
  std::map<int, std::pair<int, std::string>> files;  // x: lowest y, letter
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const Cube c = geometry.cube(static_cast<Hole>(h));
    auto [at, added] = files.try_emplace(c.x, c.y, "");
    if (added || c.y < at->second.first) {
      const std::string name = geometry.name(static_cast<Hole>(h));
      at->second = {c.y, name.substr(0, name.find_first_of("0123456789"))};
    }
  }
  for (const auto& [x, lowest] : files) {
    const Point end = cube_point(frame, x, lowest.first, style);
    out += label({end.x - 0.42 * s, end.y + 0.74 * s}, lowest.second, style);
  }
  return out + "</g>\n";
}

// Pushes a convex polygon's edges out by `pad` (an equilateral triangle or
// regular shape, about its centroid).
std::vector<Point> padded(const std::vector<Point>& corners, double pad) {
  Point centroid;
  for (const auto& p : corners) {
    centroid.x += p.x / static_cast<double>(corners.size());
    centroid.y += p.y / static_cast<double>(corners.size());
  }
  const Point& a = corners[0];
  const Point& b = corners[1];
  const double inradius = std::hypot((a.x + b.x) / 2 - centroid.x, (a.y + b.y) / 2 - centroid.y);
  const double scale = (inradius + pad) / std::max(inradius, 1e-9);
  std::vector<Point> out;
  for (const auto& p : corners)
    out.push_back(
        {centroid.x + (p.x - centroid.x) * scale, centroid.y + (p.y - centroid.y) * scale});
  return out;
}

std::string polygon(const std::vector<Point>& points, const std::string& attributes) {
  std::string text = "<polygon points=\"";
  for (std::size_t i = 0; i < points.size(); ++i)
    text += (i ? " " : "") + number(points[i].x) + "," + number(points[i].y);
  return text + "\" " + attributes + "/>\n";
}

}  // namespace

std::string army_colour(int army) { return kColours[static_cast<std::size_t>(army)]; }

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

Point hole_point(const Geometry& geometry, Hole hole, const SvgStyle& style) {
  const Cube c = geometry.cube(hole);
  return cube_point(frame_of(geometry.arm_size(), style), c.x, c.y, style);
}

std::string board_layer(int arm_size, const SvgStyle& style) {
  const Geometry& geometry = Geometry::of(arm_size);
  const double s = style.spacing;
  std::string out = "<g class=\"board\">\n";
  // The star is two big triangles through the arm tips.
  for (const auto& tips : {std::array<int, 3>{3, 1, 5}, std::array<int, 3>{0, 2, 4}}) {
    std::vector<Point> corners;
    for (int arm : tips) corners.push_back(hole_point(geometry, geometry.tip(arm), style));
    out += polygon(padded(corners, s * 0.62),
                   "fill=\"#f2dfb6\" stroke=\"#9c7a45\" stroke-width=\"2\" "
                   "stroke-linejoin=\"round\"");
  }
  // Each arm tinted in the colour of the army that starts there.
  for (int arm = 0; arm < kArmies; ++arm) {
    std::vector<Hole> holes;
    for (int h : geometry.arm(arm)) holes.push_back(static_cast<Hole>(h));
    Point centroid;
    for (Hole h : holes) {
      const Point p = hole_point(geometry, h, style);
      centroid.x += p.x / static_cast<double>(holes.size());
      centroid.y += p.y / static_cast<double>(holes.size());
    }
    std::sort(holes.begin(), holes.end(), [&](Hole a, Hole b) {
      const Point pa = hole_point(geometry, a, style), pb = hole_point(geometry, b, style);
      return std::hypot(pa.x - centroid.x, pa.y - centroid.y) >
             std::hypot(pb.x - centroid.x, pb.y - centroid.y);
    });
    std::vector<Point> corners;
    for (int k = 0; k < 3; ++k) corners.push_back(hole_point(geometry, holes[k], style));
    out += polygon(padded(corners, s * 0.45),
                   "class=\"arm\" fill=\"" + army_colour(arm) +
                       "\" fill-opacity=\"0.42\" stroke=\"" + army_colour(arm) +
                       "\" stroke-opacity=\"0.6\" stroke-width=\"1.5\" stroke-linejoin=\"round\"");
  }
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const Point p = hole_point(geometry, static_cast<Hole>(h), style);
    out += "<circle class=\"hole\" cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) + "\" r=\"" +
           number(s * 0.16) + "\" fill=\"#6b5232\"/>\n";
  }
  if (style.coordinates) out += coordinates_layer(geometry, frame_of(arm_size, style), style);
  return out + "</g>\n";
}

std::string legend_layer(const std::vector<LegendEntry>& legend, int arm_size,
                         const SvgStyle& style) {
  if (legend.empty()) return "";
  const Frame frame = frame_of(arm_size, style);
  const double s = style.spacing;
  const double top = frame.top + 2 * (frame.margin + frame.half_height);
  std::string out = "<g class=\"legend\">\n";
  for (std::size_t i = 0; i < legend.size(); ++i) {
    const double y = top + legend_line(style) * (static_cast<double>(i) + 0.5);
    double x = frame.margin;
    for (int army : legend[i].armies) {
      out += "<circle class=\"legend-army\" cx=\"" + number(x) + "\" cy=\"" + number(y) +
             "\" r=\"" + number(s * 0.2) + "\" fill=\"" + army_colour(army) + "\" stroke=\"" +
             kDarkColours[static_cast<std::size_t>(army)] + "\" stroke-width=\"1.5\"/>\n";
      x += s * 0.5;
    }
    out += "<text class=\"legend-text\" x=\"" + number(x) + "\" y=\"" + number(y + s * 0.11) +
           "\" font-size=\"" + number(s * 0.32) + "\" fill=\"#333\" font-family=\"sans-serif\">" +
           xml_escape(legend[i].text) + "</text>\n";
  }
  return out + "</g>\n";
}

std::string pieces_layer(const BoardView& view, const SvgStyle& style) {
  const Geometry& geometry = Geometry::of(view.arm_size);
  const double s = style.spacing;
  std::string out = "<g class=\"pieces\">\n";
  for (const Piece& piece : view.pieces) {
    const Point p = hole_point(geometry, piece.hole, style);
    const auto army = static_cast<std::size_t>(piece.army);
    out += "<circle class=\"piece\" cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) + "\" r=\"" +
           number(s * 0.38) + "\" fill=\"" + kColours[army] + "\" stroke=\"" + kDarkColours[army] +
           "\" stroke-width=\"2\"/>\n";
    // A highlight makes the pieces read as marbles.
    out += "<circle cx=\"" + number(p.x - s * 0.11) + "\" cy=\"" + number(p.y - s * 0.12) +
           "\" r=\"" + number(s * 0.11) + "\" fill=\"#ffffff\" fill-opacity=\"0.45\"/>\n";
    if (piece.dragon)
      out += "<circle class=\"dragon\" cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) + "\" r=\"" +
             number(s * 0.46) +
             "\" fill=\"none\" stroke=\"#111\" stroke-width=\"2.5\" stroke-dasharray=\"4 2\"/>\n"
             "<text x=\"" +
             number(p.x) + "\" y=\"" + number(p.y + s * 0.13) + "\" font-size=\"" +
             number(s * 0.36) +
             "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\" "
             "font-family=\"sans-serif\">D</text>\n";
  }
  if (view.captured != kNoHole) {
    // A cross over the hole where the last move took a piece.
    const Point p = hole_point(geometry, view.captured, style);
    const double r = s * 0.5;
    out += "<path class=\"capture\" d=\"M" + number(p.x - r) + "," + number(p.y - r) + " L" +
           number(p.x + r) + "," + number(p.y + r) + " M" + number(p.x - r) + "," +
           number(p.y + r) + " L" + number(p.x + r) + "," + number(p.y - r) +
           "\" stroke=\"#c0001a\" stroke-width=\"" + number(s * 0.09) +
           "\" stroke-linecap=\"round\" stroke-opacity=\"0.8\"/>\n";
  }
  if (view.last_path.size() >= 2) {
    const std::string colour = "#202020";
    std::string points;
    for (Hole h : view.last_path) {
      const Point p = hole_point(geometry, h, style);
      points += (points.empty() ? "" : " ") + number(p.x) + "," + number(p.y);
    }
    // Start ring and a dot on every landing, then the arrow over them.
    const Point start = hole_point(geometry, view.last_path.front(), style);
    out += "<circle class=\"from\" cx=\"" + number(start.x) + "\" cy=\"" + number(start.y) +
           "\" r=\"" + number(s * 0.3) + "\" fill=\"none\" stroke=\"" + colour +
           "\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>\n";
    for (std::size_t i = 1; i + 1 < view.last_path.size(); ++i) {
      const Point p = hole_point(geometry, view.last_path[i], style);
      out += "<circle class=\"landing\" cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) +
             "\" r=\"" + number(s * 0.09) + "\" fill=\"" + colour + "\"/>\n";
    }
    out += "<polyline class=\"last-move\" points=\"" + points + "\" fill=\"none\" stroke=\"" +
           colour + "\" stroke-opacity=\"0.85\" stroke-width=\"" + number(s * 0.1) +
           "\" stroke-linejoin=\"round\" stroke-linecap=\"round\" marker-end=\"url(#arrow)\"/>\n";
  }
  return out + "</g>\n";
}

BoardLayers layers(const BoardView& view, const SvgStyle& style) {
  const Frame frame = frame_of(view.arm_size, style);
  BoardLayers result;
  result.width = 2 * (frame.margin + frame.half_width);
  result.height =
      2 * (frame.margin + frame.half_height) + frame.top + legend_height(view.legend, style);
  result.defs =
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" "
      "markerWidth=\"4\" markerHeight=\"4\" orient=\"auto-start-reverse\">"
      "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#202020\"/></marker></defs>\n";
  result.board =
      board_layer(view.arm_size, style) + legend_layer(view.legend, view.arm_size, style);
  result.pieces = pieces_layer(view, style);
  return result;
}

std::string caption_text(const BoardView& view, const SvgStyle& style, double width) {
  std::string text;
  // Long captions (position strings) shrink to fit: a sans-serif glyph is
  // about 0.6 em wide on average.
  const double fitting = 0.95 * width / (0.6 * std::max<std::size_t>(view.caption.size(), 1));
  const double font_size = std::min(style.spacing * 0.38, fitting);
  if (!view.caption.empty())
    text += "<text class=\"caption\" x=\"" + number(width / 2) + "\" y=\"" +
            number(style.spacing * 0.8) + "\" font-size=\"" + number(font_size) +
            "\" text-anchor=\"middle\" fill=\"#333\" font-family=\"sans-serif\">" +
            xml_escape(view.caption) + "</text>\n";
  return text;
}

std::string render_svg(const BoardView& view, const SvgStyle& style) {
  const BoardLayers parts = layers(view, style);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         number(parts.width) + "\" height=\"" + number(parts.height) + "\" viewBox=\"0 0 " +
         number(parts.width) + " " + number(parts.height) + "\">\n" + parts.defs +
         "<rect width=\"100%\" height=\"100%\" fill=\"#fbf8f1\"/>\n" +
         caption_text(view, style, parts.width) + parts.board + parts.pieces + "</svg>\n";
}

}  // namespace tiaoqi::render
