#pragma once

#include <string>

#include "tools/render/board_view.hpp"

namespace tiaoqi::render {

struct SvgStyle {
  double spacing = 36;  // pixels between neighbouring holes
  bool hole_names = false;
};

// The picture is split in two layers so that the HTML game page can draw
// the board once and swap only the pieces from move to move.
struct BoardLayers {
  double width = 0, height = 0;
  std::string defs;    // arrowheads, gradients
  std::string board;   // star, coloured arms, holes, optional names
  std::string pieces;  // pieces, dragon marks, last-move arrow
};

// Screen position of a hole: north up, rank 1 at the bottom, horizontal
// position 2x + y half-spacings from the centre line (docs/rules.md, "Hole
// names").
struct Point {
  double x = 0, y = 0;
};
Point hole_point(const Geometry& geometry, Hole hole, const SvgStyle& style);

std::string board_layer(int arm_size, const SvgStyle& style);
std::string pieces_layer(const BoardView& view, const SvgStyle& style);
BoardLayers layers(const BoardView& view, const SvgStyle& style);
// A complete standalone SVG document.
std::string render_svg(const BoardView& view, const SvgStyle& style);

std::string army_colour(int army);
std::string xml_escape(const std::string& text);

}  // namespace tiaoqi::render
