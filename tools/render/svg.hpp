#pragma once

#include <string>
#include <vector>

#include "tools/render/board_view.hpp"

namespace tiaoqi::render {

struct SvgStyle {
  double spacing = 36;  // pixels between neighbouring holes
  // Rank numbers left of each rank and file letters below each file, on
  // the free points around the board, never under a piece.
  bool coordinates = false;
};

// The range of --size: smaller boards cannot be read, larger ones are a
// typo (a 121-hole board at 200 pixels is already 3000 pixels wide).
inline constexpr double kMinSpacing = 8;
inline constexpr double kMaxSpacing = 200;

// The picture is split in two layers so that the HTML game page can draw
// the board once and swap only the pieces from move to move.
struct BoardLayers {
  double width = 0, height = 0;
  std::string defs;    // arrowheads, gradients
  std::string board;   // star, coloured arms, holes, coordinates, legend
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
// The legend under the board: a disc of each army's colour and its text.
std::string legend_layer(const std::vector<LegendEntry>& legend, int arm_size,
                         const SvgStyle& style);
std::string pieces_layer(const BoardView& view, const SvgStyle& style);
BoardLayers layers(const BoardView& view, const SvgStyle& style);
// A complete standalone SVG document.
std::string render_svg(const BoardView& view, const SvgStyle& style);

std::string army_colour(int army);
std::string xml_escape(const std::string& text);

}  // namespace tiaoqi::render
