#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi {

// The holes of the shortest chain (or the step) that plays a legal move,
// start and end included; among equally short chains the first found in
// direction order east, north-east, ... south-east.
std::vector<Hole> shortest_path(const Position& position, Move move);

// The full shortest path, holes written together: "k3k5i7g7".
std::string move_text(const Position& position, Move move);
// Start and end only: "k3g7".
std::string move_ends_text(const Geometry& geometry, Move move);

// What the referee appends to a move in the dragons variant: '*' the moving
// piece is a dragon and is now revealed, '#' the captured piece was a dragon.
struct DragonMarks {
  bool revealed = false;
  bool captured = false;
};
// The move text without its marks at the end ("i9g11*#" gives "i9g11").
std::string_view strip_dragon_marks(std::string_view text, DragonMarks& marks);
// The move text with its marks appended: "k3i5" and {revealed} give "k3i5*".
std::string marked_move(std::string_view text, DragonMarks marks);

// Parses a move of the side to move, given as start and end ("k3g7") or as a
// full path ("k3k5i7g7", "k3-k5-i7-g7"), and checks that it is legal; every
// hop of a full path is checked.
Expected<Move> parse_move(const Position& position, std::string_view text);

}  // namespace tiaoqi
