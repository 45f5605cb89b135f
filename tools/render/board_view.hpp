#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.hpp"
#include "engine/position.hpp"
#include "engine/rules.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::render {

struct Piece {
  Hole hole = kNoHole;
  int army = 0;
  bool dragon = false;
};

// One line of the legend: a player's armies (their colours) and who plays
// them ("p1 alpha").
struct LegendEntry {
  std::vector<int> armies;
  std::string text;
};

// Everything one picture shows: the board size, the pieces, the last
// move's path, a caption and a legend. Built from a position string (read
// here with the geometry alone, so dragons show even where the rules
// engine does not play the dragons variant) or from a replayed position.
struct BoardView {
  int arm_size = 4;
  std::vector<Piece> pieces;
  std::vector<Hole> last_path;
  int last_army = -1;  // colour of the arrow; -1 for neutral
  // Dragons variant: the hole where the last move captured a piece.
  Hole captured = kNoHole;
  int side_to_move = -1;
  std::string caption;
  std::vector<LegendEntry> legend;
};

Expected<BoardView> view_of_position_string(std::string_view text);
BoardView view_of_position(const Position& position);

// The legend of a seating: one line per player, "p1" or "p1 <name>" when
// `names` has one, marked "(to move)" for `side_to_move` and "(out)" for
// the players of `eliminated`.
std::vector<LegendEntry> legend_of(const Seating& seating, const std::vector<std::string>& names,
                                   int side_to_move, const std::vector<bool>& eliminated = {});

// Checks that `path` is a legal last move leading to the position string
// `text` under `options`: its end holds the piece that moved, its start is
// empty (or, under the swap rule, holds the piece swapped there), and from
// the position with the piece back at its start, every hop is legal for
// the piece's player. The error says which.
Status check_last_move(std::string_view text, const std::vector<Hole>& path, RuleOptions options);

}  // namespace tiaoqi::render
