#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.hpp"
#include "engine/position.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::render {

struct Piece {
  Hole hole = kNoHole;
  int army = 0;
  bool dragon = false;
};

// Everything one picture shows: the board size, the pieces, the last
// move's path and a caption. Built from a position string (read here with
// the geometry alone, so dragons show even where the rules engine does not
// play the dragons variant) or from a replayed position.
struct BoardView {
  int arm_size = 4;
  std::vector<Piece> pieces;
  std::vector<Hole> last_path;
  int last_army = -1;  // colour of the arrow; -1 for neutral
  int side_to_move = -1;
  std::string caption;
};

Expected<BoardView> view_of_position_string(std::string_view text);
BoardView view_of_position(const Position& position);

}  // namespace tiaoqi::render
