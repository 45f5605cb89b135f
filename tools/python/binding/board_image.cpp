#include "tools/python/binding/board_image.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "protocol/board_text.hpp"
#include "tools/render/svg.hpp"

namespace tiaoqi::python {
namespace {

using Colour = std::array<std::uint8_t, 3>;

constexpr Colour kBackground = {242, 223, 182};
constexpr Colour kHole = {156, 122, 69};

// "#rrggbb", as the renderer writes its colours.
Colour colour_of(const std::string& hex) {
  Colour colour{};
  for (int i = 0; i < 3; ++i)
    colour[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(
        std::stoi(hex.substr(1 + 2 * static_cast<std::size_t>(i), 2), nullptr, 16));
  return colour;
}

}  // namespace

std::string board_text(const Position& position) {
  std::string text;
  for (const std::string& line : protocol::board_picture(position)) text += line + "\n";
  return text;
}

py::array_t<std::uint8_t> board_image(const Position& position, int spacing) {
  if (spacing < render::kMinSpacing || spacing > render::kMaxSpacing)
    throw py::value_error("spacing must be " +
                          std::to_string(static_cast<int>(render::kMinSpacing)) + " to " +
                          std::to_string(static_cast<int>(render::kMaxSpacing)) + " pixels, got " +
                          std::to_string(spacing));
  const Geometry& geometry = position.geometry();
  render::SvgStyle style;
  style.spacing = spacing;
  std::vector<render::Point> points;
  double min_x = 1e9, min_y = 1e9, max_x = -1e9, max_y = -1e9;
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const render::Point p = render::hole_point(geometry, static_cast<Hole>(h), style);
    points.push_back(p);
    min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
    min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
  }
  // Half a spacing and a little more of margin around the outer holes.
  const double margin = spacing * 0.75;
  const int width = static_cast<int>(std::ceil(max_x - min_x + 2 * margin));
  const int height = static_cast<int>(std::ceil(max_y - min_y + 2 * margin));
  py::array_t<std::uint8_t> image({height, width, 3});
  std::uint8_t* pixels = image.mutable_data();
  for (int i = 0; i < width * height; ++i)
    std::copy(kBackground.begin(), kBackground.end(), pixels + 3 * i);
  const auto disc = [&](const render::Point& centre, double radius, const Colour& colour) {
    const double cx = centre.x - min_x + margin, cy = centre.y - min_y + margin;
    const int x0 = std::max(0, static_cast<int>(cx - radius));
    const int x1 = std::min(width - 1, static_cast<int>(cx + radius + 1));
    const int y0 = std::max(0, static_cast<int>(cy - radius));
    const int y1 = std::min(height - 1, static_cast<int>(cy + radius + 1));
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        if (std::hypot(x + 0.5 - cx, y + 0.5 - cy) <= radius)
          std::copy(colour.begin(), colour.end(), pixels + 3 * (y * width + x));
  };
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const int army = position.army_at(static_cast<Hole>(h));
    if (army < 0) {
      disc(points[static_cast<std::size_t>(h)], spacing * 0.15, kHole);
    } else {
      disc(points[static_cast<std::size_t>(h)], spacing * 0.4,
           colour_of(render::army_colour(army)));
      // A known dragon: a dark core.
      if (position.dragons().test(static_cast<Hole>(h)))
        disc(points[static_cast<std::size_t>(h)], spacing * 0.15, Colour{20, 20, 20});
    }
  }
  return image;
}

}  // namespace tiaoqi::python
