#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/position.hpp"
#include "engine/util/expected.hpp"

namespace tiaoqi::protocol::ccp {

// CCP numbers the 121 holes of the standard board from 0 to 120, row by row
// from the tip of the first player's home (our m1) to the far tip (e17),
// west to east within a row: the engine's own hole order, so a cell id is
// a Hole. docs/protocol.md ("CCP") has the table.
inline constexpr int kCellCount = 121;

// The move's whole path in cell ids, "58-56-34-12": a shortest chain, the
// path the engine writes in its own notation too.
std::string path_text(const Position& position, Move move);

// The board as CCP's 121 characters: '.' empty, '0' the first player's
// pieces (army a), '1' the second player's (army d).
std::string cells_text(const Position& position);

// `position cells <cells> player <0|1> ply <N>` as the engine's position
// string ("... 1 a/d 12"); every field is checked, and the message of a
// refusal names the field, what it expected and what arrived.
Expected<std::string> position_string_of(std::string_view cells, std::string_view player,
                                         std::string_view ply);

// A move as CCP writes it, "58-56-34" (or its two ends), as hole names
// joined for the engine's move parser ("i5k5i7"); any path of two or more
// cell ids from 0 to 120 is read, its legality is the parser's business.
Expected<std::string> move_of(std::string_view text);

}  // namespace tiaoqi::protocol::ccp
