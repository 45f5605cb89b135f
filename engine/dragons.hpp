#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/notation.hpp"
#include "engine/position.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi {

// The dragons variant's hidden information, as whoever knows every dragon
// sees it (docs/rules.md, "The dragons variant"; the referee of docs/match.md,
// "Dragons", the Python tables and the bench's matches): where the dragons
// start, the marks of each move, what each player knows.

// The marks of a legal move of the side to move in `truth`, a position
// that knows every dragon: '*' when the moving piece is a dragon that ends
// in another player's home arm, '#' when the piece it captures is a dragon.
DragonMarks referee_marks(const Position& truth, Move move);

// Each player's dragon at the start, in turn order, read from hole names
// separated by spaces or commas ("m1 c11 l12", "m1,c11,l12"): one hole of
// each player's home, holding one of its pieces in `start`.
Expected<std::vector<Hole>> parse_dragons(const Position& start, std::string_view text);
// A dragon for each player, drawn from `seed`: a hole of its home, every
// hole as likely.
std::vector<Hole> draw_dragons(const Position& start, std::uint64_t seed);
// "m1 c11 l12", as parse_dragons reads it and the record's Dragons tag keeps it.
std::string dragons_text(const Geometry& geometry, const std::vector<Hole>& dragons);
// Marks the dragons on `position` (their holes at the start).
void place_dragons(Position& position, const std::vector<Hole>& dragons);

// The referee takes the side to move out of the game (a fault, a loss on
// time). In the dragons variant its pieces stay on the board and never move
// again, as when a player loses its dragon, and the game goes on (the last
// player with a dragon wins); in the other variants the player is
// eliminated as the rules eliminate a player without a move.
void eliminate_by_referee(Position& position);

// Players (a bit each) whose dragon has been revealed, after a move of
// `mover` with these marks.
std::uint8_t revealed_after(std::uint8_t revealed, int mover, DragonMarks marks);
// The position as `viewer` (0-based) knows it: its own dragon and the
// revealed ones, no other; viewer -1 knows everything.
Position view_for(const Position& truth, int viewer, std::uint8_t revealed);

}  // namespace tiaoqi
